"""One artifact's failure is that artifact's: the rest are made, replies that need it are blocked, and
the policy decides between a record (quarantine), a labelled offline stand-in, or stopping (abort)."""

from __future__ import annotations

import asyncio

import pytest

from tests.conftest import MINI
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.engine import generate_contents, generate_isolated
from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.errors import ModelError
from worldsmith.worlds.outline import load_outline
from worldsmith.worlds.plan import EmailSpec


class FailingOn(OfflineBackend):
    """The offline composer, except that the named artifacts fail as a model that never answers well."""

    def __init__(self, failing: set[str]):
        self.failing = failing
        self.asked: list[str] = []

    async def generate(self, context, output_type):
        self.asked.append(context.spec.id)
        if context.spec.id in self.failing:
            raise ModelError("could not get a valid content after 3 tries: too long", request_id="req-42")
        return await super().generate(context, output_type)


@pytest.fixture(scope="module")
def mini():
    outline = load_outline(MINI)
    taxonomy = load_taxonomy()
    return plan_world(outline, resolve_cast(outline, taxonomy), 0, "w"), taxonomy


def _root_with_reply(plan):
    root = next(a for a in plan.artifacts if isinstance(a, EmailSpec) and a.parent is None
                and any(isinstance(b, EmailSpec) and b.parent == a.id for b in plan.artifacts))
    replies = [b.id for b in plan.artifacts if isinstance(b, EmailSpec) and b.thread == root.thread and b.id != root.id]
    return root, replies


def test_a_failed_artifact_does_not_cancel_the_others(mini):
    plan, taxonomy = mini
    root, replies = _root_with_reply(plan)
    doc = next(a.id for a in plan.artifacts if a.kind == "document")
    made = asyncio.run(generate_isolated(plan, taxonomy, FailingOn({root.id, doc})))
    failed = {f.id: f for f in made.failures}
    assert failed[doc].request_id == "req-42" and "too long" in failed[doc].error and not failed[doc].substituted
    assert replies and all(failed[r].blocked_by in {root.id, *replies} for r in replies)
    assert set(made.contents) == {a.id for a in plan.artifacts} - set(failed)
    assert len(made.unresolved()) == len(failed) == 2 + len(replies)


def test_offline_policy_fills_the_gap_with_labelled_stand_ins(mini):
    plan, taxonomy = mini
    root, replies = _root_with_reply(plan)
    made = asyncio.run(generate_isolated(plan, taxonomy, FailingOn({root.id}), policy="offline"))
    assert set(made.contents) == {a.id for a in plan.artifacts}
    assert [f.id for f in made.failures] == [root.id] and made.failures[0].substituted
    assert not made.unresolved()
    offline = asyncio.run(generate_contents(plan, taxonomy, OfflineBackend()))
    assert made.contents[root.id] == offline[root.id]


def test_abort_policy_stops_at_the_first_failure_naming_the_artifact(mini):
    plan, taxonomy = mini
    doc = next(a for a in plan.artifacts if a.kind == "document")
    with pytest.raises(ModelError, match=doc.path) as caught:
        asyncio.run(generate_contents(plan, taxonomy, FailingOn({doc.id})))
    assert caught.value.request_id == "req-42"


def test_a_rerun_asks_again_only_for_what_failed(mini):
    plan, taxonomy = mini
    doc = next(a.id for a in plan.artifacts if a.kind == "document")
    first = asyncio.run(generate_isolated(plan, taxonomy, FailingOn({doc})))
    backend = FailingOn(set())
    again = asyncio.run(generate_isolated(plan, taxonomy, backend, existing=first.contents,
                                          repair={f.id: [] for f in first.failures}))
    assert backend.asked == [doc] and not again.failures


class Refused(OfflineBackend):
    async def generate(self, context, output_type):
        raise ModelError("the server refused the API key (401)", systemic=True)


def test_a_systemic_error_stops_the_run_whatever_the_policy(mini):
    plan, taxonomy = mini
    for policy in ("quarantine", "offline"):
        with pytest.raises(ModelError, match="401"):
            asyncio.run(generate_isolated(plan, taxonomy, Refused(), policy=policy))


class Watching(OfflineBackend):
    """The offline composer, noting how many objects the collector leaves alone while it is asked."""

    def __init__(self, fail: bool = False):
        self.frozen: list[int] = []
        self.fail = fail

    async def generate(self, context, output_type):
        import gc

        self.frozen.append(gc.get_freeze_count())
        if self.fail:
            raise ModelError("the server refused the API key (401)", systemic=True)
        return await super().generate(context, output_type)


def test_a_run_keeps_what_existed_before_it_out_of_the_collectors_passes_and_gives_it_back(mini):
    # Issue 22: every full collection during a run walked the plan, the taxonomy and the modules (80 ms of a
    # 1.5 s client at --concurrency 128). During the run they are frozen; after it, ended or failed, nothing is.
    import gc

    plan, taxonomy = mini
    assert gc.get_freeze_count() == 0
    watching = Watching()
    asyncio.run(generate_contents(plan, taxonomy, watching, concurrency=4))
    assert watching.frozen and min(watching.frozen) > 10_000
    assert gc.get_freeze_count() == 0
    with pytest.raises(ModelError):
        asyncio.run(generate_contents(plan, taxonomy, Watching(fail=True), concurrency=4))
    assert gc.get_freeze_count() == 0
