"""The `worldsmith worlds` commands: list, show and remove the worlds of the catalog."""

from __future__ import annotations

import sys
from pathlib import Path

import typer
from rich.table import Table
from rich.text import Text

# Messages carry names from outlines, worlds and taxonomies: shown with control characters escaped, no markup.
from worldsmith.flows.cli_console import console, err, one_line
from worldsmith.worlds.errors import WorldsmithError

worlds_app = typer.Typer(no_args_is_help=True, help="List, show and remove published worlds (outputs/catalog.duckdb).")
OUT_HELP = "where worlds are published"


def _can_ask() -> bool:
    """Whether a person can answer a question: stdin is a terminal (a script or a pipe cannot)."""
    return sys.stdin.isatty()


def _fail(exc: WorldsmithError) -> None:
    # The message quotes catalog rows and paths, which are data: never read as markup.
    err.print(Text.assemble(("error:", "bold red"), " ", one_line(exc)), soft_wrap=True)
    raise typer.Exit(exc.exit_code)


@worlds_app.command("list")
def worlds_list(out: Path = typer.Option(Path("outputs"), help=OUT_HELP)) -> None:
    """List the published worlds, oldest first.

    \b
    Example: worldsmith worlds list --out outputs
    """
    from worldsmith.worlds.catalog import list_worlds

    try:
        rows = list_worlds(out)
    except WorldsmithError as exc:
        _fail(exc)
    table = Table(title=Text(f"{len(rows)} worlds in {out / 'catalog.duckdb'}"))
    # Whole ids, never cut with an ellipsis: an id is what `worlds show` and `worlds rm` take.
    table.add_column("world", overflow="fold", min_width=max((len(r.world_id) for r in rows), default=5))
    for name in ("title", "occupations", "artifacts", "verdict", "created"):
        table.add_column(name, overflow="fold")
    for r in rows:  # cells as Text: a title is data, never markup
        cells = (r.world_id, r.title, ", ".join(r.occupations), str(r.artifacts), r.verdict,
                 r.created.strftime("%Y-%m-%d %H:%M"))
        table.add_row(*(Text(one_line(v)) for v in cells))
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
def worlds_rm(world: str = typer.Argument(..., help="a world id, or the start of one that names only it"),
              out: Path = typer.Option(Path("outputs"), help=OUT_HELP),
              yes: bool = typer.Option(False, "--yes", "-y", help="delete without asking (needed without a terminal)")) -> None:
    """Remove a world: its catalog row and its bundle folder OUT/<world_id>, after asking.

    Deletes only a world bundle folder directly under --out whose manifest names that world, never a
    link; an empty or ambiguous reference is refused.

    \b
    Example: worldsmith worlds rm tanker-spill-liability-1a2b3c4d5e --yes
    """
    from worldsmith.worlds.catalog import get_world, remove_world, world_folder

    try:
        row = get_world(out, world)
        folder = world_folder(out, row)
    except WorldsmithError as exc:
        _fail(exc)
    name = one_line(row.world_id)
    what = (one_line(folder) if folder is not None
            else f"its catalog row only ({one_line(out / row.world_id)} does not exist)")
    if not yes:
        if not _can_ask():
            err.print(Text(f"error: worlds rm would delete {name}: {what}; nothing to ask on without a "
                           "terminal, so nothing deleted. Pass --yes to delete it"), soft_wrap=True)
            raise typer.Exit(2)
        if not typer.confirm(f"Delete world {name}: {what}?", default=False):
            console.print("nothing deleted", markup=False)
            raise typer.Exit(1)
    try:
        row, folder = remove_world(out, row.world_id)
    except WorldsmithError as exc:
        _fail(exc)
    console.print(f"removed {row.world_id}" + (f" ({folder})" if folder is not None else " (its catalog row)"),
                  markup=False, soft_wrap=True)
