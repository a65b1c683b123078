"""A report's sections: who prepared it for whom, the scope, numbered findings with each figure's derivation and
source, the analysis that rebuilds each derived figure, and the risks to its headline."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.facts import agree
from worldsmith.generators.compose.parties import client_of, opponent
from worldsmith.generators.compose.text import cap_first, join_names, lower_first
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.compose.substance.common import (derivation, figures, gist, identity, label, merge_short,
                                                            names, plain, points_of, source_phrase, stated, topic,
                                                            plain_sentence, with_basis)


def report_summary(pick: Picker, ctx: ArtifactContext, day: str) -> list[str]:
    """An executive summary: who prepared it for whom, on what, as at when, and the headline figure with its basis."""
    points = points_of(ctx)
    client = client_of(ctx) or (ctx.to[0].organisation if ctx.to else "")
    for_whom = f" for {client}" if client and client != ctx.author.organisation else ""
    first = f"{ctx.author.organisation} prepared this report{for_whom} on {topic(ctx.spec.title, names(ctx))}, as at {day}."
    if not points:
        return [first]
    main = points[0]
    head = f"The headline is that {plain(main)}"
    how, more = derivation(main, ctx.facts), gist(main, ctx.facts)
    head = with_basis(pick, head, how) if how else head + (f": {lower_first(more)}." if more else ".")
    rest = [plain_sentence(pick, f) for f in points[1:3]]
    return [" ".join([first, head, *rest])]


def report_scope(pick: Picker, ctx: ArtifactContext, day: str) -> list[str]:
    """Scope and approach: what was reviewed (the workings the figures are read from), whose records, to when."""
    client = client_of(ctx)
    sheets = list(dict.fromkeys(m.group("sheet") for f in ctx.facts
                                for m in [re.match(r'^the "[^"]+" line of the (?P<sheet>.+)$', source_phrase(f))] if m))
    worked = f" and rebuilt each figure in the {join_names(sheets)}" if sheets else ""
    derived = ", recomputing every derived figure from its inputs" if any(f.reason for f in ctx.facts) else ""
    # an adviser works on its client's records, with the scope agreed by the client; a party reports on its own
    reader = next((p for p in ctx.to if p.organisation == client), None) if client else None
    agreed = f" {reader.name} agreed the scope with {ctx.author.name} before the work began." if reader else ""
    whose = f"the records made available by {client}" if client else f"{ctx.author.organisation}'s own records"
    return [f"We reviewed {whose} up to {day}{worked}{derived}.{agreed}"]


def report_background(ctx: ArtifactContext, day: str) -> list[str]:
    """Why the report exists: who engaged the author's house, to report on what, and the thing it concerns."""
    from worldsmith.generators.compose.parties import engaged_by

    client = engaged_by(ctx) or client_of(ctx) or (ctx.to[0].organisation if ctx.to else "")
    who = f"{client} engaged {ctx.author.organisation}" if client and client != ctx.author.organisation else \
        f"{ctx.author.organisation} undertook this work"
    things = [f for f in ctx.facts if identity(f)]
    about = " It concerns " + join_names([f"{label(f)}, {f.text}" for f in things]) + "." if things else ""
    return [f"{who} to report on {topic(ctx.spec.title, names(ctx))}. The figures are stated as at {day}, on the records then "
            f"available.{about}"]


def report_risks(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """The risks to the headline figure: each input it is built from, and the other side's likely challenge."""
    points = points_of(ctx)
    if not points:
        return []
    main = points[0]
    inputs = [g for g in ctx.facts if g is not main and main.reason and label(g) in main.reason]
    rows = [agree(f"{cap_first(label(g))} ({g.text}) is an input to {label(main)}; if it is not borne out, "
                  f"{label(main)} moves with it.", [label(g), label(main)]) for g in inputs[:2]]
    other = opponent(ctx)
    if other and main.value.type != "text":
        src = source_phrase(main)
        rows.append(f"{other} may dispute {label(main)}" + (f"; the support is at {src}." if src else "."))
    return merge_short(rows) if rows else []


def report_findings(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """Numbered findings: each fact the report turns on, with how a figure is derived and where it can be read."""
    out = []
    for n, f in enumerate([f for f in points_of(ctx)], 1):
        body = stated(pick, f, ctx.facts, cite=False)
        src = source_phrase(f)
        out.append(f"Finding {n}. {body}" + (f" Source: {src}." if src else ""))
    return out


_WORKED = ("{Label} is {how}, which gives {text}.", "Worked as {how}, {label} comes to {text}.",
           "{Label} comes to {text}, as {how}.", "On our working, {label} is {how}: {text}.")


def report_analysis(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """How the derived figures were worked: each from its inputs, recomputed and agreed to its source."""
    out = []
    for f in [g for g in figures(ctx.facts) if g.reason]:
        inputs = [g for g in ctx.facts if g is not f and label(g) in f.reason]
        src = source_phrase(f)
        s = pick.frame(_WORKED).format(Label=cap_first(label(f)), label=label(f), how=derivation(f, ctx.facts),
                                       text=f.text)
        if inputs:
            s += f" We recomputed it from {join_names([label(g) for g in inputs])} and it agrees" + \
                 (f" with {src}." if src else " with the figure reported.")
        elif src:
            s += f" The working is at {src}."
        out.append(s)
    return merge_short(out)
