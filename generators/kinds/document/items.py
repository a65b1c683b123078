"""A list, index, tracker, checklist or day-count document holds its items: a table of ctx.kind_items (the plan's own,
dated on or before its day), a line each, in a section that has no table of its own; a line says so where the plan
holds none (blind read 31: 'a document index indexing no documents', 'a notice register with no notices')."""

from __future__ import annotations

import re

from worldsmith.generators.compose.text import long_date
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.itemised import none_line
from worldsmith.worlds.content import DocumentContent, Table

_STATUS_WORD = {"done": "Done", "due": "Due", "outstanding": "Outstanding", "on file": "On file",
                "no business day": "No business day"}


def items_table(ctx: ArtifactContext) -> Table | None:
    """The table of the paper's items, a row each; None where it has none."""
    items = ctx.kind_items or []
    if not items:
        return None
    counted = any(i.count is not None for i in items)
    by = any(i.by for i in items)
    columns = ["Item", "Date"] + (["By"] if by else []) + (["Business day"] if counted else ["Status"])
    rows = []
    for i in items:
        row = [i.name, long_date(i.day, ctx.locale) if i.day else ""] + ([i.by] if by else [])
        row.append(("" if i.count is None else str(i.count)) if counted else _STATUS_WORD.get(i.status, i.status))
        rows.append(row)
    return Table(columns=columns, rows=rows)


def with_items(doc: DocumentContent, ctx: ArtifactContext) -> DocumentContent:
    """The document with its items' table in its first section after the opening one that has no table (the last
    where every one has), or a line saying the plan holds none of its kind."""
    if ctx.kind_items is None:
        return doc
    sections = [s.model_copy() for s in doc.sections]
    if not ctx.kind_items:
        first = sections[0]
        sections[0] = first.model_copy(update={"paragraphs": [*first.paragraphs, none_line(ctx.spec.title, ctx.spec.date,
                                                                                       ctx.locale)]})
        return doc.model_copy(update={"sections": sections})
    table = items_table(ctx)
    free = [i for i, s in enumerate(sections) if s.table is None]
    at = next((i for i in free if i > 0), free[0] if free else len(sections) - 1)
    if sections[at].table is not None and free == []:
        return doc  # every section holds a table of the engine's: it keeps them
    sections[at] = sections[at].model_copy(update={"table": table})
    return doc.model_copy(update={"sections": sections})
