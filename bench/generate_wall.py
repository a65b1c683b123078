"""Benchmark: the wall time of one `worldsmith generate`, with PREFECT_API_URL set to a running local
Prefect server and without (Prefect's temporary server started by the command itself).

Starts `prefect server start` in the background on a free port (its own PREFECT_HOME), waits for
it, then runs the command as an operator would, each time into a fresh folder. Prints wall and CPU
seconds (the command and its children) per run, and the medians. The target with a running server
is under 5 s for the legal example.

    .venv/bin/python bench/generate_wall.py [OUTLINE] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import resource
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
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-generate-"))
    print(f"{Path(args.outline).name}, {args.runs} runs each; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs")
    server, api = start_server(work / "prefect-home")
    try:
        results = {}
        for label, url in (("with a running server", api), ("without (temporary server)", None)):
            runs = [run_once(Path(args.outline), work, url) for _ in range(args.runs)]
            results[label] = runs
            shown = ", ".join(f"{w:.1f} s" for w, _ in runs)
            print(f"{label}: wall {shown}; median {statistics.median(w for w, _ in runs):.1f} s wall, "
                  f"{statistics.median(c for _, c in runs):.1f} s CPU")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
