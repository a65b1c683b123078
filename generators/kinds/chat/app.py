"""The chat app: the room's Slack-style export as channels and direct messages to list, read and post to.

Reads come from the world's parsed store (chat_channels, chat_members, chat_users, chat_messages:
what validation checked), with the session's own posts after them; a post is recorded in the
session's state, never written into the published export. A conversation is named by its channel
name ('matter-team', '#matter-team') or its id (C..., D...), as chat_list_channels gives them.
"""

from __future__ import annotations

import datetime as dt
from html import escape

from pydantic import BaseModel, Field

from worldsmith.worlds.apps import App, AppSession, Records, Tool
from worldsmith.worlds.errors import SessionError

READ_LIMIT = 50


class ChatPost(BaseModel):
    """A chat message the agent posted during the session (kept in the state; the room's export is not rewritten)."""

    channel_id: str
    channel: str = Field(description="the channel's name, or the direct message's id")
    ts: str = Field(description="Slack's message id: epoch seconds with six decimals")
    user: str = Field(description="the poster's address")
    text: str
    thread_ts: str | None = None
    posted_at: str


# A session's posts: its state's chat_posts, its log's {"op": "chat", "post": {...}} records (the grader's input).
RECORDS = Records(model=ChatPost, field="chat_posts", op="chat", key="post", place="channel_id",
                  noun="post")


def _name_of(session: AppSession, address: str) -> str:
    return next((p.name for p in session.world.plan.people if p.email == address), "")


def _users(session: AppSession) -> dict[str, tuple[str | None, str | None]]:
    """Chat user id -> (real name, address)."""
    cached = session.__dict__.get("_chat_users")
    if cached is None:
        rows = session.world.db.execute("select id, real_name, email from chat_users").fetchall()
        cached = {uid: (name, email) for uid, name, email in rows}
        session.__dict__["_chat_users"] = cached
    return cached


def _conversations(session: AppSession) -> list[dict]:
    cached = session.__dict__.get("_chat_conversations")
    if cached is None:
        users = _users(session)
        db = session.world.db
        members: dict[str, list[str]] = {}
        for cid, uid in db.execute("select channel_id, user_id from chat_members order by channel_id, user_id").fetchall():
            members.setdefault(cid, []).append(users.get(uid, (None, None))[1] or uid)
        cached = []
        for cid, name, folder, kind, topic, export in db.execute(
                "select id, name, folder, type, topic, export from chat_channels order by type, coalesce(name, id)").fetchall():
            who = members.get(cid, [])
            names = {email: real for real, email in users.values() if email}
            label = name or "dm: " + ", ".join(names.get(a) or a for a in who)
            cached.append({"id": cid, "name": name, "label": label, "type": kind, "topic": topic, "members": who,
                           "folder": folder, "export": export})
        session.__dict__["_chat_conversations"] = cached
    return cached


def _find(session: AppSession, channel: str) -> dict:
    wanted = channel.strip().lstrip("#")
    for c in _conversations(session):
        if wanted in (c["id"], c["name"], c["folder"]):
            return c
    names = ", ".join(c["name"] or c["id"] for c in _conversations(session))
    raise SessionError(f"no chat conversation {channel!r}; choose one of: {names} (see chat_list_channels)")


def list_channels(session: AppSession) -> list[dict]:
    """Every channel and direct message: id, name, type, topic, members and how many messages it holds."""
    counts = dict(session.world.db.execute("select export || '/' || folder, count(*) from chat_messages "
                                           "group by all").fetchall())
    posted: dict[str, int] = {}
    for p in session.state().chat_posts:
        posted[p.channel_id] = posted.get(p.channel_id, 0) + 1
    return [{"id": c["id"], "name": c["name"], "label": c["label"], "type": c["type"], "topic": c["topic"],
             "members": c["members"],
             "messages": counts.get(f"{c['export']}/{c['folder']}", 0) + posted.get(c["id"], 0)}
            for c in _conversations(session)]


def read(session: AppSession, channel: str, day: str | None = None, limit: int = READ_LIMIT) -> dict:
    """A conversation's messages, oldest first: one day's (YYYY-MM-DD), or the latest `limit`."""
    conv = _find(session, channel)
    users = _users(session)
    rows = session.world.db.execute("""select day, ts, "at", user_id, text_plain, thread_ts, files from chat_messages
                                       where export = ? and folder = ? order by "at", ts""",
                                    [conv["export"], conv["folder"]]).fetchall()
    messages = [{"ts": ts, "day": d.isoformat(), "at": at.astimezone(dt.timezone.utc).isoformat(),
                 "user": users.get(uid, (None, None))[1] or uid, "name": users.get(uid, (None, None))[0],
                 "text": text or "", "thread_ts": thread, "files": list(files or [])}
                for d, ts, at, uid, text, thread, files in rows]
    for p in session.state().chat_posts:
        if p.channel_id == conv["id"]:
            at = dt.datetime.fromisoformat(p.posted_at)
            messages.append({"ts": p.ts, "day": at.date().isoformat(), "at": at.isoformat(), "user": p.user,
                             "name": _name_of(session, p.user) or None, "text": p.text, "thread_ts": p.thread_ts,
                             "files": []})
    if day is not None:
        try:
            dt.date.fromisoformat(day)
        except ValueError:
            raise SessionError(f"{day!r} is not a day; write it as YYYY-MM-DD") from None
        messages = [m for m in messages if m["day"] == day]
    total = len(messages)
    messages = messages[-max(1, limit):]
    return {"channel": conv["name"] or conv["id"], "id": conv["id"], "type": conv["type"], "topic": conv["topic"],
            "total": total, "messages": messages}


def post(session: AppSession, channel: str, text: str, thread_ts: str | None = None) -> dict:
    """Post a message to a conversation the session's user belongs to (in a thread when thread_ts is given)."""
    conv = _find(session, channel)
    if session.user not in conv["members"]:
        mine = ", ".join(c["name"] or c["id"] for c in _conversations(session) if session.user in c["members"]) or "none"
        raise SessionError(f"{session.user} is not a member of {conv['label']!r}; you can post to: {mine}")
    if thread_ts is not None:
        known = {m["ts"] for m in read(session, conv["id"], limit=10**9)["messages"]}
        if thread_ts not in known:
            raise SessionError(f"no message with ts {thread_ts!r} in {conv['label']!r}; take it from chat_read")
    if not text.strip():
        raise SessionError("a chat message needs some text")

    def make(at: dt.datetime, n: int) -> ChatPost:
        return ChatPost(channel_id=conv["id"], channel=conv["name"] or conv["id"], ts=f"{int(at.timestamp())}.{n:06d}",
                        user=session.user, text=text, thread_ts=thread_ts, posted_at=at.isoformat())

    return session.record(RECORDS, make, text).model_dump()


# ---------------------------------------------------------------- the app's hook (worldsmith.worlds.apps.App)

def has_chat(world) -> bool:
    """Whether the world's store holds any chat conversation."""
    return world.has_table("chat_channels") and world.db.execute("select count(*) from chat_channels").fetchone()[0] > 0


def exports(world) -> list[str]:
    """The room folders that hold a chat export (its lists, day files and transcripts)."""
    if not world.has_table("chat_channels"):
        return []
    return [e for (e,) in world.db.execute("select distinct export from chat_channels where export <> ''").fetchall()]


def files(world) -> list[str]:
    """The files the chat app shows: everything under the room's chat exports, and any planned chat file."""
    roots = tuple(f"{e}/" for e in exports(world))
    under = [p.relative_to(world.room).as_posix() for root in roots for p in (world.room / root).rglob("*")
             if p.is_file()] if roots else []
    return sorted({*under, *(a.path for a in world.artifacts_of("chat"))})


def tools(session: AppSession) -> list[Tool]:
    """The chat app's tools over one session."""

    def chat_list_channels() -> dict:
        """Every channel and direct message: id, name, type, topic, members, number of messages."""
        return {"channels": list_channels(session)}

    def chat_read(channel: str, day: str | None = None, limit: int = READ_LIMIT) -> dict:
        """A channel's messages (by name or id), oldest first: one day's (YYYY-MM-DD) or the latest `limit`."""
        return read(session, channel, day, limit)

    def chat_post(channel: str, text: str, thread_ts: str | None = None) -> dict:
        """Post to a channel or direct message you belong to; thread_ts (a message's ts) replies in its thread."""
        return post(session, channel, text, thread_ts)

    return [Tool(chat_list_channels), Tool(chat_read), Tool(chat_post, read_only=False)]


def _e(value: object) -> str:
    return escape("" if value is None else str(value), quote=True)


def section(world) -> str:
    """Each channel and direct message with its messages, from the store (what validation read)."""
    db = world.db
    if not world.has_table("chat_channels"):
        return ""
    names = dict(db.execute("select id, coalesce(real_name, name, id) from chat_users").fetchall())
    parts = []
    for cid, name, folder, export, kind, topic in db.execute(
            "select id, name, folder, export, type, topic from chat_channels order by type, coalesce(name, id)").fetchall():
        members = [names.get(u, u) for (u,) in db.execute(
            "select user_id from chat_members where channel_id = ? order by user_id", [cid]).fetchall()]
        rows = db.execute("""select "at", user_id, text_plain, thread_ts, ts from chat_messages
                             where export = ? and folder = ? order by "at", ts""", [export, folder]).fetchall()
        lines = "".join(
            f"<div class=msg><span class=meta>{_e(at.strftime('%Y-%m-%d %H:%M'))}</span> <b>{_e(names.get(u, u))}</b>"
            f"{' <span class=meta>(in thread)</span>' if thread and thread != ts else ''}: {_e(text)}</div>"
            for at, u, text, thread, ts in rows)
        title = f"#{name}" if name else "Direct message: " + " and ".join(members)
        parts.append(f"<details><summary>{_e(title)} <span class=meta>({len(rows)} messages"
                     f"{' · ' + _e(topic) if topic else ''} · {_e(', '.join(members))})</span></summary>{lines}</details>")
    return f"<h2 id=chat>Chat</h2>{''.join(parts)}" if parts else ""


APP = App(
    name="chat",
    instructions="Chat, where the room has it: list channels, read and post.",
    present=has_chat,
    tools=tools,
    section=section,
    files=files,
    records=RECORDS,
)
