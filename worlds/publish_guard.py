"""What a publish may touch under --out, checked before it touches anything: never a link, never through one.

`generate` builds a world in out/.staging/, moves it to out/<world_id> (or out/_quarantine/<world_id>), moves
files a user added to a replaced world into out/_kept/, and queues on out/.publish.lock. A link planted at any
of those names would make it move files out of, or write files into, a folder it did not make (outside --out);
so each is refused by name, as `worlds rm` refuses a link, before a byte is written or moved.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from worldsmith.worlds.errors import PublishError


def refuse_links(out: Path, world_id: str) -> None:
    """Raise PublishError, touching nothing, when an entry a publish of `world_id` under `out` uses is a link.

    Also refused: a file (not a folder) where the world, the staging, quarantine or kept folder would be.
    """
    from worldsmith.worlds import bundle, catalog

    out = Path(out)
    folders = (out / world_id, out / bundle.STAGING, out / bundle.KEPT, out / bundle.QUARANTINE,
               out / bundle.QUARANTINE / world_id)
    for path in (*folders, out / bundle.PUBLISH_LOCK, out / catalog.LOCK):
        # one lstat per entry: another publisher may swap the world folder in between two looks (a folder seen,
        # then gone, read as a file where a folder should be)
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            continue
        if stat.S_ISLNK(mode):
            raise PublishError(f"{path} is a link; generate moves and writes files only inside --out, never through "
                               "a link, so nothing was touched. Remove the link yourself, or choose another --out")
        if path in folders and not stat.S_ISDIR(mode):
            raise PublishError(f"{path} is a file where generate keeps a folder of its own; nothing was touched. "
                               "Move it away, or choose another --out")


def open_lock(path: Path) -> int:
    """A descriptor of the publish lock file, created if missing; PublishError for a link or a file of two names.

    refuse_links looked at it before any work; a link swapped in since must not be followed either (it would
    create or lock a file outside --out), so the file is opened with O_NOFOLLOW and checked as opened.
    """
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0),
                     0o644)
    except OSError as exc:
        if os.path.islink(path):
            raise PublishError(f"{path} is a link; generate moves and writes files only inside --out, never "
                               "through a link. Remove the link yourself, or choose another --out") from None
        raise
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:
        os.close(fd)
        raise PublishError(f"{path} is not a file of its own (a hard link or a device); generate locks only a file "
                           "it made inside --out. Remove it yourself, or choose another --out")
    return fd


def free_kept_folder(out: Path, world_id: str) -> Path:
    """The first out/_kept/<world_id>-<n> that no entry holds (a dangling link counts as taken)."""
    from worldsmith.worlds import bundle

    n = 1
    while os.path.lexists(Path(out) / bundle.KEPT / f"{world_id}-{n}"):
        n += 1
    return Path(out) / bundle.KEPT / f"{world_id}-{n}"
