"""Reading a Slack-style workspace export back: users, conversations, members and messages, into DuckDB.

The layout is Slack's own (what export readers such as slack-export-viewer expect): `users.json`,
`channels.json` and `dms.json` at the export's root, and one folder per conversation (a channel by
its name, a direct message by its id) holding a JSON list of messages per day. A message's text is
Slack's markup: `<@U123>` mentions a user and a shared file is in its `files` list; what a reader
sees (`text_plain`) has the mention by name and the file by its path in the room.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import unquote

from worldsmith.worlds.bundle import parse_json
from worldsmith.worlds.errors import BundleError, ParseError
from worldsmith.worlds.kinds import RoomFile

EXPORT_FILES = ("channels.json", "users.json", "dms.json")
_LISTS = {"channels.json": "channel", "groups.json": "private", "dms.json": "dm", "mpims.json": "group_dm"}
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}\.json$")
_MENTION = re.compile(r"<@([A-Z0-9]+)(?:\|[^>]*)?>")
_LINK = re.compile(r"<(https?://[^|>]+)\|([^>]+)>")
FILE_URL = re.compile(r"^https?://[^/]+/files/[A-Z0-9]+/(.+)$")  # the room path after the file's id

CHAT_DDL = """
create table chat_users (
    export    varchar not null,   -- the export's root folder in the room
    id        varchar not null,   -- U...
    name      varchar,            -- the handle
    real_name varchar,
    email     varchar,
    path      varchar not null
);
create table chat_channels (
    export    varchar not null,
    id        varchar not null,   -- C... or D...
    name      varchar,            -- a channel's name; NULL for a direct message
    folder    varchar not null,   -- the folder of its day files: the name, or the id of a direct message
    type      varchar not null,   -- channel | private | dm | group_dm
    creator   varchar,
    topic     varchar,
    path      varchar not null
);
create table chat_members (
    export     varchar not null,
    channel_id varchar not null,
    user_id    varchar not null
);
create table chat_messages (
    artifact_id varchar,          -- the planned day, by path; NULL when unplanned
    path        varchar not null,
    export      varchar not null,
    folder      varchar not null, -- the conversation's folder
    day         date not null,    -- the day file's name
    position    integer not null, -- order in the day file
    user_id     varchar,
    ts          varchar not null, -- Slack's message id: epoch seconds with six decimals
    "at"        timestamptz not null,
    thread_ts   varchar,          -- the thread's first message, for a thread's messages (itself for the first)
    text        varchar,          -- Slack markup as exported
    text_plain  varchar,          -- what a reader sees: mentions by name, shared files by path
    files       varchar[]         -- room paths of shared files
);
create table chat_transcripts (
    path       varchar not null,
    export     varchar not null,
    n_messages integer not null,  -- lines that are messages ("- **HH:MM Name**: text")
    text       varchar not null
);
-- The posts the plan fixed for each day of chat: who, when, which thread (by the first post's position).
create table planned_chat_posts (
    artifact_id varchar not null,
    position    integer not null,
    author      varchar not null,
    "at"        timestamptz not null,
    thread      integer
);
"""


def _json(f: RoomFile) -> Any:
    try:
        return parse_json(f.data, f.rel)  # NaN, Infinity and nesting too deep refused as well as bad JSON
    except BundleError as exc:
        raise ParseError(str(exc)) from None


def _users(f: RoomFile, export: str) -> dict[str, str]:
    """User id -> real name, from the export's users.json (read once per load)."""
    key = f"chat_users:{export}"
    if key not in f.cache:
        path = f.path.parents[1] / "users.json"
        names: dict[str, str] = {}
        try:
            for u in parse_json(path.read_bytes(), path):
                names[str(u.get("id"))] = str(u.get("real_name") or u.get("profile", {}).get("real_name") or u.get("name"))
        except (OSError, BundleError, TypeError, AttributeError):
            pass  # a missing or broken users.json is reported when it is parsed itself
        f.cache[key] = names
    return f.cache[key]


def plain_text(text: str, names: dict[str, str]) -> str:
    """Slack markup as a reader sees it: <@U1> as @Name, <url|label> as its label."""
    text = _MENTION.sub(lambda m: "@" + names.get(m.group(1), m.group(1)), text)
    return _LINK.sub(lambda m: m.group(2), text).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def file_path(entry: dict) -> str:
    """The room path of a shared file, from its url_private."""
    m = FILE_URL.match(str(entry.get("url_private", "")))
    return unquote(m.group(1)) if m else str(entry.get("name", ""))


def _load_day(f: RoomFile) -> None:
    rel = PurePosixPath(f.rel)
    if len(rel.parts) < 2:
        raise ParseError(f"{f.rel}: a day file sits in a conversation's folder")
    export, folder = str(rel.parent.parent) if len(rel.parts) > 2 else "", rel.parent.name
    day = dt.date.fromisoformat(rel.stem)
    messages = _json(f)
    if not isinstance(messages, list):
        raise ParseError(f"{f.rel}: a day file holds a JSON list of messages")
    names = _users(f, export)
    for i, m in enumerate(messages):
        if not isinstance(m, dict) or "ts" not in m:
            raise ParseError(f"{f.rel}: message {i + 1} is not a message object with a ts")
        ts = str(m["ts"])
        try:
            at = dt.datetime.fromtimestamp(float(ts), dt.timezone.utc)
        except ValueError:
            raise ParseError(f"{f.rel}: message {i + 1} has the ts {ts!r}, not epoch seconds") from None
        shared = [file_path(x) for x in m.get("files") or [] if isinstance(x, dict)]
        text = str(m.get("text") or "")
        plain = plain_text(text, names) + "".join(f" (shared file: {p})" for p in shared)
        f.add("chat_messages", artifact_id=f.artifact_id, path=f.rel, export=export, folder=folder, day=day,
              position=i, user_id=m.get("user"), ts=ts, at=at, thread_ts=m.get("thread_ts"), text=text,
              text_plain=plain, files=shared)


def _load_list(f: RoomFile, export: str, kind: str) -> None:
    entries = _json(f)
    if not isinstance(entries, list):
        raise ParseError(f"{f.rel}: {PurePosixPath(f.rel).name} holds a JSON list")
    for c in entries:
        if not isinstance(c, dict) or "id" not in c:
            raise ParseError(f"{f.rel}: an entry without an id")
        named = kind in ("channel", "private")
        topic = c.get("topic", {}).get("value") if isinstance(c.get("topic"), dict) else None
        f.add("chat_channels", export=export, id=c["id"], name=c.get("name") if named else None,
              folder=c.get("name") if named else c["id"], type=kind, creator=c.get("creator"), topic=topic, path=f.rel)
        for user in c.get("members") or []:
            f.add("chat_members", export=export, channel_id=c["id"], user_id=str(user))


def _load_users(f: RoomFile, export: str) -> None:
    entries = _json(f)
    if not isinstance(entries, list):
        raise ParseError(f"{f.rel}: users.json holds a JSON list")
    for u in entries:
        if not isinstance(u, dict) or "id" not in u:
            raise ParseError(f"{f.rel}: a user without an id")
        profile = u.get("profile") if isinstance(u.get("profile"), dict) else {}
        f.add("chat_users", export=export, id=u["id"], name=u.get("name"),
              real_name=u.get("real_name") or profile.get("real_name"), email=profile.get("email"), path=f.rel)


def load_chat_json(f: RoomFile) -> None:
    """A file of a Slack export: a day of a conversation, or one of the export's lists."""
    rel = PurePosixPath(f.rel)
    export = str(rel.parent) if str(rel.parent) != "." else ""
    if rel.name == "users.json":
        _load_users(f, export)
    elif rel.name in _LISTS:
        _load_list(f, export, _LISTS[rel.name])
    elif _DAY.match(rel.name):
        _load_day(f)
    else:
        raise ParseError(f"{f.rel}: not a file of a Slack export (a day file is named YYYY-MM-DD.json)")


_LINE = re.compile(r"^\s*- (?:↳ )?\*\*\d{2}:\d{2} [^*]+\*\*: ", re.MULTILINE)


def load_transcript(f: RoomFile) -> None:
    """A conversation's Markdown transcript."""
    try:
        text = f.data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ParseError(f"{f.rel}: not UTF-8: {exc}") from None
    rel = PurePosixPath(f.rel)
    f.add("chat_transcripts", path=f.rel, export=str(rel.parent) if str(rel.parent) != "." else "",
          n_messages=len(_LINE.findall(text)), text=text)
