"""Statements a text makes on the way about the ledger's facts, read against the ledger: a fact given a value the ledger
never held for it, a stated figure compared with a fact the wrong way round, the whole of a sum said to be paid where
the ledger deducts from it, and advice to undo an agreement the ledger records as made.

Kit13 (a blind red team on a business-interruption claim): beside the right figures and Answer line, 'The advance was
later cut to USD 1,000,000' (the advance payment never held that), 'It was later revised to USD 700,000 in the
settlement', 'This would exceed the USD 12,000,000 business interruption limit' (for USD 7,121,400), 'Northgate will
therefore pay you the full USD 5,581,300 next week, with no deduction' (the ledger's balance due is the settlement less
the advance), 'Calder should repudiate the June 26 settlement' (the ledger records it agreed) each scored 1.0.

Every reader is general: the facts, their labels, values then and now, the derivations and the agreements all come from
the plan. A what-if or an as-of task names the facts it moves (`skip`), and those are left out; a sentence that marks a
figure as a hypothesis or another's claim ('if', 'would', 'Northgate argues that') is no statement of the ledger.
"""

from __future__ import annotations

import re
from decimal import Decimal

from worldsmith.environments import answers
from worldsmith.environments.guards import label_phrases
from worldsmith.environments.tasks import label_of

_PREPS = {"of", "in", "for", "at", "per", "on", "to", "under", "from", "with", "by"}
# A label's last word that only says what kind of figure its first word is ('advance payment', 'balance due',
# 'settlement amount'): the first word alone names the fact ('the advance', 'the balance').
_GENERIC_HEADS = {"payment", "amount", "due", "figure", "sum", "total", "value"}
# A label opened by a participle of agreement or revision ('agreed period of restoration'): 'the period of restoration
# was agreed at ...' names it too.
_PARTICIPLES = {"agreed", "settled", "revised", "adjusted", "accepted", "final", "amended"}


class _World:
    """What the readers need of one world, read once: each amount or count fact with its phrases, unit, values held
    (now, before, a marked draft), the subtractions the ledger derives, and whether it records an agreement."""

    def __init__(self, world):
        plan = world.plan
        labels = [label_of(f).lower() for f in plan.facts]
        self.facts = []  # (id, phrases, unit key, value, held values, participle rx)
        for f in plan.facts:
            unit = _unit(f.value)
            if unit is None:
                continue
            label = label_of(f).lower()
            phrases = list(label_phrases(f, labels, []))
            base = list(phrases)
            words = label.replace("-", " ").split()
            lead = next((i for i, w in enumerate(words) if w in _PREPS), len(words))
            if lead == 2 and words[1] in _GENERIC_HEADS or (lead >= 2 and words[lead - 1] in _GENERIC_HEADS
                                                             and lead == 2):
                short = words[0]
                stems = {w[:6] for other in labels if other != label for w in other.replace("-", " ").split()}
                if short[:6] not in stems and len(short) > 3:
                    phrases.append(short)
            held = {Decimal(str(_amount(f.value)))}
            held |= {Decimal(str(_amount(e.value))) for e in f.earlier if _amount(e.value) is not None}
            held |= {Decimal(str(_amount(d.value))) for d in plan.distractors
                     if d.fact == f.id and _amount(d.value) is not None}
            part = None
            if len(words) > 1 and words[0] in _PARTICIPLES:
                part = re.compile(r"\b" + r"\s+".join(re.escape(w) for w in words[1:]) +
                                  r"\s+(?:was|were|has\s+been|had\s+been|is|got)\s+(?:[a-z]+\s+){0,2}?" + words[0] +
                                  r"\s+(?:at|to|as|on)\s+(?:the\s+|a\s+)?(?:full\s+|whole\s+|total\s+)?$")
            alt = "|".join(re.escape(p) for p in sorted({p for p in phrases if p.strip()}, key=len, reverse=True))
            rx = (re.compile(r"\b(?:" + alt + r")\b"), re.compile(r"\b(?:" + alt + r")$"),
                  re.compile(r"(?:\s|the\b|its\b|their\b|our\b|\x01|,)*(?:" + alt + r")\b"),
                  re.compile(r"\b(?:" + "|".join(re.escape(p) for p in phrases[len(base):]) + r")\b")
                  if len(phrases) > len(base) else None)
            self.facts.append((f.id, phrases, unit, Decimal(str(_amount(f.value))), held, part, rx))
        self.labels = labels
        # a ceiling the ledger's other figures of its unit never reach ('business interruption limit' USD 12m against
        # losses and claims of at most USD 6.6m): a sum no one is owed in full
        ceilings = [f for f in plan.facts if _unit(f.value) and _CEILING.search(label_of(f).lower())]
        self.unreached = []
        for f in ceilings:
            top = max((Decimal(str(_amount(g.value))) for g in plan.facts if g is not f and _unit(g.value) == _unit(f.value)
                       and not _CEILING.search(label_of(g).lower())), default=None)
            if top is not None and top < Decimal(str(_amount(f.value))):
                self.unreached.append((f.id, Decimal(str(_amount(f.value)))))
        self.every = {Decimal(str(_amount(f.value))) for f in plan.facts if _amount(f.value) is not None}
        self.every |= {Decimal(str(_amount(e.value))) for f in plan.facts for e in f.earlier if _amount(e.value) is not None}
        by_id = {f.id: f for f in plan.facts}
        # (minuend value, subtrahend value, result id) of each fact the ledger derives as one fact less another
        self.less = []
        for f in plan.facts:
            m = re.fullmatch(r"\s*(\w+)\s*-\s*(\w+)\s*", f.formula or "")
            if m and m.group(1) in by_id and m.group(2) in by_id:
                a, b = (_amount(by_id[m.group(1)].value), _amount(by_id[m.group(2)].value))
                if a is not None and b and set(re.findall(r"[a-z]+", label_of(f).lower())) & _OWED:
                    self.less.append((Decimal(str(a)), Decimal(str(b)), f.id))
        # an agreement the ledger records as made ('the parties agreed ... in full settlement'): its nouns
        said = " ".join(f.statement or "" for f in plan.facts if _AGREED.search(f.statement or ""))
        nouns = set(re.findall(r"\b(settlement|agreement|deal|compromise|accord)\b", said.lower()))
        # the figures an agreement the ledger records holds: its facts' and their inputs'
        agreed = [f for f in plan.facts if _AGREED.search(f.statement or "") or
                  label_of(f).lower().split()[:1] in (["agreed"], ["settled"], ["settlement"])]
        ids, todo = set(), [f.id for f in agreed]
        while todo:
            fid = todo.pop()
            if fid in ids or fid not in by_id:
                continue
            ids.add(fid)
            todo += re.findall(r"[a-z_][a-z0-9_]*", by_id[fid].formula or "")
        self.agreed_units = {_unit(f.value) for f in agreed if _unit(f.value)}
        self.agreed = {Decimal(str(_amount(by_id[i].value))) for i in ids if _amount(by_id[i].value) is not None}
        self.agreement = re.compile(r"\b(?:" + "|".join(sorted(nouns | {"agreement"})) + r")s?\b") if said else None


_CEILING = re.compile(r"\b(?:limit|cap|ceiling|maximum|max)\b")
_OWED = {"due", "balance", "payable", "owed", "owing", "outstanding", "net", "remaining", "remainder", "refund"}
_AGREED = re.compile(r"\b(?:agreed|settled|accepted|signed|executed|concluded)\b[^.]*\b(?:settlement|agreement|deal|"
                     r"compromise|accord)\b|\b(?:settlement|agreement|deal|compromise|accord)\b[^.]*\b(?:agreed|signed|"
                     r"executed|concluded|reached|made)\b", re.I)


def _unit(v):
    kind = getattr(v, "type", None)
    if kind == "money":
        return ("money", v.currency)
    if kind == "number" and getattr(v, "unit", None):
        return ("number", v.unit.lower())
    return None


def _amount(v):
    kind = getattr(v, "type", None)
    if kind == "money":
        return v.amount
    if kind in ("number", "percent"):
        return v.value
    return None


_WORLDS: dict[str, _World] = {}
_PARSES: dict[str, answers.Parsed] = {}
_RESULTS: dict[tuple, bool] = {}


def _per_world(table: dict, world, make):
    """What `make` reads of a world, once per world id (the plan does not change under a world id)."""
    got = table.get(world.world_id)
    if got is None:
        got = table[world.world_id] = make(world)
    return got


def _of(world) -> _World:
    return _per_world(_WORLDS, world, _World)


def _parse(text: str) -> answers.Parsed:
    got = _PARSES.get(text)
    if got is None:
        if len(_PARSES) > 256:
            _PARSES.clear()
        got = _PARSES[text] = answers.parse(text)
    return got


def contradicts(text: str, world, skip: frozenset | set = frozenset()) -> bool:
    """Whether the text states something of the ledger's facts that the ledger contradicts (see the module's doc)."""
    key = (world.world_id, text, tuple(sorted(skip)))
    got = _RESULTS.get(key)
    if got is None:
        if len(_RESULTS) > 1024:
            _RESULTS.clear()
        w = _of(world)
        parsed = _parse(text)
        got = _RESULTS[key] = (unheld_value(parsed, w, skip) or figure_compared(parsed, w, skip)
                               or paid_undeducted(parsed, w, skip) or undoes_agreement(parsed, w)
                               or accepts_other(parsed, w, skip) or claims_the_limit(parsed, w, skip))
    return got


# ---------------------------------------------------------------- (a) a value the ledger never held

# Before a figure after a fact's name: a change to it ('was later cut to', 'has since been revised to').
_CHANGED = re.compile(r"[\s,]*(?:(?:was|were|has\s+been|had\s+been|have\s+been|is|got|then)\s+)?(?:(?:later|subsequently|"
                      r"ultimately|eventually|then|finally|since|now|in\s+the\s+end|afterwards)\s+)?(?:cut|reduced|revised|"
                      r"raised|increased|lowered|changed|adjusted|amended|fixed|moved|dropped|corrected|"
                      r"restated|recalculated|marked\s+down|written\s+down|brought\s+down|upped|slashed|trimmed|"
                      r"renegotiated)\s+(?:down\s+|up\s+|back\s+)?(?:to|at)\s+(?:the\s+|a\s+)?(?:full\s+|whole\s+|"
                      r"total\s+)?$")
# A sentence that marks what it says as a hypothesis or another's claim.
_HYPOTHESIS = re.compile(r"\b(?:if|would|could|might|suppos\w*|assum\w*|hypothetical\w*|say|says|said|claims\s+that|"
                         r"claimed|argu\w*|contend\w*|assert\w*|alleg\w*|wrongly|mistakenly|incorrectly|draft|"
                         r"superseded|earlier|originally|initially|first\s+estimate|not|never)\b")
_PRONOUN = re.compile(r"\s*(?:[-*\u2022(]\s*)?(?:it|this|that|the\s+figure|this\s+figure|that\s+figure)\s*")
_TOL = Decimal("0.01")


def _held(value, held) -> bool:
    return any(abs(value - h) < _TOL for h in held)


def unheld_value(parsed: answers.Parsed, w: _World, skip) -> bool:
    """Whether a sentence says a fact was changed to, agreed at or stands at a figure the ledger never held for it: 'The
    advance was later cut to USD 1,000,000', 'It was later revised to USD 700,000', 'the period of restoration was
    ultimately agreed at the full 146 days', 'the balance of USD 5,581,300'."""
    masked = parsed.masked
    facts = [f for f in w.facts if f[0] not in skip]
    for m in parsed.mentions:
        if m.value is None or m.status != "asserted" or m.kind not in ("money", "number"):
            continue
        si = next((i for i, (a, b) in enumerate(parsed.sentences) if a <= m.start < b), None)
        if si is None:
            continue
        ss, se = parsed.sentences[si]
        before = masked[ss:m.start]
        if masked[ss:se].rstrip().endswith("?") or _HYPOTHESIS.search(before):
            continue
        change = _CHANGED.search(before)
        for fid, phrases, unit, value, held, part, rx in facts:
            if not _same_unit(m, unit) or _held(m.value, held):
                continue
            # a change said of the fact: unless to a figure the ledger holds for another ('the claim was reduced to
            # the settlement amount')
            if change is not None and rx[1].search(before, 0, change.start()) and not _held(m.value, w.every):
                return True
            # 'the period of restoration was agreed at 146 days' for the agreed period of restoration
            if part is not None and part.search(before):
                return True
        if change is not None and not _held(m.value, w.every) and _PRONOUN.fullmatch(before, 0, change.start()):
            # 'It was later revised to USD 700,000': the fact the sentences before named last
            last = _last_named(parsed, w, si)
            if last is not None and last[0] not in skip and _same_unit(m, last[2]) and not _held(m.value, last[4]):
                return True
    # a fact named by its first word alone ('the balance of USD 5,581,300', 'the advance of ...'), bound as a label is
    for fid, phrases, unit, value, held, part, rx in facts:
        if rx[3] is None or not rx[3].search(masked):
            continue
        others = [x for x in w.labels if not rx[3].search(x)]
        for m in answers.bound_figures(parsed, phrases, others):
            if m.value is not None and _same_unit(m, unit) and not _held(m.value, held):
                ss = next((a for a, b in parsed.sentences if a <= m.start < b), 0)
                if not _HYPOTHESIS.search(masked, ss, m.start):
                    return True
    return False


def _last_named(parsed: answers.Parsed, w: _World, si: int):
    """The fact named last in the nearest sentence before `si` that names any fact of the ledger."""
    for j in range(si - 1, -1, -1):
        a, b = parsed.sentences[j]
        best = None
        for f in w.facts:
            for x in f[6][0].finditer(parsed.masked, a, b):
                if best is None or x.end() > best[0] or (x.end() == best[0] and x.end() - x.start() > best[1]):
                    best = (x.end(), x.end() - x.start(), f)
        if best is not None:
            return best[2]
    return None


def _same_unit(m, unit) -> bool:
    if unit[0] == "money":
        return m.kind == "money" and (m.currency is None or unit[1] is None or m.currency == unit[1]
                                      or not m.currency_exact)
    return m.kind == "number" and (m.unit or "").lower().rstrip("s") == unit[1].rstrip("s")


# ---------------------------------------------------------------- (b) a stated figure compared with a fact

_VERB_BETWEEN = re.compile(r"\b(?:is|are|was|were|would|will|be|remains?|stays?|sits?|lies?|does|do|did|comes?|falls?)\b")
_BARE = re.compile(r"(?:larger|higher|greater|bigger|lower|smaller|less|fewer|more\s+than)")
_THAN = re.compile(r"\s+than\b")
_GAP_WORDS = re.compile(r"[\s,]*(?:[a-z]+\s+){0,3}")
_OPERATOR_BEFORE = re.compile(r"(?:[x\u00d7*/+=-]|\btimes|\bplus|\bminus|\bless)\s*$")
_NAMED = re.compile(r"\b(?:of|for|on|than|the|by)\b")
_THIS_HEAD = re.compile(r"\s*(?:[-*\u2022]\s*)?(?:this|it|that|which)\s+(?:[a-z]+\s+){0,2}")
_HYPOTHESIS_CMP = re.compile(r"\b(?:if|whether|unless|claims\s+that|claimed|argu\w*|contend\w*|assert\w*|wrongly|"
                             r"mistakenly|says?|said)\b")


def figure_compared(parsed: answers.Parsed, w: _World, skip) -> bool:
    """Whether a sentence compares a figure it states (or 'this', the figure the sentence before came to) with a fact
    of the ledger named after the comparator, the wrong way round: 'This would exceed the USD 12,000,000 business
    interruption limit' said of USD 7,121,400; 'USD 5m is within the limit' of a USD 4m limit."""
    masked = parsed.masked
    facts = [f for f in w.facts if f[0] not in skip]
    for si, (ss, se) in enumerate(parsed.sentences):
        if masked[ss:se].rstrip().endswith("?"):
            continue
        for c in answers._COMPARATORS.finditer(masked, ss, se):
            sign = c.lastgroup
            if sign not in ("gt", "lt"):
                continue
            word = c.group().strip()
            than = _THAN.match(masked, c.end())
            if _BARE.fullmatch(word) and not than:
                continue
            after = than.end() if than else c.end()
            obj = _object_at(parsed, facts, after)
            if obj is None:
                continue
            unit, value = obj[0][2], obj[0][3]
            # (a label's own words are no cue: 'the cargo loss claimed by the shipper' claims nothing)
            if answers._CMP_NEG.search(masked[max(ss, c.start() - 30):c.start()]) or \
                    _HYPOTHESIS_CMP.search(_unnamed(masked[ss:c.start()], facts)) or \
                    answers._CASE_NEG.search(masked, ss, c.start()):
                continue
            subject = None
            prior = [m for m in parsed.mentions if ss <= m.start and m.end <= c.start()]
            if prior:
                m = prior[-1]
                gap = masked[m.end:c.start()]
                verbish = word.startswith(("exceed", "surpass", "outstrip", "outweigh", "fall", "fell")) or \
                    _VERB_BETWEEN.search(gap) or _VERB_BETWEEN.search(word)
                # (a figure that ends a step of working, '42,800 x GBP 41.10, which exceeds ...', is no subject)
                if verbish and _GAP_WORDS.fullmatch(gap) and not _NAMED.search(gap) and \
                        not _OPERATOR_BEFORE.search(masked, max(ss, m.start - 4), m.start):
                    subject = m
            elif si > 0 and _THIS_HEAD.fullmatch(masked, ss, c.start()):
                subject = _came_to(parsed, *parsed.sentences[si - 1], unit)
            if subject is None:
                # a fact named as the subject, no figure beside it ('the demand is within the board's settlement
                # authority' of a demand above the authority: kit22, a reply advising the client to accept, 1.0)
                named = _named_subject(masked, prior[-1].end if prior else ss, c.start(), facts, obj[0])
                if named is not None and (named[2] == unit or unit == ("money", None) and named[2][0] == "money") \
                        and _wrong_way(sign, word, named[3], value):
                    return True
                continue
            if subject is None or subject.value is None or subject.status != "asserted" or \
                    not _same_unit(subject, unit):
                continue
            if _wrong_way(sign, word, subject.value, value):
                return True
    return False


_FIGURE_AT = re.compile(r"[\s,]*(?:the\s+|a\s+|an\s+|just\s+|only\s+)?\x01")


def _object_at(parsed: answers.Parsed, facts: list, at: int):
    """What a comparator sets its subject against, starting at `at`: a fact named there, or a sum of money written
    there (as a stand-in fact: 'That is less than the GBP 575.34 due at the room's share', said of GBP 805.48; a
    what-if memo at 1.0, verify25). (fact, end)."""
    masked = parsed.masked
    obj = None
    for f in facts:
        x = f[6][2].match(masked, at)
        if x and (obj is None or x.end() > obj[1]):
            obj = (f, x.end())
    if obj is not None:
        return obj
    x = _FIGURE_AT.match(masked, at)
    if x is None:
        return None
    m = next((m for m in parsed.mentions if m.start == x.end() - 1 or m.start <= x.end() - 1 < m.end), None)
    if m is None or m.kind != "money" or m.value is None or m.status != "asserted":
        return None
    return ((None, [], ("money", m.currency), m.value, {m.value}, None, None), m.end)


def _unnamed(text: str, facts: list) -> str:
    """The text with every fact's name blanked."""
    for f in facts:
        text = f[6][0].sub(lambda x: " " * len(x.group()), text)
    return text


def _wrong_way(sign: str, word: str, said, value) -> bool:
    """Whether `said` set against `value` by the comparator `word` (of sign gt or lt) is the wrong way round."""
    if re.search(r"\b(?:within|inside)\b", word):
        return said > value
    return sign == "gt" and not said > value or sign == "lt" and not said < value


# between a fact named as a comparison's subject and its comparator: a verb and its adverbs ('the demand is well')
_SUBJECT_GAP = re.compile(r"(?:\s+(?:is|are|was|were|would|will|be|remains?|stays?|sits?|now|still|also|therefore|thus|"
                          r"clearly|comfortably|safely|well|far|already))*\s*$")
# before it: a preposition or a possessive makes the name another's object ('the share of the demand exceeds')
_SUBJECT_OBJECT = re.compile(r"(?:\b(?:of|than|for|on|by|to|from|with|against|over|under|versus|vs)|['\u2019]s?)\s*$")


def _named_subject(masked: str, ss: int, cs: int, facts: list, other):
    """The fact (of `facts`, not `other`) a clause names as the subject of the comparator at `cs`, no figure between."""
    gap = _SUBJECT_GAP.search(masked, ss, cs)
    end = gap.start() if gap else cs
    best = None
    for f in facts:
        if f is other:
            continue
        x = f[6][1].search(masked, ss, end)
        if x and (best is None or x.end() - x.start() > best[1]):
            best = (f, x.end() - x.start(), x.start())
    if best is None or _SUBJECT_OBJECT.search(masked, ss, best[2]):
        return None
    return best[0]


def _came_to(parsed: answers.Parsed, ps: int, pe: int, unit=None):
    """What a sentence came to: the figure after its last '=', else its only asserted figure (outside brackets, of
    `unit` where given: 'Interest at 5% a year for the 40 days late comes to GBP 805.48 (...)' came to GBP 805.48)."""
    got = _came_to_any(parsed, ps, pe)
    if got is None and unit is not None and "=" not in parsed.masked[ps:pe]:
        inside = [(b.start(), b.end()) for b in re.finditer(r"\([^()]*\)", parsed.masked[ps:pe])]
        same = [m for m in parsed.mentions if ps <= m.start < pe and m.status == "asserted" and _same_unit(m, unit)
                and not any(a <= m.start - ps < b for a, b in inside)]
        got = same[0] if len(same) == 1 else None
    return got


def _came_to_any(parsed: answers.Parsed, ps: int, pe: int):
    ms = [m for m in parsed.mentions if ps <= m.start < pe and m.status == "asserted"]
    # a working in brackets explains a figure the sentence states outside them ('The exposure ... is $2,770,560 (148
    # x 2.5 hours x ... = $1,385,280, doubled). It exceeds the authority ...': kit22, a right reply read as saying
    # $1,385,280 exceeds it, 0.71)
    inside = [(b.start(), b.end()) for b in re.finditer(r"\([^()]*\)", parsed.masked[ps:pe])]
    outer = [m for m in ms if not any(a <= m.start - ps < b for a, b in inside)]
    eqs = [i for i in range(ps, pe) if parsed.masked[i] == "=" and not any(a <= i - ps < b for a, b in inside)]
    if inside and not eqs and len(outer) == 1:
        return outer[0]
    eq = parsed.masked.rfind("=", ps, pe)
    if eq >= 0:
        return next((m for m in ms if m.start > eq), None)
    return ms[0] if len(ms) == 1 else None


# ---------------------------------------------------------------- (c) the whole of a sum said paid

_PAID = re.compile(r"\b(?:pay|pays|paid|paying|receive|receives|received|receiving|owe|owes|owed|owing|remit\w*|"
                   r"transfer\w*|get|gets|due)\b")
_UNDEDUCTED = re.compile(r"\b(?:no|without(?:\s+any)?)\s+(?:\w+\s+){0,2}?deduct\w*|\bnothing\s+(?:\w+\s+)?deducted\b|"
                         r"\bundeducted\b|\bin\s+full\b|\bthe\s+(?:full|whole|entire)\b")
_DENIED = re.compile(r"\b(?:not|never|cannot|won't|if|whether|unless|says?|said|claims\s+that|argu\w*|contend\w*|"
                     r"wrongly|mistakenly)\b|n't\b")


def paid_undeducted(parsed: answers.Parsed, w: _World, skip) -> bool:
    """Whether a sentence says a party pays or receives, in full or with no deduction, a sum from which the ledger
    derives what is due by a deduction ('Northgate will pay you the full USD 5,581,300, with no deduction', where the
    balance due is the settlement amount less the advance), and states neither the deduction nor what is due."""
    less = [(a, b, r) for a, b, r in w.less if r not in skip]
    if not less:
        return False
    masked = parsed.masked
    for ss, se in parsed.sentences:
        if not _PAID.search(masked, ss, se) or not _UNDEDUCTED.search(masked, ss, se) or _DENIED.search(masked, ss, se):
            continue
        said = {m.value for m in parsed.mentions if ss <= m.start < se and m.status == "asserted" and m.value is not None}
        for a, b, r in less:
            result = a - b
            if _held(a, said) and not _held(b, said) and not _held(result, said):
                return True
    return False


# ---------------------------------------------------------------- (d) advice to undo an agreement the ledger records

_ADVISE = re.compile(r"\b(?:recommend\w*|advis\w*|suggest\w*|should|must|please|propos\w*|urge\w*|ought\s+to|"
                     r"need\s+to|best\s+(?:course|option|to)|i\s+would|we\s+would|let's|time\s+to|entitled\s+to|"
                     r"free\s+to)\b")
_UNDO = re.compile(r"\b(?:repudiat\w*|rescind\w*|revok\w*|reopen\w*|re-open\w*|unwind\w*|renege\w*|resile\w*|"
                   r"tear\s+up|set\s+aside|back\s+out|walk\s+away|go\s+back\s+on|pull\s+out|withdraw\w*|reject\w*|"
                   r"renegotiat\w*|overturn\w*|undo\w*|cancel\w*|disown\w*|abandon\w*|terminat\w*)\b")
_UNDO_DENIED = re.compile(r"\b(?:not|never|no|nothing|cannot|rather\s+than|instead\s+of|whether|if|unless|against|"
                          r"without|demand\w*|insist\w*|says?|said|claims\s+that|asks?|asked|wants?|argu\w*|threat\w*|"
                          r"tried|attempt\w*|would\s+have\s+us|too\s+late|bound)\b|n't\b")
_UNDO_IT = re.compile(r"\s+(?:from\s+|out\s+of\s+|on\s+)?(?:it|this|that)\b")


def undoes_agreement(parsed: answers.Parsed, w: _World) -> bool:
    """Whether a clause advises undoing an agreement the ledger records as made: 'Calder should repudiate the June 26
    settlement', 'I recommend you withdraw your agreement to the settlement', 'so Calder should withdraw from it'
    (the settlement named before it in the sentence)."""
    if w.agreement is None:
        return False
    masked = parsed.masked
    for ss, se in parsed.sentences:
        sentence = masked[ss:se]
        for m in _UNDO.finditer(sentence):
            clause = re.split(r"[;:]|\s[\u2013\u2014-]\s|,\s*(?:but|and|so)\b", sentence[:m.start()])[-1]
            if not _ADVISE.search(clause) or _UNDO_DENIED.search(clause):
                continue
            rest = sentence[m.end():m.end() + 90]
            tail = _BREAK.split(rest, 1)[0]
            starts = [x.start() for x in _WORD_START.finditer(tail)][:6]
            hit = next((k for k in starts if w.agreement.match(tail, k)), None)
            if hit is not None and not _NOT_OBJECT.search(tail, 0, hit) or \
                    (_UNDO_IT.match(rest) and w.agreement.search(sentence, 0, m.start())):
                return True
    return False


_WORD_START = re.compile(r"(?<![\w'\x01])[\w\x01]")
_BREAK = re.compile(r"[,;:.()]|\s(?:and|but|so|because|since|as)\s")
# Words before the noun that make it another thing's object: 'reject any suggestion that the settlement ...'
_NOT_OBJECT = re.compile(r"\b(?:that|which|any|attempt\w*|suggestion\w*|request\w*|claims?|demands?|bids?|efforts?|"
                         r"calls?|proposals?|offers?|to)\b")


_ACCEPT = re.compile(r"\b(?:accept|accepts|accepted|accepting|agree\s+to|agreed\s+to|agreeing\s+to|settle\s+(?:at|for)|"
                     r"settled\s+(?:at|for))\s+(?:the\s+|a\s+)?(?:[a-z']+\s+){0,3}?(?=\x01)")
_ACCEPT_DENIED = re.compile(r"\b(?:not|never|no|cannot|rather\s+than|instead\s+of|whether|if|unless|against|refus\w*|"
                            r"declin\w*|without|demand\w*|insist\w*|says?|said|claims\s+that|asks?|asked|wants?|"
                            r"wanted|argu\w*|urg\w*\s+\w+\s+to|pressed|invited|offered|proposed|would\s+have\s+us|"
                            r"before)\b|n't\b")


def accepts_other(parsed: answers.Parsed, w: _World, skip) -> bool:
    """Whether a clause says (or advises) that a party accepted or agreed a figure other than those of the agreement the
    ledger records: 'Calder accepted the adjuster's 98 days' (the agreed period is 121 days), 'I recommend you accept
    the adjuster's USD 3,942,500 as the final settlement'. A figure of the agreement or of its inputs is no other."""
    if not w.agreed:
        return False
    masked = parsed.masked
    for ss, se in parsed.sentences:
        for a in _ACCEPT.finditer(masked, ss, se):
            m = next((x for x in parsed.mentions if x.start == a.end()), None)
            if m is None or m.value is None or m.status != "asserted" or _held(m.value, w.agreed):
                continue
            if not any(_same_unit(m, u) for u in w.agreed_units):
                continue
            clause = re.split(r"[;:]|\s[\u2013\u2014-]\s|,\s*(?:but|and|so)\b", masked[ss:a.start()])[-1]
            if _ACCEPT_DENIED.search(clause) or _HYPOTHESIS_CMP.search(clause):
                continue
            return True
    return False


_CLAIM_FULL = re.compile(r"\b(?:claim|claims|claiming|recover|recovers|recovering|be\s+paid|get|gets|receive|receives|"
                         r"demand|demands|entitled\s+to)\s+(?:\w+\s+){0,2}?(?:the\s+)?(?:full|whole|entire|maximum)\s+"
                         r"(?:of\s+the\s+)?(?=\x01)")


def claims_the_limit(parsed: answers.Parsed, w: _World, skip) -> bool:
    """Whether a clause says or advises that a party claim, recover or be paid the full figure of a limit that no loss or
    claim of the ledger reaches ('Calder should claim the full USD 12,000,000 limit at the call', where the largest
    claim is USD 6,618,800): a limit caps what is owed, it is no sum owed."""
    limits = [(fid, v) for fid, v in w.unreached if fid not in skip]
    if not limits:
        return False
    masked = parsed.masked
    for ss, se in parsed.sentences:
        for a in _CLAIM_FULL.finditer(masked, ss, se):
            m = next((x for x in parsed.mentions if x.start == a.end()), None)
            if m is None or m.value is None or m.status != "asserted" or not any(_held(m.value, {v}) for _, v in limits):
                continue
            clause = re.split(r"[;:]|\s[\u2013\u2014-]\s|,\s*(?:but|and|so)\b", masked[ss:a.start()])[-1]
            if _ACCEPT_DENIED.search(clause) or _HYPOTHESIS_CMP.search(clause):
                continue
            return True
    return False


# ---------------------------------------------------------------- (e) an event, an offer or a limit said otherwise
# Kit14 (a blind red team on a leverage covenant breach): beside the right figures, 'Harrowgate never funded the cure'
# and 'The cure has not been funded' (the ledger dates its funding), 'The board accepted the waiver at 0.25%, so no
# cure was made' (the ledger records the waiver offered, never taken), 'So leverage is within the 3.5x maximum and no
# cure is needed' (3.70x), 'leverage is still above the 3.50x maximum after the cure' (the cure brings it to 3.50x)
# each scored 1.0. Each reader takes its facts from the plan: a dated event's label, an offer's statement, a limit's
# label and the ratio it caps.

# The noun of a dated event's label and the verb stems that say it happened ('equity cure funding date': funded).
_EVENT_VERBS = {"payment": ("paid", "pay"), "delivery": ("deliver",), "receipt": ("receiv",), "issue": ("issu",),
                "service": ("served",), "sale": ("sold",), "closing": ("closed",), "filing": ("filed",)}
_SENTENCE = re.compile(r"(?<!\bLtd\.)(?<!\bInc\.)(?<!\bCo\.)(?<!\bCorp\.)(?<!\bN\.A\.)(?<!\bU\.S\.C\.)(?<!\bMr\.)"
                       r"(?<!\bMs\.)(?<!\bDr\.)(?<!\bNo\.)(?<!\bSt\.)(?<!\bU\.S\.)(?<=[.;!?])\s+|\n+", re.I)
# A sentence that weighs, supposes or dates what it says before the event: no statement of the end state.
_NOT_NOW = re.compile(r"\b(?:if|whether|unless|would|could|might|suppos\w*|assum\w*|hypothetical\w*|until|till|before|"
                      r"pending|by\s+the\s+time|at\s+the\s+time|as\s+(?:at|of)|when|then|claim\w*|argu\w*|contend\w*|"
                      r"alleg\w*|wrongly|mistakenly|incorrectly|draft|superseded|what-if|scenario)\b")


def sentences(text: str, lower: bool = True) -> list[str]:
    """A text's sentences, lower-cased unless asked, cut at '.', ';', '!', '?' and line ends but not after 'Ltd.',
    'Inc.', 'N.A.', 'U.S.C.', 'Mr.'."""
    return [s.lower() if lower else s for s in _SENTENCE.split(text) if s.strip()]


def _event_stems(noun: str) -> tuple[str, ...]:
    if noun in _EVENT_VERBS:
        return _EVENT_VERBS[noun]
    for end, cut in (("ing", 3), ("ion", 3), ("ment", 4), ("ery", 1), ("al", 2)):
        if noun.endswith(end) and len(noun) - cut >= 3:
            return (noun[:-cut],)
    return ()


class _States:
    """Events, offers and limits of one world, read once from its plan."""

    def __init__(self, world):
        plan = world.plan
        facts = {f.id: f for f in plan.facts}
        statements = [f.statement or "" for f in plan.facts]
        self.events = []  # (fact id, head noun rx, denial rx, head noun, past tense)
        for f in plan.facts:
            if getattr(f.value, "type", None) != "date":
                continue
            words = re.findall(r"[a-z]+", label_of(f).lower())
            if len(words) < 3 or words[-1] not in ("date", "day"):
                continue
            stems = _event_stems(words[-2])
            head = words[-3]
            if not stems or len(head) < 3 or head in _PREPS:
                continue
            verb = "(?:" + "|".join(re.escape(s) for s in stems) + r")\w*"
            verb = rf"(?:{verb}|made|happened|occurred|took\s+place|went\s+ahead|done)"
            denial = re.compile(rf"\b(?:never|not|n't|yet\s+to|no\s+longer)\s+(?:(?:been|be|yet|actually|in|fact|ever|"
                                rf"fully|the|it|was|were|has|have|had|anyone|anybody)\s+){{0,3}}{verb}|\bun{verb}")
            past = stems[0] if stems[0].endswith("d") else stems[0] + "ed"
            self.events.append((f.id, re.compile(rf"\b{re.escape(head)}s?\b"), denial, head, past))
        # an offer the statements record ('the agent offered ... a waiver') and never record as taken
        self.offers = []
        for s in statements:
            for m in re.finditer(r"\boffer(?:ed|s)?\b[^.;]{0,60}?\b(?:a|an)\s+([a-z]{4,})\b", s.lower()):
                noun = m.group(1)
                taken = re.compile(rf"\b(?:accept\w*|agreed\s+to|took|taken|signed|executed|granted|entered\s+into)\b"
                                   rf"[^.;]{{0,60}}\b{noun}|\b{noun}\b[^.;]{{0,40}}\b(?:accepted|signed|executed|granted|"
                                   rf"agreed|taken)\b")
                if any(taken.search(t.lower()) for t in statements) or any(o[0] == noun for o in self.offers):
                    continue
                verbs = r"accepted|took|taken|chose|chosen|signed|agreed\s+to|opted\s+for|went\s+with|elected|executed"
                forms = [rf"\b(?:{verbs})\s+(?:[\w']+\s+){{0,3}}?{noun}s?\b",
                         rf"\b{noun}s?\b\s+(?:[\w']+\s+){{0,3}}?(?:was|were|has\s+been|had\s+been|is|got)\s+(?:\w+\s+)?"
                         rf"(?:accepted|agreed|signed|granted|taken|executed|chosen|obtained|paid)\b",
                         rf"\b{noun}\s+fee\s+(?:was\s+|has\s+been\s+|had\s+been\s+)?paid\b"]
                if noun.endswith("er"):  # a waiver: 'the breach was waived', 'the lenders waived the breach'
                    forms.append(rf"\b(?:was|were|has\s+been|had\s+been|got)\s+(?:\w+\s+)?{noun[:-1]}d\b|"
                                 rf"\b{noun[:-1]}d\s+(?:the|its|their|our|this|that)\b")
                self.offers.append((noun, re.compile("|".join(forms))))
        # an amount a statement leaves out of its fact ('the USD 2,300,000 of projected procurement synergies is not
        # factually supportable'), or that a superseded draft of the fact counted
        self.excluded = []  # (fact id, amount, currency)
        texts = [(f.id, f.statement or "") for f in plan.facts] + [(d.fact, d.label or "") for d in plan.distractors]
        for fid, t in texts:
            low = t.lower()
            for m in answers.parse(t).mentions:
                if m.kind != "money" or m.value is None:
                    continue
                end = min([i for i in (low.find(".", m.end), low.find(";", m.end)) if i >= 0] or [len(low)])
                before = low[max(0, m.start - 30):m.start]
                if _LEFT_OUT.search(low[m.end:end]) or re.search(r"\b(?:count\w*|includ\w*)\s+$", before) and fid in \
                        {d.fact for d in plan.distractors}:
                    got = (fid, Decimal(str(m.value)), m.currency)
                    if got[1] != Decimal(str(_amount(facts[fid].value) or 0)) and got not in self.excluded:
                        self.excluded.append(got)
        # a limit and the figure it limits ('maximum total net leverage ratio' of 'total net leverage ratio'), with the
        # figure as the ledger's remedy leaves it (the ratio's numerator less the cure)
        labels = {f.id: re.findall(r"[a-z]+", label_of(f).lower()) for f in plan.facts}
        self.limits = []
        for lim in plan.facts:
            words = labels[lim.id]
            cap = next((w for w in words if w in ("maximum", "max", "cap", "ceiling", "limit")), None)
            floor = next((w for w in words if w in ("minimum", "min", "floor")), None)
            if (cap is None) == (floor is None) or _unit(lim.value) is None:
                continue
            rest = [w for w in words if w not in (cap, floor)]
            for m in plan.facts:
                if m is lim or _unit(m.value) != _unit(lim.value) or labels[m.id] != rest:
                    continue
                others = {w for fid, ws in labels.items() if fid not in (m.id, lim.id) for w in ws}
                names = [w for w in rest if w not in others and w not in _PREPS and len(w) > 3]
                if not names:
                    continue
                after, remedy = None, None
                parts = re.fullmatch(r"\s*([a-z_][a-z0-9_]*)\s*/\s*([a-z_][a-z0-9_]*)\s*", m.formula or "")
                if parts and parts.group(2) in facts:
                    for c in plan.facts:
                        d = re.fullmatch(rf"\s*{parts.group(1)}\s*-\s*([a-z_][a-z0-9_]*)\s*", c.formula or "")
                        if d and _amount(c.value) is not None and _amount(facts[parts.group(2)].value):
                            own = set(labels[c.id]) - set(labels.get(parts.group(1), [])) - _PREPS
                            own |= set(labels.get(d.group(1), []))
                            own = {w for w in own if len(w) > 3 and w not in _REMEDY_STOP and w not in others
                                   - set(labels.get(d.group(1), [])) - set(labels[c.id])}
                            if own:
                                after = Decimal(str(_amount(c.value))) / Decimal(str(_amount(facts[parts.group(2)].value)))
                                remedy = re.compile(r"\b(?:" + "|".join(sorted(own)) + r")\w*")
                                break
                # the limit's own figure names what it limits too ('in breach of the 3.5x covenant')
                figure = re.escape(format(Decimal(str(_amount(lim.value))).normalize(), "f"))
                unit = _unit(lim.value)[1] if _unit(lim.value)[0] == "number" else None
                by_figure = rf"|(?<![\d.]){figure}0*\s*(?:x\b|\u00d7|times\b|to\s+1)" if unit == "x" else ""
                self.limits.append((m.id, re.compile(r"\b(?:" + "|".join(names) + r")\b" + by_figure), cap is not None,
                                    Decimal(str(_amount(m.value))), Decimal(str(_amount(lim.value))), after, remedy,
                                    " ".join(rest)))
        # the side of a smaller-of or greater-of that decides its figure ('min(claimed_surcharge, capped_surcharge)':
        # the cap, where the claim is over it), by the words of its label the other side's lacks
        self.governing = []
        for f in plan.facts:
            parts = re.fullmatch(r"\s*(min|max)\(\s*([a-z_][a-z0-9_]*)\s*,\s*([a-z_][a-z0-9_]*)\s*\)\s*", f.formula or "")
            if not parts or parts.group(2) not in facts or parts.group(3) not in facts:
                continue
            a, b = facts[parts.group(2)], facts[parts.group(3)]
            va, vb = _amount(a.value), _amount(b.value)
            if va is None or vb is None or va == vb:
                continue
            win, lose = (a, b) if (va < vb) == (parts.group(1) == "min") else (b, a)
            own = [w for w in labels[win.id] if w not in labels[lose.id] and w not in _PREPS and len(w) > 2]
            if own:
                self.governing.append((f.id, re.compile(r"\b(?:" + "|".join(own) + r")\b")))


_LEFT_OUT = re.compile(r"\b(?:not|excluded|excluding|disallowed|withdrawn|rejected|left\s+out|no\s+longer)\b")
_INCLUDES = re.compile(r"\b(?:include[sd]?|including|made\s+up\s+of|comprises?|comprised|comprising|consists?\s+of|"
                       r"counts?|counted|counting|covers?|incorporat\w*|takes?\s+in|reflects?)\b")
_INCLUDE_DENIED = re.compile(r"\b(?:not|n't|never|no|exclud\w*|without|less|other\s+than|except|but\s+not|rather\s+than|"
                             r"draft|superseded|earlier|withdrawn)\b")


def includes_excluded(text: str, world) -> bool:
    """Whether a sentence says a fact includes an amount its statement leaves out: 'The add-backs include the USD
    2,300,000 of procurement synergies', 'Permitted add-backs: USD 3,800,000, made up of the USD 2,300,000 procurement
    synergies and Dayton' (the review of August 11 allows USD 3,800,000 without the synergies)."""
    st = _states(world)
    if not st.excluded:
        return False
    w = _of(world)
    names = {fid: rx[0] for fid, *_, rx in w.facts}
    for s in sentences(text, lower=False):
        parsed = _parse(s)
        low = s.lower()
        for fid, amount, currency in st.excluded:
            if fid not in names or not names[fid].search(low):
                continue
            for m in parsed.mentions:
                if m.kind != "money" or m.value is None or abs(Decimal(str(m.value)) - amount) >= _TOL:
                    continue
                inc = [x for x in _INCLUDES.finditer(low, 0, m.start)]
                if inc and not _INCLUDE_DENIED.search(low, max(0, inc[-1].start() - 30), m.start):
                    return True
    return False


_REMEDY_STOP = {"after", "before", "the", "amount", "sum", "figure", "value", "total", "with", "less", "plus"}
# A remedy named only to say none is needed or made: 'no cure is needed', 'without any cure'.
_NO_REMEDY = re.compile(r"(?:\bno|\bwithout(?:\s+(?:any|a|an|the))?|\bany|\bbefore(?:\s+the)?)\s+$")
_REMEDY_UNNEEDED = re.compile(r"\w*\s+(?:is\s+|was\s+)?(?:needed|required|necessary)\b")


def _remedied(s: str, remedy) -> bool:
    return any(not _NO_REMEDY.search(s[:m.start()]) and not _REMEDY_UNNEEDED.match(s, m.end())
               for m in remedy.finditer(s))


_STATES: dict[str, _States] = {}


def _states(world) -> _States:
    return _per_world(_STATES, world, _States)


def denies_event(text: str, world, skip=frozenset()) -> bool:
    """Whether a sentence says an event the ledger dates did not happen: 'The cure was never funded', 'Harrowgate
    never funded the cure', 'The cure has not been funded' (the equity cure funding date is September 2, 2026)."""
    events = [e for e in _states(world).events if e[0] not in skip]
    if not events:
        return False
    for s in sentences(text):
        for _, head, denial, _, _ in events:
            m = denial.search(s)
            # what the sentence weighs or dates before it says so: 'if the cure is not funded', 'not funded until'
            if m and head.search(s) and not _NOT_NOW.search(s[:m.end() + 24]):
                return True
    return False


_TAKEN_DENIED = re.compile(r"\b(?:not|never|n't|no|rather\s+than|instead\s+of|whether|if|unless|would|could|should|"
                           r"recommend\w*|advis\w*|consider\w*|may|might|option|offer\w*|propos\w*|declin\w*|"
                           r"reject\w*|refus\w*)\b")


def claims_offer_taken(text: str, world) -> bool:
    """Whether a sentence says an offer the ledger records, and never records as taken, was accepted, chosen or paid:
    'The board accepted the waiver at 0.25%', 'the cure was waived instead' (the agent offered a waiver; the sponsor
    funded the cure)."""
    offers = _states(world).offers
    if not offers:
        return False
    for s in sentences(text):
        for _, rx in offers:
            m = rx.search(s)
            if m and not _TAKEN_DENIED.search(s[max(0, m.start() - 60):m.start()] + " " + m.group()):
                return True
    return False


_COMPLY = re.compile(r"\b(?:within|below|under|inside|complies|compliant|in\s+compliance|satisf(?:ies|ied|y)|"
                     r"(?:is|are|was|were|been)\s+met|meets|no\s+(?:longer\s+)?(?:in\s+)?breach|not\s+in\s+breach|"
                     r"no\s+(?:event\s+of\s+)?default|no\s+cure\s+(?:is\s+|was\s+)?(?:needed|required|necessary))\b")
_BREACH = re.compile(r"\b(?:above|over|exceeds?|exceeding|in\s+breach|breach(?:ed|es)?|in\s+default|remains?\s+in\s+"
                     r"default|not\s+(?:met|satisfied|compliant|cured|within))\b")
# a remedy said not to have worked: 'the cure did not bring leverage to 3.50x'
_FAILED = re.compile(r"\b(?:did\s+not|didn't|does\s+not|doesn't|failed\s+to|fails\s+to|not)\s+(?:\w+\s+)?(?:bring|"
                     r"restore|return|take|get|put)\w*\b")
_STILL = re.compile(r"\b(?:still|remains?|remained|persists?|persisted|stands|continues?|fail\w*|not\s+(?:be\s+)?cured|"
                    r"insufficient|not\s+enough|does\s+not\s+cure|uncured)\b")
_NOT_BEFORE = re.compile(r"\b(?:not|n't|never)\s+(?:\w+\s+)?$")


def misstates_limit(text: str, world, skip=frozenset()) -> bool:
    """Whether a sentence says a figure the ledger caps complies with its limit where the ledger has it over ('So
    leverage is within the 3.5x maximum and no cure is needed', the ratio 3.70x), or still over it after the remedy the
    ledger records ('leverage is still above the 3.50x maximum after the cure', 3.50x after it)."""
    limits = [x for x in _states(world).limits if x[0] not in skip]
    if not limits:
        return False
    for s in sentences(text):
        if _HYPO_LIMIT.search(s):
            continue
        for _, names, is_cap, value, limit, after, remedy, _ in limits:
            if not names.search(s):
                continue
            comply = [m for m in _COMPLY.finditer(s) if not _NOT_BEFORE.search(s[:m.start()])]
            breach = [m for m in _BREACH.finditer(s) if not re.search(r"\bno\s+(?:longer\s+)?(?:in\s+)?$",
                                                                       s[:m.start()])]
            breach += [m for m in _COMPLY.finditer(s) if _NOT_BEFORE.search(s[:m.start()])]
            failed = _FAILED.search(s)
            if failed and not comply:
                breach.append(failed)
            if _limit_first(s, value, limit):
                # '3.5x maximum total net leverage ratio, which is below the 3.7x total net leverage ratio': the
                # limit is the subject, so 'below' says the figure is over it (vfix8: a right answer scored 0.0)
                comply, breach = breach, comply
            if bool(comply) == bool(breach):
                continue
            if remedy is not None and _remedied(s, remedy):
                if after is None:
                    continue
                ok = after <= limit if is_cap else after >= limit
                if (comply and not ok) or (breach and ok and (_STILL.search(s) or failed)):
                    return True
            else:
                ok = value <= limit if is_cap else value >= limit
                if comply and not ok:
                    return True
    return False


def _limit_first(sentence: str, value: Decimal, limit: Decimal) -> bool:
    """Whether a sentence compares the limit's figure, said first, with the figure it limits, said after."""
    cmp_ = re.search(r"\b(?:below|under|above|over|exceeds?|within)\b", sentence)
    if cmp_ is None or value == limit or _NOT_BEFORE.search(sentence[:cmp_.start()]):
        return False  # ('the 3.5x maximum does not exceed the 3.7x ratio' is read as a breach already)
    figures = [m for m in answers.parse(sentence).mentions if m.value is not None and m.kind != "date"]
    before = [m for m in figures if m.end <= cmp_.start()]
    after = [m for m in figures if m.start >= cmp_.end()]
    return bool(before and after) and before[-1].value == limit and after[0].value == value


_HYPO_LIMIT = re.compile(r"\b(?:if|whether|unless|would|could|might|suppos\w*|assum\w*|hypothetical\w*|claim\w*|"
                         r"argu\w*|contend\w*|wrongly|mistakenly|draft|superseded|what-if|scenario|needs?\s+to|must|"
                         r"to\s+bring|to\s+restore)\b")


_NOT_APPLY = re.compile(r"\b(?:(?:does|do|did|will|shall)\s+not|doesn't|don't|won't)\s+(?:apply|bind|bite|operate|"
                        r"come\s+into\s+play|govern|limit)\b|\bis\s+not\s+(?:engaged|triggered|applicable|binding)\b|"
                        r"\bis\s+inapplicable\b|\bhas\s+no\s+(?:effect|application)\b|\bfalls\s+away\b")


def denies_governing(text: str, world, skip=frozenset()) -> bool:
    """Whether a sentence says the side of a smaller-of (or greater-of) that decides its figure does not apply: 'the cap
    does not apply and Halvergate should pay the full surcharge' where the ledger's payable figure is the cap (kitA: the
    right comparison with that consequence scored 1.0 on memo, chat, exceed and what-if tasks)."""
    sides = [(fid, rx) for fid, rx in _states(world).governing if fid not in skip]
    for s in sentences(text) if sides else []:
        low = s.lower()
        if _HYPO_LIMIT.search(low):
            continue
        for _, rx in sides:
            m = _NOT_APPLY.search(low)
            if m and rx.search(low[:m.start()]):
                return True
    return False


_OWED_LABEL = re.compile(r"\b(?:payable|owed|owing|due|payments?|compensation|damages|fees?|refunds?|cure|claims?|"
                         r"loss|award|settlement|surcharge|excess)\b")
# absolute only: 'nothing payable above the cap' limits a sum, it does not deny one
_ABSOLUTE = r"(?=\s*(?:[.,;:!]|$|\band\b|\bso\b|\bat\s+all\b|\bto\s+(?:anyone|anybody)\b))"
_NOTHING_OWED = re.compile(r"\b(?:nothing|no\s+(?:amount|sum|money|payment|compensation|damages|balance))\s+(?:is\s+|was\s+|"
                           r"will\s+be\s+|remains?\s+)?(?:owed|owing|due|payable)\b" + _ABSOLUTE)


def denies_owed(text: str, world, skip=frozenset()) -> bool:
    """Whether a sentence says nothing is owed, or that no <thing> is required or payable, where the ledger holds that
    thing as a sum above nil ('So nothing is owed and no cure is required.' beside a right answer, vfix7: 188 of 188
    such asides scored 1.0 on worlds that owe compensation and a payable loss)."""
    owed = [f for f in world.plan.facts if f.id not in skip and getattr(f.value, "type", None) == "money"
            and (_amount(f.value) or 0) > 0 and _OWED_LABEL.search(label_of(f).lower())]
    if not owed:
        return False
    heads = {w for f in owed for w in re.findall(r"[a-z]+", label_of(f).lower())
             if len(w) > 3 and w not in _PREPS and w not in ("amount", "figure", "total", "value", "sum")}
    heads |= {w[:-1] for w in heads if w.endswith("s")}  # 'no damage is owed' of the 'damages claimed'
    # ('no further cure is required' after the cure is right: only a bare 'no cure')
    no_thing = re.compile(r"\bno\s+(" + "|".join(sorted(heads)) + r")s?\s+(?:is\s+|are\s+|was\s+|were\s+|will\s+be\s+)?"
                          r"(?:required|needed|necessary|due|payable|owed|owing)\b" + _ABSOLUTE) if heads else None
    for s in sentences(text):
        if _HYPO_LIMIT.search(s):
            continue
        if _NOTHING_OWED.search(s) or (no_thing is not None and no_thing.search(s)):
            return True
    return False


def states_otherwise(text: str, world, skip=frozenset()) -> bool:
    """An event denied, an offer said taken, or a limit said met or broken the other way (section (e))."""
    key = ("e", world.world_id, text, tuple(sorted(skip)))
    got = _RESULTS.get(key)
    if got is None:
        if len(_RESULTS) > 1024:
            _RESULTS.clear()
        got = _RESULTS[key] = (denies_event(text, world, skip) or claims_offer_taken(text, world)
                               or misstates_limit(text, world, skip) or includes_excluded(text, world)
                               or denies_governing(text, world, skip) or denies_owed(text, world, skip))
    return got
