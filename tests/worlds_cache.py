"""One on-disk cache per test session for what the pytest-xdist workers would each make of the same outline."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Callable

# The session's shared folder (under pytest's base temporary folder, which both workers share), set by conftest.py's
# session fixture; None outside pytest or before it is set: each process then makes its own.
SHARED: list[Path] = []


def shared_bytes(what: str, path: str, seed: int, make: Callable[[], bytes]) -> bytes:
    """make() once per test session for an outline's file (by its path and its text) at seed: the first worker that
    asks makes it under a lock and writes it, the other reads it. The folder is the session's own, so the code that
    made it is the code that reads it."""
    if not SHARED:
        return make()
    import fcntl

    text = Path(path).read_bytes()
    key = hashlib.sha256(b"\0".join((what.encode(), path.encode(), text, str(seed).encode()))).hexdigest()[:32]
    folder = SHARED[0]
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = folder / f"{key}.pickle"
        if made.exists():
            return made.read_bytes()
        data = make()
        partial = folder / f"{key}.partial"
        partial.write_bytes(data)
        partial.replace(made)
        return data
