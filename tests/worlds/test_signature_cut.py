"""sender_signs_as_self reads the last 640 characters of a message; a cut inside a body line leaves a fragment that
is no signature line, even when the fragment is exactly another party's name (issue 22: "As for the responsible
party: Kestrel Bay Tankers Ltd." cut to "Kestrel Bay Tankers Ltd.", three false errors at --scale 80)."""

from __future__ import annotations

from pathlib import Path

import duckdb

CHECK = Path(__file__).resolve().parents[2] / "generators" / "kinds" / "email" / "checks" / "sender_signs_as_self.sql"
SIGNATURE = "\n\nAndrew Lynch\nSenior Claims Executive\nNorthmoor Mutual P&I Association\n+1 252 555 0156\n"


def _rows(body: str) -> list[tuple]:
    """The check's rows for one message by Andrew Lynch of Northmoor, in a room that also has Kestrel Bay."""
    con = duckdb.connect()
    con.execute("create table organisations (id varchar, name varchar)")
    con.execute("insert into organisations values ('northmoor', 'Northmoor Mutual P&I Association'), "
                "('kestrel_bay', 'Kestrel Bay Tankers Ltd.')")
    con.execute("create table people (id varchar, name varchar, title varchar, email varchar, organisation varchar)")
    con.execute("insert into people values ('club_claims', 'Andrew Lynch', 'Senior Claims Executive', "
                "'andrew.lynch@northmoor.example', 'northmoor'), ('fleet_manager', 'Ashley Garcia', "
                "'Head of Fleet Operations', 'ashley.garcia@kestrelbay.example', 'kestrel_bay')")
    con.execute("create table person_names (person_id varchar, first_name varchar)")
    con.execute("insert into person_names values ('club_claims', 'Andrew'), ('fleet_manager', 'Ashley')")
    con.execute("create table emails (artifact_id varchar, path varchar, from_addr varchar, body_new varchar)")
    con.execute("insert into emails values ('m1', 'm1.eml', 'andrew.lynch@northmoor.example', ?)", [body])
    return con.sql(CHECK.read_text(encoding="utf-8")).fetchall()


def _cut_at(name: str) -> str:
    """A message whose last 640 characters begin exactly at `name`, inside a line of its text."""
    tail = f"{name}\n\n" + "Please find attached the certificate for the week. " * 8 + SIGNATURE
    tail = tail[:len(name) + 2] + "x" * (640 - len(tail)) + tail[len(name) + 2:]
    body = "Carried forward to today: the gross tonnage is 62,480 GT. As for the responsible party: " + tail
    assert body[-640:].split("\n")[0] == name
    return body


def test_a_line_cut_down_to_another_partys_name_is_no_signature():
    assert _rows(_cut_at("Kestrel Bay Tankers Ltd.")) == []


def test_a_whole_line_in_another_partys_name_is_still_caught():
    body = "The certificate is attached." + SIGNATURE.replace("Northmoor Mutual P&I Association",
                                                            "Kestrel Bay Tankers Ltd.")
    assert _rows(body), "a signature in another party's name"
    # a line that ends just before the cut leaves the next line whole: it is read
    line = "Kestrel Bay Tankers Ltd.\n"
    at_cut = "a" * 700 + "\n" + line + "b" * (640 - len(line))
    assert at_cut[-640:].startswith(line)
    assert _rows(at_cut), "a whole line at the cut in another party's name"
