"""Benchmark: generate a world of 500+ artifacts through the OpenAI-compatible test server.

Prints the generation wall time, the lower bound max(N*L/C, depth*L), their ratio (target <= 1.25),
the client's own CPU per call (the bench process's CPU time over the cold run divided by its calls: prompt
building, schema, validation, HTTP; the server is another process, and a loaded machine stretches the wall
time but not this), the load average, a sha256 of every content made (the same seed and server answers
must give the same one) and of the response cache's keys (a change to the client must leave both as they were), a warm
rerun's calls, wall and CPU time, the test server's CPU per request (on a
2-core machine client and server share the cores, so the wall time is bound by their sum as well), the floor
that CPU alone sets (max of the bound, the client's CPU and a latency, and both processes' CPU over the cores: a
wall time far above it is the machine's load, a floor above the bound is CPU per call still to cut), and the
prompt tokens per artifact the
server counted: in all, and
uncached (after the longest prefix it had already seen, in 16-token blocks, as a prefix cache counts them;
generators/backends/prefix_cache.py). The server runs as its own process on 127.0.0.1, as a real
endpoint would; the client is worldsmith's OpenAI backend as it runs against any server (its requests as
HTTP/1.1 bytes on asyncio's transports, generators/backends/wire.py; the openai client's httpx where a proxy,
a cookie or a redirect needs it). The outline is
the legal example with its recurring kinds (emails, documents, sheets) multiplied by --scale; chats,
meetings and calendars keep their count.

The server answers from answers made before the timed runs (a first, untimed run against an in-process server with
no latency keeps them: TestServer.write_answers, `--answers`), as a warm endpoint on other machines would: composing
an answer was two thirds of the server's CPU per request, and on a small machine the client shares the cores with
it, so the wall time measured the server's composer as much as the client. The server still reads, counts and logs
every request, sleeps its latency and injects its faults; `--live-answers` composes every answer in the timed run
as before (the number to compare with figures taken before this).

    python -m bench.llm_throughput [--latency 0.2] [--concurrency 32] [--scale 6]     (from the repository root)
    python -m bench.llm_throughput --smoke     (the legal example as written, 20 ms latency: what CI runs)
    python -m bench.llm_throughput --concurrency 128 --profile cold.prof   (a cProfile of the cold run's client)
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import hashlib
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from worldsmith.flows import pipeline
from worldsmith.generators.backends.cache import ResponseCache
from worldsmith.generators.backends.openai_compat import OpenAIBackend
from worldsmith.generators.backends.test_server import TestServer
from worldsmith.generators.backends.usage import Usage
from worldsmith.generators.engine import chain_heights, generate_contents

REPO = Path(__file__).resolve().parents[1]
# Kinds whose items take a count; a chat item is one channel and a meeting is pinned to its day or deadline.
SCALED_KINDS = ("email_thread", "document", "spreadsheet")


def scaled_outline(scale: int, folder: Path) -> Path:
    """The legal example with each recurring item's count multiplied, spread from its date to the window's end."""
    data = yaml.safe_load((REPO / "outlines/examples/tanker-spill-liability.yaml").read_text())
    window = data["window"]
    for group in data["inventory"]:
        for item in group["items"]:
            if scale == 1 or item["kind"] not in SCALED_KINDS:
                continue
            item["count"] = min(50, item.get("count", 1) * scale)
            if "date" in item:
                item["dates"] = {"start": item.pop("date"), "end": window["end"]}
    path = folder / "scaled.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def main() -> None:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--latency", type=float, default=0.2)
    ap.add_argument("--concurrency", type=int, default=32)
    ap.add_argument("--scale", type=int, default=6)
    ap.add_argument("--smoke", action="store_true", help="scale 1 and 20 ms latency: a few seconds (what CI runs)")
    ap.add_argument("--profile", metavar="FILE", help="write a cProfile of the cold run's client to FILE (pstats)")
    ap.add_argument("--live-answers", action="store_true",
                    help="the server composes every answer in the timed run (no answers made before)")
    args = ap.parse_args()
    if args.smoke:
        args.scale, args.latency = 1, 0.02

    tmp = Path(tempfile.mkdtemp(prefix="ws-bench-"))
    with TestServer(keep_answers=True) as first:  # no latency; its answers are what the timed server answers with
        prepared = pipeline.prepare(scaled_outline(args.scale, tmp), 0, OpenAIBackend(
            "test-model", base_url=first.base_url, api_key="not-needed", concurrency=args.concurrency))
        plan = pipeline.make_plan(prepared)
        if not args.live_answers:
            asyncio.run(generate_contents(plan, prepared.taxonomy, OpenAIBackend(
                "test-model", base_url=first.base_url, api_key="not-needed", concurrency=args.concurrency),
                concurrency=args.concurrency))
            first.write_answers(tmp / "answers.jsonl")
    # The server prints its stats() as its last line of stderr when it stops: a file, so a full pipe never blocks it.
    err = open(tmp / "server.err", "w+", encoding="utf-8")
    answers = [] if args.live_answers else ["--answers", str(tmp / "answers.jsonl")]
    server = subprocess.Popen([sys.executable, "-m", "worldsmith.generators.backends.test_server", "--port", "0",
                               "--latency", str(args.latency), *answers], cwd=REPO, stdout=subprocess.PIPE,
                              stderr=err, text=True)
    url = server.stdout.readline().strip()
    try:
        cache = ResponseCache(tmp / "cache.sqlite")

        def backend() -> OpenAIBackend:
            return OpenAIBackend("test-model", base_url=url, api_key="not-needed", concurrency=args.concurrency,
                                 cache=cache, usage=Usage())

        cold = backend()
        n = len(plan.artifacts)
        depth = max(chain_heights(plan.artifacts).values())
        bound = max(n * args.latency / args.concurrency, depth * args.latency)

        def timed(b: OpenAIBackend, profile: str | None = None) -> tuple[float, float, str]:
            """(wall seconds, this process's CPU seconds, sha256 of every content in plan order) of one run."""
            # Timed by process CPU, not wall: on a shared machine a wall-clock profile charges the waits for the
            # cores (and the server's sleeps) to whatever call happened to be running, hiding the client's own cost.
            profiler = cProfile.Profile(time.process_time) if profile else None
            start, cpu = time.perf_counter(), time.process_time()
            if profiler is not None:
                profiler.enable()
            made = asyncio.run(generate_contents(plan, prepared.taxonomy, b, concurrency=args.concurrency))
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(profile)
            wall, cpu = time.perf_counter() - start, time.process_time() - cpu
            digest = hashlib.sha256()
            for aid, content in made.items():
                digest.update(f"{aid}\n{content.model_dump_json()}\n".encode())
            return wall, cpu, digest.hexdigest()

        load = os.getloadavg()[0]
        server_before = process_cpu(server.pid)
        wall, cpu, digest = timed(cold, args.profile)
        server_after = process_cpu(server.pid)
        warm = backend()
        warm_wall, warm_cpu, warm_digest = timed(warm)
        cold_t, warm_t = cold.usage.totals(), warm.usage.totals()
        print(f"artifacts N={n}  chain depth={depth}  latency L={args.latency:.3f}s  concurrency C={args.concurrency}")
        print(f"cold: wall {wall:.2f}s  lower bound max(N*L/C, depth*L) = {bound:.2f}s  ratio {wall / bound:.2f}"
              f"  (calls {cold_t.calls}, retries {cold_t.retries}, tokens in {cold_t.tokens_in}, out {cold_t.tokens_out})")
        print(f"client CPU per call: {cpu / max(cold_t.calls, 1) * 1000:.2f} ms ({cpu:.2f}s over {cold_t.calls} calls;"
              f" load average {load:.2f} before, {os.getloadavg()[0]:.2f} after, {os.cpu_count()} CPUs)")
        print(f"contents sha256 {digest}" + ("" if warm_digest == digest else f" (warm rerun: {warm_digest})"))
        # the response cache's keys, sorted: a change to how the client builds a request must leave them as they were
        keys = sorted(row[0] for row in cache._db.execute("select key from responses"))
        print(f"cache keys sha256 {hashlib.sha256(chr(10).join(keys).encode()).hexdigest()} ({len(keys)} keys)")
        print(f"warm: wall {warm_wall:.2f}s  CPU {warm_cpu / n * 1000:.2f} ms per artifact  calls {warm_t.calls}"
              f"  cache hits {warm_t.cache_hits}")
        server.terminate()
        server.wait(timeout=30)
        stats = server_stats(err)
        if server_before is not None and server_after is not None:
            server_cpu, what = server_after - server_before, "during the cold run"
        else:  # no /proc: the server is this process's only child, and once reaped its CPU is in RUSAGE_CHILDREN
            child = resource.getrusage(resource.RUSAGE_CHILDREN)
            server_cpu, what = child.ru_utime + child.ru_stime, "start-up included"
        print(f"server CPU per request: {server_cpu / max(stats['requests'], 1) * 1000:.2f} ms ({server_cpu:.2f}s over"
              f" {stats['requests']} requests, {what}; on a small machine it shares the cores with the client;"
              f" {stats.get('precomputed', 0)} answered from answers made before the timed runs)")
        # What the CPU alone allows: the client is one event loop (its CPU is serial, and its last answer comes a
        # latency after its last request), and client and server share the machine's cores. A wall time far above
        # this floor is the machine's load; a floor above the bound is the CPU per call still to cut.
        floor = max(bound, cpu + args.latency, (cpu + server_cpu) / (os.cpu_count() or 1))
        print(f"floor from CPU: {floor:.2f}s = max(bound {bound:.2f}s, client CPU + L {cpu + args.latency:.2f}s,"
              f" client and server CPU over {os.cpu_count()} cores {(cpu + server_cpu) / (os.cpu_count() or 1):.2f}s);"
              f" wall over floor {wall / floor:.2f}, floor over bound {floor / bound:.2f}")
        total, uncached = stats["prompt_tokens"], stats["uncached_prompt_tokens"]
        print(f"prompt tokens per artifact (server's count): {total / n:,.0f} in all, {uncached / n:,.0f} uncached"
              f" ({uncached / max(total, 1):.0%}; totals {total:,} and {uncached:,} over {stats['requests']} requests)")
    finally:
        if server.poll() is None:
            server.terminate()
            server.wait(timeout=30)
        err.close()
        shutil.rmtree(tmp, ignore_errors=True)


def process_cpu(pid: int) -> float | None:
    """CPU seconds (user and system) another process has used so far, from /proc; None where there is none."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime and stime, fields 14 and 15


def server_stats(err) -> dict:
    """The test server's stats(): the last JSON line it wrote to its stderr file on stopping."""
    err.seek(0)
    lines = [line for line in err.read().splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError("the test server stopped without printing its stats")
    return json.loads(lines[-1])


if __name__ == "__main__":
    main()
