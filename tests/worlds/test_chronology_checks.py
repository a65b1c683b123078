"""Chronology checks over stores built by hand: a weekday written beside a date is that date's (weekday_matches_date);
minutes of a meeting of the day go out after it (minutes_sent_after_meeting); nobody awaits a position on a figure
its side has stated (no_position_awaited_on_a_figure_given)."""

from __future__ import annotations

import duckdb

from worldsmith.worlds.store.load import create_schema
from worldsmith.worlds.validate import load_checks


def test_a_weekday_written_beside_a_date_is_that_dates(tmp_path):
    con = duckdb.connect(str(tmp_path / "world.duckdb"))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'en_GB', 'Europe/London', '2026-01-05', '2027-01-29')")
    bodies = {
        "wrong": "Comments by Thursday 18 March, please.",                 # 18 March 2026 is a Wednesday
        "wrong_us": "The hearing is on Friday, April 2, 2026.",           # a Thursday
        "wrong_next": "We meet again on Tuesday 4 January.",              # in a December mail: 2027, a Monday
        "right": "Comments by Wednesday 18 March; the call is on Friday, April 3, 2026, or Thursday the 19th of March.",
        "right_next": "We meet again on Monday 4 January.",
    }
    for aid, body in bodies.items():
        at = "2026-12-14 10:00:00+00" if aid.endswith("next") else "2026-03-10 10:00:00+00"
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\") "
                    "values (?, 'email', 'i', ?, 't', 'p', 'o', ?)", [aid, f"{aid}.eml", at])
        con.execute("insert into emails (artifact_id, path, sent_at, body, body_new) values (?, ?, ?, ?, ?)",
                    [aid, f"{aid}.eml", at, body, body])
    check = next(c for c in load_checks() if c.id == "weekday_matches_date")
    flagged = sorted(r[0] for r in con.execute(check.sql).fetchall())
    con.close()
    assert flagged == ["wrong", "wrong_next", "wrong_us"]


def test_minutes_of_the_day_go_out_after_midday(tmp_path):
    # blind read 27: minutes emailed at 08:35 for a meeting that day; minutes of the day before may go at 08:35
    con = duckdb.connect(str(tmp_path / "world.duckdb"))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'en_GB', 'Europe/London', '2026-01-05', '2026-06-30')")
    docs = [("today", "Steering committee minutes - January 12", "2026-01-12 09:00:00+00"),
            ("untitled", "Steering committee minutes", "2026-01-12 09:00:00+00"),
            ("yesterday", "Minutes - Kick-off call, January 11", "2026-01-12 09:00:00+00")]
    for aid, title, at in docs:
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\", doc_type) "
                    "values (?, 'document', 'i', ?, ?, 'p', 'o', ?, 'minutes')", [aid, f"{aid}.docx", title, at])
    for aid, attached, sent in [("m1", "today", "2026-01-12 08:35:00+00"), ("m2", "untitled", "2026-01-12 10:10:00+00"),
                                ("m3", "yesterday", "2026-01-12 08:35:00+00"), ("m4", "today", "2026-01-12 14:35:00+00")]:
        con.execute("insert into emails (artifact_id, path, sent_at) values (?, ?, ?)", [aid, f"{aid}.eml", sent])
        con.execute("insert into planned_attachments values (?, ?, 'x.docx', 'x.docx')", [aid, attached])
    check = next(c for c in load_checks() if c.id == "minutes_sent_after_meeting")
    flagged = sorted(r[0] for r in con.execute(check.sql).fetchall())
    con.close()
    assert flagged == ["m1", "m2"]


def test_no_position_is_awaited_on_a_figure_its_side_stated(tmp_path):
    # the demurrage-arbitration's notice thread at seed 61: the owners' counsel stated the claim, the charterers asked
    # "By when can you come back to us on ...?", and counsel promised "Our response on ... will be with you by 28 April"
    con = duckdb.connect(str(tmp_path / "world.duckdb"))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'en_GB', 'Europe/London', '2026-01-05', '2026-06-30')")
    con.execute("insert into facts (id, statement, type, text, label) values ('claim', 's', 'money', 'USD 222,337.50', "
                "'demurrage claimed')")
    for pid, org in [("owner_counsel", "firm"), ("charterer", "grain")]:
        con.execute("insert into people values (?, 'r', ?, ?, 't', ?, 'o', 's', '1')", [pid, pid, f"{pid}@x.example", org])
    # the statement's label in capitals and across a line break: a body is sought by the label's first word as written
    mails = [("m1", "owner_counsel", "charterer", "The Demurrage\n claimed is USD 222,337.50. Please call me."),
             ("m2", "charterer", "owner_counsel", "Thanks. By when can you come back to us on the demurrage claimed?"),
             ("m3", "owner_counsel", "charterer", "Our response on the demurrage claimed will be with you by 28 April."),
             # asked of the side that has not stated it: a fair question
             ("m4", "owner_counsel", "charterer", "When can we have your position on the demurrage claimed?")]
    for n, (aid, sender, to, body) in enumerate(mails):
        at = f"2026-04-24 1{n}:00:00+00"
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\", thread) "
                    "values (?, 'email', 'i', ?, 't', ?, 'o', ?, 't1')", [aid, f"{aid}.eml", sender, at])
        con.execute("insert into emails (artifact_id, path, from_addr, sent_at, body, body_new) values (?, ?, ?, ?, ?, ?)",
                    [aid, f"{aid}.eml", f"{sender}@x.example", at, body, body])
        con.execute("insert into recipients values (?, ?, 'to', ?, ?)", [aid, f"{aid}.eml", to, f"{to}@x.example"])
    check = next(c for c in load_checks() if c.id == "no_position_awaited_on_a_figure_given")
    derived = {name: con.execute(query).fetchone()[0] for name, query in check.derive.items()}
    flagged = sorted(r[0] for r in con.execute(check.sql, derived).fetchall())
    con.close()
    assert flagged == ["m2", "m3"]


def test_the_other_sides_figure_quoted_back_is_not_a_statement_of_the_writers_side(tmp_path):
    # a fuzzed hospital outline's status thread (session 34): the auditor wrote "You put the unbilled receivables at
    # May 31 at USD 9,460,000. We can't find the support", then "I will put our view on the unbilled receivables at
    # May 31 to you in writing": the figure was the client's, the view is still to come
    con = duckdb.connect(str(tmp_path / "world.duckdb"))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'en_US', 'America/Chicago', '2026-01-05', '2026-06-30')")
    con.execute("insert into facts (id, statement, type, text, label) values ('ub', 's', 'money', 'USD 9,460,000', "
                "'unbilled receivables at May 31')")
    for pid, org in [("auditor", "firm"), ("cfo", "client")]:
        con.execute("insert into people values (?, 'r', ?, ?, 't', ?, 'o', 's', '1')", [pid, pid, f"{pid}@x.example", org])
    mails = [("m1", "auditor", "cfo", "You put the unbilled receivables at May 31 at USD 9,460,000. We can't find "
                                      "the support for it."),
             ("m2", "auditor", "cfo", "By Monday I will put our view on the unbilled receivables at May 31 to you."),
             ("m3", "auditor", "cfo", "The unbilled receivables at May 31 is USD 9,460,000 on our count."),
             ("m4", "auditor", "cfo", "Our view on the unbilled receivables at May 31 follows on Monday.")]
    for n, (aid, sender, to, body) in enumerate(mails):
        at = f"2026-06-1{n} 10:00:00+00"
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\", thread) "
                    "values (?, 'email', 'i', ?, 't', ?, 'o', ?, 't1')", [aid, f"{aid}.eml", sender, at])
        con.execute("insert into emails (artifact_id, path, from_addr, sent_at, body, body_new) values (?, ?, ?, ?, ?, ?)",
                    [aid, f"{aid}.eml", f"{sender}@x.example", at, body, body])
        con.execute("insert into recipients values (?, ?, 'to', ?, ?)", [aid, f"{aid}.eml", to, f"{to}@x.example"])
    check = next(c for c in load_checks() if c.id == "no_position_awaited_on_a_figure_given")
    derived = {name: con.execute(query).fetchone()[0] for name, query in check.derive.items()}
    flagged = sorted(r[0] for r in con.execute(check.sql, derived).fetchall())
    con.close()
    assert flagged == ["m4"]  # after its own side stated the figure (m3), not after quoting the other's (m1)


def test_a_count_with_its_unit_is_not_mentioned_before_it_is_known(tmp_path):
    # blind read 27 (an unseen sanctions outline): "14 custodians were reviewed" on the day the hold went out, a month
    # before the ledger learned the count; a bare number or a span of time says too little to count
    con = duckdb.connect(str(tmp_path / "world.duckdb"))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'en_US', 'America/Chicago', '2026-01-05', '2026-06-30')")
    for fid, text, num in [("custodians", "14 custodians", 14), ("lookback", "10 years", 10), ("few", "3 custodians", 3)]:
        con.execute("insert into facts (id, statement, type, text, value_num) values (?, 's', 'number', ?, ?)",
                    [fid, text, num])
        con.execute("insert into fact_values values (?, '2026-02-19', null, ?, ?, null)", [fid, text, num])
    for aid, at, body in [("early", "2026-01-19 10:00:00-06", "Of the 14 custodians, all were reviewed."),
                          ("span", "2026-01-19 11:00:00-06", "We look back 10 years and at 3 custodians."),
                          ("late", "2026-02-20 10:00:00-06", "All 14 custodians were reviewed.")]:
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\") "
                    "values (?, 'email', 'i', ?, 't', 'p', 'o', ?)", [aid, f"{aid}.eml", at])
        con.execute("insert into emails (artifact_id, path, sent_at, body, body_new) values (?, ?, ?, ?, ?)",
                    [aid, f"{aid}.eml", at, body, body])
    check = next(c for c in load_checks() if c.id == "fact_mentioned_before_known")
    flagged = sorted(r[0] for r in con.execute(check.sql).fetchall())
    con.close()
    assert flagged == ["early"]


def test_a_date_inside_a_longer_date_is_not_mentioned(tmp_path):
    # an unseen outline's sale agreement quarantined on no_later_event_mentioned: its deadline of '6 August 2026' was
    # read inside the delivery date '26 August 2026'; the same for a value before it is known ('USD 5,000' inside
    # 'USD 5,000,000')
    con = duckdb.connect(str(tmp_path / "world.duckdb"))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'en_GB', 'Europe/London', '2026-01-05', '2026-12-30')")
    con.execute("insert into facts (id, statement, type, text, value_date) values "
                "('cure', 's', 'date', '6 August 2026', '2026-08-06')")
    con.execute("insert into facts (id, statement, type, text, value_num) values ('fee', 's', 'money', 'USD 5,000', 5000)")
    con.execute("insert into fact_values values ('fee', '2026-08-01', null, 'USD 5,000', 5000, null)")
    for aid, body in [("longer", "Delivery by 26 August 2026 at the latest; the price is USD 5,000,000."),
                      ("dated", "The cure period ends on 6 August 2026."), ("fee", "A fee of USD 5,000, payable now.")]:
        at = "2026-07-22 10:00:00+00"
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\") "
                    "values (?, 'email', 'i', ?, 't', 'p', 'o', ?)", [aid, f"{aid}.eml", at])
        con.execute("insert into emails (artifact_id, path, sent_at, body, body_new) values (?, ?, ?, ?, ?)",
                    [aid, f"{aid}.eml", at, body, body])
    checks = {c.id: c for c in load_checks()}
    later = sorted(r[0] for r in con.execute(checks["no_later_event_mentioned"].sql).fetchall())
    before = sorted(r[0] for r in con.execute(checks["fact_mentioned_before_known"].sql).fetchall())
    con.close()
    assert later == ["dated"] and before == ["fee"], (later, before)
