"""Throwaway servers on 127.0.0.1 for tests and benchmarks: a PostgreSQL cluster, and `prefect server start` on it."""

from __future__ import annotations

import contextlib
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
from typing import Iterator


class Unavailable(Exception):
    """What this machine lacks to start the server (a test skips with it as the reason)."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pg_bin() -> Path | None:
    """The folder of PostgreSQL's server binaries (Debian keeps them off PATH), or None."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(versions[-1]).parent if versions else None


def _as_owner(argv: list[str], owner: str | None) -> list[str]:
    """PostgreSQL refuses to run as root: run its commands as the `postgres` user then."""
    return ["runuser", "-u", owner, "--", *argv] if owner else argv


@contextlib.contextmanager
def postgres_cluster() -> Iterator[int]:
    """A throwaway PostgreSQL cluster with a `prefect` database; yields its port. Unavailable when it cannot start."""
    try:
        import asyncpg  # noqa: F401  (the Prefect server reaches PostgreSQL through it)
    except ImportError:
        raise Unavailable("the Prefect server reaches PostgreSQL through asyncpg, which is not installed") from None
    bindir = _pg_bin()
    if bindir is None:
        raise Unavailable("PostgreSQL is not installed (apt-get install -y postgresql)")
    owner = None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            raise Unavailable("running as root and there is no postgres user to run PostgreSQL as") from None
        if shutil.which("runuser") is None:
            raise Unavailable("running as root without runuser to start PostgreSQL as the postgres user")
        owner = "postgres"
    root = Path(tempfile.mkdtemp(prefix="worldsmith-pg-"))
    if owner:
        shutil.chown(root, owner)
    data, port = root / "data", free_port()
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


@contextlib.contextmanager
def prefect_server(home: Path, db_url: str | None = None) -> Iterator[str]:
    """`prefect server start` in its own session (on `db_url`, else SQLite in `home`); yields its API URL."""
    home.mkdir(parents=True, exist_ok=True)
    port = free_port()
    # No block types registered at its start (as the session's server, tests/prefect_shared.py): no test or bench
    # reads a block, and registering them was about 1.5 of its 13-15 CPU-s
    env = dict(os.environ, PREFECT_HOME=str(home), PREFECT_SERVER_ANALYTICS_ENABLED="false", PREFECT_UI_ENABLED="false",
               PREFECT_API_BLOCKS_REGISTER_ON_START="false")
    if db_url:
        env["PREFECT_API_DATABASE_CONNECTION_URL"] = db_url
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
                raise RuntimeError(f"the Prefect server did not start:\n{(home / 'server.log').read_text()}")
            time.sleep(0.5)
        yield api
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        log.close()
