"""Reading calendars back: each person's iCalendar (RFC 5545) file into calendar_files, calendar_events and attendees.

Read with the `icalendar` package, the library the files are written with. A calendar names its
owner by address in X-WR-CALNAME, as a mail provider's export of a person's calendar does; a
floating time (no TZID, no Z) is read in the world's timezone.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import icalendar

from worldsmith.generators.kinds.calendar.series import occurrences
from worldsmith.worlds.errors import ParseError
from worldsmith.worlds.kinds import RoomFile

CALENDAR_DDL = """
create table calendar_files (
    path       varchar primary key,
    owner      varchar,             -- X-WR-CALNAME: the owner's address
    n_events   integer not null
);
create table calendar_events (
    artifact_id varchar,            -- the planned meeting, by UID; NULL when unplanned
    path        varchar not null,   -- the calendar that holds this copy
    owner       varchar,
    uid         varchar,
    summary     varchar,
    starts_at   timestamptz,
    ends_at     timestamptz,
    organizer   varchar,            -- address, without mailto:
    location    varchar,
    description varchar,
    recurrence  timestamptz         -- of a series: the occurrence of its rule this is (RECURRENCE-ID); NULL alone
);
create table calendar_attendees (
    artifact_id varchar,
    path        varchar not null,
    uid         varchar,
    address     varchar,
    name        varchar,
    cutype      varchar             -- CUTYPE: GROUP for a body invited by its list address (a committee)
);
-- The meetings the plan fixed: when, what they are called, and their UID.
create table planned_meetings (
    artifact_id varchar not null,
    uid         varchar not null,
    summary     varchar not null,
    starts_at   timestamptz not null,
    ends_at     timestamptz not null
);
"""


# The text properties every reader of an event takes as they are (the loader's columns, the app's fields).
TEXT = {"UID": "uid", "SUMMARY": "summary", "LOCATION": "location", "DESCRIPTION": "description"}


def address(value: Any) -> str | None:
    """An ORGANIZER or ATTENDEE as a bare address ('mailto:a@x.example' -> 'a@x.example'); None when absent."""
    if value is None:
        return None
    text = str(value)
    return text[7:] if text.lower().startswith("mailto:") else text


def event_fields(e: icalendar.Event) -> dict[str, Any]:
    """What an event says besides its times: the TEXT properties it states, its organizer, and its attendees as
    (address, name, calendar user type) triples. The loader and the calendar app both take an event's fields from
    here."""
    fields: dict[str, Any] = {key: str(e.get(name)) for name, key in TEXT.items() if e.get(name) is not None}
    if e.get("ORGANIZER") is not None:
        fields["organizer"] = address(e.get("ORGANIZER"))
    attendees = e.get("ATTENDEE")
    fields["attendees"] = []
    for a in attendees if isinstance(attendees, list) else [attendees] if attendees is not None else []:
        name = getattr(a, "params", {}).get("CN")
        kind = getattr(a, "params", {}).get("CUTYPE")
        fields["attendees"].append((address(a), str(name) if name else None, str(kind) if kind else None))
    return fields


def _at(value: Any, zone: ZoneInfo) -> dt.datetime | None:
    """An iCalendar date or date-time, aware: a floating time in the world's zone, a date at its midnight."""
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=zone)
    return dt.datetime.combine(value, dt.time(0), tzinfo=zone)  # an all-day event starts at midnight


def read_calendar(data: bytes | str, rel: str) -> icalendar.Calendar:
    """One .ics file as icalendar reads it: the one reader of calendars, for the loader and the calendar app."""
    try:
        return icalendar.Calendar.from_ical(data)
    except (ValueError, IndexError, KeyError) as exc:
        raise ParseError(f"{rel}: not an iCalendar file: {exc}") from None


def _key(uid: Any, recurrence: Any, zone: ZoneInfo) -> tuple[Any, Any]:
    """How a planned meeting is found in a calendar: its UID and, in a series, its occurrence (in UTC)."""
    if recurrence is None:
        return uid, None
    when = recurrence if isinstance(recurrence, dt.datetime) else dt.datetime.combine(recurrence, dt.time(0))
    return uid, (when if when.tzinfo is not None else when.replace(tzinfo=zone)).astimezone(dt.timezone.utc)


def load_ics(f: RoomFile) -> None:
    """One .ics file: the calendar, each meeting it shows (an event alone, or an occurrence of a series: series.py),
    matched to its planned meeting by UID and occurrence, and its attendees."""
    cal = read_calendar(f.data, f.rel)
    zone = ZoneInfo(f.plan.timezone)
    if "calendar_uids" not in f.cache:
        f.cache["calendar_uids"] = {_key(a.uid, getattr(a, "recurrence", None), zone): a.id
                                    for a in f.plan.artifacts if getattr(a, "uid", None)}
    uids = f.cache["calendar_uids"]
    owner = address(cal.get("X-WR-CALNAME"))
    seen = list(occurrences(list(cal.walk("VEVENT"))))
    f.add("calendar_files", path=f.rel, owner=owner, n_events=len(seen))
    listed: list[Any] = []
    for e, start, end, recurrence in seen:
        fields = event_fields(e)
        uid = fields.get("uid")
        # an occurrence of a rule nobody edited is no planned meeting: the series' own invitation
        aid = uids.get(_key(uid, recurrence, zone)) if e.get("RRULE") is None else None
        f.add("calendar_events", artifact_id=aid, path=f.rel, owner=owner, uid=uid,
              summary=fields.get("summary") or None, starts_at=_at(start, zone),
              ends_at=_at(end, zone), organizer=fields.get("organizer"),
              location=fields.get("location") or None, description=fields.get("description") or None,
              recurrence=_at(recurrence, zone))
        if any(e is x for x in listed):
            continue  # a series' attendees once, not once an occurrence
        listed.append(e)
        for who, name, kind in fields["attendees"]:
            f.add("calendar_attendees", artifact_id=aid, path=f.rel, uid=uid, address=who, name=name, cutype=kind)
