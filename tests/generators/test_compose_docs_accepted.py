"""What a coverage or finance lawyer rejected on a blind read of documents (session 16, issue 17): a question
presented that lists the ledger's labels, and tables of figures in papers that never carry one. Hand-built contexts
whose names and figures are not the outlines'."""

from __future__ import annotations

import re

import pytest

from tests.generators.test_compose_docs_argued import _decision_memo, _period_memo
from worldsmith.generators.kinds.document.compose import compose_document


def _question(ctx) -> str:
    return " ".join(next(s for s in compose_document(ctx).sections if s.heading == "Question Presented").paragraphs)


@pytest.mark.parametrize("seed", range(3))
def test_advice_on_two_courses_asks_which_course_to_take(seed):
    # 'The questions are what the amount in dispute comes to and how it is computed, what the policyholder's claim
    # comes to and how it is computed and what the insurer's position comes to ...' over advice on appraisal
    # against settlement
    q = _question(_decision_memo(seed, "Advice on appraisal against settlement", "For the client's decision.",
                                 "Corvale offered USD 2,700,000 without prejudice."))
    assert "whether Corvale Bakeries Ltd should proceed to appraisal or settle" in q, q
    assert not re.search(r"comes to and how it is computed|is on the record", q), q


@pytest.mark.parametrize("seed", range(3))
def test_a_memo_on_one_input_argued_asks_which_value_holds(seed):
    q = _question(_period_memo(seed))
    assert "whether the period of restoration is 210 days, as Corvale Bakeries Ltd says, or 150 days, as Tallis Loss " \
           "Adjusting allows" in q, q
    assert not re.search(r"comes to and how it is computed|is on the record", q), q


def _figure_tables(ctx) -> list:
    return [s.heading for s in compose_document(ctx).sections
            if s.table is not None and ("Figure" in s.table.columns or "Source" in s.table.columns)]


@pytest.mark.parametrize("seed", range(4))
def test_minutes_carry_no_table_of_figures(seed):
    # 'Item | Figure | Source ... Date of the fire | January 18, 2026 | This paper' under a kick-off's Decisions: minutes
    # record who said what and what was decided; their attendees and actions stay tables
    from tests.generators.context_fixture import document_context

    doc = compose_document(document_context("minutes", 5, seed=seed))
    assert _figure_tables(document_context("minutes", 5, seed=seed)) == [], doc
    assert any(s.table is not None and "Owner" in s.table.columns for s in doc.sections) or \
        any(s.table is not None and "Name" in s.table.columns for s in doc.sections), doc


@pytest.mark.parametrize("seed", range(4))
def test_an_insurers_policy_form_carries_no_table_of_figures(seed):
    # a certified copy of the policy whose business interruption limit was 'sourced' to the policyholder's counsel's
    # minutes of a kick-off, in an 'Item | Figure | Source' table under the Definitions
    from tests.generators.context_fixture import document_context

    ctx = document_context("policy", 5, seed=seed)
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "title": "Certified copy of the Pellmore marine cargo policy"})})
    assert _figure_tables(ctx) == []
