"""Small files a command reads from a path someone else may name (an environment variable, an option): regular
files only, opened without blocking and read to a bound, so a FIFO, a device or a huge file is an error, not a hang."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_NOT_REGULAR = "not a regular file (a FIFO, a device or a folder)"


def _open_regular(path: str | Path, flags: int) -> int:
    fd = os.open(path, flags | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0), 0o644)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, _NOT_REGULAR, str(path))
    return fd


def read_regular(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of `limit` bytes at most; OSError (with a reason) for anything else."""
    with os.fdopen(_open_regular(path, os.O_RDONLY), "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"larger than {limit:,} bytes", str(path))
    return data


def append_regular(path: str | Path, text: str) -> int:
    """Append text to a regular file (created if missing) and return its size; OSError for anything else."""
    with os.fdopen(_open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT), "a", encoding="ascii") as f:
        f.write(text)
        f.flush()
        return os.fstat(f.fileno()).st_size
