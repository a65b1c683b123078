"""The client's chronology of a group of figures: the first mail to the client that carries each figure (and its
attachment where only that carries it) are the files a task needs, no fewer and no others; the answer's days and span
are graded, and a figure given another figure's day costs."""

from __future__ import annotations

import re

import pytest

import worldsmith
from worldsmith.environments.attacks import attack_task, rates
from worldsmith.environments.chronology_tasks import _client, chronology_tasks
from worldsmith.environments.grade import grade
from worldsmith.environments.graph_tasks import Graph, _guarded, first_sent
from worldsmith.environments.lint import lint_tasks
from worldsmith.environments.session import Session
from worldsmith.environments.task_metrics import trap_guarded


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    graph = Graph.of(world)
    yield world, graph, [_guarded(graph, t) for t in chronology_tasks(graph)]
    world.close()


def test_a_chronology_needs_exactly_the_first_mail_to_the_client_for_each_figure(legal):
    world, graph, tasks = legal
    assert tasks
    client = _client(graph)
    for task in tasks:
        wanted = set()
        for fid in task.needs.facts:
            message, path, carrier = first_sent(graph, world.facts[fid], {client})
            wanted |= {path, carrier}
        # every file named must be read for a day the answer gives, and none of them can be skipped
        assert set(task.needs.files) == wanted
        assert len(task.needs.files) >= 3 and "mail" in task.needs.apps
        rows = world.db.execute(task.reference.sql, task.reference.params).fetchall()
        assert [list(r) for r in rows] == task.reference.expect


def test_no_group_asked_is_inside_another(legal):
    _, _, tasks = legal
    groups = [set(t.needs.facts) for t in tasks]
    assert len({frozenset(g) for g in groups}) == len(groups)
    assert not any(a < b for a in groups for b in groups)
    # nor two that differ by one figure each way (seed 97, supply-surcharge: 'the disputed excess, the surcharge claimed
    # and the surcharge payable' asked again with the cap for the payable; the cap, its percentage and the contract
    # value asked again with the index rise)
    assert not any(len(a - b) <= 1 and len(b - a) <= 1 for i, a in enumerate(groups) for b in groups[i + 1:])


def test_a_group_one_figure_from_an_asked_one_asks_the_same_question():
    from worldsmith.environments.chronology_tasks import same_question

    asked = frozenset({"claimed", "payable", "excess"})
    assert same_question(frozenset({"claimed", "cap", "excess"}), asked)
    assert same_question(frozenset({"claimed", "payable", "excess", "rate"}), asked)
    assert same_question(frozenset({"claimed", "payable"}), asked)
    assert not same_question(frozenset({"cap", "cap_rate", "contract_value"}), asked)
    assert not same_question(frozenset({"claimed", "salary", "rate", "excess"}), asked)


def test_the_oracle_passes_and_a_figure_given_another_figures_day_fails(legal, tmp_path):
    world, graph, tasks = legal
    session = Session(world, tmp_path / "s")
    for task in tasks:
        answer = task.solution.answer
        assert grade(task, session, answer).score == 1.0
        days = re.findall(r"on ([A-Z][a-z]+ \d{1,2}, \d{4}), from", answer)
        if len(set(days)) > 1:
            first, other = days[0], next(d for d in days if d != days[0])
            swapped = answer.replace(f"on {first}, from", "on \0, from").replace(f"on {other}, from", f"on {first}, from")
            assert grade(task, session, swapped.replace("\0", other)).score < 1.0, task.id
        span = answer.rsplit("Answer: ", 1)[1]
        wrong = str(int(span.split()[0]) + 7) + " days"
        assert grade(task, session, answer.replace(span, wrong)).score < 1.0
        assert grade(task, session, "").score == 0.0


def test_chronologies_pass_the_lint_and_the_attack_suite(legal, tmp_path):
    world, _, tasks = legal
    kept, refused = lint_tasks(tasks, world)
    assert not refused, refused
    outcomes = [o for t in kept[:2] for o in attack_task(t, world, tmp_path / t.id)]
    assert rates(outcomes)["false_positive"] == 0 and rates(outcomes)["false_negative"] == 0, \
        [o for o in outcomes if o.wrong]


def test_a_task_whose_fact_has_a_superseded_draft_is_guarded_only_with_a_negative_naming_it(legal):
    world, _, _ = legal
    from tests.published import graph_tasks_of

    trapped = [t for t in graph_tasks_of(world) if trap_guarded(t, world) is not None]  # made once per session
    assert trapped and all(trap_guarded(t, world) for t in trapped if t.kind == "reconcile")
    bare = trapped[0].model_copy(update={"rubric": trapped[0].rubric.model_copy(update={"negative_criteria": []})})
    assert trap_guarded(bare, world) is False
