"""Tasks per world, their spread, a no-model regex bot's score and the attack suite's rates, for every example.

    python -m bench.tasks [--smoke] [--twins] [--examples NAME ...] [--out DIR]     (from the repository root)

Generates each example offline (the plain library path), makes its task set after the lint, and prints:
tasks, grep-solvable share, regex-bot full marks, median files needed, share needing 2+ apps, share of
judgement or deliverable tasks, median rubric criteria, and the attack suite's false positives (a must-fail
end state at full marks) and false negatives (a must-pass end state below it). --smoke runs one example.
--twins also makes each example's twin (one input figure changed, environments/twins.py) and grades the
original world's reference answers on the twin's tasks: a remembered answer should score below 1.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from worldsmith.environments.attacks import attack_task, rates
from worldsmith.environments.grade import grade
from worldsmith.environments.lint import make_task_set
from worldsmith.environments.session import Session, SessionError
from worldsmith.environments.task_metrics import regex_bot_answer, spread
from worldsmith.worlds.world import open_world

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"]


def _publish(name: str, out: Path) -> Path:
    from tests.published import publish_example

    return publish_example(name if name.endswith(".yaml") else f"{name}.yaml", out)


def _regex_bot(task_set, world, root: Path) -> float:
    """The share of tasks a no-model regex bot scores full marks on (answer tasks get its answer; write tasks its
    answer as the text it writes)."""
    from worldsmith.environments.attacks import _with_text
    from worldsmith.environments.lint import apply_solution

    session = Session(world, root / "bot" / world.world_id)
    full = 0
    for task in task_set.tasks:
        session.reset()
        apply_solution(_with_text(task, regex_bot_answer(task, world)), session)
        full += grade(task, session).score >= 1.0
    return full / max(1, len(task_set.tasks))


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


def main(argv: list[str] | None = None) -> int:
    """Print the task table for the examples."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help="one example only (what CI runs)")
    ap.add_argument("--examples", nargs="*", default=None)
    ap.add_argument("--out", type=Path, default=None, help="keep the generated worlds here")
    ap.add_argument("--twins", action="store_true", help="also grade remembered answers on each example's twin")
    args = ap.parse_args(argv)
    names = args.examples or (EXAMPLES[-1:] if args.smoke else EXAMPLES)  # the smallest: CI also attacks the legal world
    # A fresh folder under --out on every run: an example publishes under the same id each time, which a second
    # run into the same folder would refuse.
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="worldsmith-bench-tasks-", dir=args.out))
    rows, outcomes, twins = [], [], []
    try:
        for name in names:
            world = open_world(_publish(name, root / "worlds"))
            t0 = time.perf_counter()
            task_set = make_task_set(world)
            made = time.perf_counter() - t0
            shape = spread(task_set.tasks, world)
            bot = _regex_bot(task_set, world, root)
            mine = [o for t in task_set.tasks for o in attack_task(t, world, root / "attack" / t.id)]
            outcomes += mine
            r = rates(mine)
            rows.append((name, shape, bot, r, len(task_set.refused), made))
            if args.twins:
                twins.append((name, *_remembered(name, task_set, root)))
            world.close()
        print(f"{'example':<24} {'tasks':>5} {'refused':>7} {'grep':>5} {'bot':>5} {'files':>5} {'srcs':>5} {'2apps':>5} "
              f"{'judg/deliv':>10} {'crit':>4} {'FP':>6} {'FN':>6} {'make s':>6}")
        for name, s, bot, r, refused, made in rows:
            print(f"{name:<24} {s['tasks']:>5} {refused:>7} {s['grep_solvable']:>5.0%} {bot:>5.0%} "
                  f"{s['median_files']:>5} {s['median_sources']:>5} {s['two_apps']:>5.0%} {s['judgement_or_deliverable']:>10.0%} "
                  f"{s['median_criteria']:>4} {r['false_positive']:>6.1%} {r['false_negative']:>6.1%} {made:>6.1f}")
        total = rates(outcomes)
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
