"""An amount over the count it is for: the unit price, or the average per month, that a trade computes from a price and
the number of things it buys, or a total and the months it covers (blind read 32: 'a cost calculation of two rows, the
bid price and 24 trams, that computes nothing, not even the unit price').

Only what the ledger says is read: a count (a whole number of things, in a unit) and an amount whose own statement or
label names that unit ('bid PLN 214,800,000 for the 24 trams'); never an amount computed from the count already, nor
a pair a carried fact already computes from.
"""

from __future__ import annotations

import re
from typing import Any

from worldsmith.worlds.ledger import references
from worldsmith.worlds.values import Money, Number

_PERIODS = {"day", "week", "month", "quarter", "year"}
# an amount that is itself a rate ('demurrage per hour', 'daily rate') is no total to divide
_RATE = re.compile(r"\b(?:per|rate|daily|hourly|weekly|monthly|annual|yearly|each|a (?:day|unit|month|year))\b", re.I)


def _digits(value: Any) -> str:
    """A whole number as a pattern that matches it written with any thousands separator: 1200 -> 1[,. ]?200."""
    text = str(int(value))
    groups = []
    while text:
        groups.insert(0, text[-3:])
        text = text[:-3]
    return r"[,.\s\u00a0\u202f']?".join(groups)


def singular(unit: str) -> str:
    """'trams' -> 'tram', 'batteries' -> 'battery', 'buses' -> 'bus', 'months' -> 'month'."""
    u = unit.strip()
    if re.search(r"[^aeiou]ies$", u):
        return u[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z|us)es$", u):
        return u[:-2]
    if u.endswith("s") and not u.endswith("ss"):
        return u[:-1]
    return u


def per_unit_pairs(carried: list[str], ledger: Any) -> list[tuple[str, str, str]]:
    """(amount fact, count fact, the count's unit in the singular) for each count the sheet carries that an amount it carries is for."""
    values = {f: ledger.value(f) for f in carried}
    counts = [f for f, v in values.items() if isinstance(v, Number) and v.unit and v.value > 1
              and v.value == v.value.to_integral_value() and re.fullmatch(r"[^\W\d_]+(?: [^\W\d_]+)?", v.unit.strip())]
    amounts = [f for f, v in values.items() if isinstance(v, Money) and v.amount > 0]
    formulas = [set(references(ledger.facts[f].formula)) for f in ledger.facts if ledger.facts[f].formula]
    pairs, taken = [], set()
    for n in counts:
        unit = values[n].unit.strip().lower()
        one = singular(unit)
        # the amount's own statement is for this many of them: '... for the 24 trams', 'over 18 months'
        names = re.compile(rf"(?<![\d.,]){_digits(values[n].value)}(?![\d]|[.,]\d)\s+(?:[^\W\d_][\w-]*\s+){{0,2}}?"
                           rf"(?:{re.escape(unit)}|{re.escape(one)})\b", re.I)
        for m in amounts:
            fact = ledger.facts[m]
            if m in taken or not names.search(fact.statement) or _RATE.search(fact.label or "") \
                    or _RATE.search(fact.statement.split(".")[0]):
                continue
            if any({m, n} <= refs for refs in formulas) or (fact.formula and n in references(fact.formula)):
                continue  # the ledger computes from the pair already (a cap of a rate times the tonnage)
            pairs.append((m, n, one))
            taken.add(m)
            break  # one amount a count: the first the sheet carries that is for it
    return pairs


def per_unit_label(amount: str, one: str) -> str:
    """The line's label: 'Bid price per tram', or 'Average per month' for a period."""
    return f"Average per {one}" if one in _PERIODS else f"{amount} per {one}"
