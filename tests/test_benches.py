"""Every script in bench/ runs at its smoke size and prints its figures: a bench that breaks fails here, never its timing.

Each bench runs as `python -m bench.NAME` from the repository root, in its own process group, with its own
Prefect home. The benches selected for a session start together, a few at a time, longest first, so the
file costs about the longest bench rather than their sum; deselect them all with `-m "not bench"`.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

pytestmark = pytest.mark.bench

REPO = Path(__file__).resolve().parents[1]

# name -> (arguments for its smoke size, a line it always prints once its figures are out).
# Longest first: the order in which they start.
BENCHES: dict[str, tuple[list[str], str]] = {
    "kill_and_interrupt": (["--smoke"], "byte-identical"),
    "tasks": (["--smoke"], "median tasks per world"),
    "environments": (["--smoke"], "gates passed"),
    "schema_only": (["--smoke"], "(policy "),
    "long_matter": (["--smoke"], "total wall:"),
    "generate_wall": (["--smoke"], "with a running server: wall"),
    "batch": (["--smoke"], "worlds/min"),
    # bench/fuzz_outlines.py has no --smoke: a handful of mutants, one of them made into a world.
    "fuzz_outlines": (["--mutants", "6", "--generate", "1"], "peak memory"),
    "publish_race": (["--smoke"], "catalog rows"),
    "validate_scale": (["--smoke"], "suite time:"),
    "llm_throughput": (["--smoke"], "cold: wall"),
    "prose_metrics": (["--smoke"], "signoff"),
}
# A hang, not a slow run: the smoke sizes take seconds to about a minute on a loaded two-core machine.
TIMEOUT_S = 600
AT_ONCE = max(3, min(4, os.cpu_count() or 2))  # a few wait on servers and latency more than they compute


def _run(name: str, home: Path) -> subprocess.CompletedProcess:
    """Run one bench at its smoke size; on a hang, kill its whole process group (servers included)."""
    args, _ = BENCHES[name]
    env = dict(os.environ, PREFECT_HOME=str(home), COLUMNS="200")
    env.pop("PREFECT_API_URL", None)  # a server of the test session is not the bench's
    proc = subprocess.Popen([sys.executable, "-m", f"bench.{name}", *args], cwd=REPO, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        out += f"\n[killed after {TIMEOUT_S} s]"
    return subprocess.CompletedProcess(proc.args, proc.returncode, out)


@pytest.fixture(scope="module")
def started(request, tmp_path_factory) -> dict[str, Future]:
    """Every bench this session selected, started in the background a few at a time."""
    chosen = {item.callspec.params["name"] for item in request.session.items
              if item.module is request.module and hasattr(item, "callspec")}
    root = tmp_path_factory.mktemp("bench-smoke")
    with ThreadPoolExecutor(max_workers=AT_ONCE) as pool:
        futures = {name: pool.submit(_run, name, root / name) for name in BENCHES if name in chosen}
        yield futures
        for future in futures.values():
            future.cancel()


def test_every_bench_is_run_here_and_none_edits_sys_path():
    """A new bench must get a smoke size in BENCHES; benches import `worldsmith` and `tests` as installed or run with -m."""
    scripts = {p.stem for p in (REPO / "bench").glob("*.py") if p.stem != "__init__"}
    assert scripts == set(BENCHES)
    assert [p.name for p in (REPO / "bench").glob("*.py") if "sys.path.insert" in p.read_text()] == []


@pytest.mark.parametrize("name", list(BENCHES))
def test_bench_runs_at_smoke_size(name, started):
    """The bench exits 0 and prints its figures."""
    done = started[name].result()
    assert done.returncode == 0, f"python -m bench.{name} exited {done.returncode}:\n{done.stdout[-4000:]}"
    assert BENCHES[name][1] in done.stdout, f"python -m bench.{name} printed no figures:\n{done.stdout[-4000:]}"
