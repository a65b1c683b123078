"""Issue 17 (mail5, read 30: "My notes ... are below", and no notes follow): a meeting's follow-up mail carries every
fact the meeting had, not its first alone (a bank's call before its payment deadline, on the deadline and the credit
committee's decision, went out as notes of the deadline and nothing else)."""

from __future__ import annotations

from tests.generators.planned import planned


def test_a_meetings_follow_up_carries_every_fact_of_the_meeting():
    plan, _ = planned("office-rent-review", 7)
    meetings = [a for a in plan.artifacts if a.kind == "calendar" and len(a.facts) > 1]
    follow_ups = {a.title: a for a in plan.artifacts if a.kind == "email" and a.title.startswith("Follow-up: ")
                  and getattr(a, "position", 0) == 0}
    checked = 0
    for m in meetings:
        mail = next((f for t, f in follow_ups.items() if t.startswith(f"Follow-up: {m.summary}")), None)
        if mail is None:
            continue
        checked += 1
        assert set(m.facts) <= set(mail.facts), (m.summary, m.facts, mail.facts)
    assert checked, [m.summary for m in meetings]
