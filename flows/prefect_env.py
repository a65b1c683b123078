"""Prefect settings for a quiet, offline embedded server; imported before Prefect itself."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

# Prefect reads its settings from the environment when it is first imported, so these must be set
# before any `import prefect`. setdefault keeps an operator's own choices (a real server, debug logs).
_DEFAULTS = {
    # Telemetry off, on both sides: the server's analytics would try the network and log a DNS error, and
    # the client (Prefect >= 3.5) prints a notice on a terminal's first import and sends usage events unless
    # DO_NOT_TRACK is set (its only client-side switch). An operator's own DO_NOT_TRACK=0 still wins.
    "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
    "DO_NOT_TRACK": "1",
    "PREFECT_LOGGING_LEVEL": "WARNING",
    "PREFECT_LOGGING_LOG_PRINTS": "false",
    "PREFECT_SERVER_LOGGING_LEVEL": "ERROR",
    "PREFECT_RESULTS_PERSIST_BY_DEFAULT": "false",
    "PREFECT_UI_ENABLED": "false",
    # Prefect's 20 s default for the temporary server is too short on a loaded two-core machine.
    "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "120",
    # Read by the temporary server this process starts (it inherits the environment). The task-run
    # recorder's default writes every task event in its own SQLite transaction, the event persister
    # every 20 events; a world's subflow being created at such a moment got SQLITE_BUSY, a 503, and the
    # client's 2 s back-off: about one world in two of a batch lost 2 s that way (measured). Written in
    # larger batches, at most every second or two, the writes seldom collide.
    "PREFECT_SERVER_SERVICES_TASK_RUN_RECORDER_BATCH_SIZE": "100",
    "PREFECT_SERVER_SERVICES_TASK_RUN_RECORDER_READ_BATCH_SIZE": "100",
    "PREFECT_SERVER_SERVICES_TASK_RUN_RECORDER_FLUSH_INTERVAL": "1",
    "PREFECT_SERVER_SERVICES_EVENT_PERSISTER_BATCH_SIZE": "500",
    "PREFECT_SERVER_SERVICES_EVENT_PERSISTER_FLUSH_INTERVAL": "2",
}


def configure() -> None:
    """Apply worldsmith's Prefect defaults to the environment."""
    for key, value in _DEFAULTS.items():
        os.environ.setdefault(key, value)


configure()


def lean_runs():
    """A settings context for worldsmith's own runs: no flow-run heartbeat thread, unless the operator set one.

    Prefect's heartbeat thread sleeps in one-second steps and every flow run joins it on exit, so each
    world's subflow paid up to a second for it (measured: a no-op subflow 1.24 s with it, 0.27 s
    without). Heartbeats only let a server mark a killed run as crashed; set
    PREFECT_FLOWS_HEARTBEAT_FREQUENCY to keep them.
    """
    import contextlib

    if os.environ.get("PREFECT_FLOWS_HEARTBEAT_FREQUENCY"):
        return contextlib.nullcontext()
    import prefect.context
    from prefect.settings import PREFECT_FLOWS_HEARTBEAT_FREQUENCY

    # temporary_settings validates a whole new Settings each time (0.1-0.4 s, measured), and a batch enters
    # this once per world: the lean copy of each Settings object is made once and kept with it.
    current = prefect.context.get_settings_context()
    kept = _LEAN.get(id(current.settings))
    if kept is None or kept[0] is not current.settings:
        lean = current.settings.copy_with_update(updates={PREFECT_FLOWS_HEARTBEAT_FREQUENCY: None})
        kept = _LEAN[id(current.settings)] = (current.settings, lean)
    return prefect.context.SettingsContext(profile=current.profile, settings=kept[1])


_LEAN: dict[int, tuple] = {}  # id(settings) -> (settings, its copy without heartbeats)


def _die_with_parent() -> None:
    """In a child before exec: ask Linux to SIGKILL it when the process that started it dies."""
    import ctypes
    import signal

    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass  # not Linux: the server still stops on a normal exit


def server_log() -> Path:
    """Where the temporary server's own output goes: PREFECT_HOME/worldsmith-temporary-server.log."""
    from prefect.settings import get_current_settings

    return Path(get_current_settings().home) / "worldsmith-temporary-server.log"


def quiet_child(real):
    """A Popen that ties its child to this process and sends the child's output to `server_log()`.

    Uvicorn's shutdown on SIGTERM (at Prefect's atexit stop) can cancel a database call in flight, and the
    server then prints an asyncio CancelledError traceback into the user's terminal after the world was
    published; the server's output belongs in a log, and a start-up failure is reported by our own one line.
    """

    def popen(*args, **kwargs):
        kwargs.setdefault("preexec_fn", _die_with_parent)
        if "stdout" in kwargs or "stderr" in kwargs:
            return real(*args, **kwargs)
        path = server_log()
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "ab") as log:
            return real(*args, stdout=log, stderr=subprocess.STDOUT, **kwargs)

    return popen


def tie_server_to_parent() -> None:
    """Prefect's temporary server dies with the process that started it, even on SIGKILL.

    Prefect starts it with a plain Popen, so a killed parent left it running, re-parented to PID 1
    and still listening. Its start is wrapped so that the Popen it makes sets PR_SET_PDEATHSIG.
    """
    import threading

    from prefect.settings import get_current_settings

    if get_current_settings().api.url:
        # A server is configured, so no temporary one will start here; importing Prefect's server stack
        # (FastAPI, SQLAlchemy, docket) only to patch it cost about 3 s of CPU at every command's start (measured).
        return
    from prefect.server.api import server as prefect_server

    cls = prefect_server.SubprocessASGIServer
    if getattr(cls, "_worldsmith_tied", False):
        return
    original = cls._run_uvicorn_command
    guard = threading.Lock()

    def tied(self):
        with guard:
            real = subprocess.Popen
            subprocess.Popen = quiet_child(real)
            try:
                return original(self)
            finally:
                subprocess.Popen = real

    cls._run_uvicorn_command = tied
    cls._worldsmith_tied = True
