"""Blind read 29 (voice3): who speaks. A side never asks another party where its own side's figure comes from, how it
was got, or by when the other will answer on it: the insured asked the insurer's adjuster "What is the source for the
number of units under recall?" its own broker had notified; the insurer's claims manager asked the insured's broker
"how did you get to the indemnity payable?" her own adjuster had worked out."""

from __future__ import annotations

import datetime as dt
import re

from tests.generators.context_fixture import CAP, MILO, RUTH, email_context
from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.email.compose import compose_email
from worldsmith.worlds.content import EmailContent

_ASKED_OF_OURS = re.compile(r"source for|come from|how did you|walk me through|workings|your (?:response|position) on|"
                            r"hear from you on|come back to us on", re.I)
# the owner (Ruth's company) and the adjuster appointed by its insurer: two parties, neither inside the other's circle
_ORGS = [OrgRef(name="Corvale Shipping Ltd", role="the insured; shipowner, the claimant", privileged=True),
         OrgRef(name="Kestrel Marine Insurance", role="the insurer", privileged=True),
         OrgRef(name="Brightmere Advisory", role="loss adjuster appointed by the insurer", privileged=True,
                acts_for="Kestrel Marine Insurance", engaged_by="Kestrel Marine Insurance")]
_LABEL = "the liability cap under the charter"


def _asked(seed: int, beat: str) -> str:
    ctx = email_context("reply", seed=seed, facts=[], to=[MILO])
    sent = ctx.spec.sent_at
    ctx = ctx.model_copy(update={
        "parent": EmailContent(subject="Liability cap under the charter",
                               body=f"Ruth,\n\nWe have the liability cap under the charter at USD 98,400,000.\n\nMilo"),
        "parent_author": MILO, "author": RUTH, "next_beat": "", "parent_sent": sent - dt.timedelta(hours=3),
        "organisations": _ORGS, "thread_labels": [_LABEL], "side_labels": [_LABEL],
        "spec": ctx.spec.model_copy(update={"beat": beat})})
    return re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]


def test_nobody_asks_another_party_the_source_of_their_own_sides_figure():
    for seed in range(4):
        own = _asked(seed, "question")
        assert not _ASKED_OF_OURS.search(own), (seed, own)


# A note that reports a step already taken asks no approval for it: counsel's "Recurso voluntario filed" note asked the
# client "whether you are content for us to proceed on that basis" and was answered "please go ahead" (read 29).
_APPROVAL = re.compile(r"proceed|go ahead|take it forward|content for us|if you agree|see it differently", re.I)


def test_a_note_of_a_step_already_taken_asks_no_approval_for_it():
    from tests.generators.context_fixture import DANA, fact
    from worldsmith.generators.compose.bank import picker_for
    from worldsmith.generators.kinds.email.compose import _advice_note
    from worldsmith.worlds.values import DateValue

    served = fact("claim_served", "The notice of claim was served on the charterers",
                  DateValue(value=dt.date(2025, 2, 27)))
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to the owners", privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="the owners", privileged=True)]
    for seed in range(6):
        ctx = email_context("new", seed=seed, facts=[served], to=[RUTH]).model_copy(update={
            "organisations": _ORGS[:0] + orgs, "author": DANA})
        pick = picker_for(ctx)
        body = _advice_note(pick, ctx, {"topic": "the notice of claim", "matter": "the cargo claim", "day": "Friday"},
                            ctx.spec.title, "Ruth,", paper=True).body
        assert "2025" in body and not _APPROVAL.search(body), (seed, body)


# What a court or a tribunal ordered is its decision: counsel wrote to the funder "We have decided on settlement approved
# with the commission reduced to 22%" of the Court's approval orders, and the funder answered "The decision from our
# side is taken: ..." (read 29).
_OURS = re.compile(r"we have decided|decision (?:on|from) our side|our decision|your decision|my decision", re.I)


def test_what_a_tribunal_ordered_is_its_decision_not_a_sides():
    from tests.generators.context_fixture import DANA, fact
    from worldsmith.generators.kinds.email.compose import decided
    from worldsmith.worlds.values import Text

    ruled = fact("award", "On 2 March 2025 the Tribunal dismissed the charterers' counterclaim and awarded the owners "
                          "their costs.", Text(value="counterclaim dismissed with costs to the owners"))
    ctx = email_context("new", facts=[ruled], to=[RUTH]).model_copy(update={"organisations": _ORGS})
    assert decided(ctx, ruled) == "The Tribunal's decision: the counterclaim dismissed with costs to the owners."
    for seed in range(4):
        for beat in ("decide", "noted"):
            ctx = email_context("reply", seed=seed, facts=[ruled] if beat == "decide" else [], to=[MILO])
            parent = "Ruth,\n\nThe Tribunal's decision: counterclaim dismissed with costs to the owners.\n\nMilo"
            ctx = ctx.model_copy(update={
                "parent": EmailContent(subject="Award", body=parent), "parent_author": MILO, "author": RUTH,
                "organisations": _ORGS, "next_beat": "", "parent_sent": ctx.spec.sent_at - dt.timedelta(hours=3),
                "spec": ctx.spec.model_copy(update={"beat": beat, "decision": ruled.text})})
            own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]
            assert "Tribunal's decision" in own and not _OURS.search(own), (seed, beat, own)


def test_a_forward_does_not_say_its_own_day_back_in_brackets():
    # read 29: "Karla, forwarding this today (21 September), as it bears on the registered group members."
    from worldsmith.generators.compose.bank import bank

    assert not [f for f in bank("email")["forward_reasons"] if re.search(r"\btoday \(\{series_day\}\)", f)]


def test_one_held_to_the_day_it_gave_is_not_asked_for_its_clients_response_where_it_has_none():
    # read 29: the insured's legal manager to the insurer's own claims manager, "We will expect your client's response
    # by then."; the insurer acts for no one
    from worldsmith.generators.compose.bank import picker_for
    from worldsmith.generators.kinds.email.compose import _plan_question

    said = set()
    for seed in range(12):
        ctx = email_context("reply", seed=seed, facts=[], to=[MILO]).model_copy(update={
            "parent": EmailContent(subject="Cover", body="We reserve our rights. You will have our response by close "
                                                         "of business on Monday.\n\nMilo"),
            "parent_author": MILO, "author": RUTH, "thread_labels": [_LABEL], "organisations": [
                OrgRef(name="Corvale Shipping Ltd", role="the insured; shipowner, the claimant", privileged=True),
                OrgRef(name="Brightmere Advisory", role="the insurer")]})
        out = _plan_question(picker_for(ctx), ctx)
        said.add(out)
        assert "client" not in out, (seed, out)
    assert any("by then" in x for x in said), said
