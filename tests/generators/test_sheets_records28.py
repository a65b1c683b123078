"""Registers, monitors and calendars as sheets that hold what their titles promise (blind read 28, issue 17 point 3:
'the compliance monitor computes nothing: no excess and no breach flag'; 'a list of creditors whose own rows come to
28.8% while 21.6% is typed in')."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

from faker import Faker

from worldsmith.generators.skeleton import build_skeleton
from worldsmith.worlds.plan import LedgerFact, SheetSpec
from worldsmith.worlds.values import Money, Percent

_CHECKS = Path(__file__).resolve().parents[2] / "generators" / "kinds" / "spreadsheet" / "checks"


def _spec(title: str, facts: list[str]) -> SheetSpec:
    return SheetSpec(id="s", item="s", path="W/s.xlsx", title=title, author="a", occupation="x", rows=10,
                     date=dt.date(2026, 3, 4), facts=facts)


def _pct(fid: str, value: str, statement: str, label: str) -> LedgerFact:
    return LedgerFact(id=fid, statement=statement, label=label, text=f"{value}%",
                      value=Percent(value=Decimal(value)))


def _limits() -> list[LedgerFact]:
    return [_pct("cap", "5", "The guidelines cap single-issuer exposure at 5% of the portfolio.", "single issuer limit"),
            _pct("held", "7.25", "The fund's largest issuer is 7.25% of the portfolio.", "single issuer exposure"),
            LedgerFact(id="aum", statement="The portfolio is EUR 800,000,000.", label="portfolio value",
                       text="EUR 800,000,000", value=Money(amount=Decimal("800000000"), currency="EUR"))]


def test_a_monitor_tests_the_limit_it_carries_by_live_formulas():
    """A sheet carrying a limit and the figure it limits sets out the excess by a live MAX, the excess in money over
    the one amount it carries, and the breach flag by a live IF, as at the sheet's day. Before: the two figures and
    the amount, one line each, nothing computed (the skeleton was None: the composer's own table)."""
    from worldsmith.generators.kinds.spreadsheet.promise import BREACH, limit_pairs

    facts = _limits()
    assert [(a.id, b.id) for a, b in limit_pairs(facts, "Guideline compliance monitor")] == [("cap", "held")]
    # a claim against a cap is capped, not in breach: a computation of it tests nothing
    assert limit_pairs(facts, "Claim and cap computation") == []
    sk = build_skeleton(_spec("Guideline compliance monitor", [f.id for f in facts]), facts, None, "en_GB", Faker(),
                        dt.date(2026, 1, 5))
    at = {ln.fact: n for n, ln in enumerate(sk.lines) if ln.fact}
    excess = next(ln for ln in sk.lines if ln.formula == "MAX(0,{%d}-{%d})" % (at["held"], at["cap"]))
    assert abs(excess.cells[sk.amount] - 0.0225) < 1e-12
    money = next(ln for ln in sk.lines if ln.formula and ln.formula.startswith("ROUND("))
    assert money.cells[sk.amount] == 18000000 and "{%d}" % at["aum"] in money.formula
    flag = next(ln for ln in sk.lines if ln.formula and ln.formula.startswith("IF("))
    assert flag.cells[sk.amount] == BREACH and "4 March 2026" in flag.cells[-1]
    # a label that only shares a word with the limit's is no figure of what it limits
    assert limit_pairs([facts[0], _pct("x", "3", "Issuer rated BB.", "issuer exposure")], "Limit monitor") == []


def test_the_check_fails_a_sheet_carrying_a_limit_it_does_not_test():
    """checks/sheet_tests_its_limit.sql: a sheet carrying a limit and the figure it limits, with no IF among its
    formulas, is an error (on main at seed 311 it finds the unseen pension outline's guideline compliance monitor);
    it passes once a formula flags the breach."""
    import duckdb

    db = duckdb.connect()
    db.execute("create table artifacts (id varchar, kind varchar, path varchar, title varchar)")
    db.execute("create table planned_facts (artifact_id varchar, fact_id varchar)")
    db.execute("create table facts (id varchar, type varchar, label varchar)")
    db.execute("create table fact_values (fact_id varchar, since date)")
    db.execute("create table artifact_days (artifact_id varchar, day date)")
    db.execute("create table cells (artifact_id varchar, formula varchar)")
    db.execute("insert into artifacts values ('s', 'spreadsheet', 'Monitor.xlsx', 'Limit monitor')")
    db.execute("insert into planned_facts values ('s', 'cap'), ('s', 'held')")
    db.execute("insert into facts values ('cap', 'percent', 'Single issuer limit'), "
               "('held', 'percent', 'single issuer exposure')")
    db.execute("insert into fact_values values ('cap', '2026-01-01'), ('held', '2026-03-01')")
    db.execute("insert into artifact_days values ('s', '2026-03-04')")
    db.execute("insert into cells values ('s', '=B2-B3')")
    sql = (_CHECKS / "sheet_tests_its_limit.sql").read_text()
    assert [r[2] for r in db.execute(sql).fetchall()] == \
        ["carries the single issuer limit and the figure it limits, but no formula flags a breach of it"]
    db.execute("""insert into cells values ('s', '=IF(B3>B2,"Breach","Within limit")')""")
    assert db.execute(sql).fetchall() == []


def test_a_partys_share_the_ledger_holds_is_its_rows_share_by_a_live_formula():
    """A list whose total's items name parties, and a share of one party the ledger holds ('holds 25% of the votes,
    in proportion to its admitted debt'): the party's rows come to that share of the total, in every sheet that
    splits it, and the share is their live SUM over the total, never the percent typed beside rows that come to
    another (read 28: '28.8% of the rows, 21.6% typed in'). Before: the items split at random, the share typed."""
    total = LedgerFact(id="admitted", statement="Admitted claims total USD 80,000,000.", label="admitted debt claims",
                       text="USD 80,000,000", value=Money(amount=Decimal("80000000"), currency="USD"),
                       items=["Alder Bank plc, term loan", "Birchway Lending Ltd, revolver", "Alder Bank plc, overdraft",
                              "Coppice Capital LLP, notes"])
    share = _pct("vote", "25", "Alder Bank holds 25% of the votes, in proportion to its admitted debt.",
                 "Alder voting share")
    entitled = LedgerFact(id="ent", statement="Alder gets 25% of USD 10,000,000.", label="Alder entitlement",
                          formula="percent_of(vote, pool)", text="USD 2,500,000",
                          value=Money(amount=Decimal("2500000"), currency="USD"))
    pool = LedgerFact(id="pool", statement="The pool is USD 10,000,000.", label="pool", text="USD 10,000,000",
                      value=Money(amount=Decimal("10000000"), currency="USD"))
    facts = [total, share, entitled, pool]
    for carried in (["admitted", "vote"], ["admitted", "ent"]):
        sk = build_skeleton(_spec("List of creditors", carried), facts, None, "en_US", Faker(), dt.date(2026, 1, 5))
        rows = {ln.cells[0]: n for n, ln in enumerate(sk.lines) if ln.role == "item"}
        alder = [Decimal(str(sk.lines[rows[k]].cells[sk.amount])) for k in rows if k.startswith("Alder")]
        assert sum(alder) == Decimal("20000000"), alder
        line = next(ln for ln in sk.lines if ln.fact == "vote")
        assert line.role == "derived" and line.formula.endswith("/{%d}" % next(
            n for n, ln in enumerate(sk.lines) if ln.fact == "admitted"))
        assert "{%d}" % rows["Alder Bank plc, term loan"] in line.formula and line.cells[sk.amount] == 0.25


def test_a_periodic_operational_report_is_no_source_of_a_contract_or_claim_figure():
    """input_sources: a figure a daily or weekly report of the room carries is read from the next paper that carries
    it, unless its statement says a report records it (read 28: 'operational-creditor claims sourced to a plant
    report'). Before: the earliest paper carrying it, the weekly report."""
    from types import SimpleNamespace as NS

    from worldsmith.generators.skeleton import input_sources, source_records

    def doc(title: str, day: int, facts: list[str]) -> NS:
        return NS(kind="document", distractor=None, doc_type="report", title=title, cites=[], facts=facts,
                  date=dt.date(2026, 3, day))

    price = LedgerFact(id="price", statement="The contract price is USD 9,000,000.", label="contract price",
                       text="USD 9,000,000", value=Money(amount=Decimal("9000000"), currency="USD"))
    poured = LedgerFact(id="poured", statement="The weekly works report records USD 120,000 of concrete poured.",
                        label="concrete poured", text="USD 120,000", value=Money(amount=Decimal("120000"), currency="USD"))
    docs = [doc("Weekly production and cash report: works - March 2", 2, ["price", "poured"]),
            doc("Daily site report - March 3", 3, ["price"]), doc("Payment certificate 4", 4, ["price"])]
    got = input_sources(source_records(docs), _spec("Billing register", ["price", "poured"]), {"price": price, "poured": poured})
    assert got["price"][0] == "Payment certificate 4"
    assert got["poured"][0].startswith("Weekly production")


def test_a_calendar_counts_a_steps_day_from_its_trigger_and_a_deadline_met_is_met():
    """compose.step_bases: a deadline whose statement counts its days from another step of the sheet says so (60
    days after the trigger; day 90 counting the trigger as day one), and one whose act another step did by the sheet's
    day is met, never 'On track' (read 28: 'preservation still "On track" after the Form 8 was registered', 'none of
    the statutory day counts'). Before: no basis, the deadline ahead counted as work to come."""
    from worldsmith.generators.context import FactRef
    from worldsmith.generators.kinds.spreadsheet.compose import step_bases
    from worldsmith.worlds.values import DateValue

    def day(fid: str, d: dt.date, statement: str, label: str) -> FactRef:
        return FactRef(id=fid, statement=statement, value=DateValue(value=d), text=d.isoformat(), label=label)

    facts = [day("notice", dt.date(2026, 4, 1), "The notice of default was served on April 1, 2026.",
                 "service of the notice"),
             day("cure", dt.date(2026, 5, 31), "The default must be cured, by paying the arrears, no later than May 31, "
                 "2026: 60 days after the notice was served.", "cure deadline"),
             day("paid", dt.date(2026, 5, 12), "The arrears were paid on May 12, 2026.", "payment of the arrears"),
             day("end", dt.date(2026, 6, 29), "Counting service as day one, the 90-day period ends on June 29, 2026.",
                 "end of the 90-day period")]
    got = step_bases(facts, dt.date(2026, 5, 20), "en_GB")
    assert got[1] == (True, "60 days after the service of the notice; met on 12 May 2026 (payment of the arrears)")
    assert got[3] == (False, "Day 90, counting the service of the notice as day one")
    assert 0 not in got and 2 not in got
    # before the act, the deadline is open
    assert got.get(1) != step_bases(facts, dt.date(2026, 5, 10), "en_GB").get(1)


def test_a_sheets_stock_source_is_of_its_own_trade():
    """compose.source_of: a builder's progress billing register is not compiled from 'the patient accounting system',
    nor a fund's guideline compliance monitor from 'the lenders' loan statements' (read 28); a hospital's aging and a
    borrower's covenant sheet keep theirs. Before: 'billing' and 'compliance' chose them."""
    from tests.generators.test_compose_sheet import _org_ctx
    from worldsmith.generators.kinds.spreadsheet.compose import source_of

    assert "patient" not in source_of(_org_ctx("Progress billing and holdback register", "client (contractor)"), True)
    assert "loan" not in source_of(_org_ctx("Guideline compliance monitor", "client (pension fund)"), True)
    assert "patient" in source_of(_org_ctx("Unbilled patient receivables aging", "client (the hospital)"), True)
    assert "statements" in source_of(_org_ctx("Covenant compliance certificate workings", "client (borrower)"), True)
