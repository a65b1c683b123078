"""The loader: a world bundle (plan.json and room/) parsed back into a fresh DuckDB file."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import shutil
import uuid
from pathlib import Path, PurePosixPath
from typing import Any, Iterable
from zoneinfo import ZoneInfo

import duckdb
from pydantic import ValidationError

from worldsmith.worlds import kinds
from worldsmith.worlds.bundle import (DATABASE, MANIFEST, PLAN, ROOM, bundle_files, parse_json,  # the layout,
                                     read_plan)  # declared once
from worldsmith.worlds.errors import BundleError
from worldsmith.worlds.kinds import RoomFile
from worldsmith.worlds.parallel import ordered_map
from worldsmith.worlds.plan import WorldPlan
from worldsmith.worlds.public_holidays import matter_holidays
from worldsmith.worlds.store import parse
from worldsmith.worlds.store.memo import BaseStore, ParseMemo, Rows
from worldsmith.worlds.values import DateValue, Money, Number, numeric_value

SCHEMA_PATH = Path(__file__).with_name("schema.sql")


def create_schema(con: duckdb.DuckDBPyConnection) -> None:
    """Create the store's tables (schema.sql, then each kind's own) and the views built from the kinds."""
    con.execute(SCHEMA_PATH.read_text(encoding="utf-8"))
    kinds.create_tables(con)


def load_bundle(bundle: Path, db_path: Path | None = None, memo: ParseMemo | None = None) -> Path:
    """Rebuild the bundle's DuckDB store (default bundle/world.duckdb) and return its path.

    With `memo` (kept by the caller between loads of one world), files unchanged since the last load
    are not parsed again (their rows are taken from it), and the store is the memo's copy of the last one
    with only the rows of the files that changed replaced: the same rows as a load from scratch.
    """
    bundle = Path(bundle)
    present = set(bundle_files(bundle))  # a link, FIFO or device anywhere in the bundle is refused before a byte of it is read
    plan_sha = _plan_sha256(bundle)
    if memo is not None:
        memo = memo.for_plan(plan_sha)
        # A plan read from the same bytes before is the same plan, checked then: 26 MB of JSON at x80.
        plan = memo.plan = memo.plan if memo.plan is not None else read_plan(bundle)
    else:
        plan = read_plan(bundle)
    room = bundle / ROOM
    if not room.is_dir():
        raise BundleError(f"{bundle}: not a world bundle (it has no room/ folder)")
    db_path = Path(db_path) if db_path is not None else bundle / DATABASE
    db_path.parent.mkdir(parents=True, exist_ok=True)
    entries = _room_entries(plan, room, present, memo)
    parsed = _parse_room(plan, room, entries, memo)
    manifest = _Staged()
    _load_manifest(manifest.add, bundle, present, plan_sha)
    # Build beside the target and swap in whole: a reader never sees a half-loaded store.
    tmp = db_path.with_name(f"{db_path.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        if memo is not None and _update_base(memo, entries, parsed, manifest.rows):
            shutil.copyfile(memo.base.path, tmp)
        else:
            _build(tmp, plan, entries, parsed, manifest.rows)
            if memo is not None:
                _keep_base(memo, tmp, entries, parsed, manifest.rows)
    except BaseException:
        tmp.unlink(missing_ok=True)
        _wal(tmp).unlink(missing_ok=True)
        raise
    # A write-ahead log left by an older store would be replayed onto the new file: drop it first.
    _wal(db_path).unlink(missing_ok=True)
    _wal(tmp).unlink(missing_ok=True)
    os.replace(tmp, db_path)
    return db_path


def _plan_sha256(bundle: Path) -> str:
    """The plan file's sha256 ('' when there is none: read_plan then says so)."""
    try:
        return hashlib.sha256((bundle / PLAN).read_bytes()).hexdigest()
    except OSError:
        return ""


def _build(db: Path, plan: WorldPlan, entries: list[tuple], parsed: dict, manifest: Rows) -> None:
    """A fresh store at `db`: the schema, the plan's rows, the manifest's, then every room file's in path order."""
    con = duckdb.connect(str(db))
    try:
        con.execute("set TimeZone = 'UTC'")
        create_schema(con)
        tables = _Tables(con)
        _load_plan(tables, plan)
        for rel, (artifact_id, role, _) in sorted(_roles(plan).items()):
            tables.add("expected_files", path=rel, artifact_id=artifact_id, role=role)
        for table, row in manifest:
            tables.add(table, **row)
        for entry in entries:
            for table, row in _file_rows(entry, parsed):
                tables.add(table, **row)
        tables.flush()
        con.execute("checkpoint")
    finally:
        con.close()


def _file_rows(entry: tuple, parsed: dict) -> Rows:
    """Every row one room file puts in the store: what it parsed into, then its row of `files`."""
    rel, path, artifact_id, role, _, size, sha = entry
    error, rows = parsed[(rel, sha)]
    return [*rows, ("files", dict(path=rel, ext=path.suffix.lower().lstrip("."), size=size, sha256=sha,
                                  artifact_id=artifact_id, role=role, parsed=error is None, error=error))]


def _keep_base(memo: ParseMemo, db: Path, entries: list[tuple], parsed: dict, manifest: Rows) -> None:
    """Keep a copy of the store just built as the memo's base for the next load's update."""
    memo.drop_base()
    base = memo.base_path()
    shutil.copyfile(db, base)
    memo.base = BaseStore(path=base, files=_holdings(entries, parsed), manifest=manifest,
                          unkeyed=_unkeyed(entries, parsed))


def _holdings(entries: list[tuple], parsed: dict) -> dict[str, tuple[str, frozenset[str]]]:
    """Each room file's sha256 and the tables its rows fill."""
    return {e[0]: (e[6], frozenset(table for table, _ in _file_rows(e, parsed))) for e in entries}


def _unkeyed(entries: list[tuple], parsed: dict) -> set[str]:
    """The tables some file's rows fill without naming that file in a `path` column: replaced whole on update."""
    found: set[str] = set()
    for entry in entries:
        for table, row in _file_rows(entry, parsed):
            if table not in found and row.get("path") != entry[0]:
                found.add(table)
    return found


def _update_base(memo: ParseMemo, entries: list[tuple], parsed: dict, manifest: Rows) -> bool:
    """Bring the memo's base store to this room: the rows of each file whose hash changed (or that came or went)
    deleted by path and inserted again, tables without a path column and changed manifest tables rewritten whole.
    False when there is no base to update (the caller builds a fresh store); a failed update drops the base."""
    base = memo.base
    if base is None or not base.path.is_file():
        return False
    now = {e[0]: e[6] for e in entries}
    gone = sorted(rel for rel, (sha, _) in base.files.items() if now.get(rel) != sha)
    came = [e for e in entries if base.files.get(e[0], ("",))[0] != e[6]]
    unkeyed = base.unkeyed | _unkeyed(came, parsed)
    touched: set[str] = set()
    for rel in gone:
        touched.update(base.files[rel][1])
    for entry in came:
        touched.update(table for table, _ in _file_rows(entry, parsed))
    whole = touched & unkeyed
    if manifest != base.manifest:
        whole |= {table for table, _ in base.manifest + manifest} | _MANIFEST_TABLES
    if not gone and not came and not whole:
        return True
    try:
        con = duckdb.connect(str(base.path))
        try:
            con.execute("set TimeZone = 'UTC'")
            tables = _Tables(con)
            for table in sorted(touched - whole):
                con.execute(f'delete from "{table}" where path in (select unnest($1::varchar[]))', [gone])
            for table in sorted(whole):
                con.execute(f'delete from "{table}"')
            for table, row in manifest:
                if table in whole:
                    tables.add(table, **row)
            fresh = {e[0] for e in came}
            for entry in entries:
                if entry[0] in fresh or whole:
                    for table, row in _file_rows(entry, parsed):
                        if table in whole or entry[0] in fresh:
                            tables.add(table, **row)
            tables.flush()
            con.execute("checkpoint")
        finally:
            con.close()
    except BaseException:
        memo.drop_base()
        raise
    base.files, base.manifest, base.unkeyed = _holdings(entries, parsed), manifest, unkeyed
    return True


_MANIFEST_TABLES = {"manifest_state", "manifest_files", "unlisted_files"}


def _wal(path: Path) -> Path:
    return path.with_name(path.name + ".wal")


class _Tables:
    """Rows gathered per table in Python, then inserted one table at a time in a single statement."""

    def __init__(self, con: duckdb.DuckDBPyConnection):
        self.con = con
        self.rows: dict[str, list[dict[str, Any]]] = {}
        self.types: dict[str, dict[str, str]] = {}
        for table, column, data_type in con.execute(
            "select table_name, column_name, data_type from information_schema.columns"
            " where table_schema = 'main' order by table_name, ordinal_position"
        ).fetchall():
            self.types.setdefault(table, {})[column] = data_type

    def add(self, table: str, **row: Any) -> None:
        """Queue one row; unknown columns fail at once rather than vanish."""
        unknown = set(row) - set(self.types[table])
        if unknown:
            raise KeyError(f"{table} has no column {', '.join(sorted(unknown))}")
        self.rows.setdefault(table, []).append(row)

    def flush(self) -> None:
        """Insert every queued row: one `insert ... select unnest(list)` per table, no per-row round trips."""
        for table, rows in self.rows.items():
            if not rows:
                continue
            columns = list(self.types[table])
            lists = [[r.get(c) for r in rows] for c in columns]
            selects = ", ".join(f"unnest(${i + 1}::{self.types[table][c]}[])" for i, c in enumerate(columns))
            names = ", ".join(f'"{c}"' for c in columns)
            self.con.execute(f"insert into {table} ({names}) select {selects}", lists)
        self.rows.clear()


def _fact_columns(value: Any) -> dict[str, Any]:
    return {
        "type": value.type,
        "value_num": numeric_value(value),
        "value_date": value.value if isinstance(value, DateValue) else None,
    }


def _load_plan(t: _Tables, plan: WorldPlan) -> None:
    zone = ZoneInfo(plan.timezone)
    t.add("world", world_id=plan.world_id, title=plan.title, seed=plan.seed, locale=plan.locale,
          timezone=plan.timezone, window_start=plan.window_start, window_end=plan.window_end)
    for day, name in matter_holidays(plan.timezone, plan.locale, plan.window_start, plan.window_end).items():
        t.add("public_holidays", day=day, name=name)
    for o in plan.organisations:
        t.add("organisations", id=o.id, name=o.name, role=o.role, domain=o.domain, privileged=o.privileged,
              side=o.side, neutral=o.neutral, authority=o.authority)
    for p in plan.people:
        t.add("people", id=p.id, role=p.role, name=p.name, email=p.email, title=p.title,
              organisation=p.organisation, occupation=p.occupation, seniority=p.seniority, phone=p.phone)
        t.add("person_names", person_id=p.id, first_name=p.first_name, last_name=p.last_name)
    for f in plan.facts:
        t.add("facts", id=f.id, statement=f.statement, text=f.text, **_fact_columns(f.value),
              currency=f.value.currency if isinstance(f.value, Money) else None,
              unit=f.value.unit if isinstance(f.value, Number) else None,
              label=f.label or None, known_from=f.known_from, formula=f.formula, owner=f.owner)
        periods = [(p.since, p.value, p.text) for p in f.earlier] + [(f.known_from or plan.window_start, f.value, f.text)]
        for n, (since, value, text) in enumerate(periods):
            until = periods[n + 1][0] if n + 1 < len(periods) else None
            cols = _fact_columns(value)
            t.add("fact_values", fact_id=f.id, since=since, until=until, text=text,
                  value_num=cols["value_num"], value_date=cols["value_date"])
    for d in plan.distractors:
        t.add("distractors", id=d.id, fact=d.fact, text=d.text, label=d.label, **_fact_columns(d.value))
    for a in plan.artifacts:
        row: dict[str, Any] = dict(id=a.id, kind=a.kind, item=a.item, path=a.path, title=a.title, author=a.author,
                                   occupation=a.occupation, distractor=a.distractor, purpose=a.purpose)
        row.update(kinds.of(a).plan_row(a, zone, t.add))
        t.add("artifacts", **row)
        for fact in a.facts:
            t.add("planned_facts", artifact_id=a.id, fact_id=fact)


def plan_file(a: Any, zone: ZoneInfo, add: Any) -> dict[str, Any]:
    """A dated file's columns (documents, sheets): at 09:00 world time on its date, read by its readers."""
    for person in a.readers:
        add("planned_recipients", artifact_id=a.id, kind="reader", person_id=person)
    return dict(at=dt.datetime.combine(a.date, dt.time(9, 0), tzinfo=zone))


def _load_manifest(add: Any, bundle: Path, present: set[str], plan_sha: str) -> None:
    """The manifest's file list, when there is one: what the bundle held when it was published, each entry marked
    present or not by name among the bundle's files (`present`), so a listed path is never joined and opened."""
    path = bundle / MANIFEST
    if not path.is_file():
        # A staging folder has none yet: the manifest is written after validation.
        add("manifest_state", present=False, readable=False, error=None, plan_sha256=plan_sha)
        return
    try:
        data = parse_json(path.read_bytes(), MANIFEST)  # NaN, Infinity or nesting too deep: unreadable
        entries = data["files"]
        rows = {str(e["path"]): (str(e["sha256"]), e.get("bytes")) for e in entries}
    except (BundleError, KeyError, TypeError, AttributeError) as exc:
        # A hand-broken manifest must not stop the room's content from being checked.
        add("manifest_state", present=True, readable=False,
              error=str(exc) if isinstance(exc, BundleError) else f"{type(exc).__name__}: {exc}",
              plan_sha256=plan_sha)
        return
    seal, error = _seal_state(path, data)
    add("manifest_state", present=True, readable=True, error=error, plan_sha256=plan_sha, seal=seal)
    for rel, (sha, size) in sorted(rows.items()):
        add("manifest_files", path=rel, sha256=sha, bytes=size if isinstance(size, int) else None,
              present=rel in present)
    # Room files are compared with the files table; any other file the manifest does not name is found here,
    # as open_world's verify_files finds it (its derived files count as listed).
    derived = data.get("derived") if isinstance(data.get("derived"), list) else []
    listed = set(rows) | {str(e["path"]) for e in derived if isinstance(e, dict) and "path" in e}
    for rel in sorted(present - listed - {MANIFEST, DATABASE}):
        if not rel.startswith(ROOM + "/"):
            add("unlisted_files", path=rel)


def _seal_state(path: Path, data: dict) -> tuple[str | None, str | None]:
    """(state, why) of the manifest's seal. ok: it matches the metadata; none: there is none (an older worldsmith);
    broken: edited since sealed; invalid: a manifest holding a value its fields cannot (why says which), so
    nothing it records is believed; None for a bare file list (test fixtures), whose files are still compared."""
    from worldsmith.worlds.bundle import Manifest, seal_of

    try:
        manifest = Manifest.model_validate_json(path.read_bytes())
    except ValueError as exc:
        if set(data) <= {"files"}:
            return None, None
        errors = exc.errors() if isinstance(exc, ValidationError) else []
        return "invalid", "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in errors[:3]) or str(exc)
    return ("none" if not manifest.seal else "ok" if manifest.seal == seal_of(manifest) else "broken"), None


def _roles(plan: WorldPlan) -> dict[str, tuple[str, str, str]]:
    """Every path the plan implies, mapped to (artifact id, role, kind): each artifact's files (and twins)."""
    roles: dict[str, tuple[str, str, str]] = {}
    listed = [(a, path, role) for a in plan.artifacts for path, role in kinds.of(a).files(a)]
    for a, path, role in listed:
        if role == "artifact":
            roles[path] = (a.id, role, a.kind)
    for a, path, role in listed:
        roles.setdefault(path, (a.id, role, a.kind))  # a planned artifact at that path wins over a twin
    return roles


def _room_files(room: Path, present: set[str]) -> Iterable[tuple[str, Path]]:
    """The room's files, sorted, from the bundle's (`present`: bundle_files, which refused links and devices)."""
    prefix = ROOM + "/"
    return [(rel[len(prefix):], room / rel[len(prefix):]) for rel in sorted(present) if rel.startswith(prefix)]


def _file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _room_entries(plan: WorldPlan, room: Path, present: set[str], memo: ParseMemo | None) -> list[tuple]:
    """Each room file, in path order: (rel, path, artifact id, role, owning kind, size, sha256)."""
    roles = _roles(plan)
    hashes = memo.hashes if memo is not None else {}
    entries, seen = [], {}
    for rel, path in _room_files(room, present):
        artifact_id, role, owner = roles.get(rel, (None, "unplanned", None))
        if role == "unplanned":
            # A kind-wide file (a cast member's mailbox, a chat export's channel list) is no stray.
            for k in kinds.kinds():
                if (found := k.aggregate(rel)) is not None:
                    role, owner = found, k.name
                    break
        info = path.stat()
        stamp = (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
        known = hashes.get(str(path))
        sha = known[1] if known is not None and known[0] == stamp else _file_sha256(path)
        seen[str(path)] = (stamp, sha)
        entries.append((rel, path, artifact_id, role, owner, info.st_size, sha))
    if memo is not None:
        memo.hashes = seen
    return entries


# Rows a parser adds to a table named with this prefix are notes for its next read of the room (RoomFile.cache
# ["notes"][table][key] = value), kept in the memo and never stored.
NOTE = "_"


def _parse_room(plan: WorldPlan, room: Path, entries: list[tuple], memo: ParseMemo | None) -> dict:
    """(error, rows) of every room file by (path, sha256): from the memo when it parsed those bytes, else parsed now."""
    cache: dict[str, Any] = {"ids": {a.id for a in plan.artifacts}}

    def one(entry: tuple) -> tuple[str | None, Rows]:
        rel, path, artifact_id, role, owner, _, _ = entry
        staged = _Staged()
        file = RoomFile(rel=rel, path=path, data=path.read_bytes(), ext=path.suffix.lower().lstrip("."),
                        artifact_id=artifact_id if role == "artifact" else None, role=role, plan=plan,
                        add=staged.add, cache=cache)
        error = None
        try:
            _parser(file.ext, owner)(file)
        except parse.ParseError as exc:
            error = str(exc)
        except Exception as exc:  # a parser library's own surprise must not sink the whole load
            error = f"{type(exc).__name__}: {exc}"
        if error is not None:
            # Parser messages quote the absolute path; the room-relative one keeps reports identical
            # for identical worlds wherever they sit on disk. Rows count only once the whole file parsed.
            return error.replace(str(path), rel).replace(str(room), "room"), []
        return None, staged.rows

    known = memo.parsed if memo is not None else {}
    fresh = [e for e in entries if (e[0], e[6]) not in known]
    if fresh and memo is not None:
        # What parsers noted on their last reads (a mailbox's messages by their bytes), every version of every file
        # still remembered: a rewritten mailbox's old version holds most of its new one's messages.
        for kept in memo.notes.values():
            for table, note in kept:
                cache.setdefault("notes", {}).setdefault(table, {})[note["key"]] = note["value"]
    # Both cores: python-docx, openpyxl and the email package are pure Python (see worlds.parallel).
    parsed, notes = {}, {}
    for e, (error, rows) in zip(fresh, ordered_map(one, fresh)):
        parsed[(e[0], e[6])] = (error, [r for r in rows if not r[0].startswith(NOTE)])
        notes[(e[0], e[6])] = [r for r in rows if r[0].startswith(NOTE)]
    present = {(e[0], e[6]) for e in entries}
    parsed.update((k, v) for k, v in known.items() if k in present)
    if memo is not None:
        memo.parsed = parsed
        memo.notes = {**{k: v for k, v in memo.notes.items() if k in present}, **notes}
    return parsed


class _Staged:
    """Rows of one file, queued only once the whole file has parsed."""

    def __init__(self) -> None:
        self.rows: Rows = []

    def add(self, table: str, **row: Any) -> None:
        self.rows.append((table, row))


def _parser(ext: str, owner: str | None) -> Any:
    """The parser for a file: its own kind's for that extension, else the first kind's that reads it."""
    if owner is not None and ext in kinds.kind(owner).parsers:
        return kinds.kind(owner).parsers[ext]
    for k in kinds.kinds():
        if ext in k.parsers:
            return k.parsers[ext]
    if ext == "txt":
        return lambda f: parse.parse_text(f.path)
    raise parse.ParseError(f"no parser for {'.' + ext if ext else 'extension-less'} files")


def twin(path: str, suffix: str) -> str:
    """The path of a file's twin: the same name with another suffix."""
    return str(PurePosixPath(path).with_suffix(suffix))
