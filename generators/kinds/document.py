"""The document kind: a .docx with its Markdown twin (memos, letters, agreements, minutes...)."""

from __future__ import annotations

from pathlib import Path

from worldsmith.generators.compose.document import compose_document
from worldsmith.generators.context import file_context
from worldsmith.generators.planner import _Planner, link_citations
from worldsmith.generators.prompts import document_fields
from worldsmith.generators.render.document import render_docx, render_markdown
from worldsmith.generators.render.world import content_of, room_path, text_bytes, write_file
from worldsmith.worlds.content import DocumentContent
from worldsmith.worlds.kinds import Kind
from worldsmith.worlds.outline import DocumentItem
from worldsmith.worlds.plan import DocumentSpec
from worldsmith.worlds.store.load import load_docx, load_md, plan_document, twin


def render(plan, spec, contents: dict, room: Path) -> list[Path]:
    """One file and its .md twin, both made before either is written."""
    content = content_of(contents, spec.id, DocumentContent)
    target = room_path(room, spec.path)
    main, twin_text = render_docx(plan, spec, content), text_bytes(render_markdown(plan, spec, content))
    return [write_file(target, main), write_file(target.with_suffix(".md"), twin_text)]


def from_proposal(proposed, common: dict) -> DocumentItem:
    """A document a model proposed while expanding the outline."""
    return DocumentItem(kind="document", doc_type=proposed.doc_type, **common)


KIND = Kind(
    name="document",
    item=DocumentItem,
    spec=DocumentSpec,
    content=DocumentContent,
    plan_row=plan_document,
    files=lambda spec: [(spec.path, "artifact"), (twin(spec.path, ".md"), "twin")],
    parsers={"docx": load_docx, "md": load_md},
    # The page margins count as read text: a distractor's warning label lives in the header.
    text_sql="select artifact_id, path, 'document' as kind, concat_ws(chr(10), text, margins) as text from documents",
    fact_text_sql="select artifact_id, text from documents",
    fact_place="the document text",
    plan=_Planner.add_document,
    link=link_citations,
    dependencies=lambda spec: list(spec.cites),
    context=file_context,
    compose=compose_document,
    prompt="document",
    prompt_fields=document_fields,
    render=render,
    from_proposal=from_proposal,
)
