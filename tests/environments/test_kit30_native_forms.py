"""Answer fields written the way a French or Korean professional writes them (blind red teams kit30a/b: right forms at 0-0.8)."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace as NS

import pytest

from worldsmith.environments.forms import field_holds
from worldsmith.environments.tasks import Check


def _person(pid, first, last, name=None):
    return NS(id=pid, name=name or f"{first} {last}", first_name=first, last_name=last, email=f"{pid}@bank.example",
              organisation="bank", title="Manager", role=pid)


_WORLD = NS(plan=NS(facts=[], distractors=[], window_start=dt.date(2026, 8, 3), window_end=dt.date(2026, 12, 18),
                    people=[_person("a", "명자", "강", "강 명자"), _person("b", "광수", "강", "강 광수"),
                            _person("c", "Joséphine", "Leduc")],
                    organisations=[NS(id="bank", name="Bank")]))


def _holds(name, value, expect, said, world=_WORLD):
    check = Check(type="answer_field", a_words=[name], values=[value], expect=expect, b_words=["ko_KR"])
    return field_holds(f"{name}: {said}", check, world)


@pytest.mark.parametrize("value,expect,said,right", [
    ("USD 52,995,813.70", "amount", "52 995 813,70 USD", True),
    ("USD 52,995,813.70", "amount", "52\u202f995\u202f813,70 USD", True),
    ("USD 52,995,813.70", "amount", "52 995 813,07 USD", False),
    ("61.3%", "percent", "61,3 %", True),
    ("61.3%", "percent", "63,1 %", False),
    ("USD 59,040,000", "amount", "5,904만 달러", True),
    ("USD 59,040,000", "amount", "5,904만 원", False),
    ("USD 59,040,000", "amount", "5,094만 달러", False),
    ("196 days", "days", "196일", True),
    ("196 days", "days", "169일", False),
    ("12 months", "number", "12개월", True),
])
def test_a_figure_in_french_or_korean_forms_is_the_figure(value, expect, said, right):
    assert _holds("Figure", value, expect, said) is right


@pytest.mark.parametrize("said,right", [
    ("2026년 9월 15일", True), ("2026. 9. 15.", True), ("15 septembre 2026", True), ("2026年9月15日", True),
    ("Tuesday, 15 September 2026", True),
    # without the year the form asks (blind red team 34 called '24 March' wrong; kit30b had called it right)
    ("15 September", False), ("September 15th", False), ("Tuesday, 15 September", False), ("9월 15일", False),
    ("16 September", False), ("2026년 9월 16일", False), ("15 September 2025", False),
])
def test_a_date_in_native_forms_with_its_year(said, right):
    assert _holds("Day received", "2026-09-15", "date", said) is right


def test_a_date_without_a_year_is_no_date_where_the_window_spans_that_day_twice():
    wide = NS(plan=NS(**{**vars(_WORLD.plan), "window_start": dt.date(2025, 8, 1)}))
    assert _holds("Day received", "2026-09-15", "date", "2026-09-15", wide)
    assert not _holds("Day received", "2026-09-15", "date", "15 September", wide)


@pytest.mark.parametrize("said,who,right", [
    ("Kang Myung-ja", "강 명자", True), ("Gang Myeong-ja", "강 명자", True), ("Myung-ja Kang", "강 명자", True),
    ("Kang Kwang-soo", "강 광수", True), ("Kang Gwang-su", "강 광수", True),
    ("Kang Kwang-soo", "강 명자", False), ("Kim Myung-ja", "강 명자", False),
    ("Me Joséphine Leduc", "Joséphine Leduc", True), ("Me Leduc", "Joséphine Leduc", False),
])
def test_a_korean_name_in_latin_letters_and_a_french_title_name_their_person(said, who, right):
    assert _holds("Sender", who, "person", said) is right


@pytest.mark.parametrize("reply,right", [
    ("Bonjour Rémy,\n\nOui : la perte d'exploitation dépasse le budget.\n\nBien cordialement,", True),
    ("숙자 님,\n\n네, 현재 자료 기준으로 보증 최고 원금이 더 많습니다.\n\n강 명자 드림", True),
    ("Bonjour Rémy,\n\nNon : le budget est plus élevé.\n\nBien cordialement,", False),
    ("Oui et non.", False),
])
def test_a_reply_in_french_or_korean_answers_yes_or_no_in_its_own_words(reply, right):
    from worldsmith.environments.direction_said import says_direction

    check = Check(type="sent_direction", values=["yes"], a_words=["operating", "loss"], b_words=["budget"], expect="a>b")
    assert says_direction(reply, check) is right


_LABELS = ["repair cost on the tenant's reading", "repair cost on the landlord's reading",
           "service days claimed by the landlord", "service days accepted by the tenant"]
_MEMO = ("MEMORANDUM\nTo: Ann Lee\nFrom: Bo Chan\nDate: 28 October 2026\nRe: Repair cost\n1. Repair cost\n"
         "Yes. The repair cost on the tenant's reading is 196 days; on the landlord's it is 139 days.\n"
         "2. Service days\nNo. The service days accepted by the tenant (18 days) do not exceed those claimed by the "
         "landlord (75 days).")


def test_a_numbered_heading_without_its_markup_opens_its_question():
    # kit30b: '## 1. Non-permissible delay' read back from the Word file as '1. ...': question 1 was read over the
    # whole memo, the second answer's comparison with it, and two right memos scored 0.72
    from worldsmith.environments.grade import question_part

    first, second = question_part(_MEMO, _LABELS, 1), question_part(_MEMO, _LABELS, 2)
    assert first.startswith("1. Repair cost") and "accepted by the tenant" not in first
    assert second.startswith("2. Service days") and "196" not in second
    # a numbered line of inputs with figures, or one in another question's words, opens nothing
    inputs = _MEMO.replace("1. Repair cost\n", "1. Service days 18\n")
    assert not question_part(inputs, _LABELS, 1).startswith("1. Service days")


def test_a_memo_names_a_person_in_full_where_another_shares_the_surname():
    from worldsmith.environments.graph_tasks import memo_name

    lead, author, other = _person("a", "명자", "강", "강 명자"), _person("b", "광수", "강", "강 광수"), _person("c", "Ann", "Lee")
    people = [lead, author, other]
    assert memo_name(people, lead) == "강 명자" and memo_name(people, author) == "강 광수"
    assert memo_name(people, other) == "Lee"


def test_a_source_cell_names_a_file_that_states_its_figure():
    # kit30a: a workbook's supposed 178 put on the paper that gives the room's 148, and a salary put on a paper that
    # never gives it, each 1.0; the supposed row may name the paper it departs from where it says so
    import duckdb

    from worldsmith.environments.grade import _SUPPOSED_CELL, _states_figure

    db = duckdb.connect()
    db.execute("create table artifacts (id varchar, path varchar)")
    db.execute("create table fact_mentions (artifact_id varchar, expected varchar, found boolean)")
    db.execute("create table artifact_text (artifact_id varchar, text varchar)")
    db.execute("create table cells (artifact_id varchar, value_num double)")
    db.execute("insert into cells values ('b', 880000000)")
    db.execute("insert into artifacts values ('n', 'Notes/Staffing note on the reorganisation.docx'), "
               "('b', 'Budget/Cost workbook of the measures.xlsx')")
    db.execute("insert into fact_mentions values ('b', 'EUR 2,850', true), ('b', '65%', true)")
    db.execute("insert into artifact_text values ('n', 'The plan eliminates 148 positions.')")
    world = NS(db=db)
    assert _states_figure(world, "Staffing note on the reorganisation", 148) is True
    assert _states_figure(world, "Staffing note on the reorganisation", 178) is False
    assert _states_figure(world, "Budget/Cost workbook of the measures.xlsx", 2850) is True
    assert _states_figure(world, "Cost workbook of the measures", 0.65) is True
    assert _states_figure(world, "Cost workbook of the measures", 2580) is False
    assert _states_figure(world, "Cost workbook of the measures", 880000000) is True
    assert _states_figure(world, "Computed", 111) is None
    assert _SUPPOSED_CELL.search("Hypothesis (room: Staffing note on the reorganisation gives 148)")
    assert _SUPPOSED_CELL.search("Hypothetical per the partner's request (room: 60)")
