"""The aircraft redelivery outline (an aviation finance reader): a lease is written as a lease, whose figures are
whose, quotes split by weight, and who the counterparty is."""
import datetime as dt
from decimal import Decimal
from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money, Text, DateValue
from tests.generators.context_fixture import RUTH, document_context, fact, person

def lease_ctx(title="Aircraft Lease Agreement: MSN 6912 (executed copy)"):
    ac = fact("aircraft", "The aircraft is Airbus A320neo MSN 6912, registration G-BRWA, leased by Corrib Aviation Capital DAC to Brightwing Airways Limited under an Aircraft Lease Agreement dated March 22, 2016.", Text(value="A320neo MSN 6912 (G-BRWA)"))
    rate = fact("engine_reserve_rate", "Clause 6.2 of the lease fixes the Engine Performance Restoration Reserve at a rate per engine flight hour escalated each January; the 2028 rate, which Clause 6.4 applies to all EFH for reconciliation at return, is USD 212 per EFH.", Money(amount=Decimal(212), currency="USD"))
    dep = fact("security_deposit", "Clause 7 of the lease requires Brightwing to maintain a standby letter of credit of USD 1,150,000 in Corrib's favour as security, on which Corrib may draw for any amount due and unpaid.", Money(amount=Decimal(1150000), currency="USD"))
    due = fact("payment_due", "Clause 22.9 requires Brightwing to pay redelivery compensation within 21 days of Corrib's written demand, so the claim demanded on April 28, 2028 falls due on May 19, 2028.", DateValue(value=dt.date(2028,5,19)))
    orgs = [OrgRef(name="Kestrel Whitlock LLP", role="aviation finance counsel to Corrib Aviation Capital DAC (the lessor under the Aircraft Lease Agreement)"),
            OrgRef(name="Corrib Aviation Capital DAC", role="aircraft operating lessor of A320neo MSN 6912 and claimant for redelivery compensation"),
            OrgRef(name="Brightwing Airways Limited", role="opposing party; airline lessee of A320neo MSN 6912 and payer of the maintenance reserves")]
    summary = ("Brightwing Airways Limited leased Airbus A320neo MSN 6912 from Corrib Aviation Capital DAC under an Aircraft Lease Agreement dated March 22, 2016, for 144 months from delivery on April 12, 2016, paying monthly maintenance reserves. The lessee says the Schedule 6 para 4.3 cap limits the engine compensation.")
    gc = person("gc_1", "Beth", "Morgan", "General Counsel", "Corrib Aviation Capital DAC", "corrib.example", "+353")
    le = person("le_1", "Hollie", "Saunders", "Director of Engineering", "Brightwing Airways Limited", "brightwing.example", "+44")
    ctx = document_context("agreement", 10, seed=3, facts=[ac, rate, dep, due])
    return ctx.model_copy(update={"organisations": orgs, "world_summary": summary, "window_start": dt.date(2028, 3, 6),
        "locale": "en_GB", "to": [le], "author": gc, "world_title": "Corrib Aviation v. Brightwing Airways",
        "spec": ctx.spec.model_copy(update={"title": title, "date": dt.date(2028,3,8), "purpose": "The executed lease as produced from the client's files."})})


def test_an_executed_lease_citing_clauses_is_a_lease_made_on_its_stated_day_between_lessor_and_lessee():
    # read: '(A) Client produces and sells the goods', contamination warranties, and an 'executed' 2016 lease dated
    # 21-60 days before the window
    doc = compose_document(lease_ctx())
    paras = [p for s in doc.sections for p in s.paragraphs]
    prose = " ".join(paras)
    heads = [s.heading for s in doc.sections]
    assert "goods" not in prose.lower() and "contamination" not in prose and "Supplier" not in prose, prose
    assert "dated 22 March 2016" in paras[0], paras[0]
    assert "(the Lessor)" in paras[0] and "(the Lessee)" in paras[0], paras[0]
    assert any("lease the Aircraft to Lessee" in p for p in doc.sections[1].paragraphs), doc.sections[1].paragraphs
    assert {"6. Rent and Maintenance Reserves", "7. Security"} <= set(heads), heads
    assert any(h.startswith("22. ") for h in heads), heads
    assert any(p.startswith("22.9 Lessee shall pay redelivery compensation within 21 days") for p in paras), paras
    schedule = " ".join(next(s for s in doc.sections if s.heading == "Schedule 1").paragraphs)
    assert "2028" not in schedule, schedule  # no later figure of the matter among a 2016 lease's terms
    assert "Section 22" not in prose, prose  # a lease that cites Clauses numbers its own the same way


def test_an_agreement_of_no_known_kind_has_no_goods_and_its_parties_by_name():
    doc = compose_document(lease_ctx("Settlement and Release Deed: MSN 6912 (executed copy)"))
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "goods" not in prose.lower() and "Supplier" not in prose and "Buyer" not in prose, prose
    assert "(the Corrib)" not in prose, prose


def _aircraft_plan():
    from pathlib import Path

    from worldsmith.generators.planner import plan_world
    from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
    from worldsmith.worlds.outline import load_outline

    outline = load_outline(Path(__file__).parent.parent / "fixtures" / "aircraft-redelivery.yaml")
    return plan_world(outline, resolve_cast(outline, load_taxonomy()), 0, "w-lease")


def test_a_figure_the_other_side_asserts_is_theirs_though_the_writers_firm_later_copies_it_into_a_sheet():
    # read: the partner could not object to the lessee's capped figure, which his firm's comparison sheet carried,
    # and 'the partner disputes the cap' came out 'Thanks, Gordon; all clear.'
    from worldsmith.generators.context import own_labels

    plan = _aircraft_plan()
    first = next(a for a in plan.artifacts if a.kind == "email" and a.title.startswith("Brightwing's response")
                 and getattr(a, "position", 0) == 0)
    counsel = first.author  # opposing counsel
    partner = next(p.id for p in plan.people if p.title == "Partner, Aviation Finance")
    theirs = {"Brightwing's engine compensation figure", "Brightwing's accepted amount",
              "the undisputed balance paid by Brightwing"}
    assert not theirs & set(own_labels(plan, first.thread, partner)), own_labels(plan, first.thread, partner)
    assert theirs <= set(own_labels(plan, first.thread, counsel)), own_labels(plan, first.thread, counsel)


def test_a_letter_never_rejects_its_own_sides_figure():
    # read: a letter's 'Your figure for X is not accepted' picked a fact by rotation, whoever's figure it was
    import re

    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.genres import Writer, labels
    from tests.generators.context_fixture import ALL_FACTS

    names = labels(ALL_FACTS)
    reject = re.compile(r"not accepted|do not accept")

    def rejected(own: list[str]) -> set[str]:
        out = set()
        for seed in range(12):
            ctx = document_context("letter", 5, seed=seed).model_copy(update={"to": [RUTH], "own_labels": own})
            w = Writer(Picker(seed), ctx, {})
            for n in range(len(names)):
                out |= {x for s in w.frames("position", **w.values_for(n)) if reject.search(s)
                        for x in names if x in s}
        return out

    assert rejected([]), "the position frames reject the other side's figures"
    assert not rejected(names[:3]) & set(names[:3])


def test_the_other_side_is_said_only_among_one_side():
    # read: a lessee's engineer asked the lessor 'Has the counterparty seen ...?', meaning his own side
    from worldsmith.generators.kinds.email.compose import _of_one_side
    from tests.generators.context_fixture import SAM, email_context

    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd", privileged=True),
            OrgRef(name="Corvale Shipping Ltd", role="opposing party", privileged=False)]
    frames = ["Has the other side seen {label} yet?", "Has the counterparty seen {label}?", "Is {label} final?"]
    out = email_context(to=[RUTH]).model_copy(update={"organisations": orgs})
    assert _of_one_side(out, frames) == ["Is {label} final?"]
    inside = email_context(to=[SAM]).model_copy(update={"organisations": orgs})
    assert _of_one_side(inside, frames) == frames


def test_a_quotes_line_items_are_split_by_their_weight_set_up_and_transport_small():
    # read: a shop visit quote split at random, induction and disassembly its largest line
    import random
    from decimal import Decimal

    from worldsmith.generators.skeleton import _item_shape, _shaped_split

    plan = _aircraft_plan()
    quote = plan.fact("engine_sv_quote")
    items = list(quote.items)
    shape = _item_shape(quote, items)
    assert shape is not None
    for seed in range(10):
        amounts = _shaped_split(Decimal(6180000), shape, random.Random(seed), True)
        assert sum(amounts) == Decimal(6180000)
        by = dict(zip(items, amounts))
        small = [by["Induction, disassembly and module inspection"], by["Assembly, test cell run and transport"]]
        assert max(small) < min(v for k, v in by.items() if "restoration" in k or "parts" in k), by
        assert max(by, key=by.get) == "HPT and LPT module restoration", by
    records = plan.fact("records_remediation_cost")
    weights = dict(zip(records.items, _item_shape(records, list(records.items))))
    assert max(weights, key=weights.get).startswith("Replacement of rotables"), weights
    # no basis in the words: no invented shape (the split stays as before)
    from types import SimpleNamespace
    assert _item_shape(SimpleNamespace(statement="Costs.", label="costs", items=["Alpha", "Beta"]), ["Alpha", "Beta"]) is None


def test_a_side_letter_recites_the_lease_it_is_made_under_between_lessor_and_lessee():
    ctx = lease_ctx("Side letter and Return Acceptance Certificate: redelivery of MSN 6912")
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"purpose": "Corrib accepts redelivery."})})
    doc = compose_document(ctx)
    paras = [p for s in doc.sections for p in s.paragraphs]
    prose = " ".join(paras)
    assert "(the Lessor)" in prose and "(the Lessee)" in prose, prose
    assert "Aircraft Lease Agreement dated 22 March 2016 (the Lease)" in prose, prose
    assert "goods" not in prose.lower(), prose


def test_an_agreement_is_of_the_kind_its_title_names():
    from worldsmith.generators.compose.substance.articles import agreement_kind

    kinds = {t: agreement_kind(lease_ctx(t)) for t in (
        "Aircraft Lease Agreement: MSN 6912 (executed copy)", "Side letter: redelivery of MSN 6912",
        "Share Purchase Agreement: Project Millrace (executed)", "Ingredient Supply Agreement (executed)")}
    assert list(kinds.values()) == ["lease", "other", "other", "goods"], kinds


def test_an_agreement_extract_is_dated_the_day_the_matter_says_the_agreement_was_made():
    """Two outlines' 'Credit agreement extract' and 'Merger agreement extract' were agreements 'dated July 8, 2026'
    (the day the paralegal produced them), where the summary names 'the credit agreement of March 15, 2024'."""
    ctx = lease_ctx("Aircraft Lease Agreement extract: maintenance reserves (clauses 6 and 7)")
    of = lambda t: t.replace("an Aircraft Lease Agreement dated", "the Aircraft Lease Agreement of")
    ctx = ctx.model_copy(update={"world_summary": of(ctx.world_summary),
                                 "facts": [f.model_copy(update={"statement": of(f.statement)}) for f in ctx.facts],
                                 "spec": ctx.spec.model_copy(update={"purpose": "The lease's reserve clauses."})})
    assert "dated" not in ctx.world_summary
    doc = compose_document(ctx)
    first = doc.sections[0].paragraphs[0]
    assert "dated 22 March 2016" in first, first


def test_we_need_to_stand_behind_it_is_said_only_among_one_side():
    # read 19 (tanker): charterer's counsel told the owner's adverse P&I club of a statutory cap 'we need to stand
    # behind it'
    from worldsmith.generators.compose.bank import bank
    from worldsmith.generators.kinds.email.compose import _of_one_side
    from tests.generators.context_fixture import SAM, email_context

    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd", privileged=True),
            OrgRef(name="Corvale Shipping Ltd", role="opposing party", privileged=False)]
    frames = bank("email")["follow_ups"]["ask"]
    out = email_context(to=[RUTH]).model_copy(update={"organisations": orgs})
    assert not any("stand behind" in f for f in _of_one_side(out, frames))
    inside = email_context(to=[SAM]).model_copy(update={"organisations": orgs})
    assert _of_one_side(inside, frames) == frames
