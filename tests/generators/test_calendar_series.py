"""A series named weekly is weekly: one rule in the calendar, every week of its span but the matter's public holidays,
the planned meetings its edited occurrences (blind reads 35 and 35b: "a 'weekly' call that recurs every 3-4 weeks")."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import icalendar
import yaml

from tests.generators.offline_world import offline_world

ROOT = Path(__file__).resolve().parents[2]


def _meetings(plan, contents, summary):
    """(start, description) of every meeting named `summary` in the organiser's calendar, as a calendar client reads
    the file (series.occurrences), and the .ics events themselves."""
    from worldsmith.generators.kinds.calendar.render import render_calendars
    from worldsmith.generators.kinds.calendar.series import occurrences

    specs = [a for a in plan.artifacts if a.kind == "calendar"]
    mine = [s for s in specs if s.summary == summary]
    files = dict(render_calendars(plan, specs, contents))
    cal = icalendar.Calendar.from_ical(files[mine[0].calendars[0]])
    events = [e for e in cal.walk("VEVENT") if str(e.get("SUMMARY")) == summary]
    seen = sorted((start, str(e.get("DESCRIPTION"))) for e, start, _, _ in occurrences(events))
    return mine, seen, events


def test_a_weekly_call_meets_every_week_of_its_span():
    # covenant-breach at seed 61 plans its six "Weekly covenant call"s one or two weeks apart over ten weeks
    plan, _, contents = offline_world(ROOT / "tests/fixtures/covenant-breach.yaml", 61)
    mine, seen, events = _meetings(plan, contents, "Weekly covenant call")
    days = [start.date() for start, _ in seen]
    assert len(days) > len(mine) and all((b - a).days == 7 for a, b in zip(days, days[1:])), days
    # one series: one UID, one call link, one rule; each planned meeting its occurrence with its own agenda
    assert len({str(e.get("UID")) for e in events}) == 1 and len({str(e.get("LOCATION")) for e in events}) == 1
    assert sum(e.get("RRULE") is not None for e in events) == 1
    planned = {s.starts_at: contents[s.id].description for s in mine}
    assert all(dict(seen)[at] == text for at, text in planned.items())
    standing = next(str(e.get("DESCRIPTION")) for e in events if e.get("RRULE") is not None)
    assert standing.startswith("Weekly call on Wednesdays") and standing not in planned.values()


def test_a_weekly_call_is_not_held_on_a_public_holiday_and_its_invitation_says_so(tmp_path):
    # a Tuesday call in Dublin from March 10 to March 24, two planned: St Patrick's Day (March 17) is not a call
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.generators.kinds.calendar import MeetingContent

    outline = yaml.safe_load((ROOT / "tests/fixtures/mini-rooms.yaml").read_text())
    outline["window"]["timezone"] = "Europe/Dublin"
    item = next(i for f in outline["inventory"] for i in f["items"] if i.get("title") == "Weekly status call")
    item.pop("date")
    item.update(count=2, dates={"start": dt.date(2026, 3, 10), "end": dt.date(2026, 3, 24)})
    path = tmp_path / "mini.yaml"
    path.write_text(yaml.safe_dump(outline, sort_keys=False))
    plan = pipeline.make_plan(pipeline.prepare(path, 0, OfflineBackend()))
    contents = {a.id: MeetingContent(description=f"Agenda of {a.starts_at:%B %d}") for a in plan.artifacts
                if a.kind == "calendar"}
    mine, seen, events = _meetings(plan, contents, "Weekly status call")
    assert [s.starts_at.date() for s in mine] == [dt.date(2026, 3, 10), dt.date(2026, 3, 24)]
    assert [start.date() for start, _ in seen] == [dt.date(2026, 3, 10), dt.date(2026, 3, 24)]
    standing = next(str(e.get("DESCRIPTION")) for e in events if e.get("RRULE") is not None)
    assert "No call on March 17 (Saint Patrick's Day)." in standing, standing


def test_the_world_check_flags_an_occurrence_of_a_series_on_a_public_holiday(tmp_path):
    """series_off_public_holidays: the calendar's own occurrences of a rule (no planned meeting) on a holiday."""
    import duckdb

    from worldsmith.worlds.store.load import create_schema
    from worldsmith.worlds.validate import load_checks

    con = duckdb.connect(str(tmp_path / "world.duckdb"))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'en_GB', 'UTC', '2026-03-01', '2026-08-01')")
    con.execute("insert into public_holidays values ('2026-04-03', 'Good Friday')")
    rows = [("u1", None, "2026-04-03 16:00:00+00", "2026-04-03 16:00:00+00"),  # the rule's, on Good Friday
            ("u2", None, "2026-04-10 16:00:00+00", "2026-04-10 16:00:00+00"),  # the rule's, a working day
            ("u3", "call_2", "2026-04-03 16:00:00+00", "2026-04-03 16:00:00+00"),  # planned: nothing_on_public_holiday's
            ("u4", None, "2026-04-03 16:00:00+00", None)]  # a meeting on its own: not a series'
    for uid, aid, starts, recurrence in rows:
        con.execute("insert into calendar_events (artifact_id, path, uid, summary, starts_at, recurrence) values "
                    "(?, 'a.ics', ?, 'Weekly call', ?, ?)", [aid, uid, starts, recurrence])
    con.execute("insert into planned_meetings values ('call_1', 'u1', 'Weekly call', '2026-03-27 16:00:00+00', "
                "'2026-03-27 16:30:00+00')")
    check = next(c for c in load_checks() if c.id == "series_off_public_holidays")
    flagged = con.execute(check.sql).fetchall()
    con.close()
    assert [r[0] for r in flagged] == ["call_1"] and "2026-04-03, Good Friday" in flagged[0][2], flagged


def test_a_weekly_call_moved_off_a_holiday_is_that_weeks_occurrence_moved_and_says_so(tmp_path):
    # a Tuesday call in Dublin from March 10, three weeks: St Patrick's Day (Tuesday March 17) moves to the Wednesday
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    outline = yaml.safe_load((ROOT / "tests/fixtures/mini-rooms.yaml").read_text())
    outline["window"]["timezone"] = "Europe/Dublin"
    item = next(i for f in outline["inventory"] for i in f["items"] if i.get("title") == "Weekly status call")
    item.update(date=dt.date(2026, 3, 10), count=3)
    path = tmp_path / "mini.yaml"
    path.write_text(yaml.safe_dump(outline, sort_keys=False))
    backend = OfflineBackend()
    prepared = pipeline.prepare(path, 0, backend)
    plan = pipeline.make_plan(prepared)
    contents = pipeline.generate(plan, prepared.taxonomy, backend)
    mine, seen, events = _meetings(plan, contents, "Weekly status call")
    moved = next(s for s in mine if s.starts_at.date() == dt.date(2026, 3, 18))
    assert moved.recurrence.date() == dt.date(2026, 3, 17)
    assert "This week's call is on Wednesday March 18, not the usual Tuesday." in contents[moved.id].description
    override = next(e for e in events if e.get("RECURRENCE-ID") is not None and e.get("DTSTART").dt.day == 18)
    assert override.get("RECURRENCE-ID").dt.date() == dt.date(2026, 3, 17)
    assert [start.date() for start, _ in seen] == [dt.date(2026, 3, 10), dt.date(2026, 3, 18), dt.date(2026, 3, 24)]
