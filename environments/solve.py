"""The oracle: replay a task's reference solution into a session folder, as an agent using the apps would.

    python -m worldsmith.environments.solve --task task.json --world WORLD --session DIR [--answer-file F]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from worldsmith.environments.lint import apply_solution
from worldsmith.environments.session import Session
from worldsmith.environments.tasks import Task
from worldsmith.worlds.world import open_world


def main(argv: list[str] | None = None) -> int:
    """Apply the solution; write its answer to --answer-file as well, where an agent would."""
    ap = argparse.ArgumentParser(description="replay a worldsmith task's reference solution")
    ap.add_argument("--task", required=True, type=Path)
    ap.add_argument("--world", required=True, type=Path)
    ap.add_argument("--session", required=True, type=Path)
    ap.add_argument("--answer-file", type=Path)
    args = ap.parse_args(argv)
    task = Task.model_validate_json(args.task.read_text(encoding="utf-8"))
    session = Session(open_world(args.world), args.session)
    apply_solution(task, session)
    if args.answer_file is not None and task.solution.answer is not None:
        args.answer_file.parent.mkdir(parents=True, exist_ok=True)
        args.answer_file.write_text(task.solution.answer + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
