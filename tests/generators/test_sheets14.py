"""sheets14 (blind read 36): a schedule lists the parts the ledger holds, a bound's test is as strict as its rule."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from faker import Faker

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
