"""A recurring meeting as a calendar client holds it: one rule (RRULE, EXDATE) and the occurrences whose invitation was
edited (RECURRENCE-ID), and the occurrences a reader of the .ics sees.

A "weekly" call the room held as six separate events three weeks apart read as a call that was not weekly (blind
reads 35 and 35b, all three worlds: "a 'weekly' call that recurs every 3-4 weeks"). A series named weekly (or
fortnightly) is now one rule over its span, every week but the matter's public holidays; the planned copies, each with
its own agenda, are the occurrences edited in it, and a copy the planner moved off its day is that week's occurrence
moved.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Iterator

from dateutil.rrule import rrulestr

# how often a series' title says it meets, in days
_CADENCE = [(re.compile(r"(?i)\b(?:fortnightly|bi-?weekly|every (?:other|second) week)\b"), 14),
            (re.compile(r"(?i)\bweekly\b"), 7)]
# a bound on the occurrences read from one rule: a file from elsewhere may hold a rule without end
MAX_OCCURRENCES = 520


def cadence(title: str) -> int | None:
    """Days between a series' meetings as its title names them (7 for 'Weekly ...', 14 for 'Fortnightly ...'), or
    None when the title names no cadence."""
    for pattern, days in _CADENCE:
        if pattern.search(title or ""):
            return days
    return None


def grid(days: list[dt.date], every: int, end: dt.date) -> dict[dt.date, dt.date] | None:
    """Each planned day of a series against the occurrence of the rule it is (its day, or the one it was moved from
    within the same cadence), the rule running every `every` days from the first planned day; None when two planned
    days would be one occurrence (the series is then not one rule)."""
    if not days:
        return None
    first, out = days[0], {}
    for day in days:
        # the occurrence it belongs to: the rule's day of the same Monday-to-Sunday week (a weekly series), or the
        # nearest of the rule's days (a fortnightly one)
        if every == 7:
            slot = day + dt.timedelta(days=first.weekday() - day.weekday())
        else:
            slot = first + dt.timedelta(days=every * round((day - first).days / every))
        if slot < first or slot > max(end, day) or slot in out.values():
            return None
        out[day] = slot
    return out


def rule_days(first: dt.date, every: int, until: dt.date) -> list[dt.date]:
    """The days of a rule from `first`, every `every` days, up to `until`."""
    out, day = [], first
    while day <= until:
        out.append(day)
        day += dt.timedelta(days=every)
    return out


def rrule(every: int, until: dt.datetime) -> dict[str, Any]:
    """The RRULE of a series (icalendar's vRecur fields), its UNTIL in UTC as RFC 5545 asks of a zoned DTSTART."""
    return {"FREQ": "WEEKLY", "INTERVAL": every // 7, "UNTIL": until.astimezone(dt.timezone.utc)}


def _dates(prop: Any) -> list[Any]:
    """The date-times of an EXDATE or RDATE property, however many lines it takes."""
    out = []
    for line in prop if isinstance(prop, list) else [prop] if prop is not None else []:
        out += [d.dt for d in getattr(line, "dts", [])]
    return out


def _same(a: Any, b: Any) -> bool:
    """Two iCalendar moments equal (aware or floating, a date or a date-time)."""
    try:
        return a == b
    except TypeError:
        return False


def occurrences(events: list[Any]) -> Iterator[tuple[Any, Any, Any, Any]]:
    """Each meeting a reader of a calendar sees: (event, start, end, recurrence) for an event on its own (recurrence
    None), for an occurrence edited in a series (recurrence its RECURRENCE-ID), and for each other occurrence of a
    rule (the rule's event, its start and end, recurrence its start), less its EXDATEs."""
    edited: dict[str, list[Any]] = {}
    for e in events:
        if e.get("RECURRENCE-ID") is not None:
            edited.setdefault(str(e.get("UID")), []).append(e.get("RECURRENCE-ID").dt)
    for e in events:
        start = e.get("DTSTART").dt if e.get("DTSTART") is not None else None
        end = e.get("DTEND").dt if e.get("DTEND") is not None else None
        if e.get("RECURRENCE-ID") is not None:
            yield e, start, end, e.get("RECURRENCE-ID").dt
            continue
        if e.get("RRULE") is None or start is None:
            yield e, start, end, None
            continue
        length = end - start if end is not None else dt.timedelta(0)
        skip = _dates(e.get("EXDATE")) + edited.get(str(e.get("UID")), [])
        try:
            rule = rrulestr(e.get("RRULE").to_ical().decode(), dtstart=start)
        except (ValueError, TypeError):
            yield e, start, end, None  # a rule nobody can read: its first occurrence only
            continue
        for n, when in enumerate(rule):
            if n >= MAX_OCCURRENCES:
                break
            if not any(_same(when, s) for s in skip):
                yield e, when, when + length, when
