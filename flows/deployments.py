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
    from worldsmith.flows import prefect_server
    from worldsmith.flows.batch import outline_files

    outline_files(outlines)  # the nightly batch's folder: a wrong one is said now, not at 02:00
    if not prefect_server.api_url():
        raise WorldsmithError("serve-flows needs a running Prefect server: start one with `prefect server start` "
                              "and set PREFECT_API_URL=http://127.0.0.1:4200/api")
    prefect_server.check_configured(wait=60)  # `prefect server start &` may still be starting
    with prefect_server.explained(option=None):
        serve(*deployments(outlines, out, cron, taxonomy), limit=limit, print_starting_message=True)


def enter_home(directory: str | None = None) -> dict[str, str]:
    """The pull step of prefect.yaml's deployments: a worker's flow run starts in worldsmith's folder.

    That is WORLDSMITH_HOME when set (the images set it), else the checkout this worldsmith is installed
    from (an editable install, as the README's set-up makes), else the worker's own folder if it holds
    prefect.yaml. The deployments' entrypoints and relative paths (outlines/, outputs/) are read from there.
    """
    import worldsmith.flows

    # A WORLDSMITH_HOME the operator set is the only place tried: a wrong one is said, not worked around.
    candidates = [Path(directory)] if directory else [Path(worldsmith.flows.__file__).resolve().parent.parent,
                                                      Path.cwd()]
    for folder in candidates:
        if (folder / "prefect.yaml").is_file() and (folder / "flows" / "generate.py").is_file():
            os.chdir(folder)
            return {"directory": str(folder)}
    if directory:
        raise WorldsmithError(f"WORLDSMITH_HOME={directory}: no prefect.yaml and flows/ there; set it to the "
                              "worldsmith checkout (or image folder) on this worker")
    raise WorldsmithError("cannot find worldsmith's folder on this worker: set WORLDSMITH_HOME to the folder "
                          "holding prefect.yaml, flows/ and outlines/, or start the worker there")
