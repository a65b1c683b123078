"""Blind read 29 (voice3): filler in cover notes. A file sent round with a figure every paper had carried since the
first ('We have 42,000 units under recall.' under the minutes of a site inspection, 'The documents record 42,000 units
under recall.' under a root cause report, weeks after the notice of claim gave it) read as a stray line: a cover note
names only the figures its file brings, those no earlier paper carried or that moved since one did."""

from __future__ import annotations

from tests.generators.planned import planned


def test_a_cover_note_names_only_the_figures_its_file_brings():
    plan, _ = planned("emoney-data-breach-dpc-inquiry", 61)  # (planned by three other modules too)
    files = [a for a in plan.artifacts if a.kind in ("document", "spreadsheet") and a.distractor is None]
    facts = {f.id: f for f in plan.facts}
    covers = [a for a in plan.artifacts if a.kind == "email" and a.thread.startswith("cover_")]
    named = 0
    for note in covers:
        file = plan.artifact(note.attachments[0].artifact)
        for fid in note.facts:
            named += 1
            earlier = [g.date for g in files if fid in g.facts and g.date < file.date]
            moved = [since for since in [p.since for p in facts[fid].earlier[1:]] + [facts[fid].known_from]
                     if earlier and min(earlier) < since <= file.date]
            assert not earlier or moved, (note.title, fid, min(earlier))
    assert named, "no cover note names a figure: the test shows nothing"
