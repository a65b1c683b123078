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
        assert parent["decision"] in own, (a["id"], own)
    assert answered >= 1


def test_a_reply_to_a_request_by_name_takes_it_on(published_legal):
    # "Roger, can you get the numbers and the timetable onto one page by close of business on Monday?" was answered
    # "Thanks Jacqueline; noted for March 25."
    import re

    plan = json.loads((published_legal / "plan.json").read_text(encoding="utf-8"))
    by_id = {a["id"]: a for a in plan["artifacts"]}
    people = {p["id"]: p for p in plan["people"]}
    asked = 0
    for a in plan["artifacts"]:
        parent = by_id.get(a.get("parent") or "")
        if a["kind"] != "email" or a["mode"] != "reply" or parent is None:
            continue
        first = people[a["author"]]["first_name"]
        own_parent = re.split(r"\n\s*(?:On .{0,80}wrote:|>)", _body(published_legal, parent["path"]), maxsplit=1)[0]
        if not re.search(rf"\b{first},?\s+(?:can|could|would) you\b", own_parent):
            continue
        asked += 1
        own = re.split(r"\n\s*On .{0,80}wrote:", _body(published_legal, a["path"]), maxsplit=1)[0]
        assert "I'll" in own, (a["id"], own)
    assert asked >= 1


def test_a_greeting_follows_the_clock(published_legal):
    # "Good morning Breanna," on a daily log sent at 15:34
    plan = json.loads((published_legal / "plan.json").read_text(encoding="utf-8"))
    import datetime as dt

    for a in plan["artifacts"]:
        if a["kind"] == "email" and dt.datetime.fromisoformat(a["sent_at"]).hour >= 12:
            assert not _body(published_legal, a["path"]).startswith("Good morning"), a["id"]
