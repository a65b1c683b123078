"""The backend seam: a generator asks a backend for a typed pydantic object, offline or from a model."""

from __future__ import annotations

from typing import Awaitable, Protocol, TypeVar

from pydantic import BaseModel

T = TypeVar("T", bound=BaseModel)

# How long a model backend may spend on one artifact's calls (retries and re-asks included) and on all of a
# run's, in seconds: a long document takes a slow local model a few minutes and a large world a few hours;
# past these a server is not answering, and a rerun resumes from the response cache. 0 means no deadline.
ARTIFACT_DEADLINE = 300.0
RUN_DEADLINE = 4 * 3600.0


class Backend(Protocol):
    """Anything that turns an artifact's context into content of the requested type."""

    name: str
    model: str

    async def generate(self, context: BaseModel, output_type: type[T]) -> T:
        """An object of `output_type` for `context`: an ArtifactContext, or an ExpansionContext."""
        ...


async def closing(backend: object, work: Awaitable[T]) -> T:
    """Await `work`, then close the backend's HTTP client of this event loop, if it has one (`aclose`).

    Every asyncio.run is a new loop, and a client's connections belong to the loop that opened them:
    left open, they outlive the loop and are never closed.
    """
    try:
        return await work
    finally:
        close = getattr(backend, "aclose", None)
        if close is not None:
            await close()
