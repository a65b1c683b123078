"""The response cache: canonical keys that leave out secrets, durable rows, stats and clear."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from worldsmith.generators.backends.cache import ResponseCache, default_cache_path, key_for
from tests.conftest import REPO

REQUEST = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "temperature": 0.7, "seed": 3,
           "response_format": {"type": "json_object"}, "mode": "auto", "prompt_version": "v1"}


def test_key_is_canonical_and_leaves_out_url_key_and_timeout():
    reordered = dict(reversed(list(REQUEST.items())))
    noisy = {**REQUEST, "base_url": "http://elsewhere/v1", "api_key": "sk-secret-123456", "timeout": 5}
    assert key_for(reordered) == key_for(REQUEST) == key_for(noisy)
    assert len(key_for(REQUEST)) == 64


def test_key_changes_with_what_changes_the_answer():
    base = key_for(REQUEST)
    for field, value in [("model", "m2"), ("temperature", 0.2), ("seed", 4), ("prompt_version", "v2"),
                         ("max_tokens", 100), ("mode", "prompt"), ("response_format", None),
                         ("messages", [{"role": "user", "content": "hello"}])]:
        assert key_for({**REQUEST, field: value}) != base, field


def test_put_then_get_and_stats(tmp_path):
    cache = ResponseCache(tmp_path / "c.sqlite")
    assert cache.get("k1") is None
    cache.put("k1", '{"a":1}', {"tokens_in": 10, "tokens_out": 2})
    assert cache.get("k1") == '{"a":1}'
    assert cache.usage_of("k1") == {"tokens_in": 10, "tokens_out": 2}
    stats = cache.stats()
    assert (stats.entries, stats.hits, stats.misses) == (1, 1, 1)
    assert stats.bytes > 0 and stats.path.endswith("c.sqlite")


def test_put_replaces_and_clear_empties(tmp_path):
    cache = ResponseCache(tmp_path / "c.sqlite")
    cache.put("k", "1")
    cache.put("k", "2")
    cache.put("j", "3")
    assert cache.get("k") == "2"
    assert cache.clear() == 2
    assert cache.stats().entries == 0 and cache.get("j") is None


def test_rows_survive_a_new_process_handle(tmp_path):
    ResponseCache(tmp_path / "c.sqlite").put("k", '"v"')
    assert ResponseCache(tmp_path / "c.sqlite").get("k") == '"v"'


def test_a_row_put_before_sigkill_is_kept(tmp_path):
    path = tmp_path / "c.sqlite"
    code = ("import os, signal, sys\n"
            "from generators.backends.cache import ResponseCache\n"
            "c = ResponseCache(sys.argv[1])\n"
            "c.put('done', '{\"finished\": true}')\n"
            "os.kill(os.getpid(), signal.SIGKILL)\n")
    proc = subprocess.run([sys.executable, "-c", code, str(path)], cwd=REPO, capture_output=True)
    assert proc.returncode == -signal.SIGKILL
    assert ResponseCache(path).get("done") == '{"finished": true}'


def test_concurrent_puts_from_tasks_and_threads_all_land(tmp_path):
    cache = ResponseCache(tmp_path / "c.sqlite")

    async def in_task(i):
        await asyncio.sleep(0)
        cache.put(f"t{i}", str(i))

    async def fill():
        await asyncio.gather(*(asyncio.to_thread(cache.put, f"k{i}", str(i)) for i in range(40)),
                             *(in_task(i) for i in range(10)))

    asyncio.run(fill())
    assert cache.stats().entries == 50
    assert cache.get("k39") == "39"


def test_default_path_honours_worldsmith_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("WORLDSMITH_CACHE", str(tmp_path / "x.sqlite"))
    assert default_cache_path() == tmp_path / "x.sqlite"
    monkeypatch.delenv("WORLDSMITH_CACHE")
    default = default_cache_path()
    assert default.name == "responses.sqlite" and "worldsmith" in str(default)


def test_cache_file_is_in_wal_mode(tmp_path):
    cache = ResponseCache(tmp_path / "c.sqlite")
    cache.put("k", "v")
    assert cache._db.execute("pragma journal_mode").fetchone()[0] == "wal"
    assert Path(f"{cache.path}-wal").exists() or os.path.getsize(cache.path) > 0


def test_a_cache_path_that_is_no_sqlite_cache_is_one_cache_error(tmp_path):
    # attack22 F7: WORLDSMITH_CACHE=/dev/null (or a folder, or a text file) made `cache stats` print a traceback
    import pytest

    from worldsmith.generators.backends.cache import CacheError

    text = tmp_path / "notes.txt"
    text.write_text("not a database, " * 100)
    for path, why in (("/dev/null", "is not a file"), (tmp_path, "is not a file"), (text, "file is not a database")):
        with pytest.raises(CacheError, match=why):
            ResponseCache(path)
    assert text.read_text() == "not a database, " * 100  # refused, never rewritten
    assert ResponseCache(tmp_path / "fresh.sqlite").stats().entries == 0


def test_an_answer_put_with_release_lets_go_of_its_claim_in_the_same_commit(tmp_path):
    """The client's answer and its in-flight marker's release are one commit (one write per answer, not two): the
    answer is there, the marker gone (this process could not claim the request again while its marker stood)."""
    import sqlite3

    cache = ResponseCache(tmp_path / "c.sqlite")
    assert cache.claim("k1") and not cache.claim("k1")  # held by this process: not claimed twice
    cache.put("k1", '{"a": 1}', {"tokens_in": 3}, release=True)
    assert cache.get("k1") == '{"a": 1}' and cache.usage_of("k1") == {"tokens_in": 3}
    assert cache.claim("k1")  # the marker went with the put
    cache.put("k2", '{"b": 2}')  # without release a marker stays where it was
    assert cache.claim("k2") and not cache.claim("k2")
    other = sqlite3.connect(tmp_path / "c.sqlite")
    assert sorted(k for (k,) in other.execute("select key from inflight")) == ["k1", "k2"]
    cache.put("k1", '{"a": 2}', release=True)
    assert [k for (k,) in other.execute("select key from inflight")] == ["k2"]
    assert other.execute("select value from responses where key = 'k1'").fetchone() == ('{"a": 2}',)
    other.close()
