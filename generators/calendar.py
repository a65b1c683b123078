"""The world's calendar: business days in the window and plausible working-hour timestamps."""

from __future__ import annotations

import bisect
import functools
import datetime as dt
import math
import random
from typing import Collection
from zoneinfo import ZoneInfo

# Office mail by hour from 08:00 to 18:00: shaped on the reference business-mail profile
# (worlds/profiles/business-mail.json), which peaks at the start and the end of the working day and
# dips at lunch; its early and late hours are folded into the first and last working hours.
_HOUR_WEIGHTS = {8: 11, 9: 8, 10: 7, 11: 8, 12: 5, 13: 7, 14: 6, 15: 6, 16: 6, 17: 10, 18: 6}


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> dt.date:
    """The n-th given weekday of a month (n = -1: the last)."""
    if n > 0:
        first = dt.date(year, month, 1)
        return first + dt.timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)
    return last - dt.timedelta(days=(last.weekday() - weekday) % 7)


def _easter(year: int) -> dt.date:
    """Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    g = (b - (b + 8) // 25 + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    m = (32 + 2 * e + 2 * i - h - k) % 7
    n = (a + 11 * h + 22 * m) // 451
    month, day = divmod(h + m - 7 * n + 114, 31)
    return dt.date(year, month, day + 1)


def _observed(day: dt.date) -> dt.date:
    """A fixed-date holiday on a weekend, as a US office takes it: Friday for a Saturday, Monday for a Sunday."""
    return day - dt.timedelta(days=1) if day.weekday() == 5 else day + dt.timedelta(days=1) if day.weekday() == 6 else day


@functools.lru_cache(maxsize=64)
def public_holidays(year: int) -> frozenset[dt.date]:
    """The days offices close in a year, US federal holidays and England's bank holidays together: a deadline set on
    either is one nobody writes ("comments on the minutes by Monday Sep 7", Labor Day, blind read 19). Both sets
    are kept whatever the matter's country, since a day lost to a cautious deadline harms nothing."""
    easter = _easter(year)
    days = {
        _observed(dt.date(year, 1, 1)), _nth_weekday(year, 1, 0, 3), _nth_weekday(year, 2, 0, 3),
        _nth_weekday(year, 5, 0, -1), _observed(dt.date(year, 6, 19)), _observed(dt.date(year, 7, 4)),
        _nth_weekday(year, 9, 0, 1), _nth_weekday(year, 10, 0, 2), _observed(dt.date(year, 11, 11)),
        _nth_weekday(year, 11, 3, 4), _observed(dt.date(year, 12, 25)),
        # England and Wales
        easter - dt.timedelta(days=2), easter + dt.timedelta(days=1), _nth_weekday(year, 5, 0, 1),
        _nth_weekday(year, 8, 0, -1), dt.date(year, 12, 25) + dt.timedelta(days={4: 3, 5: 3, 6: 2}.get(dt.date(year, 12, 25).weekday(), 1)),
    }
    return frozenset(days)


def is_workday(day: dt.date) -> bool:
    """Monday to Friday and no public holiday (see public_holidays)."""
    return day.weekday() < 5 and day not in public_holidays(day.year)


def locale_workday(day: dt.date, locale: str = "") -> bool:
    """Monday to Friday, no US or English public holiday (is_workday), and none of the locale's country: the day
    prose may set for a step when only the locale is known (a composer has no time zone)."""
    from worldsmith.worlds.public_holidays import matter_country, public_holidays as country_holidays

    if not is_workday(day):
        return False
    return not locale or day not in country_holidays(matter_country("", locale), dt.date(day.year, 1, 1),
                                                     dt.date(day.year, 12, 31))


def step_day(want: dt.date, earliest: dt.date, latest: dt.date, locale: str = "") -> dt.date:
    """The day prose sets for a step wanted on `want`: that day, else the nearest working day before it, never before
    `earliest`; else the first working day after it up to `latest`; else `want`. Blind read 28: "everything for the
    lien preservation deadline ready by 13 June", a Saturday, two days before a Monday deadline."""
    day = want
    while day >= earliest:
        if locale_workday(day, locale):
            return day
        day -= dt.timedelta(days=1)
    day = want + dt.timedelta(days=1)
    while day <= latest:
        if locale_workday(day, locale):
            return day
        day += dt.timedelta(days=1)
    return want


def business_days(start: dt.date, end: dt.date, off: Collection[dt.date] = ()) -> list[dt.date]:
    """Monday-to-Friday dates from start to end inclusive, less the days `off` (the matter's public holidays)."""
    days = []
    day = start
    while day <= end:
        if day.weekday() < 5 and day not in off:
            days.append(day)
        day += dt.timedelta(days=1)
    return days


def next_business_day(day: dt.date, end: dt.date, off: Collection[dt.date] = ()) -> dt.date:
    """The first business day on or after `day` (not a weekend, nor one of the days `off`), but never after `end`."""
    while (day.weekday() >= 5 or day in off) and day < end:
        day += dt.timedelta(days=1)
    return day


def working_time(rng: random.Random, day: dt.date, tz: str) -> dt.datetime:
    """A timezone-aware timestamp on `day` within working hours."""
    hours, weights = zip(*_HOUR_WEIGHTS.items())
    hour = rng.choices(hours, weights)[0]
    return dt.datetime(day.year, day.month, day.day, hour, rng.randint(0, 59), rng.randint(0, 59), tzinfo=ZoneInfo(tz))


def reply_time(rng: random.Random, after: dt.datetime, window_end: dt.date,
               off: Collection[dt.date] = ()) -> dt.datetime:
    """When an answer to a message sent `after` goes out: minutes to a day later, inside working hours, never on
    one of the days `off` (the matter's public holidays: offices are closed, and nobody is working late then)."""
    # Minutes to days: real threads often wait a day or two for an answer, which spreads a thread's
    # messages over the week instead of piling them onto the day it started.
    delay = dt.timedelta(minutes=rng.choice([4, 9, 17, 26, 41, 58, 85, 130, 190, 260, 400, 1100, 1500, 1700,
                                             2900, 3100, 4400]))
    at = after + delay
    if at.date() > window_end:
        # A long delay would land after the matter's window: answer the same evening instead.
        return _same_evening(rng, after, window_end)
    closing = at.replace(hour=18, minute=45, second=0)
    # People on a live matter answer in the evening and at weekends too: about one late answer in five
    # goes out that night (before 23:30), and a third of those landing on a weekend stay there.
    if closing < at and at.hour < 23 and at.date() == after.date() and at.date() not in off and rng.random() < 0.2:
        return at
    if at.weekday() >= 5 and 8 <= at.hour < 20 and at.date() not in off and rng.random() < 0.3:
        return at
    if at > closing or at.hour < 8 or at.date() in off:
        day = at.date() + dt.timedelta(days=1) if at.hour >= 8 else at.date()
        day = next_business_day(day, window_end, off)
        if day > window_end or day <= after.date():
            # The window is closing: answer the same evening rather than leave the window.
            return _same_evening(rng, after, window_end)
        at = dt.datetime(day.year, day.month, day.day, rng.choice([8, 9, 9, 10]), rng.randint(0, 59),
                         rng.randint(0, 59), tzinfo=after.tzinfo)
    elif at.weekday() >= 5:
        day = next_business_day(at.date(), window_end, off)
        at = at.replace(year=day.year, month=day.month, day=day.day)
    return at


def _same_evening(rng: random.Random, after: dt.datetime, window_end: dt.date) -> dt.datetime:
    """Minutes after `after`, but before the window's last midnight: a long thread answered late on the
    window's last day closes in ever shorter steps (each a sixteenth of the time left, so that even
    fifteen answers after 23:00 fit) instead of spilling into the next day."""
    minutes = rng.randint(3, 30)
    if after.date() < window_end:
        return after + dt.timedelta(minutes=minutes)
    last = dt.datetime.combine(window_end, dt.time(23, 59, 59), tzinfo=after.tzinfo)
    room = int((last - after).total_seconds())
    return after + dt.timedelta(seconds=max(1, min(60 * minutes, room // 16)))


def spread(days: list[dt.date], n: int) -> list[dt.date]:
    """n dates spread evenly over `days` (repeating when there are fewer days than n)."""
    if not days:
        raise ValueError("no business days to place artifacts on")
    if n == 1:
        return [days[0]]
    return [days[round(i * (len(days) - 1) / (n - 1))] for i in range(n)]


def on_one_weekday(dates: list[dt.date], days: list[dt.date]) -> list[dt.date]:
    """A cadence's dates moved within their weeks onto the weekday of its first (a series of 'weekly' calls fell on
    six different weekdays, blind read 16): each to that weekday of its own week where it is one of `days` (a
    business day of the range) and no other date of the series has that week; else it stays where it was."""
    if len(dates) < 2:
        return dates
    anchor, allowed, out = dates[0].weekday(), set(days), []
    for day in dates:
        moved = day + dt.timedelta(days=anchor - day.weekday())
        out.append(moved if moved in allowed and moved not in out and moved not in dates[len(out) + 1:] else day)
    return out if out == sorted(out) else dates


# How a matter's volume follows its phases: a day's weight is 1 plus PHASE_PEAK for each event on
# it, fading with distance (e-folding over PHASE_REACH calendar days), the sum capped at
# PHASE_CAP events' worth. Around a filing, a deadline or a new figure people write several
# times as much as in the quiet weeks between (real matter mail comes in bursts, not a steady drip).
PHASE_PEAK = 4.0
PHASE_REACH = 6.0
PHASE_CAP = 2.0


def phase_weights(days: list[dt.date], events: list[dt.date]) -> dict[dt.date, float]:
    """Each day's relative busyness: 1 in a quiet week, up to 1 + PHASE_PEAK * PHASE_CAP beside events."""
    out = {}
    for day in days:
        near = sum(math.exp(-abs((day - e).days) / PHASE_REACH) for e in events)
        out[day] = 1.0 + PHASE_PEAK * min(near, PHASE_CAP)
    return out


def spread_by_weight(days: list[dt.date], weights: dict[dt.date, float], n: int) -> list[dt.date]:
    """n dates over `days` in order, as many near a day as its weight asks (busy days may repeat).

    Deterministic: the i-th date is where the running sum of weights passes (i + 1/2) / n of the
    whole, so equal weights give an even spread, and no randomness is drawn.
    """
    if not days:
        raise ValueError("no business days to place artifacts on")
    running, total = [], 0.0
    for day in days:
        total += weights.get(day, 1.0)
        running.append(total)
    return [days[min(bisect.bisect_left(running, (i + 0.5) * total / n), len(days) - 1)] for i in range(n)]
