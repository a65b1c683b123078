"""The spreadsheet kind's reader: an .xlsx into workbooks, sheets, cells, cached values and formula references,
its CSV twin into twin_cells (the loader reaches it through the registry).

The cell reader itself (worldsmith.worlds.store.parse.parse_xlsx, with its limits) is shared: the corpus, the
deliverables an agent files and the grader read sheets with it too. What only a room's workbooks need (their
document properties and the numbers cached beside formulas) is here.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import openpyxl
from openpyxl.utils import column_index_from_string

from worldsmith.worlds.errors import ParseError
from worldsmith.worlds.kinds import RoomFile
from worldsmith.worlds.store import parse
from worldsmith.worlds.store.load import plan_file

_REF = re.compile(r"^\$?([A-Z]{1,3})\$?([0-9]+)$")

# The engine's skeleton of each sheet (plan.json) and the cells each formula of the room reads.
DDL = """
create table sheet_lines (
    artifact_id varchar not null,
    line        integer not null,     -- 0-based line of the skeleton
    row         integer not null,     -- its row in the sheet (the header is row 1)
    col         integer not null,     -- the amount column, 1-based
    label_col   integer not null,
    role        varchar not null,     -- heading | input | derived | item | subtotal | total | key
    fact_id     varchar,              -- the ledger fact this line shows
    formula     varchar,              -- the planned formula, as written in the sheet
    value_num   double,               -- the amount the engine planned (a percent as its fraction)
    bottom      boolean not null,     -- the sheet's bottom line
    rolls_up_to varchar               -- the fact the sheet's bottom line is a share of
);
create table sheet_promises (
    artifact_id varchar not null,
    promise     varchar not null,     -- side | identifier | time_sheet (promise.promises, read from the title)
    what        varchar not null,     -- the side or identifier the title names
    word        varchar not null      -- a word of it that a row must name (any one of a side's words)
);
create table cell_refs (
    path       varchar not null,
    sheet_name varchar not null,
    row        integer not null,      -- the formula cell
    col        integer not null,
    ref_row    integer not null,      -- a cell it reads (ranges expanded)
    ref_col    integer not null
);
"""


@dataclass(frozen=True, slots=True)
class ParsedWorkbook:
    """A .xlsx: its worksheets, its document properties, and the values cached for its formula cells."""

    sheets: list[parse.ParsedSheet]
    title: str | None
    description: str | None
    identifier: str | None
    cached: list[tuple[str, int, int, float]]  # (sheet, row, col, number) of each formula cell with a cached number


def parse_workbook(path: Path) -> ParsedWorkbook:
    """Read a .xlsx whole: parse_xlsx's sheets, the title, description and identifier, and cached formula values."""
    parse.check_office_zip(path, ".xlsx")
    parse.check_xlsx_ranges(path)
    try:
        wb = openpyxl.load_workbook(path, data_only=False)
    except Exception as exc:  # zipfile, XML and openpyxl's own errors alike
        raise ParseError(f"not a readable .xlsx: {exc}") from None
    sheets = parse.read_sheets(wb)
    props = wb.properties
    formulas = {(s.name, c.row, c.col) for s in sheets for c in s.cells if c.formula is not None}
    cached: list[tuple[str, int, int, float]] = []
    if formulas:
        # What a reader that does not recalculate sees (openpyxl's own files cache nothing).
        shown = _cached_numbers(path)
        cached = [(name, r, c, shown[name, r, c]) for name, r, c in sorted(formulas) if (name, r, c) in shown]
    return ParsedWorkbook(sheets, props.title or None, props.description or None, props.identifier or None, cached)


_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PACKAGE_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def _cached_numbers(path: Path) -> dict[tuple[str, int, int], float]:
    """(sheet, row, col) -> the number cached beside each formula, read from the sheets' XML.

    openpyxl gives formulas or cached values, one per load of the whole workbook; this reads the sheet
    parts once more instead of loading the workbook a second time. Numbers only, as openpyxl's
    data_only load gives them: a cell typed n (or untyped) with a <v>.
    """
    found: dict[tuple[str, int, int], float] = {}
    try:
        with zipfile.ZipFile(path) as z:
            parts = set(z.namelist())
            rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
            targets = {r.get("Id"): r.get("Target", "") for r in rels.iter(f"{_PACKAGE_REL}Relationship")}
            for sheet in ET.fromstring(z.read("xl/workbook.xml")).iter(f"{_MAIN}sheet"):
                target = targets.get(sheet.get(f"{_REL}id"), "")
                part = target.lstrip("/") if target.startswith("/") else f"xl/{target}"
                if part not in parts:
                    continue
                name = sheet.get("name")
                for cell in ET.fromstring(z.read(part)).iter(f"{_MAIN}c"):
                    value = cell.find(f"{_MAIN}v")
                    match = _REF.match(cell.get("r", ""))
                    if cell.find(f"{_MAIN}f") is None or value is None or cell.get("t", "n") != "n" or not match:
                        continue
                    try:
                        found[name, int(match.group(2)), column_index_from_string(match.group(1))] = float(value.text)
                    except (TypeError, ValueError):
                        continue
    except (KeyError, zipfile.BadZipFile, ET.ParseError):
        return {}  # openpyxl read the workbook; a part it did not need is odd, and then nothing counts as cached
    return found


def plan_sheet(a: Any, zone: ZoneInfo, add: Any) -> dict[str, Any]:
    """A sheet's columns."""
    return {**plan_file(a, zone, add), "rows": a.rows}


def load_xlsx(f: RoomFile) -> None:
    """An .xlsx into workbooks, cell_cache, sheets and cells."""
    wb = parse_workbook(f.path)
    f.add("workbooks", artifact_id=f.artifact_id, path=f.rel, title=wb.title, description=wb.description,
          identifier=wb.identifier)
    for name, r, c, num in wb.cached:
        f.add("cell_cache", path=f.rel, sheet_name=name, row=r, col=c, cached_num=num)
    for i, s in enumerate(wb.sheets):
        f.add("sheets", artifact_id=f.artifact_id, path=f.rel, sheet_name=s.name, position=i,
              n_rows=s.n_rows, n_cols=s.n_cols)
        for c in s.cells:
            f.add("cells", artifact_id=f.artifact_id, path=f.rel, sheet_name=s.name, row=c.row, col=c.col,
                  header=c.header, value_type=c.value_type, value_text=c.value_text, value_num=c.value_num,
                  value_date=c.value_date, formula=c.formula, number_format=c.number_format)
            for r, k in parse.formula_refs(c.formula) if c.formula else ():
                f.add("cell_refs", path=f.rel, sheet_name=s.name, row=c.row, col=c.col, ref_row=r, ref_col=k)


def load_csv(f: RoomFile) -> None:
    """A CSV twin into twin_cells."""
    for r, values in enumerate(parse.parse_csv(f.path), start=1):
        for c, value in enumerate(values, start=1):
            if value.strip():
                f.add("twin_cells", path=f.rel, row=r, col=c, value_text=value)
