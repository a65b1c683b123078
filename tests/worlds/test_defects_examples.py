"""The clean examples: both example outlines, offline backend and seed 0, raise no error under the whole suite."""

from __future__ import annotations

from pathlib import Path

import pytest

from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend
from tests.published import validate_copy

EXAMPLES = Path(__file__).resolve().parents[2] / "outlines" / "examples"


@pytest.mark.parametrize("outline", ["tanker-spill-liability.yaml", "buyside-diligence.yaml", "hospital-revenue-audit.yaml"])
def test_an_example_world_raises_no_error(tmp_path, outline):
    backend = OfflineBackend()
    prepared = pipeline.prepare(EXAMPLES / outline, 0, backend)
    plan = pipeline.make_plan(prepared)
    pipeline.render(plan, pipeline.generate(plan, prepared.taxonomy, backend), tmp_path)
    report = validate_copy(tmp_path)
    assert report.errors == 0, [(c.id, [r.detail for r in c.rows[:3]]) for c in report.failed() if c.severity == "error"]
    assert len(report.checks) >= 25  # the whole suite ran, not a subset
    # issue 10: the mail profile (hours, shares, recipients, lengths, depth) is within the reference's tolerances
    profile = [r.detail for c in report.failed() if c.id == "realism_profile" for r in c.rows]
    assert not profile, profile
