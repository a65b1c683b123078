"""Blind read 35's agendas: items a meeting does something with, in time (issue 17, points 2-3)."""

from __future__ import annotations


def test_the_world_check_flags_comments_on_a_paper_gone_across_and_a_source_and_date(tmp_path):
    """agenda_in_time: 'Comments on Self-report to the Fair Work Ombudsman' on May 6 of a self-report made on April 14,
    and 'The contrition payment (AUD 250,000): the source and the date' (au-wage at seed 35)."""
    import duckdb

    from worldsmith.worlds.store.load import create_schema
    from worldsmith.worlds.validate import load_checks

    con = duckdb.connect(str(tmp_path / "world.duckdb"))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'en_AU', 'UTC', '2026-03-01', '2026-08-01')")
    for oid, side in [("firm", "(home)"), ("fwo", "fwo")]:
        con.execute("insert into organisations (id, name, role, domain, side, privileged) "
                    "values (?, ?, 'r', 'd', ?, ?)", [oid, oid, side, side == "(home)"])
    for pid, org in [("partner", "firm"), ("client", "firm"), ("inspector", "fwo")]:
        con.execute("insert into people values (?, 'r', ?, 'e', 't', ?, 'o', 's', 'p')", [pid, pid, org])
    for aid, title, reader in [("report", "Self-report to the Fair Work Ombudsman", "inspector"),
                               ("paper", "Board paper: wage underpayment", "client")]:
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\") values "
                    "(?, 'document', 'i', ?, ?, 'partner', 'o', '2026-04-14 09:00:00+00')", [aid, aid, title])
        con.execute("insert into planned_recipients values (?, 'reader', ?)", [aid, reader])
    calls = [("late", "2026-05-06", "1. Comments on Self-report to the Fair Work Ombudsman\n2. Any other business"),
             ("same_day", "2026-04-14", "1. Comments on Self-report to the Fair Work Ombudsman"),
             ("internal", "2026-05-06", "1. Board paper: wage underpayment (Ann, 14 April): comments"),
             ("sent", "2026-05-06", "1. Self-report to the Fair Work Ombudsman (sent 14 April): any response yet"),
             ("figure", "2026-06-22", "1. The contrition payment (AUD 250,000): the source and the date")]
    for aid, day, text in calls:
        con.execute("insert into calendar_events (artifact_id, path, summary, starts_at, description) values "
                    "(?, ?, 'Weekly call', ?, ?)", [aid, f"{aid}.ics", f"{day} 16:00:00+00", text])
    check = next(c for c in load_checks() if c.id == "agenda_in_time")
    flagged = sorted({r[0] for r in con.execute(check.sql).fetchall()})
    con.close()
    assert flagged == ["figure", "late"]

