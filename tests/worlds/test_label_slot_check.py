"""The check label_slot_grammar (blind read 27, issue 17 point 5): each class of a fact label poured into a slot its
grammar does not fit is found in the store's text, and the sentences that say the same fact well are not. Run over an
empty store of the schema with two facts and a few texts: a whole world's validation is over a CPU-second."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from worldsmith.worlds.validate import parse_check

ROOT = Path(__file__).resolve().parents[2]
CHECK = parse_check(ROOT / "worlds/checks/label_slot_grammar.sql")


@pytest.fixture(scope="module")
def store():
    con = duckdb.connect()
    con.execute((ROOT / "worlds/store/schema.sql").read_text())
    con.execute("insert into facts (id, statement, type, text, value_date, label) values ('lapse', 'The landlord "
                "served the break notice on April 3, 2026.', 'date', 'April 3, 2026', date '2026-04-03', "
                "'Break notice served')")
    con.execute("insert into facts (id, statement, type, text, value_num, unit, label) values ('leaks', 'At handover "
                "9 category-2 leaks were open.', 'number', '9 leaks', 9, 'leaks', 'the open category-2 leaks')")
    con.execute("create table artifact_text (artifact_id varchar, path varchar, kind varchar, text varchar)")
    return con


def _found(store, text: str) -> list[str]:
    store.execute("delete from artifact_text")
    store.execute("insert into artifact_text values ('a1', 'Mail/a1.eml', 'email', ?)", [text])
    derived = {name: store.execute(query).fetchone()[0] for name, query in CHECK.derive.items()}
    return [r[2] for r in store.execute(CHECK.sql, derived).fetchall()]


@pytest.mark.parametrize("text", [
    "Further, the break notice served was April 3, 2026.",
    "As at 9 March, the open category-2 leaks are 9 leaks.",
    "We give formal notice of harland disputes the break and demands the deposit.",
    "We dispute the termination and produces only part of its records.",
    "The expert report due (May 4, 2026, in on March 9): our response",
    # across line breaks: a text is sought as written, before squashing, by what each class needs
    "Further, the Break\nnotice served was April 3, 2026.",
    "We give FORMAL notice of harland disputes\nthe break.",
    "We\n dispute the termination and produces only part of its records.",
    "The expert report due (May 4, 2026, in\non March 9): our response",
])
def test_each_class_is_found(store, text):
    assert len(_found(store, text)) == 1, text


@pytest.mark.parametrize("text", [
    "Further, the break notice was served on April 3, 2026.",
    "As at 9 March, 9 leaks are open, all category-2.",
    "We give formal notice in respect of the termination. We dispute the termination.",
    "We dispute the termination and reserve our rights; the tenant produces its records.",
    "The expert report, May 4, 2026: what has to be ready",
])
def test_the_same_facts_said_well_pass(store, text):
    assert _found(store, text) == [], text
