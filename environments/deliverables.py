"""An agent's deliverables as office files: a memo's Markdown made a .docx, CSV rows made a .xlsx, and both read back.

Agents write text; a firm files Word documents and workbooks. The drive app turns what the agent writes into
the real file (python-docx, openpyxl), and the grader reads that file back with the same readers validation
uses (worlds/store/parse.py): a workbook's formulas are evaluated there, so a result written as "=B2*B3"
counts as its value, and the formula itself is what a sheet check looks for.
"""

from __future__ import annotations

import csv
import functools
import hashlib
import io
import re
import tempfile
from decimal import Decimal
from pathlib import Path

from worldsmith.worlds.store.parse import ParseError, parse_docx, parse_xlsx
from worldsmith.worlds.values import NUMBER, parse_number

_HEADING = re.compile(r"^(#{1,3})\s+(.*)$")
_BULLET = re.compile(r"^\s*[-*\u2022]\s+(.*)$")
_TABLE_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")
# "1,234.50", "-12.5", "(1,234)" as a number; anything with letters stays text ("USD 1,234")
_NUMBER = re.compile(rf"^\(?-?(?:{NUMBER})\)?$")  # a number as the room writes it; (1,234) is negative
MAX_ROWS, MAX_COLS = 2_000, 40
# A .docx holds at most this many paragraphs, headings and bullets, and its tables MAX_ROWS rows of MAX_COLS
# columns, all together: a memo runs to a few hundred blocks, and the limits keep one tool call under a few
# seconds (attack21 F2: 10,000 table rows from 100 KB of Markdown held the server past 90 s).
MAX_BLOCKS = 10_000


def docx_from_markdown(text: str) -> bytes:
    """A Word document from Markdown: '#' headings, '-' bullets, '|' tables, paragraphs; page numbers in the footer.

    Raises ValueError past MAX_BLOCKS blocks, or a table past MAX_ROWS rows or MAX_COLS columns.
    """
    import docx
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    from docx.table import _Cell
    from docx.text.paragraph import Paragraph

    lines = text.splitlines()
    rows = [line for line in lines if _TABLE_ROW.match(line)]
    blocks = sum(1 for line in lines if line.strip()) - len(rows)
    if blocks > MAX_BLOCKS:
        raise ValueError(f"a document holds at most {MAX_BLOCKS:,} paragraphs, headings and bullets; this one has "
                         f"{blocks:,}")
    if len(rows) > MAX_ROWS:
        raise ValueError(f"a document's tables hold at most {MAX_ROWS:,} rows in all; this one has {len(rows):,}")
    doc = docx.Document()
    # Style ids looked up once and set on the XML: python-docx's style setter searches every style twice for
    # each paragraph (2 ms apiece, 10 s for 5,000 bullets).
    style_ids = {name: doc.styles[name].style_id for name in ("Heading 1", "Heading 2", "Heading 3", "List Bullet",
                                                              "Table Grid")}

    # New paragraphs go before the body's closing sectPr, found once: doc.add_paragraph searches the body's
    # children for it on each call, quadratic over a long document.
    end = doc.element.body.sectPr

    def add(text: str, style: str | None = None) -> None:
        p = OxmlElement("w:p")
        end.addprevious(p)
        if style is not None:
            p.get_or_add_pPr().style = style_ids[style]
        if text:
            Paragraph(p, doc._body).add_run(text)
    table_rows: list[list[str]] = []

    def flush_table() -> None:
        if not table_rows:
            return
        width = max(len(r) for r in table_rows)
        if width > MAX_COLS:
            raise ValueError(f"a document's table holds at most {MAX_COLS} columns; this one has {width}")
        table = doc.add_table(rows=len(table_rows), cols=width)
        table._tbl.tblPr.style = style_ids["Table Grid"]
        # Each row's <w:tc> directly: table.cell(i, j) rebuilds the whole grid on every call, which made
        # filling a table quadratic (1,000 rows took 70 s).
        for row, values in zip(table.rows, table_rows):
            for tc, value in zip(row._tr.tc_lst, values):
                _Cell(tc, table).text = value
        table_rows.clear()

    for line in lines:
        row = _TABLE_ROW.match(line)
        if row:
            if not _RULE.match(line):
                table_rows.append([c.strip() for c in row.group(1).split("|")])
            continue
        flush_table()
        if not line.strip():
            continue
        heading, bullet = _HEADING.match(line), _BULLET.match(line)
        if heading:
            add(heading.group(2).strip(), f"Heading {len(heading.group(1))}")
        elif bullet:
            add(bullet.group(1).strip(), "List Bullet")
        else:
            add(line.strip())
    flush_table()
    # "Page N" in the footer, as a firm's documents carry it
    footer = doc.sections[0].footer.paragraphs[0]
    footer.add_run("Page ")
    run = footer.add_run()
    for kind, value in (("begin", None), (None, "PAGE"), ("end", None)):
        if kind:
            el = OxmlElement("w:fldChar")
            el.set(qn("w:fldCharType"), kind)
        else:
            el = OxmlElement("w:instrText")
            el.text = value
        run._r.append(el)
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


_PERCENT_CELL = re.compile(r"^-?\d+(?:\.\d+)?\s*%$")


def _cell(value: str):
    text = value.strip()
    if text.startswith("="):
        return text
    if _PERCENT_CELL.match(text):
        # a rate typed as a spreadsheet takes it: '30%' holds 0.3, so '=B7*(1-B8)' works (kit11: a right sheet's
        # formulas over its 'Order Form discount | 30%' row came to nothing and it scored 0.23)
        return float(Decimal(text.rstrip("% ")) / 100)
    if _NUMBER.match(text):
        negative = text.startswith("(") and text.endswith(")")
        number = float(parse_number(text.strip("()")))
        number = -number if negative else number
        return int(number) if number.is_integer() and "." not in text else number
    return text


def _formulas_whole(row: list[str]) -> list[str]:
    """A row with each formula whole: '=SUM(B2,B3,B4)' written without quotes is one cell, not three."""
    out: list[str] = []
    for cell in row:
        if out and out[-1].lstrip().startswith("=") and out[-1].count("(") > out[-1].count(")"):
            out[-1] += "," + cell
        else:
            out.append(cell)
    return out


def xlsx_from_csv(text: str, sheet: str = "Sheet1") -> bytes:
    """A workbook of one sheet from CSV rows: numbers as numbers, '=...' as formulas, the first row a frozen,
    bold header, columns wide enough for their text, set up to print on one page wide."""
    import openpyxl
    from openpyxl.styles import Font

    rows = [_formulas_whole(r) for r in csv.reader(io.StringIO(text)) if any(c.strip() for c in r)]
    if len(rows) > MAX_ROWS or any(len(r) > MAX_COLS for r in rows):
        raise ValueError(f"a sheet holds at most {MAX_ROWS} rows of {MAX_COLS} columns")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = (re.sub(r"[\[\]:*?/\\]", " ", sheet).strip() or "Sheet1")[:31]
    for row in rows:
        ws.append([_cell(c) for c in row])
    percent = {(i, j) for i, row in enumerate(rows, 1) for j, c in enumerate(row, 1) if _PERCENT_CELL.match(c.strip())}
    if rows:
        for c in ws[1]:
            c.font = Font(bold=True)
        ws.freeze_panes = "A2"
        for j in range(1, max(len(r) for r in rows) + 1):
            longest = max((len(r[j - 1]) for r in rows if len(r) >= j), default=8)
            ws.column_dimensions[openpyxl.utils.get_column_letter(j)].width = min(60, max(10, longest + 2))
        for row in ws.iter_rows(min_row=2):
            for c in row:
                if (c.row, c.column) in percent:
                    c.number_format = "0.##%"
                elif isinstance(c.value, (int, float)) and not isinstance(c.value, bool):
                    c.number_format = "#,##0.00" if isinstance(c.value, float) else "#,##0"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def text_of(path: Path) -> str:
    """What a filed deliverable says, as text: a .docx's paragraphs and cells, a .xlsx's rows ('a | b | c', each
    formula as its value), any other file as written."""
    st = path.stat()
    return _text_of(str(path), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=256)
def _text_of(name: str, mtime_ns: int, size: int) -> str:
    # keyed by the file's time and size too: a rubric reads one file once per criterion, a rewrite reads afresh
    path = Path(name)
    suffix = path.suffix.lower()
    try:
        if suffix == ".docx":
            return parse_docx(path).text
        if suffix == ".xlsx":
            lines = []
            for sheet in parse_xlsx(path):
                rows: dict[int, list[str]] = {}
                for c in sheet.cells:
                    rows.setdefault(c.row, []).append(c.value_text or "")
                lines += [" | ".join(v for v in cells if v) for _, cells in sorted(rows.items())]
            return "\n".join(lines)
    except ParseError:
        return ""
    return path.read_text(encoding="utf-8", errors="replace")


def typed_text(path: Path) -> str:
    """A deliverable's text without its workbook's formula cells: what the author typed, not what was worked out."""
    if path.suffix.lower() != ".xlsx":
        return text_of(path)
    # keyed by the workbook's bytes: a grade reads each written file once per criterion, and the attack suite writes the
    # same workbook again and again (parsing one is most of a sheet task's grading)
    try:
        with open(path, "rb") as f:
            digest = hashlib.file_digest(f, "sha256").hexdigest()
    except OSError:
        return ""  # as parse_xlsx refuses a file it cannot open
    return _typed_text(str(path), digest)


@functools.lru_cache(maxsize=256)
def _typed_text(name: str, sha256: str) -> str:
    path = Path(name)
    try:
        sheets = parse_xlsx(path)
    except ParseError:
        return ""
    rows: dict[tuple[str, int], list[str]] = {}
    for sheet in sheets:
        for c in sheet.cells:
            if not c.formula:
                rows.setdefault((sheet.name, c.row), []).append(c.value_text or "")
    return "\n".join(" | ".join(v for v in cells if v) for _, cells in sorted(rows.items()))


def _workbook(path: Path) -> list:
    """The sheets of a filed .xlsx, or [] for another file or one that does not parse (the readers never change them)."""
    if path.suffix.lower() != ".xlsx":
        return []
    # keyed by the workbook's bytes, as typed_text is: a sheet task's criteria read one filed workbook's formulas and
    # rows a dozen times a grade (139 parses for 706 graded attack candidates of the legal example)
    try:
        with open(path, "rb") as f:
            digest = hashlib.file_digest(f, "sha256").hexdigest()
    except OSError:
        return []  # as parse_xlsx refuses a file it cannot open
    return _sheets_of(str(path), digest)


@functools.lru_cache(maxsize=64)
def _sheets_of(name: str, sha256: str) -> list:
    try:
        return parse_xlsx(Path(name))
    except ParseError:
        return []


def sheet_formulas(path: Path) -> list[tuple[str, str, float | None]]:
    """Each formula of a filed workbook: (its row's first text, the formula, its value)."""
    sheets = _workbook(path)
    out = []
    for sheet in sheets:
        label = {c.row: c.value_text or "" for c in sheet.cells if c.col == 1}
        out += [(label.get(c.row, ""), c.formula, c.value_num) for c in sheet.cells if c.formula]
    return out


def sheet_rows(path: Path) -> list[list[tuple[str, float | None, str | None]]]:
    """Every non-empty row of a filed workbook's first sheet: each cell's (text, number, formula), left to right."""
    sheets = _workbook(path)
    rows: dict[int, dict] = {}
    for c in (sheets[0].cells if sheets else []):
        rows.setdefault(c.row, {})[c.col] = c
    out = []
    for r in sorted(rows):
        width = max(rows[r])
        cells = [rows[r].get(i) for i in range(1, width + 1)]
        row = [((c.value_text or "") if c else "", c.value_num if c else None, c.formula if c else None) for c in cells]
        if any(t or n is not None or f for t, n, f in row):
            out.append(row)
    return out


def sheet_top_rows(path: Path, n: int = 2) -> list[list[tuple[str, bool]]]:
    """The first `n` non-empty rows of a filed workbook's first sheet: each cell's text and whether it holds a figure or
    a formula."""
    sheets = _workbook(path)
    rows: dict[int, list] = {}
    for c in (sheets[0].cells if sheets else []):
        if c.value_text or c.formula:
            rows.setdefault(c.row, []).append(c)
    return [[(c.value_text or "", bool(c.formula) or c.value_num is not None) for c in sorted(rows[r], key=lambda c: c.col)]
            for r in sorted(rows)[:n]]


def written(data: bytes, suffix: str) -> str:
    """Read back bytes about to be filed (a check that they make a file the readers open)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"check{suffix}"
        path.write_bytes(data)
        return text_of(path)
