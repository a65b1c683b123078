"""Issue 17 (mail5, read 30: "does not do its job"): a message that asks its reader for a view, an answer, comments or
a decision by a day is answered with when that comes, never with "Anything else you require from us?" (the client's
kick-off asked "What I need from you is a view on the headcount, ideally by Friday" and counsel answered "Confirmed,
thanks. Anything else you require from us?", then "No, we are covered at present")."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.generators.context_fixture import CAP, DANA, RUTH, email_context
from worldsmith.generators.kinds.email.compose import compose_email
from worldsmith.worlds.content import EmailContent

_ASKS = ["What I need from you is a view on the liability cap under the charter, ideally by Friday.",
         "What I need from you is a view on the liability cap under the charter, Dana; Friday if you can.",
         "Dana, I still need your answer on the liability cap under the charter, ideally by Friday.",
         "Tell me if you need anything more from us; we would like your view by Friday.",
         "Let me have any comments by Friday."]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("asked", _ASKS)
def test_an_ask_for_a_view_by_a_day_is_answered_with_when_it_comes(asked, seed):
    ctx = email_context("reply", seed=seed, facts=[CAP], to=[RUTH])
    sent = ctx.spec.sent_at  # a Monday
    ctx = ctx.model_copy(update={"parent": EmailContent(subject="Liability cap", body=f"Dana,\n\n{asked}\n\nRuth"),
                                 "parent_author": RUTH, "author": DANA, "next_beat": "confirm",
                                 "parent_sent": sent - dt.timedelta(hours=2),
                                 "thread_labels": ["the liability cap under the charter"],
                                 "spec": ctx.spec.model_copy(update={"beat": "ack"})})
    own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]
    # (no question what more is wanted: "on this" is the writer's own offer before a view, no question)
    assert not re.search(r"(?i)\banything\b[^?.]{0,40}\bfrom (?:me|us|our side)\b[^.]*\?", own), own
    # (what comes and by when: the view asked for by its day, or the writer's own word of what follows in writing)
    assert re.search(r"\b(?:view|answer|comments)\b[^.?!]{0,80}\bby Friday\b", own) \
        or re.search(r"\b(?:(?:I|we)(?: will|'ll)|in writing)\b[^.?!]{0,80}\bby\b", own), own


@pytest.mark.parametrize("seed", range(4))
def test_a_view_promised_by_a_day_and_acknowledged_is_given_not_closed_on_nothing(seed):
    from worldsmith.generators.context import ThreadMessage

    ctx = email_context("reply", seed=seed, facts=[CAP], to=[RUTH])
    sent = ctx.spec.sent_at
    label = "the liability cap under the charter"
    promise = f"Confirmed, thanks.\n\nOur view on {label} will be with you by Friday.\n\nDana"
    ctx = ctx.model_copy(update={
        "parent": EmailContent(subject="Liability cap", body="Thank you; that timing works.\n\nRuth"),
        "parent_author": RUTH, "author": DANA, "next_beat": "", "parent_sent": sent - dt.timedelta(hours=2),
        "thread": [ThreadMessage(sender=RUTH.name, sent=(sent - dt.timedelta(days=1)).isoformat(),
                                 body=f"What I need from you is a view on {label}, ideally by Friday.\n\nRuth"),
                   ThreadMessage(sender=DANA.name, sent=(sent - dt.timedelta(hours=5)).isoformat(), body=promise)],
        "thread_labels": [label], "spec": ctx.spec.model_copy(update={"beat": "confirm"})})
    own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]
    assert re.search(rf"(?i)\bour view on {label}\b", own), own
    assert not re.search(r"(?i)closes it|nothing more needed|no need to", own), own


@pytest.mark.parametrize("seed", range(6))
def test_a_thanks_with_nothing_to_ask_says_what_comes_next_not_anything_needed(seed):
    from worldsmith.generators.context import PaperDue

    ctx = email_context("reply", seed=seed, facts=[], to=[DANA])
    sent = ctx.spec.sent_at
    paper = PaperDue(title="Board paper on the liability cap", by="Ruth", maker=RUTH.name,
                     day=sent.date() + dt.timedelta(days=6), facts=[])
    ctx = ctx.model_copy(update={
        "parent": EmailContent(subject="Liability cap", body="Ruth,\n\nThe update for this week: nothing has moved.\n\nDana"),
        "parent_author": DANA, "author": RUTH, "next_beat": "answer", "parent_sent": sent - dt.timedelta(hours=2),
        "coming_papers": [paper], "spec": ctx.spec.model_copy(update={"beat": "ack"})})
    own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]
    assert not re.search(r"(?i)\banything\b[^?]{0,40}\bfrom (?:me|us|our side)\b", own), own
    if re.match(r"(?i)(?:got|thanks|thank you|noted|received|confirmed|understood)\b", own):
        assert "board paper on the liability cap" in own.lower(), own  # (the thanks says what comes next)
