"""The persistent response cache: one SQLite row per canonical request, committed as soon as it is known."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import platformdirs
from pydantic import BaseModel, ConfigDict

from worldsmith.worlds.bundle import process_alive
from worldsmith.worlds.errors import WorldsmithError

# The fields of a request that change its answer. Everything else (base_url, api_key, timeout,
# concurrency) is left out on purpose: the same question to a mirror of the same model is the same.
KEY_FIELDS = ("model", "messages", "response_format", "mode", "temperature", "max_tokens", "seed", "prompt_version")

_SCHEMA = """
create table if not exists responses (
    key     text primary key,
    value   text not null,
    usage   text not null default '{}',
    created real not null
)
"""
# A request some process is asking the model right now: another run of the same world waits for its
# answer instead of paying for it twice. A marker whose process is gone (killed) is taken over.
_INFLIGHT = """
create table if not exists inflight (
    key     text primary key,
    pid     integer not null,
    created real not null
)
"""


class CacheError(WorldsmithError):
    """The response cache's file is no SQLite cache worldsmith can use (a device, a FIFO, a folder, another file)."""

    exit_code = 2


class CacheStats(BaseModel):
    """What the cache holds, and how it served this process."""

    model_config = ConfigDict(extra="forbid")
    path: str
    entries: int
    bytes: int
    hits: int
    misses: int


def default_cache_path() -> Path:
    """$WORLDSMITH_CACHE, or responses.sqlite in the user's cache directory."""
    env = os.environ.get("WORLDSMITH_CACHE")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_cache_dir("worldsmith")) / "responses.sqlite"


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: equal requests give equal bytes."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def key_for(request: dict[str, Any]) -> str:
    """The cache key of a request: sha256 of the canonical JSON of its answer-changing fields."""
    return hashlib.sha256(_canonical_request(request).encode("utf-8")).hexdigest()


_SORTED_FIELDS = sorted(KEY_FIELDS)
_encode_str = json.encoder.encode_basestring  # a string as canonical_json writes it (ensure_ascii=False)
# Strings and shared values already written, by the string itself or by the object held (a request's messages are
# written for its key and again for its body, and a kind's response_format is one object for all its calls).
_STRINGS: dict[str, str] = {}
_SHARED: dict[int, tuple[Any, str, str]] = {}


def json_string(text: str) -> str:
    """`text` as a JSON string (json.dumps(text, ensure_ascii=False)), remembered for the next writer of it."""
    held = _STRINGS.get(text)
    if held is None:
        if len(_STRINGS) >= 2048:
            _STRINGS.clear()
        held = _STRINGS[text] = _encode_str(text)
    return held


def share(value: Any) -> Any:
    """`value`, written once for every request that carries it (shared_json): a value no one changes once shared,
    and one of a few (a response_format per output type and mode), held for the process's life."""
    _SHARED[id(value)] = (value, canonical_json(value),
                          json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str))
    return value


def shared_json(value: Any) -> tuple[str, str] | None:
    """(canonical JSON, JSON in the value's own key order) of a value share() wrote; None for any other."""
    held = _SHARED.get(id(value))
    if held is None or held[0] is not value:  # the value itself is held, so its id is not another's
        return None
    return held[1], held[2]


def messages_json(messages: Any, canonical: bool) -> str | None:
    """A chat request's messages as JSON (keys sorted where `canonical`, else in each message's order); None where a
    message is not a dict of strings (a writer of any JSON then writes them)."""
    parts = []
    for m in messages:
        if type(m) is not dict or any(type(k) is not str or type(v) is not str for k, v in m.items()):
            return None
        keys = sorted(m) if canonical else m
        parts.append("{" + ",".join(f"{json_string(k)}:{json_string(m[k])}" for k in keys) + "}")
    return "[" + ",".join(parts) + "]"


def _canonical_request(request: dict[str, Any]) -> str:
    """canonical_json() of a request's answer-changing fields, written from the strings and shared values it is made
    of (its messages' texts, a kind's response_format) rather than walked and sorted whole on every call."""
    parts = []
    for k in _SORTED_FIELDS:
        v = request.get(k)
        if k == "messages" and type(v) is list:
            text = messages_json(v, canonical=True)
        else:
            held = shared_json(v)
            text = None if held is None else held[0]
        parts.append(f'"{k}":{canonical_json(v) if text is None else text}')
    return "{" + ",".join(parts) + "}"


class ResponseCache:
    """A SQLite file of validated answers by request key, safe for concurrent use within one process."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path is not None else default_cache_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()
        # One connection, used from the event loop thread and possibly from worker threads; the lock
        # serialises it. Autocommit (isolation_level=None): each put is durable when it returns, so a
        # SIGKILL loses nothing that finished.
        hint = "point WORLDSMITH_CACHE (or `cache` in worldsmith.toml) at a cache file, or pass --no-cache"
        if self.path.exists() and not self.path.is_file():  # a FIFO or a device would block or read for ever
            raise CacheError(f"{self.path} is not a file (a folder, a FIFO or a device); {hint}")
        try:
            self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None, timeout=30.0)
            with self._lock:
                self._db.execute("pragma journal_mode=wal")
                self._db.execute("pragma synchronous=normal")
                self._db.execute(_SCHEMA)
                self._db.execute(_INFLIGHT)
        except sqlite3.Error as exc:  # "file is not a database", a read-only file, a locked one
            raise CacheError(f"{self.path} cannot be used as the response cache ({exc}); {hint}") from None

    def __repr__(self) -> str:
        return f"ResponseCache({str(self.path)!r})"

    def get(self, key: str) -> str | None:
        """The cached answer (JSON text) for a key, or None; counts a hit or a miss."""
        with self._lock:
            row = self._db.execute("select value from responses where key = ?", (key,)).fetchone()
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        return row[0]

    def usage_of(self, key: str) -> dict[str, Any] | None:
        """The token usage recorded when the answer for a key was first made, or None."""
        with self._lock:
            row = self._db.execute("select usage from responses where key = ?", (key,)).fetchone()
        return None if row is None else json.loads(row[0])

    def put(self, key: str, value_json: str, usage: dict[str, Any] | None = None, release: bool = False) -> None:
        """Store the answer for a key (replacing any), committed before returning; with `release`, this process's
        in-flight marker of the request goes in the same transaction (one commit per answer, not two)."""
        row = (key, value_json, canonical_json(usage or {}), time.time())
        with self._lock:
            if not release:
                self._db.execute("insert or replace into responses (key, value, usage, created) values (?, ?, ?, ?)", row)
                return
            self._db.execute("begin immediate")
            try:
                self._db.execute("insert or replace into responses (key, value, usage, created) values (?, ?, ?, ?)", row)
                self._db.execute("delete from inflight where key = ? and pid = ?", (key, os.getpid()))
            except BaseException:
                self._db.execute("rollback")
                raise
            self._db.execute("commit")

    def peek(self, key: str) -> str | None:
        """The cached answer for a key, or None, without counting a hit or a miss."""
        with self._lock:
            row = self._db.execute("select value from responses where key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    def claim(self, key: str) -> bool:
        """Mark a request as being asked by this process; False when a live process already asks it.

        A marker left by a process that no longer runs (a killed run) is taken over.
        """
        with self._lock:
            if self._db.execute("insert or ignore into inflight (key, pid, created) values (?, ?, ?)",
                                (key, os.getpid(), time.time())).rowcount:
                return True
            row = self._db.execute("select pid from inflight where key = ?", (key,)).fetchone()
            if row is None or row[0] == os.getpid() or process_alive(row[0]):
                return False  # the same process asks it in another task, or another live run does
            # Its process is gone: take the marker over, unless a third process just did.
            return bool(self._db.execute("update inflight set pid = ?, created = ? where key = ? and pid = ?",
                                         (os.getpid(), time.time(), key, row[0])).rowcount)

    def release(self, key: str) -> None:
        """Remove this process's in-flight marker of a request (answered or failed)."""
        with self._lock:
            self._db.execute("delete from inflight where key = ? and pid = ?", (key, os.getpid()))

    def discard(self, key: str) -> None:
        """Forget one answer (one that no longer validates, say)."""
        with self._lock:
            self._db.execute("delete from responses where key = ?", (key,))

    def stats(self) -> CacheStats:
        """Entries and bytes on disk (WAL included), hits and misses in this process."""
        with self._lock:
            entries = self._db.execute("select count(*) from responses").fetchone()[0]
        size = sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.exists())
        return CacheStats(path=str(self.path), entries=entries, bytes=size, hits=self.hits, misses=self.misses)

    def clear(self) -> int:
        """Remove every entry; returns how many there were."""
        with self._lock:
            n = self._db.execute("select count(*) from responses").fetchone()[0]
            self._db.execute("delete from responses")
            self._db.execute("vacuum")
        return n

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()
