"""Blind read 30: an authority's paper written as a party's letter (a tax authority's oficio 'under the contract between
the parties, acting fairly between them'; a labour administration's observations to the employer's lawyer, observing
nothing and reserving its rights), and contracts of a matter in arbitration sent to the locale's default court. Composed
on the context fixture: an authority that oversees the client, no world planned."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from tests.generators.context_fixture import DANA, RUTH, document_context, fact, person
from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.generators.sides import public_body
from worldsmith.worlds.values import DateValue, Money

INSPECTOR = person("inspector_1", "Claire", "Morand", "Labour inspector", "Regional Labour Office", "rlo.example",
                   "+33 1 55 00 01 23")


def test_an_authority_that_oversees_a_party_is_a_public_body_and_a_mediator_between_them_is_not():
    # (the roles of read 30's unseen outlines, in other words: the class, not their phrases)
    assert public_body("the labour administration that follows the procedure and approves the plan")
    assert public_body("the customs audit office conducting the desk audit; the tax authority on the other side")
    assert public_body("regulator receiving the voluntary self-disclosure")
    assert not public_body("the taxpayer ombudsman's office, the mediator between the company and the authority")
    assert not public_body("tax counsel to the company on the audit by the tax authority")
    assert not public_body("client; manufacturer under audit")


def _observations(facts, purpose: str):
    ctx = document_context("letter", 3, seed=5, facts=facts)
    orgs = [OrgRef(name="Regional Labour Office", role="the labour administration that inspects the procedure and "
                                                      "validates the plan"),
            OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd", privileged=True,
                   acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client; the employer", privileged=True)]
    spec = ctx.spec.model_copy(update={"title": "Observations of the Regional Labour Office on the draft plan",
                                       "purpose": purpose, "author": "inspector_1"})
    return ctx.model_copy(update={"organisations": orgs, "author": INSPECTOR, "to": [RUTH], "cc": [DANA], "locale": "en_GB",
                                  "spec": spec})


def test_an_authoritys_observations_give_its_file_basis_findings_and_what_it_requires_never_a_partys_letter():
    budget = fact("plan_budget", "The plan's budget under article 12 of the Employment Code is EUR 8,000,000.",
                  Money(amount=Decimal("8000000"), currency="EUR")).model_copy(update={"label": "plan budget"})
    due = fact("answer_deadline", "The employer must answer the observations by 20 March 2025.",
               DateValue(value=dt.date(2025, 3, 20)))
    due = due.model_copy(update={"label": "deadline to answer the observations"})
    doc = compose_document(_observations([budget, due], "The inspector's observations, asking for more training "
                                                        "posts across the group."))
    text = "\n".join(p for s in doc.sections for p in s.paragraphs)
    assert not re.search(r"reserve|under the contract|acting fairly|without prejudice|our client", text, re.I), text
    assert re.search(r"^File no\.: [A-Z]+-\d{3}\.$", text, re.M), text
    assert "under article 12 of the Employment Code" in text, text
    assert "EUR 8,000,000" in text and "makes the following observations" in text, text
    # what it requires, of the party it oversees (not of its lawyer), by when
    assert f"Corvale Shipping Ltd is required to answer the observations by {due.text}" in text, text
    assert "asks Corvale Shipping Ltd for more training posts across the group" in text, text
    assert text.splitlines()[0] == "Dear Ms Abernethy,", text


def test_a_mandate_letter_of_a_matter_in_arbitration_sends_its_disputes_to_arbitration():
    ctx = document_context("letter", 6, seed=3, facts=[fact("fee", "The arrangement fee is USD 500,000.",
                                                             Money(amount=Decimal("500000"), currency="USD"))])
    orgs = [OrgRef(name="Harrow Vane LLP", role="arranger of the financing", privileged=True),
            OrgRef(name="Corvale Shipping Ltd", role="client; the borrower", privileged=True)]
    ctx = ctx.model_copy(update={"organisations": orgs, "to": [RUTH], "locale": "fr_FR",
                                 "world_summary": "A financing whose dispute goes to arbitration under the ICC Rules.",
                                 "spec": ctx.spec.model_copy(update={"title": "Mandate letter: the vessel financing"})})
    text = "\n".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "finally resolved by arbitration under the ICC Rules" in text, text
    assert "courts of Paris" not in text, text
