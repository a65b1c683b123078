"""Deliverables as office files: the drive app makes a Word memo from Markdown and a workbook from CSV rows that
other programs open, the grader reads them back (a formula as its value), and the workbook task is graded on them."""

from __future__ import annotations

import os

import docx
import openpyxl
import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments.attacks import attack_task, candidates
from worldsmith.environments.deliverables import docx_from_markdown, sheet_formulas, text_of, xlsx_from_csv
from worldsmith.environments.grade import grade
from worldsmith.environments.lint import apply_solution, make_task_set
from worldsmith.environments.session import Session, SessionError

MEMO = """# Memorandum

To: Avery Cole
From: John Liu
Re: The cap against the demand

The OPA 90 liability cap (USD 156,200,000) exceeds the contribution demand by USD 95,212,500.

- cap: USD 156,200,000
- demand: USD 60,987,500

| Item | Figure |
|---|---|
| cap | USD 156,200,000 |
"""


def test_a_memo_in_markdown_becomes_a_word_document_with_its_block_table_and_page_numbers(tmp_path):
    path = tmp_path / "memo.docx"
    path.write_bytes(docx_from_markdown(MEMO))
    doc = docx.Document(str(path))
    styles = [p.style.name for p in doc.paragraphs]
    assert "Heading 1" in styles and "List Bullet" in styles
    assert doc.tables and doc.tables[0].cell(1, 1).text == "USD 156,200,000"
    assert "PAGE" in doc.sections[0].footer._element.xml
    text = text_of(path)
    assert "To: Avery Cole" in text and "USD 95,212,500" in text and "|---" not in text


def test_csv_rows_become_a_workbook_whose_formula_reads_back_as_its_value(tmp_path):
    path = tmp_path / "s.xlsx"
    path.write_bytes(xlsx_from_csv('Item,Figure,Source\nrate,"2,500",letter.docx\ntons,62480,sheet.xlsx\n'
                                   'cap,=B2*B3,computed\n', sheet="Cap"))
    ws = openpyxl.load_workbook(path).worksheets[0]
    assert ws.title == "Cap" and ws["B2"].value == 2500 and ws["B4"].value == "=B2*B3"
    assert ws.freeze_panes == "A2" and ws.page_setup.fitToWidth == 1 and ws["A1"].font.bold
    assert "cap | 156200000" in text_of(path)
    assert sheet_formulas(path) == [("cap", "=B2*B3", 156200000.0)]


def test_a_workbook_rewritten_in_place_is_read_afresh_as_typed_text(tmp_path):
    """typed_text keeps a workbook's reading by its bytes (a grade asks of each file once per criterion): a sheet
    written again at the same path in the same instant, at the same size, reads as the new sheet; an unreadable one
    as nothing, as before."""
    from worldsmith.environments.deliverables import typed_text

    path = tmp_path / "s.xlsx"
    path.write_bytes(xlsx_from_csv("Item,Figure\ncap,156200000\nfloor,=B2-1\n"))
    assert typed_text(path) == "Item | Figure\ncap | 156200000\nfloor"  # a formula is no typed text
    stat = path.stat()
    path.write_bytes(xlsx_from_csv("Item,Figure\ncap,156200001\nfloor,=B2-1\n"))
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert typed_text(path) == "Item | Figure\ncap | 156200001\nfloor"
    path.write_bytes(b"not a workbook")
    assert typed_text(path) == ""
    assert typed_text(tmp_path / "gone.xlsx") == ""


def test_the_session_files_docx_and_xlsx_and_refuses_other_kinds(published_legal, tmp_path):
    world = worldsmith.open(published_legal)
    session = Session(world, tmp_path / "s")
    assert session.write_document("Memos/Note.docx", MEMO) == "Memos/Note.docx"
    assert session.write_sheet("Workpapers/Cap.xlsx", "Item,Figure\ncap,1\n") == "Workpapers/Cap.xlsx"
    assert {"Memos/Note.docx", "Workpapers/Cap.xlsx"} <= set(session.state().files_added)
    for bad in (lambda: session.write_sheet("Workpapers/Cap.csv", "a,b\n"),
                lambda: session.write_document("Memos/Note.pdf", "x"),
                lambda: session.write_sheet("Workpapers/Wide.xlsx", ",".join(["x"] * 41) + "\n")):
        with pytest.raises(SessionError):
            bad()
    world.close()


@pytest.fixture(scope="module")
def sheet_task(published_legal):
    world = worldsmith.open(published_legal)
    task = next(t for t in task_set_of(world).tasks if t.kind == "sheet")
    yield world, task
    world.close()


def test_the_workbook_task_gives_full_marks_to_a_computed_sheet_only(sheet_task, tmp_path):
    world, task = sheet_task
    session = Session(world, tmp_path / "s")
    apply_solution(task, session)
    assert grade(task, session).score == 1.0
    # the same session, its sheet written again with the result typed in: graded afresh, nothing kept from the last
    typed = next(v for name, _, v, _ in candidates(task, world) if name == "sheet_result_typed")
    session.reset()
    apply_solution(typed, session)
    assert grade(task, session).score < 1
    session.reset()
    apply_solution(task, session)
    assert grade(task, session).score == 1.0
    names = {name for name, *_ in candidates(task, world)}
    assert {"sheet_result_typed", "sheet_wrong_input", "sheet_grouped_figures"} <= names
    outcomes = attack_task(task, world, tmp_path / "attacks")
    assert not [o.candidate for o in outcomes if o.wrong]
    typed = next(o for o in outcomes if o.candidate == "sheet_result_typed")
    assert typed.score < 1


def test_a_sheet_may_work_through_a_step_and_any_usual_formula_but_not_mislabel_or_swap(sheet_task, tmp_path):
    """Red team: =PRODUCT(), =SUM(a,b,c) written unquoted and an intermediate row were marked down; a mislabelled
    result row and swapped input rows scored 1.0."""
    world, task = sheet_task
    csv_text = task.solution.actions[0].args["csv"]
    rows = [r.split(",", 2) if not r.startswith('"') else [r] for r in csv_text.strip().splitlines()]
    path = task.solution.actions[0].args["path"]

    def score(text: str, n: int) -> float:
        session = Session(world, tmp_path / f"s{n}")
        session.write_sheet(path, text)
        return grade(task, session).score

    last = len(rows)  # the result row's number (the header is row 1)
    summed = "\n".join(",".join(r) for r in rows[:-1]) + f"\n{rows[-1][0]},=SUM(B2:B{last - 1}),computed\n"
    unquoted = "\n".join(",".join(r) for r in rows[:-1]) + \
        f"\n{rows[-1][0]},=SUM({','.join(f'B{i}' for i in range(2, last))}),computed\n"
    if "+" in rows[-1][1]:  # the total of its rows: any way of adding them up is right
        assert score(summed, 1) == 1.0 and score(unquoted, 2) == 1.0
    mislabelled = csv_text.replace(rows[-1][0] + ",", "Removal costs,", 1)
    assert score(mislabelled, 3) < 1
    # two input rows' figures swapped, as bare cells of a sheet (red team: scored 1.0)
    inputs = [r for r in rows[2:] if len(r) == 3 and not r[1].startswith("=")]
    a, b = next((x, y) for x in inputs for y in inputs if x is not y and x[1] != y[1])
    swapped = csv_text.replace(f"{a[0]},{a[1]},", f"{a[0]},@@,", 1).replace(f"{b[0]},{b[1]},", f"{b[0]},{a[1]},", 1) \
        .replace(f"{a[0]},@@,", f"{a[0]},{b[1]},", 1)
    assert swapped != csv_text and score(swapped, 4) < 1


def test_a_typed_result_is_not_computed_by_another_figures_row_that_comes_to_the_same_sum(published_legal, tmp_path):
    # An unseen licensing outline (in-project attack suite): the allowable deduction is the lesser of the third-party
    # royalties and the maximum deduction; the cap decides, so the 'maximum stacking deduction' row's formula comes to
    # the result, and a sheet with the allowable deduction typed in scored 1.0 on 'a formula that comes to it'.
    from worldsmith.environments.grade import _formula_comes_to
    from worldsmith.environments.tasks import Check

    world = worldsmith.open(published_legal)
    session = Session(world, tmp_path / "s")
    path = "Workpapers/Sensitivity.xlsx"
    check = Check(type="file_formula", path=path, values=["USD 2,752,000"], numbers=[2752000.0],
                  a_words=["allowable", "stacking", "deduction"],
                  b_words=["third-party royalties paid", "maximum stacking deduction", "royalty before deduction"])
    head = "Item,Figure,Source\nthird-party royalties paid,4100000,x\nroyalty before deduction,5504000,x\n" \
           "cap rate,50,x\nmaximum stacking deduction,=B4/100*B3,computed\n"
    session.write_sheet(path, head + "allowable stacking deduction,2752000,typed\n")
    assert not _formula_comes_to(session, check)
    session.write_sheet(path, head + 'allowable stacking deduction,"=MIN(B2,B5)",computed\n')
    assert _formula_comes_to(session, check)
    # a label that names both (the working written out) is still the result's row
    session.write_sheet(path, head + 'allowable stacking deduction (lesser of the maximum stacking deduction),'
                        '"=MIN(B2,B5)",computed\n')
    assert _formula_comes_to(session, check)
    world.close()


def test_long_tables_and_lists_become_a_word_document_in_one_pass(tmp_path, monkeypatch):
    # attack21 F2: Table.cell rebuilt the table's grid on each call (1,000 rows took 70 s) and each styled
    # paragraph searched every style; neither may be reached
    import docx.styles.styles
    import docx.table
    monkeypatch.setattr(docx.table.Table, "cell", lambda *a: pytest.fail("Table.cell per cell"))
    monkeypatch.setattr(docx.styles.styles.Styles, "default", lambda *a: pytest.fail("a style search per paragraph"))
    text = "# Rows\n" + "| a | b |\n" * 1_000 + "\n".join(f"- item {i}" for i in range(1_000))
    path = tmp_path / "long.docx"
    path.write_bytes(docx_from_markdown(text))
    monkeypatch.undo()
    doc = docx.Document(str(path))
    assert len(doc.tables[0].rows) == 1_000 and doc.tables[0].style.name == "Table Grid"
    assert [p.style.name for p in doc.paragraphs].count("List Bullet") == 1_000


def test_a_word_document_past_its_limits_is_refused_with_what_to_do(published_legal, tmp_path):
    world = worldsmith.open(published_legal)
    session = Session(world, tmp_path / "s")
    with pytest.raises(SessionError, match="262,144"):
        session.write_document("Memos/Long.docx", "# h\n" + "x" * 300_000)
    session.write_document("Memos/Long.md", "# h\n" + "x" * 300_000)  # Markdown is kept as it is written
    for text, limit in (("| a | b |\n" * 2_001, "2,000 rows"), ("- b\n" * 10_001, "10,000 paragraphs"),
                        ("|" + " a |" * 41 + "\n", "40 columns")):
        with pytest.raises(SessionError, match=limit):
            session.write_document("Memos/Big.docx", text)
    assert "Memos/Big.docx" not in session.state().files_added
    world.close()


def test_a_workbook_refers_to_its_rows_and_sources_each_figure_it_types_in(published_legal, tmp_path):
    # kit20 (blind, a licensing outline): wrong workbooks at 1.0 with an input typed into a formula beside its own row
    # ('=68800000*0.08', '=B2*0.08'), and with every source 'N/A' or a file the room does not hold but one row's
    from worldsmith.environments.grade import _formula_comes_to, _rows_sourced
    from worldsmith.environments.tasks import Check

    world = worldsmith.open(published_legal)
    session = Session(world, tmp_path / "s")
    path = "Workpapers/Delay damages.xlsx"
    result = Check(type="file_formula", path=path, values=["USD 800,000"], numbers=[800000.0],
                   a_words=["recoverable", "delay", "damages"], b_words=["maximum delay damages"])
    head = "Item,Figure,Source\ncontract price,8000000,Hypothetical (per the partner)\ncap rate,0.1,{s}\n" \
           "delay costs incurred,1200000,{s}\n"
    tail = 'recoverable delay damages,"=MIN(B5,B4)",computed\n'
    sourced = head.format(s="Contracts/Building contract.docx")
    for typed in ("=8000000*0.1", "=B2*0.1", "=8000000*B3"):
        session.write_sheet(path, sourced + f"maximum delay damages,{typed},computed\n" + tail)
        assert not _formula_comes_to(session, result), typed
    session.write_sheet(path, sourced + "maximum delay damages,=B2*B3,computed\n" + tail)
    assert _formula_comes_to(session, result)
    cites = Check(type="file_mentions_any", path=path, values=["Contracts/Building contract.docx",
                                                              "Claims/Delay costs schedule.xlsx"])
    assert _rows_sourced(session, cites)  # the supposed figure alone cites no file
    for bad in ("N/A", "Contracts/Side letter.docx", ""):
        session.write_sheet(path, head.format(s=bad) + "maximum delay damages,=B2*B3,computed\n" + tail)
        assert not _rows_sourced(session, cites), bad
    session.write_sheet(path, head.format(s="Building contract") + "maximum delay damages,=B2*B3,\n" + tail)
    assert _rows_sourced(session, cites)  # a file by its title; a formula's row needs no source
    world.close()


def test_a_longer_labels_row_is_no_second_figure_for_the_result_and_a_filed_memo_is_read_for_a_denied_side(
        published_legal, tmp_path):
    """bench.tasks over the fixture outlines at seed 61: the workbook tasks' reference sheets scored 0.73-0.93 and were
    refused on four unseen outlines, their 'late refund interest rate' row read as a second 'late refund interest'; and
    a memo made of what-ifs carried 'file_governs_denied', a check type the grader did not know (the run crashed)."""
    from worldsmith.environments.grade import holds
    from worldsmith.environments.tasks import Check

    world = worldsmith.open(published_legal)
    session = Session(world, tmp_path / "s")
    path = "Workpapers/Sensitivity.xlsx"
    twice = Check(type="file_two_values", path=path, a_words=["late", "refund", "interest"], b_words=["rate"])
    session.write_sheet(path, "Item,Figure,Source\nlate refund interest rate,5,letter.eml\ndays late,40,letter.eml\n"
                              "tenant's overpayment,105000,notice.docx\nlate refund interest,=B2/100*B4*B3/365,computed\n")
    assert not holds(twice, session, None)
    session.write_sheet(path, "Item,Figure,Source\nlate refund interest,575,letter.eml\n"
                              "late refund interest (high case),805,computed\n")
    assert holds(twice, session, None)  # a hedge across two rows of the result still costs
    memo = "Workpapers/Memo.docx"
    session.write_document(memo, "The cap does not govern: the claim is below it, so the claim governs.")
    denied = Check(type="file_governs_denied", path=memo, a_words=["cap"], b_words=["claim"])
    assert holds(denied, session, None)
    assert not holds(denied.model_copy(update={"a_words": ["claim"], "b_words": ["cap"]}), session, None)
    world.close()
