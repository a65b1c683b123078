"""The calendar app reads .ics with validation's reader (generators.kinds.calendar.reader.read_calendar), not one of its own."""

from __future__ import annotations

from worldsmith.generators.kinds.calendar.app import merge_events
from worldsmith.generators.kinds.calendar.reader import read_calendar

# What a hand-split line misreads: a quoted parameter holding ':' and an escaped backslash in a text value.
ICS = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//worldsmith test//EN\r\n"
    "BEGIN:VEVENT\r\nUID:m-1@harrowvane.example\r\n"
    "DTSTART;TZID=America/Chicago:20260311T090000\r\nDTEND;TZID=America/Chicago:20260311T100000\r\n"
    "SUMMARY:Cap call\\; the per-ton figure\r\n"
    'ORGANIZER;CN="Moyer: lead counsel":mailto:ariana.moyer@harrowvane.example\r\n'
    'ATTENDEE;CN="Richmond: GC":mailto:nicole.richmond@ostrander-energy.example\r\n'
    "DESCRIPTION:Files in C:\\\\Matter\\\\Cap\\, read before the call.\r\n"
    "END:VEVENT\r\nEND:VCALENDAR\r\n"
)


def test_the_app_serves_what_validation_reads():
    (event,) = merge_events([("Shared calendars/a.ics", ICS)])  # text, as the page passes it; the app reads bytes
    (checked,) = read_calendar(ICS.encode(), "a.ics").walk("VEVENT")
    assert event["description"] == str(checked["DESCRIPTION"]) == "Files in C:\\Matter\\Cap, read before the call."
    assert event["summary"] == "Cap call; the per-ton figure"
    assert event["organizer"] == "ariana.moyer@harrowvane.example"
    assert event["attendees"] == ["nicole.richmond@ostrander-energy.example"]
    assert event["start"] == "2026-03-11T09:00:00" and event["timezone"] == "America/Chicago"
    assert event["calendars"] == ["Shared calendars/a.ics"]


def test_a_file_icalendar_cannot_read_hides_no_other_calendar():
    events = merge_events([("a.ics", b"BEGIN:VCALENDAR\r\nnot a calendar at all"), ("b.ics", ICS)])
    assert [e["calendars"] for e in events] == [["b.ics"]]
