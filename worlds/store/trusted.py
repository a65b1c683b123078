"""Stores this machine built: the sha256 of every world.duckdb worldsmith loaded and sealed here, one per line.

A bundle's seal proves only that its files agree with its manifest; anyone can compute both again. So
a world.duckdb is read as it is only when this machine built it (its checksum is in this record); any
other store, a downloaded world's included, is rebuilt from the sealed room when the world is opened.
The record lives in the user's data folder, or at WORLDSMITH_TRUSTED_STORES.
"""

from __future__ import annotations

import os
from pathlib import Path

from worldsmith.worlds.regular_files import append_regular, read_regular

ENV = "WORLDSMITH_TRUSTED_STORES"
_MAX_LINES = 100_000  # the record keeps its newest stores
_MAX_BYTES = _MAX_LINES * 65 * 2 + 65  # what is read of it: a FIFO or a device there is no record (attack22 F6)


def record_path() -> Path:
    """Where the record is kept."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    import platformdirs

    return Path(platformdirs.user_data_dir("worldsmith")) / "trusted-stores.txt"


def remember(sha256: str) -> None:
    """Record a store this machine has just built and sealed."""
    path = record_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if append_regular(path, sha256 + "\n") > _MAX_LINES * 65 * 2:
            lines = read_regular(path, _MAX_BYTES).decode("ascii", errors="replace").split()[-_MAX_LINES:]
            path.write_text("\n".join(lines) + "\n", encoding="ascii")
    except OSError:
        pass  # a read-only home: the store is rebuilt when next opened, which costs time, not safety


def known(sha256: str) -> bool:
    """Whether this machine built a store with this checksum."""
    try:
        return sha256 in set(read_regular(record_path(), _MAX_BYTES).decode("ascii", errors="replace").split())
    except OSError:
        return False
