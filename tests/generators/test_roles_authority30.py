"""Blind read 30 (roles5): who may ask, demand or reserve. A public body or a neutral (a tax or labour administration, a
regulator, a tribunal, a mediator) is no party: counsel told the labour administration 'Kindly let us have your
response by Monday morning', greeted its inspector by first name, and the taxpayer ombudsman noted a decision with 'our
rights are reserved'. And accountants 'retained by the <works council>', a body known by its initials, were read as the
employer's own advisers: the employer asked them where its own figure came from, and counsel adopted their count."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tests.generators.context_fixture import DANA, MILO, email_context
from worldsmith.generators import sides
from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.email.compose import compose_email

_FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _roles(name: str) -> dict[str, str]:
    """A repository fixture's organisations, id -> role (the YAML alone: no outline is planned)."""
    return {o["id"]: o["role"] for o in yaml.safe_load((_FIXTURES / f"{name}.yaml").read_text())["organisations"]}


def test_a_public_body_or_a_neutral_is_an_authority_and_who_serves_a_party_is_not():
    vat, grant, demurrage = _roles("vat-delivery"), _roles("grant-audit"), _roles("demurrage-arbitration")
    assert sides.authority(vat["hmrc"]) and sides.authority(grant["oig"]) and sides.authority(grant["nior"])
    assert sides.authority(demurrage["tribunal"])
    # counsel instructed to advise on an appeal to a tribunal, and counsel on an Inspector General's audit, serve a party
    assert not sides.authority(vat["chambers"]) and not sides.authority(grant["brennock"])
    assert not any(sides.authority(r) for r in (vat["penrose"], vat["brackenfield"]))


class _Org:
    def __init__(self, id: str, name: str, role: str) -> None:  # noqa: A002 - the field's name
        self.id, self.name, self.role = id, name, role


def test_an_adviser_retained_by_a_body_known_by_its_initials_serves_that_body():
    # the bonus-cap-dispute fixture's employer and its counsel, with a works council known by its initials and the
    # accountants it retained
    roles = _roles("bonus-cap-dispute")
    orgs = [_Org(i, i.title(), r) for i, r in roles.items()]
    orgs += [_Org("ewc", "EWC of the Harlow site", "the staff works council consulted on the restructuring"),
             _Org("acc", "Marrin Audit Partners", "chartered accountants retained by the EWC to assist it on the plan")]
    assert sides.relations(orgs)["acc"] == ("ewc", "ewc")
    # ...and a name's initials are read as a whole word: 'the satellite operator' names no 'SAT Holdings'
    sat = [_Org("sat", "SAT Holdings", "the buyer"), _Org("adv", "Quill Advisory", "counsel to the satellite operator")]
    assert sides.relations(sat)["adv"][0] != "sat"


_SETS_DAY = re.compile(r"your (?:client's )?(?:response|reply|position)[^.]*\bby\b|\b(?:please|kindly) (?:respond|reply)",
                       re.I)
_RESERVED = re.compile(r"\breserv\w*\b[^.]*\b(?:rights|position)\b|\brights\b[^.]*\breserved\b", re.I)


def test_counsel_sets_an_authority_no_day_reserves_no_rights_and_greets_its_officer_in_full():
    # the vat-delivery fixture's tax authority, an opposing party, and the taxpayer's advisers
    roles = _roles("vat-delivery")
    milo = MILO.model_copy(update={"organisation": "HM Revenue & Customs"})
    orgs = [OrgRef(name="Harrow Vane LLP", role=roles["penrose"], privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role=roles["brackenfield"], privileged=True),
            OrgRef(name="HM Revenue & Customs", role=roles["hmrc"])]
    greeted = 0
    for seed in range(4):
        ctx = email_context("new", seed=seed, to=[milo]).model_copy(update={"organisations": orgs, "author": DANA})
        body = compose_email(ctx).body
        assert not _SETS_DAY.search(body) and not _RESERVED.search(body), (seed, body)
        assert not re.search(r"^(?:Hi|Dear|Hello) Milo,", body, re.M), (seed, body)
        greeted += body.startswith("Dear Milo Fenwick,")
    assert greeted == 4


def test_the_other_sides_demand_passed_on_is_not_served_by_the_writer():
    from tests.generators.context_fixture import RUTH
    from worldsmith.generators.kinds.email.notice import served_noun

    desk = RUTH.model_copy(update={"title": "Manager, Claims Desk"})
    orgs = [OrgRef(name="Corvale Shipping Ltd", role="client; the guarantor", privileged=True),
            OrgRef(name="Brightmere Advisory", role="the beneficiary of the guarantee; the party demanding payment")]

    def noun(title: str, purpose: str) -> str:
        ctx = email_context("new", seed=0).model_copy(update={"author": desk, "organisations": orgs})
        return served_noun(ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title,
                                                                                     "purpose": purpose})}))

    assert noun("Demand received under the guarantee", "The claims desk sends the demand to counsel.") == ""
    assert noun("Demand under the guarantee", "The claims desk sends the beneficiary's demand the day it arrives.") == ""
    # the writer's own demand is still served
    assert noun("Demand under the guarantee", "The claims desk serves the demand for payment.") == "demand"


def test_a_public_body_asks_whether_a_filing_is_complete_never_what_a_party_requires_of_it():
    from worldsmith.generators.compose.bank import bank
    from worldsmith.generators.kinds.email.compose import _asks_on

    roles = _roles("vat-delivery")
    milo = MILO.model_copy(update={"organisation": "HM Revenue & Customs"})
    orgs = [OrgRef(name="Harrow Vane LLP", role=roles["penrose"], privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role=roles["brackenfield"], privileged=True),
            OrgRef(name="HM Revenue & Customs", role=roles["hmrc"])]
    ctx = email_context("reply", seed=0, facts=[], to=[DANA]).model_copy(update={
        "organisations": orgs, "author": milo, "parent_author": DANA, "thread_labels": []})
    asked = _asks_on(ctx, "Confirmed, thanks.\n\nMilo")
    assert not re.search(r"require|need from", asked) and re.search(r"further .* (?:follow|filed)", asked), asked
    # ...and the party's answer says whether the filing is complete
    assert any(re.search(a["match"], asked) for a in bank("email")["answers_to"])
