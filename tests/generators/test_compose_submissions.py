"""A party's submissions to a neutral (read 16, rent review: the tenant's submissions to the expert 'argue against
their own client and treat the expert as the client: "we recommend contesting the tenant's proposed rent ... Abigail
should confirm instructions"')."""

from __future__ import annotations

from decimal import Decimal

from tests.generators.context_fixture import MILO, document_context, person
from worldsmith.generators.compose.substance.submissions import is_submissions, submissions_bodies
from worldsmith.generators.context import FactRef, OrgRef
from worldsmith.worlds.values import Money

ORGS = [OrgRef(name="Harrow Vane LLP", role="solicitors to Corvale Shipping Ltd (the tenant)", privileged=True,
               acts_for="Corvale Shipping Ltd"),
        OrgRef(name="Corvale Shipping Ltd", role="client; tenant of the premises", privileged=True),
        OrgRef(name="Brightmere Advisory", role="surveyors retained on the tenant's behalf", privileged=True,
               acts_for="Corvale Shipping Ltd"),
        OrgRef(name="Oriel Estates Ltd", role="opposing party; landlord of the premises"),
        OrgRef(name="Strand Valuation", role="independent expert appointed under the lease; neutral, acting for neither")]
EXPERT = person("expert_1", "Alma", "Reyes", "Independent Expert", "Strand Valuation", "strand.example", "+44 20 7946 0000")


def _money(i: str, label: str, amount: int, statement: str) -> FactRef:
    return FactRef(id=i, label=label, text=f"GBP {amount:,}", statement=statement,
                   value=Money(amount=Decimal(amount), currency="GBP"))


def test_submissions_put_the_partys_case_to_the_neutral_and_advise_no_one():
    ctx = document_context("submissions").model_copy(update={"organisations": ORGS, "author": MILO, "to": [EXPERT]})
    spec = ctx.spec.model_copy(update={"title": "Tenant's submissions to the independent expert"})
    ours = _money("t", "the tenant's proposed rent", 900000,
                  "Brightmere's counter-proposal puts the rent at GBP 900,000, once the rent-free periods are allowed for.")
    theirs = _money("l", "the landlord's proposed rent", 1100000, "Oriel Estates proposes GBP 1,100,000 a year.")
    ctx = ctx.model_copy(update={"spec": spec, "facts": [ours, theirs]})
    assert is_submissions(ctx)
    plan = [("Summary", "summary"), ("Background", "background"), ("Analysis", "analysis"), ("Risks", "risks"),
            ("Recommendation", "recommendation"), ("Next Steps", "next_steps")]
    text = " ".join(s for ps in submissions_bodies(ctx, plan).values() for s in ps)
    assert "submissions of Corvale Shipping Ltd (the Tenant) to Alma Reyes" in text
    assert "the rent should be determined at GBP 900,000" in text and "invited to determine the rent" in text
    assert "recommend" not in text.lower() and "instructions" not in text.lower()
    assert "contest" not in text.lower()  # never against its own figure
    # an adviser's report to its own client is no submission
    assert not is_submissions(ctx.model_copy(update={"to": [MILO]}))
