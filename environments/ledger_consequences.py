"""Consequences a text draws from the ledger's figures, read against the ledger's own smaller-of formulas: a limit said
exhausted (or not) the other way, a figure said over a limit its capped side stays under, and nothing said payable for
a thing the ledger allows a sum for.

Kit29b (a blind red team on a product recall insurance claim): beside the right comparison of the cost of replacement
units with the replacement cost sub-limit and the right gap, '..., and the limit of indemnity is therefore exhausted'
(the net recoverable loss is under it), '..., so nothing is payable for replacement units' (the ledger allows the
sub-limit for them) and '..., which takes the claim over the JPY 300,000,000 limit of indemnity' each scored 1.0.

Every reader is general: a cap is the side of a ledger's min(a, b) whose label names a limit, cap, ceiling or maximum,
its capped side the other one, the result what the ledger allows; the names are the ledger's label phrases.
"""

from __future__ import annotations

import re
from decimal import Decimal

from worldsmith.environments import ledger_statements as ls
from worldsmith.environments.tasks import label_of

_CAP_WORD = re.compile(r"\b(?:limit|cap|ceiling|maximum|max)\b")
_EXHAUSTED = re.compile(r"[\s,]*(?:(?:is|are|was|has\s+been|will\s+be|becomes|now|therefore|thus|so|then|already|"
                        r"fully|completely|entirely|wholly|effectively|also|been)\s+)*(?P<not>(?:not|n't|never)\s+"
                        r"(?:(?:yet|been|fully|be)\s+)*)?(?:exhausted|used\s+up|spent|"
                        r"fully\s+(?:used|utili[sz]ed|absorbed|eroded)|eroded\s+in\s+full)\b")
_EXHAUSTS = re.compile(r"\b(?P<not>(?:does|do|did|will)\s+not\s+|doesn't\s+|don't\s+|won't\s+)?(?:exhausts?|exhausting|"
                       r"uses?\s+up|using\s+up|uses?\s+up\s+all\s+of|wipes?\s+out)\s+(?:all\s+of\s+)?(?:the\s+|its\s+|"
                       r"their\s+)?$")
_OVER = re.compile(r"\b(?:over|above|beyond|past|exceed(?:s|ed|ing)?|in\s+excess\s+of|breach(?:es|ed|ing)?)\s+"
                   r"(?:the\s+|its\s+|their\s+)?(?:(?:[^.,;:()]|[.,](?=\d)){0,30}?\s)?$")
_UNDER = re.compile(r"\b(?:not|n't|never|no\s+longer|below|under|within|short\s+of|less\s+than)\b")
_NOTHING = re.compile(r"\b(?:nothing|no\s+(?:amount|sum|money|payment|indemnity|cover|recovery|compensation))\s+"
                      r"(?:at\s+all\s+)?(?:is\s+|was\s+|will\s+be\s+|would\s+be\s+|remains?\s+|can\s+be\s+)?"
                      r"(?:payable|recoverable|owed|"
                      r"due|covered|paid|allowed|recovered)\s+(?:at\s+all\s+)?(?:for|on|in\s+respect\s+of|towards?)\s+"
                      r"(?:the\s+|its\s+|their\s+|any\s+)?(?P<obj>[^.,;:()]{3,80})")
# what is left above a cap ('nothing is payable for the excess over the sub-limit') is rightly paid nothing
_REMAINDER = re.compile(r"\b(?:above|over|beyond|excess|exceeding|balance|gap|difference|rest|remainder|shortfall|more|"
                        r"outside|uninsured|excluded|disallowed)\b")
# a sentence that supposes or reports another's view ('claim' is this trade's noun, no hedge: 'takes the claim over')
_HYPO = re.compile(r"\b(?:if|whether|unless|would|could|might|suppos\w*|assum\w*|hypothetical\w*|argu\w*|contend\w*|"
                   r"claims?\s+that|claimed|wrongly|mistakenly|draft|superseded|what-if|scenario|needs?\s+to|must)\b")
_STOP = {"the", "of", "for", "and", "any", "its", "their", "costs", "cost", "amount", "sum", "figure", "total", "value"}


class _Caps:
    """The ledger's caps, read once: (cap id, capped id, result id, cap, capped, result)."""

    def __init__(self, world):
        plan = world.plan
        facts = {f.id: f for f in plan.facts}
        self.caps = []
        for f in plan.facts:
            parts = re.fullmatch(r"\s*min\(\s*([a-z_][a-z0-9_]*)\s*,\s*([a-z_][a-z0-9_]*)\s*\)\s*", f.formula or "")
            if not parts or parts.group(1) not in facts or parts.group(2) not in facts:
                continue
            a, b = facts[parts.group(1)], facts[parts.group(2)]
            ca, cb = bool(_CAP_WORD.search(label_of(a).lower())), bool(_CAP_WORD.search(label_of(b).lower()))
            if ca == cb:
                continue
            cap, capped = (a, b) if ca else (b, a)
            vals = [ls._amount(x.value) for x in (cap, capped, f)]
            if any(v is None for v in vals) or ls._unit(cap.value) != ls._unit(capped.value):
                continue
            self.caps.append((cap.id, capped.id, f.id, *(Decimal(str(v)) for v in vals)))


_CAPS: dict = {}


def _caps(world) -> _Caps:
    return ls._per_world(_CAPS, world, _Caps)


def _names(world) -> dict:
    """Each fact's name pattern (the ledger readers' own)."""
    return {fid: rx[0] for fid, *_, rx in ls._of(world).facts}


def _named(s: str, names: dict, ids) -> list:
    """(start, end, fact id) of each name of a fact of `ids` in `s`, none inside a longer name or a hyphened word."""
    got = [(m.start(), m.end(), fid) for fid in ids if fid in names for m in names[fid].finditer(s)
           if not (m.start() > 0 and s[m.start() - 1] == "-")]
    return [g for g in got if not any(o != g and o[0] <= g[0] and g[1] <= o[1] and o[1] - o[0] > g[1] - g[0]
                                      for o in got)]


def misstates_exhaustion(text: str, world, skip=frozenset()) -> bool:
    """Whether a sentence says a cap exhausted where the ledger's capped side stays under it ('the limit of indemnity is
    therefore exhausted', the net loss under it), or not exhausted where the capped side reaches it."""
    caps = [c for c in _caps(world).caps if c[0] not in skip and c[1] not in skip]
    if not caps:
        return False
    names = _names(world)
    by_cap = {c[0]: c for c in caps}
    for s in ls.sentences(text):
        if _HYPO.search(s):
            continue
        for start, end, fid in _named(s, names, by_cap):
            _, _, _, cap, capped, _ = by_cap[fid]
            said = _EXHAUSTED.match(s, end) or _EXHAUSTS.search(s, 0, start)
            if said is None:
                continue
            exhausted = not said.group("not")
            if exhausted != (capped >= cap):
                return True
    return False


def over_uncrossed_cap(text: str, world, skip=frozenset()) -> bool:
    """Whether a sentence says something goes over a cap whose capped side the ledger has under it ('which takes the
    claim over the JPY 300,000,000 limit of indemnity', the net loss under it), where no figure or fact the sentence
    names before is over the cap."""
    caps = [c for c in _caps(world).caps if c[0] not in skip and c[1] not in skip and c[4] < c[3]]
    if not caps:
        return False
    names = _names(world)
    w = ls._of(world)
    values = {f[0]: f[3] for f in w.facts}
    by_cap = {c[0]: c for c in caps}
    for s in ls.sentences(text):
        if _HYPO.search(s):
            continue
        for start, end, fid in _named(s, names, by_cap):
            cmp_ = _OVER.search(s, 0, start)
            if cmp_ is None or _UNDER.search(s, max(0, cmp_.start() - 25), cmp_.start()):
                continue
            cap = by_cap[fid][3]
            before = s[:cmp_.start()]
            figures = [m.value for m in ls._parse(before).mentions
                       if m.value is not None and m.kind in ("money", "number")]
            if any(Decimal(str(v)) > cap for v in figures):
                continue
            others = {i for i in values if i != fid}
            if any(values[i] > cap for _, _, i in _named(before, names, others)):
                continue
            return True
    return False


def denies_allowed(text: str, world, skip=frozenset()) -> bool:
    """Whether a sentence says nothing is payable for a thing the ledger allows a sum for: the capped side of a cap
    whose result is above nil ('so nothing is payable for replacement units', the ledger allowing the sub-limit)."""
    caps = [c for c in _caps(world).caps if c[1] not in skip and c[2] not in skip and c[5] > 0]
    if not caps:
        return False
    labels = {f.id: label_of(f).lower() for f in world.plan.facts}
    for s in ls.sentences(text):
        if _HYPO.search(s):
            continue
        for m in _NOTHING.finditer(s):
            obj = m.group("obj")
            if _REMAINDER.search(obj):
                continue
            words = {x for x in re.findall(r"[a-z]+", obj) if x not in _STOP and x not in ls._PREPS and len(x) > 2}
            if not words:
                continue
            for _, capped, *_ in caps:
                own = set(re.findall(r"[a-z]+", labels[capped]))
                if words <= own | {x + "s" for x in own} | {x[:-1] for x in own if x.endswith("s")}:
                    return True
    return False


def misstates(text: str, world, skip=frozenset()) -> bool:
    """A consequence drawn against the ledger's caps (see the module's doc)."""
    return (misstates_exhaustion(text, world, skip) or over_uncrossed_cap(text, world, skip)
            or denies_allowed(text, world, skip))
