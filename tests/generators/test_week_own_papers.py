"""A weekly note never tells its reader they have had a paper that goes out later that day, even the writer's own
(issue 17, an unseen collective-redundancy outline: the 10:47 update said 'You have had my Sociaal plan ... since 15
April', which its author sent at 16:30, and the client's reply asked about it); the next note reports it."""

from __future__ import annotations

import datetime as dt

from tests.generators.offline_world import offline_world
from worldsmith.generators.labels import as_first_sent
from worldsmith.generators.week import _previous, delivered_at, instance_of, week_events


def test_a_writers_own_paper_sent_later_that_day_is_news_in_the_next_note_not_this_one():
    plan, _, _ = offline_world("tests/fixtures/bi-claim.yaml", 61)
    notes = [a for a in plan.artifacts if a.kind == "email" and a.position == 0 and instance_of(a.item) is not None]
    later = {(_previous(plan, a) or a).id: a for a in notes}
    # a paper of the note's writer that the next note reports, moved to go out three hours after this note
    note, paper = next((a, p) for a in notes if a.id in later and a.sent_at.hour < 20
                       for p in plan.artifacts if p.kind == "document" and p.author == a.author
                       and delivered_at(plan, p.id) is not None and as_first_sent(p.title) in
                       [e.title for e in week_events(plan, later[a.id]) or [] if e.what == "paper"])
    paper.date = note.sent_at.date()
    plan.__dict__.pop("_week_papers", None)
    plan.__dict__["_delivered_at"][paper.id] = note.sent_at + dt.timedelta(hours=3)
    title = as_first_sent(paper.title)
    assert title not in [e.title for e in week_events(plan, note) or [] if e.what == "paper"]
    assert title in [e.title for e in week_events(plan, later[note.id]) or [] if e.what == "paper"]
