"""The CLI's last guard against tracebacks: a missing optional extra or an OS refusal becomes one line and an exit code.

Commands check their own arguments first, with messages that say what to do; this catches what they
could not foresee (a path that is a file where a folder was needed, a disk that is full, a module of
an extra that is not installed) and says it in one line. WORLDSMITH_VERBOSE=1 shows the traceback.
"""

from __future__ import annotations

import errno
import os
import sys

import typer
from typer.core import TyperGroup

# The top-level module of each optional dependency -> the extra of pyproject.toml that installs it.
EXTRAS = {"fastmcp": "apps", "mcp": "apps", "prefect_dask": "dask", "dask": "dask", "distributed": "dask",
          "datasets": "export"}

_WHAT = {
    errno.ENOENT: "no such file or folder",
    errno.ENOTDIR: "a file stands where a folder is needed",
    errno.EISDIR: "is a folder; give a file",
    errno.EEXIST: "already exists and is not a folder",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted",
    errno.ENOSPC: "no space left on the device",
    errno.EROFS: "the file system is read-only",
    errno.ENAMETOOLONG: "the name is too long",
}


def missing_extra(exc: ModuleNotFoundError) -> str | None:
    """The one line for an optional extra that is not installed, or None when the module is no extra's."""
    top = (exc.name or "").split(".")[0]
    extra = EXTRAS.get(top)
    if extra is None:
        return None
    return f"error: this command needs the '{extra}' extra ({top} is not installed): pip install 'worldsmith[{extra}]'"


def os_refusal(exc: OSError) -> str:
    """One line for an operating-system refusal: the path, and what was wrong with it."""
    what = _WHAT.get(exc.errno or 0, exc.strerror or str(exc))
    from worldsmith.flows.cli_console import one_line

    # A path may be a bundle's file name: never let its control characters reach the terminal.
    paths = [one_line(p) for p in (exc.filename, exc.filename2) if p is not None]
    where = " -> ".join(paths)
    return f"error: {where}: {what}" if where else f"error: {what}"


def _say(line: str) -> None:
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


class GuardedGroup(TyperGroup):
    """The root command group: every command runs inside it, so its guard covers them all."""

    def invoke(self, ctx):  # noqa: D102 - click's method
        try:
            return super().invoke(ctx)
        except ModuleNotFoundError as exc:
            line = missing_extra(exc)
            if line is None or os.environ.get("WORLDSMITH_VERBOSE"):
                raise
            _say(line)
            raise typer.Exit(2) from None
        except OSError as exc:
            if os.environ.get("WORLDSMITH_VERBOSE"):
                raise
            _say(os_refusal(exc))
            raise typer.Exit(1) from None
