"""Making a world without Prefect: the stages in order, each a plain call (flows/generate.py runs the same as a flow).

outline -> plan -> generate -> render -> load/validate -> repair -> publish. `make_world` is what tests and
`worldsmith generate --no-prefect` call; `generate_world` (flows/generate.py) passes the same stages wrapped
as Prefect tasks, so the two paths cannot drift apart.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from worldsmith.environments.index_html import write_bundle_index
from worldsmith.flows import pipeline, progress
from worldsmith.flows.backends import make_backend
from worldsmith.flows.config import resolve_config
from worldsmith.worlds import bundle
from worldsmith.worlds.errors import RenderError


@dataclass(frozen=True)
class Stages:
    """The stage functions a run calls: plain, or wrapped as Prefect tasks."""

    expand: Callable
    plan: Callable
    generate: Callable
    render: Callable
    validate: Callable
    repair: Callable
    manifest: Callable
    publish: Callable
    index: Callable


PLAIN = Stages(expand=pipeline.expand, plan=pipeline.make_plan, generate=pipeline.generate_all,
               render=pipeline.render_isolated, validate=pipeline.validate, repair=pipeline.regenerate,
               manifest=pipeline.write_manifest, publish=pipeline.publish, index=write_bundle_index)


def make_world(outline: str, seed: int = 0, out: str = "outputs", concurrency: int | None = None,
               backend: str | None = None, model: str | None = None, base_url: str | None = None,
               expand: int = 0, no_cache: bool = False, cache: str | None = None, repair_rounds: int = 2,
               config_file: str | None = None, profile: str | None = None,
               taxonomy: str | None = None,
               on_artifact_failure: str = "quarantine", force: bool = False,
               stages: Stages = PLAIN, artifact_deadline: float | None = None,
               run_deadline: float | None = None) -> pipeline.Published:
    """Make the world an outline describes and publish it under `out` (no Prefect: `stages` are plain calls).

    The API key is never a parameter: it comes from $OPENAI_API_KEY or the config file. An artifact that
    cannot be made costs only itself: `on_artifact_failure` says whether the world is then quarantined with
    a report (quarantine), completed with labelled offline stand-ins (offline), or not made at all (abort).
    A world already published under `out` is replaced only with `force`. `artifact_deadline` and `run_deadline`
    (seconds; 0: none; default from the configuration) bound one artifact's model calls and all of the run's: an
    artifact they cut off fails like any other.
    """
    started = time.perf_counter()
    config = resolve_config({"backend": backend, "model": model, "base_url": base_url, "concurrency": concurrency,
                             "no_cache": no_cache, "cache": cache, "taxonomy": taxonomy,
                             "artifact_deadline": artifact_deadline, "run_deadline": run_deadline},
                            Path(config_file) if config_file else None)
    chosen = make_backend(config)
    clock = pipeline.Stopwatch()
    with clock("plan"):
        prepared = pipeline.prepare(outline, seed, chosen, expand, config.taxonomy)
        expansion = stages.expand(prepared, chosen, expand)
        plan = stages.plan(prepared, expansion)
    progress.start(len(plan.artifacts))
    staging = bundle.new_staging(Path(out), plan.world_id)
    try:
        with clock("generate"):
            made = stages.generate(plan, prepared.taxonomy, chosen, config.concurrency, progress.advance,
                                  on_artifact_failure)
        contents, failures = made.contents, made.failures
        with clock("render"):
            contents, rendered = _render(stages, plan, prepared.taxonomy, contents, staging, on_artifact_failure)
        failures = failures + rendered
        memo = pipeline.ParseMemo()  # what each file parsed into: a repair round re-parses only what it rewrote
        with clock("load and validate"):
            report = stages.validate(staging, profile, memo)
        repairs: list[dict] = []
        missing = {f.id for f in failures if not f.substituted}
        for round_ in range(1, repair_rounds + 1):
            targets = {k: v for k, v in pipeline.repair_targets(plan, report).items() if k not in missing}
            if not targets:
                break
            with clock("repair: regenerate"):
                contents = stages.repair(plan, prepared.taxonomy, chosen, contents, targets, round_,
                                        config.concurrency)
            # A round costs what it repairs: the repaired artifacts and those that quote them are rendered again
            # (with the mailboxes they sit in), only their files parsed again, and only their rows replaced.
            with clock("repair: render"):
                redo = pipeline.with_dependents(plan, set(targets))
                contents, rendered = _render(stages, plan, prepared.taxonomy, contents, staging, on_artifact_failure, redo)
                failures = [f for f in failures if not (f.stage == "render" and f.id in redo)] + rendered
            with clock("repair: load and validate"):
                report = stages.validate(staging, profile, memo)
            still = pipeline.repair_targets(plan, report)
            repairs += [{"round": round_, "artifact": aid, "path": plan.artifact(aid).path, "problems": notes,
                         "fixed": aid not in still} for aid, notes in sorted(targets.items())]
        left = {k: v for k, v in pipeline.repair_targets(plan, report).items() if k not in missing}
        if left and on_artifact_failure == "offline":
            # What the model could not get right in its repair rounds gets a labelled offline stand-in.
            with clock("repair: regenerate"):
                contents, stood = pipeline.stand_ins(plan, prepared.taxonomy, contents, left)
            with clock("repair: render"):
                redo = pipeline.with_dependents(plan, set(left))
                contents, rendered = _render(stages, plan, prepared.taxonomy, contents, staging, on_artifact_failure, redo)
                failures = [f for f in failures if f.id not in left] + stood + rendered
            with clock("repair: load and validate"):
                report = stages.validate(staging, profile, memo)
        with clock("publish"):
            pipeline.write_failures(staging, failures, on_artifact_failure)
            manifest = stages.manifest(prepared, plan, report, staging, chosen, pipeline.usage_of(chosen), repairs,
                                      failures)
            stages.index(staging)
            published = stages.publish(manifest, staging, Path(out), started, expansion.refused, force)
        return published.model_copy(update={"stages": clock.seconds(), "stage_cpu": clock.cpu()})
    except BaseException:
        bundle.discard(staging)
        raise



def _render(stages: "Stages", plan, taxonomy, contents, staging, policy, only=None):
    """Render the room, or only the artifacts `only` names: (the contents rendered, each artifact whose renderer failed).

    With the offline policy such an artifact gets an offline stand-in and is rendered again; with
    abort the first one stops the run.
    """
    failed = stages.render(plan, contents, staging, only)
    if failed and policy == "offline":
        contents, failed = pipeline.substitute(plan, taxonomy, contents, failed)
        stages.render(plan, contents, staging, {f.id for f in failed})
    if failed and policy == "abort":
        raise RenderError(f"{failed[0].path}: could not be rendered: {failed[0].error}")
    return contents, failed
