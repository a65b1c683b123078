"""Documents with the instrument's own substance (issue 17, blind read 18: documents 10 of 36). An agreement extract
whose title names its clauses sets each of them out under its number in the contract's words, with the terms the
ledger works from the agreement's own figures as its defined terms: never a Schedule of two figures and 'The record
shows that ...'."""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

from worldsmith.generators.context import OrgRef, build_context
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money, Number, Percent
from tests.generators.context_fixture import document_context, fact, person

_ORGS = [OrgRef(name="Penhallow Wire Ltd", role="client; the buyer under the supply agreement, a cable maker",
                privileged=True),
         OrgRef(name="Quarrenden Copper Corp.", role="opposing party; the supplier of copper rod under the supply "
                "agreement"),
         OrgRef(name="Thursby Vale LLP", role="counsel to Penhallow Wire Ltd (the buyer)", privileged=True,
                acts_for="Penhallow Wire Ltd")]
_AUTHOR = person("t_1", "Iris", "Calloway", "Associate", "Thursby Vale LLP", "thursbyvale.example", "+1")
_CAST = [_AUTHOR, person("p_1", "Omar", "Fenwick", "General Counsel", "Penhallow Wire Ltd", "penhallow.example", "+1"),
         person("q_1", "Lena", "Marsh", "Vice President, Sales", "Quarrenden Copper Corp.", "quarrenden.example", "+1")]


def _extract(title: str):
    price = fact("unit_price", "Schedule 3 of the supply agreement of March 2, 2024 sets the unit price of copper rod "
                 "at USD 9,100 a tonne, delivered to Penhallow's Leeds works.", Money(amount=Decimal(9100),
                                                                                     currency="USD"))
    volume = fact("volume", "Penhallow commits to take 3,600 tonnes of rod in each contract year under clause 4.1.",
                  Number(value=Decimal(3600), unit="t"))
    cap = fact("cap_pct", "Clause 7.2 caps any price increase under clause 7.1 at 9% of the annual contract price in "
               "a contract year.", Percent(value=Decimal(9)))
    facts = [price.model_copy(update={"label": "unit price", "text": "USD 9,100"}),
             volume.model_copy(update={"label": "annual volume", "text": "3,600 t"}),
             cap.model_copy(update={"label": "increase cap percentage", "text": "9%"})]
    ctx = document_context("contract", 4, seed=3, facts=facts)
    return ctx.model_copy(update={
        "organisations": _ORGS, "author": _AUTHOR, "locale": "en_US", "cast": _CAST, "to": _CAST[1:2],
        "world_summary": "Penhallow Wire Ltd buys copper rod from Quarrenden Copper Corp. under a supply agreement of "
                         "March 2, 2024. Clause 7.1 lets Quarrenden pass on increases in the published copper rod "
                         "premium; clause 7.2 caps any increase at 9% of the annual contract price. Penhallow disputes "
                         "the excess under the clause 12 dispute procedure.",
        "instrument_terms": {"annual contract price": "the unit price times the annual volume",
                             "increase cap": "the increase cap percentage of the annual contract price"},
        "spec": ctx.spec.model_copy(update={"title": title, "date": dt.date(2026, 5, 4),
                                            "purpose": "The volume, the price increase and its cap, and the dispute "
                                                       "procedure, as in the agreement."})})


def _text(doc) -> str:
    return "\n".join([s.heading for s in doc.sections] + [p for s in doc.sections for p in s.paragraphs])


def test_an_agreement_extract_sets_out_the_clauses_its_title_names_in_the_contracts_words():
    # read 18: 'Titled an "extract" of ss.4.3, 9.1 and 17.2, it is generic supply/licence boilerplate with no base
    # fee ... and no s.17.2'; seed 31: 'The record shows that halvergate commits to take 24,000 tonnes ...'
    doc = compose_document(_extract("Supply agreement extract: volume, price increases and disputes (clauses 4, 7 "
                                    "and 12)"))
    text = _text(doc)
    heads = [s.heading for s in doc.sections]
    for n in ("4", "7", "12"):
        assert any(re.match(rf"^Clause {n}\. \w", h) for h in heads), heads
    # the cap as the clause binds it, in the contract's voice, under its own number and with the ledger's figure
    assert "7.2 Any price increase under Clause 7.1 shall not exceed 9% of the Annual Contract Price" in text
    assert "7.1 The Supplier may pass on increases in the published copper rod premium" in text
    assert "4.1 The Buyer shall take 3,600 tonnes of rod in each contract year" in text
    # the formula the ledger works from the agreement's own terms, as a defined term
    assert '"Annual Contract Price" means the Unit Price multiplied by the Annual Volume.' in text
    assert '"Increase Cap" means the Increase Cap Percentage of the Annual Contract Price.' in text
    # a clause the record names without its words carries its subject's standard words, numbered
    assert re.search(r"^12\.1 .*Notice of Dispute", text, re.M)
    assert "record shows" not in text.lower() and "Penhallow" not in text.split("Signatures")[0].split("Recitals")[1]
    for f in ("USD 9,100", "3,600 t", "9%"):
        assert f in text


def test_an_instruments_context_carries_the_formulas_worked_from_its_own_terms_only():
    from worldsmith.generators.planner import plan_world
    from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
    from worldsmith.worlds.outline import load_outline

    outline = load_outline(Path(__file__).parents[1] / "fixtures" / "supply-surcharge.yaml")
    taxonomy = load_taxonomy()
    plan = plan_world(outline, resolve_cast(outline, taxonomy), 31, "w")
    extract = next(a for a in plan.artifacts if a.kind == "document" and a.doc_type == "contract")
    terms = build_context(plan, taxonomy, extract, defaultdict(lambda: None)).instrument_terms
    # the contract value (base price x volume) and the cap (its percentage of that value) are the agreement's terms;
    # the surcharge claimed reads the index rise, a figure of the matter, and is not
    assert set(terms) == {"the annual contract value", "the surcharge cap"}, terms
    memo = next(a for a in plan.artifacts if a.kind == "document" and a.doc_type == "memo")
    assert build_context(plan, taxonomy, memo, defaultdict(lambda: None)).instrument_terms == {}


def test_a_certified_policy_copy_carries_its_number_period_premises_and_certificate():
    # read 18: 'A "certified copy" with no policy number, no policy period, no described premises and no
    # certification wording. The declarations hold only the limit and the waiting period.'
    orgs = [OrgRef(name="Ashcombe Mutual Assurance Company", role="opposing party; the insurer"),
            OrgRef(name="Tollard Bakeries Inc.", role="client; the policyholder, a bakery whose Swindon plant flooded",
                   privileged=True)]
    insurer = person("a_1", "Ruth", "Penrose", "Claims Manager", "Ashcombe Mutual Assurance Company",
                     "ashcombe.example", "+1")
    limit = fact("bi_limit", "The policy covers business income up to USD 4,000,000.", Money(amount=Decimal(4000000),
                                                                                         currency="USD"))
    ctx = document_context("policy", 5, seed=2, facts=[limit.model_copy(update={"label": "business income limit",
                                                                                "text": "USD 4,000,000"})])
    ctx = ctx.model_copy(update={
        "organisations": orgs, "author": insurer, "locale": "en_US", "window_start": dt.date(2026, 3, 2),
        "world_summary": "Tollard Bakeries Inc.'s bread plant at 14 Kennet Way, Swindon flooded on March 1, 2026.",
        "spec": ctx.spec.model_copy(update={"title": "Certified copy of the Ashcombe Mutual property policy: "
                                                     "business income coverage form", "date": dt.date(2026, 3, 20)})})
    text = _text(compose_document(ctx))
    number = re.search(r"Policy number: (\S+)\.", text)
    assert number and re.search(r"\d{5,}", number.group(1)), text
    period = re.search(r"Policy period: from (\w+ \d+, \d{4}) to (\w+ \d+, \d{4})", text)
    assert period, text
    start = dt.datetime.strptime(period.group(1), "%B %d, %Y").date()
    end = dt.datetime.strptime(period.group(2), "%B %d, %Y").date()
    assert start < dt.date(2026, 3, 1) < end and (end - start).days in (365, 366)
    assert "Described premises: the bread plant at 14 Kennet Way, Swindon" in text
    assert f"true and complete copy of policy number {number.group(1)}" in text


def test_a_settlement_agreement_sets_out_what_each_side_pays_or_credits_and_the_release():
    # seed 31: 'Settlement agreement: Brennmoor index surcharge' (doc_type 'settlement') came out as opposing
    # counsel's file note with 'Settlement date | This paper' in its table: no term, no release
    settled = fact("settled_on", "The parties signed a settlement on September 9, 2026: Penhallow pays the USD 310,000 "
                   "capped increase and Quarrenden credits the USD 95,000 excess.", Money(amount=Decimal(310000),
                                                                                         currency="USD"))
    excess = fact("excess", "Penhallow disputes USD 95,000 of the invoice.", Money(amount=Decimal(95000),
                                                                                currency="USD"))
    ctx = document_context("settlement", 4, seed=5, facts=[
        settled.model_copy(update={"label": "increase payable", "text": "USD 310,000"}),
        excess.model_copy(update={"label": "disputed excess", "text": "USD 95,000"})])
    ctx = ctx.model_copy(update={
        "organisations": _ORGS, "author": _AUTHOR, "locale": "en_US", "cast": _CAST, "to": _CAST[1:2],
        "world_summary": "Penhallow Wire Ltd disputes a price increase invoiced by Quarrenden Copper Corp.",
        "spec": ctx.spec.model_copy(update={"title": "Settlement agreement: Quarrenden price increase",
                                            "date": dt.date(2026, 9, 9)})})
    doc = compose_document(ctx)
    text = _text(doc)
    assert "The Buyer shall pay the USD 310,000 capped increase." in text
    assert "The Supplier shall credit the USD 95,000 excess." in text
    assert re.search(r"full and final settlement", text) and re.search(r"releases the other", text)
    assert any(re.search(r"schedule", s.heading, re.I) for s in doc.sections)
    assert "This paper" not in text and "Prepared by" not in text


def test_a_letter_speaks_of_its_writers_own_figures_in_the_first_person():
    # read 18: 'A template letter: the adjuster refers to himself as "the adjuster"'; seed 31: the supplier's own
    # notice said 'The surcharge claimed by Brennmoor is USD 4,132,800'
    orgs = [OrgRef(name="Orsett Claims Partners", role="loss adjuster appointed by the insurer"),
            OrgRef(name="Dunmore Timber Co.", role="opposing party; the supplier of sawn timber"),
            OrgRef(name="Kelsall Homes Inc.", role="client; the buyer and the policyholder", privileged=True)]
    cases = [(person("o_1", "Gwen", "Tarrant", "Senior Adjuster", "Orsett Claims Partners", "orsett.example", "+1"),
              "the adjuster's period of indemnity", Number(value=Decimal(60), unit="days"), "60 days",
              "Our period of indemnity", "adjuster's period"),
             (person("d_1", "Hugh", "Lacey", "Sales Director", "Dunmore Timber Co.", "dunmore.example", "+1"),
              "timber uplift claimed by Dunmore", Money(amount=Decimal(48000), currency="USD"), "USD 48,000",
              "uplift we claim", "claimed by Dunmore")]
    reader = person("k_1", "Ann", "Royce", "Finance Director", "Kelsall Homes Inc.", "kelsall.example", "+1")
    for author, lab, value, text, want, gone in cases:
        f = fact("figure", f"The {lab} is {text}.", value).model_copy(update={"label": lab, "text": text,
                                                                              "establish": True})
        ctx = document_context("letter", 3, seed=4, facts=[f])
        ctx = ctx.model_copy(update={"organisations": orgs, "author": author, "to": [reader], "locale": "en_US",
                                     "cast": [author, reader],
                                     "spec": ctx.spec.model_copy(update={"title": "Preliminary view on the claim",
                                                                         "date": dt.date(2026, 4, 10)})})
        out = _text(compose_document(ctx))
        assert want in out and gone not in out, out


def test_a_figure_a_party_paid_is_sourced_to_that_payment_not_to_the_memo_restating_it():
    # read 18: 'memos with rows sourced to "This memorandum"' (the advance the insurer paid, in counsel's advice)
    paid = fact("interim", "Ashcombe paid an interim payment of USD 200,000 on account of the claim on March 12, 2026.",
                Money(amount=Decimal(200000), currency="USD")).model_copy(update={
                    "label": "interim payment", "text": "USD 200,000", "establish": True, "source": "", "paper": ""})
    claim = fact("claim", "Tollard claims USD 900,000.", Money(amount=Decimal(900000), currency="USD")).model_copy(
        update={"label": "claim", "text": "USD 900,000", "source": 'the "Claim" line of the Claim workings'})
    ctx = document_context("memo", 5, seed=6, facts=[paid, claim])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"date": dt.date(2026, 4, 1)})})
    doc = compose_document(ctx)
    rows = [r for s in doc.sections if s.table is not None for r in s.table.rows]
    row = next(r for r in rows if r[1] == "USD 200,000")
    assert row[-1] == "Ashcombe's payment of March 12, 2026", rows


def test_minutes_of_a_call_with_the_other_side_are_chaired_by_ours_and_record_what_was_agreed_between_the_parties():
    # read 18: 'Castellan's counsel "chaired" our call and is to "approve" our minutes. The minutes record as
    # "agreed" with her what our next letter to her client will say.'
    orgs = [*_ORGS, OrgRef(name="Aldous Brook LLP", role="counsel to Quarrenden Copper Corp. (the supplier)",
                           acts_for="Quarrenden Copper Corp.")]
    theirs = person("ab_1", "Nora", "Quint", "Partner", "Aldous Brook LLP", "aldousbrook.example", "+1")
    ours = person("tv_2", "Paul", "Ebdon", "Partner", "Thursby Vale LLP", "thursbyvale.example", "+1")
    payable = fact("payable", "The increase payable is the lesser of the increase claimed and the cap: USD 310,000.",
                   Money(amount=Decimal(310000), currency="USD")).model_copy(update={
                       "label": "the increase payable", "text": "USD 310,000",
                       "reason": "the lesser of the increase claimed and the increase cap"})
    ctx = document_context("minutes", 4, seed=8, facts=[payable])
    ctx = ctx.model_copy(update={
        "organisations": orgs, "author": ours, "to": [theirs, _AUTHOR], "cast": [ours, theirs, *_CAST],
        "locale": "en_US",
        "spec": ctx.spec.model_copy(update={"title": "Settlement call with Quarrenden", "date": dt.date(2026, 8, 20),
                                            "purpose": "The increase payable, for the settlement."})})
    text = _text(compose_document(ctx))
    assert "Nora Quint chaired" not in text and "Chair: Nora" not in text and "Nora to" not in text, text
    assert "our next letter" not in text, text
    assert "Agreed between the parties: the increase payable of USD 310,000" in text, text


def test_a_letter_promises_the_working_of_its_figures_only_where_one_has_a_working():
    # read 18: '"Each figure is given below with how it is worked," then one figure with no working'
    writer = person("o_1", "Gwen", "Tarrant", "Senior Adjuster", "Orsett Claims Partners", "orsett.example", "+1")
    reader = person("k_1", "Ann", "Royce", "Finance Director", "Kelsall Homes Inc.", "kelsall.example", "+1")
    orgs = [OrgRef(name="Orsett Claims Partners", role="loss adjuster appointed by the insurer"),
            OrgRef(name="Kelsall Homes Inc.", role="client; the policyholder", privileged=True)]
    seen = 0
    for seed in range(1, 9):
        f = fact("days", "The adjuster allows 60 days.", Number(value=Decimal(60), unit="days")).model_copy(
            update={"label": "the adjuster's period of indemnity", "text": "60 days", "establish": True})
        ctx = document_context("letter", 3, seed=seed, facts=[f])
        ctx = ctx.model_copy(update={"organisations": orgs, "author": writer, "to": [reader], "cast": [writer, reader],
                                     "locale": "en_US", "spec": ctx.spec.model_copy(update={
                                         "title": "Preliminary view of April 10, 2026", "date": dt.date(2026, 4, 10)})})
        text = _text(compose_document(ctx))
        seen += "to set out" in text
        assert "given below with how it is worked" not in text, text
    assert seen


def test_an_input_a_room_sheet_carries_is_not_one_nothing_in_our_working_carries():
    # seed 31: the memo whose own table sourced the 18.5% index rise to the client's surcharge computation said of it
    # 'It also applies the index rise (18.5%), which nothing in our working carries'
    from tests.generators.test_compose_docs_read15 import _licence_memo

    ctx = _licence_memo(0)
    years = fact("years", "Pellmore backdates the claim two years.", Number(value=Decimal(2), unit="years")).model_copy(
        update={"label": "the years backdated", "text": "2 years",
                "source": 'the "Years backdated" line of the User reconciliation'})
    ctx = ctx.model_copy(update={"facts": [*ctx.facts, years]})
    text = _text(compose_document(ctx))
    assert "the years backdated (2 years), which nothing in our working carries" not in text, text
    assert re.search(r"the years backdated \(2 years\)[^.]* (?:is|are) common ground", text, re.I), text


def test_minutes_never_agree_that_our_letter_puts_the_other_sides_own_figure():
    # seed 37's kick-off with the client: 'Agreed that our next letter to Brennmoor Steel Products Inc. puts the
    # surcharge claimed by Brennmoor at USD 3,640,800'
    client = person("p_1", "Omar", "Fenwick", "General Counsel", "Penhallow Wire Ltd", "penhallow.example", "+1")
    ours = person("tv_2", "Paul", "Ebdon", "Partner", "Thursby Vale LLP", "thursbyvale.example", "+1")
    claimed = fact("claimed", "Quarrenden's invoice claims USD 410,000: the 11% premium rise on the contract price.",
                   Money(amount=Decimal(410000), currency="USD")).model_copy(update={
                       "label": "the increase claimed by Quarrenden", "text": "USD 410,000",
                       "reason": "the premium rise of the annual contract price"})
    ctx = document_context("minutes", 4, seed=9, facts=[claimed])
    ctx = ctx.model_copy(update={
        "organisations": _ORGS, "author": ours, "to": [client, _AUTHOR], "cast": [ours, client, _AUTHOR],
        "locale": "en_US",
        "spec": ctx.spec.model_copy(update={"title": "Kick-off with Penhallow", "date": dt.date(2026, 5, 6),
                                            "purpose": "The increase claimed and our answer to it."})})
    text = _text(compose_document(ctx))
    assert "puts the increase claimed by Quarrenden at" not in text, text
    assert "answers the increase claimed by Quarrenden of USD 410,000" in text, text


def test_a_joint_meeting_with_the_other_side_is_chaired_by_the_house_keeping_the_minutes_not_its_client():
    # read 18: 'The client chairs a joint meeting with the insurer'
    orgs = [*_ORGS, OrgRef(name="Aldous Brook LLP", role="counsel to Quarrenden Copper Corp. (the supplier)",
                           acts_for="Quarrenden Copper Corp.")]
    theirs = person("ab_1", "Nora", "Quint", "Partner", "Aldous Brook LLP", "aldousbrook.example", "+1")
    ours = person("tv_2", "Paul", "Ebdon", "Partner", "Thursby Vale LLP", "thursbyvale.example", "+1")
    client = person("p_1", "Omar", "Fenwick", "Chief Executive Officer", "Penhallow Wire Ltd", "penhallow.example",
                    "+1").model_copy(update={"seniority": "executive"})
    agreed = fact("agreed", "The parties agree USD 310,000.", Money(amount=Decimal(310000), currency="USD")).model_copy(
        update={"label": "the agreed increase", "text": "USD 310,000"})
    for seed in range(3):
        ctx = document_context("minutes", 4, seed=seed, facts=[agreed])
        ctx = ctx.model_copy(update={
            "organisations": orgs, "author": ours, "to": [client, theirs], "cast": [ours, client, theirs],
            "locale": "en_US", "spec": ctx.spec.model_copy(update={"title": "Settlement meeting with Quarrenden",
                                                                 "date": dt.date(2026, 8, 20)})})
        text = _text(compose_document(ctx))
        assert re.search(r"Paul Ebdon (?:chaired|was in the chair|took the chair)|Chair: Paul Ebdon", text), text


def test_minutes_cite_no_sheet_made_after_the_meeting():
    # read 18: 'At the June 26 meeting it cites the "Settlement and balance due" sheet, which was compiled June 29'
    client = person("p_1", "Omar", "Fenwick", "General Counsel", "Penhallow Wire Ltd", "penhallow.example", "+1")
    ours = person("tv_2", "Paul", "Ebdon", "Partner", "Thursby Vale LLP", "thursbyvale.example", "+1")
    src = 'the "Increase payable" line of the Settlement workings'
    payable = fact("payable", "The increase payable is USD 310,000.", Money(amount=Decimal(310000), currency="USD"))
    for day, shown in ((dt.date(2026, 8, 21), False), (dt.date(2026, 8, 17), True)):
        f = payable.model_copy(update={"label": "the increase payable", "text": "USD 310,000", "source": src,
                                       "source_day": day,
                                       "reason": "the lesser of the increase claimed and the increase cap"})
        ctx = document_context("minutes", 4, seed=2, facts=[f])
        ctx = ctx.model_copy(update={
            "organisations": _ORGS, "author": ours, "to": [client], "cast": [ours, client], "locale": "en_US",
            "spec": ctx.spec.model_copy(update={"title": "Settlement review with Penhallow, August 18",
                                                "date": dt.date(2026, 8, 21)})})
        text = _text(compose_document(ctx))
        assert ("Settlement workings" in text) is shown, (day, text)


def test_a_letters_opening_does_not_repeat_its_own_date_as_its_subject():
    # seed 37: 'We write to set out our surcharge notice, April 3, 2026.' in the notice of April 3
    writer = person("o_1", "Gwen", "Tarrant", "Senior Adjuster", "Orsett Claims Partners", "orsett.example", "+1")
    reader = person("k_1", "Ann", "Royce", "Finance Director", "Kelsall Homes Inc.", "kelsall.example", "+1")
    orgs = [OrgRef(name="Orsett Claims Partners", role="loss adjuster appointed by the insurer"),
            OrgRef(name="Kelsall Homes Inc.", role="client; the policyholder", privileged=True)]
    f = fact("days", "The adjuster allows 60 days.", Number(value=Decimal(60), unit="days")).model_copy(
        update={"label": "the adjuster's period of indemnity", "text": "60 days", "establish": True})
    for title in ("Orsett preliminary view of April 10, 2026", "Orsett preliminary view, April 10, 2026"):
        ctx = document_context("letter", 3, seed=1, facts=[f])
        ctx = ctx.model_copy(update={"organisations": orgs, "author": writer, "to": [reader], "cast": [writer, reader],
                                     "locale": "en_US", "spec": ctx.spec.model_copy(update={
                                         "title": title, "date": dt.date(2026, 4, 10)})})
        text = _text(compose_document(ctx))
        assert "to set out our preliminary view." in text and "view of April 10" not in text, text
