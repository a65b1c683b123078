"""An order-keeping map over forked worker processes: rendering and parsing files on every core.

python-docx, openpyxl and the email package are pure Python, so threads would take turns on one
core; processes do not. Workers are forked, so they start in milliseconds and inherit the plan and
the contents as they are (nothing is pickled on the way in, only each item's small result on the
way back). Results come back in the items' order, so the caller's output does not depend on which
worker finished first. Where fork is unavailable, with one job, or for a handful of items (a
world in a test: forking would cost more than it saves), the map runs in this process.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")

# Below this many items the map stays in this process: forking two workers costs tens of milliseconds.
MIN_ITEMS = 64
JOBS_VARIABLE = "WORLDSMITH_JOBS"

# What the forked workers read: set just before the pool forks. Forking copies it, so it only has to
# hold still until the pool's workers exist; the lock keeps a second thread (a batch makes two worlds
# at once) from changing it in between.
_work: tuple[Callable, Sequence] | None = None
_FORKING = threading.Lock()


def jobs() -> int:
    """Worker processes to use: $WORLDSMITH_JOBS when set (1 turns the pool off), else the usable cores."""
    wanted = os.environ.get(JOBS_VARIABLE, "").strip()
    if wanted:
        try:
            return max(1, int(wanted))
        except ValueError:
            return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _quiet_worker() -> None:
    """A worker leaves signals to its parent: the parent's handlers (Prefect's on SIGTERM, Ctrl-C's) are not
    the worker's, and the parent ends the pool when it is interrupted."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _call(index: int):
    fn, items = _work  # type: ignore[misc]
    return fn(items[index])


def ordered_map(fn: Callable[[T], R], items: Sequence[T], *, workers: int | None = None,
                min_items: int | None = None) -> list[R]:
    """[fn(x) for x in items], in order, spread over forked processes when that pays.

    `fn` must not raise for an item it can be asked about (return the failure instead: one
    artifact's failure is that artifact's), and must leave shared state alone: what a worker
    changes in memory stays in the worker; only its return value (picklable) comes back.
    """
    global _work
    n = jobs() if workers is None else max(1, workers)
    least = MIN_ITEMS if min_items is None else min_items
    if n == 1 or len(items) < max(least, 2) or "fork" not in multiprocessing.get_all_start_methods():
        return [fn(x) for x in items]
    n = min(n, len(items))
    with _FORKING:
        _work = (fn, items)
        try:
            pool = multiprocessing.get_context("fork").Pool(n, initializer=_quiet_worker)
        finally:
            _work = None
    try:
        # Small chunks keep both workers busy to the end (a .docx costs ten times an .eml).
        chunk = max(1, min(16, len(items) // (n * 8)))
        results = list(pool.imap(_call, range(len(items)), chunksize=chunk))
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    return results
