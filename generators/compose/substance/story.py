"""The matter's argument on a paper's points, from the outline's own prose: the clauses of the world summary that
speak to what the paper's purpose says it sets out, in the paper's voice. Read 25 (an unseen CMR outline): 'A memo on
wilful misconduct with no Article 29 analysis ... Its "Analysis" is one line of arithmetic', while the summary said
the carrier's driver left the trailer in an unguarded lay-by against its own security instructions and that the firm
argues that is wilful misconduct. The engine reuses and reorders the outline's clauses; it never writes a figure of
its own (a clause with a number the paper's facts do not hold, or a date after the paper's, is left out)."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.text import cap_first
from worldsmith.generators.context import ArtifactContext, artifact_day

# Words of a purpose that say what the paper does, not what it is about.
_ACTS = {"work", "works", "set", "sets", "out", "test", "evidenc", "recom", "whether", "advis", "analy", "explai",
         "consi", "addre", "revie", "summa", "figur", "compu", "calcu", "quant", "descr", "ident", "propo", "gives",
         "weigh", "the", "and", "with", "for", "from", "that", "this", "its", "their", "our", "his", "her", "each",
         "which", "what", "how", "into", "onto", "over", "under", "about", "against", "partn", "assoc", "memo",
         "repor", "note", "paper", "lette", "advic", "point", "issue", "case", "matte", "claim", "clien", "view",
         "posit", "short", "answe", "quest", "findi", "risks", "next", "steps", "decis", "decid", "should", "would",
         "could", "whet", "also", "then", "them", "they", "there", "where", "when", "will", "shall", "must"}
_MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|December")
_DATE = re.compile(rf"\b(?:({_MONTHS})\s+(\d{{1,2}}),?\s+(\d{{4}})|(\d{{1,2}})\s+({_MONTHS})\s+(\d{{4}}))\b")
_REF = re.compile(r"\b(?:[Aa]rticles?|[Cc]lauses?|[Ss]ections?|[Rr]ules?|[Pp]art|[Pp]ara(?:graph)?s?|[Ss]chedule|CPR|"
                  r"s\.|r\.|§)\s*\d+[A-Za-z]?(?:\.\d+)*(?:\(\w+\))*")
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _stems(text: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[a-z][a-z-]{2,}", text.lower())} - _ACTS


def _dates(text: str) -> list[dt.date]:
    out = []
    for m in _DATE.finditer(text):
        month, day, year = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(5), m.group(4), m.group(6))
        try:
            out.append(dt.datetime.strptime(f"{month} {int(day)} {year}", "%B %d %Y").date())
        except ValueError:
            continue
    return out


def _held(ctx: ArtifactContext, clause: str) -> bool:
    """Whether every figure of the clause is one the paper's facts hold and every date one on or before its day."""
    day = getattr(ctx.spec, "date", None)
    if any(day is not None and d > day for d in _dates(clause)):
        return False
    bare = _REF.sub(" ", _DATE.sub(" ", clause))  # 'Article 29' names a provision, not a figure
    known = " ".join(f"{f.text} {f.statement}" for f in ctx.facts)
    return all(n in known for n in _NUMBER.findall(bare) if n.strip(",."))


def _names(ctx: ArtifactContext) -> set[str]:
    people = [ctx.author, *ctx.to, *ctx.cc, *ctx.cast]
    return _stems(" ".join([*(o.name for o in ctx.organisations), *(p.name for p in people)]))


def _voiced(ctx: ArtifactContext, clause: str) -> str:
    """The clause in the paper's voice: the author's own organisation, as the one that argues, is 'we'."""
    org = re.escape(ctx.author.organisation)
    clause = re.sub(rf"^(?:the\s+)?{org}(?:,\s+for\s+[^,]+,)?\s+(argue|argues|contend|contends|say|says|claim|"
                    rf"claims|maintain|maintains)\b", lambda m: "we " + re.sub(r"s$", "", m.group(1)), clause)
    return clause


def argued(ctx: ArtifactContext, said: str = "", most: int = 4) -> list[str]:
    """The summary's clauses on the points the purpose names (each at least one of its words that is neither a
    paper's act nor a party's name), in the summary's order and the paper's voice; those already said, or that carry
    a figure the paper does not hold, left out. [] where the summary says nothing on them."""
    from worldsmith.generators.week import instance_of

    hit = instance_of(getattr(ctx.spec, "item", ""))
    if hit is not None and hit[1] > 1:
        # the matter's story is told in the first note of a series, not again in each later one (an unseen outline's
        # six interview memoranda each pasted the same two clauses of its summary: realism_boilerplate)
        return []
    purpose = " ".join((getattr(ctx.spec, "purpose", "") or "").split())
    summary = " ".join((ctx.world_summary or "").split())
    want = _stems(purpose) - _names(ctx)
    if not want or not summary:
        return []
    seen = _stems(said)
    names = _names(ctx)
    facts = [_stems(f.statement) for f in ctx.facts]
    out: list[str] = []
    for sentence in sentences(summary):
        for raw in re.split(r";\s+", sentence.rstrip(".")):
            clause = raw
            # a trailing ', and ...' that speaks to none of the points is another step of the matter (often a later
            # one: 'and issue proceedings in the Commercial Court'), not the argument
            parts = re.split(r",\s+and\s+(?=[a-z])", clause)
            while len(parts) > 1 and not (_stems(parts[-1]) & want):
                parts.pop()
            clause = ", and ".join(parts).strip()
            own = _stems(clause)
            if not (own & want) or not _held(ctx, clause) or raw in ctx.told_later:
                continue
            if own and (len(own & seen) >= 0.9 * len(own) or any(len(own & f) >= 0.7 * len(own) for f in facts)):
                continue  # the paper says it already, as its facts do (its words are the topic's: most recur)
            if _restates(clause, said, names):
                continue
            out.append((len(own & want), cap_first(_local(ctx, _voiced(ctx, clause))) + "."))
    # the clauses that speak most to the points, told in the summary's order
    kept = sorted(sorted(range(len(out)), key=lambda i: -out[i][0])[:most])
    return [out[i][1] for i in kept]


def _restates(clause: str, said: str, names: set[str]) -> bool:
    """Whether a sentence already said holds every figure of the clause and much of its words (grant-audit at seed
    97: 'Brennock Hale LLP and the university's research compliance office reconstruct the effort from payroll, lab
    notebooks and re-certifications, which support USD 298,000' after 'Payroll records, lab notebooks and
    after-the-fact certifications ... support USD 298,000')."""
    numbers = [n for n in _NUMBER.findall(_REF.sub(" ", _DATE.sub(" ", clause))) if n.strip(",.")]
    own = _stems(clause) - names
    if not numbers or not own:
        return False
    return any(all(n in sentence for n in numbers) and len(own & _stems(sentence)) >= 0.4 * len(own)
               for sentence in sentences(said))


_ABBREV = re.compile(r"(?:\b(?:Co|Inc|Ltd|Corp|No|St|Mr|Mrs|Ms|Dr|Jr|Sr|Bros|plc|v|vs|etc|approx)|\b[A-Z])\.$")


def sentences(text: str) -> list[str]:
    """The text's sentences, never cut after an abbreviation ('Larkspur Bagel Co. LLC runs ...' is one)."""
    out: list[str] = []
    for piece in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text):
        if out and _ABBREV.search(out[-1]):
            out[-1] += " " + piece
        else:
            out.append(piece)
    return out


def _local(ctx: ArtifactContext, clause: str) -> str:
    """The summary's dates as the paper's locale writes them ('17 March 2026' in a British paper)."""
    if not (ctx.locale or "").startswith("en_GB"):
        return clause
    return re.sub(rf"\b({_MONTHS})\s+(\d{{1,2}}),\s+(\d{{4}})\b", lambda m: f"{int(m.group(2))} {m.group(1)} {m.group(3)}",
                  clause)


def told_later(plan, day: dt.date | None) -> list[str]:
    """The summary's clauses that only a paper, message or fact dated after `day` tells (its clauses as argued() splits
    them): a draft of 6 March pasted 'Wabigoon accepts the transport finding and rejects the refining one', which the
    operator's answer of 24 April says (an unseen royalty-audit outline, issue 17). [] without a day."""
    if day is None:
        return []
    told = plan.__dict__.get("_summary_told")
    if told is None:
        first: dict[str, dt.date] = {}
        for a in plan.artifacts:
            texts = [getattr(a, "purpose", "") or "", getattr(a, "point", "") or "",
                     *(getattr(p, "text", p) for p in getattr(a, "points", None) or [])]
            when = artifact_day(a)
            for t in texts:
                if t and when is not None and (t not in first or when < first[t]):
                    first[t] = when
        for f in plan.facts:
            if (when := f.first_known()) is not None and (f.statement not in first or when < first[f.statement]):
                first[f.statement] = when
        stems = [(_stems(t), d) for t, d in first.items()]
        told = []
        for sentence in sentences(" ".join((plan.summary or "").split())):
            for clause in re.split(r";\s+", sentence.rstrip(".")):
                own = _stems(clause)
                # (a clause of three words or fewer that are no act says too little to be matched to one text)
                days = [d for t, d in stems if len(own) > 3 and len(own & t) >= 0.7 * len(own)]
                told.append((clause, min(days, default=None)))
        plan.__dict__["_summary_told"] = told
    return [c for c, d in told if d is not None and d > day]
