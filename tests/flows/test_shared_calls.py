"""Two runs of the same world at once share their model calls through the response cache: a request one
of them is asking is marked in flight, and the other waits for its answer instead of paying for it again. Both run on the test session's Prefect server."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.conftest import MINI
from worldsmith.worlds import bundle

KEY = "sk-test-WORLDSMITH-FAKE-KEY-0123456789"


def test_two_runs_of_one_world_at_once_pay_for_each_call_once(tmp_path, prefect_api):
    log = tmp_path / "server.jsonl"
    server = subprocess.Popen([sys.executable, "-m", "worldsmith.generators.backends.test_server", "--port", "0",
                               "--latency", "0.5", "--log", str(log), "--api-key", KEY],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = server.stdout.readline().strip()
    try:
        env = dict(os.environ, OPENAI_API_KEY=KEY, WORLDSMITH_CACHE=str(tmp_path / "cache.sqlite"),
                   PREFECT_HOME=str(tmp_path / "prefect-home"), PREFECT_API_URL=prefect_api[0], COLUMNS="200")
        runs = [subprocess.Popen([sys.executable, "-m", "worldsmith.flows.cli", "generate", str(MINI), "--backend",
                                  "openai", "--base-url", url, "--model", "test-model", "--concurrency", "1",
                                  "--out", f"out{i}"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for i in (1, 2)]
        outputs = [r.communicate(timeout=600) for r in runs]
        for r, (out, err) in zip(runs, outputs):
            assert r.returncode == 0, out + err
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=30)
    rows = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    paid = [r["key"] for r in rows if r.get("completed") and r.get("status") == 200]
    worlds = [next(p for p in (tmp_path / f"out{i}").iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))
              for i in (1, 2)]
    artifacts = len(bundle.read_plan(worlds[0]).artifacts)
    assert len(paid) == len(set(paid)) == artifacts, (len(paid), len(set(paid)), artifacts)
    usage = [bundle.read_manifest(w).usage["totals"] for w in worlds]
    assert sum(u["calls"] for u in usage) == artifacts  # each call paid by one run; the other got it shared
    assert sum(u["cache_hits"] for u in usage) == artifacts
    # Both runs made the same world, and no marker is left behind.
    a, b = ([(f.path, f.sha256) for f in bundle.read_manifest(w).files if f.path.startswith("room/")] for w in worlds)
    assert a == b
    with sqlite3.connect(tmp_path / "cache.sqlite") as db:
        assert db.execute("select count(*) from inflight").fetchone()[0] == 0
