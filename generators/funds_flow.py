"""A funds flow: what a sheet titled for one pays out of the gross amount, each deduction the ledger knows, and the net.

Blind read 27: 'a "funds flow" that computes only the fee (no gross proceeds, deductions, net, repayment)'. The
engine lays out, below the sheet's computation, the gross amount (the largest money figure the sheet carries), less
each figure the ledger takes out of it (one computed from it, a fee at a rate of it; or one whose statement says it is
repaid, refinanced, deducted or withheld out of the proceeds), and the net after each step by live formulas over the
computation's own cells. Every amount is the ledger's or computed from its cells: no figure is made up.
"""

from __future__ import annotations

import re
from typing import Any

from worldsmith.worlds.ledger import references
from worldsmith.worlds.values import DateValue, Money

_OUT_OF = re.compile(r"\b(?:repa(?:y|id|yment|ys)|refinanc\w*|redeem\w*|redemption|discharg\w*|pay\s+off|payoff|"
                     r"paid\s+off|deduct\w*|withh[eo]ld\w*|netted|set\s+off)\b", re.I)


def funds_flow(sheet: Any, ledger: Any, label: dict[str, str]) -> None:
    """The funds flow lines under a sheet titled for one, where the ledger gives a gross and a deduction from it."""
    from worldsmith.generators.compose.text import long_date
    from worldsmith.generators.skeleton import _num

    spec = sheet.spec
    money = [f for f in spec.facts if f in sheet.at and isinstance(ledger.value(f), Money)
             and sheet.lines[sheet.at[f]].role in ("input", "derived", "total", "subtotal")]
    if len(money) < 2:
        return
    gross = max(money, key=lambda f: ledger.value(f).amount)
    amount = ledger.value(gross).amount
    inside = set(_refs(ledger.facts[gross].formula))
    fees, repaid = [], []
    for f in money:
        value = ledger.value(f)
        if f == gross or f in inside or value.currency != ledger.value(gross).currency or not 0 < value.amount < amount:
            continue
        if gross in _refs(ledger.facts[f].formula):
            fees.append(f)  # computed out of the gross: a fee or a holdback at a rate of it
        elif _OUT_OF.search(ledger.facts[f].statement or ""):
            repaid.append(f)
    out = fees + repaid
    if not out or sum(ledger.value(f).amount for f in out) >= amount:
        return
    day = next((ledger.value(f).value for f in spec.facts if isinstance(ledger.value(f), DateValue)
                and re.search(r"\b(?:payment|settlement|closing|completion|funding|drawdown|utilisation|utilization)"
                              r"\b", label[f], re.I)), None)
    sheet.add(f"Funds flow on {long_date(day, sheet.locale)}" if day else "Funds flow", role="heading")
    line = sheet.add(f"Gross proceeds ({_lower(label[gross])})", role="item", amount=_num(amount), fmt="money",
                     formula="{%d}" % sheet.at[gross], note="As above")
    left = amount
    groups = [(g, w) for g, w in ((fees, "deducted at source"), (repaid, "paid out of the proceeds")) if g]
    for i, (group, word) in enumerate(groups):
        for f in group:
            sheet.add(f"Less: {_lower(label[f])}", role="item", amount=_num(ledger.value(f).amount), fmt="money",
                      formula="{%d}" % sheet.at[f], note=cap(word))
            left -= ledger.value(f).amount
        name = "Balance after the deductions above" if i == len(groups) - 1 else "Net proceeds after the fees"
        line = sheet.add(name, role="item", amount=_num(left), fmt="money",
                         formula="{%d}" % line + "".join("-{%d}" % sheet.at[g] for g in group),
                         note="Computed from the lines above")

def _refs(formula: str | None) -> list[str]:
    return references(formula) if formula else []


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower(text: str) -> str:
    """A line's label inside another, lower-cased unless it opens on a name ('5-year fixed tranche', 'EBITDA')."""
    first = text.split(" ", 1)[0]
    return text if first[1:2].isupper() or not first[:1].isalpha() else text[:1].lower() + text[1:]
