"""Minutes that agree a timetable give a paper's due day, unless that day is a date of the ledger the minutes are not
planned to give (an unseen outline at seed 223: kick-off minutes had the launch-day papers 'due 23 March 2026', the
launch date three weeks ahead, and no_later_event_mentioned quarantined the world)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.generators.planned import planned
from worldsmith.generators.context import work_agreed
from worldsmith.worlds.values import DateValue

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("outline", ["outlines/examples/buyside-diligence.yaml", "tests/fixtures/covenant-breach.yaml"])
def test_a_paper_due_on_an_event_of_the_ledger_is_due_at_the_event_not_on_its_date(outline):
    plan, _ = planned(ROOT / outline, 7)
    spec, papers = next((s, p) for s in plan.artifacts if getattr(s, "doc_type", "") == "minutes"
                        for p in [work_agreed(plan, s)] if p)
    assert all(p.at == "" for p in papers)  # no event of the ledger falls on their days
    day = papers[0].day
    model = next(f for f in plan.facts if f.value.type == "date")
    plan.facts.append(model.model_copy(update={"id": "launch_day", "value": DateValue(value=day), "earlier": [],
                                               "text": day.isoformat(), "label": "marketing launch"}))
    papers = work_agreed(plan, spec)
    assert [p.at for p in papers if p.day == day] == ["the marketing launch"] * sum(p.day == day for p in papers)
    assert all(p.at == "" for p in papers if p.day != day)
    spec.facts.append("launch_day")  # the minutes planned to give the launch give its day
    assert all(p.at == "" for p in work_agreed(plan, spec))
