"""A ratio the ledger keeps as a multiple prints as one, beside its covenant in the same format (blind read 36,
es-hotel-loan-restructuring: 'net leverage as "725.00%" against a covenant of "5.5". No firm would send that')."""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal

import openpyxl
import pytest
from faker import Faker

from tests.generators.pdf_text import SOFFICE, convert, pdf_text
from tests.generators.plan_fixture import make_contents, make_plan
from worldsmith.generators.kinds.spreadsheet.render import render_xlsx
from worldsmith.generators.skeleton import build_skeleton
from worldsmith.worlds.plan import LedgerFact, SheetSpec
from worldsmith.worlds.values import Money, Number

LEDGER = [
    LedgerFact(id="debt", statement="Net debt is EUR 174,000,000.", label="Consolidated Net Debt",
               text="EUR 174,000,000.00", value=Money(amount=Decimal(174000000), currency="EUR")),
    LedgerFact(id="ebitda", statement="EBITDA is EUR 24,000,000.", label="Consolidated EBITDA",
               text="EUR 24,000,000.00", value=Money(amount=Decimal(24000000), currency="EUR")),
    LedgerFact(id="leverage", statement="Net leverage is 7.25x.", label="net leverage", text="7.25x",
               value=Number(value=Decimal("7.25"), unit="x"), formula="round(debt / ebitda, 2)"),
    LedgerFact(id="covenant", statement="The covenant is 5.50x.", label="covenant maximum", text="5.5x",
               value=Number(value=Decimal("5.5"), unit="x")),
    LedgerFact(id="share", statement="EBITDA is 13.79% of net debt.", label="EBITDA share", text="0.1379",
               value=Number(value=Decimal("0.1379")), formula="ebitda / debt"),
]
POINTS = ["Consolidated Net Debt: {debt}", "Consolidated EBITDA: {ebitda}",
          "Net leverage: {debt} over {ebitda}", "Covenant maximum: {covenant}"]


def _skeleton(points=POINTS, facts=("debt", "ebitda", "leverage", "covenant")):
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Net leverage recalculation", author="a",
                     occupation="23-1011", rows=40, date=dt.date(2026, 3, 26), facts=list(facts), points=points)
    return spec, build_skeleton(spec, LEDGER, None, "en_GB", Faker(), dt.date(2026, 1, 1))


def _formats(sk) -> dict[str, str | None]:
    return {ln.cells[sk.label]: ln.format for ln in sk.lines if ln.cells[sk.label]}


def test_a_multiple_over_two_amounts_and_its_covenant_share_the_multiple_format():
    """Before: money over money was always a share, so the leverage line was 'percent' and its covenant 'number'."""
    _, sk = _skeleton()
    formats = _formats(sk)
    assert formats["Net leverage"] == formats["Covenant maximum"] == "multiple", formats
    line = next(ln for ln in sk.lines if ln.cells[sk.label] == "Net leverage")
    assert line.cells[sk.amount] == 7.25 and line.formula == "ROUND({0}/{1},2)"


def test_a_share_the_ledger_keeps_as_a_plain_number_is_not_printed_as_a_percent():
    _, sk = _skeleton(["Net debt: {debt}", "EBITDA: {ebitda}", "Cover: {ebitda} over {debt}"],
                      ("debt", "ebitda", "share"))
    assert _formats(sk)["Cover"] == "number"


def _rendered():
    plan = make_plan()
    _, sk = _skeleton()
    spec = plan.artifact("s1").model_copy(update={"skeleton": sk})
    content = make_contents()["s1"].model_copy(update={"title": "Net leverage recalculation", "sheet_name": "Leverage",
                                                       "columns": sk.columns, "rows": [ln.cells for ln in sk.lines],
                                                       "notes": []})
    return render_xlsx(plan, spec, content)


def test_the_multiple_prints_with_its_x():
    ws = openpyxl.load_workbook(io.BytesIO(_rendered())).active
    shown = {ws.cell(row=r, column=1).value: ws.cell(row=r, column=2).number_format for r in range(2, 6)}
    assert shown["Net leverage"] == shown["Covenant maximum"] == '#,##0.00"x"', shown


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed; .ci/run installs libreoffice-calc-nogui")
def test_libreoffice_prints_the_multiple_as_a_multiple(tmp_path):
    (tmp_path / "lev.xlsx").write_bytes(_rendered())
    text = pdf_text(convert([tmp_path / "lev.xlsx"], tmp_path / "out", tmp_path / "profile")[0].read_bytes())
    assert "7.25x" in text and "5.50x" in text and "%" not in text and "###" not in text, text


# -- a sheet cites the papers its maker's side holds ------------------------------------------------------------

def _paper(id: str, title: str, author: str, readers: list[str], day: int):
    from worldsmith.worlds.plan import DocumentSpec

    return DocumentSpec(id=id, item=id, path=f"P/{id}.docx", title=title, author=author, occupation="13-2011",
                        doc_type="report", sections=2, date=dt.date(2026, 1, day), readers=readers, facts=["debt"])


def test_a_clients_sheet_never_cites_the_auditors_internal_plan():
    """us-saas-revenue-audit (blind read 36): 'The client's own rollforward (prepared by Sarah Oliver) gives the
    auditor's ... internal audit plan as sources for its GL figures'. The plan was the earliest paper carrying the
    figure; the client's own memo, later, is the one its sheet holds."""
    from worldsmith.generators.skeleton import input_sources, source_records

    plan = _paper("plan", "Audit strategy and plan", "auditor_manager", ["auditor_senior"], 5)
    memo = _paper("memo", "Management report on revenue", "client_controller", ["auditor_senior"], 9)
    letter = _paper("letter", "Engagement letter", "auditor_partner", ["client_cfo"], 7)
    side = {"auditor_manager": "thornbury", "auditor_senior": "thornbury", "auditor_partner": "thornbury",
            "client_controller": "nimbusgate", "client_cfo": "nimbusgate", "client_clerk": "nimbusgate"}
    sheet = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Deferred revenue rollforward", author="client_clerk",
                      occupation="13-2011", rows=10, date=dt.date(2026, 1, 20), facts=["debt"])
    by_fact = {f.id: f for f in LEDGER}
    records = source_records([plan, memo])
    assert input_sources(records, sheet, by_fact, side)["debt"][0] == "Management report on revenue"
    # nor a paper the other side sent to this one: the auditor's letter to the client's CFO (blind re-read 36:
    # 'Management's rollforward cites the auditor's engagement letter as the source of the opening balance')
    assert input_sources(source_records([plan, letter, memo]), sheet, by_fact, side)["debt"][0] == \
        "Management report on revenue"
    # the auditor's own sheet still reads its plan
    own = sheet.model_copy(update={"author": "auditor_senior"})
    assert input_sources(records, own, by_fact, side)["debt"][0] == "Audit strategy and plan"
    # the room's own side holds every paper in its room, sent to it or not (a schedule served on the tenant whose
    # solicitors keep the room: gb-dilapidations-claim)
    home = {**side, "client_clerk": ""}
    assert input_sources(records, sheet, by_fact, home)["debt"][0] == "Audit strategy and plan"


# -- a draft computed from its own figure ---------------------------------------------------------------------------

def test_a_draft_that_divides_by_its_own_term_shows_the_term_and_computes_the_adjustment():
    """us-saas-revenue-audit (blind read 36): 'The draft adjustment is a hard-coded 1,627,500, with no term, months
    or entry'. The draft spread the fee over 24 months, not the 36 confirmed later: the back-solve's plain secant
    steps ran to a term of 0 and gave up, so nothing was computed."""
    from worldsmith.worlds.plan import LedgerDistractor

    facts = [
        LedgerFact(id="fee", statement="The activation fee is USD 1,860,000.", label="activation fee",
                   text="USD 1,860,000.00", value=Money(amount=Decimal(1860000), currency="USD")),
        LedgerFact(id="in_fy", statement="Three months fall in FY2025.", label="months in FY2025", text="3 months",
                   value=Number(value=Decimal(3), unit="months")),
        LedgerFact(id="term", statement="The term is 36 months.", label="term", text="36 months",
                   value=Number(value=Decimal(36), unit="months"), known_from=dt.date(2026, 2, 11)),
        LedgerFact(id="adj", statement="The adjustment is USD 1,705,000.", label="proposed adjustment",
                   text="USD 1,705,000.00", value=Money(amount=Decimal(1705000), currency="USD"),
                   formula="fee - fee * in_fy / term", known_from=dt.date(2026, 2, 11)),
    ]
    draft = LedgerDistractor(id="d", fact="adj", value=Money(amount=Decimal(1627500), currency="USD"),
                             text="USD 1,627,500.00", label="superseded draft over 24 months")
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="DRAFT: proposed adjustment", author="a",
                     occupation="13-2011", rows=8, date=dt.date(2026, 2, 10), facts=["adj", "fee"], distractor="d")
    sk = build_skeleton(spec, facts, draft, "en_US", Faker(), dt.date(2026, 1, 1), drafts=[draft])
    amounts = {ln.cells[sk.label]: ln.cells[sk.amount] for ln in sk.lines}
    assert 24 in amounts.values() and 3 in amounts.values(), amounts
    bottom = next(ln for ln in sk.lines if ln.cells[sk.amount] == 1627500)
    assert bottom.formula and "/" in bottom.formula, bottom


# -- a title that promises rows the ledger does not give ------------------------------------------------------------

def test_an_allocation_by_lender_over_facilities_is_titled_for_its_calculation():
    """es-hotel-loan-restructuring (blind read 36, #23): 'The title is "allocation by lender", but there are no lender
    rows and nothing is allocated.' The ledger's only items were the facilities; items of the kind a 'by' names keep
    it."""
    from worldsmith.generators.kinds.spreadsheet.promise import retitle

    facilities = LedgerFact(id="facility", statement="Outstanding under the facilities are EUR 186,000,000.",
                            label="outstanding senior facilities", text="EUR 186,000,000.00",
                            value=Money(amount=Decimal(186000000), currency="EUR"),
                            items=["Facility A (amortising term loan)", "Facility B (bullet term loan)"])
    points = ["Facilities outstanding: {facility}", "Waiver fee: {rate} of {facility}"]
    assert retitle("Waiver fee allocation by lender", [facilities], points) == "Waiver fee calculation"
    assert retitle("Waiver fee allocation by facility", [facilities], points) == "Waiver fee allocation by facility"
    suppliers = facilities.model_copy(update={"statement": "Purchases from the three suppliers are EUR 186,000,000.",
                                              "items": ["Acme Ltd", "Brill GmbH", "Corvo SpA"]})
    assert retitle("Purchases by supplier", [suppliers], ["Total: {facility}"]) == "Purchases by supplier"


# -- no route column that weighs nothing, no empty column -----------------------------------------------------------

def _routed(found, lines, monkeypatch):
    from types import SimpleNamespace

    from worldsmith.generators.kinds.spreadsheet import routes as R
    from worldsmith.worlds.content import SheetColumn
    from worldsmith.worlds.plan import SheetLine

    monkeypatch.setattr(R, "sheet_routes", lambda ctx: found)
    facts = [f for r in found for f in r.facts]
    ctx = SimpleNamespace(spec=SimpleNamespace(title="Claim against the cap"), facts=facts)
    sk_lines = [SheetLine(cells=[fid, 1, None], role="input", fact=fid, format="money") for fid in lines]
    columns = [SheetColumn(name="Item"), SheetColumn(name="Value", type="number"), SheetColumn(name="Basis")]
    return R.route_columns(ctx, columns, [ln.cells for ln in sk_lines], sk_lines)


def test_a_route_without_lines_gives_no_route_column_and_no_effect_column_is_left_empty(monkeypatch):
    """gb-dilapidations-claim (blind read 36, #21): 'The "Effect" column is empty and "Route" is never explained':
    every line 'Both' but the cap's, whose route was the only one with a figure."""
    from worldsmith.generators.compose.substance.weigh import Route
    from worldsmith.generators.context import FactRef

    def ref(fid, statement):
        return FactRef(id=fid, label=fid, statement=statement, text="GBP 1.00",
                       value=Money(amount=Decimal(1), currency="GBP"))

    cap, demand = ref("cap", "The section 18(1) cap is GBP 385,000."), ref("demand", "The demand is GBP 1,060,200.")
    columns, _ = _routed([Route("cap", [cap]), Route("claim", [])], ["demand", "cap"], monkeypatch)
    assert [c.name for c in columns] == ["Item", "Value", "Basis"]
    columns, rows = _routed([Route("cap", [cap]), Route("claim", [demand])], ["demand", "cap"], monkeypatch)
    assert [c.name for c in columns] == ["Item", "Value", "Basis", "Route"] and rows[1][-1] == "Cap", (columns, rows)


# -- a result the rows decide is worked out --------------------------------------------------------------------------

def test_a_vote_result_is_worked_out_from_the_votes_and_the_majority_needed():
    """es-hotel-loan-restructuring (blind read 36, #24): the vote tracker's 'result is typed in rather than
    calculated'. The result row is a live IF of the votes for against the majority needed; its words stay its basis."""
    from worldsmith.worlds.values import Percent

    vote = [
        LedgerFact(id="cls", statement="The class holds EUR 186,000,000.", label="class liabilities",
                   text="EUR 186,000,000.00", value=Money(amount=Decimal(186000000), currency="EUR")),
        LedgerFact(id="pct", statement="The majority is 75%.", label="approval majority", text="75%",
                   value=Percent(value=Decimal(75))),
        LedgerFact(id="needed", statement="EUR 139,500,000 is needed.", label="votes needed", text="EUR 139,500,000.00",
                   value=Money(amount=Decimal(139500000), currency="EUR"), formula="percent_of(pct, cls)"),
        LedgerFact(id="for", statement="EUR 151,900,000 voted for.", label="votes for the plan",
                   text="EUR 151,900,000.00", value=Money(amount=Decimal(151900000), currency="EUR")),
    ]
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Lender vote tracker", author="a", occupation="23-2011",
                     rows=12, date=dt.date(2026, 6, 10), facts=["cls", "for", "pct", "needed"],
                     points=["Class liabilities: {cls}", "Majority needed: {pct} of {cls}", "Votes for the plan: {for}",
                             "Result: the class approves the plan"])
    sk = build_skeleton(spec, vote, None, "en_GB", Faker(), dt.date(2026, 1, 1))
    result = next(ln for ln in sk.lines if ln.cells[sk.label] == "Result")
    at = {ln.cells[sk.label]: i for i, ln in enumerate(sk.lines)}
    assert result.formula == 'IF({%d}>={%d},"Reached","Not reached")' % (at["Votes for the plan"],
                                                                            at["Majority needed"]), result
    assert result.cells[sk.amount] == "Reached" and "approves" in result.cells[-1]
