"""The worldsmith command line: parses arguments, calls one library function, prints with rich."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Optional

import worldsmith.flows.prefect_env  # noqa: F401  (Prefect's settings, telemetry off, before any import of it)
import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from worldsmith.flows.cli_batch import batch, serve_flows
# What is printed comes from outlines, worlds and paths that other people made: the consoles read no markup or
# emoji codes and show every control character escaped (flows/cli_console.py). Styles are Text's.
from worldsmith.flows.cli_console import console, err, one_line
from worldsmith.flows.cli_guard import GuardedGroup
from worldsmith.flows.cli_paths import input_file, output_file, output_folder
from worldsmith.flows.cli_model_server import model_server
from worldsmith.flows.cli_taxonomy import outline_draft, taxonomy_app
from worldsmith.flows.cli_worlds import worlds_app
from worldsmith.worlds.errors import WorldsmithError


class UsageError(WorldsmithError):
    """A command-line option has a value the command cannot use."""

    exit_code = 2

app = typer.Typer(cls=GuardedGroup, add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  pretty_exceptions_show_locals=False,  # locals could hold an API key
                  help="Make synthetic data-room worlds from expert outlines.")
outline_app = typer.Typer(no_args_is_help=True, help="Check outlines and export their schema.")
app.add_typer(outline_app, name="outline")
app.add_typer(taxonomy_app, name="taxonomy")
outline_app.command("draft")(outline_draft)
app.command("batch")(batch)
app.command("serve-flows")(serve_flows)
app.command("model-server")(model_server)
app.add_typer(worlds_app, name="worlds")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("worldsmith")
        except PackageNotFoundError:  # run from a checkout that was never installed
            number = "unknown (not installed)"
        console.print(f"worldsmith {number}")
        raise typer.Exit(0)


@app.callback()
def _options(show_version: bool = typer.Option(False, "--version", is_eager=True, callback=_version,
                                               help="print worldsmith's version and exit")) -> None:
    """Make synthetic data-room worlds from expert outlines."""


def _fail(exc: WorldsmithError) -> None:
    err.print(Text.assemble(("error:", "bold red"), f" {one_line(exc)}"), soft_wrap=True)
    raise typer.Exit(exc.exit_code)


@app.command()
def generate(
    outline: Path = typer.Argument(..., help="the outline YAML file"),
    seed: int = typer.Option(0, help="random seed: the same seed gives the same world"),
    out: Path = typer.Option(Path("outputs"), help="where worlds are published"),
    backend: Optional[str] = typer.Option(None, help="offline (default) or openai; env WORLDSMITH_BACKEND"),
    model: Optional[str] = typer.Option(None, help="model name for the openai backend; env WORLDSMITH_MODEL"),
    base_url: Optional[str] = typer.Option(None, help="OpenAI-compatible endpoint; env OPENAI_BASE_URL"),
    concurrency: Optional[int] = typer.Option(None, min=1, help="model calls in flight (default 16)"),
    expand: int = typer.Option(0, min=0, help="let the model propose up to N further artifacts"),
    no_cache: bool = typer.Option(False, "--no-cache", help="ignore and do not fill the response cache"),
    repair_rounds: int = typer.Option(2, min=0, max=5, help="rounds of regenerating artifacts that fail a check"),
    config: Optional[Path] = typer.Option(None, help="a worldsmith.toml (default ./worldsmith.toml, then the user's)"),
    profile: Optional[Path] = typer.Option(None, help="reference mail profile for the realism checks "
                                                      "(default: the shipped business-mail profile)"),
    taxonomy: Optional[Path] = typer.Option(None, help="an imported taxonomy .duckdb (worldsmith taxonomy "
                                                       "import-onet); env WORLDSMITH_TAXONOMY; default shipped"),
    on_artifact_failure: str = typer.Option("quarantine", help="when an artifact cannot be made: quarantine the "
                                            "world with a report, fill it with a labelled offline stand-in "
                                            "(offline), or stop (abort)"),
    force: bool = typer.Option(False, "--force", help="replace a world already published under --out (files "
                                                      "you added there are moved to _kept/, never deleted)"),
    prefect_timeout: Optional[int] = typer.Option(None, "--prefect-timeout", min=1,
                                                  help="seconds to wait for Prefect's temporary server to start "
                                                       "(default 120); not used with PREFECT_API_URL"),
    no_prefect: bool = typer.Option(False, "--no-prefect", help="run the same stages as plain calls, without "
                                                                "Prefect (no server, no flow run recorded)"),
    artifact_deadline: Optional[float] = typer.Option(None, min=0, help="seconds one artifact's model calls may "
                                                      "take, retries included, before it fails (default 300; 0: "
                                                      "none); env WORLDSMITH_ARTIFACT_DEADLINE"),
    run_deadline: Optional[float] = typer.Option(None, min=0, help="seconds all of a run's model calls may take; "
                                                 "later ones fail at once (default 14400; 0: none); env "
                                                 "WORLDSMITH_RUN_DEADLINE"),
) -> None:
    """Generate the world an outline describes, validate it, and publish it.

    \b
    Example: worldsmith generate outlines/examples/tanker-spill-liability.yaml --seed 7
    Example: worldsmith generate OUTLINE --backend openai --base-url http://127.0.0.1:8000/v1 --model qwen3
    """
    import time

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from worldsmith.flows import pipeline, progress
    from worldsmith.flows.backends import make_backend
    from worldsmith.flows.config import resolve_config

    started = time.perf_counter()
    try:
        settings = resolve_config({"backend": backend, "model": model, "base_url": base_url,
                                   "concurrency": concurrency, "no_cache": no_cache, "taxonomy": taxonomy,
                                   "artifact_deadline": artifact_deadline, "run_deadline": run_deadline}, config)
        # Bad input stops here, before Prefect starts and before anything is written.
        output_folder(out, "--out")
        prepared = pipeline.prepare(outline, seed, make_backend(settings), expand, settings.taxonomy)
        pipeline.make_plan(prepared)  # the whole outline (locale, cast, calendar, inventory): 0.15 s, measured
        _check_profile(profile)
        _check_policy(on_artifact_failure)
    except WorldsmithError as exc:
        _fail(exc)
    console.print(settings.describe())
    console.print(f"world: {prepared.world_id}", soft_wrap=True)
    if not no_prefect:
        from worldsmith.flows import prefect_server

        try:
            prefect_server.check_configured()
        except WorldsmithError as exc:
            _fail(exc)
        from worldsmith.flows.generate import generate_world

        _quiet_prefect()
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=console, transient=False)
    state: dict[str, int] = {}

    def show(event: str, n: int) -> None:
        if event == "start":
            state["task"] = bar.add_task("generating", total=n)
        else:
            bar.advance(state["task"], n)

    progress.listen(show)
    options = dict(seed=seed, out=str(out), concurrency=concurrency, backend=backend, model=model, base_url=base_url,
                   expand=expand, no_cache=no_cache, repair_rounds=repair_rounds,
                   config_file=str(config) if config else None, profile=str(profile) if profile else None,
                   taxonomy=str(taxonomy) if taxonomy else None, on_artifact_failure=on_artifact_failure, force=force,
                   artifact_deadline=artifact_deadline, run_deadline=run_deadline)
    try:
        if no_prefect:
            from worldsmith.flows.make import make_world

            with bar:
                result = make_world(str(outline), **options)
        else:
            from worldsmith.flows.prefect_env import lean_runs

            with bar, lean_runs(), prefect_server.startup_timeout(prefect_timeout), prefect_server.explained():
                result = generate_world(str(outline), **options)
    except WorldsmithError as exc:
        _fail(exc)
    finally:
        progress.clear()
    _summary(result, time.perf_counter() - started)
    if result.quarantined:
        raise typer.Exit(1)


def _check_policy(policy: str) -> None:
    from worldsmith.generators.engine import POLICIES

    if policy not in POLICIES:
        raise UsageError(f"--on-artifact-failure {policy!r}: use one of {', '.join(POLICIES)}")


def _check_profile(profile: Path | None) -> None:
    """Read a --profile file now, so that a bad one stops the command before anything is made."""
    if profile is not None:
        from worldsmith.worlds.profile import load_profile

        load_profile(input_file(profile, "--profile"))


def _quiet_prefect() -> None:
    """The CLI reports failures itself, once and clearly; Prefect's run loggers would add a traceback.

    Set WORLDSMITH_VERBOSE=1 to see them.
    """
    import logging
    import os

    if not os.environ.get("WORLDSMITH_VERBOSE"):
        for name in ("prefect.task_runs", "prefect.flow_runs", "prefect.engine"):
            logging.getLogger(name).setLevel(logging.CRITICAL)


def _summary(result, seconds: float, to: Console | None = None) -> None:
    """The table a generate ends with, on `to` (default stdout)."""
    to = to or console
    # Values fold rather than end in an ellipsis on a narrow terminal; the bundle's path, the one thing a user
    # copies, is a line of its own that the terminal wraps and a copy takes whole.
    table = Table(show_header=False, box=None)
    table.add_column(no_wrap=True)
    table.add_column(overflow="fold")
    table.add_row("world", result.world_id)
    table.add_row("artifacts", ", ".join(f"{v} {k}" for k, v in sorted(result.counts.items())))
    table.add_row("validation", f"{result.verdict} ({result.errors} errors, {result.warnings} warnings)")
    if result.repairs:
        fixed = sum(1 for r in result.repairs if r["fixed"])
        table.add_row("repaired", f"{fixed} of {len(result.repairs)} artifact regenerations fixed their checks")
    if result.refused_proposals:
        table.add_row("expansion", f"{len(result.refused_proposals)} proposals refused: " + result.refused_proposals[0])
    usage = result.usage or {}
    if usage:
        total = usage.get("totals", {})
        line = (f"{total.get('calls', 0)} calls, {total.get('cache_hits', 0)} cache hits, "
                f"{total.get('retries', 0)} retries, {total.get('tokens_in', 0)} tokens in, "
                f"{total.get('tokens_out', 0)} out")
        if usage.get("cost_usd") is not None:
            line += f", ${usage['cost_usd']:.4f}"
        table.add_row("model", line)
    table.add_row("time", f"{seconds:.1f} s (flow {result.seconds:.1f} s)")
    to.print(table)
    to.print(f"{'quarantined' if result.quarantined else 'published'}: {result.path}", soft_wrap=True, markup=False)
    for path in result.kept:
        to.print(f"kept a file you added to the replaced world: {path}")
    _failures(result, to)


def _failures(result, to: Console) -> None:
    """Each artifact that could not be made, and what to do next."""
    if not result.failures:
        return
    table = Table("artifact", "stage", "", "request id", "last error", title="artifacts not made by the model")
    for column in table.columns:
        column.overflow = "fold"
    for f in result.failures:
        table.add_row(f["path"], f["stage"], "offline stand-in" if f["substituted"] else Text("missing", "red"),
                      f.get("request_id") or "-", f["error"][:160])
    to.print(table)
    open_ = [f for f in result.failures if not f["substituted"]]
    if open_:
        to.print(f"{len(open_)} artifact(s) missing; the world is quarantined. Next: run the same command again "
                 "(the other answers are cached, so only these are asked again), or add "
                 "--on-artifact-failure offline to publish with labelled offline stand-ins. "
                 f"Details: {Path(result.path) / 'failures.json'}", soft_wrap=True)


@app.command()
def validate(
    world: Path = typer.Argument(..., help="a world bundle folder"),
    profile: Optional[Path] = typer.Option(None, help="reference mail profile for the realism checks "
                                                      "(default: the shipped business-mail profile)"),
    accept_edits: bool = typer.Option(False, "--accept-edits",
                                      help="the files changed since publishing were edited on purpose: check them "
                                           "like any file and, if every check passes, re-seal manifest.json"),
) -> None:
    """Rebuild world.duckdb from the bundle's files, run every check, write validation.json and report.html.

    \b
    Example: worldsmith validate outputs/tanker-spill-liability-1a2b3c4d5e
    """
    from worldsmith.worlds.validate import CHANGED_CHECK, validate_bundle

    try:
        report = validate_bundle(world, profile, accept_edits=accept_edits)
    except WorldsmithError as exc:
        _fail(exc)
    changed = next((c for c in report.checks if c.id == CHANGED_CHECK and c.count), None)
    if changed is not None:  # each changed file by name, not only the first
        for row in changed.rows:
            console.print(Text.assemble((one_line(row.path or "bundle"), "red"), f": {one_line(row.detail)}"),
                          soft_wrap=True)
        console.print("If these edits are intended: worldsmith validate " f"{world} --accept-edits", soft_wrap=True)
    if accept_edits:
        console.print("edits accepted; manifest.json re-sealed" if not report.errors
                      else "edits accepted but checks fail; manifest.json left as published", soft_wrap=True)
        if not report.errors:
            _say_if_not_catalogued(world, report.world_id)
    table = Table("check", "severity", "offending", "first problem")
    for check in report.checks:
        first = one_line(check.rows[0].detail) if check.rows else ""
        colour = "green" if not check.count else ("red" if check.severity == "error" else "yellow")
        table.add_row(check.id, check.severity, Text(str(check.count), colour), first)
    console.print(table)
    console.print(Text.assemble("verdict: ", (report.verdict, "bold"),
                                f" ({report.errors} errors, {report.warnings} warnings); "
                                f"wrote {world / 'validation.json'}"))
    raise typer.Exit(1 if report.errors else 0)


def _say_if_not_catalogued(world: Path, world_id: str) -> None:
    """Say so when a re-sealed bundle sits in a catalogued folder but is not the world its catalog row names."""
    from worldsmith.worlds.bundle import is_catalogued_folder

    parent = Path(os.path.abspath(world)).parent
    if (parent / "catalog.duckdb").is_file() and not is_catalogued_folder(world, world_id):
        console.print(Text(f"the catalog's row for {world_id} was left as it is: this folder is not "
                           f"{one_line(str(parent / world_id))}, the catalogued world (a copy under another name?)"),
                      soft_wrap=True)


@outline_app.command("check")
def outline_check(file: Path = typer.Argument(..., help="the outline YAML file"),
                  taxonomy: Optional[Path] = typer.Option(None, help="an imported taxonomy .duckdb; "
                                                                     "env WORLDSMITH_TAXONOMY; default shipped")) -> None:
    """Check an outline against the schema and the taxonomy, and say what it will make.

    \b
    Example: worldsmith outline check outlines/examples/buyside-diligence.yaml
    """
    from collections import Counter

    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    try:
        from worldsmith.flows.config import resolve_config

        prepared = pipeline.prepare(file, 0, OfflineBackend(), 0, resolve_config({"taxonomy": taxonomy}).taxonomy)
        plan = pipeline.make_plan(prepared)
    except WorldsmithError as exc:
        _fail(exc)
    counts = Counter(a.kind for a in plan.artifacts)
    console.print(f"{file}: ok: {len(plan.people)} people, {len(plan.facts)} facts, "
                  + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())))
    bare = [item.title for folder in prepared.outline.inventory for item in folder.items
            if item.kind == "document" and not item.points]
    if bare:
        shown = "; ".join(repr(t) for t in bare[:5]) + (f"; and {len(bare) - 5} more" if len(bare) > 5 else "")
        console.print(Text(f"{len(bare)} document{'s have' if len(bare) > 1 else ' has'} no points: {shown}. Without "
                           f"them a paper restates its facts under its genre's headings; give each the findings, "
                           f"arguments, terms or resolutions it must make (README, 'Points')"), soft_wrap=True)
    # a sheet whose title promises working or a breakdown its facts do not give is named for what it is (promise.
    # retitle): the author is told, to give the facts and points that keep the title or to take the title it gets
    from worldsmith.generators.kinds.spreadsheet.promise import retitle

    by_id = {f.id: f for f in prepared.outline.facts}
    items = [*(i for folder in prepared.outline.inventory for i in folder.items),
             *(d.item for d in prepared.outline.distractors)]
    renamed = [(item.title, kept) for item in items if item.kind == "spreadsheet" for kept in [retitle(item.title, [by_id[f] for f in item.facts
                                                                               if f in by_id],
                                                        list(getattr(item, "points", None) or []))]
               if kept != item.title]
    if renamed:
        shown = "; ".join(f"{a!r} will be titled {b!r}" for a, b in renamed[:5]) + (f"; and {len(renamed) - 5} more"
                                                                        if len(renamed) > 5 else "")
        console.print(Text(f"{len(renamed)} sheet title{'s promise' if len(renamed) > 1 else ' promises'} what "
                           f"{'their' if len(renamed) > 1 else 'its'} facts do not give: {shown}. "
                           f"Give the inputs its working needs (a fact with a formula, the items of a breakdown), or "
                           f"the title it gets (README, 'Points')"), soft_wrap=True)
    # a sheet the engine can only type its figures into (nothing to compute, break down or list): a 'five-year plan'
    # of one cell, a 'monthly report' of a headcount (blind read 32); its points give the rows it must hold
    figures = {f.id for f in plan.facts if f.value.type in ("money", "number", "percent")}
    flat = [a.title for a in plan.artifacts if a.kind == "spreadsheet" and not a.points and a.distractor is None
            and figures & set(a.facts) and (a.skeleton is None or not any(
                ln.role in ("derived", "item", "subtotal", "total") for ln in a.skeleton.lines))]
    if flat:
        shown = "; ".join(repr(t) for t in dict.fromkeys(flat[:5])) + (f"; and {len(flat) - 5} more" if len(flat) > 5
                                                                        else "")
        console.print(Text(f"{len(flat)} sheet{'s compute' if len(flat) > 1 else ' computes'} nothing: {shown}. The "
                           f"engine can only type in the figures it carries; give each the rows it must hold, one "
                           f"point a row ('Unit price: {{price}} over {{units}} units' computes it) (README, 'Points')"),
                      soft_wrap=True)


@outline_app.command("schema")
def outline_schema(out: Optional[Path] = typer.Option(None, help="write to this file instead of stdout")) -> None:
    """Print the outline JSON Schema (for editor autocompletion).

    \b
    Example: worldsmith outline schema --out outlines/outline.schema.json
    """
    from worldsmith.worlds.outline import outline_json_schema

    try:
        if out is not None:
            output_file(out, "--out")
    except WorldsmithError as exc:
        _fail(exc)
    text = json.dumps(outline_json_schema(), indent=2, sort_keys=True) + "\n"
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
        console.print(f"wrote {out}")


cache_app = typer.Typer(no_args_is_help=True, help="Inspect or empty the model response cache.")
app.add_typer(cache_app, name="cache")


def _cache(config: Optional[Path]):
    from worldsmith.flows.config import resolve_config
    from worldsmith.generators.backends.cache import ResponseCache, default_cache_path

    try:
        settings = resolve_config({}, config)
    except WorldsmithError as exc:
        _fail(exc)
    path = settings.cache or default_cache_path()
    try:
        return path, ResponseCache(path)
    except WorldsmithError as exc:  # not a cache file (CacheError): one line, never a traceback
        _fail(exc)


@cache_app.command("stats")
def cache_stats(config: Optional[Path] = typer.Option(None, help="a worldsmith.toml")) -> None:
    """Show where the response cache is and what it holds.

    \b
    Example: worldsmith cache stats
    """
    path, cache = _cache(config)
    stats = cache.stats()
    console.print(f"cache: {path}\nentries: {stats.entries}\nbytes: {stats.bytes}")


@cache_app.command("clear")
def cache_clear(config: Optional[Path] = typer.Option(None, help="a worldsmith.toml")) -> None:
    """Delete every cached model response.

    \b
    Example: worldsmith cache clear
    """
    path, cache = _cache(config)
    console.print(f"cleared {cache.clear()} entries from {path}")


@app.command()
def report(world: Path = typer.Argument(..., help="a validated world bundle folder")) -> None:
    """Summarise a validated world: verdict, failing checks, and its mail profile against the reference.

    Reads validation.json and world.duckdb as the last `worldsmith validate` (or generate) left them, a
    published world checked first as `serve` checks it (links, seal, checksums, verdict, its store);
    the full report with charts is report.html in the same folder.

    \b
    Example: worldsmith report outputs/tanker-spill-liability-1a2b3c4d5e
    """
    from worldsmith.worlds.realism import read_validated

    try:
        validated, reference, metrics = read_validated(world)
    except WorldsmithError as exc:
        _fail(exc)
    colour = {"pass": "green", "warn": "yellow", "fail": "red"}[validated.verdict]
    console.print(Text.assemble((validated.world_id, "bold"), ": ", (validated.verdict, f"bold {colour}"),
                                f" ({validated.errors} errors, {validated.warnings} warnings in "
                                f"{len(validated.checks)} checks)"))
    if not (world / "manifest.json").is_file():
        console.print("unpublished: nothing in this folder is sealed", style="dim")
    failed = validated.failed()
    if failed:
        table = Table("check", "severity", "offending", "first file", "first problem")
        for c in failed:
            first = c.rows[0] if c.rows else None
            table.add_row(c.id, Text(c.severity, "red" if c.severity == "error" else "yellow"), str(c.count),
                          (first.path or "") if first else "", first.detail if first else "")
        console.print(table)
    if metrics:
        table = Table("metric", "world", "reference", "divergence", "tolerance", "",
                      title=f"mail profile against {reference}")
        for m in metrics:
            state = Text("ok", "green") if m.ok else Text("out", "red") if m.ok is False else Text(m.note or "-", "dim")
            table.add_row(m.metric, _figure(m.world_value), _figure(m.reference_value), _figure(m.divergence),
                          _figure(m.tolerance), state)
        console.print(table)
    if (world / "report.html").is_file():
        console.print(f"charts: {world / 'report.html'}")
    raise typer.Exit(1 if validated.errors else 0)


def _figure(value: float | None) -> str:
    return "-" if value is None else (f"{value:.0f}" if float(value).is_integer() else f"{value:.3f}")


profile_app = typer.Typer(no_args_is_help=True, help="Build reference mail profiles from real corpora.")
app.add_typer(profile_app, name="profile")


@profile_app.command("build")
def profile_build(
    source: Path = typer.Option(..., "--from", help="a maildir, an mbox, or a folder of RFC 822 messages"),
    out: Optional[Path] = typer.Option(None, help="write the profile here instead of stdout"),
    timezone: Optional[str] = typer.Option(None, help="read every Date in this IANA zone (default: the "
                                                      "sender's own offset, or a known exporter's correction)"),
) -> None:
    """Compute a reference profile (figures only) from a real mail corpus.

    \b
    Example: worldsmith profile build --from ~/corpora/enron-maildir --out my-profile.json
    Example: worldsmith validate WORLD --profile my-profile.json
    """
    from worldsmith.worlds.profile import dump_profile, profile_of_corpus

    try:
        if out is not None:
            output_file(out, "--out")
        text = dump_profile(profile_of_corpus(source, timezone))
    except WorldsmithError as exc:
        _fail(exc)
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
        err.print(f"wrote {out}")


from worldsmith.flows import env_cli  # noqa: E402  (serve, tasks, export: commands for environment builders)

env_cli.register(app)


def _interrupted(signum, frame) -> None:  # noqa: ARG001 - the signal module's signature
    """Ctrl-C (and SIGTERM, which `timeout`, `docker stop` and systemd send): one line and exit 128 + the signal now.

    Letting KeyboardInterrupt unwind through Prefect prints pages of traceback and waits on its crash
    handler retrying the temporary server that the same Ctrl-C (sent to the whole process group) has
    already stopped. Finished model answers are in the response cache, and the next run removes this
    run's staging folder, so leaving at once loses nothing.
    """
    import os

    sys.stderr.write("interrupted: nothing was published; run the same command again to resume from the cache\n")
    sys.stderr.flush()
    os._exit(128 + signum)


def main() -> None:
    """Entry point of the `worldsmith` command."""
    import signal

    signal.signal(signal.SIGINT, _interrupted)
    signal.signal(signal.SIGTERM, _interrupted)
    try:
        app()
    except SystemExit as exc:
        _leave(exc.code)
    _leave(0)


def _leave(code: int | str | None) -> None:
    """Exit as a normal exit does, less the interpreter's teardown of every module a run loaded.

    That teardown frees what is about to be freed anyway, and took half a second after a one-world
    run (measured). What a normal exit does that matters runs first: the threads' exit hooks (Prefect
    drains its event and log queues to the server there), the atexit handlers (Prefect's temporary
    server stops), and the flushing of stdout and stderr.
    """
    import atexit
    import os
    import threading

    if isinstance(code, str):
        sys.stderr.write(code + "\n")
        code = 1
    shutdown = getattr(threading, "_shutdown", None)
    run_exit_handlers = getattr(atexit, "_run_exitfuncs", None)
    if shutdown is None or run_exit_handlers is None:  # another Python: the ordinary exit
        sys.exit(code)
    _flush()
    _silence()
    shutdown()
    run_exit_handlers()
    _flush()
    os._exit(code or 0)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (| head) or stream: nothing more can reach it
            pass


def _silence() -> None:
    """The command has said all it has to say: what Prefect's threads and exit handlers log while they wind down
    (a CancelledError traceback of its event workers, after a model run's summary) goes nowhere.

    WORLDSMITH_VERBOSE=1 keeps it. The exit code is the command's, whatever they print.
    """
    import logging
    import os

    if os.environ.get("WORLDSMITH_VERBOSE"):
        return
    logging.disable(logging.CRITICAL)
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        for fd in (1, 2):
            os.dup2(devnull, fd)
        os.close(devnull)
    except OSError:
        pass


if __name__ == "__main__":
    main()
