"""What an outline may hold so that making its world cannot fail: characters every output format can
carry, lengths, numbers, dates and a window within sane bounds, and someone for every thread to write to.

pydantic checks each field's type; these are the limits of the files a world is written to (.eml
headers, .docx and .xlsx XML, file names) and of the arithmetic and calendars the planner runs. Each
problem is the outline's own OutlineError at the field, so `outline check` names file, line and field.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any

from pydantic import BaseModel

from worldsmith.worlds.sourcemap import Loc

# XML 1.0 (.docx, .xlsx) refuses C0 controls other than tab, LF and CR, lone surrogates, U+FFFE and
# U+FFFF; DEL and the C1 controls are legal XML but break mail headers and show as boxes; CR,
# U+0085, U+2028 and U+2029 end a line in some readers and not others, so no field may hold them.
_NEVER = re.compile("[\x00-\x08\x0b\x0c\x0d\x0e-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")
# A title, name or label becomes a Subject: header, a cell, a file name or a document property: one line.
_NOT_ON_ONE_LINE = re.compile("[\n\t]")
MULTILINE_FIELDS = {"summary", "statement", "purpose"}
MAX_LINE = 200  # a title, name or label; a .docx title property holds 255, a Subject: line should hold less
MAX_TEXT = 10_000  # a summary, statement or purpose
MAX_AMOUNT = Decimal(10) ** 15  # a quadrillion: more than any matter's money, far below Decimal's precision
MAX_PLACES = 6
EARLIEST, LATEST = dt.date(1900, 1, 1), dt.date(2199, 12, 31)
MAX_WINDOW_DAYS = 20 * 366  # the planner lays items over business days of the window


def _describe(char: str) -> str:
    names = {"\r": "a carriage return", "\n": "a line break", "\t": "a tab", "\u2028": "a line separator",
             "\u2029": "a paragraph separator", "\x85": "a next-line character", "\x7f": "a delete character"}
    return f"{names.get(char, 'a control character')} (U+{ord(char):04X})"


def _check_text(outline: Any, loc: Loc, name: str, text: str) -> None:
    bad = _NEVER.search(text)
    if bad:
        raise outline.error(loc, f"contains {_describe(bad.group())} at character {bad.start() + 1}, which no mail, "
                                 "document or sheet can carry; remove it")
    multiline = name in MULTILINE_FIELDS
    if not multiline:
        bad = _NOT_ON_ONE_LINE.search(text)
        if bad:
            raise outline.error(loc, f"contains {_describe(bad.group())}; a {name} is one line (it becomes a "
                                     "subject, a cell, a file name or a document property)")
    limit = MAX_TEXT if multiline else MAX_LINE
    if len(text) > limit:
        raise outline.error(loc, f"is {len(text):,} characters long; a {name} holds at most {limit:,}")


def _check_number(outline: Any, loc: Loc, value: Decimal) -> None:
    if not value.is_finite():
        raise outline.error(loc, f"{value} is not a number a world can carry; give a finite amount")
    if abs(value) >= MAX_AMOUNT:
        raise outline.error(loc, f"{value:.3E} is too large; amounts and numbers stay below 10^15")
    exponent = value.normalize().as_tuple().exponent
    if isinstance(exponent, int) and -exponent > MAX_PLACES:
        raise outline.error(loc, f"{value} has more than {MAX_PLACES} decimal places")


def _check_date(outline: Any, loc: Loc, day: dt.date) -> None:
    if not EARLIEST <= day <= LATEST:
        raise outline.error(loc, f"{day} lies outside {EARLIEST.year} to {LATEST.year}, the dates a world can hold")


def _visit(outline: Any, value: Any, loc: Loc, name: str) -> None:
    if isinstance(value, BaseModel):
        for field in type(value).model_fields:
            _visit(outline, getattr(value, field), loc + (field,), field)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _visit(outline, item, loc + (i,), name)
    elif isinstance(value, str):
        _check_text(outline, loc, name, value)
    elif isinstance(value, Decimal):
        _check_number(outline, loc, value)
    elif isinstance(value, dt.date):
        _check_date(outline, loc, value)


def check_bounds(outline: Any) -> None:
    """Every field within what the files and the planner can carry; raises the outline's OutlineError."""
    _visit(outline, outline, (), "outline")
    w = outline.window
    if (w.end - w.start).days > MAX_WINDOW_DAYS:
        raise outline.error(("window", "end"), f"the window spans {(w.end - w.start).days:,} days; "
                                               f"a matter's window is at most 20 years")
    people = sum(member.count for member in outline.cast)
    if people < 2:
        for i, folder in enumerate(outline.inventory):
            for j, item in enumerate(folder.items):
                if getattr(item, "kind", None) == "email_thread":
                    raise outline.error(("inventory", i, "items", j, "author"),
                                        "a thread needs someone to write to, but the cast has one person; "
                                        "add a cast member (or raise a role's count)")
        for i, d in enumerate(outline.distractors):
            if getattr(d.item, "kind", None) == "email_thread":
                raise outline.error(("distractors", i, "item", "author"),
                                    "a thread needs someone to write to, but the cast has one person")

