"""File parsers: read one .eml, .mbox, .docx, .xlsx, .md or .csv of a data room back into plain records."""

from __future__ import annotations

import ast
import csv
import datetime as dt
import email
import email.parser
import email.policy
import hashlib
import io
import math
import re
import zipfile
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Callable

import docx
import openpyxl
from docx.enum.style import WD_STYLE_TYPE
from openpyxl.styles.numbers import is_date_format
from openpyxl.utils import column_index_from_string, get_column_letter

# ParseError lives with the error family, so the .ics and chat readers raise it without loading python-docx;
# it stays importable from here.
from worldsmith.worlds.errors import ParseError  # noqa: F401


# An Office file is a zip, and a zip can be a bomb: 1.6 MB of .docx inflating to 1.5 GB of XML peaked at 4.9 GB
# of memory in python-docx (attack20). The largest file generate makes inflates to 0.85 MB at 22:1 (3,000
# files measured); 64 MiB is 75 times that and keeps lxml's tree of it near 1 GiB, and 100:1 is well above
# what text XML deflates to while a bomb is at 1,000:1. A file under 1 MiB inflated cannot hurt at any ratio.
# The sizes are those the zip declares: Python's zipfile never inflates an entry past its declared size (it
# cuts the stream there and fails its CRC), so a lie about them costs nothing either.
MAX_INFLATED = 64 * 1024 * 1024
MAX_RATIO = 100
MAX_ENTRIES = 10_000


def check_office_zip(path: Path, kind: str) -> None:
    """Raise ParseError when an Office file's zip inflates past MAX_INFLATED, MAX_RATIO or MAX_ENTRIES."""
    try:
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
    except (OSError, zipfile.BadZipFile, ValueError) as exc:
        raise ParseError(f"not a readable {kind}: {exc}") from None
    inflated = sum(i.file_size for i in infos)
    size = max(path.stat().st_size, 1)
    if len(infos) > MAX_ENTRIES:
        raise ParseError(f"not read as a {kind}: its zip holds {len(infos):,} entries (at most {MAX_ENTRIES:,})")
    if inflated > MAX_INFLATED or (inflated > 1024 * 1024 and inflated > MAX_RATIO * size):
        raise ParseError(f"not read as a {kind}: its zip inflates {size:,} bytes to {inflated:,} (at most "
                         f"{MAX_INFLATED // (1024 * 1024)} MiB and {MAX_RATIO}:1), a zip bomb")


# ---------------------------------------------------------------- email


@dataclass(frozen=True, slots=True)
class Address:
    """One mailbox of a header: display name and address."""

    name: str
    address: str


@dataclass(frozen=True, slots=True)
class ParsedEmail:
    """An RFC 5322 message as an agent reads it."""

    message_id: str
    in_reply_to: str | None
    refs: list[str]
    subject: str
    sender: Address
    to: list[Address]
    cc: list[Address]
    sent_at: dt.datetime
    date_header: str
    body: str
    body_new: str


# The renderer's separators. A reply carries its parent under Outlook's "-----Original Message-----" rule; a forward
# uses the Gmail-style line. A world made before quoted with "On <date>, <Name> wrote:" and "> " in front of each
# line: read alike, so that its new text is the same. The first match ends this sender's text.
_ATTRIBUTION = re.compile(r"^On .+ wrote:\s*$")
_FORWARDED = re.compile(r"^-{5,}\s*(?:Forwarded|Original) message\s*-{5,}\s*$", re.IGNORECASE)


def split_new_text(body: str) -> str:
    """The sender's own text of a body: everything before quoted or forwarded history."""
    kept: list[str] = []
    for line in body.splitlines():
        if _ATTRIBUTION.match(line) or _FORWARDED.match(line) or line.startswith(">"):
            break
        kept.append(line)
    return "\n".join(kept).strip()


def bare_id(value: str | None) -> str | None:
    """A Message-ID without angle brackets or surrounding space."""
    if value is None:
        return None
    value = str(value).strip()
    return value[1:-1].strip() if value.startswith("<") and value.endswith(">") else value or None


def _addresses(msg: email.message.EmailMessage, name: str, header: object = None) -> list[Address]:
    header = msg[name] if header is None else header
    if header is None:
        return []
    try:
        found = [Address(a.display_name, a.addr_spec) for a in header.addresses]
    except (AttributeError, ValueError, IndexError) as exc:
        raise ParseError(f"unreadable {name} header: {exc}") from None
    return [a for a in found if a.address and a.address != "<>"]


def read_message(data: bytes) -> email.message.EmailMessage:
    """One message's bytes as the email package reads them (the modern policy), for parse_email and its parts."""
    return email.message_from_bytes(data, policy=email.policy.default)


def parse_email(data: bytes, msg: email.message.EmailMessage | None = None) -> ParsedEmail:
    """Parse one message; raise ParseError when headers an agent relies on are missing or malformed.

    `msg` is `data` already read by the email package (read_message): a loader that reads its parts too parses once."""
    msg = read_message(data) if msg is None else msg
    # Each header read once: the email package parses a header again at every msg[name] (Date was parsed three
    # times, Message-ID and From twice: a fifth of reading a message).
    got = {h: msg[h] for h in ("Message-ID", "Date", "From")}
    missing = [h for h, value in got.items() if value is None]
    if missing:
        raise ParseError(f"missing header {', '.join(missing)}")
    date_header = str(got["Date"])
    try:
        sent_at = got["Date"].datetime
    except (AttributeError, ValueError, TypeError):
        sent_at = None
    if sent_at is None:
        raise ParseError(f"unreadable Date header {date_header!r}")
    if sent_at.tzinfo is None:
        raise ParseError(f"Date header {date_header!r} has no UTC offset")
    senders = _addresses(msg, "From", got["From"])
    if len(senders) != 1:
        raise ParseError(f"From must name one mailbox, found {len(senders)}")
    part = msg.get_body(preferencelist=("plain",))
    if part is None:
        raise ParseError("no text/plain body")
    try:
        body = part.get_content()
    except (LookupError, ValueError) as exc:
        raise ParseError(f"undecodable body: {exc}") from None
    body = body.replace("\r\n", "\n")
    refs_header = msg["References"]
    refs = [r for r in (bare_id(t) for t in str(refs_header or "").split()) if r]
    return ParsedEmail(
        message_id=bare_id(got["Message-ID"]) or "",
        in_reply_to=bare_id(msg["In-Reply-To"]),
        refs=refs,
        subject=str(msg["Subject"] or ""),
        sender=senders[0],
        to=_addresses(msg, "To"),
        cc=_addresses(msg, "Cc"),
        sent_at=sent_at,
        date_header=date_header,
        body=body,
        body_new=split_new_text(body),
    )


def copy_digest(data: bytes) -> str:
    """sha256 of a message's bytes as every faithful copy has them: the .eml, or an mbox copy with its
    `From ` quoting undone and line endings as LF. Two copies that differ here differ for a reader."""
    data = data.replace(b"\r\n", b"\n").replace(b"\n>From ", b"\nFrom ").rstrip(b"\n")
    return hashlib.sha256(data).hexdigest()


def parse_mbox(path: Path) -> list[str | None]:
    """The Message-IDs of an mbox, in file order; raise ParseError when it is not an mbox."""
    return [mid for mid, _ in parse_mbox_copies(path)]


def parse_mbox_copies(path: Path) -> list[tuple[str | None, str]]:
    """(Message-ID, copy_digest) of each message of an mbox, in file order; ParseError when it is not an mbox."""
    return read_mbox(path.read_bytes())


def mbox_messages(data: bytes) -> list[bytes]:
    """Each message of an mbox, without its `From ` line, exactly as mailbox.mbox reads them (its _generate_toc,
    then get_bytes), in one pass over the bytes instead of a Python loop over every line (most of a mailbox's load).

    A message starts at each line that begins `From `; it stops before the blank line that precedes the next one
    (or the end), or at the next one when no blank line precedes it.
    """
    # Each line that begins 'From ': the first, and each after a newline (bytes.find, not a regex anchored at
    # every line: that tried each byte of the file and took most of a mailbox's read).
    starts = [0] if data.startswith(b"From ") else []
    at = data.find(b"\nFrom ")
    while at >= 0:
        starts.append(at + 1)
        at = data.find(b"\nFrom ", at + 1)
    messages = []
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(data)
        # mailbox.mbox: the line before the next From_ line (or the end) was exactly "\n": stop before it.
        if end >= 1 and data[end - 1:end] == b"\n" and (end == 1 or data[end - 2:end - 1] == b"\n") and \
                end - 1 > start:
            end -= 1
        body = data.find(b"\n", start)
        body = len(data) if body < 0 else body + 1
        messages.append(data[body:end] if body < end else b"")
    return messages


def read_mbox(data: bytes, known: dict[str, tuple[str | None, str]] | None = None,
              seen: dict[str, tuple[str | None, str]] | None = None) -> list[tuple[str | None, str]]:
    """(Message-ID, copy_digest) of each message of an mbox's bytes, in file order; ParseError when it is not one.

    `known` maps the sha256 of a message's exact bytes to what an earlier read found for them (a mailbox rewritten
    by a repair round holds mostly messages read before); each message read here goes into `seen` the same way.
    """
    # mailbox.mbox reads any file as zero or one messages; a real mbox starts with a From_ line.
    if data and not data.startswith(b"From "):
        raise ParseError("not an mbox: the file does not start with a 'From ' line")
    headers = email.parser.BytesHeaderParser(policy=email.policy.default)
    ids = []
    for message in mbox_messages(data):
        key = hashlib.sha256(message).hexdigest() if known is not None or seen is not None else ""
        found = known.get(key) if known else None
        if found is None:
            # Only the Message-ID is read: the header block alone, not the MIME parts (attachments) below it.
            end = message.find(b"\n\n")
            msg = headers.parsebytes(message if end < 0 else message[:end + 1])
            found = (bare_id(msg["Message-ID"]), copy_digest(message))
        if seen is not None:
            seen[key] = found
        ids.append(found)
    return ids


# ---------------------------------------------------------------- docx


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    """The text and shape of a .docx."""

    identifier: str | None
    title: str | None
    subtitle: str | None
    text: str
    margins: str  # page header and footer text, where a distractor's warning label is printed
    n_words: int
    n_sections: int
    n_tables: int
    n_paragraphs: int
    # (kind, text) in document order: title | heading | paragraph | cell, whitespace squashed, empties left out
    blocks: tuple[tuple[str, str], ...] = ()


def _squash(text: str) -> str:
    return " ".join(text.split())


def parse_docx(path: Path) -> ParsedDocument:
    """Read a .docx: every paragraph and table cell in document order, title, section and table counts."""
    check_office_zip(path, ".docx")
    try:
        doc = docx.Document(str(path))
    except Exception as exc:  # python-docx raises zipfile, lxml and its own errors alike
        raise ParseError(f"not a readable .docx: {exc}") from None
    lines: list[str] = []
    blocks: list[tuple[str, str]] = []
    title = subtitle = None
    after_title = False
    n_sections = n_tables = n_paragraphs = 0
    # Paragraph.style looks the style up by id, and the default by a search of every style, for each
    # paragraph: the names are read once here (over half of parsing a document in a profile).
    names = {st.style_id: st.name for st in doc.styles if st.type == WD_STYLE_TYPE.PARAGRAPH}
    fallback = doc.styles.default(WD_STYLE_TYPE.PARAGRAPH)
    fallback = fallback.name if fallback is not None else ""
    for block in doc.iter_inner_content():
        if isinstance(block, docx.table.Table):
            n_tables += 1
            for row in block.rows:
                # Each <w:tc> once, as the XML holds it. Row.cells repeats a cell once per grid column its
                # gridSpan claims (a 7-byte gridSpan of 2**31 is two billion cells) and walks up the rows
                # to the root of each vertical merge (quadratic, and a RecursionError past ~1,000 rows); a
                # vMerge continuation holds nothing of its own, its text is its root cell's, read once.
                for tc in row._tr.tc_lst:
                    if tc.vMerge == "continue":
                        continue
                    cell = docx.table._Cell(tc, block)
                    lines.append(cell.text)
                    if cell.text.strip():
                        blocks.append(("cell", _squash(cell.text)))
            after_title = False
            continue
        n_paragraphs += 1
        style_id = block._p.style
        style = names.get(style_id, fallback) if style_id is not None else fallback
        text = block.text
        lines.append(text)
        if text.strip():
            kind = "title" if style == "Title" else "heading" if style.startswith("Heading") else "paragraph"
            blocks.append((kind, _squash(text)))
        if style == "Title" and title is None:
            title, after_title = text, True
            continue
        if after_title and subtitle is None and text.strip() and not style.startswith("Heading"):
            subtitle = text
        after_title = False
        if style == "Heading 1":
            n_sections += 1
    margins: list[str] = []
    for section in doc.sections:
        for part in (section.header, section.footer):
            if not part.is_linked_to_previous:  # linked: no header of its own, nothing to read
                margins.extend(p.text for p in part.paragraphs if p.text.strip())
    props = doc.core_properties
    full = "\n".join(lines)
    return ParsedDocument(
        identifier=props.identifier or None,
        title=title if title is not None else (props.title or None),
        subtitle=subtitle,
        text=full,
        margins="\n".join(dict.fromkeys(margins)),
        n_words=len(full.split()),
        n_sections=n_sections,
        n_tables=n_tables,
        n_paragraphs=n_paragraphs,
        blocks=tuple(blocks),
    )


# ---------------------------------------------------------------- xlsx


@dataclass(frozen=True, slots=True)
class ParsedCell:
    """One non-empty cell."""

    row: int
    col: int
    header: str | None
    value_type: str
    value_text: str | None
    value_num: float | None
    value_date: dt.date | None
    formula: str | None
    number_format: str | None


@dataclass(slots=True)
class ParsedSheet:
    """One worksheet and its non-empty cells."""

    name: str
    n_rows: int
    n_cols: int
    cells: list[ParsedCell] = field(default_factory=list)


_REF = re.compile(r"^\$?([A-Z]{1,3})\$?([0-9]+)$")
_FUNCS: dict[str, Callable[[list[float]], float]] = {
    "SUM": sum,
    "PRODUCT": lambda v: math.prod(v) if v else 0.0,
    "MIN": lambda v: min(v) if v else 0.0,
    "MAX": lambda v: max(v) if v else 0.0,
    "COUNT": lambda v: float(len(v)),
    "AVERAGE": lambda v: sum(v) / len(v) if v else float("nan"),
}


class Unevaluable(Exception):
    """Raised by a cell lookup when the cell holds a formula whose value we cannot compute."""


def _ref(text: str) -> tuple[int, int] | None:
    m = _REF.match(text.strip().upper())
    return (int(m.group(2)), column_index_from_string(m.group(1))) if m else None


def evaluate_formula(formula: str, value_at: Callable[[int, int], float | None]) -> float | None:
    """The value of a simple formula (SUM/MIN/MAX/COUNT/AVERAGE over ranges, refs, + and -), else None.

    openpyxl reads formulas but never computes them, and the cached values are absent in files
    openpyxl wrote; so the totals rows are recomputed here from the loaded cells. `value_at(row,
    col)` gives a cell's number (None when it is empty or text) and raises Unevaluable for a
    formula cell of unknown value. Anything beyond this small grammar (another sheet, a function
    we do not know, a cell of unknown value) gives None rather than a guess.
    """
    try:
        return _evaluate(formula, value_at)
    except (Unevaluable, RecursionError):  # a chain of forward references too deep to follow
        return None


_RANGE_OR_REF = re.compile(r"\$?([A-Z]{1,3})\$?([0-9]+)(?::\$?([A-Z]{1,3})\$?([0-9]+))?")


def _evaluate(formula: str, value_at: Callable[[int, int], float | None]) -> float | None:
    """Excel arithmetic over this sheet's cells: + - * /, brackets, numbers, refs, and SUM/MIN/MAX/COUNT/AVERAGE/
    ROUND/ABS over refs and ranges. The formula is rewritten to a Python expression whose tree is walked here
    (never eval): a ref becomes a call R(row, col), a range G(r1, c1, r2, c2)."""
    expr = formula.strip()
    if expr.startswith("="):
        expr = expr[1:]
    if re.search(r"[!\"'&^%]", expr) or re.search(r"[<>=]", expr) and not re.match(r"\s*IF\s*\(", expr, re.I):
        return None  # another sheet, text, power or percent, or a comparison outside an IF: beyond this grammar
    # IF(a<b, x, y), the lesser-of written out (kit20: a right workbook's '=IF(B5<B7,B5,B7)' had no value): Excel's
    # '=' and '<>' as Python's
    expr = re.sub(r"<>", "!=", re.sub(r"(?<![<>!=])=(?!=)", "==", expr))

    def rewrite(m: re.Match) -> str:
        c1, r1 = column_index_from_string(m.group(1)), int(m.group(2))
        if m.group(3):
            return f"G({r1},{c1},{int(m.group(4))},{column_index_from_string(m.group(3))})"
        return f"R({r1},{c1})"

    try:
        tree = ast.parse(_RANGE_OR_REF.sub(rewrite, expr.upper()), mode="eval").body
    except SyntaxError:
        return None

    def cells(node: ast.expr) -> list[float]:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "G":
            r1, c1, r2, c2 = (int(a.value) for a in node.args)  # type: ignore[attr-defined]
            out = []
            for r in range(min(r1, r2), max(r1, r2) + 1):
                for c in range(min(c1, c2), max(c1, c2) + 1):
                    v = value_at(r, c)
                    if v is not None:
                        out.append(v)
            return out
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "R":
            v = value_at(int(node.args[0].value), int(node.args[1].value))  # type: ignore[attr-defined]
            return [] if v is None else [v]
        return [walk(node)]

    def truth(node: ast.expr) -> bool:
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            a, b = walk(node.left), walk(node.comparators[0])
            ops = {ast.Lt: a < b, ast.LtE: a <= b, ast.Gt: a > b, ast.GtE: a >= b, ast.Eq: a == b, ast.NotEq: a != b}
            if type(node.ops[0]) in ops:
                return ops[type(node.ops[0])]
        raise Unevaluable("a condition beyond the formula grammar")

    def walk(node: ast.expr) -> float:
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return float(node.value)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            v = walk(node.operand)
            return -v if isinstance(node.op, ast.USub) else v
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
            a, b = walk(node.left), walk(node.right)
            if isinstance(node.op, ast.Add):
                return a + b
            if isinstance(node.op, ast.Sub):
                return a - b
            if isinstance(node.op, ast.Mult):
                return a * b
            if b == 0:
                raise Unevaluable("division by zero")  # Excel shows #DIV/0!
            return a / b
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
            name = node.func.id
            if name == "R":
                v = value_at(int(node.args[0].value), int(node.args[1].value))  # type: ignore[attr-defined]
                return v or 0.0
            if name in _FUNCS:
                values = [v for a in node.args for v in cells(a)]
                result = _FUNCS[name](values)
                if result != result:  # NaN: an AVERAGE of nothing
                    raise Unevaluable("average of nothing")
                return result
            if name == "ROUND" and len(node.args) == 2:
                places = int(walk(node.args[1]))
                return float(Decimal(repr(walk(node.args[0]))).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP))
            if name == "ABS" and len(node.args) == 1:
                return abs(walk(node.args[0]))
            if name == "IF" and len(node.args) == 3:
                return walk(node.args[1]) if truth(node.args[0]) else walk(node.args[2])
        raise Unevaluable(f"{ast.dump(node)[:40]} is beyond the formula grammar")

    return walk(tree)


def formula_refs(formula: str, limit: int = 10_000) -> list[tuple[int, int]]:
    """The (row, col) cells a formula reads, ranges expanded (at most `limit`), in order of appearance."""
    out: list[tuple[int, int]] = []
    for m in _RANGE_OR_REF.finditer(formula.upper().lstrip("=")):
        r1, c1 = int(m.group(2)), column_index_from_string(m.group(1))
        r2, c2 = (int(m.group(4)), column_index_from_string(m.group(3))) if m.group(3) else (r1, c1)
        for r in range(min(r1, r2), max(r1, r2) + 1):
            for c in range(min(c1, c2), max(c1, c2) + 1):
                if len(out) < limit:
                    out.append((r, c))
    return out


def _ref_name(row: int, col: int) -> str:
    return f"{get_column_letter(col)}{row}"


def _number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


_RANGE_REF = re.compile(rb'\bref="\$?([A-Za-z]{1,3})\$?([0-9]{1,9})(?::\$?([A-Za-z]{1,3})\$?([0-9]{1,9}))?"')


def check_xlsx_ranges(path: Path) -> None:
    """Raise ParseError when a range an .xlsx's XML declares (merge, hyperlink, dimension) passes the sheet limits.

    openpyxl builds a cell for each cell of a hyperlink's range and for each edge cell of a merge while it
    loads the workbook, before read_sheets can look: `<hyperlink ref="A1:XFD1048576"/>` would be 17 billion
    cells. So the refs are read from the XML first (check_office_zip has bounded its size).
    """
    try:
        with zipfile.ZipFile(path) as z:
            for info in z.infolist():
                if not info.filename.endswith(".xml"):
                    continue
                for m in _RANGE_REF.finditer(z.read(info)):
                    rows = (int(m.group(2)), int(m.group(4) or 0))
                    cols = (column_index_from_string(m.group(1).decode().upper()),
                            column_index_from_string(m.group(3).decode().upper()) if m.group(3) else 0)
                    if max(rows) > MAX_SHEET_ROWS or max(cols) > MAX_SHEET_COLS:
                        raise ParseError(f"not read as a .xlsx: {info.filename} declares the range "
                                         f"{m.group(0)[5:-1].decode()!r} (at most {MAX_SHEET_ROWS:,} rows and "
                                         f"{MAX_SHEET_COLS:,} columns)")
    except (OSError, zipfile.BadZipFile, ValueError) as exc:
        raise ParseError(f"not a readable .xlsx: {exc}") from None


def parse_xlsx(path: Path) -> list[ParsedSheet]:
    """Read every worksheet of a .xlsx: typed cells, formulas kept and simple ones evaluated."""
    check_office_zip(path, ".xlsx")
    check_xlsx_ranges(path)
    try:
        wb = openpyxl.load_workbook(path, data_only=False)
    except Exception as exc:  # zipfile, XML and openpyxl's own errors alike
        raise ParseError(f"not a readable .xlsx: {exc}") from None
    return read_sheets(wb)


# A sheet's used range, at most. generate's sheets are under a few hundred rows and a few dozen columns; a
# real ledger export can reach tens of thousands of rows. Past this the sheet is refused as a ParseError: the
# store, drive_read_sheet and index.html each take n_rows x n_cols as a grid's size, so one cell at row
# 1,048,576 would make every one of them allocate a million rows (attack21 F1: 40-90 s and 1.7-8 GB).
MAX_SHEET_ROWS = 100_000
MAX_SHEET_COLS = 1_000


_EPOCH = dt.date(1899, 12, 30)  # day 0 of a spreadsheet's serial dates (1900 system, as Excel and LibreOffice)


def serial_day(day: dt.date) -> int:
    """The serial number a spreadsheet holds for a day."""
    return ((day.date() if isinstance(day, dt.datetime) else day) - _EPOCH).days


def read_sheets(wb: openpyxl.Workbook) -> list[ParsedSheet]:
    sheets = []
    for ws in wb.worksheets:
        # ws._cells holds the cells the XML has; iter_rows would create every cell of the used range first
        # (openpyxl has no public sparse reader outside read-only mode, which loses formulas' data types).
        present = ws._cells
        if present:
            n_rows = max(r for r, _ in present)
            n_cols = max(c for _, c in present)
            if n_rows > MAX_SHEET_ROWS or n_cols > MAX_SHEET_COLS:
                wb.close()
                raise ParseError(f"not read as a .xlsx: sheet {ws.title!r} reaches row {n_rows:,}, column "
                                 f"{n_cols:,} (at most {MAX_SHEET_ROWS:,} rows and {MAX_SHEET_COLS:,} columns)")
        raw = {key: c for key, c in present.items() if c.value is not None}
        memo: dict[tuple[int, int], float | None] = {}
        stack: set[tuple[int, int]] = set()

        def value_at(r: int, c: int) -> float | None:
            cell = raw.get((r, c))
            if cell is None or isinstance(cell.value, bool):
                return None
            if isinstance(cell.value, (int, float)):
                return float(cell.value)
            if isinstance(cell.value, (dt.datetime, dt.date)):
                return float(serial_day(cell.value))  # a date is its serial day in a formula, as a spreadsheet reads it
            if cell.data_type != "f":
                return None
            if (r, c) not in memo:
                if (r, c) in stack:  # a circular reference: unknown, not a recursion error
                    raise Unevaluable(f"circular reference at row {r}, column {c}")
                stack.add((r, c))
                memo[(r, c)] = evaluate_formula(str(cell.value), value_at)
                stack.discard((r, c))
            if memo[(r, c)] is None:
                raise Unevaluable(f"formula at row {r}, column {c}")
            return memo[(r, c)]

        headers = {c: str(cell.value) for (r, c), cell in raw.items() if r == 1}
        sheet = ParsedSheet(ws.title, ws.max_row if raw else 0, ws.max_column if raw else 0)
        # Row-major order: a running balance (C3 = C2 + B3) then finds its previous row memoised,
        # so evaluation stays shallow however long the sheet.
        for (r, c), cell in sorted(raw.items()):
            v = cell.value
            fmt = cell.number_format if cell.number_format != "General" else None
            formula = num = day = None
            # data_type, not a leading "=": the renderer stores text that looks like a formula as text
            if cell.data_type == "f":
                formula, num = str(v), evaluate_formula(f"={_ref_name(r, c)}", value_at)
                kind, text = ("number", _number_text(num)) if num is not None else ("formula", formula)
                if num is not None and fmt is not None and is_date_format(fmt) and num == int(num):
                    # a formula over a date in a date cell computes a date ('=B2+56': the day 56 days on)
                    day = _EPOCH + dt.timedelta(days=int(num))
                    kind, text, num = "date", day.isoformat(), None
            elif isinstance(v, bool):
                kind, text = "bool", "TRUE" if v else "FALSE"
            elif isinstance(v, (int, float)):
                kind, num, text = "number", float(v), _number_text(v)
            elif isinstance(v, dt.datetime):
                kind, day, text = "date", v.date(), v.date().isoformat() if v.time() == dt.time() else v.isoformat()
            elif isinstance(v, dt.date):
                kind, day, text = "date", v, v.isoformat()
            elif cell.data_type == "e":
                kind, text = "error", str(v)
            else:
                kind, text = "text", str(v)
            sheet.cells.append(ParsedCell(r, c, headers.get(c), kind, text, num, day, formula, fmt))
        sheets.append(sheet)
    wb.close()
    return sheets


# ---------------------------------------------------------------- twins


def parse_text(path: Path) -> str:
    """A UTF-8 text file (the Markdown twin of a document)."""
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ParseError(f"not UTF-8 text: {exc}") from None


def parse_csv(path: Path) -> list[list[str]]:
    """The rows of a UTF-8 CSV (the twin of a sheet)."""
    try:
        return list(csv.reader(io.StringIO(parse_text(path), newline=""), strict=True))
    except csv.Error as exc:
        raise ParseError(f"not a readable CSV: {exc}") from None


_TABLE_RULE = re.compile(r"^\|[\s:|-]+\|$")
_PIPE = re.compile(r"(?<!\\)\|")


def parse_markdown(path: Path) -> list[tuple[str, str]]:
    """The blocks of a Markdown twin as (kind, text): title | heading | paragraph | cell, as parse_docx gives them.

    Blank lines separate blocks; `#` is the title, `##` and deeper the headings, pipe-table rows give
    one cell each (the rule under the header row is left out), and a `>` quote, the distractor's
    banner that the .docx prints in its page margins, is left out too.
    """
    blocks: list[tuple[str, str]] = []
    for chunk in re.split(r"\n\s*\n", parse_text(path)):
        chunk = chunk.strip()
        if not chunk or chunk.startswith(">"):
            continue
        head = re.match(r"^(#+)\s+(.*)$", chunk, re.DOTALL)
        if head:
            blocks.append(("title" if len(head.group(1)) == 1 else "heading", _squash(head.group(2))))
        elif chunk.startswith("|"):
            for line in chunk.splitlines():
                line = line.strip()
                if _TABLE_RULE.match(line):
                    continue
                inner = line[1:-1] if line.endswith("|") and not line.endswith("\\|") else line[1:]
                for cell in _PIPE.split(inner):
                    cell = _squash(cell.replace("\\|", "|"))
                    if cell:
                        blocks.append(("cell", cell))
        else:
            blocks.append(("paragraph", _squash(chunk)))
    return blocks
