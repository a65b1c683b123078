"""A weekly thread's reply that notes the client's decision names its week, so a year of weekly replies does not
say the same two sentences but for the weekday (issue 22: two 'Tender of defense - decision needed' replies 82%
alike at bench/long_matter.py --scale 80)."""

from __future__ import annotations

import collections
import datetime as dt

from worldsmith.generators.compose.bank import Picker, Series, bank


def _replies(n: int) -> list[str]:
    """The noted-decision reply of n weekly instances of one thread, every one with the same decision and day."""
    beats = bank("email")["beats"]
    out = []
    for i in range(n):
        week = dt.date(2026, 3, 5) + dt.timedelta(days=7 * i)
        pick = Picker(1000 + i, Series("tender_of_defense_decision", i, 2, f"{week:%B} {week.day}"))
        v = dict(parent_first="Mark", decision="reject the tender of defense", day="Thursday", label2="the tender")
        out.append(pick.fill(beats["noted"], **v) + " " + pick.fill(beats["noted_after"], **v))
    return out


def test_a_year_of_weekly_decision_replies_is_not_a_few_replies_over_again():
    replies = _replies(80)
    counts = collections.Counter(replies)
    assert len(counts) >= 76, counts.most_common(3)
    assert max(counts.values()) <= 2, counts.most_common(3)
    assert all("decision" in r for r in replies)  # decision_named
