"""A non-binding offer for a business says it does not bind, how the price is funded and what exclusivity it asks for:
blind read 35's NBO carried a litigation 'Reservation of Rights' ('We reserve all our rights. Nothing in this letter is
an admission') and covered neither financing nor exclusivity. Composed on the context fixture, no world planned."""

from __future__ import annotations

from tests.generators.context_fixture import document_context
from worldsmith.generators.kinds.document.compose import compose_document


def test_a_non_binding_offer_states_it_binds_no_one_its_financing_and_exclusivity():
    # (fails before: a 'Non-binding offer' title was no offer to the letter genre, so it reserved rights)
    ctx = document_context("letter", 6, seed=8)
    for seed in (8, 9, 10):
        title = "Non-binding offer: Corvale Shipping Ltd"
        offer = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title, "id": f"nbo_{seed}"})})
        doc = compose_document(offer)
        prose = " ".join(p for s in doc.sections for p in s.paragraphs)
        assert "We reserve all our rights" not in prose and "Nothing in this letter is an admission" not in prose
        assert any(s.heading == "Conditions of the Offer" for s in doc.sections), [s.heading for s in doc.sections]
        assert "non-binding and subject to contract" in prose and "Financing:" in prose and "Exclusivity:" in prose
