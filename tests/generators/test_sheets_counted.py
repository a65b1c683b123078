"""Sheets that hold what their titles promise (blind read 27, issue 17 points 3 and 7): a sheet titled for the things a
count counts lists them, one dated row each, adding up to the total the ledger gives them; a funds flow sets out the
gross, each deduction and the net; the check fails a sheet whose title names counted things it does not list."""

from __future__ import annotations

import datetime as dt
import functools
import re
from decimal import Decimal
from pathlib import Path

from faker import Faker

from worldsmith.generators.skeleton import build_skeleton
from worldsmith.worlds.plan import LedgerFact, SheetSpec
from worldsmith.worlds.values import Money, Number, Percent


def _money(fid: str, amount: str, statement: str, label: str, formula: str | None = None) -> LedgerFact:
    return LedgerFact(id=fid, statement=statement, label=label, formula=formula, text=f"USD {amount}",
                      value=Money(amount=Decimal(amount), currency="USD"))


def _spec(title: str, facts: list[str]) -> SheetSpec:
    return SheetSpec(id="s", item="s", path="W/s.xlsx", title=title, author="a", occupation="x", rows=10,
                     date=dt.date(2026, 6, 9), facts=facts)


def _invoices() -> list[LedgerFact]:
    return [LedgerFact(id="invoice_count", statement="The audit finds 23 invoices from 2021 to 2024 billed twice.",
                       label="duplicate invoices", text="23 invoices", value=Number(value=Decimal(23), unit="invoices")),
            _money("goods", "1018200", "The goods on the 23 invoices come to USD 1,018,200.", "goods billed"),
            _money("freight", "186300", "Freight on the 23 invoices comes to USD 186,300.", "freight billed"),
            _money("billed_twice", "1204500", "Billed twice: USD 1,204,500.", "amount billed twice", "goods + freight"),
            _money("largest_invoice", "97400", "The largest single invoice, of May 2022, was USD 97,400.",
                   "largest single invoice")]


def test_a_sheet_titled_for_counted_things_lists_them_adding_up_to_the_ledger():
    """'A "tally of 12 shipments" with no shipments', 'a tracing schedule with no order, invoice or bill of lading'
    (read 27): 23 invoices are 23 dated rows whose amounts add up, by a live SUM, to what the ledger says they come
    to; the largest single invoice is one of them, computed back by a live MAX; the count by a live COUNT of the
    rows. Before: the sheet was the five figures, one line each."""
    facts = _invoices()
    spec = _spec("Duplicate invoice tally: 2021 to 2024", [f.id for f in facts])
    sk = build_skeleton(spec, facts, None, "en_US", Faker(), dt.date(2026, 1, 5))
    items = [ln for ln in sk.lines if ln.role == "item" and ln.cells[0] is not None]
    assert len(items) == 23
    amounts = [Decimal(str(ln.cells[sk.amount])) for ln in items]
    assert sum(amounts) == Decimal("1204500") and max(amounts) == Decimal("97400")
    days = [dt.date.fromisoformat(ln.cells[2]) for ln in items]
    assert days == sorted(days) and dt.date(2021, 1, 1) <= days[0] and days[-1] <= dt.date(2024, 12, 31)
    # the largest on the month its statement gives
    assert days[amounts.index(Decimal("97400"))].strftime("%Y-%m") == "2022-05"
    assert items[amounts.index(Decimal("97400"))].cells[-1] == "Largest single invoice"
    by_fact = {ln.fact: ln for ln in sk.lines if ln.fact}
    assert by_fact["invoice_count"].formula == "COUNT(A2:A24)" and by_fact["invoice_count"].role == "derived"
    assert by_fact["largest_invoice"].formula == "MAX({0}:{22})"
    # the total the ledger computes from goods and freight is computed from them, the rows' SUM agreeing with it
    assert by_fact["billed_twice"].role == "derived" and by_fact["billed_twice"].formula.count("+") == 1
    check = next(ln for ln in sk.lines if ln.formula == "SUM({0}:{22})")
    assert check.role == "item" and Decimal(str(check.cells[sk.amount])) == Decimal("1204500")
    # a row is an item, never a fact: only the engine's summary lines carry a fact
    assert all(ln.fact is None for ln in items)


def test_the_count_a_title_names_is_read_by_its_thing_never_a_measure():
    """promise.counted: 'Duplicate invoice tally' names the invoices; a title that names a count's unit of time, or no
    thing a count counts, promises no rows; a list whose figure's statement gives the count ('the book ... from 58
    lenders') lists them."""
    from worldsmith.generators.kinds.spreadsheet.promise import counted

    facts = _invoices()
    assert counted("Duplicate invoice tally: 2021 to 2024", facts)[1] == "invoice"
    assert counted("Penalty computation under the guidelines", facts) is None
    days = LedgerFact(id="d", statement="Delay of 40 days.", label="delay", text="40 days",
                      value=Number(value=Decimal(40), unit="days"))
    assert counted("Delay days schedule", [days]) is None
    lenders = LedgerFact(id="n", statement="31 lenders commit.", label="number of lenders", text="31 lenders",
                         value=Number(value=Decimal(31), unit="lenders"))
    book = _money("book", "420000000", "The book closes at USD 420,000,000 from 31 lenders.", "final book")
    assert counted("Book at allocation", [book, lenders])[1] == "lender"
    assert counted("Allocation summary", [book, lenders]) is None


def test_a_superseded_tally_lists_the_things_its_label_counts():
    """'A "tally of 12 shipments" with no shipments' (read 27, a superseded draft): a draft whose label gives the count
    of the things its list's title names lists that many rows adding up to the draft's own figure, none above the
    largest single item the ledger knows; a draft computation whose label counts what it priced lists nothing.
    Before: the draft's figure on one line."""
    from worldsmith.generators.kinds.spreadsheet.promise import drafted_count
    from worldsmith.worlds.plan import LedgerDistractor

    facts = _invoices()
    draft = LedgerDistractor(id="first", fact="billed_twice", value=Money(amount=Decimal("640000"), currency="USD"),
                             text="USD 640,000", label="superseded first tally of March 2, 2026: 9 invoices from the "
                                                       "2023 extract only; replaced by the tally of June 9, 2026")
    spec = _spec("Duplicate invoice tally, first cut", ["billed_twice"]).model_copy(update={"distractor": "first"})
    sk = build_skeleton(spec, facts, draft, "en_US", Faker(), dt.date(2026, 1, 5), drafts=[draft])
    items = [ln for ln in sk.lines if ln.role == "item" and ln.cells[0] is not None]
    amounts = [Decimal(str(ln.cells[sk.amount])) for ln in items]
    assert len(items) == 9 and sum(amounts) == Decimal("640000") and max(amounts) < Decimal("97400")
    assert all(ln.cells[2].startswith("2023-") for ln in items)
    total = next(ln for ln in sk.lines if ln.fact == "billed_twice")
    assert total.role == "total" and total.formula == "SUM({0}:{8})"
    assert drafted_count("DRAFT quantum schedule: first quote", "the 18 exchanges at the first quote") is None


@functools.cache
def _wind_sheet(needle: str):
    """(skeleton, ledger facts) of a wind-gearbox-serial-defect sheet, laid out alone as the planner lays it out (no
    world planned; the outline's YAML read as it stands: load_outline checks the whole outline, 3 s)."""
    import yaml

    from worldsmith.generators.planner import ledger_fact
    from worldsmith.worlds.outline import Fact

    outline = yaml.safe_load((Path(__file__).resolve().parents[1] / "fixtures" /
                              "wind-gearbox-serial-defect.yaml").read_text())
    item = next(i for f in outline["inventory"] for i in f["items"] if needle in i.get("title", ""))
    facts = {f["id"]: ledger_fact(Fact.model_validate(f), outline["locale"]) for f in outline["facts"]}
    spec = _spec(item["title"], item["facts"]).model_copy(update={"date": outline["window"]["end"]})
    return build_skeleton(spec, list(facts.values()), None, outline["locale"], Faker(),
                          outline["window"]["start"]), facts


def test_a_fixtures_counted_things_are_listed_with_their_share():
    """wind-gearbox-serial-defect: 'SCADA downtime and lost energy: six failed turbines' lists the six turbines, each
    with its lost MWh, adding up to the energy lost by a live SUM. Before: two figure lines."""
    sk, facts = _wind_sheet("failed turbines")
    items = [ln for ln in sk.lines if ln.role == "item" and ln.cells[0] is not None]
    assert len(items) == int(facts["failed_turbines"].value.value) == 6
    total = next(ln for ln in sk.lines if ln.fact == "lost_energy")
    assert total.role == "total" and total.formula == "SUM({0}:{5})"
    assert sum(Decimal(str(ln.cells[sk.amount])) for ln in items) == facts["lost_energy"].value.value
    assert all(ln.cells[2] for ln in items)


def test_a_register_of_a_range_lists_each_by_its_identifier():
    """wind-gearbox-serial-defect: 'Failure register: gearboxes WEA 01 to WEA 24' (24 turbines) lists WEA 01 to WEA 24;
    the six the failures' statement lists are marked Failed, each on one day of the failures' period, the same day
    the SCADA sheet gives it, and WEA 11 and 18 after the August 14 transients another statement blames. Before: the
    register listed the team's agreements, minutes and memos."""
    sk, _ = _wind_sheet("Failure register")
    items = [ln for ln in sk.lines if ln.role == "item" and ln.cells[0] is not None]
    assert [ln.cells[1] for ln in items] == [f"WEA {k:02d}" for k in range(1, 25)]
    failed = {ln.cells[1]: ln.cells[2] for ln in items if ln.cells[-1] == "Failed"}
    assert sorted(failed) == ["WEA 03", "WEA 07", "WEA 11", "WEA 12", "WEA 18", "WEA 22"]
    assert all("2026-06-03" <= d <= "2026-12-19" for d in failed.values()) and sk.columns[2].name == "Date failed"
    assert failed["WEA 11"] > "2026-08-14" and failed["WEA 18"] > "2026-08-14"
    scada, _ = _wind_sheet("failed turbines")
    assert {ln.cells[1]: ln.cells[2] for ln in scada.lines if ln.role == "item" and ln.cells[0]} == failed


def test_a_funds_flow_sets_out_the_gross_each_deduction_and_the_net():
    """'A "funds flow" computing only the fee' (read 27): under the computation, the gross, less the fee the ledger
    computes from it and the loan its statement says the proceeds repay, and the net after each, by live formulas
    over the computation's cells. Before: no funds flow lines."""
    facts = [_money("a", "70000000", "Tranche A is USD 70,000,000.", "tranche A"),
             _money("b", "30000000", "Tranche B is USD 30,000,000.", "tranche B"),
             _money("gross", "100000000", "The notes raise USD 100,000,000.", "final size", "a + b"),
             LedgerFact(id="rate", statement="Fee 0.5%.", label="fee rate", text="0.5%", value=Percent(value=Decimal("0.5"))),
             _money("fee", "500000", "The fee is 0.5% of the final size.", "arrangement fee",
                    "percent_of(rate, gross)"),
             _money("loan", "60000000", "The proceeds first repay the USD 60,000,000 term loan.", "term loan repaid")]
    spec = _spec("Closing funds flow", [f.id for f in facts])
    sk = build_skeleton(spec, facts, None, "en_US", Faker(), dt.date(2026, 1, 5))
    at = {ln.fact: i for i, ln in enumerate(sk.lines) if ln.fact}
    flow = sk.lines[next(i for i, ln in enumerate(sk.lines) if ln.role == "heading" and "Funds flow" in ln.cells[0]):]
    rows = [(ln.cells[sk.label], ln.cells[sk.amount], ln.formula) for ln in flow[1:] if ln.role == "item"]
    assert [r[1] for r in rows] == [100000000, 500000, 99500000, 60000000, 39500000], rows
    assert rows[0][2] == "{%d}" % at["gross"] and rows[1][2] == "{%d}" % at["fee"]
    assert rows[2][2].endswith("-{%d}" % at["fee"]) and rows[4][2].endswith("-{%d}" % at["loan"])


def test_the_check_fails_a_sheet_titled_for_counted_things_it_does_not_list():
    """checks/sheet_keeps_title.sql: a sheet titled for the invoices a count it carries counts fails with no dated
    rows, passes with a dated row for each; a count of days named in a title promises nothing."""
    import duckdb

    sql = (Path(__file__).resolve().parents[2] / "generators" / "kinds" / "spreadsheet" / "checks" /
           "sheet_keeps_title.sql").read_text()
    db = duckdb.connect()
    db.execute("create table artifacts (id varchar, kind varchar, path varchar, title varchar, distractor varchar)")
    db.execute("create table sheet_promises (artifact_id varchar, promise varchar, what varchar, word varchar)")
    db.execute("create table cells (artifact_id varchar, sheet_name varchar, row integer, col integer, header varchar,"
               " value_type varchar, value_text varchar, value_num double, value_date date)")
    db.execute("create table planned_facts (artifact_id varchar, fact_id varchar)")
    db.execute("create table facts (id varchar, type varchar, unit varchar, value_num double)")
    db.execute("create table fact_values (fact_id varchar, since date, until date, value_num double)")
    db.execute("create table artifact_days (artifact_id varchar, day date)")
    db.execute("create table distractors (id varchar, fact varchar)")
    db.execute("insert into artifacts values ('s', 'spreadsheet', 'T.xlsx', 'Invoice tally', null),"
               " ('d', 'spreadsheet', 'D.xlsx', 'Delay days', null)")
    db.execute("insert into planned_facts values ('s', 'n'), ('d', 'k')")
    db.execute("insert into facts values ('n', 'number', 'invoices', 3), ('k', 'number', 'days', 40)")
    db.execute("insert into fact_values values ('n', '2026-01-01', null, 3), ('k', '2026-01-01', null, 40)")
    db.execute("insert into artifact_days values ('s', '2026-03-01'), ('d', '2026-03-01')")
    db.execute("insert into cells values ('s', 'x', 2, 1, 'Item', 'text', 'Invoices', null, null),"
               " ('s', 'x', 2, 2, 'Value', 'number', null, 3, null)")
    assert [r[2] for r in db.execute(sql).fetchall()] == ["titled for its 3 invoices, but 0 rows list one"]
    db.execute("insert into cells values " + ", ".join(f"('s', 'x', {r}, 3, 'Date', 'date', null, null, '2025-0{r}-01')"
                                                       for r in (3, 4, 5)))
    assert db.execute(sql).fetchall() == []


def test_the_largest_item_a_max_computes_back_is_one_of_the_parts_its_total_adds():
    """checks/total_only_over_parts.sql: the largest single invoice (a fact) laid out as one of the invoices, which a
    live MAX computes back, is a part of their SUM; the same value in an item no MAX reads still fails. Before: the
    tally's SUM was 'adding the ledger amount of largest_invoice to rows that are not its parts'."""
    import duckdb

    sql = (Path(__file__).resolve().parents[2] / "generators" / "kinds" / "spreadsheet" / "checks" /
           "total_only_over_parts.sql").read_text()
    db = duckdb.connect()
    db.execute("create table facts (id varchar, type varchar, formula varchar)")
    db.execute("create table fact_values (fact_id varchar, value_num double)")
    db.execute("create table distractors (fact varchar, type varchar, value_num double)")
    db.execute("create table cells (artifact_id varchar, path varchar, sheet_name varchar, row integer, col integer,"
               " value_type varchar, value_text varchar, value_num double, formula varchar)")
    db.execute("create table cell_refs (path varchar, sheet_name varchar, row integer, col integer, ref_row integer,"
               " ref_col integer)")
    db.execute("create table sheet_lines (artifact_id varchar, row integer, col integer, role varchar, fact_id varchar,"
               " formula varchar)")
    db.execute("insert into facts values ('largest_invoice', 'money', null)")
    db.execute("insert into fact_values values ('largest_invoice', 97400)")
    db.execute("insert into cells values ('s', 'T.xlsx', 'x', 2, 5, 'number', null, 50000, null),"
               " ('s', 'T.xlsx', 'x', 3, 5, 'number', null, 97400, null),"
               " ('s', 'T.xlsx', 'x', 4, 5, 'number', null, 147400, '=SUM(E2:E3)'),"
               " ('s', 'T.xlsx', 'x', 5, 5, 'number', null, 97400, '=MAX(E2:E3)')")
    db.execute("insert into cell_refs values ('T.xlsx', 'x', 4, 5, 2, 5), ('T.xlsx', 'x', 4, 5, 3, 5),"
               " ('T.xlsx', 'x', 5, 5, 2, 5), ('T.xlsx', 'x', 5, 5, 3, 5)")
    db.execute("insert into sheet_lines values ('s', 2, 5, 'item', null, null), ('s', 3, 5, 'item', null, null),"
               " ('s', 4, 5, 'item', null, '=SUM(E2:E3)')")
    assert len(db.execute(sql).fetchall()) == 1  # no MAX line of the fact: the item is an amount the SUM adds
    db.execute("insert into sheet_lines values ('s', 5, 5, 'derived', 'largest_invoice', '=MAX(E2:E3)')")
    assert db.execute(sql).fetchall() == []


def test_a_log_of_things_lists_no_team_papers():
    """'A hot documents log that lists the firm's own deliverables', 'an investor roadshow and call log with no
    investors or calls' (read 27): a log or register of things, with no items of its own in the ledger, holds its
    figures and nothing else; an action log still lists the team's work. (emoney at seed 61, its timeline's spec
    retitled; before: the log listed the team's papers, 'Circulated' / 'Draft in progress'.)"""
    from tests.generators.planned import planned
    from worldsmith.generators.context import build_context
    from worldsmith.generators.kinds.spreadsheet.compose import compose_sheet, logs_things

    plan, taxonomy = planned("emoney-data-breach-dpc-inquiry", 61)
    spec = next(a for a in plan.artifacts if a.kind == "spreadsheet" and a.title.startswith("Incident timeline"))
    spec.title = "Incident call log"
    ctx = build_context(plan, taxonomy, spec, {})
    sheet = compose_sheet(ctx)
    assert len(sheet.rows) == len(ctx.facts), sheet.rows
    cells = [str(x) for row in sheet.rows for x in row]
    assert not any(x in ("Circulated", "Draft in progress") for x in cells), sheet.rows
    assert not logs_things("Action log") and not logs_things("Issues register") and logs_things("Risk register")


def test_a_list_titled_in_the_matters_language_lists_the_count_it_carries():
    """'A "list" of internal redeployment posts holding a single number (37)' (read 30): a list titled in the
    matter's own language names its things in that language, never in the count's English unit, so no title word
    matched the unit and the sheet was one line. It lists the one count of things it carries, a row each named by
    the count's label, the count by a live COUNT of the rows. Before: one line, 'Internal redeployment posts | 37'."""
    count = LedgerFact(id="crews", statement="The carrier keeps 14 relief crews on standby at its two bases.",
                       label="standby relief crews", text="14", value=Number(value=Decimal(14), unit="teams"))
    for title in ("Relación de tripulaciones de reserva", "Liste des équipages de réserve"):
        sk = build_skeleton(_spec(title, ["crews"]), [count], None, "es_MX", Faker(), dt.date(2026, 1, 5))
        items = [ln for ln in sk.lines if ln.role == "item"]
        assert len(items) == 14 and {ln.cells[sk.label] for ln in items} == {"Standby relief crew"}
        assert next(ln for ln in sk.lines if ln.fact == "crews").formula == "COUNT(A2:A15)"
    # an English title still lists only the things it names
    assert build_skeleton(_spec("Standby roster", ["crews"]), [count], None, "en_US", Faker(),
                          dt.date(2026, 1, 5)) is None


def test_a_criteria_sheet_lists_the_criteria_its_purpose_names_with_their_points():
    """'The "criteria for the order of dismissals by job category" sheet has no criteria, no categories and no
    points, only 148 - 37 = 111' (read 30): a sheet titled for criteria lists the ones its purpose enumerates, a row
    each with its weight in points and the points available by a live SUM, before the figures. Before: the figures
    only. A purpose that names no criteria adds none (nothing invented from another trade's pool)."""
    facts = _invoices()[:3]
    spec = _spec("Criterios de evaluación de ofertas", [f.id for f in facts])
    spec.purpose = "The points each bid scores against price, delivery time and technical merit within each lot."
    sk = build_skeleton(spec, facts, None, "es_MX", Faker(), dt.date(2026, 1, 5))
    items = [ln for ln in sk.lines if ln.role == "item"]
    assert [ln.cells[sk.label] for ln in items[:3]] == ["Price", "Delivery time", "Technical merit"]
    assert items[3].formula == "SUM({1}:{3})" and items[3].cells[sk.amount] == sum(
        ln.cells[sk.amount] for ln in items[:3])
    spec.purpose = "What the firm bills for the audit."
    plain = build_skeleton(spec, facts, None, "es_MX", Faker(), dt.date(2026, 1, 5))
    assert plain is None or not any(ln.role == "heading" and "Criteria" in ln.cells[sk.label] for ln in plain.lines)


def test_a_reconciliation_sets_out_both_sides_month_by_month_before_the_difference():
    """'The "reconciliation against customs declarations" is one typed total and one subtraction' (read 30): a
    reconciliation of a year sets out each side by period (a whole year by quarter, on one page), each side's
    periods adding up to the ledger's figure by a live SUM; the difference is computed from the two lines. Before:
    two typed figures and their difference."""
    facts = [_money("booked", "4800000", "The ledger books USD 4,800,000 of imports in 2024.", "imports booked"),
             _money("declared", "3100000", "Declarations cover USD 3,100,000.", "imports declared"),
             _money("gap", "1700000", "Imports booked but not declared.", "unreconciled imports", "booked - declared")]
    for title in ("Reconciliation of imports booked against declarations, 2024",
                  "Conciliación de importaciones contra pedimentos, ejercicio 2024"):
        sk = build_skeleton(_spec(title, ["booked", "declared", "gap"]), facts, None, "en_US", Faker(),
                            dt.date(2026, 1, 5))
        by_fact = {ln.fact: i for i, ln in enumerate(sk.lines) if ln.fact}
        for fid, amount in (("booked", 4800000), ("declared", 3100000)):
            line = sk.lines[by_fact[fid]]
            a, b = (int(x) for x in re.findall(r"\d+", line.formula))
            months = [sk.lines[i] for i in range(a, b + 1)]
            assert len(months) == 4 and months[0].cells[sk.label] == "Q1 2024" and all(
                ln.role == "item" for ln in months)
            assert sum(Decimal(str(ln.cells[sk.amount])) for ln in months) == amount
        assert sk.lines[by_fact["gap"]].formula == "{%d}-{%d}" % (by_fact["booked"], by_fact["declared"])
