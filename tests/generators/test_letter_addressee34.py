"""Blind read 34 (br-icms-tax-appeal, a letter to the auditors): counsel's letter addressed to a third party, the client
only among its readers, came out as an engagement letter to the client ("We write to Serra Azul ... About contingency
assessment", "Scope of Our Work", "sign and return a copy of this letter to confirm that it reflects your
instructions"). A letter is to the client when it is addressed to the client, not when the client is copied."""

from __future__ import annotations

from tests.generators.planned import planned


def _text(readers: list[str]) -> tuple[list[str], str]:
    from worldsmith.generators.context import build_context
    from worldsmith.generators.kinds.document.compose import compose_document

    plan, taxonomy = planned("bi-claim", 0)
    spec = next(a for a in plan.artifacts if a.id == "letter_demanding_appraisal_under")
    spec.cites, spec.readers = [], readers
    doc = compose_document(build_context(plan, taxonomy, spec, {}))
    return [s.heading for s in doc.sections], "\n".join(p for s in doc.sections for p in s.paragraphs)


def test_a_letter_copied_to_the_client_is_no_letter_to_the_client():
    # counsel for Calder writes to the forensic accountants, Calder's CFO a reader
    heads, text = _text(["forensic_partner", "cfo"])
    assert "sign and return" not in text and "Scope of Our Work" not in heads, (heads, text)
    assert "We write to Calder" not in text, text


def test_a_letter_to_the_client_says_you():
    heads, text = _text(["cfo", "forensic_partner"])
    assert "We write to Calder" not in text and ". About " not in text, text
