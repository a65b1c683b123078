"""Registers that list their rows (blind read 28, issue 17 point 3: 'a "progress billing" register with no progress
claims, payments or unpaid balances')."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from faker import Faker

from worldsmith.generators.kinds.spreadsheet.render import skeleton_formulas
from worldsmith.generators.skeleton import build_skeleton
from worldsmith.worlds.plan import LedgerFact, SheetSpec
from worldsmith.worlds.values import Money


def _money(fid: str, amount: str, label: str, statement: str = "", formula: str | None = None) -> LedgerFact:
    return LedgerFact(id=fid, statement=statement or f"The {label} is CAD {amount}.", label=label,
                      text=f"CAD {amount}", value=Money(amount=Decimal(amount), currency="CAD"), formula=formula)


def _billing() -> list[LedgerFact]:
    return [_money("price", "12000000", "contract price"),
            _money("certified", "9000000", "value of work certified"),
            _money("held", "900000", "holdback retained"),
            _money("c4", "450000", "progress claim 4 unpaid",
                   "Progress claim 4 (work to January 31, 2026), certified, remains unpaid at CAD 450,000."),
            _money("c5", "630000", "progress claim 5 unpaid"),
            _money("unpaid", "1080000", "unpaid progress claims", formula="c4 + c5")]


def test_a_billing_register_lists_each_claim_with_its_live_outstanding_balance():
    """A billing register lists every claim up to the latest the ledger names: the ledger's unpaid claims unpaid at
    their figures, the rest paid; each row's outstanding is a live formula, the unpaid rows add up to the ledger's
    unpaid total, the certified amounts to the work certified by a live SUM and the holdback to the holdback retained.
    Before: the contract's figures one line each, no claim."""
    facts = _billing()
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Progress billing and holdback register", author="a",
                     occupation="x", rows=10, date=dt.date(2026, 4, 20), facts=["price", "certified", "held"])
    sk = build_skeleton(spec, facts, None, "en_CA", Faker(), dt.date(2025, 6, 1))
    rows = [ln for ln in sk.lines if ln.role == "item" and isinstance(ln.cells[0], int)]
    assert [ln.cells[0] for ln in rows] == [1, 2, 3, 4, 5]
    out = {ln.cells[0]: ln.cells[6] for ln in rows}
    assert out[4] == 450000 and out[5] == 630000 and all(out[n] == 0 for n in (1, 2, 3))
    assert rows[3].cells[2] == "2026-01-31" and rows[4].cells[2] == "2026-02-28"
    for ln in rows:
        cert, hb, paid = (Decimal(str(ln.cells[c])) for c in (3, 4, 5))
        assert cert - hb - paid == Decimal(str(ln.cells[6]))
    assert sum(Decimal(str(ln.cells[3])) for ln in rows) == Decimal("9000000")
    assert sum(Decimal(str(ln.cells[4])) for ln in rows) == Decimal("900000")
    formulas = skeleton_formulas(sk)
    assert formulas[(2, 7)][0] == "=D2-E2-F2"
    total = next(n for n, ln in enumerate(sk.lines) if ln.fact == "certified")
    assert sk.lines[total].role == "total" and formulas[(total + 2, 4)][0] == "=SUM(D2:D6)"
    assert any(f == ("=G5+G6", 1080000) for f in formulas.values())
    assert all(ln.fact is None for ln in rows)  # entries are never facts


def test_a_claims_list_sets_claimed_admitted_and_rejected_side_by_side():
    """A list of claims whose total is the ledger's admitted figure gives each claim its claimed, admitted and
    rejected amounts, the rejected part by a live formula (claimed less admitted), the admitted total by a live SUM
    and the claimed and rejected totals on a line of their own. Before: one amount a row, no claimed or rejected."""
    facts = [_money("admitted", "9000000", "admitted creditor claims",
                    "Claims of creditors admitted after verification (term loan, working capital and trade payables) "
                    "total CAD 9,000,000.")]
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="List of creditors: claims received and admitted",
                     author="a", occupation="x", rows=10, date=dt.date(2026, 4, 20), facts=["admitted"])
    sk = build_skeleton(spec, facts, None, "en_CA", Faker(), dt.date(2025, 6, 1))
    names = [c.name for c in sk.columns]
    a = sk.amount
    assert names[a - 1].startswith("Claimed") and names[a].startswith("Admitted") and names[a + 1].startswith("Rejected")
    formulas = skeleton_formulas(sk)
    rows = [n for n, ln in enumerate(sk.lines) if ln.role == "item" and ln.others and ln.cells[a] is not None]
    assert len(rows) >= 2
    for n in rows:
        cells = sk.lines[n].cells
        assert cells[a - 1] - cells[a] == cells[a + 1] >= 0
        col = chr(ord("A") + a)
        assert formulas[(n + 2, a + 2)][0] == f"={chr(ord('A') + a - 1)}{n + 2}-{col}{n + 2}"
    total = next(n for n, ln in enumerate(sk.lines) if ln.fact == "admitted")
    assert sk.lines[total].cells[a - 1] is None and sk.lines[total].cells[a + 1] is None
    below = sk.lines[total + 1]
    assert below.fact is None and below.cells[a - 1] == sum(sk.lines[n].cells[a - 1] for n in rows)


def test_a_register_titled_for_a_range_of_ids_lists_every_id_in_it():
    """A register titled 'CD-01 to CD-08' lists all eight: the ones a carried amount's statement names with their
    shares of it, the rest with their shares of the one other amount it carries, each amount a live sum of its rows.
    Before: the two amounts, one line each, and no directive."""
    facts = [_money("unvalued", "900000", "unvalued change directive work",
                    "Work under change directives CD-03, CD-05 and CD-08 has not been valued: CAD 900,000."),
             _money("approved", "400000", "approved change orders")]
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Change directive register: CD-01 to CD-08",
                     author="a", occupation="x", rows=10, date=dt.date(2026, 4, 20), facts=["unvalued", "approved"])
    sk = build_skeleton(spec, facts, None, "en_CA", Faker(), dt.date(2025, 6, 1))
    rows = [ln for ln in sk.lines if ln.role == "item"]
    assert [ln.cells[sk.label] for ln in rows] == [f"CD-0{k}" for k in range(1, 9)]
    status = {ln.cells[sk.label]: ln.cells[2] for ln in rows}
    assert {status[i] for i in ("CD-03", "CD-05", "CD-08")} == {"Unvalued"} and status["CD-01"] == "Approved"
    for fid, ids in (("unvalued", ("CD-03", "CD-05", "CD-08")), ("approved", ("CD-01", "CD-02", "CD-04", "CD-06",
                                                                               "CD-07"))):
        line = next(ln for ln in sk.lines if ln.fact == fid)
        refs = [int(x) for x in __import__("re").findall(r"\{(\d+)\}", line.formula)]
        assert [sk.lines[r].cells[sk.label] for r in refs] == list(ids)
        assert sum(Decimal(str(sk.lines[r].cells[sk.amount])) for r in refs) == facts[0 if fid == "unvalued" else 1].value.amount
