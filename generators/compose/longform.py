"""Long-form mail bodies: call notes, status summaries and pasted document sections written into an email."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker, bank
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.generators.compose.parties import across, client_of, engaged_by
from worldsmith.generators.compose.text import _ABBREVIATIONS, lower_first, strip_end
from worldsmith.generators.context import ArtifactContext
from worldsmith.worlds.content import DocumentContent, Table
from worldsmith.worlds.plan import DocumentSpec, EmailSpec

# The kinds of document people write straight into a message: notes of a call, a status report, a memo.
LONG_KINDS = ("minutes", "report", "memo")


def long_spec(spec: EmailSpec, doc_type: str, sections: int) -> DocumentSpec:
    """A DocumentSpec that stands for the text an email carries in its body (same id, facts and author)."""
    return DocumentSpec(id=spec.id, item=spec.item, path=spec.path, title=spec.title, author=spec.author,
                        facts=list(spec.facts), distractor=spec.distractor, purpose=spec.purpose,
                        occupation=spec.occupation, date=spec.sent_at.date(), doc_type=doc_type,
                        sections=sections, readers=list(spec.to))


def _table_lines(table: Table) -> list[str]:
    """A table as mail writes it: '- a: b' lines for two columns and for key figures ('- item: figure (source)'),
    columns joined by ' | ' otherwise."""
    if len(table.columns) == 2:
        return [f"- {r[0]}: {r[1]}" for r in table.rows]
    if table.columns == ["Item", "Figure", "Source"]:
        return [f"- {r[0]}: {r[1]}" + (f" ({r[2]})" if r[2] else "") for r in table.rows]
    return [" | ".join(table.columns)] + [" | ".join(str(c) for c in r) for r in table.rows]


def flatten(doc: DocumentContent) -> str:
    """A document as plain mail text: each heading on its own line, its paragraphs, its table as lines."""
    blocks: list[str] = []
    for section in doc.sections:
        blocks.append(section.heading)
        blocks.extend(section.paragraphs)
        if section.table is not None and section.table.rows:
            blocks.append("\n".join(_table_lines(section.table)))
    return "\n\n".join(blocks)


def _sentences(text: str) -> list[str]:
    """A paragraph's sentences, not cut after an abbreviation ('Kestrel Bay Tankers Ltd. may say ...')."""
    out: list[str] = []
    for piece in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text.strip()):
        last = out[-1].rsplit(None, 1)[-1].lower().rstrip(".").lstrip("(\"'") if out else ""
        if out and out[-1].endswith(".") and (last in _ABBREVIATIONS or len(last) == 1):
            out[-1] += " " + piece
        else:
            out.append(piece)
    return [x for x in out if x]


_NOT_IN_MAIL = re.compile(r"\b(?:in|to) the (?:table|schedule|annex|appendix)\b|\bannex\b", re.I)
_BELOW = re.compile(r"\b(?:below|tabulated)\b", re.I)


def _points_at_nothing(paragraph: str, has_table: bool) -> str:
    """A paragraph of a paper pasted into mail without its sentences that point at a table, an annex or something
    'below' that the mail does not carry."""
    kept = [x for x in _sentences(paragraph)
            if not _NOT_IN_MAIL.search(x) and (has_table or not _BELOW.search(x))]
    return " ".join(kept)


def _part(pick: Picker, ctx: ArtifactContext, kind: str, sections: int, carry: bool, summed: bool = False) -> str:
    """One document's text for the mail body; only the part that carries the facts gets them and the label. Below a
    note that has summed it up (summed), a report's executive summary does not give its headline again."""
    spec = ctx.spec
    assert isinstance(spec, EmailSpec), "a long-form part needs an EmailSpec"
    doc_spec = long_spec(spec, kind, sections)
    update: dict = {"seed": pick.rng.getrandbits(63)}
    if not carry:
        doc_spec = doc_spec.model_copy(update={"facts": [], "distractor": None})
        update.update(facts=[], distractor_label=None, cited_sheets=[])
    # Its own seed, drawn from the email's picker, so the text differs from any document of the same id.
    doc = compose_document(ctx.model_copy(update={"spec": doc_spec, **update}))
    if summed and doc.sections and doc.sections[0].heading.lower() == "executive summary":
        # the note above has given the headline figure: the summary keeps what else it says (who the work was for
        # and on whose instruction), not "The headline: X is Y" said a second time
        first = doc.sections[0]
        kept = [t for t in (re.sub(r"\bThe headline\b[^.]*(?:\.\d[^.]*)*\.\s*", "", p).strip()
                            for p in first.paragraphs) if t]
        # a report made on another firm's instruction says whose, as its first line: the plan's sides, not a reader
        engager, client = engaged_by(ctx), client_of(ctx)
        if engager and client and engager != client and not any(engager in p for p in kept):
            kept.insert(0, f"{ctx.author.organisation} was instructed by {engager} on behalf of {client}.")
        head = [first.model_copy(update={"paragraphs": kept})] if kept or first.table is not None else []
        doc = doc.model_copy(update={"sections": head + doc.sections[1:]})
    if not re.search(r"\boptions?\b", f"{spec.title} {spec.purpose or ''}", re.I):
        # an options block only where the thread asks for options ("Option A: Holding the position on ..." below a
        # colleague's note that asked none, read 10); a recommendation names its course, not a letter of a list
        doc = doc.model_copy(update={"sections": [
            x.model_copy(update={"paragraphs": [re.sub(r"\bOption [A-D],?\s+", "", p) for p in x.paragraphs]})
            for x in doc.sections if not re.match(r"options\b", x.heading, re.I)]})
    # a finding pasted into mail is said, not labelled ("Observation: the support for the other side's position was
    # patchy", read 10: a report's skeleton in an email)
    doc = doc.model_copy(update={"sections": [
        x.model_copy(update={"paragraphs": [re.sub(r"(^|(?<=[.!?] ))(?:Observation|Finding|Result): (\w)",
                                                   lambda m: m.group(1) + m.group(2).upper(), p) for p in x.paragraphs]})
        for x in doc.sections]})
    # a paper in mail points only at what the mail carries: no "listed in the table" or "given in the annex" (mail
    # has neither), and no "shown below" where no table lines follow (blind read 13: "a 'timeline below' and
    # 'table' that don't exist")
    # (in their place, where the paper gave its sources, where each figure is read in the room: the sheet's line)
    sources = [f"{f.label[:1].upper()}{f.label[1:]} is on {pick.cited(f.source)}." for f in ctx.facts
               if f.label and f.source][:3]
    sections = []
    for x in doc.sections:
        has_table = x.table is not None and bool(x.table.rows)
        kept = [p for p in (_points_at_nothing(p, has_table) for p in x.paragraphs) if p]
        if kept != x.paragraphs and not has_table and sources:
            kept.append(pick.reword("[For the sources|Where to check the figures|To check them against the "
                                    "papers], in the room's own sheets:") + " " + lower_first(" ".join(sources)))
            sources = []
        sections.append(x.model_copy(update={"paragraphs": kept}))
    doc = doc.model_copy(update={"sections": sections})
    text = flatten(doc)
    if carry and ctx.distractor_label:
        # a paper's stamp sits on its title line, which mail does not carry: the writer says which version it is
        text = f"(These are the figures of the {strip_end(ctx.distractor_label)}.)\n\n{text}"
    return text


# What a title says a long message is: notes of a call or meeting, a status or findings report; else a memo.
_CALL = re.compile(r"\b(call|meeting|minutes|notes|session|kick-?off)\b", re.I)
_REPORT = re.compile(r"\b(status|update|findings|results|report|review|summary)\b", re.I)


def long_kinds(ctx: ArtifactContext) -> list[str]:
    """The kinds of text this message may carry in its body, from its title and its writer and readers: none
    across the table (a memo, a report or our call notes are our own papers, not the other side's), no memo from a
    client to the firm it instructs (the firm writes the advice; the client sends a status report); call notes
    only for a call."""
    if ctx.organisations and across(ctx):
        return []
    title = ctx.spec.title
    if _CALL.search(title):
        return ["minutes"]
    if _REPORT.search(title):
        return ["report"]
    if not client_of(ctx) and any(p.organisation != ctx.author.organisation for p in ctx.to + ctx.cc):
        return ["report"]  # a client sends its adviser the facts, never a memo of advice
    return ["memo", "report"]


def long_body(pick: Picker, ctx: ArtifactContext, values: dict[str, str], intro: bool = True,
              kind: str = "") -> tuple[str, str]:
    """(intro line, flattened text) of a long-form message: one minutes/report/memo written into the mail, the one
    its title names (never two papers pasted one below the other); with intro=False, (kind, text) for a note that
    has already said what the paper concludes."""
    kind = kind or pick.one(long_kinds(ctx) or ["memo"])
    if not intro:
        # below a note that has said what it concludes, the paper is there for its detail: the full one
        return kind, _part(pick, ctx, kind, pick.one([3, 4, 9, 10, 11]), True, summed=True)
    # (a short note of two to four sections or a full paper of nine to eleven: long business mail, quotes
    # included, runs 200-400 words about twice as often as 400-800, and past 800 words mostly by quoting a full
    # paper; the three examples' body lengths stay within realism_profile's tolerance of the reference)
    text = _part(pick, ctx, kind, pick.one([2, 3, 4, 9, 10, 11]), True)
    # (notes of a call are no longer followed by "the wider status update": a report carrying none of the matter's
    # facts was its skeleton alone, "Observation: the documentary record reconciles ..., the other side's position
    # does not change unless the figures does", read 10)
    intro = pick.fill(bank("email")["long_intros"][kind], **values) or "Details below."
    return intro, text
