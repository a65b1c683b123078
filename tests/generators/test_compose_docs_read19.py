"""Instruments with the substance of their kind (issue 17, blind read 19). A lease extract 'of clauses 5, 7.4 and 7.6'
held 'Clause 5. Limitation of Liability - 5.1 The Parties shall perform their obligations under this Clause 5 as the
Agreement provides', supply-contract 'prices'/'Contract Year' words, no clause 7.4 and an empty Schedule 1."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import DateValue, Money, Number, Percent
from tests.generators.context_fixture import document_context, fact, person


def _text(doc) -> str:
    return "\n".join([s.heading for s in doc.sections] + [p for s in doc.sections for p in s.paragraphs])


def _instrument(title: str, orgs, cast, facts, summary: str, terms: dict[str, str], purpose: str):
    ctx = document_context("contract", 4, seed=5, facts=facts)
    return ctx.model_copy(update={
        "organisations": orgs, "author": cast[0], "locale": "en_US", "cast": cast, "to": cast[1:2],
        "world_summary": summary, "instrument_terms": terms,
        "spec": ctx.spec.model_copy(update={"title": title, "date": dt.date(2026, 5, 5), "purpose": purpose})})


def _lease_extract(title: str):
    orgs = [OrgRef(name="Brindle Hatters Inc.", role="client; the tenant under the lease of the Quayside store",
                   privileged=True),
            OrgRef(name="Quayside Arcade Holdings LLC", role="opposing party; the landlord of the Quayside store"),
            OrgRef(name="Osgood Trell LLP", role="counsel to Brindle Hatters Inc. (the tenant)", privileged=True,
                   acts_for="Brindle Hatters Inc.")]
    cast = [person("o_1", "Maeve", "Tolland", "Associate", "Osgood Trell LLP", "osgoodtrell.example", "+1"),
            person("b_1", "Arlo", "Penrose", "General Counsel", "Brindle Hatters Inc.", "brindle.example", "+1"),
            person("q_1", "Ines", "Corbett", "Asset Manager", "Quayside Arcade Holdings LLC", "quayside.example", "+1")]
    rent = fact("passing_rent", "The passing rent under the lease of the Quayside store.",
                Money(amount=Decimal(840000), currency="USD"))
    pct = fact("review_cap_pct", "The cap on the increase at review, as a share of the passing rent.",
               Percent(value=Decimal(12)))
    area = fact("floor_area", "The net internal floor area of the store.", Number(value=Decimal(18500), unit="sq ft"))
    facts = [rent.model_copy(update={"label": "passing rent", "text": "USD 840,000"}),
             pct.model_copy(update={"label": "review cap percentage", "text": "12%"}),
             area.model_copy(update={"label": "floor area", "text": "18,500 sq ft"})]
    return _instrument(title, orgs, cast, facts,
                       "Brindle Hatters Inc. leases the Quayside store from Quayside Arcade Holdings LLC under a lease "
                       "of March 1, 2017. The review on March 1, 2026 resets the rent to open market rent, but clause "
                       "7.4 caps the reviewed rent at 112% of the passing rent; back rent is due once it is determined.",
                       {"capped rent": "the passing rent plus the review cap percentage of the passing rent"},
                       "The rent, its review and the cap, as in the lease.")


def test_a_lease_extract_carries_the_rent_review_and_cap_its_title_names_in_a_leases_words():
    doc = compose_document(_lease_extract("Lease extract: rent, review and cap (clauses 5, 7.4 and 7.6)"))
    text = _text(doc)
    heads = [s.heading for s in doc.sections]
    # every number the title names is there, at its number
    assert any(re.match(r"^Clause 5\. Rent$", h) for h in heads), heads
    assert any(re.match(r"^Clause 7\. Rent Review$", h) for h in heads), heads
    assert re.search(r"^7\.4 The Reviewed Rent shall not exceed the Capped Rent", text, re.M), text
    assert re.search(r"^7\.6 On each Review Date the Rent shall be reviewed to the open market rent", text, re.M), text
    assert re.search(r"^5\.1 The Tenant shall pay the Rent to the Landlord", text, re.M), text
    # a lease's words, never a supply contract's or a circular stand-in
    for wrong in ("Contract Year", "prices payable", "Limitation of Liability", "as the Agreement provides",
                  "Price Adjustment", "correct invoice"):
        assert wrong not in text, wrong
    assert "Extract from the Lease dated" in text and "let the Premises to the Tenant" in text
    # a schedule is there only with terms in it
    i = next((k for k, h in enumerate(heads) if h.startswith("Schedule 1")), None)
    assert i is None or len(doc.sections[i].paragraphs) > 1
    for f in ("USD 840,000", "12%", "18,500 sq ft"):
        assert f in text


def _construction_extract(title: str):
    orgs = [OrgRef(name="Wrenfield Clinics", role="client; the owner and employer under the building contract",
                   privileged=True),
            OrgRef(name="Stonechat Build Co.", role="opposing party; the contractor under the building contract"),
            OrgRef(name="Pellow Marsh LLP", role="counsel to Wrenfield Clinics (the owner)", privileged=True,
                   acts_for="Wrenfield Clinics")]
    cast = [person("p_1", "Hugo", "Lisle", "Associate", "Pellow Marsh LLP", "pellowmarsh.example", "+1"),
            person("w_1", "Nadia", "Crewe", "General Counsel", "Wrenfield Clinics", "wrenfield.example", "+1"),
            person("s_1", "Tobias", "Marr", "Project Executive", "Stonechat Build Co.", "stonechat.example", "+1")]
    rate = fact("ld_rate", "Liquidated damages run for each week completion is late.",
                Money(amount=Decimal(40000), currency="USD"))
    pct = fact("ld_cap_pct", "The limit of liquidated damages, as a share of the contract sum.",
               Percent(value=Decimal(8)))
    total = fact("contract_sum", "The contract sum.", Money(amount=Decimal(9800000), currency="USD"))
    facts = [rate.model_copy(update={"label": "liquidated damages rate per week", "text": "USD 40,000"}),
             pct.model_copy(update={"label": "liquidated damages cap percentage", "text": "8%"}),
             total.model_copy(update={"label": "contract sum", "text": "USD 9,800,000"})]
    return _instrument(title, orgs, cast, facts,
                       "Wrenfield Clinics engaged Stonechat Build Co. to build a clinic under a building contract. "
                       "Completion was late; the contractor seeks an extension of time and the owner deducts "
                       "liquidated damages up to their cap.",
                       {"liquidated damages cap": "the liquidated damages cap percentage of the contract sum"},
                       "The completion, extension of time and liquidated damages clauses, as in the contract.")


def test_a_building_contract_extract_carries_completion_extension_of_time_and_liquidated_damages():
    doc = compose_document(_construction_extract("Building contract extract: completion, extension of time, "
                                                 "liquidated damages and their cap (clauses 2.4, 2.5, 2.29 and 2.32)"))
    text = _text(doc)
    for n in ("2.4", "2.5", "2.29", "2.32"):
        assert re.search(rf"^{re.escape(n)} \w", text, re.M), (n, text)
    assert re.search(r"^2\.5 If the progress of the Works is or is likely to be delayed, the Contractor", text, re.M)
    assert re.search(r"^2\.29 If the Contractor fails to complete the Works by the Completion Date", text, re.M)
    assert re.search(r"^2\.32 The total liquidated damages payable under this .* shall not exceed the Liquidated "
                     r"Damages Cap", text, re.M), text
    assert "the Owners" not in text and "Limitation of Liability" not in text and "Contract Year" not in text


def test_a_building_contract_has_the_architect_extension_of_time_and_liquidated_damages_of_its_kind():
    # read 19: 'a one-page template: no EOT clause, no architect/certifier role, a generic mutual "correct invoice"
    # clause, "the Owners" for one owner, completion ten weeks after signing with no letter of intent recited'
    ctx = _construction_extract("Owner-contractor agreement (stipulated sum) - Wrenfield Clinic")
    ctx = ctx.model_copy(update={"organisations": [*ctx.organisations, OrgRef(
        name="Hartsease Architects", role="the architect certifying completion under the building contract")]})
    done = fact("completion_date", "The contract completion date.", DateValue(value=dt.date(2026, 6, 30)))
    ctx = ctx.model_copy(update={"facts": [*ctx.facts, done.model_copy(update={"label": "contract completion date"})],
                                 "spec": ctx.spec.model_copy(update={"purpose": "The contract as signed."})})
    doc = compose_document(ctx)
    text = _text(doc)
    heads = [s.heading for s in doc.sections]
    for h in ("The Architect", "Completion", "Extension of Time", "Liquidated Damages", "Loss and Expense"):
        assert any(re.match(rf"^\d+\. {h}$", x) for x in heads), (h, heads)
    assert '"Architect" means Hartsease Architects' in text
    assert "shall not exceed the Liquidated Damages Cap" in text and "Completion Date: June 30, 2026" in text
    assert "the Owners" not in text and "correct invoice" not in text and "(the Owner)" in text
    # signed within months of completion: the works began on a letter of intent
    assert "letter of intent" in text
    for f in ("USD 40,000", "8%", "USD 9,800,000"):
        assert f in text


def _construction_letter(title: str, author, to, facts, date=dt.date(2026, 6, 2)):
    orgs = [OrgRef(name="Wrenfield Clinics", role="client; the owner and employer under the building contract",
                   privileged=True),
            OrgRef(name="Stonechat Build Co.", role="the general contractor"),
            OrgRef(name="Hartsease Architects", role="the architect who administers the contract and certifies "
                   "completion"),
            OrgRef(name="Pellow Marsh LLP", role="counsel to Wrenfield Clinics (the owner)", privileged=True,
                   acts_for="Wrenfield Clinics")]
    ctx = document_context("letter", 4, seed=9, facts=facts)
    return ctx.model_copy(update={
        "organisations": orgs, "author": author, "locale": "en_US", "cast": [author, *to], "to": to, "cc": [],
        "world_summary": "Wrenfield Clinics engaged Stonechat Build Co. to build a clinic; Hartsease Architects "
                         "administers the contract. Completion was late and the contractor claims loss and expense.",
        "spec": ctx.spec.model_copy(update={"title": title, "date": date, "purpose": "The letter as sent."})})


_ARCHITECT = person("a_1", "Rowan", "Eddery", "Principal Architect", "Hartsease Architects", "hartsease.example", "+1")
_BUILDER = person("s_1", "Tobias", "Marr", "Project Executive", "Stonechat Build Co.", "stonechat.example", "+1")
_OWNER = person("w_2", "Lydia", "Pask", "Director of Capital Projects", "Wrenfield Clinics", "wrenfield.example", "+1")


def test_a_certifiers_letter_gives_its_determination_and_reserves_nothing():
    # read 19: 'The certifying architect writes as a party ("We reserve all our rights. Nothing in this letter is an
    # admission") ... and it demands a "response" to a determination within 3 days'
    granted = fact("eot_weeks", "The architect grants an extension of time of 4 weeks.",
                   Number(value=Decimal(4), unit="weeks"))
    ctx = _construction_letter("Architect's determination of extension of time", _ARCHITECT, [_BUILDER],
                               [granted.model_copy(update={"label": "the extension of time granted"})])
    doc = compose_document(ctx)
    text = _text(doc)
    assert "Our Determination" in [s.heading for s in doc.sections] and "Our Position" not in text
    assert "We write to give our determination of extension of time" in text, text
    for wrong in ("reserve all", "is an admission", "your response by", "set out Architect's"):
        assert wrong not in text, wrong
    assert "Please acknowledge receipt" in text and "4 weeks" in text


def test_a_letter_asks_its_answer_by_the_deadline_its_facts_carry_not_a_stock_few_days():
    # read 19: 'The letter says "The claim response deadline is July 2, 2026" and also asks for a response "by
    # Wednesday, June 10"'
    claimed = fact("claim_total", "The contractor's loss and expense claim.",
                   Money(amount=Decimal(900000), currency="USD"))
    by = fact("response_deadline", "The owner must answer the claim within 30 days, by July 2, 2026.",
              DateValue(value=dt.date(2026, 7, 2)))
    ctx = _construction_letter("Notice of claim for loss and expense", _BUILDER, [_OWNER],
                               [claimed.model_copy(update={"label": "the loss and expense claimed"}),
                                by.model_copy(update={"label": "the claim response deadline"})])
    text = _text(compose_document(ctx))
    assert "Please let us have your response by July 2, 2026, the claim response deadline." in text, text
    assert text.count("July 2, 2026") == 1, text
    assert not re.search(r"by (?:Monday|Tuesday|Wednesday|Thursday|Friday), June \d", text), text
    # without a deadline of its own, a formal letter to the other side gives two weeks, not three days
    ctx = ctx.model_copy(update={"facts": ctx.facts[:1]})
    text = _text(compose_document(ctx))
    m = re.search(r"by (?:Monday|Tuesday|Wednesday|Thursday|Friday), June (\d+)", text)
    assert m and int(m.group(1)) >= 12, text


def test_a_refund_letter_gives_the_sample_behind_its_figure_and_reserves_no_admission():
    # read 19: a refund letter to a Medicare contractor 'with no provider number, review period, claim count or
    # reason for the overpayment'
    orgs = [OrgRef(name="Harlow Vale Hospital", role="client; the hospital provider under review", privileged=True),
            OrgRef(name="Northgate Claims Services", role="the Medicare administrative contractor for the region")]
    author = person("h_1", "Colm", "Ardagh", "Chief Compliance Officer", "Harlow Vale Hospital", "harlowvale.example",
                    "+1")
    mac = person("m_1", "Ria", "Tesh", "Overpayment Recovery Manager", "Northgate Claims Services",
                 "northgate.example", "+1")
    total = fact("refund", "The extrapolated overpayment.", Money(amount=Decimal(2640000), currency="USD"))
    total = total.model_copy(update={
        "label": "the extrapolated overpayment", "reason": "the sample overpayment divided by the sample size times "
        "the claims in the review period", "working": "the sample overpayment of USD 88,000 divided by the sample size "
        "of 200 claims times the claims in the review period of 6,000 claims"})
    ctx = document_context("letter", 4, seed=4, facts=[total])
    ctx = ctx.model_copy(update={
        "organisations": orgs, "author": author, "locale": "en_US", "cast": [author, mac], "to": [mac], "cc": [],
        "world_summary": "Harlow Vale Hospital found inpatient overpayments in a probe sample and refunds them.",
        "spec": ctx.spec.model_copy(update={"title": "Voluntary refund letter to Northgate Claims Services",
                                            "date": dt.date(2026, 7, 15), "purpose": "Make the refund."})})
    text = _text(compose_document(ctx))
    assert "200 claims" in text and "6,000 claims" in text and "USD 88,000" in text, text
    assert "is an admission" not in text and "reserve all" not in text.lower(), text


def test_a_letter_gives_a_term_of_the_contract_as_the_contract_does_not_as_a_bare_figure():
    # read 19: a notice of claim with 'a bare "The contract sum is" line'
    claimed = fact("claim_total", "The contractor's loss and expense claim.",
                   Money(amount=Decimal(900000), currency="USD"))
    total = fact("contract_sum", "The stipulated sum under the building contract for the clinic is USD 9,800,000.",
                 Money(amount=Decimal(9800000), currency="USD"))
    total = total.model_copy(update={"label": "the contract sum", "paper_instrument": True,
                                     "paper": "Building contract (stipulated sum): Wrenfield Clinic",
                                     "paper_day": dt.date(2025, 9, 1)})
    ctx = _construction_letter("Notice of claim for loss and expense", _BUILDER, [_OWNER],
                               [claimed.model_copy(update={"label": "the loss and expense claimed"}), total])
    text = _text(compose_document(ctx))
    assert "Under the building contract of September 1, 2025, the contract sum is USD 9,800,000." in text, text
    assert "The contract sum is USD 9,800,000" not in text


def test_a_partys_own_notice_gives_notice_rather_than_setting_out_a_notice():
    # seed 37 re-read: 'We write to set out our surcharge notice.'
    claimed = fact("claim_total", "The contractor's loss and expense claim.",
                   Money(amount=Decimal(900000), currency="USD"))
    ctx = _construction_letter("Stonechat Build Co. delay notice, June 2, 2026", _BUILDER, [_OWNER],
                               [claimed.model_copy(update={"label": "the loss and expense claimed"})])
    text = _text(compose_document(ctx))
    assert "We write to give notice of the delay" in text, text
    assert "set out our delay notice" not in text


def test_a_services_agreement_with_a_contractor_is_no_building_contract():
    # a billing contractor or a Medicare administrative contractor builds nothing: its extract keeps its own words
    from worldsmith.generators.compose.substance.extract import instrument_kind

    ctx = _construction_extract("Billing services agreement extract: service levels (clauses 4 and 9)")
    ctx = ctx.model_copy(update={
        "organisations": [OrgRef(name="Wrenfield Clinics", role="client; the hospital", privileged=True),
                          OrgRef(name="Stonechat Billing Co.", role="the outsourced coding and billing contractor"),
                          OrgRef(name="Northgate Claims", role="the Medicare administrative contractor")],
        "world_summary": "Wrenfield Clinics outsources its billing and refunds an overpayment."})
    assert instrument_kind(ctx, "Billing Services Agreement") != "construction"


def test_a_partys_notice_is_given_under_the_clause_that_gives_it_the_right():
    # seed 37 re-read: a supplier's surcharge notice that cited no clause
    claimed = fact("claim_total", "The contractor's loss and expense claim.",
                   Money(amount=Decimal(900000), currency="USD"))
    ctx = _construction_letter("Stonechat Build Co. delay notice, June 2, 2026", _BUILDER, [_OWNER],
                               [claimed.model_copy(update={"label": "the loss and expense claimed"})])
    ctx = ctx.model_copy(update={"world_summary": ctx.world_summary + " Clause 2.27 entitles Stonechat to notify "
                                 "delay to the owner and claim its loss and expense."})
    text = _text(compose_document(ctx))
    assert "We give it under clause 2.27, which entitles us to notify delay to the owner and claim our loss" in text, text
