"""The model client's plain HTTP/1.1 path (generators/backends/wire.py): the bytes httpx would send, answers read by
their length, chunks or the connection's end, kept-alive connections, and what it leaves to httpx."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from contextlib import contextmanager

import openai
import pytest

from worldsmith.generators.backends import openai_compat as oc
from worldsmith.generators.backends.bounded_http import AnswerTooLarge, http_library
from worldsmith.generators.backends.openai_compat import OpenAIBackend

ANSWER = json.dumps({"id": "c1", "choices": [{"message": {"content": "{\"body\": \"Hi\"}"}, "finish_reason": "stop"}],
                     "usage": {"prompt_tokens": 7, "completion_tokens": 3}}).encode()


def ok(body: bytes = ANSWER, extra: bytes = b"") -> bytes:
    return b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n" + extra + \
        b"content-length: %d\r\n\r\n" % len(body) + body


@contextmanager
def scripted(*answers):
    """A server on 127.0.0.1 that reads each request whole and sends the next scripted bytes (a callable: called with
    the connection), recording every request's bytes and the connection it came on."""
    listener = socket.create_server(("127.0.0.1", 0))
    seen: list[tuple[int, bytes]] = []
    script = list(answers)

    def serve(conn: socket.socket, n: int) -> None:
        data = b""
        with conn:
            while script:
                while b"\r\n\r\n" not in data:
                    chunk = conn.recv(65536)
                    if not chunk:
                        return
                    data += chunk
                head, _, rest = data.partition(b"\r\n\r\n")
                length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                                  if line.lower().startswith(b"content-length")))
                while len(rest) < length:
                    rest += conn.recv(65536)
                seen.append((n, head + b"\r\n\r\n" + rest[:length]))
                data = rest[length:]
                answer = script.pop(0)
                if callable(answer):
                    answer(conn)
                    return
                conn.sendall(answer)

    def accept() -> None:
        n = 0
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            n += 1
            threading.Thread(target=serve, args=(conn, n), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/v1", seen
    finally:
        listener.close()


def messages(n: int = 0) -> list[dict[str, str]]:
    return [{"role": "system", "content": "s"}, {"role": "user", "content": f"u{n} é"}]


async def post_all(b: OpenAIBackend, count: int = 1) -> list:
    client, _ = b._bind()
    try:
        return [oc._answer_of(await b._post(client, {"model": "m", "messages": messages(n)})) for n in range(count)]
    finally:
        await b.aclose()


def test_the_plain_path_sends_the_bytes_httpx_sends_and_keeps_the_connection(monkeypatch):
    with scripted(ok(), ok()) as (url, seen):
        answers = asyncio.run(post_all(OpenAIBackend("m", url, api_key="sk-test-key-123456"), 2))
    plain = [data.replace(url.split("/")[2].encode(), b"HOST") for _, data in seen]
    assert [a.text for a in answers] == ['{"body": "Hi"}'] * 2 and answers[0].tokens_in == 7
    assert [n for n, _ in seen] == [1, 1]  # one connection, kept alive

    sent = []
    monkeypatch.setattr(oc, "wire_for", lambda *a, **k: None)  # as before: every request through httpx
    with scripted(ok(), ok()) as (url, seen):
        b = OpenAIBackend("m", url, api_key="sk-test-key-123456")
        asyncio.run(post_all(b, 2))
        sent = [data.replace(url.split("/")[2].encode(), b"HOST") for _, data in seen]
    assert plain == sent  # head (every header, in httpx's order, Content-Length last) and body, byte for byte


def test_a_call_on_the_plain_path_builds_no_httpx_request(monkeypatch):
    lib = http_library()
    built = []
    real = lib.Request.__init__

    def counting(self, *args, **kwargs):
        built.append(args)
        real(self, *args, **kwargs)

    with scripted(ok(), ok(), ok()) as (url, _):
        b = OpenAIBackend("m", url, api_key="k")

        async def go():
            client, _ = b._bind()
            await b._post(client, {"model": "m", "messages": messages()})  # the head is made here, once
            monkeypatch.setattr(lib.Request, "__init__", counting)
            for n in range(2):
                await b._post(client, {"model": "m", "messages": messages(n)})
            await b.aclose()

        asyncio.run(go())
    assert built == []


def test_chunked_and_to_the_close_answers_are_read_whole():
    chunked = b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ncontent-type: application/json\r\n\r\n" + \
        b"".join(b"%x;x=y\r\n%s\r\n" % (len(ANSWER[i:i + 20]), ANSWER[i:i + 20]) for i in range(0, len(ANSWER), 20)) + \
        b"0\r\nx-trailer: 1\r\n\r\n"

    def to_the_close(conn: socket.socket) -> None:
        conn.sendall(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n" + ANSWER[:30])
        conn.sendall(ANSWER[30:])

    with scripted(b"HTTP/1.1 100 Continue\r\n\r\n" + chunked, to_the_close, ok()) as (url, seen):
        answers = asyncio.run(post_all(OpenAIBackend("m", url, api_key="k"), 3))
    assert [a.text for a in answers] == ['{"body": "Hi"}'] * 3
    assert [n for n, _ in seen] == [1, 1, 2]  # a body that ran to the close took its connection with it


def test_an_error_status_is_openais_status_error_with_the_servers_words_and_headers():
    body = json.dumps({"error": {"message": "slow down"}}).encode()
    answer = b"HTTP/1.1 429 Too Many Requests\r\nretry-after: 3\r\ncontent-type: application/json\r\n" + \
        b"content-length: %d\r\n\r\n" % len(body) + body
    with scripted(answer) as (url, _):
        b = OpenAIBackend("m", url, api_key="k")
        with pytest.raises(openai.RateLimitError) as caught:
            asyncio.run(post_all(b))
    assert b._server_message(caught.value) == "slow down" and b._retry_after(caught.value) == 3.0


@pytest.mark.parametrize("answer, error", [
    (b"HTTP/1.1 200 OK\r\ncontent-length: 99999999\r\n\r\n", AnswerTooLarge),
    (b"HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\ncontent-length: 3\r\n\r\nabc", AnswerTooLarge),
    (b"HTTP/1.1 200 OK\r\ncontent-length: 50\r\n\r\nshort", openai.APIConnectionError),
    (b"garbage\r\n\r\n", openai.APIConnectionError),
])
def test_an_answer_over_the_cap_compressed_cut_short_or_not_http_fails_the_call(answer, error):
    def then_close(conn: socket.socket) -> None:
        conn.sendall(answer)

    with scripted(then_close) as (url, _):
        with pytest.raises(error):
            asyncio.run(post_all(OpenAIBackend("m", url, api_key="k", max_body_bytes=1000)))


def test_a_server_that_says_nothing_is_a_timeout():
    def silent(conn: socket.socket) -> None:
        threading.Event().wait(1.0)

    with scripted(silent) as (url, _):
        with pytest.raises(openai.APITimeoutError):
            asyncio.run(post_all(OpenAIBackend("m", url, api_key="k", timeout=0.2)))


def test_a_connection_the_server_closed_while_idle_is_not_used_again():
    def answer_and_close(conn: socket.socket) -> None:
        conn.sendall(ok())
        conn.shutdown(socket.SHUT_RDWR)

    with scripted(answer_and_close, ok()) as (url, seen):
        b = OpenAIBackend("m", url, api_key="k")

        async def go():
            client, _ = b._bind()
            first = await b._post(client, {"model": "m", "messages": messages()})
            await asyncio.sleep(0.1)  # the server's close arrives while the connection is idle
            second = await b._post(client, {"model": "m", "messages": messages(1)})
            await b.aclose()
            return first, second

        first, second = asyncio.run(go())
    assert first.status == second.status == 200
    assert [n for n, _ in seen] == [1, 2]


def test_a_redirect_is_sent_again_through_httpx_which_follows_it():
    moved = b"HTTP/1.1 307 Temporary Redirect\r\nlocation: /v2/chat/completions\r\ncontent-length: 0\r\n\r\n"
    with scripted(moved, moved, ok()) as (url, seen):
        answers = asyncio.run(post_all(OpenAIBackend("m", url, api_key="k")))
    assert answers[0].text == '{"body": "Hi"}'
    assert [data.split(b" ", 2)[1] for _, data in seen] == [b"/v1/chat/completions"] * 2 + [b"/v2/chat/completions"]


def test_a_client_with_a_proxy_or_a_cookie_sends_through_httpx(monkeypatch):
    lib = http_library()

    async def wire_of(setup=lambda http: None):
        b = OpenAIBackend("m", "http://127.0.0.1:9/v1", api_key="k")
        client, _ = b._bind()
        setup(client._client)
        out = oc.wire_for(client._client, "http://127.0.0.1:9/v1/chat/completions", lib.Headers({}), 1.0, 10)
        await b.aclose()
        return out

    for name in ("NO_PROXY", "no_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    assert asyncio.run(wire_of()) is not None
    assert asyncio.run(wire_of(lambda http: http.cookies.set("a", "b"))) is None
    monkeypatch.setenv("HTTP_PROXY", "http://127.0.0.1:9")
    assert asyncio.run(wire_of()) is None  # the proxy is one of the client's mounts: httpx sends through it
