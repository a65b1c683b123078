"""A world bundle is someone else's file: each attack of issue 20 on a copy of a published world, refused with a
clear error or without effect (no forged figure served, no host file read, no file written or deleted outside
what the command made)."""

from __future__ import annotations

import json
import logging
import os
import shutil
from pathlib import Path

import duckdb
import pytest

import worldsmith
from worldsmith.environments import exports
from worldsmith.environments.tasks import TaskSet
from worldsmith.worlds import bundle
from worldsmith.worlds.catalog import get_world, list_worlds, record_world, remove_world
from worldsmith.worlds.errors import BundleError
from worldsmith.worlds.store.load import load_bundle
from worldsmith.worlds.store.sandbox import StoreError, open_store
from worldsmith.worlds.world import ChecksumError

CAP, FORGED = "USD 12,500,000", "USD 999,000,000"
SECRET = "host-secret-7f3a"
INJECTED = "a' (format csv); copy (select 1) to '{target}' (format csv); --"


@pytest.fixture
def world(published_mini, tmp_path) -> Path:
    """A private copy of the session's published mini world (the shared one is never edited)."""
    target = tmp_path / "outputs" / published_mini.name
    shutil.copytree(published_mini, target)
    return target


def store_copy(published_mini: Path, tmp_path: Path) -> Path:
    """Only the store of the published world, to edit."""
    target = tmp_path / "store.duckdb"
    shutil.copyfile(published_mini / bundle.DATABASE, target)
    return target


def edit_store(db: Path, *statements: str) -> None:
    """What an attacker does with the DuckDB CLI: any statement, on a writable connection."""
    con = duckdb.connect(str(db))
    try:
        for sql in statements:
            con.execute(sql)
    finally:
        con.close()


def reseal(world: Path) -> None:
    """What a careful attacker does next: record the edited store in the manifest and seal it again."""
    bundle.seal_derived(world, (bundle.DATABASE,))


def edit_manifest(world: Path, **fields) -> None:
    data = json.loads((world / bundle.MANIFEST).read_text(encoding="utf-8"))
    data.update(fields)
    (world / bundle.MANIFEST).write_text(json.dumps(data, indent=2), encoding="utf-8")


# ---------------------------------------------------------------- (a) a forged store


def test_a_store_edited_after_sealing_is_not_served(world, caplog):
    edit_store(world / bundle.DATABASE,
               f"update documents set text = replace(text, '{CAP}', '{FORGED}')",
               f"update emails set body = replace(body, '{CAP}', '{FORGED}')",
               "update cells set value_num = 999000000 where value_num = 156200000")
    with caplog.at_level(logging.WARNING, logger="worldsmith"), worldsmith.open(world) as opened:
        assert opened.verdict == "pass" and opened.store_path != world / bundle.DATABASE  # rebuilt from the room
        texts = " ".join(d.text for d in opened.documents) + " ".join(m.body for m in opened.messages)
        assert CAP in texts and FORGED not in texts
        assert opened.db.execute("select count(*) from cells where value_num = 999000000").fetchall() == [(0,)]
    assert "not the store sealed at publishing" in caplog.text
    assert not opened.store_path.exists()  # the private store goes with the world


def test_a_private_store_goes_with_a_world_nobody_closes(world):
    # a script or a test that opens a world and drops it without close() left its rebuilt store in /tmp (357 of them,
    # ~14 MB each, after a few suite runs: the disk filled)
    import gc

    edit_store(world / bundle.DATABASE, f"update emails set body = replace(body, '{CAP}', '{FORGED}')")
    opened = worldsmith.open(world)
    private = opened.store_path.parent
    assert opened.store_path != world / bundle.DATABASE and private.exists()
    opened.db.close()  # (DuckDB's own handle; the world object itself is simply dropped)
    del opened
    gc.collect()
    assert not private.exists()


def test_a_store_forged_and_sealed_again_elsewhere_is_not_served(world, tmp_path, monkeypatch):
    # The attacker edits the store and seals the bundle again on their own machine (their own record of stores).
    monkeypatch.setenv("WORLDSMITH_TRUSTED_STORES", str(tmp_path / "attacker.txt"))
    edit_store(world / bundle.DATABASE, f"update documents set text = replace(text, '{CAP}', '{FORGED}')")
    reseal(world)
    # The victim's machine never built that store: it is rebuilt from the sealed room.
    monkeypatch.setenv("WORLDSMITH_TRUSTED_STORES", str(tmp_path / "victim.txt"))
    with worldsmith.open(world) as opened:
        assert opened.store_path != world / bundle.DATABASE
        assert FORGED not in " ".join(d.text for d in opened.documents)


def test_an_unsealed_store_is_not_served_when_the_room_is_not_hashed(world, caplog):
    # verify=False skips hashing the room, never the store's checks.
    edit_store(world / bundle.DATABASE, f"update emails set body = replace(body, '{CAP}', '{FORGED}')")
    with caplog.at_level(logging.WARNING, logger="worldsmith"), worldsmith.open(world, verify=False) as opened:
        assert opened.store_path != world / bundle.DATABASE
        bodies = " ".join(m.body for m in opened.messages)
        assert CAP in bodies and FORGED not in bodies
    assert "not the store sealed at publishing" in caplog.text


def _cheap_rebuilds(monkeypatch, published_mini: Path) -> list:
    """Rebuilds of this room, counted, each a copy of the published store (built from the same room) instead of
    a load of every file (seconds)."""
    from worldsmith.worlds.store import load

    builds: list = []

    def rebuild(bundle_path, target=None, **kwargs):
        builds.append(bundle_path)
        shutil.copyfile(published_mini / bundle.DATABASE, target)
        return Path(target)

    monkeypatch.setattr(load, "load_bundle", rebuild)
    return builds


def test_a_store_an_older_worldsmith_built_here_is_rebuilt_once_said_plainly_and_kept(world, published_mini, tmp_path,
                                                                                         monkeypatch, caplog):
    monkeypatch.setenv("WORLDSMITH_TRUSTED_STORES", str(tmp_path / "data" / "trusted-stores.txt"))
    # The store as a worldsmith before 5626b73 wrote it (manifest_files had no `present`), sealed on this machine.
    edit_store(world / bundle.DATABASE, "alter table manifest_files drop column present")
    reseal(world)
    builds = _cheap_rebuilds(monkeypatch, published_mini)
    said = []
    for _ in range(2):
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="worldsmith"), worldsmith.open(world) as opened:
            assert opened.store_path != world / bundle.DATABASE
            columns = opened.db.execute("select column_name from information_schema.columns "
                                        "where table_name = 'manifest_files'").fetchall()
            assert ("present",) in columns  # the layout this version reads
        said.append(caplog.text)
        assert opened.store_path.is_file()  # kept for the next open, unlike a private store
    assert len(builds) == 1 and "built by an older worldsmith" in said[0]
    assert "code" not in said[0] and "not the store sealed" not in said[0]
    assert said[1] == ""  # trusted afterwards: read as it is, nothing to say


def _store_of_another_world(world: Path, tmp_path: Path) -> Path:
    """A store this machine builds for another world (here: the same room under another world id)."""
    other = tmp_path / "other-world"
    shutil.copytree(world, other)
    plan = json.loads((other / bundle.PLAN).read_text(encoding="utf-8"))
    plan["world_id"] = "another-world-0123456789"
    (other / bundle.PLAN).write_text(json.dumps(plan), encoding="utf-8")
    return load_bundle(other, tmp_path / "other.duckdb")


def test_a_trusted_store_of_another_world_sealed_into_this_one_is_not_served(world, tmp_path, caplog):
    shutil.copyfile(_store_of_another_world(world, tmp_path), world / bundle.DATABASE)
    reseal(world)  # sealed on this machine, so its checksum is in this machine's record of stores it built
    for verify in (True, False):
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="worldsmith"), worldsmith.open(world, verify=verify) as opened:
            assert opened.store_path != world / bundle.DATABASE
            assert opened.db.execute("select world_id from world").fetchall() == [(opened.world_id,)]
        assert "another-world-0123456789" in caplog.text


def test_a_genuine_store_beside_forged_room_files_sealed_again_serves_the_room(world, caplog):
    eml = next(p for p in sorted((world / "room").rglob("*.eml")) if CAP in p.read_text(encoding="utf-8"))
    eml.write_text(eml.read_text(encoding="utf-8").replace(CAP, FORGED), encoding="utf-8")
    manifest = bundle.read_manifest(world)  # the attacker seals the forged room again; the store is untouched
    bundle.write_manifest(world, manifest.model_copy(update={"files": bundle.list_files(world)}))
    with caplog.at_level(logging.WARNING, logger="worldsmith"), worldsmith.open(world) as opened:
        # What is served is what the room holds (and what exports ship), never a store built from another room.
        assert opened.store_path != world / bundle.DATABASE
        rel = eml.relative_to(world / "room").as_posix()
        assert FORGED in next(m.body for m in opened.messages if m.path == rel)
    assert "other room files than the manifest lists" in caplog.text


# ---------------------------------------------------------------- (b) a store that holds code

STORE_ATTACKS = {
    "documents is a view over a host file": [
        "drop table documents",
        "create view documents as select null::varchar as artifact_id, 'x.docx' as path, null::varchar as identifier, "
        "'t' as title, null::varchar as subtitle, content as text, null::varchar as margins, 0 as n_words, "
        "0 as n_sections, 0 as n_tables, 0 as n_paragraphs from read_text('{secret}')"],
    "a macro redefined": ["drop macro squash", "create macro squash(s) as (select content from read_text('{secret}'))"],
    "a view redefined": ["create or replace view artifact_text as select null::varchar as artifact_id, "
                         "null::varchar as path, null::varchar as kind, content as text from read_text('{secret}')"],
    "a table the schema does not name": ["create table pwned (a int)"],
    "a generated column": ["drop table sheets", "create table sheets (artifact_id varchar, path varchar, "
                           "sheet_name varchar generated always as (artifact_id || '!'), position integer, "
                           "n_rows integer, n_cols integer)"],
    "another schema": ["create schema evil", "create view evil.documents as select 1 as x"],
    "a sequence": ["create sequence s1"],
}


@pytest.mark.parametrize("attack", sorted(STORE_ATTACKS))
def test_a_store_holding_code_is_refused_naming_it(published_mini, tmp_path, attack):
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, encoding="utf-8")
    db = store_copy(published_mini, tmp_path)
    edit_store(db, *(s.format(secret=secret) for s in STORE_ATTACKS[attack]))
    with pytest.raises(StoreError, match="the world schema does not define") as info:
        open_store(db)
    assert "worldsmith validate" in str(info.value) and SECRET not in str(info.value)


def test_the_report_command_reads_no_store_that_holds_code(published_mini, tmp_path):
    from worldsmith.worlds.realism import stored_metrics

    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, encoding="utf-8")
    db = store_copy(published_mini, tmp_path)
    edit_store(db, "drop table profile_metrics",
               "create view profile_metrics as select content as metric, 'rate' as kind, 0.0 as world_value, "
               "0.0 as reference_value, 0.0 as divergence, 0.0 as tolerance, true as ok, content as note, "
               f"'x' as reference from read_text('{secret}')")
    with pytest.raises(StoreError, match="view profile_metrics"):
        stored_metrics(db)


def test_the_report_command_opens_a_published_world_as_serve_does(world, published_mini, monkeypatch):
    from worldsmith.worlds.realism import read_validated

    # A store edited by hand (a forged measurement) is not the sealed one: never read, so nothing forged shown.
    edit_store(world / bundle.DATABASE, "update profile_metrics set note = 'FORGED-METRIC', ok = true")
    builds = _cheap_rebuilds(monkeypatch, published_mini)
    _, _, metrics = read_validated(world)
    assert builds and metrics and all(m.note != "FORGED-METRIC" for m in metrics)
    # A validation report edited after sealing is refused, as open refuses it.
    report = json.loads((world / bundle.VALIDATION).read_text(encoding="utf-8"))
    (world / bundle.VALIDATION).write_text(json.dumps({**report, "warnings": report["warnings"] + 1}), encoding="utf-8")
    with pytest.raises(ChecksumError, match="validation.json"):
        read_validated(world)


def test_a_sealed_store_with_a_view_over_a_host_file_never_reads_it(world, tmp_path, caplog):
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, encoding="utf-8")
    edit_store(world / bundle.DATABASE, *(s.format(secret=secret) for s in STORE_ATTACKS["documents is a view over "
                                                                                        "a host file"]))
    reseal(world)  # the seal holds: only the schema check can tell
    with caplog.at_level(logging.WARNING, logger="worldsmith"), worldsmith.open(world) as opened:
        assert opened.store_path != world / bundle.DATABASE
        assert all(SECRET not in d.text for d in opened.documents) and len(opened.documents) > 1
        # and the connection itself can reach no file, nor be given back the right to
        with pytest.raises(duckdb.Error, match="disabled by configuration"):
            opened.db.execute("select * from read_text(?)", [str(secret)]).fetchall()
        with pytest.raises(duckdb.Error, match="locked"):
            opened.db.execute("set enable_external_access = true")
    assert "view documents" in caplog.text


# ---------------------------------------------------------------- (c) names and paths pasted into SQL


def test_a_table_named_to_inject_sql_writes_nothing_on_export(world, tmp_path):
    pwned = tmp_path / "pwned.csv"
    name = INJECTED.format(target=pwned).replace('"', '""')
    edit_store(world / bundle.DATABASE, f'create table "{name}" (x int)', f'insert into "{name}" values (1)')
    reseal(world)
    with worldsmith.open(world) as opened:
        card = exports.export(opened, TaskSet(world_id=opened.world_id, tasks=[]), tmp_path / "export", "parquet")
    assert not pwned.exists()
    written = sorted(p.name for p in (tmp_path / "export" / "data").iterdir())
    assert "facts.parquet" in written and not any("format csv" in n for n in written)
    assert "config_name: facts" in card.read_text(encoding="utf-8")


def test_a_store_swapped_after_opening_is_checked_again_by_the_export(world, tmp_path):
    pwned = tmp_path / "pwned.csv"
    hostile = tmp_path / "hostile.duckdb"
    shutil.copyfile(world / bundle.DATABASE, hostile)
    name = INJECTED.format(target=pwned).replace('"', '""')
    edit_store(hostile, f'create table "{name}" (x int)', f'insert into "{name}" values (1)')
    with worldsmith.open(world) as opened:
        opened.__dict__["_store_path"] = hostile  # the file under the opened world, replaced since
        with pytest.raises(StoreError, match="the world schema does not define"):
            exports.export(opened, TaskSet(world_id=opened.world_id, tasks=[]), tmp_path / "export", "parquet")
    assert not pwned.exists()


def test_a_world_under_a_folder_with_a_quote_exports(published_mini, tmp_path):
    world = tmp_path / "Bob's worlds" / published_mini.name
    shutil.copytree(published_mini, world)
    with worldsmith.open(world) as opened:
        exports.export(opened, TaskSet(world_id=opened.world_id, tasks=[]), tmp_path / "Bob's worlds" / "export",
                       "parquet")
    facts = tmp_path / "Bob's worlds" / "export" / "data" / "facts.parquet"
    cap = duckdb.connect().execute("select text from read_parquet(?) where id = 'cap'", [str(facts)])
    assert cap.fetchall() == [(CAP,)]


def test_an_export_never_writes_over_a_folder_it_did_not_make(world, tmp_path):
    mine = tmp_path / "project"
    mine.mkdir()
    (mine / "README.md").write_text("my project\n", encoding="utf-8")
    with worldsmith.open(world) as opened:
        tasks = TaskSet(world_id=opened.world_id, tasks=[])
        with pytest.raises(exports.ExportError, match="holds files that no worldsmith export made"):
            exports.export(opened, tasks, mine, "parquet")
        with pytest.raises(exports.ExportError, match="no worldsmith export made"):
            exports.export(opened, tasks, world.parent, "apex")  # would have replaced the published world
        exports.export(opened, tasks, tmp_path / "again", "apex")
        exports.export(opened, tasks, tmp_path / "again", "apex")  # its own folder: replaced
    assert (mine / "README.md").read_text(encoding="utf-8") == "my project\n"
    assert (world / bundle.MANIFEST).is_file() and worldsmith.open(world).verdict == "pass"


# ---------------------------------------------------------------- (d) metadata, pages, links, verdicts


@pytest.mark.parametrize("field,value", [("title", "A forged title"), ("verdict", "warn"), ("errors", 0),
                                         ("model", "gpt-forged")])
def test_edited_manifest_metadata_breaks_the_seal(world, field, value):
    data = json.loads((world / bundle.MANIFEST).read_text(encoding="utf-8"))
    if data[field] == value:
        value = "pass" if field == "verdict" else 1
    edit_manifest(world, **{field: value})
    with pytest.raises(ChecksumError, match="manifest.json: edited since it was sealed"):
        worldsmith.open(world)


def _changed_rows(world: Path) -> list[str]:
    from tests.published import validate_copy

    report = validate_copy(world)  # a repair round's parse memo: the room's files, unchanged, are not parsed again
    changed = next(c for c in report.checks if c.id == "files_changed_since_publishing")
    assert report.verdict == "fail" and changed.count == len(changed.rows) >= 1
    return [r.detail for r in changed.rows]


@pytest.mark.parametrize("before,after", [('"errors": 0', '"errors": NaN'), ('"warnings": 0', '"warnings": -Infinity'),
                                          ('"usage": {', '"usage": {"tokens": NaN, ')])
def test_a_manifest_value_edited_to_nan_or_infinity_is_refused_by_validate_and_open(world, before, after):
    text = (world / bundle.MANIFEST).read_text(encoding="utf-8")
    assert before in text
    (world / bundle.MANIFEST).write_text(text.replace(before, after, 1), encoding="utf-8")  # not sealed again
    with pytest.raises(BundleError, match="is not a JSON number"):
        worldsmith.open(world)
    assert any("manifest.json is unreadable" in d and "is not a JSON number" in d for d in _changed_rows(world))


def test_a_manifest_value_its_field_cannot_hold_is_an_edit_validate_reports(world):
    text = (world / bundle.MANIFEST).read_text(encoding="utf-8")
    (world / bundle.MANIFEST).write_text(text.replace('"errors": 0', '"errors": 0.5', 1), encoding="utf-8")
    with pytest.raises(BundleError, match="not a valid Manifest"):
        worldsmith.open(world)
    assert any("holds a value no manifest can" in d and "errors" in d for d in _changed_rows(world))


def test_a_seal_never_matches_a_manifest_holding_a_value_not_equal_to_itself(world):
    manifest = bundle.read_manifest(world)
    for value in (float("nan"), float("inf")):
        forged = manifest.model_copy(update={"usage": {**manifest.usage, "tokens": value}})
        assert bundle.seal_of(forged) != bundle.seal_of(forged.model_copy(update={"usage": {**manifest.usage,
                                                                                            "tokens": None}}))
        assert bundle.seal_of(forged) == bundle.NOT_SEALABLE  # so never equal to a seal any manifest carries


def test_missing_and_unlisted_files_outside_the_room_are_refused_by_validate_as_by_open(world):
    ghosts = ["ghost.json", "../../../../tmp/ghost-h20", "/tmp/ghost-h20"]  # never joined to a path and opened
    manifest = bundle.read_manifest(world)
    extra = [bundle.FileEntry(path=ghost, sha256="0" * 64, bytes=1) for ghost in ghosts]
    bundle.write_manifest(world, manifest.model_copy(update={"files": manifest.files + extra}))  # sealed again
    unlisted = ["notes-added.txt", "extra/deep.txt"]  # beside the manifest, and in a folder of its own
    for rel in unlisted:
        (world / rel).parent.mkdir(exist_ok=True)
        (world / rel).write_text("not published", encoding="utf-8")
    with pytest.raises(ChecksumError) as info:
        worldsmith.open(world)
    rows = _changed_rows(world)
    for ghost in ghosts:
        assert f"{ghost}: missing" in str(info.value)
        assert any(d.startswith("removed since publishing") and ghost in d for d in rows)
    for rel in unlisted:
        assert f"{rel}: not listed in the manifest" in str(info.value)
        assert f"added since publishing: the manifest does not list {rel}" in rows


DEEP = "[" * 100_000 + "]" * 100_000  # deeper than any JSON parser's recursion


@pytest.mark.parametrize("name", [bundle.MANIFEST, bundle.PLAN, bundle.VALIDATION])
def test_a_file_nested_too_deeply_is_a_bundle_error_never_a_traceback(world, name):
    (world / name).write_text(DEEP, encoding="utf-8")
    with pytest.raises(BundleError):  # verified: a changed file, or the manifest itself unreadable
        worldsmith.open(world)
    with pytest.raises(BundleError, match=f"{name}: nested too deeply"):
        worldsmith.open(world, verify=False)


def test_validate_and_tasks_report_a_manifest_nested_too_deeply_without_a_traceback(world):
    # In this process (two `python -m worldsmith.flows.cli` were 4-5 CPU-s of imports): the commands' own error
    # handling is the app's, and an exception it let through would be the runner's `exception`, not a SystemExit.
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    (world / bundle.MANIFEST).write_text(DEEP, encoding="utf-8")
    assert any("nested too deeply" in d for d in _changed_rows(world))
    for command, code in (("validate", 1), ("tasks", BundleError.exit_code)):
        done = CliRunner().invoke(app, [command, str(world)], env={"COLUMNS": "400"})
        said = done.output + (done.stderr if done.stderr_bytes is not None else "")
        assert done.exit_code == code and isinstance(done.exception, (SystemExit, type(None))), (done.exception, said[-2000:])
        assert "nested too deeply" in said
        assert "Traceback" not in said and "RecursionError" not in said


def test_an_edited_page_or_task_file_is_refused(world):
    (world / bundle.INDEX_HTML).write_text("<html>the world</html>\n", encoding="utf-8")
    bundle.seal_derived(world, (bundle.INDEX_HTML,))  # as `worldsmith index` does after writing it
    worldsmith.open(world).close()
    (world / bundle.INDEX_HTML).write_text("<html>the world, and a phishing link</html>\n", encoding="utf-8")
    with pytest.raises(ChecksumError, match="index.html: sha256 differs"):
        worldsmith.open(world)
    (world / bundle.INDEX_HTML).unlink()
    (world / bundle.TASKS).write_text("{}", encoding="utf-8")  # never sealed
    with pytest.raises(ChecksumError, match="tasks.json: not listed"):
        worldsmith.open(world)


def test_a_manifest_edited_by_hand_is_not_sealed_again_by_a_command(world):
    edit_manifest(world, verdict="warn")
    with pytest.raises(BundleError, match="edited since it was sealed"):
        bundle.seal_derived(world, (bundle.INDEX_HTML,))


def _a_room_file(world: Path) -> Path:
    return next(p for p in sorted((world / "room").rglob("*.md")))


def test_a_room_file_swapped_for_a_link_to_an_identical_file_is_refused(world, tmp_path):
    doc = _a_room_file(world)
    twin = tmp_path / "identical.md"
    shutil.copyfile(doc, twin)
    doc.unlink()
    doc.symlink_to(twin)
    with pytest.raises(BundleError, match="a symbolic link; a world bundle holds only regular files") as info:
        worldsmith.open(world)
    assert doc.name in str(info.value)
    with pytest.raises(BundleError, match="symbolic link"):  # validate's loader refuses it too, before reading
        load_bundle(world, tmp_path / "store.duckdb")
    with pytest.raises(BundleError, match="symbolic link"):  # and sealing never records it
        bundle.list_files(world)


def test_a_linked_folder_a_fifo_and_a_host_file_link_are_refused_without_reading(world, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, encoding="utf-8")
    (world / "room" / "notes.txt").symlink_to(secret)
    with pytest.raises(BundleError, match="symbolic link") as info:
        worldsmith.open(world, verify=False)  # refused whether or not the checksums are checked
    assert SECRET not in str(info.value)
    (world / "room" / "notes.txt").unlink()
    (world / "room" / "Elsewhere").symlink_to(tmp_path, target_is_directory=True)
    with pytest.raises(BundleError, match="symbolic link"):
        worldsmith.open(world)
    (world / "room" / "Elsewhere").unlink()
    os.mkfifo(world / "room" / "pipe.eml")  # opening it to read would wait for ever
    with pytest.raises(BundleError, match="a FIFO"):
        worldsmith.open(world)


def test_a_hard_link_in_a_bundle_is_refused_by_name_without_reading(world, tmp_path, published_mini):
    secret = tmp_path / "secret.md"
    secret.write_text(SECRET, encoding="utf-8")
    planted = world / "room" / "hl.md"
    os.link(secret, planted)  # reads as the host file; a write to it would write there
    manifest = bundle.read_manifest(world)  # listed and sealed again, as an author can
    entry = bundle.FileEntry(path="room/hl.md", sha256=bundle.sha256_file(planted), bytes=planted.stat().st_size)
    bundle.write_manifest(world, manifest.model_copy(update={"files": manifest.files + [entry]}))
    for verify in (True, False):
        with pytest.raises(BundleError, match="hl.md: a hard link") as info:
            worldsmith.open(world, verify=verify)
        assert SECRET not in str(info.value)
    with pytest.raises(BundleError, match="a hard link"):  # validate's loader refuses it too, before reading
        load_bundle(world, tmp_path / "store.duckdb")
    planted.unlink()
    doc = _a_room_file(world)  # a room file swapped for a hard link to an identical copy: refused too
    twin = tmp_path / "identical.md"
    shutil.copyfile(doc, twin)
    doc.unlink()
    os.link(twin, doc)
    with pytest.raises(BundleError, match="a hard link"):
        worldsmith.open(world, verify=False)
    # What generate publishes holds no file with a second name, so our own worlds still open.
    assert all((published_mini / rel).stat().st_nlink == 1 for rel in bundle.bundle_files(published_mini))


def _quarantined(world: Path) -> None:
    """The world as it would be published under _quarantine/: a failing check in its sealed validation.json."""
    report = json.loads((world / bundle.VALIDATION).read_text(encoding="utf-8"))
    check = next(c for c in report["checks"] if c["severity"] == "error")
    check.update(count=1, rows=[{"artifact_id": None, "path": None, "detail": "a failing row"}])
    report.update(verdict="fail", errors=1)
    (world / bundle.VALIDATION).write_text(json.dumps(report, indent=2), encoding="utf-8")
    manifest = bundle.read_manifest(world)
    bundle.write_manifest(world, manifest.model_copy(update={"files": bundle.list_files(world), "verdict": "fail",
                                                             "errors": 1}))


def test_a_quarantined_world_moved_under_outputs_with_verdict_pass_is_refused(world):
    _quarantined(world)
    with worldsmith.open(world) as opened:
        assert opened.verdict == "fail"  # as quarantined: it opens for what it is
    edit_manifest(world, verdict="pass", errors=0)
    with pytest.raises(ChecksumError, match="edited since it was sealed"):
        worldsmith.open(world)
    # sealed again by the attacker: the verdict still has to be the one validation.json adds up to
    bundle.write_manifest(world, bundle.read_manifest(world))
    with pytest.raises(ChecksumError, match="verdict 'pass' .* but validation.json says 'fail'"):
        worldsmith.open(world)


def test_a_validation_report_whose_verdict_does_not_follow_from_its_checks_is_not_believed(world):
    _quarantined(world)
    report = json.loads((world / bundle.VALIDATION).read_text(encoding="utf-8"))
    report.update(verdict="pass", errors=0)  # the failing row left in place
    (world / bundle.VALIDATION).write_text(json.dumps(report, indent=2), encoding="utf-8")
    manifest = bundle.read_manifest(world)
    bundle.write_manifest(world, manifest.model_copy(update={"files": bundle.list_files(world), "verdict": "pass",
                                                             "errors": 0}))
    with pytest.raises(ChecksumError, match="does not follow from its checks"):
        worldsmith.open(world)


def test_a_world_without_a_validation_report_has_no_verdict_to_believe(world):
    (world / bundle.VALIDATION).unlink()
    manifest = bundle.read_manifest(world)
    bundle.write_manifest(world, manifest.model_copy(update={"files": bundle.list_files(world)}))
    with pytest.raises(ChecksumError, match="validation.json: missing, so the verdict 'pass' is backed by nothing"):
        worldsmith.open(world)


def test_a_manifest_of_an_older_unsealed_format_says_how_to_seal_it(world):
    edit_manifest(world, schema_version=1)
    with pytest.raises(BundleError, match="schema_version 1.*did not seal.*validate .* --accept-edits"):
        worldsmith.open(world)


def test_a_world_id_that_is_not_one_path_component_is_refused(world):
    edit_manifest(world, world_id="../../elsewhere")
    with pytest.raises(BundleError, match="is not a world id"):
        worldsmith.open(world)


# ---------------------------------------------------------------- worlds rm


def _catalogued(out: Path, world_id: str, recorded: Path | None = None) -> Path:
    """A world folder out/<id> with its manifest, and its catalog row (the path recorded as given)."""
    folder = out / world_id
    folder.mkdir(parents=True)
    manifest = bundle.Manifest(world_id=world_id, title=f"Matter {world_id}", outline_file="m.yaml",
                               outline_sha256="a" * 64, taxonomy="t", taxonomy_version="1", taxonomy_sha256="b" * 64,
                               seed=0, backend="offline", model="m", generator_version="g", packages={}, counts={},
                               verdict="pass", errors=0, warnings=0, files=[])
    bundle.write_manifest(folder, manifest)
    record_world(out, manifest, recorded or folder, [])
    return folder


def test_a_second_validate_of_one_bundle_waits_or_stops_clearly_and_never_counts_the_others_temporary_store(
        world, monkeypatch):
    from worldsmith.worlds import validate
    from worldsmith.worlds.world import verify_files

    # what a validate (or report) running beside this one has in the bundle while it builds the store
    for name in ("world.duckdb.tmp-8416-0a1b2c3d", "world.duckdb.tmp-8416-0a1b2c3d.wal",
                 "validation.json.tmp-8416-0a1b2c3d"):
        (world / name).write_bytes(b"half written")
    (world / "room" / "notes.tmp-8416-0a1b2c3d").write_bytes(b"a room file, whatever its name")
    listed = bundle.bundle_files(world)
    assert not any(n.startswith(("world.duckdb.tmp-", "validation.json.tmp-")) for n in listed)
    assert "room/notes.tmp-8416-0a1b2c3d" in listed
    assert verify_files(world, bundle.read_manifest(world)) == ["room/notes.tmp-8416-0a1b2c3d: not listed in the "
                                                                 "manifest"]
    monkeypatch.setattr(validate, "VALIDATE_WAIT_S", 0.0)
    before = (world / bundle.VALIDATION).read_bytes()
    import threading

    held, release = threading.Event(), threading.Event()

    def other() -> None:  # the other validate holds the bundle (its own thread: the lock is re-entrant per thread)
        with validate._one_validation(world):
            held.set()
            release.wait(30)

    holder = threading.Thread(target=other, daemon=True)
    holder.start()
    assert held.wait(30)
    try:
        with pytest.raises(BundleError, match="another validate is running on this bundle"):
            validate.validate_bundle(world)
    finally:
        release.set()
        holder.join(30)
    assert (world / bundle.VALIDATION).read_bytes() == before  # nothing written by the one that stopped


def test_accepting_edits_in_a_copy_never_repoints_the_catalog_row_at_it(world):
    from types import SimpleNamespace

    out, wid = world.parent, bundle.read_manifest(world).world_id
    assert world.name == wid
    bundle.append_catalog(out, bundle.read_manifest(world), world)
    evil = out / "evil"
    shutil.copytree(world, evil)  # the same world id under another name
    bundle.reseal(evil, SimpleNamespace(verdict="pass", errors=0, warnings=0))  # validate evil --accept-edits
    assert get_world(out, wid).path == str(world) and not bundle.is_catalogued_folder(evil, wid)
    bundle.reseal(world, SimpleNamespace(verdict="warn", errors=0, warnings=1))  # the world itself: row updated
    assert get_world(out, wid).path == str(world) and get_world(out, wid).verdict == "warn"


def test_rm_refuses_an_empty_or_ambiguous_reference_listing_the_matches(tmp_path):
    for wid in ("tanker-spill-1", "tanker-spill-2"):
        _catalogued(tmp_path, wid)
    for ref in ("", "  "):
        with pytest.raises(BundleError, match="give a world id"):
            remove_world(tmp_path, ref)
    with pytest.raises(BundleError, match=r"names 2 worlds \(tanker-spill-1, tanker-spill-2\)"):
        remove_world(tmp_path, "tanker")
    assert len(list_worlds(tmp_path)) == 2 and (tmp_path / "tanker-spill-1").is_dir()


def test_rm_deletes_only_the_folder_under_out_never_the_path_the_catalog_recorded(tmp_path):
    original = tmp_path / "original"
    _catalogued(original, "w-1")
    copy = tmp_path / "copy"
    shutil.copytree(original, copy)  # the catalog row still names original/w-1
    assert get_world(copy, "w-1").path == str(original / "w-1")
    row, folder = remove_world(copy, "w-1")
    assert folder == copy / "w-1" and not folder.exists()
    assert (original / "w-1" / bundle.MANIFEST).is_file()


def test_rm_refuses_a_link_a_foreign_folder_and_another_worlds_bundle(tmp_path):
    out = tmp_path / "out"
    elsewhere = _catalogued(tmp_path / "elsewhere", "w-link")
    out.mkdir()
    (out / "w-link").symlink_to(elsewhere, target_is_directory=True)
    record_world(out, bundle.read_manifest(elsewhere), out / "w-link", [])
    with pytest.raises(BundleError, match="is a link"):
        remove_world(out, "w-link")
    assert (elsewhere / bundle.MANIFEST).is_file()

    plain = out / "w-plain"
    plain.mkdir()
    (plain / "thesis.tex").write_text("years of work", encoding="utf-8")
    record_world(out, bundle.read_manifest(elsewhere).model_copy(update={"world_id": "w-plain"}), plain, [])
    with pytest.raises(BundleError, match="not a world bundle; nothing deleted"):
        remove_world(out, "w-plain")

    other = _catalogued(out, "w-other")
    record_world(out, bundle.read_manifest(other).model_copy(update={"world_id": "w-other-2"}), other, [])
    shutil.copytree(other, out / "w-other-2")
    with pytest.raises(BundleError, match="holds world 'w-other', not 'w-other-2'"):
        remove_world(out, "w-other-2")
    assert (plain / "thesis.tex").is_file() and (out / "w-other-2").is_dir() and len(list_worlds(out)) == 4


def test_rm_without_a_terminal_asks_for_yes_and_list_prints_whole_ids(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    wid = "kestrel-bay-tankers-v-ostrander-energy-o-9920ff8593"
    _catalogued(tmp_path / "out", wid)
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()  # its stdin is no terminal

    def run(*args: str):
        return runner.invoke(app, ["worlds", *args, "--out", "out"], env={"COLUMNS": "80"})

    listed = run("list")
    assert listed.exit_code == 0 and wid in listed.output and "…" not in listed.output
    refused = run("rm", "kestrel")
    assert refused.exit_code == 2 and "--yes" in refused.output and (tmp_path / "out" / wid).is_dir()
    assert refused.exception is None or isinstance(refused.exception, SystemExit)
    done = run("rm", "kestrel", "--yes")
    assert done.exit_code == 0 and not (tmp_path / "out" / wid).exists(), done.output


def test_rm_at_a_terminal_asks_first_and_a_no_deletes_nothing(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from worldsmith.flows import cli_worlds
    from worldsmith.flows.cli import app

    wid = "kestrel-bay-tankers-v-ostrander-energy-o-51c0ffee00"
    _catalogued(tmp_path / "out", wid)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli_worlds, "_can_ask", lambda: True)  # CliRunner's stdin is no terminal; a person's is

    def run(answer: str):
        return CliRunner().invoke(app, ["worlds", "rm", "kestrel", "--out", "out"], input=answer, env={"COLUMNS": "80"})

    kept = run("n\n")
    assert kept.exit_code == 1 and f"Delete world {wid}" in kept.output and "nothing deleted" in kept.output
    assert (tmp_path / "out" / wid).is_dir() and list_worlds(tmp_path / "out")
    removed = run("y\n")
    assert removed.exit_code == 0 and f"removed {wid}" in removed.output and not (tmp_path / "out" / wid).exists()


def test_a_catalog_holding_a_view_is_refused(tmp_path):
    _catalogued(tmp_path, "w-1")
    edit_store(tmp_path / "catalog.duckdb", "create view spy as select 1 as x")
    with pytest.raises(BundleError, match="holds view spy, which a worldsmith catalog does not"):
        list_worlds(tmp_path)


@pytest.mark.parametrize("name", [b"bad\xff.md", b"bad\xff/note.md"])
def test_a_room_name_that_is_not_utf8_is_refused_by_name_before_the_store_sees_it(world, name):
    # attack21 F7: validate crashed in DuckDB ('cannot encode surrogate') where report refused it cleanly
    from worldsmith.worlds.validate import validate_bundle
    path = os.fsencode(world / "room") + b"/" + name
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(b"# x\n")
    for step in (worldsmith.open, load_bundle, validate_bundle):
        with pytest.raises(BundleError, match=r"room/bad\\xff.*not valid UTF-8"):
            step(world)


def test_validate_refuses_a_plan_naming_another_world_than_the_manifest(world):
    # attack22 F9: validate gave such a resealed bundle a verdict (exit 0) that report, tasks and export refuse
    from worldsmith.worlds.validate import _refuse_another_world
    from worldsmith.worlds.world import ChecksumError

    own = bundle.read_manifest(world).world_id
    _refuse_another_world(world, own)  # its own plan: nothing to say
    with pytest.raises(ChecksumError, match="world ids disagree: manifest .*, plan 'another-world-0123456789'"):
        _refuse_another_world(world, "another-world-0123456789")
