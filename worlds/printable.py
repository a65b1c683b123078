"""Text that came from someone else's files, made safe to print: control characters shown, never obeyed.

A world bundle, a session folder or an outline is someone else's data: a file name like
`\\x1b[2J\\x1b[31mverdict pass` would clear a terminal and print its own verdict if it reached it raw. So
whatever prints such text (the CLI's consoles in flows.cli_console, the grader's stderr) escapes C0, DEL,
C1 and the Unicode bidirectional embeddings, overrides and isolates as `\\x1b`-style text.
"""

from __future__ import annotations

import re

# Controls a terminal obeys or that reorder a line: C0 (less tab and newline, which a console lays out itself),
# DEL and C1, and the Unicode bidirectional embeddings, overrides and isolates.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_UNSAFE_OR_NEWLINE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape_one(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str, newlines: bool = False) -> str:
    """`text` with each control character shown as an escape (`\\x1b`); with `newlines`, line breaks too."""
    return (_UNSAFE_OR_NEWLINE if newlines else _UNSAFE).sub(_escape_one, text)


def one_line(value: object) -> str:
    """`str(value)` as one printable line: every control character escaped, line breaks included."""
    return escape_controls(str(value), newlines=True)


def quoted(ref: str, width: int = 60) -> str:
    """A reference as an error message quotes it: clipped, so a pasted file or a 100,000-character argument does not
    bury the message that says what to do."""
    return repr(ref if len(ref) <= width else f"{ref[:width]}... ({len(ref):,} characters)")
