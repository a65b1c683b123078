"""Tests of the sheet renderer: typed .xlsx cells, a SUM totals row, fixed properties, the CSV twin, and how a sheet
looks and prints (formats, widths, print set-up; no `###` when LibreOffice prints it)."""

from __future__ import annotations

import csv
import datetime as dt
import io

import openpyxl
import pytest

from worldsmith.generators.kinds.spreadsheet.render import render_csv, render_xlsx
from worldsmith.worlds.content import SheetColumn
from worldsmith.worlds.plan import SheetLine, SheetSkeleton
from tests.generators.pdf_text import SOFFICE, convert, pdf_text
from tests.generators.plan_fixture import make_contents, make_plan

PLAN = make_plan()
SPEC = PLAN.artifact("s1")
CONTENT = make_contents()["s1"]


def _sheet(content=CONTENT):
    wb = openpyxl.load_workbook(io.BytesIO(render_xlsx(PLAN, SPEC, content)))
    return wb, wb.active


def test_one_worksheet_with_a_bold_frozen_header():
    wb, ws = _sheet()
    assert wb.sheetnames == ["Funds flow"]
    assert [c.value for c in ws[1]] == ["Payee", "Amount", "Share", "Due"]
    assert all(c.font.bold for c in ws[1])
    assert ws.freeze_panes == "A2"


def test_money_cells_are_numbers_with_a_money_format():
    _, ws = _sheet()
    cells = [ws.cell(row=r, column=2) for r in (2, 3, 4)]
    assert [c.value for c in cells] == [1200000, 37500.5, 12499.5]  # "12,499.50" in the content
    assert all(isinstance(c.value, (int, float)) and c.number_format == "#,##0.00" for c in cells)


def test_percent_cells_are_fractions_with_a_percent_format():
    _, ws = _sheet()
    cells = [ws.cell(row=r, column=3) for r in (2, 3, 4)]
    assert [c.value for c in cells] == [0.96, 0.03, 0.01]
    assert all(c.number_format == "0.00%" for c in cells)


def test_date_cells_are_dates_and_missing_cells_are_empty():
    _, ws = _sheet()
    assert ws["D2"].value == dt.datetime(2025, 3, 10) and ws["D2"].number_format == "yyyy-mm-dd"
    assert ws["D4"].value is None


def test_text_that_looks_like_a_formula_stays_text():
    _, ws = _sheet()
    assert ws["A4"].value == "=Fees" and ws["A4"].data_type == "s"


def test_totals_row_holds_a_sum_formula():
    _, ws = _sheet()
    assert ws["A5"].value == "Total"
    assert ws["B5"].value == "=SUM(B2:B4)" and ws["B5"].number_format == "#,##0.00"
    assert ws["C5"].value is None  # not a total column


def test_notes_follow_a_blank_row():
    _, ws = _sheet()
    assert [c.value for c in ws[6]] == [None] * 4
    assert [ws["A7"].value, ws["A8"].value] == ["Amounts in USD.", "Prepared for closing."]


def test_columns_are_wide_enough_for_their_cells():
    _, ws = _sheet()
    assert ws.column_dimensions["B"].width >= len("1,200,000.00")
    assert ws.column_dimensions["D"].width >= len("2025-03-10")


def test_workbook_properties_are_fixed_from_the_spec():
    wb, _ = _sheet()
    props = wb.properties
    assert (props.title, props.creator, props.identifier) == ("Funds flow", "Ben O'Hara", "s1")
    assert props.created == props.modified == dt.datetime(2025, 3, 2, 9, 0)


def test_xlsx_bytes_are_deterministic():
    assert render_xlsx(PLAN, SPEC, CONTENT) == render_xlsx(PLAN, SPEC, CONTENT)


def test_csv_twin_has_the_same_rows_in_canonical_text():
    rows = list(csv.reader(io.StringIO(render_csv(PLAN, SPEC, CONTENT))))
    assert rows == [["Payee", "Amount", "Share", "Due"],
                    ["Seller", "1200000.00", "96", "2025-03-10"],
                    ["Escrow", "37500.50", "3", "2025-03-10"],
                    ["=Fees", "12499.50", "1", ""],
                    ["Total", "1250000.00", "", ""]]
    assert "\r" not in render_csv(PLAN, SPEC, CONTENT)


def test_csv_twin_agrees_with_the_xlsx_cell_by_cell():
    _, ws = _sheet()
    rows = list(csv.reader(io.StringIO(render_csv(PLAN, SPEC, CONTENT))))
    for r, row in enumerate(rows[1:4], start=2):
        assert row[0] == ws.cell(row=r, column=1).value
        assert float(row[1]) == ws.cell(row=r, column=2).value
        assert float(row[2]) / 100 == pytest.approx(ws.cell(row=r, column=3).value)
        due = ws.cell(row=r, column=4).value
        assert row[3] == (due.date().isoformat() if due else "")


def test_a_value_that_is_not_a_number_names_the_cell():
    bad = CONTENT.model_copy(update={"rows": [["Seller", "about a million", 96, "2025-03-10"]]})
    with pytest.raises(ValueError, match="row 2 Amount"):
        render_xlsx(PLAN, SPEC, bad)


def test_a_bad_date_is_refused():
    bad = CONTENT.model_copy(update={"rows": [["Seller", 1, 96, "10 March 2025"]]})
    with pytest.raises(ValueError, match="ISO date"):
        render_csv(PLAN, SPEC, bad)


def test_a_sheet_name_excel_refuses_is_cleaned():
    wb, _ = _sheet(CONTENT.model_copy(update={"sheet_name": "Q1/Q2 [draft]"}))
    assert wb.sheetnames == ["Q1-Q2 -draft-"]


def test_without_a_total_column_there_is_no_totals_row():
    columns = [c.model_copy(update={"total": False}) for c in CONTENT.columns]
    content = CONTENT.model_copy(update={"columns": columns, "notes": []})
    _, ws = _sheet(content)
    assert ws.max_row == 4
    assert len(list(csv.reader(io.StringIO(render_csv(PLAN, SPEC, content))))) == 4


def test_total_label_falls_back_when_no_text_column_is_free():
    columns = [SheetColumn(name="A", type="money", total=True), SheetColumn(name="B", type="number")]
    content = CONTENT.model_copy(update={"columns": columns, "rows": [[1, 2], [3, 4]], "notes": []})
    _, ws = _sheet(content)
    assert [ws["A4"].value, ws["B4"].value] == ["=SUM(A2:A3)", "Total"]


# -- how a sheet looks and prints --------------------------------------------------------------------

SKELETON = SheetSkeleton(
    layout="schedule", label=0, amount=1, bottom=3, currency="USD",
    columns=[SheetColumn(name="Item"), SheetColumn(name="Value", type="number"), SheetColumn(name="Basis")],
    lines=[SheetLine(cells=["Gross tonnage", 62480, None], role="input", format="number"),
           SheetLine(cells=["Per-ton limit", 2500, None], role="input", format="money"),
           SheetLine(cells=["Limit floor", 21521000, None], role="input", format="money"),
           SheetLine(cells=["Liability cap", 156200000, "greater of per-ton limit x tonnage and the floor"],
                     role="total", formula="MAX({1}*{0},{2})", format="money"),
           SheetLine(cells=["Escrow share", 0.075, None], role="input", format="percent"),
           SheetLine(cells=["Multiple", 12.5, None], role="input", format="number")])
CAP_SPEC = SPEC.model_copy(update={"id": "s2", "skeleton": SKELETON})
CAP = CONTENT.model_copy(update={"title": "Liability cap", "sheet_name": "Cap", "columns": SKELETON.columns,
                                 "rows": [line.cells for line in SKELETON.lines], "notes": ["Amounts in USD."]})


def _cap():
    return openpyxl.load_workbook(io.BytesIO(render_xlsx(PLAN, CAP_SPEC, CAP))).active


def _displayed(cell) -> str:
    """What a spreadsheet shows for a cell, worked out here from its number format (not from the renderer's)."""
    value, fmt = cell.value, cell.number_format
    if isinstance(value, dt.datetime):
        return value.strftime("%Y-%m-%d")
    if not isinstance(value, (int, float)):
        return str(value or "")
    if fmt.endswith("%"):
        return f"{value * 100:.{len(fmt.split('.')[1]) - 1 if '.' in fmt else 0}f}%"
    if fmt.startswith("#,##0"):
        return f"{value:,.{len(fmt.split('.')[1]) if '.' in fmt else 0}f}"
    return str(value)


def _cached(data: bytes) -> dict[str, float]:
    return {c.coordinate: c.value for row in openpyxl.load_workbook(io.BytesIO(data), data_only=True).active.iter_rows()
            for c in row if isinstance(c.value, (int, float))}


def test_a_skeletons_lines_carry_their_own_number_formats():
    ws = _cap()
    assert [ws.cell(row=r, column=2).number_format for r in range(2, 8)] == [
        "#,##0", "#,##0.00", "#,##0.00", "#,##0.00", "0.00%", "#,##0.0"]
    assert ws["B5"].value == "=MAX(B3*B2,B4)"


def test_a_skeletons_rate_reads_as_a_percentage_in_the_csv_twin():
    """demurrage-arbitration (blind read 26): 'the laytime sheet shows the 3.75% commission as 0.0375'. The .xlsx holds
    the fraction under a percent format; its CSV twin writes the rate as a percent column's is written (7.5)."""
    rows = list(csv.reader(io.StringIO(render_csv(PLAN, CAP_SPEC, CAP))))
    assert rows[5][:2] == ["Escrow share", "7.5"], rows[5]
    assert rows[6][:2] == ["Multiple", "12.5"] and rows[1][:2] == ["Gross tonnage", "62480"]


def test_number_columns_are_as_wide_as_their_formatted_numbers():
    # The cap was 11 wide for "156,200,000.00" before: LibreOffice printed it as ###.
    for ws in (_cap(), _sheet()[1]):
        cached = _cached(render_xlsx(PLAN, CAP_SPEC, CAP)) if ws.title == "Cap" else {}
        for row in ws.iter_rows(min_row=2):
            for cell in row:
                if cell.data_type == "f":
                    cell.value = cached.get(cell.coordinate, cell.value)
                if isinstance(cell.value, (int, float, dt.datetime)):
                    assert ws.column_dimensions[cell.column_letter].width >= len(_displayed(cell)) + 1, cell.coordinate
    assert _cap().column_dimensions["B"].width >= len("156,200,000.00")


def test_totals_and_key_lines_are_bold_and_ruled():
    ws = _cap()
    assert ws["A5"].font.b and ws["B5"].font.b
    assert ws["B5"].border.top.style == "thin" and ws["B5"].border.bottom.style == "double"
    assert not ws["B2"].font.b
    _, plain = _sheet()
    assert plain["B5"].font.b and plain["B5"].border.bottom.style == "double"  # the SUM totals row


def test_the_header_row_is_bold_shaded_ruled_and_frozen():
    ws = _cap()
    assert ws.freeze_panes == "A2"
    assert all(c.font.b and c.fill.fgColor.rgb == "FFE7E6E6" and c.border.bottom.style == "thin" for c in ws[1])
    assert ws["B1"].alignment.horizontal == "right" and ws["A1"].alignment.horizontal == "left"


def test_the_workbook_font_is_arial_whose_widths_libreoffice_knows():
    wb, ws = _sheet()
    assert wb._fonts[0].name == "Arial" and ws["A2"].font.name == "Arial"


def test_every_sheet_has_a_print_setup():
    for ws in (_cap(), _sheet()[1]):
        setup = ws.page_setup
        assert ws.sheet_properties.pageSetUpPr.fitToPage
        assert (setup.fitToWidth, setup.fitToHeight) == (1, 0)
        assert str(setup.paperSize) == ws.PAPERSIZE_LETTER  # the plan is en_US
        assert setup.orientation == "portrait"
        assert ws.print_title_rows == "$1:$1"
        assert ws.oddHeader.right.text == "&A" and ws.oddFooter.center.text == "Page &P of &N"
        # `&` starts a code in a header: the organisation's own is doubled
        assert ws.oddHeader.left.text == "Quill && Partners LLP"
    assert _sheet()[1].print_area == "'Funds flow'!$A$1:$D$8"  # the table, its totals and its notes
    assert _cap().print_area == "'Cap'!$A$1:$C$9"
    british = PLAN.model_copy(update={"locale": "en_GB"})
    ws = openpyxl.load_workbook(io.BytesIO(render_xlsx(british, SPEC, CONTENT))).active
    assert str(ws.page_setup.paperSize) == ws.PAPERSIZE_A4


def test_a_wide_sheet_prints_landscape_and_a_long_note_wraps_inside_the_table():
    columns = [SheetColumn(name=f"Description {n}") for n in range(4)]
    long = "x" * 40
    content = CONTENT.model_copy(update={"columns": columns, "rows": [[long] * 4], "notes": ["n " * 120]})
    ws = openpyxl.load_workbook(io.BytesIO(render_xlsx(PLAN, SPEC, content))).active
    assert ws.page_setup.orientation == "landscape"
    assert "A4:D4" in {str(r) for r in ws.merged_cells.ranges}
    assert ws["A4"].alignment.wrap_text and ws.row_dimensions[4].height > 12.75


def test_text_longer_than_its_column_wraps():
    content = CONTENT.model_copy(update={"rows": [["A payee " * 20, 1, 1, "2025-03-10"]], "notes": []})
    ws = openpyxl.load_workbook(io.BytesIO(render_xlsx(PLAN, SPEC, content))).active
    assert ws.column_dimensions["A"].width == 60 and ws["A2"].alignment.wrap_text


def test_a_distractor_prints_its_warning_in_the_footer():
    plan = make_plan(with_distractor=True)
    spec = plan.artifact("s1").model_copy(update={"distractor": "price_old"})
    ws = openpyxl.load_workbook(io.BytesIO(render_xlsx(plan, spec, CONTENT))).active
    assert ws.oddFooter.left.text == "SUPERSEDED DRAFT — do not rely on"


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed; .ci/run installs libreoffice-calc-nogui")
def test_libreoffice_prints_every_number_without_hashes(tmp_path):
    huge = CONTENT.model_copy(update={"rows": [["Seller", 987654321012.5, 99.99, "2025-03-10"],
                                               ["Escrow", 0.01, 0.01, "2025-12-31"]]})
    books = {"plain": (SPEC, CONTENT), "cap": (CAP_SPEC, CAP), "huge": (SPEC, huge)}
    for name, (spec, content) in books.items():
        (tmp_path / f"{name}.xlsx").write_bytes(render_xlsx(PLAN, spec, content))
    # a workbook whose number column is squeezed, to show that the reading below does see ###
    narrow = openpyxl.load_workbook(tmp_path / "plain.xlsx")
    narrow.active.column_dimensions["B"].width = 4
    narrow.save(tmp_path / "narrow.xlsx")
    names = [*books, "narrow"]
    pdfs = convert([tmp_path / f"{n}.xlsx" for n in names], tmp_path / "out", tmp_path / "profile")
    text = {n: pdf_text(p.read_bytes()) for n, p in zip(names, pdfs)}
    assert "###" in text["narrow"]
    for name in books:
        assert "###" not in text[name], name
    assert "156,200,000.00" in text["cap"] and "987,654,321,012.50" in text["huge"]
    assert "1,250,000.00" in text["plain"]  # the SUM total, laid out by LibreOffice itself
