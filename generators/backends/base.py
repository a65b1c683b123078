"""The backend seam: a generator asks a backend for a typed pydantic object, offline or from a model."""

from __future__ import annotations

from typing import Protocol, TypeVar

from pydantic import BaseModel

from generators.context import ArtifactContext

T = TypeVar("T", bound=BaseModel)


class Backend(Protocol):
    """Anything that turns an artifact's context into content of the requested type."""

    name: str
    model: str

    async def generate(self, context: ArtifactContext, output_type: type[T]) -> T:
        """Content of `output_type` for the artifact described by `context`."""
        ...
