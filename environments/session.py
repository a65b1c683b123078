"""A session over a world: a private, writable copy of its room that the apps write to, with reset and state export.

The published bundle is never written. A session's copy is copy-on-write: every write (a sent
message, a filed document, a downloaded attachment) lands in the session's own `room/`, which
shadows the published room file by file, and `state.json` records the rest. Reads look in the
session's room first, then in the published one. Copying a whole room per session (and per task
trial) would cost more than the trial itself. `reset()` empties the session's room and its state;
`state()` is what a grader reads: what was sent (mail, and chat posts, which are kept in the state
rather than written into the room's chat export), which files were added or changed against the
published manifest, and the answer.
"""

from __future__ import annotations

import datetime as dt
import email.policy
import json
import shutil
import tempfile
from email.message import EmailMessage
from email.utils import format_datetime, formataddr, make_msgid
from pathlib import Path, PurePosixPath

from pydantic import BaseModel, Field

from worldsmith.worlds import bundle as _bundle
from worldsmith.worlds.errors import WorldsmithError
from worldsmith.worlds.world import World

STATE = "state.json"
SENT_FOLDER = "Sent"


class SessionError(WorldsmithError):
    """An app was asked for something the world does not have, or a write it cannot make."""

    exit_code = 2


class SentMessage(BaseModel):
    """A message the agent sent during the session."""

    message_id: str = Field(description="without angle brackets")
    path: str = Field(description="under the session's room/")
    sender: str
    to: list[str]
    cc: list[str] = []
    subject: str
    body: str
    text: str = Field("", description="the sender's own text, without the quoted or forwarded message")
    in_reply_to: str | None = None
    mode: str = "new"  # new | reply | forward
    sent_at: str


class ChatPost(BaseModel):
    """A chat message the agent posted during the session (kept in state.json; the room's export is not rewritten)."""

    channel_id: str
    channel: str = Field(description="the channel's name, or the direct message's id")
    ts: str = Field(description="Slack's message id: epoch seconds with six decimals")
    user: str = Field(description="the poster's address")
    text: str
    thread_ts: str | None = None
    posted_at: str


class SessionState(BaseModel):
    """What a session did: the grader's input."""

    world_id: str
    user: str = Field(description="the address the agent sends as")
    sent: list[SentMessage] = []
    chat_posts: list[ChatPost] = []
    answer: str | None = None
    files_added: list[str] = []
    files_changed: list[str] = []
    files_removed: list[str] = []


class Session:
    """A writable copy of a world's room, and the record of what was done in it."""

    def __init__(self, world: World, root: str | Path | None = None, user: str | None = None):
        self.world = world
        self.root = Path(root) if root is not None else Path(tempfile.mkdtemp(prefix="worldsmith-session-"))
        self.user = self._resolve_user(user)
        # A fixed clock after the world's last message: the same actions give the same state, and what the
        # session sends comes after everything it answers.
        last = world.db.execute("select max(sent_at) from emails").fetchone()[0]
        if world.db.execute("select count(*) from information_schema.tables where table_name = 'chat_messages'").fetchone()[0]:
            last_chat = world.db.execute('select max("at") from chat_messages').fetchone()[0]
            last = max(x for x in (last, last_chat) if x is not None) if (last or last_chat) else None
        end = dt.datetime.combine(world.plan.window_end, dt.time(17, 0), tzinfo=dt.timezone.utc)
        self._clock = max(end, last.astimezone(dt.timezone.utc) + dt.timedelta(hours=1)) if last else end
        if (self.root / STATE).is_file() and (self.root / _bundle.ROOM).is_dir():
            self._state = SessionState.model_validate_json((self.root / STATE).read_text(encoding="utf-8"))
        else:
            self.reset()

    # ------------------------------------------------------------ lifecycle

    @property
    def room(self) -> Path:
        """The session's own room: every write lands here, shadowing the published file of the same path."""
        return self.root / _bundle.ROOM

    def reset(self) -> SessionState:
        """Restore the initial state: drop everything the session wrote and empty its record."""
        if self.room.exists():
            shutil.rmtree(self.room)
        self.room.mkdir(parents=True)
        self._state = SessionState(world_id=self.world.world_id, user=self.user)
        self._save()
        return self.state()

    def state(self) -> SessionState:
        """The session's record, with the file changes against the published manifest."""
        published = {f.path[len(_bundle.ROOM) + 1:]: f.sha256 for f in self.world.manifest.files
                     if f.path.startswith(_bundle.ROOM + "/")}
        mine = {p.relative_to(self.room).as_posix(): p for p in self.room.rglob("*") if p.is_file()}
        added = sorted(set(mine) - set(published))
        changed = sorted(p for p in set(mine) & set(published) if _bundle.sha256_file(mine[p]) != published[p])
        removed = sorted(p for p in published if not (self.world.room / p).is_file() and p not in mine)
        return self._state.model_copy(update={"files_added": added, "files_changed": changed,
                                              "files_removed": removed})

    @property
    def sent(self) -> list[SentMessage]:
        """What the session has sent so far, oldest first."""
        return list(self._state.sent)

    def export_state(self, path: str | Path) -> Path:
        """Write the state as JSON to a file (for a grader elsewhere)."""
        path = Path(path)
        path.write_text(self.state().model_dump_json(indent=2) + "\n", encoding="utf-8")
        return path

    def _save(self) -> None:
        (self.root / STATE).write_text(self._state.model_dump_json(indent=2) + "\n", encoding="utf-8")

    def _resolve_user(self, user: str | None) -> str:
        people = self.world.plan.people
        if user is None:
            return people[0].email
        for p in people:
            if user in (p.id, p.email):
                return p.email
        raise SessionError(f"no person {user!r} in the world; pass a person id or address from plan.json's people")

    # ------------------------------------------------------------ paths

    def resolve(self, path: str) -> Path:
        """Where a session writes a path of the room; refuses one that leaves it."""
        rel = PurePosixPath(path.strip().lstrip("/"))
        if not rel.parts or ".." in rel.parts:
            raise SessionError(f"{path!r} is not a path inside the data room")
        return self.room.joinpath(*rel.parts)

    def read_path(self, path: str) -> Path:
        """Where to read a path of the room: the session's copy when it wrote one, else the published file."""
        mine = self.resolve(path)
        return mine if mine.exists() else self.world.room / mine.relative_to(self.room)

    def files(self) -> list[str]:
        """Every file of the room as the session sees it (published and written), by path."""
        published = [f.path[len(_bundle.ROOM) + 1:] for f in self.world.manifest.files
                     if f.path.startswith(_bundle.ROOM + "/")]
        mine = [p.relative_to(self.room).as_posix() for p in self.room.rglob("*") if p.is_file()]
        return sorted(set(published) | set(mine))

    # ------------------------------------------------------------ writes

    def send(self, to: list[str], subject: str, body: str, cc: list[str] | None = None,
             in_reply_to: str | None = None, mode: str = "new", references: list[str] | None = None,
             text: str | None = None) -> SentMessage:
        """Send a message as the session's user: written to Sent/ in the session room and recorded."""
        to = [a.strip() for a in to if a.strip()]
        if not to:
            raise SessionError("a message needs at least one address in `to`")
        n = len(self._state.sent) + 1
        sent_at = self._clock + dt.timedelta(minutes=n)
        domain = self.user.rsplit("@", 1)[-1]
        message_id = make_msgid(idstring=f"session{n}", domain=domain).strip("<>")
        msg = EmailMessage(policy=email.policy.SMTP)
        msg["Message-ID"] = f"<{message_id}>"
        msg["Date"] = format_datetime(sent_at)
        msg["From"] = formataddr((self._name_of(self.user), self.user))
        msg["To"] = ", ".join(to)
        if cc:
            msg["Cc"] = ", ".join(cc)
        msg["Subject"] = subject
        if in_reply_to:
            msg["In-Reply-To"] = f"<{in_reply_to}>"
            msg["References"] = " ".join(f"<{r}>" for r in (references or [in_reply_to]))
        msg.set_content(body)
        rel = f"{SENT_FOLDER}/{n:03d} {sent_at:%Y-%m-%d %H%M}.eml"
        target = self.resolve(rel)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(bytes(msg))
        record = SentMessage(message_id=message_id, path=rel, sender=self.user, to=to, cc=list(cc or []),
                             subject=subject, body=body, text=body if text is None else text, in_reply_to=in_reply_to, mode=mode,
                             sent_at=sent_at.isoformat())
        self._state.sent.append(record)
        self._save()
        return record

    def write_document(self, path: str, text: str) -> str:
        """File a text document (Markdown) at a path of the session room; returns the path written."""
        if not path.lower().endswith((".md", ".txt")):
            raise SessionError(f"{path!r}: documents are filed as Markdown (.md) or text (.txt)")
        target = self.resolve(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        return target.relative_to(self.room).as_posix()

    def save_download(self, name: str, data: bytes) -> str:
        """Keep a downloaded attachment under Downloads/ in the session room."""
        target = self.resolve(f"Downloads/{PurePosixPath(name).name}")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        return target.relative_to(self.room).as_posix()

    def post_chat(self, channel_id: str, channel: str, text: str, thread_ts: str | None = None) -> ChatPost:
        """Post to a chat conversation as the session's user: recorded in the state, after everything in the room."""
        if not text.strip():
            raise SessionError("a chat message needs some text")
        n = len(self._state.chat_posts) + 1
        at = self._clock + dt.timedelta(minutes=n, seconds=30)  # between the session's mails, never on one
        record = ChatPost(channel_id=channel_id, channel=channel, ts=f"{int(at.timestamp())}.{n:06d}",
                          user=self.user, text=text, thread_ts=thread_ts, posted_at=at.isoformat())
        self._state.chat_posts.append(record)
        self._save()
        return record

    def submit_answer(self, text: str) -> None:
        """Record the agent's final answer."""
        self._state.answer = text
        self._save()

    def _name_of(self, address: str) -> str:
        return next((p.name for p in self.world.plan.people if p.email == address), "")


def load_state(root: str | Path) -> SessionState:
    """The state a session left in its folder (state.json), for grading after the apps have stopped."""
    path = Path(root) / STATE
    if not path.is_file():
        raise SessionError(f"{root}: no {STATE}; was a session started there?")
    return SessionState.model_validate_json(path.read_text(encoding="utf-8"))


def json_dump(value: object) -> str:
    """Stable JSON for tool results and state files."""
    return json.dumps(value, sort_keys=True, default=str)
