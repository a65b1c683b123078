"""Sheet renderer: a SheetContent as a typed .xlsx (openpyxl) and as its CSV twin."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import zipfile
from decimal import Decimal, InvalidOperation

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.writer.excel import ExcelWriter

from worldsmith.worlds.content import Cell, SheetColumn, SheetContent
from worldsmith.worlds.plan import SheetSpec, WorldPlan
from worldsmith.generators.render.document import banner, stamp_of
from worldsmith.generators.render.sanitize import short
from worldsmith.generators.render.zipfix import normalize_zip

FORMATS = {"money": "#,##0.00", "number": "General", "percent": "0.00%", "date": "yyyy-mm-dd"}
TOTAL_LABEL = "Total"
_MIN_WIDTH, _MAX_WIDTH = 8, 60
_BAD_SHEET_CHARS = re.compile(r"[\[\]:*?/\\]")

Typed = str | int | float | dt.date | None


def _decimal(value: Cell | Decimal, where: str) -> Decimal:
    """A numeric cell as a Decimal; strings like `1,250.00`, `USD 40` or `7.5%` are read too."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, bool):
        raise ValueError(f"{where}: {value!r} is not a number")
    if isinstance(value, (int, float)):
        return Decimal(str(value))
    text = re.sub(r"^[A-Z]{3}\s*|[\s,%$€£]", "", str(value))
    try:
        return Decimal(text)
    except InvalidOperation:
        raise ValueError(f"{where}: {value!r} is not a number") from None


def _number(value: Decimal) -> int | float:
    """A Decimal as the int or float a cell holds."""
    return int(value) if value == value.to_integral_value() else float(value)


def typed_cell(column: SheetColumn, value: Cell, where: str) -> Typed:
    """The Python value a cell of this column holds in the .xlsx (percents as fractions)."""
    if value is None or value == "":
        return None
    if column.type == "text":
        return value if isinstance(value, str) else plain_number(_decimal(value, where))
    if column.type == "date":
        try:
            return dt.date.fromisoformat(str(value))
        except ValueError:
            raise ValueError(f"{where}: {value!r} is not an ISO date") from None
    number = _decimal(value, where)
    if column.type == "percent":
        # Decimal division: 7.1 / 100 in floats is 0.07099999999999999.
        return float(number / 100)
    return _number(number)


def plain_number(value: Decimal) -> str:
    """A number as canonical CSV text: no thousands separators, no trailing zeros (7.50 -> 7.5)."""
    text = f"{value.normalize():f}"
    return "0" if text in ("-0", "") else text


def csv_text(column: SheetColumn, value: Cell | Decimal, where: str) -> str:
    """The canonical text of a cell in the CSV twin: money with 2 decimals, percent as 7.5, ISO dates."""
    if value is None or value == "":
        return ""
    if column.type == "text":
        return value if isinstance(value, str) else plain_number(_decimal(value, where))
    if column.type == "date":
        return typed_cell(column, value, where).isoformat()  # type: ignore[union-attr]
    number = _decimal(value, where)
    if column.type == "money":
        return f"{number.quantize(Decimal('0.01')):f}"
    return plain_number(number)


def body_rows(spec: SheetSpec, content: SheetContent) -> list[list[Cell]]:
    """The data rows, each as wide as the header (short rows padded; long rows refused)."""
    width = len(content.columns)
    rows = []
    for number, row in enumerate(content.rows, start=2):
        if len(row) > width:
            # Cutting cells could drop a planted fact without a trace; let the caller regenerate.
            raise ValueError(f"sheet {spec.id}: row {number} has {len(row)} cells for {width} columns")
        rows.append(list(row) + [None] * (width - len(row)))
    return rows


def label_column(content: SheetContent) -> int | None:
    """Where the totals row writes `Total`: the first text column, else the first column not summed."""
    columns = content.columns
    for wanted in (lambda c: c.type == "text" and not c.total, lambda c: not c.total):
        index = next((i for i, c in enumerate(columns) if wanted(c)), None)
        if index is not None:
            return index
    return None


def totals(spec: SheetSpec, content: SheetContent) -> list[Decimal | None]:
    """The sum of each totalled column (None for the others), computed as the .xlsx formula would."""
    rows = body_rows(spec, content)
    sums: list[Decimal | None] = []
    for index, column in enumerate(content.columns):
        if not column.total:
            sums.append(None)
            continue
        total = Decimal(0)
        for number, row in enumerate(rows, start=2):
            if row[index] not in (None, ""):
                total += _decimal(row[index], f"sheet {spec.id} row {number} {column.name}")
        sums.append(total)
    return sums


def sheet_title(name: str, taken: tuple[str, ...] = ()) -> str:
    """A worksheet name Excel accepts: no []:*?/\\, at most 31 characters, not blank, not the reserved
    "History", and distinct (case-insensitively) from the names in `taken`."""
    base = " ".join(_BAD_SHEET_CHARS.sub("-", name).split()).strip("' ")[:31].strip("' ") or "Sheet1"
    if base.casefold() == "history":
        base = "History (sheet)"
    title, k = base, 2
    while title.casefold() in {t.casefold() for t in taken}:
        suffix = f" ({k})"
        title, k = base[: 31 - len(suffix)].rstrip() + suffix, k + 1
    return title


def _shown(column: SheetColumn, value: Typed) -> str:
    """Roughly what Excel displays for a typed cell, to size its column."""
    if value is None:
        return ""
    if isinstance(value, dt.date):
        return value.isoformat()
    if column.type == "money" and isinstance(value, (int, float)):
        return f"{value:,.2f}"
    if column.type == "percent" and isinstance(value, (int, float)):
        return f"{value * 100:.2f}%"
    return str(value)


def column_width(column: SheetColumn, values: list[Typed]) -> float:
    """A column width that fits the header and the widest cell, within sensible bounds."""
    longest = max([len(column.name), *(len(_shown(column, v)) for v in values)])
    return float(min(max(longest + 2, _MIN_WIDTH), _MAX_WIDTH))


def _set_properties(wb: Workbook, plan: WorldPlan, spec: SheetSpec, content: SheetContent) -> None:
    author = plan.person(spec.author).name
    stamp = stamp_of(spec.date).replace(tzinfo=None)  # openpyxl writes naive datetimes as UTC
    props = wb.properties
    props.title = short(content.title)
    props.creator = author
    props.lastModifiedBy = author
    props.identifier = spec.id
    props.created = stamp
    props.modified = stamp
    props.revision = "1"
    warning = banner(plan, spec)
    if warning:
        props.description = warning


def _save(wb: Workbook) -> bytes:
    """The workbook's bytes, saved without openpyxl stamping `modified` with the clock."""
    buffer = io.BytesIO()
    # openpyxl.save_workbook sets properties.modified = now before writing; ExcelWriter is
    # what it calls after that line, so calling it directly keeps our fixed date.
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as archive:
        ExcelWriter(wb, archive).save()
    return buffer.getvalue()


def render_xlsx(plan: WorldPlan, spec: SheetSpec, content: SheetContent) -> bytes:
    """The .xlsx bytes of a sheet: bold frozen header, typed cells, a SUM totals row, notes."""
    rows = body_rows(spec, content)
    wb = Workbook()
    ws = wb.active
    ws.title = sheet_title(content.sheet_name)
    ws.append([c.name for c in content.columns])
    for cell in ws[1]:
        cell.font = Font(bold=True)
    ws.freeze_panes = "A2"
    typed_rows = []
    for number, row in enumerate(rows, start=2):
        typed = [typed_cell(col, value, f"sheet {spec.id} row {number} {col.name}")
                 for col, value in zip(content.columns, row)]
        typed_rows.append(typed)
        for index, (col, value) in enumerate(zip(content.columns, typed), start=1):
            cell = ws.cell(row=number, column=index, value=value)
            if isinstance(value, str) and value.startswith("="):
                cell.data_type = "s"  # text that looks like a formula stays text
            if col.type != "text" and value is not None:
                cell.number_format = FORMATS[col.type]
    last = len(rows) + 1
    if any(c.total for c in content.columns):
        total_row = last + 1
        label = label_column(content)
        if label is not None:
            ws.cell(row=total_row, column=label + 1, value=TOTAL_LABEL).font = Font(bold=True)
        for index, col in enumerate(content.columns, start=1):
            if col.total:
                letter = get_column_letter(index)
                cell = ws.cell(row=total_row, column=index, value=f"=SUM({letter}2:{letter}{last})")
                cell.font = Font(bold=True)
                cell.number_format = FORMATS.get(col.type, "General")
        last = total_row
    for offset, note in enumerate(content.notes, start=2):
        cell = ws.cell(row=last + offset, column=1, value=note)
        if note.startswith("="):
            cell.data_type = "s"
    for index, col in enumerate(content.columns):
        ws.column_dimensions[get_column_letter(index + 1)].width = column_width(col, [r[index] for r in typed_rows])
    _set_properties(wb, plan, spec, content)
    return normalize_zip(_save(wb), stamp_of(spec.date))


def render_csv(plan: WorldPlan, spec: SheetSpec, content: SheetContent) -> str:
    """The CSV twin of a sheet: header, rows in canonical text, and the totals row with its sums."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([c.name for c in content.columns])
    for number, row in enumerate(body_rows(spec, content), start=2):
        writer.writerow([csv_text(col, value, f"sheet {spec.id} row {number} {col.name}")
                         for col, value in zip(content.columns, row)])
    if any(c.total for c in content.columns):
        label = label_column(content)
        line = []
        for index, (col, total) in enumerate(zip(content.columns, totals(spec, content))):
            if total is not None:
                line.append(csv_text(col, total, spec.id))
            else:
                line.append(TOTAL_LABEL if index == label else "")
        writer.writerow(line)
    return out.getvalue()
