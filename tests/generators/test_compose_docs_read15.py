"""Analysis documents a blind expert rejected in read 15 (issue 17): memos whose analysis says nothing, that take the
other side's figure or concede a cap the record takes out of play, a circular question, an expert's paper marked
internal, a party named in lower case. One test each, on hand-built contexts whose names and figures are not the
examples'."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest

from worldsmith.generators.context import InputRef, OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money, Number, Percent, Text
from tests.generators.context_fixture import DANA, RUTH, SAM, document_context, fact, person

# Harrow Vane LLP (DANA, SAM) acts for Corvale Shipping Ltd (RUTH) against Pellmore Software Corp.
_ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd (the licensee)", privileged=True,
                acts_for="Corvale Shipping Ltd"),
         OrgRef(name="Corvale Shipping Ltd", role="client; licensee of the Pellmore Route platform", privileged=True),
         OrgRef(name="Pellmore Software Corp.", role="opposing party; licensor of the Pellmore Route platform"),
         OrgRef(name="Tallis Audit Services", role="licence compliance auditors engaged by Pellmore Software Corp.")]
_NEVER = ("the question is which of them the record supports", "proceed on the basis that", "advise on advice",
          "Ours, ")


def _money(n: int) -> Money:
    return Money(amount=Decimal(n), currency="USD")


def _users(n: int) -> Number:
    return Number(value=Decimal(n), unit="users")


def _licence_memo(seed: int):
    """An exposure memo: the vendor's claim worked from the auditor's count at list price, our count and rate."""
    count = fact("audit_count", "Tallis's preliminary findings count 940 active user accounts.", _users(940))
    licensed = fact("licensed_users", "The Order Form licenses 700 Named Users.", _users(700))
    price = fact("list_price", "Pellmore's list price for a Named User is USD 2,000 a year.", _money(2000))
    rate = fact("contract_rate", "Corvale's contract rate is USD 1,500 per Named User a year: the USD 2,000 list price "
                "less the 25% Order Form discount.", _money(1500))
    valid = fact("validated_users", "The reconciliation validates 820 Named Users: the 940 accounts counted less 80 "
                 "leavers and 40 integration accounts.", _users(820))
    claim = fact("vendor_claim", "Pellmore claims USD 960,000: 240 users over the 700 licensed, at the USD 2,000 list "
                 "price, for two years.", _money(960000))
    src = 'the "{}" line of the User reconciliation'
    count = count.model_copy(update={"label": "the accounts counted by the auditor", "source": src.format("Counted")})
    licensed = licensed.model_copy(update={"label": "the licensed Named Users"})
    price = price.model_copy(update={"label": "the list price per user a year"})
    rate = rate.model_copy(update={"label": "the contract rate per user a year",
                                   "reason": "the list price per user a year less the Order Form discount",
                                   "inputs": [InputRef(label="the list price per user a year", text="USD 2,000"),
                                              InputRef(label="the Order Form discount", text="25%")]})
    valid = valid.model_copy(update={
        "label": "the validated Named Users", "source": src.format("Validated Named Users"),
        "reason": "the accounts counted by the auditor less the leaver accounts less the integration accounts",
        "inputs": [InputRef(label="the accounts counted by the auditor", text="940 users"),
                   InputRef(label="the leaver accounts", text="80 users"),
                   InputRef(label="the integration accounts", text="40 users")]})
    claim = claim.model_copy(update={
        "label": "the Pellmore audit claim",
        "reason": "the accounts counted by the auditor less the licensed Named Users times the list price per user a "
                  "year times the years backdated",
        "inputs": [InputRef(label="the accounts counted by the auditor", text="940 users"),
                   InputRef(label="the licensed Named Users", text="700 users"),
                   InputRef(label="the list price per user a year", text="USD 2,000"),
                   InputRef(label="the years backdated", text="2 years")]})
    ctx = document_context("memo", 6, seed=seed, facts=[claim, count, valid, rate, price, licensed])
    return ctx.model_copy(update={"organisations": _ORGS, "to": [RUTH], "cc": [DANA], "author": SAM,
                                  "spec": ctx.spec.model_copy(update={
                                      "title": "Exposure memo: Pellmore's claim against Corvale's reading of the "
                                               "audit clause", "readers": ["cfo_1"]})})


@pytest.mark.parametrize("seed", range(4))
def test_an_exposure_memo_answers_the_other_sides_claim_from_our_side_input_by_input(seed):
    # read 15: 'The licensee's own counsel recommends proceeding on Quorvex's USD 2,871,000'; 'The Analysis section
    # says nothing ("the question is which of them the record supports")'
    doc = compose_document(_licence_memo(seed))
    by = {s.heading: " ".join(s.paragraphs) for s in doc.sections}
    text = " ".join(by.values())
    for bad in _NEVER:
        assert bad not in text, (bad, text)
    analysis = next(v for h, v in by.items() if "Analysis" in h)
    # each input the claim takes that our figures correct, with our figure, its working and its source
    assert "It takes the accounts counted by the auditor at 940 users; the record supports the validated Named Users " \
           "of 820 users" in analysis, analysis
    assert 'the "Validated Named Users" line of the User reconciliation' in analysis, analysis
    assert "the list price per user a year at USD 2,000; the record supports the contract rate per user a year of " \
           "USD 1,500" in analysis, analysis
    assert "the years backdated (2 years), which nothing in our working carries" in analysis, analysis
    answer = next(v for h, v in by.items() if "Answer" in h)
    assert answer.count("should not accept the Pellmore audit claim of USD 960,000") == 1, answer
    rec = next(v for h, v in by.items() if "Recommendation" in h)
    assert re.search(r"Corvale Shipping Ltd dispute the Pellmore audit claim of USD 960,000 in writing to Pellmore "
                     r"Software Corp\., on the .+ in place of", rec), rec


def _cap_memo(seed: int, options: bool):
    """A memo on a cap that applies only to an item within limits, where the finding of record is beyond them."""
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd (the lessor)", privileged=True,
                   acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client; lessor of the vessel", privileged=True),
            OrgRef(name="Osprey Lines plc", role="opposing party; lessee of the vessel")]
    cap = fact("cap", "Schedule 4 para 2.5 provides that, where a main engine is serviceable within OEM limits, the "
               "return compensation shall not exceed the hours shortfall times the reserve rate, or USD 310,000.",
               _money(310000)).model_copy(update={"label": "the para 2.5 compensation cap"})
    finding = fact("finding", "The inspection found crankshaft wear beyond OEM limits.",
                   Text(value="crankshaft wear beyond OEM limits")).model_copy(update={"label": "the inspection finding"})
    claim = fact("claim", "Corvale claims return compensation of USD 1,120,000 for the main engine.",
                 _money(1120000)).model_copy(update={"label": "the main engine compensation claimed"})
    ctx = document_context("memo", 7 if options else 5, seed=seed, facts=[cap, finding, claim])
    return ctx.model_copy(update={"organisations": orgs, "spec": ctx.spec.model_copy(update={
        "title": "Memo re the Schedule 4 para 2.5 cap and an unserviceable engine"})})


@pytest.mark.parametrize("seed", range(4))
def test_a_cap_memo_construes_the_provision_against_the_finding_and_concedes_nothing(seed):
    # read 15: 'It never reads or construes para 4.3 ... Option A would concede the opponent's cap.'
    doc = compose_document(_cap_memo(seed, options=True))
    by = {s.heading: " ".join(s.paragraphs) for s in doc.sections}
    text = " ".join(by.values())
    for bad in _NEVER:
        assert bad not in text, (bad, text)
    assert "Schedule 4 para 2.5 applies only where a main engine is serviceable within OEM limits" in text, text
    assert "The record does not meet it: the inspection finding is crankshaft wear beyond OEM limits." in text, text
    answer = next(v for h, v in by.items() if "Answer" in h)
    assert "does not cap the figure at USD 310,000" in answer and "USD 1,120,000 stands" in answer, answer
    assert "on the footing that the para 2.5 compensation cap is" not in text, text


def test_advice_on_a_subject_is_not_advice_on_advice():
    # read 15: 'The advice is circular ("asked us to advise on advice on settlement")'
    ctx = document_context("memo", 5, seed=2)
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "title": "Advice on settlement: the without prejudice offer against a determination"})})
    text = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "advise on advice" not in text and "on settlement (the without prejudice offer" in text, text


@pytest.mark.parametrize("seed", range(6))
def test_a_paper_for_readers_outside_the_firm_is_never_marked_internal(seed):
    # read 15: 'A client deliverable is marked "Internal"'; 'The "determination" is marked "For Internal Use Only"'
    expert = person("expert_1", "Ines", "Dorr", "Independent Expert", "Calder Rowe Valuation", "calder.example", "+44")
    orgs = [OrgRef(name="Calder Rowe Valuation", role="independent expert appointed under the lease; neutral, acting "
                                                       "for neither party")]
    ctx = document_context("report", 5, seed=seed, voice=document_context().voice.model_copy(update={"family": "default"}))
    ctx = ctx.model_copy(update={"author": expert, "organisations": orgs, "to": [RUTH], "cc": []})
    doc = compose_document(ctx)
    assert "Internal" not in doc.subtitle, doc.subtitle


def test_a_statement_that_opens_with_a_party_keeps_its_capital_mid_sentence():
    # read 15: 'calls itself "brightmoor" in the third person' ('The record shows that brightmoor backdates ...')
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import fact_sentence

    f = fact("years", "Tallis backdates the shortfall two years, to the subscription year beginning October 1, 2023.",
             _users(2)).model_copy(update={"establish": True, "text": "2 users"})
    f2 = fact("short", "Corvale is 120 Named Users over its licence: 820 validated users against 700 licensed.",
              _users(120)).model_copy(update={"establish": True})
    for seed in range(12):
        for g in (f, f2):
            out = fact_sentence(Picker(seed), g, "document")
            assert "tallis" not in out and "corvale" not in out, out
