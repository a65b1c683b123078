"""The blind red team of kit22 (an unseen overtime collective action outline): forms the verifier misread."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from worldsmith.environments.forms import field_holds
from worldsmith.environments.tasks import Check

_RATE = SimpleNamespace(id="pay_rate", label="average rate of pay", value=None,
                        statement="The crew's average rate of pay is USD 31.00 an hour.")
_WORLD = SimpleNamespace(plan=SimpleNamespace(facts=[_RATE]))


def _field(name: str, value: str, expect: str, **kw) -> Check:
    return Check(type="answer_field", a_words=[name], values=[value], expect=expect, **kw)


@pytest.mark.parametrize("name,value,expect,said", [
    ("Enrolled claimants", "212 employees", "number", "212 enrolled claimants"),
    ("Enrolled claimants", "212 employees", "number", "212 claimants"),
    ("Pay periods in the review window", "52 weeks", "number", "52 pay periods"),
    ("Extra hours a week", "3.5 hours", "number", "3.5 hrs"),
    ("Average rate of pay", "USD 31", "amount", "$31.00 per hour"),
    ("Average rate of pay", "USD 31", "amount", "USD 31/hour"),
    ("Average rate of pay", "USD 31", "amount", "$31 an hour"),
])
def test_a_count_named_by_its_field_or_a_rate_by_its_own_period_is_the_figure(name, value, expect, said):
    # kit22: '148 opt-in plaintiffs', '104 workweeks', '4.5 hrs', '$24.00 per hour', 'USD 24/hour' each scored 0.94
    assert field_holds(f"{name}: {said}", _field(name, value, expect), _WORLD)


@pytest.mark.parametrize("name,value,expect,said", [
    ("Extra hours a week", "3.5 hours", "number", "3.5 week"),
    ("Extra hours a week", "3.5 hours", "number", "3.5 days"),
    ("Enrolled claimants", "212 employees", "number", "212 days"),
    ("Enrolled claimants", "212 employees", "number", "213 claimants"),
    ("Average rate of pay", "USD 31", "amount", "USD 31 per day"),
    ("Average rate of pay", "USD 31", "amount", "USD 31 per week"),
])
def test_another_unit_or_period_is_still_wrong(name, value, expect, said):
    assert not field_holds(f"{name}: {said}", _field(name, value, expect), _WORLD)


@pytest.mark.parametrize("said,right", [("USD -1,460,000", False), ("$-1,460,000", False),
                                        ("-USD 1,460,000", True), ("USD 1,460,000", True)])
def test_a_minus_inside_the_figure_is_a_negative_amount_not_the_gap(said, right):
    # kit22: 'Answer: USD -1,108,224' for a gap asked the other way round scored 1.0
    check = _field("Answer", "USD 1,460,000", "amount", b_words=["down"])
    assert field_holds(f"Answer: {said}", check, _WORLD) is right


def test_a_memo_dated_the_day_it_is_written_is_dated():
    # kit22: a right memo dated 'December 6, 2026' (the day it was written, after the matter's window) scored 0.94
    import datetime as dt

    from worldsmith.environments.grade import memo_block
    today = dt.date.today()
    block = "To: Ann Lee\nFrom: Bo Park\nDate: {}\nRe: The figures\n\nBody."
    window = [(today - dt.timedelta(days=400)).isoformat(), (today - dt.timedelta(days=200)).isoformat()]
    assert memo_block(block.format(today.strftime("%B %-d, %Y")), ["Lee"], ["Park"], window)
    assert memo_block(block.format(today.isoformat()), ["Lee"], ["Park"], window)
    # a year off, or before the matter, is still no date
    assert not memo_block(block.format((today + dt.timedelta(days=365)).isoformat()), ["Lee"], ["Park"], window)
    assert not memo_block(block.format((today - dt.timedelta(days=800)).isoformat()), ["Lee"], ["Park"], window)


@pytest.mark.parametrize("text,left_open", [
    ("## (1) Does the fee exceed the cap?\n\nWe cannot say whether it does. The fee is USD 5,000 above the cap.", True),
    ("## (1) Does the fee exceed the cap?\n\nIt is unclear. The fee is USD 5,000 above the cap.", True),
    ("## (1) Does the fee exceed the cap?\n\nYes. The fee is USD 5,000 above the cap. It is unclear who drafted it.",
     False),
])
def test_a_comparison_left_open_by_a_pronoun_gives_no_direction(text, left_open):
    # kit22: a memo answering 'We cannot say whether it does.' and 'It is unclear.' beside right figures scored 1.0
    from worldsmith.environments.direction_said import says_direction
    check = Check(type="file_direction", a_words=["fee"], b_words=["cap"], expect="a>b", values=["yes"])
    assert says_direction(text, check) is not left_open


_OLD = Check(type="answer_asserts_current", values=["7.2 days"], numbers=[7.2], unit="days")
_SET_ASIDE = Check(type="answer_mentions_set_aside", values=["7.2 days"], numbers=[7.2], unit="days")


@pytest.mark.parametrize("text", [
    "The other figure is 7.2 days, from the auditor's first pass of March 3, 2026; it counted weekends and was "
    "superseded by the March 20 review.",
    "The other figure is 7.2 days, from the first pass of March 3, 2026; it counted weekends so it is superseded.",
    "The other figure is 7.2 days, from the first pass, which was replaced by the March 20 review.",
])
def test_a_figure_set_aside_in_a_later_clause_of_its_sentence_is_not_relied_on(text):
    # kit22: '3.1 hours, from Calder's first cut of May 4, 2026; it counted ... and was superseded by the May 18
    # analysis' was read as relied on: a right reconcile at 0.6
    from worldsmith.environments.grade import _decide
    assert not _decide("asserts_current", text, _OLD)
    assert _decide("mentions_set_aside", text, _SET_ASIDE)


@pytest.mark.parametrize("text", [
    "The figure that governs is 7.2 days; it counted weekends and governs now.",
    "The figure is 7.2 days; the 5.9 days was superseded by the March 20 review.",
    "The figure is 7.2 days; it is not superseded.",
])
def test_a_figure_still_relied_on_is_relied_on(text):
    from worldsmith.environments.grade import _decide
    assert _decide("asserts_current", text, _OLD)


_DRAFTED = ("1. The late fees exceed the service credits by USD 340,000.\n"
            "2. The service credits are USD 1,250,000.\n")


@pytest.mark.parametrize("line,right", [
    ("Wrong: exceed by USD 340,000 -> USD 315,500 (Fee model)", True),
    ("Wrong: 1. exceed by USD 340,000 -> USD 315,500 (Fee model)", True),
    ("Wrong: USD 340,000 -> USD 315,500 (Fee model)", True),
    ("Wrong: fall short by USD 340,000 -> USD 315,500 (Fee model)", False),
    ("Wrong: exceed by USD 340,000 or so -> USD 315,500 (Fee model)", False),
])
def test_the_figure_as_drafted_may_be_quoted_by_its_own_lines_words(line, right):
    # kit22: 'Wrong: exceed by USD 1,160,000 -> USD 1,108,224 (Overtime exposure model)' scored 0 (a stray line)
    from worldsmith.environments.forms import drafted_lines, outside_form
    assert outside_form(line, ["Wrong"], repeat=True, drafted=drafted_lines(_DRAFTED)) is not right


def test_the_drafted_words_turned_round_are_the_reviewers_own():
    from worldsmith.environments.forms import drafted_lines, outside_form
    line = "Wrong: the service credits exceed the late fees by USD 340,000 -> USD 315,500 (Fee model)"
    assert outside_form(line, ["Wrong"], repeat=True, drafted=drafted_lines(_DRAFTED))


@pytest.mark.parametrize("sentence,came_to", [
    ("The exposure with penalties is $1,830,400 (212 x 3.5 hours x 52 weeks x $31 x 1.5 = $915,200, doubled).",
     "1830400"),
    ("The exposure is 212 x 3.5 x 52 x $31 x 1.5 = $1,794,156.", "1794156"),
    ("The exposure is $915,200.", "915200"),
])
def test_what_a_sentence_came_to_is_its_figure_not_its_bracketed_working(sentence, came_to):
    # kit22: 'The exposure ... is $2,770,560 (148 x 2.5 hours x 104 weeks x $24 x 1.5 = $1,385,280, doubled). It
    # exceeds the board's settlement authority of $1,600,000 by $1,170,560.' was read as $1,385,280 exceeding it (0.71)
    from worldsmith.environments.ledger_statements import _came_to, _parse
    parsed = _parse(sentence)
    got = _came_to(parsed, *parsed.sentences[0])
    assert got is not None and str(got.value) == came_to


@pytest.mark.parametrize("name,value,said,right", [
    ("Answer", "EUR 2,311,920", "EUR 2,311,920 per month", False),
    ("Gap", "EUR 1,072,070", "EUR 1,072,070 per month", False),
    ("Gap", "EUR 1,072,070", "EUR 1,072,070 a week", False),
    ("Average gross monthly salary", "EUR 2,850", "EUR 2,850 per month", True),
])
def test_a_period_after_a_figure_that_is_no_rate_of_it_is_wrong(name, value, said, right):
    # blind red team kit30a: 'Answer: EUR 2,311,920 per month' for the twelve months' cost, 1.0 (and three more)
    assert field_holds(f"{name}: {said}", _field(name, value, "amount"), _WORLD) is right


@pytest.mark.parametrize("line,right", [
    ("Wrong: USD 340,000 -> the late fees exceed the credits by USD 315,500 (Fee model)", True),
    ("Wrong: 1. USD 340,000 -> The late fees exceed the service credits by USD 315,500. (Fee model)", True),
    ("Wrong: USD 340,000 -> the service credits exceed the late fees by USD 315,500 (Fee model)", False),
    ("Wrong: USD 340,000 -> the late fees may exceed the credits by USD 315,500 (Fee model)", False),
    ("Wrong: USD 340,000 -> the service credits are USD 315,500 (Fee model)", False),
])
def test_the_correction_may_be_written_in_its_drafted_lines_words(line, right):
    # kit30a: 'Wrong: EUR 1,130,000 -> the loss exceeds the budget by EUR 1,072,070 (...)' scored 0 (a stray line)
    from worldsmith.environments.forms import drafted_lines, outside_form
    assert outside_form(line, ["Wrong"], repeat=True, drafted=drafted_lines(_DRAFTED)) is not right


def test_a_paper_cited_by_the_head_of_its_name_makes_up_no_figure():
    # kit30a: 'EUR 9,800,000, per the Livre 2 of 10 September 2026' in a right memo read its 2 as an amount made up
    # (memo_unledgered_figure, 0.75); the head of another paper's name, or a number no file's name heads, still counts
    from types import SimpleNamespace as NS

    from worldsmith.environments.grade import _without_room_paths, unledgered

    files = [NS(path="room/Procedure/Tome 2 - information note on the project.docx"),
             NS(path="room/Tech/Engine 2 PRSV quotation.eml")]
    world = NS(world_id="kit30a-heads", manifest=NS(files=files))
    memo = "The loss (EUR 9,800,000, per the Tome 2 of 10 September 2026) exceeds the budget."
    assert unledgered(memo, "EUR", [9_800_000.0], bare=True)  # before: the 2 of the paper's name read as a figure
    assert not unledgered(_without_room_paths(memo, world), "EUR", [9_800_000.0], bare=True)
    for other in ("Tome 3", "Engine 2"):
        assert other in _without_room_paths(f"{memo} {other} agrees.", world), other


def test_a_surname_in_capitals_first_names_its_person():
    # kit30a: 'Who gave the decision: WAGNER Alex' for Alex Wagner, a right form 0.93; another's surname in capitals,
    # or the names turned round without capitals to mark the surname, still fail
    from types import SimpleNamespace as NS

    from worldsmith.environments.forms import _person_ok
    from worldsmith.environments.tasks import Check

    def person(pid, first, last):
        return NS(id=pid, name=f"{first} {last}", first_name=first, last_name=last, email=f"{pid}@dir.example",
                  organisation="dir", title="Director", role=pid)

    world = NS(plan=NS(people=[person("a", "Alex", "Wagner"), person("b", "Hélène", "Marchal")],
                       organisations=[NS(id="dir", name="Direction")]))
    ok = lambda value, who: _person_ok(value, Check(type="answer_field", values=[who]), world)  # noqa: E731
    assert ok("WAGNER Alex", "Alex Wagner") and ok("MARCHAL Hélène", "Hélène Marchal")
    assert ok("MARCHAL Helene", "Hélène Marchal")
    assert not ok("MARCHAL Alex", "Alex Wagner") and not ok("Wagner Alex", "Alex Wagner")


@pytest.mark.parametrize("value,right", [("1 year", True), ("24 months", False), ("2 years", False),
                                         ("12 years", False), ("1 week", False)])
def test_a_year_is_twelve_months_in_a_field(value, right):
    # kit30a: 'Reclassification leave length: 1 year' for 12 months, two right forms 0.875
    from worldsmith.environments.forms import _figure_ok
    from worldsmith.environments.tasks import Check

    check = Check(type="answer_field", values=["12 months"], a_words=["Leave length"], expect="number")
    assert _figure_ok(value, check) is right
