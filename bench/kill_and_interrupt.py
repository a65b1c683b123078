"""Benchmark: SIGKILL and Ctrl-C at random points of `worldsmith generate`.

A reference world is made once without interruption (the mini outline, the openai backend against the
project's test server with latency, so a run lasts long enough to be hit in every stage). Then:
- --kills trials: SIGKILL to the run's process group at a random moment; 5 s later no process of the
  run may be alive (its Prefect server included); the rerun with the same cache must exit 0, leave no
  staging folder, and publish a world byte-identical to the reference.
- --interrupts trials: SIGINT to the process group (what a terminal's Ctrl-C sends) at a random moment;
  the run must exit 130 within 3 s with one line and no traceback (a run that finished first is counted
  apart).

    python -m bench.kill_and_interrupt [--kills 20] [--interrupts 10] [--seed 0]     (from the repository root)
    python -m bench.kill_and_interrupt --smoke     (one kill and one Ctrl-C: what CI runs)

Each run starts Prefect's temporary server, which the kill must take with it; with PREFECT_API_URL set (the test
session's bench smoke sets it) every run uses that server instead, and the kill is judged on the run's own processes.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

from worldsmith.worlds import bundle

REPO = Path(__file__).resolve().parents[1]

MINI = REPO / "tests" / "fixtures" / "mini.yaml"
KEY = "sk-test-WORLDSMITH-BENCH-KEY"


def start_server(log: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "worldsmith.generators.backends.test_server", "--port", "0",
                             "--latency", "0.4", "--log", str(log), "--api-key", KEY],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return proc, proc.stdout.readline().strip()


def generate(tmp: Path, url: str, out: str, cache: str) -> subprocess.Popen:
    env = dict(os.environ, OPENAI_API_KEY=KEY, WORLDSMITH_CACHE=str(tmp / cache),
               PREFECT_HOME=str(tmp / f"prefect-{cache}"), COLUMNS="200")
    return subprocess.Popen([sys.executable, "-m", "worldsmith.flows.cli", "generate", str(MINI), "--backend", "openai",
                             "--base-url", url, "--model", "test-model", "--concurrency", "2", "--out", out],
                            cwd=tmp, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def room_files(world: Path) -> list[tuple[str, str]]:
    return [(f.path, f.sha256) for f in bundle.read_manifest(world).files if f.path.startswith(bundle.ROOM + "/")]


def the_world(out: Path) -> Path:
    return next(p for p in out.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))


def family(pid: int) -> list[psutil.Process]:
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kills", type=int, default=20)
    p.add_argument("--interrupts", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--smoke", action="store_true", help="one kill and one Ctrl-C (what CI runs)")
    args = p.parse_args()
    if args.smoke:
        args.kills, args.interrupts = 1, 1
    rng = random.Random(args.seed)
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="kill-bench-") as name:
        tmp = Path(name)
        server, url = start_server(tmp / "server.jsonl")
        try:
            started = time.monotonic()
            ref = generate(tmp, url, "reference", "ref.sqlite")
            duration = None
            while ref.poll() is None:  # the moment the world appears: later kills would hit a finished run
                if duration is None and (tmp / "reference").is_dir() and any(
                        p.is_dir() and not p.name.startswith((".", "_")) for p in (tmp / "reference").iterdir()):
                    duration = time.monotonic() - started
                time.sleep(0.05)
            out, err = ref.communicate(timeout=900)
            duration = duration or time.monotonic() - started
            assert ref.returncode == 0, out + err
            reference = room_files(the_world(tmp / "reference"))
            print(f"reference run      published at {duration:.1f} s, {len(reference)} room files")

            alive_after = identical = no_staging = after_publish = 0
            kill_points = []
            for i in range(args.kills):
                at = rng.uniform(0.3, duration * 0.95)
                kill_points.append(at)
                run = generate(tmp, url, f"k{i}", f"k{i}.sqlite")
                time.sleep(at)
                ours = family(run.pid)
                try:
                    os.killpg(run.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                run.communicate()
                time.sleep(5)
                left = [q for q in ours if q.is_running() and q.status() != psutil.STATUS_ZOMBIE]
                if left:
                    alive_after += 1
                    failures.append(f"kill {i} at {at:.1f} s: still alive 5 s later: {[q.pid for q in left]}")
                    for q in left:
                        q.kill()
                # Killed after publishing (the summary, Prefect's shutdown): the rerun rightly refuses to
                # overwrite the world without --force; the world itself is judged as it stands.
                published_first = (tmp / f"k{i}").is_dir() and any(
                    p.is_dir() and not p.name.startswith((".", "_")) for p in (tmp / f"k{i}").iterdir())
                again = generate(tmp, url, f"k{i}", f"k{i}.sqlite")
                out, err = again.communicate(timeout=900)
                if again.returncode != 0 and not (published_first and "already published" in out + err):
                    failures.append(f"kill {i}: the rerun failed: {(out + err)[-500:]}")
                    continue
                after_publish += published_first
                staging = tmp / f"k{i}" / bundle.STAGING
                if not staging.exists() or not any(staging.iterdir()):
                    no_staging += 1
                else:
                    failures.append(f"kill {i}: staging left: {list(staging.iterdir())}")
                if room_files(the_world(tmp / f"k{i}")) == reference:
                    identical += 1
                else:
                    failures.append(f"kill {i} at {at:.1f} s: the resumed world differs")
            print(f"SIGKILLs           {args.kills} at {', '.join(f'{t:.1f}' for t in sorted(kill_points))} s")
            print(f"  after publishing {after_publish} (the rerun refused to overwrite without --force)")
            print(f"  alive after 5 s  {alive_after}")
            print(f"  no staging left  {no_staging} of {args.kills}")
            print(f"  byte-identical   {identical} of {args.kills}")

            exits, finished_first, slow, noisy, waits = [], 0, 0, 0, []
            for i in range(args.interrupts):
                at = rng.uniform(0.3, duration * 0.9)
                run = generate(tmp, url, f"c{i}", f"c{i}.sqlite")
                time.sleep(at)
                sent = time.monotonic()
                try:
                    os.killpg(run.pid, signal.SIGINT)
                except ProcessLookupError:
                    pass
                out, err = run.communicate(timeout=120)
                took = time.monotonic() - sent
                if run.returncode == 0:
                    finished_first += 1
                    continue
                exits.append(run.returncode)
                waits.append(took)
                lines = [x for x in err.splitlines() if x.startswith("interrupted")]
                if took >= 3.0:
                    slow += 1
                if len(lines) != 1 or "Traceback" in out + err:
                    noisy += 1
                    failures.append(f"ctrl-c {i} at {at:.1f} s: {err[-500:]}")
                if run.returncode != 130:
                    failures.append(f"ctrl-c {i} at {at:.1f} s: exit {run.returncode}: {err[-300:]}")
            print(f"Ctrl-Cs            {args.interrupts} ({finished_first} runs finished before the signal)")
            print(f"  exit codes       {sorted(set(exits))}, exit 130 {exits.count(130)} of {len(exits)}")
            print(f"  seconds to exit  max {max(waits, default=0):.2f}, over 3 s {slow}")
            print(f"  not one line     {noisy}")
        finally:
            server.send_signal(signal.SIGTERM)
            server.communicate(timeout=30)
    for f in failures:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
