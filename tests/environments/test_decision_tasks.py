"""Decision checks: the decision's day and maker, the date still ahead of it, the figure it acts on and its paper."""

from __future__ import annotations

import pytest

import worldsmith
from worldsmith.environments.decision_tasks import decision_tasks
from worldsmith.environments.grade import grade
from worldsmith.environments.graph_tasks import Graph
from worldsmith.environments.lint import apply_solution
from worldsmith.environments.session import Session


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, decision_tasks(Graph.of(world))
    world.close()


def test_a_decision_is_checked_against_the_nearest_date_ahead_from_three_papers(legal):
    world, tasks = legal
    assert [t.id for t in tasks] == ["decision-tender_decision-answer_deadline"]
    task = tasks[0]
    assert len(task.needs.files) == 3 and task.needs.apps == ["drive", "mail"]
    assert task.solution.answer.endswith("Answer: 15 days")  # April 16 to May 1, written in no file
    assert "judgement" in task.tags


def test_the_oracle_scores_1_and_a_wrong_count_less(legal, tmp_path):
    world, tasks = legal
    task = tasks[0]
    session = Session(world, tmp_path / "s")
    apply_solution(task, session)
    assert grade(task, session).score == 1.0
    session.reset()
    wrong = task.model_copy(update={"solution": task.solution.model_copy(update={
        "answer": task.solution.answer.replace("15 days", "16 days")})})
    apply_solution(wrong, session)
    assert grade(task, session).score < 1.0


def test_the_working_is_never_the_decisions_own_record(legal):
    # blind red team kit29a: the board's minutes, and papers written after the decision, were taken as the working
    # its figure comes from (three wrong answers 1.0); here the letter that carries the tender's rejection
    from worldsmith.environments.decision_tasks import _carried

    world, tasks = legal
    task = tasks[0]
    own = {r[0] for r in _carried(Graph.of(world), task.needs.facts[0])}
    working = next(c.check.values for c in task.rubric.criteria if c.id == "names_working" or
                   c.check.a_words == ["Working from"])
    assert working and not own & set(working), own & set(working)
