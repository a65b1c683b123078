"""What a World shows of the calendar kind's tables: `world.events`, each meeting once however many calendars hold it.

Registered as the kind's view (`Kind.views`), so worldsmith.worlds.world names no kind; it reads the tables
the kind's reader fills (reader.CALENDAR_DDL) and is called only on a loaded world.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from pydantic import BaseModel, ConfigDict

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Event(BaseModel):
    """A calendar event, once however many people's calendars hold it."""

    model_config = _FROZEN
    uid: str | None
    summary: str | None
    starts_at: dt.datetime | None
    ends_at: dt.datetime | None
    organizer: str | None
    location: str | None
    description: str | None
    attendees: tuple[str, ...]
    calendars: tuple[str, ...]  # the .ics files that hold it


def events(world: Any) -> list[Event]:
    """The calendar's events by start, each once (a room keeps one calendar per person), a series' meetings each once;
    empty without calendars."""
    if not world.has_table("calendar_events"):
        return []
    rows = world.db.execute("""
        select e.uid, any_value(e.summary), e.starts_at, min(e.ends_at), any_value(e.organizer),
               any_value(e.location), any_value(e.description),
               coalesce((select list(distinct a.address order by a.address) from calendar_attendees a
                         where a.uid = e.uid), []),
               list(distinct e.path order by e.path)
        from calendar_events e group by e.uid, e.starts_at order by 3, 1""").fetchall()
    return [Event(uid=u, summary=s, starts_at=b, ends_at=e, organizer=o, location=loc, description=d,
                  attendees=tuple(a), calendars=tuple(c)) for u, s, b, e, o, loc, d, a, c in rows]
