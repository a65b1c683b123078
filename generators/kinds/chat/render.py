"""Chat rendered as a Slack workspace export (day files, channels.json, users.json, dms.json) and Markdown transcripts.

The JSON follows Slack's export: a message has `type`, `user`, `text`, `ts` (epoch seconds with six
decimals, unique in its conversation), `thread_ts` on every message of a thread, `reply_count` and
`replies` on a thread's first message, `user_profile`, and `files` when it shares one. Mentions are
written `<@U...>` as Slack writes them; the transcript shows them by name, as a reader sees them.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote

from worldsmith.generators.places import zone_of
from worldsmith.worlds.plan import Person, WorldPlan

_TYPES = {"docx": ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "Word Document"),
          "xlsx": ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "Excel Spreadsheet"),
          "pdf": ("application/pdf", "PDF"), "csv": ("text/csv", "CSV"), "md": ("text/markdown", "Markdown")}


def short_id(prefix: str, *parts: str) -> str:
    """A Slack-style id (C0A1B2C3D4): stable for the same inputs, upper-case letters and digits."""
    return prefix + hashlib.sha256(":".join(parts).encode()).hexdigest()[:10].upper()


def user_id(plan: WorldPlan, person_id: str) -> str:
    """A cast member's Slack user id (U...), the same in every file of the world."""
    return short_id("U", plan.world_id, person_id)


def team_id(plan: WorldPlan) -> str:
    """The workspace's id (T...)."""
    return short_id("T", plan.world_id)


def _handle(p: Person) -> str:
    return re.sub(r"[^a-z0-9.]+", "", f"{p.first_name}.{p.last_name}".lower())


def _epoch(at: dt.datetime) -> int:
    return int(at.timestamp())


def message_ts(spec: Any, position: int) -> str:
    """A post's ts: its second, and its position as the decimals (unique and ordered within the day)."""
    return f"{_epoch(spec.posts[position].at)}.{position + 1:06d}"


def _mentions(plan: WorldPlan) -> tuple[re.Pattern, dict[str, Person]]:
    """One pattern for @Full Name and @First (where the first name is the cast's only one), longest first."""
    cached = plan.__dict__.get("_chat_mentions")
    if cached is None:
        firsts: dict[str, list[Person]] = {}
        for p in plan.people:
            firsts.setdefault(p.first_name, []).append(p)
        names = {p.name: p for p in plan.people}
        names.update({f: ps[0] for f, ps in firsts.items() if len(ps) == 1 and f not in names})
        alternatives = "|".join(re.escape(n) for n in sorted(names, key=lambda n: (-len(n), n)))
        cached = (re.compile(f"@({alternatives})(?![\\w-])"), names)
        plan.__dict__["_chat_mentions"] = cached
    return cached


def slack_text(plan: WorldPlan, text: str) -> tuple[str, str]:
    """(Slack markup, the text as a reader sees it): mentions of the cast as <@U...> and as @Full Name."""
    pattern, names = _mentions(plan)
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    out = pattern.sub(lambda m: f"<@{user_id(plan, names[m.group(1)].id)}>", escaped)
    plain = pattern.sub(lambda m: f"@{names[m.group(1)].name}", text)
    return out, plain


def _file(plan: WorldPlan, spec: Any, author: Person, path: str, at: dt.datetime) -> dict:
    name = PurePosixPath(path).name
    ext = PurePosixPath(path).suffix.lstrip(".").lower()
    mime, pretty = _TYPES.get(ext, ("application/octet-stream", ext.upper() or "File"))
    fid = short_id("F", plan.world_id, spec.id, path)
    domain = next(o.domain for o in plan.organisations if o.id == author.organisation)
    url = f"https://chat.{domain}/files/{fid}/{quote(path)}"
    return {"id": fid, "created": _epoch(at), "timestamp": _epoch(at), "name": name, "title": PurePosixPath(path).stem,
            "mimetype": mime, "filetype": ext, "pretty_type": pretty, "user": user_id(plan, author.id), "mode": "hosted",
            "is_external": False, "url_private": url, "permalink": url}


def _messages(plan: WorldPlan, spec: Any, content: Any) -> list[tuple[dict, str]]:
    """(Slack message, reader's text) per post that has a text."""
    out = []
    n = min(len(spec.posts), len(content.messages))
    replies: dict[int, list[int]] = {}
    for i in range(n):
        if spec.posts[i].thread is not None and spec.posts[i].thread < i:
            replies.setdefault(spec.posts[i].thread, []).append(i)
    for i in range(n):
        post, msg = spec.posts[i], content.messages[i]
        person = plan.person(post.author)
        uid = user_id(plan, person.id)
        text, plain = slack_text(plan, msg.text)
        m: dict[str, Any] = {"client_msg_id": str(short_id("", plan.world_id, spec.id, str(i))).lower(),
                             "type": "message", "text": text, "user": uid, "ts": message_ts(spec, i),
                             "team": team_id(plan), "user_team": team_id(plan),
                             "user_profile": {"real_name": person.name, "display_name": person.name,
                                              "name": _handle(person), "first_name": person.first_name,
                                              "team": team_id(plan), "is_restricted": False}}
        root = post.thread if post.thread is not None and post.thread < i else None
        if root is not None:
            m["thread_ts"] = message_ts(spec, root)
            m["parent_user_id"] = user_id(plan, spec.posts[root].author)
        elif i in replies:
            kids = replies[i]
            m.update({"thread_ts": m["ts"], "reply_count": len(kids),
                      "reply_users": list(dict.fromkeys(user_id(plan, spec.posts[k].author) for k in kids)),
                      "latest_reply": message_ts(spec, kids[-1]),
                      "replies": [{"user": user_id(plan, spec.posts[k].author), "ts": message_ts(spec, k)} for k in kids]})
            m["reply_users_count"] = len(m["reply_users"])
        if msg.file:
            m["files"] = [_file(plan, spec, person, msg.file, post.at)]
            m["upload"] = False
            plain += f" (shared file: {msg.file})"
        out.append((m, plain))
    return out


def _dump(value: Any) -> bytes:
    # Slack's exports are indented by four spaces, non-ASCII kept as is.
    return (json.dumps(value, indent=4, ensure_ascii=False) + "\n").encode("utf-8")


def render_day(plan: WorldPlan, spec: Any, content: Any) -> bytes:
    """The day file of one conversation: a JSON list of its messages in the order posted."""
    return _dump([m for m, _ in _messages(plan, spec, content)])


def transcript_name(spec: Any) -> str:
    """The transcript's file name beside the export's lists: the channel's name, or 'dm-...' for a direct message."""
    return f"{spec.channel}.md"


def _transcript(plan: WorldPlan, specs: list[Any], contents: dict) -> bytes:
    first = specs[0]
    people = [plan.person(p) for p in first.members]
    head = f"# #{first.channel}" if first.conversation == "channel" else \
        f"# Direct message: {' and '.join(p.name for p in people)}"
    lines = [head, "", f"Topic: {first.topic}", f"Members: {', '.join(p.name for p in people)}", ""]
    for spec in sorted(specs, key=lambda s: s.date):
        lines += [f"## {spec.date.isoformat()}", ""]
        for i, (m, plain) in enumerate(_messages(plan, spec, contents[spec.id])):
            mark = "  - ↳ " if "parent_user_id" in m else "- "
            lines.append(f"{mark}**{spec.posts[i].at:%H:%M} {plan.person(spec.posts[i].author).name}**: "
                         + " ".join(plain.split()))
        lines.append("")
    return "\n".join(lines).encode("utf-8")


def chat_user(plan: WorldPlan, person_id: str) -> dict:
    """A member's entry of users.json; `tz` is where they work (a company the plan places abroad: its zone)."""
    p = plan.person(person_id)
    tz = zone_of(plan.organisations, p.organisation, plan.summary, plan.locale, plan.timezone)
    return {"id": user_id(plan, person_id), "team_id": team_id(plan), "name": _handle(p), "deleted": False,
            "real_name": p.name, "tz": tz, "is_bot": False, "is_admin": False,
            "profile": {"title": p.title, "phone": p.phone, "real_name": p.name, "display_name": p.name,
                        "first_name": p.first_name, "last_name": p.last_name, "email": p.email,
                        "team": team_id(plan)}}


def render_export(plan: WorldPlan, specs: list[Any], contents: dict) -> list[tuple[str, bytes]]:
    """Every export's lists (users.json, channels.json, dms.json) and each conversation's transcript."""
    out: list[tuple[str, bytes]] = []
    by_export: dict[str, list[Any]] = {}
    for s in specs:
        by_export.setdefault(s.export, []).append(s)
    for export, days in sorted(by_export.items()):
        conversations: dict[str, list[Any]] = {}
        for s in days:
            conversations.setdefault(s.channel_id, []).append(s)
        members = sorted({p for s in days for p in s.members}, key=lambda p: user_id(plan, p))
        users = [chat_user(plan, pid) for pid in members]
        channels, dms = [], []
        for cid, group in sorted(conversations.items(), key=lambda kv: kv[1][0].channel):
            first = min(group, key=lambda s: s.date)
            created = _epoch(first.posts[0].at) - 3600
            uids = [user_id(plan, p) for p in first.members]
            if first.conversation == "dm":
                dms.append({"id": cid, "created": created, "members": uids})
            else:
                channels.append({"id": cid, "name": first.channel, "created": created,
                                 "creator": user_id(plan, first.author), "is_archived": False, "is_general": False,
                                 "members": uids,
                                 "topic": {"value": first.topic, "creator": user_id(plan, first.author), "last_set": created},
                                 "purpose": {"value": "", "creator": "", "last_set": 0}})
            out.append((f"{export}/{transcript_name(first)}", _transcript(plan, group, contents)))
        out += [(f"{export}/users.json", _dump(users)), (f"{export}/channels.json", _dump(channels)),
                (f"{export}/dms.json", _dump(dms))]
    return out
