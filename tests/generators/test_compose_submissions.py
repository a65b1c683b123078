"""A party's submissions to a neutral (read 16, rent review: the tenant's submissions to the expert 'argue against
their own client and treat the expert as the client: "we recommend contesting the tenant's proposed rent ... Abigail
should confirm instructions"')."""

from __future__ import annotations

from decimal import Decimal

from tests.generators.context_fixture import DANA as DANA_REF, MILO, document_context, person
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


def test_submissions_give_the_comparables_evidence_and_no_table_of_the_firms_own_sources():
    # blind read 17, rent review: 'Submissions to an expert with no comparables analysis and no valuation reasoning.
    # They cite the firm's privileged internal memo and spreadsheet as sources and say copies are served on the
    # other side' ('The principal comparable: Quayside Point second floor.')
    from worldsmith.generators.kinds.document.compose import compose_document
    from worldsmith.worlds.values import Text

    ctx = document_context("submissions").model_copy(update={"organisations": ORGS, "author": MILO, "to": [EXPERT]})
    spec = ctx.spec.model_copy(update={"title": "Tenant's submissions to the independent expert"})
    ours = _money("t", "the tenant's proposed rent", 900000,
                  "Brightmere's counter-proposal puts the rent at GBP 900,000, once the rent-free periods are allowed for.")
    ours = ours.model_copy(update={"source": 'the "Tenant\'s proposed rent" line of the Rent computation'})
    comparable = FactRef(id="c", label="principal comparable", text="Quayside Point second floor",
                         value=Text(value="Quayside Point second floor"),
                         statement="The closest comparable, the second floor of Quayside Point let in September 2025, "
                                   "shows a headline rent of GBP 36.00 per sq ft but came with 24 months rent free on a "
                                   "10-year term, a net effective rent of GBP 28.80 per sq ft.")
    ctx = ctx.model_copy(update={"spec": spec, "facts": [ours, comparable]})
    doc = compose_document(ctx)
    text = "\n".join(p for s in doc.sections for p in s.paragraphs)
    assert "Quayside Point second floor, which shows a headline rent of GBP 36.00 per sq ft" in text, text
    assert "net effective rent of GBP 28.80" in text
    # the statement is not pasted whole (fact_statement_established_only)
    assert comparable.statement.rstrip(".") not in text
    assert not any(s.table is not None for s in doc.sections)


def test_a_valuation_report_finds_the_comparable_with_its_figures_and_ends_on_its_opinion_of_value():
    # blind read 17, rent review: 'A valuer's report whose "headline is the tenant's proposed rent". It goes from a
    # GBP 28.80 net effective rent to GBP 31 with no adjustments, ends with a forensic "preserve the records"
    # recommendation'
    from worldsmith.generators.kinds.document.compose import compose_document
    from worldsmith.worlds.values import Text

    ctx = document_context("report", sections=5).model_copy(update={"organisations": ORGS, "author": MILO,
                                                                    "to": [EXPERT]})
    spec = ctx.spec.model_copy(update={"title": "Rental valuation report: floors 2 to 7, Harbour Yard",
                                       "purpose": "The valuation of the open-market rent at the review date."})
    ours = _money("t", "the tenant's proposed rent", 900000,
                  "Brightmere's counter-proposal puts the rent at GBP 900,000, once the rent-free periods are allowed for.")
    comparable = FactRef(id="c", label="principal comparable", text="Quayside Point second floor",
                         value=Text(value="Quayside Point second floor"),
                         statement="The closest comparable, the second floor of Quayside Point let in September 2025, "
                                   "shows a headline rent of GBP 36.00 per sq ft but came with 24 months rent free on a "
                                   "10-year term, a net effective rent of GBP 28.80 per sq ft.")
    ctx = ctx.model_copy(update={"spec": spec, "facts": [ours, comparable], "to": [DANA_REF]})
    text = "\n".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "net effective rent of GBP 28.80 per sq ft" in text, text
    assert "preserved" not in text and "proceedings" not in text, text
    assert "Our opinion is that the tenant's proposed rent is GBP 900,000" in text, text
