"""Defects of generated mail from blind read 12: threads that go nowhere (a reply to a bare acknowledgement, a reply
noting a deadline in the evening of the deadline day)."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

from worldsmith.generators.kinds.email.compose import _NEEDS, compose_email, only_acknowledges, own_text
from worldsmith.generators.planner import before_due
from worldsmith.worlds.content import EmailContent
from worldsmith.worlds.values import DateValue
from tests.generators.context_fixture import CAP, email_context, fact

ANSWER = fact("answer", "The answer deadline", DateValue(value=dt.date(2026, 5, 1))) \
    .model_copy(update={"label": "the answer deadline"})

NEWS = EmailContent(subject="Weekly status", body="Where things stand at April 29.\n\n- 2 days to the answer deadline "
                                                   "(May 1, 2026).\n\nSam")
_BARE = re.compile(r"^(?:thanks|thank you|noted|received|got|confirmed|understood|perfect|fine)\b", re.I)


def _reply(seed: int, next_beat: str, beat: str, parent: EmailContent = NEWS, facts=()):
    ctx = email_context("reply", seed=seed, facts=list(facts))
    spec = ctx.spec.model_copy(update={"beat": beat})
    return ctx.model_copy(update={"parent": parent, "spec": spec, "next_beat": next_beat,
                                  "thread_labels": [f.label for f in facts if f.label]})


def test_an_acknowledgement_that_a_reply_follows_asks_what_is_still_wanted():
    # "Noted, John; I'll take it from here." then "Thanks Jacqueline; noted for May 1. I'll work it into our own
    # timetable today." (read 12: the reply to a bare acknowledgement said nothing)
    asked = plain = 0
    for seed in range(60):
        for beat in ("ack", "confirm"):
            followed = compose_email(_reply(seed, "confirm", beat)).body.split("\n\n")[0]
            assert "take it from here" not in followed and "own timetable" not in followed, followed
            if _BARE.match(followed):
                assert "?" in followed, followed  # it asks something the reply answers
                if _NEEDS.search(followed):
                    asked += 1
                    # the question is the last thing it says ("Thanks in advance." may sign it off)
                    assert followed.rstrip().endswith("?"), followed
            last = compose_email(_reply(seed, "", beat)).body
            plain += _BARE.match(own_text(last)) is not None and "?" not in own_text(last)
    assert asked and plain  # the last message of a thread may still only acknowledge


def test_an_acknowledgement_passed_on_is_left_as_it_is():
    for seed in range(30):
        body = own_text(compose_email(_reply(seed, "forward", "ack")).body)
        assert not _NEEDS.search(body), body


def test_the_reply_to_that_question_answers_it_and_carries_its_figures():
    asks = EmailContent(subject="Re: Weekly status", body="Noted, Dana. Anything further you need from us on this?\n\nSam")
    cap = CAP.model_copy(update={"label": "the liability cap"})
    for seed in range(40):
        for beat in ("confirm", "question", "answer", "object"):
            for facts in ([], [cap]):
                body = own_text(compose_email(_reply(seed, "", beat, asks, facts)).body)
                assert re.match(r"(?:Nothing|Not|No|Only|Just|Your)\b", body), (beat, body)
                assert not _BARE.match(body) and "?" not in body, body
                assert all(f.text in body for f in facts), body


def test_only_acknowledges_reads_past_a_restated_date():
    ctx = _reply(1, "confirm", "confirm", facts=[ANSWER])
    assert ANSWER.text == "May 1, 2026"
    assert only_acknowledges(ctx, "Noted, John; I'll take it from here. May 1, 2026 is the answer deadline.\n\nJ")
    assert not only_acknowledges(ctx, "Noted, John. Where does the USD 98,400,000 come from?\n\nJ")
    assert not only_acknowledges(ctx, "Here is where we are on the cap: USD 98,400,000 after the uplift.\n\nJ")


def test_a_reply_lands_before_a_date_of_its_thread_that_was_ahead():
    # "Thanks Jacqueline; noted for May 1." at 18:28 on May 1, the answer deadline, to a note of April 29
    tz = ZoneInfo("America/Chicago")
    due = [dt.date(2026, 5, 1)]
    after = dt.datetime(2026, 4, 29, 18, 8, tzinfo=tz)
    late = dt.datetime(2026, 5, 1, 18, 28, tzinfo=tz)
    got = before_due(late, after, due, dt.date(2026, 6, 30))
    assert after < got and got.date() < due[0] and 8 <= got.hour < 19
    early = dt.datetime(2026, 4, 29, 11, 0, tzinfo=tz)
    got = before_due(dt.datetime(2026, 5, 4, 9, 0, tzinfo=tz), early, due, dt.date(2026, 6, 30))
    assert got.date() == early.date() and got > early
    # a date already reached when the note went, or one after the reply, moves nothing
    assert before_due(late, dt.datetime(2026, 5, 1, 9, 0, tzinfo=tz), due, dt.date(2026, 6, 30)) == late
    assert before_due(late, after, [dt.date(2026, 5, 20)], dt.date(2026, 6, 30)) == late
