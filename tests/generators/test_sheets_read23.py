"""What the blind read 23 rejected in sheets: inputs with no source ('The Basis column is blank'; 'inputs have no
clause references'), a source 'the data room' for a valuation output or 'correspondence to date', and a 'cost
comparison' with no total per route."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.generators.offline_world import offline_world

ROOT = Path(__file__).resolve().parents[2]


def _sheets(path: str):
    plan, _, contents = offline_world(ROOT / path, 61)
    for spec in (a for a in plan.artifacts if a.kind == "spreadsheet"):
        yield plan, spec, contents[spec.id]


def test_a_clause_is_read_from_a_statement_as_written():
    from worldsmith.generators.skeleton import clause_of

    assert clause_of("Section 7.11 of the credit agreement requires the ratio not to exceed 3.50") == \
        "section 7.11 of the credit agreement"
    assert clause_of("the limit under OPA 90 section 1004(a)(1), unless broken") == "OPA 90 section 1004(a)(1)"
    assert clause_of("the deadline under 42 U.S.C. 1320a-7k(d) falls on") == "42 U.S.C. 1320a-7k(d)"
    assert clause_of("Clause 41.3 caps the indemnity at USD 20,000,000") == "clause 41.3"
    assert clause_of("the fee is 0.25% of the USD 180,000,000 loan") == ""


@pytest.mark.parametrize("path", ["tests/fixtures/covenant-breach.yaml", "outlines/examples/tanker-spill-liability.yaml"])
def test_an_input_names_the_record_of_the_room_it_is_read_from(path):
    """covenant-breach (read 23): 'The Basis column is blank' beside the term loan and the maximum ratio, which the
    credit agreement extract of the room gives (section 7.11)."""
    named = 0
    for plan, spec, _ in _sheets(path):
        if spec.skeleton is None or spec.distractor:
            continue
        records = [a for a in plan.artifacts if a.kind == "document" and a.date <= spec.date and a.distractor is None
                   and re.search(r"agreement|contract|certificate|charter|letter|pleading", a.doc_type)]
        sk = spec.skeleton
        for line in sk.lines:
            if line.role != "input" or not line.fact:
                continue
            carried = [d for d in records if line.fact in d.facts and spec.id not in d.cites]
            if not carried:
                continue
            note = next((c for i, c in enumerate(line.cells) if i != sk.label and isinstance(c, str)), "")
            assert any(d.title in note for d in carried), (spec.title, line.cells, [d.title for d in carried])
            named += 1
    assert named


def test_a_clause_the_statement_cites_is_in_the_basis():
    seen = 0
    for plan, spec, _ in _sheets("tests/fixtures/covenant-breach.yaml"):
        if spec.skeleton is None:
            continue
        for line in spec.skeleton.lines:
            if line.role == "input" and line.fact == "max_leverage":
                assert any(isinstance(c, str) and "section 7.11" in c.lower() for c in line.cells), line.cells
                seen += 1
    assert seen


@pytest.mark.parametrize("path", ["outlines/examples/tanker-spill-liability.yaml", "tests/fixtures/covenant-breach.yaml",
                                  "outlines/examples/buyside-diligence.yaml"])
def test_no_sheet_is_sourced_to_the_data_room_or_correspondence_to_date(path):
    """buyside (read 23): 'The source is given as "the data room" for a valuation output'; 'the source is
    "correspondence to date"'."""
    for _, spec, content in _sheets(path):
        for note in content.notes:
            assert not re.search(r"the data room|correspondence to date", note), (spec.title, note)
