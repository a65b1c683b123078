"""Classes the replay of blind red team kit29 (an unseen product recall insurance claim) left to verify32: a consequence
drawn from the right figures that the ledger's caps belie ('the limit of indemnity is therefore exhausted', 'so nothing
is payable for replacement units', 'which takes the claim over the limit of indemnity'). Shown on ledgers of other
trades (a cargo policy with a sub-limit, a construction contract's damages cap), each beside right twins."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from types import SimpleNamespace

import pytest

from worldsmith.environments import ledger_consequences as lc
from worldsmith.worlds.plan import LedgerFact
from worldsmith.worlds.values import Money


def _fact(fid, label, amount, formula=None):
    value = Money(amount=Decimal(amount), currency="USD")
    return LedgerFact(id=fid, statement="A figure of the matter.", value=value, text=f"USD {amount:,}", label=label,
                      formula=formula, known_from=dt.date(2026, 5, 1))


@pytest.fixture(scope="module")
def cargo():
    facts = [
        _fact("policy_limit", "limit of liability", 5_000_000),
        _fact("debris_sublimit", "debris removal sub-limit", 250_000),
        _fact("debris_costs", "debris removal costs", 410_000),
        _fact("debris_allowed", "debris removal allowed", 250_000, "min(debris_costs, debris_sublimit)"),
        _fact("cargo_loss", "cargo loss", 2_950_000),
        _fact("claimed", "amount claimed", 5_400_000),
        _fact("adjusted_loss", "adjusted loss", 3_200_000, "cargo_loss + debris_allowed"),
        _fact("indemnity", "indemnity payable", 3_200_000, "min(adjusted_loss, policy_limit)"),
    ]
    return SimpleNamespace(world_id="verify32-cargo", plan=SimpleNamespace(facts=facts, distractors=[]))


@pytest.fixture(scope="module")
def works():
    facts = [
        _fact("ld_cap", "liquidated damages cap", 1_200_000),
        _fact("ld_accrued", "accrued liquidated damages", 900_000),
        _fact("ld_payable", "liquidated damages payable", 900_000, "min(ld_accrued, ld_cap)"),
    ]
    return SimpleNamespace(world_id="verify32-works", plan=SimpleNamespace(facts=facts, distractors=[]))


def test_a_consequence_the_ledgers_caps_belie_is_read_as_a_misstatement(cargo, works):
    gap = "The debris removal costs (USD 410,000) exceed the debris removal sub-limit (USD 250,000) by USD 160,000"
    wrong = [
        f"{gap}, and the limit of liability is therefore exhausted.",
        f"{gap}, so nothing is payable for debris removal.",
        f"{gap}, which takes the claim over the USD 5,000,000 limit of liability.",
        "The debris removal sub-limit is not exhausted.",
        "This exhausts the limit of liability.",
    ]
    right = [
        f"{gap}, so the debris removal sub-limit is exhausted.",
        f"{gap}; nothing is payable for the USD 160,000 above the sub-limit.",
        "The amount claimed (USD 5,400,000) is over the USD 5,000,000 limit of liability, but the adjusted loss is"
        " not.",
        "The adjusted loss of USD 3,200,000 is within the limit of liability, which is not exhausted.",
        "If the cargo loss doubled, the limit of liability would be exhausted.",
    ]
    for text in wrong:
        assert lc.misstates(text, cargo), text
    for text in right:
        assert not lc.misstates(text, cargo), text
    assert lc.misstates("The delay puts the accrued liquidated damages over the liquidated damages cap.", works)
    assert lc.misstates("The liquidated damages cap is used up.", works)
    assert not lc.misstates("The accrued liquidated damages (USD 900,000) are under the liquidated damages cap.", works)
    # a what-if that moves the capped figure leaves its consequence alone
    assert not lc.misstates("The limit of liability is therefore exhausted.", cargo, skip={"adjusted_loss"})


def test_a_label_after_a_figure_and_a_hyphen_minus_is_a_term_its_own_figure_follows():
    from worldsmith.environments import answers

    def bound(text, label):
        return [m.value for m in answers.bound_figures(text, [label], ["balance due", "net loss"])]

    # a subtraction written with a hyphen: the label's figure is the one straight after it, not what the sum comes to
    assert bound("5. Balance due = USD 2,450,000 - advance payment USD 600,000 = USD 1,850,000.",
                 "advance payment") == [Decimal("600000")]
    assert bound("Net loss: EUR 812,000 \u2013 excess EUR 25,000 = EUR 787,000", "excess") == [Decimal("25000")]
    # a list's bullet is no minus: its line still binds the label's figure
    for text in ("Balance due USD 1,850,000\n- advance payment USD 600,000", "- advance payment: USD 600,000",
                 "Balance due USD 1,850,000\n- advance payment: USD 600,000"):
        assert bound(text, "advance payment") == [Decimal("600000")], text


def test_a_word_both_labels_share_names_the_side_the_comparisons_other_end_does_not():
    from worldsmith.environments import answers

    works = (["cost", "remediation", "works"], ["remediation", "cost", "cap"])
    fees = (["fee", "claimed"], ["fee", "cap"])
    # a terse post: 'cost' is in both labels, the cap only in one, so 'cost' is the cost of the works
    post = "Works USD 640,000 vs cap USD 600,000 -> cost exceeds cap by USD 40,000."
    assert answers.directions(post, *works) == {"a>b"}
    assert answers.directions("Cap exceeds cost by USD 40,000.", *works) == {"a<b"}
    assert answers.directions("Fee is below cap.", *fees) == {"a<b"}
    assert answers.directions("Cap is above fee.", *fees) == {"a<b"}
    # a side named in full is read as before
    assert answers.directions("The cost of remediation works exceeds the remediation cost cap.", *works) == {"a>b"}


def test_a_result_worked_in_the_sentence_that_uses_the_supposed_figure_is_no_what_if_stated_as_fact():
    from worldsmith.environments import grade
    from worldsmith.environments.tasks import Check

    final = Check(type="file_final", values=["EUR 61,200"], numbers=[61200.0], unit="EUR")
    task = SimpleNamespace(instruction="Suppose the floor area were 1,800 m2 instead of the figure the room gives. "
                                       "What would the service charge be?",
                           rubric=SimpleNamespace(criteria=[SimpleNamespace(check=final)]))
    # one long sentence of working from the supposed area to the result (a right memo scored 0)
    working = ("Working: the chargeable area becomes 1,800 m2 x EUR 40 = EUR 72,000; less the 15% vacancy allowance "
               "the service charge is EUR 61,200.")
    assert not grade.what_if_as_fact(task, working)
    # the result said as the room's figure, away from the supposition, still costs
    assert grade.what_if_as_fact(task, f"{working}\nThe service charge is EUR 61,200.")
