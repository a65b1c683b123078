"""Blind read 35's agendas: items a meeting does something with, in time (issue 17, points 2-3)."""

from __future__ import annotations

import datetime as dt

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.week import agenda_points
from worldsmith.generators.week import WeekEvent

DAY = dt.date(2026, 3, 25)


def _items(events, ours=frozenset({"Ardent Build LLP"}), seeds=range(12)):
    return [p for seed in seeds for p in agenda_points(Picker(seed), events, DAY, "en_US", set(ours))]


def test_a_figure_on_the_agenda_is_never_its_source_and_date():
    """'The total delay to substantial completion, 98 days since March 13: the source and the date' and 'The
    contrition payment (AUD 250,000): the source and the date' (us-hospital-delay-claim, au-wage at seed 35)."""
    from types import SimpleNamespace

    from worldsmith.generators.kinds.calendar.compose import fact_point

    theirs = WeekEvent(what="learnt", day=dt.date(2026, 3, 13), label="the total delay to substantial completion",
                       text="98 days", type="number", org="Pellman Ostrow Architects")
    ours = WeekEvent(what="learnt", day=dt.date(2026, 3, 20), label="the contrition payment", text="AUD 250,000",
                     type="money", org="Ardent Build LLP")
    items = _items([theirs, ours])
    assert all("source and the date" not in p and " since " not in p for p in items), items
    fact = SimpleNamespace(label="the contrition payment", text="AUD 250,000", past=True, since=None, term=False,
                           reason=None, value=SimpleNamespace(type="money"))
    said = {fact_point(fact, DAY, Picker(seed)) for seed in range(12)}
    assert all("source and the date" not in p for p in said), said


def test_a_certificate_or_an_undertaking_given_is_not_replied_to_but_a_proposal_is():
    """'our reply' to a G704 certificate and to the undertaking the regulator had accepted (blind read 35)."""
    cert = WeekEvent(what="paper", day=dt.date(2026, 3, 13), org="Pellman Ostrow Architects", by="Ana Pellman",
                     title="Certificate of Substantial Completion (AIA G704): North Tower")
    given = WeekEvent(what="paper", day=dt.date(2026, 3, 20), org="Office of the Fair Work Ombudsman", by="Jo Lee",
                      title="Enforceable undertaking under section 715 of the Fair Work Act 2009")
    proposed = WeekEvent(what="paper", day=dt.date(2026, 3, 20), org="Office of the Fair Work Ombudsman", by="Jo Lee",
                         title="Fair Work Ombudsman: proposed terms of an enforceable undertaking")
    assert not any("our reply" in p for p in _items([cert, given]))
    replies = _items([proposed])
    assert all(p.endswith("our reply") for p in replies), replies
    # the body is named once: not "Office of the Fair Work Ombudsman's Fair Work Ombudsman: proposed terms"
    assert all(p.count("Fair Work Ombudsman") == 1 for p in replies), replies
    # a paper of ours titled with our name, stripped of it, still opens its item on a capital
    ours = WeekEvent(what="paper", day=dt.date(2026, 3, 20), org="Ardent Build LLP", by="Mia Cole",
                     title="Ardent Build: advice on the undertaking")
    assert all(p[:1].isupper() for p in _items([ours])), _items([ours])


def test_a_title_with_its_own_possessive_takes_no_second_one():
    """"Pellman Ostrow Architects' Architect's initial decision on Claim No. 7" (us-hospital at seed 35)."""
    decision = WeekEvent(what="paper", day=dt.date(2026, 3, 20), org="Pellman Ostrow Architects", by="Ana Pellman",
                         title="Architect's initial decision on Claim No. 7")
    items = _items([decision])
    assert all("Architects' Architect's" not in p and "Pellman Ostrow Architects" in p for p in items), items


def test_our_paper_that_went_across_or_a_meeting_took_is_not_up_for_comment():
    """'Comments on Self-report to the Fair Work Ombudsman' weeks after it was made, and 'Comments on Board paper:
    ...' on the 16:00 call after the 09:00 board meeting had resolved on it (au-wage at seed 35)."""
    from worldsmith.generators.kinds.calendar.compose import taken_up

    sent = WeekEvent(what="paper", day=dt.date(2026, 3, 16), org="Ardent Build LLP", by="Mia Cole", across=True,
                     title="Self-report to the Fair Work Ombudsman")
    deed = WeekEvent(what="paper", day=dt.date(2026, 3, 16), org="Ardent Build LLP", by="Mia Cole", across=True,
                     title="Share purchase and transfer agreement (notarial deed)")
    items = _items([sent, deed])
    assert not any("omment" in p for p in items), items
    assert any("signed" in p for p in items) and any("sent" in p for p in items), items
    paper = WeekEvent(what="paper", day=dt.date(2026, 3, 20), org="Ardent Build LLP", by="Mia Cole",
                      title="Board paper: wage underpayment, self-report and remediation")
    board = WeekEvent(what="met", day=DAY, title="Board meeting on the underpayment", by="Mia Cole")
    weekly = WeekEvent(what="met", day=DAY, title="Weekly remediation status call", by="Mia Cole")
    assert taken_up(paper, [paper, board], "Weekly remediation status call")
    # a call whose own title shares the paper's word has not taken the paper up
    assert not taken_up(paper, [paper, weekly], "Weekly remediation status call")


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


def test_a_paper_we_have_answered_is_not_down_for_our_reply():
    """An agenda that plans 'our reply' to the other side's paper after our answer to it went across."""
    theirs = WeekEvent(what="paper", day=dt.date(2026, 3, 16), org="Office of the Fair Work Ombudsman", by="Jo Lee",
                       title="Fair Work Ombudsman: proposed terms of an enforceable undertaking")
    answer = WeekEvent(what="paper", day=dt.date(2026, 3, 19), org="Ardent Build LLP", by="Mia Cole", across=True,
                       title="Response to the proposed terms of the undertaking")
    assert not any("our reply" in p for p in _items([theirs, answer])), _items([theirs, answer])
    assert all(p.endswith("our reply") for p in _items([theirs]))


def test_a_paper_the_ledger_has_overtaken_is_neither_answered_nor_acted_on():
    """bi-claim at seed 37: the adjuster's preliminary view, overtaken by its later position, was down for 'our
    reply'."""
    view = WeekEvent(what="paper", day=dt.date(2026, 3, 16), org="Sable Claims Services", by="Jo Lee", replaced=True,
                     title="Sable Claims Services preliminary view")
    items = _items([view])
    assert not any("our reply" in p or "triggers" in p for p in items), items
