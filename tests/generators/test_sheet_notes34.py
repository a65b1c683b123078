"""A sheet's note names the papers its lines cite, as they cite them, and says nothing its sheet belies (blind read
34: "the inputs are the AIIM's own figures, yet the source line is 'the management accounts and the lenders' loan
statements'"; "the notice of audit is given as the source"; "one agreement ... is given two dates"; "an audit
workpaper says 'Amounts unaudited'"; a request list "says 'Figures as at 10 February 2026' but holds one figure")."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from faker import Faker

from tests.generators.test_compose_sheet import _org_ctx
from worldsmith.generators.context import FactRef
from worldsmith.generators.kinds.spreadsheet.compose import cited_papers, compose_sheet
from worldsmith.generators.skeleton import build_skeleton
from worldsmith.worlds.plan import LedgerFact
from worldsmith.worlds.values import Money, Percent

AIIM = "Auto de Infração no. 4.187.332-5"
LEDGER = [
    LedgerFact(id="principal", statement="The principal is BRL 3,184,600.00.", label="principal",
               text="BRL 3,184,600.00", value=Money(amount=Decimal(3184600), currency="BRL")),
    LedgerFact(id="rate", statement="The SELIC is 28.74%.", label="accumulated SELIC", text="28.74%",
               value=Percent(value=Decimal("28.74"))),
    LedgerFact(id="interest", statement="Interest is BRL 915,254.04.", label="interest", text="BRL 915,254.04",
               value=Money(amount=Decimal("915254.04"), currency="BRL"), formula="percent_of(rate, principal)"),
]


def _ctx(title: str, purpose: str, points: list[str], facts: list[str], seed: int, role: str = "client"):
    ctx = _org_ctx(title, role, rows=8, purpose=purpose, facts=facts, points=points, date=dt.date(2026, 2, 12))
    spec = ctx.spec
    spec.skeleton = build_skeleton(spec, LEDGER, None, "en_GB", Faker(), dt.date(2026, 1, 1),
                                   sources={"principal": (AIIM, dt.date(2026, 2, 10)),
                                            "rate": (AIIM, dt.date(2026, 2, 10))})
    refs = [FactRef(id=f.id, label=f.label, statement=f.statement, text=f.text, value=f.value)
            for f in LEDGER if f.id in facts]
    return ctx.model_copy(update={"seed": seed, "facts": refs, "world_title": "Serra Azul: defence against an AIIM"})


def _pointed(title: str, points: list[str], facts: list[LedgerFact]):
    """The skeleton of a lawyer's pointed sheet of `facts`."""
    from worldsmith.worlds.plan import SheetSpec

    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title=title, author="a", occupation="23-1011", rows=40,
                     date=dt.date(2026, 3, 26), facts=[f.id for f in facts], points=points)
    return build_skeleton(spec, facts, None, "en_GB", Faker(), dt.date(2026, 1, 1))


def test_the_note_names_the_papers_the_lines_cite_not_a_stock_system():
    """Before: a client's 'first estimate of the debt' was sourced to 'the lenders' loan statements' (its title's
    'debt' chose a borrower's books) though each of its inputs cites the AIIM."""
    for seed in range(8):
        ctx = _ctx("AIIM: first estimate of the debt", "The tax manager's first estimate for the CFO.",
                   ["Principal: {principal}", "SELIC: {rate}", "Interest: {rate} of {principal}"],
                   ["principal", "rate", "interest"], seed)
        assert cited_papers(ctx.spec) == [f"{AIIM}, dated 10 February 2026"]
        said = " ".join(compose_sheet(ctx).notes)
        assert f"{AIIM}, dated 10 February 2026" in said and "loan" not in said and "management" not in said


def test_an_audit_working_paper_is_not_unaudited_and_a_list_of_one_figure_gives_no_figures_as_at():
    seen = set()
    for seed in range(40):
        ctx = _ctx("Deductions analysis: 2025 lines", "The deduction lines traced to invoices, for the audit.",
                   ["Principal: {principal}, per the statement"], ["principal"], seed, role="auditor")
        notes = compose_sheet(ctx).notes
        seen.update(notes)
        assert "Amounts unaudited." not in notes and not any(n.startswith("Figures as at") for n in notes)
    assert any(n.startswith(("Source:", "Compiled", "Prepared")) for n in seen)


def test_a_title_that_drops_its_by_clause_drops_its_comma():
    """Before: 'Evidence matrix: purchases from the three suppliers, by invoice' with no invoices in the ledger became
    the file 'Evidence matrix - purchases from the three suppliers,.xlsx'."""
    from worldsmith.generators.kinds.spreadsheet.promise import retitle

    principal = LEDGER[0]
    assert retitle("Evidence matrix: purchases from the three suppliers, by invoice", [principal]) == \
        "Evidence matrix: purchases from the three suppliers"
    assert retitle("Effort reconstruction by researcher", [principal]) == "Effort reconstruction"



def test_a_pointed_request_list_tracks_each_request_in_its_genres_columns():
    """Before: the request list was an Item/Amount/Basis table (blind read 34: 'no requested, received or status
    columns'); now each point is a numbered request with the day asked, its state from the point's words, its detail
    without the state again, and who of the side asked answers it (the engine's columns, then 'Requested from')."""
    from tests.generators.context_fixture import person
    from worldsmith.generators.skeleton import impose

    ctx = _ctx("Information request list: 2025 audit", "Every request with its owner, date asked and status.",
               ["Deductions in the statement: {principal}, ledger detail by cost centre requested",
                "Refining agreement with the refiner, with amendments: requested, subject to the refiner's consent",
                "Board minutes for 2025: received in part, March and June missing",
                "Mill cost centre reports, monthly: received"], ["principal"], 3)
    asked = person("c1", "Nora", "Quist", "Mine Controller", "Harrow Vane LLP", "harrowvane.example", "+1 202 555 0151")
    ctx = ctx.model_copy(update={"to": [asked], "cast": [ctx.author, asked]})
    sheet = impose(ctx.spec.skeleton, compose_sheet(ctx))
    names = [c.name for c in sheet.columns]
    assert names == ["No.", "Request", "Date requested", "Status", "Figure (BRL)", "Detail", "Requested from"]
    rows = {r[1]: r for r in sheet.rows}
    assert [r[0] for r in sheet.rows] == [1, 2, 3, 4]
    # dated six weeks into the matter: the list was first issued four weeks before its day, so its states can be
    assert {r[2] for r in sheet.rows} == {"2026-01-15"}
    refining = rows["Refining agreement with the refiner, with amendments"]
    assert refining[3] == "Requested" and refining[5] == "Subject to the refiner's consent"
    assert rows["Board minutes for 2025"][3] == "Partially received"
    assert rows["Mill cost centre reports, monthly"][3] == "Received" and rows["Mill cost centre reports, monthly"][5] is None
    assert rows["Deductions in the statement"][4] == 3184600
    assert {r[6] for r in sheet.rows} == {"Nora Quist"}


def _request_list(start: dt.date):
    """A request list of 26 March 2026 whose points give each request's state, in a matter opened on `start`."""
    from worldsmith.worlds.plan import SheetSpec

    points = ["Financial: audited accounts 2023 to 2025; owner the CFO; received",
              "Financial: actuarial reports for the pension fund; owner the CFO; outstanding, priority",
              "Employment: works agreements and pension plan rules; owner the managing director; partly received"]
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Due diligence request list and status", author="a",
                     occupation="23-1011", rows=40, date=dt.date(2026, 3, 26), facts=[], points=points)
    sk = build_skeleton(spec, [], None, "en_GB", Faker(), start)
    names = [c.name for c in sk.columns]
    # no point gives a figure: no figure column (blind read 35: 'The Figure column is empty')
    # each item under its head, the item in the Request column (blind read 35b: 'The Request column holds only the
    # category')
    assert names == ["No.", "Category", "Request", "Date requested", "Status", "Detail"] and \
        sk.amount == names.index("Detail")
    return [dict(zip(names, ln.cells)) for ln in sk.lines]


def test_a_request_is_not_in_or_chased_on_the_day_it_is_asked():
    """Before: a list dated three days into the matter had its requests asked that day and already 'Received' or
    'Outstanding - chased', one 'Received' beside a detail 'partly received' (blind read 35, de 21). Now a list dated
    soon after the matter opens is the list as first issued, every request open and no state in its detail; one dated
    weeks later was issued weeks before, each request in its state, 'partly received' partly."""
    early = _request_list(dt.date(2026, 3, 23))
    assert {r["Date requested"] for r in early} == {"2026-03-26"}
    assert {r["Status"] for r in early} == {"Requested"}
    for r in early:
        assert not re.search(r"received|outstanding", r["Detail"], re.I), r["Detail"]
    assert [(r["Category"], r["Request"]) for r in early] == [
        ("Financial", "Audited accounts 2023 to 2025"), ("Financial", "Actuarial reports for the pension fund"),
        ("Employment", "Works agreements and pension plan rules")]
    late = _request_list(dt.date(2026, 1, 5))
    assert {r["Date requested"] for r in late} == {"2026-02-26"}
    assert [r["Status"] for r in late] == ["Received", "Outstanding - chased", "Partially received"]
    assert late[1]["Detail"].endswith("Owner: the CFO, priority") and late[2]["Detail"].endswith("managing director")


def test_a_selection_list_holds_its_categories_by_age_group_with_counts_that_sum_to_the_ledgers():
    """Before: 'A "selection list" with no employees, no age groups filled in and no counts' (blind read 34, nl 21):
    the categories its points name, the first by the age groups its point gives, each with a whole count, and the
    ledger's count their live SUM; a point that says there are none stays words."""
    from worldsmith.worlds.values import Number

    positions = LedgerFact(id="positions", statement="64 positions end.", label="number of positions affected",
                           text="64 positions", value=Number(value=Decimal(64), unit="positions"))
    points = ["Positions ending: {positions}, operators, assistants and maintenance",
              "Flexo press operator: interchangeable across shifts; selection per age group 15-25, 25-35, 35-45, "
              "45-55, 55 and over",
              "Press assistant: interchangeable with the line assistant",
              "Shift maintenance technician: separate category, all positions end",
              "Exemptions: none claimed"]
    sk = _pointed("Selection lists: reflection principle by age group", points, [positions])
    assert [c.name for c in sk.columns] == ["Category", "Age group", "Positions ending", "Basis"]
    items = [ln for ln in sk.lines if ln.role == "item"]
    assert sum(ln.cells[2] for ln in items) == 64 and all(isinstance(ln.cells[2], int) and ln.cells[2] > 0 for ln in items)
    flexo = [ln.cells[1] for ln in items if ln.cells[0] == "Flexo press operator"]
    assert flexo == ["15-25", "25-35", "35-45", "45-55", "55 and over"]
    assert {ln.cells[0] for ln in items} == {"Flexo press operator", "Press assistant", "Shift maintenance technician"}
    total = sk.lines[sk.bottom]
    assert total.role == "total" and total.fact == "positions" and total.formula == "SUM({0}:{%d})" % (len(items) - 1)
    assert sk.lines[-1].cells[0] == "Exemptions" and sk.lines[-1].role == "key"


def test_an_evidence_matrix_counts_what_each_kind_of_evidence_covers_of_the_population():
    """Before: 'An "evidence matrix" for 412 invoices has five narrative rows and no invoice-by-invoice coverage'
    (blind read 34, br 24): the population its points count, each kind of evidence with how many it covers (every
    one, or the count written), a test's groups summed by a live formula; evidence not counted stays words; the
    ledger's figure stays in the sheet."""
    points = ["Credits disallowed: {principal}, 412 invoices of the three suppliers",
              "Payment: bank transfer to the supplier's own account for every invoice; statements attached",
              "Transport: CT-e for 375 invoices; gate logs and delivery sheets for the 37 collected by our own trucks",
              "Resale: outgoing invoices tracing the lots to customers"]
    sk = _pointed("Evidence matrix: purchases from the three suppliers", points, LEDGER[:1])
    assert [c.name for c in sk.columns] == ["Test", "Evidence", "Covered", "Basis"]
    rows = [(ln.cells[0], ln.cells[1], ln.cells[2]) for ln in sk.lines]
    assert rows[0] == ("Credits disallowed", "412 invoices of the three suppliers", 412)
    assert "BRL 3,184,600" in sk.lines[0].cells[3]
    assert ("Payment", "Bank transfer to the supplier's own account", 412) in rows
    assert ("Transport", "CT-e", 375) in rows and ("Transport", "Gate logs and delivery sheets", 37) in rows
    both = next(ln for ln in sk.lines if ln.cells[0] == "Transport, in all")
    assert both.role == "derived" and both.formula.startswith("SUM(") and both.cells[2] == 412
    resale = next(ln for ln in sk.lines if ln.cells[0] == "Resale")
    assert resale.cells[2] is None and resale.cells[1] == "Outgoing invoices tracing the lots to customers"


def test_a_change_order_log_gives_each_change_its_own_state_and_days():
    """Before: a contractor's 'Change order and RFI log' was laid out as a request list, every row 'Requested' on the
    log's day, executed CO 14 and answered RFI 412 included, 'Requested from' the consultant's staff and an empty
    Figure column (blind read 35, us 24). Now each change or RFI carries the state and the days granted its point
    gives, in a log's columns."""
    from worldsmith.generators.pointed import working_list
    from worldsmith.worlds.plan import SheetSpec

    points = ["Change Order No. 14: owner-added pharmacy clean room; 21 days granted",
              "RFI 412: MRI vendor change; answered 38 days after submission; time reserved",
              "Pending Change 57: imaging-suite redesign; days requested, not granted; priced under protest",
              "Curtain wall, east elevation: late panel delivery by the contractor's supplier; no request for time"]
    title = "Change order and RFI log: North Tower"
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title=title, author="a", occupation="11-9021", rows=40,
                     date=dt.date(2026, 2, 10), facts=[], points=points)
    sk = build_skeleton(spec, [], None, "en_US", Faker(), dt.date(2026, 1, 5))
    names = [c.name for c in sk.columns]
    assert names == ["Reference", "Status", "Days granted", "Detail"] and not working_list(title).get("asked_of")
    rows = [dict(zip(names, ln.cells)) for ln in sk.lines]
    assert [r["Reference"] for r in rows][:3] == ["Change Order No. 14", "RFI 412", "Pending Change 57"]
    assert [r["Status"] for r in rows] == ["Executed", "Answered", "Pending", "No request"]
    assert [r["Days granted"] for r in rows] == [21, None, None, None]


TRACKED = [
    LedgerFact(id="total", statement="The total remediation is AUD 8,977,200.", label="total remediation",
               text="AUD 8,977,200", value=Money(amount=Decimal(8977200), currency="AUD")),
    LedgerFact(id="paid", statement="AUD 6,104,500 has been paid to date.", label="remediation paid to date",
               text="AUD 6,104,500", value=Money(amount=Decimal(6104500), currency="AUD")),
]


def test_a_tracker_works_out_what_is_left_by_a_live_formula():
    """Before: a payment tracker showed the total and the paid to date and left 'Former employees not yet reached'
    blank, never computing the AUD 2,872,700 outstanding (blind read 35, au 22). Now the line of what is left is the
    total less the paid by a live formula, and a tracker whose points name no such line gets one of its own."""
    named = _pointed("Remediation payment tracker",
                     ["Total remediation: {total}, per the final calculation",
                      "Paid to date: {paid}, current employees through payroll",
                      "Former employees not yet reached: tracing through the ATO"], TRACKED)
    lines = {ln.cells[named.label]: (n, ln) for n, ln in enumerate(named.lines)}
    n_left, left = lines["Former employees not yet reached"]
    assert left.cells[named.amount] == 2872700
    assert left.formula == "{%d}-{%d}" % (lines["Total remediation"][0], lines["Paid to date"][0])
    assert left.cells[named.amount + 1].endswith("tracing through the ATO")
    bare = _pointed("Payment tracker", ["Total remediation: {total}", "Paid to date: {paid}"], TRACKED)
    assert [(ln.cells[bare.label], ln.cells[bare.amount]) for ln in bare.lines if ln.formula] == [("Outstanding", 2872700)]
    # a sheet that is no tracker is left as its points lay it out
    assert not any(ln.formula for ln in _pointed("Remediation summary", ["Total remediation: {total}",
                                                                         "Paid to date: {paid}"], TRACKED).lines)


def test_a_request_list_with_no_figure_gives_no_paper_as_its_source():
    """Before: a request list whose one fact is a date an offer sets out said 'Source: Non-binding offer ..., dated 3
    March 2026' (blind read 35, de 21; us 24: a change order log sourced to the A201). Now a list of requests or
    changes that holds no figure is its author's own record: prepared by, as at, no source."""
    from worldsmith.worlds.values import DateValue

    lbd = LedgerFact(id="lbd", statement="The locked box date is 31 December 2025.", label="locked box date",
                     text="31 December 2025", value=DateValue(value=dt.date(2025, 12, 31)))
    points = ["Financial: accounts and the locked box balance sheet at {lbd}; owner the CFO; received",
              "Legal: agreements with the seller; owner seller's counsel; outstanding"]
    title = "Due diligence request list and status"
    for seed in range(4):
        ctx = _org_ctx(title, "client", rows=8, purpose="Every request.", facts=["lbd"], points=points,
                       date=dt.date(2026, 3, 5))
        ctx.spec.skeleton = build_skeleton(ctx.spec, [lbd], None, "en_GB", Faker(), dt.date(2026, 3, 2))
        ref = FactRef(id="lbd", label="locked box date", statement=lbd.statement, text=lbd.text, value=lbd.value,
                      paper="Non-binding offer: Wernitz Dosiertechnik GmbH", paper_day=dt.date(2026, 3, 3))
        sheet = compose_sheet(ctx.model_copy(update={"seed": seed, "facts": [ref]}))
        assert not any("Non-binding offer" in n or "Source" in n for n in sheet.notes), sheet.notes


def test_a_request_filed_under_a_head_is_asked_of_the_owner_its_detail_names():
    """Blind read 35b (de-gmbh at seed 35): 'The Request column holds only the category', and every request was
    'Requested from' the seller's counsel beside a detail 'owner the CFO'. Now the head has its column, the item is
    the Request, and the CFO of the other side answers what the detail gives the CFO."""
    from tests.generators.context_fixture import person
    from worldsmith.generators.skeleton import impose

    ctx = _ctx("Due diligence request list and status", "Every request with its owner and status.",
               ["Financial: audited accounts 2023 to 2025; owner the CFO; received",
                "Legal: agreements with the seller and its affiliates; owner seller's counsel"], [], 3)
    counsel = person("c1", "Nora", "Quist", "Partner", "Harrow Vane LLP", "harrowvane.example", "+1 202 555 0151")
    cfo = person("c2", "Ivo", "Brandt", "Chief Financial Officer (CFO)", "Target GmbH", "target.example",
                 "+49 30 555 0152")
    ctx = ctx.model_copy(update={"to": [counsel], "cast": [ctx.author, counsel, cfo]})
    sheet = impose(ctx.spec.skeleton, compose_sheet(ctx))
    names = [c.name for c in sheet.columns]
    assert names[:3] == ["No.", "Category", "Request"] and names[-1] == "Requested from", names
    rows = {r[names.index("Request")]: r for r in sheet.rows}
    accounts = rows["Audited accounts 2023 to 2025"]
    assert accounts[names.index("Category")] == "Financial" and accounts[-1] == "Ivo Brandt"
    assert rows["Agreements with the seller and its affiliates"][-1] == "Nora Quist"
