"""Parsing on both cores fills the store as serial parsing does; a memo re-parses only the files that changed."""

from __future__ import annotations

import duckdb
import pytest

import worldsmith.worlds.parallel as parallel
import worldsmith.worlds.store.load as load
from tests.worlds.bundle_fixture import build_bundle
from worldsmith.worlds.store.load import ParseMemo, load_bundle

TABLES = ("emails", "recipients", "mailboxes", "mailbox_messages", "documents", "document_blocks", "workbooks",
          "sheets", "cells", "twin_cells", "files")


def _dump(db) -> dict[str, list]:
    """Every row of the tables the room fills, sorted, so that two stores compare whole."""
    with duckdb.connect(str(db), read_only=True) as con:
        return {t: sorted(map(repr, con.execute(f"select * from {t}").fetchall())) for t in TABLES}


@pytest.fixture
def always_fork(monkeypatch):
    monkeypatch.setattr(parallel, "MIN_ITEMS", 0)


def test_two_workers_fill_the_store_as_one_does(tmp_path, monkeypatch, always_fork):
    bundle = build_bundle(tmp_path, "unparseable_file")  # a file that fails to parse travels back too
    monkeypatch.setenv(parallel.JOBS_VARIABLE, "1")
    serial = _dump(load_bundle(bundle, tmp_path / "serial.duckdb"))
    monkeypatch.setenv(parallel.JOBS_VARIABLE, "2")
    forked = _dump(load_bundle(bundle, tmp_path / "forked.duckdb"))
    assert serial == forked
    assert serial["emails"] and serial["cells"] and any("False" in row for row in serial["files"])


def test_a_memo_reparses_only_changed_files_and_gives_a_fresh_store(tmp_path, monkeypatch):
    monkeypatch.setenv(parallel.JOBS_VARIABLE, "1")  # counted in this process
    bundle = build_bundle(tmp_path, None)
    parsed: list[str] = []
    real = load._parser

    def counting(ext, owner):
        parser = real(ext, owner)
        return lambda f: (parsed.append(f.rel), parser(f))[1]

    monkeypatch.setattr(load, "_parser", counting)
    memo = ParseMemo()
    load_bundle(bundle, memo=memo)
    everything = list(parsed)
    assert len(everything) == len(set(everything)) > 5
    parsed.clear()
    load_bundle(bundle, memo=memo)
    assert parsed == []  # nothing changed: nothing parsed
    changed = next(p for p in (bundle / "room").rglob("*.csv"))
    changed.write_text(changed.read_text(encoding="utf-8").replace("Total", "Grand total"), encoding="utf-8")
    again = _dump(load_bundle(bundle, tmp_path / "memo.duckdb", memo=memo))
    assert parsed == [changed.relative_to(bundle / "room").as_posix()]
    assert again == _dump(load_bundle(bundle, tmp_path / "fresh.duckdb"))
    assert any("Grand total" in row for row in again["twin_cells"])


def _slow_square(x: int) -> int:
    import time

    time.sleep(0.002)
    return x * x


def _slow_negate(x: int) -> int:
    import time

    time.sleep(0.002)
    return -x


def test_two_threads_forking_at_once_each_get_their_own_results(monkeypatch, always_fork):
    """A batch makes two worlds side by side: each thread's workers must map that thread's function over its items."""
    from concurrent.futures import ThreadPoolExecutor

    monkeypatch.setenv(parallel.JOBS_VARIABLE, "2")
    items = list(range(40))
    with ThreadPoolExecutor(2) as pool:
        rounds = [(pool.submit(parallel.ordered_map, _slow_square, items),
                   pool.submit(parallel.ordered_map, _slow_negate, items)) for _ in range(6)]
        for squares, negated in rounds:
            assert squares.result() == [x * x for x in items]
            assert negated.result() == [-x for x in items]


def test_a_memo_removes_the_store_copies_of_processes_that_are_gone(tmp_path, monkeypatch):
    """A run killed before it could remove its memo's copy of the store leaves a folder; the next memo removes it."""
    import subprocess
    import sys
    import tempfile

    from worldsmith.worlds.store import memo as memo_module

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True).stdout.strip()
    stale = tmp_path / f"worldsmith-memo-{gone}-abc123"
    stale.mkdir()
    (stale / "base.duckdb").write_bytes(b"left by a killed run")
    mine = ParseMemo().base_path()
    assert not stale.exists()
    assert mine.parent.parent == tmp_path and mine.parent.name.startswith(f"worldsmith-memo-{memo_module.os.getpid()}-")
