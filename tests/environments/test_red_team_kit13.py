"""False positives kit13 (a blind red team on a business-interruption claim) found: the right figures and Answer line
beside a statement the ledger contradicts ('The advance was later cut to USD 1,000,000', 'This would exceed the USD
12,000,000 business interruption limit' for USD 7,121,400, 'Northgate will therefore pay you the full USD 5,581,300
next week, with no deduction', 'Calder should repudiate the June 26 settlement', 'Calder accepted the adjuster's 98
days'). Read here on a ledger of another trade (a building contract's final account) so the readers are shown to be
general, and on the legal example's tasks through the grader; each beside a right twin that must still pass."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from types import SimpleNamespace

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments import ledger_statements as ls
from worldsmith.environments.grade import grade
from worldsmith.environments.session import Session
from worldsmith.worlds.plan import FactPeriod, LedgerFact
from worldsmith.worlds.values import Money, Number


def _fact(fid, label, value, text, statement="A figure of the account.", formula=None, earlier=()):
    return LedgerFact(id=fid, statement=statement, value=value, text=text, label=label, formula=formula,
                      known_from=dt.date(2026, 5, 1), earlier=list(earlier))


def _usd(n):
    return Money(amount=Decimal(n), currency="USD")


@pytest.fixture(scope="module")
def account():
    facts = [
        _fact("contract_sum", "adjusted contract sum", _usd(8_400_000), "USD 8,400,000"),
        _fact("claimed_days", "contractor's extension of time", Number(value=Decimal(60), unit="days"), "60 days"),
        _fact("assessed_days", "engineer's extension of time", Number(value=Decimal(25), unit="days"), "25 days"),
        _fact("agreed_days", "agreed extension of time", Number(value=Decimal(41), unit="days"), "41 days",
              statement="At the meeting of May 20, 2026 the parties agreed an extension of time of 41 days in full "
                        "settlement of the delay claim."),
        _fact("daily_rate", "prolongation cost per day", _usd(12_000), "USD 12,000",
              earlier=[FactPeriod(since=dt.date(2026, 3, 1), value=_usd(14_000), text="USD 14,000")]),
        _fact("settled_sum", "final account sum", _usd(8_892_000), "USD 8,892,000",
              formula="contract_sum + daily_rate * agreed_days"),
        _fact("retention", "retention sum", _usd(250_000), "USD 250,000"),
        _fact("balance", "balance due to the contractor", _usd(8_642_000), "USD 8,642,000",
              formula="settled_sum - retention"),
        _fact("cap", "delay damages cap", _usd(1_000_000), "USD 1,000,000"),
    ]
    plan = SimpleNamespace(facts=facts, distractors=[])
    return SimpleNamespace(world_id="kit13-account-test", plan=plan)


def test_a_fact_given_a_value_it_never_held_costs(account):
    wrong = [
        "The retention was later cut to USD 100,000.",  # a change said of the label
        "The prolongation cost per day was subsequently revised to USD 15,500.",
        "We first sent the retention sum on May 2. It was later reduced to USD 180,000 in the account.",  # 'It'
        "The extension of time was ultimately agreed at the full 60 days.",  # 'agreed <label>' said the other way
        "The contractor will receive the balance of USD 8,892,000.",  # the label's first word alone
    ]
    for text in wrong:
        assert ls.contradicts(text, account), text
    right = [
        "The prolongation cost per day was revised to USD 12,000 (from USD 14,000).",  # the figure now
        "The prolongation cost per day was later revised to USD 14,000 in the draft.",  # a marked earlier one
        "The extension of time was agreed at 41 days.",
        "The contractor will receive the balance of USD 8,642,000.",
        "If the retention were cut to USD 100,000, the balance would rise.",  # a hypothesis
        "The contractor's extension of time was reduced to the engineer's 25 days by the adjudicator.",  # a fact's
    ]
    for text in right:
        assert not ls.contradicts(text, account), text
    # a what-if that moves the retention supposes the figure
    assert not ls.contradicts("The retention was later cut to USD 100,000.", account, {"retention"})


def test_a_stated_figure_compared_with_a_fact_is_read_both_ways(account):
    assert ls.contradicts("Step 2: USD 12,000 x 60 = USD 720,000. This would exceed the USD 1,000,000 delay "
                          "damages cap.", account)
    assert ls.contradicts("A delay cost of USD 1,250,000 is within the delay damages cap.", account)
    assert ls.contradicts("USD 720,000 falls short of the retention sum.", account)
    assert not ls.contradicts("Step 2: USD 12,000 x 60 = USD 720,000. This is below the USD 1,000,000 delay damages "
                              "cap.", account)
    assert not ls.contradicts("A delay cost of USD 720,000 is within the delay damages cap.", account)
    # a gap before a comparator is no subject; a figure that ends a step of working is none either
    assert not ls.contradicts("The final account sum is USD 280,000 below the cap plus the contract sum.", account)
    assert not ls.contradicts("The prolongation cost is 41 x USD 12,000, which exceeds the retention sum.", account)


def test_the_whole_sum_said_paid_where_the_ledger_deducts_costs(account):
    assert ls.contradicts("The employer will pay the full USD 8,892,000 next week, with no deduction.", account)
    assert ls.contradicts("The contractor receives USD 8,892,000 in full.", account)
    # the deduction or what is due stated: the sentence accounts for it
    assert not ls.contradicts("The employer pays USD 8,892,000 less the USD 250,000 retention in full settlement.",
                              account)
    assert not ls.contradicts("The employer will pay the full USD 8,642,000 balance with no further deduction.",
                              account)
    assert not ls.contradicts("The contractor says it should receive USD 8,892,000 in full.", account)


def test_advice_to_undo_the_agreement_the_ledger_records_costs(account):
    for text in ("The contractor should repudiate the May 20 settlement and go to adjudication.",
                 "I recommend you withdraw your agreement to the settlement.",
                 "Because the settlement gives too little, the contractor should withdraw from it.",
                 "We advise the contractor to reject the settlement."):
        assert ls.contradicts(text, account), text
    for text in ("The contractor should not reopen the settlement.",
                 "The appraisal was withdrawn when the settlement was agreed.",
                 "The employer should reject any attempt to reopen the settlement.",
                 "Whether to challenge the settlement is for the board."):
        assert not ls.contradicts(text, account), text


def test_a_figure_accepted_other_than_the_agreements_costs(account):
    assert ls.contradicts("The contractor accepted the engineer's 25 days in full on May 8.", account)
    assert ls.contradicts("I recommend you accept the engineer's 25 days as the final settlement.", account)
    assert not ls.contradicts("The contractor accepted 41 days at USD 12,000 a day.", account)
    assert not ls.contradicts("The contractor refused to accept the engineer's 25 days.", account)


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, {t.id: t for t in task_set_of(world).tasks}
    world.close()


def test_the_grader_reads_these_remarks_beside_a_right_answer(legal, tmp_path):
    from worldsmith.environments.tasks import label_of

    world, tasks = legal
    task = next(t for t in tasks.values() if any(c.id == "contradicts_ledger" for c in t.rubric.negative_criteria)
                and t.solution.answer and "\nAnswer:" in t.solution.answer and t.kind == "exceed")
    skip = set(next(c for c in task.rubric.negative_criteria if c.id == "contradicts_ledger").check.values)
    money = [f for f in world.plan.facts if getattr(f.value, "type", None) == "money" and f.id not in skip
             and not f.earlier]
    fact, small = next((a, b) for a in money for b in money if a.value.currency == b.value.currency
                       and a.value.amount > b.value.amount)
    body, sep, tail = task.solution.answer.partition("\nAnswer:")
    right = grade(task, Session(world, tmp_path / "r"), task.solution.answer)
    assert right.score == 1.0
    wrong_value = f"{fact.value.currency} {int(fact.value.amount) // 2 + 1:,}"
    for i, remark in enumerate((f"The {label_of(fact)} was later cut to {wrong_value}.",
                                f"A figure of {small.text} would exceed the {label_of(fact)}.")):
        g = grade(task, Session(world, tmp_path / f"w{i}"), f"{body.rstrip()} {remark}{sep}{tail}")
        assert g.score < 1.0 and "contradicts_ledger" in g.negatives_met, remark
    fine = f"A figure of {small.text} would be below the {label_of(fact)}."
    assert grade(task, Session(world, tmp_path / "ok"), f"{body.rstrip()} {fine}{sep}{tail}").score == 1.0


def test_a_count_gap_keeps_its_unit_in_a_brief(legal, published_hospital, tmp_path):
    # kit13: 'Agreed larger by USD 23' / 'Answer: USD 23' and 'Answer: 23 weeks' for a brief's gap of 23 days scored
    # 1.0: the brief's states_gap check dropped a count's unit (unit=None), so any unit passed
    from worldsmith.environments.grade import _final
    from worldsmith.environments.tasks import Check

    gap = Check(type="answer_final", values=["23 days"], numbers=[23.0], unit="days")
    assert _final("The agreed period is larger, by 23 days.\nAnswer: 23 days", gap)
    assert _final("Answer: 23", gap)
    assert not _final("Agreed larger by USD 23.\nAnswer: USD 23", gap)
    assert not _final("Agreed larger by 23 weeks.\nAnswer: 23 weeks", gap)
    # every brief's gap check carries the unit its agenda figure has
    hospital = worldsmith.open(published_hospital)
    try:
        briefs = [t for w in (legal[0], hospital) for t in task_set_of(w).tasks if t.kind == "brief"]
    finally:
        hospital.close()
    checked = 0
    for t in briefs:
        crit = {c.id: c.check for c in t.rubric.criteria}
        if "states_gap" in crit and "states_agenda" in crit and crit["states_agenda"].unit != "%":
            assert crit["states_gap"].unit == crit["states_agenda"].unit, t.id
            checked += 1
    assert checked


def test_advice_to_claim_a_limit_no_loss_reaches_costs():
    # kit13: 'so Calder should claim the full USD 12,000,000 limit at the call' beside a loss of USD 5,934,500
    facts = [_fact("limit", "cargo policy limit", _usd(5_000_000), "USD 5,000,000"),
             _fact("loss", "assessed cargo loss", _usd(2_100_000), "USD 2,100,000"),
             _fact("claim", "owner's claim", _usd(2_600_000), "USD 2,600,000")]
    cargo = SimpleNamespace(world_id="kit13-cargo-test", plan=SimpleNamespace(facts=facts, distractors=[]))
    assert ls.contradicts("The limit is larger by USD 2,900,000, so the owner should claim the full USD 5,000,000 "
                          "limit.", cargo)
    assert ls.contradicts("You are entitled to recover the full USD 5,000,000.", cargo)
    assert not ls.contradicts("The owner cannot claim the full USD 5,000,000 limit; its loss is USD 2,100,000.", cargo)
    assert not ls.contradicts("The owner should claim the full USD 2,600,000.", cargo)
    # a limit that a claim does reach may be claimed in full
    reached = SimpleNamespace(world_id="kit13-cargo-reached", plan=SimpleNamespace(
        facts=[*facts, _fact("big", "owner's revised claim", _usd(6_000_000), "USD 6,000,000")], distractors=[]))
    assert not ls.contradicts("The owner should claim the full USD 5,000,000 limit.", reached)
