"""Tasks per world, their spread, a no-model regex bot's score and the attack suite's rates, for every example and
every fixture outline.

    python -m bench.tasks [--smoke] [--twins] [--seed N] [--examples NAME ...] [--outlines PATH ...] [--out DIR]
                          [--every-task] [--jobs N]
                                                                                  (from the repository root)

Generates each example offline (the plain library path), makes its task set after the lint, and prints:
tasks, grep-solvable share, regex-bot full marks, median files needed (and median sources a careful agent
checks), share needing 2+ apps, share of judgement or deliverable tasks, median rubric criteria, the share of
tasks whose facts lay a trap (a superseded draft, an earlier value) with a negative criterion naming it, the
share whose oracle scores 1 and doing nothing scores 0, and the attack suite's false positives (a
must-fail end state at full marks) and false negatives (a must-pass end state below it); then the same over
every example's tasks pooled, against the acceptance targets of issue 16. The fixture outlines (FIXTURES: trades
the examples do not cover, a covenant breach, a business-interruption claim, a construction delay, an aircraft
redelivery) get their own rows and pool, and each world must also keep a spread (WORLD_FLOOR: tasks and kinds): a
collapse on every outline but the examples went unseen while the bench measured the examples alone (covenant-breach
at seed 0: 19 tasks, then 4). --outlines replaces the fixture outlines (any outline files). --smoke runs one example
and attacks one task of each kind, no fixture. The full run attacks one task of each kind in every world too
(--every-task: all of them, ~80 grades a task, about 40 minutes of CPU), its worlds measured in parallel (--jobs).
--twins also makes each example's twin (one input figure changed, environments/twins.py) and grades the
original world's reference answers on the twin's tasks: a remembered answer should score below 1.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import shutil
import statistics
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from worldsmith.environments.attacks import attack_task, rates
from worldsmith.environments.grade import grade
from worldsmith.environments.lint import make_task_set
from worldsmith.environments.session import Session, SessionError
from worldsmith.environments.task_metrics import regex_bot_answer, spread
from worldsmith.worlds.world import open_world

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"]
FIXTURES = [str(REPO / "tests" / "fixtures" / f"{n}.yaml")
            for n in ("covenant-breach", "bi-claim", "construction-delay", "aircraft-redelivery", "bonus-cap-dispute")]
# The least spread each world keeps (issue 16's target on the fixture outlines): tasks, and kinds of task.
WORLD_FLOOR = (("tasks", 12), ("kinds", 4))


def _publish(name: str, out: Path, seed: int = 0) -> Path:
    from tests.published import publish_example

    return publish_example(name if name.endswith(".yaml") else f"{name}.yaml", out, seed)


def _bot_and_nop(task_set, world, root: Path) -> list[tuple[bool, bool]]:
    """For each task, whether a no-model regex bot scores full marks on it (answer tasks get its answer; write tasks
    its answer as the text it writes), and whether doing nothing at all scores 0."""
    from worldsmith.environments.attacks import _with_text
    from worldsmith.environments.lint import apply_solution

    session = Session(world, root / "bot" / world.world_id)
    out = []
    for task in task_set.tasks:
        session.clear()
        nop = grade(task, session).score == 0.0
        apply_solution(_with_text(task, regex_bot_answer(task, world)), session)
        out.append((grade(task, session).score >= 1.0, nop))
    return out


def _ends(outcomes, nops: dict[str, bool]) -> float:
    """The share of tasks whose oracle scores 1 (graded from disk, as the verifier does) and that score 0 for doing
    nothing."""
    oracle = {o.task: o.score == 1.0 for o in outcomes if o.candidate == "oracle"}
    return sum(oracle.get(task, False) and nop for task, nop in nops.items()) / max(1, len(nops))


def _ends_in_session(task_set, world, root: Path, nops: dict[str, bool]) -> float:
    """The share of tasks whose oracle scores 1 in a session (not from disk) and that score 0 for doing nothing."""
    from worldsmith.environments.lint import apply_solution

    session = Session(world, root / "oracle" / world.world_id)
    good = 0
    for task in task_set.tasks:
        session.clear()
        apply_solution(task, session)
        good += grade(task, session).score == 1.0 and nops[task.id]
    return good / max(1, len(task_set.tasks))


# Issue 16's acceptance: (key, the figure's name, at least or at most, the target)
TARGETS = [("grep_solvable", "grep-solvable", "<=", 0.10), ("bot", "regex bot full marks", "<=", 0.10),
           ("median_files", "median files needed", ">=", 3), ("two_apps", "tasks needing 2+ apps", ">=", 0.30),
           ("judgement_or_deliverable", "judgement or deliverable", ">=", 0.20),
           ("median_criteria", "median rubric criteria", ">=", 4), ("trap_guarded", "trap tasks with its negative", ">=", 1.0),
           ("ends", "oracle 1 and nop 0", ">=", 1.0), ("false_positive", "attack false positives", "<=", 0.01),
           ("false_negative", "attack false negatives", "<=", 0.02)]


def _pooled(rows, every: list) -> dict[str, float]:
    """The spread over every example's tasks together: medians over the pooled tasks, shares weighted by tasks."""
    n = sum(s["tasks"] for _, s, *_ in rows)
    out = {"tasks": n, "median_files": statistics.median([len(t.needs.files) for t in every]),
           "median_sources": statistics.median([len(t.needs.sources or t.needs.files) for t in every]),
           "median_criteria": statistics.median([len(t.rubric.criteria) for t in every])}
    for key in ("grep_solvable", "two_apps", "judgement_or_deliverable"):
        out[key] = sum(s[key] * s["tasks"] for _, s, *_ in rows) / max(1, n)
    trap = sum(s["with_trap"] for _, s, *_ in rows)
    out["with_trap"] = trap
    out["trap_guarded"] = sum(s["trap_guarded"] * s["with_trap"] for _, s, *_ in rows) / max(1, trap)
    return out


def _remembered(name: str, task_set, root: Path) -> tuple[str, int, int]:
    """Make the example's twin; grade the original's reference solutions on the twin's tasks of the same id."""
    from worldsmith.environments.attacks import _grade_from_disk
    from worldsmith.environments.lint import apply_solution
    from worldsmith.environments.twins import twin

    made = twin(REPO / "outlines" / "examples" / f"{name}.yaml")
    path = root / f"{name}-twin.yaml"
    path.write_text(made.text, encoding="utf-8")
    world = open_world(_publish(str(path), root / "twins"))
    twin_tasks = {t.id: t for t in make_task_set(world).tasks}
    shared = fooled = 0
    for task in task_set.tasks:
        other = twin_tasks.get(task.id)
        if other is None:
            continue
        shared += 1
        session_root = root / "remembered" / task.id
        session = Session(world, session_root)
        try:
            apply_solution(task, session)  # the original world's answer, remembered
        except SessionError:
            continue  # it names a message or channel the twin does not have: no full marks
        fooled += _grade_from_disk(other, world, session_root) >= 1.0
    world.close()
    return made.fact, shared, fooled


def _measure(name: str, args, root: Path):
    """One world's row: published, its task set made, the bot and nop run, and its tasks attacked (one of each kind
    unless --every-task)."""
    world = open_world(_publish(name, root / "worlds", args.seed))
    t0 = time.perf_counter()
    task_set = make_task_set(world)
    made = time.perf_counter() - t0
    shape = spread(task_set.tasks, world)
    ran = _bot_and_nop(task_set, world, root)
    full, nops = [b for b, _ in ran], {t.id: n for t, (_, n) in zip(task_set.tasks, ran)}
    # one task of each kind by default (tests/environments/test_task_attacks.py: the legal world's): a kind's
    # candidates are made from its own template, so its second task adds the same forms on other figures at ~80
    # grades a task (every task of eight worlds: about 40 minutes of CPU, bench profile s34)
    attacked = task_set.tasks if args.every_task and not args.smoke else \
        list({t.kind: t for t in reversed(task_set.tasks)}.values())
    if args.no_attacks:
        # (the attack suite is most of a world's time: a sweep over many outlines and seeds reads the spread,
        # and the oracle and nop in the session, as the lint does)
        attacked, mine = [], []
        ends = [_ends_in_session(task_set, world, root, nops)] * len(task_set.tasks)
    else:
        mine = [o for t in attacked for o in attack_task(t, world, root / "attack" / world.world_id / t.id)]
        judged = {t.id: nops[t.id] for t in attacked}  # the oracle ran on these
        ends = [_ends(mine, judged)] * len(judged)
    r = rates(mine)
    shape |= {"bot": sum(full) / max(1, len(full)), "ends": ends[-1] if ends else 0.0, **r}
    shape["kinds"] = len({t.kind for t in task_set.tasks})
    label = Path(name).stem if name.endswith(".yaml") else name
    refused = [(label, r["task"], r["reason"], r["detail"]) for r in task_set.refused]
    kinds = (label, Counter(t.kind for t in task_set.tasks), Counter(r["reason"] for r in task_set.refused))
    twin = (name, *_remembered(name, task_set, root)) if args.twins and not name.endswith(".yaml") else None
    world.close()
    return (label, shape, len(task_set.refused), made), mine, (task_set.tasks, mine, full, ends), kinds, refused, twin


def main(argv: list[str] | None = None) -> int:
    """Print the task table for the examples."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help="one example, one task of each kind attacked (what CI runs)")
    ap.add_argument("--examples", nargs="*", default=None, help="examples by name (no name: none)")
    ap.add_argument("--outlines", nargs="*", type=Path, default=None,
                    help="outline files measured beside the examples (default: the fixture outlines; none with --smoke)")
    ap.add_argument("--out", type=Path, default=None, help="keep the generated worlds here")
    ap.add_argument("--twins", action="store_true", help="also grade remembered answers on each example's twin")
    # (a spread met at seed 0 alone is a spread of one draw of the cast and calendar: issue 16 measures others)
    ap.add_argument("--seed", type=int, default=0, help="the seed every world is made at (default 0)")
    ap.add_argument("--families", action="store_true",
                    help="also print each world's tasks by family (kind), and its refusals by reason")
    ap.add_argument("--no-attacks", action="store_true",
                    help="skip the attack suite (FP/FN not measured; ends read in the session: oracle 1, nop 0)")
    ap.add_argument("--every-task", action="store_true",
                    help="attack every task of each world, not one of each kind (about 40 minutes of CPU at full size)")
    ap.add_argument("--jobs", type=int, default=0, help="worlds measured at once (default: one a CPU)")
    args = ap.parse_args(argv)
    # (--examples with no name: none, for a run of --outlines alone)
    names = args.examples if args.examples is not None else (EXAMPLES[-1:] if args.smoke else EXAMPLES)
    outlines = [str(p.resolve()) for p in args.outlines] if args.outlines is not None else \
        ([] if args.smoke or args.examples is not None else FIXTURES)
    names = [*names, *outlines]
    if not names:
        # (an empty table has no medians: say so rather than fail in statistics.median)
        ap.error("nothing to measure: --examples was given no name and --outlines no file")
    # A fresh folder under --out on every run: an example publishes under the same id each time, which a second
    # run into the same folder would refuse.
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="worldsmith-bench-tasks-", dir=args.out))
    rows, outcomes, twins, refusals, outcomes_of, kinds_of = [], [], [], [], [], []
    try:
        jobs = max(1, min(args.jobs or os.cpu_count() or 1, len(names)))
        if jobs == 1:
            measured = [_measure(name, args, root) for name in names]
        else:
            # a world a process: each publishes, makes and attacks its own (most of a run's time, and independent)
            with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
                measured = list(pool.map(_measure, names, [args] * len(names), [root] * len(names)))
        for row, mine, part, kinds, refused, twin in measured:
            rows.append(row)
            outcomes += mine
            outcomes_of.append(part)
            kinds_of.append(kinds)
            refusals += refused
            if twin is not None:
                twins.append(twin)
        total = rates(outcomes)
        n_ex = len(names) - len(outlines)
        groups = [("all examples", rows[:n_ex], outcomes_of[:n_ex]), ("all fixtures", rows[n_ex:], outcomes_of[n_ex:])]
        pools = []
        for label, group, parts in groups:
            if not group:
                continue
            tasks_of = [t for p in parts for t in p[0]]
            mine = [o for p in parts for o in p[1]]
            b = [x for p in parts for x in p[2]]
            e = [x for p in parts for x in p[3]]
            pooled = _pooled([(n, s) for n, s, *_ in group], tasks_of) | {
                "bot": sum(b) / max(1, len(b)), "ends": sum(e) / max(1, len(e)), **rates(mine),
                "kinds": len({t.kind for t in tasks_of})}
            pools.append((label, pooled, sum(r[2] for r in group), sum(r[3] for r in group)))
        print(f"{'example':<24} {'tasks':>5} {'kinds':>5} {'refused':>7} {'grep':>5} {'bot':>5} {'files':>5} {'srcs':>5} "
              f"{'2apps':>5} {'judg/deliv':>10} {'crit':>4} {'traps':>9} {'ends':>5} {'FP':>6} {'FN':>6} {'make s':>6}")
        table = [*rows[:n_ex], *pools[:1], *rows[n_ex:], *pools[1:]]
        for name, s, refused, made in table:
            traps = f"{s['trap_guarded']:.0%}/{s['with_trap']}"
            print(f"{name:<24} {s['tasks']:>5} {s['kinds']:>5} {refused:>7} {s['grep_solvable']:>5.0%} {s['bot']:>5.0%} "
                  f"{s['median_files']:>5} {s['median_sources']:>5} {s['two_apps']:>5.0%} {s['judgement_or_deliverable']:>10.0%} "
                  f"{s['median_criteria']:>4} {traps:>9} {s['ends']:>5.0%} {s['false_positive']:>6.1%} "
                  f"{s['false_negative']:>6.1%} {made:>6.1f}")
        print("(traps: of the tasks whose facts lay a trap, the share with a negative costing it / how many; ends: the "
              "share whose oracle scores 1 and doing nothing 0)")
        for key, what, sense, target in TARGETS:
            missed = [n for n, s, *_ in table if not (s[key] <= target if sense == "<=" else s[key] >= target)]
            print(f"  {what} {sense} {target:g}: " + ("met on every world" if not missed else "missed on " + ", ".join(missed)))
        for key, target in WORLD_FLOOR:
            missed = [f"{n} ({s[key]})" for n, s, *_ in rows if s[key] < target]
            print(f"  {key} per world >= {target}: " + ("met on every world" if not missed else "missed on " + ", ".join(missed)))
        if args.families:
            # (a world short of a bar is short of some family: which ones it made, and why the rest were refused)
            for label, kinds, why in kinds_of:
                print(f"  {label:<24} " + " ".join(f"{k}={n}" for k, n in sorted(kinds.items()))
                      + ("  | refused: " + " ".join(f"{r}={n}" for r, n in sorted(why.items())) if why else ""))
        for label, task, reason, detail in refusals:
            print(f"  refused on {label}: {task} {reason}: {detail[:120]}")
        print(f"attack suite: {total['must_fail']} must-fail end states, false positives {total['false_positive']:.1%}; "
              f"{total['must_pass']} must-pass, false negatives {total['false_negative']:.1%}")
        wrong = [o for o in outcomes if o.wrong]
        for o in wrong[:20]:
            print(f"  wrong: {o.task} {o.candidate} ({'must pass' if o.must_pass else 'must fail'}) scored {o.score}")
        print(f"median tasks per world: {statistics.median([s['tasks'] for _, s, *_ in rows])}")
        for name, fact, shared, fooled in twins:
            print(f"twin of {name} ({fact} changed): {shared} tasks in both worlds; the original's reference answers "
                  f"score 1 on {fooled} of them")
    finally:
        if args.out is None:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
