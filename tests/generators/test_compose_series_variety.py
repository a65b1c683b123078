"""Issue 22 (variety that lasts a year): a frame a weekly thread draws week after week names the week, so that a
long matter is not forty near-copies of one sentence."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.bank import Picker, Series, bank


def test_a_worked_answer_to_a_weekly_source_question_names_its_week():
    # bench.long_matter --scale 80 was quarantined on realism_near_duplicates: the P&I club's weekly answer to 'What
    # is the source for the OPA 90 liability cap in the April 22 update?' read 'It is the OPA 90 per-ton limit times
    # ... on the figures already exchanged.' in the third and the fortieth week (84% alike), as it had to with two
    # frames for forty weeks
    frames = next(e for e in bank("email")["answers_to"] if re.search(e["match"], "What is the source for the cap?"))
    texts = []
    for week in range(40):
        day = dt.date(2026, 3, 2) + dt.timedelta(days=7 * week)
        pick = Picker(1000 + 13 * week, Series("update", week, 1, f"{day:%B} {day.day}"))
        texts.append(pick.fill(frames["worked"], reason="the rate times the tonnage"))
    assert all("the rate times the tonnage" in t for t in texts)
    assert len(set(texts)) >= 20, sorted(set(texts))
