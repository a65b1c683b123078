"""Benchmark: the wall time of one `worldsmith generate`, with PREFECT_API_URL set to a running local
Prefect server and without (Prefect's temporary server started by the command itself).

Starts `prefect server start` in the background on a free port (its own PREFECT_HOME), waits for
it, then runs the command as an operator would, each time into a fresh folder. Prints wall and CPU
seconds (the command and its children) per run, and the medians. The target with a running server
is under 5 s for the legal example. A server that has just started is slower on its first flow run
than the long-running one an operator has: --warmup runs (default 1) go first, printed apart and
left out of the median.

    python -m bench.generate_wall [OUTLINE] [--runs 3] [--warmup 1]     (from the repository root)
    python -m bench.generate_wall --smoke     (the mini outline, one run each way; on a running server only: what CI runs)

With PREFECT_API_URL set (the test session's bench smoke sets it), that server is the running one and none is
started; the runs "without" still start Prefect's temporary server, as a user's first `worldsmith generate` does.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WORLDSMITH = Path(sys.executable).with_name("worldsmith")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(home: Path) -> tuple[subprocess.Popen, str]:
    """`prefect server start` in its own session; returns it and its API URL once /health answers."""
    port = free_port()
    env = dict(os.environ, PREFECT_HOME=str(home), PREFECT_SERVER_ANALYTICS_ENABLED="false", PREFECT_UI_ENABLED="false")
    env.pop("PREFECT_API_URL", None)
    server = subprocess.Popen([sys.executable, "-m", "prefect", "server", "start", "--host", "127.0.0.1", "--port",
                               str(port)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    api = f"http://127.0.0.1:{port}/api"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{api}/health", timeout=2):
                return server, api
        except OSError:
            time.sleep(0.5)
    os.killpg(server.pid, signal.SIGTERM)
    raise SystemExit("the Prefect server did not start in 180 s")


def group_cpu(pgid: int) -> float:
    """CPU seconds used so far by every process of a process group (the server and the workers it started)."""
    total, tick = 0.0, os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid:  # fields[2] is the process group
                total += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
    return total


def wait_until_idle(pgid: int, limit: float = 120.0) -> float:
    """Wait until the server has settled (under 5% of a core for two seconds running); the seconds waited."""
    started = time.monotonic()
    quiet = 0
    while time.monotonic() - started < limit and quiet < 2:
        before = group_cpu(pgid)
        time.sleep(1.0)
        quiet = quiet + 1 if group_cpu(pgid) - before < 0.05 else 0
    return time.monotonic() - started


def run_once(outline: Path, work: Path, api: str | None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and its children) of one generate into a fresh folder."""
    env = dict(os.environ)
    env.pop("PREFECT_API_URL", None)
    if api:
        env["PREFECT_API_URL"] = api
    out = Path(tempfile.mkdtemp(dir=work))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([str(WORLDSMITH), "generate", str(outline), "--out", str(out)], env=env, cwd=work,
                          capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"generate failed ({done.returncode}):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outline", nargs="?", default=str(REPO / "outlines" / "examples" / "tanker-spill-liability.yaml"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--smoke", action="store_true",
                        help="the mini outline, one run each way, no warm-up, no wait for the server to settle (what CI runs)")
    args = parser.parse_args()
    if args.smoke:
        args.outline, args.runs, args.warmup = str(REPO / "tests" / "fixtures" / "mini.yaml"), 1, 0
    # the command runs in a scratch folder, so a path given relative to where the bench was started is made whole
    args.outline = str(Path(args.outline).resolve())
    work = Path(tempfile.mkdtemp(prefix="bench-generate-"))
    print(f"{Path(args.outline).name}, {args.runs} runs each; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs")
    given = os.environ.get("PREFECT_API_URL")
    server, api = (None, given) if given else start_server(work / "prefect-home")
    try:
        # A server that has just started runs its services' first rounds for a while; "running" is settled.
        if server is None:
            print(f"running server: {api} (PREFECT_API_URL)")
        elif not args.smoke:
            print(f"server settled after {wait_until_idle(server.pid):.0f} s")
        results = {}
        warm = [run_once(Path(args.outline), work, api) for _ in range(args.warmup)]
        if warm:
            print(f"warm-up on the new server (not in the median): wall {', '.join(f'{w:.1f} s' for w, _ in warm)}")
        legs = [("with a running server", api), ("without (temporary server)", None)]
        if args.smoke and given:
            # CI's smoke runs on the suite's server; a temporary server's start (about 15 s of CPU here) is the path
            # tests/flows/test_cli.py already takes, so the smoke keeps to the running one
            legs = legs[:1]
        for label, url in legs:
            runs = [run_once(Path(args.outline), work, url) for _ in range(args.runs)]
            results[label] = runs
            shown = ", ".join(f"{w:.1f} s" for w, _ in runs)
            print(f"{label}: wall {shown}; median {statistics.median(w for w, _ in runs):.1f} s wall, "
                  f"{statistics.median(c for _, c in runs):.1f} s CPU")
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(30)
        shutil.rmtree(work, ignore_errors=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
