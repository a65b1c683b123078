"""Sheet skeletons: amounts split to the cent, ledger formulas as Excel formulas, roll-ups that meet the ledger."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from faker import Faker

from worldsmith.generators.skeleton import (build_skeleton, excel_formula, formula_words, layout_for, rollup_shares,
                                          split_cents)
from worldsmith.worlds.plan import FactPeriod, LedgerDistractor, LedgerFact, SheetSpec
from worldsmith.worlds.values import Money, Number, Percent


@settings(max_examples=200, deadline=None)
@given(cents=st.integers(min_value=1, max_value=10**13), n=st.integers(min_value=1, max_value=60), seed=st.integers(0, 99))
def test_split_cents_adds_up_exactly_to_the_total(cents, n, seed):
    total = Decimal(cents) / 100
    parts = split_cents(total, n, random.Random(seed), whole=False)
    assert len(parts) == n and sum(parts) == total
    if cents >= n:
        assert all(p > 0 for p in parts)


def test_excel_formula_reads_the_lines_of_the_inputs():
    at = {"per_ton_limit": 1, "gross_tonnage": 0, "limit_floor": 2, "fault": 3, "claims": 4}
    assert excel_formula("max(per_ton_limit * gross_tonnage, limit_floor)", at) == "MAX({1}*{0},{2})"
    assert excel_formula("percent_of(fault, claims)", at) == "{3}*{4}"
    assert excel_formula("per_ton_limit + gross_tonnage + limit_floor", at) == "{1}+{0}+{2}"
    assert excel_formula("per_ton_limit - (gross_tonnage - limit_floor)", at) == "{1}-({0}-{2})"
    words = formula_words("min(fault, claims)", lambda f: f.replace("_", " "))
    assert words == "lesser of fault and claims"


def test_layout_follows_the_title():
    assert layout_for("Claims tracker: third-party claims") == "tracker"
    assert layout_for("Daily removal-cost log") == "log"
    assert layout_for("Damages schedule: claims by category") == "schedule"


def _sheet(day: dt.date, n: int) -> SheetSpec:
    return SheetSpec(id=f"log_{n}", item="log", path=f"Logs/{n}.xlsx", title=f"Log {n}", author="a", occupation="x",
                     rows=5, date=day, rolls_up_to="costs")


def test_rollup_shares_meet_the_current_value_and_the_earlier_one_on_its_day():
    fact = LedgerFact(id="costs", statement="Costs.", value=Money(amount=Decimal("1000000"), currency="USD"),
                      text="USD 1,000,000", known_from=dt.date(2026, 4, 1),
                      earlier=[FactPeriod(since=dt.date(2026, 3, 11), value=Money(amount=Decimal("600000.50"), currency="USD"),
                                          text="USD 600,000.50")])
    sheets = [_sheet(dt.date(2026, 3, 1) + dt.timedelta(days=3 * k), k) for k in range(10)]
    shares = rollup_shares(sheets, fact, random.Random(3))
    assert sum(shares.values()) == Decimal("1000000")
    assert sum(v for s, v in shares.items() if next(x for x in sheets if x.id == s).date < dt.date(2026, 3, 11)) \
        == Decimal("600000.50")
    assert all(v > 0 for v in shares.values())


def test_rollup_shares_tail_off_after_the_first_days():
    fact = LedgerFact(id="costs", statement="Costs.", value=Money(amount=Decimal("1000000"), currency="USD"),
                      text="USD 1,000,000")
    sheets = [_sheet(dt.date(2026, 3, 1) + dt.timedelta(days=3 * k), k) for k in range(10)]
    shares = rollup_shares(sheets, fact, random.Random(3))
    first, last = sum(shares[f"log_{k}"] for k in range(3)), sum(shares[f"log_{k}"] for k in range(7, 10))
    assert first > 2 * last


def _number(fid: str, value: int, unit: str = "claims") -> LedgerFact:
    return LedgerFact(id=fid, statement=f"{fid}.", label=fid.replace("_", " "), value=Number(value=Decimal(value), unit=unit),
                      text=str(value))


def test_a_sample_sheet_has_a_row_per_item_sampled_and_counts_its_errors_by_formula():
    facts = [_number("sample_size", 120), _number("claims_in_error", 9),
             LedgerFact(id="found", statement="Found.", label="net overpayment in the sample", text="USD 31,250",
                        value=Money(amount=Decimal("31250"), currency="USD"))]
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Claim sample with audit results", author="a", occupation="x",
                     rows=40, date=dt.date(2026, 6, 9), facts=["sample_size", "claims_in_error", "found"])
    sk = build_skeleton(spec, facts, None, "en_US", Faker(), dt.date(2026, 5, 1))
    items = [ln for ln in sk.lines if ln.role == "item"]
    assert len(items) == 120  # one row per claim sampled, not spec.rows
    assert sum(1 for ln in items if ln.cells[sk.amount] is not None) == 9
    assert sum(Decimal(str(ln.cells[sk.amount])) for ln in items if ln.cells[sk.amount] is not None) == Decimal("31250")
    by_fact = {ln.fact: ln for ln in sk.lines if ln.fact}
    assert by_fact["claims_in_error"].formula.startswith("COUNT(") and by_fact["found"].formula.startswith("SUM(")
    # a retrospective sample: every date of service falls months before the fieldwork
    assert all(dt.date.fromisoformat(ln.cells[2]) < dt.date(2026, 4, 1) for ln in items)


def _stratified_facts():
    size = LedgerFact(id="sample_size", label="probe sample", text="400",
                      statement="The probe sample is 400 claims paid between July 1, 2025 and March 31, 2026, "
                                "stratified by DRG weight.", value=Number(value=Decimal(400), unit="claims"))
    return [size, _number("population", 10560), _number("claims_in_error", 46),
            LedgerFact(id="found", statement="Found.", label="net overpayment in the sample", text="USD 182,340",
                       value=Money(amount=Decimal("182340"), currency="USD")),
            LedgerFact(id="extrapolated", statement="E.", label="extrapolated overpayment", text="USD 4,813,776",
                       formula="found / sample_size * population",
                       value=Money(amount=Decimal("4813776"), currency="USD"))]


def test_a_stratified_sample_lists_each_claims_stratum_and_drg_and_dates_inside_the_period():
    # read 12: 'The sample is said to be stratified by DRG weight, but there is no DRG or stratum column. Several dates
    # of service (Mar 14-22, 2026) could not have been paid by the Mar 31 end of the review period'
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Claim sample with audit results", author="a",
                     occupation="x", rows=40, date=dt.date(2026, 6, 9), facts=["sample_size", "claims_in_error", "found"],
                     purpose="One row per sampled claim with the billed DRG, the audited DRG and the payment difference.")
    sk = build_skeleton(spec, _stratified_facts(), None, "en_US", Faker(), dt.date(2026, 5, 1))
    names = [c.name for c in sk.columns]
    assert {"Stratum", "Billed DRG", "Audited DRG"} <= set(names), names
    s, d, billed, audited = (names.index(x) for x in ("Stratum", "Date of service", "Billed DRG", "Audited DRG"))
    items = [ln for ln in sk.lines if ln.role == "item"]
    counts = {}
    for ln in items:
        counts[ln.cells[s]] = counts.get(ln.cells[s], 0) + 1
    assert len(counts) == 3 and sum(counts.values()) == 400 and all(c * 10560 % 400 == 0 for c in counts.values())
    assert all(dt.date(2025, 7, 1) <= dt.date.fromisoformat(ln.cells[d]) <= dt.date(2026, 3, 10) for ln in items)
    errors = [ln for ln in items if ln.cells[sk.amount] is not None]
    assert errors and all(ln.cells[billed] != ln.cells[audited] for ln in errors)  # the error is the DRG's
    assert all(ln.cells[billed] == ln.cells[audited] for ln in items if ln.cells[sk.amount] is None)


def test_a_stratified_extrapolation_shows_its_strata_summing_to_the_population():
    # read 12: 'the "corrected stratum weights" workbook ... is a single unweighted expansion (B3/B5*B4). It has no
    # strata'
    spec = SheetSpec(id="w", item="w", path="W/w.xlsx", title="Extrapolation workbook", author="a", occupation="x",
                     rows=12, date=dt.date(2026, 6, 18), facts=["found", "population", "extrapolated"])
    sk = build_skeleton(spec, _stratified_facts(), None, "en_US", Faker(), dt.date(2026, 5, 1))
    strata = [ln for ln in sk.lines if str(ln.cells[0]).startswith("Stratum ") and ln.cells[sk.amount] is not None
              and str(ln.cells[0]).endswith("in the population")]
    assert len(strata) == 3 and sum(ln.cells[sk.amount] for ln in strata) == 10560
    total = next(ln for ln in sk.lines if str(ln.cells[0]).endswith("in the population, all strata"))
    assert total.formula and total.cells[sk.amount] == 10560
    sampled = [int(str(ln.cells[-1]).split()[0]) for ln in strata]
    assert sum(sampled) == 400
    assert all(ln.cells[sk.amount] * 400 == k * 10560 for ln, k in zip(strata, sampled))  # proportional allocation
    # a sample that does not say it is stratified has no strata
    plain = [f if f.id != "sample_size" else _number("sample_size", 400) for f in _stratified_facts()]
    sk = build_skeleton(spec, plain, None, "en_US", Faker(), dt.date(2026, 5, 1))
    assert not any(str(ln.cells[0]).startswith("Stratum") for ln in sk.lines)


def test_daily_logs_of_one_response_share_their_contractors():
    fact = LedgerFact(id="costs", statement="Costs.", value=Money(amount=Decimal("900000"), currency="USD"),
                      text="USD 900,000", items=["Boom", "Skimming", "Shoreline"])
    sheets = [SheetSpec(id=f"log_{k}", item="log", path=f"L/{k}.xlsx", title=f"Daily cost log - day {k}", author="a",
                        occupation="x", rows=12, date=dt.date(2026, 3, 1) + dt.timedelta(days=k), rolls_up_to="costs")
              for k in range(3)]
    names = []
    for s in sheets:
        sk = build_skeleton(s, [fact], None, "en_US", Faker(), dt.date(2026, 2, 1), share=Decimal("300000"))
        rows = [ln for ln in sk.lines if ln.role == "item"]
        names.append({ln.cells[1] for ln in rows})
        trade = {}
        for ln in rows:  # a contractor works on one category throughout
            assert trade.setdefault(ln.cells[1], ln.cells[3]) == ln.cells[3]
    assert len(names[0] & names[1] & names[2]) >= 2


_RECALL_ITEMS = ["Retailer chargebacks and customer credits", "Reverse logistics and product retrieval",
                 "Destruction and disposal of recalled product", "Finished product and ingredient testing",
                 "Plant sanitation and line downtime", "Consumer notification and call centre"]


def test_a_weekly_recall_cost_log_dates_its_lines_across_the_week_and_each_payee_bills_its_own_trade():
    # read 12: 'A "weekly" log carries one date and a "Total for the day" of USD 1.89M. Contractors bill materials,
    # transport and equipment as "Retailer chargebacks"'
    from worldsmith.worlds.values import DateValue

    costs = LedgerFact(id="costs", statement="Costs.", value=Money(amount=Decimal("6840000"), currency="USD"),
                       text="USD 6,840,000", items=_RECALL_ITEMS)
    recall = LedgerFact(id="recall_date", statement="Recalled.", label="recall date", text="March 5, 2026",
                        value=DateValue(value=dt.date(2026, 3, 5)))
    spec = SheetSpec(id="log_1", item="log", path="L/1.xlsx", title="Weekly recall cost log - March 6", author="a",
                     occupation="x", rows=20, date=dt.date(2026, 3, 6), rolls_up_to="costs", facts=["recall_date"])
    sk = build_skeleton(spec, [costs, recall], None, "en_US", Faker(), dt.date(2026, 3, 2), share=Decimal("900000"))
    rows = [ln for ln in sk.lines if ln.role == "item"]
    days = {dt.date.fromisoformat(ln.cells[0]) for ln in rows}
    assert len(days) > 1 and min(days) >= dt.date(2026, 3, 5) and max(days) <= dt.date(2026, 3, 6), days
    assert [ln.cells[0] for ln in rows] == sorted(ln.cells[0] for ln in rows)
    assert any(ln.cells[1] == "Total for the week" for ln in sk.lines)
    for ln in rows:
        payee, resource, category = ln.cells[1], ln.cells[2], ln.cells[3]
        if category.startswith("Retailer"):
            assert payee.split()[-1] in ("Foods", "Market", "Grocers", "Supermarkets", "Stores"), payee
            assert resource not in ("Materials", "Transport", "Equipment", "Labour"), resource
        if "testing" in category:
            assert payee.endswith(("Laboratories", "Analytical", "Labs")), payee


def test_a_claims_tracker_lists_trades_as_payees_after_the_event_in_no_fixed_cycle():
    # read 12: 'Claims are "presented" on March 2-4, before the notice and the recall. Retailer chargebacks and lab
    # testing are billed by private individuals, and the categories repeat in a fixed six-row cycle'
    costs = LedgerFact(id="costs", statement="Costs.", value=Money(amount=Decimal("6840000"), currency="USD"),
                       text="USD 6,840,000", items=_RECALL_ITEMS, known_from=dt.date(2026, 4, 17))
    spec = SheetSpec(id="t", item="t", path="T/t.xlsx", title="Retailer chargeback and vendor invoice tracker",
                     author="a", occupation="x", rows=50, date=dt.date(2026, 4, 21), facts=["costs"])
    sk = build_skeleton(spec, [costs], None, "en_US", Faker(), dt.date(2026, 3, 2))
    rows = [ln for ln in sk.lines if ln.role == "item"]
    assert len(rows) >= 12
    assert all(dt.date.fromisoformat(ln.cells[3]) >= dt.date(2026, 3, 9) for ln in rows)
    cats = [ln.cells[2] for ln in rows]
    assert cats != [_RECALL_ITEMS[k % 6] for k in range(len(cats))]  # not the items in a fixed cycle
    for ln in rows:
        if ln.cells[2].startswith("Retailer"):
            assert ln.cells[1].split()[-1] in ("Foods", "Market", "Grocers", "Supermarkets", "Stores"), ln.cells[1]


def test_a_model_lays_out_an_amount_over_a_stated_period_month_by_month_into_its_own_line():
    # read 12: 'The rendered "model" is two typed inputs times each other. There is no lost-sales baseline or period'
    sales = LedgerFact(id="lost_sales", label="lost net sales", text="USD 8,750,000",
                       statement="The net sales lost from March 5 to June 30, 2026 are USD 8,750,000.",
                       value=Money(amount=Decimal("8750000"), currency="USD"))
    margin = LedgerFact(id="margin", statement="M.", label="contribution margin", text="36%",
                        value=Percent(value=Decimal("36")))
    profits = LedgerFact(id="lost_profits", statement="L.", label="lost profits", text="USD 3,150,000",
                         formula="percent_of(margin, lost_sales)", value=Money(amount=Decimal("3150000"), currency="USD"))
    spec = SheetSpec(id="m", item="m", path="D/m.xlsx", title="Lost profits model", author="a", occupation="x",
                     rows=24, date=dt.date(2026, 4, 24), facts=["lost_sales", "margin", "lost_profits"])
    sk = build_skeleton(spec, [sales, margin, profits], None, "en_US", Faker(), dt.date(2026, 3, 2))
    months = [ln for ln in sk.lines if str(ln.cells[0]).startswith("Lost net sales: ")]
    assert [str(ln.cells[0]).split(": ")[1].split(" (")[0] for ln in months] == \
        ["March 2026", "April 2026", "May 2026", "June 2026"]
    assert "(March 5 to 31)" in months[0].cells[0]
    assert sum(Decimal(str(ln.cells[sk.amount])) for ln in months) == Decimal("8750000")
    total = next(ln for ln in sk.lines if ln.fact == "lost_sales")
    assert total.formula.startswith("SUM(") and total.cells[sk.amount] == 8750000
    assert next(ln for ln in sk.lines if ln.fact == "lost_profits").formula  # computed from the sum, live
    # an amount whose statement names no period stays one typed input
    flat = sales.model_copy(update={"statement": "The net sales lost are USD 8,750,000."})
    sk = build_skeleton(spec, [flat, margin, profits], None, "en_US", Faker(), dt.date(2026, 3, 2))
    assert not any(str(ln.cells[0]).startswith("Lost net sales: ") for ln in sk.lines)


def test_an_aging_puts_in_its_older_buckets_what_the_statement_says_is_older():
    # an unbilled aging whose buckets put USD 7.05m over 30 days against a stated USD 3.1m (read 12: 'Five odd-dollar
    # buckets sum to exactly USD 9,460,000.00')
    ar = LedgerFact(id="ar", label="unbilled receivables at May 31", text="USD 9,460,000",
                    statement="Unbilled accounts receivable stood at USD 9,460,000 at May 31, 2026, of which "
                              "USD 3,100,000 was more than 30 days old.",
                    value=Money(amount=Decimal("9460000"), currency="USD"))
    spec = SheetSpec(id="a", item="a", path="R/a.xlsx", title="Unbilled receivables aging at May 31", author="a",
                     occupation="x", rows=10, date=dt.date(2026, 6, 1), facts=["ar"])
    sk = build_skeleton(spec, [ar], None, "en_US", Faker(), dt.date(2026, 5, 1))
    rows = {str(ln.cells[0]): Decimal(str(ln.cells[sk.amount])) for ln in sk.lines if ln.role == "item"
            and not str(ln.cells[0]).startswith("Of which")}
    # an unbilled aging counts days from discharge (read 14): the bands to 30 days hold the rest
    newer = [v for k, v in rows.items() if k.split("-")[0] in ("0", "5", "15")]
    assert sum(newer) == Decimal("6360000") and len(newer) == 3, rows
    older = [v for k, v in rows.items() if k.split("-")[0] not in ("0", "5", "15")]
    assert sum(older) == Decimal("3100000") and older == sorted(older, reverse=True), rows


def test_a_draft_of_a_ratio_is_solved_at_the_money_input_it_was_built_on():
    usd = lambda a: Money(amount=Decimal(a), currency="USD")  # noqa: E731
    facts = [LedgerFact(id="limit", statement="Limit.", label="building limit", value=usd(12000000), text="x"),
             LedgerFact(id="value", statement="Value.", label="replacement cost value", value=usd(18750000), text="x"),
             LedgerFact(id="pct", statement="Pct.", label="coinsurance percentage", value=Percent(value=Decimal(80)), text="x"),
             LedgerFact(id="required", statement="Req.", label="required insurance", value=usd(15000000), text="x",
                        formula="percent_of(pct, value)"),
             LedgerFact(id="loss", statement="Loss.", label="building loss", value=usd(6400000), text="x"),
             LedgerFact(id="recovery", statement="Rec.", label="building recovery", value=usd(5120000), text="x",
                        formula="limit / required * loss")]
    draft = LedgerDistractor(id="d", fact="recovery", value=usd(6000000), text="USD 6,000,000",
                             label="draft on actual cash value")
    spec = SheetSpec(id="s", item="s", path="W/s.xlsx", title="Coinsurance working", author="a", occupation="x", rows=5,
                     date=dt.date(2026, 8, 3), facts=["recovery", "loss", "limit"], distractor="d")
    sk = build_skeleton(spec, facts, draft, "en_US", Faker(), dt.date(2026, 4, 1), drafts=[draft])
    cells = {ln.cells[0]: ln for ln in sk.lines}
    assert cells["Replacement cost value (this draft)"].cells[sk.amount] == 16000000
    assert cells["Required insurance (this draft)"].formula  # computed from the draft's value, not typed
    assert cells["Building recovery"].cells[sk.amount] == 6000000


def test_a_sources_and_uses_sheet_has_sources_that_equal_its_uses_and_a_funds_flow():
    usd = lambda a: Money(amount=Decimal(a), currency="USD")  # noqa: E731
    facts = [LedgerFact(id="ebitda", statement="E.", label="adjusted EBITDA", value=usd(14200000), text="x"),
             LedgerFact(id="multiple", statement="M.", label="EBITDA multiple", value=Number(value=Decimal("12.5")), text="x"),
             LedgerFact(id="ev", statement="EV.", label="enterprise value", value=usd(177500000), text="x",
                        formula="multiple * ebitda"),
             LedgerFact(id="pct", statement="P.", label="escrow percentage", value=Percent(value=Decimal("7.5")), text="x"),
             LedgerFact(id="escrow", statement="Es.", label="escrow amount", value=usd(13312500), text="x",
                        formula="percent_of(pct, ev)")]
    spec = SheetSpec(id="s", item="s", path="V/s.xlsx", title="Sources and uses and funds flow", author="a",
                     occupation="x", rows=5, date=dt.date(2026, 10, 8), facts=["ev", "escrow", "ebitda", "multiple", "pct"])
    sk = build_skeleton(spec, facts, None, "en_US", Faker(), dt.date(2026, 9, 1))
    by_label = {ln.cells[0]: ln for ln in sk.lines}
    assert {"Uses", "Sources", "Funds flow at completion"} <= set(by_label)
    assert by_label["Total sources"].cells[sk.amount] == 177500000 and by_label["Total sources"].formula
    sellers = by_label["Paid to the sellers (before net debt and working capital)"]
    assert by_label["Equity from the fund"].formula and sellers.cells[sk.amount] == 164187500
    # read 12: 'The funds flow pays the sellers EV less escrow despite a cash-free, debt-free deal: it ignores debt
    # repaid, cash and the NWC true-up. The S&U also leaves out transaction costs.' The lines the ledger holds no
    # figure for are there, to be confirmed with their source, and carry no figure
    tbc = {label: ln for label, ln in by_label.items() if str(ln.cells[-1] or "").startswith("To be confirmed:")}
    words = " ".join(tbc).lower()
    assert "net debt" in words and "working capital" in words and "transaction costs" in words, list(tbc)
    assert all(ln.cells[sk.amount] is None and not ln.formula for ln in tbc.values())
    assert all(" from " in ln.cells[-1] for ln in tbc.values())  # the source the figure will come from
    assert "cash-free, debt-free" in by_label["Purchase price (enterprise value)"].cells[-1].lower()


def test_a_sources_and_uses_on_an_equity_price_has_no_net_debt_bridge():
    usd = lambda a: Money(amount=Decimal(a), currency="USD")  # noqa: E731
    facts = [LedgerFact(id="price", statement="P.", label="price for the shares", value=usd(50000000), text="x")]
    spec = SheetSpec(id="s", item="s", path="V/s.xlsx", title="Sources and uses", author="a",
                     occupation="x", rows=5, date=dt.date(2026, 10, 8), facts=["price"])
    sk = build_skeleton(spec, facts, None, "en_US", Faker(), dt.date(2026, 9, 1))
    labels = [str(ln.cells[0]) for ln in sk.lines]
    assert not any("net debt" in x.lower() or "working capital" in x.lower() for x in labels), labels
    assert any(x.startswith("Transaction costs") for x in labels)  # the buyer's costs are a use whatever the price


def test_a_rate_by_payer_is_computed_from_each_payers_claims():
    facts = [LedgerFact(id="rate", statement="R.", label="initial denial rate", value=Percent(value=Decimal("14.2")),
                        text="14.2%")]
    spec = SheetSpec(id="s", item="s", path="R/s.xlsx", title="Denials log by payer", author="a", occupation="x",
                     rows=30, date=dt.date(2026, 5, 20), facts=["rate"])
    sk = build_skeleton(spec, facts, None, "en_US", Faker(), dt.date(2026, 5, 1))
    groups = [ln for ln in sk.lines if ln.role == "item"]
    assert len(groups) == 5 and all(ln.formula.startswith("ROUND(C") for ln in groups)
    claims = sum(ln.cells[1] for ln in groups)
    assert round(sum(ln.cells[2] for ln in groups) / claims, 3) == 0.142
    # a period's own count, not a round 5,000; no self-pay line, which has no payer to deny (read 16)
    assert claims % 100 and not [ln for ln in groups if "self" in str(ln.cells[0]).lower()]
    assert next(ln for ln in sk.lines if ln.fact == "rate").formula.startswith("ROUND(SUM(")


def test_a_cost_logs_contractors_read_like_the_trade_that_bills_each_category():
    """Blind read 13: response contractors "Morris LLC", "Payne Inc", "Davies, Kelly and Mitchell" read as stock
    names; a spill's boom, waste and lightering are billed by firms of those trades."""
    from worldsmith.generators.skeleton import _roster

    fact = LedgerFact(id="removal_costs", statement="Removal costs of the oil spill response total USD 1,000,000.",
                      value=Money(amount=Decimal("1000000"), currency="USD"), text="USD 1,000,000",
                      items=["Source control and lightering", "Boom deployment and tending", "Waste handling and disposal"])
    roster = _roster(fact, Faker("en_US"))
    assert len({name for name, _, _ in roster}) == len(roster)
    for name, category, _ in roster:
        assert not any(w in name for w in (" LLC", " Inc", " Ltd", " PLC", ",", " and ", " Group")), name
        ends = {"Source control and lightering": ("Salvage", "Marine Services", "Towing"),
                "Boom deployment and tending": ("Spill Response", "Environmental Response", "Marine Response"),
                "Waste handling and disposal": ("Waste Services", "Environmental Services", "Industrial Waste")}[category]
        assert name.endswith(ends), (name, category)


def test_an_agings_one_newer_bucket_says_it_is_the_total_less_the_older_amount():
    """Blind read 13: "the current bucket is a round 6,360,000 plug next to odd-dollar buckets"."""
    from worldsmith.generators.skeleton import _aged_rest

    fact = LedgerFact(id="unbilled", statement="Unbilled receivables stood at USD 9,460,000, of which USD 3,100,000 "
                                               "was more than 30 days old.",
                      value=Money(amount=Decimal("9460000"), currency="USD"), text="USD 9,460,000")
    items = ["Current (0-30 days)", "31-60 days", "61-90 days", "91-120 days", "Over 120 days"]
    assert _aged_rest(fact, items, fact.value) == {0: "Total USD 9,460,000 less the USD 3,100,000 over 30 days"}
    assert _aged_rest(fact, ["0-15 days", "16-30 days", "Over 30 days"], fact.value) == {}


def test_a_drg_claim_is_paid_about_its_weight_times_the_base_rate():
    """Blind read 13: "the same low-weight DRG is paid from 4,790 to 20,520 (391), DRG 313 chest pain is paid
    46,674"."""
    from worldsmith.generators.skeleton import drg_paid

    rng = random.Random(5)
    for drg in (313, 391, 871, 329):
        paid = sorted(float(drg_paid(drg, rng)) for _ in range(300))
        typical = paid[150]
        assert sum(typical * 0.9 <= p <= typical * 1.12 for p in paid) >= 270, drg  # outliers are the exception
    assert float(drg_paid(313, random.Random(1))) < float(drg_paid(329, random.Random(1))) / 3


def test_a_claims_status_follows_the_days_since_it_was_presented():
    """Blind read 13: records marked done the day they were asked for."""
    from worldsmith.generators.skeleton import _claim_status

    rng = random.Random(2)
    assert {_claim_status(rng, age) for age in range(7) for _ in range(20)} <= {"Presented", "Acknowledged"}
    assert "Paid in part" not in {_claim_status(rng, age) for age in range(21) for _ in range(20)}
    assert "Paid in part" in {_claim_status(rng, 40) for _ in range(200)}


def test_a_log_line_says_its_hours_or_days_and_the_implied_rate_is_near_the_going_one():
    """Blind read 13: "There are no quantities, hours or rates"; "The Notes column is empty"."""
    import re as _re

    from worldsmith.generators.skeleton import _quantity_note

    rng = random.Random(4)
    note = _quantity_note("Labour", Decimal("89280.00"), rng)
    hours = int(_re.match(r"([\d,]+) crew hours$", note).group(1).replace(",", ""))
    assert 50 <= 89280 / hours <= 100
    assert _quantity_note("Materials", Decimal("5000"), rng).startswith("Per ")
    assert _quantity_note("Store handling fee", Decimal("5000"), rng) == ""


def test_a_schedule_of_an_amount_lists_the_parts_its_statement_names_and_sums_to_it():
    # an "Extra expense schedule" whose fact names its parts but gives no items came out a milestone tracker of the
    # team's papers (fresh BI outline: 'Minutes: Calder claim kick-off | Complete'); it lists the parts, to the cent
    ee = LedgerFact(id="ee", label="extra expense", text="USD 684,300",
                    statement="Calder spent USD 684,300 of extra expense to keep customers supplied: third-party cold "
                              "storage, refrigerated trailers and overtime, agreed by the adjuster on April 9, 2026.",
                    value=Money(amount=Decimal("684300"), currency="USD"))
    spec = SheetSpec(id="s", item="s", path="R/s.xlsx", title="Extra expense schedule", author="a",
                     occupation="x", rows=12, date=dt.date(2026, 4, 10), facts=["ee"])
    sk = build_skeleton(spec, [ee], None, "en_US", Faker(), dt.date(2026, 1, 20))
    items = {str(ln.cells[0]): Decimal(str(ln.cells[sk.amount])) for ln in sk.lines if ln.role == "item"}
    assert list(items) == ["Third-party cold storage", "Refrigerated trailers", "Overtime"], items
    assert sum(items.values()) == Decimal("684300") and all(v > 0 for v in items.values())
    total = [ln for ln in sk.lines if ln.role == "total"]
    assert len(total) == 1 and total[0].fact == "ee"
    # a sheet that does not name the amount, and a statement that lists sources rather than parts, infer nothing
    other = spec.model_copy(update={"title": "Rebuild programme schedule"})
    assert build_skeleton(other, [ee], None, "en_US", Faker(), dt.date(2026, 1, 20)) is None
    sources = ee.model_copy(update={"statement": "Recall costs, reconciled to invoices, retailer chargebacks and the "
                                                 "destruction certificates, total USD 684,300."})
    assert build_skeleton(spec, [sources], None, "en_US", Faker(), dt.date(2026, 1, 20)) is None


_NAMES = st.sampled_from(["a", "b", "c", "d"])
_TREES = st.recursive(_NAMES, lambda inner: st.builds(lambda l, op, r: f"({l} {op} {r})", inner,
                                                      st.sampled_from("+-*/"), inner), max_leaves=6)


@settings(max_examples=200, deadline=None)
@given(formula=_TREES)
def test_formula_words_read_back_as_the_same_formula(formula):
    """'multiple x EBITDA - threshold' for multiple * (EBITDA - threshold) misreads the working: the words, read back
    with their brackets, are the formula itself."""
    from fractions import Fraction
    values = {"a": Fraction(2), "b": Fraction(3), "c": Fraction(5), "d": Fraction(11)}
    try:
        want = eval(formula, {}, values)
    except ZeroDivisionError:
        return
    back = formula_words(formula, lambda f: f).replace(" x ", " * ")
    assert eval(back, {}, values) == want, back


def test_a_reason_in_words_names_a_grouped_difference_as_one_quantity():
    """The earn-out world's mail said 'the earn-out multiple times Adjusted EBITDA ... less the threshold' for
    multiple * (EBITDA - threshold): a reader computes (2.5 x 12.4m) - 12m."""
    from types import SimpleNamespace
    from worldsmith.generators.context import fact_reason
    facts = [_number(f, "1", "") for f in ("multiple", "ebitda", "threshold", "fee", "claimed")]
    plan = SimpleNamespace(facts=facts)
    earnout = SimpleNamespace(formula="multiple * (ebitda - threshold)")
    assert fact_reason(plan, earnout) == "the multiple times the excess of the ebitda over the threshold"
    share = SimpleNamespace(formula="(claimed - ebitda) / (threshold - ebitda) * fee")
    assert fact_reason(plan, share) == ("the excess of the claimed over the ebitda divided by the excess of the "
                                        "threshold over the ebitda times the fee")
    assert fact_reason(plan, SimpleNamespace(formula="multiple * ebitda - threshold")) == \
        "the multiple times the ebitda less the threshold"


def test_a_round_total_is_cut_in_round_thousands():
    """Blind read 17: add-backs of 'odd-dollar items (1,769,802 + 2,030,198) come to exactly 3,800,000, which looks
    back-solved'."""
    for seed in range(20):
        parts = split_cents(Decimal("3800000"), 2, random.Random(seed))
        assert sum(parts) == Decimal("3800000") and all(p % 1000 == 0 and p > 0 for p in parts), parts
    parts = split_cents(Decimal("61351234"), 4, random.Random(1))
    assert sum(parts) == Decimal("61351234")


def test_a_total_is_cut_in_amounts_a_tenth_as_round_as_it_is():
    """Blind read 32: 'four odd-euro items (395,051 ... 262,465) sum to exactly 1,190,000: plugged to hit a round
    total'. Before: only a total round to the hundred thousand was cut in round amounts (1,190,000 in odd euros)."""
    for seed in range(20):
        parts = split_cents(Decimal("1190000"), 4, random.Random(seed))
        assert sum(parts) == Decimal("1190000") and all(p % 1000 == 0 and p > 0 for p in parts), parts
        parts = split_cents(Decimal("46000"), 3, random.Random(seed))
        assert sum(parts) == Decimal("46000") and all(p % 100 == 0 and p > 0 for p in parts), parts
        parts = split_cents(Decimal("46800"), 3, random.Random(seed))
        assert sum(parts) == Decimal("46800") and all(p % 10 == 0 and p > 0 for p in parts), parts


def test_a_response_roster_is_drawn_once_and_leaves_the_faker_as_the_first_draw_did():
    """_roster: every day's log of a response takes the first day's contractors, and the faker's state after them,
    without drawing them again (each day's log drew them anew: 8 of 107 s of bench.long_matter --scale 80's plan)."""
    from worldsmith.generators import skeleton

    fact = LedgerFact(id="costs", statement="Response costs.", value=Money(amount=Decimal("900000"), currency="USD"),
                      text="USD 900,000", items=["Boom deployment", "Waste handling and disposal"])
    faker = Faker("en_US")
    first = skeleton._roster(fact, faker)
    after = faker.last_name()
    drawn = []
    real = skeleton._draw_roster
    skeleton._draw_roster = lambda *a: drawn.append(1) or real(*a)
    try:
        again = skeleton._roster(fact, faker)
    finally:
        skeleton._draw_roster = real
    assert again == first and drawn == [] and faker.last_name() == after


def test_a_log_of_entries_no_work_cost_names_no_contractor_and_a_cost_log_still_does():
    # blind read 30: a relation of customs declarations rolling up to a declared value came out as a construction
    # cost log ('Contractor', 'Supervision', 'Per delivery tickets'): a contractor's log presupposes a cost of work
    declared = LedgerFact(id="declared_value", statement="The imports deposited in bond were declared at a value.",
                          label="declared customs value", value=Money(amount=Decimal("2400000"), currency="USD"),
                          text="USD 2,400,000", items=["Temporary imports under the bonded regime"])
    spec = SheetSpec(id="rel_1", item="rel", path="R/1.xlsx", title="Relation of import declarations - March 6",
                     author="a", occupation="x", rows=8, date=dt.date(2026, 3, 6), rolls_up_to="declared_value")
    sk = build_skeleton(spec, [declared], None, "en_US", Faker(), dt.date(2026, 3, 2), share=Decimal("300000"))
    names = [c.name for c in sk.columns]
    assert "Contractor" not in names and "Resource / activity" not in names, names
    rows = [ln for ln in sk.lines if ln.role == "item"]
    assert len(rows) >= 3 and sum(Decimal(str(ln.cells[sk.amount])) for ln in rows) == Decimal("300000")
    assert not any(w in " ".join(str(c) for ln in sk.lines for c in ln.cells)
                   for w in ("Supervision", "Labour", "delivery tickets", "Construction", "Contracting")), sk.lines
    costs = LedgerFact(id="costs", statement="Removal costs of the response.", value=Money(amount=Decimal("6840000"),
                       currency="USD"), text="USD 6,840,000", items=["Boom deployment", "Waste disposal"])
    spec = spec.model_copy(update={"title": "Daily removal-cost log - March 6", "rolls_up_to": "costs"})
    sk = build_skeleton(spec, [costs], None, "en_US", Faker(), dt.date(2026, 3, 2), share=Decimal("300000"))
    assert sk.columns[1].name == "Contractor"
