"""A slow or hostile model server costs one artifact its deadline and a run at most its own, and no answer's body is
read past its cap: real HTTP on 127.0.0.1 (the project's TestServer, or a bare one), the real openai client, tiny
deadlines so that each test ends in seconds."""

from __future__ import annotations

import asyncio
import gzip
import http.server
import json
import re
import threading
import time
from contextlib import contextmanager

import pytest
from typer.testing import CliRunner

from tests.conftest import MINI
from tests.generators.test_openai_backend import FAKE_KEY, backend, completions, serving
from tests.generators.test_prompts import world_contexts
from worldsmith.generators.backends.bounded_http import MAX_BODY_BYTES
from worldsmith.generators.backends.openai_compat import OpenAIBackend
from worldsmith.worlds.content import EmailContent
from worldsmith.worlds.errors import ModelError


@pytest.fixture(scope="module")
def context():
    return world_contexts()[0]


def _fails(b: OpenAIBackend, context) -> tuple[ModelError, float]:
    start = time.monotonic()
    with pytest.raises(ModelError) as caught:
        asyncio.run(b.generate(context, EmailContent))
    return caught.value, time.monotonic() - start


def test_a_server_slower_than_the_deadline_costs_the_artifact_its_deadline_not_its_retries(context):
    # attack22 F11: a 60 s read timeout times 6 attempts times 3 asks kept one artifact for up to 18 minutes
    with serving(latency=30.0) as server:
        b = backend(server, timeout=60.0, artifact_deadline=0.5, run_deadline=0)
        error, seconds = _fails(b, context)
    assert seconds < 5, seconds
    assert "no valid answer within the artifact deadline of 0.5 s" in str(error), error
    assert error.retryable and not error.systemic  # one artifact's failure; a rerun asks again
    assert b.usage.kind("email").failures == 1


def test_a_trickling_server_never_trips_the_read_timeout_and_is_cut_off_by_the_deadline(context):
    # A byte every 0.05 s: the read timeout (0.5 s) counts from the last byte, so it never fires and no retry is
    # made; only the artifact's deadline ends the call.
    with serving(trickle=0.05) as server:
        b = backend(server, timeout=0.5, artifact_deadline=1.5, run_deadline=0)
        error, seconds = _fails(b, context)
    sent = completions(server)  # recorded once stopped: the trickle was still going when the client left
    assert 1.4 < seconds < 6, seconds
    assert "artifact deadline of 1.5 s" in str(error), error
    assert len(sent) == 1, [r["status"] for r in sent]


def test_past_the_run_deadline_every_later_call_fails_at_once_without_a_request(context):
    with serving(latency=30.0) as server:
        b = backend(server, timeout=60.0, artifact_deadline=0, run_deadline=0.5)
        first, first_seconds = _fails(b, context)
        second, second_seconds = _fails(b, context)
    sent = completions(server)
    assert first_seconds < 5 and second_seconds < 0.5, (first_seconds, second_seconds)
    for error in (first, second):
        assert "the run's deadline for model calls (0.5 s" in str(error) and "run the same command again" in str(error)
        assert error.retryable and not error.systemic
    assert len(sent) == 1


def test_waiting_for_a_concurrency_slot_does_not_count_against_an_artifacts_deadline():
    # One call at a time, 0.6 s each, 1 s a deadline: the third artifact waits 1.2 s for its slot behind two
    # answers that come, and is not failed for it; only the server's own time counts.
    contexts = world_contexts()[:3]
    # (times doubled from 0.6 s a call and a 1 s deadline, which a loaded machine overran, client3 and suite6)
    with serving(latency=1.2) as server:
        b = backend(server, concurrency=1, timeout=10.0, artifact_deadline=2.0, run_deadline=0)

        async def three():
            return await asyncio.gather(*(b.generate(c, EmailContent) for c in contexts))

        start = time.monotonic()
        made = asyncio.run(three())
        seconds = time.monotonic() - start
    assert len(made) == 3 and all(m.subject for m in made)
    assert seconds > 3.4, seconds  # they did queue
    assert b.usage.totals().failures == 0


def test_a_deadline_put_back_for_a_queue_still_ends_at_the_runs_end_and_says_so():
    contexts = world_contexts()[:3]
    with serving(latency=1.2) as server:
        b = backend(server, concurrency=1, timeout=10.0, artifact_deadline=2.0, run_deadline=3.0)

        async def three():
            return await asyncio.gather(*(b.generate(c, EmailContent) for c in contexts), return_exceptions=True)

        made = asyncio.run(three())
    assert [type(m).__name__ for m in made] == ["EmailContent", "EmailContent", "ModelError"], made
    assert "the run's deadline for model calls (3 s" in str(made[2]) or "the run's deadline for model calls (3.0 s" \
        in str(made[2]), made[2]


def test_bad_deadlines_are_refused():
    with pytest.raises(ValueError, match="deadlines"):
        OpenAIBackend("m", "http://127.0.0.1:1/v1", artifact_deadline=-1)
    with pytest.raises(ValueError, match="max_body_bytes"):
        OpenAIBackend("m", "http://127.0.0.1:1/v1", max_body_bytes=0)


def test_generate_against_a_stalling_server_ends_quickly_quarantined_with_each_artifact_reported(tmp_path,
                                                                                                 monkeypatch):
    from worldsmith.flows.cli import app

    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    with serving(latency=60.0) as server:
        start = time.monotonic()
        done = CliRunner().invoke(app, ["generate", str(MINI), "--no-prefect", "--out", str(tmp_path / "out"),
                                        "--backend", "openai", "--model", "test-model", "--base-url", server.base_url,
                                        "--no-cache", "--concurrency", "1", "--artifact-deadline", "0.4",
                                        "--run-deadline", "1.0"],
                                  env={"COLUMNS": "300"})
        seconds = time.monotonic() - start
    assert done.exit_code == 1, done.output
    assert "Traceback" not in done.output and "quarantined" in done.output, done.output
    assert "artifact(s) missing" in done.output
    failures = json.loads(next((tmp_path / "out").rglob("failures.json")).read_text())["failures"]
    assert failures and all("deadline" in f["error"] or f["blocked_by"] for f in failures), failures
    # One call at a time: the first two are cut by their own deadline, the rest by the run's.
    assert any("the run's deadline for model calls (1 s" in f["error"] for f in failures)
    assert any("artifact deadline of 0.4 s" in f["error"] for f in failures)
    assert seconds < 90, seconds  # the offline stages of a small world; the model's share is the 1 s


def test_deadlines_come_from_the_cli_the_environment_or_the_config_file(tmp_path):
    from worldsmith.flows.config import ConfigError, resolve_config

    toml = tmp_path / "worldsmith.toml"
    toml.write_text("artifact_deadline = 45\nrun_deadline = 0\n")
    config = resolve_config({}, toml, env={})
    assert (config.artifact_deadline, config.run_deadline) == (45, 0)
    config = resolve_config({"artifact_deadline": 7.5}, toml, env={"WORLDSMITH_RUN_DEADLINE": "600"})
    assert (config.artifact_deadline, config.run_deadline) == (7.5, 600)
    assert config.source["run_deadline"] == "$WORLDSMITH_RUN_DEADLINE"
    default = resolve_config({}, None, env={})
    assert default.artifact_deadline == 300 and default.run_deadline == 4 * 3600
    with pytest.raises(ConfigError, match="artifact_deadline"):
        resolve_config({"artifact_deadline": -1}, None, env={})


# ---------------------------------------------------------------- the body's cap


@pytest.mark.parametrize("concurrency", [16, 64])  # 64: requests go in turn to four connection pools
def test_an_answer_declared_over_the_cap_is_refused_unread_and_not_retried(context, concurrency):
    with serving(padding=MAX_BODY_BYTES + 1) as server:
        b = backend(server, concurrency=concurrency)
        error, _ = _fails(b, context)
    sent = completions(server)  # once stopped: the server was still writing when the client left
    assert re.search(r"sent an answer of 8,3\d\d,\d\d\d bytes; an answer's body may be at most 8,388,608 bytes, "
                     "uncompressed", str(error)), error
    assert not error.retryable and not error.systemic  # this artifact fails; the run goes on
    assert len(sent) == 1
    assert all(r["accept_encoding"] == "identity" for r in sent)  # no compression: the cap counts what is decoded


def test_an_answer_with_no_length_is_cut_off_at_the_cap(context):
    with serving(padding=3 * MAX_BODY_BYTES, length_header=False) as server:
        b = backend(server)
        error, _ = _fails(b, context)
    assert f"an answer of over {MAX_BODY_BYTES:,} bytes" in str(error), error


@pytest.mark.parametrize("concurrency", [16, 64])
def test_answers_under_the_cap_are_read_as_before(context, concurrency):
    with serving(padding=64 * 1024, length_header=False) as server:
        b = backend(server, max_body_bytes=256 * 1024, concurrency=concurrency)
        content = asyncio.run(b.generate(context, EmailContent))
    assert content.subject


@contextmanager
def _bare_server(body: bytes, headers: dict[str, str]):
    """A server on 127.0.0.1 that answers every POST with `body` and `headers`."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802
            self.rfile.read(int(self.headers.get("content-length") or 0))
            self.send_response(200)
            for name, value in {"content-type": "application/json", "content-length": str(len(body)),
                                **headers}.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/v1"
    finally:
        server.shutdown()
        server.server_close()


def test_an_answer_of_a_declared_length_is_read_to_that_length_and_no_further(context):
    """An answer under the cap by its Content-Length is read uncounted (the client's CPU per call): HTTP/1.1 reads such
    a body to its declared length, so the bytes a server sends past it are never read into the answer."""
    head = b'{"choices": []}'
    body = head + b" " * (64 - len(head)) + b"x" * (2 * MAX_BODY_BYTES)
    with _bare_server(body, {"content-length": "64"}) as url:
        b = OpenAIBackend("test-model", url, api_key=FAKE_KEY, timeout=5.0, max_attempts=2, backoff_base=0.01,
                          reasks=0)
        error, _ = _fails(b, context)
    # the 64 bytes are JSON with no message; read past them, the answer would be no JSON, or over the cap
    assert "the server's answer held no message" in str(error), error


def test_a_compressed_answer_is_refused_though_small_on_the_wire(context):
    # 16 MiB of spaces gzip to 16 KiB: the cap counts bytes on the wire, so a body that comes compressed (never
    # asked for) is refused rather than inflated.
    bomb = gzip.compress(b'{"choices": []}' + b" " * (2 * MAX_BODY_BYTES), compresslevel=6)
    assert len(bomb) < MAX_BODY_BYTES
    with _bare_server(bomb, {"content-encoding": "gzip"}) as url:
        b = OpenAIBackend("test-model", url, api_key=FAKE_KEY, timeout=5.0, max_attempts=2, backoff_base=0.01)
        error, _ = _fails(b, context)
    assert "a compressed answer (gzip) although none was asked for" in str(error), error
