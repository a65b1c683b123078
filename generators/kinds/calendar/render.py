"""Calendars rendered as iCalendar (RFC 5545) with the `icalendar` package: one .ics per person, their meetings in it.

Each file is what a mail provider exports for one person: METHOD:PUBLISH, the owner's address in
X-WR-CALNAME, the world's timezone as a VTIMEZONE, and a VEVENT per meeting with its UID, start and
end in that timezone, organiser, attendees (accepted), location or call link, and description. The
same meeting carries the same UID and bytes in every calendar that holds it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import icalendar

from worldsmith.generators.kinds.calendar.series import rrule
from worldsmith.worlds.plan import WorldPlan

PRODID = "-//worldsmith//calendar 1//EN"


def _address(plan: WorldPlan, person_id: str, role: str | None) -> icalendar.vCalAddress:
    p = plan.person(person_id)
    a = icalendar.vCalAddress(f"mailto:{p.email}")
    a.params["CN"] = icalendar.vText(p.name)
    if role is not None:
        a.params["CUTYPE"] = icalendar.vText("INDIVIDUAL")
        a.params["ROLE"] = icalendar.vText(role)
        a.params["PARTSTAT"] = icalendar.vText("ACCEPTED")
    return a


def _event(plan: WorldPlan, spec: Any, content: Any, master: bool = False) -> icalendar.Event:
    """A meeting's VEVENT; of a series, the occurrence it is (RECURRENCE-ID), or with `master` the series' own event:
    its rule from its first occurrence, the days it is not held, and the series' invitation."""
    e = icalendar.Event()
    e.add("uid", spec.uid)
    # The invitation's stamp: when it went out, the first day of the matter (fixed, so bytes repeat).
    e.add("dtstamp", dt.datetime.combine(plan.window_start, dt.time(0), tzinfo=dt.timezone.utc))
    if master:
        e.add("dtstart", spec.recurrence)
        e.add("dtend", spec.recurrence + (spec.ends_at - spec.starts_at))
        e.add("rrule", rrule(spec.every, spec.until))
        if spec.exdates:
            e.add("exdate", spec.exdates)
    else:
        e.add("dtstart", spec.starts_at)
        e.add("dtend", spec.ends_at)
        if getattr(spec, "recurrence", None) is not None:
            e.add("recurrence-id", spec.recurrence)
    e.add("summary", spec.summary)
    e.add("organizer", _address(plan, spec.author, None))
    from worldsmith.generators.compose.substance.hearing import is_hearing

    # the court presides at a hearing: nobody of the room chairs it (read 25, a 'CMC' chaired by the claimant's partner)
    chair = None if is_hearing(spec.summary) else spec.author
    for pid in [spec.author, *spec.attendees]:
        e.add("attendee", _address(plan, pid, "CHAIR" if pid == chair else "REQ-PARTICIPANT"), encode=0)
    if getattr(spec, "group", ""):
        # a body the cast holds too few of is invited by its list address, as a committee's secretary sends it
        # (blind re-read 36b: "The audit committee meeting invites only the chair from the committee")
        name, _, mail = spec.group.partition(" <")
        g = icalendar.vCalAddress(f"mailto:{mail.rstrip('>')}")
        g.params.update(CN=icalendar.vText(name), CUTYPE=icalendar.vText("GROUP"),
                        ROLE=icalendar.vText("REQ-PARTICIPANT"), PARTSTAT=icalendar.vText("ACCEPTED"))
        e.add("attendee", g, encode=0)
    e.add("location", spec.location)
    if "https://" in spec.location:
        e.add("url", spec.location.split(" ", 2)[-1])
    e.add("description", spec.standing if master else content.description)
    e.add("status", "CONFIRMED")
    e.add("sequence", 0)
    e.add("transp", "OPAQUE")
    return e


def render_calendars(plan: WorldPlan, specs: list[Any], contents: dict) -> list[tuple[str, bytes]]:
    """(room path, bytes) of every person's calendar that holds a meeting."""
    holding: dict[str, tuple[str, list[Any]]] = {}
    for spec in specs:
        # each calendar is its owner's (a plan of before `holders` held everyone's, organiser first)
        for path, pid in zip(spec.calendars, spec.holders or [spec.author, *spec.attendees]):
            holding.setdefault(path, (pid, []))[1].append(spec)
    out = []
    for path, (pid, meetings) in sorted(holding.items()):
        cal = icalendar.Calendar()
        cal.add("prodid", PRODID)
        cal.add("version", "2.0")
        cal.add("calscale", "GREGORIAN")
        cal.add("method", "PUBLISH")
        cal.add("x-wr-calname", plan.person(pid).email)
        cal.add("x-wr-timezone", plan.timezone)
        rules = {}  # a series' own event, once per calendar, from its first meeting there
        for spec in sorted(meetings, key=lambda s: (s.starts_at, s.uid)):
            if getattr(spec, "recurrence", None) is not None and spec.uid not in rules:
                rules[spec.uid] = min((s for s in meetings if s.uid == spec.uid), key=lambda s: s.recurrence)
                cal.add_component(_event(plan, rules[spec.uid], None, master=True))
            cal.add_component(_event(plan, spec, contents[spec.id]))
        cal.add_missing_timezones()
        out.append((path, cal.to_ical()))
    return out
