"""The calendar app: the events of every iCalendar (.ics) file in the room, listed by date and read by UID.

Each file is read by `worldsmith.generators.kinds.calendar.reader.read_calendar`, the reader validation loads the
room with (the `icalendar` package), so the agent is served what was checked; a world with no .ics
file has no calendar app.
"""

from __future__ import annotations

import datetime as dt
from html import escape
from typing import Any

from worldsmith.worlds.apps import App, AppSession, Tool
from worldsmith.worlds.errors import ParseError, SessionError
from worldsmith.generators.kinds.calendar.reader import event_fields, read_calendar
from worldsmith.generators.kinds.calendar.series import occurrences



def _when(value: Any, zoned: bool) -> str:
    """An iCalendar date or date-time as ISO 8601, as the file states it: UTC with 'Z', a TZID time or a floating
    one in its own local time ('20260311T150000Z' -> '2026-03-11T15:00:00Z', a date -> '2026-03-11')."""
    if not isinstance(value, dt.datetime):
        return value.isoformat()
    utc = value.tzinfo is not None and not zoned
    return value.replace(tzinfo=None).isoformat() + ("Z" if utc else "")


def parse_events(data: bytes | str, path: str) -> list[dict]:
    """Every meeting of one .ics file as plain dicts (a field the event does not state is left out): an event alone,
    and each occurrence of a series (series.occurrences, as the loader reads them), with `recurrence` its occurrence."""
    events = []
    for e, start, end, recurrence in occurrences(list(read_calendar(data, path).walk("VEVENT"))):
        fields = event_fields(e)  # the loader's fields of the event, so the agent reads what was checked
        event: dict[str, Any] = {"path": path, **fields, "attendees": [who for who, *_ in fields["attendees"]]}
        zoned = e.get("DTSTART") is not None and "TZID" in e.get("DTSTART").params
        for key, value in (("start", start), ("end", end)):
            if value is not None:
                event[key] = _when(value, zoned)
        if zoned:
            event["timezone"] = str(e.get("DTSTART").params["TZID"])
        if recurrence is not None:
            event["recurrence"] = _when(recurrence, zoned)
        events.append(event)
    return events


def calendar_files(session: AppSession) -> list[str]:
    """The room's .ics files."""
    return [p for p in session.files() if p.lower().endswith(".ics") and not p.startswith("Mailboxes/")]


def events(session: AppSession) -> list[dict]:
    """Every event of the room once, by start; `calendars` names each file that holds it.

    A room keeps one calendar per person, so a meeting of four people is in four files under one UID:
    an agent should meet it once, as a calendar client merging those calendars shows it.
    """
    return merge_events((rel, session.read_bytes(rel)) for rel in calendar_files(session) if session.exists(rel))


def merge_events(files) -> list[dict]:
    """The events of (path, .ics bytes or text) pairs, one per UID (and occurrence of a series), by start;
    `calendars` lists the files holding each.

    A file icalendar cannot read (validation reports it as file_parses) adds no event: the others still show.
    """
    by_uid: dict[str, dict] = {}
    for rel, data in files:
        try:
            found = parse_events(data, rel)
        except ParseError:
            continue
        for e in found:
            key = (e.get("uid") or f"{rel}#{len(by_uid)}", e.get("recurrence"))
            kept = by_uid.setdefault(key, {**e, "calendars": []})
            kept["calendars"].append(rel)
    return sorted(by_uid.values(), key=lambda e: (e.get("start", ""), e.get("uid", "")))


def list_events(session: AppSession, start: str | None = None, end: str | None = None) -> list[dict]:
    """Events starting on or after `start` and before `end` (ISO dates), without their descriptions."""
    chosen = [e for e in events(session) if (not start or e.get("start", "") >= start)
              and (not end or e.get("start", "") < end)]
    return [{k: v for k, v in e.items() if k != "description"} for e in chosen]


def read_event(session: AppSession, uid: str, start: str | None = None) -> dict:
    """One event with its description, by UID; of a series, the meeting that starts on `start` (an ISO date or
    date-time), else its first."""
    for e in events(session):
        if e.get("uid") == uid and (not start or e.get("start", "").startswith(start)):
            return e
    raise SessionError(f"no event with UID {uid!r}; take the uid from calendar_list_events")


# ---------------------------------------------------------------- the app's hook (worldsmith.worlds.apps.App)

def room_calendars(world) -> list[str]:
    """The room's .ics files outside the mailboxes (one per person), relative and sorted."""
    found = (p.relative_to(world.room).as_posix() for p in world.room.rglob("*.ics"))
    return sorted((rel for rel in found if not rel.startswith("Mailboxes/") and (world.room / rel).is_file()),
                  key=lambda rel: rel.split("/"))  # folder by folder, as the page always listed them


def files(world) -> list[str]:
    """The files the calendar app shows: every calendar of the room, and any planned calendar file."""
    return sorted({*room_calendars(world), *(a.path for a in world.artifacts_of("calendar"))})


def tools(session: AppSession) -> list[Tool]:
    """The calendar app's tools over one session."""

    def calendar_list_events(start: str | None = None, end: str | None = None) -> dict:
        """Events starting from `start` up to `end` (ISO dates, both optional), by start time."""
        return {"events": list_events(session, start, end)}

    def calendar_read_event(uid: str, start: str | None = None) -> dict:
        """One event by its UID, with attendees and description; a recurring meeting's occurrence by its `start`
        (ISO date, as listed), else its first."""
        return read_event(session, uid, start)

    return [Tool(calendar_list_events), Tool(calendar_read_event)]


def _e(value: object) -> str:
    return escape("" if value is None else str(value), quote=True)


def section(world) -> str:
    """The page's calendar: every event once, by start, from the room's .ics files."""
    paths = room_calendars(world)
    merged = merge_events((rel, (world.room / rel).read_text(encoding="utf-8", errors="replace")) for rel in paths)
    if not merged:
        return ""
    people = {p.email: p.name for p in world.plan.people}
    rows = "".join(
        f"<tr><td>{_e(e.get('start', '').replace('T', ' ')[:16])}</td><td><details><summary>"
        f"{_e(e.get('summary', ''))}</summary><pre>{_e(e.get('description', ''))}</pre></details></td>"
        f"<td>{_e(e.get('location', ''))}</td>"
        f"<td>{_e(', '.join(people.get(a, a) for a in e['attendees']))}</td></tr>"
        for e in merged)
    return (f"<h2 id=calendar>Calendar</h2><p class=sub>{len(merged)} events in {len(paths)} calendars "
            "(one per person; a meeting is shown once)</p><table><tr><th>start</th><th>event</th><th>where</th>"
            f"<th>attendees</th></tr>{rows}</table>")


APP = App(
    name="calendar",
    instructions="Calendar, where the room has one: list and read events.",
    present=lambda world: bool(room_calendars(world)),
    tools=tools,
    section=section,
    files=files,
)
