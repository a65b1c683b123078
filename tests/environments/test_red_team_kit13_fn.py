"""The false negatives a blind red team found in the verifier (kit 13: a business-interruption claim never seen here,
105 right answers): right answers written as professionals write them that lost marks, each beside its wrong twin,
which must still cost. Read with the parser and the checks alone, on made-up labels and a made-up ledger."""

from __future__ import annotations

import tempfile
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace as NS

import pytest

from worldsmith.environments import answers
from worldsmith.environments.grade import _RETRACT, misstated, want_of
from worldsmith.environments.tasks import Check


def test_a_paper_that_was_withdrawn_is_no_retraction():
    # kit13: 'It assumed the store was available from April 12; it was withdrawn when the store's lease date was shown
    # to be April 26' (of the adjuster's first estimate) scored 0 on four right reconcile answers
    for right in ("It assumed the store was available from April 12; it was withdrawn when its lease date was shown.",
                  "The 84 days was the first estimate, a figure that was withdrawn on April 17."):
        assert not _RETRACT.search(right), right
    for wrong in ("Answer: 14 days. This answer is withdrawn.", "The above is withdrawn.", "I withdraw the figure.",
                  "On reflection, please disregard the above.", "That is hereby withdrawn."):
        assert _RETRACT.search(wrong), wrong


def _status(text: str, figure: str = "84 days", number: float = 84.0) -> str:
    return answers.asserts(answers.parse(text), want_of(figure, number, "days")).status


@pytest.mark.parametrize("right, wrong", [
    # a superseded figure named so after a comma
    ("Other figure: 84 days, the superseded first estimate in Sable's preliminary view of April 10, 2026.",
     "Other figure: 84 days, the figure that governs now."),
    # a bracket on the paper's day that calls the figure superseded, the unit between
    ("The other figure is 84 days, from the Sable Claims Services preliminary view of April 10, 2026 (the superseded "
     "first estimate).",
     "The other figure is 84 days, from the Sable Claims Services preliminary view of April 10, 2026 (the figure that "
     "governs)."),
    # a sentence that opens on its verb before a colon
    ("The only other figure, 84 days (Sable's first estimate of April 10, 2026), was withdrawn: it assumed the store "
     "could be used from April 12.",
     "The only other figure, 84 days (Sable's first estimate of April 10, 2026), still governs: it assumed the store "
     "could be used from April 12."),
])
def test_a_superseded_figure_said_so_otherwise_is_not_relied_on(right, wrong):
    assert _status(right) == "superseded_mention", right
    assert _status(wrong) == "asserted", wrong


def test_an_appositive_with_a_figure_of_its_own_sets_nothing_aside():
    # 'the earlier figure being 84 days' names the other figure: the first is not set aside
    assert _status("The period is 98 days, the earlier figure being 84 days.", "98 days", 98.0) == "asserted"


WAITING = Check(type="answer_misstated", values=["3 days"], numbers=[3.0], unit="days", a_words=["waiting period"],
                b_words=["agreed period of restoration"], allowed=[118.0, 142.0])


@pytest.mark.parametrize("right", [
    "USD 4,897,000, being USD 41,500 times the agreed period of restoration of 121 days less the 3-day waiting period "
    "(118 days).",
    "USD 41,500 x (agreed period of restoration 121 days less 3-day waiting period = 118 days).",
    "Days after waiting period | 142",
])
def test_a_step_of_working_beside_an_inputs_label_is_no_misstatement(right):
    # kit13: right replies lost 0.57 to misstates_waiting_days for '(118 days)' (agreed days less the waiting days)
    assert not misstated(right, WAITING), right


@pytest.mark.parametrize("wrong", [
    "The waiting period is 118 days.",
    "The waiting period (117 days) comes off the agreed period.",  # no step of the ledger's
    "Waiting period | 142",
])
def test_an_inputs_label_given_another_figure_still_costs(wrong):
    assert misstated(wrong, WAITING), wrong
    assert misstated(wrong.replace("118", "117").replace("142", "141"),
                     WAITING.model_copy(update={"allowed": []})), wrong


def test_the_move_of_a_rate_given_per_its_unit_is_no_sum_per_a_unit():
    # kit13: 'The figure fell by USD 2,700 a day' (lost gross profit per day USD 44,200 -> USD 41,500) scored 0
    from worldsmith.environments.grade import per_misplaced

    rate = NS(id="gp_day", label="lost gross profit per day", value=NS(type="money", amount=Decimal("41500")))
    loss = NS(id="bi_loss", label="business interruption loss", value=NS(type="money", amount=Decimal("4897000")))
    world = NS(world_id="kit13-fn-rate", plan=NS(facts=[rate, loss], distractors=[
        NS(fact="gp_day", value=NS(amount=Decimal("44200")))]))
    task = NS(id="reconcile-gp_day", instruction="Which figure governs?",
              solution=NS(answer="Moved by USD 2,700.\nAnswer: USD 2,700"),
              rubric=NS(criteria=[], negative_criteria=[]))
    assert not per_misplaced(task, world, "The figure fell by USD 2,700 a day.")
    assert per_misplaced(task, world, "The loss is USD 4,897,000 a day.")


def _graph(written: dict[str, int]):
    return NS(_told_index=(written, {}, {}))


def test_a_figure_only_one_fact_has_is_told_without_its_full_label():
    # kit13: the weekly note's 'Your period of restoration is set at 146 days' (label: the policyholder's period of
    # restoration); kit12: the attached advice's 'GBP 38.50 per sq ft on 42,800 sq ft' (the net internal area)
    from worldsmith.environments.graph_tasks import tells

    days = NS(id="insured_days", label="policyholder's period of restoration", text="146 days",
              value=NS(type="number"))
    area = NS(id="area", label="net internal area", text="42,800 sq ft", value=NS(type="number"))
    wait = NS(id="waiting_days", label="waiting period", text="3 days", value=NS(type="number"))
    g = _graph({"146 days": 1, "42,800 sq ft": 1, "3 days": 1})
    assert tells(g, "- Your period of restoration is set at 146 days, as of March 6.", days)
    assert tells(g, "The landlord proposes GBP 38.50 per sq ft on 42,800 sq ft.", area)
    assert not tells(g, "The landlord proposes GBP 38.50 per sq ft on 142,800 sq ft.", area)
    # a short figure, or one another fact shares, is told only beside its label
    assert not tells(g, "We will come back to you within 3 days.", wait)
    assert tells(g, "The waiting period is 3 days.", wait)
    assert not tells(_graph({"146 days": 2}), "Your period of restoration is set at 146 days.", days)


def test_a_percent_typed_in_a_sheet_is_the_rate_a_spreadsheet_holds():
    # kit11: 'Order Form discount,30%' then '=B7*(1-B8)': the formula came to nothing and the right sheet scored 0.23
    from worldsmith.environments.deliverables import text_of, xlsx_from_csv

    path = Path(tempfile.mkdtemp()) / "s.xlsx"
    path.write_bytes(xlsx_from_csv("Item,Figure\nList price,1450\nDiscount,30%\nContract rate,=B2*(1-B3)\n"))
    text = text_of(path)
    assert "Contract rate | 1015" in text.replace("1014.9999999999999", "1015"), text
    rate = Check(type="answer_misstated", values=["30%"], numbers=[30.0], unit="%", a_words=["discount"],
                 b_words=["list price"])
    assert not misstated("Discount | 0.3", rate)
    assert misstated("Discount | 0.25", rate)


def test_a_rate_the_reference_memo_works_out_is_a_rate_per_its_unit():
    # verify25 (lift-maintenance, a what-if memo): '20% x $72,000 = $14,400 a quarter' scored 0, the recomputed
    # deduction per quarter read as a known sum given per a unit; the memo task's key is in its reference, not its answer
    from worldsmith.environments.grade import per_misplaced

    rate = NS(id="per_q", label="deduction per quarter", value=NS(type="money", amount=Decimal("12000")))
    world = NS(world_id="verify25-memo-rate", plan=NS(facts=[rate], distractors=[]))
    task = NS(id="memo-per_q", instruction="Write a memo.", solution=NS(answer=None),
              reference=NS(answer="The deduction per quarter would then be USD 14,400.\nThe deductions would be USD 43,200."),
              rubric=NS(criteria=[], negative_criteria=[]))
    assert not per_misplaced(task, world, "20% x $72,000 = $14,400 a quarter.")
    assert per_misplaced(task, world, "The deductions come to $43,200 a quarter.")
