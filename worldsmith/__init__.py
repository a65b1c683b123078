"""worldsmith: synthetic data-room worlds for agent RL environments. The public surface, on one screen.

    import worldsmith
    outline = worldsmith.load_outline("outlines/examples/tanker-spill-liability.yaml")
    bundle = worldsmith.generate_world("outlines/examples/tanker-spill-liability.yaml", seed=0)
    plan = worldsmith.read_plan(bundle)            # the ledger, the cast, the inventory
    report = worldsmith.validate_bundle(bundle)    # rebuild world.duckdb and run every check
    world = worldsmith.open(bundle)                # typed, read-only, checksums verified; world.db is DuckDB

The layers live below: `worldsmith.worlds` (the domain), `worldsmith.generators` (making content),
`worldsmith.taxonomies` (occupation data) and `worldsmith.flows` (Prefect flows and the CLI).
"""

from __future__ import annotations

import os as _os
import signal as _signal
import sys as _sys


def _interrupted_while_starting(signum, frame) -> None:  # noqa: ARG001 - the signal module's signature
    _sys.stderr.write("interrupted: nothing was published; run the same command again to resume from the cache\n")
    _sys.stderr.flush()
    _os._exit(130)


# Run as the `worldsmith` command (or `python -m worldsmith.flows.cli`), a Ctrl-C during the second of imports
# below gets the command's one line and exit 130, not a traceback; flows.cli.main installs the same handler for
# the rest of the run. Imported as a library, the host program's own Ctrl-C handling is left alone.
if _os.path.basename(_sys.argv[0] if _sys.argv else "") == "worldsmith" or \
        (_sys.argv and _sys.argv[0] == "-m" and "worldsmith.flows.cli" in " ".join(_sys.orig_argv)):
    _signal.signal(_signal.SIGINT, _interrupted_while_starting)

import re as _re

# The composers build patterns from a world's names and labels (800 distinct ones in a legal example's publish), and
# the re module keeps only 512 compiled ones, dropping the oldest first: its own fixed patterns were pushed out and
# compiled again, and a second world of the same outline compiled every pattern again (0.4 CPU-s of a 3 CPU-s
# publish; 0.04 with room for them). The same patterns, the same matches: only fewer compilations.
_re._MAXCACHE = max(getattr(_re, "_MAXCACHE", 0), 4096)

# After the handler: at load 13, a Ctrl-C while typing loaded here gave a traceback and exit -2, not the one line.
from importlib import import_module as _import_module
from typing import Any

from worldsmith.worlds import kinds as _kinds
from worldsmith.worlds.errors import (
    BundleError,
    ModelError,
    OutlineError,
    PublishError,
    TaxonomyError,
    WorldsmithError,
)
from worldsmith.worlds.outline import Outline, load_outline
from worldsmith.worlds.plan import WorldPlan

# The registry of artifact kinds builds the outline, plan and content unions every layer reads. Its kinds
# live in the generators layer (composers, renderers, faker, docx, openpyxl), so they are registered on the
# first use of a kind or a union, not here: `import worldsmith.worlds` stays the domain alone (issue 18).
_kinds.load_with(lambda: _import_module("worldsmith.generators.registry"))

# The rest of the surface is read from its module on first use: a reader of outlines does not load DuckDB's
# loader, the file readers or Prefect. (name -> module)
_LAZY = {
    "Manifest": "worldsmith.worlds.bundle",
    "read_manifest": "worldsmith.worlds.bundle",
    "read_plan": "worldsmith.worlds.bundle",
    "ValidationReport": "worldsmith.worlds.report",
    "validate_bundle": "worldsmith.worlds.validate",
    "World": "worldsmith.worlds.world",
    "open": "worldsmith.worlds.world",
    "generate_world": "worldsmith.flows.generate",  # the flow imports Prefect (about 2 s)
}

__all__ = [
    "BundleError",
    "Manifest",
    "ModelError",
    "Outline",
    "OutlineError",
    "PublishError",
    "TaxonomyError",
    "ValidationReport",
    "World",
    "WorldPlan",
    "WorldsmithError",
    "generate_world",
    "load_outline",
    "open",
    "read_manifest",
    "read_plan",
    "validate_bundle",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(_import_module(_LAZY[name]), "open_world" if name == "open" else name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'worldsmith' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
