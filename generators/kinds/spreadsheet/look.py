"""How a worksheet looks and prints: a firm's font, number formats, what a cell displays, column widths, print set-up.

Widths are measured on the text a cell displays under its number format (`1,250,000.00`, not `1250000`),
so no number prints as `###`: the workbook's font is Arial, whose metric twin (Liberation Sans) ships with
LibreOffice, so a width in digit units means the same thing in Excel and in LibreOffice.
"""

from __future__ import annotations

import datetime as dt
import math

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.utils.indexed_list import IndexedList
from openpyxl.worksheet.page import PageMargins
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

FONT_NAME, FONT_SIZE = "Arial", 10
BODY = Font(name=FONT_NAME, sz=FONT_SIZE, family=2)
BOLD = Font(name=FONT_NAME, sz=FONT_SIZE, family=2, b=True)
# A world written in Chinese, Japanese or Korean sets its sheets in a font with those glyphs, as the locale's own Excel
# does (Arial has none: blind read 29's Japanese sheets printed their names as tofu boxes '□□□ □□'); fontconfig and
# LibreOffice know these names and substitute their CJK fonts. (name, charset) by the locale's language.
CJK_FONTS = {"ja": ("MS PGothic", 128), "ko": ("Gulim", 129), "zh_TW": ("PMingLiU", 136), "zh_HK": ("PMingLiU", 136),
             "zh": ("SimSun", 134)}


def cjk_font(locale: str) -> tuple[str, int] | None:
    """The CJK font (name, charset) of a world's locale ('ja_JP' -> MS PGothic), None for a locale without CJK."""
    locale = locale or ""
    return CJK_FONTS.get(locale) or CJK_FONTS.get(locale.split("_")[0])


def fonts(locale: str = "") -> tuple[Font, Font]:
    """The body and bold fonts of a workbook in this locale: Arial 10, or the locale's CJK font at 10."""
    cjk = cjk_font(locale)
    if cjk is None:
        return BODY, BOLD
    name, charset = cjk
    return Font(name=name, sz=FONT_SIZE, charset=charset), Font(name=name, sz=FONT_SIZE, charset=charset, b=True)
HEADER_FILL = PatternFill("solid", fgColor="FFE7E6E6")
_THIN, _DOUBLE = Side(style="thin", color="FF000000"), Side(style="double", color="FF000000")
HEADER_BORDER = Border(bottom=_THIN)
SUBTOTAL_BORDER = Border(top=_THIN)
TOTAL_BORDER = Border(top=_THIN, bottom=_DOUBLE)

MONEY, PERCENT, DATE, GENERAL, INTEGER = "#,##0.00", "0.00%", "yyyy-mm-dd", "General", "#,##0"
# A multiple (net leverage, cover) prints as one, '7.25x', never as a percent '725.00%' (blind read 36); a covenant
# level and the tested ratio share it.
MULTIPLE = '#,##0.00"x"'
# A counted quantity this large reads better with separators; a year (2026) or a row number never gets them.
_SEPARATE_FROM = 10_000
_PADDING = 2  # digit widths either side of the text, as Excel's own autofit leaves
_MIN_WIDTH, _MAX_TEXT_WIDTH = 8, 60
# About this many digit widths of Arial 10 fit across a portrait page inside the margins below.
_PORTRAIT_CHARS = 100
_LINE_HEIGHT = 12.75  # points, one line of Arial 10


def use_firm_font(wb: Workbook, locale: str = "") -> None:
    """Make the locale's body font (Arial 10 outside CJK) the workbook's default font (cells without a style of their
    own, and the Normal style); call before any cell is styled."""
    body = fonts(locale)[0]
    wb._fonts = IndexedList([body])  # openpyxl has no public setter for the default font
    wb._named_styles["Normal"].font = body


def number_format(column_type: str, values: list) -> str:
    """The number format of a column's cells: money, percent and dates by type; a plain number column gets
    thousands separators only when it holds large whole numbers."""
    if column_type == "money":
        return MONEY
    if column_type == "percent":
        return PERCENT
    if column_type == "date":
        return DATE
    numbers = [v for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if numbers and all(float(v).is_integer() for v in numbers) and max(abs(v) for v in numbers) >= _SEPARATE_FROM:
        return INTEGER
    return GENERAL


def line_format(kind: str, value) -> str:
    """The number format of a skeleton line's amount: money, percent and a multiple as usual, a number with just the
    decimals it has (a multiple of 12.5 shows `12.5`, never `12.` or `12.50`)."""
    if kind == "money":
        return MONEY
    if kind == "percent":
        return PERCENT
    if kind == "multiple":
        return MULTIPLE
    if isinstance(value, float) and not value.is_integer():
        decimals = min(4, len(repr(value).split(".")[1].rstrip("0")))
        return "#,##0." + "0" * max(1, decimals)
    return INTEGER


def displayed(value, fmt: str) -> str:
    """The text a spreadsheet shows for a value under one of the formats above (to size its column)."""
    if value is None:
        return ""
    if isinstance(value, (dt.date, dt.datetime)):
        return value.strftime("%Y-%m-%d")
    if isinstance(value, str) or isinstance(value, bool):
        return str(value)
    if fmt == PERCENT:
        return f"{value * 100:,.2f}%"
    if fmt == MULTIPLE:
        return f"{value:,.2f}x"
    if fmt.startswith("#,##0"):
        decimals = len(fmt.split(".")[1]) if "." in fmt else 0
        return f"{value:,.{decimals}f}"
    # General: up to 11 characters, as Excel and LibreOffice show an unformatted number.
    text = f"{value:.10g}" if isinstance(value, float) else str(value)
    return text if len(text) <= 11 else f"{value:.5E}"


def fit_width(texts: list[str], header: str, numeric: bool) -> float:
    """A column width in digit units: the longest displayed text plus padding. A number column is never
    narrower than its widest number (a spreadsheet shows `###` otherwise); a text column stops at a
    readable width and wraps beyond it."""
    longest = max([len(t) for t in texts] + [0])
    # A bold header is about a tenth wider than the same letters plain.
    wanted = max(longest, math.ceil(len(header) * 1.1)) + _PADDING
    if numeric:
        return float(max(wanted, _MIN_WIDTH))
    return float(min(max(wanted, _MIN_WIDTH), _MAX_TEXT_WIDTH))


def wraps(text: str, width: float) -> bool:
    """Whether text overflows a column of this width and should wrap inside it."""
    return len(text) + _PADDING > width


def style_header(ws: Worksheet, n_columns: int, numeric: list[bool], indents: list[int], bold: Font = BOLD) -> None:
    """The header row: bold on a light fill with a rule under it; a number column's header sits over its
    numbers, at the right; a text column keeps its cells' indent."""
    for index in range(1, n_columns + 1):
        cell = ws.cell(row=1, column=index)
        cell.font, cell.fill, cell.border = bold, HEADER_FILL, HEADER_BORDER
        cell.alignment = Alignment(horizontal="right" if numeric[index - 1] else "left", vertical="bottom",
                                   wrap_text=True, indent=indents[index - 1])


def wrapped_height(text: str, width: float) -> float | None:
    """The height of a row whose cell wraps inside its column (None when it fits on one line), from the lines its
    words break into: LibreOffice keeps a row's stored height when it opens a workbook, so a wrapped cell whose row
    is not raised prints over the row below (read 14: 'the row-6 Basis text ("user a year x years backdated")
    prints over "As at April 20, 2026" on row 7')."""
    import textwrap

    # (a column's width counts digits; the average letter of Arial is narrower than a digit)
    lines = len(textwrap.wrap(text, max(8, int((width - _PADDING) * 1.15)))) or 1
    return None if lines <= 1 else lines * _LINE_HEIGHT + 2


def note_height(text: str, width: float) -> float | None:
    """The height of a row whose note wraps across the table's width (None when it fits on one line): a merged
    cell's height is never fitted by Excel or LibreOffice, so it is set here."""
    lines = math.ceil((len(text) + _PADDING) / max(width, 1.0))
    return None if lines <= 1 else lines * _LINE_HEIGHT


def print_setup(ws: Worksheet, *, last_row: int, widths: list[float], locale: str, organisation: str,
                warning: str | None) -> None:
    """Page set-up for printing: paper of the locale, portrait unless the columns are too wide, fitted one page
    wide, the header row repeated on every page, the used range as print area, and a running header and footer
    (organisation, sheet name, page X of Y, and a distractor's warning)."""
    setup = ws.page_setup
    setup.paperSize = ws.PAPERSIZE_A4 if locale != "en_US" else ws.PAPERSIZE_LETTER
    setup.orientation = "landscape" if sum(widths) > _PORTRAIT_CHARS else "portrait"
    setup.fitToWidth, setup.fitToHeight = 1, 0  # one page wide, as many pages tall as it takes
    if ws.sheet_properties.pageSetUpPr is None:
        ws.sheet_properties.pageSetUpPr = PageSetupProperties()
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_margins = PageMargins(left=0.5, right=0.5, top=0.75, bottom=0.75, header=0.3, footer=0.3)
    ws.print_options.horizontalCentered = True
    last_column = get_column_letter(max(1, len(widths)))
    ws.print_area = f"A1:{last_column}{max(1, last_row)}"
    ws.print_title_rows = "1:1"
    # `&` starts a code in header and footer text: a literal one is doubled.
    ws.oddHeader.left.text = _literal(organisation)
    ws.oddHeader.left.size = 8
    ws.oddHeader.right.text = "&A"  # the sheet's name
    ws.oddHeader.right.size = 8
    ws.oddFooter.center.text = "Page &P of &N"
    ws.oddFooter.center.size = 8
    if warning:
        # a warning takes the footer's left and the page number goes right: the two printed over each other in the
        # middle ("SUPERSEDED LIQUIDATED DAMAGES SCHEDULE OF AUGUST 12, 2026: 14 WEEKS TO THAT DATE" under "Page 1 of
        # 1", blind read 22's superseded sheets); the warning is its status, before any colon, in under 70 characters
        ws.oddFooter.center.text = None
        ws.oddFooter.right.text = "Page &P of &N"
        ws.oddFooter.right.size = 8
        ws.oddFooter.left.text = _literal(footer_warning(warning))
        ws.oddFooter.left.size = 8


def footer_warning(warning: str, most: int = 68) -> str:
    """A distractor's warning as a footer prints it beside the page number: its status before any colon, cut at a
    word under `most` characters."""
    said = warning.split(": ", 1)[0].strip()
    if len(said) <= most:
        return said
    return said[:most].rsplit(" ", 1)[0].rstrip(",;-") + "..."


def _literal(text: str) -> str:
    """Text printed as it is in a header or footer (at most 80 characters: a whole header holds 255)."""
    return text[:80].replace("&", "&&")
