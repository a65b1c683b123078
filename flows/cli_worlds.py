"""The `worldsmith worlds` commands: list, show and remove the worlds of the catalog."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from worldsmith.worlds.errors import WorldsmithError

worlds_app = typer.Typer(no_args_is_help=True, help="List, show and remove published worlds (outputs/catalog.duckdb).")
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)
OUT_HELP = "where worlds are published"


def _fail(exc: WorldsmithError) -> None:
    err.print(f"[bold red]error:[/] {exc}", markup=True, soft_wrap=True)
    raise typer.Exit(exc.exit_code)


@worlds_app.command("list")
def worlds_list(out: Path = typer.Option(Path("outputs"), help=OUT_HELP)) -> None:
    """List the published worlds, oldest first.

    \b
    Example: worldsmith worlds list --out outputs
    """
    from worldsmith.worlds.catalog import list_worlds

    rows = list_worlds(out)
    table = Table("world", "title", "occupations", "artifacts", "verdict", "created",
                  title=f"{len(rows)} worlds in {out / 'catalog.duckdb'}")
    for r in rows:
        table.add_row(r.world_id, r.title, ", ".join(r.occupations), str(r.artifacts), r.verdict,
                      r.created.strftime("%Y-%m-%d %H:%M"))
    console.print(table)


@worlds_app.command("show")
def worlds_show(world: str = typer.Argument(..., help="a world id, or the start of one"),
                out: Path = typer.Option(Path("outputs"), help=OUT_HELP)) -> None:
    """Show a world's catalog row as JSON.

    \b
    Example: worldsmith worlds show tanker-spill
    """
    from worldsmith.worlds.catalog import get_world

    try:
        row = get_world(out, world)
    except WorldsmithError as exc:
        _fail(exc)
    typer.echo(row.model_dump_json(indent=2))


@worlds_app.command("rm")
def worlds_rm(world: str = typer.Argument(..., help="a world id, or the start of one"),
              out: Path = typer.Option(Path("outputs"), help=OUT_HELP)) -> None:
    """Remove a world: its catalog row and its bundle folder.

    \b
    Example: worldsmith worlds rm tanker-spill-liability-1a2b3c4d5e
    """
    from worldsmith.worlds.catalog import remove_world

    try:
        row = remove_world(out, world)
    except WorldsmithError as exc:
        _fail(exc)
    console.print(f"removed {row.world_id} ({row.path})")
