"""`worldsmith model-server`: an OpenAI-compatible model on 127.0.0.1, to try the model path without a model.

It is the project's test server (worldsmith.generators.backends.test_server): every answer is the
offline composer's, sent over real HTTP in the shape a model's would be, with optional latency,
faults and sloppy answers, so `--backend openai` can be tried, timed and broken on purpose.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer


def model_server(
    port: int = typer.Option(8765, min=0, max=65535, help="the port on 127.0.0.1; 0 picks a free one (the first line printed is the URL)"),
    model: list[str] = typer.Option(["test-model"], help="a model name to serve (repeatable)"),
    api_key: Optional[str] = typer.Option(None, help="require this bearer key; env WORLDSMITH_TEST_SERVER_KEY"),
    latency: float = typer.Option(0.0, min=0, help="seconds every answer takes"),
    fault: list[str] = typer.Option([], help="NAME=RATE, e.g. rate_limit=0.2: rate_limit, server_error, hang, drop, "
                                             "malformed_json, schema_violation, truncated (repeatable)"),
    sloppy: list[str] = typer.Option([], help="KIND=RATE: answers like a model on a bad day (all=RATE spreads it)"),
    mode: str = typer.Option("composer", help="composer: the offline composer's answers; schema-only: arbitrary "
                                              "values that follow only the JSON schema sent (never `pattern`), "
                                              "as a model that knows nothing of the matter"),
    seed: int = typer.Option(0, help="which requests get the faults (and the schema-only values)"),
    trickle: float = typer.Option(0.0, min=0, help="seconds between the bytes of every answer: a hostile server that "
                                                   "keeps a read timeout from firing"),
    padding: int = typer.Option(0, min=0, help="bytes of JSON whitespace after every answer: an oversized body"),
    no_length: bool = typer.Option(False, "--no-length", help="send no Content-Length: the body runs to the close"),
    log: Optional[Path] = typer.Option(None, help="append one JSON line per request to this file"),
) -> None:
    """Serve an OpenAI-compatible model on 127.0.0.1 that answers every worldsmith request, until Ctrl-C.

    \b
    Example: worldsmith model-server --port 8765 --latency 0.2 --fault rate_limit=0.1
    Example: worldsmith model-server --port 8765 --mode schema-only
    Example: worldsmith model-server --port 8765 --trickle 1 --padding 20000000
    Example: worldsmith generate OUTLINE --backend openai --base-url http://127.0.0.1:8765/v1 --model test-model
    """
    from worldsmith.generators.backends import test_server

    if mode not in ("composer", "schema-only"):
        raise typer.BadParameter(f"unknown mode {mode!r}; use composer or schema-only", param_hint="--mode")
    faults = _rates(fault, test_server.FAULTS, "--fault")
    shares = _rates(sloppy, (*test_server.SLOPPY, "all"), "--sloppy")
    _check(test_server, faults, shares, log)
    argv = ["--port", str(port), "--latency", str(latency), "--seed", str(seed), "--mode", mode]
    argv += [x for m in model for x in ("--model", m)] + [x for f in fault for x in ("--fault", f)]
    argv += [x for s in sloppy for x in ("--sloppy", s)]
    argv += ["--api-key", api_key] if api_key else []
    argv += ["--log", str(log)] if log else []
    argv += ["--trickle", str(trickle), "--padding", str(padding)] + (["--no-length"] if no_length else [])
    raise typer.Exit(test_server.main(argv))


def _rates(values: list[str], known: tuple[str, ...], option: str) -> dict[str, float]:
    """NAME=RATE pairs, each name known and each rate a number from 0 to 1, or a usage error naming the option."""
    rates: dict[str, float] = {}
    for text in values:
        name, sep, rate = text.partition("=")
        name = name.strip()
        if not sep or not name:
            raise typer.BadParameter(f"{text!r}: expected NAME=RATE, e.g. {known[0]}=0.1", param_hint=option)
        if name not in known:
            raise typer.BadParameter(f"unknown {name!r}; use one of {', '.join(known)}", param_hint=option)
        try:
            rates[name] = float(rate)
        except ValueError:
            raise typer.BadParameter(f"{text!r}: the rate must be a number from 0 to 1", param_hint=option) from None
        if not 0.0 <= rates[name] <= 1.0:
            raise typer.BadParameter(f"{text!r}: the rate must be from 0 to 1", param_hint=option)
    return rates


def _check(test_server, faults: dict[str, float], shares: dict[str, float], log: Optional[Path]) -> None:
    """Refuse what the server would only trip over once serving: rates adding up past 1, a log it cannot write."""
    from pydantic import ValidationError

    try:
        test_server.ServerConfig(faults=faults, sloppy=test_server.sloppy_shares(dict(shares)))
    except ValidationError as exc:
        raise typer.BadParameter(exc.errors()[0]["msg"].removeprefix("Value error, "),
                                 param_hint="--fault/--sloppy") from None
    # The server makes the log's folders; a folder given as the log, or a file in its way, it could not.
    if log is not None:
        blocked = next((p for p in (log, *log.parents) if p.exists()), None)
        if log.is_dir() or (blocked is not None and blocked != log and not blocked.is_dir()):
            what = "is a folder" if log.is_dir() else f"cannot be made: {blocked} is a file"
            raise typer.BadParameter(f"{log} {what}; give a file to append to", param_hint="--log")
