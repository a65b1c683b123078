"""Twin outlines: one input moved, everything that follows from it recomputed, and the twin still checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from worldsmith.environments.twins import TwinError, twin, twin_quantity
from worldsmith.worlds.outline import parse_outline

EXAMPLES = Path(__file__).resolve().parents[2] / "outlines" / "examples"


@pytest.mark.parametrize("name", ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"])
def test_a_twin_moves_one_input_and_every_figure_that_follows(name):
    made = twin(EXAMPLES / f"{name}.yaml")
    outline = parse_outline(made.text, file="twin")  # the checker accepts it
    assert made.fact in made.changed and len(made.changed) >= 2  # the input and at least one figure it feeds
    for fid, (old, new) in made.changed.items():
        assert old != new
        assert twin_quantity(made.text, fid).shown() == new
        statement = next(f.statement for f in outline.facts if f.id == fid)
        assert old not in statement  # no statement keeps the old figure


def test_a_named_input_that_is_a_formula_result_is_refused():
    with pytest.raises(TwinError):
        twin(EXAMPLES / "tanker-spill-liability.yaml", fact="liability_cap")
