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
