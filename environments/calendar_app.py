"""The calendar app: the events of every iCalendar (.ics) file in the room, listed by date and read by UID.

RFC 5545 is read with the standard library (unfolded lines, VEVENT properties), so serving a world
needs no calendar package; a world with no .ics file has no calendar app.
"""

from __future__ import annotations

import datetime as dt

from worldsmith.environments.session import Session, SessionError

FIELDS = {"UID": "uid", "SUMMARY": "summary", "DTSTART": "start", "DTEND": "end", "LOCATION": "location",
          "DESCRIPTION": "description", "ORGANIZER": "organizer"}


def _unfold(text: str) -> list[str]:
    lines: list[str] = []
    for raw in text.splitlines():
        if raw[:1] in (" ", "\t") and lines:
            lines[-1] += raw[1:]
        else:
            lines.append(raw)
    return lines


def _value(line: str) -> tuple[str, str]:
    head, _, value = line.partition(":")
    return head.split(";")[0].upper(), value.replace("\\n", "\n").replace("\\,", ",").replace("\\;", ";")


def _when(value: str) -> str:
    """An iCalendar date or date-time as ISO 8601 ('20260311T150000Z' -> '2026-03-11T15:00:00Z')."""
    try:
        if "T" in value:
            moment = dt.datetime.strptime(value.rstrip("Z"), "%Y%m%dT%H%M%S")
            return moment.isoformat() + ("Z" if value.endswith("Z") else "")
        return dt.datetime.strptime(value, "%Y%m%d").date().isoformat()
    except ValueError:
        return value


def parse_events(text: str, path: str) -> list[dict]:
    """Every VEVENT of one .ics text, as plain dicts."""
    events, current = [], None
    for line in _unfold(text):
        name, value = _value(line)
        if name == "BEGIN" and value.upper() == "VEVENT":
            current = {"path": path, "attendees": []}
        elif name == "END" and value.upper() == "VEVENT" and current is not None:
            events.append(current)
            current = None
        elif current is not None:
            if name == "ATTENDEE":
                current["attendees"].append(value.removeprefix("mailto:").removeprefix("MAILTO:"))
            elif name in FIELDS:
                value = value.removeprefix("mailto:").removeprefix("MAILTO:") if name == "ORGANIZER" else value
                current[FIELDS[name]] = _when(value) if name in ("DTSTART", "DTEND") else value
                if name == "DTSTART" and "TZID=" in line.partition(":")[0]:
                    current["timezone"] = line.partition(":")[0].split("TZID=", 1)[1].split(";")[0]
    return events


def calendar_files(session: Session) -> list[str]:
    """The room's .ics files."""
    return [p for p in session.files() if p.lower().endswith(".ics") and not p.startswith("Mailboxes/")]


def events(session: Session) -> list[dict]:
    """Every event of the room once, by start; `calendars` names each file that holds it.

    A room keeps one calendar per person, so a meeting of four people is in four files under one UID:
    an agent should meet it once, as a calendar client merging those calendars shows it.
    """
    return merge_events((rel, session.read_text(rel)) for rel in calendar_files(session) if session.exists(rel))


def merge_events(files) -> list[dict]:
    """The events of (path, .ics text) pairs, one per UID, by start; `calendars` lists the files holding each."""
    by_uid: dict[str, dict] = {}
    for rel, text in files:
        for e in parse_events(text, rel):
            key = e.get("uid") or f"{rel}#{len(by_uid)}"
            kept = by_uid.setdefault(key, {**e, "calendars": []})
            kept["calendars"].append(rel)
    return sorted(by_uid.values(), key=lambda e: (e.get("start", ""), e.get("uid", "")))


def list_events(session: Session, start: str | None = None, end: str | None = None) -> list[dict]:
    """Events starting on or after `start` and before `end` (ISO dates), without their descriptions."""
    chosen = [e for e in events(session) if (not start or e.get("start", "") >= start)
              and (not end or e.get("start", "") < end)]
    return [{k: v for k, v in e.items() if k != "description"} for e in chosen]


def read_event(session: Session, uid: str) -> dict:
    """One event with its description, by UID."""
    for e in events(session):
        if e.get("uid") == uid:
            return e
    raise SessionError(f"no event with UID {uid!r}; take the uid from calendar_list_events")
