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
from typing import Any


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

# First: the registry of artifact kinds builds the outline, plan and content unions every layer reads.
import worldsmith.generators.registry  # noqa: F401  (registers the kinds)
from worldsmith.worlds.bundle import Manifest, read_manifest, read_plan
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
from worldsmith.worlds.report import ValidationReport
from worldsmith.worlds.validate import validate_bundle
from worldsmith.worlds.world import World, open_world as open  # noqa: A001  (worldsmith.open(path), as the docs say)

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
    # The flow imports Prefect (about 2 s); a reader of worlds should not pay for it.
    if name == "generate_world":
        from worldsmith.flows.generate import generate_world

        return generate_world
    raise AttributeError(f"module 'worldsmith' has no attribute {name!r}")
