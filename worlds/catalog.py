"""The catalog of published worlds: outputs/catalog.duckdb, one row per world id, safe under concurrent publishers."""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import json
import os
import shutil
import stat
import uuid
from pathlib import Path
from typing import Iterator

import duckdb
from pydantic import BaseModel

from worldsmith.worlds.errors import BundleError
from worldsmith.worlds.printable import quoted

CATALOG = "catalog.duckdb"
LOCK = ".catalog.lock"
SCHEMA = """
CREATE TABLE IF NOT EXISTS worlds (
    world_id VARCHAR PRIMARY KEY, title VARCHAR NOT NULL, path VARCHAR NOT NULL,
    outline_file VARCHAR NOT NULL, outline_sha256 VARCHAR NOT NULL, occupations VARCHAR[] NOT NULL,
    counts JSON NOT NULL, artifacts INTEGER NOT NULL, verdict VARCHAR NOT NULL, errors INTEGER NOT NULL,
    warnings INTEGER NOT NULL, seed BIGINT NOT NULL, backend VARCHAR NOT NULL, model VARCHAR NOT NULL,
    taxonomy VARCHAR NOT NULL, taxonomy_version VARCHAR NOT NULL, taxonomy_sha256 VARCHAR NOT NULL,
    generator_version VARCHAR NOT NULL, prompt_version VARCHAR, created TIMESTAMPTZ NOT NULL)
"""
_COLUMNS = ("world_id", "title", "path", "outline_file", "outline_sha256", "occupations", "counts", "artifacts",
            "verdict", "errors", "warnings", "seed", "backend", "model", "taxonomy", "taxonomy_version",
            "taxonomy_sha256", "generator_version", "prompt_version", "created")


_SANDBOX = {"enable_external_access": False, "autoload_known_extensions": False,
            "autoinstall_known_extensions": False}


def _check(con: duckdb.DuckDBPyConnection, where: Path) -> None:
    """BundleError unless the catalog holds exactly the worlds table, as SCHEMA makes it, and nothing else."""
    found = con.execute("""
        select 'table ' || table_name from duckdb_tables() where database_name = current_database()
               and table_name <> 'worlds'
        union all select 'view ' || view_name from duckdb_views() where database_name = current_database() and not internal
        union all select 'macro ' || function_name from duckdb_functions()
                  where database_name = current_database() and not internal
        order by 1""").fetchall()
    columns = [c for (c,) in con.execute("select column_name from duckdb_columns() where database_name = "
                                         "current_database() and table_name = 'worlds' order by column_index").fetchall()]
    if found or tuple(columns) != _COLUMNS:
        what = ", ".join(f for (f,) in found[:5]) or "a worlds table of other columns"
        raise BundleError(f"{where}: holds {what}, which a worldsmith catalog does not; move it aside and publish "
                          "again to make a new one")


class CatalogRow(BaseModel):
    """One published world as the catalog records it."""

    world_id: str
    title: str
    path: str
    outline_file: str
    outline_sha256: str
    occupations: list[str]
    counts: dict[str, int]
    artifacts: int
    verdict: str
    errors: int
    warnings: int
    seed: int
    backend: str
    model: str
    taxonomy: str
    taxonomy_version: str
    taxonomy_sha256: str
    generator_version: str
    prompt_version: str | None
    created: dt.datetime


def _lock_fd(path: Path) -> int:
    """The catalog's lock file, created if missing: never through a link (it would create or lock a file outside the
    outputs folder), never a FIFO or device (opening one blocks), never a file of two names."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK
                     | getattr(os, "O_CLOEXEC", 0), 0o644)
    except OSError as exc:
        if os.path.islink(path):
            raise BundleError(f"{path} is a link; the catalog's lock is a file of its outputs folder, never opened "
                              "through a link. Remove the link (worlds are not affected)") from None
        raise BundleError(f"{path}: cannot open the catalog's lock ({exc.strerror})") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:
        os.close(fd)
        raise BundleError(f"{path} is not a file of its own (a hard link, a FIFO or a device); the catalog locks only "
                          "a file it made. Remove it (worlds are not affected)")
    return fd


@contextlib.contextmanager
def _open(out: Path, write: bool) -> Iterator[duckdb.DuckDBPyConnection]:
    """A connection to the catalog under a lock file: DuckDB lets one process at a time hold a file for writing,
    so publishers queue on an exclusive flock instead of failing on DuckDB's own lock."""
    out.mkdir(parents=True, exist_ok=True)
    with os.fdopen(_lock_fd(out / LOCK), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX if write else fcntl.LOCK_SH)
        try:
            if not write and not (out / CATALOG).is_file():
                con = duckdb.connect(":memory:")
                con.execute(SCHEMA)
            else:
                if (out / CATALOG).is_symlink():
                    raise BundleError(f"{out / CATALOG} is a link; a catalog is a file of its outputs folder. "
                                      "Remove the link (worlds are not affected)")
                # A catalog is a file someone may have handed over with a folder of worlds: no file or network
                # access, and nothing in it but the worlds table (a view there would run on every read).
                try:
                    con = duckdb.connect(str(out / CATALOG), read_only=not write, config=_SANDBOX)
                    con.execute("set lock_configuration = true")
                    if write:
                        con.execute(SCHEMA)
                    _check(con, out / CATALOG)
                except duckdb.Error as exc:
                    raise BundleError(f"{out / CATALOG}: cannot be opened ({exc}); move it aside and "
                                      "publish again to make a new one") from None
            try:
                yield con
            finally:
                con.close()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def record_world(out: Path, manifest, path: Path, occupations: list[str]) -> CatalogRow:
    """Insert or replace the row of a published world in one transaction."""
    row = CatalogRow(
        world_id=manifest.world_id, title=manifest.title, path=str(path), outline_file=manifest.outline_file,
        outline_sha256=manifest.outline_sha256, occupations=sorted(set(occupations)),
        counts={k: v for k, v in manifest.counts.items() if not k.startswith(".")},
        artifacts=sum(v for k, v in manifest.counts.items() if not k.startswith(".")), verdict=manifest.verdict,
        errors=manifest.errors, warnings=manifest.warnings, seed=manifest.seed, backend=manifest.backend,
        model=manifest.model, taxonomy=manifest.taxonomy, taxonomy_version=manifest.taxonomy_version,
        taxonomy_sha256=manifest.taxonomy_sha256, generator_version=manifest.generator_version,
        prompt_version=manifest.prompt_version, created=dt.datetime.now(dt.timezone.utc))
    values = row.model_dump()
    values["counts"] = json.dumps(values["counts"], sort_keys=True)
    with _open(Path(out), write=True) as con:
        con.execute("BEGIN TRANSACTION")
        try:
            con.execute("DELETE FROM worlds WHERE world_id = ?", [row.world_id])
            con.execute(f"INSERT INTO worlds ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})",
                        [values[c] for c in _COLUMNS])
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
    return row


def _rows(con: duckdb.DuckDBPyConnection, where: str = "", args: list | None = None) -> list[CatalogRow]:
    cur = con.execute(f"SELECT {', '.join(_COLUMNS)} FROM worlds {where} ORDER BY created, world_id", args or [])
    out = []
    for values in cur.fetchall():
        data = dict(zip(_COLUMNS, values))
        data["counts"] = json.loads(data["counts"])
        out.append(CatalogRow.model_validate(data))
    return out


def list_worlds(out: Path) -> list[CatalogRow]:
    """Every world of the catalog, oldest first."""
    with _open(Path(out), write=False) as con:
        return _rows(con)


def _shown(ref: str, width: int = 60) -> str:
    """A reference as an error message quotes it (printable.quoted)."""
    return quoted(ref, width)


def matching(out: Path, ref: str) -> list[CatalogRow]:
    """The worlds whose id is `ref`, or else starts with it; BundleError for an empty reference."""
    if not ref.strip():
        raise BundleError("give a world id, or the start of one; `worldsmith worlds list` shows them")
    with _open(Path(out), write=False) as con:
        return _rows(con, "WHERE world_id = ?", [ref]) or _rows(con, "WHERE starts_with(world_id, ?)", [ref])


def get_world(out: Path, ref: str) -> CatalogRow:
    """The world whose id is `ref` or starts with it; BundleError naming the candidates otherwise."""
    found = matching(out, ref)
    if len(found) == 1:
        return found[0]
    if not found:
        raise BundleError(f"no world {_shown(ref)} in {Path(out) / CATALOG}; `worldsmith worlds list` shows them")
    shown = ", ".join(r.world_id for r in found[:20]) + (f" and {len(found) - 20} more" if len(found) > 20 else "")
    raise BundleError(f"{_shown(ref)} names {len(found)} worlds ({shown}); give more of the id")


def world_folder(out: Path, row: CatalogRow) -> Path | None:
    """The folder `worlds rm` may delete for a row: out/<world_id> itself, or None when there is none.

    BundleError, saying why, for anything else: an id that is not one path component, a link, a folder
    that resolves outside `out`, a folder that is not a world bundle or is another world's. The path the
    catalog recorded is never used: it may be relative, stale, or another tree after `out` was copied.
    """
    from worldsmith.worlds.bundle import MANIFEST, WORLD_ID, read_manifest

    out = Path(out)
    if not WORLD_ID.match(row.world_id) or ".." in row.world_id:
        raise BundleError(f"the catalog row {row.world_id!r} is not a world id that names a folder; nothing deleted")
    folder = out / row.world_id
    if folder.is_symlink():
        raise BundleError(f"{folder} is a link; worlds rm deletes only a world folder itself, so nothing was "
                          "deleted. Remove the link yourself if you mean to")
    if not folder.exists():
        return None
    if not folder.is_dir():
        raise BundleError(f"{folder} is not a folder; nothing deleted")
    if os.path.dirname(os.path.realpath(folder)) != os.path.realpath(out):
        raise BundleError(f"{folder} resolves to {os.path.realpath(folder)}, outside {out}; nothing deleted")
    manifest = folder / MANIFEST
    if manifest.is_symlink() or not manifest.is_file():
        raise BundleError(f"{folder} has no {MANIFEST}, so it is not a world bundle; nothing deleted")
    try:
        found = read_manifest(folder).world_id
    except BundleError as exc:
        raise BundleError(f"{folder}: its manifest cannot be read ({exc}); nothing deleted") from None
    if found != row.world_id:
        raise BundleError(f"{folder} holds world {found!r}, not {row.world_id!r}; nothing deleted")
    return folder


def remove_world(out: Path, ref: str) -> tuple[CatalogRow, Path | None]:
    """Delete a world's row and its bundle folder out/<world_id> (moved aside first, so no reader sees half a world).

    Only a folder world_folder() accepts is deleted; the reference must name one world.
    """
    out = Path(out)
    row = get_world(out, ref)
    folder = world_folder(out, row)
    with _open(out, write=True) as con:
        con.execute("DELETE FROM worlds WHERE world_id = ?", [row.world_id])
    if folder is not None:
        aside = folder.with_name(f".removed-{folder.name}-{uuid.uuid4().hex[:8]}")
        os.rename(folder, aside)
        shutil.rmtree(aside, ignore_errors=True)
    return row, folder
