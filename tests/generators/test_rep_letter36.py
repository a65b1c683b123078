"""Blind read 36 (us-saas audit): a representation letter opened 'We write to set out the management representation
of FY2025. Each figure is given below with how it is worked', gave a table of figures and sources and no working, and
asked the auditor for 'your response'. It gives the representations, on knowledge and enquiry, and asks for nothing;
no letter promises a working it does not give."""

from __future__ import annotations

from decimal import Decimal

from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money
from tests.generators.context_fixture import document_context, fact


def _text(doc) -> str:
    return "\n".join([s.heading for s in doc.sections] + [p for s in doc.sections for p in s.paragraphs])


def _adjusted():
    f = fact("closing", "The audited closing deferred revenue.", Money(amount=Decimal(51335000), currency="USD"))
    return f.model_copy(update={"label": "the audited closing deferred revenue",
                                "reason": "the opening deferred revenue plus the proposed adjustment"})


def test_a_representation_letter_gives_representations_and_asks_nothing():
    ctx = document_context("letter", 4, seed=4, facts=[_adjusted()])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Management representation letter - FY2025"})})
    text = _text(compose_document(ctx))
    assert "our representations for your audit of FY2025" in text, text
    assert "management representation of" not in text and "your response" not in text, text


def test_no_promise_of_a_working_the_letter_does_not_give():
    from worldsmith.generators.compose.substance.letters import _WORKING_PROMISE, _keep_promise_of_working

    ctx = document_context("letter", 4, seed=4, facts=[_adjusted()])
    bare = {0: [f"We write to set out the figures. {_WORKING_PROMISE}"], 1: ["The closing balance is USD 51,335,000."]}
    _keep_promise_of_working(ctx, bare)
    assert bare[0] == ["We write to set out the figures."], bare
    worked = {0: [f"We write to set out the figures. {_WORKING_PROMISE}"],
              1: ["The closing balance is USD 51,335,000, being the opening deferred revenue plus the proposed "
                  "adjustment."]}
    _keep_promise_of_working(ctx, worked)
    assert _WORKING_PROMISE in worked[0][0], worked
