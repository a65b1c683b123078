"""Criteria sheets: a sheet titled for criteria lists them, each with its weight in points, the points available by a
live SUM, before the ledger's figures the criteria are applied to.

A title is a promise its rows keep (blind read 30: 'the "criteria for the order of dismissals by job category" sheet
has no criteria, no categories and no points, only 148 - 37 = 111'). The engine knows the ledger's figures, not the
criteria: they are read from the sheet's purpose in the outline, where it enumerates them ('the points each employee
scores on family burden, seniority, social characteristics and professional qualities'), never from a pool of another
trade. Each criterion's weight is drawn from the sheet's rng (the rows are items, never facts: sheet_lines role
'item'); a title whose purpose names no criteria keeps its figures only.
"""

from __future__ import annotations

import re
from typing import Any

from worldsmith.generators.compose.lexicon import fold

# a title naming criteria, in English or a Romance or Germanic matter's language ('Criteria for ...', 'Application des
# critères d'ordre', 'Criterios de selección', 'Auswahlkriterien', 'Scoring matrix')
_CRITERIA = re.compile(r"(?:criteria|criterion|criteres|criterios|criterium|kriterien)\b|"
                       r"\b(?:scoring|score sheet|evaluation matrix|points matrix)\b")
# an enumeration a purpose gives after a preposition or a colon: 'on family burden, seniority and age'
_ENUM = re.compile(r"(?:\b(?:on|of|for|by|against|under|covering)\b|:)\s+(?P<list>(?:[a-z][\w'-]*(?:\s+[a-z][\w'-]*)"
                   r"{0,3},\s+)+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3},?\s+and\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3}?)"
                   r"(?=\s+(?:within|in|for|across|by|at|of|per|to|from|with|under|against)\b|\s*[.;,)]|\s*$)")
_LEADING = {"the", "a", "an", "each", "their", "its", "his", "her"}


def is_criteria_sheet(title: str) -> bool:
    """Whether a sheet's title names criteria ('Application des critères d'ordre des licenciements' -> True)."""
    return _CRITERIA.search(fold(title)) is not None


def criteria_of(purpose: str) -> list[str]:
    """The criteria a sheet's purpose enumerates, in its order ('scores on family burden, seniority and age' ->
    ['Family burden', 'Seniority', 'Age']); [] where it enumerates fewer than two."""
    best: list[str] = []
    for m in _ENUM.finditer(purpose or ""):
        parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("list")) if p.strip()]
        parts = [" ".join(w for i, w in enumerate(p.split()) if i or w.lower() not in _LEADING) for p in parts]
        if len(parts) > len(best) and all(parts):
            best = parts
    return [p[:1].upper() + p[1:] for p in best] if len(best) >= 2 else []


def criteria_rows(sheet: Any, purpose: str) -> bool:
    """The criteria a sheet's purpose enumerates, a row each with its weight in points, and the points available by
    a live SUM; False where the purpose names none."""
    names = criteria_of(purpose)
    if not names:
        return False
    rng = sheet.rng
    sheet.add("Criteria and their weight", role="heading")
    first = len(sheet.lines)
    for name in names:
        points = rng.choice((3, 4, 5, 6, 8, 10))
        sheet.add(name, role="item", amount=points, fmt="number",
                  note=f"Weight: scored from 0 to {points} points")
    last = len(sheet.lines) - 1
    sheet.add("Points available", role="item", amount=None, fmt="number", formula="SUM({%d}:{%d})" % (first, last),
              note=f"Sum of the {len(names)} criteria above")
    total = sum(sheet.lines[i].cells[sheet.amount] for i in range(first, last + 1))
    sheet.lines[-1].cells[sheet.amount] = total
    return True
