"""A figure whose statement works it out from two figures a sheet carries is computed there by a live formula (blind
read 29: 'pro rata rate hard-coded rather than =B7/B8'); a statement that only names figures computes nothing."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from faker import Faker

from worldsmith.generators.skeleton import build_skeleton
from worldsmith.worlds.plan import LedgerFact, SheetSpec
from worldsmith.worlds.values import Money, Percent


def _facts(statement: str) -> list[LedgerFact]:
    return [LedgerFact(id="pool", statement="The net pool is EUR 12,600,000.", label="net pool", text="EUR 12,600,000",
                       value=Money(amount=Decimal(12600000), currency="EUR")),
            LedgerFact(id="admitted", statement="Admitted claims total EUR 50,400,000.", label="admitted claims",
                       text="EUR 50,400,000", value=Money(amount=Decimal(50400000), currency="EUR")),
            LedgerFact(id="dividend", statement=statement, label="dividend rate", text="25%",
                       value=Percent(value=Decimal(25)))]


def _line(statement: str):
    facts = _facts(statement)
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Dividend calculation", author="a", occupation="x",
                     rows=10, date=dt.date(2026, 6, 9), facts=[f.id for f in facts])
    sk = build_skeleton(spec, facts, None, "en_GB", Faker(), dt.date(2026, 4, 1))
    if sk is None:
        return None, {}  # figures only: the composer's table types them in
    at = {ln.fact: n for n, ln in enumerate(sk.lines) if ln.fact}
    return sk.lines[at["dividend"]], at


def test_a_rate_its_statement_works_out_is_a_live_formula_over_its_figures():
    """Before: the rate was typed in (0.25) beside the two figures it divides."""
    line, at = _line("Creditors receive 25 cents in the euro (EUR 12,600,000 / EUR 50,400,000).")
    assert line.role == "derived" and line.formula == "{%d}/{%d}" % (at["pool"], at["admitted"])
    assert line.cells[1] == 0.25


def test_a_statement_that_only_names_figures_computes_nothing():
    line, _ = _line("Creditors receive 25 cents in the euro on EUR 50,400,000 of admitted claims.")
    assert line is None or (line.role == "input" and line.formula is None)


def _money(fid: str, amount: int, label: str, formula: str | None = None) -> LedgerFact:
    return LedgerFact(id=fid, statement=f"The {label} is JPY {amount:,}.", label=label, formula=formula,
                      text=f"JPY {amount:,}", value=Money(amount=Decimal(amount), currency="JPY"))


def test_a_sides_total_is_the_sum_its_part_is_summed_into():
    """'"Allowed: total" = C13 = JPY 150,000,000, which is only the replacement sub-limit, not the allowed loss'
    (read 29): a side's figure summed into a larger sum of no other side stands for it by that sum. Before: the
    side's total was the part."""
    facts = [_money("notify", 38500000, "notification costs"), _money("units", 282240000, "cost of units"),
             _money("claimed", 320740000, "amount claimed", "notify + units"),
             _money("cap", 150000000, "units sub-limit"),
             _money("units_allowed", 150000000, "units cost allowed", "min(units, cap)"),
             _money("adjusted", 188500000, "adjusted loss", "notify + units_allowed")]
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Adjustment: claimed against allowed", author="a",
                     occupation="x", rows=10, date=dt.date(2026, 6, 9), facts=[f.id for f in facts])
    sk = build_skeleton(spec, facts, None, "en_GB", Faker(), dt.date(2026, 4, 1))
    at = {ln.fact: n for n, ln in enumerate(sk.lines) if ln.fact}
    totals = {ln.cells[sk.label]: ln for ln in sk.lines if str(ln.cells[sk.label]).endswith(": total")}
    assert totals["Allowed: total"].formula == "{%d}" % at["adjusted"]
    assert totals["Claimed: total"].formula == "{%d}" % at["claimed"]
