"""The comparisons a task asks are those the ledger itself draws: a claim against the cap it is held to (the two sides
of a lesser-of), never two percentages the ledger applies to one amount, nor an excess beside the cap it is the excess
over; where the room writes the margin between a claim and its cap, which side governs is asked on a supposition that
turns it.

An unseen supply-price outline (a surcharge claimed, a cap, the amount payable = min(claimed, cap), the disputed
excess) gave 9 tasks, 5 of them (exceed, reply, memo, chat post, review) on 'does the cap percentage exceed the index
rise, by 6.5 percentage points', a gap that means nothing to a lawyer, and none on the claim against its cap or on
the amount payable. tests/fixtures/bonus-cap-dispute.yaml has the same shape in another trade.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.environments.test_pair_reasons import _graph
from worldsmith.environments.graph_tasks import exceed_pairs

BONUS = Path(__file__).resolve().parents[1] / "fixtures" / "bonus-cap-dispute.yaml"


def test_a_claim_is_weighed_against_its_cap_and_never_two_rates_or_an_excess_against_its_cap():
    graph = _graph(BONUS)
    pairs = exceed_pairs(graph)
    big, small = pairs[0]
    assert (big.id, small.id) == ("bonus_claimed", "bonus_cap")  # the sides of min(bonus_claimed, bonus_cap)
    met = {frozenset((b.id, s.id)) for b, s in pairs}
    assert frozenset(("claimed_bonus_pct", "bonus_cap_pct")) not in met  # the two rates applied to the salary
    assert frozenset(("bonus_cap", "bonus_disputed")) not in met  # the excess beside the cap it is taken over


@pytest.fixture(scope="module")
def bonus(tmp_path_factory):
    import worldsmith
    from tests.published import publish_example, task_set_of

    world = worldsmith.open(publish_example(str(BONUS), tmp_path_factory.mktemp("bonus")))
    yield world, task_set_of(world)
    world.close()


def test_which_side_governs_the_amount_payable_is_asked_on_a_supposition_that_turns_it(bonus):
    world, task_set = bonus
    # the room writes the excess of the claim over the cap (USD 27,900, the working and the minutes): 'which governs,
    # by how much' is a lookup there, so the task supposes a claimed percentage under the cap's
    turned = [t for t in task_set.tasks if t.kind == "governs" and t.needs.facts[-1] == "bonus_payable"]
    assert turned, [t.id for t in task_set.tasks]
    task = turned[0]
    assert "judgement" in task.tags and "would then govern the bonus payable" in task.instruction
    governs = next(c for c in task.rubric.criteria if c.check.type == "answer_governs")
    assert governs.check.a_words == ["bonus", "claimed"]  # the claim, under its cap, sets what is payable
    assert any(c.check.type == "answer_governs" and c.check.a_words == ["bonus", "cap"]
               for c in task.rubric.negative_criteria)  # the cap, as it stands, no longer does
    final = next(c for c in task.rubric.criteria if c.check.type == "answer_final")
    assert final.check.numbers[0] < 46500  # the claim at the supposed percentage, below the cap
    assert not any("claimed_bonus_pct" in t.needs.facts[:2] and "bonus_cap_pct" in t.needs.facts[:2]
                   for t in task_set.tasks if t.kind in ("exceed", "reply", "memo", "post_chat", "review"))
    assert len(task_set.tasks) >= 12 and len({t.kind for t in task_set.tasks}) >= 5
    assert not [r for r in task_set.refused if r["reason"] == "oracle_fails"]


def test_a_what_if_that_turns_the_governing_side_is_still_the_first_reading_of_its_two_papers():
    # construction delay: the what-if on the damages payable with the contract sum changed turns the lesser-of (the
    # accrued damages, no longer the cap, govern) and is tagged a judgement; counted apart from the two-file what-ifs,
    # it let a second plain one over the same two papers in as a task, and the median files needed fell from 2.5 to 2
    from worldsmith.environments.tasks import make_tasks
    from types import SimpleNamespace
    import worldsmith.environments.graph_tasks as gt

    def what_if(tid, tags):
        return SimpleNamespace(id=tid, kind="what_if", tags=tags, needs=SimpleNamespace(files=["a", "b"]))

    made = [what_if("turns", ["multi_hop", "compute", "judgement"]), what_if("plain", ["multi_hop", "compute"])]
    original = gt.graph_tasks
    gt.graph_tasks = lambda world, user: made
    try:
        kept = make_tasks(SimpleNamespace(plan=SimpleNamespace(people=[SimpleNamespace(email="u@x.example")])), forms=False)
    finally:
        gt.graph_tasks = original
    assert [t.id for t in kept] == ["turns"]


def test_a_pair_whose_gap_the_room_writes_goes_after_one_with_an_answer_of_its_own(bonus):
    # aircraft redelivery at seed 0: the memo and an exceed went on the engine claim against its cap, whose excess a
    # letter writes beside both labels, and were refused 'grep_solvable' in place of pairs with an answer of their own
    from worldsmith.environments.graph_tasks import Graph, fresh_first

    world, _ = bonus
    graph = Graph.of(world)
    claimed, cap, holiday = (graph.fact(f) for f in ("bonus_claimed", "bonus_cap", "holiday_pay"))
    ordered = fresh_first(graph, [(claimed, cap), (claimed, holiday)])
    assert [(b.id, s.id) for b, s in ordered] == [("bonus_claimed", "holiday_pay"), ("bonus_claimed", "bonus_cap")]


def test_a_reconciled_figure_is_checked_against_its_inputs_where_they_are_set(bonus):
    # which claimed bonus governs, and what it is worked from, is read off the revised claim and the contract, not off
    # the cap working that restates every input beside its result (bench.tasks at seed 61: two files, the working and
    # the superseded letter)
    world, task_set = bonus
    task = next(t for t in task_set.tasks if t.id == "reconcile-bonus_claimed")
    assert len(task.needs.facts) > 1  # it asks the figures the claim is worked from
    assert not any("working" in p.lower() for p in task.needs.files), task.needs.files
    assert len(task.needs.files) >= 3, task.needs.files
