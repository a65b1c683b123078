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
