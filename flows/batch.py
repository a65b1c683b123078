"""The generate_batch Prefect flow: many worlds, each its own subflow, one failure costing only its world."""

from __future__ import annotations

import os
import time
from pathlib import Path

import worldsmith.flows.prefect_env  # noqa: F401  (must precede prefect)
from prefect import task
from prefect.cache_policies import NO_CACHE
from prefect.task_runners import ThreadPoolTaskRunner
from pydantic import BaseModel

from worldsmith.flows.drafting import draft_file
from worldsmith.flows.generate import generate_world
from worldsmith.flows.plain_flow import plain_flow
from worldsmith.taxonomies.coverage import write_coverage
from worldsmith.taxonomies.selection import detailed_codes, stratified_sample
from worldsmith.taxonomies.store import open_taxonomy
from worldsmith.worlds.catalog import list_worlds
from worldsmith.worlds.errors import WorldsmithError

COVERAGE = "coverage.html"
# Worlds made side by side by the default runner. Each world waits on the Prefect server for its subflow's
# bookkeeping (its tracking task, its flow run, its states: about 0.3 s a world, measured); with a second world
# in flight those waits overlap the other's work, and on two cores the second world also takes the core a small
# world's serial stages leave idle.
AT_ONCE = 2


class BatchItem(BaseModel):
    """What became of one outline of the batch."""

    outline: str
    world_id: str | None = None
    path: str | None = None
    verdict: str | None = None
    quarantined: bool = False
    error: str | None = None
    seconds: float = 0.0


class BatchResult(BaseModel):
    """Every outline's outcome, the totals, and where the coverage report went."""

    items: list[BatchItem]
    published: int
    quarantined: int
    failed: int
    seconds: float
    coverage: str | None = None


def outline_files(folder: str | Path) -> list[Path]:
    """The outlines of a folder (*.yaml and *.yml, not recursive), sorted by name."""
    folder = Path(folder)
    if not folder.is_dir():
        raise WorldsmithError(f"{folder}: no such folder of outlines")
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


@task(name="draft", cache_policy=NO_CACHE, persist_result=False)
def draft_task(occupation: str, folder: str, taxonomy: str | None, seed: int, scenario: str | None) -> BatchItem:
    """Draft the outline of one occupation; a failure is reported, not raised."""
    try:
        return BatchItem(outline=str(draft_file(occupation, Path(folder), taxonomy, seed, scenario)))
    except WorldsmithError as exc:
        return BatchItem(outline=occupation, error=f"draft: {exc}")


@task(name="world", cache_policy=NO_CACHE, persist_result=False)
def world_task(outline: str, seed: int, out: str, taxonomy: str | None, options: dict) -> BatchItem:
    """Make one world as its own subflow; its failure is reported in the item, never raised into the batch."""
    from worldsmith.flows.prefect_env import lean_runs

    started = time.perf_counter()
    # Settings contexts do not follow a task into a runner's thread or a Dask worker: set it again here.
    with lean_runs():
        state = generate_world(outline, seed=seed, out=out, taxonomy=taxonomy, return_state=True, **options)
    result = state.result(raise_on_failure=False)
    seconds = round(time.perf_counter() - started, 2)
    if isinstance(result, BaseException) or not state.is_completed():
        return BatchItem(outline=outline, error=str(result) or type(result).__name__, seconds=seconds)
    return BatchItem(outline=outline, world_id=result.world_id, path=result.path, verdict=result.verdict,
                     quarantined=result.quarantined, seconds=seconds)


@plain_flow(name="generate_batch", log_prints=False, validate_parameters=False,
      task_runner=ThreadPoolTaskRunner(max_workers=AT_ONCE))
def generate_batch(outlines: str | None = None, occupations: list[str] | None = None, group: str | None = None,
                   sample: int | None = None, seed: int = 0, out: str = "outputs", taxonomy: str | None = None,
                   drafts: str | None = None, scenario: str | None = None, report: bool = True,
                   backend: str | None = None, model: str | None = None, base_url: str | None = None,
                   config_file: str | None = None, artifact_deadline: float | None = None,
                   run_deadline: float | None = None) -> BatchResult:
    """Make a world for every outline of a folder, or for occupations of the taxonomy (drafting their outlines).

    Occupations come from `occupations` (codes or titles), every detailed occupation of `group`, or a
    `sample` of that many stratified across major groups (of `group` when given). `artifact_deadline` and
    `run_deadline` are generate_world's, for each world (None: the environment's, the config file's or the default).
    """
    started = time.perf_counter()
    items: list[BatchItem] = []
    paths = [str(p) for p in outline_files(outlines)] if outlines else []
    if occupations or group or sample:
        db = open_taxonomy(Path(taxonomy) if taxonomy else None)
        chosen = list(occupations or []) or (stratified_sample(db, sample, seed, group) if sample
                                              else detailed_codes(db, group))
        folder = drafts or str(Path(out) / "_drafts")
        drafted = [f.result() for f in [draft_task.submit(c, folder, taxonomy, seed, scenario) for c in chosen]]
        items += [d for d in drafted if d.error]
        paths += [d.outline for d in drafted if not d.error]
    options = {k: v for k, v in {"backend": backend, "model": model, "base_url": base_url,
                                 "config_file": config_file, "artifact_deadline": artifact_deadline,
                                 "run_deadline": run_deadline}.items() if v is not None}
    futures = [world_task.submit(p, seed, out, taxonomy, options) for p in paths]
    items += [f.result() for f in futures]
    cov_path = None
    if report:
        cov_path = str(Path(out) / COVERAGE)
        write_coverage(open_taxonomy(Path(taxonomy) if taxonomy else None), list_worlds(Path(out)), Path(cov_path))
    return BatchResult(items=items, published=sum(1 for i in items if i.world_id and not i.quarantined),
                       quarantined=sum(1 for i in items if i.quarantined), failed=sum(1 for i in items if i.error),
                       seconds=round(time.perf_counter() - started, 2), coverage=cov_path)


def ensure_api_url() -> str:
    """The URL of the Prefect API this process uses, starting the temporary server once if none is set.

    Exported to the environment so that processes started from here (Dask workers) use the same server.
    """
    from prefect.settings import PREFECT_API_URL

    url = os.environ.get("PREFECT_API_URL") or PREFECT_API_URL.value()
    if not url:
        from prefect.server.api.server import SubprocessASGIServer

        server = SubprocessASGIServer()
        server.start()
        url = server.api_url
    os.environ["PREFECT_API_URL"] = url
    return url


def run_batch(runner: str = "default", workers: int = 2, address: str | None = None, at_once: int = AT_ONCE,
              **params) -> BatchResult:
    """Run generate_batch on the default runner (`at_once` worlds side by side in this process), on a local Dask
    cluster of `workers`, or on the running Dask cluster at `address` (tcp://scheduler:8786), whose workers have
    worldsmith installed."""
    from worldsmith.flows.prefect_env import lean_runs

    if runner == "default":
        chosen = generate_batch if at_once == AT_ONCE else \
            generate_batch.with_options(task_runner=ThreadPoolTaskRunner(max_workers=max(1, at_once)))
        with lean_runs():
            return chosen(**params)
    if runner != "dask":
        raise WorldsmithError(f"runner must be 'default' or 'dask', not {runner!r}")
    # Dask reads its logging config from the environment, in this process and in the workers it starts.
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "warning")
    try:
        from prefect_dask import DaskTaskRunner
    except ImportError:
        raise WorldsmithError("the Dask runner needs the dask extra: pip install 'worldsmith[dask]'") from None
    before = os.environ.get("PREFECT_API_URL")
    url = ensure_api_url()
    from prefect.settings import PREFECT_API_URL, temporary_settings

    if address:
        # Many machines: their workers must reach the same Prefect server and see outlines and outputs at the same paths.
        runner_ = DaskTaskRunner(address=address)
    else:
        runner_ = DaskTaskRunner(cluster_kwargs={"n_workers": workers, "threads_per_worker": 1, "processes": True,
                                                 "dashboard_address": ":0"})
    try:
        with temporary_settings(updates={PREFECT_API_URL: url}), lean_runs():
            return generate_batch.with_options(task_runner=runner_)(**params)
    finally:
        if before is None:
            os.environ.pop("PREFECT_API_URL", None)
        else:
            os.environ["PREFECT_API_URL"] = before
