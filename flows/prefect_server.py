"""The Prefect server a command runs against: checked before a run, and its failures said in one line with the fix."""

from __future__ import annotations

import contextlib
import os
from typing import Iterator

from worldsmith.worlds.errors import WorldsmithError

TIMEOUT_SETTING = "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS"


def _fix(option: str | None) -> str:
    longer = f"{option} 300" if option else f"{TIMEOUT_SETTING}=300"
    return ("run a Prefect server (`prefect server start`) and set PREFECT_API_URL=http://127.0.0.1:4200/api, "
            f"or give the temporary one longer with {longer}")


class PrefectUnavailable(WorldsmithError):
    """No Prefect server answered: the temporary one did not start in time, or the configured one is down."""

    exit_code = 1


def api_url() -> str | None:
    """The URL of the Prefect server this process is configured to use (PREFECT_API_URL or Prefect's profile)."""
    import worldsmith.flows.prefect_env  # noqa: F401  (must precede prefect)
    from prefect.settings import get_current_settings

    return os.environ.get("PREFECT_API_URL") or get_current_settings().api.url or None


def check_configured(timeout: float = 5.0, wait: float = 0.0) -> None:
    """With a server configured, that it answers its health check (for up to `wait` seconds while it starts);
    without one there is nothing to check yet."""
    import time

    import httpx

    url = api_url()
    if not url:
        return
    deadline = time.monotonic() + wait
    while True:
        try:
            httpx.get(f"{url.rstrip('/')}/health", timeout=timeout).raise_for_status()
            version = httpx.get(f"{url.rstrip('/')}/admin/version", timeout=timeout)
            version.raise_for_status()
            _prefect_version(url, version)
            return
        except httpx.HTTPError as exc:
            if time.monotonic() >= deadline:
                raise PrefectUnavailable(
                    f"no Prefect server answers at PREFECT_API_URL={url} ({type(exc).__name__}). Next: start it "
                    "(`prefect server start`), correct PREFECT_API_URL, or unset it to use a temporary server"
                ) from None
        time.sleep(0.5)


def _prefect_version(url: str, answer) -> None:
    """Refuse a server whose version answer is no Prefect version (something else answers at the URL): Prefect's
    client would fail on it later with a traceback."""
    from packaging.version import InvalidVersion, Version

    try:
        Version(answer.json())
    except (ValueError, TypeError, InvalidVersion):
        raise PrefectUnavailable(
            f"the server at PREFECT_API_URL={url} answers, but not as a Prefect server (its /admin/version is "
            f"{answer.text[:80]!r}). Next: correct PREFECT_API_URL, or unset it to use a temporary server") from None


@contextlib.contextmanager
def startup_timeout(seconds: int | None) -> Iterator[None]:
    """Within: Prefect's temporary server is given `seconds` to start (None: the setting as it is)."""
    if seconds is None:
        yield
        return
    from prefect.settings import PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS, temporary_settings

    with temporary_settings(updates={PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS: seconds}):
        yield


def _explain(exc: BaseException, option: str | None) -> str | None:
    """The one line for an exception that means no Prefect server answered, or None for any other."""
    import httpx

    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        text = str(exc)
        if isinstance(exc, RuntimeError) and "ephemeral Prefect API server" in text:
            from prefect.settings import PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS

            limit = PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS.value()
            from worldsmith.flows.prefect_env import server_log

            return (f"Prefect's temporary server did not start within {limit} s (its output: {server_log()}). "
                    f"Next: {_fix(option)}")
        if (isinstance(exc, RuntimeError) and "Failed to reach API" in text) or isinstance(exc, httpx.TransportError):
            url = api_url() or "its temporary server"
            return (f"the Prefect server ({url}) stopped answering ({type(exc).__name__}); nothing was published. "
                    f"Next: check it is running and run the same command again, or {_fix(option)}")
        exc = exc.__cause__ or exc.__context__
    return None


@contextlib.contextmanager
def explained(option: str | None = "--prefect-timeout") -> Iterator[None]:
    """Within: an exception that means no Prefect server answered becomes a PrefectUnavailable that says the fix
    (`option`: the command's option for the temporary server's start-up time, if it has one)."""
    try:
        yield
    except Exception as exc:
        line = _explain(exc, option)
        if line is None:
            raise
        raise PrefectUnavailable(line) from None
