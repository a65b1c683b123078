"""Tasks from the ledger: reference answers equal the ledger, the lint is clean, and each corruption is refused by name."""

from __future__ import annotations

import pytest

import worldsmith
from worldsmith.environments.grade import grade, mentions
from worldsmith.environments.lint import lint_task, make_task_set
from worldsmith.environments.session import Session


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, make_task_set(world)
    world.close()


@pytest.fixture(scope="module")
def diligence(published_diligence):
    world = worldsmith.open(published_diligence)
    yield world, make_task_set(world)
    world.close()


def _carriers(world, fact_id):
    return {a.path for a in world.plan.artifacts if fact_id in a.facts}


@pytest.mark.parametrize("which", ["legal", "diligence"])
def test_every_reference_answer_equals_the_ledger_and_the_lint_is_clean(request, which):
    world, task_set = request.getfixturevalue(which)
    assert task_set.refused == []
    kinds = {t.kind for t in task_set.tasks}
    assert {"lookup", "compare", "find_document", "reply", "file_document"} <= kinds
    assert "post_chat" in kinds or not world.chat  # both examples have chat channels
    for task in task_set.tasks:
        facts = [world.facts[f] for f in task.needs.facts]
        ref = task.reference.answer
        if task.id.startswith("asof-"):  # a value as it stood on a day: one of the ledger's earlier values
            assert ref in [p.text for p in facts[0].earlier] and ref != facts[0].text, task.id
        elif task.kind in ("lookup", "reply", "file_document", "post_chat"):
            assert ref == facts[0].text, task.id
        elif task.kind == "compare":
            a, b = facts
            diff = abs(float(a.value.amount) - float(b.value.amount))
            assert a.text in ref and b.text in ref and mentions(ref.rsplit(" by ", 1)[1], "", diff), task.id
        elif task.kind == "find_document":
            assert ref in _carriers(world, facts[0].id), task.id
        elif task.kind == "compute":
            assert facts[-1].text in ref, task.id


def test_the_legal_world_compares_figures_from_several_files(legal):
    world, task_set = legal
    compare = [t for t in task_set.tasks if t.kind == "compare"]
    assert compare and all(len(t.needs.files) == 2 for t in compare)
    # each party's maximum total liability, compared: Kestrel Bay's OPA 90 cap against Ostrander's exposure
    both = next(t for t in compare if set(t.needs.facts) == {"liability_cap", "energy_exposure"})
    cap, exposure = (world.facts[f].value.amount for f in ("liability_cap", "energy_exposure"))
    assert f"USD {cap - exposure:,.0f}" in both.reference.answer  # the difference, from the ledger
    computed = {t.needs.facts[-1] for t in task_set.tasks if t.kind == "compute"}
    assert {"liability_cap", "total_claims"} <= computed  # facts with formulas in the ledger


def test_a_value_as_it_stood_on_a_day_is_the_earlier_one_and_the_later_one_scores_0(legal, tmp_path):
    world, task_set = legal
    task = next(t for t in task_set.tasks if t.id.startswith("asof-"))
    fact = world.facts[task.needs.facts[0]]
    session = Session(world, tmp_path / "s")
    assert grade(task, session, task.reference.answer).score == 1.0
    assert grade(task, session, fact.text).score == 0.0


def test_grading_reads_figures_in_any_format_and_penalises_the_superseded_value(legal, tmp_path):
    world, task_set = legal
    task = next(t for t in task_set.tasks if t.id == "lookup-liability_cap")
    session = Session(world, tmp_path / "s")
    assert grade(task, session, "").score == 0.0
    cap = world.facts["liability_cap"]
    assert grade(task, session, f"It is {cap.text}.").score == 1.0
    assert grade(task, session, f"{float(cap.value.amount):.2f}").score == 1.0  # 156200000.00 for USD 156,200,000
    superseded = next(d for d in world.distractors if d.fact == "liability_cap")
    assert grade(task, session, f"{superseded.text}").score == 0.0
    assert grade(task, session, f"{cap.text} (earlier {superseded.text})").score == 0.0  # negative criterion


def test_a_chat_task_scores_a_post_in_its_channel_only(legal, tmp_path):
    from worldsmith.environments import chat_app

    world, task_set = legal
    task = next(t for t in task_set.tasks if t.kind == "post_chat")
    fact = world.facts[task.needs.facts[0]]
    channel = task.solution.actions[0].args["channel"]
    session = Session(world, tmp_path / "s")
    assert grade(task, session).score == 0.0
    other = next((c.id for c in world.chat if c.id != channel and session.user in c.members), None)
    if other is not None:  # the right figure in the wrong conversation does not count
        chat_app.post(session, other, f"It is {fact.text}.")
        assert grade(task, session).score == 0.0
    chat_app.post(session, channel, f"For the record: {fact.text}.")
    assert grade(task, session).score == 1.0
    session.reset()
    assert grade(task, session).score == 0.0


def _refusals(task, world, tmp_path):
    return {r.reason for r in lint_task(task, world, Session(world, tmp_path / "lint"))}


@pytest.mark.parametrize("which", ["legal", "diligence"])
def test_corrupted_tasks_are_refused_each_by_name(request, which, tmp_path):
    world, task_set = request.getfixturevalue(which)
    # a lookup of a figure (the legal example's OPA 90 cap, the diligence example's first money fact)
    lookup = next(t for t in task_set.tasks if t.kind == "lookup" and not t.id.startswith("asof-")
                  and getattr(world.facts[t.needs.facts[0]].value, "type", None) == "money")
    fact_id = lookup.needs.facts[0]
    assert _refusals(lookup, world, tmp_path) == set()  # the clean task itself passes

    gone = lookup.model_copy(update={"needs": lookup.needs.model_copy(update={"files": ["Damages/No such file.xlsx"]})})
    assert _refusals(gone, world, tmp_path) == {"missing_input"}

    # a real file that does not carry the figure: nothing in the room answers the question
    elsewhere = next(a.path for a in world.plan.artifacts if a.kind == "document" and fact_id not in a.facts)
    underivable = lookup.model_copy(update={
        "needs": lookup.needs.model_copy(update={"files": [elsewhere]}),
        "reference": lookup.reference.model_copy(update={"params": [fact_id, elsewhere]})})
    assert _refusals(underivable, world, tmp_path) == {"underivable"}

    value = world.facts[fact_id].value
    wrong_number = float(value.amount) * 0.9 + 1  # a figure the room never states
    wrong = f"{value.currency} {wrong_number:,.0f}"
    criteria = [c.model_copy(update={"check": c.check.model_copy(update={"values": [wrong], "numbers": [wrong_number]})})
                for c in lookup.rubric.criteria]
    contradicted = lookup.model_copy(update={
        "reference": lookup.reference.model_copy(update={"answer": wrong, "expect": [[wrong]]}),
        "rubric": lookup.rubric.model_copy(update={"criteria": criteria}),
        "solution": lookup.solution.model_copy(update={"answer": wrong})})
    assert _refusals(contradicted, world, tmp_path) == {"contradicted"}

    # a note to file that the room already holds: doing nothing would pass
    filing = next(t for t in task_set.tasks if t.kind == "file_document")
    fact = world.facts[filing.needs.facts[0]]
    existing = next(p.relative_to(world.room).as_posix() for p in sorted(world.room.rglob("*.md"))
                    if fact.text in " ".join(p.read_text(encoding="utf-8").split()))
    criteria = [c.model_copy(update={"check": c.check.model_copy(update={"path": existing})})
                for c in filing.rubric.criteria]
    at_start = filing.model_copy(update={"rubric": filing.rubric.model_copy(update={"criteria": criteria})})
    assert "satisfied_at_start" in _refusals(at_start, world, tmp_path)

    bad_oracle = lookup.model_copy(update={"solution": lookup.solution.model_copy(update={"answer": "no idea"})})
    assert _refusals(bad_oracle, world, tmp_path) == {"oracle_fails"}


def test_the_same_question_twice_is_refused_as_a_duplicate(legal):
    from worldsmith.environments.lint import lint_tasks

    world, task_set = legal
    first = task_set.tasks[0]
    kept, refused = lint_tasks([first, first.model_copy(update={"id": first.id + "-again"})], world)
    assert [t.id for t in kept] == [first.id]
    assert [(r.task, r.reason) for r in refused] == [(first.id + "-again", "duplicate")]


def test_the_same_world_gives_the_same_tasks_byte_for_byte(legal):
    world, task_set = legal
    assert make_task_set(world).model_dump_json() == task_set.model_dump_json()
