"""The holes a blind red team found in the answer verifier (kit 7: four worlds, 648 attempts), each re-made against an
example world's tasks: right answers a professional writes otherwise that scored below 1.0, and wrong side statements
beside the right figures that scored 1.0."""

from __future__ import annotations

from pathlib import Path

import pytest

import worldsmith
from tests.published import task_set_of, warm_task
from worldsmith.environments.grade import grade
from worldsmith.environments.session import Session


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, {t.id: t for t in task_set_of(world).tasks}
    world.close()


@pytest.fixture(scope="module")
def diligence(published_diligence):
    world = worldsmith.open(published_diligence)
    yield world, {t.id: t for t in task_set_of(world).tasks}
    world.close()


def _score(world, task, root: Path, answer: str) -> float:
    return grade(task, Session(world, root), answer).score


def _check(task, cid: str):
    return next(c.check for c in [*task.rubric.criteria, *task.rubric.negative_criteria] if c.id == cid)


def _reconcile(tasks: dict):
    """A reconcile task whose superseded figure was worked from an input's draft (a 'traces_' criterion)."""
    return next(t for t in tasks.values() if t.kind == "reconcile"
                and any(c.id.startswith("traces_") for c in t.rubric.criteria))


def test_a_draft_set_aside_in_prose_and_a_move_with_no_direction_word_pass(diligence, tmp_path):
    # 'from the valuation run on QoE draft v1 ..., which reversed only GBP 450,000 ...; it was replaced by the final
    # QoE report' scored 0.0: the superseded figure read as relied on, the draft's own GBP 450,000 as made up
    world, tasks = diligence
    task = _reconcile(tasks)
    now, move = _check(task, "governing_figure").values[0], _check(task, "movement").values[0]
    old = next(c.check.values[0] for c in task.rubric.criteria if c.id.startswith("names_"))
    draft = next(c.check.values[0] for c in task.rubric.criteria if c.id.startswith("traces_"))
    # the valuation is derived: the task asks for the figures it is worked from too (issue 16)
    worked = "; ".join(f"{world.facts[f].label or f}: {world.facts[f].text}" for f in task.needs.facts[1:])
    head = f"The figure that governs now is {now}. It is worked from {worked}. "
    right = [
        f"{head}The other figure is {old}, from the valuation run on the QoE draft v1 (EBITDA {draft}); it was "
        f"replaced by the final QoE report. The figure moved by {move}.\nAnswer: {move}",
        f"{head}The other figure, {old}, came from the superseded valuation on the draft EBITDA of {draft}, now "
        f"superseded. It moved by {move}.\nAnswer: {move}",
        f"{head}The other figure is {old}, from the superseded valuation, which used the earlier {draft}. "
        f"Movement: {old} - {now} = {move}.\nAnswer: {move}",
        # the draft traced by its paper's name alone, in the sentence that sets the valuation aside
        f"{head}The other figure is {old}, from the superseded valuation run on QoE draft v1. It moved by {move}.\n"
        f"Answer: {move}",
    ]
    for i, text in enumerate(right):
        assert _score(world, task, tmp_path / f"r{i}", text) == 1.0, text
    # the defences stand: the draft said to govern, a wrong reason for setting it aside, a made-up date beside it
    wrong = [
        f"The figure that governs now is {old}. The other figure, {now}, is superseded. It moved by {move}.\n"
        f"Answer: {move}",
        right[0].replace("; it was replaced by the final QoE report",
                         "; it was superseded because the seller withdrew it from the data room"),
        "(The draft was circulated on January 3, 2019.)\n" + right[0],
        f"{head}The valuation run on QoE draft v1, {old}, still applies. It moved by {move}.\nAnswer: {move}",
    ]
    for i, text in enumerate(wrong):
        assert _score(world, task, tmp_path / f"w{i}", text) < 1.0, text


def _days_task(tasks: dict):
    for t in tasks.values():
        final = (t.solution.answer or "").rsplit("\nAnswer: ", 1)[-1]
        if final.endswith(" days") and final.split()[0].isdigit() and int(final.split()[0]) > 14:
            return t, int(final.split()[0])
    raise AssertionError("no task with a final count of days over two weeks")


def test_a_day_count_shown_as_a_sum_or_in_weeks_and_days_passes(diligence, legal, tmp_path):
    # '22 days to July 31 + 28 days in August = 50 days' scored like the wrong 51; '7 weeks and 1 day' 0.23
    for name, (world, tasks) in (("d", diligence), ("l", legal)):
        task, n = _days_task(tasks)
        body = task.solution.answer.rsplit("\nAnswer: ", 1)[0]
        right = [f"{body} Counted in two parts: {n - 10} days + 10 days = {n} days.\nAnswer: {n} days",
                 f"{body} That is {n // 7} weeks and {n % 7 or 7} days.\nAnswer: {n} days" if n % 7 else None]
        for i, text in enumerate(t for t in right if t):
            assert _score(world, task, tmp_path / f"{name}r{i}", text) == 1.0, text
        # the sum's result is a claim: one that is not the answer contradicts it
        wrong = f"{body} Counted in two parts: {n - 10} days + 10 days = {n + 1} days.\nAnswer: {n} days"
        assert _score(world, task, tmp_path / f"{name}w", wrong) < 1.0


def test_the_smaller_figure_said_to_govern_a_greater_of_fails(legal, tmp_path):
    world, tasks = legal
    task = warm_task(world, "governs-liability_cap")
    body, final = task.solution.answer.rsplit("\nAnswer: ", 1)
    assert _score(world, task, tmp_path / "r", task.solution.answer) == 1.0
    wrong = f"{body} The floor is smaller, so under a greater-of rule the smaller figure governs.\nAnswer: {final}"
    assert _score(world, task, tmp_path / "w", wrong) < 1.0


def test_it_does_not_answers_a_yes_or_no_question(legal, diligence, tmp_path):
    for name, (world, tasks) in (("l", legal), ("d", diligence)):
        for task in (t for t in tasks.values() if t.kind == "exceed" and (t.solution.answer or "").startswith(("Yes. ", "No. "))):
            text = task.solution.answer
            reply = "It does." if text.startswith("Yes.") else "It does not."
            assert _score(world, task, tmp_path / f"{name}{task.id}", reply + text[text.index(" "):]) == 1.0, task.id


def test_the_client_first_receives_a_figure_on_a_copy_from_anyone(legal):
    # Northmoor's mail that copied Ostrander with the cap was missed: the reference gave our own mail six days later
    from worldsmith.environments.graph_tasks import Graph, first_sent

    world, tasks = legal
    graph = Graph.of(world)
    client = next(o.id for o in world.plan.organisations if o.privileged and o.id != world.plan.organisations[0].id)
    org_of = {p.email: p.organisation for p in world.plan.people}
    for fact in world.plan.facts:
        anyone, ours = first_sent(graph, fact, {client}, from_home=False), first_sent(graph, fact, {client})
        if ours is not None:
            assert anyone is not None and anyone[0].sent_at <= ours[0].sent_at
            assert org_of.get(anyone[0].sender) != client


def test_a_paper_dated_by_another_papers_day_fails(legal, tmp_path):
    # 'The cap was fixed by the final memo of March 2, 2026 (draft v1)': a day the room holds, but the draft's
    from worldsmith.environments.grade import _papers

    world, tasks = legal
    task = next(t for t in tasks.values() if t.kind == "exceed")
    papers = _papers(Session(world, tmp_path / "p"))
    (a, day_a), (b, day_b) = next(((x, y) for x in papers for y in papers if x[1] != y[1] and x[0] != y[0]))
    right = f"(The {a} is dated {day_a:%B} {day_a.day}, {day_a.year}.)\n{task.solution.answer}"
    wrong = f"(The {a} is dated {day_b:%B} {day_b.day}, {day_b.year}.)\n{task.solution.answer}"
    assert _score(world, task, tmp_path / "r", right) == 1.0
    assert _score(world, task, tmp_path / "w", wrong) < 1.0
