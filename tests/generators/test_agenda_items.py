"""Agenda items as an organiser writes them (blind read 35b: "fill-in agendas", "the self-report listed twice", "the
agendas paste document titles", "The total remediation (AUD 8,977,200): the working", "has passed: what we do now")."""

from __future__ import annotations

import datetime as dt
import re
from types import SimpleNamespace

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.kinds.calendar.agenda import agenda_items
from worldsmith.generators.week import WeekEvent

DAY = dt.date(2026, 5, 6)
FIRM = "Halloran Yates"
FWO = "Office of the Fair Work Ombudsman"
# the stems the reads rejected, and the quiet-week line
_STOCK = re.compile(r"the support for it|the working|how it is (?:made up|worked out)|what we do now|has passed|"
                    r"to confirm$|the run-up|: background|what it means for us|A quiet week|what it triggers", re.I)


def test_a_paper_and_its_date_are_one_item_carrying_the_date_in_full():
    """au-wage at seed 35: 'The self-report date, 14 April 2026: what it means for us' and 'Self-report to the Fair Work
    Ombudsman: Coastline Home & Living Pty Ltd (sent 14 April): what comes back on it' on the May 6 call."""
    paper = WeekEvent(what="paper", day=dt.date(2026, 4, 14), org=FIRM, by="Michael Johnson", across=True,
                      title="Self-report to the Fair Work Ombudsman: Coastline Home & Living Pty Ltd")
    date = WeekEvent(what="learnt", day=dt.date(2026, 4, 14), label="the self-report date", text="14 April 2026",
                     type="date")
    for dates in ([], [("the self-report date", "14 April 2026")]):
        items = agenda_items([date, paper] if not dates else [paper], DAY, "en_AU", {FIRM}, dates)
        assert items == ["Self-report (sent 14 April 2026): any response"], items


def test_a_paper_is_named_by_its_usual_name_and_an_act_done_is_not_answered():
    """'Office of the Fair Work Ombudsman's Enforceable undertaking under section 715 of the Fair Work Act 2009:
    Coastline Home & Living Pty Ltd of 23 June: what it triggers' (au-wage at seed 35)."""
    given = WeekEvent(what="paper", day=dt.date(2026, 4, 28), org=FWO, by="Jo Lee",
                      title="Enforceable undertaking under section 715 of the Fair Work Act 2009: Coastline Home & "
                            "Living Pty Ltd")
    proposed = WeekEvent(what="paper", day=dt.date(2026, 4, 28), org=FWO, by="Jo Lee",
                         title="Fair Work Ombudsman: proposed terms of an enforceable undertaking")
    a, b = agenda_items([given, proposed], DAY, "en_AU", {FIRM})
    assert a == f"Enforceable undertaking ({FWO}, 28 April): obligations and timetable", a
    assert b == f"Proposed terms of an enforceable undertaking ({FWO}, 28 April): our response", b


def test_no_item_is_a_stock_stem_after_a_figure_or_a_date():
    """'The total remediation (AUD 8,977,200): the working', 'the support for it', '... has passed: what we do now'."""
    from worldsmith.generators.kinds.calendar.compose import fact_point

    events = [WeekEvent(what="learnt", day=dt.date(2026, 5, 1), label="the interest on back pay", text="AUD 1,486,200",
                        type="money", org=FIRM, derived=True),
              WeekEvent(what="learnt", day=dt.date(2026, 5, 4), label="the contrition payment", text="AUD 250,000",
                        type="money", org=FIRM),
              WeekEvent(what="passed", day=dt.date(2026, 5, 4), label="the actual substantial completion date",
                        text="May 4, 2026", type="date"),
              WeekEvent(what="due", day=dt.date(2026, 6, 16), label="the mediation date", text="June 16, 2026",
                        type="date")]
    items = agenda_items(events, DAY, "en_US", {FIRM})
    assert not [i for i in items if _STOCK.search(i)], items
    assert "Preparation for the mediation (June 16, 2026)" in items and "Interest on back pay (AUD 1,486,200)" in items
    total = SimpleNamespace(label="the total remediation", text="AUD 8,977,200", past=False, since=None, term=False,
                            reason="back pay + super + interest", value=SimpleNamespace(type="money"))
    said = {fact_point(total, DAY, Picker(seed)) for seed in range(12)}
    assert said == {"Total remediation (AUD 8,977,200)"}, said


def test_a_memo_is_named_by_what_it_is_on():
    """'Memo (Jeffrey's draft, March 9): comments' for 'Memo re OPA 90 limitation of liability: M/T Aurelian Tide'
    (tanker-spill-liability at seed 0)."""
    memo = WeekEvent(what="paper", day=dt.date(2026, 5, 4), org=FIRM, by="Jeffrey Ortiz",
                     title="Memo re OPA 90 limitation of liability: M/T Aurelian Tide")
    assert agenda_items([memo], DAY, "en_US", {FIRM}) == ["Memo re OPA 90 limitation of liability (Jeffrey's draft, "
                                                          "May 4): comments"]


def test_a_date_ahead_is_prepared_for_and_the_meetings_own_day_is_not():
    """us-hospital at seed 35: 'Mediation date: June 16, 2026' on the June 10 call, and 'Preparation for the mediation
    (June 16, 2026)' on the mediation's own agenda."""
    from worldsmith.generators.kinds.calendar.compose import fact_point

    learnt = WeekEvent(what="learnt", day=dt.date(2026, 5, 4), label="the mediation date", text="June 16, 2026",
                       type="date")
    assert agenda_items([learnt], DAY, "en_US", {FIRM}) == ["Preparation for the mediation (June 16, 2026)"]
    own = SimpleNamespace(label="the mediation date", text="June 16, 2026", past=False, since=None,
                          value=SimpleNamespace(type="date", value=dt.date(2026, 6, 16)))
    assert fact_point(own, dt.date(2026, 6, 16)) == "Mediation date: June 16, 2026"
    assert fact_point(own, dt.date(2026, 6, 10)) == "Preparation for the mediation (June 16, 2026)"
