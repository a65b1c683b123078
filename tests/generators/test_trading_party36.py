"""Blind read 36 (us-saas audit, the audit committee minutes): 'Agreed that our next letter to Halvorsen Freight
Systems, Inc. puts the overall materiality at USD 1,114,500'. Halvorsen was 'a Nimbusgate customer; counterparty to
the October 2025 contract amendment': the client's trading partner is a third party to the audit, never its other
side; a party the outline names as opposing still is, whatever it trades."""

from __future__ import annotations

import pytest

from worldsmith.generators.compose.parties import opponent
from worldsmith.generators.context import OrgRef
from tests.generators.context_fixture import document_context


def _ctx(third_role: str):
    """Minutes written by the audit client, with its auditor and a third organisation of the given role."""
    ctx = document_context("minutes")
    author = ctx.author.model_copy(update={"organisation": "Nimbusgate Software, Inc."})
    orgs = [OrgRef(name="Thornbury Kessler LLP", role="independent auditor of Nimbusgate Software, Inc.",
                   engaged_by="Nimbusgate Software, Inc.", privileged=True),
            OrgRef(name="Nimbusgate Software, Inc.", role="audit client; a B2B SaaS company", privileged=True),
            OrgRef(name="Halvorsen Freight Systems, Inc.", role=third_role)]
    return ctx.model_copy(update={"organisations": orgs, "author": author, "to": [], "cc": []})


@pytest.mark.parametrize("role", ["a Nimbusgate customer; counterparty to the October 2025 contract amendment",
                                  "a customer of Nimbusgate under its subscription terms"])
def test_the_clients_customer_is_no_other_side(role):
    assert opponent(_ctx(role)) != "Halvorsen Freight Systems, Inc."


def test_an_opposing_customer_stays_the_other_side():
    assert opponent(_ctx("opposing party; a Nimbusgate customer claiming a refund")) == \
        "Halvorsen Freight Systems, Inc."
