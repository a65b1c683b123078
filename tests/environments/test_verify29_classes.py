"""The classes s25's blind red team found in the verifier (kit27a, kit27b): each read on a few lines, no world made."""

from __future__ import annotations

from decimal import Decimal as D
from types import SimpleNamespace

import pytest

from worldsmith.environments import forms, grade, side_checks
from worldsmith.environments.tasks import Check


def _money(fid: str, label: str, amount: str, formula: str | None = None):
    return SimpleNamespace(id=fid, label=label, formula=formula, earlier=[],
                           value=SimpleNamespace(type="money", amount=D(amount), currency="SGD"))


def _world(wid: str, *facts):
    return SimpleNamespace(world_id=wid, plan=SimpleNamespace(facts=list(facts), distractors=[]),
                           facts={f.id: f for f in facts})


def test_a_figures_own_name_holding_a_pay_word_pays_nothing(monkeypatch):
    # kit27a: 'The total claim stays at SGD 9.5 million' read 'claim' as a verb, the total claim (the side the cap beats)
    # as paid: three right memos at 0
    from worldsmith.environments import graph_tasks
    cap, total = _money("cap", "liability cap", "8400000"), _money("total", "total claim", "9500000")
    world = _world("verify29-claim", cap, total)
    monkeypatch.setattr(graph_tasks, "deciding_sides", lambda w: [(cap, total)])
    assert not grade.pays_a_figure_that_does_not_decide(world, "The total claim stays at SGD 9,500,000 (milestones "
                                                                "and costs).")
    assert grade.pays_a_figure_that_does_not_decide(world, "The client should recover SGD 9,500,000.")


def test_a_what_ifs_supposition_moves_the_fact_supposed_and_what_is_worked_from_it():
    # kit27b: a what-if memo's 'a valves value of USD 2,890,000' read against the ledger as it stands (a value it never
    # held): every right memo 0.71
    world = _world("verify29-moves", _money("valves", "valves value", "2410000"), _money("spares", "spares value", "455000"),
                   _money("tx", "transaction value", "2865000", "valves + spares"),
                   _money("penalty", "base penalty", "1432500", "tx * 0.5"))
    task = SimpleNamespace(instruction="write a memo answering: suppose the valves value were USD 2,890,000 instead of "
                                       "the figure the room gives. What would the base penalty be?")
    assert grade.supposition_moves(task, world) == {"valves", "tx", "penalty"}
    assert grade.supposition_moves(SimpleNamespace(instruction="What is the base penalty?"), world) == frozenset()


def test_a_result_after_the_supposed_input_called_hypothetical_is_no_what_if_stated_as_fact():
    # kit27b: 'Valves value (hypothetical) USD 2,890,000 plus ... At the base penalty rate of one-half, the base penalty is
    # USD 1,672,500.' scored 0; the result after a bare step ('would then be') still costs (attacks.what_if_as_fact)
    final = Check(type="file_final", values=["USD 1,672,500"], numbers=[1672500.0], unit="USD")
    task = SimpleNamespace(instruction="Suppose the valves value were USD 2,890,000 instead of the figure the room "
                                       "gives. What would the base penalty be?",
                           rubric=SimpleNamespace(criteria=[SimpleNamespace(check=final)]))
    assert not grade.what_if_as_fact(task, "Valves value (hypothetical) USD 2,890,000 plus spares USD 455,000 gives USD "
                                           "3,345,000. At a rate of 50%, the base penalty is USD 1,672,500.")
    assert grade.what_if_as_fact(task, "The transaction value would then be USD 3,345,000.\nThe base penalty is USD "
                                       "1,672,500.")


RESULT = Check(type="file_final", values=["SGD 6,720,000"], numbers=[6720000.0], unit="SGD", allowed=[9500000.0])


def test_a_gap_said_beside_the_result_is_no_rival_and_a_hedged_result_is_no_result():
    # kit27a: 'would be SGD 6,720,000, SGD 2,780,000 below the total claim' lost its result to the gap (a right memo);
    # 'would be possibly SGD 6,720,000, though this cannot be confirmed' beside the same figure as a step scored 1.0
    said = ("The total claim is SGD 9,500,000. The recoverable claim would be SGD 6,720,000, SGD 2,780,000 below the "
            "total claim.")
    assert grade._final(said, RESULT)
    assert not grade._final(said.replace("2,780,000", "2,880,000"), RESULT)  # a gap that does not compute
    hedged = ("1. The cap = 100% x SGD 6,720,000 = SGD 6,720,000.\n\nThe recoverable claim would be possibly SGD "
              "6,720,000, though this cannot be confirmed.")
    assert not grade._final(hedged, RESULT)


def test_a_memo_table_read_back_a_cell_a_line_has_no_step_numbers_for_amounts_nor_a_stray_date():
    # kit27a: a right memo with its block and working in tables (a Step column 1..8, '(4 + 5 + 6)') read back from its
    # .docx a cell a line: its step numbers were amounts the ledger does not hold, its own Date a stray date
    text = ("To\nMathew Evans\nDate\n21 May 2026\nStep\nItem\nAmount\n1\nContract price\nSGD 6,720,000\n2\nWasted "
            "costs\nSGD 1,150,000\n3\nTotal (1 + 2)\nSGD 7,870,000\n")
    kept = grade._without_row_numbers(text, "SGD")
    assert not grade.rivals(kept, None, None, "SGD", [100.0, 6720000.0, 1150000.0, 7870000.0])
    assert grade.rivals(text, None, None, "SGD", [100.0, 6720000.0, 1150000.0, 7870000.0])
    assert grade._without_row_numbers(text, "days") == text  # a count's own cell is its figure
    check = Check(type="texts_stray_date", values=["2026-04-10"], expect="2026-06-30")
    assert not side_checks.stray_date(text, check)
    assert side_checks.stray_date("The hearing was on 21 May 2026.", check)


def _field(kind: str, value: str) -> Check:
    return Check(type="answer_field", a_words=["Answer"], values=[value], expect=kind)


@pytest.mark.parametrize("line,right", [
    ("Answer: one-half", True), ("Answer: a half", True), ("Answer: one-half (50%)", True),
    ("Answer: one-half (40%)", False), ("Answer: one-quarter", False),
])
def test_a_rate_said_as_a_fraction_fills_its_field(line, right):
    # kit27b: 'Base penalty rate: one-half' for 50% scored 0.83 on two right forms
    assert forms.field_holds(line, _field("percent", "50%")) is right


@pytest.mark.parametrize("line,right", [
    ("Answer: USD 1.478 million", True), ("Answer: USD 1,478k", True),
    ("Answer: USD 1.48 million", False), ("Answer: USD 1,480,000", False),
])
def test_a_field_takes_the_figure_not_a_scale_words_rounding_of_it(line, right):
    # kit27b: 'USD 1.48 million' for USD 1,478,000 scored 1.0 where 'USD 1,480,000' scored 0.5
    assert forms.field_holds(line, _field("amount", "USD 1,478,000")) is right


def test_a_count_asked_in_days_is_given_in_days_or_in_exactly_as_many_weeks():
    # blind red team 34: '3 weeks' and 'three weeks' for 21 days where the task asks 'your final figure, in days'
    # scored 0.67, called right (kit27a had called '2 weeks' wrong); hours are no count of days, nor weeks that are
    # not exactly it. A duration in another unit stays right where the task names none (s24 blind: '5.5 days' for 132
    # hours)
    asked = "How many days after ...? (your final figure, in days)"
    check = _field("days", "14 days")
    for said in ("2 weeks", "two weeks", "14 days", "a fortnight"):
        assert forms.field_holds(f"Answer: {said}", check, None, asked), said
    for said in ("336 hours", "3 weeks", "2.5 weeks", "1 month", "half a month"):
        assert not forms.field_holds(f"Answer: {said}", check, None, asked), said
    assert not forms.field_holds("Answer: 3 weeks", _field("days", "20 days"), None, asked)
    assert forms.field_holds("Answer: 2 weeks", check, None, "How long after was that?")


@pytest.mark.parametrize("name,line,value,kind,right", [
    ("Apparent violations", "17 apparent violations (shipments)", "17 shipments", "number", True),  # no 'a pparent'
    ("Apparent violations", "17 per shipment", "17 shipments", "number", False),
    ("Liability cap percentage", "100", "100%", "percent", True),  # its name says it is a percentage
    ("Liability cap percentage", "90", "100%", "percent", False),
    ("Base penalty rate", "50", "50%", "percent", False),  # a rate's bare number may be anything
])
def test_a_fields_own_name_gives_the_unit_of_its_bare_or_counted_figure(name, line, value, kind, right):
    # kit27b: 'Apparent violations: 17 apparent violations (shipments)' read 'a' of 'apparent' as 'a' (per) 'pparent',
    # 0.95; kit27a: 'Liability cap percentage: 100' for 100%, 0.95
    check = Check(type="answer_field", a_words=[name], values=[value], expect=kind)
    assert forms.field_holds(f"{name}: {line}", check) is right


@pytest.mark.parametrize("text,said", [
    ("At the base penalty rate of one-half for a non-egregious case, the base penalty is USD 1,672,500.", True),
    ("The liability cap percentage is a quarter.", False),  # 25%, not 50%
    ("Half of the claim was paid.", False),  # no rate's name before it: no figure
])
def test_a_rate_said_as_a_fraction_in_prose_is_its_percent(text, said):
    # kit27b: a right memo's 'the base penalty rate of one-half' lost uses_vsd_base_percent (0.86)
    from worldsmith.environments import answers
    assert (answers.asserts(text, answers.Want("percent", number=D(50))).status == "asserted") is said


def test_an_input_under_its_own_label_in_a_memos_table_is_no_rival_result(monkeypatch):
    # kit27a: a right memo's table read back a cell a line ('Milestones paid' then 'S$6,300,000') had its inputs read
    # as rival results (0.67); the same figure under no label, or another figure under the label, still competes
    world = _world("verify29-rows", _money("paid", "milestones paid", "6300000"), _money("total", "total claim", "9500000"))
    monkeypatch.setattr(grade, "_WORLD_NOW", [world])
    rows = "Item\nAmount\nMilestones paid\nS$6,300,000\nRecoverable claim under the cap\nS$6,720,000\n"
    assert grade._final(rows, RESULT)
    assert not grade._final(rows.replace("Milestones paid\n", "Figure\n"), RESULT)
    assert not grade._final(rows.replace("6,300,000", "6,400,000"), RESULT)
