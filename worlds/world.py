"""The loader environments use: a published bundle opened as a typed, read-only World with its DuckDB store.

    world = worldsmith.open("outputs/kestrel-bay-...")
    world.facts["liability_cap"].text          # 'USD 156,200,000'
    world.threads[0].messages[0].subject
    world.db.sql("select path from documents").fetchall()

Opening checks what the bundle claims about itself, as it would a file from a stranger: its schema_version
must be one this code reads; it must hold only regular files and folders (a link, hard or symbolic, a FIFO or
a device is refused); the manifest's seal must match its metadata, every file must hash to the sha256 it lists
(a changed, missing or unlisted file is a world that is no longer the one that was validated), and its verdict
must be the one its sealed validation.json adds up to. The store is opened read-only and sandboxed
(worlds.store.sandbox); a world.duckdb that is missing, is not the store sealed after the last load, was not
built on this machine, or was built from another world or room than the manifest lists, is rebuilt from the
sealed room in a private temporary folder, never inside the bundle. One that an older worldsmith built and
sealed here is rebuilt once and kept for later opens (worlds.store.upgraded).
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import shutil
import tempfile
import weakref
from pathlib import Path
from typing import Any

import duckdb
from pydantic import BaseModel, ConfigDict

from worldsmith.worlds import bundle as _bundle
from worldsmith.worlds import kinds as _kinds
from worldsmith.worlds.errors import BundleError
from worldsmith.worlds.plan import LedgerDistractor, LedgerFact, Org, Person, WorldPlan
from worldsmith.worlds.report import ValidationReport
from worldsmith.worlds.store.sandbox import OlderStoreError, StoreError, open_store

_FROZEN = ConfigDict(frozen=True, extra="forbid")
_log = logging.getLogger("worldsmith")


class ChecksumError(BundleError):
    """A bundle's files are not the ones its manifest lists: changed, missing or unlisted."""


class Message(BaseModel):
    """One email as parsed from its .eml file."""

    model_config = _FROZEN
    artifact_id: str | None
    path: str
    message_id: str | None
    in_reply_to: str | None
    subject: str | None
    sender: str | None
    sender_name: str | None
    to: tuple[str, ...]
    cc: tuple[str, ...]
    sent_at: dt.datetime | None
    body: str
    body_new: str


class Thread(BaseModel):
    """The messages of one folder thread, oldest first."""

    model_config = _FROZEN
    id: str
    folder: str
    subject: str | None
    messages: tuple[Message, ...]


class Mailbox(BaseModel):
    """A person's .mbox: everything they sent or received."""

    model_config = _FROZEN
    owner: str
    path: str
    n_messages: int


class Document(BaseModel):
    """A .docx of the room with its text (paragraphs and table cells, in order)."""

    model_config = _FROZEN
    artifact_id: str | None
    path: str
    title: str | None
    text: str


class Sheet(BaseModel):
    """One worksheet of a workbook in the room."""

    model_config = _FROZEN
    artifact_id: str | None
    path: str
    name: str
    n_rows: int
    n_cols: int


class World(BaseModel):
    """A published world, read-only: its manifest, plan, validation verdict and DuckDB connection."""

    # Built on first use (open_world), not on import: its plan is typed by the kinds' unions, and building it
    # here would load every kind's generator, faker and python-docx with `import worldsmith.worlds.world`.
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True, defer_build=True)
    path: Path
    manifest: _bundle.Manifest
    plan: WorldPlan
    validation: ValidationReport | None
    db: Any  # duckdb.DuckDBPyConnection, opened read_only

    @property
    def store_path(self) -> Path:
        """The DuckDB file `db` reads: the bundle's world.duckdb, or the private one rebuilt from its room."""
        return self.__dict__["_store_path"]

    @property
    def room(self) -> Path:
        """The folder of files an agent sees."""
        return self.path / _bundle.ROOM

    @property
    def world_id(self) -> str:
        """The world's id."""
        return self.manifest.world_id

    @property
    def verdict(self) -> str:
        """pass | warn | fail, as validated before publishing."""
        return self.manifest.verdict

    @property
    def organisations(self) -> list[Org]:
        """The organisations of the world."""
        return list(self.plan.organisations)

    @property
    def people(self) -> list[Person]:
        """The cast."""
        return list(self.plan.people)

    @property
    def facts(self) -> dict[str, LedgerFact]:
        """The fact ledger by id: the ground truth verifiers take their answers from."""
        return {f.id: f for f in self.plan.facts}

    @property
    def graph(self) -> dict[str, list[str]]:
        """The ledger as a graph: each derived fact's id and the fact ids its formula reads."""
        from worldsmith.worlds.ledger import references

        return {f.id: references(f.formula) for f in self.plan.facts if getattr(f, "formula", None)}

    def text_on(self, fact_id: str, day: dt.date) -> str | None:
        """A fact's canonical text as it stood on a day (earlier values included); None before it was known."""
        from worldsmith.worlds.ledger import value_on

        fact = self.facts[fact_id]
        history = [(p.since, p.text) for p in getattr(fact, "earlier", [])]
        history.append((getattr(fact, "known_from", None) or self.plan.window_start, fact.text))
        return value_on(history, day)

    @property
    def distractors(self) -> list[LedgerDistractor]:
        """Labelled wrong values (a superseded draft's figure) and the fact each shadows."""
        return list(self.plan.distractors)

    @property
    def messages(self) -> list[Message]:
        """Every email of the room's folders (not the mailboxes), by path."""
        # read once: the store is read-only and a Message frozen, and a task set of the legal example asked 43 times
        # (7 ms of DuckDB each); each caller gets a list of its own to sort
        cached = self.__dict__.get("_messages")
        if cached is None:
            cached = self.__dict__["_messages"] = tuple(_messages(self.db))
        return list(cached)

    @property
    def threads(self) -> list[Thread]:
        """The room's mail as threads: one per thread folder, messages oldest first."""
        by_folder: dict[str, list[Message]] = {}
        for m in self.messages:
            by_folder.setdefault(m.path.rsplit("/", 1)[0], []).append(m)
        threads = []
        for folder, msgs in sorted(by_folder.items()):
            msgs.sort(key=lambda m: (m.sent_at or dt.datetime.min.replace(tzinfo=dt.timezone.utc), m.path))
            first = msgs[0]
            thread_id = next((a.thread for a in self.plan.artifacts if a.id == first.artifact_id and a.kind == "email"),
                             folder)
            threads.append(Thread(id=thread_id, folder=folder.rsplit("/", 1)[0], subject=first.subject,
                                  messages=tuple(msgs)))
        return threads

    @property
    def mailboxes(self) -> list[Mailbox]:
        """Each person's .mbox file."""
        rows = self.db.execute("select owner, path, n_messages from mailboxes order by owner").fetchall()
        return [Mailbox(owner=o, path=p, n_messages=n) for o, p, n in rows]

    @property
    def documents(self) -> list[Document]:
        """Every .docx of the room."""
        rows = self.db.execute("select artifact_id, path, title, coalesce(text, '') from documents order by path").fetchall()
        return [Document(artifact_id=a, path=p, title=t, text=x) for a, p, t, x in rows]

    @property
    def sheets(self) -> list[Sheet]:
        """Every worksheet of every .xlsx of the room."""
        rows = self.db.execute("select artifact_id, path, sheet_name, n_rows, n_cols from sheets "
                               "order by path, position").fetchall()
        return [Sheet(artifact_id=a, path=p, name=s, n_rows=r, n_cols=c) for a, p, s, r, c in rows]

    def has_table(self, name: str) -> bool:
        """Whether the store has this table (a kind's tables exist only in worlds built with that kind)."""
        return bool(self.db.execute("select count(*) from information_schema.tables where table_name = ?",
                                    [name]).fetchone()[0])

    def __getattr__(self, name: str) -> Any:
        """What a registered kind shows of its tables (Kind.views: `world.chat` of the chat kind, `world.events` of
        the calendar's), its empty value where the room has none; this class names no kind."""
        try:
            return super().__getattr__(name)  # pydantic's private attributes
        except AttributeError:
            view = None if name.startswith("_") else _kinds.view(name)
            if view is None:
                raise
            return view(self)

    def artifacts_of(self, kind: str) -> list:
        """The planned artifacts of one kind (its spec's `kind`: "email", "document"...)."""
        return [a for a in self.plan.artifacts if a.kind == kind]

    @property
    def kinds(self) -> set[str]:
        """The artifact kinds this world has."""
        return {a.kind for a in self.plan.artifacts}

    def close(self) -> None:
        """Close the DuckDB connection (and drop a store rebuilt for this reader)."""
        self.db.close()
        private = self.__dict__.get("_private_db")
        if private:
            shutil.rmtree(private, ignore_errors=True)

    def __enter__(self) -> "World":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _messages(con: duckdb.DuckDBPyConnection) -> list[Message]:
    rows = con.execute("""
        select e.artifact_id, e.path, e.message_id, e.in_reply_to, e.subject, e.from_addr, e.from_name,
               coalesce(list(r.address order by r.address) filter (where r.kind = 'to'), []),
               coalesce(list(r.address order by r.address) filter (where r.kind = 'cc'), []),
               e.sent_at, coalesce(e.body, ''), coalesce(e.body_new, '')
        from emails e left join recipients r on r.path = e.path
        where e.path not like 'Mailboxes/%'
        group by all order by e.path""").fetchall()
    return [Message(artifact_id=a, path=p, message_id=mid, in_reply_to=irt, subject=s, sender=f, sender_name=fn,
                    to=tuple(to), cc=tuple(cc), sent_at=at, body=b, body_new=bn)
            for a, p, mid, irt, s, f, fn, to, cc, at, b, bn in rows]


def verify_files(path: Path, manifest: _bundle.Manifest, files: list[str] | None = None) -> list[str]:
    """What differs between the bundle and its sealed manifest: one line per edit or changed, missing or unlisted file.

    world.duckdb is left to open_world: a store that is not the sealed one is rebuilt, not refused. Another
    derived file (index.html, tasks.json) may be missing, never changed.
    """
    problems = []
    if manifest.seal != _bundle.seal_of(manifest):
        problems.append(f"{_bundle.MANIFEST}: edited since it was sealed (its title, verdict or a checksum "
                        "is not what was published)")
    present = set(_bundle.bundle_files(path) if files is None else files)
    listed = {f.path for f in manifest.files} | {f.path for f in manifest.derived}
    derived = [d for d in manifest.derived if d.path != _bundle.DATABASE]
    for n, entry in enumerate(manifest.files + derived):
        if entry.path not in present:  # never a path joined from the manifest before it is known to exist
            if n < len(manifest.files):
                problems.append(f"{entry.path}: missing")
            continue
        file = path / entry.path
        if file.stat().st_size != entry.bytes or _bundle.sha256_file(file) != entry.sha256:
            problems.append(f"{entry.path}: sha256 differs from the manifest")
    for rel in sorted(present - listed - {_bundle.MANIFEST, _bundle.DATABASE}):
        problems.append(f"{rel}: not listed in the manifest")
    return problems


def verdict_problems(manifest: _bundle.Manifest, validation: ValidationReport | None, plan: WorldPlan) -> list[str]:
    """Why the manifest's verdict is not believed: one line each; empty when validation.json backs it."""
    if validation is None:
        return [f"{_bundle.VALIDATION}: missing, so the verdict {manifest.verdict!r} is backed by nothing"]
    problems = []
    if not validation.world_id == plan.world_id == manifest.world_id:
        problems.append(f"world ids disagree: manifest {manifest.world_id!r}, plan {plan.world_id!r}, "
                        f"validation {validation.world_id!r}")
    errors = sum(c.count for c in validation.checks if c.severity == "error")
    warnings = sum(c.count for c in validation.checks if c.severity == "warn")
    verdict = "fail" if errors else "warn" if warnings else "pass"
    if (validation.verdict, validation.errors, validation.warnings) != (verdict, errors, warnings):
        problems.append(f"{_bundle.VALIDATION}: verdict {validation.verdict!r} does not follow from its checks "
                        f"({errors} errors, {warnings} warnings: {verdict!r})")
    if (manifest.verdict, manifest.errors, manifest.warnings) != (verdict, errors, warnings):
        problems.append(f"{_bundle.MANIFEST}: verdict {manifest.verdict!r} ({manifest.errors} errors), but "
                        f"{_bundle.VALIDATION} says {verdict!r} ({errors} errors)")
    return problems


def open_world(path: str | Path, *, verify: bool = True) -> World:
    """Open a published world bundle read-only; BundleError for an unknown schema or a link inside the bundle,
    ChecksumError for changed files or metadata. A store that is not the sealed one, or holds code, is rebuilt."""
    path = Path(path)
    if not path.is_dir():
        raise BundleError(f"{path}: no such world bundle folder; pass a folder under outputs/")
    files = _bundle.bundle_files(path)  # a link, FIFO or device anywhere in the bundle stops here, verified or not
    manifest_file = path / _bundle.MANIFEST
    if _bundle.MANIFEST not in files:
        raise BundleError(f"{path}: not a published world (it has no {_bundle.MANIFEST}); publish it with "
                          "`worldsmith generate`")
    version = _schema_version(manifest_file)
    if version == 1:
        raise BundleError(f"{manifest_file}: schema_version 1, written by a worldsmith that did not seal a world's "
                          f"metadata and store; regenerate the world, or check and seal it as it is with "
                          f"`worldsmith validate {path} --accept-edits`")
    if version != _bundle.BUNDLE_SCHEMA_VERSION:
        raise BundleError(f"{manifest_file}: schema_version {version!r} is not one this worldsmith reads "
                          f"({_bundle.BUNDLE_SCHEMA_VERSION}); open it with the worldsmith version that wrote it "
                          "or regenerate the world")
    manifest = _bundle.read_manifest(path)
    if verify:  # checksums before parsing: the plan and report read next are the sealed ones
        _refuse(path, verify_files(path, manifest, files))
    plan = _bundle.read_plan(path)
    validation = None
    if _bundle.VALIDATION in files:
        try:
            validation = _bundle.read_model(path / _bundle.VALIDATION, ValidationReport)
        except BundleError as exc:
            raise BundleError(f"{exc}; run `worldsmith validate {path}`") from None
    if verify:
        _refuse(path, verdict_problems(manifest, validation, plan))
    elif plan.world_id != manifest.world_id:
        raise BundleError(f"{path}: plan.json is world {plan.world_id!r}, manifest.json {manifest.world_id!r}; "
                          "regenerate the world")
    db_file, private, con = path / _bundle.DATABASE, None, None
    # The store is checked whether or not the room is hashed: verify=False skips hashing, never trusting a store.
    if _store_is_sealed(path, manifest, files):
        try:
            con = open_store(db_file)
        except OlderStoreError as exc:  # built and sealed here by an older worldsmith: rebuilt once, then kept
            db_file, con = _upgraded_store(path, manifest, exc)
        except StoreError as exc:  # code in a store, or a store of another schema: never queried, rebuilt
            _log.warning("%s; reading a store rebuilt from the room instead", exc)
        else:
            other = store_mismatch(con, manifest)
            if other:  # built here, but for another world or another room: never served for this one
                con.close()
                con = None
                _log.warning("%s was built from %s; reading a store rebuilt from the room instead", db_file, other)
    elif _bundle.DATABASE in files:
        # Derived, so rebuilt rather than refused: what validation checked is the room, and the store follows from it.
        _log.warning("%s is not the store sealed at publishing; reading one rebuilt from the room instead", db_file)
    if con is None:
        from worldsmith.worlds.store.load import load_bundle

        private = Path(tempfile.mkdtemp(prefix="worldsmith-world-"))
        try:
            db_file = load_bundle(path, private / _bundle.DATABASE)
            con = open_store(db_file, where=path / _bundle.DATABASE)
        except BaseException:
            shutil.rmtree(private, ignore_errors=True)
            raise
    world = World(path=path, manifest=manifest, plan=plan, validation=validation, db=con)
    world.__dict__["_private_db"] = private
    if private:
        # a reader that never closes the world (a script, a test) must not leave its ~14 MB store behind: 357 of them
        # sat in /tmp after a few test runs and filled the disk; dropped when the world is collected or at exit
        weakref.finalize(world, shutil.rmtree, private, True)
    world.__dict__["_store_path"] = db_file
    return world


def _upgraded_store(path: Path, manifest: _bundle.Manifest,
                    exc: OlderStoreError) -> tuple[Path, duckdb.DuckDBPyConnection | None]:
    """(store, connection) rebuilt from the room for a store an older worldsmith built here, kept for later opens
    (worlds.store.upgraded); (the bundle's store, None) when none can be kept, so a private one is rebuilt."""
    from worldsmith.worlds.store import upgraded

    seal = _bundle.seal_of(manifest)  # of the manifest as it is (verify=False reads one whose seal may be stale)
    kept = upgraded.rebuilt(seal)
    if kept is None:
        _log.warning("%s; rebuilding it from the room once (kept in %s; `worldsmith validate %s` rebuilds the "
                     "bundle's own)", exc, upgraded.folder(), path)
        kept = upgraded.rebuild(path, seal)
    if kept is not None:
        try:
            con = open_store(kept, where=path / _bundle.DATABASE)
        except StoreError:
            con = None
        if con is not None and store_mismatch(con, manifest) is None:
            return kept, con
        if con is not None:
            con.close()
    return path / _bundle.DATABASE, None


def _refuse(path: Path, problems: list[str]) -> None:
    """ChecksumError naming the first few problems, and what to do; nothing when there are none."""
    if problems:
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
        raise ChecksumError(f"{path}: the world is not the one published ({shown}). Regenerate the world or "
                            f"restore the bundle from its source; `worldsmith validate {path}` names what "
                            "changed, and --accept-edits re-seals edits you intended")


def _store_is_sealed(path: Path, manifest: _bundle.Manifest, files: list[str]) -> bool:
    """Whether the bundle's world.duckdb is the one sealed after its last load, and one this machine built."""
    if _bundle.DATABASE not in files:
        return False
    entry = next((d for d in manifest.derived if d.path == _bundle.DATABASE), None)
    db_file = path / _bundle.DATABASE
    if entry is None or os.stat(db_file).st_size != entry.bytes or _bundle.sha256_file(db_file) != entry.sha256:
        return False
    from worldsmith.worlds.store import trusted

    # The seal proves agreement, not origin: a store built elsewhere is rebuilt from the room it was sealed with.
    return trusted.known(entry.sha256)


def store_mismatch(con: duckdb.DuckDBPyConnection, manifest: _bundle.Manifest) -> str | None:
    """What ties a store to another bundle than `manifest`'s: its world id, its room files' sha256 or its plan's;
    None when it was built from exactly the files the manifest lists.

    A store this machine built is trusted as data, not as belonging to this bundle: a store of another world
    copied in and sealed again, or a genuine store beside forged room files, is caught here.
    """
    ids = [w for (w,) in con.execute("select world_id from world").fetchall()]
    if ids != [manifest.world_id]:
        return f"world {', '.join(map(repr, ids)) or 'none'}, not {manifest.world_id!r}"
    listed = {(e.path[len(_bundle.ROOM) + 1:], e.sha256) for e in manifest.files
              if e.path.startswith(_bundle.ROOM + "/")}
    loaded = set(con.execute("select path, sha256 from files").fetchall())
    if loaded != listed:
        differ = sorted({p for p, _ in loaded ^ listed})
        return f"other room files than the manifest lists ({len(differ)} differ, e.g. {'room/' + differ[0]!r})"
    plan = next((e.sha256 for e in manifest.files if e.path == _bundle.PLAN), None)
    loaded_plan = [p for (p,) in con.execute("select plan_sha256 from manifest_state").fetchall()]
    if loaded_plan != [plan]:
        return f"another {_bundle.PLAN} than the manifest lists"
    return None


def _schema_version(manifest_file: Path) -> Any:
    data = _bundle.parse_json(manifest_file.read_bytes(), manifest_file)  # NaN or deep nesting: BundleError
    if not isinstance(data, dict):
        raise BundleError(f"{manifest_file}: unreadable (not a JSON object); regenerate the world")
    return data.get("schema_version")
