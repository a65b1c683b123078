"""The offline document composer: title, subtitle and exactly the planned sections, carrying every fact."""

from __future__ import annotations

from decimal import Decimal

from worldsmith.generators.compose.bank import Picker, bank
from worldsmith.generators.compose.facts import fact_sentence, with_lead, as_written
from worldsmith.generators.compose.text import cap_first, join_names, long_date, noun_phrase, strip_end
from worldsmith.generators.compose.voice import family_key, next_workday, trade_sentences, vocabulary
from worldsmith.generators.context import ArtifactContext
from worldsmith.worlds.content import DocumentContent, Section, SheetContent, Table
from worldsmith.worlds.plan import DocumentSpec
from worldsmith.worlds.values import Money, render_value

# Section kinds that list people or tasks rather than argue, so facts are not placed there.
_NO_FACTS = {"attendees", "actions", "next_meeting"}
# Where a table of the key facts reads naturally, best first.
_TABLE_KINDS = ("answer", "summary", "findings", "analysis", "background", "decisions", "position", "definitions")


def doc_kind(doc_type: str) -> str:
    """The heading bank for a document type ('share purchase agreement' -> 'agreement')."""
    types = bank("documents")["types"]
    name = doc_type.strip().lower()
    if name in types:
        return name
    for kind, data in types.items():
        if any(word in name for word in data["match"]):
            return kind
    return "default"


def headings(pick: Picker, kind: str, n: int) -> list[tuple[str, str]]:
    """Exactly n (heading, kind) pairs for a document of this kind, in a natural order."""
    docs = bank("documents")
    listed = [tuple(h) for h in docs["types"][kind]["headings"]]
    if n >= len(listed):
        extra = [tuple(h) for h in docs["extra_headings"]]
        chosen = listed + [extra[i % len(extra)] for i in range(n - len(listed))]
        # More sections than a type lists: extras go before the closing section, numbered if reused.
        chosen = chosen[:len(listed) - 1] + chosen[len(listed):] + chosen[len(listed) - 1:len(listed)]
        seen: dict[str, int] = {}
        out = []
        for text, k in chosen:
            seen[text] = seen.get(text, 0) + 1
            out.append((text if seen[text] == 1 else f"{text} {seen[text]}", k))
        chosen = out
    elif n == 1:
        chosen = [listed[0]]
    else:
        middle = sorted(pick.some(range(1, len(listed) - 1), n - 2))
        chosen = [listed[0], *(listed[i] for i in middle), listed[-1]]
    if docs["types"][kind].get("numbered"):
        chosen = [(f"{i}. {text}", k) for i, (text, k) in enumerate(chosen, 1)]
    return chosen[:n]


def sheet_totals(sheet: SheetContent) -> list[tuple[str, str]]:
    """(label, canonical text) of each money total of a sheet: totalled money columns, else all money columns."""
    money = [i for i, c in enumerate(sheet.columns) if c.type == "money"]
    totalled = [i for i in money if sheet.columns[i].total] or money
    out = []
    for i in totalled:
        # Decimal of each cell's text, so the sum is the one a reader adding the cells would get.
        amount = sum((Decimal(str(r[i])) for r in sheet.rows if i < len(r) and isinstance(r[i], (int, float))), Decimal(0))
        label = sheet.title if len(totalled) == 1 else f"{sheet.title} ({sheet.columns[i].name})"
        out.append((label, render_value(Money(amount=amount, currency=sheet.currency))))
    return out


def _subtitle(pick: Picker, ctx: ArtifactContext, spec: DocumentSpec, kind: str) -> str:
    """The line under the title: confidentiality, author and date, and a distractor's label first."""
    subs = bank("documents")["subtitles"]
    family = family_key(ctx.voice.family)
    marking = pick.one(subs.get(family, subs["default"]))
    by = f"{ctx.author.name}, {ctx.author.title}"
    if kind == "minutes":
        line = f"{marking} — Minutes taken by {by} — {long_date(spec.date, ctx.locale)}"
    elif kind == "agreement":
        line = f"{marking} — Draft prepared by {by}, {ctx.author.organisation} — {long_date(spec.date, ctx.locale)}"
    else:
        line = f"{marking} — Prepared by {by} — {long_date(spec.date, ctx.locale)}"
    if ctx.distractor_label:
        line = f"Status: {strip_end(ctx.distractor_label)} — {line}"
    return line


def _values(pick: Picker, ctx: ArtifactContext, spec: DocumentSpec) -> dict[str, str]:
    """The named values document frames are filled from."""
    values = vocabulary(pick, ctx.voice)
    others = [p.organisation for p in ctx.to if p.organisation != ctx.author.organisation]
    values.update(
        topic=join_names([f.label for f in ctx.facts if f.label][:2]) or "the matter",
        author=ctx.author.name,
        org=ctx.author.organisation,
        readers=join_names([p.name for p in ctx.to]) if ctx.to else "the working group",
        counterpart=others[0] if others else ctx.author.organisation,
        date=long_date(spec.date, ctx.locale),
        world=ctx.world_title,
    )
    return values


def _paragraph(pick: Picker, pool: list[str], values: dict[str, str], facts: list[str], extra: list[str]) -> str:
    """A paragraph of 2-5 sentences: frames drawn from the section's pool (used up, so none repeats), facts woven in."""
    target = max(2, min(5, pick.rng.randint(2, 4) + len(facts) // 2))
    sentences: list[str] = list(facts)
    while len(sentences) < target and pool:
        s = pool.pop()
        sentences.insert(pick.rng.randint(0, len(sentences)), s)
    # A connective only where a sentence follows another, never at the head of a paragraph.
    sentences = [with_lead(pick, s, "document") if i and s in facts and pick.chance(0.3) else s
                 for i, s in enumerate(sentences)]
    for s in extra:
        if len(sentences) >= target:
            break
        sentences.append(s)
    if len(sentences) < 2:
        sentences.append(pick.one(["The position will be kept under review.", "Further detail is available on request.",
                                   "This is consistent with the information reviewed."]))
    return " ".join(sentences)


def _pool(pick: Picker, frames: list[str], values: dict[str, str]) -> list[str]:
    """The section's sentences: every frame that can be filled, in a random order."""
    out = []
    for frame in pick.shuffled(frames):
        s = pick.fill([frame], **values)
        if s and s not in out:
            out.append(s)
    return out


def compose_document(ctx: ArtifactContext) -> DocumentContent:
    """A document for the context: exactly spec.sections sections that carry every fact's exact text."""
    ctx = ctx.model_copy(update={"facts": [as_written(f, bool(ctx.distractor_label)) for f in ctx.facts]})
    spec = ctx.spec
    assert isinstance(spec, DocumentSpec), "compose_document needs a DocumentSpec"
    pick = Picker(ctx.seed)
    docs = bank("documents")
    kind = doc_kind(spec.doc_type)
    values = _values(pick, ctx, spec)
    plan = headings(pick, kind, max(1, spec.sections))
    numbered = bool(docs["types"][kind].get("numbered"))

    # Every fact goes to one section that argues (not a list of attendees); four at most per paragraph.
    hosts = [i for i, (_, k) in enumerate(plan) if k not in _NO_FACTS] or list(range(len(plan)))
    placed: dict[int, list[str]] = {i: [] for i in range(len(plan))}
    start = pick.rng.randrange(len(hosts))
    for j, f in enumerate(pick.shuffled(ctx.facts)):
        placed[hosts[(start + j) % len(hosts)]].append(fact_sentence(pick, f, "document"))
    cited: list[tuple[str, str]] = [t for sheet in ctx.cited_sheets for t in sheet_totals(sheet)]
    figures_at = next((i for k in ("analysis", "findings", "summary", "position") for i, (_, kk) in enumerate(plan) if kk == k), hosts[-1])
    # The facts table goes elsewhere than the figures table when there is another section to hold it.
    busy = {figures_at} if cited and len(plan) > 1 else set()
    table_at = next((i for k in _TABLE_KINDS for i, (_, kk) in enumerate(plan) if kk == k and i not in busy),
                    next((i for i in hosts if i not in busy), hosts[0]))

    sections: list[Section] = []
    for i, (heading, k) in enumerate(plan):
        frames = docs["sentences"].get(k, docs["sentences"]["analysis"])
        trade = [] if k in ("clause", "definitions") else trade_sentences(pick, ctx.voice, "document", values, 2)
        facts = placed[i]
        if i == figures_at and cited:
            facts = facts + [cap_first(pick.one([f"{noun_phrase(label)} totals {text}.", f"per {noun_phrase(label)}, the total is {text}.",
                                                 f"the total shown in {noun_phrase(label)} is {text}."])) for label, text in cited]
        table = None
        if k == "attendees":
            paragraphs = [_attendees(ctx)]
            if facts:  # only when minutes are a single section: the facts still need a home
                paragraphs.append(_paragraph(pick, _pool(pick, docs["sentences"]["discussion"], values), values, facts, []))
            table = Table(columns=["Name", "Title", "Organisation"],
                          rows=[[p.name, p.title, p.organisation] for p in [ctx.author, *ctx.to, *ctx.cc]])
        elif k == "actions":
            paragraphs, table = _actions(pick, ctx, spec, values, facts)
        else:
            chunks = [facts[n:n + 4] for n in range(0, len(facts), 4)] or [[]]
            pool = _pool(pick, frames, values)
            if not facts and len(pool) >= 5 and pick.chance(0.4):
                chunks.append([])
            paragraphs = [_paragraph(pick, pool, values, chunk, trade if n == len(chunks) - 1 else [])
                          for n, chunk in enumerate(chunks)]
        if i == figures_at and cited:
            table = table or Table(columns=["Source", "Total"], rows=[[label, text] for label, text in cited])
        if i == table_at and len(ctx.facts) >= 2 and table is None:
            cols = ["Term", "Agreed position"] if kind == "agreement" else pick.one([["Item", "Position"], ["Point", "Detail"], ["Fact", "Value"]])
            table = Table(columns=cols, rows=[[cap_first(strip_end(f.statement if f.establish or not f.label else f.label)), f.text] for f in ctx.facts])
        if i == 0 and ctx.distractor_label:
            # The label opens the document, so no reader takes its figures as current.
            note = pick.fill(docs["distractor_openers"], label=strip_end(ctx.distractor_label))
            paragraphs[0] = f"{note} {paragraphs[0]}"
        if numbered:
            number = heading.split(".")[0]
            paragraphs = [f"{number}.{n} {p}" for n, p in enumerate(paragraphs, 1)]
        sections.append(Section(heading=heading, paragraphs=paragraphs, table=table))

    return DocumentContent(title=spec.title, subtitle=_subtitle(pick, ctx, spec, kind), sections=sections)


def _attendees(ctx: ArtifactContext) -> str:
    """The attendees paragraph of minutes."""
    present = [f"{p.name} ({p.title}, {p.organisation})" for p in [ctx.author, *ctx.to]]
    text = f"Present: {join_names(present)}. The meeting was chaired by {(ctx.to or [ctx.author])[0].name}. Minutes were taken by {ctx.author.name}."
    if ctx.cc:
        text += f" Also in attendance: {join_names([p.name for p in ctx.cc])}."
    return text


def _actions(pick: Picker, ctx: ArtifactContext, spec: DocumentSpec, values: dict[str, str],
             facts: list[str]) -> tuple[list[str], Table]:
    """The actions paragraph and table of minutes: owners from the attendees, due dates after the meeting."""
    frames = bank("documents")["actions"]
    people = [ctx.author, *ctx.to]
    rows = []
    for _ in range(pick.rng.randint(2, 4)):
        action = pick.fill(frames, **values)
        if action and all(r[0] != action for r in rows):
            due = next_workday(spec.date, pick.rng.randint(2, 10))
            rows.append([action, pick.one(people).name, due.isoformat()])
    lead = f"The following actions were agreed, with {len(rows)} items recorded in the table below."
    paragraphs = [" ".join([lead, "Owners will report progress at the next meeting.", *facts])]
    return paragraphs, Table(columns=["Action", "Owner", "Due"], rows=rows)
