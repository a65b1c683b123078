"""Issue 17 (voice2): each party in its own voice and no stock phrase a practitioner never writes (read 18's score
sheets: 'noted as at', 'rights expressly reserved', 'nothing has moved it since', 'so that you have our position';
an accountant and a bank reserving rights). The rules are general; the fixture outlines only show them."""

from __future__ import annotations

import re

import pytest

from tests.generators.test_compose_mail_read18 import _own, fixture_world
from worldsmith.generators.compose.parties import in_voice, org, reserves_rights
from worldsmith.generators.context import OrgRef, build_context
from worldsmith.worlds.content import EmailContent

_ORGS = [OrgRef(name="Harrow Vane LLP", role="financial adviser to the buyer", privileged=True, acts_for="Buyer Co"),
         OrgRef(name="Buyer Co", role="the buyer", privileged=True),
         OrgRef(name="Target Co", role="the target")]
_RESERVE = ["[~We reserve all rights|Our client's rights are reserved|Our client reserves its position].",
            "[All rights are|Our client's rights are] reserved.", "We look forward to your reply by {day}."]


def test_an_adviser_who_is_no_lawyer_reserves_no_rights():
    # the buyer's QoE accountants closed a reply to the target with "our rights are expressly reserved", and a bank's
    # associate told the target's Head of IT "Our client's rights remain reserved" (read 18, buy-side diligence)
    from tests.generators.context_fixture import email_context

    ctx = email_context("new", seed=1, facts=[]).model_copy(update={"organisations": _ORGS})
    assert not reserves_rights(ctx)
    assert in_voice(ctx, _RESERVE) == ["We look forward to your reply by {day}."]
    counsel = [o.model_copy(update={"role": "buyer's counsel"}) if o.name == "Harrow Vane LLP" else o for o in _ORGS]
    ctx = ctx.model_copy(update={"organisations": counsel})
    assert reserves_rights(ctx)
    assert len(in_voice(ctx, _RESERVE)) == 3


# What read 18's professionals named as wording no practitioner uses, and what this pass found in over 1% of a world's
# messages at seed 31 (each counted by /tmp/v2/tools/count.py before the change).
_STOCK = re.compile(r"(?i)\bnoted as at\b|\bexpressly reserved\b|\bnothing has moved\b|so that you have our position|"
                    r"\brests at\b|\bMoreover\b|\bunderstood as at\b|\ball clear as at\b|\bas at \w+ \d+ the exchange")


@pytest.mark.parametrize("name", ["covenant-breach", "aircraft-redelivery"])
def test_no_stock_phrase_in_any_message(name):
    plan, taxonomy, contents = fixture_world(name, 31)
    bodies = [_own(c.body) for c in contents.values() if isinstance(c, EmailContent)]
    assert len(bodies) > 20
    assert not [b for b in bodies if _STOCK.search(b)], [_STOCK.search(b).group(0) for b in bodies if _STOCK.search(b)]


@pytest.mark.parametrize("name", ["covenant-breach", "aircraft-redelivery"])
def test_only_lawyers_and_parties_reserve_rights_in_mail(name):
    plan, taxonomy, contents = fixture_world(name, 31)
    said = 0
    for spec in plan.artifacts:
        c = contents.get(spec.id)
        if not isinstance(c, EmailContent):
            continue
        ctx = build_context(plan, taxonomy, spec, contents)
        if re.search(r"(?i)\breserv\w*\b[^.;]*\brights?\b|\brights?\b[^.;]*\breserved\b", _own(c.body)):
            said += 1
            assert reserves_rights(ctx), (spec.path, org(ctx, ctx.author.organisation), _own(c.body))
