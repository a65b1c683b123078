"""The offline backend: the embedded default, composing every artifact with no model, key or network."""

from __future__ import annotations

from typing import Callable, TypeVar

from pydantic import BaseModel

from worldsmith.generators.compose import compose_document, compose_email, compose_sheet
from worldsmith.generators.compose.expand import compose_expansion
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.expansion import ExpansionProposal
from worldsmith.worlds.content import DocumentContent, EmailContent, SheetContent

T = TypeVar("T", bound=BaseModel)

# One composer per output type: a new artifact kind is one line here.
_COMPOSERS: dict[type[BaseModel], Callable[[ArtifactContext], BaseModel]] = {
    EmailContent: compose_email,
    DocumentContent: compose_document,
    SheetContent: compose_sheet,
    ExpansionProposal: compose_expansion,
}


class OfflineBackend:
    """A Backend that writes content from the context alone: same context, same content, byte for byte."""

    name = "offline"
    model = "composer-1"

    async def generate(self, context: ArtifactContext, output_type: type[T]) -> T:
        """Content of `output_type` for the artifact described by `context`."""
        composer = _COMPOSERS.get(output_type)
        if composer is None:
            raise TypeError(f"the offline backend cannot make {getattr(output_type, '__name__', output_type)!r}; "
                            f"it makes {', '.join(t.__name__ for t in _COMPOSERS)}")
        return composer(context)  # type: ignore[return-value]
