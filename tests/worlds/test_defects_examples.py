"""The clean examples: each example outline, offline backend and seed 0, raises no error under the whole suite,
on the composer's first writing (no check asked for a repair).

The worlds are the session's published examples (tests/conftest.py): publishing validated each and wrote its
report, so these tests read that report rather than render and validate the three worlds again.
"""

from __future__ import annotations

import pytest

from worldsmith.worlds import bundle
from worldsmith.worlds.report import ValidationReport

WORLDS = {"tanker-spill-liability.yaml": "published_legal", "buyside-diligence.yaml": "published_diligence",
          "hospital-revenue-audit.yaml": "published_hospital"}


@pytest.mark.parametrize("outline", list(WORLDS))
def test_an_example_world_raises_no_error(request, outline):
    world = request.getfixturevalue(WORLDS[outline])
    manifest = bundle.read_manifest(world)
    assert not manifest.repairs, manifest.repairs  # clean as first written, not after a repair round
    report = ValidationReport.model_validate_json((world / bundle.VALIDATION).read_text(encoding="utf-8"))
    assert report.errors == 0, [(c.id, [r.detail for r in c.rows[:3]]) for c in report.failed() if c.severity == "error"]
    assert len(report.checks) >= 25  # the whole suite ran, not a subset
    # issue 10: the mail profile (hours, shares, recipients, lengths, depth) is within the reference's tolerances
    profile = [r.detail for c in report.failed() if c.id == "realism_profile" for r in c.rows]
    assert not profile, profile
