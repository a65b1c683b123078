"""Deployments of worldsmith's flows, and serving them on one machine with Prefect's `serve`."""

from __future__ import annotations

import os
from pathlib import Path

import worldsmith.flows.prefect_env  # noqa: F401  (must precede prefect)
from prefect import serve
from prefect.deployments.runner import EntrypointType, RunnerDeployment

from worldsmith.flows.batch import generate_batch
from worldsmith.flows.generate import generate_world
from worldsmith.worlds.errors import WorldsmithError

NIGHTLY = "0 2 * * *"


def deployments(outlines: str = "outlines/examples", out: str = "outputs", cron: str | None = NIGHTLY,
                taxonomy: str | None = None) -> list[RunnerDeployment]:
    """generate_world on demand, and generate_batch over a folder of outlines on a schedule."""
    # Module paths, not file paths: the runner imports the installed package wherever it runs.
    module = EntrypointType.MODULE_PATH
    folder, target = str(Path(outlines).resolve()), str(Path(out).resolve())
    return [
        generate_world.to_deployment(name="on-demand", entrypoint_type=module, parameters={"out": target},
                                     description="One world from an outline: pass outline (a path) and seed."),
        generate_batch.to_deployment(name="nightly", entrypoint_type=module, cron=cron,
                                     parameters={"outlines": folder, "out": target, "taxonomy": taxonomy},
                                     description=f"Every outline of {folder}, into {target}."),
    ]


def serve_flows(outlines: str = "outlines/examples", out: str = "outputs", cron: str | None = NIGHTLY,
                taxonomy: str | None = None, limit: int | None = None) -> None:
    """Register the deployments with the Prefect server at PREFECT_API_URL and run their flow runs here."""
    from prefect.settings import PREFECT_API_URL

    if not (os.environ.get("PREFECT_API_URL") or PREFECT_API_URL.value()):
        raise WorldsmithError("serve-flows needs a running Prefect server: start one with `prefect server start` "
                              "and set PREFECT_API_URL=http://127.0.0.1:4200/api")
    serve(*deployments(outlines, out, cron, taxonomy), limit=limit, print_starting_message=True)
