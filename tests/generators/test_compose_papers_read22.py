"""Documents that do their job (blind read 22): minutes, letters and notes that a reader would accept."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from decimal import Decimal

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money, Percent
from tests.generators.context_fixture import fact
from tests.generators.test_compose_papers_read19 import _minutes, _text


def test_minutes_put_our_figure_in_the_planned_letter_by_its_day_not_in_our_next_letter_after_it():
    # read 22: 'The action to send the letter by 13 Oct conflicts with the letter going out on 8 Oct' (IC minutes of
    # Oct 7: 'Set out the revised enterprise value ... in our next letter to Cindermill', due Tuesday 13 October)
    offer = fact("offer", "Our revised offer is USD 2,400,000: the base sum plus the uplift.",
                 Money(amount=Decimal(2400000), currency="USD")).model_copy(update={
                     "label": "the revised offer", "text": "USD 2,400,000", "reason": "the base sum plus the uplift",
                     "paper": "Offer workings", "paper_by": "Thursby Vale LLP", "paper_day": dt.date(2026, 6, 8),
                     "next_paper": "Revised offer letter - Penhallow", "next_by": "Thursby Vale LLP",
                     "next_day": dt.date(2026, 6, 12)})
    orgs = [OrgRef(name="Penhallow Wire Ltd", role="the buyer of the business", privileged=True),
            OrgRef(name="Quarrenden Copper Corp.", role="the seller in the dispute over the price"),
            OrgRef(name="Thursby Vale LLP", role="counsel to Penhallow Wire Ltd (the buyer)", privileged=True,
                   acts_for="Penhallow Wire Ltd")]
    for seed in range(4):
        doc = compose_document(_minutes([offer], seed=seed).model_copy(update={"organisations": orgs}))
        text = _text(doc)
        assert "our next letter" not in text, text
        table = next(s.table for s in doc.sections if s.table is not None and s.table.columns[0] == "Action")
        row = next(r for r in table.rows if "USD 2,400,000" in r[0])
        assert re.search(r"revised offer letter", row[0]), row
        assert re.search(r"June 1[0-2]\b", row[2]), row  # due by the day the letter goes, never after it


def test_minutes_with_no_discussion_section_head_what_was_said_with_what_was_decided():
    # read 22: '"Decisions" sections that record none' ('The meeting turned to the Memo re ...: it puts the largest
    # customer's revenue share at 18.4%' under 'Decisions', in three-section weekly call notes)
    from tests.generators.context_fixture import CAP, document_context

    for seed in range(3):
        heads = [s.heading for s in compose_document(document_context("minutes", 3, seed=seed, facts=[CAP])).sections]
        assert "Decisions" not in heads and "Discussion and Decisions" in heads, heads
        four = [s.heading for s in compose_document(document_context("minutes", 4, seed=seed, facts=[CAP])).sections]
        assert "Items Discussed" in four and "Decisions" in four, four


def _breach_notice(seed: int, sections: int = 4):
    from worldsmith.worlds.values import DateValue
    from tests.generators.test_compose_papers_read19 import _ORGS, _OURS, _THEIRS

    unpaid = fact("short", "The 2025 royalty is underpaid by USD 660,000.",
                  Money(amount=Decimal(660000), currency="USD")).model_copy(update={"label": "the royalty underpayment"})
    interest = fact("interest", "Interest for 146 days at 9% on USD 660,000 is USD 23,760.",
                    Money(amount=Decimal(23760), currency="USD")).model_copy(update={
                        "label": "the interest on the underpayment"})
    total = fact("total", "Quarrenden owes USD 683,760, the underpayment and the interest.",
                 Money(amount=Decimal(683760), currency="USD")).model_copy(update={
                     "label": "the total claimed from Quarrenden",
                     "reason": "the royalty underpayment plus the interest on the underpayment"})
    cure = fact("cure", "The notice gives Quarrenden 60 days to cure under section 12.2, to September 8, 2026.",
                DateValue(value=dt.date(2026, 9, 8))).model_copy(update={"label": "the cure deadline"})
    ctx = _minutes([unpaid, interest, total, cure], seed=seed)
    orgs = [o.model_copy(update={"role": "the licensee under the licence"}) if o.name.startswith("Quarrenden") else o
            for o in ctx.organisations]
    return ctx.model_copy(update={
        "organisations": orgs, "to": [_THEIRS], "cast": [_OURS, _THEIRS],
        "spec": ctx.spec.model_copy(update={"title": "Notice of breach to Quarrenden Copper", "doc_type": "letter",
                                            "sections": sections, "date": dt.date(2026, 7, 10),
                                            "purpose": "The formal notice of breach for the underpaid royalty."})})


def test_a_notice_of_breach_for_non_payment_names_the_breach_the_provision_and_the_cure():
    # read 22: 'The notice of breach never names the licence, section 4.5/4.8/12.2 or the breach itself. It is a
    # total and a cure date'
    for seed in range(4):
        text = _text(compose_document(_breach_notice(seed)))
        assert re.search(r"Quarrenden Copper Corp\. has not paid the royalty underpayment of USD 660,000\. That "
                         r"non-payment is a breach", text), text
        assert "notice of that breach under section 12.2 of the" in text, text
        assert re.search(r"must pay the total claimed from Quarrenden of USD 683,760, being .*USD 23,760, by "
                         r"September 8, 2026", text), text
        assert "rights under section 12.2" in text, text
        assert text.count("USD 683,760") == 1, text  # said once, with the breach, not recited before it


def test_a_letter_of_intent_holds_in_escrow_a_share_of_the_base_the_record_works_it_on():
    # read 22: 'Escrow is worked on EV, though the LOI says "of the price"' (the heads of terms that follow work the
    # escrow amount on the enterprise value, as the ledger's formula does)
    from worldsmith.worlds.values import Percent
    from tests.generators.context_fixture import document_context, person

    ev = fact("loi_enterprise_value", "The LOI offers an enterprise value of GBP 84,000,000.",
              Money(amount=Decimal(84000000), currency="GBP"))
    counsel = person("c_1", "Clare", "Kaur", "Partner", "Gatehouse Vale LLP", "gatehousevale.example", "+44")
    seller = person("s_1", "Allan", "Ward", "Director", "Ostley Partners", "ostley.example", "+44")
    orgs = [OrgRef(name="Harlow Ridge Capital LLP", role="private-equity buyer"),
            OrgRef(name="Tamsin Sensors Limited", role="the target; sensor maker"),
            OrgRef(name="Ostley Partners", role="sell-side corporate finance adviser to Tamsin's shareholders"),
            OrgRef(name="Gatehouse Vale LLP", role="buyer's counsel", acts_for="Harlow Ridge Capital LLP")]
    for statement, base in (("7.5% of the enterprise value is to be held in escrow for 18 months.",
                             "the enterprise value"), ("10% of the price is held in escrow.", "the price")):
        escrow = fact("escrow_percent", statement, Percent(value=Decimal(statement.split("%")[0])))
        ctx = document_context("agreement", 8, seed=5, facts=[ev, escrow])
        ctx = ctx.model_copy(update={"organisations": orgs, "author": counsel, "to": [seller], "locale": "en_GB",
                                     "spec": ctx.spec.model_copy(update={
                                         "title": "Non-binding letter of intent: Project Tamsin",
                                         "date": dt.date(2026, 9, 2), "purpose": "The LOI."})})
        prose = _text(compose_document(ctx))
        assert f"{escrow.text} of {base} is to be held in escrow" in prose, prose


@pytest.mark.parametrize("doc_type,title", [("term sheet", "SPA heads of terms: price mechanics and escrow"),
                                            ("agreement", "Share purchase agreement")])
def test_draft_terms_for_the_other_side_to_agree_are_subject_to_contract_never_privileged(doc_type, title):
    # read 22: heads of terms that 'are labelled "Privileged"' (drafted by the buyer's counsel for its client, inside
    # the privileged circle, but terms for the sellers to agree)
    from tests.generators.context_fixture import CAP, document_context
    from tests.generators.test_render_document_look import _plan, _render

    ctx = document_context(doc_type, 4, facts=[CAP])
    ctx = ctx.model_copy(update={"privileged": True, "spec": ctx.spec.model_copy(update={"title": title})})
    doc = compose_document(ctx)
    assert "Subject to contract" in doc.subtitle and "rivileged" not in doc.subtitle, doc.subtitle
    page = _render(_plan(privileged=True, doc_type=doc_type, title=title), doc)
    running = " ".join(p.text for p in page.sections[0].header.paragraphs)
    assert "rivileged" not in running, running


def test_a_risks_section_states_the_papers_own_risks_never_points_at_someone_elses_note():
    # read 22: 'Risks are left to "Timothy Oconnell's note"', 'leaves risks to the client's note' (an audit plan, a
    # memo and a findings report whose risks section read 'See Amber Smith's note of July 6, 2026.')
    # (over the three examples together: a paper with points keeps no risks section of the engine's that only says
    # again what its points say, and every one of the tanker's papers with a risks section has points)
    from worldsmith.worlds.content import DocumentContent
    from tests.generators.test_compose_mail_replies17 import world_at

    risks = []
    for name in ("hospital-revenue-audit", "tanker-spill-liability", "buyside-diligence"):
        plan, contents = world_at(name, 0)
        risks += [(s.path, x.paragraphs) for s in plan.artifacts
                  if isinstance(c := contents.get(s.id), DocumentContent)
                  for x in c.sections if re.search(r"\brisks?\b", x.heading, re.I)]
    assert len(risks) >= 2, risks
    for path, paragraphs in risks:
        assert not any(re.match(r"See .+'s note of ", p) for p in paragraphs), (path, paragraphs)


@pytest.mark.parametrize("sections", [3, 4, 5])
def test_a_revised_letter_says_which_earlier_letter_it_replaces_without_its_figure(sections):
    # read 22: a revised notice of claim with 'no statement that it replaces the May 12 notice', its background 'We
    # refer to the earlier correspondence in this matter.'
    from tests.generators.test_compose_papers_read19 import _THEIRS

    claim = fact("claim", "The revised claim is USD 1,500,000.", Money(amount=Decimal(1500000), currency="USD")
                 ).model_copy(update={"label": "the loss and expense claimed", "superseded_text": "USD 1,850,000",
                                      "superseded": "superseded first notice of claim of May 12, 2026: withdrawn"})
    for seed in range(3):
        ctx = _minutes([claim], seed=seed)
        ctx = ctx.model_copy(update={"to": [_THEIRS], "spec": ctx.spec.model_copy(update={
            "title": "Revised notice of claim for loss and expense", "doc_type": "letter", "sections": sections,
            "purpose": "The revised claim, with the heads of claim."})})
        text = _text(compose_document(ctx))
        assert "This letter replaces the first notice of claim of May 12, 2026, which is withdrawn" in text, text
        assert "USD 1,850,000" not in text and "earlier correspondence" not in text, text


def test_a_memos_questions_ask_what_is_in_issue_not_what_a_term_or_a_figure_on_the_record_is():
    # read 22: advice 'reduced to a number'; a question presented that asked 'what the annual contract value comes to
    # and how it is computed' (a defined term of the supply agreement) and 'what the index rise is on the record'
    from tests.generators.context_fixture import document_context

    usd = lambda n: Money(amount=Decimal(n), currency="USD")  # noqa: E731
    payable = fact("payable", "The surcharge payable is USD 2,361,600.", usd(2361600)).model_copy(update={
        "label": "the surcharge payable", "reason": "the lesser of the surcharge claimed and the surcharge cap"})
    claimed = fact("claimed", "Brennmoor claims USD 3,640,800.", usd(3640800)).model_copy(update={
        "label": "the surcharge claimed"})
    cap = fact("cap", "The cap is USD 2,361,600.", usd(2361600)).model_copy(update={"label": "the surcharge cap"})
    excess = fact("excess", "The disputed excess is USD 1,279,200.", usd(1279200)).model_copy(update={
        "label": "the disputed excess", "reason": "the surcharge claimed less the surcharge payable"})
    acv = fact("acv", "The annual contract value is USD 19,680,000.", usd(19680000)).model_copy(update={
        "label": "the annual contract value", "reason": "the base price times the annual volume", "term": True})
    rise = fact("rise", "The index rose by USD 90 a tonne.", usd(90)).model_copy(update={"label": "the index rise"})
    for seed in range(4):
        ctx = document_context("memo", 5, seed=seed, facts=[payable, claimed, cap, excess, acv, rise])
        question = compose_document(ctx).sections[0].paragraphs
        text = " ".join(question)
        assert "whether the surcharge cap limits the surcharge payable" in text, text
        assert "annual contract value" not in text and "on the record" not in text.split("answer")[0], text


def test_a_notice_of_non_compliance_to_the_other_sides_counsel_requires_the_party_to_remedy_it():
    # seed 83 (aircraft-redelivery): 'Our client requires Danvers Oakley LLP to remedy the non-compliance', the
    # lessee's counsel, not the lessee
    from worldsmith.worlds.values import DateValue, Number
    from tests.generators.context_fixture import DANA, document_context, person

    rule = fact("min_efh", "Schedule 6 para 4.1 requires each engine at return to have at least 6,000 EFH remaining.",
                Number(value=Decimal(6000), unit="EFH")).model_copy(update={"label": "minimum EFH remaining"})
    left = fact("efh_left", "Engine 1 has 1,850 EFH remaining.", Number(value=Decimal(1850), unit="EFH")
                ).model_copy(update={"label": "Engine 1 EFH remaining"})
    expiry = fact("expiry", "The Expiry Date is April 12, 2028.", DateValue(value=dt.date(2028, 4, 12))
                  ).model_copy(update={"label": "Expiry Date"})
    theirs = person("oc_1", "Don", "Robb", "Partner", "Danvers Oak LLP", "danversoak.example", "+44")
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Leasing DAC (the lessor)", privileged=True,
                   acts_for="Corvale Leasing DAC"),
            OrgRef(name="Corvale Leasing DAC", role="client; lessor of the aircraft", privileged=True),
            OrgRef(name="Skylark Airways Limited", role="opposing party; lessee of the aircraft"),
            OrgRef(name="Danvers Oak LLP", role="counsel to Skylark Airways Limited (the lessee)",
                   acts_for="Skylark Airways Limited")]
    for seed in range(3):
        ctx = document_context("letter", 4, seed=seed, facts=[rule, left, expiry])
        ctx = ctx.model_copy(update={
            "organisations": orgs, "to": [theirs], "author": DANA, "cc": [],
            "spec": ctx.spec.model_copy(update={"title": "Notice of non-compliance with the return conditions: "
                                                         "Engine 1", "date": dt.date(2028, 3, 23)})})
        text = _text(compose_document(ctx))
        assert "requires Skylark Airways Limited to remedy the non-compliance" in text, text


def test_a_recommendation_never_rests_on_the_other_sides_figure_as_one_the_record_supports():
    # seed 83 (aircraft-redelivery): 'It turns on Brightwing's accepted amount at USD 1,826,660, which the record
    # supports', in a memo that said of it 'that is Brightwing Airways Limited's figure, and we do not accept it'
    from tests.generators.context_fixture import document_context

    usd = lambda n: Money(amount=Decimal(n), currency="USD")  # noqa: E731
    ours = fact("lc", "The letter of credit is for USD 1,150,000.", usd(1150000)).model_copy(update={
        "label": "the letter of credit amount"})
    accepted = fact("accepted", "Brightwing accepts USD 1,826,660 of the claim.", usd(1826660)).model_copy(update={
        "label": "Brightwing's accepted amount"})
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Leasing DAC (the lessor)", privileged=True,
                   acts_for="Corvale Leasing DAC"),
            OrgRef(name="Corvale Leasing DAC", role="client; lessor of the aircraft", privileged=True),
            OrgRef(name="Brightwing Airways Limited", role="opposing party; lessee of the aircraft")]
    seen = 0
    for seed in range(6):
        ctx = document_context("memo", 5, seed=seed, facts=[ours, accepted])
        ctx = ctx.model_copy(update={"organisations": orgs, "spec": ctx.spec.model_copy(update={
            "title": "Memo re drawing the letter of credit",
            "purpose": "Recommends that Corvale present a demand for the full letter of credit amount before expiry."})})
        doc = compose_document(ctx)
        told = " ".join(p for s in doc.sections if s.heading == "Recommendation" for p in s.paragraphs)
        seen += "we recommend" in told.lower()
        assert "USD 1,826,660" not in told, told
    assert seen


def test_a_reworded_figure_keeps_an_article_lower_case_mid_sentence():
    # seed 83 (aircraft-redelivery): 'As for The Engine 2 borescope finding, it is HPT stage 1 blade distress'
    from worldsmith.generators.compose.reword import reworded

    ways = {reworded("The Engine 2 borescope finding is HPT stage 1 blade distress.", f"a{n}") for n in range(12)}
    assert any(w.startswith(("As for the Engine 2", "On the Engine 2")) for w in ways), ways
    assert not any(re.search(r"\b(?:for|On) The\b", w) for w in ways), ways
    assert any(w.startswith("The Engine 2 borescope finding: ") for w in ways), ways


def test_notes_taken_through_counsels_memo_say_what_it_advises_not_one_of_its_inputs():
    # read 22: 'Counsel's memo on the change-of-control termination right is reduced to a number ("it puts the
    # largest customer's revenue share at 18.4%")' (weekly call notes taken through the memo)
    from worldsmith.generators.week import WeekEvent, concludes

    share = fact("share", "The largest customer's revenue share is 21.5%.", Percent(value=Decimal("21.5")))
    share = share.model_copy(update={
        "label": "the largest customer's revenue share", "text": "21.5%"})
    purpose = "Analyses section 14.1 of the supply contract and recommends a waiver before exchange."
    memo = WeekEvent(what="paper", day=dt.date(2026, 6, 9), title="Memo re supply contract: assignment right",
                     by="Ana Walker", org="Thursby Vale LLP", point="the largest customer's revenue share",
                     point_text="21.5%", concludes=concludes(purpose))
    for seed in range(3):
        ctx = _minutes([share], title="Weekly call - notes and actions - June 10", seed=seed)
        text = _text(compose_document(ctx.model_copy(update={"week": [memo]})))
        assert "it recommends a waiver before exchange" in text, text
        assert "it puts the largest customer's revenue share" not in text, text
    assert concludes("Sets out the timetable to signing.") == ""


def test_a_notice_of_dispute_says_the_clause_it_is_given_under_and_the_provision_in_dispute():
    # read 22 (seed 83, supply-surcharge): 'This notice is given on April 20, 2026.' was all a notice of dispute said
    # of itself, and the cap clause the figures are disputed on went unnamed; service-charge at seed 83: 'to give
    # notice of dispute: 2025 service charge'
    from worldsmith.worlds.values import DateValue
    from tests.generators.context_fixture import DANA, document_context, person

    given = fact("given", "Harrow Vane served Corvale's notice of dispute under section 21.4 on March 23, 2028, "
                 "within the period the section allows after the invoice.", DateValue(value=dt.date(2028, 3, 23))
                 ).model_copy(update={"label": "dispute notice date", "establish": True})
    cap = fact("cap", "Section 9.2 limits the fuel charge for the year to USD 480,000.",
               Money(amount=Decimal(480000), currency="USD")).model_copy(update={"label": "the fuel charge cap"})
    theirs = person("oc_1", "Don", "Robb", "Partner", "Danvers Oak LLP", "danversoak.example", "+44")
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Leasing DAC (the lessor)", privileged=True,
                   acts_for="Corvale Leasing DAC"),
            OrgRef(name="Corvale Leasing DAC", role="client; lessor of the aircraft", privileged=True),
            OrgRef(name="Skylark Airways Limited", role="opposing party; lessee of the aircraft"),
            OrgRef(name="Danvers Oak LLP", role="counsel to Skylark Airways Limited (the lessee)",
                   acts_for="Skylark Airways Limited")]
    for title in ("Notice of dispute under section 21.4", "Notice of dispute: fuel charge"):
        for seed in range(3):
            ctx = document_context("letter", 4, seed=seed, facts=[given, cap])
            ctx = ctx.model_copy(update={
                "organisations": orgs, "to": [theirs], "author": DANA, "cc": [],
                "spec": ctx.spec.model_copy(update={"title": title, "date": dt.date(2028, 3, 23),
                                                    "purpose": "The lessor's formal notice disputing the fuel charge."})})
            text = _text(compose_document(ctx))
            assert "This notice is given on" not in text, text
            assert re.search(r"This notice is given under section 21\.4 of the \w[\w ]* on March 23, 2028, within "
                             r"the period the section allows", text), text
            assert re.search(r"Under section 9\.2 of the \w[\w ]*, the fuel charge cap is USD 480,000", text), text
            assert "notice of dispute:" not in text, text
            assert text.count("section 21.4") == 1, text


@pytest.mark.parametrize("title, purpose", [
    ("Memo re the fuel charge and Corvale's remedies", "Works the fuel charge under the lease."),
    ("Memo re the fuel charge", "Works the fuel charge and advises on a demand and on the termination right.")])
def test_a_memo_that_promises_remedies_gives_them_with_the_sum_and_the_provision(title, purpose):
    # read 22 (royalty-stacking): 'The title promises "Halcyon's remedies" but the memo has none (no interest,
    # notice, cure or termination).'
    from tests.generators.context_fixture import document_context

    short = fact("short", "Section 7.4 makes the lessee pay the fuel charge in full; Skylark is short by USD 310,000.",
                 Money(amount=Decimal(310000), currency="USD")).model_copy(update={"label": "the fuel charge shortfall",
                                                                                    "text": "USD 310,000"})
    for seed in range(3):
        ctx = document_context("memo", 5, seed=seed, facts=[short])
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title, "purpose": purpose})})
        text = _text(compose_document(ctx))
        assert re.search(r"may demand payment of the fuel charge shortfall of USD 310,000[^.]* under section 7\.4",
                         text), text
        if "termination" in purpose:
            assert re.search(r"Termination is a further remedy, but only once the demand has gone unmet", text), text


def test_a_notice_of_dispute_with_no_provision_on_its_figures_gives_the_ground_the_matter_names():
    # seed 83, service-charge: the notice of dispute named no clause, though the matter's summary has the tenant's
    # ground ('an improvement, not a repair under clause 7.3')
    from tests.generators.context_fixture import DANA, document_context, person

    fee = fact("fee", "The landlord's statement includes GBP 96,000 for the new lifts.",
               Money(amount=Decimal(96000), currency="GBP")).model_copy(update={"label": "the lift cost"})
    theirs = person("oc_1", "Don", "Robb", "Partner", "Danvers Oak LLP", "danversoak.example", "+44")
    orgs = [OrgRef(name="Harrow Vane LLP", role="solicitors to Corvale Leasing DAC (the tenant)", privileged=True,
                   acts_for="Corvale Leasing DAC"),
            OrgRef(name="Corvale Leasing DAC", role="client; the tenant under the lease", privileged=True),
            OrgRef(name="Skylark Estates Limited", role="opposing party; the landlord"),
            OrgRef(name="Danvers Oak LLP", role="solicitors to Skylark Estates Limited (the landlord)",
                   acts_for="Skylark Estates Limited")]
    summary = ("Harrow Vane LLP acts for Corvale Leasing DAC, tenant under a lease from Skylark Estates Limited. The "
               "landlord charges GBP 96,000 for new lifts; the tenant disputes that the lifts are an improvement, not "
               "a renewal under clause 4.6.")
    for seed in range(3):
        ctx = document_context("letter", 4, seed=seed, facts=[fee])
        ctx = ctx.model_copy(update={
            "organisations": orgs, "to": [theirs], "author": DANA, "cc": [], "world_summary": summary,
            "spec": ctx.spec.model_copy(update={"title": "Notice of dispute: 2025 service charge",
                                                "date": dt.date(2026, 3, 9),
                                                "purpose": "The tenant's formal notice disputing the lift cost."})})
        text = _text(compose_document(ctx))
        assert "ground is that the lifts are an improvement, not a renewal under clause 4.6 of the Lease" in text, text


def test_a_memos_analysis_reasons_from_the_figure_it_turns_on_not_only_points_at_it():
    # read 22 (seed 83, bi-claim's advice): 'The amount in dispute (USD 1,992,000) is the figure to check first, at
    # the "Amount in dispute" line ...': a memo's analysis that recites a figure instead of reasoning from it
    from tests.generators.context_fixture import document_context

    gap = fact("gap", "The parties are USD 240,000 apart.", Money(amount=Decimal(240000), currency="USD")
               ).model_copy(update={"label": "the amount in dispute", "text": "USD 240,000",
                                    "reason": "our claim of USD 900,000 less their offer of USD 660,000",
                                    "source": 'the "Amount in dispute" line of the Claim working'})
    reasoned = 0
    for seed in range(3):
        ctx = document_context("memo", 5, seed=seed, facts=[gap])
        text = _text(compose_document(ctx))
        assert "is the figure to check first" not in text, text
        reasoned += bool(re.search(r"is what the question comes down to: it is our claim of USD 900,000 less their "
                                   r"offer of USD 660,000, so it is the whole of the gap between those figures", text))
    assert reasoned, "no seed reasons from the figure"
