"""YAML with a map from every key and item to its line, so errors can point into the file."""

from __future__ import annotations

from typing import Any

import yaml

from worldsmith.worlds import kinds
from worldsmith.worlds.errors import OutlineError

Loc = tuple[str | int, ...]


def _walk(node: yaml.Node, path: Loc, lines: dict[Loc, int], file: str) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value
            line = key_node.start_mark.line + 1
            if key in seen:
                # PyYAML keeps the last value silently; an expert would lose the first one unseen.
                raise OutlineError(
                    f"duplicate key {key!r} (first given on line {seen[key]})",
                    file=file, line=line, field=format_loc(path + (key,)),
                )
            seen[key] = line
            lines[path + (key,)] = line
            _walk(value_node, path + (key,), lines, file)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            lines[path + (i,)] = item.start_mark.line + 1
            _walk(item, path + (i,), lines, file)


def load_yaml(text: str, file: str) -> tuple[Any, dict[Loc, int]]:
    """Parse YAML text into data plus a {location: line} map; syntax errors become OutlineErrors."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise OutlineError(f"YAML syntax error: {problem}", file=file, line=line) from None
    except yaml.YAMLError as exc:
        raise OutlineError(f"YAML syntax error: {exc}", file=file) from None
    lines: dict[Loc, int] = {(): 1}
    if node is not None:
        _walk(node, (), lines, file)
    return data, lines


def format_loc(loc: Loc) -> str:
    """('inventory', 0, 'items', 2, 'facts') -> 'inventory[0].items[2].facts'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def resolve_loc(loc: Loc, lines: dict[Loc, int]) -> tuple[Loc, int | None]:
    """The part of a (pydantic) location present in the file, and its line.

    Pydantic puts union tags such as 'email_thread' into locations; those are not in the file
    and are skipped. A missing field resolves to its parent's line.
    """
    path: Loc = ()
    pending: list[str | int] = []
    for part in loc:
        if path + (part,) in lines:
            path = path + (part,)
            pending = []
        else:
            pending.append(part)
    tags = _UNION_TAGS | {k.item_kind for k in kinds.kinds()}  # every registered kind's `kind:` tag
    shown = path + tuple(p for p in pending[-1:] if isinstance(p, str) and p not in tags)
    return shown, lines.get(path)


_UNION_TAGS = {"money", "date", "percent", "number", "text"}  # the fact value union's tags
