"""What the blind read 21 rejected in chat days and calendars: agendas of stock stems with any other business in the
middle and next steps before the timetable, chat days of scheduling that go nowhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", params=["tests/fixtures/covenant-breach.yaml",
                                        "outlines/examples/hospital-revenue-audit.yaml"])
def world(request):
    backend = OfflineBackend()
    prepared = pipeline.prepare(ROOT / request.param, 61, backend)
    plan = pipeline.make_plan(prepared)
    contents = pipeline.generate(plan, prepared.taxonomy, backend)
    return plan, contents


def _items(description: str) -> list[str]:
    return [re.sub(r"^\d+\.\s+", "", line) for line in description.splitlines() if re.match(r"^\d+\.\s", line)]


_STANDING = ["Documents still outstanding", "Open points and who owns them", "Where we are on the timetable",
             "Budget and staffing", "Questions from the client", "Next steps and the date of the next call",
             "Any other business"]


def test_an_agenda_runs_in_a_meetings_order(world):
    """covenant-breach (read 21): 'Any other business' fourth of six, 'Next steps and the date of the next call' before
    'Documents still outstanding' and 'Where we are on the timetable'; the last meeting's record comes first."""
    plan, contents = world
    checked = 0
    for m in (a for a in plan.artifacts if a.kind == "calendar"):
        items = _items(contents[m.id].description)
        standing = [i for i in items if i in _STANDING]
        assert standing == sorted(standing, key=_STANDING.index), (m.id, items)
        if standing:
            # the standing items close the agenda: no business after them
            first = items.index(standing[0])
            assert items[first:] == standing, (m.id, items)
            checked += 1
        opening = [k for k, i in enumerate(items) if i.startswith("Minutes") or i == "Actions from last time"]
        assert opening == list(range(len(opening))), (m.id, items)
    assert checked


_STEMS = re.compile(r":\s*(where it leaves us|what follows from it|where that leaves us|what it changes|any points on "
                    r"it|where it stands|what follows)$")


def test_an_agenda_item_says_what_the_meeting_does_with_a_figure(world):
    """covenant-breach (read 21): 'The total net debt at USD 166,500,000: where it leaves us', 'The permitted add-backs
    at USD 3,800,000: where it leaves us', 'The covenant EBITDA (USD 45,000,000): what follows from it'."""
    plan, contents = world
    for m in (a for a in plan.artifacts if a.kind == "calendar"):
        items = _items(contents[m.id].description)
        assert not [i for i in items if _STEMS.search(i)], (m.id, items)
        tails = [i.rsplit(": ", 1)[1] for i in items if ": " in i]
        assert all(tails.count(t) <= 2 for t in tails), (m.id, items)
