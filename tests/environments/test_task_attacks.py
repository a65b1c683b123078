"""The attack suite in CI: for every task of the example worlds, end states that must score 1 and ones that must not."""

from __future__ import annotations

import pytest

import worldsmith
from worldsmith.environments.attacks import attack_task, candidates, rates
from worldsmith.environments.lint import make_task_set


@pytest.fixture(scope="module")
def legal_tasks(published_legal):
    world = worldsmith.open(published_legal)
    yield world, make_task_set(world).tasks
    world.close()


def test_the_verifier_passes_every_right_end_state_and_no_wrong_one(legal_tasks, tmp_path):
    world, tasks = legal_tasks
    outcomes = [o for t in tasks for o in attack_task(t, world, tmp_path / t.id)]
    r = rates(outcomes)
    print(f"attack suite (legal): {r}")
    wrong = [(o.task, o.candidate, o.score) for o in outcomes if o.wrong]
    assert r["false_positive"] <= 0.01, wrong
    assert r["false_negative"] <= 0.02, wrong
    assert r["must_fail"] >= 10 * len(tasks)  # every task meets the whole list of attacks


def test_the_attacks_cover_each_kind_of_wrong_answer(legal_tasks):
    world, tasks = legal_tasks
    names = {name.split(":")[0] for t in tasks for name, *_ in candidates(t, world)}
    assert {"oracle", "negated", "hedged", "superseded", "every_number", "wrong_direction", "empty", "junk_files",
            "deleted_room_file", "mail_outside_cast", "leak_to_other_side", "log_edited_by_hand",
            "room_written_by_hand", "flag_without_correction", "no_flag", "correction_hedged", "also_flags_right_0",
            "flags_every_line"} <= names


def test_the_red_teams_worst_end_states_score_below_1(legal_tasks, tmp_path):
    """Found by a red-team session that saw only the tasks, the room and a scorer: each once scored 1.0."""
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal_tasks
    by_id = {t.id: t for t in tasks}
    session = Session(world, tmp_path / "s")
    cap = by_id["governs-liability_cap"]
    margin = cap.solution.answer.rsplit("Answer: ", 1)[1]
    wrong = {
        # the right margin with the wrong side said to govern
        "governs-liability_cap": (f"The per-ton figure (USD 156,200,000) exceeds the floor (USD 21,521,000) by {margin}, "
                                  f"so the floor governs: the OPA 90 liability cap is USD 21,521,000.\nAnswer: {margin}"),
    }
    asof = next(t for t in tasks if t.id.startswith("asof-"))
    fact = world.facts[asof.needs.facts[0]]
    then, move = fact.earlier[-1].text, asof.solution.answer.rsplit("Answer: ", 1)[1]
    wrong[asof.id] = (f"By then they had been given {fact.text}. It now stands at {then}, a move of {move}.\n"
                      f"Answer: {move}")  # then and now swapped
    for task_id, text in wrong.items():
        assert grade(by_id[task_id], session, text).score < 1.0, task_id
    for task in (t for t in tasks if t.solution.answer and "\nAnswer: " in t.solution.answer):
        body, final = task.solution.answer.rsplit("\nAnswer: ", 1)
        rival = next((c.check.values[0] for c in task.rubric.negative_criteria if c.check.values), None)
        attempts = [f"{body}\nIn fact the figure is not {final}.\nAnswer: {final}",  # a denial after the answer
                    f"{body}\nAnswer: {rival}\nAnswer: {final}" if rival else None]  # two answer lines
        for text in filter(None, attempts):
            assert grade(task, session, text).score < 1.0, (task.id, text[-120:])
