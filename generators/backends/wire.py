"""One chat-completions POST as HTTP/1.1 bytes on asyncio's own transports: the model client's plain path.

Through httpx and httpcore a call cost 0.72-0.82 ms of the client's CPU (a request model, its headers checked by h11,
a connection pool looked over twice, a response model, its stream, its hooks and its close), and at 128 calls in
flight on a 2-core machine the client is CPU-bound: a canned server's 1,280 answers at C=128 took 5-9 s of wall
time for 0.5 s of latency. Here the request's head is written once per client (the same bytes httpx sends: its
headers in its order, Content-Length last), a call writes head and body in one write on a kept-alive connection,
and the answer is read by its status line, headers and Content-Length (or chunks, or the connection's end): 0.11-0.14
ms a call, and the same wall time as the latency allows.

What the plain path does not do, the openai client's httpx client still does: a client with proxies, cookies or
query parameters never comes here (OpenAIBackend._wire), and an answer that redirects is sent again through httpx,
which follows it. The body cap (bounded_http) holds here too: a declared length over the cap or a compressed answer
is refused unread, and a body of no declared length is counted as it arrives. Timeouts are httpx's: the connect
timeout bounds a new connection, the read timeout each wait for bytes (a server that trickles never trips it; the
artifact's deadline cuts it off), and the errors raised are httpx's (ConnectTimeout, ReadTimeout, ConnectError,
ReadError, RemoteProtocolError), which OpenAIBackend._post turns into openai's as it does for httpx.
"""

from __future__ import annotations

import asyncio
import ssl
from typing import Any, NamedTuple

from worldsmith.generators.backends.asyncio_net import _Protocol
from worldsmith.generators.backends.bounded_http import AnswerTooLarge, http_library

_HTTPX = http_library()
MAX_HEAD_BYTES = 64 * 1024  # an answer's status line and headers; h11 allows 16 KiB by default
_NO_BODY = {204, 304}


class Reply(NamedTuple):
    """An answer as the backend reads it: its status, headers (lower-case names; repeated ones joined by ', ', the
    raw list kept for an httpx Response) and body."""

    status: int
    headers: dict[str, str]
    raw: list[tuple[bytes, bytes]]
    content: bytes


class Redirected(Exception):
    """The answer redirects: the caller sends the request through httpx, which follows it."""


class Wire:
    """Kept-alive HTTP/1.1 connections to one chat-completions URL, and the head every request of it carries."""

    def __init__(self, host: str, port: int, ssl_context: ssl.SSLContext | None, head: bytes, timeout: float | None,
                 max_body: int) -> None:
        self.host, self.port, self.ssl = host, port, ssl_context
        self.head = head  # the request line and every header but Content-Length, as httpx writes them
        self.timeout = timeout
        self.max_body = max_body
        self._idle: list[tuple[asyncio.Transport, _Protocol]] = []
        self._busy: set[asyncio.Transport] = set()

    async def post(self, body: bytes) -> Reply:
        """The answer to one POST of `body` (a connection that ends mid-answer or answers badly is closed)."""
        transport, protocol = await self._connection()
        done = False
        self._busy.add(transport)
        try:
            transport.write(b"%sContent-Length: %d\r\n\r\n%s" % (self.head, len(body), body))
            if protocol.writing_paused:
                await _drained(protocol, self.timeout)
            reply, keep = await self._read(protocol)
            done = keep
            return reply
        finally:
            self._busy.discard(transport)
            if done and not transport.is_closing():
                self._idle.append((transport, protocol))
            else:
                transport.close()

    async def aclose(self) -> None:
        """Close every connection, idle or still in use."""
        for transport, _ in self._idle:
            transport.close()
        for transport in list(self._busy):
            transport.close()
        self._idle.clear()
        self._busy.clear()

    async def _connection(self) -> tuple[asyncio.Transport, _Protocol]:
        while self._idle:
            transport, protocol = self._idle.pop()
            if not protocol.eof and not protocol.buffer and not transport.is_closing():
                return transport, protocol
            transport.close()  # the server closed it while idle (keep-alive timeout), or sent what nobody asked for
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(self.timeout):
                transport, protocol = await loop.create_connection(
                    lambda: _Protocol(loop), self.host, self.port, ssl=self.ssl,
                    server_hostname=self.host if self.ssl is not None else None)
        except TimeoutError:
            raise _HTTPX.ConnectTimeout(f"no connection to {self.host}:{self.port} within the connect timeout") \
                from None
        except (OSError, ssl.SSLError) as exc:
            raise _HTTPX.ConnectError(str(exc) or type(exc).__name__) from exc
        return transport, protocol  # type: ignore[return-value]

    async def _read(self, p: _Protocol) -> tuple[Reply, bool]:
        """The answer on a connection, and whether the connection may carry another request."""
        while True:
            at = await _until(p, b"\r\n\r\n", self.timeout)
            head = p.take(at + 4)
            status, version, raw = _head(head)
            if not 100 <= status < 200:
                break  # an interim answer (100 Continue) comes before the real one
        headers: dict[str, str] = {}
        for name, value in raw:
            key = name.decode("latin-1").lower()
            text = value.decode("latin-1")
            headers[key] = f"{headers[key]}, {text}" if key in headers else text
        if 300 <= status < 400 and "location" in headers:
            raise Redirected(headers["location"])
        encoding = headers.get("content-encoding", "identity").strip().lower()
        if encoding not in ("", "identity"):
            raise AnswerTooLarge(f"a compressed answer ({encoding[:20]}) although none was asked for")
        keep = version == "1.1" and "close" not in headers.get("connection", "").lower()
        if status in _NO_BODY:
            return Reply(status, headers, raw, b""), keep
        if "chunked" in headers.get("transfer-encoding", "").lower():
            return Reply(status, headers, raw, await self._chunks(p)), keep
        declared = headers.get("content-length", "").strip()
        if declared.isdigit():
            length = int(declared)
            if length > self.max_body:
                raise AnswerTooLarge(f"an answer of {length:,} bytes")
            return Reply(status, headers, raw, await _exactly(p, length, self.timeout)), keep
        if declared:
            raise _HTTPX.RemoteProtocolError(f"an answer with a Content-Length of {declared[:20]!r}")
        # No length: the body is what comes until the server closes the connection, counted as it arrives.
        body = bytearray()
        while True:
            body += p.take(len(p.buffer))
            if len(body) > self.max_body:
                raise AnswerTooLarge(f"an answer of over {self.max_body:,} bytes")
            if p.eof and not p.buffer:
                return Reply(status, headers, raw, bytes(body)), False
            await _more(p, self.timeout, eof_ok=True)

    async def _chunks(self, p: _Protocol) -> bytes:
        """A chunked body, counted against the cap as it arrives."""
        out = bytearray()
        while True:
            at = await _until(p, b"\r\n", self.timeout)
            line = p.take(at + 2)[:-2].split(b";", 1)[0].strip()
            try:
                size = int(line, 16)
            except ValueError:
                raise _HTTPX.RemoteProtocolError("an answer's chunk size is not a number") from None
            if size == 0:
                while True:  # trailers, up to the empty line
                    at = await _until(p, b"\r\n", self.timeout)
                    if not p.take(at + 2)[:-2]:
                        return bytes(out)
            if len(out) + size > self.max_body:
                raise AnswerTooLarge(f"an answer of over {self.max_body:,} bytes")
            out += await _exactly(p, size, self.timeout)
            if await _exactly(p, 2, self.timeout) != b"\r\n":
                raise _HTTPX.RemoteProtocolError("an answer's chunk does not end where its size says")


def _head(data: bytes) -> tuple[int, str, list[tuple[bytes, bytes]]]:
    """(status, HTTP version, [(name, value)]) of an answer's head."""
    lines = data[:-4].split(b"\r\n")
    parts = lines[0].split(b" ", 2)
    if len(parts) < 2 or not parts[0].startswith(b"HTTP/1.") or not parts[1].isdigit():
        raise _HTTPX.RemoteProtocolError(f"not an HTTP/1.1 answer: {lines[0][:40]!r}")
    raw = []
    for line in lines[1:]:
        name, colon, value = line.partition(b":")
        if not colon or not name or name != name.strip():
            raise _HTTPX.RemoteProtocolError(f"a malformed header line: {line[:40]!r}")
        raw.append((name, value.strip()))
    return int(parts[1]), parts[0][5:].decode("latin-1"), raw


async def _exactly(p: _Protocol, length: int, timeout: float | None) -> bytes:
    """The next `length` bytes of the connection, taken as they come (the protocol holds at most its BUFFER unread)."""
    if len(p.buffer) >= length:
        return p.take(length)
    out = bytearray()
    while len(out) < length:
        if not p.buffer:
            await _more(p, timeout)
        out += p.take(length - len(out))
    return bytes(out)


async def _until(p: _Protocol, marker: bytes, timeout: float | None) -> int:
    """Where `marker` starts in what the connection holds, waiting for more bytes until it comes."""
    start = 0
    while True:
        at = p.buffer.find(marker, start)
        if at >= 0:
            return at
        if len(p.buffer) > MAX_HEAD_BYTES:
            raise _HTTPX.RemoteProtocolError(f"an answer's head or chunk line of over {MAX_HEAD_BYTES:,} bytes")
        start = max(0, len(p.buffer) - len(marker) + 1)
        await _more(p, timeout)


async def _more(p: _Protocol, timeout: float | None, eof_ok: bool = False) -> None:
    """Wait until more bytes come (each wait bounded by the read timeout); the end of the connection is an error
    unless `eof_ok` (a body that runs to it)."""
    if p.eof:
        if eof_ok:
            return
        if p.error is not None:
            raise _HTTPX.ReadError(str(p.error) or type(p.error).__name__) from p.error
        raise _HTTPX.RemoteProtocolError("Server disconnected without sending a complete answer.")
    held = len(p.buffer)
    waiter = p.loop.create_future()
    p.reader = waiter
    timer = p.loop.call_later(timeout, _expire, waiter) if timeout is not None else None
    try:
        await waiter
    except TimeoutError:
        raise _HTTPX.ReadTimeout("no bytes within the read timeout") from None
    finally:
        p.reader = None
        if timer is not None:
            timer.cancel()
    if len(p.buffer) == held and p.eof and not eof_ok:
        if p.error is not None:
            raise _HTTPX.ReadError(str(p.error) or type(p.error).__name__) from p.error
        raise _HTTPX.RemoteProtocolError("Server disconnected without sending a complete answer.")


async def _drained(p: _Protocol, timeout: float | None) -> None:
    """Wait for the transport's write buffer to drain (a large body to a slow reader)."""
    waiter = p.loop.create_future()
    p.drainer = waiter
    timer = p.loop.call_later(timeout, _expire, waiter) if timeout is not None else None
    try:
        await waiter
    except TimeoutError:
        raise _HTTPX.WriteTimeout("the request did not drain within the write timeout") from None
    finally:
        p.drainer = None
        if timer is not None:
            timer.cancel()
    if p.error is not None:
        raise _HTTPX.WriteError(str(p.error)) from p.error


def _expire(waiter: asyncio.Future) -> None:
    if not waiter.done():
        waiter.set_exception(TimeoutError())


def wire_for(http: Any, url: str, headers: Any, timeout: float | None, max_body: int) -> Wire | None:
    """The plain path for an httpx client's POSTs to `url` with `headers` (merged with the client's), or None where the
    client must send them itself: proxies (its mounts), cookies, query parameters, a scheme other than http(s), a
    transport or pool that is not the one bounded_client makes."""
    from worldsmith.generators.backends.bounded_http import _Pools

    if http.cookies or http.params or getattr(http, "_mounts", None) or http.auth is not None:
        return None
    merged_url = http._merge_url(url)
    if merged_url.scheme not in ("http", "https") or merged_url.query:
        return None
    transport = http._transport
    pools = transport._pools if isinstance(transport, _Pools) else [transport]
    if not all(type(t) is _HTTPX.AsyncHTTPTransport for t in pools):
        return None
    hooks = http.event_hooks
    if hooks.get("request") or len(hooks.get("response", [])) != 1:
        return None  # only the body cap's hook, which the plain path applies itself
    context = getattr(getattr(pools[0], "_pool", None), "_ssl_context", None)
    if merged_url.scheme == "https" and context is None:
        return None
    request = _HTTPX.Request("POST", merged_url, content=b"", headers=http._merge_headers(headers))
    lines = [b"POST " + merged_url.raw_path + b" HTTP/1.1\r\n"]
    lines += [name + b": " + value + b"\r\n" for name, value in request.headers.raw if name.lower() != b"content-length"]
    port = merged_url.port or (443 if merged_url.scheme == "https" else 80)
    return Wire(merged_url.host, port, context if merged_url.scheme == "https" else None, b"".join(lines), timeout,
                max_body)
