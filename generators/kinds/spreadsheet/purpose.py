"""A sheet laid out from the columns its purpose names ('One row per comparable letting (address, floor, date, area,
headline rent per sq ft, rent-free months, term, net effective rent per sq ft)'): one row for each thing of that kind
a ledger fact describes, each cell read from that fact's own statement, and a cell the ledger gives no figure for
left for the reader. Nothing is made up: no stock rows, no drawn amounts (blind read 17, the rent review's worst
file twice: a 'Comparable lettings schedule' laid out as a five-row milestone tracker that priced the principal
comparable at 50.00, a figure found nowhere else)."""

from __future__ import annotations

import re

from worldsmith.generators.compose.text import cap_first, lower_first, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.worlds.values import numeric_value

# 'One row per comparable letting (address, floor, ...)': the thing a row is and the columns, three or more.
_ROW_PER = re.compile(r"\bone row (?:per|for each|for every|a|an)\s+([^(.;]+?)\s*\(([^)]*,[^)]*,[^)]*)\)", re.I)

_MONEY = re.compile(r"\b(rent|price|amount|cost|fee|value|rate|premium|paid|payment|charge|sum)s?\b", re.I)
_NUMBER = re.compile(r"\b(months?|term|years?|area|sq ft|square feet|days?|weeks?|count|number|units?|quantity)\b", re.I)
_DATE = re.compile(r"\b(date|dated|when|let on|signed)\b", re.I)
# words of a column name that say nothing about which figure it holds
_PLAIN = {"per", "sq", "ft", "square", "feet", "rent", "the", "of", "a", "an", "and", "in", "on", "each", "its"}
_MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|December")
# a figure of a statement: money, a count with its unit ('24 months', '10-year', '42,800 sq ft'), or a date
_FIGURE = re.compile(
    rf"(?P<money>(?:GBP|USD|EUR|CHF|[£$€])\s?\d[\d,]*(?:\.\d+)?)"
    rf"|(?P<date>\b(?:{_MONTHS})(?:\s+\d{{1,2}},)?\s+\d{{4}}\b)"
    rf"|(?P<count>\b\d[\d,]*(?:\.\d+)?)(?:[\s-](?P<unit>months?|years?|year|days?|weeks?|sq ft|square feet)\b)")


class Planned:
    """A sheet's layout read from its purpose: what one row is, and its columns' names."""

    def __init__(self, thing: str, names: list[str]):
        self.thing, self.names = thing, names


def planned(purpose: str) -> Planned | None:
    """The row and columns a purpose names, or None where it names no columns."""
    m = _ROW_PER.search(purpose or "")
    if m is None:
        return None
    names = [n.strip() for n in re.split(r",\s*|\s+and\s+", m.group(2)) if n.strip()]
    return Planned(m.group(1).strip(), names) if len(names) >= 3 else None


def _kind(name: str) -> str:
    """What a named column holds: money, number, date or text."""
    if _DATE.search(name):
        return "date"
    if _MONEY.search(name) and not re.search(r"\b(months?|years?|days?|free)\b", name, re.I):
        return "money"
    if _NUMBER.search(name):
        return "number"
    return "text"


def _words(text: str) -> list[tuple[str, int, int]]:
    """The words of a text with their spans, lower case, a hyphen splitting ('rent-free' is 'rent', 'free')."""
    return [(m.group(0).lower(), m.start(), m.end()) for m in re.finditer(r"[A-Za-z]+", text)]


def _distance(text: str, span: tuple[int, int], words: set[str]) -> int | None:
    """How many words lie between a figure and the nearest of `words` in the text (None where none is within 4)."""
    ws = _words(text)
    before = [i for i, (_, s, e) in enumerate(ws) if e <= span[0]]
    after = [i for i, (_, s, e) in enumerate(ws) if s >= span[1]]
    best = None
    for i, (w, s, e) in enumerate(ws):
        if w not in words:
            continue
        if span[0] <= s < span[1]:
            d = 0
        elif e <= span[0]:
            d = (before[-1] - i + 1) if before else 0
        else:
            d = (i - after[0] + 1) if after else 0
        best = d if best is None else min(best, d)
    return best if best is not None and best <= 4 else None


def _figures(statement: str) -> list[tuple[str, str, tuple[int, int], str]]:
    """Each figure of a statement: (kind, its text, its span, its unit)."""
    out = []
    for m in _FIGURE.finditer(statement):
        if m.group("money"):
            out.append(("money", m.group("money"), m.span(), ""))
        elif m.group("date"):
            out.append(("date", m.group("date"), m.span(), ""))
        else:
            unit = (m.group("unit") or "").lower()
            if unit == "sq ft" and re.search(r"\bper\s*$", statement[:m.start()]):
                continue
            out.append(("number", m.group("count"), m.span(), unit))
    return out


def _number(text: str) -> float:
    return float(re.sub(r"[^\d.]", "", text))


def _cells(fact: FactRef, names: list[str], kinds: list[str]) -> dict[int, object]:
    """The cells of a thing's row that its fact's statement gives: each named column's figure, the nearest of the
    column's kind to one of the column's own words; each figure used once."""
    statement = " ".join(fact.statement.split())
    figures = _figures(statement)
    scored = []
    for col, (name, kind) in enumerate(zip(names, kinds)):
        words = {w for w, _, _ in _words(name)} - _PLAIN
        if kind == "text" or not words:
            continue
        for k, (fkind, text, span, unit) in enumerate(figures):
            if fkind != kind:
                continue
            d = _distance(statement, span, words | ({unit.rstrip("s")} if unit and unit.rstrip("s") in
                                                     {w.rstrip("s") for w in words} else set()))
            if d is None and unit and any(unit.startswith(w.rstrip("s")) for w in words):
                d = 0
            if kind == "date" and d is None and len([f for f in figures if f[0] == "date"]) == 1 \
                    and re.search(r"\b(let|signed|granted|agreed|dated)\b", statement, re.I):
                d = 4  # the one date of a letting's statement is when it was let
            if d is not None:
                scored.append((d, col, k))
    cells: dict[int, object] = {}
    used: set[int] = set()
    for d, col, k in sorted(scored):
        if col in cells or k in used:
            continue
        kind, text = figures[k][0], figures[k][1]
        cells[col] = text if kind == "date" else _number(text)
        used.add(k)
    # a word the statement or the value puts before a text column's name ('second floor')
    for col, (name, kind) in enumerate(zip(names, kinds)):
        if kind != "text" or col == 0:
            continue
        m = re.search(rf"\b(\w+)\s+{re.escape(name)}\b", f"{fact.text} {statement}", re.I)
        if m and m.group(1).lower() not in {"the", "a", "an", "of", "and", "each", "per"}:
            cells[col] = cap_first(m.group(1).lower())
    return cells


def compose_by_purpose(ctx: ArtifactContext, notes) -> "SheetContent | None":
    """The sheet its purpose lays out, where a fact of the sheet describes one of its rows (three or more of the
    named cells read from its statement); None otherwise, and the title's layout is used."""
    from worldsmith.worlds.content import SheetColumn, SheetContent
    from worldsmith.worlds.values import DateValue, Money

    spec = ctx.spec
    plan = planned(spec.purpose)
    if plan is None or not ctx.facts:
        return None
    kinds = [_kind(n) for n in plan.names]
    kinds[0] = "text"  # the first column names the row
    things, others = [], []
    for fact in ctx.facts:
        cells = _cells(fact, plan.names, kinds)
        if len(cells) >= 3 and isinstance(fact.text, str):
            things.append((fact, cells))
        else:
            others.append(fact)
    if not things:
        return None
    names = [cap_first(n) for n in plan.names]
    for col, kind in enumerate(kinds):
        # a figure read with its unit keeps the unit in the heading ('Term (years)')
        for fact, cells in things:
            if kind == "number" and col in cells and re.fullmatch(r"term", plan.names[col], re.I):
                m = re.search(rf"(\d+)[\s-](years?|months?)[\s\w-]{{0,12}}\b{re.escape(plan.names[col])}\b",
                              fact.statement, re.I)
                if m:
                    names[col] = f"{names[col]} ({m.group(2).rstrip('s')}s)"
    # a date column holds a day where the statements give days; 'September 2025' stays as written
    types = []
    for col, kind in enumerate(kinds):
        if kind == "date":
            types.append("text")
        else:
            types.append(kind)
    rows: list[list] = []
    for fact, cells in things:
        row: list = [None] * len(names)
        row[0] = fact.text if not isinstance(fact.value, (Money, DateValue)) and numeric_value(fact.value) is None \
            else cap_first(strip_end(fact.label or fact.statement))
        for col, value in cells.items():
            row[col] = value
        rows.append(row)
    for fact in others:
        # a figure of the matter the schedule is read against (the landlord's proposed rate): its own row, its
        # figure in the column of its kind that shares most words with its label, the other cells empty
        row = [None] * len(names)
        row[0] = f"For comparison: {lower_first(strip_end(fact.label or fact.statement))}"
        kind = "money" if isinstance(fact.value, Money) else "number" if numeric_value(fact.value) is not None \
            else "text"
        label_words = {w for w, _, _ in _words(fact.label or "")}
        fits = [c for c in range(1, len(names)) if types[c] == kind]
        if fits:
            col = max(fits, key=lambda c: (len(label_words & {w for w, _, _ in _words(plan.names[c])}), -c))
            row[col] = numeric_value(fact.value) if kind != "text" else fact.text
        else:
            row[0] = f"For comparison: {lower_first(strip_end(fact.label or ''))}: {fact.text}"
        rows.append(row)
    extra = []
    heads = {re.sub(r"\W+", " ", n.lower()).strip(): i for i, n in enumerate(plan.names)}
    headline = next((i for k, i in heads.items() if "headline" in k), None)
    effective = next((i for k, i in heads.items() if "effective" in k), None)
    free = next((i for k, i in heads.items() if "free" in k), None)
    term = next((i for k, i in heads.items() if k == "term"), None)
    if None not in (headline, effective, free, term) and any(
            all(isinstance(r[c], float) for c in (headline, effective, free, term)) and
            abs(r[headline] * (1 - r[free] / (r[term] * 12)) - r[effective]) < 0.005 for r in rows):
        # the relation the figures keep, said where they keep it
        extra.append("Net effective rent spreads the rent-free period over the term: headline rent x "
                     "(1 - rent-free months / term in months).")
    blank = any(r[c] is None for r, c in ((r, c) for r in rows[:len(things)] for c in range(len(names))))
    if blank:
        extra.append("A blank cell is a figure not yet evidenced; it is left for the valuer to complete from the "
                     "letting's papers." if re.search(r"\b(lett|rent|lease)", plan.thing, re.I) else
                     "A blank cell is a figure not yet evidenced; it is left to complete from the papers.")
    currency = next((f.value.currency for f in ctx.facts if isinstance(f.value, Money)), "USD")
    return SheetContent(title=spec.title, sheet_name="", currency=currency,
                        columns=[SheetColumn(name=n, type=t) for n, t in zip(names, types)],
                        rows=rows, notes=notes(currency, extra))
