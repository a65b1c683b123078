"""The generation engine: every artifact's content, in dependency order, concurrency-limited, async."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import heapq
import threading
from typing import Callable, Literal

from pydantic import BaseModel, ConfigDict, Field

from worldsmith.worlds.content import Content
from worldsmith.worlds.errors import ModelError
from worldsmith.worlds.plan import ArtifactSpec, WorldPlan
from worldsmith.worlds.taxonomy import Taxonomy

from worldsmith.generators.backends.base import Backend, closing
from worldsmith.generators.context import ArtifactContext, artifact_seed, build_context, dependencies
from worldsmith.worlds import kinds

Progress = Callable[[ArtifactSpec], None]

_FROZEN = [0]  # generation runs under way in this process (a batch makes several worlds at once, in threads)
_FROZEN_LOCK = threading.Lock()


@contextlib.contextmanager
def _old_objects_left_alone():
    """While a run generates, what existed before it (the plan, the taxonomy, the composer's banks, the modules) is
    kept out of the collector's full passes (gc.freeze), and given back to them when the last run ends.

    Every one of those passes walked all of it: at --concurrency 128 (bench.llm_throughput) one took 80 ms of
    the client's CPU in a 1.5 s run, and the client's CPU per call is what bounds a 2-core client feeding a large
    cluster (issue 22). Objects made during the run are collected as ever; nothing is kept that would be freed."""
    with _FROZEN_LOCK:
        if _FROZEN[0] == 0:
            gc.freeze()
        _FROZEN[0] += 1
    try:
        yield
    finally:
        with _FROZEN_LOCK:
            _FROZEN[0] -= 1
            if _FROZEN[0] == 0:
                gc.unfreeze()


class PriorityLimiter:
    """A semaphore that, when a slot frees, gives it to the waiter with the highest priority.

    Generation runs a critical-path-first schedule: an artifact with a long chain of replies still to
    come goes before a leaf, so the world finishes near max(N*L/C, depth*L) instead of paying each
    thread's depth again at the end of a FIFO queue.
    """

    def __init__(self, slots: int):
        self._free = slots
        self._waiters: list[tuple[tuple, int, asyncio.Future]] = []
        self._n = 0

    def full(self) -> bool:
        """Whether an acquire now would wait: no slot is free, or others wait for one."""
        return not self.opened and (self._free <= 0 or bool(self._waiters))

    opened = False

    def open(self) -> None:
        """Let every waiter through, most urgent first, and every acquire from now on (a limit that is lifted)."""
        self.opened = True
        while self._waiters:
            _, _, future = heapq.heappop(self._waiters)
            if not future.done():
                future.set_result(None)

    async def acquire(self, priority: tuple) -> None:
        """Wait for a slot; lower `priority` tuples go first."""
        if self.opened:
            return
        if self._free > 0 and not self._waiters:
            self._free -= 1
            return
        future = asyncio.get_running_loop().create_future()
        self._n += 1
        heapq.heappush(self._waiters, (priority, self._n, future))
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release()
            raise

    def release(self) -> None:
        """Hand the slot to the most urgent waiter, or free it."""
        if self.opened:
            return
        while self._waiters:
            _, _, future = heapq.heappop(self._waiters)
            if not future.done():
                future.set_result(None)
                return
        self._free += 1


def chain_heights(specs: list[ArtifactSpec]) -> dict[str, int]:
    """For each artifact, the length of the longest chain of artifacts that wait on it (itself included)."""
    children: dict[str, list[str]] = {}
    for spec in specs:
        for dep in dependencies(spec):
            children.setdefault(dep, []).append(spec.id)
    heights: dict[str, int] = {}

    def height(aid: str) -> int:
        if aid not in heights:
            stack, order = [aid], []
            # Iterative post-order: threads can be long, recursion limits are not a scheduling concern.
            while stack:
                node = stack.pop()
                order.append(node)
                stack.extend(c for c in children.get(node, []) if c not in heights)
            for node in reversed(order):
                heights[node] = 1 + max((heights.get(c, 1) for c in children.get(node, [])), default=0)
        return heights[aid]

    return {spec.id: height(spec.id) for spec in specs}


Policy = Literal["quarantine", "offline", "abort"]
POLICIES: tuple[str, ...] = ("quarantine", "offline", "abort")


class ArtifactFailure(BaseModel):
    """An artifact that could not be made after its retries and re-asks, and what became of it."""

    model_config = ConfigDict(extra="forbid")
    id: str
    path: str
    kind: str
    stage: Literal["generate", "render", "check"] = "generate"  # check: still failing its checks after repair
    error: str
    request_id: str | None = None
    blocked_by: str | None = Field(None, description="the failed parent this artifact could not be made without")
    substituted: bool = Field(False, description="the offline composer wrote a labelled stand-in")


class Generation(BaseModel):
    """What a generation run made, and each artifact it could not make."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    contents: dict[str, Content]
    failures: list[ArtifactFailure] = []

    def unresolved(self) -> list[ArtifactFailure]:
        """The failures no stand-in filled: the world cannot be published while any remain."""
        return [f for f in self.failures if not f.substituted]


async def generate_contents(plan: WorldPlan, taxonomy: Taxonomy, backend: Backend, *, concurrency: int = 16,
                            on_done: Progress | None = None, existing: dict[str, Content] | None = None,
                            repair: dict[str, list[str]] | None = None, round_: int = 0) -> dict[str, Content]:
    """Content for every artifact of the plan; the first artifact that cannot be made stops the run (abort)."""
    made = await generate_isolated(plan, taxonomy, backend, concurrency=concurrency, on_done=on_done,
                                   existing=existing, repair=repair, round_=round_, policy="abort")
    return made.contents


async def generate_isolated(plan: WorldPlan, taxonomy: Taxonomy, backend: Backend, *, concurrency: int = 16,
                            on_done: Progress | None = None, existing: dict[str, Content] | None = None,
                            repair: dict[str, list[str]] | None = None, round_: int = 0,
                            policy: Policy = "quarantine", fallback: Backend | None = None) -> Generation:
    """Content for every artifact of the plan; a reply waits for its parent, the rest run in parallel.

    An artifact that still fails after the backend's retries and re-asks costs only itself (unless
    the error is systemic, such as a refused key, which would fail every call and stops the run): with
    policy "quarantine" it is recorded (and replies that need it are recorded as blocked), with
    "offline" the `fallback` composer (offline by default) writes a stand-in that is recorded as
    substituted, and with "abort" the first failure cancels the rest. Answers already made stay in
    the backend's response cache either way, so a rerun asks again only for what failed.

    With `repair`, only the artifacts named there are made again, each told what was wrong, and the
    rest are taken from `existing`; a repair that fails keeps the artifact's earlier content.
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; use one of {', '.join(POLICIES)}")
    if policy == "offline" and fallback is None:
        from worldsmith.generators.backends.offline import OfflineBackend

        fallback = OfflineBackend()
    limit = PriorityLimiter(concurrency)
    done: dict[str, Content] = dict(existing or {})
    failed: dict[str, ArtifactFailure] = {}
    todo = [s for s in plan.artifacts if repair is None or s.id in repair]
    heights = chain_heights(plan.artifacts)
    order = {spec.id: n for n, spec in enumerate(plan.artifacts)}
    tasks: dict[str, asyncio.Task] = {}
    # Until the first answer comes back, the contexts of artifacts that must wait for a slot are built one at a time, a
    # turn of the event loop apart and most urgent first, so that the first wave's requests go out before them and they
    # are built while its answers are awaited. Built all at once, before any request was written, they left the client
    # idle for a latency once the first wave had gone (issue 22: at C=128, 353 contexts of the bench's 634 were built
    # before its first request went out, and the event loop then waited 0.17-0.19 s with nothing to do until the first
    # answer came). From the first answer on, the rest are built as they come, as before: one a turn would hold back
    # a loop whose turns each take many answers.
    queued_builds = PriorityLimiter(1)

    def context_of(spec: ArtifactSpec) -> ArtifactContext:
        context = build_context(plan, taxonomy, spec, done)
        if repair is not None:
            # A new seed as well as the notes: the offline composer must not write the same text again.
            context = context.model_copy(update={"repair": repair[spec.id],
                                                 "seed": artifact_seed(plan.seed, f"{spec.id}#repair{round_}")})
        return context

    async def one(spec: ArtifactSpec) -> None:
        for dep in dependencies(spec):
            if dep in tasks:
                await tasks[dep]
            if dep in failed and not failed[dep].substituted and dep not in done:
                failed[spec.id] = ArtifactFailure(id=spec.id, path=spec.path, kind=spec.kind, blocked_by=dep,
                                                  error=f"not made: it needs {failed[dep].path}, which failed")
                if on_done is not None:
                    on_done(spec)
                return
        if limit.full() and not queued_builds.opened:
            await queued_builds.acquire((-heights[spec.id], order[spec.id]))
            try:
                context = context_of(spec)
                if not queued_builds.opened:
                    await asyncio.sleep(0)  # the loop's turn: the wire writes and reads before the next one is built
            finally:
                queued_builds.release()
        else:
            context = context_of(spec)
        await limit.acquire((-heights[spec.id], order[spec.id]))
        try:
            content = await backend.generate(context, kinds.kind(spec.kind).content)
            queued_builds.open()
        except ModelError as exc:
            if policy == "abort" or exc.systemic:
                raise ModelError(f"{spec.path}: {exc}", retryable=exc.retryable, request_id=exc.request_id,
                                 systemic=exc.systemic) from exc
            failure = ArtifactFailure(id=spec.id, path=spec.path, kind=spec.kind, error=str(exc),
                                      request_id=exc.request_id)
            if repair is not None and spec.id in done:
                return  # the earlier content stands; the repair record says it was not fixed
            if fallback is None:
                failed[spec.id] = failure
                if on_done is not None:
                    on_done(spec)
                return
            content = await fallback.generate(context, kinds.kind(spec.kind).content)
            failed[spec.id] = failure.model_copy(update={"substituted": True})
        finally:
            limit.release()
        done[spec.id] = content
        if on_done is not None:
            on_done(spec)

    # Started most urgent first: the first wave takes the limiter's free slots in the order its tasks run, before any
    # waits, so in plan order a world's longest chains could start a latency late, behind leaves planned before them.
    with _old_objects_left_alone():
        for spec in sorted(todo, key=lambda s: (-heights[s.id], order[s.id])):
            tasks[spec.id] = asyncio.create_task(one(spec), name=spec.id)
        try:
            await closing(backend, asyncio.gather(*tasks.values()))
        except BaseException:
            for task in tasks.values():
                task.cancel()
            raise
    # Plan order, so that everything downstream is independent of completion order.
    return Generation(contents={spec.id: done[spec.id] for spec in plan.artifacts if spec.id in done},
                      failures=[failed[spec.id] for spec in plan.artifacts if spec.id in failed])
