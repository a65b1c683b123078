"""Short labels for ledger facts ("the liability cap"), so artifacts name a fact instead of pasting its statement."""

from __future__ import annotations

import re

# Words of a fact id that read better in capitals or spelled out when the statement shows them so.
# Abbreviations people spell out or case their own way in prose.
_KNOWN = {"mgmt": "management", "qoe": "QoE", "ic": "investment committee", "nda": "NDA", "spa": "SPA",
          "ev": "enterprise value", "pct": "percent", "amt": "amount", "dept": "department"}
_SMALL = {"of", "and", "or", "the", "a", "an", "to", "in", "on", "for", "per", "by", "at", "vs"}


def _expand(token: str, statement: str) -> str:
    """A short id token as the statement writes it: 'cp' -> 'charter party', 'opa' -> 'OPA', else the token."""
    if token in _KNOWN:
        return _KNOWN[token]
    if re.search(rf"\b{re.escape(token.upper())}\b", statement):
        return token.upper()
    if len(token) <= 4 and token.isalpha():
        # an abbreviation: consecutive statement words whose initials spell it
        words = re.findall(r"[A-Za-z][A-Za-z-]*", statement)
        n = len(token)
        for i in range(len(words) - n + 1):
            run = words[i:i + n]
            if "".join(w[0].lower() for w in run) == token and all(w.lower() not in _SMALL for w in run):
                return " ".join(w.lower() if not w.isupper() else w for w in run)
    return token


def derived_label(fact_id: str, statement: str) -> str:
    """A label from the fact's id, spelled as its statement spells it: 'nrd_claimed' -> 'the natural resource damages claimed'."""
    tokens = [t for t in re.split(r"[_\W]+", fact_id) if t]
    words = " ".join(_expand(t.lower(), statement) for t in tokens) or "figure"
    return "the " + words


def as_noun(label: str) -> str:
    """A label as it reads mid-sentence: 'gross tonnage' -> 'the gross tonnage'; names, possessives and labels that
    already start with a determiner stay as they are."""
    words = label.split()
    if not words:
        return label
    if words[0].lower() in ("the", "a", "an", "its", "their", "our"):
        return label
    if words[0][:1].isupper() and ("'s" in words[0] or "’s" in words[0]):
        return label  # "Ostrander's maximum exposure"
    if words[0][:1].isupper() and words[0][1:].islower() and len(words) > 1 and words[1][:1].isupper():
        return label  # a name: 'Kestrel Bay limit'
    return "the " + label


def fact_label(fact) -> str:
    """The fact's short label: the ledger's own when it has one, else one derived from its id and statement."""
    own = getattr(fact, "label", None)
    if isinstance(own, str) and own.strip():
        return as_noun(own.strip())
    return derived_label(fact.id, fact.statement)


def as_first_sent(title: str) -> str:
    """A file's title as its writer named it the day it went round: without the "superseded" that only a later
    version makes true ("DRAFT v1 (superseded): Memo re X" -> "DRAFT v1: Memo re X", "(interim, superseded)" ->
    "(interim)", "Estimate (superseded by the loss of June 9, 2026)" -> "Estimate")."""
    def keep(m: re.Match) -> str:
        # "(superseded by the adjusted loss of June 9, 2026)": the clause goes whole, its date's comma with it.
        inner = re.sub(r"\s*,?\s*\bsuperseded\s+(?:by|on|following|in favou?r of)\b.*$", "", m.group(1), flags=re.I)
        words = [w for w in re.split(r"\s*,\s*", inner) if w and not re.fullmatch(r"superseded", w, re.I)]
        return f" ({', '.join(words)})" if words else ""

    out = re.sub(r"\s*\(([^)]*\bsuperseded\b[^)]*)\)", keep, title, flags=re.I)
    out = re.sub(r"\s*\bsuperseded\b\s*", " ", out, flags=re.I).strip()
    return re.sub(r"\s+:", ":", out) or title
