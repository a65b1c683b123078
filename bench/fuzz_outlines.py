"""Benchmark: the outline fuzzer at scale. Seeded mutants of the three example outlines; every one
`outline check` accepts is made into a world offline (up to 1,000 artifacts: larger is issue 8's scale,
bench/long_matter.py), each in a forked child whose peak memory is measured (tests/outline_fuzz.py).
A hang is over 60 s of the child's CPU (its own and its workers'), or 180 s of wall time blocked: on a
shared machine wall time is not the child's own.

Prints accepted (published), refused (with the fields refusals name most), and the property's figures,
all of which must be 0: tracebacks (checking or making a world; apart, the command line's printer
crashing on a refusal), hangs, children over 1 GiB, refusals without file:line or printed other than
written (markup, emoji), accepted outlines that failed to publish. Then the times. Exits 1 when any
figure is not 0.

    .venv/bin/python -m bench.fuzz_outlines                      # 2,000 mutants, seed 0 (about 25 minutes on 2 cores)
    .venv/bin/python -m bench.fuzz_outlines --mutants 300 --seed 1 --log /tmp/fuzz.jsonl
    .venv/bin/python -m bench.fuzz_outlines --smoke              # 21 mutants, 3 worlds: for CI
    .venv/bin/python -m bench.fuzz_outlines --only 76 --keep /tmp/fz   # replay one mutant, keep its file
    .venv/bin/python -m bench.fuzz_outlines --seed 31 --op counts --generate 40   # only the count changes
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

from tests.outline_fuzz import BIG_WORLD, EXAMPLES, LIMIT_RSS_MIB, LIMIT_SECONDS, fuzz, mutant  # noqa: E402

FIGURES = [("tracebacks", ("traceback",)), ("tracebacks printing", ("traceback printing the refusal",)),
           (f"hangs over {LIMIT_SECONDS} s CPU", ("hang",)), (f"over {LIMIT_RSS_MIB // 1024} GiB", ("over 1 GiB", "memory")),
           ("killed otherwise", ("killed",)), ("refused, no file:line", ("refused without file:line",)),
           ("refusal misprinted", ("refusal misprinted",)),
           ("accepted, not published", ("accepted but quarantined", "no manifest in the world"))]


def report(summary: dict) -> None:
    """Print a run's summary as the figures above, then each broken mutant (one JSON line, cut)."""
    outcomes, kinds = summary["outcomes"], summary["kinds"]
    made = outcomes.get("published", 0) + outcomes.get("quarantined", 0)
    print(f"mutants            {summary['mutants']} (seed {summary['seed']}; {', '.join(summary['sources'])})")
    print(f"accepted           {made + outcomes.get('accepted', 0)} ({outcomes.get('published', 0)} published, "
          f"{outcomes.get('accepted', 0)} not made, of which {summary['big_worlds']} over {BIG_WORLD:,} artifacts)")
    print(f"refused            {outcomes.get('refused', 0)}; the fields named most:")
    for field, n in summary["refused_fields"].items():
        print(f"  {n:>5}  {field}")
    for label, keys in FIGURES:
        print(f"{label:<24} {sum(kinds.get(k, 0) for k in keys)}")
    print(f"peak memory        {summary['peak_mib']:.0f} MiB (the most a child's resident set rose above its parent's)")
    print(f"slowest mutant     {summary['slowest_s']:.1f} s wall, {summary['slowest_cpu_s']:.1f} s CPU; "
          f"{summary['over_60_s_wall']} over {LIMIT_SECONDS} s of wall time (a shared machine's load)")
    print(f"time               {summary['seconds']:.0f} s: checking {summary['check_seconds']:.0f} s, "
          f"{summary['worlds']} worlds {summary['world_seconds']:.0f} s wall and {summary['world_cpu_seconds']:.0f} s "
          f"CPU in their children")
    for broken in summary["broken"]:
        print(json.dumps(broken, default=str)[:1500])


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mutants", type=int, default=2000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--generate", type=int, default=1_000_000, help="make worlds of at most this many accepted mutants")
    p.add_argument("--workers", type=int, default=2, help="mutants run at a time (the default suits 2 cores)")
    p.add_argument("--source", type=Path, action="append", help="an outline to mutate (default: the three examples)")
    p.add_argument("--only", type=int, action="append", help="run only mutant K (repeatable)")
    p.add_argument("--op", action="append", help="run only the mutants (of 0..mutants-1) whose operation is OP, e.g. "
                                                 "counts or counts:inventory (repeatable; a prefix of the logged op)")
    p.add_argument("--smoke", action="store_true", help="21 mutants, at most 3 worlds: a quick run for CI")
    p.add_argument("--log", type=Path, help="write one JSON line per mutant here")
    p.add_argument("--keep", type=Path, help="work here (the broken mutants' files stay) instead of a temporary folder")
    args = p.parse_args()
    if args.smoke:
        args.mutants, args.generate = 21, 3
    sources = tuple(args.source or EXAMPLES)
    if args.op:
        # a mutant's operation is known without running it (a seeded draw and a YAML dump: about 50 ms of CPU each)
        chosen = [k for k in (args.only or range(args.mutants))
                  if mutant(k, args.seed, sources)[1].startswith(tuple(args.op))]
        print(f"--op {' '.join(args.op)}: {len(chosen)} of {len(args.only or range(args.mutants))} mutants", flush=True)
        args.only = chosen
    log = args.log.open("w") if args.log else None
    if args.keep:
        summary = fuzz(args.mutants, args.seed, args.keep, args.generate, sources, log, args.workers, args.only)
    else:
        with tempfile.TemporaryDirectory(prefix="fuzz-outlines-") as tmp:
            summary = fuzz(args.mutants, args.seed, Path(tmp), args.generate, sources, log, args.workers, args.only)
    report(summary)
    return 1 if summary["violations"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
