"""What an outline may hold so that making its world cannot fail: characters every output format can
carry, lengths, numbers, dates and a window within sane bounds, and someone for every thread to write to.

pydantic checks each field's type; these are the limits of the files a world is written to (.eml
headers, .docx and .xlsx XML, file names) and of the arithmetic and calendars the planner runs. Each
problem is the outline's own OutlineError at the field, so `outline check` names file, line and field.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import unicodedata
from decimal import Decimal
from typing import Any

from pydantic import BaseModel

from worldsmith.worlds.points import MAX_POINT_CHARS
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
MAX_ITEMS = 500  # line items of one fact: a sheet's rows (SpreadsheetItem.rows) stop at 500 too
# Names of the bidirectional controls, the format characters an outline is likeliest to carry unseen.
_FORMAT_NAMES = {"\u202a": "a left-to-right embedding", "\u202b": "a right-to-left embedding",
                 "\u202c": "a pop directional formatting", "\u202d": "a left-to-right override",
                 "\u202e": "a right-to-left override", "\u2066": "a left-to-right isolate",
                 "\u2067": "a right-to-left isolate", "\u2068": "a first strong isolate",
                 "\u2069": "a pop directional isolate", "\u200e": "a left-to-right mark", "\u200f": "a right-to-left mark",
                 "\u061c": "an Arabic letter mark", "\u200b": "a zero-width space", "\u200c": "a zero-width non-joiner",
                 "\u200d": "a zero-width joiner", "\u2060": "a word joiner", "\u00ad": "a soft hyphen",
                 "\ufeff": "a byte order mark"}


def _describe(char: str) -> str:
    names = {"\r": "a carriage return", "\n": "a line break", "\t": "a tab", "\u2028": "a line separator",
             "\u2029": "a paragraph separator", "\x85": "a next-line character", "\x7f": "a delete character"}
    return f"{names.get(char, 'a control character')} (U+{ord(char):04X})"


def format_character(text: str) -> int | None:
    """The index of the first Unicode format character (category Cf: bidirectional controls, zero-width
    characters, soft hyphens, tags) in text, or None."""
    if text.isascii():
        return None
    return next((i for i, ch in enumerate(text) if unicodedata.category(ch) == "Cf"), None)


# What validation's realism_leakage refuses in a world: a template token, a [Name] placeholder, TODO. An outline
# field other than a purpose is written into the room as it stands, so one holding these could never publish.
# (a bracketed word in any case: a label may be printed in capitals, where "[red]" reads as the placeholder "[RED]")
_LEAKS = re.compile(r"\{\{|\}\}|\{%|%\}|<<[^<>\n]{0,40}>>|\$\{[A-Za-z_]|\{[A-Za-z_][A-Za-z0-9_ .]*\}|\[[A-Za-z][A-Za-z ]+\]|"
                    r"\b(?:TODO|TBD|XXX|FIXME)\b|[{}]")
# The verbs validation's decision_named reads a purpose with (generators/beats.py has the same).
DECIDES = re.compile(r"\b(decides?|decided|approves?|approved|rejects?|rejected|agrees?|agreed|accepts?|accepted|"
                     r"signs? off|signed off|settles?|settled)\b", re.I)


def _check_text(outline: Any, loc: Loc, name: str, text: str) -> None:
    # A point writes a fact's value as {fact_id}: the engine fills it (worlds/points.py); any other mark leaks.
    seen = re.sub(r"\{[a-z][a-z0-9_]*\}", "", text) if name == "points" else text
    leak = _LEAKS.search(seen) if name != "purpose" else None
    if leak:
        raise outline.error(loc, f"holds {leak.group()!r}, a template mark or placeholder that would show in the "
                                 "world as written; write the text itself")
    bad = _NEVER.search(text)
    if bad:
        raise outline.error(loc, f"contains {_describe(bad.group())} at character {bad.start() + 1}, which no mail, "
                                 "document or sheet can carry; remove it")
    at = format_character(text)
    if at is not None:
        # Trojan Source: a bidirectional control shows a name, a path or an amount in another order than it
        # is stored (and compared, and checked); invisible ones make two equal-looking values differ.
        char = text[at]
        what = _FORMAT_NAMES.get(char, "an invisible format character")
        raise outline.error(loc, f"contains {what} (U+{ord(char):04X}) at character {at + 1}; it changes how the "
                                 "text is shown without showing itself, so no world carries it: remove it")
    multiline = name in MULTILINE_FIELDS or name == "points"
    if not multiline:
        bad = _NOT_ON_ONE_LINE.search(text)
        if bad:
            raise outline.error(loc, f"contains {_describe(bad.group())}; a {name} is one line (it becomes a "
                                     "subject, a cell, a file name or a document property)")
    # (a point is one finding or term, written in the room as it stands: worlds/points.py's bound, not a title's)
    limit = MAX_POINT_CHARS if name == "points" else MAX_TEXT if multiline else MAX_LINE
    if len(text) > limit:
        raise outline.error(loc, f"is {len(text):,} characters long; a {'point' if name == 'points' else name} holds "
                                 f"at most {limit:,}")


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


# The entity_key macro of worlds/store/schema.sql, which validation's realism_fiction_names compares by.
_KEY_JUNK = re.compile(r"[^a-z0-9& ]+")
_KEY_FORM = re.compile(r"(\s+(&\s*)?(inc|incorporated|llc|llp|lp|ltd|limited|plc|corp|corporation|co|company|group|"
                       r"holdings|sa|ag|nv|gmbh))+\s*$")


def entity_key(name: str) -> str:
    """A name as the fiction-names check compares it: lower case, no punctuation, no trailing legal form."""
    return " ".join(_KEY_FORM.sub("", _KEY_JUNK.sub(" ", name.lower())).split())


@functools.lru_cache(maxsize=1)
def _real_keys() -> dict[str, str]:
    from worldsmith.worlds.realism import real_entities  # the list validation loads (worlds/data)

    return {entity_key(n): n for n in real_entities() if entity_key(n)}


def real_name(name: str) -> str | None:
    """The well-known real entity a name would be taken for, or None."""
    return _real_keys().get(entity_key(name))


def _check_cents(outline: Any, loc: Loc, value: Any) -> None:
    """An amount of money is whole cents: a sheet, its CSV twin and a letter each round a fraction of a cent their own
    way, so 0.005 can never agree across the room."""
    amount = getattr(value, "amount", None)
    if getattr(value, "type", None) == "money" and amount is not None and amount != round(amount, 2):
        raise outline.error(loc, f"{amount} has a fraction of a cent; give the amount in whole cents "
                                 f"({round(amount, 2)})")


def _check_known_words(outline: Any) -> None:
    """A text fact's value is not already written in another fact's statement known before it: every file carrying
    that statement would mention it before it is known (validation's fact_mentioned_before_known), unless the value
    is a party's name, which any file may write."""
    names = {o.name for o in outline.organisations}
    start = outline.window.start
    for i, fact in enumerate(outline.facts):
        value = getattr(fact.value, "value", None)
        if getattr(fact.value, "type", None) != "text" or not fact.known_from or not isinstance(value, str) or value in names \
                or len(value) < 4:
            continue
        for other in outline.facts:
            if other is not fact and value in other.statement and (other.known_from or start) < fact.known_from:
                raise outline.error(("facts", i, "value", "value"),
                                    f"{value!r} is already written in the statement of {other.id!r}, known from "
                                    f"{other.known_from or start}, before {fact.id!r} is known on {fact.known_from}: "
                                    "files would name it too early; if it is a party, add it to organisations")


def check_bounds(outline: Any) -> None:
    """Every field within what the files and the planner can carry; raises the outline's OutlineError."""
    _visit(outline, outline, (), "outline")
    w = outline.window
    if (w.end - w.start).days > MAX_WINDOW_DAYS:
        raise outline.error(("window", "end"), f"the window spans {(w.end - w.start).days:,} days; "
                                               f"a matter's window is at most 20 years")
    for i, fact in enumerate(outline.facts):
        _check_cents(outline, ("facts", i, "value", "amount"), fact.value)
        if len(fact.items) > MAX_ITEMS:
            raise outline.error(("facts", i, "items"), f"lists {len(fact.items):,} line items; a sheet breaks an "
                                                       f"amount into at most {MAX_ITEMS}")
    for i, folder in enumerate(outline.inventory):
        for j, item in enumerate(folder.items):
            if getattr(item, "kind", None) == "email_thread" and DECIDES.search(item.purpose or "") \
                    and getattr(item, "messages", 2) < 2:
                raise outline.error(("inventory", i, "items", j, "messages"),
                                    "the purpose says something is decided in this thread, which takes two messages "
                                    "at least (one raises it, a reply decides it); give messages: 2 or more")
    _check_known_words(outline)
    by_id = {f.id: f for f in outline.facts}
    for i, d in enumerate(outline.distractors):
        _check_cents(outline, ("distractors", i, "value", "amount"), d.value)
        fact = by_id.get(d.fact)
        wrong, right = getattr(d.value, "amount", None), getattr(getattr(fact, "value", None), "amount", None)
        if wrong is not None and right and right > 0 and not right / 100 <= wrong <= right * 100:
            raise outline.error(("distractors", i, "value"),
                                f"{wrong} is not a figure anyone would take for {d.fact!r} ({right}); a superseded "
                                "figure is the same amount as it stood before, within a factor of 100 of it")
    for i, org in enumerate(outline.organisations):
        real = real_name(org.name)
        if real:
            raise outline.error(("organisations", i, "name"),
                                f"{org.name!r} is named like the real {real}; a world's parties are invented: "
                                "give the organisation a name of its own")
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



def _check_known_figures(outline: Any) -> None:
    """An amount or a date a fact takes from a later day is not already written in another fact's statement known
    before that day (unless some fact or superseded draft known by then has the same figure): every file carrying that
    statement would write it before it is known (validation's fact_mentioned_before_known)."""
    from worldsmith.worlds.values import render_value  # loads the value models only

    def squash(text: str) -> str:
        return " ".join(text.split())

    known: dict[str, dt.date] = {}  # a figure's text -> the first day any fact or draft carries it
    where: dict[str, tuple[Loc, str]] = {}
    for i, fact in enumerate(outline.facts):
        history = fact.history()
        for j, (since, value) in enumerate(history):
            text = squash(render_value(value, outline.locale))
            if since < known.get(text, dt.date.max):
                known[text] = since
                loc = ("facts", i, "value") if j == len(history) - 1 else ("facts", i, "values", j, "value")
                where[text] = (loc, fact.id)
    by_id = {f.id: f for f in outline.facts}
    for d in outline.distractors:
        fact = by_id.get(d.fact)
        text = squash(render_value(d.value, outline.locale))
        day = fact.first_known() if fact is not None else outline.window.start
        known[text] = min(known.get(text, dt.date.max), day)
    for other in outline.facts:
        statement, day = squash(other.statement), other.first_known()
        for text, first in known.items():
            loc, owner = where.get(text, ((), ""))
            if owner and owner != other.id and len(text) >= 6 and day < first and text in statement \
                    and getattr(getattr(by_id[owner], "value", None), "type", None) in ("money", "date"):
                raise outline.error(loc, f"{text} is written in the statement of {other.id!r}, known from {day}, "
                                         f"but {owner!r} takes it only on {first}: files would write it too early; "
                                         "give the figure from the statement's day, or change the statement")


def check_solved(outline: Any) -> None:
    """Bounds on the values the ledger solved (formulas computed): what the sheets split and roll up.

    A sheet breaks an amount with line items into positive parts, and spreads the amount its logs roll
    up to over them; a negative amount has no such parts (the split would borrow one unit per pass).
    """
    for i, fact in enumerate(outline.facts):
        if not fact.items or fact.value is None:
            continue
        for j, (since, value) in enumerate(fact.history()):
            amount = getattr(value, "amount", None)
            if amount is not None and amount < 0:
                where = ("facts", i, "value") if j == len(fact.values) else ("facts", i, "values", j, "value")
                raise outline.error(where, f"{amount} is negative, but the fact lists line items a sheet breaks it "
                                           "into; give a positive amount, or leave out items")
    _check_known_figures(outline)
    by_id = {f.id: f for f in outline.facts}
    items = [(("inventory", i, "items", j), item) for i, folder in enumerate(outline.inventory)
             for j, item in enumerate(folder.items)]
    items += [(("distractors", i, "item"), d.item) for i, d in enumerate(outline.distractors)]
    for loc, item in items:
        target = by_id.get(getattr(item, "rolls_up_to", None) or "")
        amount = getattr(target.value, "amount", None) if target is not None else None
        if amount is not None and amount <= 0:
            raise outline.error(loc + ("rolls_up_to",), f"{target.id!r} is {amount}; sheets roll up to a positive "
                                                        "amount (each carries a share of it)")
