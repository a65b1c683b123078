"""What a memo or a reply says beyond its figures (kit17, a blind red team on an unseen rent-review outline: memos and
replies with the right figures scored 1.0 with a stale source, an invented condition, advice to pay the side that does
not decide, a measure of the room misstated in the working, or a figure worked from the wrong base)."""

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments import answers, grade


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    tasks = task_set_of(world).tasks
    yield world, next(t for t in tasks if t.kind == "reply")
    world.close()


def test_advice_to_pay_the_side_that_does_not_decide_is_caught(legal):
    world, _ = legal  # the Clause 41.3 cap decides the lesser of it and the contribution demand
    assert grade.pays_the_other_side(world, "Ostrander should therefore pay the contribution demand of USD 60,987,500.")
    assert grade.pays_the_other_side(world, "Ostrander should pay the extra USD 40,987,500 on top of the Clause 41.3 cap.")
    assert not grade.pays_the_other_side(world, "Ostrander should pay the Clause 41.3 cap of USD 20,000,000.")
    assert not grade.pays_the_other_side(world, "Kestrel Bay claims Ostrander should pay the contribution demand.")
    assert not grade.pays_the_other_side(world, "Ostrander need not pay the contribution demand in full.")


def test_a_figure_sourced_to_the_superseded_paper_is_caught_and_the_paper_set_aside_is_not(legal):
    world, task = legal  # the superseded draft v1 of the limitation memo is dated March 2, 2026
    cap = "the contribution demand of USD 60,987,500"
    assert grade.sources_to_superseded(world, task, f"According to the memo of March 2, 2026, {cap} holds.")
    assert grade.sources_to_superseded(world, task, f"On the memo of March 2, {cap} exceeds the cap.")
    assert not grade.sources_to_superseded(world, task, f"The draft of March 2 was superseded; {cap} holds.")
    assert not grade.sources_to_superseded(world, task, "The memo of March 2 put the cap at USD 143,704,000.")
    assert not grade.sources_to_superseded(world, task, f"On the papers of April 17, {cap} holds.")


def test_settled_figures_called_open_are_caught(legal):
    world, task = legal
    assert grade.calls_settled_open(world, task, "The cap has not yet been determined, so treat this as our estimate.")
    assert grade.calls_settled_open(world, task, "That will only be the position if the appeal succeeds.")
    assert not grade.calls_settled_open(world, task, "The contribution demand of USD 60,987,500 exceeds the cap.")


def test_a_measure_of_the_room_misstated_in_the_working_is_caught(legal):
    world, task = legal
    assert grade.misstates_a_measure(world, task, "USD 2,500 x 61,000 GT = USD 152,500,000")
    assert not grade.misstates_a_measure(world, task, "USD 2,500 x 62,480 GT = USD 156,200,000")
    assert not grade.misstates_a_measure(world, task, "35% of the total claims, over 12 months")


def test_a_figure_said_to_be_worked_from_a_figure_its_formula_never_reads_is_caught(legal):
    world, _ = legal
    assert grade.wrong_base(world, "The contribution demand is the OPA 90 liability cap times 35%.")
    assert not grade.wrong_base(world, "The contribution demand is the total claims times 35%.")


def test_a_denied_comparison_leaves_its_figures_stated_and_it_reads_the_last_subject():
    # kit17: 'The capped rent of USD 1,380,000 does not exceed the open market rent' lost the capped rent (0.86), and
    # 'It is USD 108,000 below it' after a Re line naming the other first read both ways (0.56)
    ms = answers.parse("The capped rent of USD 1,380,000 does not exceed the open market rent of USD 1,488,000.").mentions
    assert [m.negated for m in ms] == [False, False]
    assert answers.parse("The cap is not USD 156,200,000.").mentions[0].negated
    memo = ("Re: Open market rent against capped rent\n\nThe capped rent (USD 1,380,000) does not exceed the open "
            "market rent (USD 1,488,000). It is USD 108,000 below it.")
    assert answers.directions(memo, ["open", "market", "rent"], ["capped", "rent"]) == {"a>b"}
