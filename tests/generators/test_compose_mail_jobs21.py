"""Issue 17 (threads4, blind read 21): every email does its job. Read 21's quotes: the agent asks for the EBITDA
source "before tomorrow morning" and the associate promises it "by Wednesday morning"; the client asks to see the
source and the partner answers "the documents behind it are in the file"; the CFO asks "do we audit?" and gets "I
would go with USD 18,400,000"; "Picking this up now" as a thread's end; "Happy to discuss" after "no need to speak
first"."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.generators.context_fixture import CAP, DANA, RUTH, SAM, email_context
from worldsmith.generators.compose.voice import resolve_day
from worldsmith.generators.kinds.email.compose import compose_email
from worldsmith.worlds.content import EmailContent

_DAY_SAID = re.compile(r"\bby ((?:end of |close of business on )?(?:today|tonight|tomorrow(?: morning)?|end of day|"
                       r"(?:Monday|Tuesday|Wednesday|Thursday|Friday)(?: morning)?|[A-Z][a-z]+ \d{1,2}))")


def _reply(parent_body: str, beat: str, seed: int, facts=(), author=DANA, parent_author=RUTH, sent_gap_h: int = 2):
    ctx = email_context("reply", seed=seed, facts=list(facts), to=[parent_author])
    sent = ctx.spec.sent_at
    ctx = ctx.model_copy(update={"parent": EmailContent(subject="Liability cap under the charter", body=parent_body),
                                 "parent_author": parent_author, "author": author, "next_beat": "",
                                 "parent_sent": sent - dt.timedelta(hours=sent_gap_h),
                                 "spec": ctx.spec.model_copy(update={"beat": beat})})
    return re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0], sent.date()


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("beat", ["answer", "question", "confirm", "take_in"])
def test_a_reply_promises_nothing_after_the_day_it_was_asked_for(seed, beat):
    # sent on a Monday: "before tomorrow morning" is Tuesday morning, so nothing is promised for Wednesday
    own, today = _reply("What is the source for the liability cap? I would like to check it before tomorrow morning.\n\n"
                        "Ruth", beat, seed, facts=[CAP])
    for said in _DAY_SAID.findall(own):
        day = resolve_day(said, today)
        assert day is None or day <= today, (said, own)
