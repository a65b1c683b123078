"""Sides of a matter: which organisations share a privileged circle (counsel and client) with the home side."""

from __future__ import annotations

import re

from worldsmith.worlds.outline import Outline

# Roles that put an organisation across the table, whatever else they mention.
_ADVERSE = re.compile(r"\b(opposing|counterparty|adverse|sell-side|vendor'?s|seller'?s|the target|regulator|claimant'?s counsel)\b", re.I)
# Role nouns by which one organisation's role names another ("accountants engaged by the buyer").
_NOUNS = ("buyer", "client", "charterer", "seller", "company", "hospital", "insurer", "lender", "employer", "owner")


def _keys(name: str, role: str) -> list[str]:
    """How other roles may name this organisation: its name, its first two words, its role noun ('the buyer')."""
    words = re.findall(r"[A-Za-z&'-]+", name)
    keys = [name.lower(), " ".join(words[:2]).lower(), words[0].lower() if words else ""]
    keys += [f"the {n}" for n in _NOUNS if re.search(rf"\b{n}\b", role, re.I)] + \
            [f"{n}'s" for n in _NOUNS if re.search(rf"\b{n}\b", role, re.I)]
    return [k for k in keys if len(k) > 3]


def privileged_circle(outline: Outline) -> set[str]:
    """The organisations inside the home side's privileged circle: the home organisation (that of the outline's
    first cast member), the organisations its role serves, and those whose roles say they act for one of them."""
    orgs = {o.id: o for o in outline.organisations}
    home = outline.cast[0].organisation if outline.cast else next(iter(orgs), None)
    if home is None:
        return set()
    circle = {home}
    changed = True
    while changed:
        changed = False
        for o in orgs.values():
            if o.id in circle or _ADVERSE.search(o.role):
                continue
            inside = [orgs[c] for c in circle]
            names_in_mine = any(k in o.role.lower() for c in inside for k in _keys(c.name, c.role))
            mine_name_it = any(k in c.role.lower() for c in inside for k in _keys(o.name, o.role)[:3]) or \
                re.match(r"\s*client\b", o.role, re.I)
            if names_in_mine or mine_name_it:
                circle.add(o.id)
                changed = True
    return circle
