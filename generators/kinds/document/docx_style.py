"""A firm's look for .docx files: its house font and named styles, paper by locale, page-number fields.

python-docx's default template has blue theme-font headings, a 26-point Title with a coloured rule and
blue italic subtitles; a firm's papers have one body font, black headings and even spacing. Each
organisation gets a house style (font, size, heading case) chosen from its name, so one firm's papers
agree with each other and differ from another firm's. The styled template is built once per house and
paper and reused: a document starts from its bytes.
"""

from __future__ import annotations

import functools
import hashlib
import io
from dataclasses import dataclass

import docx
from docx.document import Document
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import Twips

# Custom paragraph styles (id: name). No name starts with "Heading" or is "Title": the parser reads those
# as the document's title and headings.
MEMO_BANNER, MEMO_BLOCK, MEMO_BLOCK_END = "MemoBanner", "MemoBlock", "MemoBlockEnd"
TABLE_TEXT = "TableText"
LETTERHEAD_NAME, LETTERHEAD_ADDRESS = "LetterheadName", "LetterheadAddress"
LETTER_LINES = "LetterLines"
_CUSTOM_NAMES = {MEMO_BANNER: "Memo Banner", MEMO_BLOCK: "Memo Block", MEMO_BLOCK_END: "Memo Block End",
                 LETTERHEAD_NAME: "Letterhead Name", LETTERHEAD_ADDRESS: "Letterhead Address",
                 LETTER_LINES: "Letter Lines", TABLE_TEXT: "Table Text"}
RULE = '<w:pBdr><w:bottom w:val="single" w:sz="6" w:space="4" w:color="000000"/></w:pBdr>'


@dataclass(frozen=True, slots=True)
class House:
    """An organisation's habits on paper."""

    font: str
    size: float  # body text, points
    caps_headings: bool
    east_asian: str = ""  # the font of Chinese, Japanese or Korean text, where the world is written in one


# Fonts firms use, each with a metric twin most machines have (Liberation, Carlito, Gelasio), at the size
# each reads best.
_HOUSES = (House("Times New Roman", 12, False), House("Georgia", 10.5, True), House("Arial", 10, True),
           House("Calibri", 11, False), House("Times New Roman", 12, True), House("Arial", 10, False))

# Paper and margins by locale: US Letter in the United States, A4 elsewhere; one inch all round.
_PAPER = {"letter": (12240, 15840), "a4": (11906, 16838)}
_MARGIN = 1440  # twips


# The East Asian font of a CJK locale, serif and sans, as its own Word sets them: the house fonts have no CJK glyphs
# (blind read 29: a Japanese world's names printed as tofu boxes); Word and LibreOffice (through fontconfig's aliases)
# know these names.
_EAST_ASIAN = {"ja": ("MS Mincho", "MS Gothic"), "ko": ("Batang", "Gulim"), "zh_TW": ("PMingLiU", "Microsoft JhengHei"),
               "zh_HK": ("PMingLiU", "Microsoft JhengHei"), "zh": ("SimSun", "SimHei")}
_SERIF = {"Times New Roman", "Georgia"}


def east_asian_font(font: str, locale: str) -> str:
    """The CJK font set beside a house font in a CJK locale ('ja_JP', Times New Roman -> MS Mincho), '' elsewhere."""
    locale = locale or ""
    pair = _EAST_ASIAN.get(locale) or _EAST_ASIAN.get(locale.split("_")[0])
    return "" if pair is None else pair[0] if font in _SERIF else pair[1]


def house_of(org_name: str, locale: str = "") -> House:
    """The house style of an organisation: the same name always gets the same one; in a CJK locale with its East
    Asian font."""
    digest = hashlib.sha256(f"{org_name}:docx-house".encode()).digest()
    house = _HOUSES[digest[0] % len(_HOUSES)]
    east = east_asian_font(house.font, locale)
    return House(house.font, house.size, house.caps_headings, east) if east else house


def paper_of(locale: str) -> str:
    """letter or a4."""
    return "letter" if locale == "en_US" else "a4"


def text_width(paper: str) -> int:
    """The width between the margins, in twips."""
    return _PAPER[paper][0] - 2 * _MARGIN


def _half_points(size: float) -> int:
    return round(size * 2)


def _rpr(house: House, size: float, *, bold: bool = False, italic: bool = False, caps: bool = False,
         small_caps: bool = False, color: str = "000000", spacing: int = 0) -> str:
    """A run-properties element: the house font set on every script (no theme font), black unless told."""
    f = house.font
    return ("<w:rPr>"
            f'<w:rFonts w:ascii="{f}" w:hAnsi="{f}" w:eastAsia="{house.east_asian or f}" w:cs="{f}"/>'
            + ("<w:b/><w:bCs/>" if bold else "") + ("<w:i/><w:iCs/>" if italic else "")
            + ("<w:caps/>" if caps else "") + ("<w:smallCaps/>" if small_caps else "")
            + f'<w:color w:val="{color}"/>'
            + (f'<w:spacing w:val="{spacing}"/>' if spacing else "")
            + f'<w:sz w:val="{_half_points(size)}"/><w:szCs w:val="{_half_points(size)}"/>'
            "</w:rPr>")


def _style(style_id: str, name: str, ppr: str, rpr: str, *, based_on: str | None = "Normal",
           next_id: str | None = None, default: bool = False) -> str:
    return (f'<w:style {nsdecls("w")} w:type="paragraph" w:styleId="{style_id}"'
            + (' w:default="1"' if default else "") + ">"
            f'<w:name w:val="{name}"/>'
            + (f'<w:basedOn w:val="{based_on}"/>' if based_on else "")
            + (f'<w:next w:val="{next_id}"/>' if next_id else "")
            + "<w:qFormat/>" + ppr + rpr + "</w:style>")


def _styles(house: House, paper: str) -> dict[str, str]:
    """style id -> the whole <w:style> of every paragraph style this look sets."""
    s = house.size
    right = text_width(paper)
    rule = RULE
    hanging = '<w:tabs><w:tab w:val="left" w:pos="1440"/></w:tabs>'
    tabs = f'<w:tabs><w:tab w:val="center" w:pos="{right // 2}"/><w:tab w:val="right" w:pos="{right}"/></w:tabs>'
    return {
        "Normal": _style("Normal", "Normal", '<w:pPr><w:spacing w:after="160" w:line="264" w:lineRule="auto"/>'
                         "<w:widowControl/></w:pPr>", _rpr(house, s), based_on=None, default=True),
        "Title": _style("Title", "Title", '<w:pPr><w:keepNext/><w:spacing w:before="0" w:after="80"/></w:pPr>',
                        _rpr(house, s + 3, bold=True), next_id="Normal"),
        "Subtitle": _style("Subtitle", "Subtitle", '<w:pPr><w:spacing w:after="240"/></w:pPr>',
                           _rpr(house, s - 1.5, italic=True, color="404040"), next_id="Normal"),
        "Heading1": _style("Heading1", "heading 1", '<w:pPr><w:keepNext/><w:keepLines/>'
                           '<w:spacing w:before="240" w:after="80"/><w:outlineLvl w:val="0"/></w:pPr>',
                           _rpr(house, s + 1 if not house.caps_headings else s, bold=True, caps=house.caps_headings),
                           next_id="Normal"),
        "Header": _style("Header", "header", f'<w:pPr>{tabs}<w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>',
                         _rpr(house, 8, small_caps=True, color="404040")),
        "Footer": _style("Footer", "footer", f'<w:pPr>{tabs}<w:spacing w:after="0" w:line="240" w:lineRule="auto"/>'
                         '<w:jc w:val="center"/></w:pPr>', _rpr(house, 8, color="404040")),
        MEMO_BANNER: _style(MEMO_BANNER, _CUSTOM_NAMES[MEMO_BANNER], '<w:pPr><w:keepNext/><w:spacing w:after="240"/></w:pPr>',
                            _rpr(house, s + 6, bold=True, spacing=40), next_id=MEMO_BLOCK),
        # TO / FROM / CC / DATE / RE, a paragraph each: the label at the margin, the names at one inch (a long
        # line wraps under the names), and a rule under the last line.
        MEMO_BLOCK: _style(MEMO_BLOCK, _CUSTOM_NAMES[MEMO_BLOCK],
                           f'<w:pPr><w:keepNext/>{hanging}<w:spacing w:after="60"/>'
                           '<w:ind w:left="1440" w:hanging="1440"/></w:pPr>', _rpr(house, s), next_id=MEMO_BLOCK),
        MEMO_BLOCK_END: _style(MEMO_BLOCK_END, _CUSTOM_NAMES[MEMO_BLOCK_END],
                               f'<w:pPr><w:keepNext/>{rule}{hanging}<w:spacing w:after="360"/>'
                               '<w:ind w:left="1440" w:hanging="1440"/></w:pPr>', _rpr(house, s)),
        TABLE_TEXT: _style(TABLE_TEXT, _CUSTOM_NAMES[TABLE_TEXT],
                           '<w:pPr><w:spacing w:before="40" w:after="40" w:line="240" w:lineRule="auto"/></w:pPr>',
                           _rpr(house, s - 1)),
        LETTERHEAD_NAME: _style(LETTERHEAD_NAME, _CUSTOM_NAMES[LETTERHEAD_NAME],
                                '<w:pPr><w:jc w:val="center"/><w:spacing w:after="40"/></w:pPr>',
                                _rpr(house, s + 5, bold=True, small_caps=True, spacing=20)),
        LETTERHEAD_ADDRESS: _style(LETTERHEAD_ADDRESS, _CUSTOM_NAMES[LETTERHEAD_ADDRESS],
                                   f'<w:pPr>{rule}<w:jc w:val="center"/><w:spacing w:after="360"/></w:pPr>',
                                   _rpr(house, 8, color="404040")),
        # the reference, date and addressee of a letter: lines broken inside one paragraph, a blank line after
        LETTER_LINES: _style(LETTER_LINES, _CUSTOM_NAMES[LETTER_LINES],
                             '<w:pPr><w:spacing w:after="240" w:line="240" w:lineRule="auto"/></w:pPr>', _rpr(house, s)),
    }


def _set_defaults(styles_el, house: House) -> None:
    """The document defaults: the house font in place of the theme's, its size."""
    defaults = styles_el.find(qn("w:docDefaults"))
    rpr_default = defaults.find(qn("w:rPrDefault"))
    if rpr_default is not None:
        defaults.remove(rpr_default)
    defaults.insert(0, parse_xml(f'<w:rPrDefault {nsdecls("w")}>{_rpr(house, house.size)}</w:rPrDefault>'))


def _table_header_look(styles_el) -> None:
    """Table Grid's first row shaded and repeated at the top of each page a table runs onto."""
    for style in styles_el.findall(qn("w:style")):
        if style.get(qn("w:styleId")) == "TableGrid":
            style.append(parse_xml(f'<w:tblStylePr {nsdecls("w")} w:type="firstRow"><w:rPr><w:b/><w:bCs/></w:rPr>'
                                   '<w:trPr><w:tblHeader/></w:trPr><w:tcPr>'
                                   '<w:shd w:val="clear" w:color="auto" w:fill="E7E6E6"/></w:tcPr></w:tblStylePr>'))


@functools.lru_cache(maxsize=16)
def template(house: House, paper: str) -> bytes:
    """A blank .docx with the house's styles, the paper and one-inch margins."""
    doc = docx.Document()
    styles_el = doc.styles.element
    _set_defaults(styles_el, house)
    wanted = _styles(house, paper)
    for style in list(styles_el.findall(qn("w:style"))):
        if style.get(qn("w:styleId")) in wanted:
            styles_el.remove(style)
    for xml in wanted.values():
        styles_el.append(parse_xml(xml))
    _table_header_look(styles_el)
    section = doc.sections[0]
    width, height = _PAPER[paper]
    section.page_width, section.page_height = Twips(width), Twips(height)
    section.left_margin = section.right_margin = section.top_margin = section.bottom_margin = Twips(_MARGIN)
    section.header_distance = section.footer_distance = Twips(708)
    buffer = io.BytesIO()
    doc.save(buffer)
    return buffer.getvalue()


def new_document(house: House, paper: str) -> Document:
    """A fresh document in the house's look."""
    return docx.Document(io.BytesIO(template(house, paper)))


def add_field(paragraph, code: str, shown: str = "1") -> None:
    """A field (PAGE, NUMPAGES) at the end of a paragraph, built as Word does (begin, code, separate, result,
    end); `shown` is the result until a reader updates it, which Word and LibreOffice do on layout."""
    p = paragraph._p
    runs = [f'<w:r {nsdecls("w")}><w:fldChar w:fldCharType="begin"/></w:r>',
            f'<w:r {nsdecls("w")}><w:instrText xml:space="preserve"> {code} </w:instrText></w:r>',
            f'<w:r {nsdecls("w")}><w:fldChar w:fldCharType="separate"/></w:r>',
            f'<w:r {nsdecls("w")}><w:t>{shown}</w:t></w:r>',
            f'<w:r {nsdecls("w")}><w:fldChar w:fldCharType="end"/></w:r>']
    for xml in runs:
        p.append(parse_xml(xml))


def page_x_of_y(paragraph) -> None:
    """`Page X of Y` with live PAGE and NUMPAGES fields."""
    paragraph.add_run("Page ")
    add_field(paragraph, "PAGE")
    paragraph.add_run(" of ")
    add_field(paragraph, "NUMPAGES")


def rule_under(paragraph) -> None:
    """A thin black rule under a paragraph (its bottom border), as under a title block."""
    ppr = paragraph._p.get_or_add_pPr()
    # w:pBdr comes before w:spacing and w:jc in a pPr's schema order
    ppr.insert(0 if ppr.find(qn("w:pStyle")) is None else 1, parse_xml(RULE.replace("<w:pBdr>", f"<w:pBdr {nsdecls('w')}>")))
