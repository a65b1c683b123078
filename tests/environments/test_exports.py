"""APEX and Parquet exports: the archive layout with its sha256; Parquet that `datasets` loads as is."""

from __future__ import annotations

import hashlib
import json
import os
import zipfile

import duckdb
import pytest

import worldsmith
from worldsmith.environments import exports
from worldsmith.environments.lint import make_task_set


@pytest.fixture(scope="module")
def world_and_tasks(published_legal):
    world = worldsmith.open(published_legal)
    yield world, make_task_set(world)
    world.close()


def test_apex_archive_holds_the_filesystem_the_mail_and_the_tasks(world_and_tasks, tmp_path):
    world, task_set = world_and_tasks
    archive = exports.export(world, task_set, tmp_path, "apex")
    names = set(zipfile.ZipFile(archive).namelist())
    top = f"{world.world_id}/"
    assert {top + "world_description.json", top + "tasks_and_rubrics.json"} <= names
    assert any(n.startswith(top + "filesystem/") and n.endswith(".docx") for n in names)
    assert any(n.startswith(top + "mail/") and n.endswith(".mbox") for n in names)
    assert not any(n.startswith(top + "filesystem/") and n.endswith((".eml", ".mbox")) for n in names)
    sha = (tmp_path / f"{archive.name}.sha256").read_text().split()[0]
    assert sha == hashlib.sha256(archive.read_bytes()).hexdigest()
    rows = json.loads((tmp_path / world.world_id / "tasks_and_rubrics.json").read_text())
    assert len(rows) == len(task_set.tasks) and {"criteria", "negative_criteria", "universal_penalties"} <= set(rows[0]["rubric"])


def test_parquet_has_every_table_the_tasks_and_the_archive_sha(world_and_tasks, tmp_path):
    world, task_set = world_and_tasks
    card = exports.export(world, task_set, tmp_path, "parquet")
    data = tmp_path / "data"
    con = duckdb.connect()
    assert con.execute(f"select count(*) from '{data / 'tasks.parquet'}'").fetchone()[0] == len(task_set.tasks)
    assert con.execute(f"select count(*) from '{data / 'emails.parquet'}'").fetchone()[0] == len(world.messages)
    cap = con.execute(f"select text from '{data / 'facts.parquet'}' where id = 'liability_cap'").fetchone()[0]
    assert cap == world.facts["liability_cap"].text
    sha = con.execute(f"select sha256, archive from '{data / 'archives.parquet'}'").fetchone()
    assert sha[0] == hashlib.sha256((tmp_path / sha[1]).read_bytes()).hexdigest() and sha[0] in card.read_text()
    assert "config_name: tasks" in card.read_text()


def test_datasets_loads_the_parquet_export_as_is(world_and_tasks, tmp_path, monkeypatch):
    datasets = pytest.importorskip("datasets")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    world, task_set = world_and_tasks
    exports.export(world, task_set, tmp_path / "out", "parquet")
    cache = str(tmp_path / "cache")
    for name in sorted(os.listdir(tmp_path / "out" / "data")):
        loaded = datasets.load_dataset("parquet", data_files=str(tmp_path / "out" / "data" / name), cache_dir=cache)
        assert loaded["train"].num_rows > 0, name
    tasks = datasets.load_dataset(str(tmp_path / "out"), "tasks", cache_dir=cache)["train"]
    assert sorted(tasks["id"]) == sorted(t.id for t in task_set.tasks)
