"""What a long message may be about: the kinds of work its title and its sides allow. A paper is never pasted into
mail any more (blind read 14: every world's worst file was an email with a generated report in its body); the long
mail an adviser writes gives its reasoning in its own paragraphs (generators/compose/advice.py)."""

from __future__ import annotations

import re

from worldsmith.generators.compose.parties import across, client_of
from worldsmith.generators.compose.text import _ABBREVIATIONS
from worldsmith.generators.context import ArtifactContext


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


# What a title says a long message is: notes of a call or meeting, a status or findings report; else a memo.
_CALL = re.compile(r"\b(call|meeting|minutes|notes|session|kick-?off)\b", re.I)
_REPORT = re.compile(r"\b(status|update|findings|results|report|review|summary)\b", re.I)


def long_kinds(ctx: ArtifactContext) -> list[str]:
    """The kinds of work this message may report at length, from its title and its writer and readers: none
    across the table (a memo, a report or our call notes are our own work, not the other side's), no memo from a
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
