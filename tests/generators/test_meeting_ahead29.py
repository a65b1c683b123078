"""Blind read 29 (voice3): a thread about a meeting ahead says which meeting, when, where and who attends. A 'Site
visit' email sent the evening before the inspection said only "We have 42,000 units under recall. I would welcome
early confirmation."; nothing of the visit's time, place or people."""

from __future__ import annotations

import re

from tests.generators.offline_world import offline_world
from worldsmith.generators.context import meeting_ahead


def test_an_opener_about_a_meeting_ahead_names_it_with_its_day_and_time():
    plan, _, contents = offline_world("outlines/examples/buyside-diligence.yaml", 61)  # (composed by other modules too)
    named = 0
    for spec in plan.artifacts:
        if spec.kind != "email" or spec.position != 0:
            continue
        m = meeting_ahead(plan, spec)
        if m is None:
            continue
        named += 1
        own = re.split(r"\n\s*(?:On .{5,120} wrote:|-{5,} Forwarded message)", contents[spec.id].body, maxsplit=1)[0]
        start = m.starts_at.astimezone(spec.sent_at.tzinfo)
        assert m.summary.lower() in own.lower() and f"{start:%H:%M}" in own, (spec.title, own)
    assert named, "no opener is about a meeting ahead: the test shows nothing"
