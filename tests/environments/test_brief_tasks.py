"""Pre-meeting briefs: the agenda's figures as they stood on the meeting's day, read from the calendar and the files
dated before it, ending in a figure no file writes."""

from __future__ import annotations

import zoneinfo

import pytest

import worldsmith
from tests.published import graph_tasks_of
from worldsmith.environments.attacks import attack_task
from worldsmith.environments.kind_tasks.calendar import brief_tasks
from worldsmith.environments.grade import grade
from worldsmith.environments.graph_tasks import Graph, exceed_pairs
from worldsmith.environments.lint import lint_tasks
from worldsmith.environments.session import Session
from worldsmith.environments.tasks import the


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, Graph.of(world), brief_tasks(Graph.of(world))
    world.close()


def _meeting(world, task):
    """The calendar artifact a brief is about, and its start."""
    meeting = next(a for a in world.artifacts_of("calendar") if task.id.startswith(f"brief-{a.id}-"))
    start = world.db.execute("""select "at" from artifacts where id = ?""", [meeting.id]).fetchone()[0]
    return meeting, start


def test_a_brief_reads_the_calendar_and_only_files_the_room_held_before_the_meeting(legal):
    world, _, tasks = legal
    assert tasks
    for task in tasks:
        meeting, start = _meeting(world, task)
        assert meeting.path in task.needs.files and "calendar" in task.needs.apps
        assert len(task.needs.files) >= 2 and len(task.needs.apps) >= 2
        for path in task.needs.files:
            if path == meeting.path:
                continue
            first = world.db.execute("""select min("at") from artifacts where path = ?""", [path]).fetchone()[0]
            assert first < start, path
        # each figure is the one the room held that day, and some file dated before the meeting carries it
        rows = world.db.execute(task.reference.sql, task.reference.params).fetchall()
        assert [list(r) for r in rows] == task.reference.expect


def test_a_figure_the_room_changed_later_is_briefed_as_it_stood(legal, tmp_path):
    world, _, tasks = legal
    changed = []
    for task in tasks:
        _, start = _meeting(world, task)
        day = start.astimezone(zoneinfo.ZoneInfo(world.plan.timezone)).date()
        for fid in task.needs.facts:
            fact = world.facts[fid]
            then = fact.on(day)
            if then and then[1] != fact.text:
                changed.append((task, fact, then[1]))
    assert changed, "the legal example's removal costs rose after the first weekly call, whose agenda carries them"
    session = Session(world, tmp_path / "s")
    for task, fact, then in changed:
        answer = task.solution.answer
        assert then in answer and fact.text not in answer
        assert grade(task, session, answer).score == 1.0
        # naming what the figure later became is no slip; briefing the day on it, gap and all, is
        body, _, final = answer.rpartition("\nAnswer: ")
        noted = f"{body} ({the(fact, capital=True)} later rose to {fact.text}.)\nAnswer: {final}"
        assert grade(task, session, noted).score == 1.0
        trap = next(c for c in task.rubric.negative_criteria if c.id == f"later_{fact.id}")
        later_gap = trap.check.values[0]
        assert later_gap != final
        worked_later = body.replace(then, fact.text).replace(final, later_gap) + f"\nAnswer: {later_gap}"
        assert grade(task, session, worked_later).score < 0.5


def test_the_final_figure_is_written_in_no_file(legal):
    world, graph, tasks = legal
    for task in tasks:
        final = next(c.check for c in task.rubric.criteria if c.check.type == "answer_final")
        hit = world.db.execute("select path from artifact_text where contains(text, ?) limit 1",
                               [final.values[0]]).fetchone()
        assert hit is None, (task.id, final.values[0], hit)


def test_no_brief_weighs_a_figure_against_its_own_part_or_an_exceedance_already_asked(legal):
    world, graph, tasks = legal
    asked = {frozenset((b.id, s.id)) for b, s in exceed_pairs(graph)[:2]}
    for task in tasks:
        if "-vs-" not in task.id:
            continue
        meeting, _ = _meeting(world, task)
        partner = task.id.split("-vs-")[1]
        agenda = next(f for f in meeting.facts if f in task.needs.facts)
        assert frozenset((agenda, partner)) not in asked
        formula = world.facts[agenda].formula or ""
        assert partner not in formula


def test_briefs_pass_the_lint_and_the_attack_suite(legal, tmp_path):
    from worldsmith.environments.graph_tasks import _guarded
    world, graph, made = legal
    # As the task maker ships them: with the negatives every task carries (a disowned answer costs its defers)
    tasks = [_guarded(graph, t) for t in made]
    kept, refused = lint_tasks(tasks, world)
    assert not refused and len(kept) == len(tasks)
    for task in kept:
        wrong = [(o.candidate, o.score) for o in attack_task(task, world, tmp_path / task.id) if o.wrong]
        assert not wrong, (task.id, wrong)


def test_briefs_are_part_of_the_graph_tasks_at_distinct_states_of_the_matter(legal):
    world, _, tasks = legal
    ids = {t.id for t in graph_tasks_of(world)}  # graph_tasks for the first person, made once per session
    assert {t.id for t in tasks} <= ids
    answers = [t.solution.answer.rsplit("Answer:", 1)[1] for t in tasks]
    assert len(set(answers)) == len(answers)  # no two briefs of one series at the same state


@pytest.fixture(scope="module")
def diligence(published_diligence):
    world = worldsmith.open(published_diligence)
    # every brief the calendar makes, not only the four the task set keeps (a weekly series keeps its two deepest)
    yield world, brief_tasks(Graph.of(world), limit=50, per_series=50)
    world.close()


def test_a_meeting_with_a_date_on_its_agenda_gets_a_timetable_counted_from_that_date(diligence, tmp_path):
    world, tasks = diligence
    timetables = [t for t in tasks if "-timetable-" in t.id]
    assert timetables, "the diligence example's weekly calls carry the signing target"
    session = Session(world, tmp_path / "s")
    for task in timetables:
        meeting, start = _meeting(world, task)
        day = start.astimezone(zoneinfo.ZoneInfo(world.plan.timezone)).date()
        anchor = world.facts[task.id.split("-timetable-")[1]]
        dates = [world.facts[f].on(day)[0].value for f in task.needs.facts if f != anchor.id]
        assert len(dates) >= 2 and all(d > anchor.value.value for d in dates)
        span = (max(dates) - anchor.value.value).days
        final = next(c.check for c in task.rubric.criteria if c.check.type == "answer_final")
        assert final.values == [f"{span} days"] and meeting.path in task.needs.files
        assert grade(task, session, task.solution.answer).score == 1.0
        from_meeting = (max(dates) - day).days
        wrong = task.solution.answer.replace(f"Answer: {span} days", f"Answer: {from_meeting} days")
        assert grade(task, session, wrong).score < 1.0


@pytest.fixture(scope="module")
def audit(published_hospital):
    world = worldsmith.open(published_hospital)
    yield world, brief_tasks(Graph.of(world))
    world.close()


def test_a_deadline_on_the_agenda_is_counted_from_the_meeting(audit, tmp_path):
    world, tasks = audit
    countdowns = [t for t in tasks if "-to-" in t.id]
    assert countdowns, "the audit example's committee session carries the refund deadline"
    session = Session(world, tmp_path / "s")
    for task in countdowns:
        meeting, start = _meeting(world, task)
        day = start.astimezone(zoneinfo.ZoneInfo(world.plan.timezone)).date()
        deadline = world.facts[task.id.split("-to-")[1]]
        days = (deadline.value.value - day).days
        assert task.solution.answer.endswith(f"Answer: {days} days")
        assert grade(task, session, task.solution.answer).score == 1.0
        # the agenda's figure as the superseded draft gave it costs the brief its full marks
        draft = next(d for d in world.plan.distractors if d.fact in task.needs.facts)
        agenda_now = world.facts[draft.fact].text
        assert grade(task, session, task.solution.answer.replace(agenda_now, draft.text)).score < 1.0
        kept, refused = lint_tasks([task], world)
        assert kept and not refused


def test_a_brief_with_two_of_the_days_figures_swapped_between_their_labels_costs(legal, tmp_path):
    """Red team: a brief giving the NRD claimed as the economic loss and the other way round scored 1.0."""
    world, _, tasks = legal
    session = Session(world, tmp_path / "s")
    checked = 0
    for task in tasks:
        answer = task.solution.answer
        pairs = [(c.check.expect, v) for c in task.rubric.negative_criteria if c.id.startswith("swaps_into_")
                 for v in c.check.values if answer.count(c.check.expect) == 1 and answer.count(v) == 1]
        if not pairs:
            continue
        a, b = pairs[0]
        assert grade(task, session, answer).score == 1.0
        swapped = answer.replace(a, "@@").replace(b, a).replace("@@", b)
        assert grade(task, session, swapped).score < 1.0, task.id
        checked += 1
    assert checked
