"""Issue 17 (threads8): a question put in a thread's title is answered by what decides it, and nobody agrees to what
nobody disputed (threads7's reads of supply-surcharge and aircraft-redelivery, blind read 23)."""

from __future__ import annotations

import functools
from pathlib import Path

from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.outline import load_outline

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@functools.cache
def planned(name: str, seed: int = 61):
    """The plan of a fixture at `seed` (the planner only: nothing composed)."""
    outline = load_outline(FIXTURES / f"{name}.yaml")
    return outline, plan_world(outline, resolve_cast(outline, load_taxonomy()), seed, "w")


def test_a_yes_no_question_on_a_bounded_figure_is_answered_by_its_bound():
    # supply-surcharge at seed 61: "Brennmoor surcharge invoice: can they charge this?" was answered "The surcharge
    # claimed by Brennmoor reads USD 3,640,800 in the latest version.", the claim's own figure, never the cap
    from worldsmith.generators.questions import limits, title_question, yes_no

    outline, plan = planned("supply-surcharge")
    bounded = {f.id for f in outline.facts if limits(f.id, outline.facts)}
    deciders = {f.id for f in outline.facts if any(f.id in limits(b, outline.facts) for b in bounded)}
    answered = [s for s in plan.artifacts if getattr(s, "answers", "")
                and yes_no(title_question(s.title)[1])]
    assert answered
    for s in answered:
        assert s.answers not in bounded, (s.path, s.answers)
    # the cap's amount is known only from the memo's day: before it, the cap's own term decides the claim
    assert any(s.answers in deciders or any(s.answers in (f.formula or "") for f in outline.facts
                                            if f.id in deciders) for s in answered), [s.answers for s in answered]
