"""Benchmark: a batch of 20 worlds offline on one Prefect server, then the same batch on a local Dask cluster.

Drafts outlines for a stratified sample of occupations (the shipped taxonomy, or --taxonomy FILE),
then runs generate_batch over the folder. Prints worlds per minute and the share of wall time spent
in Prefect rather than in worldsmith's own functions (target under 15%): our stage functions are
wrapped with timers before the flows import them, and the wall time in which none of them runs, in
any thread, is Prefect's (server start-up, flow and task run bookkeeping, state transitions). The
default runner makes two worlds side by side, so it also prints Prefect's latency per world (a
world's subflow minus its own functions), which overlap hides from the wall. Dask workers run in
other processes, where the timers do not reach, so the Dask run reports throughput only.

`--server temporary` (default) lets the batch start Prefect's temporary server (SQLite) as the
command does (or uses the running server PREFECT_API_URL names, as the test session's bench smoke gives); `--server postgres` first starts a throwaway PostgreSQL cluster (Debian's packages) and
`prefect server start` on it, the scale-out setup, whose writers do not collide as SQLite's do.

    python -m bench.batch [--worlds 20] [--at-once 2] [--server temporary|postgres] [--no-dask]   (from the repository root)
    python -m bench.batch --smoke     (2 worlds, the default runner only: what CI runs)
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("PREFECT_HOME", tempfile.mkdtemp(prefix="bench-prefect-"))

OWN: list[tuple[float, float]] = []  # (start, end) of each outermost call into worldsmith, from any thread
_LOCK = threading.Lock()
_DEPTH = threading.local()


def covered(intervals: list[tuple[float, float]]) -> float:
    """Seconds of the union of the intervals: time in which at least one of our functions ran."""
    total, end = 0.0, float("-inf")
    for start, stop in sorted(intervals):
        if stop <= end:
            continue
        total += stop - max(start, end)
        end = stop
    return total


def timed(fn):
    """Record the interval of each call of fn in OWN (outermost calls only, so nested stages are not counted twice)."""

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
                    OWN.append((started, time.perf_counter()))

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
    parser.add_argument("--at-once", type=int, default=None, help="worlds side by side (default: the runner's)")
    parser.add_argument("--server", choices=("temporary", "postgres"), default="temporary")
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--smoke", action="store_true", help="2 worlds, no Dask run (what CI runs)")
    args = parser.parse_args()
    if args.smoke:
        args.worlds, args.no_dask = 2, True

    instrument()
    from worldsmith.flows.batch import ensure_api_url
    from worldsmith.flows.drafting import draft_file
    from worldsmith.taxonomies.selection import stratified_sample
    from worldsmith.taxonomies.store import open_taxonomy

    work = Path(tempfile.mkdtemp(prefix="bench-batch-"))
    folder = work / "outlines"
    codes = stratified_sample(open_taxonomy(Path(args.taxonomy) if args.taxonomy else None), args.worlds)
    for code in codes:
        draft_file(code, folder, args.taxonomy)
    from worldsmith.flows.batch import AT_ONCE

    at_once = args.at_once or AT_ONCE
    OWN.clear()
    print(f"{len(codes)} drafted outlines in {folder} (occupations {', '.join(codes)}); load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")

    with contextlib.ExitStack() as stack:
        t0 = time.perf_counter()
        if args.server == "postgres":
            from tests.local_servers import postgres_cluster, prefect_server

            port = stack.enter_context(postgres_cluster())
            os.environ["PREFECT_API_URL"] = stack.enter_context(prefect_server(
                work / "prefect-home", f"postgresql+asyncpg://postgres@127.0.0.1:{port}/prefect"))
        given = args.server == "temporary" and os.environ.get("PREFECT_API_URL")  # a running server: none started
        ensure_api_url()
        server = time.perf_counter() - t0
        print(f"Prefect server: {'running' if given else args.server} ({os.environ['PREFECT_API_URL']})")
        run(args, folder, work, at_once, server)


def run(args, folder: Path, work: Path, at_once: int, server: float) -> None:
    """The timed batch, then the Dask one, on the server already running."""
    from worldsmith.flows.batch import run_batch

    t1 = time.perf_counter()
    result = run_batch(outlines=str(folder), out=str(work / "out"), taxonomy=args.taxonomy, at_once=at_once)
    t2 = time.perf_counter()
    batch_wall = t2 - t1
    wall = server + batch_wall
    own = covered([(max(a, t1), min(b, t2)) for a, b in OWN if b > t1])
    summed = sum(b - a for a, b in OWN if a >= t1)
    print(f"default runner, {at_once} world(s) at once: {result.published} published, {result.quarantined} "
          f"quarantined, {result.failed} failed")
    print(f"  wall {wall:.1f} s (Prefect server start {server:.1f} s, batch flow {batch_wall:.1f} s); "
          f"{60 * result.published / batch_wall:.1f} worlds/min in the batch flow, "
          f"{60 * result.published / wall:.1f} with the server's start")
    inside = sum(i.seconds for i in result.items)
    n = max(1, len(result.items))
    print(f"  world subflows {inside:.1f} s in all ({inside / n:.2f} s each), own functions in them "
          f"{summed:.1f} s: Prefect's latency {(inside - summed) / n:.2f} s a world; drafting none (done before timing)")
    print(f"  wall time in which none of our functions ran: {100 * (batch_wall - own) / batch_wall:.1f}% of the "
          f"batch flow (Prefect's share; target under 15%), {100 * (wall - own) / wall:.1f}% counting the server's start")
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
