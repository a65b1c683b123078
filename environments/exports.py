"""APEX and Parquet exports of a world and its tasks.

apex: the world-archive layout of Mercor's APEX-Agents, as a folder and a zip of it:
    filesystem/        the drive: every document, sheet and twin of the room (no mail)
    mail/<address>.mbox  each person's mailbox;  mail/messages/<folder>/...eml  the room's messages
    calendar/, chat/   the files of those kinds where the world has them
    world_description.json, tasks_and_rubrics.json

parquet: every table of world.duckdb, the tasks and the world archive's sha256, as Parquet files in
data/, with a dataset card (README.md) whose `configs` the Hugging Face `datasets` library reads.
Written by DuckDB itself; no pyarrow is needed to write.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import uuid
import zipfile
from pathlib import Path
from typing import Callable, TypeVar

import duckdb

from worldsmith.environments.apps import app_files
from worldsmith.environments.tasks import TaskSet
from worldsmith.worlds.bundle import bundle_files
from worldsmith.worlds.errors import WorldsmithError
from worldsmith.worlds.store.sandbox import check_store, known_tables, quote_ident
from worldsmith.worlds.world import World

MAIL_KINDS = {"email"}
MARKER = ".worldsmith-export"  # what says a folder was made by an export, so a later one may write over it


class ExportError(WorldsmithError):
    """An export's target is not a folder the export may write into."""

    exit_code = 2


T = TypeVar("T")


def _replace_into(target: Path, write: Callable[[Path], T]) -> T:
    """Have `write` fill a new file beside `target`, then move it over `target`; returns what `write` returned.

    A file already at `target` (an earlier export's, or a hard link to a file outside planted since) is
    replaced, never opened for writing, so nothing outside the folder is written through; a symbolic link or a
    folder there is no file the export made, and is refused (ExportError) and left as it is.
    """
    if target.is_symlink() or target.is_dir():
        raise ExportError(f"{target} is a {'link' if target.is_symlink() else 'folder'}; an export writes only its "
                          "own files. Remove it or pass a new folder")
    tmp = target.with_name(f".{target.name}.{uuid.uuid4().hex[:12]}.tmp")
    # O_EXCL: a new file or an error, never an entry planted under this name; mode 0o666 less the umask, as a
    # plain write would make it.
    os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666))
    try:
        result = write(tmp)
        os.replace(tmp, target)  # a rename: replaces the directory entry, whatever it pointed at
    finally:
        tmp.unlink(missing_ok=True)
    return result


def _write_text(target: Path, text: str) -> None:
    _replace_into(target, lambda tmp: tmp.write_text(text, encoding="utf-8"))


def _zip(folder: Path, target: Path) -> str:
    """Zip a folder deterministically (sorted names, fixed times); return the archive's sha256.

    Regular files only: a link or a device in the folder is refused (BundleError), never followed.
    """
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in (folder / rel for rel in bundle_files(folder)):
            info = zipfile.ZipInfo(path.relative_to(folder.parent).as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    return hashlib.sha256(target.read_bytes()).hexdigest()


def _description(world: World) -> dict:
    return {"world_id": world.world_id, "title": world.plan.title, "summary": world.plan.summary,
            "verdict": world.verdict, "window": [str(world.plan.window_start), str(world.plan.window_end)],
            "organisations": [o.model_dump() for o in world.plan.organisations],
            "people": [p.model_dump() for p in world.plan.people],
            "kinds": sorted(world.kinds)}


def export_apex(world: World, task_set: TaskSet, out: Path) -> Path:
    """The APEX world archive: out/<world_id>/ and out/<world_id>.zip; returns the zip."""
    base = out / world.world_id
    if base.is_symlink() or (base.exists() and not base.is_dir()):
        raise ExportError(f"{base} is a link or a file, not an earlier export of this world; remove it yourself "
                          "or choose another --out")
    if base.exists():
        shutil.rmtree(base)  # an earlier export of this world, in a folder the export marked as its own
    # the files of each kind's own app (a chat export's lists and transcripts, each person's .ics) go under its name
    own = app_files(world)
    for rel in bundle_files(world.room):  # regular files only: a link is refused, never followed
        path = world.room / rel
        if rel.startswith("Mailboxes/"):
            target = base / "mail" / path.name
        elif path.suffix == ".eml":
            target = base / "mail" / "messages" / rel
        elif rel in own:
            target = base / own[rel] / rel
        else:
            target = base / "filesystem" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    (base / "world_description.json").write_text(json.dumps(_description(world), indent=2, default=str) + "\n",
                                                 encoding="utf-8")
    rows = [{"task_id": t.id, "world_id": t.world_id, "kind": t.kind, "prompt": t.instruction,
             "reference_answer": t.reference.answer, "rubric": t.rubric.model_dump()} for t in task_set.tasks]
    (base / "tasks_and_rubrics.json").write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    archive = out / f"{world.world_id}.zip"
    for target in (archive, out / f"{archive.name}.sha256"):
        if target.is_symlink():
            raise ExportError(f"{target} is a link; remove it or choose another --out")
    sha = _replace_into(archive, lambda tmp: _zip(base, tmp))
    _write_text(out / f"{world.world_id}.zip.sha256", f"{sha}  {archive.name}\n")
    return archive


CARD = """\
---
pretty_name: {title}
configs:
{configs}
---

# {title}

A worldsmith world ({world_id}, verdict `{verdict}`): a synthetic data room of mail, documents and
sheets, its fact ledger, and {n_tasks} tasks with reference answers and rubrics.

```python
from datasets import load_dataset
tasks = load_dataset("parquet", data_files="data/tasks.parquet")["train"]
```

Every table of the world's DuckDB store that has rows is one Parquet file in `data/`; `tasks.parquet` holds the
tasks (rubric and solution as JSON text); `archives.parquet` holds the world archive's sha256.

| world archive | sha256 |
|---|---|
| `worlds/{world_id}.zip` | `{sha}` |
"""


def export_parquet(world: World, task_set: TaskSet, out: Path) -> Path:
    """Every table and the tasks as Parquet under out/data/, a dataset card, the world archive; returns the card.

    No SQL carries a pasted name or path: the store is attached by a parameter (and checked again, as the
    file may have changed since the world was opened), tables are only those the world schema names, and
    each Parquet file is written through DuckDB's relation API with its path as an argument.
    """
    data = out / "data"
    data.mkdir(parents=True, exist_ok=True)
    archives = out / "worlds"
    archives.mkdir(exist_ok=True)
    con = duckdb.connect(config={"autoload_known_extensions": False, "autoinstall_known_extensions": False})
    try:
        con.execute("set TimeZone = 'UTC'")
        con.execute("attach $path as w (read_only)", {"path": str(world.store_path)})
        check_store(con, "w", world.store_path)
        present = {t for (t,) in con.execute("select table_name from duckdb_tables() where database_name = 'w' "
                                             "and schema_name = 'main'").fetchall()}
        tables = []
        for table in (t for t in known_tables() if t in present):
            # An empty table is left out: `datasets` refuses a Parquet file without rows.
            if con.execute(f"select count(*) from w.main.{quote_ident(table)}").fetchall()[0][0]:
                relation = con.sql(f"select * from w.main.{quote_ident(table)}")
                _replace_into(data / f"{table}.parquet", lambda tmp: relation.write_parquet(str(tmp)))
                tables.append(table)
        con.execute("create table tasks (id varchar, world_id varchar, kind varchar, instruction varchar, "
                    "reference_answer varchar, reference_sql varchar, needs varchar, rubric varchar, solution varchar)")
        rows = [(t.id, t.world_id, t.kind, t.instruction, t.reference.answer, t.reference.sql,
                 t.needs.model_dump_json(), t.rubric.model_dump_json(), t.solution.model_dump_json())
                for t in task_set.tasks]
        if rows:  # DuckDB refuses executemany over no rows; a world without tasks exports its tables
            con.executemany("insert into tasks values (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        _replace_into(data / "tasks.parquet", lambda tmp: con.table("tasks").write_parquet(str(tmp)))
        sha = _replace_into(archives / f"{world.world_id}.zip", lambda tmp: _zip(world.path, tmp))
        con.execute("create table archives as select ? as world_id, ? as title, ? as verdict, ? as archive, "
                    "? as sha256", [world.world_id, world.plan.title, world.verdict,
                                    f"worlds/{world.world_id}.zip", sha])
        _replace_into(data / "archives.parquet", lambda tmp: con.table("archives").write_parquet(str(tmp)))
    except duckdb.Error as exc:
        raise WorldsmithError(f"could not write Parquet under {data}: {exc}") from None
    finally:
        con.close()
    names = tables + ["tasks", "archives"]
    configs = "\n".join(f"- config_name: {n}\n  data_files: data/{n}.parquet" for n in names)
    card = out / "README.md"
    _write_text(card, CARD.format(title=world.plan.title.replace(":", " -"), configs=configs, world_id=world.world_id,
                                  verdict=world.verdict, n_tasks=len(task_set.tasks), sha=sha))
    return card


def claim(out: Path, format: str) -> None:
    """Make `out` an export folder, or check that an export made it: an export never writes over files it did not make.

    A new or empty folder is marked as an export's own (.worldsmith-export); a folder holding other files
    without that mark is refused (ExportError), and so is a link where the export would write.
    """
    out = Path(out)
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise ExportError(f"--out {out} is a link or a file; pass a new or empty folder")
    for folder in (out.resolve(), *out.resolve().parents):
        # an export inside a world bundle writes into its room (the bundle then no longer opens)
        if (folder / "manifest.json").is_file() and (folder / "room").is_dir():
            raise ExportError(f"--out {out} is inside the world bundle {folder}; an export never writes into a bundle: "
                              "pass a folder outside it (nothing was written)")
    if out.exists() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise ExportError(f"--out {out} holds files that no worldsmith export made; pass a new or empty folder "
                          "(nothing in it was changed)")
    out.mkdir(parents=True, exist_ok=True)
    for name in (MARKER, "README.md", "data", "worlds"):
        if (out / name).is_symlink():
            raise ExportError(f"{out / name} is a link; an export writes only into its own folder. Remove the link "
                              "or pass a new folder")
    _write_text(out / MARKER, json.dumps({"made_by": "worldsmith export", "format": format}) + "\n")


def _files_it_writes(world: World, out: Path, format: str) -> list[Path]:
    """The files an export of this format writes straight into out/ (not the tree apex rebuilds under out/<world_id>/)."""
    if format == "apex":
        return [out / f"{world.world_id}.zip", out / f"{world.world_id}.zip.sha256"]
    data = [out / "data" / f"{name}.parquet" for name in (*known_tables(), "tasks", "archives")]
    return [*data, out / "worlds" / f"{world.world_id}.zip", out / "README.md"]


def _refuse_links(world: World, out: Path, format: str) -> None:
    """ExportError, before anything is written, for a link where the export would write a file of its own.

    _replace_into refuses it too, but only on reaching it: a link at the last Parquet table was found after every
    other table, the archive and the marker had been written again (a refused export that rewrote the folder, and
    a test that planted a link at each file in turn spent 6.7 CPU-s exporting the legal world over and over).
    """
    if out.is_symlink() or not out.is_dir():
        return  # claim refuses a link at out itself; a new folder holds no link
    for target in _files_it_writes(world, out, format):
        if target.is_symlink():
            raise ExportError(f"{target} is a link; an export writes only its own files. Remove it or pass a new "
                              "folder (nothing was written)")


def export(world: World, task_set: TaskSet, out: Path, format: str) -> Path:
    """Write the apex or parquet export under out/ (a new folder, or one an export made); returns its main file."""
    out = Path(out)
    _refuse_links(world, out, format)
    claim(out, format)
    return export_apex(world, task_set, out) if format == "apex" else export_parquet(world, task_set, out)
