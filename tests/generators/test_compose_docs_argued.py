"""Memos on a dispute between two figures that differ in one input, and advice on a decision between two courses
(issue 17, a fresh business-interruption outline and the rent review): the input argued from each side's ground and
the provision's words; a source pointed at once; options that are courses the client can take, never 'put its case on'
a derived gap or an offer the other side refused. Hand-built contexts whose names and figures are not the outlines'."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from worldsmith.generators.context import InputRef, OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money, Number
from tests.generators.context_fixture import document_context, fact

# Harrow Vane LLP acts for Corvale Bakeries Ltd (the policyholder) against Pellmore Assurance (the insurer), whose
# adjuster is Tallis Loss Adjusting.
_ORGS = [OrgRef(name="Harrow Vane LLP", role="coverage counsel to Corvale Bakeries Ltd (the policyholder)",
                privileged=True, acts_for="Corvale Bakeries Ltd"),
         OrgRef(name="Corvale Bakeries Ltd", role="client; the policyholder", privileged=True),
         OrgRef(name="Pellmore Assurance", role="opposing party; the insurer"),
         OrgRef(name="Tallis Loss Adjusting", role="adjusters appointed by Pellmore Assurance (the insurer's adjuster)",
                acts_for="Pellmore Assurance")]
_NEVER = ("for the documents that bear on", "proceed now on the footing that", "put its case on")
_SRC = 'the "{}" line of the Loss computation'


def _days(n: int) -> Number:
    return Number(value=Decimal(n), unit="days")


def _money(n: int) -> Money:
    return Money(amount=Decimal(n), currency="USD")


def _period_memo(seed: int, options: bool = True):
    ours = fact("our_days", "Corvale's period of restoration is 210 days, to the date the rebuilt bakery passed its "
                "hygiene inspection, as the policy defines the period: until the property should be rebuilt with due "
                "diligence and dispatch.", _days(210)).model_copy(update={
                    "label": "the policyholder's period of restoration", "source": _SRC.format("Our days")})
    theirs = fact("their_days", "Tallis Loss Adjusting allows a period of restoration of 150 days, on the ground that "
                  "Corvale could have baked at a rented kitchen in Ashby.", _days(150)).model_copy(update={
                      "label": "the adjuster's period of restoration", "source": _SRC.format("Their days")})
    gap = fact("gap", "The parties are USD 900,000 apart, all of it from the days of the period of restoration in "
               "dispute.", _money(900000)).model_copy(update={
                   "label": "the amount in dispute", "reason": "the policyholder's claim less the insurer's position",
                   "source": _SRC.format("Gap"),
                   "inputs": [InputRef(label="the policyholder's claim", text="USD 3,150,000"),
                              InputRef(label="the insurer's position", text="USD 2,250,000")]})
    daily = fact("daily", "The lost gross profit is USD 15,000 a day.", _money(15000)).model_copy(update={
        "label": "the lost gross profit per day", "source": _SRC.format("Daily")})
    ctx = document_context("memo", 6 if options else 5, seed=seed, facts=[ours, theirs, gap, daily])
    return ctx.model_copy(update={"organisations": _ORGS, "spec": ctx.spec.model_copy(update={
        "title": "Memo re the period of restoration: 210 days against the adjuster's 150",
        "purpose": "Analyses the period of restoration and the rented-kitchen ground."})})


def _text(ctx) -> str:
    return " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)


@pytest.mark.parametrize("seed", range(3))
def test_a_memo_on_two_figures_that_differ_in_one_input_argues_that_input(seed):
    # 'Memo re the period of restoration: 146 days against the adjuster's 98' restated each figure and never read
    # 'until the property should be repaired with reasonable speed' against the Minooka ground
    text = _text(_period_memo(seed))
    assert "one input, the period of restoration: 210 days" in text, text
    assert "150 days on the ground that Corvale could have baked at a rented kitchen in Ashby" in text, text
    assert "'until the property should be rebuilt with due diligence and dispatch'" in text, text
    assert "runs to the date the rebuilt bakery passed its hygiene inspection" in text, text
    # the short answer gives the reading, not the figure restated
    assert "the period of restoration of 210 days holds on the policy's words ('until the property should be rebuilt " \
           "with due diligence and dispatch'). Tallis Loss Adjusting's 150 days rests on the ground that Corvale could " \
           "have baked at a rented kitchen in Ashby, which those words do not state." in text, text
    # the source is pointed at once, not after every figure
    assert len(re.findall(r"can be (?:checked|traced|read) at|can be traced to", text)) <= 1, text
    for never in _NEVER:
        assert never not in text, (never, text)
    # the argued values are not restated after the argument in the analysis
    analysis = next(s for s in compose_document(_period_memo(seed)).sections if s.heading == "Analysis")
    assert "allows a period of restoration of 150 days" not in " ".join(analysis.paragraphs), analysis
    assert "as the policy defines the period" not in " ".join(analysis.paragraphs), analysis
    if "Option A" in text:  # where the memo has an options section, its courses are on the input argued
        assert "Option B: ask Tallis Loss Adjusting" in text and "for the evidence that Corvale could have baked" in \
            text, text


def _decision_memo(seed: int, title: str, purpose: str, offer_said: str):
    ours = fact("claim", "Corvale claims USD 3,150,000.", _money(3150000)).model_copy(update={
        "label": "the policyholder's claim", "reason": "the policyholder's loss plus the extra expense",
        "inputs": [InputRef(label="the policyholder's loss", text="USD 2,900,000"),
                   InputRef(label="the extra expense", text="USD 250,000")]})
    theirs = fact("position", "Pellmore Assurance's position is USD 2,250,000.", _money(2250000)).model_copy(update={
        "label": "the insurer's position", "reason": "the adjuster's loss plus the extra expense",
        "inputs": [InputRef(label="the adjuster's loss", text="USD 2,000,000"),
                   InputRef(label="the extra expense", text="USD 250,000")]})
    gap = fact("gap", "The parties are USD 900,000 apart.", _money(900000)).model_copy(update={
        "label": "the amount in dispute", "reason": "the policyholder's claim less the insurer's position",
        "inputs": [InputRef(label="the policyholder's claim", text="USD 3,150,000"),
                   InputRef(label="the insurer's position", text="USD 2,250,000")]})
    offer = fact("offer", offer_said, _money(2700000)).model_copy(update={"label": "the without prejudice offer"})
    ctx = document_context("memo", 5, seed=seed, facts=[gap, ours, theirs, offer])
    return ctx.model_copy(update={"organisations": _ORGS, "spec": ctx.spec.model_copy(update={
        "title": title, "purpose": purpose})})


@pytest.mark.parametrize("seed", range(3))
def test_advice_on_a_decision_weighs_the_courses_it_names_and_takes_one(seed):
    # 'put its case on the amount in dispute of USD 1,992,000' in the advice on appraisal against settlement
    text = _text(_decision_memo(seed, "Advice on appraisal against settlement", "For the client's decision.",
                                "Corvale offered USD 2,700,000 without prejudice."))
    assert "Option A, appraisal: put the amount in dispute (USD 900,000) to an independent decision" in text, text
    assert "Option B, settlement: agree a figure between USD 2,250,000 and USD 3,150,000" in text, text
    assert "We recommend Option A: that Corvale Bakeries Ltd proceed to appraisal" in text, text
    for never in _NEVER:
        assert never not in text, (never, text)


@pytest.mark.parametrize("seed", range(3))
def test_advice_after_a_refused_offer_never_puts_the_case_on_the_offer(seed):
    # the rent review's settlement advice: 'put its case on the without prejudice offer' the landlord had refused
    text = _text(_decision_memo(seed, "Advice on settlement: the offer against an expert determination",
                                "Sets out, after the insurer refused the offer, whether to raise the offer or apply for "
                                "an expert.", "Corvale offered USD 2,700,000 without prejudice; it was refused."))
    assert "go above the without prejudice offer of USD 2,700,000, which Pellmore Assurance refused" in text, text
    assert "We recommend Option B: that Corvale Bakeries Ltd apply for an expert" in text, text
    for never in _NEVER:
        assert never not in text, (never, text)


@pytest.mark.parametrize("seed", range(3))
def test_advice_on_a_decision_answers_with_the_course_and_the_range_a_decision_can_land_in(seed):
    # 'In brief: the amount in dispute is USD 1,992,000' answered the advice on appraisal against settlement, and its
    # analysis said nothing of the likely outcome of an appraisal
    text = _text(_decision_memo(seed, "Advice on appraisal against settlement", "For the client's decision.",
                                "Corvale offered USD 2,700,000 without prejudice."))
    assert "Corvale Bakeries Ltd should proceed to appraisal: Pellmore Assurance has not moved from USD 2,250,000, and " \
           "a decision can only land between USD 2,250,000 and USD 3,150,000, on the amount in dispute of USD 900,000" \
           in text, text
    assert "the amount in dispute is USD 900,000." not in text, text
    assert "Appraisers deciding between the two will in practice land within the range the submissions set, from " \
           "USD 2,250,000 to USD 3,150,000" in text, text
