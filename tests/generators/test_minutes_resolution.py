"""A board's or committee's minutes record its decision as its own resolution (blind read 29: listed-company board
minutes in which the general counsel 'confirmed' the company's decision to appeal). Composed from a context."""

from __future__ import annotations

from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Text
from tests.generators.context_fixture import CAP, document_context, fact

_APPEAL = fact("appeal_decision", "On 5 March 2025 the board decided to appeal the assessment rather than settle, "
               "because the deduction is sound in law.", Text(value="appeal the assessment"))


def _text(title: str) -> str:
    ctx = document_context("minutes", 4, seed=5, facts=[_APPEAL, CAP])
    doc = compose_document(ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title})}))
    return "\n".join(p for s in doc.sections for p in [s.heading, *s.paragraphs])


def test_a_boards_minutes_record_its_decision_as_the_boards_resolution_not_an_officers_confirmation():
    for title, body in (("Minutes of the Board of Directors meeting of 5 March 2025", "The Board of Directors"),
                        ("Claims committee meeting: the assessment", "The claims committee")):
        text = _text(title)
        assert f"{body} resolved to appeal the assessment." in text, text
        assert "confirmed" not in text or "decision to appeal" not in text, text
    # a meeting of no such body keeps its record of who confirmed the decision
    assert "resolved to" not in _text("Call with the client on the assessment")
