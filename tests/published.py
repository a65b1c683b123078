"""Published example worlds for the tests that consume worlds: made once per session, without Prefect."""

from __future__ import annotations

import time
from pathlib import Path

from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.worlds import bundle

EXAMPLES = Path(__file__).resolve().parents[1] / "outlines" / "examples"


def publish_example(name: str, out: Path, seed: int = 0) -> Path:
    """Plan, generate, render, validate and publish an example outline under out/; return the bundle."""
    backend = OfflineBackend()
    prepared = pipeline.prepare(EXAMPLES / name, seed, backend)
    plan = pipeline.make_plan(prepared)
    staging = bundle.new_staging(out, plan.world_id)
    contents = pipeline.generate(plan, prepared.taxonomy, backend)
    pipeline.render(plan, contents, staging)
    report = pipeline.validate(staging)
    for round_ in (1, 2):  # the flow's repair rounds, as `worldsmith generate` runs them
        targets = pipeline.repair_targets(plan, report)
        if not targets:
            break
        contents = pipeline.regenerate(plan, prepared.taxonomy, backend, contents, targets, round_)
        pipeline.render(plan, contents, staging)
        report = pipeline.validate(staging)
    manifest = pipeline.write_manifest(prepared, plan, report, staging, backend)
    return Path(pipeline.publish(manifest, staging, out, time.perf_counter()).path)
