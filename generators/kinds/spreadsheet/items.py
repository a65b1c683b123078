"""A list, index, tracker, checklist or day-count sheet holds its items: one row per item of ctx.kind_items (the plan's
own, dated on or before the sheet's day), beside the rows of the ledger's figures the sheet carries; a line says so
where the plan holds none (blind read 31: 'a checklist listing no documents', 'a document index indexing no
documents', 'a conditions-precedent tracker with no conditions', 'a banking-days timeline counting no banking days')."""

from __future__ import annotations

import re

from worldsmith.generators.compose.text import long_date
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.itemised import none_line
from worldsmith.worlds.content import SheetColumn, SheetContent

_BY = re.compile(r"\b(?:owner|by|issuer|issued|party|source|responsible|who|author|from)\b", re.I)
_STATUS = re.compile(r"\b(?:status|state|done|check\w*)\b", re.I)
_DATE = re.compile(r"\b(?:date|due|day|when|dated)\b", re.I)

_STATUS_WORD = {"done": "Done", "due": "Due", "outstanding": "Outstanding", "on file": "On file",
                "no business day": "No business day"}


# words every notice, letter or register row has: two rows share an act only by a word of their own
_GENERIC = {"notice", "notices", "notification", "letter", "under", "clause", "dated", "given", "served", "issued",
            "formal", "party", "parties", "contract", "agreement", "section", "article"}


def same_act(row: str, paper: str) -> bool:
    """Whether a row's label and a paper's title name one act: a word of five letters or more of their own in common
    (by its first six letters: 'Termination notice' and 'Notice of termination under clause 15.2')."""
    def stems(text: str) -> set[str]:
        return {w[:6] for w in re.findall(r"[^\W\d_]{5,}", text.lower()) if w not in _GENERIC}

    return bool(stems(row) & stems(paper))


def _col(columns: list[SheetColumn], pattern, types=("text",), skip=()) -> int | None:
    """The first column of one of the types whose name the pattern finds, other than those skipped."""
    return next((i for i, c in enumerate(columns) if i not in skip and c.type in types and pattern.search(c.name)), None)


def _carries(row: list, ctx: ArtifactContext) -> bool:
    """Whether a row holds a figure of the ledger the sheet carries: its value, its text or its label."""
    from worldsmith.generators.kinds.spreadsheet.compose import _fact_cell

    cells = {c for c in row if c is not None and c != ""}
    words = " ".join(str(c).lower() for c in cells)
    return any(_fact_cell(f) in cells or f.text in cells or (f.label and f.label.lower().removeprefix("the ") in words)
               for f in ctx.facts)


def with_items(sheet: SheetContent, ctx: ArtifactContext) -> SheetContent:
    """The sheet with a row per item of ctx.kind_items (the rows of the team's own papers a tracker lists by default
    give way to them), or a line saying the plan holds none of its kind."""
    items = ctx.kind_items
    if items is None:
        return sheet
    if not items:
        return sheet.model_copy(update={"notes": [*sheet.notes, none_line(ctx.spec.title, ctx.spec.date, ctx.locale)]})
    columns = [c.model_copy() for c in sheet.columns]
    rows = [list(r) for r in sheet.rows]
    if getattr(ctx.spec, "skeleton", None) is None:
        # the items take the place of rows no ledger figure is in (the team's own papers, a stock list of requests):
        # the rows of the figures stay
        rows = [r for r in rows if _carries(r, ctx)] or rows
    label = next((i for i, c in enumerate(columns) if c.type == "text"), 0)
    date = _col(columns, _DATE, ("date",)) if _col(columns, _DATE, ("date",)) is not None else \
        next((i for i, c in enumerate(columns) if c.type == "date"), None)
    by = _col(columns, _BY, skip={label})
    status = _col(columns, _STATUS, skip={label, by})
    text = next((i for i, c in enumerate(columns) if i not in (label, by, status) and c.type == "text"), None)
    counted = any(i.count is not None for i in items)
    if date is None and any(i.day for i in items) and (text is None or counted):
        columns.append(SheetColumn(name="Date", type="date"))
        rows = [r + [None] for r in rows]
        date = len(columns) - 1
    count = None
    if counted:
        columns.append(SheetColumn(name="Business day", type="number"))
        rows = [r + [None] for r in rows]
        count = len(columns) - 1
    shown = {str(r[label]).lower() for r in rows if r and r[label]}
    on_day = {r[date]: r for r in rows if date is not None and r[date]}
    added = []
    for item in items:
        if count is not None and item.day is not None and item.day.isoformat() in on_day:
            # a figure's own row on that day takes the day's count
            on_day[item.day.isoformat()][count] = item.count
            continue
        if item.count is None and any(item.name.lower() in s for s in shown):
            continue
        if getattr(ctx.spec, "skeleton", None) is None and date is not None and item.day is not None:
            # a row of the same day for the same act is this paper, listed once: the paper's row, with its maker, in
            # its place (blind read 32: 'the termination notice is listed twice', as an event and as the paper)
            rows = [r for r in rows if not (str(r[date] or "")[:10] == item.day.isoformat()
                                            and same_act(str(r[label] or ""), item.name))]
        row: list = [None] * len(columns)
        row[label] = item.name
        if date is not None and item.day is not None:
            row[date] = item.day.isoformat()
        notes = []
        if by is not None:
            row[by] = item.by or None
        elif item.by:
            notes.append(item.by)
        if date is None and item.day is not None:
            notes.append(long_date(item.day, ctx.locale))
        word = _STATUS_WORD.get(item.status, item.status)
        if status is not None and word:
            row[status] = word
        elif word and item.count is None:
            notes.append(word.lower() if notes else word)
        if count is not None:
            row[count] = item.count
        if notes and text is not None:
            row[text] = ", ".join(notes)
        added.append(row)
    if not added:
        return sheet
    if getattr(ctx.spec, "skeleton", None) is not None:
        # the engine's lines keep their places (their formulas count them): the items follow them
        rows = rows + added
    elif date is not None:
        rows = sorted(rows + added, key=lambda r: (str(r[date] or "9999"), r[count] is None if count is not None else 0))
    else:
        rows = rows + added
    if label > 0 and columns[0].type == "number" and re.fullmatch(r"no\.?|#|item", columns[0].name, re.I):
        # a numbered list numbers its rows as they now stand
        for n, row in enumerate(rows, 1):
            row[0] = n
    return sheet.model_copy(update={"columns": columns, "rows": rows})
