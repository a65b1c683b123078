"""Sheets take points: each a row the expert says the sheet must hold, its heading the label, its facts the cells, the
rest its basis; two facts joined by 'over', 'less', 'times' or 'of' compute by a live formula (blind read 32: 'a cost
calculation of two rows that computes nothing, not even the unit price'; 'a creditors' list naming no creditors')."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path

import pytest
from faker import Faker

from worldsmith.generators.skeleton import build_skeleton
from worldsmith.worlds.errors import OutlineError
from worldsmith.worlds.outline import parse_outline
from worldsmith.worlds.plan import LedgerFact, SheetSpec
from worldsmith.worlds.values import Money, Number, Percent

MINI = (Path(__file__).resolve().parents[1] / "fixtures" / "mini.yaml").read_text()
SHEET = "        facts: [cap, tonnage, fault_share]\n        rows: 6\n"


def _fact(fid: str, label: str, value, text: str) -> LedgerFact:
    return LedgerFact(id=fid, statement=f"The {label} is {text}.", label=label, text=text, value=value)


FACTS = [
    _fact("price", "contract price", Money(amount=Decimal(96000000), currency="EUR"), "EUR 96,000,000"),
    _fact("units", "buses ordered", Number(value=Decimal(36), unit="buses"), "36 buses"),
    _fact("secured", "secured claims", Money(amount=Decimal(8000000), currency="EUR"), "EUR 8,000,000"),
    _fact("unsecured", "unsecured claims", Money(amount=Decimal(31200000), currency="EUR"), "EUR 31,200,000"),
    _fact("rate", "recovery offered", Percent(value=Decimal(28)), "28%"),
]


def _skeleton(points: list[str], facts: list[str]):
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Cost calculation", author="a", occupation="x",
                     rows=10, date=dt.date(2026, 6, 9), facts=facts, points=points)
    return build_skeleton(spec, FACTS, None, "en_GB", Faker(), dt.date(2026, 4, 1))


def _by_label(sk) -> dict:
    return {ln.cells[sk.label]: ln for ln in sk.lines}


def test_a_point_that_divides_one_fact_by_another_computes_it_live():
    """Before: no points on a sheet; the two figures stood as two rows and nothing was computed."""
    sk = _skeleton(["Unit price: {price} over {units} buses"], ["price", "units"])
    at = {ln.fact: n for n, ln in enumerate(sk.lines) if ln.fact}
    line = _by_label(sk)["Unit price"]
    assert line.role == "derived" and line.formula == "ROUND({%d}/{%d},2)" % (at["price"], at["units"])
    assert line.cells[sk.amount] == 2666666.67 and line.format == "money"
    assert sk.bottom == sk.lines.index(line)


def test_a_rate_of_an_amount_and_a_difference_compute_in_the_order_written():
    sk = _skeleton(["Unsecured creditors: suppliers and banks, {unsecured}",
                    "Payment offered: {rate} of {unsecured}",
                    "Shortfall: {unsecured} less {secured}"], ["unsecured", "rate", "secured"])
    lines = _by_label(sk)
    at = {ln.fact: n for n, ln in enumerate(sk.lines) if ln.fact}
    assert lines["Payment offered"].formula == "ROUND({%d}*{%d},2)" % (at["rate"], at["unsecured"])
    assert lines["Payment offered"].cells[sk.amount] == 8736000
    assert lines["Shortfall"].formula == "{%d}-{%d}" % (at["unsecured"], at["secured"])
    assert lines["Shortfall"].cells[sk.amount] == 23200000


def test_a_point_with_one_fact_is_a_row_labelled_by_its_heading_with_the_rest_as_its_basis():
    """A creditors' list names its creditors: the row carries the fact, the basis who and on what security."""
    sk = _skeleton(["Secured creditors: the lending bank, mortgage on the plant, {secured}",
                    "Priority: employees' claims rank before the unsecured creditors"], ["secured"])
    lines = _by_label(sk)
    row = lines["Secured creditors"]
    assert row.fact == "secured" and row.role == "input" and row.cells[sk.amount] == 8000000
    assert row.cells[-1].startswith("The lending bank, mortgage on the plant")  # then where it is read from, if known
    assert lines["Priority"].role == "key" and lines["Priority"].cells[-1].startswith("Employees' claims rank")


def test_a_figure_an_earlier_point_shows_is_read_back_not_typed_again():
    sk = _skeleton(["Bid: {price}", "Price checked: {price}, as bid"], ["price"])
    first, again = _by_label(sk)["Bid"], _by_label(sk)["Price checked"]
    assert first.fact == "price" and again.formula == "{%d}" % sk.lines.index(first) and again.fact is None


def test_a_spreadsheet_item_takes_points_and_carries_the_facts_they_name():
    """Before: 'points' was no field of a spreadsheet item (extra fields are refused)."""
    text = MINI.replace(SHEET, SHEET + "        points:\n          - \"Cap per tonne: {cap} over {tonnage}\"\n"
                                       "          - \"Spill: on {spill_date}\"\n", 1)
    sheet = parse_outline(text, file="matter.yaml").inventory[-1].items[-1]
    assert sheet.kind == "spreadsheet" and len(sheet.points) == 2 and "spill_date" in sheet.facts
    with pytest.raises(OutlineError, match="names no fact"):
        parse_outline(MINI.replace(SHEET, SHEET + "        points:\n          - \"Cap: {cpa}\"\n", 1),
                      file="matter.yaml")


def test_a_pointed_sheet_says_its_inputs_cite_papers_only_where_they_name_one():
    """Before: the expert's basis ('the lending bank, mortgage on the plant') read as a paper cited against each input,
    and the note said 'source: the papers cited against each input' of a sheet that cites none."""
    from worldsmith.generators.kinds.spreadsheet.compose import _inputs_cite_papers

    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Creditors' list", author="a", occupation="x", rows=10,
                     date=dt.date(2026, 6, 9), facts=["secured"], points=["Secured creditors: the lending bank, {secured}"])
    spec.skeleton = build_skeleton(spec, FACTS, None, "en_GB", Faker(), dt.date(2026, 4, 1))
    assert not _inputs_cite_papers(spec)


def test_a_row_headed_by_a_facts_label_holds_that_fact_whatever_figure_the_point_gives_first():
    """Issue 17 (an unseen royalty audit): 'Permitted deductions: of {deductions_claimed} claimed,
    {permitted_deductions} are permitted' made a row 'Permitted deductions' holding the deductions claimed
    (amount_beside_label quarantined the world): the row that its heading names holds the named fact."""
    sk = _skeleton(["Secured claims: of {unsecured} claimed, {secured} are secured"], ["unsecured", "secured"])
    line = _by_label(sk)["Secured claims"]
    assert line.fact == "secured" and line.cells[sk.amount] == 8000000
    assert line.cells[-1].startswith("Of EUR 31,200,000 claimed")


DAYS = [_fact("total_days", "total delay", Number(value=Decimal(98), unit="days"), "98 days"),
        _fact("owner_days", "excusable delay", Number(value=Decimal(74), unit="days"), "74 days")]


def test_rows_that_count_the_parts_of_a_figure_in_words_sum_to_it_live():
    """Blind read 35b, us-hospital at seed 35: 'The apportionment doesn't reconcile: 98 total, 74 owner, 24 days not
    assigned. The fragnet days are text and 74 is typed, not summed.'"""
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Delay apportionment", author="a", occupation="x",
                     rows=10, date=dt.date(2026, 6, 9), facts=["total_days", "owner_days"],
                     points=["Total delay: {total_days}", "Fragnet 1, redesign: owner-caused, critical path, 41 days",
                             "Fragnet 2, booms: owner-caused, 33 days", "Curtain wall: contractor-caused, carved out",
                             "Excusable delay: {owner_days}"])
    sk = build_skeleton(spec, DAYS, None, "en_GB", Faker(), dt.date(2026, 4, 1))
    lines = _by_label(sk)
    one, two = sk.lines.index(lines["Fragnet 1, redesign"]), sk.lines.index(lines["Fragnet 2, booms"])
    assert lines["Fragnet 1, redesign"].cells[sk.amount] == 41 and lines["Fragnet 2, booms"].cells[sk.amount] == 33
    assert lines["Fragnet 1, redesign"].cells[-1] == "Owner-caused, critical path"  # the count has its cell
    owner = lines["Excusable delay"]
    assert owner.role == "total" and owner.fact == "owner_days" and owner.formula == "{%d}+{%d}" % (one, two)
    balance = next(ln for ln in sk.lines if ln.formula == "{%d}-{%d}" % (sk.lines.index(lines["Total delay"]),
                                                                           sk.lines.index(owner)))
    assert balance.cells[sk.amount] == 24
    assert lines["Curtain wall"].cells[sk.amount] is None  # words without a count stay words


def test_counts_in_words_that_do_not_sum_to_the_figure_stay_words():
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Delay apportionment", author="a", occupation="x",
                     rows=10, date=dt.date(2026, 6, 9), facts=["owner_days"],
                     points=["Fragnet 1: 40 days", "Fragnet 2: 30 days", "Excusable delay: {owner_days}"])
    sk = build_skeleton(spec, DAYS, None, "en_GB", Faker(), dt.date(2026, 4, 1))
    lines = _by_label(sk)
    assert lines["Excusable delay"].role == "input" and not lines["Excusable delay"].formula
    assert lines["Fragnet 1"].cells[sk.amount] is None


def test_a_pointed_sheet_titled_by_category_lists_the_categories_the_ledger_gives_and_sums_them():
    """Blind read 35b, au-wage at seed 35: 'a "calculation by underpayment category" shows no categories'. An item
    another figure of the sheet is (the overtime component) is that figure, read back, not a second typed amount."""
    wages = LedgerFact(id="wages", statement="The wage underpayment is AUD 6,870,000.", label="wage underpayment",
                       text="AUD 6,870,000", value=Money(amount=Decimal(6870000), currency="AUD"),
                       items=["Sunday penalty rates", "Overtime for part-time hours", "Minimum engagement"])
    overtime = _fact("overtime", "overtime component", Money(amount=Decimal(1120000), currency="AUD"),
                     "AUD 1,120,000")
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Back pay calculation by underpayment category",
                     author="a", occupation="x", rows=10, date=dt.date(2026, 6, 9), facts=["wages", "overtime"],
                     points=["Wage underpayment: {wages}, per employee per pay period",
                             "Overtime component: {overtime}, excluded from ordinary time earnings"])
    sk = build_skeleton(spec, [wages, overtime], None, "en_GB", Faker(), dt.date(2026, 4, 1))
    lines = _by_label(sk)
    items = [lines[name] for name in wages.items]
    assert all(ln.role == "item" and ln.cells[sk.amount] > 0 for ln in items)
    assert sum(ln.cells[sk.amount] for ln in items) == 6870000
    first = sk.lines.index(items[0])
    total = lines["Wage underpayment"]
    assert total.role == "total" and total.formula == "SUM({%d}:{%d})" % (first, first + 2)
    assert lines["Overtime for part-time hours"].cells[sk.amount] == 1120000
    assert lines["Overtime component"].formula == "{%d}" % sk.lines.index(lines["Overtime for part-time hours"])
    # the lines after the items still read the lines they read
    for ln in sk.lines:
        for ref in re.findall(r"\{(\d+)\}", ln.formula or ""):
            assert int(ref) < len(sk.lines) and sk.lines[int(ref)] is not ln
