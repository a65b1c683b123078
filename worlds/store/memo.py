"""What the last load of a world leaves for the next one: each file's rows, each file's hash, and the store.

A repair round rewrites a dozen files of a room of thousands. With a memo (one per world, kept by the
caller between loads), the loader hashes only files whose stat changed, parses only files whose hash
changed, and updates a private copy of the store it built last time (the rows of the files that changed,
deleted and inserted) instead of inserting every row of the world again. The copy is the memo's own file,
in a folder only it knows: a store in a bundle is another's file, and is never the base of an update.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Rows = list[tuple[str, dict[str, Any]]]
_PREFIX = "worldsmith-memo-"  # then the process id, a dash and mkdtemp's letters


def _remove_stale(root: Path) -> None:
    """Remove the memo folders of processes that no longer run (a killed run cannot remove its own)."""
    from worldsmith.worlds.bundle import process_alive

    for folder in root.glob(f"{_PREFIX}*-*"):
        pid = folder.name[len(_PREFIX):].split("-", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not process_alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


@dataclass
class BaseStore:
    """The memo's private copy of the store it built last, and what it was built from."""

    path: Path
    files: dict[str, str]                      # room path -> sha256 of each file whose rows it holds
    manifest: Rows                             # the manifest tables' rows
    unkeyed: set[str] = field(default_factory=set)  # tables whose rows name no file by `path`: rewritten whole


class ParseMemo:
    """What each room file parsed into, by path and content hash, for one plan: a repair round that
    rewrote a dozen files re-parses a dozen files, not the whole room, and updates only their rows."""

    def __init__(self) -> None:
        self.plan_sha256: str | None = None
        self.plan: Any = None                  # the WorldPlan read from the plan of that hash
        self.parsed: dict[tuple[str, str], tuple[str | None, Rows]] = {}
        self.notes: dict[tuple[str, str], Rows] = {}   # what each file's parser noted for its next read
        # a room file's full path -> ((inode, size, mtime_ns, ctime_ns), sha256): a file whose stat is unchanged is
        # not read again to be hashed (the renderer replaces a file it rewrites, so its inode and times move).
        self.hashes: dict[str, tuple[tuple[int, int, int, int], str]] = {}
        self.base: BaseStore | None = None
        self._folder: Path | None = None

    def for_plan(self, plan_sha256: str) -> "ParseMemo":
        """This memo, emptied first when it was filled for another plan (a file's rows depend on the plan)."""
        if plan_sha256 != self.plan_sha256:
            self.plan_sha256, self.plan, self.parsed, self.notes, self.base = plan_sha256, None, {}, {}, None
        return self

    def base_path(self) -> Path:
        """Where the memo keeps its copy of the store: a private temporary folder, removed with the memo (or at
        exit); those of processes that are gone (killed before they could remove theirs) are removed first."""
        if self._folder is None:
            _remove_stale(Path(tempfile.gettempdir()))
            self._folder = Path(tempfile.mkdtemp(prefix=f"{_PREFIX}{os.getpid()}-"))
            weakref.finalize(self, shutil.rmtree, str(self._folder), True)
        return self._folder / "base.duckdb"

    def drop_base(self) -> None:
        """Forget the copy of the store (an update failed half way): the next load builds a fresh one."""
        self.base = None
        if self._folder is not None:
            for p in self._folder.iterdir():
                p.unlink(missing_ok=True)
