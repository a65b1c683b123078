"""Checks of the paths a command is given, made before it starts any work, with messages that say what to do."""

from __future__ import annotations

from pathlib import Path

from worldsmith.worlds.errors import WorldsmithError


class PathArgumentError(WorldsmithError):
    """A path argument names the wrong kind of thing, or a place that cannot be written."""

    exit_code = 2


def _blocker(path: Path) -> Path | None:
    """The nearest existing ancestor of `path` when it is not a folder (so nothing below it can be made)."""
    for parent in path.parents:
        if parent.exists():
            return None if parent.is_dir() else parent
    return None


def input_file(path: Path, what: str) -> Path:
    """`path` if it is a readable file; else an error naming it and what it is instead."""
    if path.is_dir():
        raise PathArgumentError(f"{what} {path} is a folder; give a file")
    if not path.exists():
        raise PathArgumentError(f"{what} {path}: no such file")
    return path


def output_file(path: Path, what: str, makes_folders: bool = False) -> Path:
    """`path` if a file can be written there: not a folder, and in a folder that exists (or that the command
    makes, with `makes_folders`, when nothing on the way is a file)."""
    if path.is_dir():
        raise PathArgumentError(f"{what} {path} is a folder; give the path of a file to write")
    if makes_folders:
        output_folder(path.parent, what)
    elif not path.parent.is_dir():
        blocker = _blocker(path) or (path.parent if path.parent.exists() else None)
        problem = f"{blocker} is a file" if blocker else f"the folder {path.parent} does not exist"
        raise PathArgumentError(f"{what} {path}: {problem}; create the folder first or choose another path")
    return path


def output_folder(path: Path, what: str) -> Path:
    """`path` if it is a folder, or one that can be made (nothing on its way is a file)."""
    if path.exists() and not path.is_dir():
        raise PathArgumentError(f"{what} {path} is a file; give a folder")
    blocker = _blocker(path)
    if blocker is not None:
        raise PathArgumentError(f"{what} {path} cannot be made: {blocker} is a file; give a folder")
    return path
