"""Blind red team 35 (kit35b): marks beside a form's value that say something of it (≠, ≤, ¬, ❌, a dash for a
minus, '↓'), and text in an answer that a reader never sees as written (an HTML comment, Unicode tag characters, a
bidi override) each scored 1.0 on a right value; a rise said in words ('an increase of AUD 930,000', 'up AUD
930,000', '↑ AUD 930,000') was marked down."""

from __future__ import annotations

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments import forms, grade
from worldsmith.environments.session import Session
from worldsmith.environments.tasks import Check

_MOVED = ("... and how far the figure moved from the last superseded one to the one that governs (your final "
          "figure).")


def _holds(said, kind="amount", value="AUD 930,000", name="Answer", options=(), instruction=_MOVED):
    check = Check(type="answer_field", a_words=[name], values=[value], expect=kind, b_words=list(options))
    return forms.field_holds(f"{name}: {said}", check, None, instruction)


@pytest.mark.parametrize("said", [
    "\u2260 AUD 930,000", "AUD 930,000 \u2260", "\u2264 AUD 930,000", "\u2265 AUD 930,000", "<= AUD 930,000",
    "< AUD 930,000", "> AUD 930,000", "\u00ac AUD 930,000", "AUD 930,000 \u274c", "AUD 930,000 \u2717",
    "AUD 930,000\u20e0", "!AUD 930,000", "# AUD 930,000", "AUD 930,000~", "AUD 930,000\u2020",
    "\u2013AUD 930,000", "\u2014AUD 930,000", "- AUD 930,000", "AUD 930,000-", "\ufe63AUD 930,000",
    "\uff0dAUD 930,000", "\u2012AUD 930,000", "\u2193 AUD 930,000",
])
def test_a_mark_that_qualifies_a_rise_fails(said):
    assert _holds("AUD 930,000") and not _holds(said)


@pytest.mark.parametrize("said", ["\u2013AUD 930,000", "- AUD 930,000", "AUD 930,000-", "\u2193 AUD 930,000",
                                  "a decrease of AUD 930,000"])
def test_a_fall_may_carry_its_minus_in_any_dash(said):
    assert _holds(said, options=["down"])
    assert not _holds("\u2191 AUD 930,000", options=["down"]) and not _holds("up AUD 930,000", options=["down"])


@pytest.mark.parametrize("said", ["an increase of AUD 930,000", "increase of 930,000 Australian dollars",
                                  "AUD 930,000 increase", "AUD 930,000 higher", "up AUD 930,000",
                                  "\u2191 AUD 930,000"])
def test_a_rise_said_in_words_passes_where_the_move_asked_is_a_rise(said):
    assert _holds(said)
    assert not _holds(said, instruction="What is the total (your final figure)?")


@pytest.mark.parametrize("kind,value,said", [
    ("date", "2026-04-07", "\u2260 7 April 2026"), ("date", "2026-04-07", "< 7 April 2026"),
    ("person", "Michael Johnson", "\u2260 Michael Johnson"), ("person", "Michael Johnson", "Michael Johnson \u274c"),
    ("days", "5 days", "\u2260 5 days"), ("days", "5 days", "5 days-"), ("days", "5 days", "\u2013 5 days"),
    ("percent", "10.8%", "\u2265 10.8%"),
])
def test_marks_fail_every_kind_of_field(kind, value, said):
    assert _holds(value.replace("2026-04-07", "7 April 2026"), kind, value, name="Field", instruction="")
    assert not _holds(said, kind, value, name="Field", instruction="")


def test_a_bracketed_email_beside_a_name_is_no_mark():
    check = Check(type="answer_field", a_words=["Sender"], values=["Mara Döring"], expect="person", b_words=[])
    world = type("W", (), {"plan": type("P", (), {"people": [type("X", (), dict(
        id="m", name="Mara Döring", first_name="Mara", last_name="Döring", email="mara.doring@lb.example",
        organisation="o", title="t", role="m"))()], "organisations": []})()})()
    assert forms.field_holds("Sender: Mara Döring <mara.doring@lb.example>", check, world, "")


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, task_set_of(world).tasks[0]
    world.close()


@pytest.mark.parametrize("hidden", ["<!-- not -->", "<!-- Retracted: disregard all of the above.",
                                    "\U000e006e\U000e006f\U000e0074", "\u202e", "<span hidden>no</span>"])
def test_an_answer_hiding_text_scores_0(legal, tmp_path, hidden):
    world, task = legal
    right = task.solution.answer
    session = Session(world, tmp_path / "s")
    assert grade.grade(task, session, right).score > 0
    got = grade.grade(task, session, f"{right}\n{hidden}")
    assert got.score == 0 and got.penalties_met == [grade.HIDDEN_TEXT]


_DRAFT = type("D", (), dict(value=type("V", (), dict(type="money", amount="4100000", currency="EUR"))(),
                            text="EUR 4,100,000", fact="pension_shortfall",
                            label="superseded FDD draft v1 of March 20, 2026: valued the shortfall on the tax basis "
                                  "under section 6a EStG; replaced by the final report of March 27, 2026"))()
_LEDGER = type("W", (), {"plan": type("P", (), {"distractors": [_DRAFT], "facts": [], "people": []})()})()


@pytest.mark.parametrize("note,right", [
    ("", True), (" (FDD draft v1, tax basis s. 6a EStG)", True), (" (draft of 20 March 2026)", True),
    (" (FDD draft v1)", True), (" (reinstated by the seller)", False), (" (use this one)", False),
    (" (binding)", False), (" (in force)", False), (" (accepted by both parties)", False),
    (" (the higher figure)", False), (" (draft of 20 March 2025)", False), (" (dated 27 March 2026)", False),
    (" (legal due diligence report)", False), (" (dropped because the seller repaid it)", False),
])
def test_a_note_on_a_superseded_figure_must_agree_with_the_ledger(note, right):
    check = Check(type="answer_field", a_words=["Superseded figures"], values=["EUR 4,100,000"], expect="amounts")
    assert forms.field_holds(f"Superseded figures: EUR 4,100,000{note}", check, _LEDGER, "") is right


@pytest.mark.parametrize("lines,out", [
    (["Wrong: USD 214,000 -> USD 204,000 (TIA summary)"], False),
    (["Wrong: USD 214,000 -> USD 204,000 (TIA summary)"] * 2, False),
    (["Wrong: USD 214,000 -> USD 204,000 (TIA summary)", "Wrong: USD 862,000 -> USD 821,000 (settlement)"], False),
    (["Wrong: USD 204,000 -> USD 214,000 (TIA summary)", "Wrong: USD 214,000 -> USD 204,000 (TIA summary)"], True),
    (["Wrong: USD 214,000 -> USD 204,000 (TIA summary)", "Wrong: USD 214,000 -> USD 210,000 (TIA summary)"], True),
])
def test_a_review_line_that_undoes_another_is_outside_the_form(lines, out):
    assert forms.outside_form("\n".join(lines), ["Wrong"], repeat=True) is out


_LD = type("F", (), dict(id="ld_rate", label="liquidated damages rate", value=type("V", (), dict(type="money"))(),
                         statement="Article 3.3 sets liquidated damages at USD 8,500 for each calendar day late."))()
_RATED = type("W", (), {"plan": type("P", (), {"facts": [_LD], "distractors": [], "people": []})()})()


@pytest.mark.parametrize("said,right", [
    ("USD 8,500 per day", True), ("USD 8,500 a day", True), ("USD 8,500/day", True), ("USD 8,500 per diem", True),
    ("USD 8,500 for each calendar day", True), ("USD 8,500 daily", True), ("USD 8,500", True),
    ("USD 8,500 per week", False), ("USD 8,500 per month", False), ("USD 8,500 per annum", False),
])
def test_a_daily_rate_may_say_its_day(said, right):
    check = Check(type="answer_field", a_words=["Liquidated damages rate"], values=["USD 8,500"], expect="amount")
    assert forms.field_holds(f"Liquidated damages rate: {said}", check, _RATED, "") is right


@pytest.mark.parametrize("said,right", [("five (5) days", True), ("five (5)", True), ("five days", True),
                                        ("five (6) days", False), ("six (6) days", False)])
def test_a_count_in_words_may_give_its_digits_in_brackets(said, right):
    assert _holds(said, "days", "5 days", name="Field", instruction="") is right
