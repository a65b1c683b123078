"""The worldsmith command line: parses arguments, calls one library function, prints with rich."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from worlds.errors import WorldsmithError

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  pretty_exceptions_show_locals=False,  # locals could hold an API key
                  help="Make synthetic data-room worlds from expert outlines.")
outline_app = typer.Typer(no_args_is_help=True, help="Check outlines and export their schema.")
app.add_typer(outline_app, name="outline")
console = Console(stderr=False, highlight=False)
err = Console(stderr=True, highlight=False)


def _fail(exc: WorldsmithError) -> None:
    err.print(f"[bold red]error:[/] {exc}", markup=True, soft_wrap=True)
    raise typer.Exit(exc.exit_code)


@app.command()
def generate(
    outline: Path = typer.Argument(..., help="the outline YAML file"),
    seed: int = typer.Option(0, help="random seed: the same seed gives the same world"),
    out: Path = typer.Option(Path("outputs"), help="where worlds are published"),
    concurrency: int = typer.Option(16, min=1, help="generation calls in flight"),
) -> None:
    """Generate the world an outline describes, validate it, and publish it.

    Example: worldsmith generate outlines/examples/tanker-spill-liability.yaml --seed 7
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from flows import pipeline, progress
    from generators.backends.offline import OfflineBackend

    backend = OfflineBackend()
    try:
        prepared = pipeline.prepare(outline, seed, backend)  # bad input stops here, before Prefect starts
    except WorldsmithError as exc:
        _fail(exc)
    console.print(f"backend: [bold]{backend.name}[/] (model {backend.model}) | world {prepared.world_id}")
    from flows.generate import generate_world

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=console, transient=False)
    state: dict[str, int] = {}

    def show(event: str, n: int) -> None:
        if event == "start":
            state["task"] = bar.add_task("generating", total=n)
        else:
            bar.advance(state["task"], n)

    progress.listen(show)
    try:
        with bar:
            result = generate_world(str(outline), seed=seed, out=str(out), concurrency=concurrency)
    except WorldsmithError as exc:
        _fail(exc)
    finally:
        progress.clear()
    _summary(result)
    if result.quarantined:
        raise typer.Exit(1)


def _summary(result) -> None:
    table = Table(show_header=False, box=None)
    table.add_row("world", result.world_id)
    table.add_row("artifacts", ", ".join(f"{v} {k}" for k, v in sorted(result.counts.items())))
    table.add_row("validation", f"{result.verdict} ({result.errors} errors, {result.warnings} warnings)")
    table.add_row("published" if not result.quarantined else "quarantined", result.path)
    table.add_row("time", f"{result.seconds:.1f} s")
    console.print(table)


@app.command()
def validate(world: Path = typer.Argument(..., help="a world bundle folder")) -> None:
    """Rebuild world.duckdb from the bundle's files, run every check, write validation.json.

    Example: worldsmith validate outputs/tanker-spill-liability-1a2b3c4d5e
    """
    from worlds.validate import validate_bundle

    try:
        report = validate_bundle(world)
    except WorldsmithError as exc:
        _fail(exc)
    table = Table("check", "severity", "offending", "first problem")
    for check in report.checks:
        first = check.rows[0].detail if check.rows else ""
        colour = "green" if not check.count else ("red" if check.severity == "error" else "yellow")
        table.add_row(check.id, check.severity, f"[{colour}]{check.count}[/]", first)
    console.print(table)
    console.print(f"verdict: [bold]{report.verdict}[/] ({report.errors} errors, {report.warnings} warnings); "
                  f"wrote {world / 'validation.json'}")
    raise typer.Exit(1 if report.errors else 0)


@outline_app.command("check")
def outline_check(file: Path = typer.Argument(..., help="the outline YAML file")) -> None:
    """Check an outline against the schema and the taxonomy, and say what it will make.

    Example: worldsmith outline check outlines/examples/buyside-diligence.yaml
    """
    from collections import Counter

    from flows import pipeline
    from generators.backends.offline import OfflineBackend

    try:
        prepared = pipeline.prepare(file, 0, OfflineBackend())
        plan = pipeline.make_plan(prepared)
    except WorldsmithError as exc:
        _fail(exc)
    counts = Counter(a.kind for a in plan.artifacts)
    console.print(f"{file}: ok: {len(plan.people)} people, {len(plan.facts)} facts, "
                  + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))


@outline_app.command("schema")
def outline_schema(out: Optional[Path] = typer.Option(None, help="write to this file instead of stdout")) -> None:
    """Print the outline JSON Schema (for editor autocompletion).

    Example: worldsmith outline schema --out outlines/outline.schema.json
    """
    from worlds.outline import outline_json_schema

    text = json.dumps(outline_json_schema(), indent=2, sort_keys=True) + "\n"
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
        console.print(f"wrote {out}")


def main() -> None:
    """Entry point of the `worldsmith` command."""
    app()


if __name__ == "__main__":
    main()
