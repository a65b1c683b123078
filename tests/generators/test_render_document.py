"""Tests of the document renderer: a .docx python-docx reads back, and its Markdown twin."""

from __future__ import annotations

import datetime as dt
import io

import docx
import pytest

from worldsmith.generators.kinds.document.render import render_docx, render_markdown
from worldsmith.worlds.content import Section, Table
from tests.generators.plan_fixture import FEE, make_contents, make_plan

CONTENT = make_contents()["d1"]


def _open(plan):
    return docx.Document(io.BytesIO(render_docx(plan, plan.artifact("d1"), CONTENT)))


def test_title_subtitle_and_section_headings():
    doc = _open(make_plan())
    styled = [(p.style.name, p.text) for p in doc.paragraphs]
    assert styled[0] == ("Memo Banner", "MEMORANDUM")  # a memo's block comes before its title
    assert styled[5:8] == [("Title", "Closing memo"), ("Subtitle", "Northwind acquisition, March 2025"),
                          ("Heading 1", "Background")]
    assert [t for s, t in styled if s == "Heading 1"] == ["Background", "Funds"]
    assert ("Normal", f"The purchase price is {FEE}.") in styled


def test_table_has_a_bold_header_row_and_the_rows():
    doc = _open(make_plan())
    assert len(doc.tables) == 1
    table = doc.tables[0]
    assert table.style.name == "Table Grid"
    assert [[c.text for c in row.cells] for row in table.rows] == [
        ["Payee", "Amount"], ["Seller", "USD 1,200,000"], ["Escrow | holdback", "USD 50,000"]]
    assert all(run.bold for cell in table.rows[0].cells for run in cell.paragraphs[0].runs)
    assert not any(run.bold for cell in table.rows[1].cells for run in cell.paragraphs[0].runs)


def test_header_names_the_authors_organisation():
    doc = _open(make_plan())
    assert [p.text for p in doc.sections[0].header.paragraphs] == ["Quill & Partners LLP"]
    assert "do not rely on" not in "".join(p.text for p in doc.sections[0].footer.paragraphs)


def test_a_distractor_is_labelled_in_header_and_footer():
    doc = _open(make_plan(with_distractor=True))
    header = [p.text for p in doc.sections[0].header.paragraphs]
    assert header == ["Quill & Partners LLP", "SUPERSEDED DRAFT — do not rely on"]
    assert [p.text for p in doc.sections[0].footer.paragraphs] == ["SUPERSEDED DRAFT — do not rely on", "Page 1 of 1"]


def test_core_properties_are_fixed_from_the_spec():
    props = _open(make_plan()).core_properties
    stamp = dt.datetime(2025, 3, 5, 9, 0, tzinfo=dt.timezone.utc)
    assert (props.title, props.author, props.last_modified_by) == ("Closing memo", "Ada Quill", "Ada Quill")
    assert props.identifier == "d1"
    assert props.created == stamp and props.modified == stamp
    assert props.revision == 1
    assert "python-docx" not in (props.comments or "")


def test_docx_bytes_are_deterministic():
    plan = make_plan()
    assert render_docx(plan, plan.artifact("d1"), CONTENT) == render_docx(plan, plan.artifact("d1"), CONTENT)


def test_markdown_twin_has_the_same_words_in_order():
    plan = make_plan(with_distractor=True)
    assert render_markdown(plan, plan.artifact("d1"), CONTENT) == (
        "MEMORANDUM\n\n"
        "TO: Chloé Marchetti, General Counsel, Northwind Holdings\n\n"
        "FROM: Ada Quill, Partner\n\n"
        "DATE: March 5, 2025\n\n"
        "RE: Northwind acquisition\n\n"
        "# Closing memo\n\n"
        "Northwind acquisition, March 2025\n\n"
        "> **SUPERSEDED DRAFT — do not rely on**\n\n"
        "## Background\n\n"
        f"The purchase price is {FEE}.\n\n"
        "Closing is set.\n\n"
        "## Funds\n\n"
        "The flow of funds is below.\n\n"
        "| Payee | Amount |\n"
        "| --- | --- |\n"
        "| Seller | USD 1,200,000 |\n"
        "| Escrow \\| holdback | USD 50,000 |\n")


def test_short_table_rows_are_padded_and_long_ones_refused():
    plan = make_plan()
    short = CONTENT.model_copy(update={"sections": [Section(heading="T", paragraphs=["p"],
                                                            table=Table(columns=["a", "b"], rows=[["1"]]))]})
    doc = docx.Document(io.BytesIO(render_docx(plan, plan.artifact("d1"), short)))
    assert [c.text for c in doc.tables[0].rows[1].cells] == ["1", ""]
    long = CONTENT.model_copy(update={"sections": [Section(heading="T", paragraphs=["p"],
                                                           table=Table(columns=["a"], rows=[["1", "2"]]))]})
    with pytest.raises(ValueError, match="d1"):
        render_docx(plan, plan.artifact("d1"), long)
