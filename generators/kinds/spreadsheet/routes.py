"""A sheet that weighs two routes its title names ('Cure against waiver: cost comparison') says which route each line
belongs to and what its money does, beside the engine's lines (blind read 17, a covenant breach: 'A "cost comparison"
that compares nothing'). Words only: every figure and formula stays the engine's."""

from __future__ import annotations

import re

from worldsmith.generators.compose.substance.common import label
from worldsmith.generators.compose.substance.weigh import _PAID_AWAY, _PUT_IN, Route, routes
from worldsmith.generators.compose.text import cap_first
from worldsmith.generators.context import ArtifactContext


def sheet_routes(ctx: ArtifactContext) -> list[Route]:
    """The two routes a sheet's title (either side of its colon) or purpose names, each with its facts; [] if none."""
    for part in [ctx.spec.title, *ctx.spec.title.split(":")]:
        found = routes(ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": part.strip()})}))
        if len(found) == 2:
            return found
    return []


def _paid_in(statement: str) -> str | None:
    """What money put in does, in words: 'Prepays the loan', 'Repays debt', 'Paid in'; None if the statement says
    it is neither."""
    if not _PUT_IN.search(statement):
        return None
    return "Prepays the loan" if re.search(r"\bprepa(?:y|id|yment)", statement, re.I) else \
        "Repays debt" if re.search(r"\brepa(?:y|id|yment)", statement, re.I) else "Paid in"


def route_columns(ctx: ArtifactContext, columns: list, rows: list[list], lines: list) -> tuple[list, list[list]]:
    """The sheet's columns and rows with 'Route' and 'Effect' after the engine's, where the title names two routes."""
    from worldsmith.worlds.content import SheetColumn

    found = sheet_routes(ctx)
    if not found:
        return side_column(ctx, columns, rows, lines)
    if any(c.name.lower() in ("route", "effect") for c in columns):
        return columns, rows
    of = {f.id: r for r in found for f in r.facts}
    facts = {f.id: f for f in ctx.facts}
    if not all(any(of.get(ln.fact) is r for ln in lines if ln.fact) for r in found):
        # a route none of whose figures is a line weighs nothing: 'Both' on every line but the cap's says nothing
        # (blind read 36: a claim-against-the-cap sheet whose 'Route is never explained')
        return side_column(ctx, columns, rows, lines)
    out = []
    for ln, row in zip(lines, rows):
        route, effect = None, None
        f = facts.get(ln.fact) if ln.fact else None
        if ln.fact:
            r = of.get(ln.fact)
            route = cap_first(r.name) if r is not None else "Both"
            if r is not None and f is not None and f.value.type == "money":
                effect = "Paid away" if _PAID_AWAY.search(label(f)) else _paid_in(f.statement)
        out.append(list(row) + [route, effect])
    if not any(row[-1] for row in out):
        # no line's money is paid away or put in: no empty 'Effect' column (blind read 36: 'The "Effect" column is
        # empty')
        return columns + [SheetColumn(name="Route", type="text")], [row[:-1] for row in out]
    return columns + [SheetColumn(name="Route", type="text"), SheetColumn(name="Effect", type="text")], out


def side_column(ctx: ArtifactContext, columns: list, rows: list[list], lines: list) -> tuple[list, list[list]]:
    """The sheet's columns and rows with 'Side' after the engine's, where the title compares two sides' figures
    ("Claim comparison: Corrib's demand and Brightwing's position") that are not routes: each line of one side's
    figure says whose it is (blind read 26: a comparison of two cases that names one; promise.side_of)."""
    from worldsmith.generators.kinds.spreadsheet.promise import side_of, sides
    from worldsmith.worlds.content import SheetColumn

    named = sides(ctx.spec.title)
    if len(named) != 2 or any(c.name.lower() == "side" for c in columns):
        return columns, rows
    facts = {f.id: f for f in ctx.facts}
    out, shown = [], set()
    for ln, row in zip(lines, rows):
        f = facts.get(ln.fact) if ln.fact else None
        whose = [s for s in named if f is not None and side_of(f, s)] if ln.role != "heading" else []
        side = cap_first(whose[0]) if len(whose) == 1 else None
        shown |= {side} - {None}
        out.append(list(row) + [side])
    if len(shown) < 2:
        # a column naming one side on one line compares nothing (blind read 36: a claim-against-the-cap sheet's
        # lone 'Cap', 'never explained')
        return columns, rows
    return columns + [SheetColumn(name="Side", type="text")], out
