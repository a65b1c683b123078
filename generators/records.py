"""Operational records as documents: the entries a record's genre keeps, laid out from the artifact's own stream.

A title whose head noun names a record (a daily site report or diary, a production report, a trade or transition
report or estimate, a periodic risk or compliance report: contracts.yaml, by its genre) promises its rows, not a memo
around the one or two facts the ledger holds (blind read 28: 'a daily site report with no weather, manpower, trades
or deficiencies: a legal memo dressed as a site report'; 'a weekly production and cash report with no production or
cash figure'; 'a post-trade report with one number and no breakdown'; 'a risk report whose headline is the limit, not
the breach'). The engine knows only the ledger's facts, so the record's detail is made here: dated rows in the genre's
fields, drawn from the artifact's rng. Where the ledger holds a figure of the record (a cost, a portfolio's value), the
rows make it up exactly (split_cents, as counted.py does for sheets) and the record states it once, as its total; a
row is never written as a fact of the ledger, and no row is dated after the record.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from decimal import Decimal
from typing import Callable

from worldsmith.generators.compose.bank import Picker, picker_for
from worldsmith.generators.compose.genres import house_style
from worldsmith.generators.compose.text import cap_first, long_date
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.generators.kinds.document.contract import genre_named
from worldsmith.generators.skeleton import split_cents
from worldsmith.worlds.content import DocumentContent, Section, Table
from worldsmith.worlds.values import Money, render_value

# the record genres of contracts.yaml, by name: what lays out each one's entries
_CURRENCY = {"en_US": "USD", "en_GB": "GBP", "en_IE": "EUR", "en_CA": "CAD", "en_AU": "AUD", "en_IN": "INR",
             "en_SG": "SGD", "en_NZ": "NZD", "de_DE": "EUR", "fr_FR": "EUR", "nl_NL": "EUR"}
_LIMIT = re.compile(r"\b(limit|cap|maximum|ceiling|threshold|tolerance|budget|minimum|floor)\b", re.I)
_FLOOR = re.compile(r"\b(minimum|floor)\b", re.I)
_COST = re.compile(r"\b(cost|costs|shortfall|slippage|spread|commissions?|fees?)\b", re.I)
_VALUE = re.compile(r"\b(assets|aum|portfolio|mandate|market value|value|size|notional)\b", re.I)
_UNITS = re.compile(r"\b(tonnes|tonnage|tons|units|barrels|MWh|litres|liters|cases|pallets|cubic metres)\b", re.I)


def record_genre(title: str) -> str:
    """The record genre a title's head noun names ('Daily site report: ...' -> 'site record'), '' where none."""
    g = genre_named(title)
    return g.genre if g is not None and g.genre in LAYOUTS else ""


def _name(fact: FactRef) -> str:
    """A fact's label as a record's line names it: 'the tracking error limit' -> 'Tracking error limit'."""
    label = re.sub(r"^(the|a|an)\s+", "", (fact.label or "").strip(), flags=re.I)
    return cap_first(label) if label else ""


def _line(fact: FactRef) -> str:
    """A fact as a line of the record's particulars, a form's line with no full stop ('Project: Brindlecote Tower'):
    a series of records carries it on every day, and a form's line is no sentence stamped on each."""
    name = _name(fact)
    return f"{name}: {fact.text}" if name else f"{cap_first(fact.statement.rstrip('. '))} ({fact.text})"


def _currency(ctx: ArtifactContext) -> str:
    """The currency of the record's amounts: its money facts', else the locale's."""
    return next((f.value.currency for f in ctx.facts if isinstance(f.value, Money)),
                _CURRENCY.get(ctx.locale, "USD"))


def _money(amount: Decimal, currency: str) -> str:
    return render_value(Money(amount=amount, currency=currency))


def _n(value: float | int | Decimal) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:,.1f}"


def _workdays_back(day: dt.date, n: int) -> list[dt.date]:
    """The n working days up to and including `day` (or the last before it), oldest first."""
    out, d = [], day
    while len(out) < n:
        if d.weekday() < 5:
            out.append(d)
        d -= dt.timedelta(days=1)
    return out[::-1]


def _sign_off(ctx: ArtifactContext, verb: str) -> str:
    a = ctx.author
    return f"{verb} by {a.name}, {a.title}, {a.organisation}, on {long_date(ctx.spec.date, ctx.locale)}."


def _particulars(ctx: ArtifactContext, used: set[str], lead: list[str]) -> list[str]:
    """The record's heading lines: what it is, its day and maker, and each fact its tables do not carry."""
    return lead + [_line(f) for f in ctx.facts if f.id not in used]


# -- a site diary ---------------------------------------------------------------------------------------------------

# each trade with the work it does on a building in fit-out and close-out, and where
_TRADES = {"Carpentry": ("door hanging and adjustment", "trim and hardware", "blocking repairs"),
           "Drywall and taping": ("board patching", "taping and sanding", "ceiling close-in"),
           "Painting": ("patch and repaint", "final coat", "touch-up after inspection"),
           "Electrical": ("fixture installation", "device trim-out", "testing and commissioning"),
           "Plumbing": ("fixture installation", "pressure testing", "trim-out"),
           "HVAC / mechanical": ("diffuser installation", "air balancing", "testing and commissioning"),
           "Flooring": ("tile installation", "base and transitions", "floor protection removal"),
           "Glazing": ("glazing seal repairs", "window adjustment"),
           "Masonry": ("repointing", "brick replacement"),
           "Fire protection": ("sprinkler head adjustment", "firestopping at penetrations"),
           "General labour": ("cleaning for turnover", "debris removal"),
           "Millwork": ("cabinet installation", "countertop installation"),
           "Roofing": ("flashing repairs", "membrane patching")}
_AREAS = ("Level {n} corridor", "Level {n} suites", "Level {n} washrooms", "Lobby and amenity", "Parkade P{p}",
          "Stair {s}", "Elevator lobby, level {n}")
# (the trades that work outside, and where)
_OUTSIDE = {"Roofing": ("Roof", "Mechanical penthouse roof"), "Glazing": ("East elevation", "West elevation"),
            "Masonry": ("North elevation", "South elevation")}
_STATUS = ("complete", "complete", "in progress", "in progress", "complete, awaiting inspection", "started",
           "held: no access")
_DELIVERIES = ("drywall board, {q} sheets", "paint, {q} pails", "light fixtures, {q} units", "doors and frames, {q} sets",
               "ceiling tile, {q} boxes", "sealant, {q} cases", "flooring, {q} m²", "plumbing fixtures, {q} units")
_SKY = ("Clear", "Sunny", "Overcast", "Cloudy, dry", "Light rain", "Showers", "Fog, clearing", "Wind, dry")


def _temps(ctx: ArtifactContext, day: dt.date, rng) -> tuple[int, int, str]:
    """The day's low and high, in the locale's scale, for a temperate site in that month."""
    south = ctx.locale in ("en_AU", "en_NZ")
    month = (day.month + 6 - 1) % 12 + 1 if south else day.month
    base = {1: -4, 2: -2, 3: 3, 4: 8, 5: 14, 6: 19, 7: 22, 8: 21, 9: 17, 10: 10, 11: 4, 12: -2}[month]
    if ctx.locale == "en_IN":
        base += 18
    low = base + rng.randint(-3, 2)
    high = low + rng.randint(5, 10)
    if ctx.locale == "en_US":
        return round(low * 9 / 5 + 32), round(high * 9 / 5 + 32), "°F"
    return low, high, "°C"


def _site(ctx: ArtifactContext, pick: Picker) -> list[Section]:
    rng, day = pick.rng, ctx.spec.date
    low, high, scale = _temps(ctx, day, rng)
    am, pm = rng.choice(_SKY), rng.choice(_SKY)
    wet = any(w in (am + pm).lower() for w in ("rain", "showers"))
    trades = rng.sample(sorted(_TRADES), rng.randint(5, 8))
    top = _world_rng(ctx, "storeys").randint(4, 14)  # (the building is as high every day)
    crew, areas = [], []
    for t in trades:
        where = rng.choice(_OUTSIDE[t]) if t in _OUTSIDE else \
            rng.choice(_AREAS).format(n=rng.randint(2, top), p=rng.randint(1, 2), s=rng.randint(1, 2))
        workers = rng.randint(1, 9)
        crew.append([t, str(workers), str(workers * rng.choice((8, 8, 8, 9, 10))), where])
        areas.append([where, t, rng.choice(_TRADES[t]), rng.choice(_STATUS)])
    if wet:
        # (outside work stands down in the rain)
        areas = [a if a[1] not in _OUTSIDE else a[:3] + ["stood down: rain"] for a in areas]
    workers = sum(int(r[1]) for r in crew)
    hours = sum(int(r[2]) for r in crew)
    crew.append(["Total on site", str(workers), str(hours), ""])
    deliveries = [[f"{rng.randint(7, 14):02d}:{rng.choice(('00', '15', '30', '45'))}",
                   rng.choice(_DELIVERIES).format(q=rng.randint(4, 60)), rng.choice(("received", "received, checked",
                                                                                       "received short: see note"))]
                  for _ in range(rng.randint(1, 3))]
    # (a site's deficiencies are numbered in one run: each day's pick up after the last day's)
    since = (day - (ctx.window_start or day)).days
    first = 11 + 3 * max(0, since) + rng.randint(0, 2)
    defects = [[f"DEF-{first + i:03d}", *(lambda a: (a[0], f"{a[1].lower()}: {rng.choice(_TRADES[a[1]])}"))(rng.choice(areas)),
                rng.choice(("closed", "open", "closed", "open: awaiting material"))] for i in range(rng.randint(3, 6))]
    closed = sum(1 for d in defects if d[3] == "closed")
    lost = rng.choice((1, 2, 3)) if wet else 0
    outside = wet and any(t in _OUTSIDE for t in trades)
    delay = (f"Exterior work stood down for {lost} hour{'s' * (lost > 1)} in the rain; interior work continued."
             if outside else "No delay to the work today.")
    report = long_date(day, ctx.locale)
    head = [f"Report date: {day:%A}, {report}.",
            f"Weather: {am.lower()} in the morning, {pm.lower()} in the afternoon; low {low}{scale}, high {high}{scale}; "
            f"ground {'wet' if wet else 'dry'}."]
    return [
        Section(heading="Site, Date and Weather", paragraphs=head),
        Section(heading="Manpower by Trade", paragraphs=[f"{workers} workers on site across {len(trades)} trades, "
                                                           f"{hours} hours worked."],
                table=Table(columns=["Trade", "Workers", "Hours", "Area"], rows=crew)),
        Section(heading="Work Done by Area", paragraphs=["Work carried out today, by area:"],
                table=Table(columns=["Area", "Trade", "Work", "Status"], rows=areas)),
        Section(heading="Deliveries", paragraphs=[f"{len(deliveries)} deliver{'ies' if len(deliveries) > 1 else 'y'} "
                                                  f"to site today."],
                table=Table(columns=["Time", "Material", "Received"], rows=deliveries)),
        Section(heading="Delays and Deficiencies",
                paragraphs=[f"Delays: {delay}", f"Deficiencies today: {len(defects)} worked, {closed} closed."],
                table=Table(columns=["Deficiency", "Area", "Item", "Status"], rows=defects)),
        Section(heading="Visitors and Notes", paragraphs=_particulars(ctx, set(), [
            f"Visitors: {rng.choice(('none', 'the consultant for a walk-through at 10:00', 'the owner representative at 14:00', 'the city inspector at 11:00', 'none; safety talk at 07:00'))}."])
            + [_sign_off(ctx, "Recorded")]),
    ]


# -- a production report ----------------------------------------------------------------------------------------------

def _production(ctx: ArtifactContext, pick: Picker) -> list[Section]:
    rng, day = pick.rng, ctx.spec.date
    where = f"{ctx.spec.purpose} {ctx.world_summary}"
    unit = (_UNITS.search(where).group(1).lower() if _UNITS.search(where) else "units").replace("tonnage", "tonnes")
    # (the week the report closes: Monday to its day, or last week's where it is made on a Monday)
    monday = day - dt.timedelta(days=day.weekday() or 7)
    last = day if day.weekday() else day - dt.timedelta(days=1)
    days = [monday + dt.timedelta(days=n) for n in range((last - monday).days + 1)
            if (monday + dt.timedelta(days=n)).weekday() < 6]
    works = _world_rng(ctx, "works")  # (the works' lines and their rate are the same every week)
    lines = works.choice((2, 3))
    scale = works.choice((120, 250, 400, 900))
    out_rows, total_line, idle = [], [0] * lines, []
    for d in days:
        made = [max(0, int(scale * rng.uniform(0.55, 1.1))) if rng.random() > 0.06 else 0 for _ in range(lines)]
        idle += [(i, d) for i, m in enumerate(made) if m == 0]
        total_line = [a + b for a, b in zip(total_line, made)]
        out_rows.append([f"{d:%a} {d.day} {d:%b}"] + [_n(m) for m in made] + [_n(sum(made))])
    week = sum(total_line)
    out_rows.append(["Week"] + [_n(t) for t in total_line] + [_n(week)])
    shipped = [int(sum(total_line) * rng.uniform(0.12, 0.22)) for _ in days]
    ship_rows = [[f"{d:%a} {d.day} {d:%b}", _n(s), str(max(1, s // rng.choice((20, 25, 30))))] for d, s in zip(days, shipped)]
    ship_rows.append(["Week", _n(sum(shipped)), str(sum(int(r[2]) for r in ship_rows))])
    cur = _currency(ctx)
    step = Decimal(1000)
    opening, receipts, pay_total = _cash_week(ctx, monday)
    heads = ["Power and fuel", "Raw materials", "Wages and contract labour", "Repairs and stores", "Freight out"]
    pays = split_cents(pay_total, len(heads), rng, unit=step)
    closing = opening + receipts - pay_total
    cash = [["Opening balance", _money(opening, cur)], ["Receipts from customers", _money(receipts, cur)]] + \
        [[f"Paid: {h.lower()}", _money(p, cur)] for h, p in zip(heads, pays)] + \
        [["Total payments", _money(pay_total, cur)], ["Closing balance", _money(closing, cur)]]
    down = rng.randrange(lines)
    head = [f"Week: {long_date(monday, ctx.locale)} to {long_date(last, ctx.locale)}.",
            f"Output this week: {_n(week)} {unit}; despatched: {_n(sum(shipped))} {unit}."]
    return [
        Section(heading="Week and Works", paragraphs=head),
        Section(heading="Production by Line", paragraphs=[f"Output by day and line, in {unit}:"],
                table=Table(columns=["Day"] + [f"Line {i + 1}" for i in range(lines)] + ["Total"], rows=out_rows)),
        Section(heading="Despatches", paragraphs=[f"Despatches by day, in {unit}, and loads sent:"],
                table=Table(columns=["Day", f"Despatched ({unit})", "Loads"], rows=ship_rows)),
        Section(heading="Cash Position", paragraphs=[f"Cash for the week, in {cur}: closing balance "
                                                     f"{_money(closing, cur)}."],
                table=Table(columns=["Line", "Amount"], rows=cash)),
        Section(heading="Stoppages and Notes", paragraphs=[_stoppages(rng, idle, down, days)] +
                _particulars(ctx, set(), []) + [_sign_off(ctx, "Reported")]),
    ]


def _cash_week(ctx: ArtifactContext, monday: dt.date) -> tuple[Decimal, Decimal, Decimal]:
    """(opening, receipts, payments) of the week from `monday`: the world's own weeks run from the matter's first,
    each opening on the last one's closing, so a series of weekly reports hands its balance on."""
    step = Decimal(1000)
    first = ctx.window_start or monday
    first -= dt.timedelta(days=first.weekday())
    balance = Decimal(_world_rng(ctx, "cash", "opening").randint(400, 4000)) * step * 10
    week = first
    while True:
        r = _world_rng(ctx, "cash", week.isoformat())
        receipts = Decimal(r.randint(200, 2500)) * step * 10
        paid = (receipts * Decimal(str(round(r.uniform(0.7, 1.15), 2))) / step).quantize(Decimal(1)) * step
        paid = min(paid, balance + receipts - 10 * step)  # (a works in administration does not run overdrawn)
        if week + dt.timedelta(days=7) > monday:
            return balance, receipts, paid
        balance += receipts - paid
        week += dt.timedelta(days=7)


_CAUSES = ("planned maintenance", "a power interruption", "a mechanical fault", "a raw material shortfall")


def _stoppages(rng, idle: list, down: int, days: list[dt.date]) -> str:
    """The week's stoppages as the output table shows them: each line-day with no output, else a short stop."""
    if idle:
        said = "; ".join(f"Line {i + 1} stood on {d:%A} ({rng.choice(_CAUSES)})" for i, d in idle)
        return f"{said}; no other stoppage this week."
    return (f"Line {down + 1}: {rng.randint(2, 6)} hours' stoppage on {rng.choice(days):%A} for {rng.choice(_CAUSES)}; "
            f"the other lines ran to plan.")


# -- a trade or transition report -----------------------------------------------------------------------------------

_BOND_BUCKETS = ("AAA-AA", "A", "BBB", "BB", "B and below", "Cash and money market")
_EQUITY_BUCKETS = ("Europe large cap", "Europe mid cap", "North America", "Japan", "Asia ex-Japan", "Emerging markets")
_COSTS = (("Commissions and fees", "explicit", 0.06), ("Taxes and levies", "explicit", 0.04),
          ("Bid-ask spread", "implicit", 0.5), ("Market impact", "implicit", 0.25), ("Opportunity cost", "implicit", 0.15))


def _stage(title: str) -> str:
    t = title.lower()
    if re.search(r"\bpre-?trade\b|\bestimate", t):
        return "estimate"
    if re.search(r"\bdaily\b|\bday\b|\bend[- ]of[- ]day\b", t):
        return "day"
    return "achieved"


def _world_rng(ctx: ArtifactContext, *key: object) -> random.Random:
    """A stream of the world's own, the same for every paper of a series: what one day's record hands the next (a
    residual that falls day by day, a closing balance that opens the next week), never a draw of one paper's."""
    return random.Random(f"{ctx.world_seed}|{ctx.world_title}|{ctx.author.organisation}|" + "|".join(map(str, key)))


def _residual(ctx: ArtifactContext, day: dt.date) -> int:
    """The share of the portfolio still to trade at the end of a trading day: the series' trading days counted from
    the trade date the paper carries (else the matter's first day), falling to none over the world's own number of
    days."""
    began = [f.value.value for f in ctx.facts if f.value.type == "date" and f.value.value <= day
             and re.search(r"\b(trade|trading|transition|execution)\b", f.label or "")]
    # (the trade date the paper carries, else the matter's first day: never a day that moves with the paper's own)
    start = min(began) if began else (ctx.window_start or day)
    done = sum(1 for n in range((day - start).days + 1) if (start + dt.timedelta(days=n)).weekday() < 5)
    days = _world_rng(ctx, "trading days").randint(4, 7)
    return max(0, round(100 * (1 - done / days)))


def _trade(ctx: ArtifactContext, pick: Picker) -> list[Section]:
    rng, day = pick.rng, ctx.spec.date
    stage = _stage(ctx.spec.title)
    cur = _currency(ctx)
    money = [f for f in ctx.facts if isinstance(f.value, Money) and f.value.amount > 0]
    cost = next((f for f in money if _COST.search(f.label or "")), None)
    value = next((f for f in money if f is not cost and _VALUE.search(f.label or "")), None)
    bonds = re.search(r"\b(bonds?|credit|fixed income|debt)\b", f"{ctx.spec.title} {ctx.world_summary}", re.I)
    names = _BOND_BUCKETS if bonds else _EQUITY_BUCKETS
    used: set[str] = set()
    sections: list[Section] = []
    day_text = long_date(day, ctx.locale)
    future = [f for f in ctx.facts if f.value.type == "date" and f.value.value > day]
    if stage == "day":
        if future:
            rows = [[n, "no trades", "", "", ""] for n in names[:3]]
            done = f"No trades today: trading starts on {future[0].text}."
            used.add(future[0].id)
        else:
            rows = []
            for n in rng.sample(names[:-1], rng.randint(3, 5)):
                nominal = Decimal(rng.randint(5, 180)) * Decimal(100000)
                price = Decimal(str(round(rng.uniform(88, 103.5), 2)))
                side = rng.choice(("sold", "sold", "transferred in kind", "bought"))
                rows.append([n, side, _money(nominal, cur), f"{price}", _money((nominal * price / 100).quantize(Decimal(1)), cur)])
            done = f"{len(rows)} blocks traded on {day_text}."
        sections.append(Section(heading="Trades Done Today", paragraphs=[done],
                                table=Table(columns=["Bucket", "Side", "Nominal", "Price", "Value"], rows=rows)))
        left = 100 if future else _residual(ctx, day)
        sections.append(Section(heading="Residual Risk and Tomorrow's Plan", paragraphs=[
            f"Residual: {left}% of the legacy portfolio still to trade; the out-of-market exposure is hedged with "
            f"{'bond futures' if bonds else 'index futures'} against the target benchmark." if left else
            "Residual: none; the legacy portfolio is fully traded or transferred, and the hedge is lifted.",
            (f"Tomorrow: {rng.choice(('work', 'trade', 'complete'))} the remaining {rng.choice(names[:-1])} "
             f"positions{rng.choice(('', ' and the cash sweep', ', then reconcile with the custodian', ' at the open'))}."
             if left else f"Tomorrow: {rng.choice(('reconcile with the custodian', 'settle the last trades', 'close out the accounts'))} "
             f"for the post-trade report."),
            _sign_off(ctx, "Reported")]))
        head = _particulars(ctx, used, [f"End-of-day report for {day:%A}, {day_text}."])
        return [Section(heading="Trading Day", paragraphs=head)] + sections
    # the portfolio by bucket: the ledger's value made up exactly where it holds one
    # (without the ledger's portfolio, one of the size the cost is a plausible 8 to 25 basis points of)
    total_value = value.value.amount if value else \
        (cost.value.amount / 100 / Decimal(str(rng.uniform(8, 25)))).quantize(Decimal(1)) * 1000000 if cost else \
        Decimal(rng.randint(200, 3000)) * Decimal(1000000)
    total_value = max(total_value, Decimal(1000000))
    shape = [1.0, 2.0, 3.5, 1.5, 0.8, 0.3][:len(names)]
    parts = split_cents(total_value, len(names), rng, shape=shape, unit=Decimal(1000) if total_value % 1000 == 0 else None)
    kind_share = [round(rng.uniform(0.35, 0.8), 2) for _ in names]
    bucket_rows = []
    for n, p, k in zip(names, parts, kind_share):
        in_kind = (p * Decimal(str(k)) / 1000).quantize(Decimal(1)) * 1000 if p % 1000 == 0 else \
            (p * Decimal(str(k))).quantize(Decimal(1))
        bucket_rows.append([n, _money(p, cur), _money(in_kind, cur), _money(p - in_kind, cur)])
    if value:
        used.add(value.id)
        bucket_rows.append([f"Total ({_name(value).lower()})", value.text, "", ""])
    else:
        bucket_rows.append(["Total", _money(total_value, cur), "", ""])
    # the cost by component: the ledger's cost made up exactly where it holds one
    total_cost = cost.value.amount if cost else \
        (total_value * Decimal(str(round(rng.uniform(8, 25), 1))) / 10000).quantize(Decimal(1000))
    costs = split_cents(total_cost, len(_COSTS), rng, shape=[c[2] for c in _COSTS],
                        unit=Decimal(1000) if total_cost % 1000 == 0 and total_cost >= 10000 * len(_COSTS) else None)
    cost_rows = []
    for (what, kind, _), c in zip(_COSTS, costs):
        bp = (c / total_value * 10000).quantize(Decimal("0.1"))
        cost_rows.append([what, kind, f"{bp}", _money(c, cur)])
    all_bp = (total_cost / total_value * 10000).quantize(Decimal("0.1"))
    if cost:
        used.add(cost.id)
    cost_rows.append([f"Total ({_name(cost).lower()})" if cost else "Total", "", f"{all_bp}",
                      cost.text if cost else _money(total_cost, cur)])
    word = "Estimated" if stage == "estimate" else "Achieved"
    head = _particulars(ctx, used, [f"{'Pre-trade estimate' if stage == 'estimate' else 'Post-trade report'} of "
                                    f"{day_text}, prepared by {ctx.author.name}, {ctx.author.title}."])
    sections = [
        Section(heading="Transition Summary", paragraphs=head),
        Section(heading="Portfolio by Bucket", paragraphs=["The legacy portfolio by bucket, with what "
                                                           f"{'is to move' if stage == 'estimate' else 'moved'} in kind "
                                                           f"and what {'is to be' if stage == 'estimate' else 'was'} sold:"],
                table=Table(columns=["Bucket", "Market value", "In kind", "Sold"], rows=bucket_rows)),
        Section(heading=f"{word} Cost by Component", paragraphs=[
            f"{word} cost, explicit and implicit, in basis points of the portfolio and in {cur}:"],
                table=Table(columns=["Component", "Type", "bp", "Amount"], rows=cost_rows)),
    ]
    if stage == "estimate":
        sections.append(Section(heading="Assumptions and Market Risks", paragraphs=[
            f"Spreads are taken at {rng.randint(60, 90)}% of the quoted bid-ask on each line; market impact from "
            f"{rng.choice(('recent traded volumes', 'dealer inventory surveys', 'the last 20 days of volume'))}.",
            f"The main risk to the estimate is a widening of spreads in the {names[3] if bonds else names[4]} bucket "
            f"before the trade date; out-of-market exposure is to be hedged with "
            f"{'bond futures' if bonds else 'index futures'}.", _sign_off(ctx, "Prepared")]))
    else:
        sections.append(Section(heading="Notes on the Cost", paragraphs=[
            f"Largest component: {max(zip(costs, _COSTS))[1][0].lower()}.",
            "The cost is measured against the prices at the start of the transition (implementation shortfall).",
            _sign_off(ctx, "Reported")]))
    return sections


# -- a periodic risk or compliance report ---------------------------------------------------------------------------

def _period(title: str, day: dt.date) -> tuple[dt.date, dt.date]:
    """The period a periodic report covers: the quarter, half or month its title names (else the quarter of its
    day), never past the report's own day."""
    t = title.lower()
    m = re.search(r"\bq([1-4])\s*(\d{4})?", t)
    year = int(m.group(2)) if m and m.group(2) else day.year
    if m:
        start = dt.date(year, 3 * int(m.group(1)) - 2, 1)
        end = (start.replace(month=start.month + 2, day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1)
        return start, min(end, day)
    elif re.search(r"\bmonth", t):
        start = day.replace(day=1)
    else:
        start = dt.date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)
    return start, day


def _amount_like(fact: FactRef, amount: Decimal) -> str:
    """An amount written as the fact's own value is (its currency, or its unit)."""
    v = fact.value
    if isinstance(v, Money):
        return _money(amount, v.currency)
    return render_value(v.model_copy(update={"value": amount.normalize()}))


def _escalated(ctx: ArtifactContext) -> str:
    """Whom a breach goes to: the most senior reader of the report, by name and title."""
    ranks = {"executive": 3, "senior": 2, "mid": 1, "junior": 0}
    top = max(ctx.to, key=lambda p: ranks.get(p.seniority, 1), default=None)
    return f"{top.name}, {top.title}" if top else "the board"


def _periodic(ctx: ArtifactContext, pick: Picker) -> list[Section]:
    day = ctx.spec.date
    start, end = _period(ctx.spec.title, day)
    rows, said, used = [], [], set()
    for limit in [f for f in ctx.facts if _LIMIT.search(f.label or "") and f.value.type in ("percent", "number", "money")]:
        measured = next((f for f in ctx.facts if f is not limit and f.value.type == limit.value.type
                         and not _LIMIT.search(f.label or "") and f.id not in used), None)
        if measured is None:
            continue
        lim, got = Decimal(str(getattr(limit.value, "value", getattr(limit.value, "amount", 0)))), \
            Decimal(str(getattr(measured.value, "value", getattr(measured.value, "amount", 0))))
        floor = bool(_FLOOR.search(limit.label))
        excess = (lim - got) if floor else (got - lim)
        breach = excess > 0
        gap = "none" if not breach else f"{excess.normalize():f} percentage points" \
            if limit.value.type == "percent" else _amount_like(limit, excess)
        rows.append([_name(measured), limit.text, measured.text, gap, "BREACH" if breach else "within limit"])
        used |= {limit.id, measured.id}
        if breach:
            said.append(f"Breach: {_name(measured).lower()} of {measured.text} is {'below' if floor else 'over'} the "
                        f"{_name(limit).lower()} of {limit.text} by {gap}.")
    if not rows:
        # (a measure without its limit among the paper's facts is listed as measured, its limit left to the sheet)
        rows = [[_name(f), "", f.text, "", ""] for f in ctx.facts if f.value.type in ("percent", "number", "money")]
        used |= {f.id for f in ctx.facts if f.value.type in ("percent", "number", "money")}
    if not said:
        said = ["No limit was breached in the period." if used else "No measure of the period is over its limit."]
    head = _particulars(ctx, used, [f"Reporting period: {long_date(start, ctx.locale)} to {long_date(end, ctx.locale)}"
                                    f"{' (period to date)' if end == day else ''}; report of {long_date(day, ctx.locale)}."])
    breached = any(r[-1] == "BREACH" for r in rows)
    return [
        Section(heading="Period and Headline", paragraphs=head[:1] + said + head[1:]),
        Section(heading="Limits and Measures", paragraphs=["Each measure against its limit at the period's end:"],
                table=Table(columns=["Measure", "Limit", "Measured", "Excess", "Status"], rows=rows or [["None reported", "", "", "", ""]])),
        Section(heading="Escalation", paragraphs=[
            (f"The breach is reported to {_escalated(ctx)}, with its cause and a plan, with dates, to bring the measure "
             f"back within its limit to follow." if breached else
             "Nothing to escalate this period."),
            _sign_off(ctx, "Reported")]),
    ]


LAYOUTS: dict[str, Callable[[ArtifactContext, Picker], list[Section]]] = {
    "site record": _site, "production report": _production, "trading day report": _trade, "trade report": _trade,
    "periodic report": _periodic}


def record_document(ctx: ArtifactContext) -> DocumentContent:
    """The record a document's title names, in its genre's form: its particulars and its tables of entries, signed by
    its maker; every fact of the paper carried once."""
    genre = record_genre(ctx.spec.title)
    pick = picker_for(ctx, 28)
    sections = LAYOUTS[genre](ctx, pick)
    style = house_style(ctx.author.organisation)
    subtitle = style["sep"].join([ctx.author.organisation, f"{ctx.author.name}, {ctx.author.title}",
                                  long_date(ctx.spec.date, ctx.locale)])
    return DocumentContent(title=ctx.spec.title, subtitle=subtitle, sections=sections)
