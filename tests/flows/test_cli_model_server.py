"""`worldsmith model-server`: the test server as a user command, answering the real openai client over HTTP."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import urllib.request

from worldsmith.generators.backends.openai_compat import OpenAIBackend
from worldsmith.generators.engine import generate_contents
from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from tests.conftest import MINI
from worldsmith.worlds.outline import load_outline


def test_model_server_serves_models_and_a_world_then_stops_on_sigint(tmp_path):
    log = tmp_path / "requests.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "worldsmith.flows.cli", "model-server", "--port", "0",
                             "--model", "my-model", "--log", str(log)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        url = proc.stdout.readline().strip()  # the first line is the base URL
        assert url.startswith("http://127.0.0.1:") and url.endswith("/v1"), url
        models = json.loads(urllib.request.urlopen(url + "/models", timeout=10).read())
        assert [m["id"] for m in models["data"]] == ["my-model"]
        outline = load_outline(MINI)
        taxonomy = load_taxonomy()
        plan = plan_world(outline, resolve_cast(outline, taxonomy), 0, "w")
        made = asyncio.run(generate_contents(plan, taxonomy, OpenAIBackend("my-model", url, timeout=10)))
        assert set(made) == {a.id for a in plan.artifacts}
    finally:
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 0, stderr
    assert len(log.read_text().splitlines()) >= len(plan.artifacts)


def test_model_server_can_pad_every_answer_and_send_it_without_a_length(tmp_path):
    """--padding and --no-length: the oversized body of a hostile server, to try the client's cap by hand."""
    proc = subprocess.Popen([sys.executable, "-m", "worldsmith.flows.cli", "model-server", "--port", "0",
                             "--padding", "5000", "--no-length"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        url = proc.stdout.readline().strip()
        with urllib.request.urlopen(url + "/models", timeout=10) as answer:
            body = answer.read()
            assert answer.headers.get("Content-Length") is None
        assert body.endswith(b" " * 5000) and json.loads(body)["data"][0]["id"] == "test-model"
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
    assert proc.returncode == 0
