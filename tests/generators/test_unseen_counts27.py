"""A count whose label is its things with a word of their state and a kind in plain words ('registered class
members', 6,214 members) is said with its noun once: an unseen outline's administrator's report to the Court
quarantined at seed 5 on "registered class members are 6,214 members" (label_slot_grammar), where count_said gave
up on any kind word that was not a grade ('severity-1'). Shown on two fixtures' counts, relabelled so."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import yaml

from worldsmith.generators.compose.facts import said_once

ROOT = Path(__file__).resolve().parents[2]


def _count(fixture: str, fact_id: str, label: str):
    facts = yaml.safe_load((ROOT / "tests/fixtures" / fixture).read_text(encoding="utf-8"))["facts"]
    value = next(f for f in facts if f["id"] == fact_id)["value"]
    text = f"{value['value']:,.0f} {value['unit']}"
    return SimpleNamespace(label=label, text=text, value=SimpleNamespace(type="number"))


def test_a_count_of_a_kind_of_things_in_a_state_says_its_noun_once():
    for fact in (_count("emoney-data-breach-dpc-inquiry.yaml", "records_affected", "affected retail customers"),
                 _count("wind-gearbox-serial-defect.yaml", "failed_turbines", "the failed offshore turbines"),
                 _count("patent-royalty-audit.yaml", "reported_units", "eligible console units")):
        bare = re.sub(r"^the ", "", fact.label)
        out = said_once(f"As at today, the {bare} are {fact.text}. The {bare} were {fact.text}.", fact)
        assert f"{bare} are" not in out and f"{bare} were" not in out, out
        assert out.count(fact.text) == 2 and out.startswith("As at today, "), out
