"""Blind re-read 36 (us-saas-revenue-audit, file 3): a controller's cover note ended "Also, the figure for the Halvorsen
activation fee is USD 1,860,000.", a planted fact. A figure a cover note names is the file's own, said as what the file
gives."""

from __future__ import annotations

import re

from tests.generators.offline_world import offline_world


def test_a_cover_notes_figure_is_said_as_its_files():
    plan, _, contents = offline_world("tests/fixtures/covenant-breach.yaml", 61)
    facts = {f.id: f for f in plan.facts}
    seen = 0
    for a in plan.artifacts:
        if a.kind != "email" or not a.thread.startswith("cover_") or not a.facts:
            continue
        body = contents[a.id].body
        for fid in a.facts:
            if facts[fid].value.type not in ("money", "number", "percent"):
                continue
            line = next(s for s in re.split(r"(?<=[.!?])\s+", body) if re.search(r"\d{1,3}(?:,\d{3})+|\d%", s))
            seen += 1
            assert not re.search(r"(?i)\b(also|the figure for|for the record|for reference)\b", line), (a.id, line)
            assert re.search(r"(?i)\bit\b", line), (a.id, line)  # the file gives it
    assert seen


def test_a_sheets_cover_note_claims_nothing_the_sheet_may_not_have():
    """gb-dilapidations-claim at seed 36 (file 10): 'Totals tie out at the foot', but the sheet has no foot total; and
    no sheet the room renders shades its inputs blue."""
    from worldsmith.generators.compose.bank import bank

    for frame in bank("email")["attach"]["sheet"]:
        assert not re.search(r"(?i)\bfoot\b|\bblue\b|formulas? (?:are|is) live", frame), frame
