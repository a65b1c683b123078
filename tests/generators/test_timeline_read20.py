"""Nothing is named before it happens, and a weekly note reports what happened (issue 17, blind read 20)."""

from __future__ import annotations

from worldsmith.generators.context import artifact_day, coming_papers, side_papers
from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.outline import load_outline
from tests.conftest import EXAMPLES


def _plan(name: str, seed: int = 61):
    outline = load_outline(EXAMPLES / name)
    return plan_world(outline, resolve_cast(outline, load_taxonomy()), seed, "w")


def _waits_on(plan, paper, day) -> list[str]:
    """The facts a paper to come carries that become known after `day` and before the paper: the events it answers."""
    made = paper.day
    return [f for f in paper.facts if day < plan.fact(f).first_known() < made]


def test_no_step_names_a_paper_that_answers_an_event_still_to_come():
    """On March 11 and April 1 a status note planned "the letter rejecting Kestrel Bay's tender", which arrived on
    April 6 and was decided on April 16 (blind read 20): a weekly note, a day of chat or a tracker names a paper to
    come only once every event it answers (a fact it carries that is known before its own date) has happened."""
    plan = _plan("tanker-spill-liability.yaml")
    named = 0
    for spec in plan.artifacts:
        day = artifact_day(spec)
        if day is None:
            continue
        coming = coming_papers(plan, spec) if spec.kind in ("chat", "email") else []
        coming += side_papers(plan, spec) if spec.kind == "spreadsheet" else []
        for paper in coming:
            if paper.day > day:
                named += 1
                assert not _waits_on(plan, paper, day), (spec.id, day, paper.title, _waits_on(plan, paper, day))
    assert named  # papers to come are still named once their events have happened
