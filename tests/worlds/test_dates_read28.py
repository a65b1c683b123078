"""Date checks over stores built by hand (blind read 28's date classes): whatever is "dated" a later day is a later
paper (no_later_paper_named, no_later_paper_cited); a period report is dated after its period (period_paper_after_period);
a day set in prose is a business day (prose_deadline_on_business_day); an instrument has one date
(paper_cited_with_one_date); nobody counts down to a deadline already met (no_countdown_to_a_met_deadline)."""

from __future__ import annotations

import duckdb
import pytest

from worldsmith.worlds.store.load import create_schema
from worldsmith.worlds.validate import load_checks


@pytest.fixture
def con(tmp_path):
    con = duckdb.connect(str(tmp_path / "world.duckdb"))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'en_CA', 'America/Toronto', '2026-01-05', '2026-12-30')")
    yield con
    con.close()


def _doc(con, aid: str, day: str, text: str, title: str = "t") -> None:
    con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\") "
                "values (?, 'document', 'i', ?, ?, 'p', 'o', ?)", [aid, f"{aid}.docx", title, f"{day} 12:00:00-04"])
    con.execute("insert into documents (artifact_id, path, text, n_words, n_sections, n_tables, n_paragraphs) "
                "values (?, ?, ?, 1, 1, 0, 1)", [aid, f"{aid}.docx", text])


def _mail(con, aid: str, day: str, body: str) -> None:
    at = f"{day} 12:00:00-04"
    con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\") "
                "values (?, 'email', 'i', ?, 't', 'p', 'o', ?)", [aid, f"{aid}.eml", at])
    con.execute("insert into emails (artifact_id, path, sent_at, body, body_new) values (?, ?, ?, ?, ?)",
                [aid, f"{aid}.eml", at, body, body])


def _flagged(con, check_id: str) -> list[str]:
    check = next(c for c in load_checks() if c.id == check_id)
    return sorted({r[0] for r in con.execute(check.sql).fetchall()})


def test_whatever_is_dated_a_later_day_is_a_later_paper(con):
    # a site report of April 13 said of the owner's notice "its notice is dated April 22, 2026" (blind read 28)
    _doc(con, "report", "2026-04-13", "Maplewick could dispute it by April 14, 2026; its notice is dated April 22, 2026.")
    _doc(con, "later", "2026-04-23", "Its notice is dated April 22, 2026.")
    _doc(con, "ahead", "2026-04-13", "The payment is due by April 28, 2026.")
    _mail(con, "mail", "2026-04-13", "Their notice, dated 22 April, came late.")
    assert _flagged(con, "no_later_paper_named") == ["report"]
    assert _flagged(con, "no_later_paper_cited") == ["mail"]


def test_a_period_report_is_dated_after_its_period(con):
    # "Quarterly risk report Q1 2026" dated 10 March (blind read 28)
    for aid, title, day in [("q1", "Quarterly risk report Q1 2026: fixed income mandates", "2026-03-10"),
                            ("h1", "Board pack for the first half of 2026", "2026-06-30"),
                            ("month", "Monthly report - May 2026", "2026-05-20"),
                            ("ended", "Compliance certificate for the fiscal quarter ended June 30, 2026", "2026-06-12"),
                            ("after", "Quarterly risk report Q1 2026", "2026-04-08"),
                            ("interim", "Interim quarterly risk report Q1 2026", "2026-03-10"),
                            ("plan", "Q3 2026 budget", "2026-05-10"),
                            ("cert_ok", "Compliance certificate for the fiscal quarter ended June 30, 2026", "2026-08-13")]:
        _doc(con, aid, day, "Text.", title)
    assert _flagged(con, "period_paper_after_period") == ["ended", "h1", "month", "q1"]


def test_a_day_set_in_prose_is_a_business_day(con):
    # "everything for the lien preservation deadline ready by 13 June", a Saturday (blind read 28); Canada Day
    con.execute("insert into public_holidays values ('2026-07-01', 'Canada Day')")
    con.execute("insert into facts (id, statement, type, text, value_date, label) values ('perfect', 's', 'date', "
                "'September 13, 2026', '2026-09-13', 'lien perfection deadline')")
    _mail(con, "saturday", "2026-06-03", "- David: everything for the lien preservation deadline ready by 13 June")
    _mail(con, "holiday", "2026-06-24", "Comments due on July 1, please.")
    _mail(con, "said", "2026-06-03", "Ready by Saturday 13 June, as agreed; the rest by 12 June.")
    _mail(con, "ledger", "2026-06-03", "The claim must be perfected by September 13, 2026.")
    _doc(con, "past", "2026-06-24", "The overpayment was refunded by 13 June 2026.")
    assert _flagged(con, "prose_deadline_on_business_day") == ["holiday", "saturday"]


def test_a_day_the_outlines_own_statement_sets_is_the_contracts(con):
    # an unseen earn-out outline: 'the buyer shall deliver the statement by March 15, 2026' (a Sunday) in a clause
    # drafted in 2024 quarantined the world; the engine's own 'by March 15' elsewhere, in no statement, still fails
    con.execute("insert into facts (id, statement, type, text, value_num, currency, label) values ('fee', 'Under "
                "clause 3.2 the buyer shall deliver the earn-out statement by March 15, 2026.', 'money', 'EUR 1', 1, "
                "'EUR', 'earn-out fee')")
    _mail(con, "clause", "2026-02-10", "Clause 3.2 says the buyer shall deliver the statement by March 15, 2026.")
    _mail(con, "engine", "2026-02-10", "Comments due on March 14, 2026, please.")
    assert _flagged(con, "prose_deadline_on_business_day") == ["engine"]


def test_an_instrument_is_cited_by_one_date(con):
    # the 2021 agreement "of 5 March 2026" in one mail, "of 1 June 2021" in the one it quotes (blind read 28)
    _mail(con, "old", "2026-03-10", "It is in the investment management agreement of 1 June 2021.")
    _mail(con, "new", "2026-03-12", "It is set down in the investment management agreement of 5 March 2026.")
    _doc(con, "sheet", "2026-03-20", "Investment management agreement: euro credit mandate, dated 1 June 2021; clause 14.3")
    _doc(con, "other", "2026-03-20", "Under the side letter agreement of 5 March 2026 the fee is waived.")
    assert _flagged(con, "paper_cited_with_one_date") == ["new"]


def test_nobody_counts_down_to_a_deadline_already_met(con):
    # a weekly note of June 3 counted "12 days to the lien preservation deadline (15 June 2026)" after the lien was
    # registered on May 27 (blind read 28)
    con.execute("insert into facts (id, statement, type, text, value_date, label) values "
                "('preserve', 'The lien must be preserved by June 15, 2026.', 'date', 'June 15, 2026', '2026-06-15', "
                "'lien preservation deadline'), "
                "('registered', 'The claim for lien was registered on May 27, 2026, inside the preservation period.', "
                "'date', 'May 27, 2026', '2026-05-27', 'lien registration date')")
    con.execute("insert into fact_values values ('registered', '2026-05-27', null, 'May 27, 2026', null, '2026-05-27')")
    _mail(con, "after", "2026-06-03", "- 12 days to the lien preservation deadline (15 June 2026).")
    _mail(con, "ready", "2026-06-03", "- David: everything for the lien preservation deadline ready by 12 June")
    _mail(con, "before", "2026-05-20", "- 26 days to the lien preservation deadline (15 June 2026).")
    _mail(con, "noted", "2026-06-03", "The lien preservation deadline (15 June 2026) was met on May 27.")
    assert _flagged(con, "no_countdown_to_a_met_deadline") == ["after", "ready"]
