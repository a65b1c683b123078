"""An item's points: what its expert says a document or a thread must carry, in the expert's words, facts as {fact_id}.

The engine cannot invent what a due-diligence report finds or what an appeal argues: neither the ledger nor a
purpose line holds it. A point is one finding, argument, term, resolution or piece of news, written by the outline's
author; the composer (or the model) places it, and the engine writes every figure in it from the ledger.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Callable, Mapping, Sequence

MAX_POINTS = 12
MAX_POINT_CHARS = 600
PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")
# "Contracts: the MSA lets ..." gives the point a heading: a short run before the first colon, with no sentence
# break and no placeholder in it ("Clause 19.2: ..." is one; "On 3 May the board resolved: ..." is not, 5+ words).
_HEADED = re.compile(r"^\s*(?P<head>[^\s:{}.!?;][^:{}!?;\n]{0,58}?)\s*:\s+(?P<text>\S[\s\S]*)$")
_HEAD_WORDS = 6


@dataclass(frozen=True, slots=True)
class Point:
    """One point of an item: its heading (or None), its text with {fact_id} placeholders, and the facts it names."""

    heading: str | None
    text: str
    fact_ids: tuple[str, ...]


def parse_point(raw: str) -> Point:
    """A point as written: 'Heading: text' splits when the heading is a few words; facts are its placeholders."""
    raw = " ".join(raw.split())
    m = _HEADED.match(raw)
    heading, text = (None, raw)
    if m is not None and len(m["head"].split()) <= _HEAD_WORDS and not re.search(r"\.\s", m["head"]):
        heading, text = m["head"].strip(), m["text"].strip()
    ids = tuple(dict.fromkeys(PLACEHOLDER.findall(raw)))
    return Point(heading=heading, text=text, fact_ids=ids)


def parse_points(item: Any) -> list[Point]:
    """The points of an outline item (none for kinds that take none)."""
    return [parse_point(p) for p in getattr(item, "points", None) or []]


def points_for_copy(points: list[Any], index: int, count: int, days: Sequence[dt.date] = (),
                    known: Callable[[str], dt.date | None] | None = None) -> list[Point]:
    """The points copy `index` of an item made `count` times carries: dealt out in order, one copy after another,
    a point naming a fact known only later going to a copy on or after that day (`days` the copies' days)."""
    if count <= 1:
        return list(points)
    dealt = deal_points(points, count, days, known)
    return [p for p, c in zip(points, dealt) if c == index % count]


def point_known(point: Point | str, known: Callable[[str], dt.date | None] | None) -> dt.date | None:
    """The day every fact a point (parsed, or as written) names is known (None where none has a day)."""
    ids = point.fact_ids if isinstance(point, Point) else PLACEHOLDER.findall(point)
    days = [d for f in ids if known is not None and (d := known(f)) is not None]
    return max(days, default=None)


def deal_points(points: list[Any], count: int, days: Sequence[dt.date] = (),
                known: Callable[[str], dt.date | None] | None = None) -> list[int]:
    """The copy each point of an item made `count` times goes to: point i to copy i % count, unless that copy is
    dated before the point's facts are known; then to the first copy on or after that day with room (a weekly note
    reports a figure the week it is known: an expert's notes on an unseen outline gave the revised figure to the
    week it came in, and the series was refused as dated before it), or the last copy, which the planner moves to
    that day. Without late facts the deal is the round one, copy i % count."""
    room = -(-len(points) // count) if count else 0
    load = [0] * count
    out: list[int] = []
    for i, p in enumerate(points):
        c = i % count
        need = point_known(p, known) if len(days) == count else None
        if need is not None and days[c] < need:
            later = [k for k in range(count) if days[k] >= need] or [count - 1]
            c = next((k for k in later if load[k] < room), later[0])
        elif load[c] >= room:
            c = next((k for k in range(c, count) if load[k] < room), c)
        load[c] += 1
        out.append(c)
    return out


# A count written with its unit ('400 claims') before the author's own noun ('{sample_size} sampled claims', '{errors}
# claims') read '400 claims sampled claims' (the hospital example's findings point): where the author names the unit
# within the next two words, the value is written as its number and the author's words stand.
_WITH_NEXT = re.compile(r"\{([a-z][a-z0-9_]*)\}(?=((?:\s+[^\W\d_][\w-]*){1,2}))?")
_COUNT = re.compile(r"^(.*\d)\s+([^\W\d_]+)$")


def _same_noun(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return a == b or a.rstrip("s") == b.rstrip("s") and min(len(a), len(b)) >= 3


def render_text(text: str, value_of: Mapping[str, str] | Callable[[str], str]) -> str:
    """A point's text (or heading) with each {fact_id} written as the fact's value, as `value_of` gives it; a count's
    unit the author writes again within two words is written once, the author's way."""
    get = value_of.__getitem__ if isinstance(value_of, Mapping) else value_of

    def one(m: re.Match) -> str:
        value = get(m[1])
        count = _COUNT.match(value)
        if count and m[2] and any(_same_noun(count[2], w) for w in m[2].split()):
            return count[1]
        return value
    return _WITH_NEXT.sub(one, text)


def render_point(point: Point, value_of: Mapping[str, str] | Callable[[str], str]) -> tuple[str | None, str]:
    """(heading, text) of a point with its facts' values written in."""
    heading = render_text(point.heading, value_of) if point.heading else None
    return heading, render_text(point.text, value_of)


def point_problem(raw: str, facts: Mapping[str, Any], day: dt.date | None, locale: str, wrong: Any = None
                  ) -> str | None:
    """Why an outline cannot take this point (an unknown fact, news from the future, a figure no fact holds), or None.
    `wrong` is the distractor a superseded paper carries: its point names the fact it gets wrong, before the matter
    knows the fact, and writes its own wrong figure, as a real draft does (issue 17: a preliminary draft could not say
    the underpayment it got wrong)."""
    from worldsmith.worlds.values import figures

    for fid in dict.fromkeys(PLACEHOLDER.findall(raw)):
        fact = facts.get(fid)
        if fact is None:
            import difflib

            close = difflib.get_close_matches(fid, sorted(facts), n=1, cutoff=0.6)
            hint = f"; did you mean {{{close[0]}}}?" if close else "; write a fact's id in braces, e.g. {" + \
                (sorted(facts)[0] if facts else "fact_id") + "}"
            return f"{{{fid}}} names no fact{hint}"
        if day is not None and day < fact.first_known() and not (wrong is not None and wrong.fact == fid):
            return (f"{{{fid}}} is known from {fact.first_known()}, but this item is dated {day}: date the item on or "
                    f"after {fact.first_known()}, or leave the fact out of the point")
    bare = PLACEHOLDER.sub(" ", raw)
    held: list[tuple[str, Decimal, str | None]] = []
    for fact in facts.values():
        for _, value in fact.history():
            if value.type == "money":
                held.append(("money", Decimal(str(value.amount)), value.currency))
            elif value.type == "percent":
                held.append(("percent", Decimal(str(value.value)), None))
    wrong_value = getattr(wrong, "value", None)
    if wrong_value is not None and wrong_value.type == "money":
        held.append(("money", Decimal(str(wrong_value.amount)), wrong_value.currency))
    elif wrong_value is not None and wrong_value.type == "percent":
        held.append(("percent", Decimal(str(wrong_value.value)), None))
    for fig in figures(bare):
        if fig.kind not in ("money", "percent"):
            continue
        half = fig.quantum / 2
        if any(kind == fig.kind and abs(fig.value - v) <= half
               and (kind == "percent" or not fig.currency_exact or fig.currency in (None, cur))
               for kind, v, cur in held):
            continue
        shown = bare[fig.start:fig.end].strip()
        return (f"the point writes {shown!r}, which no fact holds: the engine keeps every figure in every file in "
                f"agreement, so add it as a fact (facts: - id: ..., value: ...) and write {{its_id}} here")
    return None

