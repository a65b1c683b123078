"""The model client's network streams on asyncio's own transports, under the openai client's httpx and httpcore.

httpcore runs on asyncio through anyio: every read and every write of a connection opens an anyio cancel scope
(fail_after) and an exception map, and a read asks the event loop to watch its socket and then to stop watching
it (two epoll calls). At 128 calls in flight on a 2-core machine that was a fifth of the client's CPU per call.
Here a connection is an asyncio transport with a small protocol: the loop watches the socket for the connection's
life and hands it what arrives, a read takes it from there (waiting, with its timeout, only when nothing has
come), and a write is the transport's. Everything above stays as it was: the openai client's httpx client, its
connection pools, HTTP/1.1 by h11, TLS by the standard library (the loop's start_tls), timeouts and the errors
httpcore raises (ReadTimeout, ReadError, ConnectError...) as its own backends raise them.

What a connection holds before it is read is bounded (BUFFER bytes; past it the transport stops reading the
socket until a read makes room), so an answer's body cap (bounded_http) still counts bytes as they arrive.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
from collections.abc import Iterable
from typing import Any

from worldsmith.generators.backends.bounded_http import http_core

_core = http_core()
BUFFER = 256 * 1024  # bytes a connection holds unread before it stops reading its socket


def _wait(loop: asyncio.AbstractEventLoop, waiter: asyncio.Future, timeout: float | None):
    """`waiter`, failed with TimeoutError past `timeout` seconds (None: no limit): awaited by the caller."""
    if timeout is None:
        return waiter, None

    def expire() -> None:
        if not waiter.done():
            waiter.set_exception(TimeoutError())

    return waiter, loop.call_later(timeout, expire)


class _Protocol(asyncio.Protocol):
    """What a connection's transport received and how it stands: the bytes not yet read, EOF, the error that ended it."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.eof = False
        self.error: BaseException | None = None
        self.paused = False  # reading paused: the buffer is full
        self.reader: asyncio.Future | None = None  # a read waiting for bytes or EOF
        self.writing_paused = False
        self.drainer: asyncio.Future | None = None  # a write waiting for the transport's buffer to drain

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if len(self.buffer) > BUFFER and not self.paused and self.transport is not None:
            self.paused = True
            self.transport.pause_reading()
        self._wake_reader()

    def eof_received(self) -> bool:
        self.eof = True
        self._wake_reader()
        return False  # the transport closes itself: HTTP/1.1 sends nothing once the server has closed

    def connection_lost(self, exc: Exception | None) -> None:
        self.eof = True
        self.error = exc
        self._wake_reader()
        self.writing_paused = False
        if self.drainer is not None and not self.drainer.done():
            self.drainer.set_result(None)

    def pause_writing(self) -> None:
        self.writing_paused = True

    def resume_writing(self) -> None:
        self.writing_paused = False
        if self.drainer is not None and not self.drainer.done():
            self.drainer.set_result(None)

    def _wake_reader(self) -> None:
        if self.reader is not None and not self.reader.done():
            self.reader.set_result(None)

    def take(self, max_bytes: int) -> bytes:
        """Up to `max_bytes` of what has arrived, resuming the socket's reading where that made room."""
        data = bytes(self.buffer[:max_bytes])
        del self.buffer[:max_bytes]
        if self.paused and len(self.buffer) <= BUFFER // 2 and self.transport is not None:
            self.paused = False
            self.transport.resume_reading()
        return data


class AsyncioStream(_core.AsyncNetworkStream):
    """One connection: an asyncio transport and its protocol."""

    def __init__(self, transport: asyncio.Transport, protocol: _Protocol) -> None:
        self._transport = transport
        self._protocol = protocol

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        p = self._protocol
        if not p.buffer and not p.eof:
            waiter, timer = _wait(p.loop, p.loop.create_future(), timeout)
            p.reader = waiter
            try:
                await waiter
            except TimeoutError:
                raise _core.ReadTimeout("no bytes within the read timeout") from None
            finally:
                p.reader = None
                if timer is not None:
                    timer.cancel()
        if p.buffer:
            return p.take(max_bytes)
        if p.error is not None:
            raise _core.ReadError(str(p.error) or type(p.error).__name__) from p.error
        return b""

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        if not buffer:
            return
        p = self._protocol
        if self._transport.is_closing():
            raise _core.WriteError("the connection is closed" if p.error is None else str(p.error))
        try:
            self._transport.write(buffer)
        except (OSError, RuntimeError) as exc:
            raise _core.WriteError(str(exc)) from exc
        if p.writing_paused:  # the transport's buffer is over its high-water mark: wait for it to drain
            waiter, timer = _wait(p.loop, p.loop.create_future(), timeout)
            p.drainer = waiter
            try:
                await waiter
            except TimeoutError:
                raise _core.WriteTimeout("the write did not drain within the write timeout") from None
            finally:
                p.drainer = None
                if timer is not None:
                    timer.cancel()
            if p.error is not None:
                raise _core.WriteError(str(p.error)) from p.error

    async def aclose(self) -> None:
        self._transport.close()

    async def start_tls(self, ssl_context: ssl.SSLContext, server_hostname: str | None = None,
                        timeout: float | None = None) -> "AsyncioStream":
        loop = self._protocol.loop
        try:
            async with asyncio.timeout(timeout):
                transport = await loop.start_tls(self._transport, self._protocol, ssl_context,
                                                 server_hostname=server_hostname)
        except TimeoutError:
            self._transport.abort()
            raise _core.ConnectTimeout("no TLS handshake within the connect timeout") from None
        except (OSError, ssl.SSLError, ConnectionError) as exc:
            self._transport.abort()
            raise _core.ConnectError(str(exc)) from exc
        if transport is None:  # the connection closed during the handshake
            raise _core.ConnectError("the connection closed during the TLS handshake")
        self._protocol.transport = transport  # type: ignore[assignment]
        return AsyncioStream(transport, self._protocol)  # type: ignore[arg-type]

    def get_extra_info(self, info: str) -> Any:
        if info == "ssl_object":
            return self._transport.get_extra_info("ssl_object")
        if info == "client_addr":
            return self._transport.get_extra_info("sockname")
        if info == "server_addr":
            return self._transport.get_extra_info("peername")
        if info == "socket":
            return self._transport.get_extra_info("socket")
        if info == "is_readable":
            # What a read would return at once: bytes already here, or the end (a closed keep-alive connection).
            return bool(self._protocol.buffer) or self._protocol.eof
        return None


class AsyncioBackend(_core.AsyncNetworkBackend):
    """httpcore's network backend on asyncio's transports (the model client runs on asyncio only)."""

    async def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                          socket_options: Iterable[Any] | None = None) -> AsyncioStream:
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(timeout):
                transport, protocol = await loop.create_connection(
                    lambda: _Protocol(loop), host, port,
                    local_addr=(local_address, 0) if local_address else None)
        except TimeoutError:
            raise _core.ConnectTimeout(f"no connection to {host}:{port} within the connect timeout") from None
        except OSError as exc:
            raise _core.ConnectError(str(exc)) from exc
        return self._opened(transport, protocol, socket_options)

    async def connect_unix_socket(self, path: str, timeout: float | None = None,
                                  socket_options: Iterable[Any] | None = None) -> AsyncioStream:
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(timeout):
                transport, protocol = await loop.create_unix_connection(lambda: _Protocol(loop), path)
        except TimeoutError:
            raise _core.ConnectTimeout(f"no connection to {path} within the connect timeout") from None
        except OSError as exc:
            raise _core.ConnectError(str(exc)) from exc
        return self._opened(transport, protocol, socket_options)

    @staticmethod
    def _opened(transport: Any, protocol: _Protocol, socket_options: Iterable[Any] | None) -> AsyncioStream:
        sock: socket.socket | None = transport.get_extra_info("socket")
        for option in socket_options or ():  # asyncio's TCP sockets have TCP_NODELAY already
            if sock is not None:
                sock.setsockopt(*option)
        return AsyncioStream(transport, protocol)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
