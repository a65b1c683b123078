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


def _minutes_text(ctx) -> str:
    doc = compose_document(ctx)
    rows = [" | ".join(r) for s in doc.sections if s.table is not None for r in s.table.rows]
    return "\n".join([p for s in doc.sections for p in s.paragraphs] + rows)


@pytest.mark.parametrize("seed", range(3))
def test_minutes_of_a_meeting_called_to_choose_between_two_routes_record_the_choice(seed):
    # 'Board call on waiver or cure' recorded no choice, only 'Agreed that our next letter to Northbank puts the
    # waiver fee at USD 450,000' (the lender's own fee, put back to the lender)
    from tests.generators.context_fixture import document_context
    from tests.generators.test_compose_weigh import _facts

    ctx = document_context("minutes", 5, seed=seed, facts=[f for f in _facts() if f.id in ("cure_amount", "waiver_fee")])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "title": "Minutes: Board call on waiver or cure, August 24",
        "purpose": "The board decides to take the equity cure rather than the waiver."})})
    text = _minutes_text(ctx)
    assert re.search(r"Resolved that [\w .]+ takes the cure \((?:the )?equity cure amount of USD 9,000,000\) rather than the "
                     r"waiver \((?:the )?waiver fee of USD 450,000\)", text), text
    assert "puts the waiver fee at" not in text, text
    assert re.search(r"written notice that [\w .]+ takes the cure", text), text


@pytest.mark.parametrize("seed", range(3))
def test_minutes_with_the_other_side_present_record_a_settled_figure_as_agreed_between_the_parties(seed):
    # the settlement meeting with the insurer, its counsel and its adjuster in the room: 'Agreed that our next letter
    # to Northgate puts the settlement amount at ...'
    from tests.generators.context_fixture import DANA, SAM, document_context, person
    from tests.generators.test_compose_docs_argued import _ORGS, _money
    from tests.generators.context_fixture import fact
    from worldsmith.generators.context import InputRef

    settled = fact("settled", "The parties settled at USD 2,700,000.", _money(2700000)).model_copy(update={
        "label": "the settlement amount", "reason": "the settled loss plus the extra expense",
        "inputs": [InputRef(label="the settled loss", text="USD 2,450,000"),
                   InputRef(label="the extra expense", text="USD 250,000")]})
    insurer = person("claims_1", "Tova", "Marsh", "Claims Manager", "Pellmore Assurance", "pellmore.example",
                     "+1 202 555 0190")
    client = person("cfo_2", "Ines", "Calloway", "Chief Financial Officer", "Corvale Bakeries Ltd", "corvale.example",
                    "+1 202 555 0191")
    ctx = document_context("minutes", 4, seed=seed, facts=[settled])
    ctx = ctx.model_copy(update={"organisations": _ORGS, "author": DANA, "to": [SAM, client, insurer],
                                 "spec": ctx.spec.model_copy(update={
                                     "title": "Settlement meeting with Pellmore",
                                     "purpose": "The parties meet to settle instead of going to appraisal."})})
    text = _minutes_text(ctx)
    assert "Agreed between the parties: the settlement amount of USD 2,700,000" in text, text
    assert "our next letter to" not in text, text


_CREDIT_ORGS = None


def _credit_extract(seed: int, title: str, purpose: str, said_cure: str):
    from decimal import Decimal

    from tests.generators.context_fixture import document_context, fact, person
    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Money, Number

    orgs = [OrgRef(name="Tamsin Oake LLP", role="finance counsel to Brackley Foods Inc. (the borrower)",
                   privileged=True, acts_for="Brackley Foods Inc."),
            OrgRef(name="Brackley Foods Inc.", role="client; the borrower under the term loan", privileged=True),
            OrgRef(name="Pelham Trust Bank", role="opposing party; administrative agent for the lenders")]
    loan = fact("loan", "Brackley's term loan under the credit agreement of May 2, 2023 with Pelham Trust Bank as "
                "administrative agent is USD 240,000,000.", Money(amount=Decimal("240000000"), currency="USD")
                ).model_copy(update={"label": "term loan commitment"})
    cap = fact("cap", "Section 6.12 of the credit agreement requires the total net leverage ratio, tested at the end "
               "of each fiscal quarter, not to exceed 4.25 to 1.00. " + said_cure,
               Number(value=Decimal("4.25"), unit="x")).model_copy(update={"label": "maximum total net leverage ratio"})
    author = person("paralegal_1", "Noor", "Haddad", "Paralegal", "Tamsin Oake LLP", "tamsinoake.example",
                    "+1 202 555 0133")
    cfo = person("cfo_9", "Levi", "Brandt", "Chief Financial Officer", "Brackley Foods Inc.", "brackley.example",
                 "+1 202 555 0134")
    agent = person("agent_9", "Opal", "Kerr", "Director", "Pelham Trust Bank", "pelhamtrust.example", "+1 202 555 0135")
    ctx = document_context("agreement", 5, seed=seed, facts=[loan, cap])
    return ctx.model_copy(update={"organisations": orgs, "author": author, "to": [cfo, agent],
                                  "spec": ctx.spec.model_copy(update={"title": title, "purpose": purpose})})


@pytest.mark.parametrize("seed", range(3))
def test_a_credit_agreement_extract_sets_out_the_sections_its_title_cites(seed):
    # 'Credit agreement extract: financial covenant and equity cure (sections 1.01, 7.11, 8.04)' held '1.
    # Confidentiality', '1.2 Quillfield's term loan ... is USD 180,000,000' and called the borrower 'the Client'
    ctx = _credit_extract(seed, "Credit agreement extract: leverage covenant and cure right (sections 1.01, 6.12, 9.03)",
                          "The definitions, the leverage covenant and the cure right, as in the agreement.",
                          "Under section 9.03 the sponsor may cure with an equity contribution applied to prepay the "
                          "loan within ten business days.")
    doc = compose_document(ctx)
    heads = [s.heading for s in doc.sections]
    text = "\n".join(p for s in doc.sections for p in s.paragraphs)
    assert heads[2:5] == ["Section 1.01. Defined Terms", "Section 6.12. Financial Covenant",
                          "Section 9.03. Right to Cure"], heads
    assert '"Consolidated EBITDA" means' in text and '"Total Net Debt" means' in text, text
    assert "Term Loan Commitments of all Lenders, in aggregate: USD 240,000,000" in text, text
    assert "term loans in an aggregate principal amount of USD 240,000,000" in text, text
    assert "shall not permit the Total Net Leverage Ratio, as of the last day of any fiscal quarter, to exceed 4.25x" \
        in text, text
    assert "fails to comply with Section 6.12" in text and "prepay the Term Loans" in text, text
    assert "until the tenth Business Day" in text, text
    assert "Brackley Foods Inc., as Borrower" in text and "Pelham Trust Bank, as Administrative Agent" in text, text
    assert "Confidentiality" not in " ".join(heads) and "(Client)" not in text, (heads, text)
    assert "Brackley's term loan" not in text, text


def test_a_cure_the_record_does_not_describe_is_neither_made_up_nor_timed():
    # the extract sees only its own facts: how a cure counts and its period are the record's, else the Credit
    # Agreement's own terms (never 'the tenth Business Day' against a ledger's fifteen)
    ctx = _credit_extract(0, "Credit agreement extract (sections 1.01, 6.12, 9.03)",
                          "The definitions, the leverage covenant and the cure right.",
                          "Under section 9.03 the sponsor may cure with an equity contribution.")
    text = "\n".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "either be applied to prepay the Term Loans or, for the purpose of determining compliance with the " \
           "covenant only, be deemed to increase Consolidated EBITDA" in text, text
    assert "during the Cure Period" in text and "Business Day" not in text, text
    ctx = _credit_extract(0, "Credit agreement extract (sections 1.01, 6.12, 9.03)",
                          "The definitions, the leverage covenant and the cure right.",
                          "Under section 9.03 a cure contribution is added to Consolidated EBITDA for the quarter.")
    text = "\n".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "deemed to increase Consolidated EBITDA" in text and "prepay the Term Loans" not in text, text


@pytest.mark.parametrize("seed", range(4))
def test_a_sheet_of_bare_figures_has_no_empty_columns(seed):
    # 'DRAFT - gross profit per day, first cut': two figures in an Item | Category | Date | Amount | Notes | Quantity
    # grid whose Category, Date and Notes held nothing
    from decimal import Decimal

    from tests.generators.context_fixture import fact, sheet_context
    from worldsmith.generators.kinds.spreadsheet.compose import compose_sheet
    from worldsmith.worlds.values import Money, Number

    daily = fact("daily", "The lost margin is USD 27,300 a day.", Money(amount=Decimal("27300"), currency="USD")
                 ).model_copy(update={"label": "the lost margin per day"})
    wait = fact("wait", "The deductible period is 5 days.", Number(value=Decimal("5"), unit="days")
                ).model_copy(update={"label": "the deductible period"})
    sheet = compose_sheet(sheet_context("Lost margin per day, first cut", rows=6, seed=seed, facts=[daily, wait]))
    empty = [c.name for i, c in enumerate(sheet.columns) if all(r[i] is None for r in sheet.rows)]
    assert empty == [], (empty, [c.name for c in sheet.columns], sheet.rows)
    assert len(sheet.rows) == 2 and 27300 in [v for r in sheet.rows for v in r], sheet.rows


@pytest.mark.parametrize("seed", range(6))
def test_minutes_never_point_at_a_note_for_a_section_where_nothing_was_said(seed, monkeypatch):
    # a kick-off's 'Risks Raised: See Jacob Walters's note of January 26, 2026' (no such note in the room): a section
    # whose stock sentences are all spent in a room of many minutes
    from tests.generators.context_fixture import document_context
    from worldsmith.generators.compose.genres import Writer

    spent = Writer.sentences
    monkeypatch.setattr(Writer, "sentences", lambda self, kind, n=0, k=3: [] if kind in ("risks", "discussion",
                                                                                         "matters") else
                        spent(self, kind, n, k))
    ctx = document_context("minutes", 6, seed=seed, facts=[])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Claim kick-off"})})
    text = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert not re.search(r"\bSee [A-Z][\w .'-]+'s? note of\b", text), text
