"""Issue 17 (threads8): a question put in a thread's title is answered by what decides it, and nobody agrees to what
nobody disputed (threads7's reads of supply-surcharge and aircraft-redelivery, blind read 23)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from tests.generators.test_compose_mail_replies17 import WORLDS, replies, world_at
from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.outline import load_outline

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@functools.cache
def planned(name: str, seed: int = 61):
    """The plan of a fixture at `seed` (the planner only: nothing composed)."""
    outline = load_outline(FIXTURES / f"{name}.yaml")
    return outline, plan_world(outline, resolve_cast(outline, load_taxonomy()), seed, "w")


def test_a_yes_no_question_on_a_bounded_figure_is_answered_by_its_bound():
    # supply-surcharge at seed 61: "Brennmoor surcharge invoice: can they charge this?" was answered "The surcharge
    # claimed by Brennmoor reads USD 3,640,800 in the latest version.", the claim's own figure, never the cap
    from worldsmith.generators.questions import limits, title_question, yes_no

    outline, plan = planned("supply-surcharge")
    bounded = {f.id for f in outline.facts if limits(f.id, outline.facts)}
    deciders = {f.id for f in outline.facts if any(f.id in limits(b, outline.facts) for b in bounded)}
    answered = [s for s in plan.artifacts if getattr(s, "answers", "")
                and yes_no(title_question(s.title)[1])]
    assert answered
    for s in answered:
        assert s.answers not in bounded, (s.path, s.answers)
    # the cap's amount is known only from the memo's day: before it, the cap's own term decides the claim
    assert any(s.answers in deciders or any(s.answers in (f.formula or "") for f in outline.facts
                                            if f.id in deciders) for s in answered), [s.answers for s in answered]


# A reply that agrees, closes or ticks off a point, with the point it names.
_CLOSED = re.compile(r"(?:Agreed on|(?:Fine|Happy) on) (?P<a>the [^.;]+?)(?:;|\. We can)|(?:Good|Right|Fine), "
                     r"(?P<b>the [^.]+?) is agreed\.|That (?:settles|closes|deals with) (?P<c>the [^.]+?) "
                     r"(?:for me|from my side|as far as)")


@pytest.mark.parametrize("name,seed", [*WORLDS, ("aircraft-redelivery", 61)])
def test_nobody_agrees_among_one_side_a_point_nobody_put_in_doubt(name, seed):
    # aircraft-redelivery at seed 61: the weekly note gave "the Engine 2 EPR reserve balance works out at USD
    # 3,678,200"; the client: "That deals with the Engine 2 EPR reserve balance as far as I'm concerned."; counsel:
    # "Fine, the Engine 2 EPR reserve balance is agreed." (nobody had disputed it); "Happy on the Engine 2 borescope
    # finding. We can tick that off." (of a finding)
    from worldsmith.generators.kinds.email.compose import _DOUBTS
    from worldsmith.generators.sides import principal

    plan, contents = world_at(name, seed)
    people = {p.id: p.organisation for p in plan.people}
    for s, own, parent, _ in replies(name, seed):
        m = _CLOSED.search(own)
        if not m:
            continue
        orgs = {people[i] for i in [s.author, *s.to, *s.cc]}
        if len({principal(plan.organisations, o) for o in orgs}) > 1:
            continue  # across the table two parties may agree a figure between them
        label = next(g for g in m.groups() if g)
        above = re.sub(r"(?m)^[> ]+", "", contents[parent.id].body)
        doubted = [x for x in re.split(r"(?<=[.?!])\s+|\n+", above) if label.lower() in x.lower()
                   and _DOUBTS.search(re.sub(re.escape(label), " ", x, flags=re.I))]
        assert doubted, (s.path, own, above[:300])
