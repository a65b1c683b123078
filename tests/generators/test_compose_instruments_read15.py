"""Formal instruments a blind expert rejected in read 15 (issue 17): a lease, a contract's cited clause, an order
form, a letter of intent, a letter's salutation (one test each)."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import DateValue, Money, Number, Text
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
                Money(amount=Decimal("29.75"), currency="GBP"))
    rent = fact("offer_rent", "The without prejudice offer is GBP 636,650 a year.",
                Money(amount=Decimal(636650), currency="GBP"))
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
