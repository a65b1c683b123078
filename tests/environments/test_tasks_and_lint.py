"""Tasks from the ledger's graph: answers the engine computes, needs that span files, a lint that refuses by name."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

import worldsmith
from tests.published import task_set_of, warm_task
from worldsmith.environments.grade import grade
from worldsmith.environments.lint import lint_task, make_task_set
from worldsmith.environments.session import Session
from worldsmith.environments.task_metrics import grep_solvable, spread


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, task_set_of(world)
    world.close()


@pytest.fixture(scope="module")
def diligence(published_diligence):
    world = worldsmith.open(published_diligence)
    yield world, task_set_of(world)
    world.close()


@pytest.mark.parametrize("which", ["legal", "diligence"])
def test_the_task_set_is_deep_and_the_lint_is_clean(request, which):
    world, task_set = request.getfixturevalue(which)
    assert task_set.refused == []
    kinds = {t.kind for t in task_set.tasks}
    assert {"what_if", "exceed", "reconcile", "reply", "memo"} <= kinds
    assert all(grep_solvable(t, world) is None for t in task_set.tasks)
    shape = spread(task_set.tasks, world)
    assert shape["judgement_or_deliverable"] >= 0.2
    assert shape["median_criteria"] >= 4
    assert all(t.rubric.negative_criteria for t in task_set.tasks if world.plan.distractors
               and set(t.needs.facts) & {d.fact for d in world.plan.distractors})
    for task in task_set.tasks:  # every file a task needs is a real file of the room, and carries what it needs
        assert task.needs.files and task.needs.apps
        assert {"state_forged", "room_damaged", "privileged_leak"} <= {c.id for c in task.rubric.universal_penalties}


def test_a_what_if_is_the_ledger_recomputed_with_one_input_changed(legal):
    world, task_set = legal
    # (the cap's what-if changes an input read in a second paper (the per-ton limit, or the tonnage where the
    # example's thread points give it again), never one only the cap's own paper gives: that would be a warm-up)
    task = next(t for t in task_set.tasks if t.id.startswith("whatif-liability_cap-") and "-vs-" not in t.id)
    changed = task.id.removeprefix("whatif-liability_cap-")
    assert changed in ("per_ton_limit", "gross_tonnage"), task.id
    facts = world.facts
    supposed = Decimal(task.instruction.split(" were ")[1].split()[0 if changed == "gross_tonnage" else 1]
                       .rstrip(",.;").replace(",", ""))
    rate, tons = facts["per_ton_limit"].value.amount, facts["gross_tonnage"].value.value
    assert supposed != (rate if changed == "per_ton_limit" else tons)
    rate, tons = (supposed, tons) if changed == "per_ton_limit" else (rate, supposed)
    expected = max(rate * tons, facts["limit_floor"].value.amount)
    answer = task.solution.answer.splitlines()[-1]
    assert Decimal(answer.removeprefix("Answer: USD ").replace(",", "")) == expected, (task.instruction, answer)
    # the answer is in no file of the room: reading is not enough
    texts = [t for (t,) in world.db.execute("select text from artifact_text").fetchall()]
    assert not any(f"{expected:,.0f}" in t for t in texts)


def test_a_governing_figure_is_read_from_max_and_min_in_the_ledger(legal, tmp_path):
    world, task_set = legal
    task = next(t for t in task_set.tasks if t.id == "governs-energy_exposure")
    session = Session(world, tmp_path / "s")
    assert grade(task, session, task.solution.answer).score == 1.0
    demand, cap = world.facts["contribution_demand"].text, world.facts["cp_indemnity_cap"].text
    gap = "USD 40,987,500"
    right = (f"The contribution demand ({demand}) is higher than the Clause 41.3 cap ({cap}), so the cap governs: "
             f"Ostrander's maximum exposure is {cap}.\nAnswer: {gap}")
    assert grade(task, session, right).score == 1.0
    wrong = (f"The Clause 41.3 cap ({cap}) is higher than the contribution demand ({demand}), so the demand governs: "
             f"Ostrander's maximum exposure is {cap}.\nAnswer: {gap}")
    assert grade(task, session, wrong).score < 1.0


def test_an_as_of_question_wants_the_figure_then_and_the_move_since(legal, tmp_path):
    world, task_set = legal
    task = next(t for t in task_set.tasks if t.kind == "as_of")
    fact = world.facts[task.needs.facts[0]]
    then, now = fact.earlier[-1], fact
    session = Session(world, tmp_path / "s")
    assert grade(task, session, task.solution.answer).score == 1.0
    move = f"USD {now.value.amount - then.value.amount:,.0f}"
    # the current figure given as the one the client had then: the figure then is missing, the score falls
    assert grade(task, session, f"They had {now.text}; it has moved {move}.\nAnswer: {move}").score < 1.0
    assert grade(task, session, f"{then.text}").score < 1.0


def test_a_reconciliation_sets_the_superseded_figures_aside(legal, tmp_path):
    world, task_set = legal
    task = next(t for t in task_set.tasks if t.id == "reconcile-liability_cap")
    cap = world.facts["liability_cap"]
    draft = next(d for d in world.distractors if d.fact == "liability_cap")
    move = f"USD {cap.value.amount - draft.value.amount:,.0f}"
    session = Session(world, tmp_path / "s")
    # the cap is derived: the task asks for the figures it is worked from too (issue 16: the governing figure and its
    # inputs), read where they stand now, not in the superseded draft
    inputs = [world.facts[f] for f in task.needs.facts[1:]]
    assert inputs and "worked from" in task.instruction
    drafts = {a.path for a in world.plan.artifacts if a.distractor is not None}
    assert len(task.needs.files) >= 3 and set(task.needs.files) & drafts
    worked = " It is worked from " + "; ".join(f"{f.label or f.id}, {f.text}" for f in inputs) + "."
    good = (f"The cap that governs is {cap.text}.{worked} The draft figure of {draft.text} was superseded by the final "
            f"memo.\nAnswer: {move}")
    assert grade(task, session, good).score == 1.0
    bare = f"The cap that governs is {cap.text}. The draft figure of {draft.text} was superseded.\nAnswer: {move}"
    assert grade(task, session, bare).score < 1.0
    relies = f"The cap that governs is {draft.text}; {cap.text} came later.\nAnswer: {move}"
    assert grade(task, session, relies).score < 1.0


def test_a_memo_is_graded_on_its_block_its_figures_and_nothing_else(legal, tmp_path):
    from worldsmith.environments.lint import apply_solution

    world, task_set = legal
    task = next(t for t in task_set.tasks if t.kind == "memo")
    path = task.solution.actions[0].args["path"]
    text = task.solution.actions[0].args["text"]
    session = Session(world, tmp_path / "s")
    apply_solution(task, session)
    assert grade(task, session).score == 1.0
    session.reset()
    session.write_document(path, text.replace("To: ", "Attention: "))  # no memo block
    assert grade(task, session).score < 1.0
    session.reset()
    session.write_document(path, text + "\nWe also see exposure of USD 1,234,567.\n")  # a figure the ledger lacks
    assert grade(task, session).score < 1.0
    session.reset()
    apply_solution(task, session)
    session.write_document("Scratch/notes.md", "thinking\n")  # junk beside the deliverable
    assert grade(task, session).score < 1.0


def test_a_solution_calling_a_tool_no_app_of_the_world_has_is_an_error(legal, tmp_path):
    from pydantic import ValidationError

    from worldsmith.environments.lint import apply_solution
    from worldsmith.environments.tasks import Action, Solution
    from worldsmith.worlds.errors import SessionError

    world, task_set = legal
    task = next(t for t in task_set.tasks if t.kind == "memo")
    odd = task.model_copy(update={"solution": Solution(actions=[Action(tool="fax_send", args={})])})
    with pytest.raises(SessionError, match="'fax_send', a tool no app of this world has"):
        apply_solution(odd, Session(world, tmp_path / "s"))
    assert Action(tool="chat_post", args={}).tool == "chat_post"  # a kind's app's tool: the registry's, not a list here
    with pytest.raises(ValidationError):
        Action(tool="chat_post; rm -rf /", args={})


def _refusals(task, world, tmp_path):
    return {r.reason for r in lint_task(task, world, Session(world, tmp_path / "lint"))}


def test_corrupted_tasks_are_refused_each_by_name(legal, tmp_path, monkeypatch):
    from tests.published import graph_tasks_from_the_session
    from worldsmith.environments.tasks import make_tasks

    graph_tasks_from_the_session(monkeypatch)  # make_tasks below reads the graph's tasks the session made once

    world, task_set = legal
    task = next(t for t in task_set.tasks if t.kind == "exceed")
    assert _refusals(task, world, tmp_path) == set()

    gone = task.model_copy(update={"needs": task.needs.model_copy(update={"files": ["Damages/No such file.xlsx"]})})
    assert _refusals(gone, world, tmp_path) == {"missing_input"}

    nothing = task.model_copy(update={"reference": task.reference.model_copy(update={"params": ["no_such_fact"]})})
    assert "underivable" in _refusals(nothing, world, tmp_path)

    contradicted = task.model_copy(update={"reference": task.reference.model_copy(update={"expect": [[99.0]]})})
    assert _refusals(contradicted, world, tmp_path) == {"contradicted"}

    bad_oracle = task.model_copy(update={"solution": task.solution.model_copy(update={"answer": "no idea"})})
    assert _refusals(bad_oracle, world, tmp_path) == {"oracle_fails"}

    # a one-file lookup is grep-solvable: refused unless tagged as a warm-up
    lookup = next(t for t in make_tasks(world, warmups=True) if t.kind == "lookup")
    assert _refusals(lookup, world, tmp_path) == set()
    untagged = lookup.model_copy(update={"tags": []})
    refusals = _refusals(untagged, world, tmp_path)
    assert "grep_solvable" in refusals or "final" not in str(untagged.rubric)


def test_the_same_question_twice_is_refused_as_a_duplicate(legal):
    from worldsmith.environments.lint import lint_tasks

    world, task_set = legal
    first = task_set.tasks[0]
    kept, refused = lint_tasks([first, first.model_copy(update={"id": first.id + "-again"})], world)
    assert [t.id for t in kept] == [first.id]
    assert [(r.task, r.reason) for r in refused] == [(first.id + "-again", "duplicate")]


def test_the_same_world_gives_the_same_tasks_byte_for_byte(legal, monkeypatch):
    world, task_set = legal
    # Both sets are made afresh from the world, the graph's tasks too, but those once for both (about 2.8 s of CPU
    # a time, issue 22 'keep the suite under 6 minutes'): the first set, held to the session's, holds them byte for
    # byte, and each set gets a copy of its own to change.
    from worldsmith.environments import graph_tasks as module

    real, made = module.graph_tasks, {}

    def graph_tasks(w, user):
        if user not in made:
            made[user] = real(w, user)
        return [t.model_copy(deep=True) for t in made[user]]

    monkeypatch.setattr(module, "graph_tasks", graph_tasks)
    assert make_task_set(world, forms=False).model_dump_json() == task_set.model_dump_json()
    formed = task_set_of(world, forms=True)
    assert make_task_set(world).model_dump_json() == formed.model_dump_json()


def test_dates_in_prompts_are_real_days_of_the_window(legal):
    world, task_set = legal
    for task in task_set.tasks:
        if task.id.startswith("asof-"):
            day = dt.datetime.strptime(task.instruction.split(" by ")[1].split("?")[0].split(",")[0] + ", "
                                       + task.instruction.split(" by ")[1].split(", ")[1][:4], "%B %d, %Y").date()
            assert world.plan.window_start <= day <= world.plan.window_end


def test_a_task_one_file_answers_in_full_is_a_warm_up(legal):
    """A task whose every input one file carries (the legal world's cap 'governs': per-ton figure and floor on one
    sheet) is kept out of the default set and tagged warmup in the set with warm-ups; the default set reads across
    files: every task needs two files or more, and the median three."""
    import statistics

    world, task_set = legal
    assert task_set.tasks and all(len(t.needs.files) >= 2 for t in task_set.tasks)
    assert statistics.median(len(t.needs.files) for t in task_set.tasks) >= 3
    # every task one file answers is a warm-up, kept out of the default set
    warm = [t for t in task_set_of(world, warmups=True).tasks if len(t.needs.files) == 1]
    assert warm and all("warmup" in t.tags for t in warm)
    assert not {t.id for t in warm} & {t.id for t in task_set.tasks}
    # which side of the cap governs is read at each side's inputs where they are reported (the gross tonnage in the
    # marine survey), not only off the cap computation that works both: no longer a one-file warm-up
    governs = next(t for t in task_set.tasks if t.id == "governs-liability_cap")
    assert any("survey" in p.lower() for p in governs.needs.files) and len(governs.needs.files) >= 2
    sheet = next(t for t in task_set.tasks if t.kind == "sheet")  # the workbook task too reads more than one file
    assert len(sheet.needs.files) >= 2
