"""One parse memo per plan for a test module's opens of worlds that have no store, or a stale one (tests/published.py's
validate_copy does the same for validation)."""

from __future__ import annotations

import contextlib
from pathlib import Path


@contextlib.contextmanager
def rooms_parsed_once():
    """While it is open, load_bundle without a memo of its own shares one parse memo per plan, keyed by each room file's
    path and bytes (as a repair round's): a copy of a world opened again re-parses only the files that differ, and the
    store each open reads has the rows of a load from scratch."""
    import pytest

    from worldsmith.worlds.store import load
    from worldsmith.worlds.store.memo import ParseMemo

    real, memos = load.load_bundle, {}

    def load_bundle(bundle, db_path=None, memo=None):
        if memo is None:
            memo = memos.setdefault(load._plan_sha256(Path(bundle)), ParseMemo())
        return real(bundle, db_path, memo)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(load, "load_bundle", load_bundle)
        yield
