"""Blind read 34 (nl-collective-redundancy, the board's letter to the works council): "We write to set out the decision
of the board on the closure of the flexo hall. 64 positions are affected." A letter's opening stated a figure bare while
one of the outline's points said it in its own words ("individual talks this week with the employees in the 64
positions affected"): a figure a point states is the point's to say, and the opening says another, or none."""

from __future__ import annotations

import pytest

from tests.generators.planned import planned


@pytest.mark.parametrize("fixture,aid,fact", [("bi-claim", "sable_claims_services_preliminar", "insurer_days"),
                                              ("construction-delay", "revised_notice_of_claim_for_loss",
                                               "loss_expense_claim")])
def test_a_letters_opening_leaves_a_points_figure_to_the_point(fixture, aid, fact):
    from worldsmith.generators.context import build_context
    from worldsmith.generators.kinds.document.compose import compose_document
    from worldsmith.worlds.plan import PlannedPoint

    plan, taxonomy = planned(fixture, 0)
    spec = next(a for a in plan.artifacts if a.id == aid)
    spec.cites = []
    f = next(g for g in build_context(plan, taxonomy, spec, {}).facts if g.id == fact)
    spec.points = [PlannedPoint(heading="Position", text=f"We hold to {f.text} for now."),
                   PlannedPoint(heading="Next", text="We will write again.")]
    doc = compose_document(build_context(plan, taxonomy, spec, {}))
    assert f.text not in " ".join(doc.sections[0].paragraphs), doc.sections[0].paragraphs
    assert f.text in " ".join(p for s in doc.sections for p in s.paragraphs)
