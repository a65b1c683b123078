"""Blind read 34: placeholder lead-ins and a litigator's line in papers of every trade ("The account here is drawn from
the file, with ... as the documents give them", "if Bond Industrie & Techniek attacks the number of positions affected,
it must deal with the next deadline as well, which it has not done" in a request to a works council, "The headline is
that ..."). The check no_placeholder_prose finds them, and the composer writes none."""

from __future__ import annotations

import duckdb

from worldsmith.worlds.store.load import create_schema
from worldsmith.worlds.validate import load_checks


def test_the_check_finds_placeholder_prose(tmp_path):
    con = duckdb.connect(str(tmp_path / "world.duckdb"))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'en_GB', 'Europe/London', '2026-01-05', '2026-06-30')")
    bodies = {
        "account": "## Background\n\nThe account here is drawn from the file, with the number of positions affected "
                   "and the documentary record as the documents give them.",
        "attacks": "If Bond Industrie & Techniek attacks the number of positions affected, it must deal with the next "
                   "deadline as well, which it has not done.",
        "headline": "The headline is that the gross tonnage is 62,480 GT.",
        "heads": "Cindermill prepared this overview. Set out below, in turn: Platform; Dedicated instance.",
        "plain": "The gross tonnage is 62,480 GT. If the union challenges the count, we will answer it. Our account of "
                 "the meeting is drawn from the file note.",
    }
    for aid, body in bodies.items():
        at = "2026-03-10 10:00:00+00"
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\") "
                    "values (?, 'email', 'i', ?, 't', 'p', 'o', ?)", [aid, f"{aid}.eml", at])
        con.execute("insert into emails (artifact_id, path, sent_at, body, body_new) values (?, ?, ?, ?, ?)",
                    [aid, f"{aid}.eml", at, body, body])
    check = next(c for c in load_checks() if c.id == "no_placeholder_prose")
    flagged = sorted(r[0] for r in con.execute(check.sql).fetchall())
    con.close()
    assert flagged == ["account", "attacks", "headline", "heads"]


def test_the_section_frames_hold_no_placeholder():
    import re

    from worldsmith.generators.compose.bank import bank

    frames = [f for fs in bank("genres")["sections"].values() for f in fs if isinstance(f, str)]
    seams = re.compile(r"(?i)account here|This account\]? is|\bit must \[?(?:explain|account for|deal with)|headline")
    assert not [f for f in frames if seams.search(f)], [f for f in frames if seams.search(f)]


def test_a_summary_of_heads_is_a_sentence():
    from worldsmith.generators.kinds.document.points import _covers

    assert _covers(["Gross proceeds", "Deductions", "Royalty"]) == \
        "This paper covers gross proceeds, deductions and royalty."
    assert _covers(["Trading", "EBITDA bridge", "Follow-ups"]) == "This paper covers trading, EBITDA bridge and follow-ups."
    assert "Set out below" not in _covers(["Notice", "For Ostrander"])
