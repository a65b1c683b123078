"""Error-finding tasks: a draft with one planted wrong figure, graded on recall (found, corrected) and precision."""

from __future__ import annotations

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments.grade import flags, grade
from worldsmith.environments.graph_tasks import Graph, difference, in_room, shown
from worldsmith.environments.review_tasks import review_tasks
from worldsmith.environments.session import Session
from worldsmith.environments.tasks import Check


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, review_tasks(Graph.of(world))[0]
    world.close()


def _money(*values: str) -> Check:
    return Check(type="answer_flags", values=list(values), numbers=[float(v.split()[1].replace(",", "")) for v in values],
                 unit="USD")


def test_a_flag_names_the_figure_as_drafted_and_one_correction_after_its_turn():
    check = _money("USD 82,716,500", "USD 95,212,500")
    assert flags("Wrong: USD 82,716,500 -> USD 95,212,500 (cap USD 156,200,000 less demand)", check)
    assert flags("- **Wrong:** USD 82.7165m should be $95,212,500.00; see the sheet", check)
    assert flags("3. incorrect: the gap of USD 82,716,500 \u2192 USD 95.2125 million", check)
    assert not flags("Wrong: USD 82,716,500 -> USD 95,212,500 or USD 96,000,000", check)  # two corrections
    assert not flags("Wrong: USD 82,716,500 -> USD 95,000,000", check)
    assert not flags("Wrong: USD 82,716,500", check)  # found, not corrected
    assert flags("Line 7 is wrong: the gap USD 82,716,500 should be USD 95,212,500.", check)  # said in prose
    assert flags("Line 7 should read USD 95,212,500, not USD 82,716,500.", check)
    assert flags("| Line | As drafted | Correct |\n|---|---|---|\n| 7 | USD 82,716,500 | USD 95,212,500 |", check)
    assert not flags("I would not write 'Wrong: USD 82,716,500 -> USD 95,212,500'.", check)
    assert not flags("~~Wrong: USD 82,716,500 -> USD 95,212,500~~", check)
    assert not flags("Wrong: USD 82,716,500 -> USD 95,212,500\nWrong: USD 82,716,500 -> USD 91,000,000", check)
    # a figure named after the correction, as its source, is not flagged
    assert not flags("Wrong: USD 82,716,500 -> USD 95,212,500 (cap USD 156,200,000)", _money("USD 156,200,000"))
    assert flags("Wrong: USD 156,200,000 -> USD 95,212,500", _money("USD 156,200,000"))


def test_the_draft_plants_one_wrong_gap_the_room_never_writes(legal):
    world, task = legal
    graph = Graph.of(world)
    corrects = next(c.check for c in task.rubric.criteria if c.id == "corrects_planted")
    wrong, right = corrects.values
    big, small = (world.facts[f] for f in task.id.removeprefix("review-").split("-"))
    assert right == shown(difference(graph, big, small)) and wrong != right
    assert wrong in task.instruction and right not in task.instruction
    assert not in_room(graph, difference(graph, big, small))
    # every other line of the draft is right, and flagging it costs points
    for c in task.rubric.negative_criteria:
        if c.check.type == "answer_flags":
            assert c.check.values[0] in task.instruction and c.check.values[0] != wrong
    assert len([c for c in task.rubric.negative_criteria if c.check.type == "answer_flags"]) >= 4
    assert {"judgement", "error_finding"} <= set(task.tags)


def test_recall_and_precision_both_count(legal, tmp_path):
    world, task = legal
    session = Session(world, tmp_path / "s")
    corrects = next(c.check for c in task.rubric.criteria if c.id == "corrects_planted")
    wrong, right = corrects.values
    right_line = next(c.check.values[0] for c in task.rubric.negative_criteria if c.check.type == "answer_flags")
    assert grade(task, session, task.solution.answer).score == 1.0
    found_only = grade(task, session, f"Wrong: {wrong}").score
    also_false = grade(task, session, f"{task.solution.answer}\nWrong: {right_line} -> {right}").score
    missed = grade(task, session, "Wrong: none; every figure agrees.").score
    assert 0 < found_only < 1 and 0 < also_false < 1 and missed == 0


def test_review_tasks_pass_the_lint_on_the_example(legal):
    world, task = legal
    published = task_set_of(world).tasks
    assert task.id in {t.id for t in published}


def test_a_retraction_a_denial_or_mail_to_the_other_side_costs_the_score(legal, tmp_path):
    world, task = legal
    session = Session(world, tmp_path / "s")
    oracle = task.solution.answer
    assert grade(task, session, oracle + "\n(withdrawn after re-check: the draft is right)").score < 1
    assert grade(task, session, oracle + "\nFinal answer: none of the figures is wrong.").score < 1
    wrong = next(c.check.values[0] for c in task.rubric.criteria if c.id == "flags_planted")
    assert grade(task, session, oracle + f"\nAnswer: {wrong}").score < 1  # the drafted figure kept as the answer
    inside = {p.email for p in world.plan.people if p.organisation in {o.id for o in world.plan.organisations
                                                                         if o.privileged}}
    other_side = next(p.email for p in world.plan.people if p.email not in inside)
    session.send([other_side], "Our figures", "For your information.")
    assert grade(task, session, oracle).score < 1


def test_a_date_flagged_as_drafted_keeps_its_year():
    """Second blind red team: a right date flagged wrong scored 1.0 once the figure as drafted was cut at its comma."""
    check = Check(type="answer_flags", values=["May 11, 2026"], numbers=[None])
    assert flags("Wrong: USD 1 -> USD 2\nWrong: May 11, 2026 -> May 6, 2026 (Minutes - kick-off, May 6)", check)


def test_doubt_outside_the_flags_costs_the_score_and_procedure_does_not(legal, tmp_path):
    """Red team: a right flag with 'not sure about line 4' or 'line 7 should probably stay as drafted' beside it
    scored 1.0; a reviewer who hedges on a line has not reviewed it."""
    world, task = legal
    session = Session(world, tmp_path / "s")
    oracle = task.solution.answer
    wrong = next(c.check.values[0] for c in task.rubric.criteria if c.id == "flags_planted")
    right_line = next(c.check.values[0] for c in task.rubric.negative_criteria if c.check.type == "answer_flags")
    doubting = ["I am not sure about line 4; it may be different.", f"Line 2 ({right_line}) should be checked again.",
                f"Though it could also be {wrong} if the earlier figure applies.", "I could not verify line 5.",
                "The flagged line should probably stay as drafted."]
    for extra in doubting:
        result = grade(task, session, f"{oracle}\n{extra}")
        assert result.score < 1 and "doubts_a_line" in result.negatives_met, extra
    plain = ["The correction may be checked against the files cited.", "If useful, I could walk you through the working.",
             "Every other line ties to the data room."]
    for extra in plain:
        assert grade(task, session, f"{oracle}\n{extra}").score == 1.0, extra


@pytest.mark.parametrize("tail, expected", [
    (" 6.2 percentage points or 7.2 percentage points (the initial denial rate less the level)", "other"),
    (" 6.2 percentage points (or possibly 7.2 percentage points) (the initial denial rate less the level)", "other"),
    (" 6.2 percentage points (the initial denial rate 14.2% less the level 8%)", "right"),
])
def test_a_correction_that_offers_the_drafted_figure_again_is_no_correction(tail, expected):
    from worldsmith.environments.grade import _correction, want_of

    right, wrong = want_of("6.2 percentage points", 6.2, None), want_of("7.2 percentage points", 7.2, None)
    assert _correction(tail, right, wrong) == expected


@pytest.mark.parametrize("tail, expected", [
    (" EUR 12,188,000 (Financial adviser's report to the Board of Directors)", "right"),
    (" ½ EUR 12,188,000 (Financial adviser's report to the Board of Directors)", "other"),
    (" EUR 12,188,000² (Financial adviser's report to the Board of Directors)", "other"),
])
def test_a_correction_with_a_mark_that_changes_its_figure_corrects_nothing(tail, expected):
    # blind red team 37 (kit37c): 'Wrong: EUR 12,800,000 -> ½ EUR 12,188,000 (...)' scored 1.0
    from worldsmith.environments.grade import _correction, want_of

    right, wrong = want_of("EUR 12,188,000", 12188000, "EUR"), want_of("EUR 12,800,000", 12800000, "EUR")
    assert _correction(tail, right, wrong) == expected
