"""Blind read 34: a cover note stated its file's facts one by one, and a count became a bare sentence ("64 positions
were affected." under an engagement letter, the day of the kick-off). A cover note says what the file is and why it
goes, with at most one figure: an amount, a rate or a figure the file works out, never a plain count."""

from __future__ import annotations

import pytest

from tests.generators.planned import planned


@pytest.mark.parametrize("fixture,seed", [("emoney-data-breach-dpc-inquiry", 61), ("demurrage-arbitration", 0),
                                          ("bi-claim", 0)])
def test_a_cover_note_gives_one_figure_and_no_plain_count(fixture, seed):
    plan, _ = planned(fixture, seed)
    facts = {f.id: f for f in plan.facts}
    covers = [a for a in plan.artifacts if a.kind == "email" and a.thread.startswith("cover_")]
    assert covers, "no cover note: the test shows nothing"
    for note in covers:
        assert len(note.facts) <= 1, (note.title, note.facts)
        for fid in note.facts:
            f = facts[fid]
            assert f.value.type in ("money", "percent") or f.formula, (note.title, fid, f.value.type)


def test_a_count_is_said_in_the_tense_of_its_statement():
    from worldsmith.generators.labels import count_clause, count_said

    # a closure that "ends 64 positions" has not affected them yet: never "64 positions were affected" (blind read 34)
    ends = "The intended closure of the flexo-printing hall ends 64 positions at the Amersfoort plant."
    assert count_said("the number of positions affected", "64 positions", ends) == "64 positions are affected"
    assert count_clause("the number of barrels discharged", "18,400 barrels",
                        "The Aurelian Tide discharged 18,400 barrels at the terminal.") == "18,400 barrels were discharged"
    assert count_said("the number of tenants affected", "64 tenants") == "64 tenants were affected"
