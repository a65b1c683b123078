"""Nothing is named before it happens, and a weekly note reports what happened (issue 17, blind read 20)."""

from __future__ import annotations

from worldsmith.generators.context import artifact_day, coming_papers, side_papers
from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.outline import load_outline
from tests.conftest import EXAMPLES, REPO

FIXTURES = REPO / "tests" / "fixtures"


def _plan_of(path, seed: int = 61):
    outline = load_outline(path)
    return plan_world(outline, resolve_cast(outline, load_taxonomy()), seed, "w")


def _plan(name: str, seed: int = 61):
    return _plan_of(EXAMPLES / name, seed)


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


def test_a_quiet_note_names_no_paper_as_the_last_thing_when_the_ledger_moved_after_it():
    """"Nothing has gone round in the 22 days since August 25; the last paper was Leah's" on September 16 denied the
    cure funded and the loan prepaid on September 2 (blind read 20): a quiet week's note names the last paper only
    where no fact became known or moved after it; else it names that latest development, with its day."""
    from worldsmith.generators.week import week_events, window

    plan = _plan_of(FIXTURES / "covenant-breach.yaml")
    latest = 0
    for spec in plan.artifacts:
        events = week_events(plan, spec)
        if not events:
            continue
        since, day = window(plan, spec)
        for e in events:
            if e.what == "last":
                moved = [f.id for f in plan.facts
                         if any(e.day < c <= since for c in [p.since for p in f.earlier] + [f.known_from] if c)]
                assert not moved, (spec.id, e.title, e.day, moved)
            elif e.what == "latest":
                latest += 1
                fact = plan.fact(e.fact)
                assert e.day <= since and e.text == fact.on(day)[1], (spec.id, e)
    assert latest  # the covenant's last quiet note comes after the cure was funded
