"""The HTTP client the OpenAI-compatible backend is built with: no answer's body past MAX_BODY_BYTES is read.

The openai client reads a whole body into memory before it decodes a byte of it, so a hostile server could
send gigabytes for one call. Here every response is checked as it arrives, through httpx's response event
hook (called before the body is read; a hook may replace the response's stream): a declared
Content-Length over the cap is refused unread, and the body is counted as it streams, the call failing
at the first byte past the cap. Compression is not asked for (Accept-Encoding: identity) and a body that
comes compressed anyway is refused: the cap counts bytes on the wire, and a gzip bomb is a thousand times
larger once decoded.
"""

from __future__ import annotations

import importlib
import os
import threading
from collections.abc import AsyncIterator
from typing import Any

import openai

# The largest legitimate answer is MAX_ANSWER_CHARS (1 Mi characters) of text, each at most 6 bytes as a JSON
# escape (\uXXXX), in the chat-completions envelope.
MAX_BODY_BYTES = 8 * 1024 * 1024

# openai is built on httpx (older releases) or httpx2 (its maintained continuation): the stream this module
# wraps must be that library's, whichever it is.
_HTTPX = importlib.import_module(next(c for c in openai.DefaultAsyncHttpxClient.__mro__ if c.__name__ == "AsyncClient"
                                      and not c.__module__.startswith("openai")).__module__.partition(".")[0])


def http_library():
    """The httpx library (httpx or httpx2) the installed openai is built on: its Response is what a raw post returns."""
    return _HTTPX


def http_core():
    """The httpcore library (httpcore or httpcore2) under that httpx: its pools, network backends and errors."""
    return importlib.import_module(_HTTPX.__name__.replace("httpx", "httpcore", 1))


class AnswerTooLarge(Exception):
    """A model server's response body is over the cap, or compressed although none was asked for."""


class _CappedStream(_HTTPX.AsyncByteStream):
    """The response's byte stream, refused at the first byte past `limit`."""

    def __init__(self, inner, limit: int):
        self._inner = inner
        self._limit = limit

    async def __aiter__(self) -> AsyncIterator[bytes]:
        seen = 0
        async for chunk in self._inner:
            seen += len(chunk)
            if seen > self._limit:
                raise AnswerTooLarge(f"an answer of over {self._limit:,} bytes")
            yield chunk

    async def aclose(self) -> None:
        await self._inner.aclose()


def _cap(limit: int):
    async def check(response) -> None:
        encoding = response.headers.get("content-encoding", "identity").strip().lower()
        if encoding not in ("", "identity"):
            raise AnswerTooLarge(f"a compressed answer ({encoding[:20]}) although none was asked for")
        declared = response.headers.get("content-length", "").strip()
        if declared.isdigit() and int(declared) > limit:
            raise AnswerTooLarge(f"an answer of {int(declared):,} bytes")
        if declared.isdigit() and "transfer-encoding" not in response.headers:
            return  # HTTP/1.1 reads a body of a declared length to that length and no further (h11): nothing to count
        response.stream = _CappedStream(response.stream, limit)

    return check


# Each pool's limits: openai's own defaults for its client.
_LIMITS = _HTTPX.Limits(max_connections=1000, max_keepalive_connections=100)


class _Pools(_HTTPX.AsyncBaseTransport):
    """Requests handed in turn to several connection pools of one host.

    A pool looks over every one of its connections twice per request (when it is sent and when its answer is
    closed), so at 128 calls in flight one pool cost a fifth of a millisecond of CPU per call more than at 16;
    eight pools of 16 cost what one of 16 does.
    """

    def __init__(self, pools: list) -> None:
        self._pools = pools
        self._turn = 0

    async def handle_async_request(self, request):
        self._turn = (self._turn + 1) % len(self._pools)
        return await self._pools[self._turn].handle_async_request(request)

    async def aclose(self) -> None:
        for pool in self._pools:
            await pool.aclose()


def bounded_client(limit: int = MAX_BODY_BYTES, pools: int = 1):
    """An httpx AsyncClient with openai's defaults whose responses are refused past `limit` bytes (AnswerTooLarge),
    its requests spread over `pools` connection pools (one TLS context for all of them and every client made after:
    making one reads the CA bundle), each pool's connections on asyncio's own transports (asyncio_net) rather than through anyio."""
    transport = None
    tls = _tls()
    if pools > 1:
        transport = _Pools([_HTTPX.AsyncHTTPTransport(verify=tls, limits=_LIMITS) for _ in range(pools)])
    client = openai.DefaultAsyncHttpxClient(headers={"Accept-Encoding": "identity"}, verify=tls,
                                            event_hooks={"response": [_cap(limit)]}, transport=transport)
    on_asyncio(client)
    return client


# The TLS context every client shares, by the CA bundle the environment names: a backend makes a client for each
# event loop it runs in (each asyncio.run of a world, a warm rerun), and each made its own, reading the CA bundle
# again (30 ms of the client's CPU per run at --concurrency 128, bench.llm_throughput: 2% of its CPU per call).
_TLS: dict[tuple[str | None, str | None], Any] = {}
_TLS_LOCK = threading.Lock()


def _tls():
    """The TLS context httpx makes by default (create_ssl_context()), made once for each SSL_CERT_FILE and
    SSL_CERT_DIR it would read."""
    where = (os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR"))
    with _TLS_LOCK:
        ctx = _TLS.get(where)
        if ctx is None:
            ctx = _TLS[where] = _HTTPX.create_ssl_context()
    return ctx


def on_asyncio(client) -> int:
    """Put the connection pools of an httpx AsyncClient (its transport's and its proxy mounts') on asyncio's own
    transports; how many. A pool already given a network backend of its own, or a library whose pool has no
    such place, is left as it is."""
    from worldsmith.generators.backends.asyncio_net import AsyncioBackend

    core = http_core()
    transports = [getattr(client, "_transport", None), *(getattr(client, "_mounts", None) or {}).values()]
    pools = []
    for transport in transports:
        pools += getattr(transport, "_pools", None) or [transport]
    done = 0
    for transport in pools:
        pool = getattr(transport, "_pool", None)
        if isinstance(getattr(pool, "_network_backend", None), core._backends.auto.AutoBackend):
            pool._network_backend = AsyncioBackend()
            done += 1
    return done
