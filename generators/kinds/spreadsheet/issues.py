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


def _workstream(text: str, streams: list[str]) -> str:
    """Legal, financial or commercial, as the title spells them."""
    def named(word: str) -> str:
        return next((s for s in streams if s.lower().startswith(word)), word.capitalize())
    if _PROTECTION.search(text) or re.search(r"\b(consent|change of control|litigation|clause|warrant\w*|title|"
                                             r"licen[cs]\w*|employment|pension)\b", text, re.I):
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
        # the line is itself a protection already agreed (the escrow): it answers the others
        return f"{held.group(1)[:1].upper()}{held.group(1)[1:]} agreed (answers the points below)"
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
            text = " ".join(str(c) for c in row if isinstance(c, str))
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
                    extra[k] = "Open"
        out.append(list(row) + extra)
    cols = [c.model_copy() for c in columns]
    if cols and cols[sk.label].name.lower() in ("item", "line", "component"):
        cols[sk.label] = cols[sk.label].model_copy(update={"name": "Issue"})
    return cols + [SheetColumn(name=n, type="text") for n in names], out
