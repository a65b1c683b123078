"""Runs of thousands: a sheet titled for the things a count of more than COUNTED_MOST counts (6,214 registered group
members, 5,802 payees) lists them as a run file does, from the ledger.

A title is a promise its rows keep (blind read 29, sheets 4 of 12 accepted: 'a "final run" of eligible members with no
member rows, only one member and a total', 'a "loss assessment run" that is one total line', 'an "EFT batch summary"
with no payees, no number of payments'). No reader goes through six thousand lines, and a run file's summary does not
print them: its first rows are listed one by one (a number, a reference, a date, an invented name, its amount) and the
others on one line with how many they are and what they come to; a column counts what each line stands for, and the
count the ledger holds is its live SUM. Where the count's or the total's statement excludes some of the things ('after
excluding 412 late and ineligible registrations', '5,802 of them with shares acquired in the claim period'), the
excluded ones are their own block, without amounts, and the eligible and excluded numbers are live SUMs of their
blocks (read 29: 'It counts 6,214 "eligible" members when 412 were excluded'). The total the rows make up (a money
fact whose statement names the count, else one labelled a total, else one the title names) is the live SUM of the
eligible amounts. The rows are items (sheet_lines role 'item'), never facts.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any

from worldsmith.generators.compose.text import cap_first
from worldsmith.generators.kinds.spreadsheet.promise import names_count
from worldsmith.generators.labels import fact_label
from worldsmith.worlds.content import SheetColumn
from worldsmith.worlds.ledger import CENT, quantity_of, references
from worldsmith.worlds.values import Money

# the rows a run lists one by one: the item's own rows, at least LISTED_FLOOR, at most LISTED_CAP
LISTED_FLOOR, LISTED_CAP = 10, 80
# a figure labelled as a total ('total assessed losses', 'aggregate claims')
_TOTAL = re.compile(r"(?:the\s+)?(?:total|aggregate)\b", re.I)
# things excluded from a count: 'after excluding 412 late and ineligible registrations', '412 were excluded'
_EXCLUDING = re.compile(r"\bexclud\w*\s+(?:the\s+)?(\d[\d,]*)\s+((?:[a-z-]+\s+){0,4}?[a-z-]+s)\b", re.I)
_OF_THEM = re.compile(r"\b(\d[\d,]*)\s+of\s+them\b", re.I)
# a party's own figure: its label opens with the party's name in the possessive ("Corella Super's assessed loss")
_OWNER = re.compile(r"^((?:[A-Z][\w&.-]*\s)*[A-Z][\w&.-]*)['\u2019]s\s")
_DEADLINE = re.compile(r"\b(?:deadline|cut-?off|bar date|closing date|last day)\b", re.I)
_PLAIN = {"total", "amount", "figure", "value", "final", "the", "agreed", "current", "revised"}
_PARTY_HEADS = {"member", "payee", "shareholder", "holder", "beneficiary", "investor", "creditor", "claimant",
                "customer", "policyholder", "employee", "subscriber", "tenant"}


def _total_of(ledger: Any, carried: list[str], count: str, stem: str, title: str) -> str | None:
    """The money fact the run's rows make up: one whose statement names the count, else one labelled a total, else the
    largest whose label the title names; None where the sheet carries none."""
    n = int(ledger.value(count).value)
    money = [f for f in carried if f != count and isinstance(ledger.value(f), Money) and ledger.value(f).amount > 0]
    title_words = {w.rstrip("s") for w in re.findall(r"[a-z][a-z-]+", title.lower())}
    for test in (lambda f: names_count(ledger.facts[f].statement, n, stem),
                 lambda f: _TOTAL.match(fact_label(ledger.facts[f])) is not None,
                 lambda f: bool({w.rstrip("s") for w in re.findall(r"[a-z][a-z-]+", fact_label(ledger.facts[f]).lower())
                                 if len(w) > 3 and w not in _PLAIN} & title_words)):
        found = [f for f in money if test(f)]
        if found:
            return max(found, key=lambda f: ledger.value(f).amount)
    return None


def excluded(ledger: Any, facts: list[str], n: int) -> tuple[int, str]:
    """How many of a count of n the statements of `facts` exclude, and what they are ('late and ineligible
    registrations'); (0, '') where none says."""
    for fid in facts:
        statement = " ".join((ledger.facts[fid].statement or "").split())
        m = _EXCLUDING.search(statement)
        if m and 0 < int(m.group(1).replace(",", "")) < n:
            return int(m.group(1).replace(",", "")), m.group(2)
    for fid in facts:
        m = _OF_THEM.search(" ".join((ledger.facts[fid].statement or "").split()))
        if m and 0 < int(m.group(1).replace(",", "")) < n:
            return n - int(m.group(1).replace(",", "")), ""
    return 0, ""


def run_rows(sheet: Any, ledger: Any, count: str, stem: str, label: dict[str, str], faker: Any
             ) -> tuple[int | None, str | None]:
    """A run's first rows one by one and the others on a line, each block's number and the eligible amounts by live
    SUMs; the count the ledger holds is the SUM of the number column. Returns the bottom line (None where the total is
    computed below, from its inputs) and the total's fact."""
    from worldsmith.generators.counted import _period
    from worldsmith.generators.skeleton import _names, _num, split_cents

    spec, rng = sheet.spec, sheet.rng
    n = int(ledger.value(count).value)
    carried = [f for f in spec.facts if ledger.value(f) is not None]
    total = _total_of(ledger, carried, count, stem, spec.title)
    out, what = excluded(ledger, [count] + ([total] if total else []), n)
    eligible = n - out
    listed = max(LISTED_FLOOR, min(spec.rows or LISTED_CAP, LISTED_CAP))
    listed_out = min(out, max(1, round(listed * out / n))) if out else 0
    listed_in = min(eligible, listed - listed_out)
    value = ledger.value(total) if total else None
    currency = value.currency if isinstance(value, Money) else None
    # each eligible thing's amount in cents (a member's loss, a payee's payment), adding up to the total exactly
    amounts = split_cents(value.amount, eligible, rng, whole=False, sigma=0.9, unit=CENT) if value is not None else []
    # a party's own figure the sheet carries ("Corella Super's assessed loss") is its row of the run, among the first
    own = [f for f in carried if f not in (total, count) and value is not None and isinstance(ledger.value(f), Money)
           and ledger.value(f).currency == value.currency and _OWNER.match(fact_label(ledger.facts[f]))
           and 0 < ledger.value(f).amount < value.amount / 4][:3]
    if own and eligible > len(own) + 1 and min(listed_in, eligible) > len(own):
        figures = [ledger.value(f).amount for f in own]
        amounts = split_cents(value.amount - sum(figures), eligible - len(own), rng, whole=False, sigma=0.9, unit=CENT)
        for f, figure in zip(own, figures):
            amounts.insert(rng.randrange(min(listed_in, len(amounts))), figure)
    owner_of = {ledger.value(f).amount: f for f in own}
    party = stem.lower().split()[-1] in _PARTY_HEADS
    thing = cap_first(stem)
    sheet.columns = [SheetColumn(name="No.", type="number"), SheetColumn(name=f"{thing} ref", type="text"),
                     SheetColumn(name="Date", type="date"),
                     SheetColumn(name=thing if party else "Description", type="text"),
                     SheetColumn(name=f"Amount ({currency})" if currency else "Count", type="money" if currency
                                 else "number"),
                     SheetColumn(name=f"Number of {stem}s", type="number"), SheetColumn(name="Notes", type="text")]
    sheet.label, sheet.amount, sheet.note = 3, 4, 6
    sheet.layout = "counted"
    start, end = _period(ledger, count, total, spec.title, spec.date)
    free = [start + dt.timedelta(days=k) for k in range((end - start).days + 1)]
    # an eligible thing came in by the deadline the sheet carries (a registration deadline inside the period); an
    # excluded one may be late
    due = [v.value for v in (ledger.value(f) for f in carried) if getattr(v, "type", None) == "date" and v.value < end]
    # (and a deadline of the ledger inside the period: registrations close on it, whether or not the sheet carries it)
    due += [f.value.value for f in ledger.facts.values() if getattr(f.value, "type", None) == "date"
            and _DEADLINE.search(fact_label(f)) and start <= f.value.value < end]
    on_time = free
    if due:
        on_time = [d for d in free if d <= max(due)] or [max(due) - dt.timedelta(days=k) for k in range(21, -1, -1)]
    names = _names(rng, listed_in + listed_out, "company", faker) if party else []
    prefix = re.sub(r"[^A-Z]", "", "".join(w[:1] for w in stem.upper().split()))[:3] or "ITM"
    refs = sorted(rng.sample(range(1, n + 1), listed_in + listed_out))
    number = 0

    def block(k: int, in_block: int, amounts_of: list[Decimal], note: str, period: list[dt.date],
              kind: str = "") -> tuple[int, int]:
        nonlocal number
        first_line = len(sheet.lines)
        days = sorted(rng.choice(period) for _ in range(k))
        for day, amount in zip(days, amounts_of[:k] + [None] * (k - len(amounts_of[:k]))):
            ref = refs[number]
            number += 1
            mine = owner_of.get(amount) if amount is not None else None
            name = _OWNER.match(fact_label(ledger.facts[mine])).group(1) if mine else \
                names[number - 1] if party else thing
            rows_of[mine] = sheet.add(cap_first(name), role="item",
                      amount=_num(amount) if amount is not None else None, fmt="money" if amount is not None else None,
                      extra={0: number, 1: f"{prefix}-{ref:05d}", 2: day.isoformat(), 5: 1},
                      note=cap_first(fact_label(ledger.facts[mine])) if mine else note)
        rest = amounts_of[k:]
        if in_block > k:
            sheet.add(f"Other {kind}{stem}s ({in_block - k:,})", role="item",
                      amount=_num(sum(rest)) if rest else None, fmt="money" if rest else None, extra={5: in_block - k},
                      note=f"{in_block - k:,} more, one line each in the full run")
        return first_line, len(sheet.lines) - 1

    rows_of: dict[str | None, int] = {}
    first_in, last_in = block(listed_in, eligible, amounts, "", on_time or free, "eligible " if out else "")
    blocks = [(first_in, last_in)]
    if out:
        sheet.add(cap_first(f"excluded: {what}" if what else f"excluded {stem}s"), role="heading")
        blocks.append(block(listed_out, out, [], "Excluded", free, "excluded "))
    col = "F"  # the number of things each line stands for
    bottom = sheet.add(label[count], role="derived", amount=n, fmt="number", fact=count,
                       formula=f"SUM({col}{blocks[0][0] + 2}:{col}{blocks[-1][1] + 2})",
                       note=f"Sum of the number column: {listed_in + listed_out} {stem}s listed and the "
                            f"{n - listed_in - listed_out:,} others")
    if out:
        sheet.add(cap_first(f"{what or stem + 's'} excluded"), role="item", amount=out, fmt="number",
                  formula=f"SUM({col}{blocks[1][0] + 2}:{col}{blocks[1][1] + 2})", note="Sum of the excluded block")
        sheet.add(f"Eligible {stem}s", role="item", amount=eligible, fmt="number",
                  formula=f"SUM({col}{first_in + 2}:{col}{last_in + 2})", note="Sum of the eligible block")
    for f, row in rows_of.items():
        if f is not None:
            # the party's own figure read back from its row, not typed again below
            sheet.add(label[f], role="derived", amount=_num(ledger.value(f).amount), fmt="money", fact=f,
                      formula="{%d}" % row, note=f"Row {sheet.lines[row].cells[0]} of the run")
    if total is None:
        return bottom, None
    computed_here = bool(ledger.facts[total].formula) and ledger.computes(total) and \
        all(r in spec.facts for r in references(ledger.facts[total].formula or ""))
    words = f"{eligible:,} {'eligible ' if out else ''}{stem}s"
    if computed_here:
        sheet.add(f"Total of the {words}", role="item", amount=_num(quantity_of(value).amount), fmt="money",
                  formula="SUM({%d}:{%d})" % (first_in, last_in), note=f"Agrees with the {label[total]} below")
        return None, total
    return sheet.add(label[total], role="total", amount=_num(quantity_of(value).amount), fmt="money", fact=total,
                     formula="SUM({%d}:{%d})" % (first_in, last_in), note=f"Sum of the amounts of the {words}"), total
