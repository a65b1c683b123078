"""The check runner: read the SQL checks (worlds/checks/ and each kind's), run them over a loaded world, write the report."""

from __future__ import annotations

import os
import re
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import duckdb
from pydantic import BaseModel, ConfigDict, ValidationError

from worldsmith.worlds.bundle import (DATABASE, MANIFEST, VALIDATION, folder_lock, read_manifest, reseal, seal_derived,
                                      seal_of)
from worldsmith.worlds import kinds
from worldsmith.worlds.errors import BundleError, WorldsmithError
from worldsmith.worlds.parallel import jobs
from worldsmith.worlds.report import OffendingRow, Severity, ValidationReport, build_report, check_result
from worldsmith.worlds.store.load import ParseMemo, load_bundle

CHECKS_FOLDER = Path(__file__).with_name("checks")
REPORT_NAME = VALIDATION  # the layout is worlds.bundle's
REQUIRED_KEYS = ("id", "severity", "description")
OPTIONAL_KEYS = ("params", "derive")
_HEADER_LINE = re.compile(r"^--\s*([a-z_]+):\s*(.*?)\s*$")
_PARAM = re.compile(r"^([a-z_][a-z0-9_]*)\s*=\s*(.+)$")
_DERIVE = re.compile(r"^([a-z_][a-z0-9_]*)\s*=\s*(select\b.+)$", re.IGNORECASE)
ParamValue = int | float | str


class CheckError(WorldsmithError):
    """A check file is malformed, or its query fails or lacks the columns every check must return."""

    exit_code = 2


class Check(BaseModel):
    """One check: its header and its query."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    severity: Severity
    description: str
    sql: str
    source: str  # the file it came from, for error messages
    # Tunable thresholds, `-- params: name=value, ...`; the query reads them as DuckDB named parameters ($name).
    params: dict[str, ParamValue] = {}
    # `-- derive: name = select ...`: one value the query reads as $name, computed from the store by that scalar
    # query before the check runs. A pattern built from a table (the real entities' names) is then a constant that
    # DuckDB compiles once, where a subquery in its place is compiled again on every row.
    derive: dict[str, str] = {}


def _param_value(text: str) -> ParamValue:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_params(text: str, where: str) -> dict[str, ParamValue]:
    """`name=value, name=value` as a dict; integers and decimals typed, quotes around text optional."""
    params: dict[str, ParamValue] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        m = _PARAM.match(part)
        if m is None:
            raise CheckError(f"{where}: bad parameter {part!r}; write '-- params: name=value, name=value'")
        name, value = m.groups()
        if name in params:
            raise CheckError(f"{where}: parameter {name!r} given twice")
        params[name] = _param_value(value)
    return params


def parse_derive(text: str, where: str) -> dict[str, str]:
    """`name = select ...` (one scalar query over the store) as {name: query}; empty text, none."""
    text = text.strip()
    if not text:
        return {}
    m = _DERIVE.match(text)
    if m is None:
        raise CheckError(f"{where}: bad derived value {text!r}; write '-- derive: name = select ...'")
    return {m.group(1): m.group(2).strip()}


def parse_check(path: Path) -> Check:
    """A Check from one .sql file: `-- key: value` header lines, then one query."""
    text = path.read_text(encoding="utf-8")
    header: dict[str, str] = {}
    lines = text.splitlines()
    body_start = len(lines)
    for i, line in enumerate(lines):
        m = _HEADER_LINE.match(line)
        if m is None:
            # the header is the leading run of key: value lines; free comments may follow it
            body_start = i
            break
        key, value = m.groups()
        if key not in REQUIRED_KEYS + OPTIONAL_KEYS:
            raise CheckError(f"{path}:{i + 1}: unknown header key {key!r}; a check has "
                             f"{', '.join(REQUIRED_KEYS)} and may have {', '.join(OPTIONAL_KEYS)}")
        if key in header:
            raise CheckError(f"{path}:{i + 1}: header key {key!r} given twice")
        header[key] = value
    missing = [k for k in REQUIRED_KEYS if not header.get(k)]
    if missing:
        raise CheckError(f"{path}: header lacks {', '.join(missing)} (write '-- {missing[0]}: ...' at the top)")
    if header["id"] != path.stem:
        raise CheckError(f"{path}: header id {header['id']!r} differs from the file name {path.stem!r}")
    sql = "\n".join(lines[body_start:]).strip().rstrip(";").strip()
    if not re.search(r"\bselect\b", sql, re.IGNORECASE):
        raise CheckError(f"{path}: no query after the header")
    params = parse_params(header.pop("params", ""), str(path))
    derive = parse_derive(header.pop("derive", ""), str(path))
    if set(derive) & set(params):
        raise CheckError(f"{path}: {', '.join(sorted(set(derive) & set(params)))} is both a parameter and derived")
    try:
        return Check(**header, sql=sql, source=str(path), params=params, derive=derive)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise CheckError(f"{path}: bad header: {problems}") from None


def check_folders() -> list[Path]:
    """worlds/checks/ (the cross-kind checks), then each registered kind's own checks folder."""
    return [CHECKS_FOLDER, *(Path(k.checks) for k in kinds.kinds() if k.checks is not None)]


def load_checks(folder: Path | None = None) -> list[Check]:
    """Every check in a folder (default: worlds/checks/ and every kind's checks folder), sorted by id."""
    folders = [Path(folder)] if folder is not None else check_folders()
    checks: dict[str, Check] = {}
    for path in (p for f in folders for p in sorted(f.glob("*.sql"))):
        check = parse_check(path)
        if check.id in checks:  # two kinds' checks, or a kind's and a cross-kind one, may not share a name
            raise CheckError(f"{path}: a check named {check.id!r} is already loaded from another folder")
        checks[check.id] = check
    return sorted(checks.values(), key=lambda c: c.id)


def _run_one(con: duckdb.DuckDBPyConnection, check: Check, paths: dict[str, str],
             params: dict[str, ParamValue]) -> list[OffendingRow]:
    try:
        # Only the parameters the query names: DuckDB refuses a named parameter it was not asked for.
        used = {k: v for k, v in params.items() if re.search(rf"\${re.escape(k)}\b", check.sql)}
        for name, query in check.derive.items():
            if re.search(rf"\${re.escape(name)}\b", check.sql):
                row = con.execute(query).fetchone()
                used[name] = None if row is None else row[0]
        cur = con.execute(f"select * from (\n{check.sql}\n) as offending", used or None)
        columns = [d[0] for d in cur.description]
        found = cur.fetchall()
    except duckdb.Error as exc:
        raise CheckError(f"{check.source}: the query failed: {exc}") from None
    missing = [c for c in ("artifact_id", "detail") if c not in columns]
    if missing:
        raise CheckError(f"{check.source}: the query must return columns artifact_id and detail; lacks {', '.join(missing)}")
    records = [dict(zip(columns, values)) for values in found]
    # Paths only for the artifacts named without one: a world of a million artifacts is not read whole.
    wanted = sorted({str(r["artifact_id"]) for r in records
                     if r.get("path") is None and r["artifact_id"] is not None} - set(paths))
    if wanted:
        paths.update(con.execute("select id, path from artifacts where id in (select unnest($ids))",
                                 {"ids": wanted}).fetchall())
    rows = []
    for rec in records:
        aid = None if rec["artifact_id"] is None else str(rec["artifact_id"])
        path = rec.get("path")
        path = str(path) if path is not None else paths.get(aid) if aid is not None else None
        detail = "" if rec["detail"] is None else str(rec["detail"])
        rows.append(OffendingRow(artifact_id=aid, path=path, detail=detail))
    return rows


def run_checks(db_path: Path, checks: list[Check] | None = None,
               params: dict[str, dict[str, ParamValue]] | None = None, *,
               memory_limit: str | None = None) -> ValidationReport:
    """Run checks (default: load_checks()) over a loaded world and gather the report.

    `params` overrides a check's header parameters by check id: {"sent_in_working_hours": {"end_hour": 22}}.
    `memory_limit` caps DuckDB's memory ("2GB"); past it, joins and sorts spill to disk.
    """
    checks = load_checks() if checks is None else checks
    params = params or {}
    for check_id, values in params.items():
        check = next((c for c in checks if c.id == check_id), None)
        unknown = set(values) - set(check.params) if check is not None else set()
        if check is None or unknown:
            raise CheckError(f"no check {check_id!r} with parameters {', '.join(sorted(unknown or values))}")
    if not Path(db_path).is_file():
        raise BundleError(f"{db_path}: no such world store; load the bundle first")
    # DuckDB lets go of the GIL while a query runs: checks side by side use every core. Each is a few
    # milliseconds of planning and execution; two threads took the legal example's sixty from 0.57 s
    # to 0.42 s (measured).
    workers = max(1, min(jobs(), 4))
    # No file or network access: a check reads the store, nothing else (a store is another's file too).
    # The cores are shared out between the checks running side by side, not given whole to each (four checks of
    # sixteen threads on a sixteen-core machine were 64 threads). What it saves is within a loaded machine's noise
    # (issue 22: "30.1 s wall, 59.3 CPU-s"): over a million emails on two cores, the checks took 46.6-56.0 CPU-s
    # (median 47.2) against 49.0-53.6 (51.7) with every core each, at load 9-15; over 200,000, 9.8 both ways.
    config = {"enable_external_access": False, "autoload_known_extensions": False,
              "autoinstall_known_extensions": False, "threads": max(1, jobs() // workers),
              **({"memory_limit": memory_limit} if memory_limit else {})}
    con = duckdb.connect(str(db_path), read_only=True, config=config)
    try:
        world = con.execute("select world_id, timezone from world").fetchall()
        if len(world) != 1:
            raise BundleError(f"{db_path}: the store holds {len(world)} world rows, not one; reload the bundle")
        world_id, timezone = world[0]
        # Timestamps in details then read in the world's own time, the same on every machine.
        zone = str(timezone).replace("'", "''")
        local = threading.local()

        def run(check: Check) -> list[OffendingRow]:
            # Each thread its own cursor (a DuckDB connection runs one query at a time) in the world's zone,
            # and its own artifact id -> path memo, filled as its checks name artifacts.
            if not hasattr(local, "cur"):
                local.cur, local.paths = con.cursor(), {}
                local.cur.execute(f"set TimeZone = '{zone}'")
            return _run_one(local.cur, check, local.paths, {**check.params, **params.get(check.id, {})})

        with ThreadPoolExecutor(workers, thread_name_prefix="checks") as pool:
            found = list(pool.map(run, checks))
        results = [check_result(c.id, c.severity, c.description, rows) for c, rows in zip(checks, found)]
    finally:
        con.close()
    return build_report(world_id, results)


CHANGED_CHECK = "files_changed_since_publishing"
VALIDATE_WAIT_S = 120.0  # how long a validation waits for another one of the same bundle to finish


def _one_validation(bundle: Path, wait_s: float | None = None):
    """Hold an exclusive lock on the bundle folder while it is validated: a second validation waits for the first
    (up to VALIDATE_WAIT_S), then stops with a clear error, instead of racing it on world.duckdb.

    The lock is taken on the folder itself (flock on a directory descriptor): a lock file inside the bundle would
    be a file its manifest does not list, and one outside would need a folder both runs agree on. Nothing is
    written, so a link to the folder is harmless to follow. It is the lock sealing takes (worlds.bundle.folder_lock,
    re-entrant), so the validation's own seal of the store does not wait on it."""
    wait_s = VALIDATE_WAIT_S if wait_s is None else wait_s
    return folder_lock(bundle, wait_s, busy=f"{bundle}: another validate is running on this bundle (waited {wait_s:g} "
                                             "s); let it finish, then run this again")


def validate_bundle(bundle: Path, profile: Path | None = None, accept_edits: bool = False,
                    memo: ParseMemo | None = None) -> ValidationReport:
    """Load a bundle, run every check, and write bundle/validation.json and bundle/report.html.

    `profile` is the reference profile the realism checks compare the world's mail with (default:
    the shipped business-mail profile). A published world whose files no longer match its manifest
    fails (files_changed_since_publishing); with `accept_edits` the edits are intended: that check is
    left out, and when every other check passes the manifest is re-sealed over the files as they are.
    `memo` spares re-parsing files unchanged since the last load of the same world (a repair round).
    """
    from worldsmith.worlds.profile import load_profile

    bundle = Path(bundle)
    reference = load_profile(profile)  # a bad profile stops here, before the store is rebuilt
    with _one_validation(bundle):
        return _validate_locked(bundle, reference, accept_edits, memo)


def _validate_locked(bundle: Path, reference, accept_edits: bool, memo: ParseMemo | None) -> ValidationReport:
    """validate_bundle's work, run while the bundle's lock is held."""
    from worldsmith.worlds.html_report import write_html_report
    from worldsmith.worlds.realism import prepare_store

    db = load_bundle(bundle, memo=memo)
    realism = prepare_store(db, reference)  # derived tables some checks read: filled before they run
    every = load_checks()
    checks = [c for c in every if not (accept_edits and c.id == CHANGED_CHECK)]
    report = run_checks(db, checks)
    _refuse_another_world(bundle, report.world_id)
    sealing = accept_edits and not report.errors and (bundle / MANIFEST).is_file()
    if sealing:
        # Re-sealed over the files as they are, the world has nothing changed since publishing: the report
        # says so, as the next plain validation will (else its validation.json would differ from the sealed one).
        changed = next(c for c in every if c.id == CHANGED_CHECK)
        report = build_report(report.world_id, report.checks + [check_result(changed.id, changed.severity,
                                                                             changed.description, [])])
    _write_atomic(bundle / REPORT_NAME, report.model_dump_json(indent=2) + "\n")
    write_html_report(bundle, report, realism)
    if sealing:
        reseal(bundle, report)
    elif (bundle / MANIFEST).is_file():
        _seal_store(bundle)
    return report


def _refuse_another_world(bundle: Path, plan_world_id: str) -> None:
    """ChecksumError, before anything is written, when the plan names another world than the manifest: a resealed
    bundle of one world's manifest and another's plan is no world `report`, `tasks` or `export` would open, so
    validate gives it no verdict either (it exited 0 with a warn)."""
    from worldsmith.worlds.world import ChecksumError

    if not (bundle / MANIFEST).is_file():
        return
    try:
        manifest = read_manifest(bundle)
    except BundleError:
        return  # a manifest that is no Manifest is the checks' to report (manifest_valid), with a verdict
    if manifest.world_id != plan_world_id:
        raise ChecksumError(f"{bundle}: the world is not the one published (world ids disagree: manifest "
                            f"{manifest.world_id!r}, plan {plan_world_id!r}). Regenerate the world or restore the "
                            "bundle from its source")


def _seal_store(bundle: Path) -> None:
    """Record the store just rebuilt as the sealed one, when the rest of the bundle is still what was sealed.

    Otherwise the manifest is left alone: open_world then rebuilds a private store from the room, and
    refuses the world until its edits are accepted or undone.
    """
    from worldsmith.worlds.world import verify_files

    try:
        manifest = read_manifest(bundle)
    except BundleError:  # no whole manifest (a hand-made file list): nothing sealed to add the store to
        return
    if manifest.seal == seal_of(manifest) and not verify_files(bundle, manifest):
        seal_derived(bundle, (DATABASE,))


def _write_atomic(target: Path, text: str) -> None:
    tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, target)
