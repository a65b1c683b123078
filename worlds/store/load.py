"""The loader: a world bundle (plan.json and room/) parsed back into a fresh DuckDB file."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import uuid
from pathlib import Path, PurePosixPath
from typing import Any, Iterable
from zoneinfo import ZoneInfo

import duckdb
from pydantic import ValidationError

from worldsmith.worlds.errors import BundleError
from worldsmith.worlds.plan import DocumentSpec, EmailSpec, SheetSpec, WorldPlan
from worldsmith.worlds.store import parse
from worldsmith.worlds.values import DateValue, Money, Number, numeric_value

SCHEMA_PATH = Path(__file__).with_name("schema.sql")
TWIN_SUFFIX = {"document": ".md", "spreadsheet": ".csv"}
MAILBOX_FOLDER = "Mailboxes"
MANIFEST_NAME = "manifest.json"


def read_plan(bundle: Path) -> WorldPlan:
    """The WorldPlan of a bundle; BundleError when plan.json is missing or invalid."""
    path = bundle / "plan.json"
    if not path.is_file():
        raise BundleError(f"{bundle}: not a world bundle (it has no plan.json)")
    try:
        return WorldPlan.model_validate_json(path.read_bytes())
    except ValidationError as exc:
        raise BundleError(f"{path}: not a valid WorldPlan: {exc}") from None


def load_bundle(bundle: Path, db_path: Path | None = None) -> Path:
    """Rebuild the bundle's DuckDB store from scratch (default bundle/world.duckdb) and return its path."""
    bundle = Path(bundle)
    plan = read_plan(bundle)
    room = bundle / "room"
    if not room.is_dir():
        raise BundleError(f"{bundle}: not a world bundle (it has no room/ folder)")
    db_path = Path(db_path) if db_path is not None else bundle / "world.duckdb"
    db_path.parent.mkdir(parents=True, exist_ok=True)
    # Build beside the target and swap in whole: a reader never sees a half-loaded store.
    tmp = db_path.with_name(f"{db_path.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    con = duckdb.connect(str(tmp))
    try:
        con.execute("set TimeZone = 'UTC'")
        con.execute(SCHEMA_PATH.read_text(encoding="utf-8"))
        tables = _Tables(con)
        _load_plan(tables, plan)
        _load_manifest(tables, bundle)
        _load_room(tables, plan, room)
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
        if isinstance(a, EmailSpec):
            row.update(at=a.sent_at, thread=a.thread, parent=a.parent, mode=a.mode, position=a.position,
                       message_id=parse.bare_id(a.message_id))
            recipients = [("to", p) for p in a.to] + [("cc", p) for p in a.cc]
        else:
            row.update(at=dt.datetime.combine(a.date, dt.time(9, 0), tzinfo=zone))
            if isinstance(a, DocumentSpec):
                row.update(doc_type=a.doc_type, sections=a.sections)
                for sheet in a.cites:
                    t.add("planned_cites", artifact_id=a.id, sheet_id=sheet)
            elif isinstance(a, SheetSpec):
                row.update(rows=a.rows)
            recipients = [("reader", p) for p in a.readers]
        t.add("artifacts", **row)
        for kind, person in recipients:
            t.add("planned_recipients", artifact_id=a.id, kind=kind, person_id=person)
        for fact in a.facts:
            t.add("planned_facts", artifact_id=a.id, fact_id=fact)


def _load_manifest(t: _Tables, bundle: Path) -> None:
    """The manifest's file list, when there is one: what the bundle held when it was published."""
    path = bundle / MANIFEST_NAME
    plan_sha = hashlib.sha256((bundle / "plan.json").read_bytes()).hexdigest()
    if not path.is_file():
        # A staging folder has none yet: the manifest is written after validation.
        t.add("manifest_state", present=False, readable=False, error=None, plan_sha256=plan_sha)
        return
    try:
        entries = json.loads(path.read_bytes())["files"]
        rows = {str(e["path"]): (str(e["sha256"]), e.get("bytes")) for e in entries}
    except (ValueError, KeyError, TypeError) as exc:
        # A hand-broken manifest must not stop the room's content from being checked.
        t.add("manifest_state", present=True, readable=False, error=f"{type(exc).__name__}: {exc}",
              plan_sha256=plan_sha)
        return
    t.add("manifest_state", present=True, readable=True, error=None, plan_sha256=plan_sha)
    for rel, (sha, size) in sorted(rows.items()):
        t.add("manifest_files", path=rel, sha256=sha, bytes=size if isinstance(size, int) else None)


def _roles(plan: WorldPlan) -> dict[str, tuple[str, str]]:
    """Every path the plan implies, mapped to (artifact id, role): the artifact and its twin."""
    roles: dict[str, tuple[str, str]] = {}
    for a in plan.artifacts:
        roles[a.path] = (a.id, "artifact")
    for a in plan.artifacts:
        if a.kind in TWIN_SUFFIX:
            twin = str(PurePosixPath(a.path).with_suffix(TWIN_SUFFIX[a.kind]))
            roles.setdefault(twin, (a.id, "twin"))  # a planned artifact at that path wins
    return roles


def _room_files(room: Path) -> Iterable[tuple[str, Path]]:
    files = [(p.relative_to(room).as_posix(), p) for p in room.rglob("*") if p.is_file()]
    return sorted(files)


def _load_room(t: _Tables, plan: WorldPlan, room: Path) -> None:
    roles = _roles(plan)
    for rel, (artifact_id, role) in sorted(roles.items()):
        t.add("expected_files", path=rel, artifact_id=artifact_id, role=role)
    ids = {a.id for a in plan.artifacts}
    by_message_id = {parse.bare_id(a.message_id): a.id for a in plan.artifacts if isinstance(a, EmailSpec)}
    for rel, path in _room_files(room):
        data = path.read_bytes()
        ext = path.suffix.lower().lstrip(".")
        artifact_id, role = roles.get(rel, (None, "unplanned"))
        if role == "unplanned" and ext == "mbox" and PurePosixPath(rel).parts[0] == MAILBOX_FOLDER:
            role = "mailbox"
        error = None
        try:
            _parse_into(t, rel, path, data, ext, artifact_id if role == "artifact" else None, ids, by_message_id)
        except parse.ParseError as exc:
            error = str(exc)
        except Exception as exc:  # a parser library's own surprise must not sink the whole load
            error = f"{type(exc).__name__}: {exc}"
        if error is not None:
            # Parser messages quote the absolute path; the room-relative one keeps reports identical
            # for identical worlds wherever they sit on disk.
            error = error.replace(str(path), rel).replace(str(room), "room")
        t.add("files", path=rel, ext=ext, size=len(data), sha256=hashlib.sha256(data).hexdigest(),
              artifact_id=artifact_id, role=role, parsed=error is None, error=error)


def _parse_into(t: _Tables, rel: str, path: Path, data: bytes, ext: str, artifact_id: str | None,
                ids: set[str], by_message_id: dict[str | None, str]) -> None:
    """Parse one file and queue its rows; rows are queued only once the whole file has parsed."""
    if ext == "eml":
        m = parse.parse_email(data)
        aid = artifact_id or by_message_id.get(m.message_id)
        t.add("emails", artifact_id=aid, path=rel, message_id=m.message_id, in_reply_to=m.in_reply_to,
              refs=m.refs, subject=m.subject, from_name=m.sender.name, from_addr=m.sender.address,
              sent_at=m.sent_at, date_header=m.date_header, body=m.body, body_new=m.body_new)
        for kind, addresses in (("to", m.to), ("cc", m.cc)):
            for a in addresses:
                t.add("recipients", artifact_id=aid, path=rel, kind=kind, name=a.name or None, address=a.address)
    elif ext == "mbox":
        message_ids = parse.parse_mbox(path)
        t.add("mailboxes", path=rel, owner=path.stem, n_messages=len(message_ids))
        for i, mid in enumerate(message_ids):
            t.add("mailbox_messages", mailbox=rel, position=i, message_id=mid)
    elif ext == "docx":
        d = parse.parse_docx(path)
        aid = artifact_id or (d.identifier if d.identifier in ids else None)
        t.add("documents", artifact_id=aid, path=rel, identifier=d.identifier, title=d.title, subtitle=d.subtitle,
              text=d.text, margins=d.margins, n_words=d.n_words, n_sections=d.n_sections, n_tables=d.n_tables,
              n_paragraphs=d.n_paragraphs)
        _add_blocks(t, rel, "docx", d.blocks)
    elif ext == "xlsx":
        wb = parse.parse_workbook(path)
        sheets = wb.sheets
        t.add("workbooks", artifact_id=artifact_id, path=rel, title=wb.title, description=wb.description,
              identifier=wb.identifier)
        for name, r, c, num in wb.cached:
            t.add("cell_cache", path=rel, sheet_name=name, row=r, col=c, cached_num=num)
        for i, s in enumerate(sheets):
            t.add("sheets", artifact_id=artifact_id, path=rel, sheet_name=s.name, position=i,
                  n_rows=s.n_rows, n_cols=s.n_cols)
            for c in s.cells:
                t.add("cells", artifact_id=artifact_id, path=rel, sheet_name=s.name, row=c.row, col=c.col,
                      header=c.header, value_type=c.value_type, value_text=c.value_text, value_num=c.value_num,
                      value_date=c.value_date, formula=c.formula, number_format=c.number_format)
    elif ext == "md":
        _add_blocks(t, rel, "md", parse.parse_markdown(path))
    elif ext == "txt":
        parse.parse_text(path)
    elif ext == "csv":
        for r, values in enumerate(parse.parse_csv(path), start=1):
            for c, value in enumerate(values, start=1):
                if value.strip():
                    t.add("twin_cells", path=rel, row=r, col=c, value_text=value)
    else:
        raise parse.ParseError(f"no parser for {'.' + ext if ext else 'extension-less'} files")


def _add_blocks(t: _Tables, rel: str, source: str, blocks: Iterable[tuple[str, str]]) -> None:
    for i, (kind, text) in enumerate(blocks):
        t.add("document_blocks", path=rel, source=source, position=i, kind=kind, text=text)
