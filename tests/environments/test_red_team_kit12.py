"""False positives blind red teams found in the verifier on unseen worlds (kit12: a rent review; kit11: a licence
audit) that earlier fixes left, re-made on the legal example's tasks; each beside a right twin that must still score
1.0."""

from __future__ import annotations

import re

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments.grade import grade
from worldsmith.environments.session import Session


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, {t.id: t for t in task_set_of(world).tasks}
    world.close()


def _score(world, task, root, text: str) -> float:
    return grade(task, Session(world, root), text).score


def _per(text: str, unit: str) -> str:
    """The text with its first amount of the body given per `unit`."""
    body, sep, tail = text.partition("\nAnswer:")
    m = re.search(r"USD [\d,.]+(?: ?(?:m|million|bn))?", body)
    assert m
    return f"{body[:m.end()]} {unit}{body[m.end():]}{sep}{tail}"


def test_a_known_sum_given_per_a_unit_in_the_body_costs(legal, tmp_path):
    # kit12: 'GBP 181,900 per sq ft' in the working, 'GBP 139,100 per month' in a chat post, 'Wrong: GBP 308,950 -> GBP
    # 181,900 per month' in a review, each for a sum of yearly rents, scored 1.0 (no Answer line carried the unit)
    from worldsmith.environments.grade import PER_MISPLACED, per_misplaced

    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    right = task.solution.answer
    assert _score(world, task, tmp_path / "r", right) == 1.0
    for i, unit in enumerate(["per month", "a week", "per sq ft", "/day"]):
        g = grade(task, Session(world, tmp_path / f"w{i}"), _per(right, unit))
        assert g.score < 1.0 and PER_MISPLACED in g.penalties_met, unit
    for i, unit in enumerate(["per annum", "a year", "in all"]):
        assert _score(world, task, tmp_path / f"r{i}", _per(right, unit)) == 1.0, unit
    # a rate given per its own unit is right: a figure the instruction names as a rate, and a figure the task does not
    # know at all, are left alone
    rated = task.model_copy(update={"instruction": task.instruction + " The rate per ton is USD 2,317.50."})
    assert not per_misplaced(rated, world, "The cap works out at USD 2,317.50 per ton.")
    assert not per_misplaced(task, world, "It costs USD 12.34 a day to keep the boom out.")


def test_a_team_post_that_tags_or_greets_the_other_side_is_misaddressed(legal, tmp_path):
    # kit12: '@Patricia Baker (Oakes Fenner) - for your side: the determined rent GBP 1,465,900 exceeds ...', posted
    # for the team in its own channel, scored 1.0
    from worldsmith.environments.attacks import _with_text
    from worldsmith.environments.lint import apply_solution

    world, tasks = legal
    task = next(t for t in tasks.values() if "chat" in t.kind)
    text = next(a.args["text"] for a in task.solution.actions if "text" in a.args)
    privileged = {o.id for o in world.plan.organisations if o.privileged}
    them = next(p for p in world.plan.people if p.organisation not in privileged)
    us = [p for p in world.plan.people if p.organisation in privileged][-1]

    def score(root, said: str):
        session = Session(world, root)
        apply_solution(_with_text(task, said), session)
        return grade(task, session)

    assert score(tmp_path / "r", text).score == 1.0
    for i, said in enumerate([f"@{them.name} - for your side: {text}", f"{them.name.split()[0]} - {text}",
                              f"Hi {them.name.split()[0]},\n{text}"]):
        g = score(tmp_path / f"w{i}", said)
        assert g.score < 1.0 and "misaddressed" in g.penalties_met, said
    for i, said in enumerate([f"@{us.name} {text}", f"Team - {text}", f"@channel {text}"]):
        assert score(tmp_path / f"r{i}", said).score == 1.0, said


def test_a_bracket_that_works_a_sum_out_to_another_costs(legal, tmp_path):
    # kit11: "Quorvex's revised claim is USD 1,078,800 (248 users x USD 1,015 contract rate x 3 years)" (it comes to
    # USD 755,160: the claim is at the list price) beside the right figures scored 1.0
    from worldsmith.environments.grade import WORKING_OFF
    from worldsmith.environments.working import wrong_steps

    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    body, sep, tail = task.solution.answer.partition("\nAnswer:")
    at = body.index("USD 156,200,000") + len("USD 156,200,000")
    said = lambda inner: f"{body[:at]} ({inner}){body[at:]}{sep}{tail}"  # noqa: E731
    g = grade(task, Session(world, tmp_path / "w"), said("62,480 GT x USD 2,000 per-ton limit"))
    assert g.score < 1.0 and WORKING_OFF in g.penalties_met
    assert _score(world, task, tmp_path / "r", said("62,480 GT x USD 2,500 per-ton limit")) == 1.0
    assert wrong_steps("USD 870 (USD 1,450 less 30%)") and not wrong_steps("USD 870 (USD 1,450 less 40%)")
    # a bracket that explains a count, not the sum, or names a day, is not working of the sum
    assert not wrong_steps("USD 1,078,800 (248 users x 3 years)")
    assert not wrong_steps("USD 2,871,000 (Brightmoor findings, April 6, 2026)")


def test_a_derivation_named_in_words_that_the_ledger_belies_costs(legal, tmp_path):
    # kit11: "The amount in dispute, USD 827,080, is the Quorvex audit claim less Quorvex's revised claim" (it is the
    # revised claim less the offer) beside the right figures scored 1.0
    from worldsmith.environments.grade import DERIVATION_OFF, derivation_contradicted

    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    body, sep, tail = task.solution.answer.partition("\nAnswer:")
    said = lambda s: f"{body}\n\n{s}{sep}{tail}"  # noqa: E731
    wrong = "The total claims, USD 174,250,000, is the removal costs less the natural resource damages claimed."
    g = grade(task, Session(world, tmp_path / "w"), said(wrong))
    assert g.score < 1.0 and DERIVATION_OFF in g.penalties_met
    right = "The OPA 90 liability cap is the gross tonnage x the OPA 90 per-ton limit."
    assert _score(world, task, tmp_path / "r", said(right)) == 1.0
    assert derivation_contradicted(world, "The OPA 90 liability cap is the gross tonnage x the removal costs.")
    # a derivation of more than two figures is read no further than it goes
    assert not derivation_contradicted(world, "The total claims is the removal costs plus the natural resource "
                                              "damages claimed plus the economic loss claims.")


def test_a_figure_of_the_ledger_said_to_be_none_costs(legal, tmp_path):
    # kit12: "... exceeds tenant's proposed rent GBP 1,326,800 by GBP 139,100, which means Marwick gets a refund from
    # the landlord and no balancing payment is due" (the ledger has a balancing payment) scored 1.0 in a post
    from worldsmith.environments.grade import DENIES_FIGURE, denies_a_figure

    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    body, sep, tail = task.solution.answer.partition("\nAnswer:")
    said = lambda s: f"{body.rstrip()}, which means no contribution demand is due.{sep}{tail}"  # noqa: E731
    g = grade(task, Session(world, tmp_path / "w"), said(""))
    assert g.score < 1.0 and DENIES_FIGURE in g.penalties_met
    assert denies_a_figure(task, world, "The removal costs are nil.")
    assert denies_a_figure(task, world, "The total claims is nil.")
    for i, right in enumerate(["There is no dispute about the contribution demand.",
                               "No contribution demand was due until the claimants served it."]):
        assert _score(world, task, tmp_path / f"r{i}", f"{body.rstrip()}\n\n{right}{sep}{tail}") == 1.0, right


def test_a_comparison_left_open_does_not_give_the_direction(legal, tmp_path):
    # kit13: 'It is unclear whether ... it may or may not.', 'It is hard to say whether the limit exceeds the loss.',
    # 'Whether the limit exceeds it is debatable.' beside the right gap scored 1.0 on six exceed and reply tasks
    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    right = task.solution.answer
    body, sep, tail = right.partition("\nAnswer:")
    gap = tail.strip()
    for i, hedge in enumerate([f"It is unclear whether the liability cap exceeds the contribution demand; it may or may "
                               f"not.", "It is hard to say whether the cap exceeds the demand.",
                               "Whether the cap exceeds the demand is debatable."]):
        assert _score(world, task, tmp_path / f"h{i}", f"{hedge}\nAnswer: {gap}") < 1.0, hedge
    # a question restated and answered is no hedge
    assert _score(world, task, tmp_path / "q", right.replace(body, "The question is whether the cap exceeds the "
                                                                   "demand. " + body, 1)) == 1.0
