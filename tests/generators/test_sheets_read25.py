"""What the blind read 25 rejected in sheets: a 'cost comparison' that totals a prepayment against a fee."""

from __future__ import annotations

from pathlib import Path

from tests.generators.offline_world import offline_world

ROOT = Path(__file__).resolve().parents[2]


def test_a_comparison_totals_only_like_things():
    """covenant-breach (read 25): 'the "cost comparison" sets a USD 9M prepayment against a USD 450k fee as
    "totals"'. The cure's money prepays the loan (put in) and the waiver's fee is paid away: each is named for what
    it is, and no line calls them both a total."""
    plan, _, _ = offline_world(ROOT / "tests/fixtures/covenant-breach.yaml", 61)
    seen = 0
    for spec in (a for a in plan.artifacts if a.kind == "spreadsheet" and a.skeleton is not None):
        sk = spec.skeleton
        names = [str(ln.cells[sk.label]) for ln in sk.lines if ln.role == "total" and ln.fact is None]
        if "comparison" not in spec.title.lower() or not names:
            continue
        seen += 1
        assert not any(n.endswith(": total") for n in names), names
        assert any("cost paid away" in n for n in names) and any("put in" in n for n in names), names
    assert seen


def _skeletons(path: str, word: str):
    plan, _, _ = offline_world(ROOT / path, 61)
    return [a.skeleton for a in plan.artifacts if a.kind == "spreadsheet" and a.skeleton is not None
            and word in a.title.lower()]


def test_a_monthly_level_is_the_rounded_average_of_whole_balances():
    """buyside (read 25): 'twelve monthly balances given to the penny average to exactly 3,250,000.00, so they look
    worked back from the peg'."""
    seen = 0
    for sk in _skeletons("outlines/examples/buyside-diligence.yaml", "monthly"):
        months = [float(ln.cells[sk.amount]) for ln in sk.lines if ln.role == "item"]
        level = next(ln for ln in sk.lines if ln.fact and ln.role == "derived")
        if len(months) < 3:
            continue
        seen += 1
        assert all(m == int(m) for m in months), months
        average = sum(months) / len(months)
        assert average != float(level.cells[sk.amount]) and "ROUND(" in level.formula, (average, level)
        assert abs(average - float(level.cells[sk.amount])) < 5000
    assert seen


def test_a_concentration_names_the_largest_customers_and_lumps_the_rest():
    """buyside (read 25): 'ten customers make up exactly 100% of revenue'."""
    seen = 0
    for sk in _skeletons("outlines/examples/buyside-diligence.yaml", "concentration"):
        items = [ln for ln in sk.lines if ln.role == "item" and not ln.formula]
        seen += 1
        assert str(items[-1].cells[sk.label]).startswith("All other customers (")
        named = [float(ln.cells[sk.amount]) for ln in items[:-1]]
        assert sum(named) < 0.99 and float(items[-1].cells[sk.amount]) > 0
    assert seen
