"""A session folder on disk: the marker that says whose it is, and the append-only, HMAC-chained log of its state.

    DIR/.worldsmith-session.json   the marker: format, version, world id, the chain's head and length
    DIR/state.jsonl                one JSON record per action, each carrying the MAC that chains it
    DIR/room/                      what the session wrote (worldsmith.environments.session)

A folder is a session's only when it carries the marker: `claim` creates a missing or empty folder,
reuses one whose marker names the same world, and refuses everything else (a folder with other
files, a marker of another world, a folder inside a world bundle), so no command removes what it
did not make. The log grows by appending one line per action, never by rewriting a whole file.

Each line's MAC is HMAC-SHA256(key, previous MAC + the line), so a line edited, inserted or removed
breaks every MAC after it, and the marker's head catches lines cut from the end. The key is never in
the session folder, so whoever can write the folder (an agent) cannot sign an edit again: it is
WORLDSMITH_STATE_KEY when the environment sets it at the session's start, else a random key made for
the session in the user's data folder (`<data>/worldsmith/session-keys/<session id>.key`, mode 0600;
WORLDSMITH_SESSION_KEYS names another folder), found by the session id in the marker. A session of an
earlier worldsmith kept its key in the marker, where anyone who can edit the log could read it: it
still loads and can be continued, but `verify` never vouches for it (False); it is not migrated, since
re-signing its log would vouch for whatever the log holds now.

Keys do not pile up in the data folder. Beside each key, `<session id>.folder` names the folder its session
was started in. A scratch session worldsmith makes for itself (the lint's, the attack suite's) is removed with
its key (`discard`). A folder the user removes is noticed when the next session starts (nothing of worldsmith
runs when a folder is deleted): a key over a day old whose folder is gone, or no longer holds that session's
marker, is pruned. The day is for a folder moved or copied away to be graded elsewhere; a folder that exists
but cannot be read keeps its key.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import hmac
import json
import os
import re
import secrets
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from worldsmith.environments import room_paths
from worldsmith.environments.given_secret import given_secret
from worldsmith.worlds import bundle as _bundle
from worldsmith.worlds.errors import WorldsmithError

MARKER = ".worldsmith-session.json"
LOG = "state.jsonl"
OLD_STATE = "state.json"  # sessions of worldsmith before the log: refused, see claim()
FORMAT = "worldsmith-session"
VERSION = 2
KEY_ENV = "WORLDSMITH_STATE_KEY"
KEYS_ENV = "WORLDSMITH_SESSION_KEYS"  # the folder of the sessions' own keys, instead of the user's data folder
_SESSION_ID = re.compile(r"[0-9a-f]{32}")
_KEY_TEXT = re.compile(rb"[0-9a-f]{64}")
MAX_DEPTH = 16  # nesting of a record; the apps write at most four levels
MAX_STATE_BYTES = 64 * 1024 * 1024
MAX_ACTIONS = 10_000
_MARKER_BYTES = 64 * 1024


class SessionFolderError(WorldsmithError):
    """A session folder that is not this session's to use, or whose state cannot be read."""

    exit_code = 2


@dataclass
class Record:
    """One line of the log: its fields and the MAC written with it."""

    data: dict
    mac: str


@dataclass
class Log:
    """The session's log as read from disk, and where the chain stands."""

    records: list[Record] = field(default_factory=list)
    size: int = 0


def env_key() -> bytes | None:
    """The state key the environment gives (WORLDSMITH_STATE_KEY), as bytes; None when unset (WeakSecretError when
    shorter than given_secret.MIN_SECRET_CHARS: a short key is guessed, and a hand edit signed with it)."""
    value = given_secret(KEY_ENV)
    return value.encode("utf-8") if value else None


def keys_folder() -> Path:
    """Where the sessions' own keys are kept: WORLDSMITH_SESSION_KEYS, else the user's worldsmith data folder."""
    if os.environ.get(KEYS_ENV):
        return Path(os.environ[KEYS_ENV]).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("worldsmith")) / "session-keys"


def _key_file(session_id: object) -> Path | None:
    return keys_folder() / f"{session_id}.key" if isinstance(session_id, str) and _SESSION_ID.fullmatch(session_id) \
        else None


def _make_own_key(root: Path, session_id: str) -> None:
    """A new random key for this session, in a file of its own outside the session folder (mode 0600)."""
    folder = keys_folder()
    resolved = folder.resolve()
    if resolved == root or root in resolved.parents:
        raise SessionFolderError(f"{KEYS_ENV}={folder} is inside the session folder {root}, where an agent could "
                                 "read the key; keep the keys outside it")
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(folder / f"{session_id}.key", os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(secrets.token_hex(32) + "\n")


def _own_key(marker: dict) -> bytes | None:
    """The session's own key, from the keys folder; None when it is not on this machine (or not a key)."""
    path = _key_file(marker.get("session_id"))
    if path is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        text = f.read(256).strip()
    return text if _KEY_TEXT.fullmatch(text) else None


def key_source(marker: dict) -> str:
    """Where a session's key is: 'env' (WORLDSMITH_STATE_KEY), 'own' (the keys folder) or 'marker' (an old
    session's, in its own folder: never vouched for)."""
    if isinstance(marker.get("key"), str):
        return "marker"
    return "own" if marker.get("key_source") == "own" else "env"


def _canonical(data: dict) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def chain(key: bytes, previous: str, data: dict) -> str:
    """The MAC of one record after the one whose MAC is `previous` ('' for the first)."""
    return hmac.new(key, previous.encode("ascii") + b"\n" + _canonical(data), hashlib.sha256).hexdigest()


def _inside_a_world(folder: Path) -> Path | None:
    """The world bundle (published, staged or quarantined) that holds this folder, if one does."""
    for p in (folder, *folder.parents):
        if (p / _bundle.PLAN).is_file() and ((p / _bundle.MANIFEST).is_file() or (p / _bundle.ROOM).is_dir()):
            return p
    return None


def claim(root: Path, world_id: str, world_path: Path, made: bool = False) -> dict:
    """Make root this session's folder, or reuse it if it already is; the marker. Refuses any other folder.

    `made`: the caller has just created root (an empty temporary folder), so the session may own it."""
    root = Path(root).expanduser()
    env_key()  # a key too short to use is refused before any folder is made
    resolved = root.resolve()
    world = Path(world_path).resolve()
    if resolved == world or world in resolved.parents:
        raise SessionFolderError(f"{root} is inside the world bundle being served; sessions write into their folder, "
                                 "so give --session a folder outside it (e.g. /tmp/run1)")
    bundle = _inside_a_world(resolved)
    if bundle is not None:
        raise SessionFolderError(f"{root} is inside the world bundle {bundle}; give --session a folder outside every "
                                 "world (e.g. /tmp/run1)")
    if resolved.is_symlink() or (resolved.exists() and not resolved.is_dir()):
        raise SessionFolderError(f"{root} exists and is not a folder; give --session a new or empty folder")
    if not resolved.exists():
        resolved.mkdir(parents=True)
        return _new_marker(resolved, world_id, created=True)
    marker = resolved / MARKER
    if marker.is_symlink() or marker.exists():
        found = read_marker(resolved)
        if found.get("world_id") != world_id:
            raise SessionFolderError(f"{root} is the session folder of another world ({found.get('world_id')!r}, "
                                     f"not {world_id!r}); give --session a new folder")
        _agrees_with_log(root, resolved, found)
        return found
    entries = sorted(os.listdir(resolved))
    if OLD_STATE in entries:
        raise SessionFolderError(f"{root} holds a session of an older worldsmith (state.json, without "
                                 f"{MARKER}); grade it with that version, or give --session a new folder")
    if entries:
        raise SessionFolderError(f"{root} is not empty and is not a worldsmith session folder (no {MARKER}); "
                                 "give --session a new or empty folder, nothing in this one is touched")
    return _new_marker(resolved, world_id, created=made)


def _agrees_with_log(root: Path, resolved: Path, marker: dict) -> None:
    """Refuse a folder whose marker and state log disagree: a marker copied in from another session (its log not
    with it) over a room someone filled, or a log cut short. The folder is then not this session's: nothing in it
    is touched."""
    log = read_log(resolved)
    room = resolved / _bundle.ROOM
    if not log.records and os.path.lexists(room) and (room.is_symlink() or not room.is_dir() or any(room.iterdir())):
        raise SessionFolderError(f"{root} holds a session marker but no {LOG}, and its room/ is not empty: no session "
                                 "wrote those files (a marker copied from another session?); give --session a new "
                                 "folder, nothing in this one is touched")
    if len(log.records) < marker["count"]:
        raise SessionFolderError(f"{root}: its {MARKER} records {marker['count']} actions but {LOG} holds "
                                 f"{len(log.records)}; the marker and the log are not one session's (a marker copied "
                                 "from another session, or a log cut short); give --session a new folder, nothing in "
                                 "this one is touched")


def _new_marker(root: Path, world_id: str, created: bool) -> dict:
    session_id = secrets.token_hex(16)
    source = "env" if env_key() else "own"
    if source == "own":
        if not _PRUNED.get():
            prune_keys()
        _make_own_key(root, session_id)
    marker = {"format": FORMAT, "version": VERSION, "world_id": world_id, "created_folder": created,
              "session_id": session_id, "key_source": source, "key": None, "count": 0, "head": ""}
    write_marker(root, marker)
    if source == "own":
        _note_folder(session_id, root)  # after the marker: a key whose folder is named has a session there
    return marker


KEY_GRACE_S = 24 * 3600  # how long a key outlives its folder: time to grade a folder moved or copied away
_FOLDER_NOTE = ".folder"


def _note_folder(session_id: str, root: Path) -> None:
    try:
        fd = os.open(keys_folder() / f"{session_id}{_FOLDER_NOTE}",
                     os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(str(root) + "\n")
    except OSError:
        pass  # unnamed, the key is never pruned: kept, as before there were notes


def _holds_session(root: Path, session_id: str) -> bool:
    """Whether a folder still holds the session (True also when it is there but cannot be read now)."""
    if not os.path.lexists(root / MARKER):
        return False
    try:
        return read_marker(root).get("session_id") == session_id
    except SessionFolderError:
        return True


def _drop_key(session_id: object) -> None:
    key = _key_file(session_id)
    if key is not None:
        key.unlink(missing_ok=True)
        key.with_suffix(_FOLDER_NOTE).unlink(missing_ok=True)


# Set while a batch of scratch sessions is made (pruned_once): the keys were pruned when the batch began.
_PRUNED: contextvars.ContextVar[bool] = contextvars.ContextVar("worldsmith_keys_pruned", default=False)


@contextlib.contextmanager
def pruned_once() -> Iterator[None]:
    """Prune the keys once for the scratch sessions made inside (the Harbor gates', the attack suite's), not once a
    session: a pruning reads every key kept, and a shared machine keeps thousands (4,266 here: 76 ms a session, two
    sessions a gated task). The batch's own keys go with its sessions (discard); what it finds is the same."""
    if _PRUNED.get():
        yield
        return
    if not env_key():
        prune_keys()
    token = _PRUNED.set(True)
    try:
        yield
    finally:
        _PRUNED.reset(token)


def prune_keys(now: float | None = None) -> list[str]:
    """Remove the own keys of sessions whose folder is gone (or holds another session), once a key is a day old;
    the session ids removed. Keys without a note of their folder (an earlier worldsmith's) are kept."""
    now = time.time() if now is None else now
    removed = []
    folder = keys_folder()  # once, not a platformdirs lookup a key (5,000 keys: 0.75 s a new session)
    try:
        notes = [e.name for e in os.scandir(folder) if e.name.endswith(_FOLDER_NOTE)]
    except OSError:
        return removed
    for name in notes:
        session_id = name[:-len(_FOLDER_NOTE)]
        if not _SESSION_ID.fullmatch(session_id):
            continue
        note = None
        try:
            if now - os.stat(os.path.join(folder, f"{session_id}.key")).st_mtime < KEY_GRACE_S:
                continue
            note = folder / name
            root = Path(note.read_text(encoding="utf-8").strip())
        except FileNotFoundError:  # the key went (by hand, or another pruning): its note goes too
            (folder / name).unlink(missing_ok=True)
            continue
        except (OSError, UnicodeDecodeError):
            continue
        if not _holds_session(root, session_id):
            _drop_key(session_id)
            removed.append(session_id)
    return removed


def discard(root: Path) -> None:
    """Remove a scratch session folder worldsmith made for itself, and the session's key with it."""
    try:
        session_id = read_marker(root).get("session_id")
    except SessionFolderError:
        session_id = None
    shutil.rmtree(root, ignore_errors=True)
    _drop_key(session_id)


def read_marker(root: Path) -> dict:
    """The marker of a session folder; SessionFolderError when it is missing, a link or not a marker."""
    path = Path(root) / MARKER
    try:
        fd = room_paths.open_own(path, os.O_RDONLY)
    except FileNotFoundError:
        raise SessionFolderError(f"{root}: no {MARKER}; was a session started there?") from None
    except room_paths.UnsafePath as exc:
        raise SessionFolderError(f"{root}: {exc}; give --session a new folder") from None
    with os.fdopen(fd, "rb") as f:
        raw = f.read(_MARKER_BYTES + 1)
    try:
        marker = json.loads(raw) if len(raw) <= _MARKER_BYTES else None
    except (ValueError, RecursionError):  # RecursionError: nested too deep for the parser
        marker = None
    if not isinstance(marker, dict) or marker.get("format") != FORMAT:
        raise SessionFolderError(f"{root}: {MARKER} is not a worldsmith session marker; give --session a new folder")
    if marker.get("version") != VERSION:
        raise SessionFolderError(f"{root}: a session of format version {marker.get('version')!r}; this worldsmith "
                                 f"reads version {VERSION}; give --session a new folder")
    if not isinstance(marker.get("count"), int) or not isinstance(marker.get("head"), str):
        raise SessionFolderError(f"{root}: {MARKER} is damaged (no count or head); give --session a new folder")
    return marker


def write_marker(root: Path, marker: dict) -> None:
    """Replace the marker atomically (a small file; written next to it, then renamed over it)."""
    # A new name (O_EXCL), never an existing file: a name planted there (a hard link to a host file) is not
    # truncated and written through; the rename then replaces the marker's entry, not the file it named.
    tmp = Path(root) / f"{MARKER}.{os.getpid()}-{secrets.token_hex(4)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(json.dumps(marker, sort_keys=True, indent=1) + "\n")
    os.replace(tmp, Path(root) / MARKER)


def read_log(root: Path) -> Log:
    """Every record of the log, in order; SessionFolderError naming the line when one is not a record."""
    path = Path(root) / LOG
    try:
        fd = room_paths.open_own(path, os.O_RDONLY)
    except FileNotFoundError:
        return Log()
    except room_paths.UnsafePath as exc:
        raise SessionFolderError(f"{root}: {exc}; give --session a new folder") from None
    with os.fdopen(fd, "rb") as f:
        raw = f.read(MAX_STATE_BYTES + 1)
    if len(raw) > MAX_STATE_BYTES:
        raise SessionFolderError(f"{root}: {LOG} is over {MAX_STATE_BYTES // 2**20} MiB; give --session a new folder")
    log = Log(size=len(raw))
    for n, line in enumerate(raw.splitlines(), 1):
        try:
            item = json.loads(line)
        except (ValueError, RecursionError):  # RecursionError: a line nested too deep for the parser
            item = None
        # A line of MAX_DEPTH brackets or fewer nests no deeper, and is not walked: a grade reads the log three times,
        # and the walks were 150,830 in grading the legal example's attack candidates.
        if line.count(b"{") + line.count(b"[") > MAX_DEPTH and _deeper_than(item, MAX_DEPTH):
            # deep but parsable: every later step (the MAC, the replay) would recurse
            item = None
        if not (isinstance(item, dict) and isinstance(item.get("mac"), str) and isinstance(item.get("data"), dict)
                and isinstance(item["data"].get("op"), str)):
            raise SessionFolderError(f"{root}: line {n} of {LOG} is not a session record; the folder was edited by "
                                     "hand or by another program; give --session a new folder")
        log.records.append(Record(item["data"], item["mac"]))
    return log


def _deeper_than(value: object, limit: int) -> bool:
    """Whether a parsed JSON value nests more than `limit` containers deep (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return True
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return False


def _line(data: dict, mac: str) -> bytes:
    return json.dumps({"data": data, "mac": mac}, sort_keys=True, ensure_ascii=False).encode("utf-8") + b"\n"


def check(log: Log, data: dict) -> None:
    """Refuse a record the log cannot take: past MAX_ACTIONS records or MAX_STATE_BYTES bytes."""
    if len(log.records) >= MAX_ACTIONS:
        raise SessionFolderError(f"this session has recorded {MAX_ACTIONS:,} actions, as many as a session may; "
                                 "submit your answer, or start a new session")
    if log.size + len(_line(data, "0" * 64)) > MAX_STATE_BYTES:
        raise SessionFolderError(f"this session's state would pass {MAX_STATE_BYTES // 2**20} MiB; "
                                 "send or file less text, or start a new session")


def append(root: Path, log: Log, key: bytes, data: dict, *, limited: bool = True) -> Record:
    """Append one record (chained to the last), then move the marker's head to it; refuses a full log."""
    previous = log.records[-1].mac if log.records else ""
    record = Record(data, chain(key, previous, data))
    line = _line(data, record.mac)
    if limited:
        check(log, data)
    try:
        # Checked at each append, on the file opened: a hard link made while the session runs is refused too.
        fd = room_paths.open_own(Path(root) / LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    except room_paths.UnsafePath as exc:
        raise SessionFolderError(f"{exc}; nothing was written; give --session a new folder") from None
    with os.fdopen(fd, "ab") as f:
        f.write(line)
    log.records.append(record)
    log.size += len(line)
    marker = read_marker(root)
    marker.update(count=len(log.records), head=record.mac)
    write_marker(root, marker)
    return record


def verify(root: Path) -> bool:
    """Whether the log is exactly what the server appended: every MAC chains, and nothing was cut from its end.

    Checked with a key the session folder does not hold (WORLDSMITH_STATE_KEY, or the session's own key in the
    keys folder); False when that key is not here, and always for an old session whose key is in its marker.
    """
    return verified_log(root) is not None


def verified_log(root: Path) -> Log | None:
    """The log, read once, when verify() holds for it; None when it does not (a caller that replays the log reads
    what was verified, not a second read)."""
    try:
        marker = read_marker(root)
        log = read_log(root)
    except SessionFolderError:
        return None
    source = key_source(marker)
    key = env_key() if source == "env" else _own_key(marker) if source == "own" else None
    if key is None or not log.records or marker["count"] < 1 or marker["count"] > len(log.records):
        return None
    previous = ""
    for record in log.records:
        expected = chain(key, previous, record.data)
        if not hmac.compare_digest(expected, record.mac):
            return None
        previous = expected
    # Lines after the marker's count are a crash between an append and the marker's update: they chain, so the
    # server wrote them. Lines cut from the end do not match the head.
    return log if hmac.compare_digest(log.records[marker["count"] - 1].mac, marker["head"]) else None


def state_key(marker: dict) -> bytes:
    """The key this session's records are chained with: the environment's, its own (keys folder), or an old
    session's from its marker (which it can be continued with, never vouched for)."""
    source = key_source(marker)
    if source == "marker":
        return marker["key"].encode("utf-8")
    if source == "own":
        key = _own_key(marker)
        if key is None:
            raise SessionFolderError(f"this session's key is not on this machine (sessions keep it outside their "
                                     f"folder, in {keys_folder()}); continue it where it was started, or give "
                                     "--session a new folder")
        return key
    key = env_key()
    if key is None:
        raise SessionFolderError(f"this session was started with {KEY_ENV} set; set the same key to continue it")
    return key
