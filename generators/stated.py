"""Figures a statement works out: a fact the outline gives no formula for, whose statement sets out how it is computed
from two figures of the ledger ('25 cents in the dollar of its assessed loss (AUD 45,050,000 / AUD 180,200,000)'), is
computed on a sheet that lays out both, by a live formula, never typed in beside them (blind read 29: 'pro rata rate
hard-coded rather than =B7/B8').

Only what the statement writes is read: two amounts joined by an operator, each the value of one other fact the sheet
carries, that come to the fact's own value (a percent as its fraction or its hundred-fold). Nothing is guessed from
the values alone: two figures that happen to divide to a third are not its computation.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from worldsmith.worlds.ledger import quantity_of
from worldsmith.worlds.values import Money, Number, Percent

_AMOUNT = r"(?:[A-Z]{3}\s?|[$£€¥]\s?)?\d[\d,]*(?:\.\d+)?"
_WORKED = re.compile(rf"(?P<a>{_AMOUNT})\s*(?P<op>[/x×*+\-\u2212])\s*(?P<b>{_AMOUNT})")
_OPS = {"/": "/", "x": "*", "×": "*", "*": "*", "+": "+", "-": "-", "\u2212": "-"}


def _amount(text: str) -> Decimal:
    return Decimal(re.sub(r"[^\d.]", "", text))


def stated_formula(fid: str, ledger: Any, carried: list[str]) -> tuple[str, str, str] | None:
    """(input a, operator, input b) of the computation a fact's statement sets out from two other facts the sheet
    carries, where it comes to the fact's value; None otherwise (or where the fact has a formula of its own)."""
    fact = ledger.facts[fid]
    value = ledger.value(fid)
    if fact.formula or not isinstance(value, (Money, Number, Percent)):
        return None
    statement = " ".join((fact.statement or "").split())
    for m in _WORKED.finditer(statement):
        a, b = _amount(m.group("a")), _amount(m.group("b"))
        if not re.search(r"\d", m.group("a")) or (m.group("op") == "x" and not re.search(r"\s", m.group(0))):
            continue
        ids = []
        for figure in (a, b):
            same = [g for g in carried if g != fid and quantity_of(ledger.value(g)) is not None
                    and not isinstance(ledger.value(g), Percent) and quantity_of(ledger.value(g)).amount == figure]
            if len(same) != 1:
                break
            ids.append(same[0])
        if len(ids) != 2 or ids[0] == ids[1]:
            continue
        op = _OPS[m.group("op")]
        if op == "/" and b == 0:
            continue
        result = {"/": lambda: a / b, "*": lambda: a * b, "+": lambda: a + b, "-": lambda: a - b}[op]()
        want = quantity_of(value).amount
        if isinstance(value, Percent):
            fits = abs(result * 100 - want) < Decimal("0.005") or abs(result - want / 100) < Decimal("0.00005")
            if op != "/" or not fits:
                continue
        elif abs(result - want) >= Decimal("0.005"):
            continue
        return ids[0], op, ids[1]
    return None
