"""What each side of a Harbor task holds of a world: the apps' world, stripped of every answer, and the grader's copy.

The apps (the MCP server in the task's `apps` service) need the room and, to run, the plan's cast,
organisations, calendar and artifact list (threads, paths, titles). They never need the ledger: the
apps' world is the room, a plan with no facts, no distractors, no summary and no planning notes on any
artifact (the facts it carries, its purpose, a sheet's skeleton), the validation verdict with its
counts but none of the offending rows (what backs the verdict when the world is opened), and a sealed
manifest of exactly those files. No tasks.json, report, index or database goes with it.

The grader gets the published bundle's own files (manifest, plan, validation, room), copied into the
task's tests/ folder, which Harbor hands only to the verifier's container.

Files are copied, never linked: an in-place edit of one task's copy must not reach the published world
or another task. Where the filesystem can clone a file (btrfs, XFS, APFS-like reflinks) the copy is a
clone, else a plain copy.
"""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
from pathlib import Path

from worldsmith.worlds import bundle as _bundle
from worldsmith.worlds.errors import BundleError
from worldsmith.worlds.plan import WorldPlan
from worldsmith.worlds.report import ValidationReport
from worldsmith.worlds.world import World

# Planning notes a spec may carry that say which fact or wrong value an artifact holds and why; the apps
# read none of them (they read the rendered room). Reset to the field's default wherever a kind has one.
# A point (a message's, a document's or a sheet's) is the outline's statement with its facts' values written in: ledger,
# as the facts are.
PLANNING_FIELDS = ("facts", "distractor", "purpose", "beat", "decision", "skeleton", "rolls_up_to", "point", "points")
# Bundle files the grader's copy leaves out: derived or written for people (rebuilt on open, or unused).
NOT_FOR_GRADER = {_bundle.INDEX_HTML, _bundle.TASKS, _bundle.DATABASE, _bundle.DATABASE + ".wal"}
_FICLONE = 0x40049409  # linux/fs.h: clone a whole file (a reflink)


class Copier:
    """Copies files, cloning them where the filesystem can (remembered after the first refusal)."""

    def __init__(self) -> None:
        self.clone = hasattr(fcntl, "ioctl")

    def __call__(self, src: str | Path, dst: str | Path) -> None:
        """Copy one file with its mode and times (what shutil.copy2 does), as a reflink where possible."""
        if self.clone:
            try:
                with open(src, "rb") as a, open(dst, "wb") as b:
                    fcntl.ioctl(b.fileno(), _FICLONE, a.fileno())
                shutil.copystat(src, dst)
                return
            except OSError as exc:
                if exc.errno not in (errno.EOPNOTSUPP, errno.ENOTTY, errno.EXDEV, errno.EINVAL, errno.ENOSYS,
                                     errno.EBADF, errno.EPERM):
                    raise
                self.clone = False
        shutil.copy2(src, dst)

    def tree(self, src: Path, dst: Path) -> None:
        """Copy a folder of regular files (a room) into dst."""
        shutil.copytree(src, dst, copy_function=self, dirs_exist_ok=True)


def stripped_plan(plan: WorldPlan) -> WorldPlan:
    """The plan the apps run on: people, organisations, calendar and artifacts, with no ledger and no planning notes."""
    artifacts = []
    for spec in plan.artifacts:
        fields = type(spec).model_fields
        reset = {name: fields[name].get_default(call_default_factory=True)
                 for name in PLANNING_FIELDS if name in fields}
        artifacts.append(spec.model_copy(update=reset))
    stripped = plan.model_copy(update={"summary": "", "facts": [], "distractors": [], "artifacts": artifacts})
    # Round-trip through validation: what the apps will read must be a plan this worldsmith accepts.
    return WorldPlan.model_validate_json(stripped.model_dump_json())


def stripped_validation(report: ValidationReport) -> ValidationReport:
    """The verdict and each check's count, without the offending rows (which quote what the room holds)."""
    return report.model_copy(update={"checks": [c.model_copy(update={"rows": []}) for c in report.checks]})


def _entry(folder: Path, name: str) -> _bundle.FileEntry:
    return _bundle.FileEntry(path=name, sha256=_bundle.sha256_file(folder / name), bytes=(folder / name).stat().st_size)


def write_apps_world(world: World, dst: Path, copy: Copier) -> Path:
    """Write the apps' world (room, stripped plan and validation, a sealed manifest of just those) into dst."""
    if world.validation is None:
        raise BundleError(f"{world.path}: no {_bundle.VALIDATION}, so its verdict is backed by nothing; run "
                          f"`worldsmith validate {world.path}` before exporting it")
    dst.mkdir(parents=True, exist_ok=True)
    copy.tree(world.room, dst / _bundle.ROOM)
    _bundle.write_json(dst / _bundle.PLAN, stripped_plan(world.plan))
    _bundle.write_json(dst / _bundle.VALIDATION, stripped_validation(world.validation))
    room = [f for f in world.manifest.files if f.path.startswith(_bundle.ROOM + "/")]
    files = sorted([_entry(dst, _bundle.PLAN), _entry(dst, _bundle.VALIDATION), *room], key=lambda f: f.path)
    _bundle.write_manifest(dst, world.manifest.model_copy(update={"files": files, "usage": {}, "repairs": [],
                                                                   "failures": [], "derived": []}))
    return dst


def write_grader_world(world: World, dst: Path, copy: Copier) -> Path:
    """Copy the published bundle's own files (not its derived ones) into dst, for the verifier; returns dst."""
    dst.mkdir(parents=True, exist_ok=True)
    for entry in os.scandir(world.path):
        if entry.name in NOT_FOR_GRADER or entry.name.startswith(".") or ".tmp-" in entry.name:
            continue
        if entry.is_dir(follow_symlinks=False):
            if entry.name == _bundle.ROOM:
                copy.tree(Path(entry.path), dst / entry.name)
        elif entry.is_file(follow_symlinks=False):
            copy(entry.path, dst / entry.name)
    return dst
