"""The generate_world Prefect flow: outline -> plan -> generate -> render -> load/validate -> repair -> publish."""

from __future__ import annotations

import functools
import time
from pathlib import Path

import worldsmith.flows.prefect_env  # noqa: F401  (must precede prefect)
from prefect import task

worldsmith.flows.prefect_env.tie_server_to_parent()
from prefect.cache_policies import NO_CACHE
from prefect.utilities.annotations import quote

from worldsmith.environments.index_html import write_bundle_index
from worldsmith.flows import pipeline, progress
from worldsmith.flows.backends import make_backend
from worldsmith.flows.config import resolve_config
from worldsmith.flows.plain_flow import plain_flow
from worldsmith.worlds import bundle
from worldsmith.worlds.errors import RenderError

# Stages pass whole plans and contents in memory; hashing them for Prefect's cache would cost more than
# the stage, and the response cache (not Prefect's) is what makes reruns cheap.
_task = task(cache_policy=NO_CACHE, persist_result=False)


def _stage(fn, name: str):
    """A stage as a Prefect task whose arguments Prefect does not walk.

    Prefect visits every argument of a task run to find futures and states to link; over a plan and
    its contents that was about a second a world (measured), more than the stages themselves. The
    stages take no futures, so every argument goes in quote() and reaches the function as it is.
    """
    run = _task(fn, name=name)

    @functools.wraps(fn)
    def call(*args, **kwargs):
        return run(*(quote(a) for a in args), **{k: quote(v) for k, v in kwargs.items()})

    call.task = run
    return call

expand_stage = _stage(pipeline.expand, name="expand")
plan_stage = _stage(pipeline.make_plan, name="plan")
generate_stage = _stage(pipeline.generate_all, name="generate")
render_stage = _stage(pipeline.render_isolated, name="render")
validate_stage = _stage(pipeline.validate, name="load-and-validate")
repair_stage = _stage(pipeline.regenerate, name="repair")
manifest_stage = _stage(pipeline.write_manifest, name="manifest")
publish_stage = _stage(pipeline.publish, name="publish")
index_stage = _stage(write_bundle_index, name="index")


@plain_flow(name="generate_world", log_prints=False, validate_parameters=False)
def generate_world(outline: str, seed: int = 0, out: str = "outputs", concurrency: int | None = None,
                   backend: str | None = None, model: str | None = None, base_url: str | None = None,
                   expand: int = 0, no_cache: bool = False, cache: str | None = None, repair_rounds: int = 2,
                   config_file: str | None = None, profile: str | None = None,
                   taxonomy: str | None = None,
                   on_artifact_failure: str = "quarantine", force: bool = False) -> pipeline.Published:
    """Make the world an outline describes and publish it under `out`.

    The API key is never a parameter (Prefect stores parameters): it comes from $OPENAI_API_KEY or
    the config file. An artifact that cannot be made costs only itself: `on_artifact_failure` says
    whether the world is then quarantined with a report (quarantine), completed with labelled
    offline stand-ins (offline), or not made at all (abort). A world already published under `out`
    is replaced only with `force`.
    """
    started = time.perf_counter()
    config = resolve_config({"backend": backend, "model": model, "base_url": base_url, "concurrency": concurrency,
                             "no_cache": no_cache, "cache": cache, "taxonomy": taxonomy},
                            Path(config_file) if config_file else None)
    chosen = make_backend(config)
    clock = pipeline.Stopwatch()
    with clock("plan"):
        prepared = pipeline.prepare(outline, seed, chosen, expand, config.taxonomy)
        expansion = expand_stage(prepared, chosen, expand)
        plan = plan_stage(prepared, expansion)
    progress.start(len(plan.artifacts))
    staging = bundle.new_staging(Path(out), plan.world_id)
    try:
        with clock("generate"):
            made = generate_stage(plan, prepared.taxonomy, chosen, config.concurrency, progress.advance,
                                  on_artifact_failure)
        contents, failures = made.contents, made.failures
        with clock("render"):
            contents, rendered = _render(plan, prepared.taxonomy, contents, staging, on_artifact_failure)
        failures = failures + rendered
        memo = pipeline.ParseMemo()  # what each file parsed into: a repair round re-parses only what it rewrote
        with clock("load and validate"):
            report = validate_stage(staging, profile, memo)
        repairs: list[dict] = []
        missing = {f.id for f in failures if not f.substituted}
        for round_ in range(1, repair_rounds + 1):
            targets = {k: v for k, v in pipeline.repair_targets(plan, report).items() if k not in missing}
            if not targets:
                break
            with clock("repair"):
                contents = repair_stage(plan, prepared.taxonomy, chosen, contents, targets, round_,
                                        config.concurrency)
                # A round costs what it repairs: the repaired artifacts and those that quote them are
                # rendered again (with their kinds' mailboxes), and only their files parsed again.
                redo = pipeline.with_dependents(plan, set(targets))
                contents, rendered = _render(plan, prepared.taxonomy, contents, staging, on_artifact_failure, redo)
                failures = [f for f in failures if not (f.stage == "render" and f.id in redo)] + rendered
                report = validate_stage(staging, profile, memo)
            still = pipeline.repair_targets(plan, report)
            repairs += [{"round": round_, "artifact": aid, "path": plan.artifact(aid).path, "problems": notes,
                         "fixed": aid not in still} for aid, notes in sorted(targets.items())]
        left = {k: v for k, v in pipeline.repair_targets(plan, report).items() if k not in missing}
        if left and on_artifact_failure == "offline":
            # What the model could not get right in its repair rounds gets a labelled offline stand-in.
            with clock("repair"):
                contents, stood = pipeline.stand_ins(plan, prepared.taxonomy, contents, left)
                redo = pipeline.with_dependents(plan, set(left))
                contents, rendered = _render(plan, prepared.taxonomy, contents, staging, on_artifact_failure, redo)
                failures = [f for f in failures if f.id not in left] + stood + rendered
                report = validate_stage(staging, profile, memo)
        with clock("publish"):
            pipeline.write_failures(staging, failures, on_artifact_failure)
            manifest = manifest_stage(prepared, plan, report, staging, chosen, pipeline.usage_of(chosen), repairs,
                                      failures)
            index_stage(staging)
            published = publish_stage(manifest, staging, Path(out), started, expansion.refused, force)
        return published.model_copy(update={"stages": clock.seconds()})
    except BaseException:
        bundle.discard(staging)
        raise


def _render(plan, taxonomy, contents, staging, policy, only=None):
    """Render the room, or only the artifacts `only` names: (the contents rendered, each artifact whose renderer failed).

    With the offline policy such an artifact gets an offline stand-in and is rendered again; with
    abort the first one stops the run.
    """
    failed = render_stage(plan, contents, staging, only)
    if failed and policy == "offline":
        contents, failed = pipeline.substitute(plan, taxonomy, contents, failed)
        render_stage(plan, contents, staging, {f.id for f in failed})
    if failed and policy == "abort":
        raise RenderError(f"{failed[0].path}: could not be rendered: {failed[0].error}")
    return contents, failed
