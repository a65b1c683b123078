"""What a World shows of the chat kind's tables: `world.chat`, the export's conversations with their messages.

Registered as the kind's view (`Kind.views`), so worldsmith.worlds.world names no kind; it reads the tables
the kind's reader fills (reader.CHAT_DDL) and is called only on a loaded world.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from pydantic import BaseModel, ConfigDict

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class ChatMessage(BaseModel):
    """One chat message as a reader sees it (mentions by name, shared files by path)."""

    model_config = _FROZEN
    ts: str
    at: dt.datetime
    user: str | None = None  # the poster's address
    name: str | None = None
    text: str
    thread_ts: str | None = None


class ChatChannel(BaseModel):
    """A channel or direct message of the room's chat export, with its messages oldest first."""

    model_config = _FROZEN
    id: str
    name: str | None  # None for a direct message
    type: str         # channel | private | dm | group_dm
    topic: str | None
    members: tuple[str, ...]  # addresses
    messages: tuple[ChatMessage, ...]


def channels(world: Any) -> list[ChatChannel]:
    """The chat export's channels and direct messages with their messages (empty when the room has no chat)."""
    if not world.has_table("chat_channels"):
        return []
    db = world.db
    users = {u: (n, e) for u, n, e in db.execute("select id, real_name, email from chat_users").fetchall()}
    out = []
    for cid, name, kind, topic, export, folder in db.execute(
            "select id, name, type, topic, export, folder from chat_channels order by type, coalesce(name, id)").fetchall():
        members = tuple(users.get(u, (None, u))[1] or u for (u,) in db.execute(
            "select user_id from chat_members where channel_id = ? order by user_id", [cid]).fetchall())
        rows = db.execute("""select ts, "at", user_id, coalesce(text_plain, ''), thread_ts from chat_messages
                             where export = ? and folder = ? order by "at", ts""", [export, folder]).fetchall()
        messages = tuple(ChatMessage(ts=ts, at=at, user=users.get(u, (None, u))[1], name=users.get(u, (None, None))[0],
                                     text=text, thread_ts=thread) for ts, at, u, text, thread in rows)
        out.append(ChatChannel(id=cid, name=name, type=kind, topic=topic, members=members, messages=messages))
    return out
