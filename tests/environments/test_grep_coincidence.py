"""The lint's grep test reads a figure where the room writes it: the answer's figure written as another fact's own (a
gap that happens to equal the deduction per quarter) is not the answer written beside the prompt's labels.

tests/fixtures/lift-maintenance.yaml at seed 61: the fee deductions before the cap (USD 36,000) exceed the annual
deduction cap (USD 24,000) by USD 12,000, which is also the deduction per quarter the room writes in every paper
('three quarters at USD 12,000 give fee deductions ...'). The lint refused the matter's one exceedance, its reply and
its memo as grep-solvable, and the world kept 7 tasks, 29% of them across two apps. A stand-in world, no generation.
"""

from __future__ import annotations

from types import SimpleNamespace

from worldsmith.environments.task_metrics import grep_solvable
from worldsmith.environments.tasks import (Check, Criterion, Needs, Reference, Rubric, Solution, Task)


def _fact(fid, label, text, amount, formula=None):
    return SimpleNamespace(id=fid, label=label, text=text, formula=formula,
                           value=SimpleNamespace(amount=amount, currency="USD"))


FACTS = [_fact("quarterly_fee", "quarterly maintenance fee", "USD 60,000", 60000),
         _fact("deduction_per_quarter", "deduction per quarter", "USD 12,000", 12000, "quarterly_fee * 0.2"),
         _fact("deductions", "fee deductions before the cap", "USD 36,000", 36000, "deduction_per_quarter * 3"),
         _fact("deduction_cap", "annual deduction cap", "USD 24,000", 24000)]


def _world(text: str, facts=FACTS):
    world = SimpleNamespace(plan=SimpleNamespace(facts=facts), facts={f.id: f for f in facts})
    world.__dict__["_metric_texts"] = [("Advice/Memo.docx", text)]
    return world


def _exceed() -> Task:
    final = Criterion(id="gap", weight=2.0, description="the gap",
                      check=Check(type="answer_final", values=["USD 12,000"], numbers=[12000.0], unit="USD"))
    return Task(id="exceed-deductions-deduction_cap", world_id="w", kind="exceed",
                instruction="Do the fee deductions before the cap exceed the annual deduction cap, and by how much?",
                needs=Needs(files=["Advice/Memo.docx"], facts=["deductions", "deduction_cap"]),
                reference=Reference(answer="USD 12,000", sql="select 1", expect=[[1.0]]),
                rubric=Rubric(criteria=[final]), solution=Solution(answer="Answer: USD 12,000"))


def test_a_figure_the_room_writes_as_another_facts_own_is_not_the_answer_written():
    room = ("Three quarters at USD 12,000 give fee deductions before the cap of USD 36,000; the annual deduction cap "
            "is USD 24,000.")
    assert grep_solvable(_exceed(), _world(room)) is None  # the deduction per quarter (it was refused before)


def test_the_gap_written_as_the_gap_or_as_a_fact_worked_from_the_pair_stays_a_lookup():
    said = "The fee deductions before the cap exceed the annual deduction cap by USD 12,000."
    assert grep_solvable(_exceed(), _world(said)) == "Advice/Memo.docx"
    # the same figure as a fact worked from the two (the amount in dispute) is the answer under another name
    disputed = _fact("in_dispute", "amount in dispute", "USD 12,000", 12000, "deductions - deduction_cap")
    named = "Fee deductions before the cap USD 36,000, annual deduction cap USD 24,000: amount in dispute USD 12,000."
    assert grep_solvable(_exceed(), _world(named, [f for f in FACTS if f.id != "deduction_per_quarter"] + [disputed])) \
        == "Advice/Memo.docx"


def test_a_gap_that_is_another_facts_figure_is_still_asked():
    from decimal import Decimal

    from worldsmith.environments.graph_tasks import Graph, another_figure
    from worldsmith.worlds.ledger import Quantity

    world = _world("")
    graph = Graph(world, {}, {f.id: Quantity("money", Decimal(f.value.amount), "USD", None) for f in FACTS})
    gap = Quantity("money", Decimal(12000), "USD", None)
    deductions, cap = world.facts["deductions"], world.facts["deduction_cap"]
    assert another_figure(graph, gap, deductions, cap)  # the deduction per quarter: exceed_task dropped it before
    alone = Graph(world, {}, {k: v for k, v in graph.quantities.items() if k != "deduction_per_quarter"})
    assert not another_figure(alone, gap, deductions, cap)
