"""Blind read 29: a company's own paper for its board on 'appeal or settle' was written as an audit report ('We
reviewed <the company>'s own records'), never weighed the appeal against the settlement ('adopt the amount payable
... as its working figure') and had the CFO say 'the client should give instructions' of his own company. Composed
on the context fixture (no fixture of the repository has a company's own paper on two courses without a rival figure)."""

from __future__ import annotations

import re
from decimal import Decimal

from tests.generators.context_fixture import RUTH, document_context, fact
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money, Text


def _facts():
    stake = fact("amount_in_dispute", "The amount in dispute after the first-instance decision is USD 33,456,000: tax "
                 "USD 16,320,000 + fine USD 12,240,000 + interest USD 4,896,000.",
                 Money(amount=Decimal("33456000"), currency="USD"))
    saving = fact("saving", "The settlement programme would remove 50% of the fine and interest: USD 8,568,000.",
                  Money(amount=Decimal("8568000"), currency="USD"))
    cost = fact("settlement_amount", "Settling under the programme would cost USD 33,456,000 - USD 8,568,000 = "
                "USD 24,888,000, and end the dispute.", Money(amount=Decimal("24888000"), currency="USD"))
    rating = fact("loss_rating", "Counsel rate the risk of loss on the assessment as possible, not probable.",
                  Text(value="possible"))
    labels = {"amount_in_dispute": "the amount in dispute", "saving": "the programme saving",
              "settlement_amount": "the amount payable under the programme", "loss_rating": "the probability of loss"}
    reasons = {"settlement_amount": "the amount in dispute less the programme saving"}
    return [f.model_copy(update={"label": labels[f.id], "reason": reasons.get(f.id, ""), "establish": True})
            for f in (stake, saving, cost, rating)]


def test_a_companys_own_board_paper_weighs_appeal_against_settlement_on_its_figures_and_rating():
    seen = 0
    for sections, seed in [(5, 1), (6, 2), (7, 3)]:
        ctx = document_context("report", sections=sections, seed=seed, facts=_facts())
        ctx = ctx.model_copy(update={"author": RUTH, "to": [RUTH.model_copy(update={
            "id": "gc_1", "name": "Ana Lopes", "first_name": "Ana", "last_name": "Lopes", "title": "General Counsel"})],
            "spec": ctx.spec.model_copy(update={"title": "Board paper: the tax assessment, appeal or settle",
                                                "purpose": "Management's paper for the board on the two courses."})})
        text = "\n".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
        assert "the client" not in text and "working figure" not in text, text
        assert not re.search(r"We reviewed .*own records", text), text
        if "We recommend Option" not in text:
            continue
        seen += 1
        appeal = re.search(r"Option [AB], appeal: [^\n]*?(?=Option [AB],|$)", text).group(0)
        settle = re.search(r"Option [AB], settle: [^\n]*?(?=We recommend|Option [AB],|$)", text).group(0)
        assert "USD 33,456,000" in appeal and "USD 24,888,000" in settle, (appeal, settle)
        assert re.search(r"We recommend Option [AB]: that Corvale Shipping Ltd proceed to appeal, since the "
                         r"probability of loss is rated possible, not probable", text), text
    assert seen, "no paper weighed the courses"


def _rated(doc_type: str, title: str, author=None, sections: int = 6) -> str:
    facts = [f for f in _facts() if f.id in ("amount_in_dispute", "loss_rating")]
    ctx = document_context(doc_type, sections=sections, seed=4, facts=facts)
    ctx = ctx.model_copy(update={**({"author": author} if author is not None else {}),
                                 "spec": ctx.spec.model_copy(update={"title": title})})
    return "\n".join(p for s in compose_document(ctx).sections for p in s.paragraphs)


def test_counsels_opinion_and_the_auditors_review_conclude_on_the_loss_rating():
    # blind read 29: a parecer on an appeal's prospects recommended its client 'adopt the goodwill ... as its working
    # figure' after options that asked whether to 'proceed now on the footing' of a figure; an auditor's review memo
    # recommended that its client file an appeal filed a month before
    text = _rated("memo", "Opinion: the assessment and the prospects of the appeal")
    assert "In our opinion the probability of loss is possible, not probable: on that rating the amount in dispute of " \
           "USD 33,456,000 is disclosed as a contingent liability and not provided for." in text, text
    assert "working figure" not in text and "proceed now" not in text, text
    # (an auditor's review concludes on the same rating, shown on the seen outline: the context fixture plans no
    # conclusion for a report with no client)
    text = "\n".join(_rated("report", "Audit review memo: tax contingencies", RUTH.model_copy(update={"title": "Audit "
                                                                                                     "Manager"}), n)
                     for n in (6, 7, 8))
    assert not re.search(r"We recommend that .* (appeal|settle)|working figure", text), text


def test_a_companys_own_note_gives_the_sum_the_treatment_its_rating_calls_for():
    # blind read 29's seen tax outline at seed 317: the controller's draft contingent liabilities note closed 'We
    # recommend that <the company> adopt the amount in dispute ... as its working figure'
    facts = [f for f in _facts() if f.id in ("amount_in_dispute", "loss_rating")]
    ctx = document_context("memo", sections=6, seed=4, facts=facts)
    ctx = ctx.model_copy(update={"author": RUTH, "voice": ctx.voice.model_copy(update={"family": "finance"}),
                                 "spec": ctx.spec.model_copy(update={"title": "Contingent liabilities note: draft"})})
    text = "\n".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "On the probability of loss of possible, the amount in dispute of USD 33,456,000 is disclosed as a " \
           "contingent liability and not provided for." in text, text
    assert "working figure" not in text, text
