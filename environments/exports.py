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
import shutil
import zipfile
from pathlib import Path

import duckdb

from worldsmith.environments.tasks import TaskSet
from worldsmith.worlds.errors import WorldsmithError
from worldsmith.worlds.world import World

MAIL_KINDS = {"email"}


def _zip(folder: Path, target: Path) -> str:
    """Zip a folder deterministically (sorted names, fixed times); return the archive's sha256."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
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
    if base.exists():
        shutil.rmtree(base)
    kinds = {a.path: a.kind for a in world.plan.artifacts}
    # a chat export's lists and transcripts and each person's .ics are kind-wide files no artifact names
    chat_roots = tuple(f"{c}/" for (c,) in world.db.execute("select distinct export from chat_channels")
                       .fetchall()) if world.has_table("chat_channels") else ()
    for path in sorted(p for p in world.room.rglob("*") if p.is_file()):
        rel = path.relative_to(world.room).as_posix()
        if rel.startswith("Mailboxes/"):
            target = base / "mail" / path.name
        elif path.suffix == ".eml":
            target = base / "mail" / "messages" / rel
        elif path.suffix.lower() == ".ics" or kinds.get(rel) == "calendar":
            target = base / "calendar" / rel
        elif kinds.get(rel) == "chat" or (chat_roots and rel.startswith(chat_roots)):
            target = base / "chat" / rel
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
    sha = _zip(base, archive)
    (out / f"{world.world_id}.zip.sha256").write_text(f"{sha}  {archive.name}\n", encoding="utf-8")
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
    """Every table and the tasks as Parquet under out/data/, a dataset card, the world archive; returns the card."""
    data = out / "data"
    data.mkdir(parents=True, exist_ok=True)
    archives = out / "worlds"
    archives.mkdir(exist_ok=True)
    sha = _zip(world.path, archives / f"{world.world_id}.zip")
    tables = [r[0] for r in world.db.execute(
        "select table_name from information_schema.tables where table_type = 'BASE TABLE' order by 1").fetchall()]
    con = duckdb.connect()
    try:
        con.execute("set TimeZone = 'UTC'")
        con.execute(f"attach '{world.path / 'world.duckdb'}' as w (read_only)")
        # An empty table is left out: `datasets` refuses a Parquet file without rows.
        tables = [t for t in tables if con.execute(f'select count(*) from w."{t}"').fetchone()[0]]
        for table in tables:
            con.execute(f'copy (select * from w."{table}") to \'{data / (table + ".parquet")}\' (format parquet)')
        con.execute("create table tasks (id varchar, world_id varchar, kind varchar, instruction varchar, "
                    "reference_answer varchar, reference_sql varchar, needs varchar, rubric varchar, solution varchar)")
        con.executemany("insert into tasks values (?, ?, ?, ?, ?, ?, ?, ?, ?)", [
            (t.id, t.world_id, t.kind, t.instruction, t.reference.answer, t.reference.sql,
             t.needs.model_dump_json(), t.rubric.model_dump_json(), t.solution.model_dump_json())
            for t in task_set.tasks])
        con.execute(f"copy tasks to '{data / 'tasks.parquet'}' (format parquet)")
        con.execute("create table archives as select ? as world_id, ? as title, ? as verdict, ? as archive, "
                    "? as sha256", [world.world_id, world.plan.title, world.verdict,
                                    f"worlds/{world.world_id}.zip", sha])
        con.execute(f"copy archives to '{data / 'archives.parquet'}' (format parquet)")
    except duckdb.Error as exc:
        raise WorldsmithError(f"could not write Parquet under {data}: {exc}") from None
    finally:
        con.close()
    names = tables + ["tasks", "archives"]
    configs = "\n".join(f"- config_name: {n}\n  data_files: data/{n}.parquet" for n in names)
    card = out / "README.md"
    card.write_text(CARD.format(title=world.plan.title.replace(":", " -"), configs=configs, world_id=world.world_id,
                                verdict=world.verdict, n_tasks=len(task_set.tasks), sha=sha), encoding="utf-8")
    return card


def export(world: World, task_set: TaskSet, out: Path, format: str) -> Path:
    """Write the apex or parquet export under out/; returns its main file."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    return export_apex(world, task_set, out) if format == "apex" else export_parquet(world, task_set, out)
