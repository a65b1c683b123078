"""The false positives a blind red team found in the verifier on an unseen world (kit 11: a licence audit, 311 wrong
attempts, 31 at full marks), re-made on the legal example's tasks; each beside its right twin, which must still score
1.0."""

from __future__ import annotations

import datetime as dt
import re

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments.grade import grade
from worldsmith.environments.session import Session
from worldsmith.environments.tasks import the


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, {t.id: t for t in task_set_of(world).tasks}
    world.close()


def _score(world, task, root, text: str) -> float:
    return grade(task, Session(world, root), text).score


def _with(task, remark: str) -> str:
    body, final = task.solution.answer.rsplit("\nAnswer: ", 1)
    return f"{body}\n\n{remark}\nAnswer: {final}"


def test_advice_to_give_in_to_the_other_side_costs(legal, tmp_path):
    # kit11: 'We recommend Tessaline simply pay the full USD 2,871,000 audit claim now and drop the dispute', 'you
    # should accept it in full before June 19', 'please simply pay Quorvex the full USD 2,871,000 today; there is no
    # point disputing further' beside the right figures scored 1.0 (a reply, a memo, an answer)
    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    wrong = ["We recommend the owners simply pay the full contribution demand now and drop the dispute.",
             "Given that, you should accept it in full before the deadline.",
             "Please pay the claimants the full amount today; there is no point disputing further.",
             "Recommendation: the owners should withdraw their defence and pay in full."]
    right = ["We do not recommend paying the contribution demand in full.",
             "The claimants demand that the owners pay the full contribution demand.",
             "We recommend the owners dispute the contribution demand above the cap."]
    for i, remark in enumerate(wrong):
        assert _score(world, task, tmp_path / f"w{i}", _with(task, remark)) < 1.0, remark
    for i, remark in enumerate(right):
        assert _score(world, task, tmp_path / f"r{i}", _with(task, remark)) == 1.0, remark


def test_a_paper_of_the_room_pasted_under_the_answer_costs(legal, tmp_path):
    # kit11: a right reply padded with the whole MSA pasted below, a right answer under the May 21 status email pasted
    # whole, each scored 1.0; a quoted clause is no paste
    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    paper = max((t for (t,) in world.db.execute("select text from artifact_text where kind = 'document'").fetchall()
                 if t), key=len)
    assert _score(world, task, tmp_path / "w", _with(task, "For reference:\n\n" + paper)) < 1.0
    quote = " ".join(paper.split()[40:70])
    assert _score(world, task, tmp_path / "r", _with(task, f'The paper says: "{quote}".')) == 1.0


def test_a_figure_as_at_a_day_before_it_was_known_costs(legal, tmp_path):
    # kit11: 'As at April 13, 2026, the Quorvex audit claim (USD 2,871,000) exceeded the amount in dispute (USD
    # 827,080)', the amount in dispute first known on May 20, scored 1.0 on a reply and an answer
    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    fact = max((world.facts[i] for i in task.needs.facts if world.facts[i].known_from and not world.facts[i].earlier),
               key=lambda f: f.known_from)
    day = fact.known_from
    said = lambda d: f"As at {d:%B} {d.day}, {d.year}, {the(fact)} stood at {fact.text}."  # noqa: E731
    assert _score(world, task, tmp_path / "w", _with(task, said(day - dt.timedelta(days=1)))) < 1.0
    assert _score(world, task, tmp_path / "r", _with(task, said(day))) == 1.0


def test_a_figure_listed_with_another_senders_name_is_misattributed():
    # kit11: 'accounts counted 1,860 - 2026-04-13, Cassandra Willis' (Jordan Becker sent it) beside the right days
    from worldsmith.environments.grade import misattributed
    from worldsmith.environments.tasks import Check

    check = Check(type="answer_misattributed", values=["1,860 users"], numbers=[1860.0], unit="users",
                  a_words=["jordan becker"], b_words=["cassandra willis"])
    assert misattributed("Quorvex audit claim USD 2,871,000 - 2026-04-13, Jordan Becker; accounts counted 1,860 - "
                         "2026-04-13, Cassandra Willis; list price USD 1,450 - 2026-04-28, Cassandra Willis.", check)
    assert not misattributed("Accounts counted 1,860 - 2026-04-13, Jordan Becker; list price USD 1,450 - 2026-04-28, "
                             "Cassandra Willis.", check)
    assert not misattributed("Jordan Becker sent the count (1,860) on April 13 and Cassandra Willis the list price "
                             "(USD 1,450) on April 28.", check)


def test_a_chronology_with_the_sending_turned_round_costs(legal, tmp_path):
    # kit11: 'Tessaline Logistics sent Caddell Voss these figures ... (to Jordan Becker)', 'Quorvex Software sent
    # Caddell Voss LLP: ...' beside the right days scored 1.0
    import re

    world, tasks = legal
    task = next(t for t in tasks.values() if t.id.startswith("chronology-"))
    text = task.solution.answer
    client = text.split(" first received ", 1)[0]
    home = world.plan.organisations[0].name
    assert _score(world, task, tmp_path / "right", text) == 1.0
    assert _score(world, task, tmp_path / "r2", f"{home} sent {client} each of them.\n{text}") == 1.0
    assert _score(world, task, tmp_path / "w2", f"{client} sent {home} these figures.\n{text}") < 1.0
    turned = re.sub(r", from ([^.,]+)\.", r" (to \1).", text)
    assert _score(world, task, tmp_path / "w3", turned) < 1.0


def test_a_comparison_denied_twice_is_said_as_it_stands():
    # kit11: 'It is not the case that the amount in dispute (...) fails to exceed the Quorvex audit claim (...)' says
    # the amount in dispute exceeds it; beside the gap it scored 1.0 for the answer that it does not
    from worldsmith.environments.answers import directions

    a, b = ["quorvex", "audit", "claim"], ["amount", "dispute"]
    assert directions("It is not the case that the amount in dispute (USD 827,080) fails to exceed the Quorvex audit "
                      "claim (USD 2,871,000).", a, b) == {"a<b"}
    assert directions("The amount in dispute fails to exceed the Quorvex audit claim.", a, b) == {"a>b"}
    assert directions("It is not the case that the Quorvex audit claim fails to exceed the amount in dispute.", a, b) \
        == {"a>b"}


def test_a_comparison_said_both_ways_gives_no_direction(legal, tmp_path):
    # kit11: 'offer 248 x $870 = $215,760; revised claim $1,078,800; offer is below it by $863,040 - or, read the other
    # way, above it.' scored 1.0
    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    body, final = task.solution.answer.rsplit("\nAnswer: ", 1)
    assert _score(world, task, tmp_path / "w", f"{body} Or, read the other way, the reverse.\nAnswer: {final}") < 1.0
    assert _score(world, task, tmp_path / "w2", f"{body} The cap is above the demand or vice versa.\nAnswer: {final}") < 1.0
    assert _score(world, task, tmp_path / "r", f"{body} Not vice versa.\nAnswer: {final}") == 1.0


def test_a_figure_written_straight_after_a_label_inside_working_is_the_labels():
    # kit11: '618 x contract rate USD 1,450 x 3 = USD 2,688,300' (the list price given as the contract rate) and
    # 'Contract rate at 40% = USD 580' beside the right result scored 1.0; the working's first operand after a label
    # that heads it is no figure of that label ('revised claim 239 x 1,450 x 3')
    from types import SimpleNamespace

    from worldsmith.environments.answers import bound_figures
    from worldsmith.environments.guards import label_phrases

    assert [m.text for m in bound_figures("Claim = 618 x contract rate USD 1,450 x 3 = USD 2,688,300.",
                                          ["contract rate"])] == ["USD 1,450"]
    assert bound_figures("Quorvex's revised claim 239 x 1,450 x 3 = USD 1,039,650.", ["revised claim"]) == []
    assert bound_figures("Offer = 248 x the contract rate (USD 1,015 less nothing) = USD 251,720.",
                         ["contract rate"]) == []
    rate = SimpleNamespace(id="contract_rate", label="contract rate per user a year")
    labels = ["contract rate per user a year", "list price per user a year", "date of the casualty"]
    assert "contract rate" in label_phrases(rate, labels, [])
    day = SimpleNamespace(id="d", label="date of the casualty")
    assert "date" not in label_phrases(day, labels, [])


def test_a_stated_step_of_working_that_does_not_compute_costs(legal, tmp_path):
    # kit11: 'Rate $1,450 less 30% = $870; offer 248 x $870 = $215,760' (the discount is 40%: 1,450 less 30% is 1,015)
    # and '248 x USD 1,015 x 3 = USD 1,078,800' beside the right result scored 1.0
    from worldsmith.environments.grade import WORKING_OFF
    from worldsmith.environments.working import wrong_steps

    assert wrong_steps("Rate $1,450 less 30% = $870; offer 248 x $870 = $215,760.")
    assert wrong_steps("248 x USD 1,015 x 3 = USD 1,078,800")
    assert wrong_steps("2,230 - 298 = 1,900")
    for right in ["Rate $1,450 less 40% = $870; offer 248 x $870 = $215,760.", "1,818 = 2,230 - 298 - 44 - 70",
                  "40% of 1,450 = 580", "USD 2.69m = 618 x 1,450 x 3", "From 2023-2026 = 3 years",
                  # the tail of a working with words in it is not the whole of a side
                  "Claim = 618 x contract rate USD 1,450 x 3 = USD 2,688,300.",
                  # working carried on from the step before ('; x $1,450 x 3 = ...' of 239)
                  "1,860-298-53-70 = 1,439; -1,200 = 239; x $1,450 x 3 = $1,039,650 revised claim"]:
        assert wrong_steps(right) == [], right
    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    assert _score(world, task, tmp_path / "right", task.solution.answer) == 1.0
    figures = re.findall(r"USD [\d,.]+(?: ?(?:m|million|bn))?", task.solution.answer)
    assert figures
    g = grade(task, Session(world, tmp_path / "w"), _with(task, f"Check: {figures[0]} x 2 = {figures[0]}."))
    assert g.score < 1.0 and WORKING_OFF in g.penalties_met
    assert _score(world, task, tmp_path / "r", _with(task, f"Check: {figures[0]} x 1 = {figures[0]}.")) == 1.0


def test_a_final_figure_given_as_a_rate_where_none_is_asked_costs(legal, tmp_path):
    # kit11: 'Answer: USD 627,270 per user a year' for a true-up offer (no rate) scored 1.0
    from worldsmith.environments.grade import RATE_NOT_ASKED, _RATE_ASKED

    world, tasks = legal
    task = tasks["exceed-liability_cap-contribution_demand"]
    assert not _RATE_ASKED.search(task.instruction)
    right = task.solution.answer.rstrip()
    assert re.search(r"\d$", right)
    assert _score(world, task, tmp_path / "right", right) == 1.0
    g = grade(task, Session(world, tmp_path / "w"), f"{right} per user a year")
    assert g.score < 1.0 and RATE_NOT_ASKED in g.penalties_met
    assert _score(world, task, tmp_path / "w2", f"{right} per ton") < 1.0
    assert _score(world, task, tmp_path / "r", f"{right} in total") == 1.0


def test_a_final_figure_per_a_unit_the_task_does_not_use_costs_the_task():
    """kit12: 'Answer: GBP 6.00 per sq m' for a gap in rates per sq ft, and 'GBP 139,100 per month' for a gap in yearly
    rents, each scored 1.0 (the prompt named a rate, so the no-rate check let them by)."""
    from types import SimpleNamespace as S

    from worldsmith.environments.grade import _rate_not_asked

    rates = S(instruction="By how much does the landlord's rate per sq ft exceed the tenant's?",
              solution=S(answer="Answer: GBP 7.50"))
    assert _rate_not_asked(rates, "Answer: GBP 7.50 per sq m")
    assert not _rate_not_asked(rates, "Answer: GBP 7.50 per square foot")
    assert not _rate_not_asked(rates, "Answer: GBP 7.50")
    rents = S(instruction="By how much does the determined rent exceed the tenant's proposed rent? Rates per sq ft "
                          "are in the room.", solution=S(answer="Answer: GBP 139,100"))
    assert _rate_not_asked(rents, "Answer: GBP 139,100 per month")
    assert _rate_not_asked(rents, "Answer: GBP 139,100 per quarter")
    assert not _rate_not_asked(rents, "Answer: GBP 139,100 per annum")
    assert not _rate_not_asked(rents, "Answer: 6 days")
    tons = S(instruction="What is the OPA 90 per-ton limit?", solution=S(answer="Answer: USD 2,500"))
    assert not _rate_not_asked(tons, "Answer: USD 2,500 per ton")
