"""Import an official O*NET text release (tab-separated .txt, some files only as .xlsx) into a taxonomy DuckDB."""

from __future__ import annotations

import csv
import hashlib
import os
import re
import tempfile
import uuid
from pathlib import Path

import duckdb
from pydantic import BaseModel

from worldsmith.taxonomies.soc import rollup, structure
from worldsmith.worlds.errors import TaxonomyError

IMPORTER_VERSION = "1"
SCHEMA = Path(__file__).with_name("schema.sql")

# Each file of the release we read, the columns we need from it, and the table they land in.
# O*NET publishes a few files (Tasks to DWAs, Alternate Titles) only as .xlsx in some releases;
# either form is accepted, the .txt first.
FILES: dict[str, tuple[str, ...]] = {
    "Occupation Data": ("O*NET-SOC Code", "Title", "Description"),
    "Task Statements": ("O*NET-SOC Code", "Task ID", "Task", "Task Type"),
    "Technology Skills": ("O*NET-SOC Code", "Example", "Commodity Code", "Commodity Title", "Hot Technology",
                          "In Demand"),
    "Tools Used": ("O*NET-SOC Code", "Example", "Commodity Code", "Commodity Title"),
    "Sample of Reported Titles": ("O*NET-SOC Code", "Reported Job Title"),
    "Alternate Titles": ("O*NET-SOC Code", "Alternate Title", "Short Title"),
    "IWA Reference": ("Element ID", "Element Name", "IWA ID", "IWA Title"),
    "DWA Reference": ("IWA ID", "DWA ID", "DWA Title"),
    "Tasks to DWAs": ("O*NET-SOC Code", "Task ID", "DWA ID"),
    "Related Occupations": ("O*NET-SOC Code", "Related O*NET-SOC Code", "Relatedness Tier", "Index"),
    "Job Zones": ("O*NET-SOC Code", "Job Zone"),
}

# Read from the TSV copy of each file; column names are quoted because O*NET's contain '*' and spaces.
_LOAD = {
    "occupations": ("Occupation Data", 'SELECT "O*NET-SOC Code", "Title", "Description" FROM src'),
    "tasks": ("Task Statements",
              "SELECT \"O*NET-SOC Code\", CAST(\"Task ID\" AS VARCHAR), \"Task\", NULLIF(\"Task Type\", '') FROM src"),
    "technology": ("Technology Skills",
                   "SELECT \"O*NET-SOC Code\", \"Example\", \"Commodity Code\", \"Commodity Title\", "
                   "\"Hot Technology\" = 'Y', \"In Demand\" = 'Y' FROM src"),
    "tools": ("Tools Used", 'SELECT "O*NET-SOC Code", "Example", "Commodity Code", "Commodity Title" FROM src'),
    "iwas": ("IWA Reference", 'SELECT "IWA ID", "Element ID", "Element Name", "IWA Title" FROM src'),
    "dwas": ("DWA Reference", 'SELECT "DWA ID", "IWA ID", "DWA Title" FROM src'),
    "task_dwas": ("Tasks to DWAs",
                  'SELECT DISTINCT "O*NET-SOC Code", CAST("Task ID" AS VARCHAR), "DWA ID" FROM src'),
    "related": ("Related Occupations",
                'SELECT "O*NET-SOC Code", "Related O*NET-SOC Code", "Relatedness Tier", CAST("Index" AS INTEGER) FROM src'),
}


class ImportSummary(BaseModel):
    """What an import wrote: the database, the release, and rows per table."""

    path: str
    release: str
    sha256: str
    counts: dict[str, int]


def find_files(release: Path) -> dict[str, Path]:
    """The path of each file we read in a release folder (.txt preferred, else .xlsx)."""
    if not release.is_dir():
        raise TaxonomyError(f"{release}: no such folder; give the unzipped O*NET text release "
                            "(db_29_3_text.zip from https://www.onetcenter.org/database.html)")
    found: dict[str, Path] = {}
    missing = []
    for name in FILES:
        for suffix in (".txt", ".xlsx"):
            if (release / f"{name}{suffix}").is_file():
                found[name] = release / f"{name}{suffix}"
                break
        else:
            missing.append(f"{name}.txt")
    if missing:
        raise TaxonomyError(f"{release}: not a complete O*NET release: missing {', '.join(missing)} "
                            "(or its .xlsx); download the full text release and unzip it there")
    return found


def release_name(release: Path) -> str:
    """The release number from 'Read Me.txt' ('O*NET 29.3 Database' -> '29.3'), else the folder's name."""
    readme = release / "Read Me.txt"
    if readme.is_file():
        match = re.search(r"O\*NET\s+([\d.]+)\s+Database", readme.read_text(encoding="utf-8", errors="replace"))
        if match:
            return match.group(1)
    return release.name


def _to_tsv(path: Path, columns: tuple[str, ...], work: Path) -> Path:
    """A UTF-8 TSV of the file's rows with its header checked; .xlsx sheets are converted cell by cell."""
    if path.suffix == ".xlsx":
        import openpyxl

        try:
            book = openpyxl.load_workbook(path, read_only=True, data_only=True)
        except Exception as exc:  # openpyxl raises zipfile, KeyError and its own errors for broken files
            raise TaxonomyError(f"{path}: not a readable .xlsx workbook: {exc}") from None
        rows = book.worksheets[0].iter_rows(values_only=True)
        header = [str(c) if c is not None else "" for c in next(rows, ())]
        body = (["" if c is None else str(int(c)) if isinstance(c, float) and c.is_integer() else str(c) for c in r]
                for r in rows)
    else:
        handle = path.open(encoding="utf-8", newline="")
        reader = csv.reader(handle, delimiter="\t")
        header = next(reader, [])
        body = reader
    absent = [c for c in columns if c not in header]
    if absent:
        raise TaxonomyError(f"{path}:1: header lacks column {absent[0]!r} (has: {', '.join(header)}); "
                            "is this an O*NET text release?")
    out = work / (path.stem + ".tsv")
    with out.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, delimiter="\t", lineterminator="\n")
        writer.writerow(header)
        for lineno, row in enumerate(body, start=2):
            if not any(row):
                continue
            if len(row) != len(header):
                raise TaxonomyError(f"{path}:{lineno}: {len(row)} fields where the header has {len(header)}")
            writer.writerow(row)
    return out


def _sha256(files: dict[str, Path]) -> str:
    digest = hashlib.sha256(f"onet-importer-{IMPORTER_VERSION}\0".encode())
    for name in sorted(files):
        content = files[name].read_bytes()
        digest.update(f"{files[name].name}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()


def import_onet(release: Path, db_path: Path) -> ImportSummary:
    """Read an O*NET release folder into a fresh taxonomy DuckDB at db_path (replaced in one rename)."""
    release, db_path = Path(release), Path(db_path)
    files = find_files(release)
    version = release_name(release)
    sha = _sha256(files)
    db_path.parent.mkdir(parents=True, exist_ok=True)
    tmp_db = db_path.with_name(f".{db_path.name}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        with tempfile.TemporaryDirectory(prefix="onet-") as work:
            tsv = {name: _to_tsv(path, FILES[name], Path(work)) for name, path in files.items()}
            con = duckdb.connect(str(tmp_db))
            try:
                con.execute(SCHEMA.read_text(encoding="utf-8"))
                _fill(con, tsv, files)
                con.executemany("INSERT INTO meta VALUES (?, ?)", [
                    ("name", "onet"), ("version", version), ("sha256", sha), ("source", "O*NET"),
                    ("importer", IMPORTER_VERSION),
                    ("attribution", f"Includes information from the O*NET {version} Database by the U.S. Department "
                                    "of Labor, Employment and Training Administration (USDOL/ETA), used under the "
                                    "CC BY 4.0 license; modified by worldsmith. O*NET is a trademark of USDOL/ETA."),
                ])
                counts = {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                          for t in ("occupations", "tasks", "technology", "tools", "titles", "iwas", "dwas",
                                    "task_dwas", "related", "soc_groups")}
                con.execute("CHECKPOINT")
            finally:
                con.close()
        os.replace(tmp_db, db_path)
    finally:
        for leftover in (tmp_db, tmp_db.with_name(tmp_db.name + ".wal")):
            leftover.unlink(missing_ok=True)
    return ImportSummary(path=str(db_path), release=version, sha256=sha, counts=counts)


def _fill(con: duckdb.DuckDBPyConnection, tsv: dict[str, Path], files: dict[str, Path]) -> None:
    def source(name: str) -> None:
        con.execute("DROP VIEW IF EXISTS src")
        con.execute(f"CREATE VIEW src AS SELECT * FROM read_csv('{_sql_path(tsv[name])}', delim='\t', header=true, "
                    "quote='\"', escape='\"', all_varchar=true)")

    con.executemany("INSERT INTO soc_groups VALUES (?, ?, ?, ?)", _soc_rows())
    for table, (name, select) in _LOAD.items():
        source(name)
        if table == "occupations":
            con.execute("CREATE TEMP TABLE raw_occ AS " + select)
            continue
        con.execute(f"INSERT INTO {table} {select}")
    source("Job Zones")
    con.execute('CREATE TEMP TABLE zones AS SELECT "O*NET-SOC Code" AS code, CAST("Job Zone" AS INTEGER) AS zone FROM src')
    rows = con.execute('SELECT r."O*NET-SOC Code", r."Title", r."Description", z.zone FROM raw_occ r '
                       'LEFT JOIN zones z ON z.code = r."O*NET-SOC Code" ORDER BY 1').fetchall()
    occupations = []
    for lineno, (code, title, description, zone) in enumerate(rows, start=2):
        try:
            up = rollup(code)
        except TaxonomyError as exc:
            raise TaxonomyError(f"{files['Occupation Data']}: occupation {code} {title!r}: {exc}") from None
        occupations.append((code, title, description, up.detailed.code, up.broad.code, up.minor.code,
                            up.major.code, zone, None))
    con.executemany("INSERT INTO occupations VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", occupations)
    source("Sample of Reported Titles")
    con.execute("""INSERT INTO titles SELECT "O*NET-SOC Code", "Reported Job Title", 'reported' FROM src""")
    source("Alternate Titles")
    con.execute("""INSERT INTO titles SELECT "O*NET-SOC Code", "Alternate Title", 'alternate' FROM src
                   UNION ALL SELECT DISTINCT "O*NET-SOC Code", "Short Title", 'short' FROM src
                   WHERE coalesce("Short Title", '') NOT IN ('', 'n/a')""")
    con.execute("DROP VIEW src")


def _soc_rows() -> list[tuple[str, str, str, str | None]]:
    from worldsmith.taxonomies.soc import _read_structure

    rows = []
    for code, (group, parents) in _read_structure().items():
        parent = next((parents[level] for level in ("broad", "minor", "major") if level in parents), None)
        rows.append((code, group.level, group.title, parent))
    assert len(rows) == len(structure())
    return rows


def _sql_path(path: Path) -> str:
    return str(path).replace("'", "''")
