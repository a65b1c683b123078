"""plan.artifact looks a spec up by an index of positions, checked at each use: the planner appends to the inventory
while it plans, and a repair or an edit may replace a spec; the answer is always the list's own."""

from __future__ import annotations

import pytest

from tests.generators.plan_fixture import make_plan


def test_a_lookup_follows_the_inventory_as_it_changes():
    plan = make_plan()
    first = plan.artifacts[0]
    assert plan.artifact(first.id) is first
    renamed = first.model_copy(update={"title": "Renamed"})
    plan.artifacts[0] = renamed  # replaced in place: the same id at the same position
    assert plan.artifact(first.id) is renamed
    moved = plan.artifacts.pop(0)
    plan.artifacts.append(moved)  # every position after it shifted
    assert plan.artifact(moved.id) is moved
    assert all(plan.artifact(a.id) is a for a in plan.artifacts)
    extra = moved.model_copy(update={"id": "appended_later"})
    plan.artifacts.append(extra)  # appended after the index was made
    assert plan.artifact("appended_later") is extra
    with pytest.raises(StopIteration):
        plan.artifact("no_such_artifact")
