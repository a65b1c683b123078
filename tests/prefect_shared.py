"""One Prefect API server for the whole test session, shared by the pytest-xdist workers.

The first worker that runs a flow starts it (Prefect's own app under uvicorn, ephemeral as Prefect's test
harness runs it, on a SQLite file in the session's base temporary folder); the others find it there; the
process that owns the session stops it when the session ends (tests/conftest.py). One start instead of one per
worker: each start costs about 10 s of CPU on this 2-core machine. Its database starts as a copy of one Prefect's
migrations made in an earlier session (`_template`): Alembic's 116 migrations were about half of a start's CPU.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

INFO = "server.json"
# Kept between sessions (pytest's own cache folder, which git ignores): the database each session's server starts on.
TEMPLATES = Path(__file__).resolve().parents[1] / ".pytest_cache" / "worldsmith-prefect-db"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _up(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/health", timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


def _template() -> Path:
    """Where a database migrated by the installed Prefect is kept: named by its version and its migrations' files, so
    another Prefect (or an edited install) migrates a database of its own."""
    import prefect

    versions = Path(prefect.__module_path__) / "server" / "database" / "_migrations" / "versions" / "sqlite"
    names = "\n".join(sorted(p.name for p in versions.glob("*.py")))
    return TEMPLATES / f"prefect-{prefect.__version__}-{hashlib.sha1(names.encode()).hexdigest()[:12]}.db"


def _keep(db: Path, template: Path) -> None:
    """Copy the database a server has just migrated (it is running: SQLite's backup reads it consistently); a copy
    that fails only means the next session migrates again."""
    part = template.with_name(f"{template.name}.{os.getpid()}.part")
    try:
        template.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(db) as source, sqlite3.connect(part) as copy:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one file to copy: no write-ahead log beside it
        source.close()
        copy.close()
        os.replace(part, template)  # whole or not there: another session may be reading or writing its own copy
    except (OSError, sqlite3.Error):
        part.unlink(missing_ok=True)


def shared_server(folder: Path, timeout: float = 180.0) -> tuple[str, Path]:
    """(PREFECT_API_URL, database file) of the session's server, started here unless another worker has."""
    import prefect

    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the other worker waits here while this one starts it
        info = folder / INFO
        if info.exists():
            known = json.loads(info.read_text())
            return known["url"], Path(known["db"])
        port, db, template = _free_port(), folder / "prefect.db", _template()
        migrated = template.exists()
        if migrated:
            shutil.copyfile(template, db)
        env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"}
        # No block types registered at its start: no test or bench reads a block (results are not persisted, the
        # deployments run from the installed package), and registering them all was about 1.5 of its 13-16 CPU-s.
        env.update(PREFECT_SERVER_DATABASE_CONNECTION_URL=f"sqlite+aiosqlite:///{db}", PREFECT_UI_ENABLED="0",
                   PREFECT__SERVER_EPHEMERAL="1", PREFECT__SERVER_FINAL="1", PREFECT_API_BLOCKS_REGISTER_ON_START="0",
                   # its telemetry service looked up Prefect's address (none reachable here) and logged the failure
                   PREFECT_SERVER_ANALYTICS_ENABLED="false")
        if migrated:  # already at this Prefect's head: Alembic's check alone is about 1.5 CPU-s of loading scripts
            env["PREFECT_SERVER_DATABASE_MIGRATE_ON_START"] = "0"
        with open(folder / "server.log", "ab") as log:
            proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "--app-dir", str(prefect.__module_path__.parent),
                                     "--factory", "prefect.server.api.server:create_app", "--host", "127.0.0.1",
                                     "--port", str(port), "--log-level", "error", "--lifespan", "on"],
                                    env=env, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
        url = f"http://127.0.0.1:{port}/api"
        deadline = time.monotonic() + timeout
        while not _up(url):
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"the session's Prefect server did not start: see {folder / 'server.log'}")
            time.sleep(0.2)
        if not migrated:
            _keep(db, template)
        info.write_text(json.dumps({"url": url, "db": str(db), "pid": proc.pid}))
        return url, db


def stop_server(folder: Path) -> None:
    """Stop the session's server, if a worker started one."""
    info = folder / INFO
    if not info.exists():
        return
    pid = json.loads(info.read_text())["pid"]
    try:
        os.killpg(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    for _ in range(50):
        try:
            os.killpg(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
