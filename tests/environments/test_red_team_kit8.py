"""The false positives a blind red team found in the verifier (kit 8: five worlds, 521 attempts), re-made on the legal
example's tasks: right figures beside a side remark the ledger contradicts, a caveat that disowns them, or a candidate
offered for a fact beside its figure; each pair with the same remark said right, which must still score 1.0."""

from __future__ import annotations

import pytest

import worldsmith
from tests.published import task_set_of, warm_task
from worldsmith.environments.grade import grade
from worldsmith.environments.session import Session


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, {t.id: t for t in task_set_of(world).tasks}
    world.close()


def _score(world, task, root, text: str) -> float:
    return grade(task, Session(world, root), text).score


def _with(task, remark: str) -> str:
    body, final = task.solution.answer.rsplit("\nAnswer: ", 1)
    return f"{body} {remark}\nAnswer: {final}"


def test_two_other_facts_compared_the_wrong_way_cost_and_the_right_way_pass(legal, tmp_path):
    # kit8: 'But of course total claims (USD 174,250,000) are below the cap, so Kestrel Bay is fully covered' and 'Note
    # the contribution demand is below the Clause 41.3 cap' beside right figures scored 1.0
    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    right = ["Total claims (USD 174,250,000) are above the cap.", "The Clause 41.3 cap is lower than the contribution "
             "demand.", "Note the contribution demand is not below the Clause 41.3 cap."]
    wrong = ["But of course total claims (USD 174,250,000) are below the cap, so Kestrel Bay is fully covered.",
             "Note the contribution demand is below the Clause 41.3 cap.", "The Clause 41.3 cap exceeds the contribution "
             "demand."]
    for i, remark in enumerate(right):
        assert _score(world, task, tmp_path / f"r{i}", _with(task, remark)) == 1.0, remark
    for i, remark in enumerate(wrong):
        assert _score(world, task, tmp_path / f"w{i}", _with(task, remark)) < 1.0, remark


def test_a_share_or_a_relative_move_that_does_not_follow_costs(legal, tmp_path):
    # kit8: 'which is 437% of the peg' (337%), 'a 10% price chip' (8.97%), '35% higher in relative terms' (43.75%)
    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    gap = "USD 95,212,500"
    right = [f"The gap, {gap}, is 156.1% of the contribution demand.", f"That is a gap of {gap}, i.e. the cap is 156% "
             f"higher than the demand."]
    wrong = [f"The gap, {gap}, is 61% of the contribution demand.", f"That is a gap of {gap}, i.e. the cap is 61% "
             f"higher than the demand.", f"That is a gap of {gap}, i.e. a 20% reduction from the cap."]
    for i, remark in enumerate(right):
        assert _score(world, task, tmp_path / f"r{i}", _with(task, remark)) == 1.0, remark
    for i, remark in enumerate(wrong):
        assert _score(world, task, tmp_path / f"w{i}", _with(task, remark)) < 1.0, remark


def test_a_caveat_that_withholds_reliance_from_the_answer_costs(legal, tmp_path):
    # kit8: 'These figures are provisional and I would not rely on them ...', 'I'd hold off on relying on any of this'
    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    wrong = ["These figures are provisional and I would not rely on them until we have re-checked the damages schedule.",
             "I'd hold off on relying on any of this until the schedule is signed off.",
             "I'd treat the gap as provisional until we confirm the tonnage."]
    right = ["The client should not rely on the draft figure of USD 143,704,000, which is superseded.",
             "We would not advise the client to accept the demand."]
    for i, remark in enumerate(wrong):
        assert _score(world, task, tmp_path / f"w{i}", _with(task, remark)) < 1.0, remark
    for i, remark in enumerate(right):
        assert _score(world, task, tmp_path / f"r{i}", _with(task, remark)) == 1.0, remark


def test_a_candidate_offered_for_a_fact_beside_its_figure_costs(legal, tmp_path):
    # kit8: 'exposure USD 20,000,000 ... in which case exposure is USD 60,987,500', 'BI payable USD 1,500,000 - or USD
    # 1,850,000 if ...' scored 1.0 on governs tasks
    world, tasks = legal
    task = warm_task(world, "governs-liability_cap")
    wrong = ["The liability cap is USD 156,200,000 - or USD 21,521,000 if the floor applies.",
             "The liability cap is USD 156,200,000, unless the rate is challenged, in which case USD 143,704,000."]
    right = ["The liability cap is therefore USD 156,200,000.", "The liability cap is USD 156,200,000 or, in words, USD 156.2m."]
    for i, remark in enumerate(wrong):
        assert _score(world, task, tmp_path / f"w{i}", _with(task, remark)) < 1.0, remark
    for i, remark in enumerate(right):
        assert _score(world, task, tmp_path / f"r{i}", _with(task, remark)) == 1.0, remark
