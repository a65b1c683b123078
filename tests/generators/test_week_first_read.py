"""Blind read 26 (an unseen rent review outline): the weekly note of 7 August offered "a first read of Ashgrove
Valuation Chambers' determination of the reviewed rent, with our points on it" for a determination of 20 July, after
the 22 July call on the determination had decided not to challenge it."""

import datetime as dt
import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.week import week_steps
from worldsmith.generators.week import WeekEvent


def _theirs(day: dt.date) -> WeekEvent:
    return WeekEvent(what="paper", day=day, title="Award on the disputed charges", by="Ana Ruiz", org="Tribunal")


def test_a_paper_of_theirs_weeks_old_is_past_its_first_read():
    old, fresh = _theirs(dt.date(2026, 7, 20)), _theirs(dt.date(2026, 8, 4))
    for seed in range(10):
        for outside in (False, True):
            assert not week_steps(Picker(seed), [old], dt.date(2026, 8, 7), "en_GB", {"Firm"}, ["Amy"], {}, outside)
            # (one that came in this week still has its first read)
            assert any("first read" in s for s in
                       week_steps(Picker(seed), [fresh], dt.date(2026, 8, 7), "en_GB", {"Firm"}, ["Amy"], {}, outside))


def test_a_paper_of_theirs_taken_through_at_a_meeting_since_is_past_its_first_read():
    paper = _theirs(dt.date(2026, 8, 3))
    call = WeekEvent(what="met", day=dt.date(2026, 8, 5), title="Call with the client on the award", by="Amy Lee",
                     org="Firm")
    other = call.model_copy(update={"title": "Call with the client on the timetable"})
    for seed in range(10):
        assert not week_steps(Picker(seed), [paper, call], dt.date(2026, 8, 7), "en_GB", {"Firm"}, ["Amy"], {})
        assert any("first read" in s for s in
                   week_steps(Picker(seed), [paper, other], dt.date(2026, 8, 7), "en_GB", {"Firm"}, ["Amy"], {}))


def test_a_first_read_is_of_a_paper_that_came_in_the_notes_week():
    # (mail15 brief, blind read 37: a status note set "a first read" of a letter received two weeks before it; one of
    # 10 days ago came in before the last weekly note and was read for it)
    today = dt.date(2026, 8, 7)
    for seed in range(10):
        for age, read in ((10, False), (8, False), (6, True), (1, True)):
            # (a proposal, which waits on our answer; an award is an act done that no one answers)
            paper = _theirs(today - dt.timedelta(days=age)).model_copy(update={"title": "Proposal on the charges"})
            steps = week_steps(Picker(seed), [paper], today, "en_GB", {"Firm"}, ["Amy"], {})
            assert any("first read" in s for s in steps) == read, (age, steps)
            # (one read before the note's week and not yet answered is answered, not read again)
            assert read or any(re.search(r"our (?:response|answer|reply) to", s) for s in steps), (age, steps)
