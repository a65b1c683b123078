"""Pairs of figures are weighed only for a reason a professional would recognise (a limit and what it is held to, two
positions on one quantity, an offer beside the claim it answers), in any unit the two share, and the answer parser
reads a ratio the way a banker writes it.

Kit14, a leverage covenant breach: the tasks asked 'does the covenant EBITDA exceed the net debt after the cure?' and
'does the term loan commitment exceed the covenant EBITDA?' (figures of one currency that measure different things),
and never the one comparison that matters, the total net leverage ratio of 3.70x against the maximum of 3.50 to 1.00.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml

import worldsmith
from worldsmith.environments.graph_tasks import (Graph, _as_ledger_writes, _fail, exceed_pairs, exceed_task,
                                                 pair_reason, what_if_against_tasks)
from worldsmith.worlds.ledger import Node, solve
from worldsmith.worlds.plan import LedgerFact
from worldsmith.worlds.values import render_value

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
COVENANT = FIXTURES / "covenant-breach.yaml"
BI_CLAIM = FIXTURES / "bi-claim.yaml"


def _graph(outline: Path) -> Graph:
    """The ledger of an outline, solved, as the pair makers read it (no room: pairs come from the ledger alone)."""
    facts = []
    for raw in yaml.safe_load(outline.read_text())["facts"]:
        fact = LedgerFact.model_validate({**raw, "text": ""})
        facts.append(fact.model_copy(update={"text": render_value(fact.value)}))
    world = SimpleNamespace(plan=SimpleNamespace(facts=facts), facts={f.id: f for f in facts})
    nodes = [Node(f.id, f.value if not f.formula else None, f.formula) for f in facts]
    return Graph(world, {}, _as_ledger_writes(world, solve(nodes, _fail)))


def _pairs(graph: Graph) -> set[frozenset[str]]:
    return {frozenset((b.id, s.id)) for b, s in exceed_pairs(graph)}


def test_a_leverage_covenant_weighs_the_ratio_against_its_maximum_and_never_ebitda_against_debt():
    graph = _graph(COVENANT)
    pairs = _pairs(graph)
    assert frozenset(("leverage_ratio", "max_leverage")) in pairs
    big, small = exceed_pairs(graph)[0]
    assert (big.id, small.id) == ("leverage_ratio", "max_leverage")  # the most telling first, the larger first
    for meaningless in [("covenant_ebitda", "cured_net_debt"), ("covenant_ebitda", "term_loan"),
                        ("covenant_ebitda", "total_net_debt"), ("term_loan", "cured_net_debt"),
                        ("permitted_addbacks", "waiver_fee"), ("term_loan", "total_net_debt")]:
        assert frozenset(meaningless) not in pairs, meaningless
        assert pair_reason(graph, *(graph.fact(f) for f in meaningless)) is None


def test_a_ratio_worked_from_two_amounts_is_in_its_declared_unit_and_a_gap_of_ratios_too():
    graph = _graph(COVENANT)
    assert graph.quantities["leverage_ratio"].unit == "x"
    big, small = graph.fact("leverage_ratio"), graph.fact("max_leverage")
    from worldsmith.environments.graph_tasks import difference, shown

    assert shown(difference(graph, big, small)) == "0.2x"


def test_a_business_interruption_claim_weighs_the_two_sides_periods_and_losses_and_the_limit():
    graph = _graph(BI_CLAIM)
    pairs = _pairs(graph)
    # two positions on one quantity: the two sides' periods of restoration (in days), their losses, the settlement
    for must in [("insured_days", "insurer_days"), ("insured_days", "agreed_days"), ("insurer_days", "agreed_days"),
                 ("insured_bi_loss", "insurer_bi_loss"), ("insured_claim", "insurer_position"),
                 ("insured_claim", "settlement_total"), ("bi_limit", "insured_bi_loss")]:
        assert frozenset(must) in pairs, must
    # no reason: a payment on account beside the gap, the settlement beside the amount in dispute, the waiting
    # period beside a period of restoration
    for never in [("advance_payment", "claim_gap"), ("settlement_total", "claim_gap"), ("balance_due", "claim_gap"),
                  ("extra_expense", "advance_payment"), ("insured_days", "waiting_days")]:
        assert frozenset(never) not in pairs, never


def test_a_limit_that_names_its_subject_holds_only_that_subject():
    """The liquidated damages cap limits the damages accrued, not the contractor's loss and expense claimed."""
    graph = _graph(FIXTURES / "construction-delay.yaml")
    pairs = _pairs(graph)
    assert frozenset(("lds_accrued", "ld_cap")) in pairs
    for never in [("loss_expense_claim", "ld_cap"), ("prolongation_costs", "ld_cap"), ("disruption_costs", "ld_cap")]:
        assert frozenset(never) not in pairs, never


def test_a_limit_word_that_does_not_head_its_label_makes_no_limit():
    """'covenant EBITDA' is EBITDA as the covenant defines it; a 'leverage covenant' is a limit; a peg limits what it
    names (the NWC), not an EBITDA."""
    def fact(fid, label, amount, unit="USD"):
        value = {"type": "money", "amount": amount, "currency": unit}
        return LedgerFact.model_validate({"id": fid, "statement": label, "label": label, "value": value,
                                          "text": render_value(LedgerFact.model_validate(
                                              {"id": fid, "statement": "", "value": value, "text": ""}).value)})

    facts = [fact("a", "covenant EBITDA", 45_000_000), fact("b", "total net debt", 166_500_000),
             fact("c", "NWC peg", 3_250_000), fact("d", "QoE-adjusted LTM EBITDA", 14_200_000),
             fact("e", "contribution demand", 60_987_500), fact("f", "Clause 41.3 cap", 20_000_000),
             fact("g", "OPA 90 limit floor", 21_521_000)]
    world = SimpleNamespace(plan=SimpleNamespace(facts=facts), facts={f.id: f for f in facts})
    graph = Graph(world, {}, solve([Node(f.id, f.value, None) for f in facts], _fail))
    assert pair_reason(graph, graph.fact("a"), graph.fact("b")) is None
    assert pair_reason(graph, graph.fact("c"), graph.fact("d")) is None
    assert pair_reason(graph, graph.fact("e"), graph.fact("f")) is not None  # a cap against the demand it caps
    assert pair_reason(graph, graph.fact("e"), graph.fact("g")) is None  # a floor limits the cap, not a demand


@pytest.fixture(scope="module")
def covenant(published_covenant):
    world = worldsmith.open(published_covenant)
    yield world, Graph.of(world)
    world.close()


def test_the_covenant_world_asks_the_telling_comparison_and_grades_it_in_any_ratio_form(covenant):
    from worldsmith.environments.grade import grade
    from tests.published import task_set_of
    from worldsmith.environments.session import Session

    world, graph = covenant
    task = exceed_task(graph, graph.fact("leverage_ratio"), graph.fact("max_leverage"))
    assert task is not None
    session = Session(world, Path(tempfile.mkdtemp()) / "s")
    answer = task.solution.answer
    assert "3.7x" in answer and "0.2x" in answer
    assert grade(task, session, answer).score == 1.0
    for form in ("3.70 to 1.00", "3.70:1", "3.7 times"):
        assert grade(task, session, answer.replace("3.7x", form)).score == 1.0, form
    assert grade(task, session, answer.replace("0.2x", "0.3x")).score < 1.0
    wrong = answer.replace("Yes. The total net leverage ratio (3.7x) exceeds the maximum total net leverage ratio "
                           "(3.5x)", "No. The maximum total net leverage ratio (3.5x) exceeds the total net leverage "
                                     "ratio (3.7x)")
    assert wrong != answer and grade(task, session, wrong).score < 1.0
    # the what-if weighs the recomputed ratio against the maximum, to the ratio's two places
    against = [t for t in what_if_against_tasks(graph) if t.needs.facts[-1] == "leverage_ratio"]
    assert against and "maximum total net leverage ratio" in against[0].instruction
    assert grade(against[0], session, against[0].solution.answer).score == 1.0
    assert "3.638" not in against[0].solution.answer
    # no task of the set weighs figures that measure different things
    tasks = task_set_of(world, warmups=True).tasks
    weighed = [t for t in tasks if t.kind in ("exceed", "reply", "memo", "post_chat", "review", "brief")]
    reply = next(t for t in weighed if t.kind == "reply" and t.needs.facts[:2] == ["leverage_ratio", "max_leverage"])
    # what the client is told rests on the instrument that sets the limit: the credit agreement, not only the sheet
    setting = {a.path for a in world.plan.artifacts if a.id in world.plan.establishing("max_leverage")
               and a.kind == "document"}
    assert setting & set(reply.needs.files)
    for t in weighed:
        said = t.instruction.lower()
        assert not ("covenant ebitda" in said and ("net debt after the cure" in said or "term loan commitment" in said
                                                   or "exceed the total net debt" in said)), t.id


def test_an_offer_is_weighed_against_the_whole_claim_never_one_head_of_loss():
    """Red team, pi-quantum: 'compare the offer against one head of loss', where the offer answers the whole claim
    (the Part 36 offer against the past loss, the care claim, the general damages, each a reply of its own)."""
    graph = _graph(FIXTURES / "pi-quantum.yaml")
    pairs = _pairs(graph)
    for head in ("past_loss", "care_claim", "general_damages", "future_loss_claimant", "future_loss_defence",
                 "annual_residual_loss"):
        assert frozenset((head, "part36_offer")) not in pairs, head
    assert {frozenset(("net_claim", "part36_offer")), frozenset(("gross_claim", "part36_offer"))} <= pairs
    assert frozenset(("future_loss_claimant", "future_loss_defence")) in pairs  # two positions on one head stay


def test_a_claim_without_the_limit_is_a_claim_and_a_limit_in_a_lesser_of_limits_its_own_side_alone():
    """cmr-theft: 'claim without the limit' was read as a limit (its last word), so the carrier's offer was weighed
    against nothing, and the claim of goods and carriage was weighed against the limit on the goods alone."""
    graph = _graph(FIXTURES / "cmr-theft.yaml")
    pairs = _pairs(graph)
    assert frozenset(("full_claim", "carrier_offer")) in pairs
    assert frozenset(("full_claim", "cmr_limit")) not in pairs
    assert frozenset(("invoice_value", "cmr_limit")) in pairs


def test_a_memo_asks_the_question_that_follows_a_title_holding_a_comma(published_legal, monkeypatch):
    """Seed 97, lift-maintenance: 'write a short memo ... answering: Ashgrove Estates v. Vertiline Lifts, suppose the
    quarterly maintenance fee were ...': the question was cut at the first comma, inside the matter's title."""
    from worldsmith.environments.graph_tasks import memo_task, what_if_tasks

    world = worldsmith.open(published_legal)
    monkeypatch.setattr(world.plan, "title", "Harbour Tower: lift failures, Owner v. Contractor")
    graph = Graph.of(world)
    memo = memo_task(graph, what_if_tasks(graph)[:1])
    assert memo is not None and "answering: suppose " in memo.instruction
    assert memo.instruction.count("Owner v. Contractor") == 1
    world.close()
