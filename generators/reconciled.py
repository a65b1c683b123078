"""Reconciliations: a sheet titled for a reconciliation sets out both sides period by period, each side's periods
adding up to the ledger's figure by a live SUM, before the difference the ledger computes from them.

A title is a promise its rows keep (blind read 30: 'the "reconciliation against customs declarations" is one typed
total and one subtraction'). Where the sheet carries a difference the ledger computes as one money figure less another
(value observed less returns documented), and the title or the first side's statement names the year reconciled, each
side is laid out over that year's months before the sheet's day (its quarters where the whole year is over: twelve
months on each side print on two pages), the second side's in proportion to the first's, each side summed by a live
formula into its own line; the difference is then computed from the two lines as before. The periods are items
(sheet_lines role 'item'), never facts; nothing else is made up.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from typing import Any

from worldsmith.generators.compose.lexicon import foreign_head
from worldsmith.worlds.values import Money

_YEAR = re.compile(r"\b((?:19|20)\d\d)\b")


def is_reconciliation(title: str) -> bool:
    """Whether a sheet's title names a reconciliation, in English or a language of the lexicon."""
    return foreign_head(title) == "reconciliation" or re.search(r"\breconcil\w*", title, re.I) is not None


def _difference(ledger: Any, carried: list[str]) -> tuple[str, str, str] | None:
    """(difference, first side, second side): a carried fact the ledger computes as one carried money input less
    another, or None."""
    for fid in carried:
        formula = " ".join((ledger.facts[fid].formula or "").split())
        m = re.fullmatch(r"(\w+)\s*-\s*(\w+)", formula)
        if not m or not ledger.computes(fid):
            continue
        a, b = m.group(1), m.group(2)
        if all(x in carried and isinstance(ledger.value(x), Money) and not ledger.computes(x) and
               ledger.value(x).amount > 0 for x in (a, b)) and ledger.value(a).amount > ledger.value(b).amount:
            return fid, a, b
    return None


def reconciled_sides(sheet: Any, ledger: Any, label: dict[str, str]) -> bool:
    """Both sides of the difference a reconciliation carries, month by month over the year it reconciles, each
    summed into its own line; False where the sheet carries no such difference or names no year."""
    from worldsmith.generators.skeleton import _num, split_cents

    spec = sheet.spec
    found = _difference(ledger, [f for f in spec.facts if ledger.value(f) is not None])
    if found is None:
        return False
    _, a, b = found
    years = _YEAR.findall(spec.title) or _YEAR.findall(ledger.facts[a].statement or "")
    if not years:
        return False
    year = int(years[-1])
    months = [dt.date(year, m, 1) for m in range(1, 13)
              if dt.date(year, m, 28) < spec.date]
    if len(months) < 2:
        return False
    # a year of months on each side is two pages: a full year's sides go by quarter, and print on one
    names = [f"Q{k + 1} {year}" for k in range(4)] if len(months) == 12 else [m.strftime("%B %Y") for m in months]
    what = "quarters" if len(months) == 12 else "months"
    rng = random.Random(f"{spec.id}:{a}:{b}:months")
    first_side = split_cents(ledger.value(a).amount, len(names), rng, whole=False, sigma=0.3)
    second_side = split_cents(ledger.value(b).amount, len(names), rng, whole=False, sigma=0.2,
                              shape=[float(x) for x in first_side])
    for fid, parts in ((a, first_side), (b, second_side)):
        name = label[fid].removesuffix(" (this draft)")
        sheet.add(f"Per {name[:1].lower() + name[1:]}", role="heading")
        first = len(sheet.lines)
        for name_of, amount in zip(names, parts):
            sheet.add(name_of, role="item", amount=_num(amount), fmt="money")
        sheet.at[fid] = sheet.add(label[fid], role="subtotal", amount=_num(ledger.value(fid).amount), fmt="money",
                                  fact=fid, formula="SUM({%d}:{%d})" % (first, len(sheet.lines) - 1),
                                  note=f"Sum of the {len(names)} {what} of {year}")
    return True
