"""Replies that answer what the message before them did (issue 17 (c))."""

from __future__ import annotations

import email
import json
from email import policy


def _body(world, path: str) -> str:
    msg = email.message_from_bytes((world / "room" / path).read_bytes(), policy=policy.default)
    return msg.get_body(preferencelist=("plain",)).get_content()


def test_the_reply_to_a_decision_notes_it(published_legal):
    # the client's General Counsel rejects the tender; the partner's answer was "Fine on Ostrander's maximum
    # exposure", a confirmation of the thread's figure that answered no decision
    plan = json.loads((published_legal / "plan.json").read_text(encoding="utf-8"))
    by_id = {a["id"]: a for a in plan["artifacts"]}
    answered = 0
    for a in plan["artifacts"]:
        parent = by_id.get(a.get("parent") or "")
        if a["kind"] != "email" or parent is None or parent.get("beat") != "decide" or a["author"] == parent["author"]:
            continue
        if a["mode"] != "reply":
            continue
        answered += 1
        assert a["beat"] == "noted", (a["id"], a["beat"])
        own = _body(published_legal, a["path"]).split("\nOn ", 1)[0]
        # it takes the decision on board, in words or by name; read back whole it was an echo (read 18: 'Clear, Ryan:
        # the decision is voluntary refund through the contractor'), which mail10 took out; or, where its expert wrote
        # it, in the expert's words, which take the decision's step ("Will do: the letter goes to Fairleigh on April 17")
        if a.get("point"):
            assert " ".join(a["point"].split()) in " ".join(own.split()), (a["id"], own)
        else:
            assert parent["decision"] in own or "decision" in own.lower(), (a["id"], own)
    assert answered >= 1


def test_a_reply_to_a_request_by_name_takes_it_on():
    # "Roger, can you get the numbers and the timetable onto one page by close of business on Monday?" was answered
    # "Thanks Jacqueline; noted for March 25." (The examples at seed 0 no longer draw such an ask, so the reply is
    # composed here for a message that makes one.)
    import re

    from worldsmith.generators.context import EmailContent
    from worldsmith.generators.kinds.email.compose import compose_email
    from tests.generators.context_fixture import email_context

    for seed in range(4):
        ctx = email_context("reply", seed=seed)
        ask = EmailContent(subject=ctx.parent.subject, body="Hi Dana,\n\nDana, can you get the numbers and the "
                           "timetable onto one page by Monday?\n\nSam")
        ctx = ctx.model_copy(update={"parent": ask})
        own = re.split(r"\n\s*On .{0,80}wrote:", compose_email(ctx).body, maxsplit=1)[0]
        assert "I'll get the numbers and the timetable onto one page by Monday" in own, own
        plain = ctx.model_copy(update={"parent": ask.model_copy(update={"body": "Hi Dana,\n\nHere is the cap.\n\nSam"})})
        assert "I'll get the numbers" not in compose_email(plain).body


def test_a_greeting_follows_the_clock(published_legal):
    # "Good morning Breanna," on a daily log sent at 15:34
    plan = json.loads((published_legal / "plan.json").read_text(encoding="utf-8"))
    import datetime as dt

    for a in plan["artifacts"]:
        if a["kind"] == "email" and dt.datetime.fromisoformat(a["sent_at"]).hour >= 12:
            assert not _body(published_legal, a["path"]).startswith("Good morning"), a["id"]
