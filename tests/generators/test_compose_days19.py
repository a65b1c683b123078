"""Dates that fit the day (issue 17, blind read 19): a deadline a message sets falls on a working day after it and
before the event it serves, and is named as it reads from the day the message is sent."""

from __future__ import annotations

import datetime as dt

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.voice import deadline, resolve_day, say_day


def test_a_deadline_is_a_working_day_after_its_message_and_before_what_it_serves():
    """'comments on the minutes by Monday Sep 7' (Labor Day); 'settle the EV by 7 Sep' after the LOI went out on 2
    Sep; 'first thing tomorrow' on a Friday."""
    for today in (dt.date(2026, 9, 4), dt.date(2026, 8, 28), dt.date(2026, 9, 3)):  # Fri, Fri, Thu
        for seed in range(60):
            said = deadline(Picker(seed), today, "en_US")
            due = resolve_day(said, today)
            assert due is not None and due >= today, (today, said)
            assert due not in (dt.date(2026, 9, 7), dt.date(2026, 8, 31)), (today, said)  # Labor Day, a bank holiday
            assert due.weekday() < 5, (today, said)
    served = dt.date(2026, 9, 2)  # the LOI goes out on Wednesday 2 September
    for seed in range(60):
        said = deadline(Picker(seed), dt.date(2026, 8, 31), "en_GB", before=served)
        assert resolve_day(said, dt.date(2026, 8, 31)) < served, said


def test_a_day_asked_for_in_one_message_reads_from_the_day_of_the_reply():
    """'Please let us have your response by Tuesday morning' sent Monday is due the next day: a reply on the
    Tuesday says 'end of day', not 'by Tuesday morning'; one on the Wednesday does not promise a day gone by."""
    monday, tuesday = dt.date(2026, 6, 22), dt.date(2026, 6, 23)
    asked = resolve_day("Tuesday morning", monday)
    assert asked == tuesday
    assert say_day(asked, tuesday) == "end of day"
    for seed in range(20):
        said = say_day(dt.date(2026, 6, 30), tuesday, "en_US", Picker(seed))  # a week on: the date, not "Tuesday"
        assert "Tuesday" not in said and resolve_day(said, tuesday) == dt.date(2026, 6, 30), said
