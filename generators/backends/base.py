"""The backend seam: a generator asks a backend for a typed pydantic object, offline or from a model."""

from __future__ import annotations

from typing import Protocol, TypeVar

from pydantic import BaseModel

T = TypeVar("T", bound=BaseModel)


class Backend(Protocol):
    """Anything that turns an artifact's context into content of the requested type."""

    name: str
    model: str

    async def generate(self, context: BaseModel, output_type: type[T]) -> T:
        """An object of `output_type` for `context`: an ArtifactContext, or an ExpansionContext."""
        ...
