"""Documents written from the author's side: a memo is addressed to its own house (outsiders copied, the other side
never addressed), a key-figures table reads Item | Figure | Source, and a recommendation says what the purpose asks."""

from __future__ import annotations

from worldsmith.generators.render.front_matter import memo_addressees
from worldsmith.worlds.plan import Org
from tests.generators.plan_fixture import _person, make_plan


def _deal_plan(doc_type: str, readers: list[str]):
    """A buyer's deal: the buyer (author's house), its banker (an outside adviser on its side), the target across."""
    plan = make_plan()
    orgs = [Org(id="buyer", name="Pennock Row Capital LLP", role="private-equity buyer", domain="pennock.example",
                privileged=True),
            Org(id="bank", name="Larkspur Hale & Co.", role="buy-side financial adviser to Pennock Row Capital",
                domain="larkspur.example", privileged=True),
            Org(id="target", name="Cindermill Systems Limited", role="the target", domain="cindermill.example")]
    people = [_person("principal_1", "Karen", "Harris", "buyer", "pennock.example", "Principal"),
              _person("partner_2", "Elliott", "Houghton", "buyer", "pennock.example", "Managing Partner"),
              _person("md_1", "Margaret", "Rhodes", "bank", "larkspur.example", "Managing Director"),
              _person("cfo_1", "Tom", "Reid", "target", "cindermill.example", "Chief Financial Officer")]
    memo = plan.artifact("d1").model_copy(update={"author": "principal_1", "readers": readers, "doc_type": doc_type})
    artifacts = [memo if a.id == "d1" else a for a in plan.artifacts]
    return plan.model_copy(update={"organisations": orgs, "people": people, "artifacts": artifacts})


def test_an_ic_memo_is_addressed_to_the_authors_house_and_copies_the_adviser():
    plan = _deal_plan("investment committee memo", ["md_1", "partner_2", "cfo_1"])
    to, cc = memo_addressees(plan, plan.artifact("d1"))
    assert to == ["partner_2"]  # the buyer's own partner, not the outside banker
    assert cc == ["md_1"]  # the banker is copied; the target never sees the buyer's IC paper


def test_a_memo_never_addresses_the_other_side():
    plan = _deal_plan("memo", ["cfo_1", "md_1"])
    to, cc = memo_addressees(plan, plan.artifact("d1"))
    assert "cfo_1" not in to and to == ["md_1"]  # no reader in the house: the same side is addressed
    assert cc == ["cfo_1"]


def test_a_banks_memo_is_addressed_to_its_client():
    plan = _deal_plan("memo", ["partner_2"])
    memo = plan.artifact("d1").model_copy(update={"author": "md_1"})
    assert memo_addressees(plan, memo) == (["partner_2"], [])  # the client it is written for


def test_a_banks_memo_goes_to_the_client_and_copies_the_banks_own_people():
    plan = _deal_plan("memo", [])
    plan = plan.model_copy(update={"people": plan.people + [_person("analyst_1", "Ann", "Lowe", "bank",
                                                                     "larkspur.example", "Analyst")]})
    memo = plan.artifact("d1").model_copy(update={"author": "md_1", "readers": ["analyst_1", "partner_2"]})
    assert memo_addressees(plan, memo) == (["partner_2"], ["analyst_1"])
