"""A report's method and the build-up of its figures, in the words of the facts' own statements: the basis each
measured figure was taken on, what was left out and why, and each derived figure built up from its inputs with where
each input comes from (read 16: 'a forensic report that never builds up the USD 41,500 a day (no sales, margin or
saved costs)'). Words only: every figure is the ledger's, every basis the statement's."""

from __future__ import annotations

import re

from worldsmith.generators.compose.text import cap_first, long_date
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.generators.compose.substance.common import label

# The clause after a figure that says how it was measured: 'from the twelve months' sales ... less non-continuing
# costs', 'to the date the rebuilt section was certified', 'on the basis of ...'.
_LEAD = re.compile(r"^(?P<tail>(?:from|on the basis of|based on|measured on|calculated on|computed on|worked on|"
                   r"over|to the date|to the day|net of|excluding|after deducting)\b.+)$", re.I)
# the unit written after a figure, which is the figure's own ('USD 41,500 a day')
_UNIT = re.compile(r"^\s*(?:a|an|per|each)\s+(?:day|week|month|year|quarter|hour|user|unit|sq ft|square foot)\b", re.I)
_EXCLUDED = re.compile(r"^(?P<basis>.*?)(?:,\s*|\s+)?\bexcluding\s+(?P<out>.+)$", re.I)
# why a thing is left out of a measure of what would have been earned: it had stopped before the loss
_STOPPED = re.compile(r"\b(discontinu\w*|ceased|closed|sold|terminated|withdrawn)\b", re.I)


def basis_of(f: FactRef) -> tuple[str, str]:
    """(basis, excluded) from the figure's own statement: the clause after its value that says how it was measured,
    and what that clause leaves out; ('', '') where the statement gives none."""
    s = " ".join(f.statement.split()).rstrip(". ")
    at = s.find(f.text)
    if at < 0 or f.value.type not in ("money", "number", "percent"):
        return "", ""
    tail = s[at + len(f.text):]
    tail = _UNIT.sub("", tail).lstrip(" ,;:")
    m = _LEAD.match(tail)
    if not m:
        return "", ""
    tail = m.group("tail")
    # (a figure of another fact's later in the clause belongs to that fact's sentence, not to this basis)
    cut = _EXCLUDED.match(tail)
    if cut:
        return cut.group("basis").strip(" ,"), cut.group("out").strip(" ,")
    return tail, ""


# a delay analyst's methods, by the words a statement of the plan names one in
_DELAY_METHOD = re.compile(r"\b(windows? analysis|time[- ]impact analysis|as-planned (?:versus|vs\.?|v\.?) as-built|"
                           r"collapsed as-built|impacted as-planned|longest path analysis)\b", re.I)
_DELAY = re.compile(r"\bdelay\b", re.I)
_COUNT = re.compile(r"\b(days|weeks)\b", re.I)


def delay_method(ctx: ArtifactContext) -> str:
    """How a delay analysis reached its days, where the report is one (its title speaks of delay and a count of days or
    weeks of delay is among its figures): the method the plan names (else a windows analysis), the baseline and the
    as-built record it compares, how the windows are cut and each window's delay attributed, and its assumptions
    (blind read 28: 'No method (no windows, baseline or as-built comparison)'); '' for any other report."""
    counts = [f for f in ctx.facts if f.value.type == "number" and _DELAY.search(label(f) + " " + f.statement)
              and _COUNT.search(f"{getattr(f.value, 'unit', '') or ''} {f.text}")]
    if not _DELAY.search(ctx.spec.title) or not counts:
        return ""
    named = next((m.group(1) for f in ctx.facts for m in [_DELAY_METHOD.search(f.statement)] if m), "")
    method = named.lower() if named else "windows analysis"
    unit = "weeks" if any("week" in f.text for f in counts) else "days"
    return (f"We used a {method}. The baseline is the contract programme as accepted at the start of the works; the "
            f"as-built record is the contemporaneous progress record (the programme updates, site records and "
            f"correspondence). We cut the period of the works into windows at each programme update, measured in each "
            f"window the movement of the critical path against the baseline in {unit}, and attributed each window's "
            f"delay to the event that drove it and to the party that carries the risk of that event under the "
            f"contract. Assumptions: the baseline was a reasonable programme for the works as let; where records "
            f"conflict, the contemporaneous record is preferred to a later account; delay in a window that an "
            f"excusable and a culpable event drove together is shown as concurrent, not added to either side's "
            f"{unit}.")


def method_lines(ctx: ArtifactContext) -> list[str]:
    """How each figure this report measures itself was taken, in its statement's words: 'We measured the lost gross
    profit per day (USD 41,500) from the twelve months' sales of the Joliet site less non-continuing costs. We left
    out the frozen-seafood line discontinued in November 2025: ...'. Only the figures this report establishes (it may
    state their statements); [] where none has a basis in its statement."""
    out = []
    for f in ctx.facts:
        if not f.establish or f.reason:
            continue
        basis, excluded = basis_of(f)
        if not basis and not excluded:
            continue
        if basis.lower().startswith("excluding"):
            basis, excluded = "", basis[len("excluding"):].strip()
        row = f"We measured {label(f)} ({f.text}) {basis}." if basis else f"We measured {label(f)} at {f.text}."
        if excluded:
            why = (" It had stopped before the loss, so it would have earned nothing in the period measured and is no "
                   "part of the loss." if _STOPPED.search(excluded) else "")
            row += f" We left out {excluded}.{why}"
        out.append(row)
    if delay_method(ctx):
        out.append(delay_method(ctx))
    return out


def _where(ctx: ArtifactContext, inp) -> str:
    """Where an input of a derived figure is read: this report, another paper (its author and day), a sheet's line."""
    if inp.paper and inp.paper == ctx.spec.title:
        return "measured in this report" if any(f.establish and label(f) == inp.label and basis_of(f)[0]
                                                for f in ctx.facts) else "this report"
    if inp.paper:
        by = f", {inp.by}" if inp.by and inp.by != ctx.author.organisation else ""
        day = f", {long_date(inp.paper_day, ctx.locale)}" if inp.paper_day else ""
        return f"{inp.paper}{by}{day}"
    if inp.source:
        return inp.source
    return ""


def build_up(ctx: ArtifactContext, f: FactRef) -> str:
    """A derived figure built up from its inputs, each with its value and where it comes from, then the working and
    the figure it gives: 'Build-up of the business interruption loss. Inputs: the lost gross profit per day, USD 41,500
    (measured in this report); the waiting period, 3 days (Northgate's policy of January 27, 2026). The lost gross profit
    per day of USD 41,500 times ... gives USD 5,934,500.' '' where the figure has no inputs on the day."""
    if not f.reason or not f.inputs or not f.working:
        return ""
    rows = []
    for inp in f.inputs:
        where = _where(ctx, inp)
        rows.append(f"{inp.label}, {inp.text}" + (f" ({where})" if where else ""))
    return (f"Build-up of {label(f)}. Inputs: {'; '.join(rows)}. {cap_first(f.working)} gives {f.text}.")


_POSSESSIVE = re.compile(r"^(?P<who>(?:[\w&.-]+\s+){0,4}?[\w&.-]+)(?:'s|s')\s+(?P<what>[a-z].+)$")
_VERB = re.compile(r"^(?P<verb>[A-Z][a-z]+s)\s+(?P<rest>.+)$")


def instructions(ctx: ArtifactContext) -> str:
    """What the paper was asked to do, from the item's purpose turned into the author's own words: 'Brightline
    Forensic's measurement of the lost gross profit ...' -> 'This report sets out our measurement of the lost gross
    profit ...' ('' where the purpose carries a figure or a day, which the engine owns, or is no possessive phrase:
    a purpose is never pasted, realism_purpose_not_pasted)."""
    purpose = " ".join((ctx.spec.purpose or "").split()).rstrip(". ")  # type: ignore[union-attr]
    # (the room's note on the copy is no part of the paper: 'our first valuation, kept in the file, which valued ...')
    purpose = re.sub(r",\s*(?:kept|retained|held|left)\s+(?:in|on)\s+(?:the\s+)?(?:file|room|record),", ",", purpose)
    if not purpose or re.search(r"\d", purpose):
        return ""
    if _VERB.match(purpose):
        return ""  # ('Summarises the ...' would be the purpose pasted whole: realism_purpose_not_pasted)
    m = _POSSESSIVE.match(purpose)
    if m and not purpose.lower().startswith(("this ", "a ", "an ")):
        who = m.group("who")
        if any(o.name != ctx.author.organisation and o.name.split()[0] in who.split() for o in ctx.organisations):
            return ""  # another house's view is not this paper's own ('Northgate's position ...' by its adjuster)
        what = m.group("what")
        if re.match(r"(?:final |draft |interim |preliminary )?(?:report|review|paper|overview)\b", what):
            return f"This is our {what}."  # (not 'This report sets out our final report on ...', seed 3)
        return f"This report sets out our {what}."
    return ""


def _stems(text: str) -> set[str]:
    """The content words of a text, hyphens read as spaces and a plural as its singular ('steering-gear test' and
    'steering gear' share 'steering' and 'gear')."""
    from worldsmith.generators.compose.substance.common import words_of

    return {w[:-1] if w.endswith("s") and len(w) > 4 else w for w in words_of(text.replace("-", " "))}


_LISTED = re.compile(r"\((?P<list>[^()]*,[^()]*)\)\s*$")
_ON = re.compile(r"^(?:[\w&.' -]+?(?:'s|s')\s+)?(?:[a-z]+\s+){0,2}?(?:findings|account|report|review|assessment|"
                 r"measurement|view)\s+(?:on|of)\s+(?P<list>.+)$", re.I)


def _split_list(text: str) -> list[str]:
    # ('coding accuracy, denials and unbilled receivables, with the overpayment and recommendations': what comes
    # 'with' the heads is no head)
    text = re.split(r",?\s+(?:with|together with|including|for|so that|to)\s+", text.strip().rstrip("."))[0]
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+", text)
    return [p.strip() for p in parts if p.strip() and len(p.split()) <= 8]


def topics(ctx: ArtifactContext) -> list[str]:
    """The heads a report's title lists ('Marine survey report: M/T Aurelian Tide (tonnage, hull damage, steering
    gear)'), else those its purpose lists after 'findings on' or 'account of'; [] where neither lists any."""
    m = _LISTED.search(ctx.spec.title)
    if m:
        return _split_list(m.group("list"))
    purpose = " ".join((ctx.spec.purpose or "").split())  # type: ignore[union-attr]
    p = _ON.match(purpose)
    if p and not re.search(r"\d", p.group("list")):
        return _split_list(p.group("list"))
    return []


def title_lists(ctx: ArtifactContext) -> bool:
    """Whether the report's title lists its heads in a closing bracket."""
    return _LISTED.search(ctx.spec.title) is not None


def _purpose_heads(ctx: ArtifactContext) -> list[str]:
    purpose = " ".join((ctx.spec.purpose or "").split())  # type: ignore[union-attr]
    p = _ON.match(purpose)
    return _split_list(p.group("list")) if p and not re.search(r"\d", p.group("list")) else []


def topic_of(head: list[str], f: FactRef) -> str:
    """The head of the list that the fact's label or statement speaks to, by shared words; '' for none."""
    said = _stems(f"{f.label} {f.statement}")
    best = max(head, key=lambda t: len(_stems(t) & said), default="")
    return best if best and _stems(best) & said else ""


def unreported_heads(ctx: ArtifactContext, found: list[FactRef]) -> list[tuple[str, str]]:
    """(head, what the purpose says of it) for each head of the title's list that no fact speaks to, paired in order
    with the purpose's heads no fact speaks to ('hull damage' with 'the breach of the two cargo tanks'); a head the
    purpose says nothing more of is left out (nothing is invented)."""
    heads = topics(ctx)
    if not _LISTED.search(ctx.spec.title):
        return []
    left = [t for t in heads if not any(topic_of([t], f) for f in found)]
    said = [p for p in _purpose_heads(ctx) if not any(topic_of([p], f) for f in found)
            and not any(_stems(p) & _stems(t) for t in heads if t not in left)]
    return list(zip(left, said))


_SUMMARY_OF = re.compile(r"^(?:an?\s+|the\s+)?summary of (?:the\s+)?(?P<paper>.+?)\s*$", re.I)


def summarised_paper(ctx: ArtifactContext) -> tuple[str, FactRef | None]:
    """(the paper a 'Summary of ...' names, the fact whose statement is that paper's), or ('', None)."""
    m = _SUMMARY_OF.match(ctx.spec.title)
    if not m:
        return "", None
    paper = m.group("paper")
    want = _stems(paper)
    best = max(ctx.facts, key=lambda f: len(want & _stems(f.statement)), default=None)
    return paper, best if best is not None and want & _stems(best.statement) else None


def paper_summary(ctx: ArtifactContext, day: str) -> list[str]:
    """A summary of the paper its title names: what the paper is and says (its statement), the heads its figure is made
    of, the basis it is taken on, and the other facts it carries with their statements (read 16: 'Does not summarise the
    notice of intent (no trustees, resources or scope), only three figures'); [] for any other paper."""
    from worldsmith.generators.compose.substance.common import plain

    paper, main = summarised_paper(ctx)
    if main is None:
        return []
    first = [f"This paper summarises the {paper}, as at {day}."]
    said = cap_first(" ".join(main.statement.split()).rstrip(". ")) + "." if main.establish else \
        f"{cap_first(plain(main))}."
    rows = [f"What it says. {said}"]
    if main.items:
        heads = [h if h[:2].isupper() else h[:1].lower() + h[1:] for h in main.items]
        rows.append(f"What the figure covers. It is made up of {', '.join(heads[:-1])} and {heads[-1]}."
                    if len(heads) > 1 else f"What the figure covers. It is made up of {heads[0]}.")
    basis, excluded = basis_of(main)
    if re.search(r"\b(preliminary|estimate|provisional|interim)\b", main.statement, re.I):
        rows.append("Its standing. The figure is a preliminary estimate, not an assessed claim: it may move as the "
                    "assessment proceeds, and it is the figure to test head by head.")
    elif basis:
        rows.append(f"Its basis. The figure is taken {basis}" + (f", leaving out {excluded}" if excluded else "") + ".")
    for f in ctx.facts:
        if f is main:
            continue
        if f.value.type == "date":
            rows.append(f"{cap_first(plain(f))}.")
        elif f.establish and f.text in f.statement:
            s = " ".join(f.statement.split()).rstrip(". ")
            rows.append(f"It rests on {label(f)}: {'t' + s[1:] if s.startswith('The ') else s}.")
        else:
            rows.append(f"It rests on {label(f)}: {plain(f)}.")
    return first + rows


_WHOSE = re.compile(r"^(?:the\s+)?(?P<who>[A-Z][\w .&-]+?)'s\s+(?:(?:preliminary|final|first|revised|own)\s+)?"
                    r"(?P<what>estimate|count|figure|report|notice|findings?|position|view|measurement|assessment|"
                    r"certificate|log|ground|case|theory|claim)\b")
# What a party argues, not what anyone measured: an expert records it as theirs and makes no finding on it.
_ARGUED = ("ground", "case", "theory", "position", "view", "claim")
_ON_PAPER = re.compile(r"\bon (?:its|the|their) (?P<doc>[A-Z][\w'-]*(?: [\w'()-]+){0,6}?(?: \(\d{4}\))?)(?=[,;.]| is\b| are\b)")


def record_of(statement: str, author_org: str) -> str:
    """The record a fact's statement itself names, as a paper's Source cell gives it: another party's ground or
    estimate ("Harrowvane's ground"), else the paper it is read on ("International Tonnage Certificate (1969)"); ''
    where it names none, or names the author's own. Read 23: a surveyor's appendix sourced the tonnage to counsel's
    internal cap computation, and counsel's ground to counsel's memo."""
    s = " ".join(statement.split())
    who, on = _WHOSE.match(s), _ON_PAPER.search(s)
    if who and not author_org.startswith(who.group("who")):
        return re.sub(r"^The ", "", f"{who.group('who')}'s {who.group('what')}")
    return on.group("doc") if on and not who else ""


def evidence_lines(ctx: ArtifactContext) -> list[str]:
    """What each finding of a report rests on, from its statement's own words (whose estimate, which certificate),
    else the paper or the sheet that sets it out, else this report's own work: the evidence trail a reader tests the
    findings by, in place of stock sentences that weigh one fact against another (read 16: a survey report's
    analysis 'the softer point is the gross tonnage: the support for it is thinner than for the barrels
    discharged'); [] where the report has no fact but what it is about."""
    from worldsmith.generators.compose.substance.common import identity

    rows = []
    for f in ctx.facts:
        if identity(f):
            continue
        s = " ".join(f.statement.split())
        who, on = _WHOSE.match(s), _ON_PAPER.search(s)
        if who and not ctx.author.organisation.startswith(who.group("who")):
            whose = who.group("who")
            whose = "the" + whose[3:] if whose.startswith("The ") else whose if whose.startswith("the ") else \
                f"{'the ' if len(whose.split()) > 2 and not whose.startswith('the ') else ''}{whose}"
            # (read 23: 'The surveyor lists "the limit-breaking regulation" as "our own finding"': another firm's
            # ground is theirs, and a surveyor owns findings of its trade, not legal ones)
            rows.append(f"{label(f)} ({f.text}) is {whose}'s {who.group('what')}, on which this report makes no "
                        f"finding" if who.group("what") in _ARGUED else
                        f"{label(f)} ({f.text}) is {whose}'s {who.group('what')}, which we record and have "
                        f"not re-measured")
        elif on:
            rows.append(f"{label(f)} ({f.text}) is read from the {on.group('doc')}")
        elif f.paper and f.paper != ctx.spec.title and not re.match(r"(?i)memo|advice|opinion", f.paper):
            # (never counsel's privileged advice as an expert's source: read 16, 'the surveyor ... cites counsel's
            # privileged memo')
            by = f"{f.paper_by}'s " if f.paper_by and f.paper_by != ctx.author.organisation else "our "
            rows.append(f"{label(f)} ({f.text}) is taken from {by}{f.paper}")
        elif f.source:
            rows.append(f"{label(f)} ({f.text}) is taken from {f.source}")
        elif f.establish:
            rows.append(f"{label(f)} ({f.text}) is our own finding for this report")
    if not rows:
        # a paper about named things only: where they are named (a customer from the house's own records)
        rows = [f"{label(f)} ({f.text}) is taken from " + (f"{f.paper}" if f.paper and f.paper != ctx.spec.title
                                                          else "our own records")
                for f in ctx.facts if identity(f)]
    if not rows:
        return []
    return ["What the findings rest on: " + "; ".join(rows) + ". A finding is no stronger than the record it rests "
            "on, and we will revisit any of them if that record changes."]
