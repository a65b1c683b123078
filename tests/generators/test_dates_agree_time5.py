"""Dates and states that agree across the room (issue 17, time5): greetings that fit the hour, papers whose state
(sent, issued, agreed, due) is the plan's for the day."""

from __future__ import annotations

import datetime as dt

from worldsmith.generators.kinds.email.compose import compose_email
from tests.generators.context_fixture import LEGAL_VOICE, RUTH, SAM, email_context

UTC = dt.timezone.utc


def _at(ctx, hour: int, minute: int = 13):
    sent = ctx.spec.sent_at.replace(hour=hour, minute=minute)
    return ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"sent_at": sent})})


def test_a_morning_greeting_is_not_sent_in_the_afternoon():
    # "The email sent at 17:13 opens 'Morning'" (read 20, covenant breach: "Morning Danielle and Scott,")
    voice = LEGAL_VOICE.model_copy(update={"style": LEGAL_VOICE.style.model_copy(
        update={"greetings": ["Morning", "Morning all"]})})
    seen = 0
    for seed in range(40):
        for to in ([SAM], [SAM, RUTH]):
            ctx = email_context("new", seed=seed, to=to, voice=voice)
            first = compose_email(_at(ctx, 17)).body.lstrip().split("\n", 1)[0]
            assert not first.lower().startswith(("morning", "good morning")), (seed, first)
            early = compose_email(_at(ctx, 9)).body.lstrip().split("\n", 1)[0]
            seen += early.startswith("Morning")
    assert seen, "no morning greeting was drawn at 09:13: the test reads nothing"
