"""Benchmark: what consuming a world costs. Open, tasks and lint, Harbor export and gates, MCP calls over stdio.

Publishes the example outline (offline backend, seed 0) into a temporary folder, then times each
step and prints one line per figure. The Harbor export is timed whole (the wheel built once, every
task folder written) and per task; its gates run in process. --smoke makes a quick run: the smallest example
(hospital-revenue-audit; tests/environments/test_harbor_export.py exports the other two) and 5 MCP calls.

    .venv/bin/python -m bench.environments [--outline outlines/examples/tanker-spill-liability.yaml] [--calls 50]
    .venv/bin/python -m bench.environments --smoke
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _timed(label: str, fn):
    start = time.perf_counter()
    value = fn()
    print(f"{label:<44} {time.perf_counter() - start:8.2f} s")
    return value


async def _mcp_calls(world: Path, session: Path, n: int) -> float:
    from fastmcp import Client
    from fastmcp.client.transports import StdioTransport

    transport = StdioTransport(sys.executable, ["-m", "worldsmith.flows.cli", "serve", str(world), "--session",
                                                str(session)], keep_alive=False)
    async with Client(transport, timeout=60) as client:
        start = time.perf_counter()
        for _ in range(n):
            await client.call_tool("mail_search", {"query": "liability"})
        return (time.perf_counter() - start) / n


def main() -> None:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--outline", default=None, help="an example's file name (default: tanker-spill-liability.yaml)")
    ap.add_argument("--calls", type=int, default=50)
    ap.add_argument("--smoke", action="store_true", help="a quick run: the smallest example, 5 MCP calls")
    args = ap.parse_args()
    calls = 5 if args.smoke else args.calls
    args.outline = args.outline or ("hospital-revenue-audit.yaml" if args.smoke else "tanker-spill-liability.yaml")

    import worldsmith
    from tests.published import publish_example
    from worldsmith.environments.harbor import export_harbor, run_gates
    from worldsmith.environments.index_html import write_index
    from worldsmith.environments.lint import make_task_set

    tmp = Path(tempfile.mkdtemp(prefix="worldsmith-bench-"))
    bundle = _timed("publish the example (plan..validate)", lambda: publish_example(Path(args.outline).name, tmp))
    world = _timed("worldsmith.open (checksums verified)", lambda: worldsmith.open(bundle))
    task_set = _timed("make + lint tasks", lambda: make_task_set(world))
    print(f"{'tasks kept / refused':<44} {len(task_set.tasks):5d} / {len(task_set.refused)}")
    _timed("index.html", lambda: write_index(world, task_set))
    start = time.perf_counter()
    dirs = _timed(f"export harbor, {len(task_set.tasks)} tasks (wheel once)",
                  lambda: export_harbor(world, task_set.tasks, tmp / "harbor"))
    per_task = (time.perf_counter() - start) / max(1, len(dirs))
    print(f"{'export harbor, per task':<44} {per_task:8.2f} s")
    gates = _timed("gates in process, every task", lambda: run_gates(world, dirs))
    print(f"{'gates passed (nop 0, oracle 1)':<44} {sum(g.passed for g in gates):5d} / {len(gates)}")
    failed = [g for g in gates if not g.passed]
    if failed:  # tests/environments/test_harbor_export.py gates one task of each kind; every task is gated here
        sys.exit(f"gates failed on {len(failed)} of {len(gates)} tasks: "
                 + ", ".join(f"{g.task} (nop {g.nop}, oracle {g.oracle})" for g in failed[:5]))
    per_call = asyncio.run(_mcp_calls(bundle, tmp / "session", calls))
    print(f"{'MCP mail_search over stdio, per call':<44} {per_call * 1000:8.1f} ms")
    world.close()


if __name__ == "__main__":
    main()
