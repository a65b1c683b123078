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
            "room_written_by_hand"} <= names
