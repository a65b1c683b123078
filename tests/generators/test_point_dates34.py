"""A thread's point that states a text fact in its expert's words goes out no earlier than the ledger knows it
(bench/long_matter.py --scale 80: a second copy of the tanker's tender thread said 'reject the tender of defense' on
April 15, the decision being of April 16, and the world was quarantined on fact_mentioned_before_known)."""

from __future__ import annotations

import tempfile
from pathlib import Path


def test_no_pointed_message_states_a_text_fact_before_its_day():
    from bench.long_matter import long_outline, write_outline
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    path = write_outline(long_outline(80, 364), Path(tempfile.mkdtemp(prefix="points34-")))
    plan = pipeline.make_plan(pipeline.prepare(path, 0, OfflineBackend()))
    texts = {f.id: (str(f.value.value).lower(), f.known_from) for f in plan.facts
             if f.value.type == "text" and len(str(f.value.value)) >= 12}
    early = [(a.id, fid) for a in plan.artifacts if getattr(a, "point", "")
             for fid, (value, day) in texts.items() if value in a.point.lower() and a.sent_at.date() < day]
    assert not early, early
