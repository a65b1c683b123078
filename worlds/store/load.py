"""The loader: a world bundle (plan.json and room/) parsed back into a fresh DuckDB file."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
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
from worldsmith.worlds.store import parse
from worldsmith.worlds.values import DateValue, Money, Number, numeric_value

SCHEMA_PATH = Path(__file__).with_name("schema.sql")


def create_schema(con: duckdb.DuckDBPyConnection) -> None:
    """Create the store's tables (schema.sql, then each kind's own) and the views built from the kinds."""
    con.execute(SCHEMA_PATH.read_text(encoding="utf-8"))
    kinds.create_tables(con)


def load_bundle(bundle: Path, db_path: Path | None = None, memo: ParseMemo | None = None) -> Path:
    """Rebuild the bundle's DuckDB store from scratch (default bundle/world.duckdb) and return its path.

    With `memo` (kept by the caller between loads of one world), files unchanged since the last load
    are not parsed again: their rows are taken from it.
    """
    bundle = Path(bundle)
    present = set(bundle_files(bundle))  # a link, FIFO or device anywhere in the bundle is refused before a byte of it is read
    plan = read_plan(bundle)
    room = bundle / ROOM
    if not room.is_dir():
        raise BundleError(f"{bundle}: not a world bundle (it has no room/ folder)")
    db_path = Path(db_path) if db_path is not None else bundle / DATABASE
    db_path.parent.mkdir(parents=True, exist_ok=True)
    # Build beside the target and swap in whole: a reader never sees a half-loaded store.
    tmp = db_path.with_name(f"{db_path.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    con = duckdb.connect(str(tmp))
    try:
        con.execute("set TimeZone = 'UTC'")
        create_schema(con)
        tables = _Tables(con)
        _load_plan(tables, plan)
        _load_manifest(tables, bundle, present)
        _load_room(tables, plan, room,
                   memo.for_plan(hashlib.sha256((bundle / PLAN).read_bytes()).hexdigest()) if memo else None)
        tables.flush()
        con.execute("checkpoint")
    except BaseException:
        con.close()
        tmp.unlink(missing_ok=True)
        _wal(tmp).unlink(missing_ok=True)
        raise
    con.close()
    # A write-ahead log left by an older store would be replayed onto the new file: drop it first.
    _wal(db_path).unlink(missing_ok=True)
    _wal(tmp).unlink(missing_ok=True)
    os.replace(tmp, db_path)
    return db_path


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
    for o in plan.organisations:
        t.add("organisations", id=o.id, name=o.name, role=o.role, domain=o.domain, privileged=o.privileged)
    for p in plan.people:
        t.add("people", id=p.id, role=p.role, name=p.name, email=p.email, title=p.title,
              organisation=p.organisation, occupation=p.occupation, seniority=p.seniority, phone=p.phone)
        t.add("person_names", person_id=p.id, first_name=p.first_name, last_name=p.last_name)
    for f in plan.facts:
        t.add("facts", id=f.id, statement=f.statement, text=f.text, **_fact_columns(f.value),
              currency=f.value.currency if isinstance(f.value, Money) else None,
              unit=f.value.unit if isinstance(f.value, Number) else None,
              label=f.label or None, known_from=f.known_from, formula=f.formula)
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


def _load_manifest(t: _Tables, bundle: Path, present: set[str]) -> None:
    """The manifest's file list, when there is one: what the bundle held when it was published, each entry marked
    present or not by name among the bundle's files (`present`), so a listed path is never joined and opened."""
    path = bundle / MANIFEST
    plan_sha = hashlib.sha256((bundle / PLAN).read_bytes()).hexdigest()
    if not path.is_file():
        # A staging folder has none yet: the manifest is written after validation.
        t.add("manifest_state", present=False, readable=False, error=None, plan_sha256=plan_sha)
        return
    try:
        data = parse_json(path.read_bytes(), MANIFEST)  # NaN, Infinity or nesting too deep: unreadable
        entries = data["files"]
        rows = {str(e["path"]): (str(e["sha256"]), e.get("bytes")) for e in entries}
    except (BundleError, KeyError, TypeError, AttributeError) as exc:
        # A hand-broken manifest must not stop the room's content from being checked.
        t.add("manifest_state", present=True, readable=False,
              error=str(exc) if isinstance(exc, BundleError) else f"{type(exc).__name__}: {exc}",
              plan_sha256=plan_sha)
        return
    seal, error = _seal_state(path, data)
    t.add("manifest_state", present=True, readable=True, error=error, plan_sha256=plan_sha, seal=seal)
    for rel, (sha, size) in sorted(rows.items()):
        t.add("manifest_files", path=rel, sha256=sha, bytes=size if isinstance(size, int) else None,
              present=rel in present)
    # Room files are compared with the files table; any other file the manifest does not name is found here,
    # as open_world's verify_files finds it (its derived files count as listed).
    derived = data.get("derived") if isinstance(data.get("derived"), list) else []
    listed = set(rows) | {str(e["path"]) for e in derived if isinstance(e, dict) and "path" in e}
    for rel in sorted(present - listed - {MANIFEST, DATABASE}):
        if not rel.startswith(ROOM + "/"):
            t.add("unlisted_files", path=rel)


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


def _room_files(room: Path) -> Iterable[tuple[str, Path]]:
    return [(rel, room / rel) for rel in bundle_files(room)]  # regular files only, links never followed


class ParseMemo:
    """What each room file parsed into, by path and content hash, for one plan: a repair round that
    rewrote a dozen files re-parses a dozen files, not the whole room."""

    def __init__(self) -> None:
        self.plan_sha256: str | None = None
        self.parsed: dict[tuple[str, str], tuple[str | None, list[tuple[str, dict[str, Any]]]]] = {}

    def for_plan(self, plan_sha256: str) -> "ParseMemo":
        """This memo, emptied first when it was filled for another plan (a file's rows depend on the plan)."""
        if plan_sha256 != self.plan_sha256:
            self.plan_sha256, self.parsed = plan_sha256, {}
        return self


def _file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _load_room(t: _Tables, plan: WorldPlan, room: Path, memo: ParseMemo | None = None) -> None:
    roles = _roles(plan)
    for rel, (artifact_id, role, _) in sorted(roles.items()):
        t.add("expected_files", path=rel, artifact_id=artifact_id, role=role)
    cache: dict[str, Any] = {"ids": {a.id for a in plan.artifacts}}
    files = []
    for rel, path in _room_files(room):
        artifact_id, role, owner = roles.get(rel, (None, "unplanned", None))
        if role == "unplanned":
            # A kind-wide file (a cast member's mailbox, a chat export's channel list) is no stray.
            for k in kinds.kinds():
                if (found := k.aggregate(rel)) is not None:
                    role, owner = found, k.name
                    break
        files.append((rel, path, artifact_id, role, owner, path.stat().st_size, _file_sha256(path)))

    def one(entry: tuple) -> tuple[str | None, list[tuple[str, dict[str, Any]]]]:
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
    fresh = [f for f in files if (f[0], f[6]) not in known]
    # Both cores: python-docx, openpyxl and the email package are pure Python (see worlds.parallel).
    parsed = dict(zip(((f[0], f[6]) for f in fresh), ordered_map(one, fresh)))
    if memo is not None:
        present = {(f[0], f[6]) for f in files}  # once: built inside the comprehension it made a reload quadratic
        memo.parsed = {**{k: v for k, v in known.items() if k in present}, **parsed}
    for rel, path, artifact_id, role, _, size, sha in files:
        error, rows = parsed[(rel, sha)] if (rel, sha) in parsed else known[(rel, sha)]
        for table, row in rows:
            t.add(table, **row)
        t.add("files", path=rel, ext=path.suffix.lower().lstrip("."), size=size, sha256=sha,
              artifact_id=artifact_id, role=role, parsed=error is None, error=error)


class _Staged:
    """Rows of one file, queued only once the whole file has parsed."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, dict[str, Any]]] = []

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
