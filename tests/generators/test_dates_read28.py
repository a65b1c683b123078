"""Dates a professional would not reject (blind read 28): a statement told before a day it dates, a step set on a
Saturday, a period report dated inside its period, a 2021 agreement cited by the day its copy was produced, a
countdown to a deadline the lien registration had already met."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from types import SimpleNamespace

from tests.generators.planned import planned
from worldsmith.generators.calendar import step_day
from worldsmith.generators.compose.voice import next_workday
from worldsmith.generators.context import build_context, stated_made_day
from worldsmith.generators.periods import as_of_period, without_interim
from worldsmith.generators.week import met_by
from worldsmith.worlds.plan import LedgerFact
from worldsmith.worlds.values import DateValue


def test_a_statement_is_told_without_a_day_it_dates_after_the_file():
    # a site report of April 13 carried a statement ending "its notice is dated April 22, 2026" (a fixture's
    # plan, one of its facts given such a clause, read in the context of a file dated before that day)
    plan, taxonomy = planned("emoney-data-breach-dpc-inquiry", 61)  # (planned by two other modules too)
    spec = next(a for a in plan.artifacts if a.kind == "document" and a.facts and a.distractor is None)
    day = spec.date
    fact = plan.fact(spec.facts[0])
    later = (day + dt.timedelta(days=9)).strftime("%B %-d, %Y")
    fact.statement = f"{fact.statement.rstrip('.')}; its notice is dated {later}."
    ref = next(f for f in build_context(plan, taxonomy, spec, defaultdict(lambda: None)).facts if f.id == fact.id)
    assert later not in ref.statement and ref.statement.endswith(".")
    assert ref.statement.rstrip(".") == fact.statement.split("; its notice")[0].rstrip(".")


def test_a_step_is_set_on_a_working_day():
    # "everything for the lien preservation deadline ready by 13 June" (a Saturday) two days before a Monday deadline
    assert step_day(dt.date(2026, 6, 13), dt.date(2026, 6, 4), dt.date(2026, 6, 15), "en_CA") == dt.date(2026, 6, 12)
    # Canada Day is no working day in Canada; a step that can go no earlier goes after, up to the deadline
    assert step_day(dt.date(2026, 7, 1), dt.date(2026, 6, 28), dt.date(2026, 7, 3), "en_CA") == dt.date(2026, 6, 30)
    assert step_day(dt.date(2026, 6, 13), dt.date(2026, 6, 13), dt.date(2026, 6, 15), "en_CA") == dt.date(2026, 6, 15)
    # a mail's "by <day>" a few working days on skips the matter's own holidays, not only the US and English ones
    assert next_workday(dt.date(2026, 6, 30), 1, "en_CA") == dt.date(2026, 7, 2)


def test_a_period_report_dated_inside_its_period_is_an_interim_one():
    title = "Quarterly risk report Q1 2026: fixed income mandates"
    assert as_of_period(title, dt.date(2026, 3, 10)) == "Interim quarterly risk report Q1 2026: fixed income mandates"
    assert without_interim(as_of_period(title, dt.date(2026, 3, 10))).lower() == title.lower()
    assert as_of_period(title, dt.date(2026, 4, 8)) == title  # after the quarter: as the outline titled it
    assert as_of_period("Monthly report - May 2026", dt.date(2026, 5, 20)).startswith("Interim monthly")
    assert as_of_period("Q3 2026 budget", dt.date(2026, 5, 10)) == "Q3 2026 budget"  # a paper ahead of its period


def _fact(fid: str, statement: str, day: dt.date, label: str) -> LedgerFact:
    value = DateValue(value=day)
    return LedgerFact(id=fid, statement=statement, value=value, text=day.strftime("%B %-d, %Y"), label=label,
                      known_from=day if fid != "preserve" else None)


def test_an_instrument_is_cited_by_the_day_the_matter_says_it_was_made():
    # the room's copy of a 2021 agreement, produced on 5 March 2026, was cited "of 5 March 2026" beside "of 1 June 2021"
    doc = SimpleNamespace(id="ima", kind="document", doc_type="agreement",
                          title="Investment management agreement: euro credit mandate (2021, as amended)")
    plan = SimpleNamespace(summary="The fund ends the mandate.", facts=[_fact(
        "ima_terms", "The mandate is managed under an investment management agreement dated June 1, 2021.",
        dt.date(2021, 6, 1), "agreement date")])
    assert stated_made_day(plan, doc, dt.date(2026, 3, 5)) == dt.date(2021, 6, 1)
    report = SimpleNamespace(id="r", kind="document", doc_type="report", title="Risk report")
    assert stated_made_day(plan, report, dt.date(2026, 3, 5)) == dt.date(2026, 3, 5)


def test_a_deadline_met_by_an_act_done_is_no_longer_counted_down():
    preserve = _fact("preserve", "The lien must be preserved within 60 days of last supply, by June 15, 2026.",
                     dt.date(2026, 6, 15), "lien preservation deadline")
    perfect = _fact("perfect", "The lien must be perfected by September 13, 2026.", dt.date(2026, 9, 13),
                    "lien perfection deadline")
    registered = _fact("registered", "The claim for lien was registered on May 27, 2026, inside the preservation "
                       "period.", dt.date(2026, 5, 27), "lien registration date")
    plan = SimpleNamespace(facts=[preserve, perfect, registered])
    assert met_by(plan, preserve, dt.date(2026, 6, 3))
    assert not met_by(plan, preserve, dt.date(2026, 5, 20))  # before the registration: still ahead
    assert not met_by(plan, perfect, dt.date(2026, 6, 3))  # the registration says nothing of perfection
