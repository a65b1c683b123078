"""Long-matter benchmark: a year-long version of the tanker example, thousands of artifacts, made offline.

Run it from the repository root (CI runs --smoke):
    python -m bench.long_matter [--scale 50] [--days 364] [--keep DIR] [--plan-only]
    python -m bench.long_matter --smoke     (--scale 1 --days 70: the example's own size, every stage)
    python -m bench.long_matter --scale 80 --outline tests/fixtures/construction-delay.yaml   (another matter)

The outline is derived from outlines/examples/tanker-spill-liability.yaml: its window runs `--days`
from its start, every item's count is multiplied by `--scale` (an item with a date recurs weekly
from it, a ranged item stretches its range to the window's end), and the result is written to a
temporary folder. Then the real flow (worldsmith.flows.generate.generate_world, offline backend)
makes, validates and publishes it there. Printed: the artifact count, the wall time of each stage
(plan, generate, render, load and validate, each repair round's regenerate, render and load and validate
summed over the rounds, publish), in wall and in CPU seconds (this process and its workers: on a shared
machine the CPU column is the one to compare), a round's share of render plus load and validate, the total, the verdict,
the load average, and the peak memory of this process and of its children (ru_maxrss).
Target (issue 8): at least 5,000 artifacts, published with 0 errors, under 3 minutes wall on the
2-core machine, under 2 GiB peak.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import resource
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]

EXAMPLE = ROOT / "outlines" / "examples" / "tanker-spill-liability.yaml"
MAX_COUNT = 5000
SCALED_KINDS = ("email_thread", "document", "spreadsheet")


def long_outline(scale: int, days: int, example: Path = EXAMPLE) -> dict:
    """The example outline as a mapping, its window `days` long and every item `scale` times as many."""
    data = yaml.safe_load(example.read_text(encoding="utf-8"))
    start = data["window"]["start"]
    end = start + dt.timedelta(days=days)
    data["window"]["end"] = end
    # Distractors stay single (one superseded draft, not fifty); kinds that are one of a kind (a chat
    # channel) keep their count.
    items = [item for folder in data["inventory"] for item in folder["items"] if item["kind"] in SCALED_KINDS]
    for item in items:
        item["count"] = min(MAX_COUNT, int(item.get("count", 1)) * scale)
        if "dates" in item:
            item["dates"]["end"] = end
    return data


def write_outline(data: dict, folder: Path) -> Path:
    """The outline written as YAML under `folder`."""
    path = folder / "tanker-spill-long.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def peak_mib() -> tuple[float, float]:
    """Peak resident memory (MiB) of this process and of its largest waited-for child."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return own, children


def main() -> None:
    """Derive the outline, run the flow, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=50, help="multiply every item's count (default 50: about 5,100 artifacts)")
    parser.add_argument("--days", type=int, default=364, help="the window's length in days (default 364)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--outline", type=Path, default=EXAMPLE, help="the outline to stretch (default the tanker "
                        "example): a matter whose threads repeat differently shows other near-duplicates")
    parser.add_argument("--keep", type=Path, help="write the outline and the world here and keep them (the world's "
                        "validation.json, under outputs/ or outputs/_quarantine/, lists each check's failing rows)")
    parser.add_argument("--plan-only", action="store_true", help="only plan, and print the plan's figures")
    parser.add_argument("--smoke", action="store_true", help="scale 1 over 70 days: every stage in seconds (what CI runs)")
    args = parser.parse_args()
    if args.smoke:
        args.scale, args.days = 1, 70
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="long-matter-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        outline = write_outline(long_outline(args.scale, args.days, args.outline.resolve()), folder)
        if args.plan_only:
            _plan_only(outline, args.seed)
            return
        os.environ.setdefault("PREFECT_HOME", str(Path(tmp) / "prefect"))
        started = time.perf_counter()
        from worldsmith.flows.generate import generate_world  # imports Prefect: part of the wall time
        imported = time.perf_counter() - started
        result = generate_world(str(outline), seed=args.seed, out=str(folder / "outputs"), backend="offline",
                                cache=str(folder / "cache"))
        total = time.perf_counter() - started
        artifacts = sum(v for k, v in result.counts.items())
        print(f"artifacts: {artifacts:,} ({', '.join(f'{k} {v:,}' for k, v in sorted(result.counts.items()))})")
        print(f"verdict: {result.verdict}; errors {result.errors}; warnings {result.warnings}; "
              f"quarantined {result.quarantined}; repaired {len(result.repairs)} in "
              f"{len({r['round'] for r in result.repairs})} round(s)")
        _print_checks(Path(result.path), result.repairs)
        print(f"import prefect and worldsmith: {imported:6.1f} s wall")
        print(f"{'stage':29s} {'wall':>8s} {'CPU':>8s}  (CPU: this process and its workers)")
        for stage, seconds in result.stages.items():
            print(f"{stage:29s} {seconds:6.1f} s {result.stage_cpu.get(stage, 0.0):6.1f} s")
        rounds = len({r["round"] for r in result.repairs})
        _print_repair_share(result.stages, rounds, "wall")
        _print_repair_share(result.stage_cpu, rounds, "CPU")
        print(f"flow (generate_world):         {result.seconds:6.1f} s")
        print(f"total wall:                    {total:6.1f} s (target < 180 s)")
        own, children = peak_mib()
        print(f"peak memory (ru_maxrss): self {own:,.0f} MiB, children {children:,.0f} MiB (target < 2048 MiB)")
        print(f"load average: before {' '.join(f'{x:.2f}' for x in load_before)}, "
              f"after {' '.join(f'{x:.2f}' for x in os.getloadavg())} (2 cores, shared)")


def _print_repair_share(stages: dict[str, float], rounds: int, clock: str) -> None:
    """What a repair round cost against a full render plus load and validation (issue 22: under 10%), by `clock`."""
    repair = sum(v for k, v in stages.items() if k.startswith("repair"))
    whole = stages.get("render", 0.0) + stages.get("load and validate", 0.0)
    if rounds and whole:
        print(f"repair per round ({clock + '):':5s}        {repair / rounds:6.1f} s, {100 * repair / rounds / whole:.0f}% of "
              f"render plus load and validate (target < 10%)")


def _print_checks(world: Path, repairs: list[dict]) -> None:
    """Each check the published (or quarantined) world still fails, and the checks its repair rounds answered."""
    import json
    from collections import Counter

    report = json.loads((world / "validation.json").read_text(encoding="utf-8"))
    for check in report["checks"]:
        if check["count"]:
            print(f"  still failing: {check['id']} ({check['severity']}) {check['count']:,}")
    repaired = Counter(problem.split(":", 1)[0] for r in repairs for problem in r["problems"])
    if repaired:
        print("  repaired on: " + ", ".join(f"{k} {v}" for k, v in sorted(repaired.items())))


def _plan_only(outline: Path, seed: int) -> None:
    """Plan the outline and print how many artifacts, and how they spread over the window."""
    from collections import Counter

    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    started = time.perf_counter()
    prepared = pipeline.prepare(outline, seed, OfflineBackend())
    plan = pipeline.make_plan(prepared)
    elapsed = time.perf_counter() - started
    kinds = Counter(a.kind for a in plan.artifacts)
    print(f"artifacts: {len(plan.artifacts):,} ({', '.join(f'{k} {v:,}' for k, v in sorted(kinds.items()))}); "
          f"prepare and plan {elapsed:.1f} s")
    from worldsmith.generators.context import artifact_day

    # (a meeting has no date of its own: artifact_day reads its start, as it reads a message's sending)
    dates = [a.sent_at.astimezone(dt.timezone.utc).date() if a.kind == "email" else artifact_day(a) for a in plan.artifacts]
    months = Counter(d.strftime("%Y-%m") for d in dates)
    print("by month: " + ", ".join(f"{m} {n}" for m, n in sorted(months.items())))


if __name__ == "__main__":
    main()
