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
def published_legal(tmp_path_factory) -> Path:
    """The legal example, published once per session; tests that change a world copy it first."""
    from tests.published import publish_example

    return publish_example("tanker-spill-liability.yaml", tmp_path_factory.mktemp("legal"))


@pytest.fixture(scope="session")
def published_diligence(tmp_path_factory) -> Path:
    """The buy-side diligence example, published once per session."""
    from tests.published import publish_example

    return publish_example("buyside-diligence.yaml", tmp_path_factory.mktemp("diligence"))
