"""How a rendered .docx looks: a firm's named styles, a memo's block or a letter's letterhead by genre, a title block
otherwise, a header with the organisation (and a privileged marking only inside the circle), page X of Y in the
footer; and the Markdown twin still reads as the same document."""

from __future__ import annotations

import io
import re

import docx
import pytest
from docx.oxml.ns import qn

from worldsmith.generators.kinds.document.render import render_docx, render_markdown
from worldsmith.generators.kinds.document.docx_style import house_of
from worldsmith.worlds.content import Section
from worldsmith.worlds.store.parse import parse_docx, parse_markdown
from tests.generators.pdf_text import SOFFICE, convert, pdf_text
from tests.generators.plan_fixture import make_contents, make_plan

CONTENT = make_contents()["d1"]


def _plan(locale: str = "en_US", privileged: bool = False, **spec_update):
    """The fixture plan with its document changed (doc_type, readers...) and the circle opened or not."""
    plan = make_plan()
    orgs = [o.model_copy(update={"privileged": privileged}) for o in plan.organisations]
    artifacts = [a.model_copy(update=spec_update) if a.id == "d1" else a for a in plan.artifacts]
    return plan.model_copy(update={"locale": locale, "organisations": orgs, "artifacts": artifacts})


def _render(plan, content=CONTENT):
    return docx.Document(io.BytesIO(render_docx(plan, plan.artifact("d1"), content)))


def _rpr(style):
    return style.element.find(qn("w:rPr"))


def test_styles_are_the_firms_not_the_templates():
    doc = _render(_plan())
    font = house_of("Quill & Partners LLP").font
    for name in ("Normal", "Title", "Subtitle", "Heading 1"):
        rpr = _rpr(doc.styles[name])
        fonts = rpr.find(qn("w:rFonts"))
        assert fonts.get(qn("w:ascii")) == font and fonts.get(qn("w:asciiTheme")) is None, name
    for name in ("Title", "Heading 1"):
        assert _rpr(doc.styles[name]).find(qn("w:color")).get(qn("w:val")) == "000000", name  # not the template's blue
        assert _rpr(doc.styles[name]).find(qn("w:b")) is not None
    assert doc.styles["Title"].element.find(qn("w:pPr")).find(qn("w:pBdr")) is None  # no coloured rule under it
    assert doc.styles["Title"].font.size.pt < 20  # not the template's 26-point title


def test_one_firm_keeps_one_house_style():
    assert house_of("Quill & Partners LLP") == house_of("Quill & Partners LLP")
    assert len({house_of(f"Firm {n} LLP") for n in range(40)}) > 2


def test_a_memo_has_its_block_under_the_banner_and_a_rule_under_it():
    doc = _render(_plan(readers=["counsel_1", "associate_1"]))
    styled = [(p.style.name, p.text) for p in doc.paragraphs]
    assert styled[:7] == [("Memo Banner", "MEMORANDUM"),
                          ("Memo Block", "TO:\tChloé Marchetti, General Counsel, Northwind Holdings"),
                          ("Memo Block", "FROM:\tAda Quill, Partner"),
                          ("Memo Block", "CC:\tBen O'Hara, Associate"),  # a colleague is copied, the client addressed
                          ("Memo Block", "DATE:\tMarch 5, 2025"),
                          ("Memo Block End", "RE:\tNorthwind acquisition"),
                          ("Title", "Closing memo")]
    end = doc.styles["Memo Block End"].element.find(qn("w:pPr"))
    assert end.find(qn("w:pBdr")).find(qn("w:bottom")).get(qn("w:val")) == "single"
    assert doc.styles["Memo Block"].paragraph_format.first_line_indent < 0  # names hang at one inch


def test_a_memo_to_no_one_is_a_memo_to_file():
    for readers in ([], ["partner_1"]):  # the author is never their own addressee
        doc = _render(_plan(readers=readers))
        assert doc.paragraphs[1].text == "TO:\tFile"


def test_a_letter_has_its_senders_letterhead_reference_date_and_addressee():
    # read 12: the letterhead opens the page, above the reference and the addressee (not between the subject and
    # 'Dear'); no running header over it
    doc = _render(_plan(doc_type="letter", title="Closing letter"),
                  CONTENT.model_copy(update={"title": "Closing letter"}))
    section = doc.sections[0]
    assert section.different_first_page_header_footer
    assert not any(p.text.strip() for p in section.first_page_header.paragraphs)
    body = [p.text for p in doc.paragraphs]
    assert body[0] == "Quill & Partners LLP" and doc.paragraphs[0].style.name == "Letterhead Name"
    assert body[1].endswith("quill-law.example") and re.match(r"\d+ [A-Z]", body[1])
    assert re.fullmatch(r"Our ref: AQ/NH/\d{3}", body[2])
    assert body[3] == "March 5, 2025"
    assert body[4].split("\n")[:4] == ["By email: chloe.marchetti@northwind-holdings.example", "Chloé Marchetti",
                                       "General Counsel", "Northwind Holdings"]
    # read 15: 'the heading is a file name ("Letter from Danvers Oakley responding to...")': no file title printed,
    # the marking and then the subject line in bold; the title stays in the properties
    assert body[5] == CONTENT.subtitle and doc.paragraphs[5].style.name == "Subtitle"
    # (under the matter's name, which the subject does not give: blind read 17, 'the Re: line only names itself')
    assert body[6] == "Re: Northwind acquisition \u2013 Closing letter" and doc.paragraphs[6].runs[0].bold
    assert not any(p.style.name == "Title" for p in doc.paragraphs)
    assert doc.core_properties.title == "Closing letter"
    assert not any(p.style.name.startswith("Memo") for p in doc.paragraphs)


def test_no_heading_above_a_letters_salutation():
    """read 12: 'An "Introduction" heading sits above "Dear Ryan Nelson"'; the letter's later headings stay, and
    the twin drops the same heading."""
    sections = [Section(heading="Introduction", paragraphs=["Dear Chloé Marchetti,", "We write about closing."]),
                Section(heading="Next Steps", paragraphs=["Please call us.", "Yours sincerely,", "Ada Quill"])]
    content = CONTENT.model_copy(update={"title": "Closing letter", "sections": sections})
    plan = _plan(doc_type="letter", title="Closing letter")
    doc = _render(plan, content)
    headings = [p.text for p in doc.paragraphs if p.style.name.startswith("Heading")]
    assert headings == ["Next Steps"]
    salutation = next(i for i, p in enumerate(doc.paragraphs) if p.text.startswith("Dear "))
    assert doc.paragraphs[salutation - 1].text == "Re: Northwind acquisition \u2013 Closing letter"
    twin = render_markdown(plan, plan.artifact("d1"), content)
    assert "## Introduction" not in twin and "## Next Steps" in twin
    # a memo keeps its first heading
    memo = _render(_plan(), content)
    assert [p.text for p in memo.paragraphs if p.style.name.startswith("Heading")][0] == "Introduction"


def test_other_genres_get_a_title_block_with_a_rule_and_no_memo_block():
    doc = _render(_plan(doc_type="share purchase agreement"))
    title, subtitle = doc.paragraphs[0], doc.paragraphs[1]
    assert (title.style.name, subtitle.style.name) == ("Title", "Subtitle")
    assert title.alignment == 1  # centred, as a contract's title is
    assert subtitle._p.pPr.find(qn("w:pBdr")) is not None
    assert not doc.sections[0].different_first_page_header_footer


def test_privileged_marking_only_inside_the_circle():
    inside = _render(_plan(privileged=True))
    assert inside.sections[0].header.paragraphs[0].text == "Quill & Partners LLP\t\tPrivileged & Confidential"
    outside = _render(_plan(privileged=False))
    assert [p.text for p in outside.sections[0].header.paragraphs] == ["Quill & Partners LLP"]
    assert "rivileged" not in render_markdown(_plan(), _plan().artifact("d1"), CONTENT)


def test_every_page_is_numbered_page_x_of_y_with_fields():
    for plan in (_plan(), _plan(doc_type="letter")):
        doc = _render(plan)
        section = doc.sections[0]
        footers = [section.footer] + ([section.first_page_footer] if section.different_first_page_header_footer else [])
        for footer in footers:
            paragraph = footer.paragraphs[-1]
            codes = [t.text.strip() for t in paragraph._p.iter(qn("w:instrText"))]
            assert codes == ["PAGE", "NUMPAGES"] and paragraph.text == "Page 1 of 1"


def test_paper_follows_the_locale():
    us, uk = _render(_plan("en_US")).sections[0], _render(_plan("en_GB")).sections[0]
    assert (round(us.page_width.inches, 2), round(us.page_height.inches, 2)) == (8.5, 11.0)
    assert (round(uk.page_width.mm), round(uk.page_height.mm)) == (210, 297)
    assert us.left_margin.inches == uk.left_margin.inches == 1.0


def test_title_and_id_stay_in_the_properties():
    props = _render(_plan(doc_type="letter")).core_properties
    assert (props.title, props.identifier) == ("Closing memo", "d1")


@pytest.mark.parametrize("doc_type", ["memo", "investment committee memo", "letter", "report", "agreement", "minutes"])
def test_the_twin_reads_as_the_same_document(doc_type, tmp_path):
    plan = _plan(doc_type=doc_type, readers=["counsel_1", "associate_1"])
    spec = plan.artifact("d1")
    (tmp_path / "d.docx").write_bytes(render_docx(plan, spec, CONTENT))
    (tmp_path / "d.md").write_text(render_markdown(plan, spec, CONTENT), encoding="utf-8")
    parsed, twin = parse_docx(tmp_path / "d.docx"), parse_markdown(tmp_path / "d.md")
    docx_blocks = list(parsed.blocks)
    # (a letter prints its subject line, not its title: the title is read from the properties)
    titles = [] if doc_type == "letter" else ["Closing memo"]
    assert [t for k, t in docx_blocks if k == "title"] == [t for k, t in twin if k == "title"] == titles
    assert [t for k, t in docx_blocks if k == "heading"] == [t for k, t in twin if k == "heading"]
    assert {b for b in docx_blocks if b[0] in ("paragraph", "cell")} == {b for b in twin if b[0] in ("paragraph", "cell")}
    assert parsed.title == "Closing memo" and parsed.identifier == "d1"
    assert parsed.subtitle == (None if doc_type == "letter" else CONTENT.subtitle)


def test_docx_bytes_are_deterministic_for_every_look():
    for doc_type in ("memo", "letter", "report"):
        plan = _plan(doc_type=doc_type)
        assert render_docx(plan, plan.artifact("d1"), CONTENT) == render_docx(plan, plan.artifact("d1"), CONTENT)


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_lays_out_the_memo_with_its_block_and_page_numbers(tmp_path):
    long = CONTENT.model_copy(update={"sections": [Section(heading=f"Part {n}", paragraphs=["A sentence of analysis. " * 40] * 3)
                                                   for n in range(1, 5)]})
    plan = _plan(privileged=True)
    path = tmp_path / "memo.docx"
    path.write_bytes(render_docx(plan, plan.artifact("d1"), long))
    pdf = convert([path], tmp_path / "out", tmp_path / "profile")[0]
    if not pdf.exists():
        pytest.skip("LibreOffice cannot open .docx here: libreoffice-writer-nogui is not installed")
    text = " ".join(pdf_text(pdf.read_bytes()).split())
    pages = int(re.findall(r"Page (\d+) of (\d+)", text)[-1][1])
    assert pages >= 2 and re.search(rf"Page {pages} of {pages}", text)
    for words in ("MEMORANDUM", "TO:", "FROM:", "DATE:", "RE:", "Closing memo"):
        assert words in text
    assert text.index("MEMORANDUM") < text.index("Closing memo")


def test_privilege_is_a_lawyers_marking_an_auditors_papers_inside_the_circle_are_confidential():
    # read 12: 'a "Privileged & Confidential" running header on a bank's call notes', 'on an accountant's minutes'
    plan = _plan(privileged=True)
    orgs = [o.model_copy(update={"role": "external auditor to the client"}) if o.name == "Quill & Partners LLP" else o
            for o in plan.organisations]
    people = [p.model_copy(update={"title": "Audit Partner"}) if p.id == plan.artifact("d1").author else p
              for p in plan.people]
    plan = plan.model_copy(update={"organisations": orgs, "people": people})
    header = _render(plan).sections[0].header.paragraphs[0].text
    assert header.endswith("\t\tConfidential") and "Privileged" not in header, header


def test_a_us_court_paper_opens_on_its_centred_caption_with_no_firm_header_or_file_title():
    # read 15: 'Rendered as a memo, not a pleading: a "Caption" heading with the caption written as prose, a firm
    # privilege header, a "Prepared by" byline'
    sections = [Section(heading="Caption", paragraphs=["UNITED STATES DISTRICT COURT", "EASTERN DISTRICT OF TEXAS",
                                                       "A Ltd., Plaintiff, v. B Corp., Defendant."]),
                Section(heading="Preliminary Statement", paragraphs=["1. Defendant answers.", "Respectfully submitted,",
                                                                     "/s/ Ada Quill"])]
    content = CONTENT.model_copy(update={"title": "Draft answer of B Corp.", "subtitle": "Draft of March 5, 2025, for "
                                         "review; not filed.", "sections": sections})
    plan = _plan(doc_type="answer", title="Draft answer of B Corp.", privileged=True)
    doc = _render(plan, content)
    assert not any(p.style.name == "Title" for p in doc.paragraphs)
    assert doc.core_properties.title == "Draft answer of B Corp."
    assert [p.text for p in doc.paragraphs if p.style.name.startswith("Heading")] == ["Preliminary Statement"]
    court = next(p for p in doc.paragraphs if p.text == "UNITED STATES DISTRICT COURT")
    assert court.alignment == 1
    assert not any(p.text.strip() for p in doc.sections[0].header.paragraphs)
    signed = next(p for p in doc.paragraphs if p.text == "Respectfully submitted,")
    assert signed.paragraph_format.keep_with_next


def test_a_letters_subject_names_its_matter_where_it_names_no_party():
    # blind read 17, a business-interruption claim: the adjuster's 'preliminary view' had no insured or claim named,
    # and its 'Re: line only names itself'
    from worldsmith.generators.kinds.document.front_matter import letter_head

    head = letter_head("Sable Claims Services preliminary view of April 10, 2026", "Sable Claims Services",
                       "Calder Provisions business interruption claim: Joliet warehouse fire")
    assert head == ["Re: Calder Provisions business interruption claim \u2013 Preliminary view of April 10, 2026"]
    # a subject that names a party of the matter stands as it is
    assert letter_head("Letter to Northwind about the Northwind escrow", "Quill & Partners LLP",
                       "Northwind acquisition")[-1].count("Northwind acquisition") == 0


def test_a_letter_counsel_drafts_for_its_client_runs_under_the_clients_name_on_every_page():
    """read 22: 'The rendered letter is on Pennock Row letterhead but page 2 carries a "Gatehouse Tolland LLP"
    running header': a letter of intent is the buyer's, on its paper, and its later pages run under the same name
    (and in the same house style) as its letterhead, whoever drafted it."""
    plan = _plan(doc_type="letter", title="Non-binding letter of intent")
    orgs = [o.model_copy(update={"role": "buyer" if o.id == "client" else "buyer's counsel"})
            for o in plan.organisations]
    plan = plan.model_copy(update={"organisations": orgs})
    doc = _render(plan, CONTENT.model_copy(update={"title": "Non-binding letter of intent"}))
    assert doc.paragraphs[0].text == "Northwind Holdings"  # the letterhead: the buyer's
    running = " ".join(p.text for p in doc.sections[0].header.paragraphs)
    assert "Northwind Holdings" in running and "Quill" not in running
    font = _rpr(doc.styles["Normal"]).find(qn("w:rFonts")).get(qn("w:ascii"))
    assert font == house_of("Northwind Holdings").font


def test_a_letter_to_a_public_body_is_not_sent_to_an_officers_mailbox():
    # blind read 30: counsel's request for validation 'filed by email to a labour inspector', not by the body's channel
    plan = _plan(doc_type="letter", title="Request for validation of the plan")
    to = plan.person(plan.artifact("d1").readers[0]).organisation
    orgs = [o.model_copy(update={"role": "the labour administration that validates the plan"}) if o.id == to else o
            for o in plan.organisations]
    body = [p.text for p in _render(plan.model_copy(update={"organisations": orgs})).paragraphs]
    assert not any("By email" in b for b in body) and body[4].split("\n")[0] == "Chloé Marchetti", body[:6]


def test_a_firms_letters_on_one_matter_carry_one_file_number():
    """us-saas-revenue-audit (blind re-read 36): 'the letter reference numbers run backwards (AR/NS/527 in January,
    AR/NS/516 in March)': a firm's reference is its file number for the matter, the same on every letter it writes."""
    from worldsmith.generators.kinds.document.front_matter import reference
    from tests.generators.offline_world import offline_world

    plan, _, _ = offline_world("outlines/examples/tanker-spill-liability.yaml", 61)
    numbers: dict[str, set[str]] = {}
    for spec in (a for a in plan.artifacts if a.kind == "document"):
        org = plan.person(spec.author).organisation
        numbers.setdefault(org, set()).add(reference(plan, spec).rsplit("/", 1)[1])
    assert sum(1 for specs in numbers.values() if specs) >= 2, numbers
    assert all(len(n) == 1 for n in numbers.values()), numbers
