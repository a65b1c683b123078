"""Stores rebuilt once for bundles whose sealed world.duckdb an older worldsmith wrote.

A store this machine built and sealed is still trusted when a later worldsmith changes the schema (as when
manifest_files gained `present`), but this version cannot read it. Opening never writes into a bundle, so
the store rebuilt from the sealed room is kept beside the record of trusted stores
(`upgraded-stores/<manifest seal>.duckdb`), recorded there as built here, and read as it is by every later
open of the same sealed bundle; `worldsmith validate` replaces the bundle's own store for good.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from worldsmith.worlds.store import trusted

FOLDER = "upgraded-stores"
_KEEP = 32  # the newest rebuilt stores kept: one per old bundle opened lately, not one per bundle ever opened


def folder() -> Path:
    """Where rebuilt stores are kept: beside the record of trusted stores (WORLDSMITH_TRUSTED_STORES moves both)."""
    return trusted.record_path().parent / FOLDER


def _sha256(path: Path) -> str:
    from worldsmith.worlds.bundle import sha256_file

    return sha256_file(path)


def _path(seal: str) -> Path | None:
    # A seal is read from the bundle: only a sha256 names a file here, never a path an author chose.
    return folder() / f"{seal}.duckdb" if re.fullmatch(r"[0-9a-f]{64}", seal) else None


def rebuilt(seal: str) -> Path | None:
    """The store rebuilt earlier for the bundle sealed as `seal`, when it is still a store this machine built."""
    path = _path(seal)
    if path is None:
        return None
    try:
        # a link put in its place is not a store built here, whatever it points at
        if not os.path.isfile(path) or os.path.islink(path) or not trusted.known(_sha256(path)):
            return None
    except OSError:
        return None
    return path


def rebuild(bundle: Path, seal: str) -> Path | None:
    """Rebuild `bundle`'s store from its room into the folder and record it as built here; None when the folder
    cannot be written (the caller then rebuilds a private store, as for any store it does not trust)."""
    from worldsmith.worlds.store.load import load_bundle

    target = _path(seal)
    if target is None:
        return None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        load_bundle(bundle, target)  # built beside the target and swapped in whole
        trusted.remember(_sha256(target))
        older = sorted(target.parent.glob("*.duckdb"), key=lambda p: p.stat().st_mtime, reverse=True)[_KEEP:]
        for stale in older:
            stale.unlink(missing_ok=True)  # a reader that has it attached keeps reading it (POSIX)
    except OSError:  # a read-only data folder, or another process pruning at the same time
        return target if rebuilt(seal) else None
    return target
