"""A paper that records what a thread agrees goes round once it is agreed, never on the thread's opener.

Blind read 26 (an unseen rent review outline, now tests/fixtures/office-rent-review.yaml): 'Joint measurement of the
demise' attached "Measured survey, agreed" to its opener of 20 April, four days before the surveyors agreed the
area ("Attached you will find the measured survey, agreed")."""

from __future__ import annotations

import re
from pathlib import Path

from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.outline import load_outline

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "office-rent-review.yaml"


def test_an_agreed_paper_is_attached_no_earlier_than_the_thread_agrees():
    outline = load_outline(FIXTURE)
    cast = resolve_cast(outline, load_taxonomy())
    seen = 0
    for seed in (191, 61):
        plan = plan_world(outline, cast, seed, "w")
        threads: dict[str, list] = {}
        for a in plan.artifacts:
            if a.kind == "email":
                threads.setdefault(a.thread, []).append(a)
        for thread in threads.values():
            thread.sort(key=lambda m: m.position)
            settled = next((i for i, m in enumerate(thread) if m.beat == "decide"), None)
            if settled is None:
                continue
            for m in thread[:settled]:
                early = [x.title for x in m.attachments if re.search(r"\bagreed\b", x.title, re.I)]
                assert not early, (m.path, early, [x.beat for x in thread])
            seen += any(re.search(r"\bagreed\b", x.title, re.I) for m in thread for x in m.attachments)
    assert seen, "no thread that agrees carried its agreed paper"
