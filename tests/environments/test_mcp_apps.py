"""The apps over MCP, through fastmcp's real Client: over stdio (a `worldsmith serve` subprocess) and streamable HTTP.

One script of calls runs over each transport: list the tools, search mail for a fact's label and read
the message that states it, read the sheet cell that holds a ledger figure, reply, reset; afterwards the published
world's checksums are unchanged.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import time

import pytest

pytest.importorskip("fastmcp")
from fastmcp import Client  # noqa: E402
from fastmcp.client.transports import StdioTransport, StreamableHttpTransport  # noqa: E402

import worldsmith  # noqa: E402
from worldsmith.environments.session import load_state  # noqa: E402
from worldsmith.worlds.world import verify_files  # noqa: E402

CAP = "liability_cap"
MAIL_TOOLS = {"mail_list_folders", "mail_search", "mail_read", "mail_read_thread", "mail_download_attachment",
              "mail_send", "mail_reply", "mail_forward"}
DRIVE_TOOLS = {"drive_list", "drive_search", "drive_read_document", "drive_read_sheet", "drive_create_document"}


def _serve(world, session, *extra) -> list[str]:
    return ["-m", "worldsmith.flows.cli", "serve", str(world), "--session", str(session), *extra]


async def _script(transport, world_path) -> dict:
    world = worldsmith.open(world_path)
    fact = world.facts[CAP]
    label = fact.label or "liability cap"
    cell = world.db.execute("""select c.path, c.sheet_name, c.row, c.col from cells c
                               join planned_facts p on p.artifact_id = c.artifact_id and p.fact_id = ?
                               where c.value_num = ? order by c.path, c.row limit 1""",
                            [CAP, float(fact.value.amount)]).fetchone()
    channel = next((c.name for c in world.chat if c.name and world.plan.people[0].email in c.members), None)
    world.close()
    assert cell is not None, f"no sheet cell planned to carry {CAP} holds the ledger's {fact.value.amount}"
    seen: dict = {"fact_text": fact.text}
    async with Client(transport, timeout=60) as client:
        seen["tools"] = {t.name for t in await client.list_tools()}
        # search by the fact's label, as an agent would, and read the hits until one states the figure
        hits = (await client.call_tool("mail_search", {"query": label})).data["results"]
        seen["hits"] = len(hits)
        message = None
        for hit in hits:
            message = (await client.call_tool("mail_read", {"message_id": hit["message_id"]})).data
            if fact.text in " ".join(message["body"].split()):
                break
        seen["message_has_fact"] = message is not None and fact.text in " ".join(message["body"].split())
        path, sheet, row, col = cell
        ref = f"{chr(64 + col)}{row}"
        seen["cell"] = (await client.call_tool("drive_read_sheet", {"path": path, "range": ref, "sheet": sheet})).data
        sent = (await client.call_tool("mail_reply", {"message_id": message["message_id"],
                                                      "body": f"Confirmed: the cap is {fact.text}."})).data
        seen["sent"] = sent
        if channel is not None:  # the examples' chat: post the figure where the team talks
            seen["posted"] = (await client.call_tool("chat_post", {"channel": channel, "text": fact.text})).data
            seen["chat_tail"] = (await client.call_tool("chat_read", {"channel": channel, "limit": 1})).data["messages"]
        if "calendar_list_events" in seen["tools"]:
            seen["events"] = (await client.call_tool("calendar_list_events", {})).data["events"]
        seen["state"] = (await client.call_tool("export_state", {})).data
        thread = (await client.call_tool("mail_read_thread", {"message_id": sent["message_id"]})).data["messages"]
        seen["thread_ends_with_reply"] = thread[-1]["message_id"] == sent["message_id"]
        missing = await client.call_tool("mail_read", {"message_id": "nope"}, raise_on_error=False)
        seen["error"] = (missing.is_error, missing.content[0].text)
        seen["reset"] = (await client.call_tool("reset", {})).data
        folders = (await client.call_tool("mail_list_folders", {})).data["folders"]
        seen["sent_after_reset"] = next(f["messages"] for f in folders if f["folder"] == "Sent")
    return seen


def _check(seen: dict, world_path, session) -> None:
    assert MAIL_TOOLS | DRIVE_TOOLS | {"reset", "export_state", "submit_answer"} <= seen["tools"]
    assert seen["hits"] >= 1 and seen["message_has_fact"]
    world = worldsmith.open(world_path)
    assert seen["cell"]["value"] == float(world.facts[CAP].value.amount)
    assert seen["fact_text"] == world.facts[CAP].text  # the ledger's figure, whatever it is
    assert seen["sent"]["in_reply_to"] and f"Confirmed: the cap is {seen['fact_text']}." in seen["sent"]["body"]
    assert [m["message_id"] for m in seen["state"]["sent"]] == [seen["sent"]["message_id"]]
    assert seen["state"]["files_added"] == [seen["sent"]["path"]]
    assert seen["thread_ends_with_reply"]
    assert seen["error"][0] and "no message with Message-ID 'nope'" in seen["error"][1]
    if world.chat:  # chat and calendar over the same transport, where the world has them
        assert seen["chat_tail"][-1]["ts"] == seen["posted"]["ts"] and seen["chat_tail"][-1]["text"] == seen["fact_text"]
        assert [p["ts"] for p in seen["state"]["chat_posts"]] == [seen["posted"]["ts"]]
        assert seen["reset"]["chat_posts"] == []
    if world.events:
        assert sorted(e["uid"] for e in seen["events"]) == sorted(e.uid for e in world.events)
    assert seen["reset"]["sent"] == [] and seen["reset"]["files_added"] == [] and seen["sent_after_reset"] == 0
    assert load_state(session).sent == []  # what the log on disk says, read back after the server stopped
    # the published world is untouched: every checksum as published
    assert verify_files(world_path, world.manifest) == []
    world.close()


def test_a_client_over_stdio_searches_reads_replies_and_resets(published_legal, tmp_path):
    session = tmp_path / "session"
    transport = StdioTransport(sys.executable, _serve(published_legal, session), keep_alive=False)
    seen = asyncio.run(_script(transport, published_legal))
    _check(seen, published_legal, session)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def http_server(world, session, *extra, env: dict | None = None):
    """`worldsmith serve WORLD --http` in a subprocess on a free port, until the block ends: (process, port)."""
    port = free_port()
    inherited = {k: v for k, v in os.environ.items() if k not in ("WORLDSMITH_SERVE_TOKEN", "WORLDSMITH_STATE_KEY")}
    proc = subprocess.Popen([sys.executable, *_serve(world, session, "--http", "--port", str(port), *extra)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**inherited, **(env or {})})
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read().decode()[-2000:]
                assert time.monotonic() < deadline, "the HTTP server did not start"
                time.sleep(0.2)
        yield proc, port
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_a_client_over_streamable_http_does_the_same(published_legal, tmp_path):
    session = tmp_path / "session"
    with http_server(published_legal, session, env={"WORLDSMITH_SERVE_TOKEN": "t0ken-for-the-test"}) as (_, port):
        transport = StreamableHttpTransport(f"http://127.0.0.1:{port}/mcp", auth="t0ken-for-the-test")
        seen = asyncio.run(_script(transport, published_legal))
    _check(seen, published_legal, session)
