"""Sheet skeletons: amounts split to the cent, ledger formulas as Excel formulas, roll-ups that meet the ledger."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from worldsmith.generators.skeleton import excel_formula, formula_words, layout_for, rollup_shares, split_cents
from worldsmith.worlds.plan import FactPeriod, LedgerFact, SheetSpec
from worldsmith.worlds.values import Money


@settings(max_examples=200, deadline=None)
@given(cents=st.integers(min_value=1, max_value=10**13), n=st.integers(min_value=1, max_value=60), seed=st.integers(0, 99))
def test_split_cents_adds_up_exactly_to_the_total(cents, n, seed):
    total = Decimal(cents) / 100
    parts = split_cents(total, n, random.Random(seed), whole=False)
    assert len(parts) == n and sum(parts) == total
    if cents >= n:
        assert all(p > 0 for p in parts)


def test_excel_formula_reads_the_lines_of_the_inputs():
    at = {"per_ton_limit": 1, "gross_tonnage": 0, "limit_floor": 2, "fault": 3, "claims": 4}
    assert excel_formula("max(per_ton_limit * gross_tonnage, limit_floor)", at) == "MAX({1}*{0},{2})"
    assert excel_formula("percent_of(fault, claims)", at) == "{3}*{4}"
    assert excel_formula("per_ton_limit + gross_tonnage + limit_floor", at) == "{1}+{0}+{2}"
    assert excel_formula("per_ton_limit - (gross_tonnage - limit_floor)", at) == "{1}-({0}-{2})"
    words = formula_words("min(fault, claims)", lambda f: f.replace("_", " "))
    assert words == "lesser of fault and claims"


def test_layout_follows_the_title():
    assert layout_for("Claims tracker: third-party claims") == "tracker"
    assert layout_for("Daily removal-cost log") == "log"
    assert layout_for("Damages schedule: claims by category") == "schedule"


def _sheet(day: dt.date, n: int) -> SheetSpec:
    return SheetSpec(id=f"log_{n}", item="log", path=f"Logs/{n}.xlsx", title=f"Log {n}", author="a", occupation="x",
                     rows=5, date=day, rolls_up_to="costs")


def test_rollup_shares_meet_the_current_value_and_the_earlier_one_on_its_day():
    fact = LedgerFact(id="costs", statement="Costs.", value=Money(amount=Decimal("1000000"), currency="USD"),
                      text="USD 1,000,000", known_from=dt.date(2026, 4, 1),
                      earlier=[FactPeriod(since=dt.date(2026, 3, 11), value=Money(amount=Decimal("600000.50"), currency="USD"),
                                          text="USD 600,000.50")])
    sheets = [_sheet(dt.date(2026, 3, 1) + dt.timedelta(days=3 * k), k) for k in range(10)]
    shares = rollup_shares(sheets, fact, random.Random(3))
    assert sum(shares.values()) == Decimal("1000000")
    assert sum(v for s, v in shares.items() if next(x for x in sheets if x.id == s).date < dt.date(2026, 3, 11)) \
        == Decimal("600000.50")
    assert all(v > 0 for v in shares.values())
