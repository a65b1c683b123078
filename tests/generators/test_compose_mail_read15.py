"""Blind read 15 (issue 17): 22 of 84 emails accepted. The writer out of role or voice (a party naming itself or its
one addressee in the third person; a client asking its outside reviewer for 'a decision' on its own figure), replies
that do not answer, settled figures re-announced."""

from __future__ import annotations

import re

import pytest

from tests.generators.context_fixture import DANA, RUTH, SAM, email_context
from tests.generators.test_compose_worlds import world
from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.email.compose import _trade_for_readers
from worldsmith.worlds.content import EmailContent

ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
        OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True)]
TRADE = ["I'd like a decision on this by Thursday.", "Resourcing is tight, so let's prioritise.",
         "Please make sure the owners are clear on their actions.", "I have shared the headline with the leadership team."]


def _own_text(body: str) -> str:
    return re.split(r"\n(?:On .{5,80} wrote:|-{5,} Forwarded message)", body)[0]


def test_a_party_asks_those_it_engaged_for_no_decision_and_does_not_run_their_team():
    # "I would like a decision on this by end of Thursday. Resourcing is tight, so let's prioritise." from the
    # hospital's VP Revenue Cycle to the outside reviewer
    ctx = email_context("new", to=[DANA]).model_copy(update={"author": RUTH, "organisations": ORGS})
    assert _trade_for_readers(ctx, TRADE) == ["I have shared the headline with the leadership team."]
    # to its own people a manager may say all of it
    own = email_context("new", to=[SAM]).model_copy(update={"organisations": ORGS})
    assert _trade_for_readers(own, TRADE) == TRADE


@pytest.mark.parametrize("name", ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"])
def test_no_writer_names_itself_or_its_one_addressee_in_the_third_person(name):
    # "We recommend that Kathryn settle ..." by Kathryn; "I would ask Ben to settle ..." to Ben; "that Gail take the
    # tender decision" to Gail; "- Denise: draft a short note" in Denise's own list
    plan, contents = world(name)
    people = {p.id: p for p in plan.people}
    checked = 0
    for spec in plan.artifacts:
        c = contents[spec.id]
        if not isinstance(c, EmailContent):
            continue
        own = _own_text(c.body)
        names = {people[spec.author].first_name: "self"}
        if len(spec.to) == 1:
            names[people[spec.to[0]].first_name] = "you"
        for first in names:
            bad = re.search(rf"\b(?:that|ask) {first}\b|^- {first}: |\b{first} (?:to|should) (?:settle|take|sign)\b|"
                            rf"\bto {first} \(", own, re.M)
            assert not bad, (spec.path, bad.group(0), own)
        checked += 1
    assert checked > 30
