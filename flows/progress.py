"""A process-wide progress hook: the CLI installs a display, the flow reports to it."""

from __future__ import annotations

from typing import Callable

_listeners: list[Callable[[str, int], None]] = []


def listen(callback: Callable[[str, int], None]) -> None:
    """Receive ('start', total) once, then ('advance', 1) per finished artifact."""
    _listeners.append(callback)


def clear() -> None:
    """Remove every listener."""
    _listeners.clear()


def start(total: int) -> None:
    """Announce how many artifacts will be generated."""
    for cb in _listeners:
        cb("start", total)


def advance(_spec: object = None) -> None:
    """One artifact finished."""
    for cb in _listeners:
        cb("advance", 1)
