"""The test files a pytest-xdist worker is about to collect, their asserts rewritten half by each worker first.

Every worker collects every file the session names, and pytest rewrites each test file's asserts and compiles it
(about 6.6 CPU-s for the whole of tests/, of a worker's 18 CPU-s collection) unless its cache holds the result.
Both workers started on the same files at the same moment and each did all of it. Here each first rewrites its own
share into the cache (pytest's own cache: its file name, its invalidation), so that when both collect, each finds
the other's share there. Nothing is imported or run: a file that does not parse is left for collection to report.
"""

from __future__ import annotations

import fnmatch
import os
import sys
from pathlib import Path


def files_to_collect(config) -> list[Path]:
    """The files of the session's arguments (or testpaths) whose asserts pytest rewrites: test files and conftests."""
    patterns = [*config.getini("python_files"), "conftest.py"]
    base = Path(config.invocation_params.dir)
    found: set[Path] = set()
    for arg in config.args:
        path = Path(os.path.abspath(base / str(arg).split("::", 1)[0]))
        candidates = path.rglob("*.py") if path.is_dir() else [path] if path.suffix == ".py" else []
        found.update(p for p in candidates if any(fnmatch.fnmatch(p.name, pat) for pat in patterns))
    return sorted(found)


def warm_share(config, worker: int, workers: int) -> int:
    """Rewrite this worker's share of the files to collect into pytest's cache; return how many it rewrote.

    Uses pytest's assertion-rewrite internals; where they differ (another pytest) it does nothing, and collection
    rewrites as it always did."""
    if sys.dont_write_bytecode:  # pytest writes no cache then either
        return 0
    try:
        from _pytest.assertion import rewrite
    except ImportError:
        return 0
    state = config.stash.get(rewrite.assertstate_key, None)
    needed = ("get_cache_dir", "try_makedirs", "_read_pyc", "_rewrite_test", "_write_pyc", "PYC_TAIL")
    if state is None or getattr(state, "mode", None) != "rewrite" or not all(hasattr(rewrite, n) for n in needed):
        return 0
    done = 0
    for fn in files_to_collect(config)[worker::workers]:
        cache = rewrite.get_cache_dir(fn)
        if not rewrite.try_makedirs(cache):
            return done
        pyc = cache / (fn.name[:-3] + rewrite.PYC_TAIL)
        if rewrite._read_pyc(fn, pyc, state.trace) is not None:
            continue
        try:
            source, code = rewrite._rewrite_test(fn, config)  # the source's hash or stat, by pytest's version
        except (SyntaxError, OSError, ValueError):
            continue  # collection reports it
        rewrite._write_pyc(state, code, source, pyc)
        done += 1
    return done
