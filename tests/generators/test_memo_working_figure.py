"""A junior's working memo proposes our side's figure for review, never the other side's claim it answers."""

from __future__ import annotations

import re
from pathlib import Path

from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend

FIXTURE = Path(__file__).parent.parent / "fixtures" / "supply-surcharge.yaml"


def test_a_juniors_memo_works_on_our_figure_not_the_other_sides_claim():
    # the buyer's counsel's associate, whose memo 'concludes what Halvergate must pay and what it can dispute', wrote
    # 'I would work on the basis that the surcharge claimed by Brennmoor is USD 3,640,800'
    backend = OfflineBackend()
    prepared = pipeline.prepare(FIXTURE, 0, backend)
    plan = pipeline.make_plan(prepared)
    contents = pipeline.generate(plan, prepared.taxonomy, backend)
    memo = next(a for a in plan.artifacts if a.kind == "document" and a.title.startswith("Memo re the Brennmoor"))
    text = contents[memo.id].model_dump_json()
    working = re.search(r"I would work on the basis that ([^,]+)", text)
    assert working, text[:400]
    assert "claimed by Brennmoor" not in working.group(1), working.group(0)
