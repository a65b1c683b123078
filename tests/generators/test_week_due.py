"""A weekly note says a date ahead with how far off it is from the note's own day, so a year-long matter's weekly
series do not all stamp the same sentence about one deadline (issue 22: "Coming up: the answer deadline, May 1,
2026." stood in 94 artifacts at bench/long_matter.py --scale 80)."""

from __future__ import annotations

import datetime as dt

from worldsmith.generators.compose.bank import Picker, Series
from worldsmith.generators.compose.week import note_lines
from worldsmith.generators.week import WeekEvent

DUE = dt.date(2026, 5, 1)
EVENT = WeekEvent(what="due", day=DUE, fact="answer_deadline", label="the answer deadline", type="date",
                  text="May 1, 2026")


def _line(key: str, index: int, today: dt.date) -> str:
    pick = Picker(7, Series(key, index, 0, f"{today:%B} {today.day}"))
    return note_lines(pick, [EVENT], today, "en_US", set())[0]


def test_every_wording_of_a_date_ahead_changes_with_the_notes_day():
    # every series, every instance: the same deal on two note days a week apart gives two different sentences
    for key in ("weekly_status", "weekly_update", "client_report", "club_note"):
        for index in range(12):
            early, late = _line(key, index, DUE - dt.timedelta(days=16)), _line(key, index, DUE - dt.timedelta(days=9))
            assert early != late, (key, index, early)
            assert "9 days" in late and "16 days" in early, (early, late)


def test_a_date_one_day_ahead_is_one_day_not_one_days():
    lines = {_line(key, index, DUE - dt.timedelta(days=1)) for key in ("a", "b", "c") for index in range(12)}
    assert not any("1 days" in line for line in lines), lines
    assert any("1 day" in line for line in lines)


def test_a_date_that_fell_in_the_week_is_its_news_and_one_that_falls_today_says_today():
    # blind read 8: "No news in the week to 21 October; the open points stand" on the day exclusivity expired,
    # five days after the missed signing target
    passed = EVENT.model_copy(update={"what": "passed"})
    pick = Picker(3)
    after = note_lines(pick, [passed], DUE + dt.timedelta(days=5), "en_US", set())[0]
    assert "May 1, 2026" in after and "5 days" in after and "today" not in after.lower(), after
    today = note_lines(pick, [passed], DUE, "en_US", set())[0]
    assert "today" in today.lower() and "May 1, 2026" in today, today
