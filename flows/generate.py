"""The generate_world Prefect flow: outline -> plan -> generate -> render -> load/validate -> publish."""

from __future__ import annotations

import time
from pathlib import Path

import flows.prefect_env  # noqa: F401  (must precede prefect)
from prefect import flow, task
from prefect.cache_policies import NO_CACHE

from flows import pipeline, progress
from generators.backends.offline import OfflineBackend
from worlds import bundle

# Stages pass whole plans and contents in memory; hashing them for Prefect's cache would cost more than
# the stage, and the response cache (not Prefect's) is what makes reruns cheap.
_stage = task(cache_policy=NO_CACHE, persist_result=False)

plan_stage = _stage(pipeline.make_plan, name="plan")
generate_stage = _stage(pipeline.generate, name="generate")
render_stage = _stage(pipeline.render, name="render")
validate_stage = _stage(pipeline.validate, name="load-and-validate")
manifest_stage = _stage(pipeline.write_manifest, name="manifest")
publish_stage = _stage(pipeline.publish, name="publish")


@flow(name="generate_world", log_prints=False, validate_parameters=False)
def generate_world(outline: str, seed: int = 0, out: str = "outputs", concurrency: int = 16) -> pipeline.Published:
    """Make the world an outline describes and publish it under `out`."""
    started = time.perf_counter()
    backend = OfflineBackend()
    prepared = pipeline.prepare(outline, seed, backend)
    plan = plan_stage(prepared)
    progress.start(len(plan.artifacts))
    staging = bundle.new_staging(Path(out), plan.world_id)
    try:
        contents = generate_stage(plan, prepared.taxonomy, backend, concurrency, progress.advance)
        render_stage(plan, contents, staging)
        report = validate_stage(staging)
        manifest = manifest_stage(prepared, plan, report, staging, backend)
        return publish_stage(manifest, staging, Path(out), started)
    except BaseException:
        bundle.discard(staging)
        raise
