"""Wordings an unseen outline (a recall-cost recovery) garbled: a letter titled by its sender, a share whose label
names its base."""

from __future__ import annotations

import re

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


def test_the_first_message_to_the_other_side_writes_for_the_client_and_keeps_our_musings_in_house():
    # read 11: our partner to opposing counsel, 'I've been working through the total claim ... want to share where I
    # landed. The demand decision: demand the full claim ... Worth checking against a without-prejudice basis. Mark it
    # up by Tuesday if needed.'
    from tests.generators.context_fixture import CAP, DANA, email_context, fact, person
    from worldsmith.generators.context import OrgRef
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.worlds.values import Text

    other = person("oc_1", "David", "Wood", "Partner", "Pellham Rusk LLP", "pellhamrusk.example", "+1 612 555 0100")
    decided = fact("demand_decision", "The client's General Counsel decided to demand the full claim",
                   Text(value="demand the full claim"))
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True),
            OrgRef(name="Pellham Rusk LLP", role="counsel to the opposing party")]
    for seed in range(12):
        ctx = email_context("new", seed=seed, facts=[decided, CAP], to=[other])
        body = compose_email(ctx.model_copy(update={"organisations": orgs, "author": DANA})).body
        assert "our client has decided to demand the full claim." in body.lower(), body
        assert not re.search(r"where I landed|Mark it up|without-prejudice basis|the demand decision", body), body
        assert re.search(r"^We (?:write|set out)|^Further to|^Following", body, re.M), body
