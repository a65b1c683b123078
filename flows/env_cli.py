"""The commands environment builders use: serve a world's apps over MCP, write its tasks, export it."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from worldsmith.worlds.errors import WorldsmithError


def _fail(exc: WorldsmithError) -> None:
    from worldsmith.flows.cli import _fail as fail

    fail(exc)


def serve(
    world: Path = typer.Argument(..., help="a published world bundle folder"),
    http: bool = typer.Option(False, "--http", help="streamable HTTP on 127.0.0.1 instead of stdio"),
    port: int = typer.Option(8000, min=1, max=65535, help="the HTTP port (with --http)"),
    session: Optional[Path] = typer.Option(None, help="the session folder writes go to (default: a fresh "
                                                      "temporary one); state.json there is the session's state"),
    user: Optional[str] = typer.Option(None, help="the person (id or address) the agent acts as "
                                                  "(default: the first of the cast)"),
    fault_rate: float = typer.Option(0.0, min=0.0, max=1.0, help="share of tool calls that fail on purpose"),
    fault_kinds: str = typer.Option("timeout,rate_limit,permission,malformed", help="which faults, comma-separated"),
    fault_seed: int = typer.Option(0, help="seed of the fault schedule"),
) -> None:
    """Serve a world's apps (mail, drive; chat and calendar when present) over MCP; writes go to a session copy.

    \b
    Example: worldsmith serve outputs/kestrel-bay-tankers-v-ostrander-energy-o-9920ff8593
    Example: worldsmith serve WORLD --http --port 8765 --session /tmp/run1 --fault-rate 0.1
    """
    try:
        from worldsmith.environments.faults import FaultConfig
        from worldsmith.environments.server import build_server

        faults = FaultConfig(rate=fault_rate, kinds=[k for k in fault_kinds.split(",") if k], seed=fault_seed)
        server, _ = build_server(world, session, user, faults)
    except WorldsmithError as exc:
        _fail(exc)
    except ValueError as exc:  # an unknown fault kind
        from worldsmith.flows.cli import err

        err.print(f"error: {exc}")
        raise typer.Exit(2)
    if http:
        server.run("http", host="127.0.0.1", port=port, show_banner=False, log_level="warning")
    else:
        server.run("stdio", show_banner=False, log_level="warning")


def register(app: typer.Typer) -> None:
    """Add these commands to the worldsmith CLI."""
    app.command()(serve)
