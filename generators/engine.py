"""The generation engine: every artifact's content, in dependency order, concurrency-limited, async."""

from __future__ import annotations

import asyncio
from typing import Callable

from worlds.content import Content
from worlds.errors import ModelError
from worlds.plan import ArtifactSpec, WorldPlan
from worlds.taxonomy import Taxonomy

from generators.backends.base import Backend
from generators.context import build_context, dependencies
from generators.registry import CONTENT_TYPES

Progress = Callable[[ArtifactSpec], None]


async def generate_contents(plan: WorldPlan, taxonomy: Taxonomy, backend: Backend, *, concurrency: int = 16,
                            on_done: Progress | None = None) -> dict[str, Content]:
    """Content for every artifact of the plan; a reply waits for its parent, the rest run in parallel."""
    limit = asyncio.Semaphore(concurrency)
    done: dict[str, Content] = {}
    tasks: dict[str, asyncio.Task] = {}

    async def one(spec: ArtifactSpec) -> Content:
        for dep in dependencies(spec):
            await tasks[dep]
        context = build_context(plan, taxonomy, spec, done)
        async with limit:
            try:
                content = await backend.generate(context, CONTENT_TYPES[spec.kind])
            except ModelError as exc:
                raise ModelError(f"{spec.path}: {exc}", retryable=exc.retryable) from exc
        done[spec.id] = content
        if on_done is not None:
            on_done(spec)
        return content

    for spec in plan.artifacts:
        tasks[spec.id] = asyncio.create_task(one(spec), name=spec.id)
    try:
        await asyncio.gather(*tasks.values())
    except BaseException:
        for task in tasks.values():
            task.cancel()
        raise
    # Return in plan order so that everything downstream is independent of completion order.
    return {spec.id: done[spec.id] for spec in plan.artifacts}
