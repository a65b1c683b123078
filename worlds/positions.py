"""A checked index of positions in a list of models, kept on the object that owns the list."""

from __future__ import annotations

from typing import Any, Callable, Sequence


def find_at(owner: Any, slot: str, items: Sequence, key: Callable[[Any], str], wanted: str) -> int | None:
    """The position of the first item whose key is `wanted`, or None. The index lives in owner.__dict__[slot] and is
    checked at each use (a list appended to or changed since is indexed again), so look-ups stay O(1) while a
    planner grows the list."""
    index = owner.__dict__.get(slot)
    at = index.get(wanted) if index is not None else None
    if at is None or at >= len(items) or key(items[at]) != wanted:
        index = {}
        for n, item in enumerate(items):
            index.setdefault(key(item), n)
        owner.__dict__[slot] = index
        at = index.get(wanted)
    return at
