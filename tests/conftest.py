"""Test set-up: Prefect on a private home with one embedded server per session; paths to shared data."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# Before anything imports Prefect: a private home, so tests never touch an operator's ~/.prefect.
os.environ.setdefault("PREFECT_HOME", tempfile.mkdtemp(prefix="worldsmith-prefect-"))
import worldsmith.flows.prefect_env  # noqa: E402,F401

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
EXAMPLES = REPO / "outlines" / "examples"
MINI = REPO / "tests" / "fixtures" / "mini.yaml"


@pytest.fixture(scope="session")
def prefect_harness():
    """One temporary Prefect server for every test that runs a flow."""
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=120):
        yield


@pytest.fixture(scope="session")
def prefect_api(prefect_harness) -> tuple[str, Path]:
    """(PREFECT_API_URL, database folder) of the session's server, for `worldsmith generate` run as a subprocess.

    A subprocess given this URL runs its flow there instead of starting Prefect's temporary server, which
    costs 10-25 s of a 2-core machine per run; tests of that temporary server itself do not use it.
    """
    from prefect.settings import PREFECT_API_URL, PREFECT_SERVER_DATABASE_CONNECTION_URL

    database = PREFECT_SERVER_DATABASE_CONNECTION_URL.value().split("///", 1)[1]
    return PREFECT_API_URL.value(), Path(database).parent


@pytest.fixture(scope="session")
def published_legal(tmp_path_factory) -> Path:
    """The legal example, published once per session; tests that change a world copy it first."""
    from tests.published import publish_example

    return publish_example("tanker-spill-liability.yaml", tmp_path_factory.mktemp("legal"))


@pytest.fixture(scope="session")
def published_diligence(tmp_path_factory) -> Path:
    """The buy-side diligence example, published once per session."""
    from tests.published import publish_example

    return publish_example("buyside-diligence.yaml", tmp_path_factory.mktemp("diligence"))


# The benches of tests/test_benches.py run in the background from the end of collection (tests/bench_smoke.py).
_SMOKE = pytest.StashKey["object"]()


def pytest_collection_modifyitems(items):
    """Bench tests last: they only wait for benches that started when collection ended."""
    items.sort(key=lambda item: item.get_closest_marker("bench") is not None)  # a stable sort keeps the rest's order


def pytest_collection_finish(session):
    """Start the selected benches: one at a time beside the other tests, a few at a time when they are alone."""
    names = [item.callspec.params["name"] for item in session.items
             if item.get_closest_marker("bench") and hasattr(item, "callspec") and "name" in item.callspec.params]
    if not names or session.config.option.collectonly:
        return
    from tests.bench_smoke import ALONE_AT_ONCE, BESIDE_AT_ONCE, Smoke

    alone = all(item.get_closest_marker("bench") for item in session.items)
    session.stash[_SMOKE] = Smoke(names, ALONE_AT_ONCE if alone else BESIDE_AT_ONCE)


def pytest_sessionfinish(session):
    """Stop any bench still running (a session stopped by -x, a failure or Ctrl-C)."""
    smoke = session.stash.get(_SMOKE, None)
    if smoke is not None:
        smoke.stop()


@pytest.fixture(scope="session")
def bench_smoke(request):
    """The benches this session started at the end of collection."""
    return request.session.stash[_SMOKE]
