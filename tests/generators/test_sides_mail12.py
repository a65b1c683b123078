"""Who sits inside the home side's circle when a role names a party by a dealing or by its counsel (mail12).

An unseen outline's 'the client's former distributor ... that re-exported' came inside the exporter's circle (named by
'the client's'), and its general counsel answered the distributor's dispute of her termination 'Do you want anything
further from us?'; another's 'expert instructed by the claimant's counsel' was put across from the claimant (the words
'claimant's counsel' read as the opponent's), so the claimant's counsel wrote to her own client 'we write on ... Our
client's rights are reserved'. Shown here on repository fixtures with one organisation added."""

from __future__ import annotations

from pathlib import Path

from worldsmith.generators.sides import privileged_circle
from worldsmith.worlds.outline import load_outline

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _with(name: str, role: str):
    """The fixture's outline with one organisation of that role added (id 'added')."""
    outline = load_outline(FIXTURES / f"{name}.yaml")
    extra = outline.organisations[0].model_copy(update={"id": "added", "name": "Harlan Ostrey Ltd", "role": role,
                                                         "domain": "harlanostrey.example"})
    return outline.model_copy(update={"organisations": [*outline.organisations, extra]})


def test_a_party_named_as_the_other_party_to_the_clients_dealing_is_outside_the_circle():
    # (fails before: 'the client's' brought it in)
    for name in ("mini", "bonus-cap-dispute"):
        for role in ("the client's former distributor in Ohio that resold the goods",
                     "the employer's former supplier of payroll software"):
            assert "added" not in privileged_circle(_with(name, role)), (name, role)
    # ...while one the role names as the client's own adviser is inside, as before
    assert "added" in privileged_circle(_with("mini", "the client's auditors"))


def test_an_expert_instructed_by_the_home_partys_counsel_is_inside_and_by_the_others_is_across():
    # aircraft-redelivery's home lessor is the claimant (fails before: 'claimant's counsel' was always the opponent's)
    assert "added" in privileged_circle(_with("aircraft-redelivery",
                                              "independent technical expert instructed by the claimant's counsel"))
    # pi-quantum's home side defends the claim: the claimant's counsel's expert is across, its own counsel's inside
    assert "added" in privileged_circle(_with("pi-quantum", "independent quantum expert instructed by the defendant's counsel"))
    assert "added" not in privileged_circle(_with("pi-quantum", "independent quantum expert instructed by the claimant's counsel"))


def test_an_adviser_acting_for_a_role_of_the_home_party_is_inside():
    # solar-farm-project-finance's home bank is the 'mandated lead arranger' (fails before: 'for the arrangers' named
    # nobody inside); covenant-breach's home is the borrower, so counsel 'to the lenders' stays across
    assert "added" in privileged_circle(_with("solar-farm-project-finance",
                                              "documentation counsel, drafting the facility agreement for the arrangers"))
    assert "added" not in privileged_circle(_with("covenant-breach", "documentation counsel to the lenders"))


def test_a_client_whose_role_names_a_deal_side_stays_inside_its_counsels_circle():
    # (fails before: a client 'seller under the letter of credit' was across from its own counsel by the word
    # 'seller', and its mail out of the file: mail_in_our_file quarantined the world)
    for name in ("mini", "covenant-breach"):
        outline = load_outline(FIXTURES / f"{name}.yaml")
        client = next(o for o in outline.organisations if o.role.lower().startswith("client"))
        for role in ("client; the seller under the letter of credit, a grain trader",
                     "client and vendor of the shares under the SPA"):
            orgs = [o.model_copy(update={"role": role}) if o.id == client.id else o for o in outline.organisations]
            assert client.id in privileged_circle(outline.model_copy(update={"organisations": orgs})), (name, role)
