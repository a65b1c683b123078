"""A matter that runs a year: counts in the hundreds, every date inside the window, volume that follows the
matter's phases, and a world its own checks accept."""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from zoneinfo import ZoneInfo

import pytest
import yaml

from tests.conftest import MINI
from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.calendar import reply_time
from worldsmith.worlds.errors import OutlineError
from worldsmith.worlds.outline import load_outline

START, END = dt.date(2026, 3, 2), dt.date(2027, 2, 26)  # END is a Friday
HEARING = dt.date(2026, 10, 20)


def _year_long(tmp_path, bulk: int = 1, log_count: int = 30, small: bool = False):
    """mini.yaml over a year: a thread that recurs weekly past the window's end, a weekly status, undated mail,
    a daily log around a hearing that becomes known in September, and a long thread opened on the last day."""
    data = yaml.safe_load(MINI.read_text(encoding="utf-8"))
    data["window"]["end"] = END
    data["facts"].append({"id": "hearing", "statement": "The limitation hearing is set for October 20, 2026.",
                          "value": {"type": "date", "value": HEARING}, "known_from": dt.date(2026, 9, 1)})
    first = data["inventory"][0]["items"][0]
    first.update(count=80, messages=bulk, forward_to=[])  # weekly from March 4: 80 weeks overflow the window
    if small:  # weekly from December 14: 12 weeks overflow it too
        first.update(count=12, date=dt.date(2026, 12, 14))
    data["inventory"][0]["items"] += [
        {"kind": "email_thread", "title": "Weekly status", "author": "partner", "participants": ["client_ceo"],
         "messages": bulk, "count": 6 if small else 20, "dates": {"start": START, "end": END}, "facts": ["cap"]},
        {"kind": "email_thread", "title": "Site update", "author": "associate", "participants": ["partner"],
         "messages": bulk, "count": 5 if small else 16, "facts": ["tonnage"]},
        {"kind": "email_thread", "title": "Closing the file", "author": "partner",
         "participants": ["associate", "client_ceo"], "messages": 15, "date": END, "facts": ["cap"]},
    ]
    data["inventory"][1]["items"].append(
        {"kind": "spreadsheet", "title": "Hearing preparation log", "author": "associate", "rows": 4,
         "count": log_count, "dates": {"start": dt.date(2026, 9, 1), "end": dt.date(2026, 11, 27)},
         "facts": ["hearing"]})
    path = tmp_path / "year.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def _day(spec, zone):
    return spec.sent_at.astimezone(zone).date() if spec.kind == "email" else spec.date


def test_an_item_may_count_in_the_thousands_but_not_past_the_cap(tmp_path):
    path = _year_long(tmp_path)
    text = path.read_text(encoding="utf-8")
    (tmp_path / "ok.yaml").write_text(text.replace("count: 30", "count: 5000"), encoding="utf-8")
    assert any(i.count == 5000 for f in load_outline(tmp_path / "ok.yaml").inventory for i in f.items)
    (tmp_path / "bad.yaml").write_text(text.replace("count: 30", "count: 5001"), encoding="utf-8")
    with pytest.raises(OutlineError) as err:
        load_outline(tmp_path / "bad.yaml")
    bad = (tmp_path / "bad.yaml").read_text(encoding="utf-8").splitlines()
    assert err.value.field.endswith(".count")
    assert err.value.line == next(n for n, line in enumerate(bad, 1) if "count: 5001" in line)
    assert str(tmp_path / "bad.yaml") in str(err.value)


def test_a_year_long_plan_keeps_every_date_in_the_window_and_follows_the_phases(tmp_path):
    prepared = pipeline.prepare(_year_long(tmp_path, bulk=2, log_count=300), 3, OfflineBackend())
    plan = pipeline.make_plan(prepared)
    zone = ZoneInfo(plan.timezone)
    days = Counter(_day(a, zone) for a in plan.artifacts)
    assert len([a for a in plan.artifacts if a.item.startswith("hearing_preparation_log")]) == 300
    assert min(days) >= START and max(days) <= END
    # The overflowing weekly thread no longer piles its last 28 weeks onto the window's last day.
    opened_last = {a.item for a in plan.artifacts if _day(a, zone) == END and a.item.startswith("liability_cap")}
    assert len(opened_last) <= 1, opened_last
    closing = [a.sent_at for a in plan.artifacts if a.item == "closing_the_file"]
    assert len(closing) == 15 and closing == sorted(closing) and len(set(closing)) == 15
    # Busy weeks around the hearing, quiet weeks in the summer between the matter's events.
    near = sum(n for d, n in days.items() if abs((d - HEARING).days) <= 7)
    quiet = sum(n for d, n in days.items() if abs((d - dt.date(2026, 7, 15)).days) <= 7)
    assert near > 3 * max(quiet, 1), (near, quiet)
    # A cadence stays a cadence: 20 weekly statuses over 52 weeks fall in 20 different weeks.
    weeks = {_day(a, zone).isocalendar()[:2] for a in plan.artifacts if a.item.startswith("weekly_status")
             and a.position == 0}
    assert len(weeks) == 20


def test_replies_on_the_windows_last_evening_close_before_midnight():
    rng = random.Random(5)
    zone = ZoneInfo("America/Chicago")
    for start_hour in (17, 21, 23):
        at = dt.datetime(2027, 2, 26, start_hour, 50, tzinfo=zone)
        for _ in range(15):
            later = reply_time(rng, at, END)
            assert at < later and later.date() == END
            at = later


def test_a_year_long_world_passes_its_own_checks(tmp_path):
    """The planner never makes a world its own checks reject (a small year-long world, offline)."""
    prepared = pipeline.prepare(_year_long(tmp_path, log_count=8, small=True), 11, OfflineBackend())
    plan = pipeline.make_plan(prepared)
    made = pipeline.generate_all(plan, prepared.taxonomy, OfflineBackend())
    staging = tmp_path / "staging"
    staging.mkdir()
    assert pipeline.render_isolated(plan, made.contents, staging) == [] and made.failures == []
    memo, contents = pipeline.ParseMemo(), made.contents
    report = pipeline.validate(staging, memo=memo)
    for round_ in (1, 2):  # the flow's repair rounds, each rendering and parsing only what it repaired
        targets = pipeline.repair_targets(plan, report)
        if not targets:
            break
        contents = pipeline.regenerate(plan, prepared.taxonomy, OfflineBackend(), contents, targets, round_)
        assert pipeline.render_isolated(plan, contents, staging, only=set(targets)) == []
        report = pipeline.validate(staging, memo=memo)
    failed = {c.id: (c.count, c.rows[0].detail) for c in report.failed() if c.severity == "error"}
    assert report.errors == 0, failed
