"""Only the named checks over a copy of a session's world, for tests that read those checks alone."""

from __future__ import annotations

from pathlib import Path


def checks_of_copy(bundle: Path, ids):
    """The report of the checks `ids` (all of them, none else) over a bundle's room, loaded with this process's parse
    memo for its plan (tests/published.py's validate_copy): a whole validation of the legal example runs every check
    of the project (about a hundred, ~1.4 CPU-s), where a test of the ledger's or the prose's checks reads a few."""
    from tests.published import parse_memo
    from worldsmith.worlds.profile import load_profile
    from worldsmith.worlds.realism import prepare_store
    from worldsmith.worlds.store.load import load_bundle
    from worldsmith.worlds.validate import load_checks, run_checks

    wanted = set(ids)
    checks = [c for c in load_checks() if c.id in wanted]
    assert {c.id for c in checks} == wanted, wanted - {c.id for c in checks}  # a renamed check is not skipped
    db = load_bundle(Path(bundle), memo=parse_memo(bundle))
    prepare_store(db, load_profile(None))  # the realism tables some checks read, as validate fills them
    return run_checks(db, checks)
