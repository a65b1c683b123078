"""Each first check catches its defect, and only its defect, pointing at the right artifact."""

from __future__ import annotations

import pytest

from tests.worlds.bundle_fixture import DEFECTS, STRANGER, build_bundle
from worlds.validate import validate_bundle

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
    assert {c.id for c in report.checks} >= {"addresses_in_cast", "reply_after_parent", "dates_in_window",
                                             "inventory_exists", "planned_fact_present", "file_parses"}


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
