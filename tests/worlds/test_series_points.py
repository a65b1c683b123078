"""A point of a series (an item made `count` times) is checked against the copy it is dealt to, not the series' first
day: an unseen outline's weekly notes reported a revised figure the week it came in, and the outline was refused
because the fact was known after the first week's date."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml

from worldsmith.worlds.points import deal_points, parse_point

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _weekly(tmp_path: Path, known: str = "2026-03-16") -> Path:
    """mini.yaml with a weekly thread of four copies whose second point names a fact known on `known`."""
    outline = yaml.safe_load((FIXTURES / "mini.yaml").read_text())
    outline["facts"].append({"id": "revised_cap", "label": "revised exposure", "known_from": known,
                             "statement": "The surveyor revised the operator's exposure to USD 9,750,000.",
                             "value": {"type": "money", "amount": 9750000, "currency": "USD"}})
    outline["inventory"][0]["items"].append({
        "kind": "email_thread", "title": "Weekly exposure note", "author": "associate", "participants": ["partner"],
        "count": 4, "dates": {"start": "2026-03-02", "end": "2026-03-27"}, "messages": 2, "facts": ["cap"],
        "purpose": "The associate reports each week where the exposure stands and the partner answers.",
        "points": ["The cap of {cap} is confirmed from the charter party; no change this week.",
                   "The surveyor has revised the exposure to {revised_cap}; we now work from that figure.",
                   "Clause 14.2 indemnity notice drafted; going to the client for review.",
                   "Exposure unchanged; the file is ready for the client call."]})
    path = tmp_path / "weekly.yaml"
    path.write_text(yaml.safe_dump(outline, sort_keys=False))
    return path


def test_a_series_deals_a_late_point_to_a_copy_on_or_after_its_day():
    points = [parse_point(t) for t in ("a {x}", "b {late}", "c", "d")]
    days = [dt.date(2026, 3, d) for d in (2, 9, 16, 23)]
    known = {"x": dt.date(2026, 1, 1), "late": dt.date(2026, 3, 16)}.get
    assert deal_points(points, 4, days, lambda f: None) == [0, 1, 2, 3]  # (the round deal, unchanged)
    dealt = deal_points(points, 4, days, known)
    assert dealt[1] == 2 and all(days[c] >= (known("late") if i == 1 else days[0]) for i, c in enumerate(dealt))
    assert dealt == sorted(dealt)  # (the notes keep their order)


def test_a_weekly_threads_point_is_planned_the_week_its_fact_is_known(tmp_path):
    # (fails before: the outline was refused, "{revised_cap} is known from 2026-03-16, but this item is dated 2026-03-02")
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    plan = pipeline.make_plan(pipeline.prepare(_weekly(tmp_path), 0, OfflineBackend()))
    notes = [a for a in plan.artifacts if a.kind == "email" and a.title.startswith("Weekly exposure note")]
    told = [a for a in notes if "9,750,000" in (a.point or "")]
    assert len(told) == 1 and told[0].sent_at.date() >= dt.date(2026, 3, 16)
    # no copy carries the fact before it is known, and the other points still go out
    assert all(a.sent_at.date() >= dt.date(2026, 3, 16) for a in notes if "revised_cap" in a.facts)
    assert sum(bool(a.point) for a in notes) == 4


def test_a_point_known_on_the_series_last_day_moves_the_last_copy_and_one_after_it_is_refused(tmp_path):
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.worlds.errors import OutlineError
    from worldsmith.worlds.outline import load_outline

    plan = pipeline.make_plan(pipeline.prepare(_weekly(tmp_path, known="2026-03-27"), 0, OfflineBackend()))
    told = [a for a in plan.artifacts if a.kind == "email" and "9,750,000" in (a.point or "")]
    assert len(told) == 1 and told[0].sent_at.date() == dt.date(2026, 3, 27)
    later = yaml.safe_load(_weekly(tmp_path).read_text())
    later["inventory"][0]["items"][-1]["dates"]["end"] = "2026-03-13"
    (tmp_path / "later.yaml").write_text(yaml.safe_dump(later, sort_keys=False))
    with pytest.raises(OutlineError, match="revised_cap"):
        load_outline(tmp_path / "later.yaml")
