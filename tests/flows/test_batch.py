"""generate_batch: drafted outlines for five major groups become clean worlds; one bad input costs only itself."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from worldsmith.worlds import bundle
from worldsmith.worlds.catalog import list_worlds
from worldsmith.worlds.outline import load_outline

pytestmark = pytest.mark.usefixtures("prefect_harness")

# Three occupations of the shipped taxonomy, each from another SOC major group (five made two more worlds, about 10 s
# of the suite's six minutes, and showed nothing three do not).
THREE = ["15-1252", "23-1011", "41-3031"]


@pytest.fixture(scope="module")
def batch(tmp_path_factory, prefect_harness):
    from worldsmith.flows.batch import generate_batch

    root = tmp_path_factory.mktemp("batch")
    folder = root / "outlines"
    folder.mkdir()
    (folder / "broken.yaml").write_text("title: [not closed\n", encoding="utf-8")
    result = generate_batch(outlines=str(folder), occupations=THREE + ["Dragon Tamers"], out=str(root / "out"))
    return root, result


def test_every_drafted_world_is_published_clean(batch):
    root, result = batch
    worlds = [i for i in result.items if i.world_id]
    assert len(worlds) == 3 and result.published == 3
    assert all(i.verdict in ("pass", "warn") and not i.quarantined for i in worlds)
    rows = list_worlds(root / "out")
    assert sorted(r.world_id for r in rows) == sorted(i.world_id for i in worlds)
    assert all(r.errors == 0 for r in rows)
    assert {c for r in rows for c in r.occupations} >= set(THREE)


def test_a_draft_is_marked_and_validates_like_a_written_outline(batch):
    root, _ = batch
    path = root / "out" / "_drafts" / "draft-23-1011-s0.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[1].startswith("# DRAFT for expert review")
    outline = load_outline(path)
    assert outline.summary.startswith("Draft for expert review.")
    assert any(f.formula == "rate * hours" for f in outline.facts)
    assert {m.occupation for m in outline.cast} >= {"23-1011", "11-1011"}


def test_bad_inputs_fail_alone_with_their_reason(batch):
    _, result = batch
    failed = {Path(i.outline).name: i.error for i in result.items if i.error}
    assert set(failed) == {"broken.yaml", "Dragon Tamers"} and result.failed == 2
    assert "broken.yaml:2: YAML syntax error" in failed["broken.yaml"]
    assert "no occupation 'Dragon Tamers'" in failed["Dragon Tamers"]


def test_the_coverage_report_shows_groups_as_a_table_and_a_chart(batch):
    root, result = batch
    page = Path(result.coverage).read_text(encoding="utf-8")
    assert "<svg" in page and "<table>" in page
    assert "<td>23-0000</td><td>Legal Occupations</td><td>5</td><td>2</td>" in page
    assert "Coverage of 3 published worlds" in page


def test_the_dask_runner_makes_byte_identical_worlds(batch, tmp_path):
    """A local Dask cluster the runner starts itself (one worker process for the one outline: a second only started
    and idled, about 3 s of CPU importing) makes the default runner's world, file for file and verdict for verdict."""
    pytest.importorskip("prefect_dask")
    from worldsmith.flows.batch import run_batch

    root, result = batch
    folder = tmp_path / "one"
    folder.mkdir()
    shutil.copy(root / "out" / "_drafts" / "draft-23-1011-s0.yaml", folder)
    dask = run_batch(runner="dask", workers=1, outlines=str(folder), out=str(tmp_path / "out"), report=False)
    _assert_byte_identical(dask, result, 1)
    (item,) = dask.items
    twin = next(i for i in result.items if i.world_id and Path(i.outline).name == "draft-23-1011-s0.yaml")
    assert item.world_id == twin.world_id and item.verdict == twin.verdict
    assert [(f.path, f.sha256) for f in bundle.read_manifest(Path(item.path)).files] == \
           [(f.path, f.sha256) for f in bundle.read_manifest(Path(twin.path)).files]


def test_a_running_dask_cluster_is_used_by_its_address(monkeypatch):
    """The path to many machines: generate_batch on a Dask scheduler started elsewhere, whose workers reach this
    process's Prefect server. A second cluster's run (about 9 CPU-s) showed only what the runner's own cluster
    shows above; here the runner the batch is given is read instead."""
    pytest.importorskip("prefect_dask")
    from worldsmith.flows import batch as batch_flow

    seen = {}

    class Flow:
        def __call__(self, **params):
            seen["url"] = os.environ.get("PREFECT_API_URL")
            seen["params"] = params
            return "ran"

    def with_options(task_runner):
        seen["runner"] = task_runner
        return Flow()

    monkeypatch.setattr(batch_flow.generate_batch, "with_options", with_options)
    from prefect.settings import PREFECT_API_URL

    before = os.environ.get("PREFECT_API_URL")
    assert batch_flow.run_batch(runner="dask", address="tcp://scheduler:8786", outlines="x", report=False) == "ran"
    assert seen["runner"].address == "tcp://scheduler:8786" and not seen["runner"].cluster_kwargs
    # the workers inherit the server's address from the environment while the batch runs, and only then
    assert seen["url"] and seen["url"] == (before or PREFECT_API_URL.value())
    assert os.environ.get("PREFECT_API_URL") == before
    assert seen["params"] == {"outlines": "x", "report": False}


def _assert_byte_identical(made, reference, count: int) -> None:
    """Every world of `made` is its twin of `reference` (same outline), file for file."""
    assert made.published == count, made.items
    default = {Path(i.outline).name: i for i in reference.items if i.world_id}
    for item in made.items:
        twin = default[Path(item.outline).name]
        assert item.world_id == twin.world_id
        ours, theirs = Path(item.path), Path(twin.path)
        assert (ours / bundle.PLAN).read_bytes() == (theirs / bundle.PLAN).read_bytes()
        # The manifest, but for the hashes of derived files (world.duckdb's bytes are DuckDB's, not ours) and
        # the seal over them.
        import json

        def settled(path):
            data = json.loads((path / bundle.MANIFEST).read_text())
            return {k: v for k, v in data.items() if k not in ("derived", "seal")}

        assert settled(ours) == settled(theirs)
        for entry in bundle.read_manifest(ours).files:
            assert (ours / entry.path).read_bytes() == (theirs / entry.path).read_bytes(), entry.path


def test_worlds_made_side_by_side_are_those_made_one_at_a_time(batch, tmp_path):
    from worldsmith.flows.batch import AT_ONCE, run_batch

    root, result = batch
    assert AT_ONCE > 1  # the fixture's batch made its worlds side by side
    # One world made alone is the twin of the one made beside four others (a second made alone, after it, was
    # about 2 CPU-s for what the first shows).
    folder = tmp_path / "one"
    folder.mkdir()
    shutil.copy(root / "out" / "_drafts" / "draft-15-1252-s0.yaml", folder)
    alone = run_batch(at_once=1, outlines=str(folder), out=str(tmp_path / "out"), report=False)
    _assert_byte_identical(alone, result, 1)


def test_batch_takes_the_deadlines_generate_takes(tmp_path):
    """`worldsmith batch --artifact-deadline --run-deadline` bound each world's model calls as `generate`'s do: a
    server that never answers costs a world seconds, with every artifact reported, not hours."""
    import json
    import time

    from typer.testing import CliRunner

    from tests.conftest import MINI
    from tests.generators.test_openai_backend import FAKE_KEY, serving
    from worldsmith.flows.cli import app

    folder = tmp_path / "outlines"
    folder.mkdir()
    shutil.copy(MINI, folder / "mini.yaml")
    with serving(latency=60.0) as server:
        env = {"WORLDSMITH_BACKEND": "openai", "WORLDSMITH_MODEL": "test-model", "OPENAI_BASE_URL": server.base_url,
               "OPENAI_API_KEY": FAKE_KEY, "WORLDSMITH_CONCURRENCY": "1", "WORLDSMITH_CACHE": str(tmp_path / "cache"),
               "COLUMNS": "300"}
        start = time.monotonic()
        done = CliRunner().invoke(app, ["batch", str(folder), "--out", str(tmp_path / "out"),
                                        "--artifact-deadline", "0.4", "--run-deadline", "1.0"], env=env)
        seconds = time.monotonic() - start
    assert done.exit_code == 1 and "Traceback" not in done.output, done.output
    assert "0 published, 1 quarantined, 0 failed" in done.output, done.output
    failures = json.loads(next((tmp_path / "out").rglob("failures.json")).read_text())["failures"]
    assert any("artifact deadline of 0.4 s" in f["error"] for f in failures), failures
    assert any("the run's deadline for model calls (1 s" in f["error"] for f in failures), failures
    assert seconds < 90, seconds  # the offline stages of a small world; the model's share is the 1 s


def test_a_malformed_deadline_is_refused_before_any_world_is_made(tmp_path):
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    (tmp_path / "outlines").mkdir()
    done = CliRunner().invoke(app, ["batch", str(tmp_path / "outlines"), "--out", str(tmp_path / "out")],
                              env={"WORLDSMITH_RUN_DEADLINE": "soon", "COLUMNS": "300"})
    assert done.exit_code == 2 and "run_deadline" in done.output and "WORLDSMITH_RUN_DEADLINE" in done.output, \
        done.output
    assert not (tmp_path / "out").exists()
