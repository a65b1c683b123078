"""Operational records as documents: a paper whose title's head noun names a record keeps its genre's entries, and the
checks find a hollow one (blind read 28, documents 0 of 18: 'a daily site report with no weather, manpower, trades or
deficiencies: a legal memo dressed as a site report'; 'a weekly production and cash report with no production or
cash'; 'a post-trade report with one number and no breakdown'; 'a Q1 risk report whose headline is the limit, not the
breach'). Papers of repository fixtures, retitled as records, composed alone (no world made)."""

from __future__ import annotations

import re
from decimal import Decimal

from tests.generators.planned import planned
from tests.generators.test_compose_docs_genres10 import _structure_rows
from tests.generators.test_genre_contract import _offending
from worldsmith.generators.context import build_context
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.generators.kinds.document.contract import missing_parts
from worldsmith.worlds.values import parse_amount


def _record(fixture: str, needle: str, title: str):
    """(ctx, doc, text) of a fixture's document whose title holds `needle`, retitled and composed offline."""
    plan, taxonomy = planned(fixture, 61)
    spec = next(a for a in plan.artifacts if a.kind == "document" and needle in a.title)
    spec.title, spec.cites = title, []
    ctx = build_context(plan, taxonomy, spec, {})
    doc = compose_document(ctx)
    rows = [doc.title, doc.subtitle]
    for s in doc.sections:
        # (a table's cells a line each, as the store reads a .docx)
        rows += [s.heading, *s.paragraphs] + ([c for r in [s.table.columns, *s.table.rows] for c in r] if s.table else [])
    return ctx, doc, "\n".join(rows)


def _table(doc, heading: str):
    return next(s.table for s in doc.sections if s.heading == heading)


def _memo_free(doc, text: str) -> None:
    heads = [s.heading for s in doc.sections]
    assert not {"Question Presented", "Short Answer", "Recommendation", "Executive Summary", "Key Findings"} & set(heads), heads
    assert "The headline is" not in text and "we advise" not in text.lower(), text


def test_a_daily_site_report_records_weather_manpower_work_deliveries_and_deficiencies():
    for fixture, needle, title in (("covenant-breach", "Minutes: Covenant kick-off", "Daily site report: level 4 fit-out"),
                                   ("wind-gearbox-serial-defect", "Minutes: Kick-off", "Site diary")):
        ctx, doc, text = _record(fixture, needle, title)
        _memo_free(doc, text)
        assert missing_parts(doc.title, text) == [], missing_parts(doc.title, text)
        assert re.search(r"Weather: [^\n]*low -?\d+°[CF], high -?\d+°[CF]", text), text
        crew = _table(doc, "Manpower by Trade")
        assert crew.rows[-1][0] == "Total on site"
        assert int(crew.rows[-1][1]) == sum(int(r[1]) for r in crew.rows[:-1]), crew.rows
        assert len(_table(doc, "Work Done by Area").rows) >= 3 and _table(doc, "Deliveries").rows
        assert re.search(r"DEF-\d{3}", text) and f"Recorded by {ctx.author.name}" in text, text
        for f in ctx.facts:
            assert f.text in text, (f.text, text)  # every fact carried, once, as a line of the record


def test_a_trade_report_makes_up_the_ledgers_cost_exactly_by_component():
    for fixture, needle, title in (("lift-maintenance", "Maintenance agreement extract", "Post-trade report: the move"),
                                   ("covenant-breach", "Advice to the board", "Pre-trade estimate: loan sale")):
        ctx, doc, text = _record(fixture, needle, title)
        _memo_free(doc, text)
        assert missing_parts(doc.title, text) == [], missing_parts(doc.title, text)
        cost = next(s.table for s in doc.sections if s.heading.endswith("Cost by Component"))
        total = cost.rows[-1]
        fact = next(f for f in ctx.facts if f.text == total[3])  # the ledger's figure is the total row
        parts = [parse_amount(r[3]).amount for r in cost.rows[:-1]]
        assert len(parts) >= 4 and sum(parts, Decimal(0)) == fact.value.amount, (parts, fact.text)
        assert text.count(fact.text) == 1, text  # stated once, as the record's total
        buckets = _table(doc, "Portfolio by Bucket")
        assert sum((parse_amount(r[1]).amount for r in buckets.rows[:-1]), Decimal(0)) == \
            parse_amount(buckets.rows[-1][1]).amount, buckets.rows


def test_a_periodic_report_heads_with_the_breach_over_its_period():
    for fixture, needle, title, limit in (
            ("covenant-breach", "Compliance certificate", "Quarterly compliance report Q2 2026: leverage", "3.5x"),
            ("wind-gearbox-serial-defect", "Failure analysis report", "Monthly risk report: gearbox failures", None)):
        ctx, doc, text = _record(fixture, needle, title)
        _memo_free(doc, text)
        assert missing_parts(doc.title, text) == [], missing_parts(doc.title, text)
        period = re.search(r"Reporting period: (.+?) to (.+?)[;(]", text)
        assert period, text
        rows = _table(doc, "Limits and Measures").rows
        if limit:
            assert rows[0][1] == limit and rows[0][-1] == "BREACH" and rows[0][3] == "0.2x", rows
            assert doc.sections[0].paragraphs[1].startswith("Breach: total net leverage ratio of 3.7x"), doc.sections[0]
            assert "June 30, 2026;" in period.group(0), period.group(0)  # the quarter's end, not the report's day
        for f in ctx.facts:
            assert f.text in text, (f.text, text)


def test_the_checks_find_a_hollow_record():
    # the form the composer gave these on main: a memo around the ledger's one or two facts
    hollow = _offending([
        ("s1", "Daily site report: deficiency and close-out works",
         "Executive Summary\nBrindle prepared this report as at 13 April 2026. The headline is that the payment due "
         "date for progress claim 18 is 28 April 2026."),
        ("p1", "Weekly production and cash report: the works",
         "Executive Summary\nThe corporate debtor is Kavir Castings. Key Findings\nFinding 1. The vote was 71%."),
        ("t1", "Post-trade report: euro credit transition", "The transition cost is EUR 3,828,000."),
        ("d1", "Daily transition report - April 20", "The headline is that the transition date is 20 April 2026."),
        ("q1", "Quarterly risk report Q1 2026: fixed income mandates",
         "The headline is that the tracking error limit is 0.75%. The ex-post tracking error is 1.42%."),
    ])
    for rid, part in (("s1", "weather"), ("s1", "manpower"), ("p1", "cash in and out"), ("t1", "cost by component"),
                      ("d1", "the residual"), ("q1", "the excess or breach")):
        assert any(b.startswith(f"{rid}:") and part in b for b in hollow), (rid, part, hollow)
    assert not any(b.startswith("q1:") and "limit" in b.split("lacks")[-1] and "breach" not in b for b in hollow)
    # and a record with no table of entries fails the structure check, a composed one passes it
    ctx, doc, text = _record("covenant-breach", "Minutes: Covenant kick-off", "Daily site report: level 4 fit-out")
    heads = [s.heading for s in doc.sections]
    tables = sum(1 for s in doc.sections if s.table)
    bad = _structure_rows([("r1", "site diary", doc.title, heads, text, 0), ("r2", "report", doc.title, heads, text, tables)])
    assert bad == ["r1: the site diary lacks its genre's table of entries"], bad


def test_a_series_of_records_hands_on_its_balance_and_its_residual():
    # a week's report opens on the last week's closing balance, a trading day's residual never rises (a reader reads
    # the series side by side)
    import datetime as dt

    from worldsmith.generators.records import _cash_week, _residual

    ctx, doc, text = _record("lift-maintenance", "Brookvale callout", "Weekly production and cash report: the plant")
    assert missing_parts(doc.title, text) == [], missing_parts(doc.title, text)
    day = ctx.spec.date
    monday = day - dt.timedelta(days=day.weekday() or 7)
    opening, receipts, paid = _cash_week(ctx, monday - dt.timedelta(days=7))
    assert _cash_week(ctx, monday)[0] == opening + receipts - paid
    cash = {r[0]: parse_amount(r[1]).amount for r in _table(doc, "Cash Position").rows}
    assert cash["Closing balance"] == cash["Opening balance"] + cash["Receipts from customers"] - cash["Total payments"]
    assert cash["Opening balance"] == _cash_week(ctx, monday)[0], cash
    left = [_residual(ctx, day + dt.timedelta(days=n)) for n in range(10)]
    assert left == sorted(left, reverse=True) and left[-1] == 0, left
