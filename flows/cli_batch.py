"""The `worldsmith batch` command: many worlds from a folder of outlines or a taxonomy selection."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer
from rich.table import Table
from rich.text import Text

# Messages carry names from outlines, worlds and taxonomies: shown with control characters escaped, no markup.
from worldsmith.flows.cli_console import console, err, one_line
from worldsmith.worlds.errors import WorldsmithError



def batch(
    outlines: Optional[Path] = typer.Argument(None, help="a folder of outline YAML files"),
    occupation: Optional[List[str]] = typer.Option(None, help="draft and make a world for this occupation (repeatable)"),
    group: Optional[str] = typer.Option(None, help="every detailed occupation of this SOC group, e.g. 13-0000"),
    sample: Optional[int] = typer.Option(None, min=1, help="a sample of N occupations stratified across major groups"),
    scenario: Optional[str] = typer.Option(None, help="the scenario for drafted outlines"),
    seed: int = typer.Option(0),
    out: Path = typer.Option(Path("outputs"), help="where worlds are published"),
    taxonomy: Optional[Path] = typer.Option(None, help="an imported taxonomy .duckdb; default shipped"),
    runner: str = typer.Option("default", help="default (worlds side by side in this process) or dask (a Dask cluster)"),
    at_once: int = typer.Option(2, "--at-once", min=1, help="worlds made side by side by the default runner"),
    workers: int = typer.Option(2, min=1, help="Dask workers, with --runner dask"),
    dask_address: Optional[str] = typer.Option(None, help="a running Dask scheduler (tcp://host:8786) instead of a "
                                                         "local cluster, with --runner dask"),
    # as `generate` has them; each world of the batch is its own run
    artifact_deadline: Optional[float] = typer.Option(None, min=0, help="seconds one artifact's model calls may "
                                                      "take, retries included, before it fails (default 300; 0: "
                                                      "none); env WORLDSMITH_ARTIFACT_DEADLINE"),
    run_deadline: Optional[float] = typer.Option(None, min=0, help="seconds all of one world's model calls may take; "
                                                 "later ones fail at once (default 14400; 0: none); env "
                                                 "WORLDSMITH_RUN_DEADLINE"),
) -> None:
    """Make many worlds, each its own subflow: one that fails is reported and the rest go on.

    Writes a coverage report (out/coverage.html) of the published worlds over the taxonomy.

    \b
    Example: worldsmith batch outlines/examples
    Example: worldsmith batch --sample 50 --taxonomy onet.duckdb --runner dask --workers 4
    Example: worldsmith batch outlines/examples --artifact-deadline 120 --run-deadline 3600
    """
    from worldsmith.flows import prefect_server
    from worldsmith.flows.batch import outline_files, run_batch
    from worldsmith.flows.cli import _quiet_prefect
    from worldsmith.flows.cli_paths import output_folder
    from worldsmith.flows.config import resolve_config

    if not (outlines or occupation or group or sample):
        err.print(Text.assemble(("error:", "bold red"), " give a folder of outlines, --occupation, --group or --sample"))
        raise typer.Exit(2)
    _quiet_prefect()
    try:
        # What can be checked without Prefect is checked before its server starts.
        if runner not in ("default", "dask"):
            raise WorldsmithError(f"--runner must be 'default' or 'dask', not {runner!r}")
        if outlines:
            outline_files(outlines)
        output_folder(out, "--out")
        # the deadlines as each world will resolve them (options over environment over config file): a malformed
        # one is said once, here, not by every world of the batch
        resolve_config({"artifact_deadline": artifact_deadline, "run_deadline": run_deadline})
        prefect_server.check_configured()
        with prefect_server.explained(option=None):
            result = run_batch(runner=runner, workers=workers, address=dask_address, at_once=at_once,
                               outlines=str(outlines) if outlines else None,
                               occupations=occupation or None, group=group, sample=sample, scenario=scenario,
                               seed=seed, out=str(out), taxonomy=str(taxonomy) if taxonomy else None,
                               artifact_deadline=artifact_deadline, run_deadline=run_deadline)
    except WorldsmithError as exc:
        err.print(Text.assemble(("error:", "bold red"), f" {one_line(exc)}"), soft_wrap=True)
        raise typer.Exit(exc.exit_code)
    table = Table("outline", "world", "verdict", "seconds")
    for column in table.columns:  # a world id folds on a narrow terminal, never ends in an ellipsis
        column.overflow = "fold"
    for item in result.items:
        table.add_row(Path(item.outline).name, item.world_id or "", item.verdict or Text(item.error or "", "red"),
                      f"{item.seconds:.1f}")
    console.print(table)
    console.print(f"{result.published} published, {result.quarantined} quarantined, {result.failed} failed "
                  f"in {result.seconds:.1f} s; coverage: {result.coverage}")
    raise typer.Exit(1 if result.failed or result.quarantined else 0)


def serve_flows(
    outlines: Path = typer.Option(Path("outlines/examples"), help="the folder the nightly batch reads"),
    out: Path = typer.Option(Path("outputs"), help="where the deployments publish worlds"),
    cron: str = typer.Option("0 2 * * *", help="when the batch runs (cron, server time zone)"),
    taxonomy: Optional[Path] = typer.Option(None, help="an imported taxonomy .duckdb for the batch"),
    limit: Optional[int] = typer.Option(None, min=1, help="flow runs at once"),
) -> None:
    """Serve the deployments (generate_world on demand, generate_batch on a schedule) from this machine.

    Needs a running Prefect server (PREFECT_API_URL); stops with Ctrl-C, pausing the schedule.

    \b
    Example: prefect server start &  export PREFECT_API_URL=http://127.0.0.1:4200/api
    Example: worldsmith serve-flows --outlines outlines/examples --cron "0 2 * * *"
    Example: prefect deployment run generate_world/on-demand -p outline=$PWD/outlines/examples/buyside-diligence.yaml
    """
    from worldsmith.flows.deployments import serve_flows as run

    try:
        run(str(outlines), str(out), cron, str(taxonomy) if taxonomy else None, limit)
    except WorldsmithError as exc:
        err.print(Text.assemble(("error:", "bold red"), f" {one_line(exc)}"), soft_wrap=True)
        raise typer.Exit(exc.exit_code)
