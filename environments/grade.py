"""Grading: a task's rubric applied to a session's end state, a score in [0, 1] and which criteria were met.

score = (weight of the criteria met - weight of the negative criteria met) / weight of all criteria,
minus each universal penalty met (a weight of 1 takes the whole score), clamped to [0, 1]. Figures
match as the room writes them or as numbers in any usual format ('156200000', '156,200,000.00'),
so a correct answer in another format is not failed by string equality.

    python -m worldsmith.environments.grade --task task.json --world WORLD --session DIR [--answer-file F] [--reward F]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path, PurePosixPath

from pydantic import BaseModel

from worldsmith.environments.session import Session
from worldsmith.environments.tasks import Check, Criterion, Task

_NUMBER = re.compile(r"(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.,])-?\d+(?:\.\d+)?")


class Grade(BaseModel):
    """A task's score on one end state, and why."""

    task: str
    score: float
    met: list[str] = []
    negatives_met: list[str] = []
    penalties_met: list[str] = []


def _squash(text: str) -> str:
    return " ".join(text.split()).lower()


def numbers_in(text: str) -> list[float]:
    """Every number written in a text: 156,200,000 and 156200000.00 both read as 156200000."""
    return [float(m.group().replace(",", "")) for m in _NUMBER.finditer(text)]


def mentions(text: str, value: str, number: float | None = None) -> bool:
    """Whether a text states a value: its words, or (for a figure) the same number in another format."""
    hay = _squash(text)
    if _squash(value) in hay:
        return True
    if number is None:
        return False
    return any(abs(n - number) <= 0.005 for n in numbers_in(hay))


def _all_mentioned(text: str, check: Check) -> bool:
    nums = check.numbers + [None] * (len(check.values) - len(check.numbers))
    return bool(check.values) and all(mentions(text, v, n) for v, n in zip(check.values, nums))


def _sent(session: Session, check: Check):
    for m in session.sent:
        if check.in_reply_to and m.in_reply_to != check.in_reply_to.strip("<>"):
            continue
        if check.to and not set(check.to) <= set(m.to) | set(m.cc):
            continue
        yield m


def holds(check: Check, session: Session, answer: str | None) -> bool:
    """Whether one check holds in the session's end state."""
    answer = answer or ""
    if check.type == "answer_mentions":
        return _all_mentioned(answer, check)
    if check.type == "answer_mentions_any":
        return any(mentions(answer, v) or mentions(answer, PurePosixPath(v).stem) for v in check.values)
    if check.type == "sent_reply":
        return any(True for _ in _sent(session, check))
    if check.type == "sent_mentions":
        return any(_all_mentioned(m.text, check) for m in _sent(session, check))
    if check.type == "file_mentions":
        if check.path:
            paths = [check.path]
        else:
            prefix = (check.folder or "").strip("/") + "/"
            paths = [p for p in session.state().files_added if p.startswith(prefix)]
        for rel in paths:
            file = session.read_path(rel)
            if file.is_file() and _all_mentioned(file.read_text(encoding="utf-8", errors="replace"), check):
                return True
        return False
    if check.type == "chat_post_mentions":
        return any(p.channel_id == check.channel and _all_mentioned(p.text, check) for p in session.state().chat_posts)
    if check.type == "sent_outside_cast":
        cast = {p.email for p in session.world.plan.people}
        return any((set(m.to) | set(m.cc)) - cast for m in session.sent)
    if check.type == "room_damaged":
        state = session.state()
        return bool(state.files_changed or state.files_removed)
    raise ValueError(f"unknown check type {check.type!r}")


def _met(criteria: list[Criterion], session: Session, answer: str | None) -> list[Criterion]:
    return [c for c in criteria if holds(c.check, session, answer)]


def grade(task: Task, session: Session, answer: str | None = None) -> Grade:
    """Score a task on a session's end state (the answer defaults to the one the session recorded)."""
    answer = answer if answer is not None else session.state().answer
    rubric = task.rubric
    total = sum(c.weight for c in rubric.criteria)
    met = _met(rubric.criteria, session, answer)
    negatives = _met(rubric.negative_criteria, session, answer)
    penalties = _met(rubric.universal_penalties, session, answer)
    raw = (sum(c.weight for c in met) - sum(c.weight for c in negatives)) / total - sum(c.weight for c in penalties)
    return Grade(task=task.id, score=round(min(1.0, max(0.0, raw)), 4), met=[c.id for c in met],
                 negatives_met=[c.id for c in negatives], penalties_met=[c.id for c in penalties])


def main(argv: list[str] | None = None) -> int:
    """Grade one task's session and write the reward; exit 2 (and no reward) when grading itself fails."""
    from worldsmith.worlds.world import open_world

    ap = argparse.ArgumentParser(description="grade a worldsmith task's session and write the reward")
    ap.add_argument("--task", required=True, type=Path)
    ap.add_argument("--world", required=True, type=Path)
    ap.add_argument("--session", required=True, type=Path)
    ap.add_argument("--answer-file", type=Path)
    ap.add_argument("--reward", type=Path)
    args = ap.parse_args(argv)
    # A grader's own failure must not read as the agent's: no reward is written, and the exit says so.
    try:
        task = Task.model_validate_json(args.task.read_text(encoding="utf-8"))
        world = open_world(args.world)
        session = Session(world, args.session)
        answer = session.state().answer
        if args.answer_file is not None and args.answer_file.is_file():
            answer = "\n".join(x for x in (answer, args.answer_file.read_text(encoding="utf-8")) if x)
        result = grade(task, session, answer)
    except Exception as exc:  # noqa: BLE001  (any failure here is the grader's)
        print(f"grader error: {exc}", file=sys.stderr)
        return 2
    if args.reward is not None:
        args.reward.parent.mkdir(parents=True, exist_ok=True)
        args.reward.write_text(f"{result.score}\n", encoding="utf-8")
    print(result.model_dump_json())
    return 0


if __name__ == "__main__":
    sys.exit(main())
