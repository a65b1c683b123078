"""The document kind: a .docx with its Markdown twin (memos, letters, agreements, minutes...).

Its folder holds: here, the prose a model writes, how the engine merges it, the prompt's fields and KIND;
compose.py (the offline composer), render.py, front_matter.py and docx_style.py (the .docx in its author's
house style, and the Markdown twin), reader.py (the loader's rows), prompts/ and checks/ (the checks that read
only documents). Its outline item, spec and content stay in worlds/ (outline.py, plan.py, content.py): meetings
plan minutes, mail attaches documents, and the cross-kind checks read the documents table. What its composer
shares with other kinds stays in generators/compose/ (the substance of each genre, genres, voices, facts).
"""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from worldsmith.generators.compose.bank import bank
from worldsmith.generators.compose.genres import genre_of
from worldsmith.generators.context import ArtifactContext, file_context
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.generators.kinds.document.points import PARAGRAPH_NUMBER
from worldsmith.generators.kinds.document.reader import load_docx, load_md, plan_document
from worldsmith.generators.kinds.document.render import render_docx, render_markdown
from worldsmith.generators.kinds.prose import carries, guard, squash, usable
from worldsmith.generators.planner import _Planner, link_citations
from worldsmith.generators.prompts import people_line
from worldsmith.generators.render.world import content_of, room_path, text_bytes, write_file
from worldsmith.worlds.content import DocumentContent
from worldsmith.worlds.kinds import Kind
from worldsmith.worlds.outline import DocumentItem
from worldsmith.worlds.plan import DocumentSpec
from worldsmith.worlds.store.load import twin


def render(plan, spec, contents: dict, room: Path) -> list[Path]:
    """One file and its .md twin, both made before either is written."""
    content = content_of(contents, spec.id, DocumentContent)
    target = room_path(room, spec.path)
    main, twin_text = render_docx(plan, spec, content), text_bytes(render_markdown(plan, spec, content))
    return [write_file(target, main), write_file(target.with_suffix(".md"), twin_text)]


def from_proposal(proposed, common: dict) -> DocumentItem:
    """A document a model proposed while expanding the outline."""
    return DocumentItem(kind="document", doc_type=proposed.doc_type, **common)


Paragraph = Annotated[str, Field(min_length=1, max_length=8000)]


class SectionProse(BaseModel):
    """The paragraphs of one section, under the heading the engine gives it."""

    model_config = ConfigDict(extra="forbid")
    paragraphs: list[Paragraph] = Field(min_length=1, max_length=12)  # an agreement's article runs to 11 (tanker charter party)


class DocumentProse(BaseModel):
    """What the author writes: the paragraphs of each section, in order. Title, letterhead, headings, tables,
    numbering and the genre's formal parts (salutation, caption, signature blocks) are the engine's."""

    model_config = ConfigDict(extra="forbid")
    sections: list[SectionProse] = Field(min_length=1, max_length=40,
                                         description="one per heading listed, in order; a fact's value as {{fact_id}}")


# Paragraphs the engine writes whatever the model says: a genre's formal parts, which genre_structure reads.
_FORMAL = re.compile(r"^Dear |Yours (sincerely|faithfully)|^Sincerely|WHEREFORE|Respectfully submitted|"
                     r"IN WITNESS WHEREOF|(?i:\bsigned by\b)|^Present:|\bPlaintiff\b|\bDefendant\b|(?i:\bcourt\b)|"
                     r"^(?i:attendees|signature)|^Agreed and accepted|^(Signed|Signature|Name|Title|Date): |^Signed for and on behalf of|"
                     r"^Certificate signed for|^Guaranty confirmed for|^Copy produced by")


def _owned(paragraph: str, ctx) -> bool:
    """Whether the engine keeps a paragraph of the composed document: a formal part, or one carrying a fact, a
    quoted figure, the distractor's label or one of the outline's points (a model that drops or rewrites a point
    cannot lose it: the point is the expert's, word for word)."""
    if _FORMAL.search(paragraph) or any(carries(paragraph, f) for f in ctx.facts):
        return True
    if any(squash(p.text) in squash(paragraph) for p in getattr(ctx.spec, "points", None) or []):
        return True
    if any(squash(c.text) in squash(paragraph) for c in ctx.cited_figures):
        return True
    label = (ctx.distractor_label or "").rstrip(". ").lower()
    return bool(label) and label in squash(paragraph).lower()


def _split(paragraphs: list[str]) -> tuple[list[str], list[str]]:
    """(numbers, texts): a numbered section's paragraph numbers ('1.2', '7.') and the paragraphs without them."""
    found = [PARAGRAPH_NUMBER.match(p) for p in paragraphs]
    if paragraphs and all(found):
        return [m.group(1) for m in found], [p[m.end():] for p, m in zip(paragraphs, found)]
    return [], list(paragraphs)


def _renumber(numbers: list[str], texts: list[str]) -> list[str]:
    """The texts numbered as the section was: '1.1', '1.2'... or '7.', '8.'... from its first number."""
    if not numbers:
        return texts
    first = numbers[0]
    stem, _, last = first.rstrip(".").rpartition(".")
    start = int(last) if last.isdigit() else 1
    dot = "." if first.endswith(".") else ""
    return [f"{stem + '.' if stem else ''}{start + n}{dot} {t}" for n, t in enumerate(texts)]


# The composed document of the contexts asked about last, by the context object: a model call composes it for its
# prompt's headings and again to merge the answer, the same context both times (a third of a document call's CPU).
_COMPOSED: dict[int, tuple[ArtifactContext, DocumentContent]] = {}
_COMPOSED_MOST = 512  # more than the calls in flight at any concurrency we run
_COMPOSED_LOCK = threading.Lock()  # a batch makes several worlds at once, in threads


def _composed(ctx: ArtifactContext) -> DocumentContent:
    """compose_document(ctx), made once for a context object while it is among the last few hundred asked about."""
    hit = _COMPOSED.get(id(ctx))
    if hit is not None and hit[0] is ctx:  # the context itself is held, so its id is not another's
        return hit[1]
    doc = compose_document(ctx)
    with _COMPOSED_LOCK:
        if len(_COMPOSED) >= _COMPOSED_MOST:
            del _COMPOSED[next(iter(_COMPOSED))]
        _COMPOSED[id(ctx)] = (ctx, doc)
    return doc


def merge(ctx, prose: DocumentProse) -> tuple[DocumentContent, list[str]]:
    """The document from the author's paragraphs: the composed document's title, letterhead, headings, tables and
    formal parts, its paragraphs that carry facts and quoted figures, and the model's paragraphs in every other place."""
    notes: list[str] = []
    base = _composed(ctx)
    sections = []
    for i, section in enumerate(base.sections):
        numbers, texts = _split(section.paragraphs)
        slots = [j for j, t in enumerate(texts) if not _owned(t, ctx)]
        written = [guard(p, ctx, notes) for p in prose.sections[i].paragraphs] if i < len(prose.sections) else []
        written = [w for w in written if usable(w)]
        if not slots or not written:
            if slots:
                notes.append(f"kept the composer's text in section {i + 1}")
            sections.append(section)
            continue
        out: list[str] = []
        for j, text in enumerate(texts):
            if j not in slots:
                out.append(text)
            elif j == slots[-1]:
                out.extend(written)  # the rest of the model's paragraphs go in the section's last free place
            elif written:
                out.append(written.pop(0))
        if len(prose.sections[i].paragraphs) < len(slots):
            notes.append(f"section {i + 1} has fewer paragraphs than the composer's")
        sections.append(section.model_copy(update={"paragraphs": _renumber(numbers, out)}))
    if len(prose.sections) != len(base.sections):
        notes.append(f"{len(prose.sections)} sections written for {len(base.sections)} headings")
    return base.model_copy(update={"sections": sections}), notes


def prose_of(ctx, content: DocumentContent) -> DocumentProse:
    """The author's paragraphs in a document: those the engine would not keep (each section gives at least one)."""
    out = []
    for section in content.sections:
        _, texts = _split(section.paragraphs)
        free = [t for t in texts if not _owned(t, ctx)]
        out.append(SectionProse(paragraphs=free or texts[:1] or ["-"]))
    return DocumentProse(sections=out)


def _genre(context: ArtifactContext) -> str:
    """The genre's structure a document must show, from its doc_type."""
    spec = context.spec
    kind = genre_of(spec.doc_type, spec.title)  # type: ignore[union-attr]
    heads = bank("documents")["types"][kind]["headings"]
    required = [h[0] for h in heads if len(h) > 2 and h[2] == "required"]
    shape = bank("genres").get("shapes", {}).get(kind, "")
    out = f"Genre: {kind.replace('_', ' ')}."
    if required:
        out += " Sections it must have: " + ", ".join(required) + "."
    if shape:
        out += " " + shape
    return out + "\n"


def _sheets(context: ArtifactContext) -> str:
    if not context.cited_sheets:
        return ""
    # Not every row: the model writes no amount of its own, so what it can use of a sheet is what the sheet is
    # and the computed figures it may quote (by label and value); the rows are the engine's.
    parts = ["\n# Sheets this document quotes (quote their figures below by label and value)"]
    for sheet in context.cited_sheets:
        parts.append(f"{sheet.title}: " + " | ".join(c.name for c in sheet.columns) + f" ({len(sheet.rows)} rows)")
        parts += [f"- {f.label}: {f.text}" for f in context.cited_figures if f.sheet == sheet.title]
    return "\n".join(parts) + "\n"


def _headings(context: ArtifactContext) -> str:
    """The document's headings as the engine fixes them (the composer's, in the genre's order)."""
    heads = [s.heading for s in _composed(context).sections]
    return "\n# The headings, fixed by the engine\n" + "\n".join(f"{n}. {h}" for n, h in enumerate(heads, 1)) + "\n"


def _points(context: ArtifactContext) -> str:
    """The outline's points, as the document must say them: the engine places each word for word (merge keeps it)."""
    points = getattr(context.spec, "points", None) or []
    if not points:
        return ""
    lines = [f"- {p.heading}: {p.text}" if p.heading else f"- {p.text}" for p in points]
    return ("\n# What this document must say, in order (the engine places each point word for word under its "
            "genre's heading; write the rest of the paper around them, never restating or contradicting them)\n"
            + "\n".join(lines) + "\n")


def document_fields(context: ArtifactContext) -> dict[str, Any]:
    """The document template's own fields."""
    spec = context.spec
    return dict(doc_type=spec.doc_type, readers=people_line(context.to), genre=_genre(context),
                date=spec.date.isoformat(), sections=max(1, spec.sections), sheets=_sheets(context),
                headings=_headings(context), points=_points(context))


KIND = Kind(
    name="document",
    app="drive",  # served by worldsmith.environments.drive
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
    prose=DocumentProse,
    merge=merge,
    prose_of=prose_of,
    render=render,
    from_proposal=from_proposal,
    checks=Path(__file__).with_name("checks"),
    prompts=Path(__file__).with_name("prompts"),
)
