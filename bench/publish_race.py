"""Benchmark: two processes publish the same world 300 times each while a reader polls its path.

Each publish is the real one (`pipeline.publish`: the lock, the one-step swap, the catalog row) of a
copy of a real published world (the mini outline, offline). Prints: publishes done, unhandled errors
(must be 0), PublishErrors, reader polls and how often the world was missing (must be 0), and the
catalog rows for the world id (must be 1).

    python -m bench.publish_race [--each 300]     (from the repository root: it uses tests.published)
    python -m bench.publish_race --smoke     (10 publishes each: what CI runs)
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import shutil
import tempfile
import time
import traceback
from pathlib import Path

from tests.published import publish_example
from worldsmith.flows import pipeline
from worldsmith.worlds import bundle
from worldsmith.worlds.catalog import list_worlds
from worldsmith.worlds.errors import PublishError

REPO = Path(__file__).resolve().parents[1]


def publisher(out: str, source: str, n: int, results) -> None:
    """Publish copies of `source` into `out` n times, with --force; report counts and unhandled errors."""
    out_path, done, refused, unhandled = Path(out), 0, 0, []
    manifest = bundle.read_manifest(Path(source))
    for _ in range(n):
        try:
            # Into the staging folder as made (a publisher's tidy-up may remove an empty .staging at any time).
            staging = bundle.new_staging(out_path, manifest.world_id)
            shutil.copytree(source, staging, dirs_exist_ok=True)
            pipeline.publish(manifest, staging, out_path, time.perf_counter(), force=True)
            done += 1
        except PublishError:
            refused += 1
            shutil.rmtree(staging, ignore_errors=True)
        except Exception:  # noqa: BLE001 - what the bench counts
            unhandled.append(traceback.format_exc()[-400:])
    results.put((done, refused, unhandled))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--each", type=int, default=300)
    p.add_argument("--smoke", action="store_true", help="10 publishes each (what CI runs)")
    args = p.parse_args()
    if args.smoke:
        args.each = 10
    with tempfile.TemporaryDirectory(prefix="publish-race-") as tmp:
        source = publish_example(str(REPO / "tests" / "fixtures" / "mini.yaml"), Path(tmp) / "source")
        # the world the publishers race over stands published in out/ first: a copy of the source, catalogued as
        # publishing it does (a second make of the same world was a third of the smoke's CPU)
        out = Path(tmp) / "out"
        first = out / source.name
        shutil.copytree(source, first, symlinks=True)
        bundle.append_catalog(out, bundle.read_manifest(first), first)
        ctx = mp.get_context("fork")
        results = ctx.Queue()
        procs = [ctx.Process(target=publisher, args=(str(out), str(source), args.each, results)) for _ in range(2)]
        started = time.perf_counter()
        for proc in procs:
            proc.start()
        polls = missing = 0
        probe = first / bundle.MANIFEST
        while any(proc.is_alive() for proc in procs):
            polls += 1
            if not probe.is_file():
                missing += 1
            time.sleep(0.0005)
        for proc in procs:
            proc.join()
        outcomes = [results.get(timeout=5) if not results.empty() else (0, 0, ["a publisher died"]) for _ in procs]
        rows = [r for r in list_worlds(out) if r.world_id == first.name]
        seconds = time.perf_counter() - started
    unhandled = [u for o in outcomes for u in o[2]]
    print(f"publishes          {sum(o[0] for o in outcomes)} of {2 * args.each} ({seconds:.0f} s)")
    print(f"refused (handled)  {sum(o[1] for o in outcomes)}")
    print(f"unhandled errors   {len(unhandled)}")
    print(f"reader polls       {polls}, world missing {missing}")
    print(f"catalog rows       {len(rows)}")
    for u in unhandled[:5]:
        print(u)
    return 1 if unhandled or missing or len(rows) != 1 else 0


if __name__ == "__main__":
    raise SystemExit(main())
