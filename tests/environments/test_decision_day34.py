"""The br-icms appeal (blind red team 34, tests/fixtures/br-icms-tax-appeal.yaml at seed 34): its expert's third point,
'Decision: we {appeal_decision}', went out from counsel two days after the Diretor-Presidente's decision of June 18,
so the room recorded the decision on another day than its task keyed; written on its day, the first mail of that day
(counsel's) names no taker, and the decision task takes the day's mail that does."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "br-icms-tax-appeal.yaml"


@pytest.fixture(scope="module")
def plan():
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    return pipeline.make_plan(pipeline.prepare(FIXTURE, 34, OfflineBackend()))


def test_a_point_that_gives_the_decision_goes_out_on_its_day(plan):
    from worldsmith.generators.beats import names_decision

    decided = {f.id: f.known_from for f in plan.facts
               if f.value.type == "text" and f.known_from and names_decision(f.statement)}
    by_id = {a.id: a for a in plan.artifacts}
    late = [(a.id, fid, a.sent_at.date()) for a in plan.artifacts if getattr(a, "point", "") and a.parent in by_id
            for fid in a.facts if fid in decided and by_id[a.parent].sent_at.date() <= decided[fid] < a.sent_at.date()]
    assert not late, late
    carried = [a for a in plan.artifacts if getattr(a, "point", "") and "appeal_decision" in a.facts]
    assert carried and all(a.sent_at.date() == decided["appeal_decision"] for a in carried)


def test_the_decision_task_keys_the_day_and_the_one_the_room_shows_deciding(tmp_path):
    import worldsmith
    from tests.published import publish_example
    from worldsmith.environments.decision_tasks import decision_tasks
    from worldsmith.environments.graph_tasks import Graph

    world = worldsmith.open(publish_example(str(FIXTURE), tmp_path, seed=34))
    try:
        tasks = [t for t in decision_tasks(Graph.of(world)) if "appeal_decision" in t.id]
    finally:
        world.close()
    assert tasks and "Gael Nunes took the decision on the appeal on June 18, 2026" in str(tasks[0].reference)
