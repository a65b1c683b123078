"""A party's own figures in its own voice (a fresh business-interruption outline read as its coverage partner: the
adjuster's position email spoke of 'the adjuster's period of restoration', and counsel answered the adjuster on 'the
adjuster's business interruption loss')."""

from __future__ import annotations

from tests.generators.context_fixture import DANA, RUTH, email_context, person
from worldsmith.generators.compose.parties import own_possessives, role_party
from worldsmith.generators.context import OrgRef

ORGS = [OrgRef(name="Harrow Vane LLP", role="coverage counsel to Corvale Shipping Ltd (the policyholder)",
               privileged=True, acts_for="Corvale Shipping Ltd"),
        OrgRef(name="Corvale Shipping Ltd", role="client; the policyholder", privileged=True),
        OrgRef(name="Northgate Mutual", role="opposing party; the insurer under the property policy"),
        OrgRef(name="Sable Claims", role="independent adjusters appointed by Northgate Mutual (the insurer's adjuster)",
               acts_for="Northgate Mutual")]
PAUL = person("adjuster_1", "Paul", "Walker", "Executive General Adjuster", "Sable Claims", "sable.example",
              "+1 417 555 0171")


def _ctx(author, to):
    return email_context("new", to=to).model_copy(update={"author": author, "organisations": ORGS})


def test_a_role_noun_names_the_party_that_role_says_it_is():
    ctx = _ctx(PAUL, [DANA])
    assert role_party(ctx, "adjuster") == "Sable Claims" and role_party(ctx, "insurer") == "Northgate Mutual"
    assert role_party(ctx, "policyholder") == "Corvale Shipping Ltd"  # the principal, not its counsel
    assert role_party(ctx, "policy") == ""  # a paper, not a party


def test_the_writer_speaks_of_its_own_side_as_ours_and_of_its_one_addressee_as_yours():
    body = ("The adjuster's period of restoration is 98 days, and the insurer's position follows from it.\n\n"
            "Under the policy's appraisal condition, the insurer's counsel will name an appraiser.\n\n"
            "On Fri, 17 Apr 2026 at 17:42, Dana Okafor <dana@harrowvane.example> wrote:\n"
            "> The adjuster's period of restoration is disputed.")
    out = own_possessives(_ctx(PAUL, [DANA]), body)
    assert out.startswith("Our period of restoration is 98 days, and our client's position follows from it.")
    assert "the policy's appraisal condition, the insurer's counsel" in out  # a paper; an adviser named by role
    assert out.endswith("> The adjuster's period of restoration is disputed.")  # quoted lines as their writer wrote
    answer = own_possessives(_ctx(DANA, [PAUL]), "We do not agree the adjuster's business interruption loss. "
                                                 "The policyholder's claim stands.")
    assert answer == "We do not agree your business interruption loss. Our client's claim stands."
    # the client writing of its own claim; to readers of two firms nobody is 'you'
    assert own_possessives(_ctx(RUTH, [DANA, PAUL]), "The policyholder's claim and the adjuster's view.") == \
        "Our claim and the adjuster's view."


def test_to_the_client_itself_its_own_figure_is_yours_not_our_clients():
    """Read 16 (rent review): the tenant's solicitors wrote 'our client's proposed rent' in an email to the tenant."""
    assert own_possessives(_ctx(DANA, [RUTH]), "The policyholder's claim stands; the adjuster's view does not.") == \
        "Your claim stands; the adjuster's view does not."
