"""Sheet renderer: a SheetContent as a typed .xlsx (openpyxl) and as its CSV twin."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import zipfile
from decimal import Decimal, InvalidOperation
from typing import Callable
from xml.sax.saxutils import escape

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font
from openpyxl.utils import get_column_letter
from openpyxl.writer.excel import ExcelWriter

from worldsmith.worlds.content import Cell, SheetColumn, SheetContent
from worldsmith.worlds.plan import SheetSkeleton, SheetSpec, WorldPlan
from worldsmith.worlds.store.parse import serial_day
from worldsmith.generators.skeleton import impose
from worldsmith.generators.kinds.spreadsheet import look
from worldsmith.generators.kinds.spreadsheet.promise import FLAGS
from worldsmith.generators.render.office import banner, organisation_name, stamp_of
from worldsmith.generators.render.sanitize import short
from worldsmith.generators.render.zipfix import normalize_zip

TOTAL_LABEL = "Total"
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
    if value in FLAGS:
        return value  # a limit test's flag, the value of the engine's IF in a column of figures
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
    if value in FLAGS:
        return value
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
    # what it calls after that line, so calling it directly keeps our fixed date. Stored, not deflated:
    # normalize_zip inflates every entry and deflates it again, so a first deflate here was thrown away
    # (a tenth of a CPU-s of the legal example's publish went on deflating twice).
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED, allowZip64=True) as archive:
        ExcelWriter(wb, archive).save()
    return buffer.getvalue()


def laid_out(spec: SheetSpec, content: SheetContent) -> SheetContent:
    """The content to render: laid over the sheet's skeleton when the engine fixed its numbers."""
    return impose(spec.skeleton, content) if spec.skeleton is not None else content


def skeleton_formulas(skeleton: SheetSkeleton) -> dict[tuple[int, int], tuple[str, float | int]]:
    """(row, col) -> (Excel formula, the value it computes) for every formula line, 1-based as in the sheet."""
    letter = get_column_letter(skeleton.amount + 1)
    out = {}
    for n, line in enumerate(skeleton.lines):
        if line.formula:
            # (a line may read a cell of another column: a side's figure read back from its column's sum)
            text = re.sub(r"\{(\d+)@(\d+)\}", lambda m: f"{get_column_letter(int(m.group(2)) + 1)}{int(m.group(1)) + 2}",
                          line.formula)
            text = re.sub(r"\{(\d+)\}", lambda m: f"{letter}{int(m.group(1)) + 2}", text)
            out[(n + 2, skeleton.amount + 1)] = ("=" + text, line.cells[skeleton.amount])
        for col, formula in (line.others or {}).items():
            # a register's row computes a cell of its own besides the amount (a claim's outstanding balance)
            text = re.sub(r"\{(\d+)@(\d+)\}", lambda m: f"{get_column_letter(int(m.group(2)) + 1)}{int(m.group(1)) + 2}",
                          formula)
            text = re.sub(r"\{(\d+)\}", lambda m: f"{letter}{int(m.group(1)) + 2}", text)
            out[(n + 2, col + 1)] = ("=" + text, line.cells[col])
    return out


def _cache_values(cached: dict[str, float | int]) -> "Callable[[str, bytes], bytes]":
    """An entry editor that writes each formula cell's value into the sheet XML, where openpyxl leaves it empty,
    so readers that do not recalculate (pandas, openpyxl's data_only, previews) see the ledger's numbers."""

    def edit(name: str, data: bytes) -> bytes:
        if name != "xl/worksheets/sheet1.xml" or not cached:
            return data
        text = data.decode("utf-8")

        def fill(m: re.Match) -> str:
            value = cached.get(m.group(1))
            if isinstance(value, str):
                # a formula's text value (a limit test's flag) is a string cell: t="str", the text unquoted
                cell = re.sub(r'^(<c r="[A-Z]+[0-9]+")(?: t="\w+")?', r'\1 t="str"', m.group(0))
                return re.sub(r"<v\s*/>|<v></v>", f"<v>{escape(value)}</v>", cell)
            return m.group(0) if value is None else m.group(0).replace("<v></v>", f"<v>{value!r}</v>").replace(
                "<v />", f"<v>{value!r}</v>")
        return re.sub(r'<c r="([A-Z]+[0-9]+)"[^>]*><f>[^<]*</f><v\s*/?>(?:</v>)?</c>', fill, text).encode("utf-8")

    return edit


def _formats(spec: SheetSpec, by_column: list[str], typed_rows: list[list[Typed]],
             columns: list[SheetColumn]) -> list[list[str | None]]:
    """The number format of every body cell (None for text and empty cells): its column's, except the amount
    column of a skeleton, whose lines mix money, numbers and percents and carry their own."""
    lines = spec.skeleton.lines if spec.skeleton is not None else []
    amount = spec.skeleton.amount if spec.skeleton is not None else -1
    out = []
    for n, typed in enumerate(typed_rows):
        row = []
        for index, (col, value) in enumerate(zip(columns, typed)):
            if col.type == "text" or value is None or isinstance(value, str):
                row.append(None)
            elif index == amount and n < len(lines) and lines[n].format:
                row.append(look.line_format(lines[n].format, value))
            else:
                row.append(by_column[index])
        out.append(row)
    return out


def _emphasis(spec: SheetSpec, number: int, bold: Font = look.BOLD) -> tuple[Font | None, Border | None]:
    """The font and border of a skeleton line by its role: headings and key figures bold, a subtotal ruled
    above, a total ruled above and double-ruled below."""
    if spec.skeleton is None or not 0 <= number - 2 < len(spec.skeleton.lines):
        return None, None
    role = spec.skeleton.lines[number - 2].role
    if role == "total":
        return bold, look.TOTAL_BORDER
    if role == "subtotal":
        return bold, look.SUBTOTAL_BORDER
    if role in ("heading", "key"):
        return bold, None
    return None, None


def render_xlsx(plan: WorldPlan, spec: SheetSpec, content: SheetContent) -> bytes:
    """The .xlsx bytes of a sheet: bold frozen header, typed cells with number formats, live formulas where the
    engine laid them out (their values cached), a SUM totals row for a composer's table, notes, columns as
    wide as what they display, and a print set-up."""
    content = laid_out(spec, content)
    formulas = skeleton_formulas(spec.skeleton) if spec.skeleton is not None else {}
    rows = body_rows(spec, content)
    wb = Workbook()
    look.use_firm_font(wb, plan.locale)
    bold = look.fonts(plan.locale)[1]
    ws = wb.active
    ws.title = sheet_title(content.sheet_name)
    columns = content.columns
    numeric = [c.type != "text" for c in columns]
    # a text column right of a number column is indented, else its words touch the numbers' last digits
    indents = [1 if i and numeric[i - 1] and not numeric[i] else 0 for i in range(len(columns))]
    ws.append([c.name for c in columns])
    look.style_header(ws, len(columns), numeric, indents, bold)
    ws.freeze_panes = "A2"
    typed_rows = [[typed_cell(col, value, f"sheet {spec.id} row {number} {col.name}")
                   for col, value in zip(columns, row)] for number, row in enumerate(rows, start=2)]
    sums = totals(spec, content) if any(c.total for c in columns) else [None] * len(columns)
    # a column's format reads its values and its total alike, so the total looks like the figures above it
    by_column = [look.number_format(col.type, [r[i] for r in typed_rows] + ([_number(sums[i])] if sums[i] is not None else []))
                 for i, col in enumerate(columns)]
    formats = _formats(spec, by_column, typed_rows, columns)
    shown: list[list[str]] = [[] for _ in columns]
    cells = []
    for number, (typed, fmts) in enumerate(zip(typed_rows, formats), start=2):
        font, border = _emphasis(spec, number, bold)
        for index, (value, fmt) in enumerate(zip(typed, fmts), start=1):
            live = formulas.get((number, index))
            cell = ws.cell(row=number, column=index, value=live[0] if live else value)
            if isinstance(value, str) and value.startswith("=") and not live:
                cell.data_type = "s"  # text that looks like a formula stays text
            if fmt is not None:
                cell.number_format = fmt
            if font is not None:
                cell.font = font
            if border is not None:
                cell.border = border
            shown[index - 1].append(look.displayed(value, fmt or look.GENERAL))
            cells.append((cell, shown[index - 1][-1]))
    last = len(rows) + 1
    if any(c.total for c in columns):
        total_row = last + 1
        label = label_column(content)
        if label is not None:
            cell = ws.cell(row=total_row, column=label + 1, value=TOTAL_LABEL)
            cell.font = bold
            cells.append((cell, TOTAL_LABEL))
        for index, col in enumerate(columns, start=1):
            if col.total:
                letter = get_column_letter(index)
                cell = ws.cell(row=total_row, column=index, value=f"=SUM({letter}2:{letter}{last})")
                cell.font, cell.border = bold, look.TOTAL_BORDER
                cell.number_format = by_column[index - 1]
                # cached as the sum a spreadsheet computes (percents as fractions), for readers that do not recalculate
                total = sums[index - 1] / 100 if col.type == "percent" else sums[index - 1]
                formulas[(total_row, index)] = (cell.value, _number(total))
                shown[index - 1].append(look.displayed(_number(total), cell.number_format))
            elif index - 1 == label:
                shown[index - 1].append(TOTAL_LABEL)
        last = total_row
    widths = [look.fit_width(texts, col.name, num) + indent
              for texts, col, num, indent in zip(shown, columns, numeric, indents)]
    for index, width in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(index)].width = width
    raised: set[int] = set()
    for cell, text in cells:
        index = cell.column - 1
        if numeric[index]:
            continue
        # text longer than its column wraps inside it (the row grows) instead of running off the printed page;
        # text right of a number column stands off it by an indent
        wrap = look.wraps(text, widths[index] - indents[index])
        if wrap or indents[index]:
            cell.alignment = Alignment(wrap_text=wrap or None, vertical="top" if wrap else None, indent=indents[index])
        height = look.wrapped_height(text, widths[index] - indents[index]) if wrap else None
        if height is not None and height > (ws.row_dimensions[cell.row].height or 0):
            ws.row_dimensions[cell.row].height = height  # the row grows to hold the wrapped text
            raised.add(cell.row)
    for row in sorted(raised):
        # a raised row reads from its top line: the label and the figure beside the first line of the wrapped text
        for cell in ws[row]:
            a = cell.alignment
            cell.alignment = Alignment(horizontal=a.horizontal, vertical="top", wrap_text=a.wrap_text, indent=a.indent)
    last_printed = _write_notes(ws, content, last, widths)
    warning = banner(plan, spec)
    look.print_setup(ws, last_row=last_printed, widths=widths, locale=plan.locale,
                     organisation=organisation_name(plan, spec.author), warning=warning)
    _set_properties(wb, plan, spec, content)
    # a formula in a date column caches the serial day LibreOffice computes, not the ISO text the twin writes
    cached = {f"{get_column_letter(c)}{r}": serial_day(dt.date.fromisoformat(v)) if columns[c - 1].type == "date"
              and isinstance(v, str) else v
              for (r, c), (_, v) in formulas.items() if v is not None}
    return normalize_zip(_save(wb), stamp_of(spec.date), edit=_cache_values(cached))


def _write_notes(ws, content: SheetContent, last: int, widths: list[float]) -> int:
    """The notes under the table, after a blank row; a note wider than the table is merged across it and
    wraps, so it prints inside the page. Returns the last row written."""
    row = last
    span = sum(widths)
    for offset, note in enumerate(content.notes, start=2):
        row = last + offset
        cell = ws.cell(row=row, column=1, value=note)
        if note.startswith("="):
            cell.data_type = "s"
        height = look.note_height(note, span)
        if height is not None and len(widths) > 1:
            ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=len(widths))
            cell.alignment = Alignment(wrap_text=True, vertical="top")
            ws.row_dimensions[row].height = height
        elif height is not None:
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    return row


def render_csv(plan: WorldPlan, spec: SheetSpec, content: SheetContent) -> str:
    """The CSV twin of a sheet: header, rows in canonical text (a formula's computed value), and the totals row."""
    content = laid_out(spec, content)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([c.name for c in content.columns])
    lines = spec.skeleton.lines if spec.skeleton is not None else []
    for number, row in enumerate(body_rows(spec, content), start=2):
        line = lines[number - 2] if number - 2 < len(lines) else None
        # a rate of a skeleton's mixed column reads as a percentage, as a percent column's does (blind read 26: 'the
        # laytime sheet shows the 3.75% commission as 0.0375')
        rate = spec.skeleton.amount if line is not None and line.format == "percent" else -1
        writer.writerow([csv_text(SheetColumn(name=col.name, type="percent"), _decimal(value, spec.id) * 100, spec.id)
                         if i == rate and value not in (None, "") and not isinstance(value, str)
                         else csv_text(col, value, f"sheet {spec.id} row {number} {col.name}")
                         for i, (col, value) in enumerate(zip(content.columns, row))])
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
