"""The task lint: a task is published only when the room holds what it needs and its verifier can be trusted.

Each refusal has a name:
    missing_input       a file or fact the task needs is not in the room or the ledger
    underivable         the reference query finds no answer in the room
    contradicted        the room yields a different answer from the task's reference
    satisfied_at_start  the initial state already scores above 0 (doing nothing would pass)
    oracle_fails        the reference solution does not score 1
    duplicate           the same question as an earlier task
    grep_solvable       one file writes the answer next to a label the prompt uses (unless tagged warmup)
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import duckdb
from pydantic import BaseModel

from worldsmith.environments import apps, mail, session_store
from worldsmith.environments.grade import grade
from worldsmith.environments.session import Session
from worldsmith.environments.tasks import Task, mentions_read_once
from worldsmith.worlds.errors import SessionError
from worldsmith.worlds.world import World

REASONS = ("missing_input", "underivable", "contradicted", "satisfied_at_start", "oracle_fails", "duplicate",
           "grep_solvable")


class Refusal(BaseModel):
    """Why the lint refused a task."""

    task: str
    reason: str
    detail: str


def apply_solution(task: Task, session: Session) -> None:
    """Replay a task's reference solution through the apps (a kind's own app's tools by name, from the registry)."""
    for action in task.solution.actions:
        if action.tool == "mail_reply":
            mail.reply(session, action.args["message_id"], action.args["body"])
        elif action.tool == "drive_create_document":
            session.write_document(action.args["path"], action.args["text"])
        elif action.tool == "drive_create_sheet":
            session.write_sheet(action.args["path"], action.args["csv"], action.args.get("sheet", "Sheet1"))
        elif action.tool in (own := apps.app_tools(session)):  # a tool of a kind's own app (chat_post...)
            own[action.tool].fn(**action.args)
        else:
            raise SessionError(f"the solution calls {action.tool!r}, a tool no app of this world has (it has "
                               "mail_reply, drive_create_document, drive_create_sheet"
                               f"{''.join(', ' + name for name in own)}): fix the task's solution")
    if task.solution.answer is not None:
        session.submit_answer(task.solution.answer)


def _same(row: tuple, expect: list) -> bool:
    if len(row) != len(expect):
        return False
    for got, want in zip(row, expect):
        if isinstance(want, float) or isinstance(got, float):
            try:
                if abs(float(got) - float(want)) > 0.005:
                    return False
            except (TypeError, ValueError):
                return False
        elif str(got) != str(want):
            return False
    return True


def _question_key(task: Task) -> str:
    return " ".join(task.instruction.lower().split())


def lint_task(task: Task, world: World, session: Session) -> list[Refusal]:
    """Every reason to refuse one task (empty when it may be published); the session is reset before each run."""
    out: list[Refusal] = []

    def refuse(reason: str, detail: str) -> None:
        out.append(Refusal(task=task.id, reason=reason, detail=detail))

    room_files = {f.path.split("/", 1)[1] for f in world.manifest.files if f.path.startswith("room/")}
    missing = [p for p in task.needs.files if p not in room_files]
    missing += [f"fact {f}" for f in task.needs.facts if f not in world.facts]
    if missing:
        refuse("missing_input", "not in the room: " + ", ".join(missing))
        return out
    try:
        rows = sorted(world.db.execute(task.reference.sql, task.reference.params).fetchall(), key=str)
    except duckdb.Error as exc:
        refuse("underivable", f"the reference query fails: {exc}")
        return out
    if not rows:
        refuse("underivable", "the reference query finds nothing in the room")
        return out
    expect = sorted(task.reference.expect, key=str)
    if len(rows) != len(expect) or not all(_same(r, e) for r, e in zip(rows, expect)):
        refuse("contradicted", f"the room gives {[list(r) for r in rows][:3]}, the task says {expect[:3]}")
    if "warmup" not in task.tags:
        from worldsmith.environments.task_metrics import grep_solvable

        where = grep_solvable(task, world)
        if where is not None:
            refuse("grep_solvable", f"{where} writes the answer next to a label the prompt uses")
    session.clear()
    start = grade(task, session)
    if start.score > 0:
        refuse("satisfied_at_start", f"doing nothing scores {start.score} (met: {', '.join(start.met)})")
    session.clear()
    try:
        apply_solution(task, session)
        oracle = grade(task, session).score
    except Exception as exc:  # noqa: BLE001  (a solution that cannot run is a failing oracle)
        refuse("oracle_fails", f"the reference solution does not run: {exc}")
    else:
        if oracle < 1:
            refuse("oracle_fails", f"the reference solution scores {oracle}")
    session.clear()
    return out


def lint_tasks(tasks: list[Task], world: World) -> tuple[list[Task], list[Refusal]]:
    """The tasks that pass the lint, and a refusal for each reason a task failed it."""
    mentions_read_once(world)  # each task's reference query reads fact_mentions
    root = Path(tempfile.mkdtemp(prefix="worldsmith-lint-"))
    try:
        session = Session(world, root)
        kept, refused, seen = [], [], {}
        for task in tasks:
            problems = lint_task(task, world, session)
            key = _question_key(task)
            if key in seen:
                problems.append(Refusal(task=task.id, reason="duplicate", detail=f"the same question as {seen[key]}"))
            if problems:
                refused += problems
            else:
                seen[key] = task.id
                kept.append(task)
        return kept, refused
    finally:
        session_store.discard(root)  # the scratch session, and its key in the user's data folder


def make_task_set(world: World, user: str | None = None, warmups: bool = False, forms: bool = True):
    """The world's tasks after the lint, with the refused ones and why (what `worldsmith tasks` writes); without
    forms, every answer is asked and graded as prose."""
    from worldsmith.environments.tasks import TaskSet, make_tasks

    kept, refused = lint_tasks(make_tasks(world, user, warmups=warmups, forms=forms), world)
    if not any(t.kind == "memo" for t in kept):
        # no memo on two figures weighed (none weighed, or the room writes their gap): a memo on a what-if instead
        from worldsmith.environments.graph_tasks import Graph, what_if_memo

        memo = what_if_memo(Graph.of(world), [t for t in kept if t.kind == "what_if"])
        more, no = lint_tasks([memo], world) if memo is not None else ([], [])
        kept, refused = kept + more, refused + no
    return TaskSet(world_id=world.world_id, tasks=kept, refused=[r.model_dump() for r in refused])
