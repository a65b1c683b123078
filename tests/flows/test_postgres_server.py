"""Scale-out's database: a Prefect server backed by PostgreSQL (Debian's packages, started here) runs a world.

deploy/docker-compose.yml runs the same pair (PostgreSQL and `prefect server start` with
PREFECT_API_DATABASE_CONNECTION_URL) in containers; Docker is not available here, so this test starts
PostgreSQL from its binaries and skips with the reason when they (or asyncpg) are absent.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import MINI
from worldsmith.worlds.catalog import list_worlds


def _pg_bin() -> Path | None:
    """The folder of PostgreSQL's server binaries (Debian keeps them off PATH), or None."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_owner(argv: list[str], owner: str | None) -> list[str]:
    """PostgreSQL refuses to run as root: run its commands as the `postgres` user then."""
    return ["runuser", "-u", owner, "--", *argv] if owner else argv


@pytest.fixture(scope="module")
def postgres():
    """A throwaway PostgreSQL cluster on 127.0.0.1 with a `prefect` database; yields its port."""
    pytest.importorskip("asyncpg", reason="the Prefect server reaches PostgreSQL through asyncpg")
    bindir = _pg_bin()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (apt-get install -y postgresql)")
    owner = None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no postgres user to run PostgreSQL as")
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser to start PostgreSQL as the postgres user")
        owner = "postgres"
    root = Path(tempfile.mkdtemp(prefix="worldsmith-pg-"))
    if owner:
        shutil.chown(root, owner)
    data, port = root / "data", _free_port()
    subprocess.run(_as_owner([str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust",
                              "--no-sync", "-E", "UTF8"], owner), check=True, capture_output=True)
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(_as_owner([str(bindir / "pg_ctl"), "-D", str(data), "-w", "-l", str(root / "log"), "-o", options,
                              "start"], owner), check=True, capture_output=True)
    try:
        subprocess.run([str(bindir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "prefect"],
                       check=True, capture_output=True)
        yield port
    finally:
        subprocess.run(_as_owner([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], owner),
                       capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def prefect_on_postgres(postgres, tmp_path_factory):
    """`prefect server start` with its database in PostgreSQL; yields (API URL, the database's URL)."""
    home = tmp_path_factory.mktemp("prefect-home")
    db_url = f"postgresql+asyncpg://postgres@127.0.0.1:{postgres}/prefect"
    port = _free_port()
    env = dict(os.environ, PREFECT_HOME=str(home), PREFECT_API_DATABASE_CONNECTION_URL=db_url,
               PREFECT_SERVER_ANALYTICS_ENABLED="false", PREFECT_UI_ENABLED="false")
    env.pop("PREFECT_API_URL", None)
    log = (home / "server.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "prefect", "server", "start", "--host", "127.0.0.1",
                               "--port", str(port)], env=env, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    api = f"http://127.0.0.1:{port}/api"
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                with urllib.request.urlopen(f"{api}/health", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the Prefect server on PostgreSQL did not start:\n{(home / 'server.log').read_text()}")
            time.sleep(0.5)
        yield api, db_url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        log.close()


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
