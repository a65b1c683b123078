"""The offline backend: the embedded default, composing every artifact with no model, key or network."""

from __future__ import annotations

from typing import Callable, TypeVar

from pydantic import BaseModel

from worldsmith.generators.compose.expand import compose_expansion
from worldsmith.generators.compose.facts import counts_as_said
from worldsmith.generators.compose.reword import mapped, without_repeats
from worldsmith.generators.compose.spelling import respells, spelled, words_of
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.expansion import ExpansionProposal
from worldsmith.worlds import kinds

T = TypeVar("T", bound=BaseModel)


def composers() -> dict[type[BaseModel], Callable[[ArtifactContext], BaseModel]]:
    """One composer per output type: each registered kind's, and the plan expansion's."""
    out: dict[type[BaseModel], Callable] = {k.content: k.compose for k in kinds.kinds() if k.compose is not None}
    out[ExpansionProposal] = compose_expansion
    return out


class OfflineBackend:
    """A Backend that writes content from the context alone: same context, same content, byte for byte."""

    name = "offline"
    model = "composer-1"

    async def generate(self, context: ArtifactContext, output_type: type[T]) -> T:
        """Content of `output_type` for the artifact described by `context`."""
        known = composers()
        composer = known.get(output_type)
        if composer is None:
            raise TypeError(f"the offline backend cannot make {getattr(output_type, '__name__', output_type)!r}; "
                            f"it makes {', '.join(t.__name__ for t in known)}")
        # in the outline's spelling: the banks' British words in a US credit agreement read as wrong for the kind
        # (read 20: "amortisation", "capitalised"); what the context already holds (facts, names) stays as written
        content, locale = composer(context), getattr(context, "locale", "")
        facts = getattr(context, "facts", None) or []
        # (an expansion's facts are briefs, with no value: only a context's FactRefs carry counts)
        if any(getattr(getattr(f, "value", None), "type", "") == "number" and getattr(f, "label", "") for f in facts):
            content = mapped(content, lambda text: counts_as_said(text, facts))
        if getattr(context, "repair", None):  # a repair round: what validation found repeated is said another way
            content = without_repeats(content, context.repair, str(context.seed))
        if not respells(content, locale):
            return content  # (nothing to respell: the context's words are not read, a dump of it per artifact)
        keep = words_of(context.model_dump(mode="json"))
        return spelled(content, locale, keep)  # type: ignore[return-value]
