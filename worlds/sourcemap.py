"""YAML with a map from every key and item to its line, so errors can point into the file.

Reading is bounded: an outline is a few kilobytes, so a file that is huge, nested very deep or that
expands through aliases into more values than any outline has (a "billion laughs") is refused with
one message naming a line, before anything is expanded. PyYAML's composer and constructor recurse
and expand; the bounds are checked on the event stream and on the node graph, neither of which does.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import yaml

from worldsmith.worlds import kinds
from worldsmith.worlds.errors import OutlineError

Loc = tuple[str | int, ...]

MAX_BYTES = 1 << 20  # 1 MiB: the largest example outline is 28 KB
MAX_DEPTH = 32  # nesting of mappings and lists; an outline's deepest field is about six levels down
MAX_VALUES = 100_000  # keys, values and items once aliases are expanded; the examples have about 2,000

# Scalar tags whose constructor can fail on a bad value without naming where (2026-02-30, 10^5000).
_CHECKED_TAGS = {"tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
                 "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"}


def _walk(node: yaml.Node, path: Loc, lines: dict[Loc, int], file: str, seen_nodes: set[int]) -> None:
    # An alias is the very node it names: walking it once is enough (and walking it again would
    # expand the alias, which is what the bounds exist to prevent). Lines under a second use of an
    # alias resolve to the key that holds it.
    if id(node) in seen_nodes:
        return
    seen_nodes.add(id(node))
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value
            line = key_node.start_mark.line + 1
            if not isinstance(key, str):
                raise OutlineError("a key must be a plain word, not a list or a mapping", file=file, line=line,
                                   field=format_loc(path))
            if key in seen:
                # PyYAML keeps the last value silently; an expert would lose the first one unseen.
                raise OutlineError(
                    f"duplicate key {key!r} (first given on line {seen[key]})",
                    file=file, line=line, field=format_loc(path + (key,)),
                )
            seen[key] = line
            lines[path + (key,)] = line
            _walk(value_node, path + (key,), lines, file, seen_nodes)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            lines[path + (i,)] = item.start_mark.line + 1
            _walk(item, path + (i,), lines, file, seen_nodes)


# libyaml's parser, where PyYAML was built with it, reads an outline about five times faster (measured); the
# events, nodes and marks it gives are those of the pure-Python one, which stands in where it is missing.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _line(mark: yaml.Mark | None) -> int | None:
    return mark.line + 1 if mark is not None else None


def _check_events(text: str, file: str, loader_class: type = yaml.SafeLoader) -> None:
    """Refuse nesting deeper than MAX_DEPTH and more than MAX_VALUES written values, from the event stream.

    The parser is a state machine (no recursion), so this is safe on any input; the composer that
    runs next recurses once per level, so it must only ever see bounded nesting.
    """
    depth = values = 0
    for event in yaml.parse(text, Loader=loader_class):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise OutlineError(f"nested more than {MAX_DEPTH} levels deep; an outline needs about six",
                                   file=file, line=_line(event.start_mark))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
        if isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            values += 1
            if values > MAX_VALUES:
                raise OutlineError(f"more than {MAX_VALUES:,} values; an outline has a few thousand at most",
                                   file=file, line=_line(event.start_mark))


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _check_graph(root: yaml.Node, loader: yaml.SafeLoader, file: str) -> None:
    """Refuse an alias that contains itself, and aliases that expand past MAX_VALUES or MAX_DEPTH.

    Sizes are summed per node once (memoised by identity), iteratively: the cost is that of the
    file as written, however far its aliases would expand. Scalars whose conversion could fail are
    converted here, where their line is known.
    """
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    visiting: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        if finished:
            kids = _children(node)
            size[key] = 1 + sum(size[id(k)] for k in kids)
            depth[key] = 0 if isinstance(node, yaml.ScalarNode) else 1 + max((depth[id(k)] for k in kids), default=0)
            visiting.discard(key)
            if size[key] > MAX_VALUES:
                raise OutlineError(f"aliases expand this value to more than {MAX_VALUES:,} values; "
                                   "write the outline out, or use fewer aliases", file=file, line=_line(node.start_mark))
            if depth[key] > MAX_DEPTH:
                raise OutlineError(f"aliases nest this value more than {MAX_DEPTH} levels deep",
                                   file=file, line=_line(node.start_mark))
            continue
        if key in size:
            continue
        if key in visiting:
            raise OutlineError("an alias refers to a value that contains it (a recursive alias); "
                               "an outline cannot be infinite", file=file, line=_line(node.start_mark))
        visiting.add(key)
        if isinstance(node, yaml.ScalarNode) and node.tag in _CHECKED_TAGS:
            try:
                loader.construct_object(node, deep=True)
            except Exception as exc:  # any constructor failure is a bad value at this line
                raise OutlineError(f"cannot read {node.value[:40]!r} as a {node.tag.rsplit(':', 1)[-1]}: {exc}",
                                   file=file, line=_line(node.start_mark)) from None
        stack.append((node, True))
        stack.extend((k, False) for k in _children(node))


def read_text(path: str | Path, what: str = "file") -> str:
    """A YAML file's text: at most MAX_BYTES, UTF-8, with an undecodable byte located by line and column."""
    path = Path(path)
    try:
        # O_NONBLOCK: opening a named pipe would wait for a writer; the descriptor's own type is then checked,
        # so a pipe, a device (/dev/zero, a terminal) or a folder is refused before a byte is read.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise OutlineError("no such file", file=str(path)) from None
    except OSError as exc:
        raise OutlineError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OutlineError(f"not a regular file (a pipe, a device or a folder); give the path of the {what} file",
                               file=str(path))
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise OutlineError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    finally:
        os.close(fd)
    if len(raw) > MAX_BYTES:
        raise OutlineError(f"the {what} is over {MAX_BYTES // (1 << 20)} MiB; an outline is a few kilobytes",
                           file=str(path))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[:exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        raise OutlineError(f"byte 0x{raw[exc.start]:02x} at column {column} is not UTF-8; save the file as UTF-8",
                           file=str(path), line=line) from None


def _parse(text: str, file: str, loader_class: type) -> tuple[Any, yaml.Node | None]:
    """(data, root node) of YAML text, bounds checked; YAML errors are raised as PyYAML raises them."""
    _check_events(text, file, loader_class)
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, None
        _check_graph(node, loader, file)
        loader.constructed_objects, loader.recursive_objects = {}, {}  # the checks built scalars; start clean
        return loader.construct_document(node), node
    finally:
        loader.dispose()


def load_yaml(text: str, file: str) -> tuple[Any, dict[Loc, int]]:
    """Parse YAML text into data plus a {location: line} map; syntax errors and excess become OutlineErrors."""
    if len(text) > MAX_BYTES:
        raise OutlineError(f"over {MAX_BYTES // (1 << 20)} MiB of text; an outline is a few kilobytes", file=file)
    try:
        try:
            data, node = _parse(text, file, _LOADER)
        except yaml.YAMLError:
            # libyaml words some refusals its own way (and refuses a few values the pure-Python parser reads,
            # for pydantic to name by field): a file it refuses is read again the slow way, for the usual message.
            data, node = _parse(text, file, yaml.SafeLoader)
    except yaml.reader.ReaderError as exc:
        # A raw control character or a stray byte: the reader knows its position, not its line.
        line = text[:exc.position].count("\n") + 1 if isinstance(exc.position, int) else None
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        raise OutlineError(f"the character U+{ord(char):04X} is not allowed in YAML; remove it or write it "
                           "as an escape in double quotes", file=file, line=line) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise OutlineError(f"YAML syntax error: {problem}", file=file, line=line) from None
    except yaml.YAMLError as exc:
        raise OutlineError(f"YAML syntax error: {exc}", file=file) from None
    lines: dict[Loc, int] = {(): 1}
    if node is not None:
        _walk(node, (), lines, file, set())
    return data, lines


def format_loc(loc: Loc) -> str:
    """('inventory', 0, 'items', 2, 'facts') -> 'inventory[0].items[2].facts'; a key's unprintable characters
    (a tab, a control, a bidirectional override) escaped, as repr() writes them, so the field reads as it is."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            part = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(part))
            out += f".{part}" if out else part
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
