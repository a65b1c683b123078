"""our_client_said_by_counsel (blind read 31: an investor's CEO wrote "our client" from its own domain, and an adviser
wrote "for our client" to the client itself): only counsel or an adviser says "our client", and never to the client."""

from __future__ import annotations

from pathlib import Path

import duckdb

_SQL = (Path(__file__).resolve().parents[2] / "worlds" / "checks" / "our_client_said_by_counsel.sql").read_text()


def _world() -> duckdb.DuckDBPyConnection:
    """A room of messages: counsel to the other side, counsel to its own client, the client, the other side's counsel to
    the client, each saying "our client"; the client asking for "your client's" response."""
    c = duckdb.connect()
    c.execute("create table organisations (id text, name text, role text, privileged boolean)")
    c.execute("insert into organisations values ('firm', 'Harrow Vane LLP', 'attorneys to Corvale on the acquisition', true),"
              "('corvale', 'Corvale Ltd', 'client; buyer of all the shares in Brinmoor', true),"
              "('ostwick', 'Ostwick plc', 'seller of Brinmoor; the counterparty under the sale agreement', false),"
              "('kelso', 'Kelso LLP', 'counsel to Ostwick plc', false)")
    c.execute("create table people (id text, name text, email text, organisation text)")
    c.execute("insert into people values ('dana', 'Dana Okafor', 'dana@hv.test', 'firm'),"
              "('ruth', 'Ruth Abernethy', 'ruth@corvale.test', 'corvale'), ('lena', 'Lena Marsh', 'lena@ostwick.test', 'ostwick'),"
              "('ian', 'Ian Kelso', 'ian@kelso.test', 'kelso')")
    c.execute("create table emails (artifact_id text, path text, from_addr text, body_new text)")
    c.execute("insert into emails values ('e1', 'a.eml', 'dana@hv.test', 'Our client accepts the price.'),"
              "('e5', 'e.eml', 'ian@kelso.test', 'We will revert with our client''s position.'),"
              "('e4', 'd.eml', 'ruth@corvale.test', 'Please let us have your client''s response.'),"
              "('e2', 'b.eml', 'dana@hv.test', 'We write for our client on the price.'),"
              "('e3', 'c.eml', 'ruth@corvale.test', 'Our client accepts the price.')")
    c.execute("create table recipients (artifact_id text, kind text, address text)")
    c.execute("insert into recipients values ('e1', 'to', 'lena@ostwick.test'), ('e2', 'to', 'ruth@corvale.test'),"
              "('e3', 'to', 'lena@ostwick.test'), ('e5', 'to', 'ruth@corvale.test')")
    c.execute("create table artifacts (id text, kind text, author text)")
    c.execute("create table artifact_text (artifact_id text, path text, kind text, text text)")
    c.execute("create table planned_recipients (artifact_id text, person_id text)")
    return c


def test_our_client_is_said_only_by_counsel_and_never_to_the_client():
    rows = _world().execute(_SQL).fetchall()
    assert sorted(r[0] for r in rows) == ["e2", "e3"], rows
    assert any("to the client itself" in r[2] for r in rows) and any("advises no one" in r[2] for r in rows)
