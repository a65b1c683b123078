"""Documents and sheets a blind expert rejected in read 14 (issue 17): a contract whose cited clauses hold stock
words, and more (one test each)."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Text
from tests.generators.context_fixture import document_context, fact, person

_VENDOR = person("vendor_1", "Ivo", "Marsh", "Strategic Account Executive", "Pellmore Software Corp.",
                 "pellmore.example", "+1")
_BUYER = person("buyer_1", "Nia", "Rowe", "Director of IT Procurement", "Ashvale Freight, Inc.", "ashvale.example", "+1")
_ORGS = [OrgRef(name="Ashvale Freight, Inc.", role="client; freight carrier and licensee of the Pellmore Route platform"),
         OrgRef(name="Pellmore Software Corp.", role="opposing party; licensor of the Pellmore Route platform"),
         OrgRef(name="Harrow Vane LLP", role="counsel to Ashvale Freight, Inc.")]


def _msa(seed: int = 3):
    audit = fact("audit_clause", "Section 7.3 of the Master Subscription Agreement lets Pellmore audit use once in any "
                 "12 months on 30 days' notice; Section 7.3(c) requires the customer to buy any excess Named Users at "
                 "the fees in the current Order Form for the remainder of the subscription year.",
                 Text(value="Section 7.3"))
    named = fact("named_user_definition", "Section 1.1 defines a Named User as an individual authorised to log in to "
                 "the platform, and excludes system accounts used only by an integration through the published API.",
                 Text(value="Section 1.1"))
    platform = fact("platform", "Ashvale subscribes to the Pellmore Route platform.", Text(value="Pellmore Route"))
    summary = ("Pellmore Software Corp. gave Ashvale Freight, Inc. notice of an audit under Section 7.3 of their Master "
               "Subscription Agreement. Ashvale shows that 50 accounts are integration accounts, and the Section 12.2 "
               "executive escalation period ends on June 19, 2026.")
    ctx = document_context("agreement", 9, seed=seed, facts=[audit, named, platform])
    return ctx.model_copy(update={
        "organisations": _ORGS, "world_summary": summary, "window_start": dt.date(2026, 2, 2), "author": _BUYER,
        "to": [_VENDOR], "spec": ctx.spec.model_copy(update={
            "title": "Master Subscription Agreement between Pellmore Software Corp. and Ashvale Freight, Inc.",
            "purpose": "The agreement as signed in 2023, with the definitions, the audit clause and the dispute "
                       "resolution clause.", "date": dt.date(2026, 2, 10)})})


def test_a_contract_states_at_each_cited_number_what_the_matter_cites_it_for():
    # read 14: 'Everyone relies on "Section 9.4" as the audit clause and "Section 1.1" as the Named User definition,
    # yet the contract reads: "9.4 The rights under this Section 9 are in addition to any other rights ..." and "1.1
    # This Agreement begins on the date first written above"'; 'Dated Dec 31, 2025, yet ... backdating reaches Oct 2023'
    for seed in range(4):
        doc = compose_document(_msa(seed))
        heads = [s.heading for s in doc.sections]
        paras = [p for s in doc.sections for p in s.paragraphs]
        at = {p.split(" ", 1)[0]: p for p in paras if re.match(r"^\d+\.\d+ ", p)}
        assert "7. Records and Audit" in heads, heads
        assert "may audit use once in any 12 months" in at["7.3"] and "(c) Licensee shall buy any excess" in at["7.3"], at
        assert at["1.1"].startswith('1.1 "Named User" means an individual authorised to log in') and \
            "does not include system accounts" in at["1.1"], at["1.1"]
        assert re.search(r"negotiat|escalat", at["12.2"]), at["12.2"]
        for number, p in at.items():
            assert "are in addition to any other rights" not in p or number not in ("7.3", "1.1", "12.2"), p
            assert not p.startswith("1.1 This Agreement begins"), p
        # the articles run without gaps up to the last one cited (read 14: 'Sections jump 1, 9, 14, 15, 16')
        numbers = [int(h.split(".")[0]) for h in heads if h[:1].isdigit()]
        assert numbers == list(range(1, len(numbers) + 1)) and 12 in numbers, heads
        # the parties' defined terms displaced by the cited definition are still there
        assert any("have the meanings given to them above" in p for p in paras), paras
        # signed in 2023, as the outline says; a provision's number is not a commercial term of the schedule
        assert "2023" in doc.sections[0].paragraphs[0] and "2025" not in doc.sections[0].paragraphs[0], doc.sections[0]
        schedule = " ".join(next(s for s in doc.sections if s.heading == "Schedule 1").paragraphs)
        assert "Section 7.3" not in schedule and "Section 1.1" not in schedule, schedule


def test_an_aircraft_discrepancy_log_lists_discrepancies_each_priced_by_its_rectification_vendor():
    # read 14: 'Titled a discrepancy log "with rectification estimates", but it holds no discrepancies and no
    # estimates, only contractor daily costs, including "1 vessel and truck trips" for work on an aircraft'
    from decimal import Decimal

    from faker import Faker

    from worldsmith.generators.skeleton import build_skeleton
    from worldsmith.worlds.plan import LedgerFact, SheetSpec
    from worldsmith.worlds.values import Money

    items = ["Cabin interior (seat covers, carpets, sidewall panels)", "Exterior paint and livery removal",
             "Corrosion rectification (aft cargo hold and lavatory floor)", "Open deferred defects and MEL items",
             "Cleaning and de-identification"]
    shortfall = LedgerFact(id="shortfall", statement="Discrepancies priced at USD 412,500.", text="USD 412,500",
                           value=Money(amount=Decimal("412500"), currency="USD"), items=items)
    for seed in range(3):
        spec = SheetSpec(id=f"log_{seed}", item="log", path="L/1.xlsx", title="Daily discrepancy log with rectification "
                         "estimates", author="a", occupation="x", rows=15, date=dt.date(2028, 4, 4 + seed),
                         rolls_up_to="shortfall", facts=[])
        sk = build_skeleton(spec, [shortfall], None, "en_US", Faker(), dt.date(2028, 4, 3), share=Decimal("60000"))
        heads = [c[0] if isinstance(c, tuple) else getattr(c, "name", str(c)) for c in sk.columns]
        assert any("Discrepancy" in h for h in heads) and any("Estimate" in h for h in heads), heads
        rows = [ln for ln in sk.lines if ln.role == "item"]
        assert rows
        text = " ".join(str(c) for ln in sk.lines for c in ln.cells if c is not None)
        assert not re.search(r"\btrips?\b|crew hours|Labour|Transport|Equipment", text), text
        for ln in rows:
            assert ":" in ln.cells[2] and "estimate" in str(ln.cells[5]).lower(), ln.cells


def _skeleton(title: str, facts, ids, rows: int = 12):
    from faker import Faker

    from worldsmith.generators.skeleton import build_skeleton
    from worldsmith.worlds.plan import SheetSpec

    spec = SheetSpec(id="s1", item="s", path="W/s.xlsx", title=title, author="a", occupation="x", rows=rows,
                     date=dt.date(2026, 6, 18), facts=ids)
    return build_skeleton(spec, facts, None, "en_US", Faker(), dt.date(2026, 5, 1))


def test_a_stratified_extrapolation_computes_its_stratified_estimate():
    # read 14: 'A workbook for "corrected stratum weights" leaves the "Stratified estimate" cell blank. It has no
    # per-stratum means'
    from decimal import Decimal

    from worldsmith.worlds.plan import LedgerFact
    from worldsmith.worlds.values import Money, Number

    size = LedgerFact(id="size", statement="The probe sample is 400 claims, stratified by DRG weight.", text="400 claims",
                      value=Number(value=Decimal(400), unit="claims"), label="probe sample")
    pop = LedgerFact(id="pop", statement="The population is 10,560 claims.", text="10,560 claims",
                     value=Number(value=Decimal(10560), unit="claims"), label="claims in the review period")
    found = LedgerFact(id="found", statement="The net overpayment in the sample is USD 182,340.", text="USD 182,340",
                       value=Money(amount=Decimal(182340), currency="USD"), label="net overpayment in the sample")
    ext = LedgerFact(id="ext", statement="Extrapolated, USD 4,813,776.", text="USD 4,813,776",
                     value=Money(amount=Decimal(4813776), currency="USD"), label="extrapolated overpayment",
                     formula="found / size * pop")
    sk = _skeleton("Extrapolation workbook", [size, pop, found, ext], ["found", "pop", "ext", "size"])
    labels = [ln.cells[sk.label] for ln in sk.lines]
    est = next(ln for ln in sk.lines if ln.cells[sk.label] == "Stratified estimate")
    assert est.cells[sk.amount] == 4813776 and est.formula, est
    factors = [ln for ln in sk.lines if str(ln.cells[sk.label]).endswith("expansion factor")]
    assert len(factors) == 3 and all(ln.formula and "/" in ln.formula for ln in factors), labels
    assert any(str(x).endswith("claims sampled") for x in labels), labels


def test_an_unbilled_aging_reports_its_days_from_discharge_and_backs_no_bucket_into_the_total():
    # read 14: 'The "Current" bucket is backed into from the total ("Total USD 9,460,000 less ..."), and that total is
    # then the SUM of the buckets, which is circular'
    from decimal import Decimal

    from worldsmith.worlds.plan import LedgerFact
    from worldsmith.worlds.values import Money

    ar = LedgerFact(id="ar", statement="Unbilled accounts receivable (discharged, not final billed) stood at USD "
                    "9,460,000 at May 31, 2026, of which USD 3,100,000 was more than 30 days old.", text="USD 9,460,000",
                    value=Money(amount=Decimal(9460000), currency="USD"), label="unbilled receivables at May 31")
    sk = _skeleton("Unbilled receivables aging at May 31", [ar], ["ar"], rows=20)
    notes = " ".join(str(ln.cells[-1] or "") for ln in sk.lines)
    assert "less the" not in notes, notes
    buckets = [ln for ln in sk.lines if ln.role == "item" and "days" in str(ln.cells[sk.label])
               and not str(ln.cells[sk.label]).startswith("Of which")]
    assert str(buckets[0].cells[sk.label]).startswith("0-4 days"), buckets
    assert sum(Decimal(str(ln.cells[sk.amount])) for ln in buckets) == Decimal(9460000)
    older = next(ln for ln in sk.lines if str(ln.cells[sk.label]).startswith("Of which more than 30 days"))
    assert older.cells[sk.amount] == 3100000 and older.formula.startswith("SUM("), older


def test_a_memo_by_someone_who_is_not_a_lawyer_is_a_working_note_not_legal_advice():
    # read 14: 'The client's software asset manager writes a legal memo ("Question Presented", "Cassandra Willis asked
    # us to advise")'; 'written in a law-firm "Question Presented / Short Answer" format by a data associate'
    from tests.generators.context_fixture import CAP, DEADLINE, FINANCE_VOICE, LEGAL_VOICE

    for seed in range(4):
        ctx = document_context("memo", 5, seed=seed, facts=[CAP, DEADLINE])
        doc = compose_document(ctx.model_copy(update={"voice": FINANCE_VOICE}))
        heads = [s.heading for s in doc.sections]
        prose = " ".join(p for s in doc.sections for p in s.paragraphs)
        assert "Purpose" in heads and "Question Presented" not in heads and "Short Answer" not in heads, heads
        assert "to advise" not in prose, prose
        assert doc.sections[heads.index("Purpose")].paragraphs[0].startswith("This note sets out "), doc.sections[0]
        # a lawyer's memo keeps its genre
        legal = compose_document(ctx.model_copy(update={"voice": LEGAL_VOICE}))
        assert "Question Presented" in [s.heading for s in legal.sections]


def test_a_final_ic_paper_without_returns_recommends_on_its_figures_and_names_the_open_items():
    # read 14: 'A "final recommendation" IC memo with no IRR, MoM, leverage or equity cheque ("the deal team will table
    # them"). Its memo block is repeated by a title line and a banner line'
    from tests.generators.test_compose_docs_read10 import _deal_doc

    for n in (6, 10):
        doc = _deal_doc("investment committee memo", "Investment Committee memorandum: Project X (final "
                        "recommendation)", n)
        text = " ".join(p for s in doc.sections if s.heading == "Financing, Leverage and Returns" for p in s.paragraphs)
        assert "will table" not in text, text
        assert "no leverage or returns figures" in text, text
        for item in ("Senior debt", "Equity cheque", "IRR and money multiple"):
            assert re.search(rf"{item}[^.]*to be confirmed from", text), (item, text)
        assert set(re.findall(r"\d[\d,.]*", text)) <= {"98,400,000"}, text
        assert "Prepared by" not in doc.subtitle and "2025" not in doc.subtitle, doc.subtitle


def _weekly_minutes(week, facts):
    from tests.generators.context_fixture import DANA, RUTH, SAM

    orgs = [OrgRef(name="Harrow Vane LLP", role="buy-side financial adviser to Corvale", privileged=True,
                   acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client; private-equity buyer", privileged=True),
            OrgRef(name="Tamsin Holdings Limited", role="the target"),
            OrgRef(name="Ostbury Partners", role="sell-side corporate finance adviser to Tamsin's shareholders")]
    ctx = document_context("minutes", 3, seed=5, facts=facts)
    return ctx.model_copy(update={
        "organisations": orgs, "week": week, "to": [SAM, RUTH], "author": DANA,
        "world_summary": "Corvale is buying Tamsin Holdings; the committee approves a revised offer, subject to the "
                         "change-of-control consent of the largest customer, and signing is targeted for October 16.",
        "spec": ctx.spec.model_copy(update={"title": "Weekly diligence call: notes and actions - October 22",
                                            "date": dt.date(2026, 10, 22)})})


def test_minutes_after_a_missed_signing_and_a_lapsed_exclusivity_record_the_cause_the_extension_and_the_status():
    # read 14: 'Minutes of the call after signing was missed and exclusivity lapsed record no cause, no extension and
    # no Ashgrove status, only "took stock"'
    from worldsmith.generators.week import WeekEvent

    week = [WeekEvent(what="passed", day=dt.date(2026, 10, 16), fact="signing_target", label="the signing target",
                      type="date", text="16 October 2026"),
            WeekEvent(what="passed", day=dt.date(2026, 10, 21), fact="exclusivity_expiry",
                      label="the exclusivity expiry", type="date", text="21 October 2026")]
    doc = compose_document(_weekly_minutes(week, []))
    text = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "took stock" not in text, text
    assert "change-of-control consent of the largest customer is not yet in place" in text, text
    assert "extension of exclusivity" in text and "Ostbury Partners" in text, text
    assert "remains live" in text, text
    actions = [r[0] for s in doc.sections if s.table is not None and s.table.columns[0] == "Action"
               for r in s.table.rows]
    assert any("extension of exclusivity" in a for a in actions) and any(a.startswith("Chase ") for a in actions), \
        actions
    assert not any("Agree the next steps" in a for a in actions), actions


def test_minutes_chase_the_answer_to_a_letter_already_sent_and_never_put_it_in_our_next_letter():
    # read 14: 'Action to put the revised EV in "our next letter to Cindermill" by 13 Oct, although the revised offer
    # went to Ostler Brook that morning'; 'Agrees that Sally will send comments on the LOI "before it is final" after
    # it was sent to the sell side'
    from decimal import Decimal

    from worldsmith.generators.week import WeekEvent
    from worldsmith.worlds.values import Money

    ev = fact("enterprise_value", "The revised enterprise value is GBP 177,500,000.",
              Money(amount=Decimal(177500000), currency="GBP"))
    ev = ev.model_copy(update={"label": "the revised enterprise value",
                               "reason": "the EBITDA multiple times the adjusted EBITDA"})
    week = [WeekEvent(what="paper", day=dt.date(2026, 10, 22), title="Revised offer letter: Project Tamsin",
                      by="Ruth Abernethy", org="Corvale Shipping Ltd")]
    doc = compose_document(_weekly_minutes(week, [ev]))
    text = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "next letter" not in text and "before it is final" not in text, text
    assert "went out on" in text and "no response yet" in text, text
    actions = [r[0] for s in doc.sections if s.table is not None and s.table.columns[0] == "Action"
               for r in s.table.rows]
    assert any(a.startswith("Chase Ostbury Partners for a response to the Revised offer letter") for a in actions), \
        actions


def test_a_notice_of_non_compliance_cites_the_provision_states_the_breach_the_remedy_and_reserves_rights():
    # read 14: 'A notice of non-compliance that cites no clause (Sch 6 para 4.1, Cl 22), states no breach or remedy and
    # reserves no rights: it is only a "Figures" paragraph'
    from decimal import Decimal

    from worldsmith.worlds.values import DateValue, Number
    from tests.generators.context_fixture import DANA

    rule = fact("min_efh", "Schedule 6 para 4.1 requires each engine at return to have at least 6,000 EFH remaining to "
                "its next shop visit and no borescope findings beyond AMM limits.", Number(value=Decimal(6000), unit="EFH"))
    left = fact("efh_left", "Engine 1 has 1,850 EFH remaining to its next shop visit.",
                Number(value=Decimal(1850), unit="EFH"))
    expiry = fact("expiry", "The Expiry Date is April 12, 2028.", DateValue(value=dt.date(2028, 4, 12)))
    rule, left, expiry = (f.model_copy(update={"label": x}) for f, x in (
        (rule, "minimum EFH remaining at return"), (left, "Engine 1 EFH remaining"), (expiry, "Expiry Date")))
    lessee = person("lessee_1", "Hal", "Rees", "Director of Engineering", "Skylark Airways Limited", "skylark.example",
                    "+44")
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Leasing DAC (the lessor)", privileged=True,
                   acts_for="Corvale Leasing DAC"),
            OrgRef(name="Corvale Leasing DAC", role="client; lessor of the aircraft", privileged=True),
            OrgRef(name="Skylark Airways Limited", role="opposing party; lessee of the aircraft")]
    for n in (3, 4, 5):
        for seed in range(3):
            ctx = document_context("letter", n, seed=seed, facts=[rule, left, expiry])
            ctx = ctx.model_copy(update={
                "organisations": orgs, "to": [lessee], "author": DANA, "cc": [],
                "world_summary": "Corvale leases an A320neo to Skylark under an Aircraft Lease Agreement dated March "
                                 "22, 2016.",
                "spec": ctx.spec.model_copy(update={"title": "Notice of non-compliance with the return conditions: "
                                                             "Engine 1", "date": dt.date(2028, 3, 23)})})
            doc = compose_document(ctx)
            text = " ".join(p for s in doc.sections for p in s.paragraphs)
            assert "Schedule 6 para 4.1 of the Lease requires each engine" in text, text
            assert "Engine 1 does not meet Schedule 6 para 4.1" in text, text
            assert "to remedy the non-compliance before the" in text, text
            assert "reserves all its rights under Schedule 6 para 4.1" in text, text
            assert rule.statement not in text  # the establishing paper's words are not pasted


def test_a_row_whose_text_wraps_is_raised_to_hold_it_and_reads_from_its_top():
    # read 14: 'the printout would not go out as it stands: the row-6 Basis text ("user a year x years backdated")
    # prints over "As at April 20, 2026" on row 7'
    import io

    import openpyxl

    from worldsmith.generators.kinds.spreadsheet.render import render_xlsx
    from worldsmith.worlds.content import SheetColumn
    from tests.generators.plan_fixture import make_contents, make_plan

    plan = make_plan()
    spec = plan.artifact("s1")
    base = make_contents()["s1"]
    long = ("accounts counted by the auditor - licensed Named Users x list price per user a year x years backdated, "
            "as the auditor's findings price them")
    content = base.model_copy(update={
        "columns": base.columns + [SheetColumn(name="Basis", type="text")],
        "rows": [r + [long if i == 0 else "As at April 20, 2026"] for i, r in enumerate(base.rows)]})
    ws = openpyxl.load_workbook(io.BytesIO(render_xlsx(plan, spec, content))).active
    basis = next(c for c in ws[1] if c.value == "Basis").column
    cell = ws.cell(row=2, column=basis)
    assert cell.alignment.wrap_text, cell.alignment
    assert (ws.row_dimensions[2].height or 0) >= 2 * 12, ws.row_dimensions[2].height  # two lines at least
    assert all(c.alignment.vertical == "top" for c in ws[2]), [c.alignment.vertical for c in ws[2]]
    assert ws.row_dimensions[3].height is None  # a row that fits keeps its height


def test_an_executed_services_agreement_predates_the_work_the_matter_examines():
    # read 14: 'The agreement is dated April 9, 2026, after the July 2025-March 2026 review period in which the
    # contractor's coding is at issue'
    from worldsmith.worlds.values import Percent

    sla = fact("denial_sla", "The billing services agreement sets a service level of an initial denial rate at or below "
               "8.0%, measured quarterly.", Percent(value=8))
    orgs = [OrgRef(name="Corvale Health System", role="client; hospital system"),
            OrgRef(name="Ridgeback Revenue Partners", role="outsourced coding and billing contractor to Corvale")]
    for seed in range(3):
        ctx = document_context("agreement", 8, seed=seed, facts=[sla])
        ctx = ctx.model_copy(update={"organisations": orgs, "window_start": dt.date(2026, 5, 4), "spec": ctx.spec.model_copy(
            update={"title": "Billing services agreement (as amended): Ridgeback Revenue Partners",
                    "date": dt.date(2026, 5, 6)})})
        doc = compose_document(ctx)
        first = doc.sections[0].paragraphs[0]
        year = int(re.search(r"dated \w+ \d+, (\d{4})", first).group(1))
        assert year <= 2025, first


def test_an_order_form_is_an_instrument_under_its_master_agreement_signed_before_its_period():
    # read 14: 'Not an order form. It is a Quorvex "Internal" prose note that recommends "contesting the contract rate
    # per user a year with Tessaline", filed in the licensee's Contracts folder'
    from decimal import Decimal

    from worldsmith.worlds.values import Money, Number

    users = fact("licensed_users", "The current Order Form licenses 1,200 Named Users.",
                 Number(value=Decimal(1200), unit="users")).model_copy(update={"label": "licensed Named Users"})
    rate = fact("rate", "The contract rate is USD 1,015 per Named User a year.",
                Money(amount=Decimal(1015), currency="USD")).model_copy(update={"label": "contract rate per user a year"})
    for seed in range(3):
        ctx = _msa(seed)
        ctx = ctx.model_copy(update={"facts": [users, rate], "author": _VENDOR, "to": [_BUYER], "spec": ctx.spec.model_copy(
            update={"title": "Pellmore Route Order Form for the subscription year from October 1, 2025",
                    "doc_type": "order form", "sections": 4, "facts": ["licensed_users", "rate"],
                    "purpose": "The current Order Form, with the Named Users licensed and the fees for the year."})})
        doc = compose_document(ctx)
        heads = [s.heading for s in doc.sections]
        text = " ".join(p for s in doc.sections for p in s.paragraphs)
        assert any("Parties" in h for h in heads) and any("Signatures" in h for h in heads), heads
        assert "The Parties are parties to the Master Subscription Agreement between them, whose terms apply to this " \
            "Order Form" in text, text
        made = re.search(r"This Order Form is dated (\w+ \d+, \d{4})", text).group(1)
        assert dt.datetime.strptime(made, "%B %d, %Y").date() < dt.date(2025, 10, 1), made
        assert "1,200 users" in text and "USD 1,015" in text and "recommend" not in text.lower(), text
        assert "Internal" not in doc.subtitle, doc.subtitle


def test_a_memos_analysis_weighs_the_figures_its_relevant_facts_set_out_and_does_not_repeat_them():
    # read 14: 'Relevant Facts and Analysis are the same paragraphs repeated, and nothing weighs "the two readings of
    # para 4.3"'
    from decimal import Decimal

    from worldsmith.worlds.values import Money

    ours = fact("claim", "Corvale's claim is USD 3,448,660.", Money(amount=Decimal(3448660), currency="USD")).model_copy(
        update={"label": "the total compensation claimed", "reason": "the heads of claim added up"})
    total = fact("gap", "The parties are USD 1,622,000 apart.", Money(amount=Decimal(1622000), currency="USD"))
    total = total.model_copy(update={"label": "the amount in dispute", "reason": "the claim less the accepted amount"})
    for n in (6, 8, 9):
        for seed in range(3):
            ctx = document_context("memo", n, seed=seed, facts=[ours, total])
            doc = compose_document(ctx)
            sections = {s.heading: s.paragraphs for s in doc.sections}
            if not ({"Relevant Facts", "Background"} & set(sections) and "Analysis" in sections):
                continue
            facts_said = set(sections.get("Relevant Facts", []) + sections.get("Background", []))
            assert not facts_said & set(sections["Analysis"]), sections
            analysis = " ".join(sections["Analysis"])
            # (read 15: not 'the question is which of them the record supports' with nothing after it) the figure it
            # turns on with its working, and the other named once
            assert "which of them the record supports" not in analysis, analysis
            assert "the total compensation claimed" in analysis.lower() and "the heads of claim added up" in analysis and \
                "the amount in dispute (USD 1,622,000)" in analysis, analysis


def test_a_charter_partys_rider_clauses_run_up_to_the_cited_one_and_its_forms_parts_carry_no_clause_number():
    # read 14: 'Clauses 1-6 are not ASBATANKVOY, then the numbering jumps to 41'
    from decimal import Decimal

    from worldsmith.worlds.values import Money

    rider = fact("rider", "Clause 41.3 of the charter party caps Charterers' pollution indemnity at USD 20,000,000 per "
                 "incident.", Money(amount=Decimal(20000000), currency="USD"))
    orgs = [OrgRef(name="Kestrel Tankers Ltd.", role="owner of the vessel"),
            OrgRef(name="Ostby Energy Corporation", role="voyage charterer")]
    owner = person("owner_1", "Roy", "Lane", "Head of Fleet Operations", "Kestrel Tankers Ltd.", "kestrel.example", "+1")
    charterer = person("ch_1", "Ann", "Best", "General Counsel", "Ostby Energy Corporation", "ostby.example", "+1")
    for n in (8, 10):
        ctx = document_context("charter party", n, seed=2, facts=[rider])
        ctx = ctx.model_copy(update={"organisations": orgs, "author": owner, "to": [charterer],
                                     "window_start": dt.date(2026, 2, 24), "spec": ctx.spec.model_copy(update={
                                         "title": "Voyage Charter Party (ASBATANKVOY form with rider clauses): M/T Wren",
                                         "date": dt.date(2026, 2, 25)})})
        doc = compose_document(ctx)
        heads = [s.heading for s in doc.sections]
        numbers = [int(h.split(".")[0]) for h in heads if h[:1].isdigit()]
        assert 41 in numbers and numbers == list(range(min(numbers), max(numbers) + 1)), heads
        assert min(numbers) > 20, heads  # rider clauses, after the printed form's
        for h in ("Parties", "Part I", "Signatures"):
            assert h in heads, heads


def test_an_auditors_report_neither_hedges_its_own_count_nor_moves_a_total_by_a_unit_price_nor_cites_an_annex():
    # read 14: 'Auditor's report says its own count "is an estimate, not a settled number". Reasons that the claim
    # "moves by up to" USD 1,450. Cites an annex that does not exist. Closes with "Tessaline ... may dispute the Quorvex
    # audit claim."'
    from decimal import Decimal

    from worldsmith.worlds.values import Money, Number

    auditor = person("aud_1", "Lena", "Voss", "Audit Lead", "Brightfield Compliance Services", "brightfield.example", "+1")
    count = fact("count", "Brightfield's preliminary findings of April 6, 2026 count 1,860 active user accounts.",
                 Number(value=Decimal(1860), unit="users")).model_copy(update={"label": "accounts counted by the auditor"})
    licensed = fact("licensed", "The Order Form licenses 1,200 Named Users.", Number(value=Decimal(1200), unit="users")
                    ).model_copy(update={"label": "licensed Named Users"})
    price = fact("price", "The list price is USD 1,450 a user a year.", Money(amount=Decimal(1450), currency="USD")
                 ).model_copy(update={"label": "list price per user a year"})
    claim = fact("claim", "Pellmore claims USD 957,000.", Money(amount=Decimal(957000), currency="USD")).model_copy(
        update={"label": "Pellmore audit claim", "reason": "the accounts counted by the auditor less the licensed Named "
                                                           "Users times the list price per user a year"})
    orgs = [OrgRef(name="Brightfield Compliance Services", role="licence compliance auditors engaged by Pellmore"),
            OrgRef(name="Pellmore Software Corp.", role="licensor, conducting the audit"),
            OrgRef(name="Ashvale Freight, Inc.", role="opposing party; licensee")]
    for seed in range(4):
        ctx = document_context("report", 5, seed=seed, facts=[claim, count, licensed, price])
        ctx = ctx.model_copy(update={"organisations": orgs, "author": auditor, "to": [_VENDOR],
                                     "spec": ctx.spec.model_copy(update={"title": "Preliminary audit findings: Ashvale"})})
        doc = compose_document(ctx)
        text = " ".join(p for s in doc.sections for p in s.paragraphs)
        assert "accounts counted by the auditor (1,860 users) is an estimate" not in text, text
        assert "by up to that amount" not in text, text
        assert "annex" not in text.lower(), text


def test_an_account_listing_lists_each_login_once_grouped_with_the_full_counts_in_a_block_below():
    # read 14: 'Hard-typed subtotal rows (44, 70, 298) are scattered among the account rows. svc-report-06 is listed
    # twice under different departments. Service accounts are marked "To review" after the 70 was validated'
    from decimal import Decimal

    from worldsmith.generators.kinds.spreadsheet.compose import compose_sheet
    from worldsmith.worlds.values import Number
    from tests.generators.context_fixture import sheet_context

    facts = [fact(k, s, Number(value=Decimal(v), unit="users")).model_copy(update={"label": lab}) for k, s, v, lab in (
        ("inactive", "298 accounts belong to leavers.", 298, "inactive leaver accounts"),
        ("dupes", "44 accounts are duplicates.", 44, "duplicate accounts"),
        ("service", "70 accounts are integration service accounts.", 70, "integration service accounts"))]
    for seed in range(4):
        ctx = sheet_context("Excluded account listing", rows=40, seed=seed, facts=facts)
        sheet = compose_sheet(ctx)
        labels = [str(r[0]) for r in sheet.rows]
        totals = [i for i, x in enumerate(labels) if x.startswith("Total in the full listing")]
        assert len(totals) == 3 and totals == list(range(len(labels) - 3, len(labels))), labels
        accounts = labels[:totals[0]]
        assert len(accounts) == len(set(accounts)), [a for a in accounts if accounts.count(a) > 1]
        text = " ".join(str(c) for r in sheet.rows for c in r if c is not None)
        assert "To review" not in text and "This extract shows" in text, text


def test_a_counters_account_extract_lists_the_accounts_counted_as_active_not_the_licensees_exclusions():
    # read 14: 'Auditor's extract sorts accounts into the licensee's exclusion categories (leaver, duplicate, service).
    # Labels are swapped: auditor's count "HR leaver list", licensed users "Per SSO log"'
    from decimal import Decimal

    from worldsmith.generators.kinds.spreadsheet.compose import compose_sheet
    from worldsmith.worlds.values import Number
    from tests.generators.context_fixture import sheet_context

    facts = [fact("count", "The auditor counts 1,934 accounts.", Number(value=Decimal(1934), unit="users")).model_copy(
                 update={"label": "accounts counted by the auditor"}),
             fact("licensed", "The Order Form licenses 1,200 Named Users.", Number(value=Decimal(1200), unit="users")
                  ).model_copy(update={"label": "licensed Named Users"})]
    for seed in range(4):
        sheet = compose_sheet(sheet_context("Auditor's account extract, first cut", rows=15, seed=seed, facts=facts))
        status = [c.name for c in sheet.columns].index("Status")
        label_of = {str(r[0]): r for r in sheet.rows}
        statuses = {r[status] for r in sheet.rows if r[status]}
        assert statuses == {"Active"}, statuses
        assert any(k.startswith("Total in the full listing: ") and "accounts counted" in k for k in label_of), label_of
        licensed = next(r for k, r in label_of.items() if "licensed named users" in k.lower())
        assert "For comparison" in licensed and not str(licensed[0]).startswith("Total"), licensed


def test_a_request_lists_owners_are_the_people_who_hold_the_records_not_the_committee_overseeing_the_work():
    # read 14: 'Audit committee members (Jack Graham, Ryan Johnson) and the chair (Ryan Nelson) are listed as owners of
    # the CDM log, chargemaster, cost report and so on'
    from worldsmith.generators.kinds.spreadsheet.compose import compose_sheet
    from tests.generators.context_fixture import sheet_context

    chair = person("chair_1", "Rhea", "Nolan", "Chair of the Audit Committee", "Corvale Health", "corvale.example", "+1")
    member = person("member_1", "Jon", "Gale", "Member of the Audit Committee", "Corvale Health", "corvale.example", "+1")
    vp = person("vp_1", "Ann", "Lowe", "Vice President, Revenue Cycle", "Corvale Health", "corvale.example", "+1")
    cfo = person("cfo_1", "Dev", "Rao", "Chief Financial Officer", "Corvale Health", "corvale.example", "+1")
    for seed in range(4):
        ctx = sheet_context("Request list and status", rows=16, seed=seed, facts=[])
        ctx = ctx.model_copy(update={"to": [chair, vp], "cast": [ctx.author, chair, member, vp, cfo]})
        sheet = compose_sheet(ctx)
        owner = [c.name for c in sheet.columns].index("Owner")
        owners = {r[owner] for r in sheet.rows}
        assert owners and not owners & {chair.name, member.name}, owners


def test_an_audit_plan_with_a_sample_states_its_sampling_and_extrapolation_method_and_what_is_to_be_confirmed():
    # read 14: 'An audit plan for an overpayment review with no sampling or extrapolation method, no precision and no
    # materiality'
    from decimal import Decimal

    from worldsmith.worlds.values import Number

    sample = fact("sample_size", "The probe sample is 400 Medicare inpatient claims, stratified by DRG weight.",
                  Number(value=Decimal(400), unit="claims")).model_copy(update={"label": "probe sample"})
    seen = 0
    for n in (5, 7):
        for seed in range(3):
            ctx = document_context("plan", n, seed=seed, facts=[sample])
            ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Revenue-cycle review: audit plan"})})
            doc = compose_document(ctx)
            approach = " ".join(p for s in doc.sections if s.heading == "Approach" for p in s.paragraphs)
            if not approach:
                continue
            seen += 1
            assert "within strata by DRG weight" in approach, approach
            assert "mean per claim sampled" in approach and "confidence interval" in approach, approach
            assert "materiality level are to be confirmed" in approach, approach
            assert set(re.findall(r"\d[\d,.]*", approach)) <= {"400"} | set(re.findall(r"\d[\d,.]*", " ".join(
                p for s in doc.sections if s.heading == "Approach" for p in s.paragraphs[:1]))), approach
    assert seen


def test_a_reports_findings_do_not_list_the_thing_it_is_about_as_a_finding():
    # read 14: 'A "final audit report" with no deficiencies listed. "Finding 2. The aircraft is A320neo MSN 6912" is
    # padding'
    from decimal import Decimal

    from worldsmith.worlds.values import Money, Text

    aircraft = fact("aircraft", "The aircraft is an A320neo, MSN 6912.", Text(value="A320neo MSN 6912 (G-BRWA)")
                    ).model_copy(update={"label": "aircraft"})
    cost = fact("cost", "The final records audit prices the remediation at USD 348,000.",
                Money(amount=Decimal(348000), currency="USD")).model_copy(update={"label": "records remediation cost"})
    for n in (4, 6):
        for seed in range(3):
            ctx = document_context("report", n, seed=seed, facts=[cost, aircraft])
            ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Final records audit: MSN 6912"})})
            doc = compose_document(ctx)
            findings = [p for s in doc.sections for p in s.paragraphs if p.startswith("Finding ")]
            assert findings and not any("A320neo" in p for p in findings), findings
            assert "A320neo MSN 6912 (G-BRWA)" in " ".join(p for s in doc.sections for p in s.paragraphs)


def test_a_discrepancy_logs_note_sources_it_to_the_findings_and_the_vendors_estimates():
    # read 14: a discrepancy log 'with rectification estimates' whose note said it came from 'the contractors' daily
    # cost reports and supporting invoices'
    from worldsmith.generators.kinds.spreadsheet.compose import source_of
    from tests.generators.context_fixture import sheet_context

    for title, estimate in (("Daily discrepancy log with rectification estimates", True), ("Daily cost log", False)):
        ctx = sheet_context(title)
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"rolls_up_to": "liability_cap"})})
        said = source_of(ctx, own=True)
        assert ("estimate" in said) == estimate and ("cost reports" in said) != estimate, said


def test_a_request_list_asks_for_the_records_behind_its_authors_own_sample_not_for_its_confirmation():
    # read 14: 'The "probe sample" is shown as a client deliverable'
    from decimal import Decimal

    from worldsmith.generators.kinds.spreadsheet.compose import compose_sheet
    from worldsmith.worlds.values import Number
    from tests.generators.context_fixture import sheet_context

    sample = fact("sample", "The probe sample drawn by Brightmere Advisory is 400 claims.",
                  Number(value=Decimal(400), unit="claims")).model_copy(update={"label": "probe sample"})
    theirs = fact("count", "The client's system holds 10,560 claims.", Number(value=Decimal(10560), unit="claims")
                  ).model_copy(update={"label": "claims in the review period"})
    sheet = compose_sheet(sheet_context("Request list and status", rows=16, seed=3, facts=[sample, theirs]))
    labels = [str(r[1]) for r in sheet.rows]
    assert "Source documents for the probe sample" in labels, labels
    assert "Confirmation of the probe sample" not in labels and "Confirmation of claims in the review period" in labels
