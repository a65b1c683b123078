"""A session over a world: a private, writable copy of its room that the apps write to, with reset and state export.

The published bundle is never written. A session's copy is copy-on-write: every write (a sent
message, a filed document, a downloaded attachment) lands in the session's own `room/`, which
shadows the published room file by file, and the session's log (worldsmith.environments.session_store)
records every action. Reads look in the session's room first, then in the published one. Copying a
whole room per session (and per task trial) would cost more than the trial itself. `reset()` removes
what the session wrote (as its log records it) and starts its state again; `state()` is what a grader reads: what was sent (mail,
and what a kind's own app records, such as chat posts, kept in the state rather than written into the room), which
files were added or changed against the published manifest, and the answer. `verify_state()` says
whether the log and the room are exactly what the apps wrote.

A session folder is the session's only when it carries its marker: a missing or empty folder is
made one, a folder of the same world whose marker and log agree is resumed, anything else is refused,
and nothing is removed but the files the session's log says it wrote. Every path an agent names stays inside the room and never passes
through a link (worldsmith.environments.room_paths).
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import email.policy
import hashlib
import json
import secrets
import stat
import tempfile
from email.message import EmailMessage
from email.utils import format_datetime, formataddr, make_msgid
from pathlib import Path, PurePosixPath

import duckdb
from pydantic import BaseModel, Field, ValidationError, create_model

from worldsmith.environments import apps, deliverables, limits, room_paths, session_store
from worldsmith.worlds import bundle as _bundle
from worldsmith.worlds import kinds
from worldsmith.worlds.apps import Records
from worldsmith.worlds.errors import SessionError, WorldsmithError  # SessionError: the kinds' apps raise it too
from worldsmith.worlds.printable import quoted
from worldsmith.worlds.world import World

STATE = session_store.LOG
SENT_FOLDER = "Sent"


@contextlib.contextmanager
def _as_session_error():
    """Path and limit refusals reach callers as SessionError, the one error the apps raise on purpose."""
    try:
        yield
    except (room_paths.UnsafePath, limits.LimitError, session_store.SessionFolderError) as exc:
        raise SessionError(str(exc)) from None


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


class SessionState(BaseModel):
    """What a session did: the grader's input. A session's state also lists what each kind's app recorded (the
    chat app's chat_posts...): see state_model."""

    world_id: str
    user: str = Field(description="the address the agent sends as")
    sent: list[SentMessage] = []
    answer: str | None = None
    files_added: list[str] = []
    files_changed: list[str] = []
    files_removed: list[str] = []


def record_types() -> list[Records]:
    """What the registered kinds' apps record in a session (worldsmith.worlds.apps.Records), by app name."""
    return list(apps.record_apps().values())


_STATE_MODELS: dict[tuple, type[BaseModel]] = {}


def state_model() -> type[BaseModel]:
    """SessionState with a list for each kind app's records (chat's chat_posts) right after `sent`, where the state's
    JSON (export_state, the grader's input) has always had them; one model per set of registered apps."""
    records = tuple((r.field, r.model) for r in record_types())
    model = _STATE_MODELS.get(records)
    if model is None:
        core = [(name, (f.annotation, f)) for name, f in SessionState.model_fields.items()]
        at = [name for name, _ in core].index("sent") + 1
        fields = dict(core[:at]) | {name: (list[m], Field(default_factory=list)) for name, m in records} | dict(core[at:])
        model = create_model("SessionState", __doc__=SessionState.__doc__, **fields)
        _STATE_MODELS[records] = model
    return model


class _Replay:
    """The state a log describes since its last start or reset, and the room files it wrote (path -> sha256)."""

    def __init__(self, world_id: str, user: str):
        self.state = state_model()(world_id=world_id, user=user)
        self.records = {r.op: r for r in record_types()}  # a kind app's records in the log, by op ("chat")
        self.written: dict[str, str] = {}
        self.room_bytes = 0

    def apply(self, data: dict) -> None:
        op = data["op"]
        if op == "sent":
            message = SentMessage.model_validate(data["message"])
            self.state.sent.append(message)
            self._wrote(message.path, data["sha256"], data["bytes"])
        elif op == "file":
            self._wrote(data["path"], data["sha256"], data["bytes"])
        elif op in self.records:
            r = self.records[op]
            getattr(self.state, r.field).append(r.model.model_validate(data[r.key]))
        elif op == "answer":
            self.state.answer = data["text"]
        elif op not in ("start", "reset"):
            raise KeyError(op)

    def _wrote(self, path: str, sha256: str, size: int) -> None:
        self.written[path] = sha256
        self.room_bytes += int(size)


def last_message_at(world: World) -> dt.datetime | None:
    """The last moment the world's files record a message, over every kind that records one (Kind.latest_sql)."""
    moments = []
    for k in kinds.kinds():
        if k.latest_sql is None:
            continue
        try:
            moments.append(world.db.execute(k.latest_sql).fetchone()[0])
        except duckdb.CatalogException:  # a store loaded before the kind had its tables: it records nothing here
            continue
    return max((m for m in moments if m is not None), default=None)


class Session:
    """A writable copy of a world's room, and the record of what was done in it."""

    def __init__(self, world: World, root: str | Path | None = None, user: str | None = None):
        self.world = world
        self._published_shas: dict[str, str] | None = None
        fresh = root is None
        self.root = Path(root) if root is not None else Path(tempfile.mkdtemp(prefix="worldsmith-session-"))
        with _as_session_error():
            self._marker = session_store.claim(self.root, world.world_id, world.path, made=fresh)
            self.root = self.root.expanduser().resolve()
            self._log = session_store.read_log(self.root)
        # A fixed clock after the world's last message: the same actions give the same state, and what the
        # session sends comes after everything it answers.
        if "_last_message_at" not in world.__dict__:  # one query of every kind's tables per opened world, not per session
            world.__dict__["_last_message_at"] = last_message_at(world)
        last = world.__dict__["_last_message_at"]
        end = dt.datetime.combine(world.plan.window_end, dt.time(17, 0), tzinfo=dt.timezone.utc)
        self._clock = max(end, last.astimezone(dt.timezone.utc) + dt.timedelta(hours=1)) if last else end
        if fresh or not self._log.records:
            self.user = self._resolve_user(user)
            self._start("start")
        else:
            started = self._replay_log()
            if user is not None and self._resolve_user(user) != started:
                raise SessionError(f"{self.root.name}: this session acts as {started}, not {user!r}; leave out "
                                   "--user to continue it, or give --session a new folder")
            self.user = started

    # ------------------------------------------------------------ lifecycle

    @property
    def room(self) -> Path:
        """The session's own room: every write lands here, shadowing the published file of the same path."""
        return self.root / _bundle.ROOM

    def reset(self) -> SessionState:
        """Restore the initial state: remove the files the session wrote and start its record again.

        Only the files its log records as written since its start or last reset are removed (with the folders
        they leave empty): a marker proves whose folder it is, not who put each file in room/, and the log is the
        one record of what the apps wrote. A file put there by hand stays (verify_state() is False while it does)."""
        self.clear()
        return self.state()

    def clear(self) -> None:
        """reset() without reading the state back: what the lint and the attack suite do between runs (state() walks
        and hashes the room)."""
        if self.room.is_symlink():
            raise SessionError("the session's room/ is a link; give --session a new folder")
        with _as_session_error():
            for rel in sorted(self._replay.written):
                room_paths.remove_file(self.room, tuple(rel.split("/")))  # a link there is unlinked, never followed
        self._start("reset")

    def unrecorded(self) -> list[str]:
        """Files in the session's room that its log does not say it wrote (put there by hand), by path."""
        return sorted(rel for rel, _ in room_paths.walk_files(self.room) if rel not in self._replay.written)

    def _start(self, op: str) -> None:
        self.room.mkdir(exist_ok=True)
        self._replay = _Replay(self.world.world_id, self.user)
        self._append({"op": op, "world_id": self.world.world_id, "user": self.user, "nonce": secrets.token_hex(8)},
                     limited=False)

    def _replay_log(self) -> str:
        """Rebuild the state from the log; the user the session was started as."""
        first = self._log.records[0].data
        if first.get("op") != "start" or first.get("world_id") != self.world.world_id:
            raise SessionError(f"{self.root.name}: {STATE} does not start a session of this world; give --session "
                               "a new folder")
        user = str(first.get("user"))
        replay = _Replay(self.world.world_id, user)
        for n, record in enumerate(self._log.records, 1):
            try:
                if record.data["op"] == "reset":
                    replay = _Replay(self.world.world_id, user)
                else:
                    replay.apply(record.data)
            except (KeyError, TypeError, ValueError, ValidationError):
                raise SessionError(f"{self.root.name}: line {n} of {STATE} is not a record this worldsmith "
                                   "writes; give --session a new folder") from None
        self._replay = replay
        if self.room.is_symlink() or (self.room.exists() and not self.room.is_dir()):
            raise SessionError(f"{self.root.name}: the session's room/ is not a folder (a link?); give --session a "
                               "new folder")
        self.room.mkdir(exist_ok=True)
        return user

    def _append(self, data: dict, limited: bool = True) -> None:
        with _as_session_error():
            # The key is found when the session first writes: a grader elsewhere, without it, still reads the state.
            key = session_store.state_key(self._marker)
            session_store.append(self.root, self._log, key, data, limited=limited)
        self._replay.apply(data)

    def state(self) -> SessionState:
        """The session's record, with the file changes against the published manifest."""
        published = self._published()
        mine = self._mine()
        added = sorted(set(mine) - set(published))
        changed = sorted(p for p in set(mine) & set(published) if mine[p] != published[p])
        missing = [p for p in published if p not in mine]
        if missing:
            # one walk of the published room, not a guarded lookup per file (~200 per state, the attack suite's cost)
            present = {rel for rel, st in room_paths.walk_files(self.world.room) if stat.S_ISREG(st.st_mode)}
            missing = [p for p in missing if p not in present]
        removed = sorted(missing)
        return self._replay.state.model_copy(deep=True, update={"files_added": added, "files_changed": changed,
                                                                "files_removed": removed})

    def verify_state(self) -> bool:
        """Whether the state on disk is exactly what the apps recorded: the log's MAC chain holds, nothing was cut
        from its end, and the room holds exactly the files the log says the session wrote (no link, no hand edit).

        False too where it cannot vouch: the session's key (WORLDSMITH_STATE_KEY, or its own key kept outside
        the folder) is not here, or the session is an old one whose key its own marker held."""
        log = session_store.verified_log(self.root)
        if log is None:
            return False
        try:
            replay = _Replay(self.world.world_id, self.user)
            for record in log.records:
                if record.data["op"] == "reset":
                    replay = _Replay(self.world.world_id, self.user)
                else:
                    replay.apply(record.data)
        except (WorldsmithError, KeyError, TypeError, ValueError, ValidationError):
            return False
        if self.room.is_symlink() or not self.room.is_dir() or room_paths.walk_others(self.room):
            return False
        return self._mine() == replay.written

    @property
    def answer(self) -> str | None:
        """The answer submitted so far (None before one): state().answer without hashing the room for it."""
        return self._replay.state.answer

    @property
    def sent(self) -> list[SentMessage]:
        """What the session has sent so far, oldest first."""
        return list(self._replay.state.sent)

    def export_state(self, path: str | Path) -> Path:
        """Write the state as JSON to a file (for a grader elsewhere)."""
        path = Path(path)
        path.write_text(self.state().model_dump_json(indent=2) + "\n", encoding="utf-8")
        return path

    def _resolve_user(self, user: str | None) -> str:
        people = self.world.plan.people
        if user is None:
            return people[0].email
        for p in people:
            if user in (p.id, p.email):
                return p.email
        # (clipped: a 100,000-character --user was echoed whole, burying what to do)
        raise SessionError(f"no person {quoted(user)} in the world; pass a person id or address from plan.json's "
                           "people")

    # ------------------------------------------------------------ paths and reads

    def _parts(self, path: str) -> tuple[str, ...]:
        with _as_session_error():
            return room_paths.parts_of(path)

    def rel(self, path: str) -> str:
        """A path of the room as the apps name it ('/Memos//x.md' -> 'Memos/x.md'); refuses one that leaves it."""
        return "/".join(self._parts(path))

    def resolve(self, path: str) -> Path:
        """Where a session writes a path of the room; refuses one that leaves it (or no file could have)."""
        return self.room.joinpath(*self._parts(path))

    def _where(self, path: str) -> tuple[Path, tuple[str, ...]] | None:
        """(base, parts) of the file a read of this path gets: the session's copy, else the published file."""
        parts = self._parts(path)
        with _as_session_error():
            for base in (self.room, self.world.room):
                if room_paths.entry(base, parts) is not None:
                    return base, parts
        return None

    def read_path(self, path: str) -> Path:
        """Where to read a path of the room: the session's copy when it wrote one, else the published file.

        Refuses a path that leaves the room or passes through a link, or a published file that is no longer the
        one the manifest seals; read with read_bytes() where possible."""
        found = self._where(path)
        if found is not None and found[0] == self.world.room:
            self.read_bytes(path)  # checks the file against the manifest
        return (found[0].joinpath(*found[1]) if found else self.world.room.joinpath(*self._parts(path)))

    def exists(self, path: str) -> bool:
        """Whether a path names a regular file of the room as the session sees it."""
        found = self._where(path)
        if found is None:
            return False
        with _as_session_error():
            st = room_paths.entry(*found)
        return st is not None and stat.S_ISREG(st.st_mode)

    def file_size(self, path: str) -> int:
        """The size in bytes of a file of the room as the session sees it."""
        found = self._where(path)
        if found is None:
            raise SessionError(f"no file {path!r} in the data room")
        with _as_session_error():
            return room_paths.entry(*found).st_size

    def read_bytes(self, path: str, limit: int = limits.MAX_READ_BYTES) -> bytes:
        """The bytes of a file of the room (the session's copy first); never through a link, never a non-file."""
        found = self._where(path)
        data = None
        if found is not None:
            with _as_session_error():
                data = room_paths.read_bytes(*found, limit)
        if data is None:
            raise SessionError(f"no file {path!r} in the data room; find it with drive_search or drive_list")
        if found[0] == self.world.room:
            self._sealed(found[1], data)
        return data

    def _sealed(self, parts: tuple[str, ...], data: bytes) -> None:
        """Refuse a published file whose bytes are not the ones the manifest seals: what was verified when the world
        was opened is what is served, not what someone wrote into the bundle since."""
        rel = "/".join(parts)
        if self._published_shas is None:
            self._published_shas = self._published()
        expected = self._published_shas.get(rel)
        if expected is None or hashlib.sha256(data).hexdigest() != expected:
            what = "is not listed in the world's manifest" if expected is None else "no longer matches the manifest"
            raise SessionError(f"{rel!r} {what}: the bundle was changed on disk after it was opened; it is not served "
                               "(validate the world again and restart the apps)")

    def read_text(self, path: str) -> str:
        """A file of the room as text (UTF-8, undecodable bytes replaced)."""
        return self.read_bytes(path).decode("utf-8", errors="replace")

    def _published(self) -> dict[str, str]:
        return {f.path[len(_bundle.ROOM) + 1:]: f.sha256 for f in self.world.manifest.files
                if f.path.startswith(_bundle.ROOM + "/")}

    def _mine(self) -> dict[str, str]:
        """Every regular file of the session's room with its sha256 (links and pipes are never read)."""
        out = {}
        for rel, _ in room_paths.walk_files(self.room):
            try:
                data = room_paths.read_bytes(self.room, tuple(rel.split("/")), limits.MAX_READ_BYTES)
            except room_paths.UnsafePath:
                continue
            if data is not None:
                out[rel] = hashlib.sha256(data).hexdigest()
        return out

    def files(self) -> list[str]:
        """Every file of the room as the session sees it (published and written), by path."""
        mine = [rel for rel, _ in room_paths.walk_files(self.room)]
        return sorted(set(self._published()) | set(mine))

    # ------------------------------------------------------------ writes

    def _write(self, rel: str, data: bytes, record: dict) -> None:
        """Write a file of the session's room and append its record, refusing first what the state cannot hold."""
        if self._replay.room_bytes + len(data) > limits.MAX_ROOM_BYTES:
            raise SessionError(f"this session has written {self._replay.room_bytes:,} bytes; a session may write "
                               f"{limits.MAX_ROOM_BYTES:,} in all; start a new session")
        record = {**record, "sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}
        with _as_session_error():
            session_store.check(self._log, record)
            room_paths.write_bytes(self.room, room_paths.parts_of(rel), data)
        self._append(record)

    def send(self, to: list[str], subject: str, body: str, cc: list[str] | None = None,
             in_reply_to: str | None = None, mode: str = "new", references: list[str] | None = None,
             text: str | None = None) -> SentMessage:
        """Send a message as the session's user: written to Sent/ in the session room and recorded."""
        to = [a.strip() for a in to if a.strip()]
        cc = [a.strip() for a in (cc or []) if a.strip()]
        if not to:
            raise SessionError("a message needs at least one address in `to`")
        with _as_session_error():
            limits.check_text("body", body, 2 * limits.MAX_TEXT_BYTES)  # a reply quotes its message below the text
            limits.check_short("subject", subject)
            for address in to + cc:
                limits.check_short("to", address, limits.MAX_ADDRESS_CHARS)
        if any(ch in a for a in to + cc for ch in "\r\n") or any(ch in subject for ch in "\r\n"):
            raise SessionError("addresses and subjects are one line each: no line breaks")
        n = len(self._replay.state.sent) + 1
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
        record = SentMessage(message_id=message_id, path=rel, sender=self.user, to=to, cc=cc,
                             subject=subject, body=body, text=body if text is None else text, in_reply_to=in_reply_to,
                             mode=mode, sent_at=sent_at.isoformat())
        self._write(rel, bytes(msg), {"op": "sent", "message": record.model_dump()})
        return record

    def write_document(self, path: str, text: str) -> str:
        """File a document at a path of the session room: Markdown made a Word file (.docx), or kept as Markdown
        (.md) or text (.txt); returns the path written."""
        if not path.lower().endswith((".docx", ".md", ".txt")):
            raise SessionError(f"{path!r}: documents are filed as Word (.docx, from Markdown), Markdown (.md) or "
                               "text (.txt)")
        docx = path.lower().endswith(".docx")
        with _as_session_error():
            limits.check_text("text", text, limits.MAX_DOCX_TEXT_BYTES if docx else limits.MAX_TEXT_BYTES)
        rel = "/".join(self._parts(path))
        try:
            data = deliverables.docx_from_markdown(text) if docx else text.encode("utf-8")
        except ValueError as exc:  # past the blocks or table rows a .docx holds
            raise SessionError(f"{path!r}: {exc}; split it over several documents") from None
        self._write(rel, data, {"op": "file", "path": rel})
        return rel

    def write_sheet(self, path: str, csv_text: str, sheet: str = "Sheet1") -> str:
        """File a workbook (.xlsx) made from CSV rows ('=B2*B3' a formula) at a path of the session room."""
        if not path.lower().endswith(".xlsx"):
            raise SessionError(f"{path!r}: sheets are filed as workbooks (.xlsx)")
        with _as_session_error():
            limits.check_text("csv", csv_text)
        try:
            data = deliverables.xlsx_from_csv(csv_text, sheet)
        except (ValueError, csv.Error) as exc:
            raise SessionError(f"{path!r}: {exc}") from None
        rel = "/".join(self._parts(path))
        self._write(rel, data, {"op": "file", "path": rel})
        return rel

    def save_download(self, name: str, data: bytes) -> str:
        """Keep a downloaded attachment under Downloads/ in the session room."""
        base = PurePosixPath(name.replace("\\", "/")).name
        rel = "/".join(self._parts(f"Downloads/{base}"))
        self._write(rel, data, {"op": "file", "path": rel})
        return rel

    def record(self, records: Records, make, text: str) -> BaseModel:
        """Record what a kind app's write tool made (a chat post...): make(at, n) builds the session's n-th record of
        its kind at `at`, after everything in the room; `text`, what the agent wrote, is bounded first."""
        with _as_session_error():
            limits.check_text("text", text)
        n = len(getattr(self._replay.state, records.field)) + 1
        at = self._clock + dt.timedelta(minutes=n, seconds=30)  # between the session's mails, never on one
        record = make(at, n)
        self._append({"op": records.op, records.key: record.model_dump()})
        return record

    def submit_answer(self, text: str) -> None:
        """Record the agent's final answer."""
        with _as_session_error():
            limits.check_text("answer", text, limits.MAX_ANSWER_BYTES)
        self._append({"op": "answer", "text": text})

    def _name_of(self, address: str) -> str:
        return next((p.name for p in self.world.plan.people if p.email == address), "")


def load_state(root: str | Path) -> SessionState:
    """The state a session left in its folder (its log), for reading after the apps have stopped."""
    with _as_session_error():
        session_store.read_marker(Path(root))
        log = session_store.read_log(Path(root))
    if not log.records or log.records[0].data.get("op") != "start":
        raise SessionError(f"{root}: no {STATE}; was a session started there?")
    first = log.records[0].data
    replay = _Replay(str(first.get("world_id")), str(first.get("user")))
    try:
        for record in log.records:
            if record.data["op"] == "reset":
                replay = _Replay(replay.state.world_id, replay.state.user)
            else:
                replay.apply(record.data)
    except (KeyError, TypeError, ValueError, ValidationError):
        raise SessionError(f"{root}: {STATE} holds a record this worldsmith does not write") from None
    return replay.state


def json_dump(value: object) -> str:
    """Stable JSON for tool results and state files."""
    return json.dumps(value, sort_keys=True, default=str)
