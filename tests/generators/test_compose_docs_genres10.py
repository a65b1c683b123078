"""Papers in their own genre's form, and the checks that know those forms (blind read 27: six interview memoranda of
one person with one privilege paragraph word for word; 'Procedural Order No. 1' circulated by a party's counsel and
written as that counsel's note; a legal hold notice that pasted its outline purpose and gave no preservation
instructions; genre_structure reading an interview memorandum as an advice memo and a loan's term sheet as a purchase)."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb

from tests.generators.planned import planned
from tests.generators.test_compose_docs_genres9 import _composed
from worldsmith.generators.context import build_context
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.validate import parse_check

CHECK = Path(__file__).resolve().parents[2] / "generators/kinds/document/checks/genre_structure.sql"


def _sentences(text: str) -> set[str]:
    """The sentences of eight words or more, not mostly capitalised words (what realism_boilerplate counts)."""
    return {s.strip() for s in re.split(r"(?<=[.?!])\s+", text) if len(s.split()) >= 8 and
            2 * len(re.findall(r"(?:^|\s)\(?[A-Z]", s)) < len(s.split())}


def test_each_paper_of_a_series_of_interviews_records_a_different_person_in_its_own_words():
    for fixture, needle in (("bonus-cap-dispute", "Memo re the bonus"), ("grant-audit", "Memo re the questioned")):
        made = []
        for n in (1, 2):
            ctx, heads, text = _composed(fixture, needle, doc_type="memo", title=f"Interview memorandum - {n}",
                                         id=f"interview_memorandum_{n}", item=f"interview_memorandum_{n}")
            made.append((re.search(r"Interviewee: ([^,]+),", text).group(1), text))
        client = [p for p in ctx.cast if p.organisation != ctx.author.organisation and
                  any(o.name == p.organisation and re.search(r"\bclient\b|employer|university", o.role)
                      for o in ctx.organisations)]
        assert len(client) >= 2, client
        assert made[0][0] != made[1][0], made
        assert not _sentences(made[0][1]) & _sentences(made[1][1]), _sentences(made[0][1]) & _sentences(made[1][1])
        assert "not for" in made[0][1] and "personally" in made[0][1], made[0][1]  # the warning an employee is given


def test_a_procedural_order_a_party_circulates_is_the_tribunals_order():
    # blind read 27: 'Procedural Order No. 1' whose outline author is the other side's counsel; a party's paper of two
    # matters, retitled
    for fixture, needle in (("demurrage-arbitration", "Charterers' defence"), ("bonus-cap-dispute", "Revised letter")):
        ctx, heads, text = _composed(fixture, needle, doc_type="order", title="Procedural Order No. 1", sections=5)
        assert heads == ["Introduction", "Procedural Background", "Directions", "Costs", "Signature"], heads
        assert "is made on" in text and "by the Tribunal in the reference" in text, text
        assert "Signed: for and on behalf of the Tribunal" in text and f"Signed: {ctx.author.name}" not in text, text
        assert "The Tribunal directs as follows." in text and "our client" not in text.lower(), text
        for f in ctx.facts:
            assert f.text in text, (f.text, text)
        if any(f.value.type == "date" for f in ctx.facts):
            assert "within 28 days of this order" not in text, text  # one day for one step: the ledger's
        plan, taxonomy = planned(fixture, 61)
        spec = next(a for a in plan.artifacts if a.kind == "document" and needle in a.title)
        spec.title, spec.doc_type, spec.cites = "Procedural Order No. 1", "order", []
        subtitle = compose_document(build_context(plan, taxonomy, spec, {})).subtitle
        assert subtitle.startswith(f"Copy circulated by {ctx.author.name}") and "rivilege" not in subtitle, subtitle


def test_a_legal_hold_notice_instructs_the_custodians_and_never_pastes_its_purpose():
    for fixture, needle in (("bonus-cap-dispute", "Memo re the bonus"), ("lift-maintenance", "Memo re fee")):
        purpose = "Directs the custodians to preserve their e-mail, shared drives and paper files for the claim."
        ctx, heads, text = _composed(fixture, needle, doc_type="notice", title="Legal hold notice to custodians",
                                     sections=3, purpose=purpose)
        assert heads == ["Purpose of This Notice", "What You Must Do", "Questions and Acknowledgement"], heads
        assert purpose.lower()[:40] not in text.lower() and "Keep every document and record" in text, text
        assert text.startswith("Dear ") and "Yours sincerely," in text, text  # a letter to the readers it names


def _structure_rows(docs) -> list[str]:
    """genre_structure over composed papers (id, doc_type, title, headings, text[, tables]) in a store of three
    tables."""
    con = duckdb.connect()
    con.execute("create table artifacts(id varchar, kind varchar, doc_type varchar, title varchar, sections int)")
    con.execute("create table documents(artifact_id varchar, path varchar, text varchar, n_sections int, n_tables int)")
    con.execute("create table document_blocks(path varchar, source varchar, kind varchar, text varchar)")
    for i, doc_type, title, heads, text, *tables in docs:
        con.execute("insert into artifacts values (?, 'document', ?, ?, ?)", [i, doc_type, title, len(heads)])
        con.execute("insert into documents values (?, ?, ?, ?, ?)", [i, i + ".docx", text, len(heads), (tables or [0])[0]])
        for h in heads:
            con.execute("insert into document_blocks values (?, 'docx', 'heading', ?)", [i + ".docx", h])
    return [f"{a}: {d}" for a, _, d in con.execute(parse_check(CHECK).sql).fetchall()]


def test_the_structure_check_knows_an_interview_a_procedural_order_and_a_loans_term_sheet():
    docs = []
    for fixture, needle, doc_type, title in (
            ("bonus-cap-dispute", "Memo re the bonus", "memo", "Interview memorandum - March 2"),
            ("grant-audit", "Memo re the questioned", "memo", "Note of interview: effort reporting"),
            ("demurrage-arbitration", "Final award", "order", "Procedural Order No. 2"),
            ("demurrage-arbitration", "Charterers' defence", "order", "Procedural Order No. 1"),
            ("solar-farm-project-finance", "Term sheet", "term sheet", None)):
        update = {"title": title} if title else {}
        ctx, heads, text = _composed(fixture, needle, doc_type=doc_type, sections=4, **update)
        docs.append((f"{fixture}:{title}", doc_type, title or ctx.spec.title, heads, text))
    assert _structure_rows(docs) == []
    # an advice memo titled an interview memorandum, and a party's note titled a procedural order, are caught
    _, heads, text = _composed("bonus-cap-dispute", "Memo re the bonus", doc_type="memo")
    bad = _structure_rows([("m", "memo", "Interview memorandum - March 2", heads, text),
                           ("o", "order", "Procedural Order No. 1", heads, text)])
    assert any(r.startswith("m: ") and "interviewee" in r for r in bad), bad
    assert any(r.startswith("o: ") and "directions" in r for r in bad), bad


def test_an_agreement_is_between_the_principals_never_the_law_firm_that_drafts_it():
    # blind read 27: 'a loan agreement between the law firm and the arranger; the borrower not a party'. The project
    # finance's facility agreement (the borrower's counsel acts for no one organisation of the plan), and a credit
    # matter's paper retitled an amendment agreement, its drafting firm made transaction counsel (acting for no one)
    for fixture, needle, update, firm in (
            ("solar-farm-project-finance", "Syndicated Facility Agreement", {}, None),
            ("covenant-breach", "Credit agreement extract",
             {"title": "Amendment agreement: the term loan", "doc_type": "agreement"}, "Marlow Pike LLP")):
        plan, taxonomy = planned(fixture, 61)
        spec = next(a for a in plan.artifacts if a.kind == "document" and a.title.startswith(needle))
        for key, value in update.items():
            setattr(spec, key, value)
        spec.cites = []
        ctx = build_context(plan, taxonomy, spec, {})
        for o in ctx.organisations:
            if o.name == firm:
                o.acts_for, o.role = "", "transaction counsel, drafting the amendment"
        doc = compose_document(ctx)
        text = " ".join(p for s in doc.sections for p in s.paragraphs)
        between = re.search(r"made between (.+?) \(each a Party\)", text)
        assert between, text
        lawyers = [o.name for o in ctx.organisations if re.search(r"counsel|lawyers|solicitors", o.role.split(";")[0])]
        assert not any(name in between.group(1) for name in lawyers), between.group(1)
        borrower = next(o.name for o in ctx.organisations if o.role.split(";")[0].strip() in ("client", "borrower")
                        and "borrower" in o.role)
        assert f"{borrower} (the Borrower)" in between.group(1), between.group(1)
        assert "(the Client)" not in between.group(1), between.group(1)


def test_an_invoice_bills_its_addressee_with_number_charges_tax_and_terms():
    # blind read 27: 'an "invoice" with no addressee, number, VAT or bank details'; a paper of two matters, retitled
    for fixture, needle, title in (("lift-maintenance", "Memo re fee", "Deductions invoice"),
                                   ("covenant-breach", "Advice to the board", "Invoice No. 7: fees")):
        ctx, heads, text = _composed(fixture, needle, doc_type="invoice", title=title, sections=2)
        assert heads == ["Invoice", "Charges"], heads
        number = re.search(r"Invoice number: (\S+)\.", text)
        assert number and f"quoting invoice number {number.group(1)}" in text, text
        bill = re.search(r"Bill to: ([^,]+(?:, Inc\.|, Ltd\.)?)[^.]*, for the attention of", text)
        assert bill and ctx.author.organisation not in bill.group(1), text
        assert re.search(r"(VAT|Sales tax|GST): the charges above", text) and "Payment is due" in text, text
        assert all(f.text in text for f in ctx.facts), text
        assert "Recommendation" not in heads and "we advise" not in text.lower(), text


def test_a_contract_chooses_the_law_and_courts_of_the_matters_country():
    # blind read 27: a German loan agreement and mandate letter 'governed by the law of England and Wales'; a German
    # and an Australian matter's contracts, and an English one's kept as it was
    for fixture, needle, law in (("wind-gearbox-serial-defect", "Turbine Supply Agreement", "German law"),
                                 ("solar-farm-project-finance", "Syndicated Facility Agreement", "New South Wales"),
                                 ("demurrage-arbitration", "Charterers' defence", "England and Wales")):
        update = {} if "Agreement" in needle else {"title": "Settlement agreement", "doc_type": "agreement"}
        ctx, heads, text = _composed(fixture, needle, **update)
        governed = re.findall(r"governed by ([^.]+)", text)
        assert governed and all(law in g for g in governed), governed
        assert law == "England and Wales" or "England" not in " ".join(governed), governed


def test_a_mandate_letter_appoints_the_arranger_or_adviser_and_the_client_countersigns():
    # blind read 27: 'a mandate letter that never appoints the bank (opens with a limitation-of-liability clause)'; a
    # financing's and an acquisition's paper, retitled
    examples = Path(__file__).resolve().parents[2] / "outlines/examples"
    docs = []
    for fixture, needle, client, appointed, term in (
            ("solar-farm-project-finance", "Term sheet", "Yarrabin Solar Farm Pty Ltd (the Borrower)",
             "Harbourline Bank Limited (the Arranger)", "sole lead arranger"),
            (str(examples / "buyside-diligence.yaml"), "SPA heads", "Pennock Row Capital LLP (the Client)",
             "Larkspur Hale & Co. (the Adviser)", "sole financial adviser")):
        ctx, heads, text = _composed(fixture, needle, doc_type="agreement", title="Mandate letter: the transaction",
                                     sections=6)
        assert heads[0] == "Appointment" and heads[-1] == "Acceptance" and "Exclusivity" in heads, heads
        assert f"{client} appoints {appointed} as {term}" in text, text
        assert text.startswith("Dear ") and "Yours sincerely," in text and "Accepted and agreed" in text, text
        assert "limitation" not in text.lower() and "Recitals" not in heads, text
        assert all(f.text in text for f in ctx.facts), text
        docs.append((fixture, "agreement", "Mandate letter: the transaction", heads, text))
    assert _structure_rows(docs) == []  # a letter: its salutation and close, not an agreement's recitals
    _, heads, text = _composed("solar-farm-project-finance", "Syndicated Facility Agreement")
    assert any("salutation" in r for r in _structure_rows([("a", "agreement", "Mandate letter", heads, text)]))


def test_an_agreed_upon_procedures_report_lists_procedures_and_findings_and_concludes_nothing():
    # blind read 31: 'An AUP report that reaches a "conclusion", has a "Risks" section, lists no procedures and has
    # no signature or restriction on use'
    for fixture, needle in (("covenant-breach", "Memo re the June 30"), ("grant-audit", "Memo re the questioned")):
        ctx, heads, text = _composed(fixture, needle, doc_type="report", sections=5,
                                     title="Report of factual findings: agreed-upon procedures on the payment records")
        assert heads == ["Engagement Summary", "Procedures Performed", "Factual Findings", "Use of This Report",
                         "Appendix"], heads
        assert "ISRS) 4400" in text and "we express no opinion" in text and "1. We " in text, text
        assert not re.search(r"(?i)\bour conclusion\b|\bwe recommend\b|\bheadline\b|\brisks?\b", text), text
        assert "not to be used for any other purpose" in text and f"{ctx.author.name}, {ctx.author.title}" in text
        for f in ctx.facts:
            assert f.text in text, (f.text, text)


def test_a_proposal_to_the_board_weighs_alternatives_and_asks_its_resolution_before_the_board_meets():
    # blind read 31: 'A board proposal that proposes no sale ...; comments are due 22 May, after the 20 May board'
    import datetime as dt

    purpose = "Management's proposal to the board to accept the lenders' waiver, the options considered and the recommendation."
    for fixture, needle in (("covenant-breach", "Advice to the board on waiver"), ("grant-audit", "Memo re the questioned")):
        ctx, heads, text = _composed(fixture, needle, doc_type="memo", sections=6, purpose=purpose,
                                     title="Proposal to the board: the June breach", date=dt.date(2026, 8, 19))
        assert "Options" in heads and "Option A (proposed): to accept the lenders' waiver." in text, (heads, text)
        assert "Option B: not to accept the lenders' waiver" in text and "Option C: to defer" in text, text
        assert "Resolution sought: that the board resolves to accept the lenders' waiver" in text, text
        asked = re.search(r"Comments on this paper are asked for by (\w+, )?(\w+ \d+|\d+ \w+)", text)
        assert asked, text
        if fixture == "covenant-breach":  # (its board meets on August 24: comments are asked for before it)
            assert ctx.deadlines and min(ctx.deadlines) == dt.date(2026, 8, 24), ctx.deadlines
            days = [int(d) for d in re.findall(r"\bby \w+, August (\d+)", text)]
            assert days and max(days) < 24, text
