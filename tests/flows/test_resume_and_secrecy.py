"""A run killed with SIGKILL resumes from the response cache without repeating a finished call, and the
API key appears nowhere: not in outputs, cache, Prefect's home or database, the server log or the CLI's output.

The runs use the test session's Prefect server (the `prefect_api` fixture), as `generate` does where an
operator has one running: the temporary server Prefect starts otherwise is tested in test_interrupt.py."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from worldsmith.worlds import bundle

FAKE_KEY = "sk-test-WORLDSMITH-FAKE-KEY-0123456789"
WRONG_KEY = "sk-test-WORLDSMITH-WRONG-KEY-9876543210"
# The mini matter with chat and meetings: every kind of item, 26 artifacts (the legal example's 159 cost three
# full worlds of CPU here for the same property); the server's latency keeps a killed run mid-way.
ROOMS = Path(__file__).resolve().parents[1] / "fixtures" / "mini-rooms.yaml"
KILL_AFTER = 6  # completed requests before the SIGKILL


def start_server(log: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "worldsmith.generators.backends.test_server", "--port", "0",
                             "--latency", "0.5", "--log", str(log), "--api-key", FAKE_KEY],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = proc.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), url
    return proc, url


def cli(args: list[str], tmp: Path, api: str, key: str = FAKE_KEY, cache: str = "cache.sqlite") -> subprocess.Popen:
    env = dict(os.environ, OPENAI_API_KEY=key, WORLDSMITH_CACHE=str(tmp / cache),
               PREFECT_HOME=str(tmp / "prefect-home"), PREFECT_API_URL=api, COLUMNS="200")
    return subprocess.Popen([sys.executable, "-m", "worldsmith.flows.cli", "generate", *args], cwd=tmp, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def completed_keys(log: Path) -> list[str]:
    rows = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    return [r["key"] for r in rows if r.get("completed") and r.get("status") == 200]


def test_sigkill_then_rerun_gives_the_uninterrupted_world_and_no_key_leaks(tmp_path, prefect_api):
    api, prefect_db = prefect_api
    log = tmp_path / "server.jsonl"
    server, url = start_server(log)
    captured = ""
    try:
        common = [str(ROOMS), "--backend", "openai", "--base-url", url, "--model", "test-model"]
        first = cli(common + ["--out", "out", "--concurrency", "4"], tmp_path, api)
        deadline = time.monotonic() + 240
        while (not log.exists() or len(completed_keys(log)) < KILL_AFTER) and time.monotonic() < deadline:
            assert first.poll() is None, first.communicate()
            time.sleep(0.05)
        os.killpg(first.pid, signal.SIGKILL)
        out, err = first.communicate()
        captured += out + err
        killed_at = len(completed_keys(log))
        assert KILL_AFTER <= killed_at, killed_at
        # The client had stored these answers when it died; the rest of the killed_at completions were
        # still on the wire (at most the concurrency) and may fairly be asked again.
        with sqlite3.connect(tmp_path / "cache.sqlite") as db:
            stored = db.execute("select count(*) from responses").fetchone()[0]
        assert killed_at - 4 <= stored <= killed_at
        assert not any((tmp_path / "out").glob("mini-matter*")), "a killed run must publish nothing"

        second = cli(common + ["--out", "out"], tmp_path, api)
        out, err = second.communicate(timeout=600)
        captured += out + err
        assert second.returncode == 0, out + err
        keys = completed_keys(log)
        resumed = next(p for p in (tmp_path / "out").iterdir() if p.name.startswith("mini-matter"))
        # One request per artifact of the plan (no faults, so no retries or re-asks); the plan says how
        # many, so a planner that adds a thread changes the figure without a stale constant here.
        assert len(set(keys)) == len(bundle.read_plan(resumed).artifacts)
        assert killed_at < len(set(keys)), "the run was killed after its last request: nothing was left to resume"
        assert len(keys) - len(set(keys)) == killed_at - stored, "a request the client had finished was made again"

        staging = tmp_path / "out" / bundle.STAGING
        assert not staging.exists() or not any(staging.iterdir()), "the killed run's staging folder was left"

        # The same world made in one go, with a cache of its own, is the same world byte for byte.
        third = cli(common + ["--out", "fresh"], tmp_path, api, cache="fresh-cache.sqlite")
        out, err = third.communicate(timeout=600)
        captured += out + err
        assert third.returncode == 0, out + err
        # The uninterrupted run asked exactly the questions the killed-then-resumed run asked, no other.
        assert set(completed_keys(log)) == set(keys), "the resumed run asked something an uninterrupted run does not"
        fresh = next(p for p in (tmp_path / "fresh").iterdir() if p.name.startswith("mini-matter"))
        assert resumed.name == fresh.name
        a = [(f.path, f.sha256) for f in bundle.read_manifest(resumed).files]
        b = [(f.path, f.sha256) for f in bundle.read_manifest(fresh).files]
        assert a == b

        # A wrong key fails fast with a clear message that does not repeat the key.
        wrong = cli(common + ["--out", "wrong", "--no-cache"], tmp_path, api, key=WRONG_KEY)
        out, err = wrong.communicate(timeout=600)
        captured += out + err
        assert wrong.returncode != 0 and "401" in out + err, out + err
        assert "Traceback" not in out + err
        assert WRONG_KEY not in out + err
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=30)

    assert FAKE_KEY not in captured
    files = [*tmp_path.rglob("*"), *prefect_db.rglob("*")]  # the Prefect database the runs wrote to, too
    leaks = [p for p in files if p.is_file() and FAKE_KEY.encode() in p.read_bytes()]
    assert leaks == [], leaks
