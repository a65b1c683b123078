"""Short labels for ledger facts ("the liability cap"), so artifacts name a fact instead of pasting its statement."""

from __future__ import annotations

import functools
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
    """The fact's short label: the ledger's own when it has one, else one derived from its id and statement; a count's
    label that names the things counted names their number (see as_count)."""
    own = getattr(fact, "label", None)
    label = _label_of(own if isinstance(own, str) else None, fact.id, fact.statement)
    value = getattr(fact, "value", None)
    unit = getattr(value, "unit", None) if getattr(value, "type", None) == "number" else None
    return as_count(label, unit) if isinstance(unit, str) and unit else label


@functools.lru_cache(maxsize=8192)
def as_count(label: str, unit: str) -> str:
    """A count's label as the noun phrase of its number, where the label names the things counted by the count's own
    unit ("the barrels discharged", unit barrels -> "the number of barrels discharged"); any other label as it is.
    Read 24: "My view: the barrels discharged hold on what we have", "Paige: the working on the barrels discharged to
    me": every slot for a figure took the barrels themselves."""
    words = re.sub(r"^(?:the|a|an)\s+", "", label.strip(), flags=re.I).split()
    unit = unit.strip().lower()
    if len(words) < 2 or words[0].lower() != unit or len(unit) < 4 or not unit.endswith("s"):
        return label
    return "the number of " + " ".join(words)


@functools.lru_cache(maxsize=8192)
def _label_of(own: str | None, fact_id: str, statement: str) -> str:
    """fact_label of a fact's own label, id and statement: a world's contexts ask for its few hundred facts' labels
    thousands of times (each week's note walks the ledger), and deriving one is a regex split and a search."""
    if own is not None and own.strip():
        return as_noun(own.strip())
    return derived_label(fact_id, statement)


@functools.lru_cache(maxsize=8192)
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
    # nor the room's other marks of what came later: a certificate went round as '... (withdrawn)' on the day it was
    # first delivered (blind read 36, es-hotel-loan-restructuring)
    out = re.sub(r"\s*\((?:withdrawn|replaced|not sent|not relied on)\b[^()]*\)", "", out, flags=re.I)
    return re.sub(r"\s+:", ":", out) or title


_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
# A written day: "April 15, 2026" or "15 April 2026".
DAY_WRITTEN = re.compile(rf"\b(?:(?P<m1>{_MONTHS}) (?P<d1>\d{{1,2}}), (?P<y1>\d{{4}})|(?P<d2>\d{{1,2}}) (?P<m2>{_MONTHS}) (?P<y2>\d{{4}}))\b")


_DAY_NO_YEAR = re.compile(rf"\b(?:(?P<m1>{_MONTHS}) (?P<d1>\d{{1,2}})|(?P<d2>\d{{1,2}}) (?P<m2>{_MONTHS}))\b")


def written_days(text: str, year: int | None = None) -> list:
    """The days a text writes out in full ("April 15, 2026", "15 April 2026"), as dates, in order; with a year, also
    the days it writes without one ("the review conclusion of August 20"), taken in that year."""
    import datetime as dt

    out = []
    for m in DAY_WRITTEN.finditer(text or ""):
        month = m.group("m1") or m.group("m2")
        try:
            out.append(dt.date(int(m.group("y1") or m.group("y2")), _MONTHS.split("|").index(month) + 1,
                               int(m.group("d1") or m.group("d2"))))
        except ValueError:
            continue
    if year is not None:
        for m in _DAY_NO_YEAR.finditer(DAY_WRITTEN.sub(" ", text or "")):
            try:
                out.append(dt.date(year, _MONTHS.split("|").index(m.group("m1") or m.group("m2")) + 1,
                                   int(m.group("d1") or m.group("d2"))))
            except ValueError:
                continue
    return out


# What only a later file knows of a draft: that it is superseded or withdrawn.
_HINDSIGHT = re.compile(r"\(?\b(?:superseded|withdrawn|outdated|out-of-date|obsolete|replaced)\b\)?,?\s*", re.I)


def draft_name(label: str) -> str:
    """A superseded paper as its own day names it: its label before the colon that says what it missed, without
    'superseded' ('superseded TIA draft v1 of April 10, 2026: did not carve out ...' is 'TIA draft v1 of April 10,
    2026'); '' where nothing is left."""
    head = " ".join((label or "").split(": ", 1)[0].split()).rstrip(". ")
    return re.sub(r"\s{2,}", " ", _HINDSIGHT.sub("", head)).strip(" ,;")


def as_known_on(label: str, day, papers=(), events=(), known_from=None) -> str:
    """A superseded value's label as it can be told on a day: without its last clause ("; replaced by the schedule of
    April 15, 2026 (costs through March 31)") while that clause names a day after it, or names one of `papers` (title,
    day) that is only out after it. A note of April 13 said the interim schedule was "replaced by the schedule of
    April 15" (blind read 17: time runs backward); a June 3 email said the IT tally was "replaced by Kestrel's
    availability analysis", a report of June 22 (read 23). A clause that names an event of the plan by its words
    ("set aside by the surveyor's determination") is read against `events` (text, day), the facts that event made
    known, and a clause that names nothing of the plan against `known_from`, the day the value that replaced the
    superseded one became known: a statement of February 6 carried "SET ASIDE BY THE SURVEYOR'S DETERMINATION", a
    determination of April 20. The checks no_contradicting_value and distractor_labelled read the label so cut as the
    label."""
    m = _REPLACED.search(label or "")
    if day is None or m is None:
        return label
    # (a day without its year is the label's day's year: two unseen outlines' labels, "replaced by the analysis of
    # May 18", stayed whole in the May 4 paper they label, and no_later_paper_named quarantined both worlds)
    days = written_days(m.group(0), year=day.year)
    if any(d > day for d in days):
        return label[:m.start()].rstrip()
    if days:
        return label
    named = [when for title, when in papers if when is not None and names_paper(m.group(0), title)]
    named += [when for text, when in events if when is not None and names_event(m.group(0), text)]
    if named:
        return label[:m.start()].rstrip() if min(named) > day else label
    if known_from is not None and known_from > day:
        return label[:m.start()].rstrip()
    return label


# A day a past act or a paper bears: "dated April 22, 2026", "registered on 27 May", "was served on June 3" (a day set
# ahead, "by April 28" or "due on", is no act done).
_DONE_ON = re.compile(r"(?i)(?:\bdated|\b\w+ed\s+on|\b(?:was|were)\s+(?:\w+\s+)?on)\s+(?:the\s+)?")


def statement_as_known(statement: str, day, keep: str = "") -> str:
    """A fact's statement as it can be written on `day`: without a clause (between semicolons, or a sentence) that
    dates a paper or an act after that day ("its notice is dated April 22, 2026" in a site report of April 13: blind
    read 28, a statement that told how the matter stood later). A clause that writes `keep` (the fact's own value,
    which the plan gives the artifact) stays, and so does the statement's first clause, which says what the fact is."""
    if day is None or not statement:
        return statement
    parts = re.split(r"(;\s+|(?<=[a-z0-9)])\.\s+(?=[A-Z]))", statement)
    out, dropped = [parts[0]], False
    for i in range(1, len(parts) - 1, 2):
        sep, clause = parts[i], parts[i + 1]
        later = [d for m in _DONE_ON.finditer(clause) for d in written_days(clause[m.end():m.end() + 20], year=day.year)[:1]
                 if d > day]
        if later and not (keep and keep in clause):
            dropped = True
            continue
        out += [sep, clause]
    if not dropped:
        return statement
    text = "".join(out).rstrip(" ;")
    return text if re.search(r"[.!?]$", text) else text + "."


def title_as_known(title: str, facts, day) -> str:
    """A matter's title as it can be written on `day`: without a fact's value (its canonical text) that nobody knows
    yet and no fact known by then shares. An outline titles its matter as it ends ("...: EUR 150,000,000 ...", the
    final volume, known on pricing day); an information memorandum of launch day headed 'RE: <that title>' told
    the final volume three weeks early (fact_mentioned_before_known, an unseen outline at seed 223)."""
    if day is None or not title:
        return title
    known, later = set(), set()
    for f in facts:
        periods = [(p.since, p.text) for p in f.earlier] + [(f.known_from, f.text)]
        for since, text in periods:
            (known if since is None or since <= day else later).add(text)
    out = title
    for text in sorted(later - known, key=len, reverse=True):
        if len(text) >= 4 and text in out:
            out = out.replace(text, "")
    if out == title:
        return title
    out = re.sub(r"\(\s*\)|\[\s*\]", "", out)  # a bracket left empty
    out = re.sub(r"\s+([,;:.)])", r"\1", re.sub(r"\s{2,}", " ", out))
    out = re.sub(r"([:;,])\s*([:;,])", r"\1", out)  # 'X: , Y' from 'X: EUR 1, Y'
    out = re.sub(r"\s+(?:of|for|at|to|with|by|a|an)(?=\s*(?:[:;,.()]|$))", "", out, flags=re.I)  # a link word left
    return out.strip(" ,;:-\u2013") or title


# the words that name no paper: articles, links, and the verbs of a replacement clause
_NOT_NAMING = {"the", "a", "an", "of", "and", "by", "to", "in", "on", "for", "its", "their", "our", "replaced",
               "superseded", "with", "from", "s", "set", "aside", "overtaken", "overruled", "withdrawn", "reissued",
               "later"}


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", (text or "").lower().replace("\u2019", "'").replace("'s", ""))
            if w not in _NOT_NAMING}


def names_paper(clause: str, title: str) -> bool:
    """Whether a clause ("replaced by Kestrel's availability analysis") names a paper by its title's words: two or
    more words of its own, every one of them in the title ("Kestrel availability analysis, March to May 2026")."""
    own = _words(clause)
    return len(own) >= 2 and own <= _words(title)


def _stems(text: str) -> set[str]:
    # (a clause names an event by a noun its statement gives as a verb: "the surveyor's determination", "The
    # independent surveyor determines ...", "the arbitrator's award", "The arbitrator awards ...": a word is its first
    # six letters, less a plural's s)
    return {(w[:-1] if w.endswith("s") and not w.endswith("ss") else w)[:6] for w in _words(text)}


def names_event(clause: str, text: str) -> bool:
    """Whether a clause ("set aside by the surveyor's determination") names what a text tells (a fact's statement: "The
    independent surveyor determines the chargeable 2025 service charge ..."): two or more words of its own, every one
    of them, to its first six letters (less a plural's s), in the text."""
    own = _stems(clause)
    return len(own) >= 2 and own <= _stems(text)


def fact_events(facts) -> list:
    """(text, day) of the facts that became known during the matter: the events a replacement clause may name (the
    statement and the label of each fact with a known_from)."""
    return [(f"{f.statement} {getattr(f, 'label', '') or ''}", f.known_from) for f in facts
            if getattr(f, "known_from", None) is not None]


# ("; replaced by the schedule of April 15", "; withdrawn and replaced by the revised claim of June 2", "; withdrawn
# and reissued on April 8": a letter of April 3 whose own banner said so, my read of supply-surcharge at seed 97;
# "; set aside by the surveyor's determination", service-charge-dispute)
_REPLACED = re.compile(r";\s+(?:\w+\s+and\s+)?(?:replaced|superseded|withdrawn|reissued|set aside|overtaken|"
                       r"overruled)\b.*$", re.S)


# A figure that holds by an instrument or by an act done, not by anyone's estimate: a term of a policy, a lease, an
# agreement or an order form (the instrument is the statement's subject: "The policy's business interruption coverage
# ... has a limit of USD 12,000,000"), a payment made, a figure agreed by the parties or fixed by a determination.
# Read 16 rejected mail that hedged such figures or put them in question: "the policy limit for now", "Is the
# business interruption limit final, or still an estimate?", the advance already paid called "our case rather than
# common ground", an agreed period "never agreed".
# (a schedule's paragraph too: "Schedule 6 para 4.1 requires each engine at return to have at least 6,000 EFH", which
# the lessor's GC would "settle", read 18's aircraft redelivery at seed 31)
_INSTRUMENT = re.compile(r"\b(?:policy|policy's|lease|lease's|order form|agreement|contract|charter ?party|clause "
                         r"\d[\w.()]*|section \d[\w.()]*|schedule \d+[\w.()]* para(?:graph)? \d[\w.()]*|"
                         r"coverage)\b", re.I)
# ...or a term with its provision cited after it: "The earn-out may not exceed USD 15,000,000 (section 2.6(c))."
_CITED = re.compile(r"\((?:section|clause|article|paragraph|schedule|§)\s*\d[\w.()]*\)\s*\.?\s*$", re.I)
_DONE = re.compile(r"\b(?:paid (?:an?|the)|agreed|determination|determined|settled)\b", re.I)
# ...and a figure worked out from others, only as a settlement or a determination of the whole (a figure "agreed with"
# one's own accountants is still open to the other side)
_SETTLED = re.compile(r"\b(?:settle(?:d|ment)|determin\w+)\b", re.I)
# ...but never a figure a party puts forward, claims or estimates, whatever instrument it names
_PUT_FORWARD = re.compile(r"\b(?:offer\w*|propos\w*|claimed|demand\w*|estimat\w*|position|alleg\w*|contend\w*|"
                          r"puts|argu\w*|asserts?|backdates|prices|preliminary|counter\w*|insists)\b", re.I)


# A decision taken: a text fact whose statement records someone deciding ("On July 9, 2026 the audit committee decided
# to make a voluntary refund ..."), or whose label names it one. Once known it is done: the chair gave the decision
# at 16:30 and her own follow-up the next morning read "Agreed: I am to take the audit committee decision by July 16"
# (read 20).
_DECIDED = re.compile(r"\b(?:decided|resolved|elected|approved|chose)\b", re.I)


def decided(fact) -> bool:
    """Whether a fact records a decision taken (not a figure): settled, never a step to come, from its first day."""
    value = getattr(fact, "value", None)
    if getattr(value, "type", "") != "text":
        return False
    return _decided(getattr(fact, "label", "") or "", getattr(fact, "statement", "") or "")


@functools.lru_cache(maxsize=8192)
def _decided(label: str, statement: str) -> bool:
    # (by its words: a world's contexts ask it of each fact of each message's thread, a search of the statement each)
    return label.lower().endswith("decision") or bool(_DECIDED.search(" ".join(statement.split())))


# ...or a term named as under its instrument, wherever the instrument falls in the sentence: "Quillfield's term loan
# under the credit agreement of March 15, 2024 ... is USD 180,000,000" (read 18: the CFO would "settle" a commitment
# "fixed since 2024", and have it walked through "the build-up")
_UNDER = re.compile(r"\bunder (?:the|its|their|a|an) (?:[\w'-]+ ){0,3}(?:agreement|lease|policy|contract|"
                    r"charter ?party|order form|indenture|facility)\b", re.I)


def put_forward(statement: str) -> bool:
    """Whether a fact's statement gives a figure a party puts forward, claims or estimates (see _PUT_FORWARD)."""
    return bool(_PUT_FORWARD.search(" ".join((statement or "").split())))


def standing(fact) -> bool:
    """Whether a figure (money, a number, a percentage, with no formula) stands by an instrument or an act done (see
    _INSTRUMENT, _DONE): never hedged as an estimate, called provisional, disputed or asked about."""
    value = getattr(fact, "value", None)
    if getattr(value, "type", "") not in ("money", "number", "percent"):
        return False
    return _standing(getattr(fact, "statement", "") or "", bool(getattr(fact, "formula", None)
                                                                  or getattr(fact, "reason", "")))


@functools.lru_cache(maxsize=8192)
def _standing(statement: str, worked: bool) -> bool:
    """standing() of a figure's statement, worked out from others or not (by its words: a world's contexts ask it of
    each fact of each message's thread and each weekly note's ledger, four searches of the statement each)."""
    statement = " ".join(statement.split())
    if not statement or _PUT_FORWARD.search(statement):
        return False
    if worked:
        # a figure worked out from others stands only where it was agreed or settled as a whole ("The settlement is
        # USD 5,581,300: ..."), not because an input is a term (a fact's formula, or in a context its reason)
        return bool(_SETTLED.search(statement))
    subject = " ".join(statement.split()[:6])
    return bool(_INSTRUMENT.search(subject) or _DONE.search(statement) or _CITED.search(statement)
                or _UNDER.search(statement))


# A participle that closes a count's label ("barrels discharged", "claims denied"): the things counted had it done.
_PARTICIPLE = re.compile(r"(?:[a-z]+ed|paid|sent|sold|lost|spent|held|made|taken|given|written|brought|bought|seen|"
                         r"found|run|kept|left|won|built|drawn|known|shown|done|set|cut)$")


# Words a state's thing never holds before its participle (a clause or a list, not a thing: "reject the offer made").
_NOT_A_THING = frozenset("the a an to of and or for by on in at with we our their its is are was were be not no".split())


def as_state(text: str) -> str:
    """A text value that names a thing and what was done to it, as the noun phrase it is ('variation agreement signed
    and filed for validation' -> 'the variation agreement signed and lodged'); '' for any other value (a
    decision's verb, a name, an outcome that opens with its participle). Blind read 30: poured bare into a slot for
    a thing, it read "Our client has decided on variation agreement signed and lodged" and "The signature
    of the variation agreement is variation agreement signed and lodged"; with its article it is a thing
    held ("we now have the variation agreement signed and lodged"), its words kept as the ledger has them."""
    words = text.split()
    if len(words) < 2 or not text[:1].islower() or words[0].lower() in _NOT_A_THING or _PARTICIPLE.fullmatch(words[0]):
        return ""
    for i, word in enumerate(words[1:5], 1):
        if word.lower() in _NOT_A_THING:
            return ""
        if _PARTICIPLE.fullmatch(word) and not word.endswith("eed"):
            return f"the {text}"
    return ""


def counted(label: str, text: str) -> str:
    """A count's label with its value in it, as a count is said ("the barrels discharged", "18,400 barrels" ->
    "18,400 barrels discharged"), where the label names the things counted by the value's own unit; '' otherwise.
    Read 24: "My view: the barrels discharged hold on what we have" put the things counted where the count goes."""
    m = re.fullmatch(r"(?P<n>-?\d[\d,.]*)\s+(?P<unit>[A-Za-z][A-Za-z-]*)", text.strip())
    if m is None:
        return ""
    words = re.sub(r"^(?:the|a|an)\s+(?:number of\s+)?", "", label.strip(), flags=re.I).split()
    unit = m.group("unit").lower()
    if len(unit) < 3 or not unit.endswith("s") or not words:
        return ""
    # (the unit opens the label, so that the value is said word for word: "18,400 barrels")
    if words[0].lower() == unit:
        return " ".join([m.group("n"), m.group("unit"), *words[1:]])
    # ...or closes it, the things counted with their words before them, the noun said once ("the open severity-1
    # defects", "41 defects" -> "41 open severity-1 defects"; blind read 27: "the open severity-1 defects are 41
    # defects"); the value's number and unit stay side by side only where the label's words are one
    if words[-1].lower() == unit and len(words) <= 5 and not any(w.lower() in _SMALL for w in words):
        return " ".join([m.group("n"), *words[:-1], m.group("unit")])
    return ""


def count_clause(label: str, text: str, statement: str | None = None) -> str:
    """A count said as a clause, with its verb ("18,400 barrels were discharged", "there are 10,560 claims in the
    review period"); '' where the label names no things counted (counted). With the fact's `statement`, the verb is in
    its tense: "64 positions are affected" where the statement says the closure "ends 64 positions"."""
    phrase = counted(label, text)
    if not phrase:
        return ""
    if not phrase.split()[1].lower() == text.split()[-1].lower():
        return f"there are {phrase}"  # the unit closes it ("there are 41 open severity-1 defects")
    n, unit, *rest = phrase.split()
    if rest and _PARTICIPLE.fullmatch(rest[0]):
        return f"{n} {unit} {'were' if told_past(statement, rest[0]) else 'are'} {' '.join(rest)}"
    return f"there are {phrase}"


def told_past(statement: str | None, participle: str) -> bool:
    """Whether a fact's statement tells of a thing done (its participle as its verb, or a past auxiliary): a count of
    things it did is said in the past ("18,400 barrels were discharged"), one of a state in the present (blind read 34:
    "64 positions were affected." of a closure the statement says "ends 64 positions", read as gone by). With no
    statement, the past, as before."""
    if statement is None:
        return True
    return bool(re.search(rf"(?i)\b(?:{re.escape(participle)}|was|were|had|did)\b", statement))


def count_said(name: str, text: str, statement: str | None = None) -> str:
    """A count as a clause that says its noun once and carries its value word for word ("the number of customers
    affected", "412,600 customers" -> "412,600 customers were affected"; "the disputed invoices", "12 invoices" -> "12
    invoices are disputed"), '' where the label's words allow no such clause. Blind read 27: "the open severity-1
    defects are 41 defects"; "The number of customers affected is 412,600 customers" said the noun twice too."""
    # a span of time is no set of things: never "there are 46 weeks off work", "there are 45 days late"
    span = re.search(r"(?i)\b(?:seconds|minutes|hours|days|weeks|months|years)$", text.strip())
    clause = "" if span else count_clause(name, text, statement)
    if clause and text in clause:
        return clause
    m = re.fullmatch(r"(?:the\s+)?(?:number of\s+)?(?P<mod>[a-z][\w-]*)(?P<kind>(?:\s+[\w-]+){0,2}?)\s+(?P<unit>[a-z]+)",
                     name.strip(), re.I)
    if m is not None and text.split()[-1].lower() == m.group("unit").lower() and len(text.split()) == 2 \
            and m.group("unit").lower() in _MEASURES:
        # a length of time or a measure is the measure of what the other words name: "the owner-caused delay is 71
        # days", never "owner-caused delay days are 71 days" (an unseen outline's delay analysis, label_slot_grammar)
        thing = re.sub(r"^(?:the\s+)?(?:number of\s+)?", "", name.strip(), flags=re.I)[:-len(m.group("unit"))].strip()
        return f"the {thing} is {text}"
    words = re.sub(r"^(?:the\s+)?(?:number of\s+)?", "", name.strip(), flags=re.I).split()
    tail = text.split()[1:]
    if not span and 1 < len(tail) < len(words) and [w.lower() for w in words[-len(tail):]] == [w.lower() for w in tail] \
            and _STATE.fullmatch(words[0].lower()) and len(words) == len(tail) + 1:
        # the things counted in two words, the count carrying both: "registered group members", "6,214 group members"
        # -> "6,214 group members are registered" (an unseen outline's report to the Court, label_slot_grammar at
        # seed 317)
        return f"{text} {'is' if text.split()[0] == '1' else 'are'} {words[0].lower()}"
    if span or m is None or text.split()[-1].lower() != m.group("unit").lower() or len(text.split()) != 2 \
            or not _STATE.fullmatch(m.group("mod").lower()):
        return ""
    # a word of state before the things counted: "41 defects are open", "12 invoices are disputed"; and a grade or a
    # class after it ("open severity-1 defects"), said of them all: "41 defects are open, all severity-1"
    # ...or a kind of the things in plain words, said with the things themselves: "6,214 members are registered, all
    # class members", never "registered class members are 6,214 members" (an unseen outline's administrator's report
    # to the Court, label_slot_grammar at seed 5)
    kind = m.group("kind").split()
    said = f"{text} {'is' if text.split()[0] == '1' else 'are'} {m.group('mod').lower()}"
    if kind and not all(re.search(r"\d|\w-\w", w) for w in kind):
        return said + f", all {' '.join(kind)} {m.group('unit')}"
    return said + (f", all {' '.join(kind)}" if kind else "")


# Units that measure (time, weight, length) rather than name things counted: what the label's other words name is
# measured in them.
_MEASURES = frozenset("days hours weeks months years minutes tonnes tons kilograms metres meters kilometres miles "
                      "litres liters".split())


# A word that says the state of the things counted ("open", "disputed"): the count's clause says it after them.
_STATE = re.compile(r"[a-z]+ed|open|outstanding|unpaid|overdue|pending|unresolved|remaining|late|missing|active|"
                    r"live|closed|eligible|ineligible|valid|invalid|qualifying|current")


# A periodic operational record (a daily site report, a weekly production report), and a statement of a figure read
# from such a record ('the site diary records 41 men on site', 'the works report shows 3,100 tonnes poured').
_PERIODIC = re.compile(r"\b(?:daily|weekly|fortnightly|monthly|shift)\b[^:]*?\b(?:reports?|logs?|diary|diaries|"
                       r"returns?)\b|\bsite (?:reports?|diary)\b", re.I)
_RECORDED = re.compile(r"\b(?:reports?|logs?|diary|diaries|returns?|records?|recorded|logged)\b", re.I)


def periodic_record(title: str, statement: str) -> bool:
    """Whether a paper of this title is a day's or a week's operational record that cannot be where a figure of this
    statement is read: it records the work, not a contract's price, a claim or a vote (blind read 28: 'operational-
    creditor claims sourced to a plant report', 'the CD figure credited to your daily site report'), unless the
    statement says a report or record gives it."""
    return _PERIODIC.search(title or "") is not None and _RECORDED.search(statement or "") is None
