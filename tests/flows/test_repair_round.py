"""A repair round costs what it repairs and leaves the world a full rebuild would: after regenerating a few
artifacts, rendering only them and what reads them, and loading with the world's memo (rows updated in place of
the files that changed), the room is byte for byte the room rendered whole, and the store row for row the store
loaded from that room from scratch.

Real parts: the offline composer, the renderers, the parsers, DuckDB."""

from __future__ import annotations

import hashlib
import shutil

import duckdb

from tests.conftest import MINI
from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.worlds import bundle
from worldsmith.worlds.store.load import load_bundle


def _room(folder) -> dict[str, str]:
    """Every file of a room, by path, with its sha256."""
    room = folder / bundle.ROOM
    return {p.relative_to(room).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(room.rglob("*")) if p.is_file()}


def _store(db) -> dict[str, list]:
    """Every table of a store, every row, in a fixed order (the physical order of updated rows differs)."""
    with duckdb.connect(str(db), read_only=True) as con:
        tables = [t for (t,) in con.execute("select table_name from duckdb_tables() order by 1").fetchall()]
        return {t: con.execute(f'select * from "{t}" order by all').fetchall() for t in tables}


def test_a_repaired_world_is_the_world_rebuilt_from_scratch(tmp_path):
    backend = OfflineBackend()
    prepared = pipeline.prepare(MINI, 3, backend)
    plan = pipeline.make_plan(prepared)
    made = pipeline.generate_all(plan, prepared.taxonomy, backend)
    staging = tmp_path / "staging"
    staging.mkdir()
    assert pipeline.render_isolated(plan, made.contents, staging) == []
    memo = pipeline.ParseMemo()
    first = pipeline.validate(staging, memo=memo)
    # A message with replies quoting it, a paper that mail attaches and a sheet a memo cites, where the mini
    # world has them: the round re-renders what reads them and the mailboxes they sit in.
    readers = {dep for spec in plan.artifacts
               for dep in [*getattr(spec, "cites", []), *(a.artifact for a in getattr(spec, "attachments", []))]}
    replied = {spec.parent for spec in plan.artifacts if getattr(spec, "parent", None)}
    targets = sorted(readers)[:2] + sorted(replied)[:2]
    assert len(targets) >= 3, targets
    contents = pipeline.regenerate(plan, prepared.taxonomy, backend, made.contents,
                                   {aid: ["realism_near_duplicates: forced by the test"] for aid in targets}, 1)
    assert any(contents[aid] != made.contents[aid] for aid in targets)
    before = _room(staging)
    assert pipeline.render_isolated(plan, contents, staging, only=set(targets)) == []
    repaired = pipeline.validate(staging, memo=memo)
    assert _room(staging) != before

    whole = tmp_path / "whole"
    whole.mkdir()
    assert pipeline.render_isolated(plan, contents, whole) == []
    assert _room(staging) == _room(whole)  # byte for byte, every file of the room, mailboxes included
    scratch = tmp_path / "scratch"
    shutil.copytree(staging, scratch)
    (scratch / bundle.DATABASE).unlink()
    fresh = pipeline.validate(scratch)  # no memo: parsed and loaded from nothing
    assert _store(staging / bundle.DATABASE) == _store(scratch / bundle.DATABASE)
    assert repaired.model_dump() == fresh.model_dump()
    assert first.world_id == repaired.world_id
    # Loaded with the memo, another copy of the room gives the store a load without one gives.
    assert _store(load_bundle(scratch, tmp_path / "memo.duckdb", memo=memo)) == \
        _store(load_bundle(scratch, tmp_path / "plain.duckdb"))
