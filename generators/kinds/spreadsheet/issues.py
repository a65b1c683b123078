"""An issues list whose lines the engine laid out is read as a list of issues: beside each line's figure, the
columns its purpose names ('Every open finding with its workstream, severity, proposed protection (price, indemnity,
condition, W&I) and owner'), each filled from what the line is, never a figure (blind read 17, the buy-side's
issues list: 'Titled an issues list, but it is a half QoE bridge with no issues, owners or status'). The engine's
lines, amounts and formulas stay as laid out; the columns go after them."""

from __future__ import annotations

import re

from worldsmith.generators.compose.parties import home
from worldsmith.generators.context import ArtifactContext

_ISSUES = re.compile(r"\b(issues?\s+(?:list|log|register|tracker)|red[- ]flags?|findings\s+(?:list|log|schedule))\b",
                     re.I)
_FINANCIAL = re.compile(r"\b(ebitda|qoe|quality of earnings|revenue|income|costs?|capitalis\w*|capitaliz\w*|working "
                        r"capital|nwc|peg|debt|cash|margin|adjust\w*|add[- ]backs?|accounts?|tax)\b", re.I)
_COMMERCIAL = re.compile(r"\b(customers?|suppliers?|contracts?|churn|concentration|pricing|share|market|order book)\b",
                         re.I)
_PROTECTION = re.compile(r"\b(escrow|holdback|retention|indemnit\w*|insurance|w&i|guarantee)\b", re.I)
_DEFAULT_PROTECTIONS = ["Price", "Indemnity", "Condition", "W&I"]
_LEGAL = re.compile(r"\b(consent|change of control|litigation|clause|warrant\w*|title|licen[cs]\w*|employment|"
                    r"pension)\b", re.I)


def is_issues_list(title: str) -> bool:
    return _ISSUES.search(title) is not None


def _named_columns(purpose: str) -> tuple[list[str], list[str]]:
    """The columns a purpose names after 'with its' ('workstream, severity, proposed protection (...) and owner'), and
    the choices a column's brackets give (price, indemnity, condition, W&I)."""
    m = re.search(r"\bwith (?:its|their|a|the)\s+(?P<cols>[^.;]+)", purpose or "", re.I)
    if m is None:
        return ["Workstream", "Severity", "Proposed protection", "Owner"], list(_DEFAULT_PROTECTIONS)
    text = m.group("cols")
    choices = re.search(r"\(([^)]+)\)", text)
    options = [c.strip() for c in re.split(r",\s*|\s+or\s+", choices.group(1))] if choices else []
    text = re.sub(r"\s*\([^)]*\)", "", text)
    names = [n.strip() for n in re.split(r",\s*|\s+and\s+", text) if n.strip()]
    return [n[:1].upper() + n[1:] for n in names], [o[:1].upper() + o[1:] if o.lower() != "w&i" else "W&I"
                                                    for o in options] or list(_DEFAULT_PROTECTIONS)


def words_only(statement: str) -> str | None:
    """What a statement says without its figures: its opening clauses that carry no digit (an added column of an engine's
    sheet holds words only, skeleton.impose: the figure is the Value column's), None where under four words are left
    ('whose master services agreement lets it terminate on a change of control of Cindermill', not '(clause 19.2)')."""
    text = re.sub(r"\s*\([^)]*\d[^)]*\)", "", " ".join(statement.split()))
    # a share that opens the statement is 'part of' its whole ('7.5% of the enterprise value is to be held in escrow':
    # 'Part of the enterprise value ...', never 'the enterprise value is to be held'), and how long it runs is the
    # terms' to say (blind read 22: the issues list's escrow row had no finding at all, 'Escrow percentage 0.075')
    text = re.sub(r"^(?:[A-Z]{3}\s?|[$£€])?\d[\d,.]*\s?(?:%|per ?cent)\s+of\s+", "Part of ", text)
    text = re.sub(r"\s+(?:for|within|over)\s+(?:a\s+period\s+of\s+)?\d+\s+(?:business\s+)?(?:days?|weeks?|months?|years?)\b",
                  "", text)
    # an amount 'of' something is the something ('reverses GBP 900,000 of development costs': 'reverses development
    # costs'); the Value column has the amount
    text = re.sub(r"\b(?:[A-Z]{3}\s?|[$£€])?\d[\d,.]*(?:\s?(?:%|m|bn|k|million|billion))?\s+of\s+", "", text)
    head, colon, tail = text.partition(": ")
    if colon and re.search(r"\d", head) and not re.search(r"\d", tail):
        # what a figure is made of, after its colon ('by a net GBP 1,400,000: reversal of capitalised development
        # costs, removal of ...')
        text = tail[:1].upper() + tail[1:]
    parts = [p.strip() for p in re.split(r"(?<=[,;:])\s+|\s+(?=whose\b|which\b)", text)]
    # (its opening clauses only: a clause left alone after a figure's is a fragment, 'alongside a buy-side W&I policy.')
    kept = []
    for p in parts:
        if not p or re.search(r"\d", p):
            break
        kept.append(p)
    said = " ".join(kept).strip().rstrip(",;:")
    if len(said.split()) < 4:
        return None
    return said if said.endswith(".") else said + "."


def part_of(label: str, statements: list[str]) -> str | None:
    """The clause of another fact's statement that is about a line's label ('reversal of capitalised development
    costs' for 'capitalised development reversed'), in words only; None where no clause shares two of its words."""
    want = {w for w in re.findall(r"[a-z]{4,}", label.lower())}
    for statement in statements:
        said = words_only(statement) or ""
        for clause in re.split(r",\s+(?:and\s+|less\s+|plus\s+)?|;\s+", said.rstrip(".")):
            if len(want & set(re.findall(r"[a-z]{4,}", clause.lower()))) >= 2:
                clause = re.sub(r"^(?:and|less|plus)\s+", "", clause.strip())
                return clause[:1].upper() + clause[1:] + "."
    return None


def _workstream(text: str, streams: list[str]) -> str:
    """Legal, financial or commercial, as the title spells them."""
    def named(word: str) -> str:
        return next((s for s in streams if s.lower().startswith(word)), word.capitalize())
    if _PROTECTION.search(text) or _LEGAL.search(text):
        return named("legal")
    if _COMMERCIAL.search(text):
        return named("commercial")
    if _FINANCIAL.search(text):
        return named("financial")
    return named("legal")


def _owner(ctx: ArtifactContext, stream: str) -> str:
    """Who on the author's side takes a workstream's points: the financial advisers the financial ones, the author
    the legal ones, the client's deal lead the commercial ones."""
    mine = home(ctx, ctx.author.organisation) if ctx.organisations else None
    people = [p for p in [*ctx.to, *ctx.cc, *ctx.cast] if p.name != ctx.author.name and
              (mine is None or home(ctx, p.organisation) == mine)]
    want = {"financial": r"transaction services|financ|account|qoe|valuation",
            "commercial": r"principal|partner|director|commercial|operat"}.get(stream.lower(), "")
    fit = next((p for p in people if want and re.search(want, p.title, re.I) and
                p.organisation != ctx.author.organisation), None) or \
        next((p for p in people if want and re.search(want, p.title, re.I)), None)
    return fit.name if fit is not None else ctx.author.name


def _protection(text: str, stream: str, options: list[str], derived: bool) -> str:
    def opt(word: str) -> str:
        return next((o for o in options if o.lower().startswith(word.lower())), "")
    held = _PROTECTION.search(text)
    if held:
        # the line is itself a protection already agreed (the escrow), not one proposed for the points below it
        # ('the protection column contradicts itself ("Escrow agreed (answers the points below)" against "Price")',
        # blind read 21)
        return f"{held.group(1)[:1].upper()}{held.group(1)[1:]} (agreed)"
    if re.search(r"\b(?:consent|change of control)\b", text, re.I):
        # a consent the deal needs is made a condition of it, whoever's workstream it is
        return opt("condition") or options[0]
    if stream.lower().startswith("financ"):
        return opt("price") or options[0]
    if stream.lower().startswith("commerc"):
        return opt("condition") or opt("indemn") or options[0]
    return opt("indemn") or opt("w&i") or options[-1]


def issue_columns(ctx: ArtifactContext, columns: list, rows: list[list], lines: list) -> tuple[list, list[list]]:
    """The sheet's columns and rows with the purpose's issue columns after the engine's."""
    from worldsmith.worlds.content import SheetColumn

    names, options = _named_columns(ctx.spec.purpose)
    names = [n for n in names if n.lower() not in {c.name.lower() for c in columns}]
    if not names:
        return columns, rows
    # each issue says what it is, in the ledger's own words (read 21: 'This "issues list" has no issues described ...
    # the Ashgrove CoC right appears only as "Largest customer"')
    if not any(re.search(r"descri|finding|detail|issue|point", n, re.I) for n in names):
        names = ["Finding", *names]
    facts = {f.id: f for f in ctx.facts}
    stream_names = [w.capitalize() for w in re.findall(r"\b(legal|financial|commercial|tax|operational|hr|it)\b",
                                                       ctx.spec.title, re.I)] or ["Legal", "Financial", "Commercial"]
    sk = ctx.spec.skeleton
    amounts = [abs(float(ln.cells[sk.amount])) for ln in lines if ln.role == "input" and ln.format == "money"
               and isinstance(ln.cells[sk.amount], (int, float))]
    top = max(amounts) if amounts else 0.0
    out = []
    for ln, row in zip(lines, rows):
        extra: list = [None] * len(names)
        if ln.role != "heading":
            f = facts.get(ln.fact) if ln.fact else None
            finding = words_only(f.statement) if f is not None and f.statement else None
            # (a line is placed by what its finding says, not its label alone: 'Largest customer | Ashgrove' is a
            # change-of-control consent, a legal point; blind read 22: 'A "legal, financial and commercial" issues
            # list ... with no legal findings')
            text = " ".join(str(c) for c in row if isinstance(c, str))
            if finding and _LEGAL.search(finding):
                text = f"{text} {finding}"
            stream = _workstream(text, stream_names)
            derived = ln.role in ("derived", "subtotal", "total")
            amount = row[sk.amount] if isinstance(row[sk.amount], (int, float)) else None
            for k, name in enumerate(names):
                low = name.lower()
                if "workstream" in low or "area" in low or "category" in low:
                    extra[k] = stream
                elif "severity" in low or "priority" in low or "rating" in low:
                    if _PROTECTION.search(text):
                        extra[k] = None
                    elif derived or ln.role == "key" or not top or amount is None or ln.format != "money":
                        extra[k] = "High" if derived or ln.role == "key" else "Medium"
                    else:
                        share = abs(float(amount)) / top
                        extra[k] = "High" if share >= 0.5 else "Medium" if share >= 0.25 else "Low"
                elif "protection" in low or "remedy" in low or "mitigation" in low:
                    extra[k] = _protection(text, stream, options, derived)
                elif "owner" in low or "responsib" in low:
                    extra[k] = _owner(ctx, stream)
                elif "status" in low:
                    extra[k] = "Agreed" if _PROTECTION.search(text) else "Open"
                elif re.search(r"descri|finding|detail|issue|point", low):
                    extra[k] = finding
                    if extra[k] is None and f is None and isinstance(row[sk.label], str):
                        # an input the engine drew from a figure of the sheet: its part of that figure's statement
                        extra[k] = part_of(row[sk.label], [g.statement for g in ctx.facts if g.statement])
        out.append(list(row) + extra)
    cols = [c.model_copy() for c in columns]
    if cols and cols[sk.label].name.lower() in ("item", "line", "component"):
        cols[sk.label] = cols[sk.label].model_copy(update={"name": "Issue"})
    return cols + [SheetColumn(name=n, type="text") for n in names], out
