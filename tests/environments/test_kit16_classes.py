"""The blind red teams of kit16 and kit17, read again on today's verifier: answers marked the wrong way."""

from __future__ import annotations

import pytest

from worldsmith.environments import answers, grade
from worldsmith.environments.grade import _final, disowns, status_of
from worldsmith.environments.tasks import Check

_OLD = [4_680_000.0, 52_000_000.0]


@pytest.fixture
def no_own_sources(monkeypatch):
    monkeypatch.setattr(grade, "_old_figures", lambda world: _OLD)
    monkeypatch.setattr(grade, "_rejects_its_own_source", lambda said, world, old: False)


@pytest.mark.parametrize("text", [
    "Cap USD 5,000,000 is lower, so the cap governs. Net termination payment USD 4,200,000. I think.\n"
    "Answer: USD 4,200,000",
    "The termination fee (USD 4,374,000) is smaller than the cap, so the termination fee governs. I think.",
    "The termination fee of USD 4,374,000 governs, I believe.",
])
def test_an_answer_closed_on_a_bare_i_think_is_not_stood_by(text, no_own_sources):
    # each beside right figures scored 1.0 (a what-if, a reconcile, a told and a governs answer)
    assert disowns(text, None)


@pytest.mark.parametrize("text", [
    "I think the cap governs: the termination fee payable is USD 5,000,000.",
    "We believe the termination fee of USD 4,374,000 governs.\nAnswer: USD 626,000",
    "Castellan says the invoice of USD 4,680,000 stands; we think it was withdrawn on March 16.",
])
def test_an_opinion_that_says_what_it_thinks_is_an_answer(text, no_own_sources):
    assert not disowns(text, None)


@pytest.mark.parametrize("text", [
    "Castellan argues, wrongly in our view, that the termination fee (USD 4,374,000) is smaller than the termination "
    "fee cap (USD 5,000,000), so the termination fee governs.\nAnswer: USD 626,000",
    "Castellan contends - and we reject - that: The termination fee cap of USD 5,000,000 exceeds the termination fee "
    "of USD 4,374,000 by USD 626,000.\nAnswer: USD 626,000",
    "Castellan says, wrongly, that the termination fee of USD 4,374,000 first reached Ardmore on March 18, 2026.",
    "Scott Ellis recalls that the fee of USD 4,374,000 first reached Ardmore on March 18, 2026. It first appears in "
    "the room on March 12, 2026: 6 days. Our records contradict this.",
    # the right figure set out first, the withdrawn invoice only named after it
    "Castellan's counsel asserts the following, which we reject as wrong:\nThe termination fee that governs is "
    "USD 4,374,000: 3x the trailing base fee. The other figure is USD 4,680,000 in Castellan's invoice, withdrawn.",
])
def test_figures_put_in_anothers_mouth_and_called_wrong_are_taken_back(text, no_own_sources):
    assert disowns(text, None)


@pytest.mark.parametrize("text", [
    "Castellan says, wrongly, that the fee is USD 4,680,000; the governing fee is USD 4,374,000.",
    "Castellan's counsel asserts the following, which we reject as wrong: the invoice of USD 4,680,000 on budgeted "
    "revenue. The fee that governs is USD 4,374,000.",
])
def test_rejecting_the_withdrawn_figure_is_right(text, no_own_sources):
    assert not disowns(text, None)


_MOVE = Check(type="answer_final", values=["USD 306,000"], numbers=[306000.0], unit="USD", expect="down",
              allowed=[4374000.0, 4680000.0])


@pytest.mark.parametrize("text", [
    "Governing: $4,374,000. Superseded: $4,680,000, withdrawn on March 16. Change: -$306,000.\nAnswer: $306,000",
    "Governing: USD 4,374,000. Superseded: USD 4,680,000. Movement: -USD 306,000.\nAnswer: USD 306,000",
])
def test_a_fall_signed_beside_its_unsigned_answer_is_the_same_fall(text):
    # a right reconcile lost its movement to its own minus (0.69)
    assert _final(text, _MOVE)


def test_a_minus_on_a_rise_is_still_a_rival():
    rise = _MOVE.model_copy(update={"expect": "up"})
    assert _final("Governing: USD 4,374,000. Movement: +USD 306,000.\nAnswer: USD 306,000", rise)
    assert not _final("Governing: USD 4,374,000. Movement: -USD 306,000.\nAnswer: USD 306,000", rise)


@pytest.mark.parametrize("label", ["", "Termination fee "])
def test_a_table_row_gives_its_status_cell_to_its_figure_before_its_working(label):
    # '| USD 4,680,000 | Superseded (...) | 3 x 3% x budgeted revenue USD 52,000,000; ... |' was read as relying on
    # the superseded figure (0.54), and so was the row labelled 'Termination fee USD 4,680,000'
    table = ("| Figure | Status | Basis |\n|---|---|---|\n"
             f"| {label}USD 4,680,000 | Superseded (Castellan invoice, Mar 6, 2026) | 3 x 3% x budgeted revenue "
             "USD 52,000,000; withdrawn when Castellan's counsel conceded the base, Mar 16 |\n"
             f"| {label}USD 4,374,000 | Governs | 3 x USD 1,458,000 |\n\nAnswer: USD 306,000")
    text = answers.untable(table)
    assert status_of(text, "USD 4,680,000", 4680000.0, "USD") != "asserted"
    assert status_of(text, "USD 4,374,000", 4374000.0, "USD") == "asserted"


@pytest.mark.parametrize("text", ["Feb 19 -> May 22 = 9 + 31 + 30 + 22 = 92 days.",
                                  "From February 19 to May 22, 2026 = 9 + 31 + 30 + 22 = 92 days.",
                                  "19 Feb -> 22 May = 9 + 31 + 30 + 22 = 92 days."])
def test_a_dates_day_or_year_is_no_figure_of_the_step(text):
    # a right chronology's count of days read as '22 = ... = 92' scored 0 (working_does_not_compute)
    from worldsmith.environments import working
    assert working.wrong_steps(text) == []


def test_a_count_of_days_that_does_not_add_up_still_costs():
    from worldsmith.environments import working
    assert working.wrong_steps("Feb 19 -> May 22 = 9 + 31 + 30 + 22 = 95 days.")


@pytest.mark.parametrize("text, governs", [
    ("That is above the USD 5,000,000 termination fee cap, so the fee payable is capped at USD 5,000,000.", True),
    ("The fee payable is not capped at USD 5,000,000.", False),
    ("The fee payable would be capped at USD 5,000,000 if the fee were higher.", False),
])
def test_a_figure_capped_at_an_amount_says_the_cap_governs(text, governs):
    # a right what-if ('so the fee payable is capped at USD 5,000,000') lost its governing side (0.83)
    from worldsmith.environments.grade import names_governing
    assert names_governing(text, ["termination", "fee", "cap"], ["termination", "fee"]) is governs
    assert not names_governing(text, ["termination", "fee"], ["termination", "fee", "cap"])
