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
