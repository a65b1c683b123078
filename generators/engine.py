"""The generation engine: every artifact's content, in dependency order, concurrency-limited, async."""

from __future__ import annotations

import asyncio
from typing import Callable

from worlds.content import Content
from worlds.errors import ModelError
from worlds.plan import ArtifactSpec, WorldPlan
from worlds.taxonomy import Taxonomy

from generators.backends.base import Backend
from generators.context import artifact_seed, build_context, dependencies
from generators.registry import CONTENT_TYPES

Progress = Callable[[ArtifactSpec], None]


async def generate_contents(plan: WorldPlan, taxonomy: Taxonomy, backend: Backend, *, concurrency: int = 16,
                            on_done: Progress | None = None, existing: dict[str, Content] | None = None,
                            repair: dict[str, list[str]] | None = None, round_: int = 0) -> dict[str, Content]:
    """Content for every artifact of the plan; a reply waits for its parent, the rest run in parallel.

    With `repair`, only the artifacts named there are made again, each told what was wrong, and the
    rest are taken from `existing`.
    """
    limit = asyncio.Semaphore(concurrency)
    done: dict[str, Content] = dict(existing or {})
    todo = [s for s in plan.artifacts if repair is None or s.id in repair]
    tasks: dict[str, asyncio.Task] = {}

    async def one(spec: ArtifactSpec) -> Content:
        for dep in dependencies(spec):
            if dep in tasks:
                await tasks[dep]
        context = build_context(plan, taxonomy, spec, done)
        if repair is not None:
            # A new seed as well as the notes: the offline composer must not write the same text again.
            context = context.model_copy(update={"repair": repair[spec.id],
                                                 "seed": artifact_seed(plan.seed, f"{spec.id}#repair{round_}")})
        async with limit:
            try:
                content = await backend.generate(context, CONTENT_TYPES[spec.kind])
            except ModelError as exc:
                raise ModelError(f"{spec.path}: {exc}", retryable=exc.retryable) from exc
        done[spec.id] = content
        if on_done is not None:
            on_done(spec)
        return content

    for spec in todo:
        tasks[spec.id] = asyncio.create_task(one(spec), name=spec.id)
    try:
        await asyncio.gather(*tasks.values())
    except BaseException:
        for task in tasks.values():
            task.cancel()
        raise
    # Plan order, so that everything downstream is independent of completion order.
    return {spec.id: done[spec.id] for spec in plan.artifacts if spec.id in done}
