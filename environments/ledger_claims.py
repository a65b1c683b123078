"""Claims about the ledger's facts that a text makes on the way, read against the ledger: a comparison of two facts said
the wrong way round, and a ratio that does not follow from the figures it relates.

A reviewer sends back a right answer whose side remark gets the matter wrong, whatever the sentence around it: 'Note
that the demand is below the Clause 41.3 cap' (USD 60,987,500 against USD 20,000,000), 'total claims are below the
cap, so Kestrel Bay is fully covered', 'which is 437% of the peg' (the gap is 337% of it), 'a 10% price chip' (8.97%),
'35% higher in relative terms' (43.75%). Kit8: such remarks beside right figures scored 1.0 on about 15 attempts. Every
pair of the ledger's facts of one unit is read, not only the task's own; a task that supposes an input otherwise (a
what-if) or asks for figures as they stood (as of a day) names the facts whose figures it moves, and those are left out.
"""

from __future__ import annotations

import re
from decimal import Decimal

from worldsmith.environments import answers
from worldsmith.environments.guards import label_phrases
from worldsmith.environments.tasks import label_of

_FACTS: dict[tuple, list[tuple[str, list[str], list[str], tuple, Decimal]]] = {}


def _facts(world, own: tuple[str, ...] = ()) -> list[tuple[str, list[str], list[str], tuple, Decimal]]:
    """(id, label words, phrases, unit key, value) of each amount, rate or count of the ledger, read once per world and
    task: a fact of the task's own (`own`, ids) is named by its head noun too ('the cap'), where no other of them ends so."""
    key = (world.world_id, own)
    if key not in _FACTS:
        labels = [label_of(f).lower() for f in world.plan.facts]
        mine = [label_of(f).lower() for f in world.plan.facts if f.id in own]
        out = []
        for f in world.plan.facts:
            v = f.value
            kind = getattr(v, "type", None)
            if kind == "money":
                unit, amount = ("money", v.currency), v.amount
            elif kind == "percent":
                unit, amount = ("percent",), v.value
            elif kind == "number" and getattr(v, "unit", None):
                unit, amount = ("number", v.unit.lower()), v.value
            else:
                continue
            words = re.findall(r"[a-z0-9]+", label_of(f).lower())
            phrases = label_phrases(f, labels, mine if f.id in own else [])
            out.append((f.id, words, phrases, unit, Decimal(str(amount))))
        _FACTS[key] = out
    return _FACTS[key]


def _spans(parsed: answers.Parsed, facts: list, s: int, e: int) -> list[tuple[int, int, tuple]]:
    """The places in [s, e) that name a fact by a phrase of its own, a phrase inside a longer label naming that one."""
    # read in the text itself, not its masked view: a label may hold a figure ('unbilled receivables at May 31')
    low = parsed.cache.get("low") or parsed.cache.setdefault("low", answers._lower_same_length(parsed.text))
    every = [(m.start(), m.end(), f) for f in facts for p in f[2] if p.strip()
             for m in answers._label_rx(p).finditer(low, s, e)]
    return sorted((a, b, f) for a, b, f in every
                  if not any(a2 <= a and b <= b2 and b2 - a2 > b - a and f2 is not f for a2, b2, f2 in every))


# What may stand between a named fact and its comparator, or a comparator and the fact it names: articles, the verb,
# adverbs of degree, the fact's own figure ('total claims (USD 174,250,000) are below the cap').
_FILLER = re.compile(r"(?:[\s,\x01]|\b(?:the|its|their|our|his|her|a|an|is|are|was|were|be|been|being|would|will|now|"
                     r"still|well|far|comfortably|safely|currently|remains?|stays?|sits?|lies?|stands?|also|both|then|"
                     r"thus|so|therefore|clearly|already|at|of|by|figure|amount|value|sum|total)\b)*")
_BARE_CMP = re.compile(r"(?:larger|higher|greater|bigger|lower|smaller|less|fewer|more\s+than)$")


def _comparisons(parsed: answers.Parsed, facts: list, s: int, e: int):
    """(subject, object, sign) for each comparator of the sentence [s, e) with a fact named right before it and another
    right after it: both sides named, nothing inferred."""
    masked = parsed.masked
    spans = _spans(parsed, facts, s, e)
    if len(spans) < 2:
        return
    for c in answers._COMPARATORS.finditer(masked, s, e):
        after = c.end()
        than = re.compile(r"\s+than\b").match(masked, after)
        if _BARE_CMP.search(c.group()) and not than and not c.group().endswith("than"):
            continue  # 'the higher figure', 'higher by USD 3m': no second side named
        after = than.end() if than else after
        subject = next((f for a, b, f in reversed(spans) if b <= c.start()
                        and _FILLER.fullmatch(re.sub(r"\([^()]*\)", " ", masked[b:c.start()]))), None)
        obj = next((f for a, b, f in spans if a >= after and _FILLER.fullmatch(masked[after:a])), None)
        if subject is None or obj is None or subject is obj:
            continue
        if answers._ASKED_WHETHER.search(masked[s:c.start()]):
            continue  # 'You asked whether the claim exceeds the cap': the question restated (kit15)
        sign = {"gtsign": "gt", "ltsign": "lt"}.get(c.lastgroup, c.lastgroup)
        if re.fullmatch(r"(?:exceeded|surpassed|outstripped|outweighed)", c.group().strip()) and \
                re.search(r"\b(?:is|are|was|were|be|been|being)\s+(?:\w+\s+)?$", masked[s:c.start()]):
            sign = "lt"  # 'the floor is exceeded by the per-ton figure'
        if answers._CMP_NEG.search(masked[max(s, c.start() - 30):c.start()]):
            if sign == "eq":
                continue
            sign = "lt" if sign == "gt" else "gt"
        yield subject, obj, sign


def contrary_comparison(text: str, world, skip: set[str] = frozenset(), own: tuple[str, ...] = ()) -> bool:
    """Whether a sentence of the text compares two facts of the ledger (of one unit, neither in `skip`) the other way
    round from their figures in the ledger; the task's own facts (`own`) may be named by their head noun."""
    parsed = answers.parse_once(text)
    facts = [f for f in _facts(world, own) if f[0] not in skip]
    for s, e in parsed.sentences:
        if parsed.text[s:e].rstrip().endswith("?"):
            continue
        for a, b, sign in _comparisons(parsed, facts, s, e):
            if a[3] != b[3]:
                continue
            truth = "gt" if a[4] > b[4] else "lt" if a[4] < b[4] else "eq"
            if sign != truth:
                return True
    return False


# After a percent: what it is a share of ('437% of the peg', '8.97% of the LOI value').
_OF = re.compile(r"\s*of\s+(?:the\s+|its\s+|their\s+)?")
# Between a figure and the percent that says what share it is: 'GBP 10,950,000, which is 437% of', 'GBP 13,312,500 (7.5%
# of', 'USD 3m, i.e. 20% of'.
_SHARE_OF_IT = re.compile(r"[\s,]*(?:\(|(?:(?:,\s*)?(?:which|that|this|it)\s+)?(?:is|was|represents|amounts\s+to|equals|comes\s+to)|"
                          r"i\.?\s?e\.?,?|=|being|or|\u2013|\u2014|-)[\s(]*(?:about|roughly|some|around|c\.|approx\.?|"
                          r"approximately|just\s+(?:over|under))?\s*$")
# After a percent: a move relative to a base ('35% higher', 'a 10% price chip', 'an 8.97% reduction').
_UP = r"higher|more|above|greater|bigger|larger|up|over|increase|rise|premium|uplift|excess"
_DOWN = r"lower|less|below|smaller|down|under|decrease|reduction|cut|chip|discount|drop|fall|shortfall|haircut|short"
_RELATIVE = re.compile(rf"\s*(?:[a-z-]+\s+)?(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\b")


def _close(p: Decimal, exact: Decimal, quantum: Decimal | None) -> bool:
    """A percent written to its precision agrees with the exact ratio: rounded or cut there."""
    q = quantum if quantum is not None and quantum > 0 else Decimal("0.01")
    return abs(p - exact) < q or abs(p - exact) <= Decimal("0.005")


def wrong_ratio(text: str, world) -> bool:
    """Whether the text states a percent that no ledger rate gives and that disagrees with the figures it relates: a share
    of a figure or a labelled fact ('X, which is 437% of the peg'), or a move relative to a base ('35% higher', 'a 10%
    chip') that no two figures of the text or the ledger give."""
    parsed = answers.parse_once(text)
    facts = _facts(world)
    rates = {f[4] for f in facts if f[3] == ("percent",)}
    rates |= {Decimal(str(getattr(d.value, "value", 0))) for d in world.plan.distractors
              if getattr(d.value, "type", None) == "percent"}
    ms = parsed.mentions
    for i, m in enumerate(ms):
        if m.kind != "percent" or m.value is None or m.status != "asserted" or m.value in rates:
            continue
        if answers.in_working(parsed, m):
            continue
        of = _OF.match(parsed.masked, m.end)
        prev = ms[i - 1] if i else None
        if of and prev is not None and prev.kind == "money" and prev.value and prev.sentence is m.sentence \
                and _SHARE_OF_IT.search(parsed.masked, prev.end, m.start):
            base = _base_after(parsed, facts, of.end(), prev)
            if base is not None and base != 0 and not _close(m.value, prev.value / base * 100, m.quantum):
                return True
            continue
        rel = _RELATIVE.match(parsed.masked, m.end)
        if rel and _names_rate(parsed, facts, m.end):
            continue  # 'a 40% discount', 'at a 40% Order Form discount': a rate of the ledger named, not a move
        if rel:
            pairs = _pairs(parsed, facts, m)
            up = rel.group("up") is not None
            if pairs and not any(_close(m.value, (x - y) / (y if up else x) * 100, m.quantum) for x, y in pairs):
                return True
    return False


def _names_rate(parsed: answers.Parsed, facts: list, pos: int) -> bool:
    """Whether a percent ending at `pos` is followed by a phrase naming a rate of the ledger ('40% discount', '30% Order
    Form discount'): the rate's figure (a what-if's supposed one, kit11: right answers lost 0.25 to contradicts_ledger),
    which misstates_* reads, not a move relative to a base."""
    rest = parsed.masked[pos:pos + 60]
    lead = re.match(r"[\s-]*", rest).end()
    return any(re.match(re.escape(p) + r"\b", rest[lead:]) for f in facts if f[3] == ("percent",) for p in f[2]
               if p.strip() and len(p) > 3)


def _base_after(parsed: answers.Parsed, facts: list, pos: int, subject) -> Decimal | None:
    """What a share is of: the figure written right after 'of', else the ledger fact whose phrase follows it."""
    nxt = next((x for x in parsed.mentions if x.start >= pos), None)
    if nxt is not None and nxt.start - pos <= 2 and nxt.kind == subject.kind and nxt.value is not None:
        return nxt.value
    rest = parsed.masked[pos:pos + 80]
    best = None
    for fid, _, phrases, key, value in facts:
        if key != ("money", subject.currency) and not (key[0] == "money" and subject.currency is None):
            continue
        for p in phrases:
            if re.match(re.escape(p) + r"\b", rest) and (best is None or len(p) > best[0]):
                best = (len(p), value)
    return best[1] if best else None


def _pairs(parsed: answers.Parsed, facts: list, m) -> list[tuple[Decimal, Decimal]]:
    """Every (larger, smaller) pair of figures of one kind the text asserts or the ledger holds, the percent's own
    sentence first."""
    figures: dict[tuple, set[Decimal]] = {}
    for x in parsed.mentions:
        if x is m or x.value is None or x.value <= 0 or x.status != "asserted" or x.kind not in ("money", "percent"):
            continue
        figures.setdefault((x.kind, x.currency if x.kind == "money" else None), set()).add(x.value)
    # a relative move is of a pair whose gap the text states ('gap GBP 17.5m, i.e. a 9% chip', '3.5 points, i.e. 44%
    # higher'): any two of many figures would give some percent by chance
    said = {x.value for x in parsed.mentions if x.value is not None and x is not m}
    out = []
    for group in figures.values():
        vals = sorted(group, reverse=True)
        out += [(a, b) for i, a in enumerate(vals) for b in vals[i + 1:]
                if a != b and any(abs((a - b) - g) <= Decimal("0.01") for g in said)]
    return out
