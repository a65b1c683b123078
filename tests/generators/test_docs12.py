"""Reports, memos and minutes with substance (blind read 35, issue 17 point 3): a board paper in a board paper's form,
minutes whose facts are put by the side they come from, a report's analysis that works what it finds."""

import re

from tests.generators.test_compose_docs_genres9 import _composed


def _doc(world, needle: str):
    """The composed document of an offline world whose path holds `needle`."""
    plan, _, contents = world
    spec = next(a for a in plan.artifacts if a.kind == "document" and needle in a.path and a.id in contents)
    return spec, contents[spec.id]


def test_a_board_paper_is_headed_and_closed_as_a_board_paper_not_a_law_school_memo():
    """'A US law-school memo template ("Question Presented", "Short Answer") used as a board paper ... no resolution
    wording' (read 35, au 17): its purpose, the decision it asks for and the resolution, the outline's points where
    the memo's headings would have held them."""
    from tests.generators.offline_world import offline_world

    spec, doc = _doc(offline_world("tests/fixtures/blind35/au-wage-underpayment-remediation.yaml", 35), "Board paper")
    heads = [s.heading for s in doc.sections]
    assert not {"Question Presented", "Short Answer"} & set(heads), heads
    assert heads[0] == "Purpose" and "Decision Sought and Recommended Resolutions" in heads, heads
    text = {s.heading: " ".join(s.paragraphs) for s in doc.sections}
    assert re.match(r"This paper is put to the board of Coastline Home & Living Pty Ltd by Halloran Yates Lawyers\. "
                    r"It asks the board to resolve to self-report and remediate in full", text["Purpose"]), text
    assert "Question: whether Coastline should self-report" in text["Purpose"], text
    assert text["Summary"].startswith("Short answer: self-report now"), text  # (the point, said once)
    assert "asked us to advise" not in " ".join(text.values()) and "memorandum" not in " ".join(text.values())


def test_a_proposal_to_a_board_authorises_the_companys_officer_not_its_outside_adviser():
    """'Resolution sought: that the board resolves to ..., and authorises' the law firm's partner who wrote the paper:
    a board authorises its own officers."""
    ctx, heads, text = _composed("covenant-breach", "Advice to the board on waiver", doc_type="memo", sections=6,
                                 title="Board paper: the June breach", points=[],
                                 purpose="The paper recommending that the board accept the lenders' waiver.")
    m = re.search(r"Resolution sought: that the board resolves to accept the lenders' waiver, and authorises ([^,]+),",
                  text)
    assert m, (heads, text)
    who = next(p for p in [ctx.author, *ctx.to] if p.name == m.group(1))
    assert ctx.author.organisation == "Marlow Pike LLP" and who.organisation != ctx.author.organisation, who
    assert "Decision Sought and Recommended Resolutions" in heads and "Question Presented" not in heads, heads


def test_a_term_of_the_contract_on_file_is_put_by_the_side_whose_paper_it_is_and_read_from_it():
    """'Skeleton minutes with a planted fact: "Margaret Luna reported that the contract substantial completion date was
    December 5, 2025"' (read 35, us 16: the owner's vice president reporting the date of the contract the contractor
    sent round, in the contractor's minutes): the date is read from the contract on file, by the side whose paper it
    is, at every seed."""
    import datetime as dt

    from tests.generators.context_fixture import DANA, RUTH, SAM, MILO, document_context, fact
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.substance.minutes import minutes_discussion
    from worldsmith.worlds.values import DateValue

    date = fact("contract_sc_date", "The contract time for substantial completion, as adjusted by Change Order No. 14, "
                "is December 5, 2025.", DateValue(value=dt.date(2025, 12, 5))).model_copy(update={
                    "label": "contract substantial completion date", "paper": "General Conditions (conformed)",
                    "paper_by": RUTH.organisation, "paper_instrument": True, "past": True})
    said = []
    for seed in range(8):
        ctx = document_context("minutes", facts=[date], seed=seed).model_copy(update={"to": [SAM, MILO, RUTH]})
        said.append(" ".join(minutes_discussion(Picker(seed), ctx, [date], "March 12, 2026")))
    for s in said:
        assert f"{RUTH.name} referred the meeting to the General Conditions (conformed), under which" in s, s
        assert not any(f"{p.name} reported" in s for p in (DANA, SAM, MILO)), s


def _report(facts: list[str], bare: bool):
    """A report of the covenant fixture on `facts` with every section its genre lists, its facts stripped of any paper
    or sheet they are read from where `bare`: (headings, the sections' text by heading)."""
    from tests.generators.planned import planned
    from worldsmith.generators.context import build_context
    from worldsmith.generators.kinds.document.compose import compose_document

    plan, taxonomy = planned("covenant-breach", 61)
    spec = next(a for a in plan.artifacts if a.kind == "document" and "Memo re the June 30" in a.title)
    spec.doc_type, spec.sections, spec.points, spec.facts, spec.cites = "report", 9, [], facts, []
    spec.title = "Financial due diligence report (draft)"
    ctx = build_context(plan, taxonomy, spec, {})
    if bare:
        ctx = ctx.model_copy(update={"facts": [f.model_copy(update={"source": "", "paper": "", "paper_by": "",
                                                                    "establish": False}) for f in ctx.facts]})
    doc = compose_document(ctx)
    return [s.heading for s in doc.sections], {s.heading: " ".join(s.paragraphs) for s in doc.sections}


def test_a_report_with_nothing_to_work_has_no_analysis_heading_and_one_that_works_its_figures_keeps_it():
    """'An FDD report with no analysis: "Detailed Analysis" is one line asking counsel for a decision' (read 35, de 19):
    a report whose findings have no inputs, no formula and no record behind them promises no analysis; one whose
    figure is worked from its inputs walks it through them under its own heading."""
    heads, text = _report(["reported_ebitda"], bare=True)
    assert "Detailed Analysis" not in heads, (heads, text)
    assert "Key Findings" in heads and "USD 41,200,000" in " ".join(text.values()), text
    assert not re.search(r"We would ask .* for a decision", " ".join(text.values())), text
    heads, text = _report(["total_net_debt", "covenant_ebitda", "leverage_ratio"], bare=False)
    assert "Detailed Analysis" in heads, heads
    assert "Build-up of the total net leverage ratio" in text["Detailed Analysis"], text["Detailed Analysis"]


def test_the_steps_the_minutes_points_give_a_side_are_its_actions_owned_at_the_table_and_due_after():
    """'Skeleton OAC minutes ... the only action is for the contractor's VP to comment on the conformed A201' (read 35,
    us 15): 'Owner to confirm the quench pipe routing' is the owner's action, held by the owner's person at the table
    and due after the meeting; a contract already made is commented on by no one."""
    import datetime as dt

    from tests.generators.context_fixture import RUTH, SAM, document_context
    from worldsmith.generators.compose.substance.minutes import point_tasks
    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.plan import PlannedPoint

    ctx = document_context("minutes", facts=[])
    ctx = ctx.model_copy(update={"to": [SAM, RUTH], "organisations": [
        OrgRef(name=RUTH.organisation, role="the owner; a nonprofit regional hospital"),
        OrgRef(name=SAM.organisation, role="client; general contractor")]})
    ctx.spec.points = [PlannedPoint(heading="Imaging suite", text="shielding inspection passed; the MRI vendor's "
                                    "rigging date confirmed. Owner to confirm the quench pipe routing."),
                       PlannedPoint(heading="Operating rooms", text="boom installation complete in four of six rooms; "
                                    "the owner's equipment planner to sign off the last two this week.")]
    base = dt.date(2026, 3, 5)  # a Thursday
    rows = point_tasks(ctx, base)
    assert [(a, who) for a, who, _ in rows] == [
        ("Imaging suite: confirm the quench pipe routing", RUTH.name),
        ("Operating rooms: sign off the last two (the owner's equipment planner)", RUTH.name)], rows
    assert all(d > base for _, _, d in rows) and rows[1][2] == dt.date(2026, 3, 6), rows  # ('this week': by Friday)


def test_heads_of_terms_in_draft_propose_their_terms_and_say_no_figure_twice_beside_a_point():
    """'Calls the deduction an "Agreed position" the day after the seller refused it ... Figures are stated three
    times, and "Escrow and Security" only points to another note' (read 35, de 17): draft heads of terms put their
    terms forward; a line that only lists a point's figures by label goes; an open head is left to be agreed."""
    from types import SimpleNamespace as NS

    from tests.generators.offline_world import offline_world
    from worldsmith.generators.kinds.document.points import _listed_only

    _, doc = _doc(offline_world("outlines/examples/buyside-diligence.yaml", 0), "SPA heads of terms")
    tables = [s.table for s in doc.sections if s.table is not None]
    assert tables and tables[0].columns == ["Term", "Proposed position"], tables
    equity = NS(text="EUR 108,050,000", label="equity value", value=NS(type="money"), statement="", id="equity_value")
    pension = NS(text="EUR 6,400,000", label="Unterstützungskasse shortfall", value=NS(type="money"), statement="",
                 id="pension_shortfall")
    point = ("Price: equity value of EUR 108,050,000 at the locked box date of 31 December 2025, after deducting the "
             "Unterstützungskasse shortfall of EUR 6,400,000 as debt-like.")
    listed = "The equity value: EUR 108,050,000. The Unterstützungskasse shortfall: EUR 6,400,000."
    assert _listed_only(listed, [equity, pension], point)
    worked = "The equity value of EUR 108,050,000 is the enterprise value less net debt and the shortfall of EUR 6,400,000."
    assert not _listed_only(worked, [equity, pension], point)  # (its working is its own)
    assert not _listed_only(listed, [equity, pension], "Price: equity value of EUR 108,050,000.")  # (not said there)


def test_matters_arising_have_a_date_confirmed_by_the_side_whose_paper_sets_it_out():
    """The same planted fact in matters arising ('{anyone present} confirmed that ...', drawn by lot): the date is
    confirmed by the side whose paper sets it out, at every seed."""
    import datetime as dt

    from tests.generators.context_fixture import RUTH, SAM, MILO, document_context, fact
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.substance.minutes import minutes_matters
    from worldsmith.worlds.values import DateValue

    date = fact("handover", "The site was handed over on December 5, 2025.", DateValue(value=dt.date(2025, 12, 5)))
    date = date.model_copy(update={"label": "handover date", "paper": "Handover certificate",
                                   "paper_by": RUTH.organisation, "past": True})
    for seed in range(8):
        ctx = document_context("minutes", facts=[date], seed=seed).model_copy(update={"to": [SAM, MILO, RUTH]})
        said = " ".join(minutes_matters(Picker(seed), ctx, "March 12, 2026"))
        assert f"{RUTH.first_name} confirmed that" in said, said


def test_a_figure_another_firm_reports_is_cited_to_its_report_not_to_a_line_of_its_workbook():
    """'Its facts are sourced to spreadsheet "entries"' (read 35, au 17: the lawyers' board paper citing 'the "Affected
    employees" entry of the Back pay calculation', the forensic accountants' workbook behind their report): a reader
    outside the firm cites the firm's report, in the text and in the table."""
    from tests.generators.offline_world import offline_world

    _, doc = _doc(offline_world("tests/fixtures/blind35/au-wage-underpayment-remediation.yaml", 35), "Board paper")
    report = "Marrick Advisory Pty Ltd's Payroll remediation calculation report (final)"
    text = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert report in text and not re.search(r'"[^"]+" (?:entry|line|row)', text), text
    rows = [r for s in doc.sections if s.table is not None and "Source" in s.table.columns for r in s.table.rows]
    assert rows and all(r[-1] == report for r in rows), rows


def test_minutes_recite_a_build_up_once():
    """'The price build-up is recited twice' (read 35, de 15: the closing minutes' point 'Price: the buyer paid EUR
    109,356,600: equity value EUR 108,050,000, less leakage of EUR 425,000, plus the ticker of EUR 11,700 for 148
    days', then 'Agreed between the parties: the purchase price ..., worked as ...'): the decision refers to the point;
    a working the points do not give is kept."""
    from types import SimpleNamespace as NS

    from worldsmith.generators.compose.substance.minutes import Step, _worked_once

    price = NS(id="price", text="EUR 109,356,600")
    equity = NS(id="equity", text="EUR 108,050,000")
    point = NS(heading="Price", text="the buyer paid EUR 109,356,600: equity value EUR 108,050,000, less leakage of "
                                     "EUR 425,000, plus the ticker of EUR 11,700 for 148 days.")
    ctx = NS(facts=[price, equity], spec=NS(points=[point]))
    paid = Step("price", "Agreed between the parties: the purchase price at closing of EUR 109,356,600, worked as the "
                         "equity value of EUR 108,050,000 less the leakage deducted of EUR 425,000 plus the daily "
                         "ticker of EUR 11,700 times 148 ticker days.", [])
    assert _worked_once(ctx, paid) == ("Agreed between the parties: the purchase price at closing of EUR 109,356,600, "
                                       "as recited above.")
    worked = Step("equity", "Agreed between the parties: the equity value of EUR 108,050,000, worked as the enterprise "
                            "value of EUR 133,200,000 less the net financial debt of EUR 18,750,000.", [])
    assert _worked_once(ctx, worked) == worked.decision


def test_a_conclusion_that_only_restates_the_points_figures_goes_from_the_section_they_were_placed_in():
    """'Figures stated three times' (read 35, de 17; au 18's final report: 'Our conclusion is that the total remediation
    is AUD 8,977,200, the wage underpayment ... plus ...' under findings that had just worked it, beside the point
    'Total: AUD 8,977,200'): the engine's own verdict goes where the points state every figure it names."""
    from tests.generators.offline_world import offline_world

    _, doc = _doc(offline_world("tests/fixtures/blind35/au-wage-underpayment-remediation.yaml", 35),
                  "calculation report (final)")
    found = next(s for s in doc.sections if s.heading == "Key Findings")
    assert any(p.startswith("Findings: 3,412 employees") for p in found.paragraphs), found  # (the point)
    assert not any("Our conclusion is" in p for p in found.paragraphs), found.paragraphs
    assert any("make up a total remediation of AUD 8,977,200" in p for p in found.paragraphs)  # (its working stays)
