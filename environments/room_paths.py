"""Files an agent names by a room-relative path, opened inside one folder only and never through a link.

Every path is split into checked components (no `..`, no NUL, no control character, each name at
most 255 bytes), then walked from the folder one component at a time with directory descriptors
opened with O_NOFOLLOW: a component that is a symbolic link is refused, not followed, so no race
between a check and an open can lead outside. Reads open the last component with O_NOFOLLOW and
O_NONBLOCK (a named pipe planted in a room cannot hang a read) and accept regular files only;
writes go to a temporary name beside the target and are renamed over it, so a write never goes
through an existing link (symbolic or hard) into another file. A file with a second name (a hard link,
perhaps to a host file) is refused like a symbolic link, as a world bundle refuses one: read, written
over, listed. Messages name the room-relative path only, never the host's.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from worldsmith.worlds.errors import WorldsmithError

MAX_PATH_CHARS = 256
MAX_NAME_BYTES = 255  # what ext4, APFS and NTFS allow for one name
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


class UnsafePath(WorldsmithError):
    """A path that leaves the room, passes through a link, or is not a name a file can have."""

    exit_code = 2


def parts_of(path: str) -> tuple[str, ...]:
    """The components of a path inside the room, as an agent wrote it ('/Memos/x.md' and 'Memos/x.md' alike)."""
    if not isinstance(path, str):
        raise UnsafePath("a path is a string, such as Memos/Note.md")
    shown = _shown(path)
    if len(path) > MAX_PATH_CHARS:
        raise UnsafePath(f"{shown} is longer than {MAX_PATH_CHARS} characters; choose a shorter path")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in path):
        raise UnsafePath(f"{shown} holds a control character (NUL, newline...); name files with visible characters")
    parts = tuple(p for p in path.strip().split("/") if p not in ("", "."))
    if not parts or ".." in parts:
        raise UnsafePath(f"{shown} is not a path inside the data room")
    for part in parts:
        if len(part.encode("utf-8", errors="surrogatepass")) > MAX_NAME_BYTES:
            raise UnsafePath(f"{shown}: a file or folder name is longer than {MAX_NAME_BYTES} bytes")
    return parts


def _shown(path: str) -> str:
    return repr(path if len(path) <= 80 else path[:77] + "...")


def _rel(parts: tuple[str, ...]) -> str:
    return repr("/".join(parts))


def _open_base(base: Path) -> int:
    try:
        return os.open(base, _DIR_FLAGS)
    except OSError as exc:
        raise UnsafePath(f"the room folder cannot be opened ({exc.strerror}); is it a folder, not a link?") from None


def _open_dirs(base: Path, parts: tuple[str, ...], create: bool) -> int | None:
    """A descriptor of the folder holding the last component; None when a folder on the way is missing."""
    fd = _open_base(base)
    try:
        for i, part in enumerate(parts[:-1]):
            if create:
                try:
                    os.mkdir(part, 0o755, dir_fd=fd)
                except FileExistsError:
                    pass
            try:
                nxt = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                return None
            except OSError:
                _refuse_entry(fd, part, parts[:i + 1])
                raise
            os.close(fd)
            fd = nxt
        result, fd = fd, -1
        return result
    finally:
        if fd >= 0:
            os.close(fd)


def _refuse_entry(dir_fd: int, name: str, parts: tuple[str, ...]) -> None:
    """Raise UnsafePath saying what the entry is (a link, not a folder)."""
    try:
        st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except OSError:
        raise UnsafePath(f"{_rel(parts)} cannot be opened") from None
    if stat.S_ISLNK(st.st_mode):
        raise UnsafePath(f"{_rel(parts)} is a link; the apps do not follow links in the data room") from None
    if not stat.S_ISDIR(st.st_mode):
        raise UnsafePath(f"{_rel(parts)} is a file, not a folder") from None
    raise UnsafePath(f"{_rel(parts)} cannot be opened") from None


def _hard_link(st: os.stat_result, parts: tuple[str, ...]) -> None:
    """Refuse a regular file that has another name somewhere (a hard link reads and writes as that file)."""
    if stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
        raise UnsafePath(f"{_rel(parts)} is a hard link (one file under {st.st_nlink} names, the others perhaps "
                         "outside the room); the apps do not read or write through links")


def open_own(path: Path, flags: int, mode: int = 0o600) -> int:
    """A descriptor of a file a command keeps for itself (a session's log or marker), opened with O_NOFOLLOW and
    refused unless it is a regular file of one name: a link, symbolic or hard, would read or write another file."""
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0), mode)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UnsafePath(f"{Path(path).name} cannot be opened ({exc.strerror}); is it a link?") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode) or st.st_nlink > 1:
        os.close(fd)
        what = "is not a regular file" if not stat.S_ISREG(st.st_mode) else \
            f"is a hard link (one file under {st.st_nlink} names, the others perhaps outside this folder)"
        raise UnsafePath(f"{Path(path).name} {what}; worldsmith does not read or write its own files through links")
    return fd


def entry(base: Path, parts: tuple[str, ...]) -> os.stat_result | None:
    """The lstat of a path under base (None when it does not exist); refuses a link on the way or at the end."""
    fd = _open_dirs(base, parts, create=False)
    if fd is None:
        return None
    try:
        st = os.stat(parts[-1], dir_fd=fd, follow_symlinks=False)
    except FileNotFoundError:
        return None
    finally:
        os.close(fd)
    if stat.S_ISLNK(st.st_mode):
        raise UnsafePath(f"{_rel(parts)} is a link; the apps do not follow links in the data room")
    _hard_link(st, parts)
    return st


def read_bytes(base: Path, parts: tuple[str, ...], limit: int) -> bytes | None:
    """The bytes of a regular file under base (None when it does not exist); refuses links and files over limit."""
    fd = _open_dirs(base, parts, create=False)
    if fd is None:
        return None
    try:
        try:
            file_fd = os.open(parts[-1], _READ_FLAGS, dir_fd=fd)
        except FileNotFoundError:
            return None
        except OSError:
            st = os.stat(parts[-1], dir_fd=fd, follow_symlinks=False)
            if stat.S_ISLNK(st.st_mode):
                raise UnsafePath(f"{_rel(parts)} is a link; the apps do not follow links in the data room") from None
            raise UnsafePath(f"{_rel(parts)} is not a file") from None
    finally:
        os.close(fd)
    with os.fdopen(file_fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise UnsafePath(f"{_rel(parts)} is not a regular file")
        _hard_link(st, parts)  # of the file opened: a second name made after a check is caught here
        if st.st_size > limit:
            raise UnsafePath(f"{_rel(parts)} is {st.st_size:,} bytes, over the {limit:,} bytes the apps read")
        return f.read(limit + 1)[:limit]


def write_bytes(base: Path, parts: tuple[str, ...], data: bytes) -> None:
    """Write a regular file under base, creating its folders; refuses a link on the way or at the target."""
    fd = _open_dirs(base, parts, create=True)
    if fd is None:  # a folder vanished between its creation and its opening
        raise UnsafePath(f"{_rel(parts)}: its folder could not be made")
    name = parts[-1]
    try:
        try:
            st = os.stat(name, dir_fd=fd, follow_symlinks=False)
        except FileNotFoundError:
            st = None
        if st is not None and stat.S_ISLNK(st.st_mode):
            raise UnsafePath(f"{_rel(parts)} is a link; the apps do not write through links")
        if st is not None and not stat.S_ISREG(st.st_mode):
            raise UnsafePath(f"{_rel(parts)} exists and is not a file")
        if st is not None:
            _hard_link(st, parts)  # the rename would leave the other name as it is; refused, as a link is
        tmp = f".{tempfile.gettempprefix()}-{os.getpid()}-{os.urandom(4).hex()}"
        tmp_fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0),
                         0o644, dir_fd=fd)
        try:
            with os.fdopen(tmp_fd, "wb") as f:
                f.write(data)
            # The rename replaces the directory entry: an existing hard link keeps its old content.
            os.replace(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            try:
                os.unlink(tmp, dir_fd=fd)
            except OSError:
                pass
            raise
    finally:
        os.close(fd)


def remove_file(base: Path, parts: tuple[str, ...]) -> bool:
    """Remove one file (or link: unlinked, never followed) under base, then the folders on its path left empty;
    whether it was there. A folder at the path is left alone: only a named file is ever removed."""
    fd = _open_dirs(base, parts, create=False)
    if fd is None:
        return False
    try:
        try:
            st = os.stat(parts[-1], dir_fd=fd, follow_symlinks=False)
        except FileNotFoundError:
            return False
        if stat.S_ISDIR(st.st_mode):
            return False
        os.unlink(parts[-1], dir_fd=fd)
    finally:
        os.close(fd)
    for depth in range(len(parts) - 1, 0, -1):
        parent = _open_dirs(base, parts[:depth], create=False)
        if parent is None:
            break
        try:
            os.rmdir(parts[depth - 1], dir_fd=parent)
        except OSError:
            break  # not empty (another file is there): it and every folder above it stay
        finally:
            os.close(parent)
    return True


def walk_files(base: Path) -> Iterator[tuple[str, os.stat_result]]:
    """Every regular file under base (relative path, lstat), never entering a link; links, hard links and pipes are
    skipped."""
    try:
        fd = _open_base(base)
    except UnsafePath:
        return
    yield from _walk(fd, ())


def walk_others(base: Path) -> list[str]:
    """Every entry under base that is neither a regular file of one name nor a folder (links, hard links, pipes,
    devices), by path."""
    out: list[str] = []
    try:
        fd = _open_base(base)
    except UnsafePath:
        return out
    for _ in _walk(fd, (), out):
        pass
    return out


def _walk(fd: int, prefix: tuple[str, ...], others: list[str] | None = None) -> Iterator[tuple[str, os.stat_result]]:
    try:
        names = sorted(os.listdir(fd))
        for name in names:
            try:
                st = os.stat(name, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                continue
            if stat.S_ISDIR(st.st_mode):
                try:
                    sub = os.open(name, _DIR_FLAGS, dir_fd=fd)
                except OSError:
                    if others is not None:
                        others.append("/".join(prefix + (name,)))
                    continue
                yield from _walk(sub, prefix + (name,), others)
            elif stat.S_ISREG(st.st_mode) and st.st_nlink == 1:
                yield "/".join(prefix + (name,)), st
            elif others is not None:
                others.append("/".join(prefix + (name,)))
    finally:
        os.close(fd)
