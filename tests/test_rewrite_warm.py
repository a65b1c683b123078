"""tests/rewrite_warm.py: a worker's share of the test files is rewritten into the very cache pytest's import reads."""

from __future__ import annotations

import sys

from _pytest.assertion import rewrite

from tests.rewrite_warm import files_to_collect, warm_share


def test_each_worker_rewrites_its_own_share_where_pytests_import_finds_it(tmp_path, request, monkeypatch):
    # if pytest moved its cache or renamed what it reads, the warm-up would cost CPU and spare none: this fails first
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "pyc"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    for name in ("test_one.py", "test_two.py", "conftest.py", "helpers.py"):
        (tmp_path / name).write_text("def test_x():\n    assert 1 + 1 == 2\n")
    monkeypatch.setattr(request.config, "args", [str(tmp_path)])
    files = files_to_collect(request.config)
    assert [f.name for f in files] == ["conftest.py", "test_one.py", "test_two.py"]  # no helper: pytest leaves it

    assert warm_share(request.config, 1, 2) == 1  # the second of two workers: every other file from the second
    trace = request.config.stash[rewrite.assertstate_key].trace
    cached = [rewrite._read_pyc(f, rewrite.get_cache_dir(f) / (f.name[:-3] + rewrite.PYC_TAIL), trace) is not None
              for f in files]
    assert cached == [False, True, False]
    assert warm_share(request.config, 0, 2) == 2 and warm_share(request.config, 0, 2) == 0  # found, not redone
