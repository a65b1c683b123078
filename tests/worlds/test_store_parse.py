"""The file parsers: formulas, quoted history, and files that are not what they claim."""

from __future__ import annotations

import openpyxl
import pytest

from worldsmith.worlds.store.parse import (ParseError, evaluate_formula, parse_docx, parse_email, parse_mbox, parse_xlsx,
                                split_new_text)

GRID = {(2, 3): 10.0, (3, 3): 20.0, (4, 3): 12.5, (2, 4): 1.0}


def _at(r: int, c: int):
    return GRID.get((r, c))


@pytest.mark.parametrize("formula, expected", [
    ("=SUM(C2:C4)", 42.5),
    ("=sum(C2:C4)", 42.5),
    ("=SUM($C$2:$C$4)", 42.5),
    ("=SUM(C2:D2)", 11.0),
    ("=SUM(C2, C4)", 22.5),
    ("=C2+C3-D2", 29.0),
    ("=AVERAGE(C2:C3)", 15.0),
    ("=MAX(C2:C4)", 20.0),
    ("=COUNT(C2:C9)", 3.0),
    ("=SUM(C5:C9)", 0.0),
    ("=-C2", -10.0),
    ("=C2*2", 20.0),
    ("=ROUND(MAX(C3*C2,C4)/3,2)", 66.67),
    ("=(C2+C3)*D2/4", 7.5),
    ("=ABS(-C2)", 10.0),
    # the lesser-of written out (kit20: a right workbook's '=IF(B5<B7,B5,B7)' had no value and was marked down)
    ("=IF(C2<C3,C2,C3)", 10.0),
    ("=IF(C2>=C3,C2,C3)", 20.0),
    ("=IF(C2=10,C4,C3)", 12.5),
    ("=IF(C2<>10,C4,C3)", 20.0),
])
def test_simple_formulas_evaluate(formula, expected):
    assert evaluate_formula(formula, _at) == pytest.approx(expected)


@pytest.mark.parametrize("formula", ["=VLOOKUP(C2, A1:B4, 2)", "='Other sheet'!C2", "=C2^2", "=SUM(C2:C4", "=C2+",
                                     "=C2/C9", "=C2>1", "=IF(C2,1,0)", "=IF(C2>1,1)",
                                     "=__import__(C2)"])
def test_formulas_beyond_the_grammar_give_none(formula):
    assert evaluate_formula(formula, _at) is None


def test_a_circular_reference_gives_none_not_a_crash(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"], ws["A2"], ws["A3"] = "=A2", "=A1", 5
    ws["A4"] = "=SUM(A3:A3)"
    wb.save(tmp_path / "loop.xlsx")
    cells = {(c.row, c.col): c for c in parse_xlsx(tmp_path / "loop.xlsx")[0].cells}
    assert cells[(1, 1)].value_num is None and cells[(1, 1)].value_type == "formula"
    assert cells[(4, 1)].value_num == 5.0


def test_text_that_looks_like_a_formula_stays_text(tmp_path):
    wb = openpyxl.Workbook()
    cell = wb.active.cell(1, 1, "=Fees")
    cell.data_type = "s"
    wb.save(tmp_path / "text.xlsx")
    (parsed,) = parse_xlsx(tmp_path / "text.xlsx")[0].cells
    assert (parsed.value_type, parsed.value_text, parsed.formula) == ("text", "=Fees", None)


def test_split_new_text_stops_at_the_first_attribution():
    body = ("Thanks.\n\nOn Mon, 4 Mar 2024 at 10:00, Harriet Vane <hvane@harrowvane.example> wrote:\n"
            "> Price agreed.\n>\n> On Sun, 3 Mar 2024 at 09:00, Dana Okafor wrote:\n> > Hello")
    assert split_new_text(body) == "Thanks."
    assert split_new_text("FYI\n\n---------- Forwarded message ---------\nFrom: x") == "FYI"
    assert split_new_text("No history here.\n") == "No history here."


def test_email_without_a_date_does_not_parse():
    with pytest.raises(ParseError, match="Date"):
        parse_email(b"Message-ID: <a@b.example>\nFrom: A <a@b.example>\n\nhello\n")


def test_each_header_an_email_is_read_by_is_parsed_once():
    # suite12: the email package parses a header again at each msg[name]: Date was parsed three times, Message-ID
    # and From twice, a fifth of reading a message
    import collections
    import email
    import email.policy

    seen: collections.Counter = collections.Counter()

    class Counting(email.policy.EmailPolicy):
        def header_fetch_parse(self, name, value):
            seen[name.lower()] += 1
            return super().header_fetch_parse(name, value)

    data = (b"Message-ID: <a@b.example>\nDate: Mon, 4 Mar 2024 10:00:00 +0000\nFrom: A <a@b.example>\n"
            b"To: B <b@b.example>\nSubject: Terms\n\nhello\n")
    parsed = parse_email(data, email.message_from_bytes(data, policy=Counting()))
    assert (parsed.message_id, parsed.sent_at.day, parsed.sender.address) == ("a@b.example", 4, "a@b.example")
    assert max(seen[h] for h in ("message-id", "date", "from", "to", "subject")) == 1, seen


def test_email_with_a_naive_date_does_not_parse():
    data = b"Message-ID: <a@b.example>\nDate: Mon, 4 Mar 2024 10:00:00\nFrom: A <a@b.example>\n\nhello\n"
    with pytest.raises(ParseError):
        parse_email(data)


def test_a_file_that_is_not_an_mbox_does_not_parse(tmp_path):
    path = tmp_path / "x.mbox"
    path.write_text("Subject: not a mailbox\n\nhello\n")
    with pytest.raises(ParseError, match="From "):
        parse_mbox(path)


def test_an_mbox_splits_as_the_mailbox_module_splits_it(tmp_path):
    """mbox_messages reads an mbox's bytes in one pass; it must cut every message where mailbox.mbox does, whatever
    the lines (blank lines before a From_ line or not, a From_ line with no newline, CRLF, quoted >From)."""
    import mailbox
    import random

    from worldsmith.worlds.store.parse import mbox_messages, read_mbox

    lines = [b"From a@b.example Mon Mar  2 09:00:00 2026\n", b"\n", b"\n", b"Message-ID: <x@y.example>\n",
             b"Subject: hi\n", b">From the desk\n", b"body\r\n", b"From c", b"\r\n", b"text", b"From \n"]
    rng = random.Random(7)
    for n in range(400):
        data = lines[0] + b"".join(rng.choice(lines) for _ in range(rng.randrange(0, 14)))
        path = tmp_path / f"{n}.mbox"
        path.write_bytes(data)
        box = mailbox.mbox(path, create=False)
        try:
            expected = [box.get_bytes(key) for key in box.iterkeys()]
        finally:
            box.close()
        assert mbox_messages(data) == expected, data
    # What an earlier read found for a message's exact bytes is used again, and every message is noted.
    data = (tmp_path / "399.mbox").read_bytes()
    seen: dict = {}
    first = read_mbox(data, None, seen)
    assert read_mbox(data, seen) == first and len(seen) == len(set(mbox_messages(data)))


def test_a_docx_that_is_not_a_zip_does_not_parse(tmp_path):
    path = tmp_path / "x.docx"
    path.write_bytes(b"plain text")
    with pytest.raises(ParseError, match="docx"):
        parse_docx(path)


def test_a_long_running_balance_evaluates(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"] = 1
    for r in range(2, 3001):
        ws.cell(r, 1, f"=A{r - 1}+1")
    wb.save(tmp_path / "long.xlsx")
    cells = parse_xlsx(tmp_path / "long.xlsx")[0].cells
    assert cells[-1].value_num == 3000.0


def _zip_bomb(path, inflated: int) -> None:
    """A zip whose one part inflates to `inflated` bytes of spaces (deflate packs them about 1,000:1)."""
    import zipfile
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        with z.open("word/document.xml", "w", force_zip64=True) as part:
            chunk = b" " * (1024 * 1024)
            for _ in range(inflated // len(chunk)):
                part.write(chunk)


@pytest.mark.parametrize("name, inflated", [("bomb.docx", 2 * 1024 * 1024), ("bomb.xlsx", 65 * 1024 * 1024)])
def test_an_office_zip_bomb_is_refused_before_its_reader_inflates_it(tmp_path, monkeypatch, name, inflated):
    import docx
    path = tmp_path / name
    _zip_bomb(path, inflated)
    # the reader must never be reached: the guard reads only the zip's directory
    monkeypatch.setattr(docx, "Document", lambda *a, **k: pytest.fail("python-docx opened a zip bomb"))
    monkeypatch.setattr(openpyxl, "load_workbook", lambda *a, **k: pytest.fail("openpyxl opened a zip bomb"))
    parse = parse_docx if name.endswith(".docx") else parse_xlsx
    with pytest.raises(ParseError, match="zip bomb"):
        parse(path)


def test_a_real_office_file_passes_the_zip_bomb_guard(tmp_path):
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Amount"
    wb.active["A2"] = 1250
    wb.save(tmp_path / "x.xlsx")
    assert parse_xlsx(tmp_path / "x.xlsx")[0].cells


def _patch_part(path, part: str, old: bytes, new: bytes) -> None:
    """Rewrite one part of an Office zip, replacing `old` by `new` in it."""
    import zipfile
    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i) for i in z.infolist()}
    assert old in parts[part]
    parts[part] = parts[part].replace(old, new, 1)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)


def test_a_cell_at_the_last_row_is_refused_without_building_the_grid(tmp_path, monkeypatch):
    # attack21 F1: a 7 KB .xlsx with one cell at row 1,048,576 took 40-90 s and GBs through iter_rows
    from openpyxl.worksheet.worksheet import Worksheet
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Amount"
    wb.save(tmp_path / "far.xlsx")
    # as the attack did: the declared dimension stays A1, one row is added past the end of sheetData
    far = b'<row r="1048576"><c r="A1048576" t="inlineStr"><is><t>far</t></is></c></row></sheetData>'
    _patch_part(tmp_path / "far.xlsx", "xl/worksheets/sheet1.xml", b"</sheetData>", far)
    monkeypatch.setattr(Worksheet, "iter_rows", lambda *a, **k: pytest.fail("iterated the dense grid"))
    with pytest.raises(ParseError, match="row 1,048,576"):
        parse_xlsx(tmp_path / "far.xlsx")


@pytest.mark.parametrize("extra", [b'<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>',
                                   b'<hyperlinks><hyperlink ref="A1:XFD1048576" display="x"/></hyperlinks>'])
def test_a_range_over_the_whole_sheet_is_refused_before_openpyxl_loads_it(tmp_path, monkeypatch, extra):
    # openpyxl makes a cell per cell of a hyperlink's range, and per edge cell of a merge, while loading
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Amount"
    wb.save(tmp_path / "wide.xlsx")
    _patch_part(tmp_path / "wide.xlsx", "xl/worksheets/sheet1.xml", b"</sheetData>", b"</sheetData>" + extra)
    monkeypatch.setattr(openpyxl, "load_workbook", lambda *a, **k: pytest.fail("openpyxl loaded the range"))
    with pytest.raises(ParseError, match="A1:XFD1048576"):
        parse_xlsx(tmp_path / "wide.xlsx")


def test_a_sparse_sheet_within_the_limits_reads_only_its_cells(tmp_path):
    wb = openpyxl.Workbook()
    wb.active["A1"] = "Amount"
    wb.active.cell(90_000, 700, 5)
    wb.save(tmp_path / "sparse.xlsx")
    sheet = parse_xlsx(tmp_path / "sparse.xlsx")[0]
    assert (sheet.n_rows, sheet.n_cols, len(sheet.cells)) == (90_000, 700, 2)


def test_docx_table_spans_are_read_once_per_cell(tmp_path):
    # Row.cells repeats a cell per grid column of its gridSpan and recurses up each vertical merge
    import docx
    from docx.oxml.ns import qn
    from docx.oxml.parser import OxmlElement
    doc = docx.Document()
    table = doc.add_table(rows=1_500, cols=1)
    table.cell(0, 0).text = "root"
    for i, row in enumerate(table.rows):
        tc_pr = row._tr.tc_lst[0].get_or_add_tcPr()
        merge = OxmlElement("w:vMerge")
        if i == 0:
            merge.set(qn("w:val"), "restart")
        tc_pr.append(merge)
    span = OxmlElement("w:gridSpan")
    span.set(qn("w:val"), str(10**6))
    table.rows[0]._tr.tc_lst[0].get_or_add_tcPr().append(span)
    doc.save(tmp_path / "spans.docx")
    parsed = parse_docx(tmp_path / "spans.docx")
    assert [b for b in parsed.blocks if b[0] == "cell"] == [("cell", "root")]
