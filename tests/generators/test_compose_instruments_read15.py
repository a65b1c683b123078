"""Formal instruments a blind expert rejected in read 15 (issue 17): a lease, a contract's cited clause, an order
form, a letter of intent, a letter's salutation (one test each)."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import DateValue, Money, Number, Percent, Text
from tests.generators.context_fixture import document_context, fact, person

_LANDLORD = person("am_1", "Owen", "Pryce", "Asset Manager", "Calder Wharf Estates Ltd", "calderwharf.example", "+44")
_TENANT = person("hp_1", "Rhian", "Blake", "Head of Property", "Tolworth Data Ltd", "tolworth.example", "+44")


def _lease(seed: int = 2, disregard: str = "clause 7.3(b)", top: int = 7):
    premises = fact("premises", "The premises are the third and fourth floors of Calder Wharf.",
                    Text(value="third and fourth floors, Calder Wharf"))
    rent = fact("passing_rent", "The rent passing under the lease until the review is GBP 880,000 a year.",
                Money(amount=Decimal(880000), currency="GBP"))
    review = fact("review_date", f"The review date under clause {top}.1 of the lease is June 24, 2026, the fifth "
                  f"anniversary of the term.", DateValue(value=dt.date(2026, 6, 24)))
    dis = fact("disregard_clause", f"{disregard[0].upper() + disregard[1:]} of the lease disregards the tenant's "
               f"improvements, including its fit-out.", Text(value=disregard))
    area = fact("net_internal_area", "The agreed net internal area of the premises is 21,400 sq ft.",
                Number(value=Decimal(21400), unit="sq ft"))
    orgs = [OrgRef(name="Calder Wharf Estates Ltd", role="opposing party; landlord of Calder Wharf under the 2021 lease"),
            OrgRef(name="Tolworth Data Ltd", role="client; tenant of the third and fourth floors of Calder Wharf"),
            OrgRef(name="Fenby Marsh LLP", role="solicitors to Tolworth Data Ltd (the tenant)")]
    summary = ("Tolworth Data Ltd holds a 10-year lease of the third and fourth floors of Calder Wharf, 2 Mill Lane, "
               "Bristol, from June 24, 2021, at a passing rent of GBP 880,000 a year, with upward-only rent reviews "
               f"every five years; an independent expert determines the rent under clause {top}.5 of the lease.")
    ctx = document_context("lease", 9, seed=seed, facts=[premises, rent, review, dis, area])
    return ctx.model_copy(update={
        "organisations": orgs, "world_summary": summary, "window_start": dt.date(2026, 2, 2), "author": _LANDLORD,
        "to": [_TENANT], "locale": "en_GB", "spec": ctx.spec.model_copy(update={
            "title": "Lease of the third and fourth floors, Calder Wharf, 2 Mill Lane, Bristol",
            "purpose": "The lease as completed in 2021, with the rent, the rent review clause and its disregards.",
            "date": dt.date(2026, 2, 9)})})


def test_a_lease_of_premises_is_a_lease_granted_on_its_terms_first_day_with_its_cited_clauses_at_their_numbers():
    # read 15: 'The "lease" of a 2021 15-year term is an "agreement dated 3 February 2026" that ends on 30 days'
    # notice. It reads "4.4 The improvements disregard is clause 5.4(c)". Clauses 5 and 6 are numbered twice, the
    # governing law clause is blank, and it is signed by an asset manager and a head of property.'
    for seed, (disregard, top) in enumerate([("clause 7.3(b)", 7), ("clause 5.4(c)", 5), ("clause 6.4(a)", 6)]):
        doc = compose_document(_lease(seed, disregard, top))
        heads = [s.heading for s in doc.sections]
        paras = [p for s in doc.sections for p in s.paragraphs]
        prose = "\n".join(paras)
        assert paras[0].startswith("THIS LEASE is dated 24 June 2021"), paras[0]
        assert "ten years beginning on and including 24 June 2021" in prose, prose
        assert "thirty days" not in prose and "until the obligations under it have been performed" not in prose
        numbers = [int(h.split(".")[0]) for h in heads if re.match(r"^\d+\. ", h)]
        assert numbers == list(range(1, len(numbers) + 1)), heads  # no clause numbered twice, none skipped
        assert f"{top}. Rent Review" in heads, heads
        at = {p.split(" ", 1)[0]: p for p in paras if re.match(r"^\d+\.\d+ ", p)}
        sub, letter = re.match(r"clause \d+\.(\d+)\((\w)\)", disregard).groups()
        cited = at[f"{top}.{sub}"]
        # the cited sub-clause disregards the tenant's improvements, at the letter cited
        assert "disregarded" in cited and re.search(rf"\({letter}\) any increase in rent attributable to any "
                                                    rf"improvement", cited), cited
        assert "expert and not as an arbitrator" in prose and "greater of the Rent payable" in prose
        law = next(s for s in doc.sections if "Governing Law" in s.heading)
        assert law.paragraphs and "law of England and Wales" in law.paragraphs[0], law.paragraphs
        assert not any(re.search(r"The improvements disregard is|Asset Manager|Head of Property", p) for p in paras)
        assert "Executed as a deed by Calder Wharf Estates Ltd acting by two directors:" in paras, paras[-8:]
        assert "21,400 sq ft" in prose and "GBP 880,000 a year" in prose
        assert "Executed copy" in doc.subtitle and "Internal" not in doc.subtitle, doc.subtitle


def _wp_letter(reader_first: str = "Jessica", title: str = "Without prejudice save as to costs letter: offer to settle "
               "the rent review"):
    rate = fact("offer_rate", "The without prejudice offer rate is GBP 29.75 per sq ft.",
                Money(amount=Decimal("29.75"), currency="GBP")).model_copy(
        update={"label": "without prejudice offer rate per sq ft"})
    rent = fact("offer_rent", "The without prejudice offer is GBP 636,650 a year.",
                Money(amount=Decimal(636650), currency="GBP")).model_copy(update={"label": "without prejudice offer"})
    sender = person("p_1", "Joyce", "King", "Partner", "Fenby Marsh LLP", "fenbymarsh.example", "+44")
    reader = person("o_1", reader_first, "Taylor", "Partner", "Oakhurst Lane LLP", "oakhurst.example", "+44")
    orgs = [OrgRef(name="Fenby Marsh LLP", role="solicitors to Tolworth Data Ltd (the tenant)", privileged=True,
                   acts_for="Tolworth Data Ltd"),
            OrgRef(name="Tolworth Data Ltd", role="client; tenant of Calder Wharf", privileged=True),
            OrgRef(name="Oakhurst Lane LLP", role="solicitors to the landlord (opposing counsel)",
                   acts_for="Calder Wharf Estates Ltd")]
    ctx = document_context("letter", 3, seed=4, facts=[rate, rent])
    return ctx.model_copy(update={
        "organisations": orgs, "author": sender, "to": [reader], "locale": "en_GB",
        "world_summary": "Tolworth Data Ltd holds a lease of Calder Wharf; the rent review of June 24, 2026 is in "
                         "dispute.", "spec": ctx.spec.model_copy(update={"title": title})})


def test_a_letter_greets_by_courtesy_title_and_a_wp_offer_states_the_terms_it_is_made_on():
    # read 15: 'The opening is garbled ("to set out the without prejudice save as to costs of offer to settle") and
    # the letter opens "Dear Jessica Taylor". It gives no terms on costs, effective date or documenting the settlement'
    doc = compose_document(_wp_letter())
    paras = [p for s in doc.sections for p in s.paragraphs]
    prose = " ".join(paras)
    assert paras[0] == "Dear Ms Taylor,", paras[0]
    assert "to make an offer to settle the rent review" in prose, prose
    assert "without prejudice save as to costs of offer" not in prose.lower()
    assert "Our client offers to agree the revised rent at GBP 636,650 a year, that is GBP 29.75 per sq ft" in prose
    assert "offer rate per sq ft is" not in prose, prose
    terms = next(s for s in doc.sections if s.heading == "Terms of the Offer")
    said = " ".join(terms.paragraphs)
    for term in ("payable from and including the review date", "memorandum signed by both parties",
                 "bears its own costs", "open for acceptance in writing until"):
        assert term in said, said
    assert re.search(r"\(a\).*\(b\).*\(c\).*\(d\).*\(e\)", said), said
    # a man by 'Mr', a first name of either sex by full name
    assert compose_document(_wp_letter("Thomas")).sections[0].paragraphs[0] == "Dear Mr Taylor,"
    assert compose_document(_wp_letter("Zorblat")).sections[0].paragraphs[0] == "Dear Zorblat Taylor,"


def test_a_letters_subject_line_is_its_subject_never_its_file_title():
    # read 15: 'the heading is a file name ("Letter from Danvers Oakley responding to...")'
    from worldsmith.generators.kinds.document.front_matter import letter_head, letter_subject

    assert letter_subject("Letter from Danvers Oakley responding to the demand of April 28, 2028") == \
        "Re: Response to the demand of April 28, 2028"
    assert letter_subject("Letter disputing the audit findings and offering a true-up under Section 9.4(e)") == \
        "Re: Dispute of the audit findings and offer of a true-up under Section 9.4(e)"
    assert letter_subject("Harcastle Bryce letter of May 20, 2026: revised claim and notice of dispute") == \
        "Re: Revised claim and notice of dispute"
    assert letter_head("Without prejudice save as to costs letter: offer to settle the rent review") == \
        ["WITHOUT PREJUDICE SAVE AS TO COSTS", "Re: Offer to settle the rent review"]
    for title in ("Letter from Danvers Oakley responding to the demand", "Voluntary refund letter to Lakeshore Ltd"):
        assert not re.search(r"(?i)\bletter\b", letter_subject(title)), letter_subject(title)


_VENDOR = person("vendor_1", "Ivo", "Marsh", "Strategic Account Executive", "Pellmore Software Corp.",
                 "pellmore.example", "+1")
_BUYER = person("buyer_1", "Nia", "Rowe", "Director of IT Procurement", "Ashvale Freight, Inc.", "ashvale.example", "+1")
_SOFTWARE = [OrgRef(name="Ashvale Freight, Inc.", role="client; freight carrier and licensee of the Pellmore Route "
                                                      "platform"),
             OrgRef(name="Pellmore Software Corp.", role="opposing party; licensor of the Pellmore Route platform")]


def _software(doc_type: str, title: str, facts: list, sections: int = 9, seed: int = 1):
    ctx = document_context(doc_type, sections, seed=seed, facts=facts)
    return ctx.model_copy(update={
        "organisations": _SOFTWARE, "window_start": dt.date(2026, 2, 2), "author": _VENDOR, "to": [_BUYER],
        "world_summary": "Pellmore Software Corp. audits Ashvale Freight, Inc.'s use of the Pellmore Route platform "
                         "under Section 7.3 of their Master Subscription Agreement.",
        "spec": ctx.spec.model_copy(update={"title": title, "date": dt.date(2026, 2, 10),
                                            "purpose": "The agreement as signed in 2023."})})


def test_a_cited_lettered_paragraph_has_every_paragraph_before_it_and_the_schedule_holds_terms():
    # read 15: 'A skeletal MSA: one-line boilerplate clauses, Section 9.4 jumps from the first sentence straight to
    # "(e)" with no (a) to (d), and Schedule 1 is missing'
    audit = fact("audit_clause", "Section 7.3 of the Master Subscription Agreement lets Pellmore audit use once in any "
                 "12 months on 30 days' notice; Section 7.3(d) requires the customer to buy any excess Named Users at "
                 "the fees in the current Order Form.", Text(value="Section 7.3"))
    named = fact("named_user_definition", "Section 1.1 defines a Named User as an individual authorised to log in.",
                 Text(value="Section 1.1"))
    platform = fact("platform", "Ashvale subscribes to the Pellmore Route platform.", Text(value="Pellmore Route"))
    for seed in range(3):
        doc = compose_document(_software("agreement", "Master Subscription Agreement between Pellmore Software Corp. "
                                         "and Ashvale Freight, Inc.", [audit, named, platform], seed=seed))
        paras = [p for s in doc.sections for p in s.paragraphs]
        clause = next(p for p in paras if p.startswith("7.3 "))
        assert re.search(r"^7\.3 Licensor may audit use once in any 12 months on 30 days' notice, and on any audit: "
                         r"\(a\) .+; \(b\) .+; \(c\) .+; and \(d\) Licensee shall buy any excess Named Users", clause), \
            clause
        recitals = " ".join(next(s for s in doc.sections if s.heading == "Recitals").paragraphs)
        assert "Pellmore Route platform as a hosted subscription service" in recitals, recitals
        # no article of one boilerplate line (read 15: 'one-line boilerplate clauses')
        for s in doc.sections:
            if re.match(r"^\d+\. (Obligations|Payment|Warranties|Indemnification|Limitation|Intellectual|Data|"
                        r"Insurance|Force)", s.heading):
                assert len(s.paragraphs) >= 2, (s.heading, s.paragraphs)
        schedule = next(s for s in doc.sections if s.heading == "Schedule 1").paragraphs
        assert any(p.startswith("Part A (Orders)") for p in schedule) and any("Part C (Notices)" in p for p in schedule)


def test_an_order_form_has_its_lines_fee_term_end_and_invoicing_and_unnumbered_recitals():
    # read 15: 'An executed Order Form with no total fee, term end, billing terms or product lines, and with numbered
    # "Recitals 2.1 (A)"'
    seats = fact("licensed_users", "The Order Form licenses 450 Named Users.",
                 Number(value=Decimal(450), unit="users"))
    price = fact("list_price", "The list price is USD 2,100 per user a year.", Money(amount=Decimal(2100), currency="USD"))
    off = fact("contract_discount", "The Order Form discount is 25%.", Percent(value=Decimal(25)))
    net = fact("contract_rate", "The contract rate is USD 1,575 per user a year.",
               Money(amount=Decimal(1575), currency="USD"))
    facts = [seats.model_copy(update={"label": "licensed Named Users"}),
             price.model_copy(update={"label": "list price per user a year"}),
             off.model_copy(update={"label": "Order Form discount"}),
             net.model_copy(update={"label": "contract rate per user a year"})]
    doc = compose_document(_software("order form", "Pellmore Route Order Form for the subscription year from "
                                     "July 1, 2025", facts, sections=4))
    paras = [p for s in doc.sections for p in s.paragraphs]
    prose = "\n".join(paras)
    recitals = next(s for s in doc.sections if s.heading == "Recitals").paragraphs
    assert recitals[0].startswith("(A) ") and not any(re.match(r"^\d+\.\d+ \(", p) for p in paras), paras
    assert "Annual subscription fee: 450 users at the Contract Rate of USD 1,575 each a year" in prose, prose
    assert "from July 1, 2025 to June 30, 2026 inclusive" in prose, prose
    assert re.search(r"invoices the annual subscription fee in advance .* within thirty days", prose), prose
    assert "List price: USD 2,100 per Named User a year" in prose and "Discount: 25%" in prose
    assert paras[0].startswith("This Order Form is dated") and "(the Licensor)" in paras[0], paras[0]
    assert "IN WITNESS WHEREOF" in prose


def test_a_letter_of_intent_is_the_buyers_non_binding_letter_to_the_sellers_save_for_the_clauses_it_names():
    # read 15: 'The "LOI" is a binding-form bilateral agreement with the company, not the sellers: in force on
    # signature, with termination for breach and no non-binding wording. Although dated 2 Sep, it cites "the revised
    # offer".'
    ev = fact("loi_enterprise_value", "The LOI offers an enterprise value of GBP 84,000,000, and the revised offer "
              "later cuts it.", Money(amount=Decimal(84000000), currency="GBP"))
    excl = fact("exclusivity_expiry", "Exclusivity runs to November 3, 2026.", DateValue(value=dt.date(2026, 11, 3)))
    escrow = fact("escrow_percent", "10% of the price is held in escrow.", Percent(value=Decimal(10)))
    counsel = person("c_1", "Clare", "Kaur", "Partner", "Gatehouse Vale LLP", "gatehousevale.example", "+44")
    mp = person("b_1", "Ben", "Wilkes", "Managing Partner", "Harlow Ridge Capital LLP", "harlowridge.example", "+44")
    seller = person("s_1", "Allan", "Ward", "Director", "Ostley Partners", "ostley.example", "+44")
    orgs = [OrgRef(name="Harlow Ridge Capital LLP", role="private-equity buyer, acquiring through its vehicle Ridge "
                                                         "Bidco Limited"),
            OrgRef(name="Tamsin Sensors Limited", role="the target; sensor maker"),
            OrgRef(name="Ostley Partners", role="sell-side corporate finance adviser to Tamsin's shareholders"),
            OrgRef(name="Gatehouse Vale LLP", role="buyer's counsel", acts_for="Harlow Ridge Capital LLP")]
    ctx = document_context("agreement", 8, seed=5, facts=[ev, excl, escrow])
    ctx = ctx.model_copy(update={"organisations": orgs, "author": counsel, "to": [mp, seller], "locale": "en_GB",
                                 "world_summary": "Harlow Ridge Capital LLP is acquiring Tamsin Sensors Limited.",
                                 "spec": ctx.spec.model_copy(update={
                                     "title": "Non-binding letter of intent: Project Tamsin", "date": dt.date(2026, 9, 2),
                                     "purpose": "The signed LOI setting the price, escrow and exclusivity."})})
    doc = compose_document(ctx)
    paras = [p for s in doc.sections for p in s.paragraphs]
    prose = "\n".join(paras)
    assert paras[0] == "Dear Mr Ward,", paras[0]
    assert "Harlow Ridge Capital LLP, through Ridge Bidco Limited (together, the Buyer) proposes to acquire the entire " \
           "issued share capital of Tamsin Sensors Limited (the Company) from its shareholders (the Sellers)" in prose
    binding = re.search(r"Save for paragraphs (\d+) to (\d+), this letter is an expression of intent only and is not "
                        r"legally binding", prose)
    assert binding, prose
    heads = [s.heading for s in doc.sections]
    named = {int(h.split(".")[0]): h for h in heads if re.match(r"^\d+\. ", h)}
    first, last = int(binding.group(1)), int(binding.group(2))
    assert named[first].endswith("Exclusivity") and named[last].endswith("Governing Law"), named
    assert f"until {excl.text} (the Exclusivity Period)" in prose and "GBP 84,000,000" in prose
    for never in ("comes into force", "material breach", "revised offer", "Tamsin Sensors Limited (Buyer)"):
        assert never not in prose, never
    assert "for and on behalf of Harlow Ridge Capital LLP" in paras and "Ben Wilkes" in paras
    assert any(p.startswith(f"Agreed and accepted, as to paragraphs {first} to {last}, by the Sellers") for p in paras)
    assert "Subject to contract" in doc.subtitle


def test_an_answer_is_a_pleading_with_a_laid_out_caption_one_defense_a_heading_and_a_signature_block():
    # read 15: 'Rendered as a memo, not a pleading: a "Caption" heading with the caption written as prose, a firm
    # privilege header, a "Prepared by" byline, and the signature run into a paragraph. ¶13 sits unheaded under the
    # Second Defense'
    from worldsmith.generators.kinds.document.front_matter import shows_heading
    from tests.generators.context_fixture import CLAUSE, DEADLINE

    cap = fact("liability_cap", "The cap under Clause 14.2", Money(amount=Decimal("98400000"), currency="USD"))
    deadline = DEADLINE.model_copy(update={"label": "the answer deadline"})
    clause = CLAUSE.model_copy(update={"statement": "Limitation is governed by Clause 14.2 (Limitation): the Owners' "
                                                    "liability for cargo claims shall not exceed the agreed cap"})
    for seed in range(3):
        ctx = document_context("answer", 7, seed=seed, facts=[deadline, clause, cap])
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
            "title": "Draft answer and affirmative defenses of Corvale Shipping Ltd"})})
        doc = compose_document(ctx)
        assert "Prepared by" not in doc.subtitle and "not filed" in doc.subtitle, doc.subtitle
        caption = next(s for s in doc.sections if s.heading == "Caption")
        assert not shows_heading("pleading", 0, caption.paragraphs, caption.heading)
        assert caption.paragraphs[0] == "UNITED STATES DISTRICT COURT", caption.paragraphs
        assert any(re.fullmatch(r".+, Plaintiff, v\. .+, Defendant\.", p) for p in caption.paragraphs)
        assert any(re.fullmatch(r"Civil Action No\. \d:\d\d-cv-\d{5}", p) for p in caption.paragraphs)
        assert caption.paragraphs[-1].startswith("DEFENDANT ") and caption.paragraphs[-1].endswith(
            "'S ANSWER AND AFFIRMATIVE DEFENSES"), caption.paragraphs
        defenses = [s for s in doc.sections if "Affirmative Defense" in s.heading]
        assert defenses and all(len(s.paragraphs) == 1 for s in defenses), [(s.heading, s.paragraphs) for s in defenses]
        assert [s.heading.split()[0] for s in defenses] == ["First", "Second", "Third", "Fourth", "Fifth"][
            :len(defenses)]
        last = doc.sections[-1].paragraphs
        at = last.index("Respectfully submitted,")
        assert last[at + 1].startswith("/s/ ") and last[-1].startswith("Counsel for Defendant "), last


def test_a_services_agreement_recites_the_engagement_defines_its_service_level_and_names_its_law():
    # read 15: 'The contract is skeletal. The recitals say nothing ("have agreed terms, as set out below"), it gives
    # no fees, and it never defines the one service level it turns on (8% denial rate)'; 'Recitals 2.1 (A)'
    level = fact("denial_rate_sla", "The billing services agreement requires the contractor to keep the initial "
                 "denial rate at or below 6%, measured monthly, with a fee credit when it is missed.",
                 Percent(value=Decimal(6))).model_copy(update={"label": "denial-rate service level"})
    vendor = person("v_1", "Ann", "Birch", "Client Services Director", "Slate Hollow Revenue LLC", "slatehollow.example",
                    "+1")
    client = person("c_1", "Wendy", "Bell", "Vice President, Revenue Cycle", "Marlow Health", "marlowhealth.example", "+1")
    orgs = [OrgRef(name="Marlow Health", role="client; hospital system"),
            OrgRef(name="Slate Hollow Revenue LLC", role="outsourced coding and billing contractor; counterparty")]
    for seed in range(3):
        ctx = document_context("agreement", 7, seed=seed, facts=[level])
        ctx = ctx.model_copy(update={
            "organisations": orgs, "author": vendor, "to": [client], "window_start": dt.date(2026, 5, 1),
            "world_summary": "Marlow Health, a hospital system, reviews the denial rate of its billing contractor.",
            "spec": ctx.spec.model_copy(update={"title": "Billing services agreement: Slate Hollow Revenue LLC",
                                                "date": dt.date(2026, 5, 6),
                                                "purpose": "The executed agreement, produced by the contractor."})})
        doc = compose_document(ctx)
        heads = [s.heading for s in doc.sections]
        paras = [p for s in doc.sections for p in s.paragraphs]
        prose = "\n".join(paras)
        assert "Recitals" in heads and "Parties" in heads, heads
        recitals = next(s for s in doc.sections if s.heading == "Recitals").paragraphs
        assert recitals[0].startswith("(A) ") and "outsourced coding and billing services" in recitals[0], recitals
        assert "have agreed terms, as set out below" not in prose
        numbers = [int(h.split(".")[0]) for h in heads if re.match(r"^\d+\. ", h)]
        assert numbers == list(range(1, len(numbers) + 1)), heads
        assert re.search(r"the denial rate for a measurement period is the number of claims .+ divided by", prose), prose
        assert any("Governing Law" in h for h in heads) and "governed by the laws of the State of New York" in prose


def test_a_side_letter_is_the_lessors_letter_to_the_lessee_under_the_lease_it_names_countersigned():
    # read 15: 'The side-letter thread has no side-letter terms'; the generic agreement wrote 'This agreement ... 3.2
    # The redelivery arrangement: accepted under side letter, rights reserved.'
    from tests.generators.test_compose_lease import lease_ctx

    shortfall = fact("return_condition_shortfall", "The redelivery inspection left discrepancies against Schedule 6 "
                     "paras 2 and 3 that the lessee did not rectify, priced at USD 97,000.",
                     Money(amount=Decimal(97000), currency="USD")).model_copy(
        update={"label": "unrectified return-condition discrepancies"})
    ctx = lease_ctx("Side letter and Return Acceptance Certificate: redelivery of MSN 6912")
    ctx = ctx.model_copy(update={"facts": [*ctx.facts, shortfall], "spec": ctx.spec.model_copy(
        update={"purpose": "Corrib accepts redelivery, the open discrepancies are listed and rights are reserved."})})
    doc = compose_document(ctx)
    paras = [p for s in doc.sections for p in s.paragraphs]
    prose = "\n".join(paras)
    assert paras[0] == "Dear Ms Saunders,", paras[0]
    assert "We refer to the Aircraft Lease Agreement dated 22 March 2016 (the Lease) between Corrib Aviation Capital " \
           "DAC (the Lessor) and Brightwing Airways Limited (the Lessee)" in prose, prose
    assert "This agreement is dated" not in prose and "(each a Party)" not in prose
    assert re.search(r"The Aircraft does not meet the return conditions against Schedule 6 paras 2 and 3 .+ USD 97,000",
                     prose), prose
    assert "reserves all its rights and remedies in respect of redelivery compensation" in prose
    assert "Yours sincerely," in paras and "for and on behalf of Corrib Aviation Capital DAC" in paras
    assert any(p.startswith("We agree to the terms of this letter. Signed for and on behalf of Brightwing") for p in paras)
    assert doc.sections[-1].heading == "Annex: Return Acceptance Certificate"


def test_a_sign_off_is_kept_with_the_lines_before_it_so_no_signature_is_orphaned():
    # read 15: 'The signature is orphaned on page 2'
    from worldsmith.generators.kinds.document.render import _held_together

    paras = ["Dear Ms Ward,", "We write ...", "Please reply by Friday.", "Yours sincerely,", "Albert Ward", "Partner",
             "Danvers Oakley LLP"]
    assert _held_together(paras) == {2, 3, 4, 5}
    assert _held_together(["Respectfully submitted,", "/s/ A", "A"]) == {0, 1}
    assert _held_together(["No close here."]) == set()


def test_a_demand_for_money_says_what_is_to_be_paid_and_by_when():
    # read 15: the demand's close asked only for a response by a date, the payment date stated among the figures
    total = fact("total_claim", "The total redelivery compensation claimed is USD 512,000.",
                 Money(amount=Decimal(512000), currency="USD")).model_copy(
        update={"label": "total redelivery compensation claimed"})
    due = fact("payment_due", "The claim is payable by June 9, 2028.", DateValue(value=dt.date(2028, 6, 9))).model_copy(
        update={"label": "payment date for the redelivery claim"})
    ctx = _wp_letter(title="Demand for redelivery compensation under Clause 22")
    ctx = ctx.model_copy(update={"facts": [total, due], "spec": ctx.spec.model_copy(
        update={"date": dt.date(2028, 5, 19), "facts": ["total_claim", "payment_due"]})})
    doc = compose_document(ctx)
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert f"Our client requires payment of USD 512,000 by {due.text}." in prose, prose
    assert "will pay it on or before that date" in prose


def test_a_letters_subject_and_purpose_leave_out_its_writers_name_and_the_rooms_note():
    # read 15 (rent review, after the subject line): 'Re: Greyfield Ashton rent review proposal of February 4, 2026
    # (measured on gross internal area)'; 'to set out Greyfield Ashton rent review proposal ...'
    from worldsmith.generators.compose.substance.letters import letter_purpose
    from worldsmith.generators.kinds.document.front_matter import letter_subject

    title = "Greyfield Ashton rent review proposal of February 4, 2026 (measured on gross internal area)"
    assert letter_subject(title, "Greyfield Ashton") == "Re: Rent review proposal of February 4, 2026"
    assert letter_subject("Redelivery of MSN 6912 (G-BRWA)", "Corrib Aviation Capital DAC") == \
        "Re: Redelivery of MSN 6912 (G-BRWA)"
    surveyor = person("s_1", "Jo", "Tate", "Partner", "Greyfield Ashton", "greyfield.example", "+44")
    ctx = _wp_letter().model_copy(update={"author": surveyor})
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title})})
    assert letter_purpose(ctx) == "to set out our rent review proposal of February 4, 2026"


def test_a_leases_rent_is_its_rent_and_its_building_an_address():
    """gb-dilapidations-claim (blind outline 36): with a rent deposit among the facts and no passing rent, the lease
    wrote 'Rent means GBP 102,000 a year' (the deposit); the summary's 'of the second floor, Aldgate Point, 14 Mansell
    Street, London E1, the revised valuation puts ...' defined "Building" as the clause after the address."""
    base = _lease()
    deposit = fact("rent_deposit", "The tenant paid a rent deposit of GBP 102,000 on completion of the lease.",
                   Money(amount=Decimal(102000), currency="GBP")).model_copy(update={"label": "rent deposit"})
    facts = [f for f in base.facts if f.id != "passing_rent"] + [deposit]
    summary = ("Tolworth Data Ltd held a 10-year lease of the third and fourth floors of Calder Wharf, 2 Mill Lane, "
               "Bristol, the revised valuation puts the diminution at GBP 385,000; the lease expired on June 23, 2031.")
    prose = "\n".join(p for s in compose_document(base.model_copy(update={"facts": facts, "world_summary": summary}))
                      .sections for p in s.paragraphs)
    assert "GBP 102,000 a year" not in prose and '"Rent" means the yearly rent stated in Schedule 1' in prose
    building = re.search(r'"Building" means ([^\n]*)', prose).group(1)
    assert "valuation" not in building and "385,000" not in building, building
    assert "2 Mill Lane" in building and "Bristol" in building, building
