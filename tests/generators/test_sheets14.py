"""sheets14 (blind read 36): a schedule lists the parts the ledger holds, a bound's test is as strict as its rule."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from faker import Faker

from worldsmith.generators.compose.text import cap_first
from worldsmith.generators.skeleton import build_skeleton
from worldsmith.worlds.plan import LedgerFact, SheetSpec
from worldsmith.worlds.values import Money, Percent


def _vote(rule: str) -> list[LedgerFact]:
    return [
        LedgerFact(id="cls", statement="The class holds EUR 186,000,000.", label="class liabilities",
                   text="EUR 186,000,000.00", value=Money(amount=Decimal(186000000), currency="EUR")),
        LedgerFact(id="pct", statement=f"A secured class approves a plan when creditors holding {rule} of the class "
                                       "liabilities vote for it: 75%.", label="approval majority", text="75%",
                   value=Percent(value=Decimal(75))),
        LedgerFact(id="for", statement="EUR 139,500,000 voted for.", label="votes for the plan",
                   text="EUR 139,500,000.00", value=Money(amount=Decimal(139500000), currency="EUR")),
    ]


def _result(rule: str):
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Lender vote tracker", author="a", occupation="23-2011",
                     rows=12, date=dt.date(2026, 6, 10), facts=["cls", "for", "pct"],
                     points=["Class liabilities: {cls}", "Majority needed: {pct} of {cls}", "Votes for the plan: {for}",
                             "Result: the class approves the plan"])
    sk = build_skeleton(spec, _vote(rule), None, "en_GB", Faker(), dt.date(2026, 1, 1))
    at = {ln.cells[sk.label]: i for i, ln in enumerate(sk.lines)}
    return sk, at, sk.lines[at["Result"]]


def test_a_majority_of_more_than_a_share_is_tested_strictly_and_at_least_is_not():
    """es-hotel-loan-restructuring (blind read 36, #24): 'It also tests ">=", where art. 629 TRLC requires *more
    than* three-quarters'. Votes of exactly 75% do not pass a more-than-75% rule; they pass an at-least rule."""
    sk, at, result = _result("more than three-quarters")
    assert result.formula == 'IF({%d}>{%d},"Reached","Not reached")' % (at["Votes for the plan"],
                                                                           at["Majority needed"]), result
    assert result.cells[sk.amount] == "Not reached"
    sk, at, result = _result("at least three-quarters")
    assert result.formula == 'IF({%d}>={%d},"Reached","Not reached")' % (at["Votes for the plan"],
                                                                            at["Majority needed"]), result
    assert result.cells[sk.amount] == "Reached"


def test_a_pointed_total_the_ledger_itemises_lists_its_items_with_a_sum_whatever_the_title():
    """us-saas-revenue-audit (blind read 36, #21): 'The SUD is one total line. The three items its conclusion refers
    to are not listed'. The ledger gives the total's items: the sheet lists them, split as every sheet splits them, and
    the total is their live SUM, though the title says no 'by category'."""
    sud = LedgerFact(id="sud", statement="The summary of unadjusted differences totals USD 412,300.",
                     label="total unadjusted differences", text="USD 412,300.00",
                     value=Money(amount=Decimal(412300), currency="USD"),
                     items=["December usage overage (cutoff)", "Credit memo for a December outage",
                            "Referral fees netted in the wrong period"])
    om = LedgerFact(id="om", statement="Overall materiality is USD 1,114,500.", label="overall materiality",
                    text="USD 1,114,500.00", value=Money(amount=Decimal(1114500), currency="USD"))
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Summary of unadjusted differences: FY2025",
                     author="a", occupation="13-2011", rows=10, date=dt.date(2026, 2, 25), facts=["sud", "om"],
                     points=["Total unadjusted differences: {sud}, revenue overstated", "Overall materiality: {om}"])
    sk = build_skeleton(spec, [sud, om], None, "en_US", Faker(), dt.date(2026, 1, 1))
    labels = [ln.cells[sk.label] for ln in sk.lines]
    total = labels.index("Total unadjusted differences")
    assert labels[:total] == ["December usage overage (cutoff)", "Credit memo for a December outage",
                              "Referral fees netted in the wrong period"], labels
    assert sk.lines[total].formula == "SUM({0}:{2})", sk.lines[total]
    assert sum(Decimal(str(ln.cells[sk.amount])) for ln in sk.lines[:total]) == Decimal(412300)
    assert sk.lines[total].cells[sk.amount] == 412300
    # and it is set against the materiality the sheet carries, by a live share of it ('no comparison to materiality')
    share = next(ln for ln in sk.lines if ln.cells[sk.label] == "Total unadjusted differences as a share of overall "
                                                                 "materiality")
    om_at = next(i for i, ln in enumerate(sk.lines) if ln.fact == "om")
    assert share.formula == "{%d}/{%d}" % (total, om_at) and abs(share.cells[sk.amount] - 412300 / 1114500) < 1e-9
    assert share.cells[-1].endswith("below it"), share


def test_a_timetable_holds_its_dates_in_a_date_column_and_counts_a_ruled_date_by_formula():
    """gb-dilapidations-claim (blind read 36, #23): '"Value" column empty throughout; dates typed as prose in
    "Basis"; nothing computed, not even 14 Aug + 56 days'. Each dated row's date is a date cell, and the response date
    is the service date's cell plus 56 by a live formula; an undated row keeps its words."""
    from worldsmith.worlds.values import DateValue

    due = LedgerFact(id="due", statement="The tenant's response is due on 9 October 2026.", label="response deadline",
                     text="9 October 2026", value=DateValue(value=dt.date(2026, 10, 9)))
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Protocol timetable and key dates", author="a",
                     occupation="23-2011", rows=10, date=dt.date(2026, 8, 18), facts=["due"],
                     points=["Schedule served: 14 August 2026, by email and by post",
                             "Tenant's response due: {due}, 56 days from receipt",
                             "Meeting of the parties: within a reasonable time after the response"])
    sk = build_skeleton(spec, [due], None, "en_GB", Faker(), dt.date(2026, 8, 1))
    assert sk.columns[sk.amount].type == "date", sk.columns
    cells = [(ln.cells[sk.label], ln.cells[sk.amount], ln.formula) for ln in sk.lines]
    assert cells[0] == ("Schedule served", "2026-08-14", None), cells
    assert cells[1] == ("Tenant's response due", "2026-10-09", "{0}+56"), cells
    assert cells[2][1] is None and sk.lines[0].cells[-1] == "By email and by post", (cells, sk.lines[0].cells)


def test_the_loader_reads_a_formula_over_a_date_in_a_date_cell_as_that_date(tmp_path):
    """The loader evaluates '=B2+56' over a date cell as the day 56 days on (a spreadsheet's serial days), so the
    twin's ISO date and the planned date fact are found in it."""
    import openpyxl

    from worldsmith.worlds.store.parse import parse_xlsx

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Item", "Date"])
    ws.append(["Served", dt.date(2026, 8, 14)])
    ws.append(["Due", "=B2+56"])
    ws["B2"].number_format = ws["B3"].number_format = "yyyy-mm-dd"
    wb.save(tmp_path / "t.xlsx")
    cell = next(c for c in parse_xlsx(tmp_path / "t.xlsx")[0].cells if (c.row, c.col) == (3, 2))
    assert (cell.value_type, cell.value_text, cell.value_date) == ("date", "2026-10-09", dt.date(2026, 10, 9)), cell


def test_a_sheet_that_records_a_payment_made_by_its_day_is_no_draft_for_discussion():
    """es-hotel-loan-restructuring (blind re-read 36, #23): the waiver fee sheet 'says "Draft for discussion" on the
    day the fee is paid'. A point recording the payment on or before the sheet's day makes it no draft; one set for a
    later day does not."""
    from types import SimpleNamespace as NS

    from worldsmith.generators.kinds.spreadsheet.compose import done_by_its_day

    points = ["Waiver fee: {fee}", "Payment: on 8 April 2026 to the agent's account, distributed to each lender"]
    assert done_by_its_day(NS(points=points, date=dt.date(2026, 4, 8)), "en_GB")
    assert not done_by_its_day(NS(points=points, date=dt.date(2026, 4, 7)), "en_GB")
    assert not done_by_its_day(NS(points=["Meeting: on 8 April 2026"], date=dt.date(2026, 4, 9)), "en_GB")


def test_the_sum_line_keeps_the_capital_of_the_paper_it_cites():
    """es-hotel-loan-restructuring (seed 36): 'Sum of the items above; senior Facilities Agreement (as amended)'. The
    paper's name keeps its capital, as a firm's does; a basis of plain words runs on in lower case."""
    for statement, note in (("Outstanding under the Senior Facilities Agreement are EUR 186,000,000.",
                             "Senior Facilities Agreement"), ("Quillon's schedule: EUR 186,000,000.", "Quillon's schedule"),
                            ("As at 4 March: EUR 186,000,000.", "as at 4 March"),
                            ("Revenue is overstated by EUR 186,000,000.", "revenue overstated")):
        fac = LedgerFact(id="fac", statement=statement, label="outstanding facilities", text="EUR 186,000,000.00",
                         value=Money(amount=Decimal(186000000), currency="EUR"), items=["Facility A", "Facility B"])
        spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Waiver fee calculation", author="a",
                         occupation="13-2011", rows=8, date=dt.date(2026, 4, 8), facts=["fac"],
                         points=["Facilities outstanding: {fac}, " + cap_first(note)])
        sk = build_skeleton(spec, [fac], None, "en_GB", Faker(), dt.date(2026, 1, 1))
        total = next(ln for ln in sk.lines if ln.role == "total")
        assert total.cells[-1] == f"Sum of the items above; {note}", total.cells


def test_a_scott_schedule_sets_the_other_sides_figure_against_each_item():
    """gb-dilapidations-claim (blind read 36, #21/#22): 'the items are Quillon's (they sum to 806,400) and the
    tenant's side is a single lump of 362,900; it is not in Scott schedule form'. The tenant's figure for the same
    works is split over the landlord's items, none above the item's own figure, in a column of its own whose SUM is
    on the total line; the tenant's row reads that sum back."""
    works = LedgerFact(id="works", statement="Quillon's schedule claims GBP 806,400 for the works.",
                       label="cost of works claimed", text="GBP 806,400.00",
                       value=Money(amount=Decimal(806400), currency="GBP"),
                       items=["Repairs to raised floors", "Mechanical and electrical repairs", "Redecoration"])
    tenant = LedgerFact(id="tenant", statement="Tollgate assesses the works properly required at GBP 347,250.",
                        label="tenant's surveyor's assessment of the works", text="GBP 347,250.00",
                        value=Money(amount=Decimal(347250), currency="GBP"))
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Scott schedule: 3rd and 4th floors", author="a",
                     occupation="23-2011", rows=10, date=dt.date(2026, 10, 7), facts=["works", "tenant"],
                     points=["Landlord's costing of the works: {works}, every item as served",
                             "Tenant's surveyor's assessment of the works: {tenant}, item by item"])
    sk = build_skeleton(spec, [works, tenant], None, "en_GB", Faker(), dt.date(2026, 8, 1))
    names = [c.name for c in sk.columns]
    assert names[:3] == ["Item", "Landlord's costing of the works (GBP)",
                         "Tenant's surveyor's assessment of the works (GBP)"], names
    own = [Decimal(str(ln.cells[1])) for ln in sk.lines[:3]]
    theirs = [Decimal(str(ln.cells[2])) for ln in sk.lines[:3]]
    assert sum(own) == 806400 and sum(theirs) == 347250 and all(0 <= t <= o for t, o in zip(theirs, own)), sk.lines
    foot = sk.lines[3]
    assert foot.cells[0] == "Total" and foot.formula == "SUM({0}:{2})" and foot.others == {2: "SUM({0@2}:{2@2})"}
    row = next(ln for ln in sk.lines if ln.fact == "tenant")
    assert row.formula == "{3@2}" and row.cells[1] == 347250, row
    from worldsmith.generators.kinds.spreadsheet.render import skeleton_formulas

    cells = skeleton_formulas(sk)
    at = sk.lines.index(row)
    assert cells[(at + 2, 2)][0] == "=C5" and cells[(5, 3)][0] == "=SUM(C2:C4)", cells


def test_an_extract_of_an_undated_instrument_is_cited_without_its_copys_day():
    """gb-dilapidations-claim (blind re-read 36, #24): 'the deposit is sourced to the lease extract, "dated 5 August
    2026"', the day the client produced its 2016 lease. An extract the matter gives no making date is cited by its
    name alone; an agreement made on its paper's day keeps that day."""
    from worldsmith.generators.skeleton import input_sources, source_records
    from worldsmith.worlds.plan import DocumentSpec

    deposit = LedgerFact(id="dep", statement="Corvane holds a rent deposit of GBP 102,000.", label="rent deposit",
                         text="GBP 102,000.00", value=Money(amount=Decimal(102000), currency="GBP"))

    def paper(title):
        return DocumentSpec(id="p", item="p", path="P/p.docx", title=title, author="gc", occupation="23-1011",
                            doc_type="agreement", sections=2, date=dt.date(2026, 8, 5), facts=["dep"])

    sheet = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Settlement and deposit reconciliation", author="a",
                      occupation="23-2011", rows=6, date=dt.date(2026, 11, 10), facts=["dep"])
    extract = paper("Lease of the 3rd and 4th floors (extracts: repair, decoration, alterations, yield up)")
    assert input_sources(source_records([extract]), sheet, {"dep": deposit})["dep"] == (extract.title, None)
    deed = paper("Rent deposit deed")
    assert input_sources(source_records([deed]), sheet, {"dep": deposit})["dep"] == (deed.title, dt.date(2026, 8, 5))
    sk = build_skeleton(sheet.model_copy(update={"points": ["Rent deposit applied: {dep}"]}), [deposit], None, "en_GB",
                        Faker(), dt.date(2026, 8, 1), sources={"dep": (extract.title, None)})
    assert sk.lines[0].cells[-1] == extract.title, sk.lines[0]
