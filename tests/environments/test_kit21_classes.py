"""The blind red team of kit21 (an unseen service-credit outline): right answers the verifier marked down."""

from __future__ import annotations

import pytest

from worldsmith.environments.grade import _REPORTED, _RETRACT, _final
from worldsmith.environments.tasks import Check

_MOVE = Check(type="answer_final", values=["15%"], numbers=[15.0], unit="%", allowed=[25.0, 10.0])
_RIGHT = "The service credit rate that governs now is 25%; the earlier 10% of the preliminary tally is superseded."


@pytest.mark.parametrize("said", ["Answer: 15 percentage points", "The move is +15 points.\nAnswer: 15 points",
                                  "Answer: 15 pp", "Answer: 15%"])
def test_a_rates_move_said_in_points_is_its_percent(said):
    # 'Answer: 15 percentage points', '+15 points' for the move of a rate from 10% to 25% scored 0.6
    assert _final(f"{_RIGHT} {said}", _MOVE)


@pytest.mark.parametrize("said", ["Answer: 16 percentage points", "Answer: 15 basis points", "Answer: 25 points"])
def test_a_wrong_move_in_points_is_still_wrong(said):
    assert not _final(f"{_RIGHT} {said}", _MOVE)


@pytest.mark.parametrize("text", ["Scott Webb asked us on June 3 to disregard it, as Kestrel's analysis replaced it.",
                                  "The tally was prepared before Kestrel's analysis; the client told us to disregard "
                                  "the tier it read the outages into."])
def test_disregard_of_the_matters_history_takes_nothing_back(text):
    # a right reconcile answer saying the client 'asked us on June 3 to disregard it' scored 0 (the word anywhere)
    assert _RETRACT.search(text) and not _RETRACT.search(_REPORTED.sub(" ", text))


@pytest.mark.parametrize("text", ["Answer: 15%. Please disregard.", "On reflection, please disregard the above.",
                                  "Please disregard my previous answer.", "Disregard this; I will re-send.",
                                  "Please disregard it.",
                                  # advice to disregard a paper takes it back too (kit18: 1.0 without it)
                                  "However, the determination is not binding and you should disregard it."])
def test_disregard_of_the_writers_own_words_still_takes_them_back(text):
    assert _RETRACT.search(_REPORTED.sub(" ", text))


def test_the_day_the_matters_summary_gives_its_instrument_is_no_stray_date(monkeypatch):
    # 'Schedule 1 of the master services agreement (January 1, 2025)' in a right reconcile answer lost 0.4 to
    # states_stray_date: the summary dates the agreement, no fact does
    import datetime as dt
    from types import SimpleNamespace as NS

    from worldsmith.environments import graph_tasks
    from worldsmith.environments.grade import _stated_days

    monkeypatch.setattr(graph_tasks, "stated_figures", lambda world: ({}, set()))
    plan = NS(facts=[], distractors=[], summary="Corvane runs its platform under a master services agreement of "
                                                 "January 1, 2025, at a fee of USD 412,000 a month.")
    days = _stated_days(NS(plan=plan))
    assert dt.date(2025, 1, 1) in days
    assert dt.date(2025, 1, 2) not in days


def test_a_constant_of_the_ledgers_formulas_is_working_not_a_figure_made_up():
    # 'annual fees of USD 4,944,000, i.e. USD 412,000 x 12' cost a right memo 0.22 (memo_unledgered_figure on '12')
    from types import SimpleNamespace as NS

    from worldsmith.environments.grade import formula_constants, rivals

    world = NS(plan=NS(facts=[NS(formula="monthly_fee * 12"), NS(formula="percent_of(rate, x2) * days / 365"),
                              NS(formula=None)]))
    assert formula_constants(world) == [12.0, 365.0]
    text = "The annual service credit cap is USD 247,200 (5% of annual fees of USD 4,944,000, i.e. USD 412,000 x 12)."
    ledger = [5.0, 247200.0, 412000.0, 4944000.0]
    assert [m.text for m in rivals(text, None, None, "USD", ledger)] == ["12"]
    assert not rivals(text, None, None, "USD", ledger + formula_constants(world))
    assert rivals(text.replace("x 12", "x 13"), None, None, "USD", ledger + formula_constants(world))
