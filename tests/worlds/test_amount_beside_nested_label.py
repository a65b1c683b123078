"""The check amount_beside_label reads a label inside another fact's longer label as that fact's: "the amount held back
from the interim distribution is AUD 9,010,000" states the holdback, not the interim distribution (an unseen outline of
a settlement administrator quarantined at seed 5 on true sentences, session 27). Run over an empty store of the schema
with the two facts and one text; a wrong amount beside the shorter label is still found."""

from __future__ import annotations

from pathlib import Path

import duckdb

from worldsmith.worlds.validate import parse_check

ROOT = Path(__file__).resolve().parents[2]
CHECK = parse_check(ROOT / "worlds/checks/amount_beside_label.sql")


# (id, text, found): each text is one document's, all run through the check at once
_TEXTS = [
    ("nested", "The amount held back from the interim distribution is AUD 9,010,000.", False),
    ("both", "The interim distribution is AUD 36,040,000, being the net fund less the amount held back from the "
             "interim distribution of AUD 9,010,000.", False),
    ("short_wrong", "The interim distribution is AUD 9,010,000.", True),
    ("long_wrong", "The amount held back from the interim distribution is AUD 36,040,000.", True),
]


def test_a_label_inside_a_longer_label_is_read_as_the_longer_facts():
    con = duckdb.connect()
    con.execute((ROOT / "worlds/store/schema.sql").read_text())
    con.execute("insert into world values ('w', 'w', 5, 'en_AU', 'UTC', date '2026-03-01', date '2026-05-29')")
    for fid, label, amount in (("interim", "interim distribution", 36040000),
                               ("holdback", "amount held back from the interim distribution", 9010000)):
        text = f"AUD {amount:,}"
        con.execute("insert into facts (id, statement, type, text, value_num, currency, label) values "
                    "(?, 'x', 'money', ?, ?, 'AUD', ?)", [fid, text, amount, label])
        con.execute("insert into fact_values values (?, date '2026-03-01', null, ?, ?, null)", [fid, text, amount])
    con.execute("create table artifact_text (artifact_id varchar, path varchar, kind varchar, text varchar)")
    for aid, text, _ in _TEXTS:
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\") values (?, "
                    "'document', 'i', ?, 't', 'p', 'o', timestamptz '2026-03-23 09:00:00+00')", [aid, f"{aid}.docx"])
        con.execute("insert into artifact_text values (?, ?, 'document', ?)", [aid, f"{aid}.docx", text])
    derived = {k: con.execute(q).fetchone()[0] for k, q in CHECK.derive.items()}
    found = {r[0] for r in con.execute(CHECK.sql, derived).fetchall()}
    assert found == {aid for aid, _, bad in _TEXTS if bad}, found


# A working written out to its result gives the label's amount after its '=' (an unseen NPL-sale outline's statement
# "the price paid at closing is EUR 196,080,000 less collections ... = EUR 181,480,000", quoted by the engine in an
# email, was read as a price of EUR 196,080,000 and quarantined the world, session 34)
_WORKINGS = [
    ("worked", "The price paid at closing is EUR 196,080,000 less collections since the cut-off date of "
               "EUR 14,600,000 = EUR 181,480,000.", False),
    ("worked_decimal", "The price paid at closing is EUR 196,080,000.00 less collections of EUR 14,600,000.00 = "
                       "EUR 181,480,000.00.", False),
    ("worked_wrong", "The price paid at closing is EUR 196,080,000 less collections of EUR 14,600,000 = "
                     "EUR 181,400,000.", True),
    ("bare_wrong", "The price paid at closing is EUR 196,080,000.", True),
]


def test_a_working_written_to_its_result_is_read_at_its_result():
    con = duckdb.connect()
    con.execute((ROOT / "worlds/store/schema.sql").read_text())
    con.execute("insert into world values ('w', 'w', 5, 'it_IT', 'UTC', date '2026-03-01', date '2026-05-29')")
    con.execute("insert into facts (id, statement, type, text, value_num, currency, label) values "
                "('price', 'x', 'money', 'EUR 181,480,000', 181480000, 'EUR', 'price paid at closing')")
    con.execute("insert into fact_values values ('price', date '2026-03-01', null, 'EUR 181,480,000', 181480000, null)")
    con.execute("create table artifact_text (artifact_id varchar, path varchar, kind varchar, text varchar)")
    for aid, text, _ in _WORKINGS:
        con.execute("insert into artifacts (id, kind, item, path, title, author, occupation, \"at\") values (?, "
                    "'email', 'i', ?, 't', 'p', 'o', timestamptz '2026-03-23 09:00:00+00')", [aid, f"{aid}.eml"])
        con.execute("insert into artifact_text values (?, ?, 'email', ?)", [aid, f"{aid}.eml", text])
    derived = {k: con.execute(q).fetchone()[0] for k, q in CHECK.derive.items()}
    found = {r[0] for r in con.execute(CHECK.sql, derived).fetchall()}
    assert found == {aid for aid, _, bad in _WORKINGS if bad}, found
