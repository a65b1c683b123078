"""The Harbor oracle: a task's reference solution replayed through the world's apps over MCP (standard library only).

The Harbor export copies this file into each task's solution/ folder, and solution/solve.sh runs it in
the agent's container, where worldsmith is not installed: it speaks MCP's streamable HTTP transport
(JSON-RPC over POST, answers as JSON or as server-sent events) with urllib, so what the oracle does
lands in the apps' session exactly as an agent's tool calls would.

    python3 harbor_oracle.py --task task.json [--url http://127.0.0.1:8000/mcp] [--wait 60]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.request

PROTOCOL = "2025-06-18"
APPS_URL = "http://127.0.0.1:8000/mcp"


class OracleError(RuntimeError):
    """The apps refused or failed a call of the reference solution."""


class Client:
    """A minimal MCP client over streamable HTTP: initialise once, then call tools."""

    def __init__(self, url: str, timeout: float = 60.0):
        self.url, self.timeout = url, timeout
        self.session: str | None = None
        self._id = 0

    def _post(self, message: dict) -> dict | None:
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if self.session:
            headers |= {"Mcp-Session-Id": self.session, "MCP-Protocol-Version": PROTOCOL}
        request = urllib.request.Request(self.url, data=json.dumps(message).encode("utf-8"), headers=headers,
                                         method="POST")
        with urllib.request.urlopen(request, timeout=self.timeout) as response:
            self.session = response.headers.get("Mcp-Session-Id") or self.session
            body = response.read().decode("utf-8")
            kind = response.headers.get("Content-Type", "")
        if "id" not in message or not body.strip():
            return None  # a notification: 202 Accepted, no body
        replies = [json.loads(body)] if "application/json" in kind else [
            json.loads(line[5:]) for line in body.splitlines() if line.startswith("data:") and line[5:].strip()]
        reply = next((r for r in replies if r.get("id") == message["id"]), None)
        if reply is None:
            raise OracleError(f"no answer to {message['method']} from {self.url}")
        if "error" in reply:
            raise OracleError(f"{message['method']} failed: {reply['error'].get('message', reply['error'])}")
        return reply["result"]

    def _request(self, method: str, params: dict) -> dict:
        self._id += 1
        return self._post({"jsonrpc": "2.0", "id": self._id, "method": method, "params": params})

    def initialize(self) -> dict:
        """Open an MCP session with the apps."""
        result = self._request("initialize", {"protocolVersion": PROTOCOL, "capabilities": {},
                                              "clientInfo": {"name": "worldsmith-oracle", "version": "1"}})
        self._post({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return result

    def call(self, tool: str, arguments: dict) -> dict:
        """Call one tool; OracleError when the apps report it failed."""
        result = self._request("tools/call", {"name": tool, "arguments": arguments})
        if result.get("isError"):
            text = " ".join(c.get("text", "") for c in result.get("content", []))
            raise OracleError(f"{tool} failed: {text}")
        return result


def connect(url: str, wait: float) -> Client:
    """An initialised client, retrying for up to `wait` seconds while the apps start."""
    deadline = time.monotonic() + wait
    while True:
        client = Client(url)
        try:
            client.initialize()
            return client
        except (urllib.error.URLError, ConnectionError, TimeoutError) as exc:
            if time.monotonic() >= deadline:
                raise OracleError(f"the apps at {url} did not answer within {wait:.0f} s ({exc})") from None
            time.sleep(0.5)


def replay(task: dict, client: Client) -> int:
    """Make the solution's actions through the apps, then submit its answer; returns the number of calls."""
    solution = task.get("solution") or {}
    calls = 0
    for action in solution.get("actions", []):
        client.call(action["tool"], action["args"])
        calls += 1
    if solution.get("answer") is not None:
        client.call("submit_answer", {"answer": solution["answer"]})
        calls += 1
    return calls


def main(argv: list[str] | None = None) -> int:
    """Replay the task's reference solution through the apps at --url."""
    ap = argparse.ArgumentParser(description="replay a worldsmith task's reference solution through its MCP apps")
    ap.add_argument("--task", required=True)
    ap.add_argument("--url", default=APPS_URL)
    ap.add_argument("--wait", type=float, default=60.0, help="seconds to wait for the apps to answer")
    args = ap.parse_args(argv)
    with open(args.task, encoding="utf-8") as fh:
        task = json.load(fh)
    try:
        calls = replay(task, connect(args.url, args.wait))
    except (OracleError, urllib.error.URLError, OSError) as exc:
        print(f"oracle: {exc}", file=sys.stderr)
        return 1
    print(f"oracle: {calls} calls to {args.url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
