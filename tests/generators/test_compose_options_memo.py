"""An options memo weighs its options (blind read 30: 'the options memo compares no options'): a memo whose title
names options, in English or the matter's language, has an Options section with at least two lettered courses, and its
recommendation names one of them, however few sections the outline gives it."""

from __future__ import annotations

from decimal import Decimal

from worldsmith.generators.kinds.document.compose import compose_document, names_options
from worldsmith.worlds.values import Money
from tests.generators.context_fixture import document_context, fact


def _memo(title: str, seed: int = 0):
    demand = fact("demand", "The authority proposes USD 410,000 of duties.", Money(amount=Decimal(410000),
                                                                                     currency="USD"))
    ours = fact("ours", "The recomputed duties on the corrected base are USD 162,500.", Money(
        amount=Decimal(162500), currency="USD"))
    ctx = document_context("memo", 5, seed=seed, facts=[demand, ours])
    return ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title})})


def test_a_memo_titled_for_options_weighs_two_or_more_and_recommends_one():
    # (one composition each: the suite is over its time budget)
    for title, seed in (("Memorandum - opciones frente a la liquidación", 0), ("Options memo: the duties proposed", 1)):
        doc = compose_document(_memo(title, seed))
        by = {s.heading: " ".join(s.paragraphs) for s in doc.sections}
        assert "Options" in by, (title, list(by))
        assert by["Options"].count("Option ") >= 2, by["Options"]
        heads = [s.heading for s in doc.sections]
        assert heads.index("Options") < next(i for i, h in enumerate(heads) if "Recommendation" in h), heads
    assert not names_options("Stock option plan") and not names_options("Memo on the claim")
