"""Blind read 34 (the tanker example's weekly status): a cap worked as max(per_ton_limit * gross_tonnage, limit_floor)
was worded 'the product of the OPA 90 per-ton limit or, if higher, the gross tonnage and the OPA 90 limit floor': the
product's own 'and' was read as the one between the greater-of's two limbs. A product inside a greater-of is said with
'times', and the limit reads 'A times B or, if higher, C'."""

from __future__ import annotations

from pathlib import Path

from tests.generators.planned import planned

TANKER = Path(__file__).resolve().parents[2] / "outlines" / "examples" / "tanker-spill-liability.yaml"


def test_a_greater_of_a_product_reads_in_the_formulas_order():
    from worldsmith.generators.compose.facts import limit_words
    from worldsmith.generators.context import fact_reason

    plan, _ = planned(TANKER, 0)
    cap = next(f for f in plan.facts if f.formula and f.formula.startswith("max("))
    how = fact_reason(plan, cap)
    assert how.startswith("the greater of ") and " times " in how and "the product of" not in how, how
    said = limit_words(how)
    first, _, floor = said.partition(" or, if higher, ")
    assert " times " in first and " and " not in floor and "floor" in floor, said
