"""Negatives on what a write task's texts say beside the answer: every message sent, post and file added.

A reviewer reads the whole of what was sent, posted and filed, not only the figure asked for, and sends back a side
statement the ledger contradicts: a superseded figure given as current ('the extrapolated overpayment is USD
3,950,000', the draft's), a figure given under a fact's short name that it never holds ('Told Jacqueline exposure is
USD 60,987,500'), a dated fact given another date ('The refund must be made by September 30, 2026'), and a decision
of the matter said the other way ('We recommend you accept the tender of defense', the client having decided to
reject it). Each is a negative criterion of a deliverable task, read in every text the agent wrote in the session
(kit7: such asides and extra messages beside a right deliverable scored 1.0 on 22 of 56 attempts).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

from worldsmith.environments import answers
from worldsmith.environments.guards import label_phrases
from worldsmith.environments.tasks import Check, Criterion, Task, label_of
from worldsmith.worlds.ledger import references

# The kinds of task whose answer is a deliverable (a reply, a post, a memo, a sheet): what they say is said to
# someone, on the figures the room holds now. (A brief or an as-of answer may give a figure as it stood then.)
DELIVERABLE_KINDS = ("reply", "post_chat", "memo", "sheet")

# Words of a dated fact's label that say it is a date, not what it dates.
_DATE_HEADS = {"date", "deadline", "expiry", "target", "day", "days", "effective", "period", "end", "the", "of", "a",
               "an", "60", "30", "90"}
# Before a date: what says it is the date of a deadline ('due on', 'must be made by', 'expires on', 'runs to') ...
_DUE_CUE = re.compile(r"\b(?:due|deadline|by|expir\w*|until|till|runs?\s+(?:to|until|through)|ends?|ending|no\s+later\s+"
                      r"than|last\s+day|target\w*|scheduled|set\s+for|falls?)\b[^.;\n\x01]{0,24}$", re.I)
# ... and of an event ('the casualty on February 24').
_EVENT_CUE = re.compile(r"\b(?:on|occurred|dated|happened|took\s+place|effective)\b[^.;\n\x01]{0,16}$", re.I)

# Decisions a matter records, and the verbs that say the opposite.
_YES = r"accept\w*|approv\w*|agree\w*|take\s+up|took\s+up|grant\w*|consent\w*"
_NO = r"reject\w*|declin\w*|refus\w*|turn\w*\s+down|den(?:y|ies|ied)"
_NEGATED = r"\b(?:not|never|no\s+longer|don't|doesn't|didn't|won't|shouldn't|cannot|can't)\s+(?:\w+\s+){0,2}?"
# A verb the sentence weighs rather than says: 'whether to accept or reject', 'rather than accept it'.
_WEIGHED = re.compile(r"\b(?:whether|rather\s+than|instead\s+of|than|or|if|unless|option\s+to|could)\s+(?:\w+\s+){0,2}$",
                      re.I)
# A sentence that sets a figure aside: the superseded figure named as such.
_SET_ASIDE = re.compile(r"\b(?:draft|superseded|earlier|previous|prior|interim|old|original|initial|replaced|revised|"
                        r"withdrawn|was|were|had\s+been|no\s+longer|instead\s+of|rather\s+than|not)\b", re.I)


_OBJECT_OF = {"to", "of", "for", "on", "in", "by", "under", "from", "with", "against", "about", "over", "before",
              "after", "until", "within"}


def _stem(word: str) -> str:
    return word.lower()[:6]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("'s", ""))


def _phrases(fact, labels: list[str], shorts: dict[str, int]) -> list[str]:
    """How a side message names a fact: its label phrases, and its last word alone where no other label of the
    ledger holds that word ('exposure' of "Ostrander's maximum exposure")."""
    out = label_phrases(fact, labels, [])
    words = _words(label_of(fact))
    head = words[-1:] or [""]
    # the last word is the label's head only where no preposition or 'to' comes before it: 'findings' of "deadline to
    # dispute the findings" is what the deadline is for, and a source cell's '(Brightmoor findings, April 6, 2026)'
    # names the paper, not the deadline (kit11: side_misstates_response_deadline fired on right sheets)
    if set(words[:-1]) & _OBJECT_OF:
        return out
    if len(head[0]) >= 5 and not head[0].endswith("ed") and shorts.get(head[0], 0) == 1:  # not 'claimed'
        out.append(head[0])
    return out


def with_side_checks(graph, task: Task) -> Task:
    """A deliverable task with negatives read in every text the agent wrote: a fact's superseded figure asserted,
    a figure under a fact's name that it never holds, a dated fact given another date, a decision said the other way."""
    if task.kind not in DELIVERABLE_KINDS:
        return task
    plan = graph.world.plan
    labels = [label_of(f).lower() for f in plan.facts]
    shorts: dict[str, int] = {}
    for label in labels:
        for w in set(_words(label)):
            shorts[w] = shorts.get(w, 0) + 1
    own = [t for t in (task.instruction, task.solution.answer or "",
                       *(str(v) for a in task.solution.actions for v in a.args.values()))]
    own_figures = {float(m.value) for t in own for m in answers.parse(t).mentions if m.value is not None}
    own_days = {d for t in own for m in answers.parse(t).mentions if m.kind == "date" for d in m.dates}
    current = {float(a) for f in plan.facts for a in [getattr(f.value, "amount", None) or getattr(f.value, "value", None)]
               if isinstance(a, (int, float)) or hasattr(a, "is_finite")}
    extra: list[Criterion] = []
    for f in plan.facts:
        kind = getattr(f.value, "type", None)
        phrases = _phrases(f, labels, shorts)
        others = [x for x in labels if x not in phrases]
        said = next((c.check for c in task.rubric.negative_criteria if c.id == f"misstates_{f.id}"), None)
        if said is not None:
            # the task's own guard (the figures the fact may hold, the task's included), read in every text and
            # under the fact's short name too
            extra.append(Criterion(
                id=f"side_misstates_{f.id}", weight=2.0,
                description=f"gives {label_of(f)} a figure it never holds, in any text it wrote",
                check=said.model_copy(update={"type": "texts_misstated", "a_words": phrases, "b_words": others,
                                              "path": None, "folder": None, "channel": None, "to": [],
                                              "in_reply_to": None})))
        if kind in ("money", "percent", "number"):
            old = [(p.text, _amount(p.value)) for p in f.earlier]
            old += [(d.text, _amount(d.value)) for d in plan.distractors if d.fact == f.id]
            old = [(t, n) for t, n in dict.fromkeys(old) if n is not None and n != _amount(f.value)
                   and n not in own_figures and n not in current]
            if old:
                extra.append(Criterion(
                    id=f"side_superseded_{f.id}", weight=2.0,
                    description=f"gives a superseded figure of {label_of(f)} as current, in any text it wrote",
                    check=Check(type="texts_stale", values=[t for t, _ in old], numbers=[n for _, n in old],
                                a_words=phrases, b_words=others)))
        elif kind == "date":
            subject = [_stem(w) for w in _words(label_of(f)) if w not in _DATE_HEADS and not w.isdigit()]
            if subject:
                event = "date" in _words(label_of(f))
                days = sorted({f.value.value, *own_days})
                extra.append(Criterion(
                    id=f"side_redates_{f.id}", weight=2.0,
                    description=f"gives {label_of(f)} another date than {f.text}, in any text it wrote",
                    check=Check(type="texts_redated", values=[d.isoformat() for d in days], a_words=subject,
                                expect="event" if event else "due")))
        elif kind == "text" and _words(label_of(f))[-1:] == ["decision"]:
            check = _decision_check(f)
            if check is not None:
                extra.append(Criterion(id=f"side_contradicts_{f.id}", weight=3.0,
                                       description=f"says the {label_of(f)} the other way round ({f.text}), in any "
                                                   f"text it wrote", check=check))
    days = room_days(graph.world) | own_days
    extra.append(Criterion(
        id="side_stray_date", weight=2.0,
        description="gives a past date that neither the room nor the task gives (a wrong hearing or paper day), in any "
                    "text it wrote",
        check=Check(type="texts_stray_date", values=sorted(d.isoformat() for d in days),
                    expect=plan.window_end.isoformat())))
    rubric = task.rubric.model_copy(update={"negative_criteria": [*task.rubric.negative_criteria, *extra]})
    return task.model_copy(update={"rubric": rubric})


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
           "december")
_MONTH = r"(?P<m>" + "|".join(m[:3] + r"[a-z]*\.?" for m in _MONTHS) + ")"
_ROOM_DATE = re.compile(rf"\b(?:{_MONTH}\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y>20\d\d)|(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+"
                        rf"(?P<m2>{'|'.join(m[:3] + '[a-z]*' for m in _MONTHS)})\.?,?\s+(?P<y2>20\d\d)|(?P<iso>20\d\d-\d\d-\d\d))\b",
                        re.I)
_DAYS: dict[str, frozenset] = {}
_MONTH_DAY = re.compile(rf"\b(?:{_MONTH}\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?|(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<m2>"
                        rf"{'|'.join(m[:3] + '[a-z]*' for m in _MONTHS)}))\b(?!,?\s+20\d\d)", re.I)


def room_days(world) -> frozenset:
    """Every day the room gives: its papers' and messages' days, the ledger's dates then and now, a marked draft's,
    the window's ends, and every date written in a file's text."""
    if world.world_id in _DAYS:
        return _DAYS[world.world_id]
    plan = world.plan
    days = {m.sent_at.date() for m in world.messages if m.sent_at}
    days |= {a.sent_at.date() for a in plan.artifacts if getattr(a, "sent_at", None)}
    days |= {plan.window_start, plan.window_end}
    days |= {d for (d,) in world.db.execute("select day from artifact_days where day is not null").fetchall()}
    for f in plan.facts:
        for value in [f.value, *(e.value for e in f.earlier)]:
            if getattr(value, "type", None) == "date":
                days.add(value.value)
    days |= {d.value.value for d in plan.distractors if getattr(d.value, "type", None) == "date"}
    for (text,) in world.db.execute("select text from artifact_text where text is not null").fetchall():
        for m in _ROOM_DATE.finditer(text):
            try:
                if m.group("iso"):
                    days.add(dt.date.fromisoformat(m.group("iso")))
                    continue
                month = (m.group("m") or m.group("m2")).lower()[:3]
                day, year = int(m.group("d") or m.group("d2")), int(m.group("y") or m.group("y2"))
                days.add(dt.date(year, [x[:3] for x in _MONTHS].index(month) + 1, day))
            except ValueError:
                continue
    _DAYS[world.world_id] = frozenset(days)
    return _DAYS[world.world_id]


def _amount(value) -> float | None:
    a = getattr(value, "amount", None)
    a = getattr(value, "value", None) if a is None else a
    try:
        return float(a)
    except (TypeError, ValueError):
        return None


def _decision_check(fact) -> Check | None:
    """A decision led by a verb of yes or no ('reject the tender of defense', 'approved subject to ...'): the check
    for a sentence naming its object with the opposite verb, or its own verb negated."""
    text = fact.text.strip()
    for own, other in ((_YES, _NO), (_NO, _YES)):
        m = re.match(rf"(?:{own})\b", text, re.I)
        if m:
            rest = re.split(r"\b(?:subject\s+to|in|through|with|on|for|by)\b", text[m.end():], maxsplit=1)[0]
            obj = [w for w in _words(rest) if w not in ("the", "a", "an", "of", "to", "and")]
            obj = obj or [w for w in _words(label_of(fact)) if w != "decision"]
            return Check(type="texts_decision", values=[text], a_words=[_stem(w) for w in obj],
                         b_words=[other, own])
    return None


# ---------------------------------------------------------------- reading the texts (grade.holds calls these)


def _sentences(text: str) -> list[str]:
    return answers.sentences(text)


def _names(sentence: str, stems: list[str]) -> bool:
    have = {_stem(w) for w in _words(sentence)}
    return bool(stems) and all(s in have for s in stems)


def stale(text: str, check: Check) -> bool:
    """Whether a sentence naming the fact (`a_words`) asserts one of its superseded figures (`values`) as it
    stands: not set aside ('the draft's USD 3.95m', 'was', 'superseded'); or a clause, named or not, says a superseded
    figure governs (governed_by_stale)."""
    wants = _stale_wants(check)
    for sentence in _sentences(text):
        low = sentence.lower()
        if not any(re.search(rf"\b{re.escape(p)}\b", low) for p in check.a_words) or _SET_ASIDE.search(sentence):
            if _governed_by_stale(sentence, wants):
                return True
            continue
        parsed = answers.parse(sentence)
        if any(m.status == "asserted" and any(answers.value_matches(m, w) for w in wants) for m in parsed.mentions):
            return True
    return False


def _stale_wants(check: Check) -> list:
    """The superseded figures as wants: a count with its unit ('3.1 hours') is read as that number in that unit, not
    as a phrase (kit22: 'Calder's first cut of 3.1 hours governs' never matched the phrase)."""
    out = []
    for i, v in enumerate(check.values):
        w = answers.want(v)
        if w.kind == "text":
            found = answers.parse(v).mentions
            if len(found) == 1 and found[0].kind == "number" and found[0].unit and \
                    v.strip().endswith(found[0].unit.split()[-1]):
                w = answers.Want("number", number=found[0].value, unit=found[0].unit)
        out.append(w)
    return out


# a clause saying its figure is the one that holds ('is still the governing badge figure', 'the figure that governs')
_GOVERNS = re.compile(r"\b(?:govern|governs|governing|controls|controlling|operative|prevails?|prevailing|binding|"
                      r"in\s+force|still\s+stands?|still\s+holds?|still\s+applies|remains\s+(?:the\s+)?(?:figure|"
                      r"one|basis|current)|is\s+current|the\s+current\s+(?:figure|one|basis))\b", re.I)
_CLAUSES = re.compile(r";|:\s|\s[-\u2013\u2014]\s|,\s+(?:and|but|while|whereas|so)\s")


def _governed_by_stale(sentence: str, wants: list) -> bool:
    """Whether a clause of the sentence says a superseded figure (of `wants`) governs, and gives no other figure of
    its kind beside it: 'Note: the governing badge figure is the first cut of 3.1 hours; the May 18 analysis has been
    withdrawn' (kit22: a right memo with that note, and a chat post, 1.0; the label was not named, and 'withdrawn',
    said of the other paper, set the whole sentence aside)."""
    for clause in _CLAUSES.split(sentence):
        if not _GOVERNS.search(clause) or _SET_ASIDE.search(clause) or re.search(r"n't\b|\bnever\b|\bnor\b", clause):
            continue
        parsed = answers.parse(clause)
        said = [m for m in parsed.mentions if m.status == "asserted" and m.value is not None]
        stale_ones = [m for m in said if any(answers.value_matches(m, w) for w in wants)]
        if stale_ones and not any(m.kind == stale_ones[0].kind and m not in stale_ones for m in said):
            return True
    return False


def redated(text: str, check: Check) -> bool:
    """Whether a sentence naming a dated fact (its subject's stems `a_words`) gives it a date, after a word of its
    kind ('due', 'by', 'expires'; 'on' for an event), that is none of the ISO days `values`."""
    days = {dt.date.fromisoformat(v) for v in check.values}
    cue = _EVENT_CUE if check.expect == "event" else _DUE_CUE
    for sentence in _sentences(text):
        if not _names(sentence, check.a_words):
            continue
        parsed = answers.parse(sentence)
        for m in parsed.mentions:
            if m.kind != "date" or m.status != "asserted" or set(m.dates) & days:
                continue
            if cue.search(parsed.masked[max(0, m.start - 40):m.start]):
                return True
        # a day of a month without its year ('Refund due September 28'), read in the matter's years
        for m in _MONTH_DAY.finditer(sentence):
            month = [x[:3] for x in _MONTHS].index((m.group("m") or m.group("m2")).lower()[:3]) + 1
            day = int(m.group("d") or m.group("d2"))
            try:
                read = {dt.date(d.year, month, day) for d in days}
            except ValueError:
                continue
            if read and not read & days and cue.search(sentence[max(0, m.start() - 40):m.start()]):
                return True
    return False


_BLOCK_DATE = re.compile(r"^[\s>*_#|\-\u2022]*date\s*[*_]*\s*(?:[:|]|$)", re.I)
_BARE_DATE_CELL = re.compile(r"^[\s>*_#|\-\u2022]*date\s*[*_]*\s*:?\s*$", re.I)


def stray_date(text: str, check: Check) -> bool:
    """Whether the text asserts a date up to `expect` (the matter's last day: a date ahead may be a promise) that is
    none of the ISO days `values`; a memo block's Date line is the memo's own."""
    days = {dt.date.fromisoformat(v) for v in check.values}
    last = dt.date.fromisoformat(check.expect) if check.expect else None
    # (a block laid out as a table comes back from the .docx a cell a line, 'Date' and then its day: kit27a, a right
    # memo lost 2 of 9 to its own date)
    lines = text.splitlines()
    body = "\n".join(ln for i, ln in enumerate(lines) if not _BLOCK_DATE.match(ln)
                     and not (i and _BARE_DATE_CELL.match(lines[i - 1])))
    return any(m.kind == "date" and m.status == "asserted" and m.dates and not set(m.dates) & days
               and (last is None or min(m.dates) <= last) for m in answers.parse(body).mentions)


def contradicts(text: str, check: Check) -> bool:
    """Whether a sentence naming the decision's object (`a_words`) says the opposite verb (`b_words[0]`) or its own
    verb negated (`b_words[1]`), other than as an option weighed ('whether to accept or reject')."""
    other, own = check.b_words
    for sentence in _sentences(text):
        if not _names(sentence, check.a_words):
            continue
        for m in re.finditer(rf"\b(?:{other})\b|{_NEGATED}(?:{own})\b", sentence, re.I):
            if not _WEIGHED.search(sentence[max(0, m.start() - 30):m.start()]):
                return True
    return False



_OWES = re.compile(r"\b(?P<org>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3})\s+(?:owes|paid|pays|has\s+paid|must\s+pay|"
                   r"shall\s+pay|is\s+to\s+pay|underpaid|short-?paid)\b")
_ORG_NOISE = {"the", "inc", "llc", "llp", "ltd", "plc", "co", "corp", "corporation", "company", "group", "holdings",
              "limited", "lp", "sa", "ag", "gmbh", "bv", "nv"}


def _org_words(name: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", name.lower()) if w not in _ORG_NOISE]


def payer(world):
    """The one organisation the outline's own statements make the payer ('Corvane owes USD 8,096,000', 'Oakfield owes
    Brightmoor USD 114,812'), with the first word it goes by; None where no statement names one, or they name two.
    The ledger holds the sums, not who pays them, so a memo with the right figures paying the wrong way round ('The
    sellers must accordingly pay Corvane USD 8,000,000') scored 1.0 (kit18)."""
    cached = world.__dict__.get("_payer", False)
    if cached is not False:
        return cached
    found = {}
    # only a figure nothing else is worked from says who pays in the end: 'Castellan owes a key money refund' is a
    # step netted off the fee Ardmore pays Castellan (kit16), while 'Corvane owes USD 8,096,000' is the sum itself
    read = {r for f in world.plan.facts if getattr(f, "formula", None) for r in references(f.formula)}
    for f in world.plan.facts:
        if f.id in read:
            continue
        for m in _OWES.finditer(getattr(f, "statement", "") or ""):
            said = _org_words(m.group("org"))
            for org in world.plan.organisations:
                words = _org_words(org.name)
                if said and words and said[0] == words[0]:
                    found[org.id] = words[0]
    cached = next(iter(found.values())) if len(found) == 1 else None
    world.__dict__["_payer"] = cached
    return cached


# A recommendation that the client give in: pay or accept a demand in full, or drop its dispute (kit11: 'We recommend
# Tessaline simply pay the full USD 2,871,000 audit claim now and drop the dispute', 'you should accept it in full',
# 'please simply pay Quorvex the full USD 2,871,000 today; there is no point disputing further' beside the right
# figures each scored 1.0). A professional acting for the client advises that only where the client decided it.
_ADVISE = re.compile(r"\b(?:recommend\w*|advis\w*|suggest\w*|should|must|please|simply|propos\w*|urge\w*|ought\s+to|"
                     r"need\s+to|best\s+(?:course|option|to)|I\s+would|we\s+would|let's|time\s+to)\b", re.I)
_GIVE_IN = re.compile(
    r"\b(?:pay|pays|paying|accept|accepts|accepting|concede|concedes|conceding|agree\s+to|settle\s+(?:at|for)|meet)\b"
    r"[^.;:\n]{0,60}?\b(?:in\s+full|the\s+full|the\s+whole|the\s+entire|all\s+of\s+(?:it|the))\b"
    r"|\b(?:drop|drops|dropping|withdraw|withdraws|withdrawing|abandon|abandons|abandoning|give\s+up|giving\s+up)\s+"
    r"(?:the|its|our|your|their|this|any)\s+(?:\w+\s+)?(?:dispute|challenge|objection|defen[cs]e|appeal)\b"
    r"|\bno\s+point\s+(?:in\s+)?(?:disput|contest|challeng|defend|fight)\w*", re.I)
# Before it in its clause: the advice denied or weighed ('not', 'rather than', 'whether'), or said as another's ('Quorvex
# demands that Tessaline pay the full claim').
_NOT_ADVISED = re.compile(r"\b(?:not|never|n't|rather\s+than|instead\s+of|whether|if|unless|against|without|demand\w*|"
                          r"insist\w*|say|says|said|claim\w*\s+that|asks?|asked|wants?|argu\w*|position|according|"
                          r"would\s+have\s+us)\b|n't\b", re.I)


def concedes(text: str, world=None) -> bool:
    """Whether a clause of the text advises the client to give in: pay or accept a demand in full, or drop its
    dispute, with a word of advice ('we recommend', 'should', 'please') and nothing before it in the clause that
    denies, weighs or reports it; or, given the world, in a matter where the outline has the other side pay, accept
    that side's position or not pursue the sum."""
    for sentence in _sentences(text):
        for m in _GIVE_IN.finditer(sentence):
            clause = re.split(r"[;:]|\s[\u2013\u2014-]\s", sentence[:m.start()])[-1]
            if _ADVISE.search(clause) and not _NOT_ADVISED.search(clause):
                return True
    return world is not None and (_gives_up_the_claim(world, text) or _sides_with_the_other_side(world, text))


def _sides_with_the_other_side(world, text: str) -> bool:
    """Whether a clause says a party outside the client's circle is right ('Stratalink says they do not, and I think
    Stratalink is right' after right figures: blind kit21, a reply at 1.0); not where it is denied or weighed, nor of
    one point ('... is right that the fee is due')."""
    for org in world.plan.organisations:
        words = _org_words(org.name)
        if getattr(org, "privileged", True) or not words:
            continue
        name = re.escape(words[0])
        right = re.compile(rf"\b{name}\b(?:\s+[A-Z][\w&.-]*){{0,3}}(?:'s|\u2019s)?(?:\s+(?:position|view|reading|case))?"
                           rf"\s+(?:is|are|was|were)\s+(?:(?:quite|entirely|probably|plainly)\s+)?(?:right|correct)\b"
                           rf"(?!\s+(?:that|to|about|on|in|as\s+to)\b)|\bagree\s+with\s+{name}\b"
                           rf"(?!\s+(?:that|on|about|as\s+to)\b)", re.I)
        for clause in re.split(r"(?<=[.;!?\n])\s+", text):
            said = right.search(clause)
            if said and not re.search(r"\b(?:not|never|no|n't|if|unless|whether)\b[^,;]*$", clause[:said.start()], re.I):
                return True
    return False


# A deliverable that gives up what the other side owes ('Recommendation: the sellers should accept Corvane's position
# and not pursue the earn-out further.' under right figures: kit18, a memo at 1.0), which _GIVE_IN's 'in full' misses
_DROP = re.compile(r"\b(?:should|must|will|would|to|can|could|need\s+to|ought\s+to)\s+(?:not\s+(?:pursue|press|claim|"
                   r"chase|recover)|drop|abandon|withdraw|waive|give\s+up|write\s+off|walk\s+away\s+from)\b|"
                   r"\brecommend\w*\s+(?:that\s+)?(?:\w+\s+){0,3}?(?:drop|abandon|withdraw|waive|give\s+up|write\s+off)\b",
                   re.I)


def _gives_up_the_claim(world, text: str) -> bool:
    name = payer(world)
    theirs = next((o for o in world.plan.organisations if _org_words(o.name)[:1] == [name]), None) if name else None
    if theirs is None or getattr(theirs, "privileged", False):
        return False
    accept = re.compile(rf"\b(?:accept|agree\s+to|go\s+along\s+with|concede)\s+(?:the\s+)?{re.escape(name)}\b"
                        rf"(?:\s+[A-Z][\w&.-]*){{0,3}}(?:'s|\u2019s)?\s+(?:\w+\s+)?(?:position|statement|figures?|"
                        rf"calculation|offer|numbers?|view|case|reading)\b", re.I)
    for clause in re.split(r"(?<=[.;!?\n])\s+", text):
        for rx in (accept, _DROP):
            m = rx.search(clause)
            if m and not re.search(r"\b(?:not|never|no|if|unless|would\s+be\s+wrong|mistake)\b",
                                   clause[:m.start()] if rx is _DROP else clause[max(0, m.start() - 30):m.start()], re.I):
                if rx is _DROP and re.search(rf"\b{re.escape(name)}\b", clause[:m.start()], re.I):
                    continue  # the other side dropping its own point is no claim given up
                return True
    return False


def gives_in(text: str) -> bool:
    """Whether a text (a decision the ledger records) is itself a giving-in: then advising it is no harm."""
    return bool(_GIVE_IN.search(text))


# ---------------------------------------------------------------- pasted papers and days before a figure was known

_PASTE_WORDS = 60  # a run of this many words copied from one paper is the paper pasted, not a quotation
_SHINGLE = 10
_ROOM_SHINGLES: dict[str, set[int]] = {}


def _word_list(text: str) -> list[str]:
    return "".join(c.lower() if c.isalnum() else " " for c in text).split()


def _room_shingles(world) -> set[int]:
    """The hash of every run of ten words in the room's papers and messages, once a world."""
    if world.world_id not in _ROOM_SHINGLES:
        out: set[int] = set()
        texts = [t for (t,) in world.db.execute("select text from artifact_text where text is not null").fetchall()]
        texts += [m.body_new or m.body or "" for m in world.messages]
        for t in texts:
            words = _word_list(t)
            out.update(hash(tuple(words[i:i + _SHINGLE])) for i in range(len(words) - _SHINGLE + 1))
        _ROOM_SHINGLES[world.world_id] = out
    return _ROOM_SHINGLES[world.world_id]


def pasted(text: str, world) -> bool:
    """Whether the text copies a run of _PASTE_WORDS words or more from the room's papers or mail: a contract or a
    status email pasted under the answer (kit11: a right reply padded with the whole MSA, a right answer under the
    May 21 status email pasted whole, each scored 1.0). A quoted clause is shorter."""
    words = _word_list(text)
    if len(words) < _PASTE_WORDS:
        return False
    room = _room_shingles(world)
    run = best = 0
    for i in range(len(words) - _SHINGLE + 1):
        run = run + 1 if hash(tuple(words[i:i + _SHINGLE])) in room else 0
        best = max(best, run)
        if best + _SHINGLE - 1 >= _PASTE_WORDS:
            return True
    return False


def padded(text: str) -> bool:
    """Whether the text is padded: one sentence or line said three times or more ('Additional context for the team.'
    x300 under a right brief scored 1.0 on 15 of 16 tasks, kit14). A table's rows and a memo's headings differ from
    each other; a professional says a thing once."""
    seen: dict[str, int] = {}
    # a table is read a row at a time: a source cell repeats down its column ('| Passing rent | USD 1,200,000 | Lease
    # extract |' and two more rows on the lease: a right memo in the room's own house style scored 0, kit17)
    rows = [ln for ln in text.splitlines() if ln.lstrip().startswith("|")]
    prose = "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("|"))
    for part in [*answers.sentences(prose), *rows]:  # 'Quillfield Packaging Group Inc.' is no sentence said five times
        key = " ".join(re.findall(r"[a-z0-9]+", part.lower()))
        if not key or re.fullmatch(r"[\d ]+", key):
            continue  # a bare number repeats in any table
        seen[key] = seen.get(key, 0) + 1
        # a cell of a few words repeats down a table's column ('Lease extract' as the basis of three rows of a memo's
        # figures table, read back from its .docx a cell a line: a right memo scored 0, kit17), not ten times over
        # ('More.' x300, kit14)
        # (a fragment cut at an abbreviation's stop is no sentence: 'SPA Sch.' of 'SPA Sch. 1(a)', a source cell down
        # a table's column read back from its .docx: right memos 0.0, kit18)
        cut = re.search(r"\b(?:sch|s|ss|cl|cll|para|paras|art|arts|sec|secs|no|nos|p|pp|ch|v|vs|reg|regs|r)\.$",
                        part.rstrip(), re.I)
        if len(key) < 6 or (len(key.split()) < 4 and (cut or not part.rstrip().endswith((".", "!", "?")))):
            if seen[key] >= 10:
                return True
            continue
        # a source cited under each of several figures ('Source: the covenant computation.') may come three times
        cites = re.match(r"(?:source|sources|see|per|ref|from|cf)\b", key) is not None or re.search(r"\d", key)
        if seen[key] >= (6 if cites else 3):
            return True
    return False


_AS_AT = re.compile(r"\bas\s+(?:at|of|on)\s+", re.I)


def anachronism(text: str, world) -> bool:
    """Whether the text gives a figure as it stood 'as at' a day before the ledger knew it: 'As at April 13, 2026, the
    audit claim exceeded the amount in dispute (USD 827,080)', the amount in dispute first known on May 20 (kit11:
    beside the right figures, 1.0). The day rules its sentence, or its paragraph when it opens one with a colon."""
    facts = [(f, answers.want(f.value)) for f in world.plan.facts if f.known_from is not None
             and getattr(f.value, "type", None) in ("money", "number", "percent")]
    if not facts:
        return False
    for m in _AS_AT.finditer(text):
        head = answers.parse(text[m.end():m.end() + 30]).mentions
        if not head or head[0].kind != "date" or head[0].start != 0 or not head[0].dates:
            continue
        day = max(head[0].dates)
        start = max(text.rfind("\n", 0, m.start()), *(text.rfind(p, 0, m.start()) for p in (". ", "? ", "! "))) + 1
        after = m.end() + head[0].end
        para = text[start:m.start()].strip() == "" and text[after:after + 2].lstrip().startswith(":")
        end = text.find("\n\n", after) if para else min(x for x in (text.find(". ", after), text.find("\n", after),
                                                                     len(text)) if x >= 0)
        scope = text[after:end if end >= 0 else len(text)]
        for mention in answers.parse(scope).mentions:
            if mention.kind == "date" or mention.status != "asserted":
                continue
            held = [f for f, w in facts if answers.value_matches(mention, w)]
            if held and all((f.on(day) or (None, None))[1] != f.text for f in held):
                return True
    return False


# ---------------------------------------------------------------- who a text says it went to, and in what register
# Kit14 (a blind red team on a leverage covenant breach): beside the right figures, 'I have sent these figures to
# Northbank this morning', 'I have already copied Northbank and Ashdown Greer on these figures' (no such message
# sent), a chronology whose every row was 'first sent to Northbank' (the task asks what Quillfield was sent),
# 'Quillfield (Kimberly Collins) first received the waiver fee' (the task asks after Harrowgate), and a chat post
# 'Dear Kimberly, please find attached ... Kind regards, Kevin' each scored 1.0.

_SENT_CLAIM = re.compile(r"\b(?:i|we)(?:'ve|\s+have|\s+had)?\s+(?:\w+\s+){0,2}?(?:sent|forwarded|copied|cc'?e?d|shared|"
                         r"e-?mailed|posted|passed|disclosed|circulated|uploaded|provided|given|released|notified|"
                         r"informed|briefed|told)\b")
_SENT_NOW = re.compile(r"\b(?:already|just|this\s+morning|today|these|this|it|them|above|as\s+well)\b")
_SENT_DENIED = re.compile(r"\b(?:not|n't|never|will|would|shall|should|could|can|may|might|if|before|once|until|"
                          r"unless|whether|rather\s+than|instead\s+of)\b")


def _party_names(world) -> dict[str, set[str]]:
    """Each organisation's names as a text may give them: its name, its first word, and its people's full names."""
    key = ("parties", world.world_id)
    got = _PARTY_CACHE.get(key)
    if got is None:
        got = {}
        for o in world.plan.organisations:
            first = re.sub(r"[^\w-]", "", o.name.split()[0]).lower()
            names = {o.name.lower(), *([first] if len(first) > 3 else [])}
            names |= {p.name.lower() for p in world.plan.people if p.organisation == o.id}
            got[o.id] = names
        _PARTY_CACHE[key] = got
    return got


_PARTY_CACHE: dict[tuple, dict] = {}


def _names_in(sentence: str, names: set[str]) -> bool:
    return any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", sentence) for n in names)


def claims_sent(text: str, world, sent_to: set[str]) -> bool:
    """Whether the text says the writer has already sent, copied or posted what it holds to a party outside the
    privileged circle that the session never wrote to: 'I have sent these figures to Northbank this morning'."""
    from worldsmith.environments.ledger_statements import sentences

    people = {p.email.lower(): p.organisation for p in world.plan.people}
    reached = {people.get(a.lower()) for a in sent_to}
    outside = {o.id for o in world.plan.organisations if not o.privileged} - reached
    if not outside:
        return False
    names = _party_names(world)
    for s in sentences(text):
        m = _SENT_CLAIM.search(s)
        if not m or not _SENT_NOW.search(s) or _SENT_DENIED.search(s[:m.end()]):
            continue
        if any(_names_in(s[m.start():], names[o]) for o in outside):
            return True
    return False


_ASKED_TO = re.compile(r"\bdid\s+(?P<a>.+?)\s+first\s+send\s+(?P<b>.+?)\s+each\s+of\b", re.I)
_ASKED_BY = re.compile(r"\bwhen\s+did\s+(?P<b>.+?)\s+first\s+receive\b", re.I)
_TO_PHRASES = ("sent to", "went to", "delivered to", "forwarded to", "copied to", "provided to", "given to",
               "received by", "passed to", "shared with")
_BY_PHRASES = ("first received", "first receive", "first got", "first had")


def _org_named(world, phrase: str) -> str | None:
    phrase = phrase.lower().strip()
    return next((o.id for o in world.plan.organisations if o.name.lower() in phrase or phrase in o.name.lower()), None)


_JOIN = r"\s*(?:,|/|&|\bor\b|\band\b|\band/or\b)\s*(?:(?:either|or|possibly|perhaps)\s+)?"
# where a sender stands: after 'from', 'by', 'sender', 'sent it', a day ('April 16, 2026, ...'), a table cell or a dash
_SENDER_SLOT = re.compile(r"(?:\bfrom|\bby|\bsenders?\s*:?|\bsent\s+it|\d{4}\s*[,;:]|[|]|\u2013|\u2014|-)\s*"
                          r"(?:(?:one|any|either)\s+of\s*:?\s*|either\s+|both\s+)?$", re.I)


def hedged_sender(text: str, world, prompt: str) -> bool:
    """Whether an answer to who first sent or received a figure offers several people for the one sender: 'from David
    Kelly or Brittney Yates', 'from one of: Monique Wagner, Brittney Yates, David Kelly', 'April 16, 2026, Brittney
    Yates / David Kelly' (kitA, a blind red team: each scored 1.0). Names joined after 'to' or 'copied to' are
    recipients and stand."""
    if _ASKED_TO.search(prompt) is None and _ASKED_BY.search(prompt) is None:
        return False
    names = sorted({p.name for p in world.plan.people if p.name}, key=len, reverse=True)
    if len(names) < 2:
        return False
    # a name in the possessive is a paper's maker, not a sender ('created by Sarah Hill; Brenda Daniels' memo of the
    # same day', kit16: a right answer scored 0)
    one = "(?:" + "|".join(re.escape(n) for n in names) + r")(?!['\u2019])"
    run = re.compile(one + "(?:" + _JOIN + one + ")+", re.I)
    for m in run.finditer(text):
        if len({n.lower() for n in re.findall(one, m.group(0), re.I)}) >= 2 and \
                _SENDER_SLOT.search(text[max(0, m.start() - 40):m.start()]):
            return True
    return False


def wrong_recipient(text: str, world, prompt: str) -> bool:
    """Whether an answer to 'on what day did A first send B each of these figures' or 'when did B first receive ...'
    gives the figures to another party than B: 'first sent to Northbank August 10, 2026 by Kevin Contreras', 'Quillfield
    (Kimberly Collins) first received the waiver fee', where B names neither."""
    from worldsmith.environments.ledger_statements import sentences

    asked = _ASKED_TO.search(prompt)
    phrases, before = _TO_PHRASES, False
    if asked is None:
        asked, phrases, before = _ASKED_BY.search(prompt), _BY_PHRASES, True
    if asked is None:
        return False
    client = _org_named(world, asked.group("b"))
    sender = _org_named(world, asked.group("a")) if "a" in asked.groupdict() else None
    if client is None:
        return False
    names = _party_names(world)
    mine = names[client]
    others = set().union(*(v for o, v in names.items() if o not in (client, sender))) - mine
    if before:  # who first received it: anyone but the client, its sender included
        others |= set().union(*(v for o, v in names.items() if o == sender)) - mine if sender else set()
    for s in sentences(text):
        for phrase in phrases:
            at = s.find(phrase)
            if at < 0:
                continue
            part = s[:at] if before else s[at + len(phrase):]
            if _names_in(part, others) and not _names_in(part, mine):
                return True
    return False


_EMAIL_OPEN = re.compile(r"^\s*(?:dear\s+\w+|to\s+whom\s+it\s+may\s+concern)\b", re.I)
_EMAIL_CLOSE = re.compile(r"\b(?:kind|best|warm|warmest)\s+regards\b|\byours\s+(?:sincerely|faithfully|truly)\b|"
                          r"\bplease\s+find\s+(?:attached|enclosed)\b", re.I)


def email_register(post: str) -> bool:
    """Whether a chat post is written as a letter: 'Dear Kimberly, please find attached ... Kind regards, Kevin'."""
    return bool(_EMAIL_OPEN.search(post) or _EMAIL_CLOSE.search(post))


# A what-if's supposition and the figure it asks after ('suppose the cap rate were 60% instead of ...', 'what would the
# interest on the underpayment be?'): the generator's own phrasing of every what-if.
_SUPPOSED = re.compile(r"\bsuppose\s+(?:that\s+)?(?:the\s+)?.+?\s+(?:were|was|had\s+been)\s+(?P<v>.+?)\s+instead\b", re.I)
_ASKED = re.compile(r"\bwhat\s+would\s+(?:the\s+)?(?P<l>[^?]+?)\s+(?:then\s+)?be\b", re.I)
_GENERIC_FIELDS = {"answer", "figure", "final figure", "result", "amount", "total"}
_FORM_KINDS = {"amount": "money", "percent": "percent", "number": "number", "days": "number"}


def _same(a, b) -> bool:
    return a is not None and b is not None and abs(float(a) - float(b)) < 0.005


def _form_phrases(fact, labels: list[str]) -> list[str]:
    """How a side post names a form's figure: the label's phrases, and the words a colleague drops it to where no
    other label of the ledger is so named ('the underpayment' of "royalty underpayment", 'interest' of "interest on the
    underpayment", 'third-party royalties' of "third-party royalties paid")."""
    label = label_of(fact).lower()
    out = label_phrases(fact, labels, [])
    words = label.split()
    others = [o.split() for o in labels if o != label]
    lead = next((i for i, w in enumerate(words) if w in _OBJECT_OF), None)
    if lead and not any(o[:lead] == words[:lead] for o in others):
        out.append(" ".join(words[:lead]))
    if len(words) > 1 and lead is None and not any(o[-1:] == words[-1:] for o in others):
        out.append(words[-1])
    if len(words) > 2 and lead is None and not any(" ".join(words[:-1]) in " ".join(o) for o in others):
        out.append(" ".join(words[:-1]))
    return list(dict.fromkeys(out))


# Between a label and its figure in a colleague's post: a few words that carry it ('net sales governing figure is',
# 'the interest stays at', 'the royalties figure (') and no stop.
_CARRIES = re.compile(r"^[\s(:=\u2013\u2014-]*(?:[a-z']+[\s(:=-]+){0,4}$", re.I)


_GOVERNING = re.compile(r"\b(?:govern\w*|current|operative|controlling)\b", re.I)


def _next_to(parsed, phrases: list[str], others: list[str]) -> list:
    """The figure a few words after a label in the same clause, with no other figure or label between."""
    low = parsed.text.lower()
    out = []
    for p in phrases:
        for hit in re.finditer(rf"(?<![\w-]){re.escape(p)}(?![\w-])", low):
            if any(p in o and any(s <= hit.start() and hit.end() <= s + len(o) for s in
                                  (x.start() for x in re.finditer(re.escape(o), low))) for o in others):
                continue  # 'interest' inside 'late payment interest rate'
            after = next((m for m in parsed.mentions if m.start >= hit.end()), None)
            if after is None or not _CARRIES.match(parsed.text[hit.end():after.start]):
                continue
            gap = low[hit.end():after.start]
            if any(re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", gap) for o in others):
                continue
            # a figure said to govern is asserted, whatever else its sentence sets aside ('net sales governing figure
            # is USD 83,200,000 - the 86m is superseded')
            out.append(replace(after, superseded=False) if _GOVERNING.search(gap) else after)
    return out


# (a name of its own: as a second module-level _MONTH_DAY it shadowed the one above, and redated read 'due September
# 28th' with this one, which takes no ordinal, so a wrong day so written passed)
_RECEIVED_DAY = re.compile(r"\b(?:(?P<m>" + "|".join(m[:3] + r"[a-z]*" for m in _MONTHS) + r")\.?\s+(?P<d>\d{1,2})(?!\d)"
                           r"|(?P<d2>\d{1,2})(?:st|nd|rd|th)?\s+(?P<m2>" + "|".join(m[:3] + r"[a-z]*" for m in _MONTHS) +
                           r"))\b", re.I)
# what says a figure reached someone on a day ('you first had the royalty paid figure from us on July 10')
_RECEIVED = re.compile(r"\b(?:first|receiv\w*|got|had|sent|told|heard|came)\b", re.I)


def checks_all(task: Task) -> list:
    return [c.check for c in task.rubric.criteria if c.check.type == "answer_field" and c.check.values]


def _redates_form(task: Task, checks: list, facts: list, labels: list[str], rows: list, texts: list[str]) -> bool:
    """Whether a side text says a form's figure reached its reader on another day than the form's own (kit20: 'you
    first had the royalty paid figure from us on July 10' in a reply beside a right as-of form, 1.0)."""
    for check in checks:
        if check.expect != "date":
            continue
        try:
            want = dt.date.fromisoformat(check.values[0])
        except ValueError:
            continue
        name = check.a_words[0].lower()
        head = name.split(",", 1)[0].strip() if "," in name else ""
        mine = [f for f in facts if label_of(f).lower() == head]
        phrases = [_form_phrases(f, labels) for f in mine] if mine else [p for p, _, _, _ in rows]
        if len(phrases) != 1:
            continue
        for text in texts:
            for sentence in re.split(r"(?<=[.!?])\s+|\n+", text):
                low = sentence.lower()
                if not _RECEIVED.search(sentence) or not any(
                        re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", low) for p in phrases[0]):
                    continue
                for m in _RECEIVED_DAY.finditer(sentence):
                    month = (m.group("m") or m.group("m2")).lower()[:3]
                    day = int(m.group("d") or m.group("d2"))
                    if (_MONTHS.index(next(x for x in _MONTHS if x.startswith(month))) + 1, day) != (want.month, want.day):
                        return True
    return False


def contradicts_form(task: Task, world, texts: list[str]) -> bool:
    """Whether a post or a message sent beside a form's answer gives a figure the form asks for another value than the
    form's own (kit20: 'the underpayment is really USD 1,320,000' in chat beside a right chronology, 'net sales
    governing figure is USD 83,200,000 - the 86m is superseded' beside a right reconcile, 'Even at a 60% cap the
    interest stays at USD 23,760' beside a right what-if, each 1.0). A what-if's figures are read only in a sentence
    that names its supposed figure: elsewhere the room's own figures are right."""
    checks = [c.check for c in task.rubric.criteria
              if c.check.type == "answer_field" and c.check.expect in _FORM_KINDS and c.check.values]
    texts = [t for t in texts if t and t.strip()]
    if not checks or not texts:
        return False
    facts = list(world.plan.facts)
    labels = [label_of(f).lower() for f in facts]
    supposed = _SUPPOSED.search(task.instruction or "")
    supposed_figures = [m for m in answers.parse(supposed.group("v")).mentions if m.value is not None] if supposed else []
    if supposed and not supposed_figures:
        return False
    asked = _ASKED.search(task.instruction or "") if supposed else None
    rows = []
    for check in checks:
        want = [m for m in answers.parse(check.values[0]).mentions if m.value is not None]
        if len(want) != 1:
            continue
        name = re.sub(r",?\s*\(?re-?(?:computed|calculated|worked)\)?\s*$", "", check.a_words[0], flags=re.I).strip().lower()
        named = [f for f in facts if label_of(f).lower() == name]
        if name in _GENERIC_FIELDS or not named:  # 'Figure that governs now': the fact of the form's figure
            if asked is not None:
                mine = [f for f in facts if label_of(f).lower() == asked.group("l").strip().lower()]
            elif supposed is None:
                mine = [f for f in facts if _same(_amount(f.value), want[0].value)]
            else:
                mine = []
        else:
            mine = named
        for f in mine[:1] if len(mine) == 1 else []:
            rows.append((_form_phrases(f, labels), [x for x in labels if x != label_of(f).lower()], want[0],
                         _FORM_KINDS[check.expect]))
    if _redates_form(task, checks_all(task), facts, labels, rows, texts):
        return True
    for text in texts:
        parsed = answers.parse(text)
        for phrases, others, want, kind in rows:
            said = answers.bound_figures(parsed, phrases, others, money=kind == "money") + _next_to(parsed, phrases, others)
            for m in said:
                if m.value is None or m.negated or m.superseded or m.hedged or _same(m.value, want.value):
                    continue
                if m.kind != want.kind and not (kind == "number" and m.kind == "number"):
                    continue
                if supposed and not any(_same(s.value, x.value) and s.kind == x.kind for s in supposed_figures
                                        for x in parsed.mentions if x.sentence == m.sentence):
                    continue
                return True
    return False
