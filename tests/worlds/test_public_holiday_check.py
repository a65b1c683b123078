"""The check nothing_on_public_holiday over a store built by hand: mail and files dated on a public holiday of the
matter's country are offending rows, those of a working day are not."""

from __future__ import annotations

import duckdb

from worldsmith.worlds.store.load import create_schema
from worldsmith.worlds.validate import load_checks


def test_mail_and_files_on_a_public_holiday_are_flagged(tmp_path):
    db = tmp_path / "world.duckdb"
    con = duckdb.connect(str(db))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'de_DE', 'Europe/Berlin', '2026-03-01', '2026-05-29')")
    con.execute("insert into public_holidays values ('2026-04-03', 'Good Friday')")
    for aid, kind, at in [("m1", "email", "2026-04-03 08:38:00+02"), ("m2", "email", "2026-04-02 17:00:00+02"),
                          ("d1", "document", "2026-04-03 09:00:00+02"), ("c1", "chat", "2026-04-07 09:00:00+02"),
                          # 23:30 UTC on the 2nd is 01:30 of Good Friday in Berlin: the world's day is what counts
                          ("m3", "email", "2026-04-02 23:30:00+00")]:
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\") "
                    "values (?, ?, 'i', ?, 't', 'p', 'o', ?)", [aid, kind, f"{aid}.x", at])
        if kind == "email":
            con.execute("insert into emails (artifact_id, path, sent_at) values (?, ?, ?)", [aid, f"{aid}.x", at])
    check = next(c for c in load_checks() if c.id == "nothing_on_public_holiday")
    flagged = sorted(r[0] for r in con.execute(check.sql).fetchall())
    con.close()
    assert flagged == ["d1", "m1", "m3"]
