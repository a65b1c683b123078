"""The words of a taxonomy search: stems, and the job-title synonyms that let "tax attorney" find Lawyers."""

from __future__ import annotations

import re

# A query word -> the words an occupation's title may use for it instead. The shipped taxonomy has no
# O*NET alternate titles, so the everyday names of an occupation have to come from somewhere; O*NET
# imports carry them too, where these do no harm. Keys and values are stems (see stem()).
SYNONYMS: dict[str, tuple[str, ...]] = {
    "attorney": ("lawyer",),
    "counsel": ("lawyer",),
    "counselor": ("lawyer",),
    "solicitor": ("lawyer",),
    "barrister": ("lawyer",),
    "litigator": ("lawyer",),
    "advocate": ("lawyer",),
    "lawyer": ("attorney", "counsel"),
    "cpa": ("accountant",),
    "bookkeeper": ("bookkeeping",),
    "doctor": ("physician",),
    "programmer": ("developer",),
    "coder": ("developer", "programmer"),
    "developer": ("programmer",),
    "banker": ("financial",),
    "ceo": ("chief", "executive"),
    "hr": ("human", "resource"),
    "pr": ("public", "relation"),
    "secretary": ("administrative", "assistant"),
}

STOP = frozenset({"and", "of", "the", "a", "an", "in", "for", "or", "to", "other", "all"})

_WORD = re.compile(r"[a-z0-9]+")


def stem(word: str) -> str:
    """A plural's singular, crudely but the same way on both sides (lawyers -> lawyer, attorneys -> attorney)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def query_words(query: str) -> list[list[str]]:
    """Each meaningful word of a query with the stems that count as it: [['tax'], ['attorney', 'lawyer']]."""
    out: list[list[str]] = []
    for word in _WORD.findall(query.lower()):
        if word in STOP:
            continue
        base = stem(word)
        alternatives = [base, *SYNONYMS.get(base, ())]
        if alternatives not in out:
            out.append(list(dict.fromkeys(alternatives)))
    return out


# The same stem() in SQL, over a column of lower-case words `w`.
STEM_SQL = ("CASE WHEN length(w) > 4 AND w LIKE '%ies' THEN left(w, length(w) - 3) || 'y' "
            "WHEN length(w) > 3 AND w LIKE '%s' AND w NOT LIKE '%ss' THEN left(w, length(w) - 1) ELSE w END")
