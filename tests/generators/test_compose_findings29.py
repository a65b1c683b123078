"""Blind read 29: a report of a finding concludes on its own figure and owns it (a costs referee's report closed 'We
recommend that <the referee> adopt the legal costs ... as its working figure' and called them 'provisional'; an
administrator's report to the Court 'disclaims verification of its own records'; a forensic accountant asked for the
records behind its own findings 'to be obtained and preserved'). Read on the fixtures' worlds composed for other tests
too (bi-claim at 97, cmr-theft at 61), and on one report of the context fixture."""

from __future__ import annotations

import re
from decimal import Decimal

from tests.generators.context_fixture import document_context, fact
from tests.generators.offline_world import offline_world
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.content import DocumentContent
from worldsmith.worlds.values import Money


def _report(path: str, seed: int, title: str) -> tuple[list[str], str]:
    plan, _, contents = offline_world(path, seed)
    spec = next(s for s in plan.artifacts if s.title.startswith(title) and isinstance(contents.get(s.id),
                                                                                        DocumentContent))
    doc = contents[spec.id]
    return [s.heading for s in doc.sections], "\n".join(p for s in doc.sections for p in s.paragraphs)


def test_an_experts_report_concludes_on_its_own_figure_not_on_records_to_be_obtained():
    for path, seed, title, figure in [("tests/fixtures/bi-claim.yaml", 97, "Business interruption loss report",
                                       "the policyholder's business interruption loss is USD 5,934,500"),
                                      ("tests/fixtures/cmr-theft.yaml", 61, "Survey report on the theft",
                                       "the gross weight of the consignment is 6,240 kg")]:
        heads, text = _report(path, seed, title)
        assert f"Our conclusion is that {figure}" in text, text
        assert not re.search(r"be obtained from .* and preserved|as its working figure", text), text
        assert "Recommendations" not in heads, heads


def _referee(sections: int, seed: int):
    costs = fact("legal_costs", "The costs referee reports that the applicant's reasonable legal costs are GBP "
                 "9,850,000, against GBP 11,200,000 claimed, chiefly by disallowing duplicated counsel fees.",
                 Money(amount=Decimal("9850000"), currency="GBP")).model_copy(
        update={"label": "the reasonable legal costs", "establish": True})
    ctx = document_context("report", sections=sections, seed=seed, facts=[costs])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "title": "Costs referee's report on the applicant's legal costs", "purpose": "The referee's review of the "
        "fees and disbursements and the amount found reasonable."})})
    return ctx


def test_a_referees_report_neither_recommends_itself_a_figure_nor_calls_its_own_finding_provisional():
    seen = set()
    for sections, seed in [(6, 1), (7, 2), (8, 3), (9, 4), (10, 5)]:
        ctx = _referee(sections, seed)
        doc = compose_document(ctx)
        text = "\n".join(p for s in doc.sections for p in s.paragraphs)
        assert f"We recommend that {ctx.author.organisation}" not in text, text
        assert not re.search(r"as its working figure", text), text
        for s in doc.sections:
            said = " ".join(s.paragraphs)
            if s.heading in ("Conclusion", "Recommendations"):
                seen.add("conclusion")
                assert "Our conclusion is that the reasonable legal costs are GBP 9,850,000" in said, said
            if s.heading == "Limitations":
                seen.add("limitations")
                assert not re.search(r"not (?:audited|verified independently)", said), said
            if s.heading == "Risks":
                seen.add("risks")
                assert "provisional" not in said, said
    # (a Risks section the record gives nothing to is left out, never filled from stock frames: docs14b, blind read
    # 36; where one is written, it is held to the rule above)
    assert {"conclusion", "limitations"} <= seen, seen


def test_a_report_neither_disowns_the_balance_it_worked_nor_doubts_a_term_its_policy_sets():
    # blind read 29, an adjuster's final report: 'We have not accepted the balance payable ...: it is <the insured>'s
    # figure' of the balance the adjuster worked, and 'the deductible ... remains provisional' of the policy's deductible
    balance = fact("balance", "Less the interim payment, the balance due to Corvale Shipping Ltd in settlement is GBP "
                   "167,680.", Money(amount=Decimal("167680"), currency="GBP")).model_copy(
        update={"label": "the balance payable", "establish": True})
    deductible = fact("deductible", "Each claim is subject to a deductible of GBP 10,000, borne by the insured.",
                      Money(amount=Decimal("10000"), currency="GBP")).model_copy(
        update={"label": "the deductible", "paper": "Marine cargo policy MC-118: schedule and wording",
                "paper_by": "Corvale Shipping Ltd"})
    for sections, seed in [(6, 1), (7, 2), (8, 3), (9, 4)]:
        ctx = _referee(sections, seed)
        ctx = ctx.model_copy(update={"facts": [*ctx.facts, balance, deductible]})
        text = "\n".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
        assert not re.search(r"We have not accepted the balance payable|the deductible \(GBP 10,000\) (?:is|remains) "
                             r"provisional", text), text
