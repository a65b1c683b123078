"""One artifact's failure is that artifact's: through the test server's sloppy mode, the real openai
client and the plain stages (the flow over them is tested in test_generate_flow.py), a world ends quarantined with a report or published, and a rerun asks the
model only for what failed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import MINI
from worldsmith.generators.backends.test_server import ServerConfig, TestServer
from worldsmith.worlds import bundle

# Every question over-long on its first three attempts, so each fails in its first run; seed 3
# makes the mini outline's odd few of the eight questions sloppy.
SLOPPY = {"over_long": 0.3, "odd_unicode": 0.1, "unsent_rule": 0.1, "prose": 0.1, "extra_fields": 0.1}


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-failure-policy-0000")
    path = tmp_path / "worldsmith.toml"
    path.write_text("timeout = 5\nbackoff_base = 0.05\n")
    return path


def run(server, out, cache, config, **extra):
    from worldsmith.flows.make import make_world

    return make_world(str(MINI), out=str(out), backend="openai", model="test-model", base_url=server.base_url,
                          cache=str(cache), config_file=str(config), **extra)


def test_failed_artifacts_quarantine_the_world_with_a_report_and_a_rerun_asks_only_for_them(tmp_path, config):
    with TestServer(ServerConfig(sloppy=SLOPPY, seed=5)) as server:
        first = run(server, tmp_path / "out", tmp_path / "c.sqlite", config)
        failed = [f for f in first.failures if not f["blocked_by"]]
        assert first.quarantined and failed, first
        path = Path(first.path)
        assert path.parent.name == bundle.QUARANTINE
        report = json.loads((path / bundle.FAILURES).read_text())
        assert "Run the same command again" in report["advice"]
        for f in failed:
            assert f["request_id"] and f["request_id"].startswith("req_") and "after 3 tries" in f["error"]
            assert not (path / bundle.ROOM / f["path"]).exists()
        made = {a.path for a in bundle.read_plan(path).artifacts} - {f["path"] for f in first.failures}
        assert all((path / bundle.ROOM / p).exists() for p in made)
        previous, runs = first, 1
        while previous.failures and runs < 5:
            # A reply that waited on a failed parent is asked for the first time in the rerun, and may
            # be sloppy in its turn: each run asks for exactly what the last one could not make.
            again = run(server, tmp_path / "out", tmp_path / "c.sqlite", config)
            # Repairs of checks that the now complete world fails are asked too: they are not reruns.
            asked = sum(k["requests"] - k["cache_hits"] for name, k in again.usage["kinds"].items() if name != "repair")
            assert 0 < asked <= len(previous.failures), (again.usage, previous.failures)  # blocked again: not asked
            previous, runs = again, runs + 1
    # Every artifact is made in the end; a world still quarantined is so for its checks (a sloppy model's
    # title that the repair rounds did not get right), and its report says which.
    assert not previous.failures, previous
    if previous.quarantined:
        verdict = json.loads((Path(previous.path) / "validation.json").read_text())
        assert verdict["errors"] > 0, verdict
    assert not (tmp_path / "out" / bundle.STAGING).exists()


def test_offline_policy_publishes_with_labelled_stand_ins(tmp_path, config):
    with TestServer(ServerConfig(sloppy=SLOPPY, seed=5)) as server:
        result = run(server, tmp_path / "out", tmp_path / "c.sqlite", config, on_artifact_failure="offline")
    assert not result.quarantined and result.failures and all(f["substituted"] for f in result.failures)
    manifest = bundle.read_manifest(Path(result.path))
    assert [f["path"] for f in manifest.failures] == [f["path"] for f in result.failures]


def test_abort_policy_publishes_nothing(tmp_path, config):
    from worldsmith.worlds.errors import ModelError

    with TestServer(ServerConfig(sloppy=SLOPPY, seed=5)) as server:
        with pytest.raises(ModelError, match="after 3 tries"):
            run(server, tmp_path / "out", tmp_path / "c.sqlite", config, on_artifact_failure="abort")
    assert not list((tmp_path / "out").glob("*/manifest.json"))
