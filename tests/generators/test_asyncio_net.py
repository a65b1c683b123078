"""The model client's connections on asyncio's own transports (generators/backends/asyncio_net.py), under httpx."""

from __future__ import annotations

import asyncio
import http.server
import shutil
import ssl
import subprocess
import threading
from contextlib import contextmanager

import pytest

from worldsmith.generators.backends import asyncio_net
from worldsmith.generators.backends.asyncio_net import AsyncioBackend
from worldsmith.generators.backends.bounded_http import bounded_client, http_core, http_library, on_asyncio


@contextmanager
def _serving(body: bytes, tls: ssl.SSLContext | None = None):
    """A server on 127.0.0.1 answering every GET with `body` (keep-alive), over TLS where given."""

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):  # noqa: N802
            self.send_response(200)
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if tls is not None:
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("pools", [1, 4])
def test_every_pool_of_the_model_client_runs_on_asyncio_transports(pools):
    client = bounded_client(pools=pools)
    transports = getattr(client._transport, "_pools", [client._transport])
    assert len(transports) == pools
    assert all(isinstance(t._pool._network_backend, AsyncioBackend) for t in transports)
    assert on_asyncio(client) == 0  # given once: a pool already on a backend of its own is left as it is


def test_every_model_client_shares_one_tls_context(monkeypatch):
    # A backend makes a client for each event loop it runs in, and each read the CA bundle again for a TLS context of
    # its own (30 ms of the client's CPU per run at --concurrency 128, bench.llm_throughput).
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    contexts = set()
    for pools in (1, 1, 4):
        client = bounded_client(pools=pools)
        contexts |= {id(t._pool._ssl_context) for t in getattr(client._transport, "_pools", [client._transport])}
    assert len(contexts) == 1


def test_keep_alive_requests_share_a_connection_and_bodies_come_whole():
    body = bytes(range(256)) * 4096  # 1 MiB: several reads, past the unread bytes a connection holds

    async def run(port: int) -> list[bytes]:
        async with http_library().AsyncClient() as client:
            assert on_asyncio(client) == 1
            got = [(await client.get(f"http://127.0.0.1:{port}/")).content for _ in range(3)]
            assert len(client._transport._pool.connections) == 1  # kept alive, not reopened
            return got

    with _serving(body) as port:
        assert asyncio.run(run(port)) == [body] * 3


def test_a_slow_reader_holds_no_more_than_its_buffer():
    """The transport stops reading the socket while a connection holds BUFFER unread bytes: an answer's body cap
    counts bytes as they are read, so what arrives must wait in the socket, not in memory."""
    body = b"x" * (8 * 1024 * 1024)
    core = http_core()

    async def run(port: int) -> int:
        stream = await AsyncioBackend().connect_tcp("127.0.0.1", port, timeout=5)
        await stream.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", timeout=5)
        held, read, head = 0, 0, b""
        while read < len(body):
            await asyncio.sleep(0.001)  # a slow reader: the server sends faster than this reads
            held = max(held, len(stream._protocol.buffer))
            chunk = await stream.read(64 * 1024, timeout=5)
            assert chunk
            if head is not None:
                # (the head may come in more than one read on a busy machine: CI once read a first chunk without it)
                head += chunk
                if b"\r\n\r\n" not in head:
                    continue
                chunk, head = head[head.index(b"\r\n\r\n") + 4:], None
            read += len(chunk)
        await stream.aclose()
        assert isinstance(stream, core.AsyncNetworkStream)
        return held

    with _serving(body) as port:
        held = asyncio.run(run(port))
    # filled to the mark (the server sends faster than this reads), and past it by one socket read (asyncio's) at most
    assert asyncio_net.BUFFER < held <= asyncio_net.BUFFER + 256 * 1024


def test_a_read_past_its_timeout_and_a_refused_connection_raise_what_httpcore_raises():
    core = http_core()

    async def run(port: int) -> None:
        stream = await AsyncioBackend().connect_tcp("127.0.0.1", port, timeout=5)
        with pytest.raises(core.ReadTimeout):
            await stream.read(1024, timeout=0.05)  # nothing was asked: nothing comes
        await stream.aclose()
        with pytest.raises(core.ConnectError):
            await AsyncioBackend().connect_tcp("127.0.0.1", 1, timeout=5)

    with _serving(b"") as port:
        asyncio.run(run(port))


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl to make a self-signed certificate")
def test_https_goes_through_the_loops_tls(tmp_path):
    """A real endpoint is https: the connection is upgraded by the loop's start_tls, the certificate checked."""
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
                   check=True, capture_output=True)
    served = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    served.load_cert_chain(cert, key)
    trusting = ssl.create_default_context(cafile=str(cert))
    lib = http_library()

    async def run(port: int, verify) -> bytes:
        async with lib.AsyncClient(transport=lib.AsyncHTTPTransport(verify=verify)) as client:
            assert on_asyncio(client) == 1
            response = await client.get(f"https://localhost:{port}/")
            assert client._transport._pool.connections[0]._connection._network_stream.get_extra_info("ssl_object")
            return response.content

    with _serving(b"over tls", served) as port:
        assert asyncio.run(run(port, trusting)) == b"over tls"
        with pytest.raises(lib.ConnectError):  # a certificate no one trusts is refused
            asyncio.run(run(port, ssl.create_default_context()))
