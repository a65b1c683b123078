"""outputs/catalog.duckdb: one row per world id, replaced on republishing, whole under concurrent publishers."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
from pathlib import Path

import pytest

from worldsmith.worlds.bundle import Manifest, write_json
from worldsmith.worlds.catalog import get_world, list_worlds, record_world, remove_world
from worldsmith.worlds.errors import BundleError, PublishError


def manifest(world_id: str, verdict: str = "pass") -> Manifest:
    return Manifest(world_id=world_id, title=f"Matter {world_id}", outline_file="m.yaml", outline_sha256="a" * 64,
                    taxonomy="worldsmith-soc2018", taxonomy_version="1", taxonomy_sha256="b" * 64, seed=0,
                    backend="offline", model="composer-1", generator_version="planner-1", packages={},
                    counts={"email": 3, "document": 1, ".eml": 3}, verdict=verdict, errors=0, warnings=0, files=[])


def test_a_row_per_world_replaced_when_republished(tmp_path):
    record_world(tmp_path, manifest("w-1"), tmp_path / "w-1", ["23-1011", "11-1011", "23-1011"])
    record_world(tmp_path, manifest("w-1", verdict="warn"), tmp_path / "w-1", ["23-1011"])
    rows = list_worlds(tmp_path)
    assert [(r.world_id, r.verdict, r.occupations, r.artifacts) for r in rows] == [("w-1", "warn", ["23-1011"], 4)]
    assert rows[0].counts == {"email": 3, "document": 1} and rows[0].outline_sha256 == "a" * 64


def test_an_empty_folder_has_an_empty_catalog_and_no_file(tmp_path):
    assert list_worlds(tmp_path) == [] and not (tmp_path / "catalog.duckdb").exists()


def test_a_lock_that_is_a_link_or_a_fifo_is_refused_never_followed(tmp_path):
    # attack22 F3: OUT/.catalog.lock -> elsewhere made the publisher create (and lock) a file outside --out
    from worldsmith.worlds.publish_guard import refuse_links

    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir(), elsewhere.mkdir()
    (out / ".catalog.lock").symlink_to(elsewhere / "made")
    with pytest.raises(BundleError, match="is a link"):
        record_world(out, manifest("w-1"), out / "w-1", [])
    with pytest.raises(BundleError, match="is a link"):
        list_worlds(out)
    with pytest.raises(PublishError, match="is a link"):
        refuse_links(out, "w-1")
    assert list(elsewhere.iterdir()) == []
    (out / ".catalog.lock").unlink()
    os.mkfifo(out / ".catalog.lock")
    with pytest.raises(BundleError, match="catalog"):
        list_worlds(out)


def world_folder(out: Path, wid: str) -> Path:
    """A folder `worlds rm` accepts as a world bundle: out/<id> with a manifest naming that id."""
    (out / wid).mkdir(parents=True)
    write_json(out / wid / "manifest.json", manifest(wid))
    return out / wid


def test_show_by_prefix_and_remove_deletes_row_and_folder(tmp_path):
    for wid in ("alpha-1", "alpha-2", "beta-1"):
        world_folder(tmp_path, wid)
        record_world(tmp_path, manifest(wid), tmp_path / wid, [])
    assert get_world(tmp_path, "beta").world_id == "beta-1"
    with pytest.raises(BundleError, match="names 2 worlds"):
        get_world(tmp_path, "alpha")
    remove_world(tmp_path, "alpha-2")
    assert [r.world_id for r in list_worlds(tmp_path)] == ["alpha-1", "beta-1"]
    assert not (tmp_path / "alpha-2").exists() and (tmp_path / "alpha-1").is_dir()
    with pytest.raises(BundleError, match="no world 'gamma'"):
        get_world(tmp_path, "gamma")


def test_a_huge_reference_is_clipped_in_the_error(tmp_path):
    world_folder(tmp_path, "alpha-1")
    record_world(tmp_path, manifest("alpha-1"), tmp_path / "alpha-1", [])
    huge = "x" * 100_000
    with pytest.raises(BundleError) as caught:
        remove_world(tmp_path, huge)
    message = str(caught.value)
    assert len(message) < 400 and "100,000 characters" in message and "worlds list" in message
    assert (tmp_path / "alpha-1").is_dir()


def _publish_many(out: str, worker: int) -> None:
    for i in range(8):
        record_world(Path(out), manifest(f"w-{worker}-{i}"), Path(out) / f"w-{worker}-{i}", ["13-2011"])


def test_concurrent_publishers_lose_no_row(tmp_path):
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_publish_many, args=(str(tmp_path), w)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0, 0, 0]
    assert sorted(r.world_id for r in list_worlds(tmp_path)) == sorted(f"w-{w}-{i}" for w in range(4) for i in range(8))


def test_worlds_commands(tmp_path):
    world_folder(tmp_path / "out", "w-9")
    record_world(tmp_path / "out", manifest("w-9"), tmp_path / "out" / "w-9", ["23-1011"])

    def run(*args):
        # in this process from tmp_path (five processes were about 5 CPU-s of imports); an exception the app let
        # through, a traceback in a process of its own, fails here
        from typer.testing import CliRunner

        from worldsmith.flows.cli import app

        before = os.getcwd()
        os.chdir(tmp_path)
        try:
            done = CliRunner().invoke(app, ["worlds", *args, "--out", "out"], env={"COLUMNS": "200"})
        finally:
            os.chdir(before)
        assert isinstance(done.exception, (SystemExit, type(None))), (done.exception, done.output[-2000:])
        return subprocess.CompletedProcess(args, done.exit_code, done.stdout, done.stderr)

    assert "w-9" in run("list").stdout
    assert '"occupations": [\n    "23-1011"\n  ]' in run("show", "w-9").stdout
    missing = run("show", "nope")
    assert missing.returncode == 2 and "no world 'nope'" in missing.stderr
    assert run("rm", "w-9", "--yes").returncode == 0 and not (tmp_path / "out" / "w-9").exists()
    assert "0 worlds" in run("list").stdout
