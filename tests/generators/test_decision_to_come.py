"""A decision a purpose puts in the future ('will decide') is none taken in the thread.

Blind read 26 (an unseen rent review outline, now tests/fixtures/office-rent-review.yaml): the purpose "the partner
explains the review assumptions and says the Wharfside House letting will decide the figure" planned a decision, and
the client wrote "On what we now have, the decision: the figure" (the reader: "the client's decision is a
placeholder")."""

from __future__ import annotations

from pathlib import Path

from worldsmith.generators.beats import decision_at, names_decision
from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.outline import load_outline

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "office-rent-review.yaml"


def test_a_decision_after_a_modal_is_none_taken():
    assert not names_decision("The adviser says the survey will decide the price.")
    assert not names_decision("The buyer proposes terms under which the seller would accept the goods.")
    purpose = "The adviser says the survey may decide it, and the client approves the budget."
    assert names_decision(purpose) and purpose[decision_at(purpose):].startswith("approves")


def test_a_thread_whose_purpose_decides_nothing_yet_has_no_decision():
    outline = load_outline(FIXTURE)
    cast = resolve_cast(outline, load_taxonomy())
    items = [i for f in outline.inventory for i in f.items if "will decide" in (i.purpose or "")]
    assert items
    for seed in (191, 61):
        plan = plan_world(outline, cast, seed, "w")
        for item in items:
            thread = [a for a in plan.artifacts if a.kind == "email" and a.title.startswith(item.title)]
            assert thread
            assert not any(a.beat == "decide" or a.decision for a in thread), [(a.beat, a.decision) for a in thread]
