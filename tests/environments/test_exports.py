"""APEX and Parquet exports: the archive layout with its sha256; Parquet that `datasets` loads as is."""

from __future__ import annotations

import hashlib
import json
import os
import zipfile

import duckdb
import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments import exports


@pytest.fixture(scope="module")
def world_and_tasks(published_legal):
    world = worldsmith.open(published_legal)
    yield world, task_set_of(world)
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



def _files_an_export_wrote(out, world_id):
    """The files an export writes straight into its folder (the marker, archive, card, Parquet), not the tree it
    rebuilds under out/<world_id>/."""
    return sorted(p for p in out.rglob("*") if p.is_file() and not p.relative_to(out).as_posix().startswith(f"{world_id}/"))


@pytest.mark.parametrize("format", ["apex", "parquet"])
def test_a_re_export_replaces_hard_links_planted_in_its_folder_never_writing_through(world_and_tasks, tmp_path,
                                                                                     format):
    """Every file an export writes is a new file moved into place: a hard link to a file outside, planted since
    an earlier export, is replaced, and the file outside keeps its bytes."""
    world, task_set = world_and_tasks
    out = tmp_path / "out"
    exports.export(world, task_set, out, format)
    written = _files_an_export_wrote(out, world.world_id)
    assert len(written) >= 3, written  # the marker, and the archive and its sha256, or the card and the Parquet
    canaries = {}
    for i, path in enumerate(written):
        canary = tmp_path / f"canary-{i}"
        canary.write_text(f"keep {i}\n", encoding="utf-8")
        path.unlink()
        os.link(canary, path)
        canaries[canary] = f"keep {i}\n"
    exports.export(world, task_set, out, format)
    assert {c: c.read_text(encoding="utf-8") for c in canaries} == canaries
    assert all(p.stat().st_nlink == 1 for p in written), [p for p in written if p.stat().st_nlink != 1]
    assert (out / f"{world.world_id}.zip").is_file() or (out / "data" / "tasks.parquet").is_file()
    assert not list(out.rglob("*.tmp")), "a temporary file was left behind"


@pytest.mark.parametrize("format", ["apex", "parquet"])
def test_a_symlink_where_a_re_export_writes_is_refused_and_its_target_kept(world_and_tasks, tmp_path, format):
    world, task_set = world_and_tasks
    out = tmp_path / "out"
    exports.export(world, task_set, out, format)
    canary = tmp_path / "canary"
    canary.write_text("keep\n", encoding="utf-8")
    written = _files_an_export_wrote(out, world.world_id)
    for path in written:
        kept = path.read_bytes()
        path.unlink()
        path.symlink_to(canary)
        before = {p: os.lstat(p).st_ino for p in written}
        with pytest.raises(exports.ExportError, match="is a link"):
            exports.export(world, task_set, out, format)
        assert canary.read_text(encoding="utf-8") == "keep\n" and path.is_symlink(), path
        # refused before it writes: no other file of the folder was written again (each write is a new file)
        assert {p: os.lstat(p).st_ino for p in written} == before, path
        path.unlink()
        path.write_bytes(kept)


def test_an_export_into_a_world_bundle_or_a_foreign_folder_is_refused_and_writes_nothing(published_legal, tmp_path):
    """Blind attacker: `export --out` pointed inside a bundle wrote into its room/, and the bundle no longer opened;
    a Harbor export replaced a folder named like a task in a folder no export made."""
    world = worldsmith.open(published_legal)
    try:
        task_set = task_set_of(world)
        for fmt in ("apex", "parquet", "harbor"):
            _refused_everywhere(world, task_set, published_legal, tmp_path / fmt, fmt)
    finally:
        world.close()


def _refused_everywhere(world, task_set, published_legal, tmp_path, fmt):
    """One format's export, inside the bundle and into a folder no export made: refused, nothing written."""
    from worldsmith.environments.exports import ExportError, export
    from worldsmith.environments.harbor import export_harbor

    before = sorted(p.name for p in (published_legal / "room").iterdir())
    inside = published_legal / "room" / "exported"
    run = (lambda out: export_harbor(world, task_set.tasks[:1], out, wheel=tmp_path / "no.whl")) if fmt == "harbor" \
        else (lambda out: export(world, task_set, out, fmt))
    with pytest.raises(ExportError, match="inside the world bundle"):
        run(inside)
    assert not inside.exists() and sorted(p.name for p in (published_legal / "room").iterdir()) == before
    foreign = tmp_path / "mine"
    (foreign / task_set.tasks[0].id).mkdir(parents=True)
    (foreign / task_set.tasks[0].id / "keep.txt").write_text("keep")
    with pytest.raises(ExportError, match="no worldsmith export made"):
        run(foreign)
    assert (foreign / task_set.tasks[0].id / "keep.txt").read_text() == "keep"
    if fmt == "harbor":  # in a folder an export marked, a link where a task's folder goes is refused, not followed
        (foreign / ".worldsmith-export").write_text("{}")
        (foreign / "linked").symlink_to(foreign / task_set.tasks[0].id)
        task = task_set.tasks[0].model_copy(update={"id": "linked"})
        with pytest.raises(ExportError, match="is a link"):
            export_harbor(world, [task], foreign, wheel=tmp_path / "no.whl")
        assert (foreign / task_set.tasks[0].id / "keep.txt").read_text() == "keep"
