"""Tests of the sheet renderer: typed .xlsx cells, a SUM totals row, fixed properties, the CSV twin."""

from __future__ import annotations

import csv
import datetime as dt
import io

import openpyxl
import pytest

from worldsmith.generators.render.sheet import render_csv, render_xlsx
from worldsmith.worlds.content import SheetColumn
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
