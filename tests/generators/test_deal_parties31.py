"""A share sale's parties (blind read 31): the seller sells the target to the buyer; the sale agreement is made with
the seller, letters of the deal go to it, and the target, the company sold, is never the other side where the
outline names its seller (the buyer's counsel made the agreement 'between (1) <the buyer> and (2) <the target>',
signed for the target by its mine manager, and the board minuted 'our next letter to' the target)."""

from __future__ import annotations

from types import SimpleNamespace

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.genres import Writer
from worldsmith.generators.compose.parties import opponent
from worldsmith.generators.context import OrgRef
from worldsmith.generators.sides import relations
from tests.generators.context_fixture import document_context, person

_ORGS = [("firm", "Harrow Vane LLP", "attorneys to Corvale Shipping Ltd on the acquisition", True),
         ("buyer", "Corvale Shipping Ltd", "client; buyer of all the shares in Brinmoor Terminals Ltd", True),
         ("seller", "Ostwick Holdings plc", "seller of Brinmoor Terminals Ltd; the counterparty under the sale of "
                                            "shares agreement", False),
         ("target", "Brinmoor Terminals Ltd", "the target; operator of the container terminal", False),
         ("partner", "Kelso Ridge Investments Ltd", "investment company taking 14% of Brinmoor Terminals Ltd after "
                                                    "closing", False)]
_MANAGER = person("gm_1", "Lena", "Marsh", "General Manager", "Brinmoor Terminals Ltd", "brinmoor.test", "+44 20 7946 0101")


def _ctx(orgs=_ORGS, summary="A cargo claim under a charterparty."):
    """The fixture's agreement, drafted by the buyer's counsel and sent to the target's manager, in a share sale."""
    served = relations([SimpleNamespace(id=i, name=n, role=r) for i, n, r, _ in orgs])
    names = {i: n for i, n, _, _ in orgs}
    refs = [OrgRef(name=n, role=r, privileged=p, acts_for=names.get(served[i][0] or "", "")) for i, n, r, p in orgs]
    ctx = document_context("agreement")
    return ctx.model_copy(update={"organisations": refs, "to": [_MANAGER], "world_summary": summary})


def test_a_seller_or_an_investor_acts_for_no_one():
    served = relations([SimpleNamespace(id=i, name=n, role=r) for i, n, r, _ in _ORGS])
    assert served["seller"][0] is None and served["partner"][0] is None, served
    assert served["firm"][0] == "buyer"


def test_the_sale_is_made_with_the_seller_and_the_target_is_not_the_other_side():
    ctx = _ctx()
    assert opponent(ctx) == "Ostwick Holdings plc"
    assert Writer(Picker(1), ctx, {})._parties() == ("Corvale Shipping Ltd", "Ostwick Holdings plc")
    # no seller organisation: the seller as the summary names it, else 'the Seller'; never the target
    orgs = [o for o in _ORGS if o[0] != "seller"]
    said = "Corvale agreed to buy all the shares in Brinmoor Terminals Ltd from Ostwick Holdings plc for GBP 9."
    assert Writer(Picker(1), _ctx(orgs, said), {})._parties() == ("Corvale Shipping Ltd", "Ostwick Holdings plc")
    assert Writer(Picker(1), _ctx(orgs), {})._parties() == ("Corvale Shipping Ltd", "the Seller")


def test_counsel_writing_to_its_own_client_says_no_our_client():
    from worldsmith.generators.compose.parties import in_voice

    buyer = person("cfo_2", "Ruth", "Abernethy", "Chief Financial Officer", "Corvale Shipping Ltd", "corvale.test", "+44 1")
    frames = ["We write [for our client|on the price] today.", "Our client accepts the price."]
    assert in_voice(_ctx().model_copy(update={"to": [buyer]}), frames) == ["We write on the price today."]
    assert in_voice(_ctx(), frames) == frames  # to the target's manager, counsel speaks of its client


def test_nobody_asks_the_source_of_a_figure_of_the_one_who_stated_it():
    from worldsmith.generators.kinds.email.compose import _sourced
    from tests.generators.context_fixture import TONNES, email_context

    ctx = email_context("reply", facts=[TONNES])
    label = TONNES.label or "cargo lost overboard"
    ctx = ctx.model_copy(update={"facts": [TONNES.model_copy(update={"label": label})]})
    assert _sourced(ctx, label, "")  # another's figure, stated by no reader: its source may be asked
    assert not _sourced(ctx.model_copy(update={"readers_own": [TONNES.id]}), label, "")
    # ...nor a figure the message replied to states, from another party
    across = _ctx().model_copy(update={"parent_author": _MANAGER})
    across = across.model_copy(update={"facts": [TONNES.model_copy(update={"label": label})]})
    assert not _sourced(across, label, f"We make the {label} 1,240 tonnes.")
    assert _sourced(across, label, "We have your note.")
