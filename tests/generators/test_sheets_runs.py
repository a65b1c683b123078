"""Runs of thousands (blind read 29, sheets 4 of 12: 'a "final run" of eligible members with no member rows', 'a "loss
assessment run" that is one total line', 'an "EFT batch summary" with no payees, no number of payments', 'it counts
6,214 "eligible" members when 412 were excluded'): a sheet titled for the things a count of thousands counts lists
its first rows one by one and the rest on a line, the count a live SUM of what each line stands for, the excluded
things their own block, and the total the live SUM of the eligible amounts."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from faker import Faker

from worldsmith.generators.skeleton import build_skeleton
from worldsmith.worlds.plan import LedgerFact, SheetSpec
from worldsmith.worlds.values import DateValue, Money, Number

FACTS = [
    LedgerFact(id="holders", statement="4,830 noteholders lodged claims by the bar date, 4,512 of them with notes held "
                                       "at the record date.", label="noteholders who lodged claims",
               text="4,830 noteholders", value=Number(value=Decimal(4830), unit="noteholders")),
    LedgerFact(id="pool", statement="The administrators' final run puts admitted claims at USD 96,400,000.",
               label="total admitted claims", text="USD 96,400,000",
               value=Money(amount=Decimal(96400000), currency="USD")),
    LedgerFact(id="bar_date", statement="Claims must be lodged by May 15, 2026.", label="bar date",
               text="May 15, 2026", value=DateValue(value=dt.date(2026, 5, 15))),
]


def _skeleton(title: str, facts: list[LedgerFact] = FACTS):
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title=title, author="a", occupation="x", rows=30,
                     date=dt.date(2026, 6, 9), facts=[f.id for f in facts])
    return build_skeleton(spec, facts, None, "en_GB", Faker(), dt.date(2026, 4, 1))


def test_a_partys_own_figure_is_its_row_of_the_run_read_back_below():
    """Read 29: the final run showed 'only Corella and a total'; one member's own assessed loss is one of the run's
    rows (named for it, inside the total's SUM) and its line below reads that row back, never typed twice."""
    own = LedgerFact(id="own", statement="Arden Trust's admitted claim is USD 2,150,000.", label="Arden Trust's claim",
                     text="USD 2,150,000", value=Money(amount=Decimal(2150000), currency="USD"))
    sk = _skeleton("Claims run (final): noteholders", FACTS + [own])
    row = next(n for n, ln in enumerate(sk.lines) if ln.role == "item" and ln.cells[sk.label] == "Arden Trust")
    assert sk.lines[row].cells[sk.amount] == 2150000
    line = next(ln for ln in sk.lines if ln.fact == "own")
    assert line.role == "derived" and line.formula == "{%d}" % row
    total = next(ln for ln in sk.lines if ln.fact == "pool")
    assert int(total.formula.split(":{")[1].rstrip("})")) >= row


def test_a_run_of_thousands_lists_its_rows_and_counts_them_with_the_exclusions_apart():
    """Before: a count above 200 listed nothing; the sheet was the count and the total, one line each."""
    sk = _skeleton("Claims run (final): noteholders")
    number = next(i for i, c in enumerate(sk.columns) if c.name == "Number of noteholders")
    rows = [ln for ln in sk.lines if ln.role == "item" and ln.cells[0] is not None]
    assert len(rows) == 30 and all(ln.cells[number] == 1 for ln in rows)
    assert sum(ln.cells[number] for ln in sk.lines if ln.role == "item" and ln.formula is None
               and ln.cells[number]) == 4830
    excluded = [ln for ln in rows if ln.cells[-1] == "Excluded"]
    assert excluded and all(ln.cells[sk.amount] is None for ln in excluded)
    # the eligible ones came in by the bar date the sheet carries
    assert all(dt.date.fromisoformat(ln.cells[2]) <= dt.date(2026, 5, 15) for ln in rows if ln not in excluded)
    by_fact = {ln.fact: ln for ln in sk.lines if ln.fact}
    assert by_fact["holders"].formula.startswith("SUM(F") and by_fact["holders"].role == "derived"
    eligible = next(ln for ln in sk.lines if str(ln.cells[sk.label]).startswith("Eligible"))
    assert eligible.cells[sk.amount] == 4512 and eligible.formula.startswith("SUM(F")
    # the total is the live SUM of the eligible block's amounts, to the cent
    total = by_fact["pool"]
    assert total.role == "total" and total.formula.startswith("SUM({0}:")
    last = int(total.formula.split(":{")[1].rstrip("})"))
    amounts = [Decimal(str(ln.cells[sk.amount])) for ln in sk.lines[:last + 1] if ln.cells[sk.amount] is not None]
    assert sum(amounts) == Decimal(96400000)
    assert all(ln.fact is None for ln in rows)


def test_a_payment_batch_of_thousands_pays_the_figure_its_title_names():
    """An 'EFT batch' pays the figure its title names to the things counted, though that figure's statement does not
    repeat the count (read 29: 'no payees, no number of payments')."""
    from worldsmith.generators.kinds.spreadsheet.promise import counted

    assert counted("Admitted claims payment file: EFT batch", FACTS)[0].id == "holders"
    assert counted("Admitted claims summary", FACTS) is None


def test_the_check_fails_a_run_of_thousands_titled_for_its_things_that_lists_none():
    """checks/sheet_keeps_title.sql: a sheet titled for the 6,214 group members a count it carries counts fails with
    no dated rows and passes with its first ten; before, a count above 200 was never held to its title."""
    import duckdb
    from pathlib import Path

    sql = (Path(__file__).resolve().parents[2] / "generators" / "kinds" / "spreadsheet" / "checks" /
           "sheet_keeps_title.sql").read_text()
    db = duckdb.connect()
    db.execute("create table artifacts (id varchar, kind varchar, path varchar, title varchar, distractor varchar)")
    db.execute("create table sheet_promises (artifact_id varchar, promise varchar, what varchar, word varchar)")
    db.execute("create table cells (artifact_id varchar, sheet_name varchar, row integer, col integer, header varchar,"
               " value_type varchar, value_text varchar, value_num double, value_date date)")
    db.execute("create table planned_facts (artifact_id varchar, fact_id varchar)")
    db.execute("create table facts (id varchar, type varchar, unit varchar, value_num double)")
    db.execute("create table fact_values (fact_id varchar, since date, until date, value_num double)")
    db.execute("create table artifact_days (artifact_id varchar, day date)")
    db.execute("create table distractors (id varchar, fact varchar)")
    db.execute("insert into artifacts values ('s', 'spreadsheet', 'R.xlsx', 'Final run: group members', null)")
    db.execute("insert into planned_facts values ('s', 'n')")
    db.execute("insert into facts values ('n', 'number', 'group members', 6214)")
    db.execute("insert into fact_values values ('n', '2026-01-01', null, 6214)")
    db.execute("insert into artifact_days values ('s', '2026-03-01')")
    db.execute("insert into cells values ('s', 'x', 2, 1, 'Item', 'text', 'Group members', null, null)")
    assert [r[2] for r in db.execute(sql).fetchall()] == ["titled for its 6214 group members, but 0 rows list one"]
    db.execute("insert into cells values " + ", ".join(f"('s', 'x', {r}, 3, 'Date', 'date', null, null, '2025-01-{r:02d}')"
                                                       for r in range(3, 13)))
    assert db.execute(sql).fetchall() == []


def test_a_final_run_or_a_payment_file_is_never_noted_a_draft():
    """Read 29: an 'EFT batch summary' approved for release, still 'Draft for discussion' the day before the payment.
    Over a dozen seeds a sheet titled final never notes itself a draft, nor subject to review;
    a working schedule still may (the same draw)."""
    from worldsmith.generators.kinds.spreadsheet.compose import compose_sheet
    from tests.generators.context_fixture import sheet_context

    drafts = {"Draft for discussion.", "Subject to review."}
    seeds = range(12)
    working = [n for seed in seeds for n in compose_sheet(sheet_context("Schedule of damages", seed=seed)).notes]
    assert drafts & set(working)
    notes = [n for seed in seeds for n in compose_sheet(sheet_context("Final schedule of damages", seed=seed)).notes]
    assert not drafts & set(notes)
