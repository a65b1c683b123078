"""A sheet that weighs two routes says which line is whose (blind read 17, a covenant breach: 'A "cost comparison"
that compares nothing: no 50bp step-up cost, no interest saved by the prepayment, no totals')."""

from __future__ import annotations

from pathlib import Path

from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend

FIXTURE = Path(__file__).parent.parent / "fixtures" / "covenant-breach.yaml"


def test_a_cost_comparison_of_two_routes_says_each_lines_route_and_what_its_money_does():
    backend = OfflineBackend()
    prepared = pipeline.prepare(FIXTURE, 4, backend)
    plan = pipeline.make_plan(prepared)
    contents = pipeline.generate(plan, prepared.taxonomy, backend)
    sheet = next(a for a in plan.artifacts if a.kind == "spreadsheet" and "against waiver" in a.title)
    content = contents[sheet.id]
    names = [c.name for c in content.columns]
    assert names[-2:] == ["Route", "Effect"], names
    by_item = {row[0]: row[-2:] for row in content.rows if row and isinstance(row[0], str)}
    assert by_item["Waiver fee"] == ["Waiver", "Paid away"], by_item
    assert by_item["Equity cure amount"] == ["Cure", "Prepays the loan"], by_item
    assert by_item["Term loan commitment"][0] == "Both", by_item
    # words only beside the engine's figures
    assert all(not any(ch.isdigit() for ch in str(cell)) for row in content.rows for cell in row[-2:] if cell)
