"""The registry of artifact kinds: one line per kind; adding a kind is a folder, generators/kinds/<kind>/, and a line.

Each kind's package builds a `worldsmith.worlds.kinds.Kind` naming its outline item, spec, content type,
planner step, composer, prompt, renderer, parser, tables and text view; registering it extends the
outline, plan and content unions, the loader, the check views and the test server at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

from worldsmith.worlds import kinds

KIND_MODULES = (
    "worldsmith.generators.kinds.email",
    "worldsmith.generators.kinds.document",
    "worldsmith.generators.kinds.spreadsheet",
    "worldsmith.generators.kinds.chat",
    "worldsmith.generators.kinds.calendar",
)

for _name in KIND_MODULES:
    kinds.register(import_module(_name).KIND)


class _ContentTypes(Mapping):
    """Artifact kind -> the content type it is generated as, read live from the registry."""

    def __getitem__(self, name: str):
        return kinds.kind(name).content

    def __iter__(self):
        return iter([k.name for k in kinds.kinds()])

    def __len__(self) -> int:
        return len(kinds.kinds())


CONTENT_TYPES: Mapping = _ContentTypes()
