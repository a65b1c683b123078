"""A sheet that holds a price and the count it buys, or a total and the months it covers, computes the unit price or
the monthly average by a live formula, or shows no such line (blind read 32: 'a cost calculation of two rows, the bid
price and the number of vehicles, that computes nothing, not even the unit price')."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from faker import Faker

from worldsmith.generators.per_unit import singular
from worldsmith.generators.skeleton import build_skeleton
from worldsmith.worlds.plan import LedgerFact, SheetSpec
from worldsmith.worlds.values import Money, Number


def _skeleton(amount: LedgerFact, count: LedgerFact, title: str = "Cost calculation"):
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title=title, author="a", occupation="x", rows=10,
                     date=dt.date(2026, 6, 9), facts=[amount.id, count.id])
    return build_skeleton(spec, [amount, count], None, "en_GB", Faker(), dt.date(2026, 4, 1))


def _money(fid: str, label: str, amount: int, statement: str) -> LedgerFact:
    return LedgerFact(id=fid, statement=statement, label=label, text=f"EUR {amount:,}",
                      value=Money(amount=Decimal(amount), currency="EUR"))


def _count(fid: str, label: str, n: int, unit: str) -> LedgerFact:
    return LedgerFact(id=fid, statement=f"The order is for {n} {unit}.", label=label, text=f"{n} {unit}",
                      value=Number(value=Decimal(n), unit=unit))


def _per_unit(sk):
    return [ln for ln in sk.lines if ln.role == "derived" and ln.fact is None and " per " in str(ln.cells[sk.label])]


def test_a_price_for_a_count_of_things_computes_the_unit_price():
    """Before: build_skeleton returned None (figures only) and the composer typed the two figures in two rows."""
    sk = _skeleton(_money("price", "winning bid", 96000000, "The winning bid is EUR 96,000,000 for the 36 low-floor buses."),
                   _count("buses", "buses ordered", 36, "buses"))
    at = {ln.fact: n for n, ln in enumerate(sk.lines) if ln.fact}
    [line] = _per_unit(sk)
    assert line.cells[sk.label] == "Winning bid per bus"
    assert line.formula == "ROUND({%d}/{%d},2)" % (at["price"], at["buses"]) and line.cells[sk.amount] == 2666666.67


def test_a_total_over_months_computes_the_monthly_average():
    sk = _skeleton(_money("costs", "standby costs", 1_845_000, "Standby costs came to EUR 1,845,000 over 18 months."),
                   _count("months", "months of standby", 18, "months"), title="Standby cost summary")
    [line] = _per_unit(sk)
    assert line.cells[sk.label] == "Average per month" and line.cells[sk.amount] == 102500


def test_an_amount_that_is_not_for_the_count_or_is_a_rate_computes_no_such_line():
    unrelated = _money("fee", "arrangement fee", 250000, "The arrangement fee is EUR 250,000.")
    rate = _money("rate", "demurrage rate", 30000, "Demurrage runs at EUR 30,000 per day for 12 days.")
    for amount, count in ((unrelated, _count("buses", "buses ordered", 36, "buses")),
                          (rate, _count("days", "days on demurrage", 12, "days"))):
        sk = _skeleton(amount, count)
        assert sk is None or not _per_unit(sk)


def test_a_unit_in_the_singular():
    assert [singular(u) for u in ("trams", "batteries", "buses", "months", "boxes", "glass")] == \
        ["tram", "battery", "bus", "month", "box", "glass"]
