"""The sizes the apps accept and return: each tool argument, each write, each response (cut, with a note saying so).

An agent's arguments are data someone else made: a 50 MB message or a query of a megabyte must be
refused with a message, not held in memory, written to disk or scanned against every file while
other clients wait. The session's own state has its limits in worldsmith.environments.session_store.
"""

from __future__ import annotations

import json

from worldsmith.worlds.errors import WorldsmithError

MAX_TEXT_BYTES = 1024 * 1024      # a message body, a document, a chat post (UTF-8)
MAX_ANSWER_BYTES = 64 * 1024      # a final answer (UTF-8): a long memo is 20 KiB; the grader scores a longer one 0
MAX_DOCX_TEXT_BYTES = 256 * 1024  # the Markdown of a .docx the drive writes: a long memo is 20 KiB
MAX_SHORT_CHARS = 1_000           # a query, a subject, a message id, a channel, a date...
MAX_LIST_ITEMS = 100              # addresses in to/cc
MAX_ADDRESS_CHARS = 320           # RFC 5321's longest address
MAX_LIMIT = 1_000                 # the `limit` of a search or read
MAX_RESPONSE_CHARS = 512 * 1024   # one tool's reply, as JSON
MAX_READ_BYTES = 64 * 1024 * 1024  # a file the apps read (a message with attachments, a document)
MAX_ROOM_BYTES = 256 * 1024 * 1024  # what one session may write into its room, in all

LONG_ARGUMENTS = {"body", "text", "answer"}  # arguments whose limit is MAX_TEXT_BYTES
PATH_ARGUMENTS = {"path", "folder", "filename"}  # checked again, component by component, by room_paths
PATH_CHARS = 256


class LimitError(WorldsmithError):
    """An argument or a write over the apps' limits."""

    exit_code = 2


def check_text(name: str, value: str, limit_bytes: int = MAX_TEXT_BYTES) -> None:
    """Refuse a long text over its limit, or one holding a NUL."""
    if "\x00" in value:
        raise LimitError(f"`{name}` holds a NUL character; send plain text")
    size = len(value.encode("utf-8", errors="surrogatepass"))
    if size > limit_bytes:
        raise LimitError(f"`{name}` is {size:,} bytes, over the limit of {limit_bytes:,}; send less text, "
                         "or split it over several messages or documents")


def check_short(name: str, value: str, limit: int = MAX_SHORT_CHARS) -> None:
    """Refuse a short argument (a query, a subject, an id) over its length, or one holding a NUL."""
    if "\x00" in value:
        raise LimitError(f"`{name}` holds a NUL character")
    if len(value) > limit:
        raise LimitError(f"`{name}` is {len(value):,} characters, over the limit of {limit:,}; shorten it")


def check_arguments(arguments: dict) -> None:
    """Refuse any argument of a tool call over its limit (strings, lists of strings, integers)."""
    for name, value in arguments.items():
        if isinstance(value, str):
            if name in LONG_ARGUMENTS:
                check_text(name, value)
            else:
                check_short(name, value, PATH_CHARS if name in PATH_ARGUMENTS else MAX_SHORT_CHARS)
        elif isinstance(value, (list, tuple)):
            if len(value) > MAX_LIST_ITEMS:
                raise LimitError(f"`{name}` has {len(value):,} items, over the limit of {MAX_LIST_ITEMS}")
            for item in value:
                if isinstance(item, str):
                    check_short(name, item, MAX_ADDRESS_CHARS)
        elif isinstance(value, int) and not isinstance(value, bool) and name == "limit":
            if not 1 <= value <= MAX_LIMIT:
                raise LimitError(f"`limit` is {value}; give a number from 1 to {MAX_LIMIT}")


def _size(value: object) -> int:
    return len(json.dumps(value, default=str, ensure_ascii=False))


def _cut_strings(value: object, limit: int) -> tuple[object, int]:
    """The value with every string over limit characters cut (and a note appended); how many were cut."""
    if isinstance(value, str):
        if len(value) <= limit:
            return value, 0
        return value[:limit] + f"\n[... cut: {len(value) - limit:,} more characters not shown]", 1
    if isinstance(value, dict):
        out, n = {}, 0
        for k, v in value.items():
            out[k], m = _cut_strings(v, limit)
            n += m
        return out, n
    if isinstance(value, list):
        out_list, n = [], 0
        for v in value:
            cut, m = _cut_strings(v, limit)
            out_list.append(cut)
            n += m
        return out_list, n
    return value, 0


def bounded(result: object, limit: int = MAX_RESPONSE_CHARS) -> object:
    """A tool's reply within limit characters of JSON: long texts cut, then long lists shortened, with a note."""
    if not isinstance(result, dict) or _size(result) <= limit:
        return result
    cut_texts = 0
    text_limit = limit // 2
    while _size(result) > limit and text_limit >= 1024:
        result, n = _cut_strings(result, text_limit)
        cut_texts += n
        text_limit //= 2
    dropped: dict[str, int] = {}
    while _size(result) > limit:
        lists = [(len(v), k) for k, v in result.items() if isinstance(v, list) and v]
        if not lists:
            break
        _, key = max(lists)
        items = result[key]
        keep = max(0, len(items) // 2) if len(items) > 1 else 0
        dropped[key] = dropped.get(key, 0) + len(items) - keep
        result = {**result, key: items[:keep]}
    notes = []
    if cut_texts:
        notes.append(f"{cut_texts} long text(s) cut")
    for key, n in dropped.items():
        notes.append(f"the last {n} item(s) of `{key}` left out")
    if notes:
        result = {**result, "truncated": "; ".join(notes) + f" to keep this reply under {limit:,} characters; "
                                                          "narrow the query, a range or a limit to see the rest"}
    return result
