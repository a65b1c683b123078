"""A weekly series reports its week (generators/week.py): what came in, what moved, what went round, what is due,
and never the same standing figure every week (issue 17: weekly agendas that opened by restating the cap)."""

from __future__ import annotations

import datetime as dt
import json

from worldsmith.generators.week import week_events, window
from worldsmith.worlds.plan import WorldPlan


def _plan(world) -> WorldPlan:
    return WorldPlan.model_validate_json((world / "plan.json").read_text(encoding="utf-8"))


def test_week_events_fall_in_their_week_and_are_known_by_its_day(published_legal):
    plan = _plan(published_legal)
    seen = 0
    for spec in plan.artifacts:
        span = window(plan, spec)
        if span is None:
            continue
        since, day = span
        for e in week_events(plan, spec):
            seen += 1
            if e.what == "due":
                assert day < e.day <= day + dt.timedelta(days=21)
            else:
                assert since < e.day <= day, (spec.id, e)
            if e.fact:
                held = plan.fact(e.fact).on(day)
                assert held is not None and held[1] == e.text, (spec.id, e)
            if e.what == "paper":
                assert "superseded" not in e.title.lower()
    assert seen > 20


def test_a_weekly_instance_carries_a_standing_fact_only_in_a_week_it_moved(published_legal):
    plan = json.loads((published_legal / "plan.json").read_text(encoding="utf-8"))
    roots = [a for a in plan["artifacts"] if a["item"].startswith("weekly_status_aurelian") and a["position"] == 0]
    assert len(roots) == 8
    carrying = [a["id"] for a in roots if "liability_cap" in a["facts"]]
    assert carrying == [roots[0]["id"]], carrying


def test_no_file_or_message_is_titled_superseded_on_the_day_it_is_made(published_legal):
    plan = json.loads((published_legal / "plan.json").read_text(encoding="utf-8"))
    for a in plan["artifacts"]:
        assert "superseded" not in a["title"].lower(), a["title"]
        assert "superseded" not in a["path"].rsplit("/", 1)[-1].lower(), a["path"]
        for att in a.get("attachments", []):
            assert "superseded" not in att["path"].rsplit("/", 1)[-1].lower(), att["path"]
