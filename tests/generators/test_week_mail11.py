"""A weekly status note's bullets say what happened once, name papers as their readers do and give a figure to whoever
put it (blind read 35's email rejections: "I finished Self-report ... on 14 April" then "The self-report was on 14
April 2026"; "sent over Fair Work Ombudsman: proposed terms ..."; the forensic accountants' figure "on your figures" to
the client; "No questions from me" followed by a question)."""

from __future__ import annotations

import datetime as dt
import re
from types import SimpleNamespace

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.week import note_lines
from worldsmith.generators.kinds.email.compose import no_questions_unless_none
from worldsmith.generators.week import WeekEvent, _named_asserter

TODAY = dt.date(2026, 5, 6)
SELF_REPORT = WeekEvent(what="paper", day=dt.date(2026, 5, 4), title="Self-report to the Fair Work Ombudsman: Coastline "
                        "Home & Living Pty Ltd", by="Michael Johnson", org="Firm")
REPORTED = WeekEvent(what="passed", day=dt.date(2026, 5, 4), fact="self_report_date", label="the self-report date",
                     type="date", text="4 May 2026")


def test_an_events_day_that_its_paper_tells_is_not_said_again():
    for seed in range(8):
        both = note_lines(Picker(seed), [SELF_REPORT, REPORTED], TODAY, "en_GB", {"Firm"})
        assert len(both) == 1 and "self-report" in both[0].lower(), both
        # alone, the day is still told
        (alone,) = note_lines(Picker(seed), [REPORTED], TODAY, "en_GB", {"Firm"})
        assert "4 May" in alone, alone


def test_a_papers_title_is_not_pasted_whole():
    theirs = WeekEvent(what="paper", day=dt.date(2026, 5, 4), title="Fair Work Ombudsman: proposed terms of an "
                       "enforceable undertaking", by="Jane Park", org="Office of the Fair Work Ombudsman")
    for seed in range(8):
        for e in (theirs, SELF_REPORT):
            (line,) = note_lines(Picker(seed), [e], TODAY, "en_GB", {"Firm"})
            assert "Ombudsman: " not in line, line  # (a frame's own colon may stand before the name)
        (line,) = note_lines(Picker(seed), [theirs], TODAY, "en_GB", {"Firm"})
        assert "proposed terms of an enforceable undertaking" in line and "sent over Fair Work" not in line, line


def test_another_firm_of_our_sides_figure_is_theirs_not_the_readers():
    figure = WeekEvent(what="learnt", day=dt.date(2026, 5, 2), fact="wage_underpayment", label="the wage underpayment",
                       type="money", text="AUD 6,870,000", org="Marrick Advisory Pty Ltd")
    for seed in range(8):
        (line,) = note_lines(Picker(seed), [figure], TODAY, "en_GB", {"Firm", "Client Pty Ltd", "Marrick Advisory Pty Ltd"},
                             outside={"Client Pty Ltd"}, firm="Firm")
        assert "your" not in line.lower() and "Marrick" in line, line


def test_the_one_organisation_a_statement_names_puts_the_figure():
    plan = SimpleNamespace(
        organisations=[SimpleNamespace(name="Marrick Advisory Pty Ltd"), SimpleNamespace(name="Coastline Home Pty Ltd")],
        fact=lambda _id: SimpleNamespace(statement=_id))
    assert _named_asserter(plan, "Marrick's final calculation puts the underpayment at AUD 6,870,000.") == \
        "Marrick Advisory Pty Ltd"
    assert _named_asserter(plan, "Marrick and Coastline agree the figure puts it at AUD 1.") == ""


def test_a_meeting_of_the_notes_own_day_is_today():
    met = WeekEvent(what="met", day=TODAY, title="Board meeting on the underpayment", by="Michael Johnson", org="Firm")
    for seed in range(8):
        (line,) = note_lines(Picker(seed), [met], TODAY, "en_GB", {"Firm"})
        assert "today" in line.lower() and "6 May" not in line, line


def test_no_questions_is_not_said_before_a_question():
    assert no_questions_unless_none("Got this, thanks Ann; no questions from me. Can we speak Tuesday?\n") == \
        "Got this, thanks Ann. Can we speak Tuesday?\n"
    assert no_questions_unless_none("Thanks.\n\nNo queries from me.\n\nWhat does it change for us?\n") == \
        "Thanks.\n\nWhat does it change for us?\n"
    # none asked, or one asked only in the quoted history: the words stand
    kept = "Thanks Ann; no questions from me.\n\nOn Mon, 4 May 2026, Ann wrote:\n> Any questions?\n"
    assert no_questions_unless_none(kept) == kept


def test_a_title_is_named_by_what_it_is():
    from worldsmith.generators.compose.week import note_title
    # (de-gmbh-share-purchase at seed 35: "sent round the DRAFT v1", "You have had my share purchase", "The minutes")
    assert note_title("DRAFT v1: Financial due diligence report: Wernitz Dosiertechnik GmbH") == \
        "draft financial due diligence report"
    assert note_title("Minutes: Project Kranich kick-off, March 4") == "minutes of the Project Kranich kick-off"
    assert note_title("Share purchase and transfer agreement (notarial deed): Wernitz Dosiertechnik GmbH") == \
        "share purchase and transfer agreement"


def test_a_figures_own_working_sheet_before_any_paper_makes_it():
    from worldsmith.generators.week import _working_sheet
    # (us-hospital-delay-claim at seed 35: the consultant's measured mile sheet of April 9 came before the client's
    # REA of April 24, and the consultant's figure was "Your number" to the client)
    sheet = SimpleNamespace(kind="spreadsheet", distractor=None, facts=["disruption_cost"], date=dt.date(2026, 4, 9),
                            title="Measured mile analysis: MEP rough-in productivity, floors 2 to 6")
    other = SimpleNamespace(kind="spreadsheet", distractor=None, facts=["disruption_cost"], date=dt.date(2026, 4, 1),
                            title="Claim tracker")
    rea = SimpleNamespace(kind="document", date=dt.date(2026, 4, 24))
    plan = SimpleNamespace(artifacts=[other, sheet],
                           fact=lambda _id: SimpleNamespace(label="lost productivity (measured mile)"))
    assert _working_sheet(plan, "disruption_cost", rea) is sheet
    assert _working_sheet(plan, "disruption_cost", SimpleNamespace(date=dt.date(2026, 4, 2))) is None


def test_a_sum_to_pay_is_not_received():
    pay = WeekEvent(what="learnt", day=dt.date(2026, 5, 2), fact="contrition", label="the contrition payment",
                    type="money", text="AUD 250,000")
    for seed in range(8):
        (line,) = note_lines(Picker(seed), [pay], TODAY, "en_GB", {"Firm"})
        assert "AUD 250,000" in line and not re.search(r"received|came in|came through|reached us|in on", line), line


def test_a_trade_term_is_said_only_of_a_matter_about_it():
    from worldsmith.generators.compose.voice import vocabulary
    voice = SimpleNamespace(documents=[], tools=[], tasks=[], style=SimpleNamespace(phrases=["conditions precedent"]))
    payroll = "Coastline: wage underpayment remediation; payroll review under the General Retail Industry Award"
    assert vocabulary(Picker(0), voice, payroll)["term"] == ""
    assert vocabulary(Picker(0), voice, "Share purchase: the conditions precedent to completion")["term"] == \
        "conditions precedent"
