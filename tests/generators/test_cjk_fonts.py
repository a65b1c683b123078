"""A world written in Japanese, Chinese or Korean sets its sheets and papers in a font with those glyphs (blind read
29: a Japanese world's sheet printed its people's names as tofu boxes); other worlds keep the house fonts."""

from __future__ import annotations

import io

import docx
import openpyxl
from docx.oxml.ns import qn

from worldsmith.generators.kinds.document.render import render_docx
from worldsmith.generators.kinds.spreadsheet.render import render_xlsx
from tests.generators.plan_fixture import make_contents, make_plan

CONTENTS = make_contents()


def _sheet(locale: str):
    plan = make_plan().model_copy(update={"locale": locale})
    wb = openpyxl.load_workbook(io.BytesIO(render_xlsx(plan, plan.artifact("s1"), CONTENTS["s1"])))
    return wb.active


def _east_asian(locale: str) -> set[str]:
    plan = make_plan().model_copy(update={"locale": locale})
    doc = docx.Document(io.BytesIO(render_docx(plan, plan.artifact("d1"), CONTENTS["d1"])))
    fonts = doc.styles.element.findall(".//" + qn("w:rFonts"))
    return {f.get(qn("w:eastAsia")) for f in fonts if f.get(qn("w:eastAsia"))}


def test_a_japanese_worlds_sheet_is_set_in_a_japanese_font():
    ws = _sheet("ja_JP")
    assert ws["A1"].font.name == "MS PGothic" and ws["A1"].font.b
    assert ws["A2"].font.name == "MS PGothic"
    assert _sheet("en_GB")["A1"].font.name == "Arial"


def test_a_cjk_worlds_papers_set_their_east_asian_text_in_a_cjk_font():
    assert _east_asian("ja_JP") and _east_asian("ja_JP") <= {"MS Mincho", "MS Gothic"}
    assert _east_asian("ko_KR") and _east_asian("ko_KR") <= {"Batang", "Gulim"}
    assert not _east_asian("en_GB") & {"MS Mincho", "MS Gothic", "SimSun", "SimHei", "Batang", "Gulim"}
