"""A record of a meeting on the calendar is dated and goes out only once the meeting is over (record_after_meeting), and the
planner sends it so (buyside-diligence's notes of the Thursday call went out before the call ended)."""

from __future__ import annotations

import duckdb
import pytest

from worldsmith.worlds.store.load import create_schema
from worldsmith.worlds.validate import load_checks


def test_a_record_sent_before_its_meeting_ends_is_flagged(tmp_path):
    con = duckdb.connect(str(tmp_path / "world.duckdb"))
    create_schema(con)
    con.execute("insert into world values ('w', 't', 0, 'en_GB', 'Europe/London', '2026-01-05', '2026-06-30')")
    con.execute("insert into planned_meetings values ('call', 'u1', 'Weekly diligence call', "
                "'2026-01-15 16:00:00+00', '2026-01-15 16:45:00+00')")
    docs = [("notes", "document", "Weekly diligence call: notes and actions - January 15", "2026-01-15 09:00:00+00"),
            ("brief", "document", "Weekly diligence call: briefing notes - January 15", "2026-01-15 09:00:00+00"),
            ("mail", "email", "Notes of the Weekly diligence call", "2026-01-15 16:20:00+00"),
            ("mail_late", "email", "Notes of the Weekly diligence call", "2026-01-15 17:20:00+00"),
            # dated the day before the meeting its title names
            ("early_doc", "document", "Minutes: Weekly diligence call, January 15", "2026-01-14 12:00:00+00")]
    for aid, kind, title, at in docs:
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\", doc_type) "
                    "values (?, ?, 'i', ?, ?, 'p', 'o', ?, ?)",
                    [aid, kind, f"{aid}.x", title, at, "minutes" if aid == "notes" else None])
    for aid, sent in [("early", "2026-01-15 16:30:00+00"), ("after", "2026-01-15 17:15:00+00"),
                      ("brief_m", "2026-01-15 09:30:00+00"), ("mail", "2026-01-15 16:20:00+00"),
                      ("mail_late", "2026-01-15 17:20:00+00")]:
        con.execute("insert into emails (artifact_id, path, sent_at) values (?, ?, ?)", [aid, f"{aid}.eml", sent])
    for aid, attached in [("early", "notes"), ("after", "notes"), ("brief_m", "brief")]:
        con.execute("insert into planned_attachments values (?, ?, 'x.docx', 'x.docx')", [aid, attached])
    check = next(c for c in load_checks() if c.id == "record_after_meeting")
    flagged = sorted(r[0] for r in con.execute(check.sql).fetchall())
    con.close()
    assert flagged == ["early", "early_doc", "mail"]


@pytest.mark.parametrize("seed", [0, 35, 61])
def test_the_planner_sends_a_meetings_notes_after_it_ends(seed):
    from tests.generators.planned import planned
    from worldsmith.worlds.plan import EmailSpec

    plan, _ = planned("../../outlines/examples/buyside-diligence", seed)
    meetings = [a for a in plan.artifacts if a.kind == "calendar"]
    checked = 0
    for m in (a for a in plan.artifacts if isinstance(a, EmailSpec)):
        for at in m.attachments:
            f = plan.artifact(at.artifact)
            held = [c for c in meetings if c.starts_at.date() == m.sent_at.date() == f.date
                    and f.title.lower().startswith(c.summary.lower())]
            for c in held:
                checked += 1
                assert m.sent_at >= c.ends_at, (m.id, f.title, m.sent_at, c.ends_at)
    assert checked >= 1
