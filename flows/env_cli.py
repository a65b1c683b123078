"""The commands environment builders use: serve a world's apps over MCP, write its tasks, export it."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from worldsmith.flows.cli_console import one_line
from worldsmith.worlds.errors import WorldsmithError


def _fail(exc: WorldsmithError) -> None:
    from worldsmith.flows.cli import _fail as fail

    fail(exc)


def serve(
    world: Path = typer.Argument(..., help="a published world bundle folder"),
    http: bool = typer.Option(False, "--http", help="streamable HTTP on 127.0.0.1 instead of stdio"),
    port: int = typer.Option(8000, min=1, max=65535, help="the HTTP port (with --http)"),
    no_auth: bool = typer.Option(False, "--no-auth", help="with --http: no bearer token (a trusted network only; "
                                                         "Host and Origin are still checked)"),
    allow_host: list[str] = typer.Option([], "--allow-host", help="with --http: another name clients may reach "
                                                                   "the server by (repeatable)"),
    session: Optional[Path] = typer.Option(None, help="the session folder writes go to: a new or empty folder, or "
                                                      "one this world's session made (default: a fresh temporary one)"),
    user: Optional[str] = typer.Option(None, help="the person (id or address) the agent acts as "
                                                  "(default: the first of the cast)"),
    fault_rate: float = typer.Option(0.0, min=0.0, max=1.0, help="share of tool calls that fail on purpose"),
    fault_kinds: str = typer.Option("timeout,rate_limit,permission,malformed", help="which faults, comma-separated"),
    fault_seed: int = typer.Option(0, help="seed of the fault schedule"),
) -> None:
    """Serve a world's apps (mail, drive; chat and calendar when present) over MCP; writes go to a session copy.

    Over --http, clients must send `Authorization: Bearer TOKEN`: the token is WORLDSMITH_SERVE_TOKEN, or one
    made now and printed once to stderr.

    \b
    Example: worldsmith serve outputs/kestrel-bay-tankers-v-ostrander-energy-o-9920ff8593
    Example: worldsmith serve WORLD --http --port 8765 --session /tmp/run1 --fault-rate 0.1
    """
    try:
        from worldsmith.environments.faults import FaultConfig
        from worldsmith.environments.http_guard import check_allow_hosts, serve_token
        from worldsmith.environments.server import build_server

        check_allow_hosts(allow_host)  # before the world is opened or a session folder made
        # A WORLDSMITH_SERVE_TOKEN too short to keep anyone out is refused here too.
        token, made = serve_token() if http and not no_auth else (None, False)
        faults = FaultConfig(rate=fault_rate, kinds=[k for k in fault_kinds.split(",") if k], seed=fault_seed)
        server, _ = build_server(world, session, user, faults)
    except WorldsmithError as exc:
        _fail(exc)
    except ValueError as exc:  # an unknown fault kind
        from worldsmith.flows.cli import err

        err.print(f"error: {one_line(exc)}")
        raise typer.Exit(2)
    if http:
        from worldsmith.environments.http_guard import TOKEN_ENV, run_http
        from worldsmith.flows.cli import err

        url = f"http://127.0.0.1:{port}/mcp"
        if token is None:
            err.print(f"serving {url} without a token (--no-auth): anyone who can reach this port may act in the "
                      "session", markup=False, highlight=False, soft_wrap=True)
        elif made:
            err.print(f"serving {url}; clients send the header `Authorization: Bearer {token}` (set {TOKEN_ENV} "
                      "to choose the token)", markup=False, highlight=False, soft_wrap=True)
        else:
            err.print(f"serving {url}; clients send the token from {TOKEN_ENV} as `Authorization: Bearer ...`",
                      markup=False, highlight=False, soft_wrap=True)
        run_http(server, port, token, allow_host)
    else:
        server.run("stdio", show_banner=False, log_level="warning")


def tasks(
    world: Path = typer.Argument(..., help="a published world bundle folder"),
    out: Optional[Path] = typer.Option(None, help="where to write the tasks (default WORLD/tasks.json)"),
    user: Optional[str] = typer.Option(None, help="the person the agent acts as (default: the first of the cast)"),
    warmups: bool = typer.Option(False, "--warmups", help="add one-file lookup tasks, tagged warmup"),
    prose: bool = typer.Option(False, "--prose", help="ask every answer as free prose (graded by the prose readers "
                               "or a model judge), not as the strict answer form"),
) -> None:
    """Write the world's tasks (from its ledger, with rubrics and reference solutions) after the task lint.

    \b
    Example: worldsmith tasks outputs/kestrel-bay-tankers-v-ostrander-energy-o-9920ff8593
    """
    from collections import Counter

    from worldsmith.environments.lint import make_task_set
    from worldsmith.flows.cli import console
    from worldsmith.worlds.world import open_world

    try:  # the tasks too: whatever a world from someone else holds is one line of error, never a traceback
        with open_world(world) as opened:
            task_set = make_task_set(opened, user, warmups=warmups, forms=not prose)
            target = out or world / "tasks.json"
            target.write_text(task_set.model_dump_json(indent=2) + "\n", encoding="utf-8")
            if out is None:
                from worldsmith.environments.index_html import write_index

                write_index(opened, task_set)
    except WorldsmithError as exc:
        _fail(exc)
    kinds = Counter(t.kind for t in task_set.tasks)
    console.print(f"{len(task_set.tasks)} tasks ({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))}); "
                  f"wrote {target}")
    for refusal in task_set.refused:
        console.print(" ".join(["left out", one_line(refusal["task"]) + ":", one_line(refusal["reason"]) + ":",
                                one_line(refusal["detail"])]))
    # A refusal is the lint doing its job (a task one file answers is left out), not a failure: a script under
    # `set -e` stopped on every world with one. Only a world with no task left to train on fails.
    if not task_set.tasks:
        console.print("[red]error:[/red] the lint left no task; see the lines above for why each was left out")
    raise typer.Exit(0 if task_set.tasks else 1)


def index(world: Path = typer.Argument(..., help="a published world bundle folder")) -> None:
    """Write the world's index.html: mail, drive, ledger, tasks and validation in one self-contained page.

    \b
    Example: worldsmith index outputs/kestrel-bay-tankers-v-ostrander-energy-o-9920ff8593
    """
    from worldsmith.environments.index_html import write_index
    from worldsmith.flows.cli import console
    from worldsmith.worlds.world import open_world

    try:
        with open_world(world) as opened:
            console.print(f"wrote {write_index(opened)}")
    except WorldsmithError as exc:
        _fail(exc)


def export(
    world: Path = typer.Argument(..., help="a published world bundle folder"),
    format: str = typer.Option(..., "--format", help="harbor | apex | parquet"),
    out: Optional[Path] = typer.Option(None, help="where to write (default WORLD/../exports/<world_id>-<format>)"),
    gates: bool = typer.Option(True, help="harbor: run the nop and oracle agents on every task, in this process"),
    wheel: Optional[Path] = typer.Option(None, help="harbor: the worldsmith wheel the task images install "
                                                    "(default: one built from this checkout, once per export)"),
    task: Optional[list[str]] = typer.Option(None, "--task", help="harbor: export only this task (its id, as "
                                             "`worldsmith tasks WORLD` lists it); repeat for more"),
) -> None:
    """Export a world and its tasks in a format environments read: Harbor task directories, APEX archive, Parquet.

    \b
    Example: worldsmith export outputs/kestrel-bay-tankers-v-ostrander-energy-o-9920ff8593 --format harbor
    """
    from worldsmith.environments.lint import make_task_set
    from worldsmith.flows.cli import console, err
    from worldsmith.worlds.world import open_world

    if format not in ("harbor", "apex", "parquet"):
        err.print(f"error: --format {format!r}: choose harbor, apex or parquet")
        raise typer.Exit(2)
    try:
        opened = open_world(world)
    except WorldsmithError as exc:
        _fail(exc)
    with opened:
        target = out or world.parent / "exports" / f"{opened.world_id}-{format}"
        try:
            task_set = make_task_set(opened)
            if format == "harbor":
                from worldsmith.environments.harbor import export_harbor, run_gates

                chosen = task_set.tasks
                if task:
                    ids = {t.id for t in task_set.tasks}
                    unknown = [t for t in task if t not in ids]
                    if unknown:
                        err.print(f"error: --task {unknown[0]!r}: this world has no such task; "
                                  f"`worldsmith tasks {world}` lists its {len(ids)} tasks")
                        raise typer.Exit(2)
                    chosen = [t for t in task_set.tasks if t.id in set(task)]
                dirs = export_harbor(opened, chosen, target, wheel)
                console.print(f"wrote {len(dirs)} Harbor tasks under {target}")
                if gates:
                    results = run_gates(opened, dirs)
                    bad = [r for r in results if not r.passed]
                    console.print(f"gates: nop 0 and oracle 1 on {len(results) - len(bad)} of {len(results)} tasks")
                    for r in bad:
                        console.print(f"gate failed {r.task}: nop {r.nop}, oracle {r.oracle}")
                    if bad:
                        raise typer.Exit(1)
            else:
                from worldsmith.environments import exports

                written = exports.export(opened, task_set, target, format)
                console.print(f"wrote {written}")
        except WorldsmithError as exc:
            _fail(exc)


def register(app: typer.Typer) -> None:
    """Add these commands to the worldsmith CLI."""
    for command in (serve, tasks, index, export):
        app.command()(command)
