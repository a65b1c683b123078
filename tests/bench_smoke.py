"""Every bench/ script at its smoke size, run in the background while the rest of the test session runs.

tests/conftest.py starts the benches a session selected as soon as collection is done, longest first, one at
a time beside the other tests, or a few at a time when only benches were selected; tests/test_benches.py,
collected last, waits for each and reads what it printed. Under pytest-xdist the benches run in the
controlling process and each one's outcome is a JSON file in its base temporary folder, which the worker
running tests/test_benches.py reads (`Outcomes`).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# name -> (arguments for its smoke size, a line it always prints once its figures are out).
# Longest first (CPU-s, one at a time, measured with /usr/bin/time): the order in which they start.
# The smallest size that runs every line of a script: tests/flows/test_model_flow.py makes the hospital example
# through a schema-only model and tests/environments/test_task_attacks.py attacks a task of each kind of the legal
# world, so schema_only and tasks run here on the mini outline with chat and meetings (every kind of item once):
# 17 and 8.5 CPU-s on the hospital example, 3.5 and 6 here. long_matter stretches that outline (items with a date
# range among them) as it stretches the tanker example's (the same stages, no repair round either way): 7.6 -> 4.7;
# validate_scale runs every check over 1,000 emails, not 10,000: 3.9 -> 2.7.
MINI_ROOMS = str(REPO / "tests" / "fixtures" / "mini-rooms.yaml")
BENCHES: dict[str, tuple[list[str], str]] = {
    "kill_and_interrupt": (["--smoke"], "byte-identical"),
    "environments": (["--smoke"], "gates passed"),
    "batch": (["--smoke"], "worlds/min"),
    "schema_only": (["--example", MINI_ROOMS], "(policy "),
    "publish_race": (["--smoke"], "catalog rows"),
    "llm_throughput": (["--smoke"], "cold: wall"),
    "long_matter": (["--smoke", "--outline", MINI_ROOMS], "total wall:"),
    "generate_wall": (["--smoke"], "with a running server: wall"),
    "tasks": (["--smoke", "--examples", "--outlines", MINI_ROOMS], "median tasks per world"),
    "prose_metrics": (["--smoke"], "signoff"),
    "label_slots": (["--smoke"], "total"),
    "validate_scale": (["--emails", "1000"], "suite time:"),
    # bench/fuzz_outlines.py's --smoke is 21 mutants and 3 worlds: here a handful checked, none made into a world
    # (tests/worlds/test_outline_fuzz_sample.py makes five through the same tests/outline_fuzz.py).
    "fuzz_outlines": (["--mutants", "6", "--generate", "0"], "peak memory"),
}
# Benches whose flows run on the test session's Prefect server (tests/prefect_shared.py; PREFECT_API_URL, as an
# operator's running server), instead of each `generate` starting Prefect's temporary server: a start costs about
# 10-15 s of CPU here, and these made eight (a second server of their own, beside the tests', was one more). bench/generate_wall.py still makes one world through the temporary server (the path
# of a user's first `worldsmith generate`); tests/flows/test_cli.py and test_interrupt.py signal it mid-start.
ON_SERVER = {"kill_and_interrupt", "schema_only", "batch", "long_matter", "generate_wall"}
# A hang, not a slow run: the smoke sizes take seconds to about a minute on a loaded two-core machine.
TIMEOUT_S = 600
ALONE_AT_ONCE = max(3, min(4, os.cpu_count() or 2))  # only benches selected: a few wait on servers and latency
BESIDE_AT_ONCE = 1  # beside the other tests: pytest has one core, the benches the other


class Smoke:
    """The benches of one session, started in the background; `result(name)` waits for one."""

    def __init__(self, names: list[str], at_once: int, outcomes: Path | None = None,
                 server: Path | None = None) -> None:
        """`server`: the folder of the session's Prefect server (tests/prefect_shared.py), which the session stops;
        without it, the benches that need one start their own and stop it after the last of them."""
        self._outcomes = outcomes  # where each outcome is written as NAME.json (under pytest-xdist)
        self._home = Path(tempfile.mkdtemp(prefix="worldsmith-bench-smoke-"))
        # The environment as the session started: a test's monkeypatched variable must not reach a bench.
        self._env = dict(os.environ)
        self._env.pop("PREFECT_API_URL", None)  # a server of the test session is not the bench's
        self._procs: list[subprocess.Popen] = []
        self._lock = threading.Lock()
        self._stopped = False
        self.times: dict[str, tuple[float, float]] = {}  # name -> (seconds after the start of the session, wall)
        self._born = time.monotonic()
        self._server_users = {n for n in names if n in ON_SERVER}  # started on the first one's start, stopped after the last
        self._server_url: str | None = None
        # The suite took 7 min 27 s against its 6 minutes: the session's server (which the tests' flows start anyway)
        # spares a start of about 10 CPU-s, and the second server's idle services beside it.
        self._server_folder = server or self._home / "prefect-server"
        self._own_server = server is None
        self._pool = ThreadPoolExecutor(max_workers=at_once, thread_name_prefix="bench-smoke")
        self._futures: dict[str, Future] = {n: self._pool.submit(self._run, n) for n in BENCHES if n in names}

    def result(self, name: str) -> subprocess.CompletedProcess:
        """What the bench printed and its exit code, once it has ended."""
        return self._futures[name].result()

    def summary(self) -> str:
        """One line per bench that ran: when it started and its wall time (which benches bound the suite's wall)."""
        return "\n".join(f"{name}: started at {at:.0f} s, took {wall:.0f} s"
                         for name, (at, wall) in sorted(self.times.items(), key=lambda kv: kv[1][0]))

    def stop(self) -> None:
        """End every bench still running (a session that stopped early must not wait for them)."""
        with self._lock:
            self._stopped = True
            procs = list(self._procs)
        for future in self._futures.values():
            future.cancel()
        for proc in procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
        self._pool.shutdown(wait=True)
        self._stop_server()
        shutil.rmtree(self._home, ignore_errors=True)

    def _server(self) -> str:
        """The benches' Prefect server, started by the first bench that needs it (tests/prefect_shared.py)."""
        from tests.prefect_shared import shared_server

        with self._lock:
            if self._server_url is None:
                self._server_url = shared_server(self._server_folder)[0]
            return self._server_url

    def _done_with_server(self, name: str) -> None:
        """A bench on the server has ended: stop the server after the last one."""
        with self._lock:
            self._server_users.discard(name)
            last = not self._server_users
        if last:
            self._stop_server()

    def _stop_server(self) -> None:
        """Stop the benches' own server; the session's is the session's to stop (tests/conftest.py)."""
        from tests.prefect_shared import stop_server

        if self._own_server:
            stop_server(self._server_folder)

    def _run(self, name: str) -> subprocess.CompletedProcess:
        """Run one bench at its smoke size in its own process group; on a hang, kill the group (servers included)."""
        args, _ = BENCHES[name]
        env = dict(self._env, PREFECT_HOME=str(self._home / name), COLUMNS="200")
        if name in ON_SERVER:
            try:
                env["PREFECT_API_URL"] = self._server()
            except RuntimeError as e:  # the server did not start: this bench fails saying so
                self._done_with_server(name)
                return self._ended(name, subprocess.CompletedProcess([name], -1, f"[not run: {e}]"), time.monotonic())
        with self._lock:
            if self._stopped:
                return subprocess.CompletedProcess([name], -1, "[not run: the session stopped]")
            proc = subprocess.Popen([sys.executable, "-m", f"bench.{name}", *args], cwd=REPO, env=env, text=True,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
            self._procs.append(proc)
        started = time.monotonic()
        try:
            out, _ = proc.communicate(timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
            out += f"\n[killed after {TIMEOUT_S} s]"
        if name in ON_SERVER:
            self._done_with_server(name)
        return self._ended(name, subprocess.CompletedProcess(proc.args, proc.returncode, out), started)

    def _ended(self, name: str, done: subprocess.CompletedProcess, started: float) -> subprocess.CompletedProcess:
        """Record a bench's wall time and, under pytest-xdist, its outcome file."""
        self.times[name] = (started - self._born, time.monotonic() - started)
        if self._outcomes is not None:
            part = self._outcomes / f"{name}.json.part"
            part.write_text(json.dumps({"returncode": done.returncode, "stdout": done.stdout}), encoding="utf-8")
            part.rename(self._outcomes / f"{name}.json")
        return done


class Outcomes:
    """The outcomes a Smoke of the controlling process writes, read by the pytest-xdist worker that runs the tests."""

    def __init__(self, folder: Path) -> None:
        self._folder = folder

    def result(self, name: str) -> subprocess.CompletedProcess:
        """Wait for the bench's outcome file (every bench before it may run first, each within TIMEOUT_S)."""
        path = self._folder / f"{name}.json"
        deadline = time.monotonic() + TIMEOUT_S * len(BENCHES) + 60
        while not path.exists():
            if time.monotonic() > deadline:
                return subprocess.CompletedProcess([name], -1, f"[no outcome in {path}: the bench never ended]")
            time.sleep(0.5)
        done = json.loads(path.read_text(encoding="utf-8"))
        return subprocess.CompletedProcess([name], done["returncode"], done["stdout"])
