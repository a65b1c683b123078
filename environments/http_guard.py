"""Who may ask a world's apps over HTTP: a bearer token, a local Host and Origin, a bounded request body.

fastmcp's own mechanisms do the checking: a TokenVerifier as the server's `auth` (a request without
the token, or with another, gets 401 before any tool runs) and its Host/Origin guard in strict mode
(a foreign Host gets 421, a foreign Origin 403, which stops DNS rebinding from a web page). The
token is WORLDSMITH_SERVE_TOKEN when set, else made at start and printed once to stderr; `--no-auth`
turns the token off for a trusted network, never the Host and Origin checks.
"""

from __future__ import annotations

import hmac
import re
import secrets

from fastmcp import FastMCP
from fastmcp.server.auth import AccessToken, TokenVerifier
from starlette.middleware import Middleware
from starlette.responses import PlainTextResponse

from worldsmith.environments.given_secret import given_secret
from worldsmith.worlds.errors import WorldsmithError

TOKEN_ENV = "WORLDSMITH_SERVE_TOKEN"
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
MAX_REQUEST_BYTES = 8 * 1024 * 1024  # a 1 MiB argument, JSON-escaped, with room to spare


class BearerToken(TokenVerifier):
    """Accept exactly one token, compared in constant time."""

    def __init__(self, token: str):
        super().__init__()
        self._token = token

    async def verify_token(self, token: str) -> AccessToken | None:
        """The access of a request that sent the serve token; None for any other."""
        if not hmac.compare_digest(token.encode("utf-8"), self._token.encode("utf-8")):
            return None
        return AccessToken(token=token, client_id="worldsmith-client", scopes=[])


class BodyLimit:
    """Refuse a request body over MAX_REQUEST_BYTES with 413, by its Content-Length or as it streams in."""

    def __init__(self, app, limit: int = MAX_REQUEST_BYTES):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                return await self._refuse(scope, receive, send)
        seen = 0

        async def bounded_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, bounded_receive, send)
        except _TooLarge:
            await self._refuse(scope, receive, send)

    async def _refuse(self, scope, receive, send):
        await PlainTextResponse(f"request body over {self.limit:,} bytes", status_code=413)(scope, receive, send)


class _TooLarge(Exception):
    pass


def serve_token() -> tuple[str, bool]:
    """The bearer token to require: WORLDSMITH_SERVE_TOKEN's, else a new one; and whether it was made here.

    A given token shorter than given_secret.MIN_SECRET_CHARS is refused (WeakSecretError)."""
    given = (given_secret(TOKEN_ENV) or "").strip()
    return (given, False) if given else (secrets.token_urlsafe(32), True)


class HostNameError(WorldsmithError):
    """An --allow-host that is not one host name."""

    exit_code = 2


def check_allow_hosts(names: list[str] | tuple[str, ...]) -> None:
    """Each --allow-host is one host name (optionally with :port): a pattern such as '*' would let any Host in."""
    for name in names:
        if not re.fullmatch(r"[A-Za-z0-9.-]+(?::\d{1,5})?|\[[0-9A-Fa-f:]+\](?::\d{1,5})?", name or ""):
            raise HostNameError(f"--allow-host {name!r}: give one host name, such as myhost.internal or myhost:8080; "
                                  "patterns and wildcards are not accepted")


def run_http(server: FastMCP, port: int, token: str | None, allow_hosts: list[str] | tuple[str, ...] = ()) -> None:
    """Serve streamable HTTP on 127.0.0.1:port: the token required (None: no token), Host and Origin checked."""
    check_allow_hosts(allow_hosts)
    if token is not None:
        server.auth = BearerToken(token)
    server.run("http", host="127.0.0.1", port=port, show_banner=False, log_level="warning",
               host_origin_protection=True, allowed_hosts=[*LOCAL_HOSTS, *allow_hosts], allowed_origins=[],
               middleware=[Middleware(BodyLimit)])
