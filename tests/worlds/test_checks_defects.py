"""Each first check catches its defect, and only its defect, pointing at the right artifact.

The hand-built fixture follows only what the first checks look at (it signs with first names, has
no distractor label and no subtitle in its Markdown twins), so these tests run the first checks
alone; the whole suite is held to real worlds in test_defects_seeded.py.
"""

from __future__ import annotations

import pytest

from tests.worlds.bundle_fixture import DEFECTS, STRANGER, build_bundle
from worldsmith.worlds.store.load import load_bundle
from worldsmith.worlds.validate import load_checks, run_checks

FIRST_CHECKS = {"addresses_in_cast", "dates_in_window", "file_parses", "inventory_exists",
                "planned_fact_present", "reply_after_parent"}


def validate_bundle(bundle):
    """The report of the first checks over a bundle."""
    return run_checks(load_bundle(bundle), [c for c in load_checks() if c.id in FIRST_CHECKS])

# defect -> (the one check that must fail, the artifact it must name, a phrase of its detail)
EXPECTED = {
    "stranger_address": ("addresses_in_cast", "e2", STRANGER),
    "reply_before_parent": ("reply_after_parent", "e2", "not after the message it answers (e1"),
    "document_outside_window": ("dates_in_window", "d1", "dated 2024-04-15"),
    "email_outside_window_local": ("dates_in_window", "e1", "sent 2024-02-29 22:00 America/New_York"),
    "missing_file": ("inventory_exists", "s1", "Sheets/funds_flow.xlsx is not in the room"),
    "missing_twin": ("inventory_exists", "d1", "the twin Documents/closing_memo.md"),
    "fact_absent": ("planned_fact_present", "d1", '"Section 4.2" is not in the document text'),
    "distractor_true_value": ("planned_fact_present", "d2", "distractor dx_price of fact price"),
    "unparseable_file": ("file_parses", "d2", "Documents/spa_draft_v1.docx does not parse"),
}


def test_every_defect_of_the_fixture_is_covered():
    assert set(EXPECTED) == set(DEFECTS)


def test_the_clean_world_passes_every_check(tmp_path):
    report = validate_bundle(build_bundle(tmp_path))
    assert report.verdict == "pass", [c.rows for c in report.failed()]
    assert (report.errors, report.warnings) == (0, 0)
    assert {c.id for c in report.checks} == FIRST_CHECKS


@pytest.mark.parametrize("defect", sorted(EXPECTED))
def test_one_defect_fails_exactly_its_check(tmp_path, defect):
    check_id, artifact_id, phrase = EXPECTED[defect]
    report = validate_bundle(build_bundle(tmp_path, defect))
    failed = report.failed()
    assert [c.id for c in failed] == [check_id]
    (result,) = failed
    assert report.verdict == "fail" and report.errors == result.count == 1
    (row,) = result.rows
    assert row.artifact_id == artifact_id
    assert phrase in row.detail
    assert row.path is not None and row.path.startswith(("Email/", "Documents/", "Sheets/"))
