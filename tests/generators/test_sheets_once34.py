"""One quantity, one row (blind read 34): a point's computed row is the line of the fact the sheet carries that it
computes, so that fact is not laid out again below it; and the check sheet_quantity_once finds two rows of one sheet
holding one quantity ("'Principal upheld' and 'Principal remaining' are the same =B2-B3"; "the severance once as a
formula and once hard-coded")."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import duckdb
from faker import Faker

from worldsmith.generators.skeleton import build_skeleton
from worldsmith.worlds.plan import LedgerFact, SheetSpec
from worldsmith.worlds.values import Money, Percent

_CHECKS = Path(__file__).resolve().parents[2] / "generators" / "kinds" / "spreadsheet" / "checks"


def _fact(fid: str, label: str, value, text: str, formula: str | None = None) -> LedgerFact:
    return LedgerFact(id=fid, statement=f"The {label} is {text}.", label=label, text=text, value=value,
                      formula=formula)


FACTS = [
    _fact("principal", "principal", Money(amount=Decimal(3184600), currency="BRL"), "BRL 3,184,600.00"),
    _fact("decayed", "principal extinguished by decadência", Money(amount=Decimal(146300), currency="BRL"),
          "BRL 146,300.00"),
    _fact("upheld", "principal remaining after decadência", Money(amount=Decimal(3038300), currency="BRL"),
          "BRL 3,038,300.00", "principal - decayed"),
    _fact("rate", "fine rate", Percent(value=Decimal(100)), "100%"),
    _fact("fine", "fine on the remaining principal", Money(amount=Decimal(3038300), currency="BRL"),
          "BRL 3,038,300.00", "percent_of(rate, upheld)"),
    _fact("total", "debt upheld", Money(amount=Decimal(6076600), currency="BRL"), "BRL 6,076,600.00",
          "upheld + fine"),
]


def _skeleton(points: list[str], facts: list[str]):
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Recomputation", author="a", occupation="x",
                     rows=10, date=dt.date(2026, 6, 18), facts=facts, points=points)
    return build_skeleton(spec, FACTS, None, "en_GB", Faker(), dt.date(2026, 1, 1))


def test_a_points_computed_row_is_the_line_of_the_fact_it_computes():
    """Before: 'Principal upheld: {principal} less {decayed}' was a row of its own, and the fact it computes was laid
    out again (=B2-B3 twice); 'Fine: {rate} of {upheld}' likewise, and the total then typed the fine a second time."""
    sk = _skeleton(["Principal: {principal}", "Decadência: {decayed}", "Principal upheld: {principal} less {decayed}",
                    "Fine rate: {rate}", "Fine: {rate} of {upheld}", "Total: {total}"],
                   ["principal", "decayed", "upheld", "rate", "fine", "total"])
    shown = [ln.fact for ln in sk.lines if ln.fact]
    assert sorted(shown) == sorted(set(shown)) == sorted(["principal", "decayed", "upheld", "rate", "fine", "total"])
    formulas = [ln.formula for ln in sk.lines if ln.formula]
    assert len(formulas) == len(set(formulas)) == 3
    by_label = {ln.cells[sk.label]: ln for ln in sk.lines}
    assert by_label["Principal upheld"].fact == "upheld" and by_label["Fine"].fact == "fine"
    assert not any(ln.role == "heading" for ln in sk.lines)  # no 'Other figures' block repeating them


def test_a_points_row_is_no_facts_line_when_its_value_is_another():
    """A row over the same two figures whose value is not the fact's (a draft's) stays a row of its own."""
    sk = _skeleton(["Principal: {principal}", "Decadência: {decayed}", "Net: {principal} less {decayed}"],
                   ["principal", "decayed"])
    assert {ln.cells[sk.label]: ln for ln in sk.lines}["Net"].fact is None


def _db():
    db = duckdb.connect()
    db.execute("create table artifacts (id varchar, path varchar)")
    db.execute("create table sheets (path varchar, sheet_name varchar, position integer)")
    db.execute("create table facts (id varchar, formula varchar)")
    db.execute("create table sheet_lines (artifact_id varchar, row integer, col integer, role varchar, fact_id varchar)")
    db.execute("create table cells (artifact_id varchar, path varchar, sheet_name varchar, row integer, col integer, "
               "formula varchar, value_num double)")
    db.execute("create table cell_refs (path varchar, sheet_name varchar, row integer, col integer, ref_row integer, "
               "ref_col integer)")
    db.execute("insert into artifacts values ('s', 'S.xlsx')")
    db.execute("insert into sheets values ('S.xlsx', 'S', 0)")
    db.execute("insert into facts values ('principal', null), ('decayed', null), ('upheld', 'principal - decayed')")
    db.execute("insert into sheet_lines values ('s', 2, 2, 'input', 'principal'), ('s', 3, 2, 'input', 'decayed')")
    db.execute("insert into cells values ('s', 'S.xlsx', 'S', 2, 2, null, 3184600), ('s', 'S.xlsx', 'S', 3, 2, null, 146300),"
               " ('s', 'S.xlsx', 'S', 4, 2, '=B2-B3', 3038300)")
    db.execute("insert into cell_refs values ('S.xlsx', 'S', 4, 2, 2, 2), ('S.xlsx', 'S', 4, 2, 3, 2)")
    return db


def test_the_check_finds_one_quantity_on_two_rows():
    sql = (_CHECKS / "sheet_quantity_once.sql").read_text()
    db = _db()
    assert db.execute(sql).fetchall() == []
    # the same formula again, on another row of the column
    db.execute("insert into cells values ('s', 'S.xlsx', 'S', 5, 2, '= B2 - $B3', 3038300)")
    assert [r[2] for r in db.execute(sql).fetchall()] == ["rows 4 and 5 compute the same =B2-B3"]
    db.execute("delete from cells where row = 5")
    # the fact typed on a line of its own while row 4 computes it from the inputs' cells
    db.execute("insert into sheet_lines values ('s', 5, 2, 'input', 'upheld')")
    db.execute("insert into cells values ('s', 'S.xlsx', 'S', 5, 2, null, 3038300)")
    assert [r[2] for r in db.execute(sql).fetchall()] == ["row 5 types upheld, which row 4 computes from its inputs"]
    # two lines of the plan that show one fact
    db.execute("insert into sheet_lines values ('s', 6, 2, 'derived', 'upheld')")
    assert "rows 5 and 6 both show upheld" in [r[2] for r in db.execute(sql).fetchall()]
