"""Blind read 30: an adviser's recommendation that took the other side's figure ('We recommend that <the employer>
adopt the number of positions <the works council's accountants> accept of 96 positions as its working figure'; the
taxpayer's counsel 'recommends adopting' the tax authority's assessment). A figure the plan says the other side worked
out is contested, never adopted. Composed on tests/fixtures/vat-delivery.yaml (counsel's note on the appeal of the
penalty HMRC's review fixed) and on the context fixture (an opposing expert's count)."""

from __future__ import annotations

import re
from decimal import Decimal

from tests.generators.context_fixture import document_context, fact
from tests.generators.offline_world import offline_world
from worldsmith.generators.compose.parties import neutral
from worldsmith.generators.context import OrgRef, build_context, made_across
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Number


def _text(ctx) -> str:
    return "\n".join(p for s in compose_document(ctx).sections for p in s.paragraphs)


def test_counsels_note_contests_the_penalty_the_authority_worked_out_and_never_adopts_it():
    # (the world test_replies_from_the_plan composes: shared, not planned again)
    plan, taxonomy, _ = offline_world("tests/fixtures/vat-delivery.yaml", 61)
    spec = next(a for a in plan.artifacts if a.title == "Counsel's note on the penalty appeal")
    # the penalty is HMRC's working (its review fixed it); the charges collected are a record, the output tax ours
    assert made_across(plan, ["penalty", "delivery_income", "output_tax_due"], spec.author) == ["penalty"]
    ctx = build_context(plan, taxonomy, spec.model_copy(update={"cites": []}), {})
    # counsel instructed to advise on an appeal to the Tribunal is counsel, not a tribunal
    assert not neutral(ctx, ctx.author.organisation)
    text = _text(ctx)
    assert not re.search(r"working figure|\badopt", text), text
    assert ("not accept the careless-inaccuracy penalty of GBP 68,000, which is HM Revenue & Customs' working, and "
            "contest it by 19 September 2026 (the deadline to appeal to the First-tier Tribunal)") in text, text


def test_an_opposing_experts_count_is_contested_not_adopted_and_roles_that_rule_stay_neutral():
    count = fact("positions", "The works council's accountants accept 96 positions as redundant: 140 less 44.",
                 Number(value=Decimal(96), unit="positions")).model_copy(update={
                     "label": "the number of positions the works council's accountants accept", "establish": True,
                     "reason": "the positions affected less the positions redeployed"})
    ctx = document_context("memo", sections=5, seed=3, facts=[count])
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd", privileged=True,
                   acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client; the employer", privileged=True),
            OrgRef(name="Orme Expertise", role="chartered accountants engaged by the works council as its expert"),
            OrgRef(name="Works Council of Corvale", role="opposing party; the works council")]
    ctx = ctx.model_copy(update={"organisations": orgs, "their_facts": ["positions"]})
    text = _text(ctx)
    assert not re.search(r"working figure|\badopt", text), text
    assert re.search(r"not accept the number of positions the works council's accountants accept of 96 positions, "
                     r"which is Works Council of Corvale's working, and contest it in writing", text), text
    # one that serves a party names the body it goes before; one appointed by the court, or to decide, rules
    for role, rules in [("tax counsel instructed by Harrow Vane LLP to advise on an appeal to the First-tier Tribunal",
                         False), ("the sole arbitrator appointed under the LMAA Intermediate Claims Procedure", True),
                        ("solicitors for the applicant, and Court-appointed administrator of the scheme", True)]:
        probe = ctx.model_copy(update={"organisations": [OrgRef(name="X", role=role)]})
        assert neutral(probe, "X") is rules, role
