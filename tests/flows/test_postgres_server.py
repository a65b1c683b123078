"""Scale-out's database: a Prefect server backed by PostgreSQL (Debian's packages, started here) runs a world.

deploy/docker-compose.yml runs the same pair (PostgreSQL and `prefect server start` with
PREFECT_API_DATABASE_CONNECTION_URL) in containers; Docker is not available here, so this test starts
PostgreSQL from its binaries and skips with the reason when they (or asyncpg) are absent.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import MINI
from tests.local_servers import Unavailable, postgres_cluster, prefect_server
from worldsmith.worlds.catalog import list_worlds


@pytest.fixture(scope="module")
def postgres():
    """A throwaway PostgreSQL cluster on 127.0.0.1 with a `prefect` database; yields its port."""
    try:
        with postgres_cluster() as port:
            yield port
    except Unavailable as missing:
        pytest.skip(str(missing))


@pytest.fixture(scope="module")
def prefect_on_postgres(postgres, tmp_path_factory):
    """`prefect server start` with its database in PostgreSQL; yields (API URL, the database's URL)."""
    db_url = f"postgresql+asyncpg://postgres@127.0.0.1:{postgres}/prefect"
    try:
        with prefect_server(tmp_path_factory.mktemp("prefect-home"), db_url) as api:
            yield api, db_url
    except RuntimeError as exc:
        pytest.fail(str(exc))


def _flow_runs(port: int) -> list[tuple[str, str]]:
    """(flow name, state) of every flow run, read from PostgreSQL itself."""
    import asyncio

    import asyncpg

    async def read():
        con = await asyncpg.connect(host="127.0.0.1", port=port, user="postgres", database="prefect")
        try:
            rows = await con.fetch("SELECT f.name, r.state_type FROM flow_run r JOIN flow f ON f.id = r.flow_id")
        finally:
            await con.close()
        return [(r["name"], r["state_type"]) for r in rows]

    return asyncio.run(read())


def test_a_world_generated_against_a_postgres_backed_server_is_recorded_there(prefect_on_postgres, postgres, tmp_path):
    api, _ = prefect_on_postgres
    out = tmp_path / "out"
    env = dict(os.environ, PREFECT_API_URL=api)
    done = subprocess.run([sys.executable, "-m", "worldsmith.flows.cli", "generate", str(MINI), "--out", str(out)],
                          env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = list_worlds(out)
    assert len(rows) == 1 and rows[0].verdict in ("pass", "warn")
    assert ("generate_world", "COMPLETED") in _flow_runs(postgres)
