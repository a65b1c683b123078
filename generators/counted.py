"""Counted items: a sheet titled for the things a count fact counts lists them, one dated row each, from the ledger.

A title is a promise its rows keep (blind read 27, sheets 3 of 12 accepted on unseen outlines: 'a "tally of 12
shipments" with no shipments', 'a tracing schedule with no order, invoice or bill of lading', one total line where
the title promised items). Where a sheet carries a count (17 shipments, 58 investors, 41 open defects) whose thing
its title names (promise.counted), the engine lays out that many rows: a number, a reference and a date each, and
where the ledger gives the total they make up (a money or quantity fact whose statement names the count: 'the
invoiced value of the valves in the 17 shipments'), each row's share of it, the shares adding up exactly to it by a
live SUM. A fact of the largest single item is one of the rows and is computed back by a live MAX; the count itself
by a live COUNT of the rows. Nothing else is made up: the rows are marked as items (sheet_lines role 'item'), never as
facts, and no row holds another fact's value.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from decimal import Decimal
from typing import Any

from worldsmith.generators.compose.text import cap_first
from worldsmith.generators.kinds.spreadsheet.promise import COUNTED_MOST, id_list, id_range, names_count
from worldsmith.generators.labels import fact_label
from worldsmith.worlds.content import SheetColumn
from worldsmith.worlds.ledger import quantity_of, references
from worldsmith.worlds.values import Money, Number

# the parties a count of them names: each row is one, by an invented name (an order book's investors)
_PARTIES = {"investor", "lender", "creditor", "customer", "claimant", "supplier", "bidder", "subscriber", "tenant",
            "buyer", "distributor", "dealer", "franchisee", "licensee", "vendor", "policyholder", "bank"}
# the largest single item of a count ('the largest single shipment, of March 2023, was USD 312,000')
_LARGEST = re.compile(r"\b(?:largest|biggest|highest|maximum|single)\b", re.I)
_STATUS = re.compile(r"(open|outstanding|unpaid|pending|unresolved|overdue|disputed|rejected|closed)\b", re.I)
# a register of things by their identifiers (not a log of events): its rows are the things, dated only by what
# befell them
_ID_RANGE_WORDS = re.compile(r"\b(?:register|list|listing|inventory|schedule|fleet)\b", re.I)
_MARK = re.compile(r"\b(failed|defective|affected|damaged|exchanged|replaced|open|rejected|disputed|missing)\b", re.I)
_MONTH_YEAR = re.compile(r"\b(January|February|March|April|May|June|July|August|September|October|November|"
                         r"December)\s+(\d{4})\b")


def _total_of(ledger: Any, carried: list[str], count: str, stem: str) -> str | None:
    """The fact the counted items make up: a money fact (else a quantity) the sheet carries whose statement names the
    count; of several, the one that sums the others (a transaction value of valves and spares), else the largest."""
    n = int(ledger.value(count).value)
    found = []
    for fid in carried:
        value = ledger.value(fid)
        if fid == count or not isinstance(value, (Money, Number)) or _LARGEST.search(ledger.facts[fid].label or ""):
            continue
        if isinstance(value, Number) and (value.unit or "") == (ledger.value(count).unit or ""):
            continue
        if value.type == "money" or not any(isinstance(ledger.value(f), Money) for f in found):
            if names_count(ledger.facts[fid].statement, n, stem) and quantity_of(value).amount > 0:
                found.append(fid)
    money = [f for f in found if isinstance(ledger.value(f), Money)] or found
    for fid in carried:
        # a sum of the facts found, carried on the sheet (transaction value = valves + spares)
        parts = ledger.sum_parts(fid) if isinstance(ledger.value(fid), Money) and ledger.computes(fid) else None
        if parts and set(parts) <= set(money):
            return fid
    return max(money, key=lambda f: quantity_of(ledger.value(f)).amount) if money else None


def _largest_of(ledger: Any, carried: list[str], total: Decimal, n: int, stem: str, final: bool = False) -> str | None:
    """A fact of the largest single item, when the rows can hold it: at least their average, at most the total (its
    value on the sheet's day, or its final value where `final`)."""
    for fid in carried:
        fact = ledger.facts[fid]
        value = fact.value if final else ledger.value(fid)
        if not isinstance(value, Money) or not _LARGEST.search(fact.label or ""):
            continue
        if not re.search(rf"\b{re.escape(stem)}", f"{fact.label} {fact.statement}", re.I):
            continue
        if n > 1 and total / n < value.amount < total and (total - value.amount) / (n - 1) < value.amount:
            return fid
    return None


def _period(ledger: Any, count: str | None, total: str | None, title: str, day: dt.date) -> tuple[dt.date, dt.date]:
    """The days the items fall on: the years the count's statement (else the title) names, else the month before the
    total (or the count) was known; never after the sheet's day, nor before the matter where no year is named."""
    said = ledger.facts[count].statement if count else ledger.distractor.label
    between = _between(said)
    if between is not None and between[0] < day:
        # the period the count's statement names ('between June 3 and December 19, 2026 ... six turbines failed')
        return between[0], min(between[1], day - dt.timedelta(days=1))
    # (the years of a span, not of a day the text dates itself by: 'tally of March 2, 2026: 9 invoices from 2023')
    said = re.sub(r"\b\w+\s+\d{1,2},\s+\d{4}\b|\b\d{1,2}\s+\w+\s+\d{4}\b", "", said)
    years = [int(y) for y in re.findall(r"\b((?:19|20)\d\d)\b", said)] or \
        [int(y) for y in re.findall(r"\b((?:19|20)\d\d)\b", title)]
    end = day - dt.timedelta(days=1)
    if years:
        start = dt.date(min(years), 1, 1)
        end = min(end, dt.date(max(years), 12, 31))
    else:
        # the three weeks before the count (or its total) was known: the items came in before it was counted
        known = [d for d in (ledger.facts[f].first_known() for f in (total, count) if f) if d is not None]
        end = min([end] + [d - dt.timedelta(days=1) for d in known if d <= day])
        start = end - dt.timedelta(days=21)
        # and after the last dated event of the ledger in those weeks (orders come in after the launch)
        events = [f.value.value for f in ledger.facts.values() if getattr(f.value, "type", None) == "date"
                  and start <= f.value.value < end - dt.timedelta(days=2)]
        if events:
            start = max(events) + dt.timedelta(days=1)
    return (start, end) if start <= end else (end, end)


def _split_below(total: Decimal, n: int, cap: Decimal, rng: random.Random, split: Any) -> list[Decimal] | None:
    """`total` in n parts each below `cap` (the largest single item, laid out on its own), or None."""
    for sigma in (0.6, 0.4, 0.25, 0.12, 0.05, 0.0):
        for _ in range(8):
            parts = split(total, n, rng, whole=total == total.to_integral_value(), sigma=sigma)
            if max(parts) < cap and min(parts) > 0:
                return parts
    return None


def counted_items(sheet: Any, ledger: Any, count: str | None, stem: str, label: dict[str, str], faker: Any,
                  drafted: int | None = None) -> tuple[int | None, str | None]:
    """The rows of a count the sheet's title names, dated, with their share of the total they make up; the total by
    a live SUM, the largest item by a live MAX, the count by a live COUNT. Returns the bottom line (None where the
    total is computed below, from its inputs) and the total's fact."""
    from worldsmith.generators.skeleton import _names, _num, split_cents

    spec, rng = sheet.spec, sheet.rng
    carried = [f for f in spec.facts if ledger.value(f) is not None]
    if count is not None and ledger.value(count).value > COUNTED_MOST:
        from worldsmith.generators.runs import run_rows

        return run_rows(sheet, ledger, count, stem, label, faker)  # a run of thousands (generators.runs)
    if count is None:
        # a superseded draft whose label gives the count ('12 shipments from the ERP extract only'): its own total
        n, total = drafted, ledger.distractor.fact if ledger.distractor.fact in carried else None
    else:
        n = int(ledger.value(count).value)
        total = _total_of(ledger, carried, count, stem)
    value = ledger.value(total) if total else None
    amounts: list[Decimal] = []
    largest = None
    if value is not None:
        q = quantity_of(value).amount
        largest = _largest_of(ledger, carried, q, n, stem)
        if largest is not None:
            top = ledger.value(largest).amount
            rest = _split_below(q - top, n - 1, top, rng, split_cents)
            if rest is None:
                largest = None
            else:
                at = rng.randrange(n)
                amounts = rest[:at] + [top] + rest[at:]
        # no row above a largest single item the ledger knows, where the sheet does not show it (a draft's rows)
        known_top = None if largest is not None else _largest_of(ledger, list(ledger.facts), q, n, stem, final=True)
        if largest is None:
            # a round total of large items (an order book in millions) is made of round items, as orders are given
            unit = Decimal(100000) if isinstance(value, Money) and q % 1000000 == 0 and q / n >= 1000000 else None
            amounts = split_cents(q, n, rng, whole=q == q.to_integral_value(), unit=unit)
            if known_top is not None and max(amounts) > ledger.facts[known_top].value.amount:
                amounts = _split_below(q, n, ledger.facts[known_top].value.amount, rng, split_cents) or amounts
    party = stem.lower() in _PARTIES
    thing = cap_first(stem)
    currency = value.currency if isinstance(value, Money) else None
    amount_name = f"Amount ({currency})" if currency else (cap_first(value.unit) if value is not None and value.unit
                                                           else "Count")
    sheet.columns = [SheetColumn(name="No.", type="number"), SheetColumn(name=f"{thing} ref", type="text"),
                     SheetColumn(name="Date", type="date"),
                     SheetColumn(name=thing if party else "Description", type="text"),
                     SheetColumn(name=amount_name, type="money" if currency else "number"),
                     SheetColumn(name="Notes", type="text")]
    sheet.label, sheet.amount, sheet.note = 3, 4, 5
    sheet.layout = "counted"
    start, end = _period(ledger, count, total, spec.title, spec.date)
    # no row falls on the day of a dated fact of the ledger: a cell holding that day reads as the fact, maybe before
    # it was known
    taken = {f.value.value for f in ledger.facts.values() if getattr(f.value, "type", None) == "date"}
    free = [start + dt.timedelta(days=k) for k in range((end - start).days + 1)]
    free = [d for d in free if d not in taken] or free
    days = sorted(rng.choice(free) for _ in range(n))
    pinned = None
    if largest is not None:
        # the largest item on the month its statement gives, where that month is in the period
        m = _MONTH_YEAR.search(ledger.facts[largest].statement)
        if m is not None:
            first = dt.datetime.strptime(f"{m.group(1)} {m.group(2)}", "%B %Y").date()
            month = [d for d in free if d.year == first.year and d.month == first.month]
            if month:
                pinned = rng.choice(month)
    if pinned is not None:
        at = next(i for i, a in enumerate(amounts) if a == ledger.value(largest).amount)
        amounts = amounts[:at] + amounts[at + 1:]
        days.pop(rng.randrange(n))
        days.append(pinned)
        days.sort()
        amounts.insert(days.index(pinned), ledger.value(largest).amount)
    # the items' own identifiers where the title names their range or the count's statement lists them ('WEA 01 to
    # WEA 24'; 'six turbines (WEA 03, 07, 11, 12, 18 and 22)'); of a range, the ones another count lists are marked
    # with what that count says of them, on the days its period gives
    refs = id_range(spec.title) if count else []
    refs = refs if len(refs) == n else (id_list(ledger.facts[count].statement) if count else [])
    refs = refs if len(refs) == n else []
    if refs and not _ID_RANGE_WORDS.search(spec.title) and _between(ledger.facts[count].statement) is not None:
        # a listed item's day is its own, the same in every sheet that lists it (the register's 'Date failed')
        pairs = sorted((_day_of(r, (start, end), taken, ledger), r) for r in refs)
        days, refs = [d for d, _ in pairs], [r for _, r in pairs]
    marks: dict[int, str] = {}
    if refs and _ID_RANGE_WORDS.search(spec.title):
        days = [None] * n
        for fid in carried:
            sub = ledger.facts[fid]
            listed = id_list(sub.statement) if fid != count and getattr(sub.value, "unit", None) == \
                ledger.facts[count].value.unit else []
            if listed and len(listed) == int(ledger.value(fid).value) and set(_norm(x) for x in listed) <= \
                    set(_norm(x) for x in refs):
                word = _MARK.search(fact_label(sub))
                at = sorted(i for i, r in enumerate(refs) if _norm(r) in {_norm(x) for x in listed})
                period = _between(sub.statement)
                for i in at:
                    marks[i] = cap_first(word.group(1).lower()) if word else cap_first(fact_label(sub))
                    if period is not None:
                        days[i] = _day_of(refs[i], period, taken, ledger)
                break
    if marks and all(days[i] is not None for i in marks):
        # a register's date is the day of what befell the marked things ('Date failed')
        sheet.columns[2] = SheetColumn(name=f"Date {next(iter(marks.values())).lower()}", type="date")
    names = _names(rng, n, "company", faker) if party else []
    described = _described(ledger.facts[count], stem) if count else cap_first(stem)
    prefix = re.sub(r"[^A-Z]", "", stem.upper())[:3] or "ITM"
    # each row's status where the count's label gives it ('open severity-1 defects': each is open)
    status = _STATUS.match(re.sub(r"^(?:the|number of)\s+", "", fact_label(ledger.facts[count]), flags=re.I)) \
        if count else None
    first = len(sheet.lines)
    for i, day in enumerate(days):
        extra = {0: i + 1, 1: refs[i] if refs else f"{prefix}-{day.year}-{i + 1:03d}",
                 2: day.isoformat() if day else None}
        sheet.add(names[i] if party else described, role="item",
                  amount=_num(amounts[i]) if amounts else None, fmt=("money" if currency else "number") if amounts
                  else None, extra=extra,
                  note=label[largest] if largest is not None and amounts[i] == ledger.value(largest).amount
                  else marks.get(i) or (cap_first(status.group(1).lower()) if status else ""))
    last = len(sheet.lines) - 1
    bottom = sheet.add(label[count] if count else f"{thing}s listed", role="derived" if count else "item", amount=n,
                       fmt="number", fact=count, formula=f"COUNT(A{first + 2}:A{last + 2})",
                       note=f"Rows 1 to {n} above")
    if total is None:
        return bottom, None
    words = f"{n} {stem}s" if n != 1 else f"1 {stem}"
    computed_here = bool(ledger.facts[total].formula) and ledger.computes(total) and \
        all(r in spec.facts for r in references(ledger.facts[total].formula or ""))
    if computed_here:
        # the ledger computes the total from figures the sheet also carries: the rows' sum is a check line, the
        # total itself is computed below from its inputs
        bottom = None
        sheet.add(f"Total of the {words} listed", role="item", amount=_num(quantity_of(value).amount),
                           fmt="money" if currency else "number", formula="SUM({%d}:{%d})" % (first, last),
                           note=f"Agrees with the {_lower(label[total])} below")
    else:
        bottom = sheet.add(label[total], role="total", amount=_num(quantity_of(value).amount),
                           fmt="money" if currency else "number", fact=total,
                           formula="SUM({%d}:{%d})" % (first, last), note=f"Sum of rows 1 to {n} above")
    if largest is not None:
        sheet.add(label[largest], role="derived", amount=_num(ledger.value(largest).amount), fmt="money",
                  fact=largest, formula="MAX({%d}:{%d})" % (first, last), note=f"Largest of rows 1 to {n} above")
    return bottom, total


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:] if text[1:2].islower() or len(text) < 2 else text


def _described(fact: Any, stem: str) -> str:
    """What one row is: the count's label in the singular where it ends in the thing ('Open severity-1 defect'), else
    the thing ('Shipment')."""
    from worldsmith.generators.labels import fact_label

    words = re.sub(r"^(?:the|a|an|number of)\s+", "", fact_label(fact), flags=re.I).split()
    if words and re.fullmatch(rf"{re.escape(stem)}s", words[-1], re.I) and len(words) <= 5:
        return cap_first(" ".join(words[:-1] + [stem]))
    if 2 <= len(words) <= 5 and re.fullmatch(r"[a-z][a-z-]{2,}[^isu]s", words[-1]):
        # a count whose label names its thing otherwise than its unit ('internal redeployment posts' of 37 positions)
        return cap_first(" ".join(words[:-1] + [words[-1][:-1]]))
    return cap_first(stem)


def _norm(ref: str) -> str:
    """An identifier without its padding and spacing: 'WEA 03' and 'WEA 3' alike."""
    m = re.match(r"(.*?)(\d+)$", ref.replace(" ", "").replace("-", ""))
    return f"{m.group(1).upper()}{int(m.group(2))}" if m else ref


def _between(statement: str) -> tuple[dt.date, dt.date] | None:
    """The period a statement names ('Between June 3 and December 19, 2026'), or None."""
    m = re.search(r"\b[Bb]etween\s+(\w+ \d{1,2})(?:,\s*(\d{4}))?\s+and\s+(\w+ \d{1,2}),\s*(\d{4})", statement or "")
    if m is None:
        return None
    try:
        a = dt.datetime.strptime(f"{m.group(1)} {m.group(2) or m.group(4)}", "%B %d %Y").date()
        b = dt.datetime.strptime(f"{m.group(3)} {m.group(4)}", "%B %d %Y").date()
    except ValueError:
        return None
    return (a, b) if a <= b else None


def _day_of(ref: str, period: tuple[dt.date, dt.date], taken: set, ledger: Any = None) -> dt.date:
    """The day of what befell an identified item in a period: seeded by the item and the period, so that every sheet
    listing it gives it the same day; never a dated fact's day, nor before a day another statement of the ledger
    gives the item in the period ('attributes WEA 11 and 18 to overload from grid-fault transients on August 14')."""
    start = period[0]
    for fact in (ledger.facts.values() if ledger is not None else []):
        if _norm(ref) not in {_norm(x) for x in id_list(fact.statement)} or _between(fact.statement) == period:
            continue
        for m in re.finditer(r"\b(\w+ \d{1,2}), (\d{4})\b", fact.statement):
            try:
                said = dt.datetime.strptime(f"{m.group(1)} {m.group(2)}", "%B %d %Y").date()
            except ValueError:
                continue
            if period[0] <= said < period[1]:
                start = max(start, said + dt.timedelta(days=1))
    rng = random.Random(f"{_norm(ref)}:{period[0]}:{period[1]}")
    day = start + dt.timedelta(days=rng.randint(0, (period[1] - start).days))
    while day in taken and day < period[1]:
        day += dt.timedelta(days=1)
    return day
