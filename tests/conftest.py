"""Test set-up: Prefect on a private home with one embedded server per session; paths to shared data."""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
from pathlib import Path

import pytest


def _private_dir(variable: str, prefix: str) -> None:
    """A folder of this test process's own for an environment variable, removed when the process ends (a suite run
    left ~2,000 of each in /tmp, never removed); one set by the caller is the caller's and stays."""
    if variable not in os.environ:
        folder = tempfile.mkdtemp(prefix=prefix)
        os.environ[variable] = folder
        atexit.register(shutil.rmtree, folder, True)


# Before anything imports Prefect: a private home, so tests never touch an operator's ~/.prefect.
_private_dir("PREFECT_HOME", "worldsmith-prefect-")
# Sessions' own keys in a private folder too, not the user's data folder (environments/session_store.py).
_private_dir("WORLDSMITH_SESSION_KEYS", "worldsmith-session-keys-")
# Where PYTHONDONTWRITEBYTECODE is set (this machine's shells set it), every process compiled worldsmith from source
# and each pytest-xdist worker rewrote every test module's asserts again: about 0.4 CPU-s per `python -m worldsmith`
# subprocess (the suite starts many) and 8 CPU-s of a worker's 14.5 s collection. The session's bytecode goes to a
# private folder instead, removed at the end, so the checkout still gets no __pycache__; workers and subprocesses
# inherit it.
if os.environ.get("PYTHONDONTWRITEBYTECODE"):
    import sys

    del os.environ["PYTHONDONTWRITEBYTECODE"]
    if "PYTHONPYCACHEPREFIX" not in os.environ:  # the session's first process: workers and subprocesses inherit it
        _private_dir("PYTHONPYCACHEPREFIX", "worldsmith-pycache-")
        from tests.pycache_seed import seed_pycache

        seed_pycache(os.environ["PYTHONPYCACHEPREFIX"])
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]
    sys.dont_write_bytecode = False
# A pytest-xdist worker is given COLUMNS=80, which rich's consoles fix as their width when flows/cli.py is
# imported; a test's own COLUMNS (CliRunner's env) must decide, as it does in a plain run.
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.pop("COLUMNS", None)
    # Each pytest-xdist worker has a core of its own: a world's render and parse stay in its process. Forking a
    # pool from a large test process costs about an eighth more CPU than it saves on a machine the other worker
    # and the bench smokes already fill; the pool's own tests pass workers= explicitly.
    os.environ.setdefault("WORLDSMITH_JOBS", "1")
# The suite ran past its 6 minutes (7 min 27 s). A test process holds the session's worlds and task sets, and the
# collector's passes over them were about 6% of a test process's CPU: young collections 14 times rarer (and so the
# full ones) cost about that much less (test_ledger_checks.py 20.8 -> 19.3 CPU-s, its collector 0.61 -> 0.19 s).
# Garbage without cycles is freed at once either way; forked children inherit the setting.
gc.set_threshold(10_000, 10, 10)
import worldsmith.flows.prefect_env  # noqa: E402,F401

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
EXAMPLES = REPO / "outlines" / "examples"
MINI = REPO / "tests" / "fixtures" / "mini.yaml"
COVENANT = REPO / "tests" / "fixtures" / "covenant-breach.yaml"
CONSTRUCTION = REPO / "tests" / "fixtures" / "construction-delay.yaml"


def _prefect_folder(base: Path) -> Path:
    """Where the session's Prefect server keeps its database and address: the base temporary folder the
    pytest-xdist workers share (a worker's own base is a folder inside it)."""
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "prefect-server"


@pytest.fixture(scope="session")
def prefect_harness(tmp_path_factory):
    """The session's Prefect server for every test that runs a flow: one for all workers (tests/prefect_shared.py)."""
    import prefect.context
    from prefect.settings import PREFECT_API_URL, temporary_settings

    from tests.prefect_shared import shared_server

    url, db = shared_server(_prefect_folder(tmp_path_factory.getbasetemp()))
    with temporary_settings(updates={PREFECT_API_URL: url}), \
            prefect.context._temporary_global_settings_context(prefect.context.get_settings_context()):
        yield url, db
        _drain_prefect()


def _drain_prefect() -> None:
    """Logs and events still queued reach the server before it stops (as Prefect's test harness does)."""
    import inspect

    from prefect.events.worker import EventsWorker
    from prefect.logging.handlers import APILogWorker
    from prefect.utilities.asyncutils import run_coro_as_sync

    async def drain() -> None:
        try:
            result = APILogWorker.instance().drain()
            if inspect.isawaitable(result):
                await result
        except RuntimeError:  # no log worker was started
            pass
        result = EventsWorker.drain_all()
        if inspect.isawaitable(result):
            await result

    run_coro_as_sync(drain())


@pytest.fixture(scope="session")
def prefect_api(prefect_harness) -> tuple[str, Path]:
    """(PREFECT_API_URL, database folder) of the session's server, for `worldsmith generate` run as a subprocess.

    A subprocess given this URL runs its flow there instead of starting Prefect's temporary server, which
    costs 10-25 s of a 2-core machine per run; tests of that temporary server itself do not use it.
    """
    url, db = prefect_harness
    return url, db.parent


def _shared_worlds(tmp_path_factory) -> Path:
    """Where the session's example worlds are built once for all pytest-xdist workers (tests/published.py)."""
    base = tmp_path_factory.getbasetemp()
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "published-examples"


@pytest.fixture(scope="session", autouse=True)
def _shared_composed(tmp_path_factory):
    """Outlines composed or planned for tests (tests/generators/offline_world.py, planned.py) are made once for both
    pytest-xdist workers, in the folder beside the session's example worlds (tests/worlds_cache.py)."""
    from tests import worlds_cache

    worlds_cache.SHARED[:] = [_shared_worlds(tmp_path_factory).parent / "composed"]
    yield
    worlds_cache.SHARED.clear()


def _example(name: str, tmp_path_factory, folder: str) -> Path:
    from tests.published import shared_example

    return shared_example(name, _shared_worlds(tmp_path_factory), tmp_path_factory.mktemp(folder))


@pytest.fixture(scope="session")
def published_legal(tmp_path_factory) -> Path:
    """The legal example, published once per session (this worker's own copy); tests that change a world copy it
    first."""
    return _example("tanker-spill-liability.yaml", tmp_path_factory, "legal")


@pytest.fixture(scope="session")
def published_diligence(tmp_path_factory) -> Path:
    """The buy-side diligence example, published once per session (this worker's own copy)."""
    return _example("buyside-diligence.yaml", tmp_path_factory, "diligence")


@pytest.fixture(scope="session")
def published_hospital(tmp_path_factory) -> Path:
    """The hospital revenue-audit example, published once per session (this worker's own copy)."""
    return _example("hospital-revenue-audit.yaml", tmp_path_factory, "hospital")


@pytest.fixture(scope="session")
def published_mini(tmp_path_factory) -> Path:
    """The eight-artifact outline of tests/fixtures/mini.yaml, published once per session (this worker's own copy):
    for tests that need a sealed world of every kind of file but not a whole matter's room to rebuild its store from."""
    return _example(str(MINI), tmp_path_factory, "mini")


@pytest.fixture(scope="session")
def published_covenant(tmp_path_factory) -> Path:
    """tests/fixtures/covenant-breach.yaml at seed 0, published once per session (this worker's own copy): two
    modules read it (test_fixture_task_spread, test_pair_reasons), and each published its own (about 4 s of CPU)."""
    return _example(str(COVENANT), tmp_path_factory, "covenant")


@pytest.fixture(scope="session")
def published_construction(tmp_path_factory) -> Path:
    """tests/fixtures/construction-delay.yaml at seed 0, published once per session (this worker's own copy):
    test_red_team_kit6 grades its tasks and test_compose_roles19 validates it, and each made its own (about 5 s of
    CPU each; the suite ran 41 s past its 6 minutes)."""
    return _example(str(CONSTRUCTION), tmp_path_factory, "construction")


# The benches of tests/test_benches.py run in the background from the end of collection (tests/bench_smoke.py):
# in this process, or under pytest-xdist in the controlling process, whose base temporary folder holds their
# outcomes for the worker that runs their tests.
_SMOKE = pytest.StashKey["object"]()
_OUTCOMES = "bench-smoke"
_BENCH_TEST = "tests/test_benches.py::test_bench_runs_at_smoke_size["


# The files that take longest, longest first (CPU-s and wall of each file run alone, session 27; the rest follow in
# collection order). pytest-xdist hands each worker the next file when it is free, so the last files handed out are
# short ones and the two workers finish together. Its own order (--loadscope-reorder, its default, turned off in
# pyproject.toml) hands out the files with the most tests first: the one-test subprocess worlds (resume, PostgreSQL,
# shared calls) came last, and one worker ran them alone while the other had finished (92 s apart, loaded).
LONGEST_FIRST = (
    "tests/flows/test_resume_and_secrecy.py",  # 22 CPU-s, and its model server's latency
    "tests/worlds/test_outline_fuzz_sample.py",  # 48 CPU-s: five worlds of mutants in forked children
    "tests/flows/test_batch.py",  # 44: seven worlds, two Dask workers
    "tests/environments/test_harbor_export.py",  # 46 with its worlds' exports
    "tests/environments/test_task_attacks.py",  # 40 with the legal world's tasks
    "tests/flows/test_postgres_server.py",  # 17, and PostgreSQL's start
    "tests/flows/test_model_flow.py",  # 30
    "tests/flows/test_cli.py",  # 29, and Prefect's temporary server
    "tests/flows/test_generate_flow.py",  # 24
    "tests/worlds/test_hostile_bundles.py",  # 25
    "tests/environments/test_serve_security.py",  # 18, and its servers' starts
    "tests/generators/test_compose_docs_read15.py",
    "tests/worlds/test_published_integrity.py",
    "tests/flows/test_shared_calls.py",
    "tests/environments/test_answer_forms.py",
    "tests/worlds/test_realism_defects.py",
    "tests/worlds/test_libreoffice_recalc.py",  # LibreOffice, where CI installs it
)


def pytest_collection_modifyitems(items):
    """The longest files first (LONGEST_FIRST), bench tests last: they only wait for benches that started when
    collection ended."""
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}
    # a stable sort keeps the rest's order, and each file's tests in theirs
    items.sort(key=lambda item: (item.get_closest_marker("bench") is not None,
                                 rank.get(item.nodeid.split("::", 1)[0], len(rank))))


def _start(config, ids: list[str]) -> None:
    """Start the benches named among these test ids: one at a time beside other tests, a few when they are alone."""
    names = [i[len(_BENCH_TEST):-1] for i in ids if i.startswith(_BENCH_TEST)]
    if not names or config.option.collectonly or config.stash.get(_SMOKE, None) is not None:
        return
    from tests.bench_smoke import ALONE_AT_ONCE, BESIDE_AT_ONCE, Smoke

    at_once = ALONE_AT_ONCE if all(i.startswith("tests/test_benches.py::") for i in ids) else BESIDE_AT_ONCE
    outcomes = None
    if getattr(config.option, "numprocesses", None):  # the controlling process of pytest-xdist
        outcomes = config._tmp_path_factory.getbasetemp() / _OUTCOMES
        outcomes.mkdir()
    config.stash[_SMOKE] = Smoke(names, at_once, outcomes, _prefect_folder(config._tmp_path_factory.getbasetemp()))


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session):
    """A pytest-xdist worker first rewrites its share of the test files into the cache, so the two workers no longer
    both rewrite every file as they collect (tests/rewrite_warm.py)."""
    worker, workers = os.environ.get("PYTEST_XDIST_WORKER", ""), os.environ.get("PYTEST_XDIST_WORKER_COUNT", "")
    if worker.startswith("gw") and worker[2:].isdigit() and workers.isdigit() and int(workers) > 1:
        from tests.rewrite_warm import warm_share

        warm_share(session.config, int(worker[2:]), int(workers))


def pytest_collection_finish(session):
    """Without pytest-xdist, this process runs the benches."""
    if not hasattr(session.config, "workerinput"):
        _start(session.config, [item.nodeid for item in session.items])


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    """Under pytest-xdist, the controlling process runs the benches once the first worker has collected."""
    _start(node.config, ids)


def pytest_sessionfinish(session):
    """Stop any bench still running (a session stopped by -x, a failure or Ctrl-C), and the session's Prefect server."""
    smoke = session.config.stash.get(_SMOKE, None)
    if smoke is not None:
        smoke.stop()
    if not hasattr(session.config, "workerinput"):  # the process that owns the session, workers done
        from tests.prefect_shared import stop_server

        stop_server(_prefect_folder(session.config._tmp_path_factory.getbasetemp()))


def pytest_terminal_summary(terminalreporter, config):
    """The bench smokes' start and wall times, where this process ran them."""
    smoke = config.stash.get(_SMOKE, None)
    if smoke is not None and smoke.times:
        terminalreporter.write_sep("-", "bench smokes (in the background)")
        terminalreporter.write_line(smoke.summary())


@pytest.fixture(scope="session")
def bench_smoke(request, tmp_path_factory):
    """The benches this session started at the end of collection (their outcomes, in a pytest-xdist worker)."""
    if hasattr(request.config, "workerinput"):
        from tests.bench_smoke import Outcomes

        return Outcomes(tmp_path_factory.getbasetemp().parent / _OUTCOMES)
    return request.config.stash[_SMOKE]
