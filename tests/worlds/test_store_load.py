"""The loader: a bundle's plan and every file of its room parsed back into DuckDB."""

from __future__ import annotations

import datetime as dt
import json
from zoneinfo import ZoneInfo

import duckdb
import pytest

from tests.worlds.bundle_fixture import build_bundle
from worldsmith.worlds.errors import BundleError
from worldsmith.worlds.store.load import load_bundle


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    bundle = build_bundle(tmp_path_factory.mktemp("clean"))
    return bundle, load_bundle(bundle)


def _con(db):
    return duckdb.connect(str(db), read_only=True)


def _count(con, table: str) -> int:
    return con.execute(f"select count(*) from {table}").fetchone()[0]


def test_load_gives_the_right_row_counts(clean):
    _, db = clean
    with _con(db) as con:
        counts = {t: _count(con, t) for t in (
            "world", "organisations", "people", "facts", "distractors", "artifacts", "planned_facts",
            "planned_recipients", "expected_files", "files", "emails", "recipients", "mailboxes",
            "mailbox_messages", "documents", "sheets", "cells", "fact_mentions")}
    assert counts == {
        "world": 1, "organisations": 2, "people": 3, "facts": 4, "distractors": 1, "artifacts": 6,
        "planned_facts": 10, "planned_recipients": 5, "expected_files": 9,
        # 3 .eml, 2 .docx + 2 .md, 1 .xlsx + 1 .csv, 3 .mbox
        "files": 12, "emails": 3, "recipients": 4, "mailboxes": 3, "mailbox_messages": 7,
        "documents": 2, "sheets": 1,
        # 4 header + 3x4 body + 3 total + 1 note
        "cells": 20, "fact_mentions": 10,
    }


def test_default_store_is_in_the_bundle_and_rebuilt_from_scratch(tmp_path):
    bundle = build_bundle(tmp_path)
    first = load_bundle(bundle)
    assert first == bundle / "world.duckdb"
    second = load_bundle(bundle)
    with _con(second) as con:
        assert _count(con, "files") == 12 and _count(con, "emails") == 3
    leftovers = [p.name for p in bundle.iterdir() if ".tmp-" in p.name or p.name.endswith(".wal")]
    assert leftovers == []


def test_files_are_classified_and_hashed(clean):
    _, db = clean
    with _con(db) as con:
        rows = dict(con.execute("select path, (role, artifact_id, ext, parsed) from files").fetchall())
        sizes = con.execute("select min(size), min(length(sha256)) from files").fetchone()
    assert rows["Email/spa/002.eml"] == ("artifact", "e2", "eml", True)
    assert rows["Documents/closing_memo.md"] == ("twin", "d1", "md", True)
    assert rows["Sheets/funds_flow.csv"] == ("twin", "s1", "csv", True)
    assert rows["Mailboxes/hvane@harrowvane.example.mbox"] == ("mailbox", None, "mbox", True)
    assert sizes[0] > 0 and sizes[1] == 64


def test_sum_formula_is_evaluated_from_loaded_cells(clean):
    _, db = clean
    with _con(db) as con:
        total = con.execute(
            "select formula, value_num, value_type from cells where artifact_id = 's1' and row = 5 and col = 3"
        ).fetchone()
        share = con.execute("select value_num from cells where artifact_id = 's1' and row = 5 and col = 4").fetchone()
    assert total == ("=SUM(C2:C4)", 1250000.0, "number")
    assert share[0] == pytest.approx(1.0)


def test_cells_keep_types_formats_and_headers(clean):
    _, db = clean
    with _con(db) as con:
        pct = con.execute("select header, value_num, number_format from cells where row = 3 and col = 4").fetchone()
        day = con.execute("select header, value_type, value_date from cells where row = 3 and col = 2").fetchone()
        sheet = con.execute("select sheet_name, n_rows, n_cols from sheets").fetchone()
    assert pct == ("Share", 0.075, "0.00%")
    assert day == ("Date", "date", dt.date(2024, 3, 28))
    assert sheet == ("Funds flow", 7, 4)


def test_email_headers_are_parsed(clean):
    _, db = clean
    with _con(db) as con:
        row = con.execute(
            "select message_id, in_reply_to, refs, subject, from_name, from_addr, sent_at from emails"
            " where artifact_id = 'e2'").fetchone()
        to = con.execute("select kind, name, address from recipients where artifact_id = 'e1' order by kind").fetchall()
    assert row[:6] == ("e2.spa@harrowvane.example", "e1.spa@harrowvane.example", ["e1.spa@harrowvane.example"],
                       "Re: SPA: agreed price", "Peter Wimsey", "pwimsey@harrowvane.example")
    assert row[6] == dt.datetime(2024, 3, 5, 11, 30, tzinfo=ZoneInfo("America/New_York"))
    assert to == [("cc", "Dana Okafor", "dokafor@tidewater.test"), ("to", "Peter Wimsey", "pwimsey@harrowvane.example")]


def test_body_new_leaves_out_quoted_and_forwarded_history(clean):
    _, db = clean
    with _con(db) as con:
        bodies = {a: (b, n) for a, b, n in con.execute("select artifact_id, body, body_new from emails").fetchall()}
    reply_body, reply_new = bodies["e2"]
    assert "> The seller has accepted a purchase price of USD 1,250,000" in reply_body
    assert "USD 1,250,000" not in reply_new and reply_new.endswith("Peter")
    forward_body, forward_new = bodies["e3"]
    assert "---------- Forwarded message ---------" in forward_body
    assert "March 28, 2024" in forward_body and "March 28, 2024" not in forward_new


def test_documents_give_text_title_and_shape(clean):
    _, db = clean
    with _con(db) as con:
        doc = con.execute("select identifier, title, subtitle, text, n_sections, n_tables from documents"
                          " where artifact_id = 'd1'").fetchone()
    identifier, title, subtitle, text, n_sections, n_tables = doc
    assert (identifier, title, subtitle, n_sections, n_tables) == ("d1", "Closing memorandum",
                                                                   "Prepared March 7, 2024", 2, 1)
    assert "Claims are capped as set out in Section 4.2." in text.split("\n")
    assert "USD 1,250,000" in text.split("\n")  # a table cell, on its own line


def test_documents_and_sheets_are_planned_at_nine_world_time(clean):
    _, db = clean
    with _con(db) as con:
        at = con.execute("""select "at" from artifacts where id = 'd1'""").fetchone()[0]
    assert at == dt.datetime(2024, 3, 7, 9, 0, tzinfo=ZoneInfo("America/New_York"))


def test_mailboxes_list_their_messages(clean):
    _, db = clean
    with _con(db) as con:
        boxes = dict(con.execute("select owner, n_messages from mailboxes").fetchall())
        ids = [r[0] for r in con.execute(
            "select message_id from mailbox_messages where mailbox like '%hvane%' order by position").fetchall()]
    assert boxes == {"hvane@harrowvane.example": 3, "pwimsey@harrowvane.example": 2, "dokafor@tidewater.test": 2}
    assert ids == ["e1.spa@harrowvane.example", "e2.spa@harrowvane.example", "e3.spa@harrowvane.example"]


def test_unparseable_file_is_recorded_not_raised(tmp_path):
    bundle = build_bundle(tmp_path, "unparseable_file")
    (bundle / "room" / "notes.bin").write_bytes(b"\x00\x01")
    with _con(load_bundle(bundle)) as con:
        bad = dict(con.execute("select path, error from files where not parsed").fetchall())
        docs = _count(con, "documents")
    assert set(bad) == {"Documents/spa_draft_v1.docx", "notes.bin"}
    assert "docx" in bad["Documents/spa_draft_v1.docx"] and "no parser" in bad["notes.bin"]
    assert docs == 1


def test_a_missing_or_invalid_plan_is_a_bundle_error(tmp_path):
    with pytest.raises(BundleError, match="not a world bundle"):
        load_bundle(tmp_path)
    bundle = build_bundle(tmp_path)
    plan = json.loads((bundle / "plan.json").read_text())
    plan["people"][0]["email"] = None
    (bundle / "plan.json").write_text(json.dumps(plan))
    with pytest.raises(BundleError, match="not a valid WorldPlan"):
        load_bundle(bundle)
