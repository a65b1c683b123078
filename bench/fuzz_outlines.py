"""Benchmark: the outline fuzzer at scale. Seeded mutants of an outline (default tests/fixtures/mini.yaml),
every accepted one made into a world, each in a forked child whose peak memory is measured.

Prints the outcome counts and the property's figures: tracebacks, children killed, refusals without a
file:line, worlds without a manifest, mutants over 1 GiB (all must be 0), the peak memory and the time.

    .venv/bin/python bench/fuzz_outlines.py [--mutants 1000] [--seed 0] [--generate 1000000] [--source FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.outline_fuzz import MINI, fuzz  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mutants", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--generate", type=int, default=1_000_000, help="make worlds of at most this many accepted mutants")
    p.add_argument("--source", type=Path, default=MINI)
    p.add_argument("--log", type=Path, help="write one JSON line per mutant here")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="fuzz-outlines-") as tmp:
        log = args.log.open("w") if args.log else None
        summary = fuzz(args.mutants, args.seed, Path(tmp), args.generate, args.source, log)
    kinds = Counter(v for b in summary["broken"] for v in b["violations"])
    print(f"mutants            {summary['mutants']} (seed {summary['seed']}, source {args.source.name})")
    for outcome, n in sorted(summary["outcomes"].items()):
        print(f"  {outcome:<16} {n}")
    print(f"tracebacks         {kinds['traceback']}")
    print(f"killed             {kinds['killed']}")
    print(f"refused, no line   {kinds['refused without file:line']}")
    print(f"world, no manifest {kinds['no manifest in the world']}")
    print(f"over 1 GiB         {kinds['over 1 GiB']}")
    print(f"peak memory        {summary['peak_mib']:.0f} MiB (a child's maximum resident set)")
    print(f"time               {summary['seconds']:.0f} s")
    for broken in summary["broken"]:
        print(json.dumps(broken, default=str)[:2000])
    return 1 if summary["violations"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
