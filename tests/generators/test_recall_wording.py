"""Wordings an unseen outline (a recall-cost recovery) garbled: a letter titled by its sender, a share whose label
names its base."""

from __future__ import annotations

from tests.generators.context_fixture import document_context
from worldsmith.generators.compose.substance.letters import letter_purpose
from worldsmith.generators.context import _share_of


def test_a_letter_titled_with_its_sender_does_what_its_gerund_says():
    ctx = document_context("letter")
    spec = ctx.spec.model_copy(update={"title": "Letter from Pellham Rusk responding to the demand of April 29, 2026"})
    said = letter_purpose(ctx.model_copy(update={"spec": spec}))
    assert said == "to respond to the demand of April 29, 2026"  # was 'to set out the from Pellham Rusk responding ...'


def test_a_share_whose_label_names_its_base_is_not_given_it_twice():
    assert _share_of("cap percentage of Annual Contract Value", "Annual Contract Value") == \
        "cap percentage of Annual Contract Value"
    assert _share_of("the fault share", "the total claims") == "the fault share of the total claims"
