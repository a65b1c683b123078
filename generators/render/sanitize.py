"""Content made fit for files: what a format refuses is removed or folded here, once, before any renderer runs.

The content types accept what the schema sent to the model allows; the file formats accept less.
Doing it once for the whole content (not per writer) keeps every twin saying the same: the .docx
and its Markdown, the .xlsx and its CSV, the .eml and each mailbox copy.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from pydantic import BaseModel

from worldsmith.worlds.content import Content, DocumentContent, EmailContent, SheetColumn, SheetContent, Table

# XML 1.0 (docx, xlsx) refuses C0 controls but tab and newline, lone surrogates and U+FFFE/U+FFFF;
# C1 controls are legal there but no writer of business text means them.
_REFUSED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_BREAKS = re.compile("\r\n|[\r\u2028\u2029\u0085]")
# Fields shown on one line: a subject (a mail header), a title, a heading, a sheet or column name.
_ONE_LINE = {"subject", "title", "subtitle", "heading", "sheet_name", "name", "columns"}
PROPERTY_LIMIT = 255  # Word refuses a core property (title) longer than this


def clean_text(text: str, *, one_line: bool = False) -> str:
    """Text every format can carry: line breaks as \\n (or folded to spaces on one line), refused characters removed."""
    text = _REFUSED.sub("", _BREAKS.sub("\n", text))
    if one_line:
        text = " ".join(text.split())
    return text


def short(text: str, limit: int = PROPERTY_LIMIT) -> str:
    """Text cut to `limit` characters at a word where it can be, with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0] if " " in text[: limit - 1] else text[: limit - 1]
    return cut.rstrip() + "…"


def _clean(value: Any, one_line: bool = False) -> Any:
    if isinstance(value, BaseModel):
        return value.model_copy(update={name: _clean(getattr(value, name), name in _ONE_LINE)
                                        for name in type(value).model_fields})
    if isinstance(value, list):
        return [_clean(v, one_line) for v in value]
    if isinstance(value, str):
        return clean_text(value, one_line=one_line)
    return value


def _number(value: Any) -> bool:
    if value is None or value == "" or isinstance(value, bool):
        return value is None or value == ""
    if isinstance(value, (int, float)):
        return value == value and value not in (float("inf"), float("-inf"))
    try:
        Decimal(re.sub(r"^[A-Z]{3}\s*|[\s,%$€£]", "", str(value)))
        return True
    except InvalidOperation:
        return False


def _date(value: Any) -> bool:
    import datetime as dt

    if value is None or value == "":
        return True
    try:
        dt.date.fromisoformat(str(value))
        return True
    except ValueError:
        return False


def _fit_table(table: Table) -> Table:
    """Rows as wide as the header: short rows padded, the extra cells of a long row joined into its last cell.

    Joining, not cutting: a planted fact in an extra cell stays in the text a reader and the checks see.
    """
    width = len(table.columns)
    rows = []
    for row in table.rows:
        row = [str(c) for c in row]
        if len(row) > width:
            row = row[: width - 1] + ["; ".join(c for c in row[width - 1:] if c)]
        rows.append(row + [""] * (width - len(row)))
    return table.model_copy(update={"rows": rows})


def _fit_sheet(content: SheetContent) -> SheetContent:
    """A sheet whose rows fit its columns and whose cells fit their column types.

    A row longer than the header gets text columns for its extra cells; a numeric or date column
    holding a cell that is not one becomes a text column (its total dropped), so nothing is lost
    and no writer refuses a value.
    """
    columns = list(content.columns)
    width = max([len(columns), *(len(r) for r in content.rows)])
    for n in range(len(columns), width):
        columns.append(SheetColumn(name=f"Column {n + 1}", type="text"))
    rows = [list(r) + [None] * (width - len(r)) for r in content.rows]
    for index, column in enumerate(columns):
        fits = _date if column.type == "date" else _number if column.type != "text" else None
        if fits is not None and not all(fits(row[index]) for row in rows):
            column = columns[index] = column.model_copy(update={"type": "text", "total": False})
        if column.total and column.type in ("text", "date"):
            columns[index] = column.model_copy(update={"total": False})  # only numbers add up
    names, taken = [], set()
    for column in columns:
        name, k = column.name or "Column", 2
        while name.casefold() in taken:  # a reader (and the CSV twin's header) needs distinct names
            name, k = f"{column.name} ({k})", k + 1
        taken.add(name.casefold())
        names.append(column.model_copy(update={"name": name}))
    return content.model_copy(update={"columns": names, "rows": rows})


def fit_content(content: Content) -> Content:
    """`content` as every file format of its kind can carry it (see the module docstring)."""
    content = _clean(content)
    if isinstance(content, DocumentContent):
        sections = [s.model_copy(update={"table": _fit_table(s.table)}) if s.table is not None else s
                    for s in content.sections]
        return content.model_copy(update={"sections": sections})
    if isinstance(content, SheetContent):
        return _fit_sheet(content)
    if isinstance(content, EmailContent) and not content.subject:
        return content.model_copy(update={"subject": "(no subject)"})
    return content
