"""The decision_named check reads a purpose's decision as the planner does: a verb after a modal or 'to' is none.

e5b606d taught beats._taken that 'the letting will decide the figure' decides nothing in the thread, but the check
kept its own verb list and quarantined office-rent-review at seed 191 ('meant to reach a decision, but no message says
what was decided'). The check's SQL runs here on a table of purposes and must flag exactly those the planner decides."""

from __future__ import annotations

from pathlib import Path

import duckdb

from worldsmith.generators.beats import names_decision

SQL = (Path(__file__).resolve().parents[2] / "generators" / "kinds" / "email" / "checks" / "decision_named.sql")

PURPOSES = [
    "The partner says the comparable letting will decide the figure and asks for the analysis.",
    "The client would accept the offer only with costs; the partner replies.",
    "The finance director decides to reject the offer and issue proceedings.",
    "Ostrava rejects the claim: the notice was invalid.",
    "The associate asks the surveyor to agree the floor areas before the meeting.",
    "The general counsel approves the settlement; the partner confirms.",
    "The partner sends the report for comment.",
]


def test_the_check_flags_a_thread_exactly_where_the_planner_plans_a_decision():
    con = duckdb.connect()
    con.execute("create table artifacts (id varchar, kind varchar, thread varchar, item varchar, purpose varchar, "
                "position integer, mode varchar)")
    con.execute("create table emails (artifact_id varchar, path varchar, body_new varchar)")
    con.execute("create table message_points (artifact_id varchar, text varchar)")
    for n, purpose in enumerate(PURPOSES):
        con.execute("insert into artifacts values (?, 'email', ?, ?, ?, 0, 'new')", [f"a{n}", f"t{n}", f"i{n}", purpose])
        con.execute("insert into emails values (?, ?, 'Thanks, will do.')", [f"a{n}", f"p{n}.eml"])
    flagged = {row[0] for row in con.execute(SQL.read_text()).fetchall()}
    planned = {f"a{n}" for n, purpose in enumerate(PURPOSES) if names_decision(purpose)}
    assert flagged == planned
    assert "a0" not in flagged and "a1" not in flagged and "a2" in flagged and "a3" in flagged
