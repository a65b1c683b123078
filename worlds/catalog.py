"""The catalog of published worlds: outputs/catalog.duckdb, one row per world id, safe under concurrent publishers."""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import json
import os
import shutil
import uuid
from pathlib import Path
from typing import Iterator

import duckdb
from pydantic import BaseModel

from worldsmith.worlds.errors import BundleError

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


@contextlib.contextmanager
def _open(out: Path, write: bool) -> Iterator[duckdb.DuckDBPyConnection]:
    """A connection to the catalog under a lock file: DuckDB lets one process at a time hold a file for writing,
    so publishers queue on an exclusive flock instead of failing on DuckDB's own lock."""
    out.mkdir(parents=True, exist_ok=True)
    with (out / LOCK).open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX if write else fcntl.LOCK_SH)
        try:
            if not write and not (out / CATALOG).is_file():
                con = duckdb.connect(":memory:")
                con.execute(SCHEMA)
            else:
                con = duckdb.connect(str(out / CATALOG), read_only=not write)
                if write:
                    con.execute(SCHEMA)
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


def get_world(out: Path, ref: str) -> CatalogRow:
    """The world whose id is `ref` or starts with it; BundleError naming the candidates otherwise."""
    with _open(Path(out), write=False) as con:
        exact = _rows(con, "WHERE world_id = ?", [ref])
        found = exact or _rows(con, "WHERE starts_with(world_id, ?)", [ref])
    if len(found) == 1:
        return found[0]
    if not found:
        raise BundleError(f"no world {ref!r} in {Path(out) / CATALOG}; `worldsmith worlds list` shows them")
    raise BundleError(f"{ref!r} names {len(found)} worlds ({', '.join(r.world_id for r in found[:5])}); give more of the id")


def remove_world(out: Path, ref: str) -> CatalogRow:
    """Delete a world's row and its bundle folder (moved aside first, so no reader sees half a world)."""
    out = Path(out)
    row = get_world(out, ref)
    folder = Path(row.path)
    with _open(out, write=True) as con:
        con.execute("DELETE FROM worlds WHERE world_id = ?", [row.world_id])
    if folder.is_dir():
        aside = folder.with_name(f".removed-{folder.name}-{uuid.uuid4().hex[:8]}")
        os.rename(folder, aside)
        shutil.rmtree(aside, ignore_errors=True)
    return row
