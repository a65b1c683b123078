"""Write tasks read as a reviewer reads them (kit7's holes): each question of a memo in its own part, a sheet's sources
as any file that states the figure, the governing side of a greater-of, and every text the agent wrote read for side
statements the ledger contradicts."""

from __future__ import annotations

import ast

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments import grade, side_checks
from worldsmith.environments.attacks import attack_task, candidates
from worldsmith.environments.graph_tasks import Graph, working_inputs
from worldsmith.environments.tasks import Check

_LABELS = ["OPA 90 liability cap", "contribution demand", "Ostrander's maximum exposure", "total claims"]


def test_a_memo_reads_each_questions_answer_in_its_own_part():
    memo = ("To: John Liu\nRe: the cap\n\n## 1. Does the OPA 90 liability cap exceed the contribution demand?\n\n"
            "Yes, by USD 95,212,500.\n\n## 2. Does Ostrander's maximum exposure exceed the total claims?\n\nNo.\n")
    first, second = grade.question_part(memo, _LABELS, 1), grade.question_part(memo, _LABELS, 2)
    assert "Yes, by" in first and "No." not in first
    assert "No." in second and "Yes" not in second
    # numbered without headings, and a line naming one question's pair wherever it stands
    plain = "(1) Yes. The cap is larger.\n(2) No.\nThe OPA 90 liability cap exceeds the contribution demand."
    assert grade.question_part(plain, _LABELS, 2) == "(2) No."
    assert "exceeds the contribution demand" in grade.question_part(plain, _LABELS, 1)
    # no part opens: the whole text
    assert grade.question_part("Yes on both.", _LABELS, 2) == "Yes on both."


def test_a_side_statement_the_ledger_contradicts_is_read_in_any_text():
    stale = Check(type="texts_stale", values=["USD 3,950,000"], a_words=["extrapolated overpayment"])
    assert side_checks.stale("The extrapolated overpayment to refund is USD 3,950,000.", stale)
    assert not side_checks.stale("The draft's extrapolated overpayment of USD 3,950,000 is superseded.", stale)
    due = Check(type="texts_redated", values=["2026-08-28"], a_words=["refund"], expect="due")
    assert side_checks.redated("The refund must be made by September 30, 2026.", due)
    assert not side_checks.redated("The refund must be made by August 28, 2026.", due)
    assert not side_checks.redated("The committee agreed the refund on July 9, 2026.", due)  # no deadline word
    assert side_checks.redated("Refund due September 28.", due)  # a day of a month without its year
    assert not side_checks.redated("Refund due 28 August.", due)
    decision = Check(type="texts_decision", values=["reject the tender of defense"], a_words=["tender", "defens"],
                     b_words=[side_checks._YES, side_checks._NO])
    assert side_checks.contradicts("We recommend you accept the tender of defense.", decision)
    assert side_checks.contradicts("Ostrander should not reject the tender of defense.", decision)
    assert not side_checks.contradicts("Ostrander decided to reject the tender of defense.", decision)
    assert not side_checks.contradicts("Whether to accept or reject the tender of defense was theirs.", decision)
    stray = Check(type="texts_stray_date", values=["2026-03-13"], expect="2026-07-31")
    assert side_checks.stray_date("Hearing listed for 1 March 2026.", stray)
    assert not side_checks.stray_date("Date: July 24, 2026\nDismissed on 13 March 2026.", stray)  # the memo's own
    assert not side_checks.stray_date("We will report back by September 4, 2026.", stray)  # a promise ahead


def test_a_day_count_may_show_its_working_and_its_weeks():
    check = Check(type="answer_final", values=["50 days"], numbers=[50.0], unit="days", allowed=[9.0, 60.0])
    assert grade._final("July 9 to July 31 is 22 days; plus 28 days of August: 50 days.\nAnswer: 50 days", check)
    assert grade._final("That is 50 days after the meeting, i.e. 7 weeks and 1 day.\nAnswer: 50 days", check)
    assert not grade._final("That is 50 days, or 51 days counted inclusively.\nAnswer: 50 days", check)


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, task_set_of(world).tasks
    world.close()


def test_a_figure_follows_from_the_governing_side_of_a_greater_of(legal):
    world, _ = legal
    graph = Graph.of(world)
    cap = next(f for f in world.plan.facts if f.formula and f.formula.startswith("max("))
    inputs = working_inputs(graph, cap.id)
    sides = [{n.id for n in ast.walk(a) if isinstance(n, ast.Name)} for a in ast.parse(cap.formula, mode="eval").body.args]
    assert len(sides) == 2 and set(inputs) in sides  # one side's figures: the other, which does not govern, is no input


def test_write_tasks_carry_the_side_checks_and_ask_only_what_they_grade(legal):
    _, tasks = legal
    for t in tasks:
        if t.kind in ("reply", "post_chat"):
            assert not [c for c in t.rubric.criteria if "input_" in c.id]  # asked for both figures and the gap only
        if t.kind in side_checks.DELIVERABLE_KINDS:
            kinds = {c.check.type for c in t.rubric.negative_criteria}
            assert {"texts_stale", "texts_misstated", "texts_stray_date"} <= kinds, t.id
        else:  # of the checks on every text the agent wrote, only the ledger's own comparisons and ratios, and a
            # figure given to another party's name (owner_swapped_*)
            assert not any(c.check.type.startswith("texts_") and c.check.type not in ("texts_ledger", "texts_says")
                           for c in t.rubric.negative_criteria), t.id
        assert (t.kind == "review") != any(c.check.type == "texts_ledger" for c in t.rubric.negative_criteria), t.id


def test_a_deliverable_meets_its_side_statement_attacks(legal, tmp_path):
    world, tasks = legal
    reply = next(t for t in tasks if t.kind == "reply")
    names = {n for n, *_ in candidates(reply, world)}
    assert {"side_superseded", "side_current_figure", "side_redated", "side_right_date", "side_contrary_decision",
            "side_stray_date", "disowned", "figures_and_gap_only", "side_superseded_in_a_post"} <= names
    picked = {"figures_and_gap_only", "side_contrary_decision", "side_right_date_in_a_post", "side_redated_in_a_post"}
    outcomes = attack_task(reply, world, tmp_path / "reply", picked)
    assert {o.candidate for o in outcomes} == picked
    assert not [(o.candidate, o.score) for o in outcomes if o.wrong]
