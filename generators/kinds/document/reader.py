"""The document kind's reader: its planned rows, each .docx into documents and document_blocks, each Markdown twin
into document_blocks (the loader reaches it through the registry)."""

from __future__ import annotations

from typing import Any, Iterable
from zoneinfo import ZoneInfo

from worldsmith.worlds.kinds import RoomFile
from worldsmith.worlds.store import parse
from worldsmith.worlds.store.load import plan_file


def plan_document(a: Any, zone: ZoneInfo, add: Any) -> dict[str, Any]:
    """A document's columns, the sheets it cites and the points it must carry."""
    for sheet in a.cites:
        add("planned_cites", artifact_id=a.id, sheet_id=sheet)
    for n, point in enumerate(getattr(a, "points", None) or [], 1):
        add("planned_points", artifact_id=a.id, position=n, heading=point.heading, text=point.text)
    return {**plan_file(a, zone, add), "doc_type": a.doc_type, "sections": a.sections}


def load_docx(f: RoomFile) -> None:
    """A .docx into documents and document_blocks."""
    d = parse.parse_docx(f.path)
    aid = f.artifact_id or (d.identifier if d.identifier in f.cache["ids"] else None)
    f.add("documents", artifact_id=aid, path=f.rel, identifier=d.identifier, title=d.title, subtitle=d.subtitle,
          text=d.text, margins=d.margins, n_words=d.n_words, n_sections=d.n_sections, n_tables=d.n_tables,
          n_paragraphs=d.n_paragraphs)
    _add_blocks(f.add, f.rel, "docx", d.blocks)


def load_md(f: RoomFile) -> None:
    """A Markdown twin into document_blocks."""
    _add_blocks(f.add, f.rel, "md", parse.parse_markdown(f.path))


def _add_blocks(add: Any, rel: str, source: str, blocks: Iterable[tuple[str, str]]) -> None:
    for i, (kind, text) in enumerate(blocks):
        add("document_blocks", path=rel, source=source, position=i, kind=kind, text=text)
