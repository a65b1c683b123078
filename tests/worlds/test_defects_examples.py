"""The clean examples: each example outline, offline backend and seed 0, raises no error under the whole suite,
on the composer's first writing (no check asked for a repair).

The worlds are the session's published examples (tests/conftest.py): publishing validated each and wrote its
report, so these tests read that report rather than render and validate the three worlds again.
"""

from __future__ import annotations

import re

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
    # issue 10: the mail profile (hours, shares, recipients, depth) is within the reference's tolerances; the lengths
    # are held apart below
    profile = [r.detail for c in report.failed() if c.id == "realism_profile" for r in c.rows
               if not r.detail.startswith(_LENGTHS)]
    assert not profile, profile


# The lengths of the mail, a message's words and its own new words: since the examples' threads carry their experts'
# points (session 31), their mail is shorter than the reference's (diligence at seed 0: body_words_hist JS divergence
# 0.166 over a tolerance of 0.057; no message of 400 words or more, against 17% of the reference). Issue 17's point 6
# is open: strict, so that this says so the day the lengths are back in band.
_LENGTHS = ("body_words_hist", "new_words_hist")


@pytest.mark.xfail(strict=True, reason="issue 17 point 6: the examples' pointed mail is shorter than the reference's")
@pytest.mark.parametrize("outline", list(WORLDS))
def test_an_example_worlds_mail_lengths_are_in_the_references_band(request, outline):
    world = request.getfixturevalue(WORLDS[outline])
    report = ValidationReport.model_validate_json((world / bundle.VALIDATION).read_text(encoding="utf-8"))
    lengths = [r.detail for c in report.failed() if c.id == "realism_profile" for r in c.rows
               if r.detail.startswith(_LENGTHS)]
    assert not lengths, lengths


_NEVER_IN_DOCUMENTS = ("put its case on the amount in dispute", "for the documents that bear on the amount in dispute",
                       "proceed now on the footing that the amount in dispute")


@pytest.mark.parametrize("outline", list(WORLDS))
def test_no_example_document_puts_its_case_on_a_gap_or_presses_for_documents_on_it(request, outline):
    # issue 17, a fresh business-interruption outline: 'put its case on the amount in dispute of USD 1,992,000',
    # 'press Northgate for the documents that bear on the amount in dispute'
    world = request.getfixturevalue(WORLDS[outline])
    texts = [p.read_text(encoding="utf-8") for p in (world / "room").rglob("*.md")]
    assert texts, "no document rendered as markdown in the room"
    for text in texts:
        for never in _NEVER_IN_DOCUMENTS:
            assert never not in text, never
        assert len(re.findall(r"The (?:figure|number) can be checked at", text)) <= 1, text[:200]
