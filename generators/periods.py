"""A paper's title that names the period it reports on (a quarter, a half-year, a month), as it can stand on a day."""

from __future__ import annotations

import calendar
import datetime as dt
import re

_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4}
# A title that already says it covers part of its period, or looks ahead to it (the check period_paper_after_period
# reads the same words).
_PART = re.compile(r"(?i)\b(?:interim|to date|ytd|flash|as at|as of|forecasts?|budgets?|plans?|schedules?|agendas?|"
                   r"calendars?|timetables?|projections?|outlook|targets?|estimates?)\b|\(to \d")
_PERIODS = [
    (re.compile(r"\bQ(?P<q>[1-4])[ -]?(?P<y>(?:19|20)\d\d)\b|\b(?P<y2>(?:19|20)\d\d)[ -]?Q(?P<q2>[1-4])\b"), 3),
    (re.compile(r"(?i)\b(?P<o>first|second|third|fourth) quarter (?:of )?(?P<y>(?:19|20)\d\d)\b"), 3),
    (re.compile(r"\bH(?P<q>[12])[ -]?(?P<y>(?:19|20)\d\d)\b"), 6),
    (re.compile(r"(?i)\b(?P<o>first|second) half (?:of )?(?:the year )?(?P<y>(?:19|20)\d\d)\b"), 6),
]
_MONTHLY = re.compile(r"(?i)\bmonth(?:ly|-end| end)\b")
_MONTH = re.compile(rf"\b(?P<m>{_MONTHS}) (?P<y>(?:19|20)\d\d)\b")


def period_named(title: str) -> tuple[re.Match, dt.date] | None:
    """The period a title reports on and the day it ends ('Q1 2026' -> 31 March 2026), or None."""
    for pattern, months in _PERIODS:
        m = pattern.search(title or "")
        if m:
            parts = m.groupdict()
            n = int(parts.get("q") or parts.get("q2") or _ORDINAL.get((parts.get("o") or "").lower(), 0))
            year = int(parts.get("y") or parts.get("y2"))
            last = n * months
            return m, dt.date(year, last, calendar.monthrange(year, last)[1])
    m = _MONTH.search(title or "") if _MONTHLY.search(title or "") else None
    if m:
        month, year = _MONTHS.split("|").index(m.group("m")) + 1, int(m.group("y"))
        return m, dt.date(year, month, calendar.monthrange(year, month)[1])
    return None


def as_of_period(title: str, day: dt.date) -> str:
    """`title` as a paper of `day` can bear it: one dated inside the period it names says it is an interim report
    ('Interim quarterly risk report Q1 2026: ...'; its text gives the day it is as at). Blind read 28: a 'Quarterly
    risk report Q1 2026' dated 10 March, a period report dated before its period ended. Unchanged otherwise."""
    found = period_named(title)
    if found is None or _PART.search(title) or day > found[1]:
        return title
    first = title[:1].lower() if title[1:2].islower() else title[:1]
    return f"Interim {first}{title[1:]}"


def without_interim(title: str) -> str:
    """A title as the outline wrote it, without what as_of_period put in (compare it without case)."""
    return re.sub(r"^Interim\s+", "", title or "")
