"""Blind read 36 (us-saas audit, the audit committee minutes): the proposed adjustment was worked as 'the Halvorsen
activation fee of USD 1,860,000 less the Halvorsen activation fee of USD 1,860,000 times 3 months ...'. An input a
formula uses twice is valued where it is first said, and named bare after."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from tests.generators.planned import planned

TANKER = Path(__file__).resolve().parents[2] / "outlines" / "examples" / "tanker-spill-liability.yaml"


def test_an_input_used_twice_in_a_formula_is_valued_once():
    from worldsmith.generators.context import fact_label, fact_reason

    plan, _ = planned(TANKER, 0)
    cap = next(f for f in plan.facts if f.formula and f.formula.startswith("max("))
    a, b = re.findall(r"[A-Za-z_]\w*", cap.formula.replace("max", ""))[:2]
    twice = cap.model_copy(update={"formula": f"{a} - {a} * {b}"})
    day = max(plan.fact(x).known_from or dt.date.min for x in (a, b))
    how = fact_reason(plan, twice, day)
    name = fact_label(plan.fact(a))
    assert how.count(name) == 2 and how.count(f"{name} of ") + how.count(f"{name} (") == 1, how
