"""The generate_world Prefect flow: outline -> plan -> generate -> render -> load/validate -> repair -> publish."""

from __future__ import annotations

import functools

import worldsmith.flows.prefect_env  # noqa: F401  (must precede prefect)
from prefect import task

worldsmith.flows.prefect_env.tie_server_to_parent()
from prefect.cache_policies import NO_CACHE
from prefect.utilities.annotations import quote

from worldsmith.environments.index_html import write_bundle_index
from worldsmith.flows import pipeline
from worldsmith.flows.make import Stages, make_world
from worldsmith.flows.plain_flow import plain_flow

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


PREFECT = Stages(expand=expand_stage, plan=plan_stage, generate=generate_stage, render=render_stage,
                 validate=validate_stage, repair=repair_stage, manifest=manifest_stage, publish=publish_stage,
                 index=index_stage)


@plain_flow(name="generate_world", log_prints=False, validate_parameters=False)
def generate_world(outline: str, seed: int = 0, out: str = "outputs", concurrency: int | None = None,
                   backend: str | None = None, model: str | None = None, base_url: str | None = None,
                   expand: int = 0, no_cache: bool = False, cache: str | None = None, repair_rounds: int = 2,
                   config_file: str | None = None, profile: str | None = None,
                   taxonomy: str | None = None,
                   on_artifact_failure: str = "quarantine", force: bool = False,
                   artifact_deadline: float | None = None, run_deadline: float | None = None) -> pipeline.Published:
    """Make the world an outline describes and publish it under `out`, as a Prefect flow (make_world's stages as
    Prefect tasks; see flows/make.py for the parameters)."""
    return make_world(outline, seed, out, concurrency, backend, model, base_url, expand, no_cache, cache,
                      repair_rounds, config_file, profile, taxonomy, on_artifact_failure, force, stages=PREFECT,
                      artifact_deadline=artifact_deadline, run_deadline=run_deadline)
