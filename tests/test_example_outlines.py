"""The shipped example outlines load, plan to a data room of the right size, and keep their arithmetic."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from worldsmith.worlds.outline import DocumentItem, EmailThreadItem, Outline, SpreadsheetItem, load_outline

EXAMPLES = Path(__file__).resolve().parent.parent / "outlines" / "examples"
NAMES = ["tanker-spill-liability.yaml", "buyside-diligence.yaml", "hospital-revenue-audit.yaml"]
SCHEMA_LINE = "# yaml-language-server: $schema=../outline.schema.json"
# The SOC 2018 codes the shipped taxonomy is promised to contain; an example using another would not resolve.
SHIPPED_SOC = {
    "11-1011", "11-1021", "11-2021", "11-3031", "11-3121", "13-1031", "13-1041", "13-1111", "13-2011",
    "13-2041", "13-2051", "13-2053", "15-1211", "17-2121", "19-2041", "23-1011", "23-2011", "43-6012",
    "41-3031", "53-5021",
}


def all_items(outline: Outline) -> list:
    """Every inventory item, then every distractor's item."""
    return [item for folder in outline.inventory for item in folder.items] + [d.item for d in outline.distractors]


def planned_counts(outline: Outline) -> dict[str, int]:
    """Artifacts per kind by the planner's rule: a thread makes count * (messages + 1 if forwarded)."""
    counts = {"email": 0, "document": 0, "spreadsheet": 0}
    for item in all_items(outline):
        if isinstance(item, EmailThreadItem):
            counts["email"] += item.count * (item.messages + (1 if item.forward_to else 0))
        elif isinstance(item, DocumentItem):
            counts["document"] += item.count
        elif isinstance(item, SpreadsheetItem):
            counts["spreadsheet"] += item.count
    return counts


def amount(outline: Outline, fact_id: str) -> Decimal:
    """The numeric part of a fact's value (money amount, number or percent)."""
    value = next(f for f in outline.facts if f.id == fact_id).value
    return value.amount if value.type == "money" else value.value


@pytest.fixture(scope="module", params=NAMES)
def example(request) -> tuple[Path, Outline]:
    path = EXAMPLES / request.param
    return path, load_outline(path)


def test_first_line_references_the_schema(example):
    path, _ = example
    assert path.read_text(encoding="utf-8").splitlines()[0] == SCHEMA_LINE


def test_planned_artifact_count_is_within_budget(example):
    _, outline = example
    counts = planned_counts(outline)
    assert 40 <= sum(counts.values()) <= 120, counts
    assert counts["email"] > 0
    assert counts["document"] >= 8, counts
    assert counts["spreadsheet"] >= 5, counts


def test_every_fact_is_carried_by_a_true_item(example):
    _, outline = example
    carried = {fact for folder in outline.inventory for item in folder.items for fact in item.facts}
    missing = {f.id for f in outline.facts} - carried
    assert not missing, f"facts no inventory item carries: {sorted(missing)}"


def test_every_item_has_a_purpose_and_facts(example):
    _, outline = example
    for item in all_items(outline):
        assert item.purpose and item.facts, item.title
        # a meeting `before` a deadline fact is dated by that fact
        assert item.date is not None or item.dates is not None or getattr(item, "before", None), item.title


def test_counted_items_spread_over_a_range(example):
    _, outline = example
    for item in all_items(outline):
        if item.count > 1:
            assert item.dates is not None, f"{item.title}: count {item.count} needs a dates range"


def test_distractors_carry_their_fact_with_a_different_value(example):
    _, outline = example
    assert outline.distractors
    for d in outline.distractors:
        true_value = next(f for f in outline.facts if f.id == d.fact).value
        assert d.value != true_value, d.id
        assert d.fact in d.item.facts, f"{d.id}: its item must list {d.fact!r} to carry the wrong value"
        assert "superseded" in d.label.lower(), d.id


def test_cast_uses_shipped_occupations_and_has_ten_to_sixteen_people(example):
    _, outline = example
    assert {m.occupation for m in outline.cast} <= SHIPPED_SOC
    assert 10 <= sum(m.count for m in outline.cast) <= 16


def test_thread_lengths_stay_between_two_and_six(example):
    _, outline = example
    for item in all_items(outline):
        if isinstance(item, EmailThreadItem):
            # (a forward is a message of the thread: the owners' casualty notice is one message and its forward)
            assert 2 <= item.messages + bool(item.forward_to) <= 6, item.title


def test_tanker_figures_are_consistent():
    outline = load_outline(EXAMPLES / "tanker-spill-liability.yaml")
    cap = amount(outline, "per_ton_limit") * amount(outline, "gross_tonnage")
    assert cap == amount(outline, "liability_cap") == Decimal(156_200_000)
    claims = amount(outline, "removal_costs") + amount(outline, "nrd_claimed") + Decimal(38_900_000)
    assert claims == amount(outline, "total_claims")
    demand = amount(outline, "total_claims") * amount(outline, "fault_share_alleged") / 100
    assert demand == amount(outline, "contribution_demand")
    assert amount(outline, "energy_exposure") < amount(outline, "contribution_demand")
    # The superseded draft is the same tonnage at the stale USD 2,300 rate.
    draft = next(d for d in outline.distractors if d.fact == "liability_cap")
    assert draft.value.amount == Decimal(2300) * amount(outline, "gross_tonnage")


def test_buyside_figures_are_consistent():
    outline = load_outline(EXAMPLES / "buyside-diligence.yaml")
    ebitda = amount(outline, "mgmt_ebitda") - amount(outline, "qoe_adjustments")
    assert ebitda == amount(outline, "ltm_ebitda")
    multiple = amount(outline, "ebitda_multiple")
    assert multiple * amount(outline, "mgmt_ebitda") == amount(outline, "loi_enterprise_value")
    assert multiple * amount(outline, "ltm_ebitda") == amount(outline, "enterprise_value")
    assert amount(outline, "enterprise_value") * amount(outline, "escrow_percent") / 100 == amount(outline, "escrow_amount")
    by_fact = {d.fact: d.value.amount for d in outline.distractors}
    assert multiple * by_fact["ltm_ebitda"] == by_fact["enterprise_value"]


def test_hospital_figures_are_consistent():
    outline = load_outline(EXAMPLES / "hospital-revenue-audit.yaml")
    assert amount(outline, "claims_in_error") / amount(outline, "sample_size") * 100 == amount(outline, "error_rate")
    per_claim = amount(outline, "overpayment_sample") / amount(outline, "sample_size")
    assert per_claim * amount(outline, "population_claims") == amount(outline, "extrapolated_overpayment")


def test_two_examples_at_the_same_seed_share_no_cast_member():
    """The cast derives from the world's identity: no name, address or phone number recurs across the examples;
    a person copied from one world into another (the seeded defect) is named."""
    from worldsmith.generators.planner import plan_world
    from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
    from worldsmith.worlds.realism import shared_cast

    taxonomy = load_taxonomy()
    plans = []
    for name in NAMES:
        outline = load_outline(EXAMPLES / name)
        plans.append(plan_world(outline, resolve_cast(outline, taxonomy), 0, name))
    for i in range(len(plans)):
        for j in range(i + 1, len(plans)):
            assert shared_cast(plans[i], plans[j]) == [], (NAMES[i], NAMES[j])
    copied = plans[0].people[3]
    twin = plans[1].people[0].model_copy(update={"name": copied.name, "phone": copied.phone})
    broken = plans[1].model_copy(update={"people": [twin, *plans[1].people[1:]]})
    found = shared_cast(plans[0], broken)
    assert any(f"name {copied.name!r}" in f for f in found) and any(f"phone {copied.phone!r}" in f for f in found)
