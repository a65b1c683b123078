"""Benchmark: a batch of 20 worlds offline on one Prefect server, then the same batch on a local Dask cluster.

Drafts outlines for a stratified sample of occupations (the shipped taxonomy, or --taxonomy FILE),
then runs generate_batch over the folder. Prints worlds per minute and the share of wall time spent
in Prefect rather than in worldsmith's own functions (target under 15%): our stage functions are
wrapped with timers before the flows import them, so the rest of the wall time is Prefect's
(server start-up, flow and task run bookkeeping, state transitions). Dask workers run in other
processes, where the timers do not reach, so the Dask run reports throughput only.

    .venv/bin/python bench/batch.py [--worlds 20] [--taxonomy onet.duckdb] [--no-dask] [--workers 2]
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("PREFECT_HOME", tempfile.mkdtemp(prefix="bench-prefect-"))

OWN = {"seconds": 0.0}
_LOCK = threading.Lock()
_DEPTH = threading.local()


def timed(fn):
    """Add the wall time of fn to OWN (outermost calls only, so nested stages are not counted twice)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        depth = getattr(_DEPTH, "n", 0)
        _DEPTH.n = depth + 1
        started = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            _DEPTH.n = depth
            if depth == 0:
                with _LOCK:
                    OWN["seconds"] += time.perf_counter() - started

    return wrapper


def instrument() -> None:
    """Wrap every function the flows call into worldsmith, before the flow modules bind them."""
    import inspect

    from worldsmith.environments import index_html
    from worldsmith.flows import backends, config, drafting, pipeline
    from worldsmith.taxonomies import coverage

    # Every function pipeline defines (the stages the flow wraps change names: generate_all, render_isolated...);
    # a stage left out would count as Prefect's time.
    for name, fn in vars(pipeline).copy().items():
        if inspect.isfunction(fn) and fn.__module__ == pipeline.__name__ and not name.startswith("_"):
            setattr(pipeline, name, timed(fn))
    index_html.write_bundle_index = timed(index_html.write_bundle_index)
    drafting.draft_file = timed(drafting.draft_file)
    coverage.write_coverage = timed(coverage.write_coverage)
    config.resolve_config = timed(config.resolve_config)
    backends.make_backend = timed(backends.make_backend)
    from worldsmith.worlds import bundle

    for name in ("new_staging", "discard"):
        setattr(bundle, name, timed(getattr(bundle, name)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worlds", type=int, default=20)
    parser.add_argument("--taxonomy", default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()

    instrument()
    from worldsmith.flows.batch import ensure_api_url, run_batch
    from worldsmith.flows.drafting import draft_file
    from worldsmith.taxonomies.selection import stratified_sample
    from worldsmith.taxonomies.store import open_taxonomy

    work = Path(tempfile.mkdtemp(prefix="bench-batch-"))
    folder = work / "outlines"
    codes = stratified_sample(open_taxonomy(Path(args.taxonomy) if args.taxonomy else None), args.worlds)
    for code in codes:
        draft_file(code, folder, args.taxonomy)
    OWN["seconds"] = 0.0
    print(f"{len(codes)} drafted outlines in {folder} (occupations {', '.join(codes)})")

    t0 = time.perf_counter()
    ensure_api_url()
    server = time.perf_counter() - t0
    t1 = time.perf_counter()
    result = run_batch(outlines=str(folder), out=str(work / "out"), taxonomy=args.taxonomy)
    batch_wall = time.perf_counter() - t1
    wall = server + batch_wall
    own = OWN["seconds"]
    print(f"default runner: {result.published} published, {result.quarantined} quarantined, {result.failed} failed")
    print(f"  wall {wall:.1f} s (Prefect server start {server:.1f} s, batch flow {batch_wall:.1f} s); "
          f"{60 * result.published / wall:.1f} worlds/min")
    inside = sum(i.seconds for i in result.items)
    print(f"  world subflows {inside:.1f} s in all ({inside / max(1, len(result.items)):.2f} s each), "
          f"drafting none (done before timing)")
    print(f"  own functions {own:.1f} s; Prefect's share {100 * (wall - own) / wall:.1f}% of wall, "
          f"{100 * (batch_wall - own) / batch_wall:.1f}% of the batch flow after start-up")
    if not args.no_dask:
        t2 = time.perf_counter()
        dask = run_batch(runner="dask", workers=args.workers, outlines=str(folder), out=str(work / "out-dask"),
                         taxonomy=args.taxonomy)
        dask_wall = time.perf_counter() - t2
        same = sorted(i.world_id for i in dask.items if i.world_id) == sorted(i.world_id for i in result.items if i.world_id)
        print(f"dask runner ({args.workers} workers): {dask.published} published in {dask_wall:.1f} s "
              f"(cluster start included); {60 * dask.published / dask_wall:.1f} worlds/min; same world ids: {same}")


if __name__ == "__main__":
    main()
