"""Reading an agent's answer once: every amount, number, percent and date it asserts, and how it asserts it.

`parse(text)` finds each figure with its span, its sentence and three flags: negated ("not USD 148m",
"USD 148m is wrong", "rather than USD 148m"), hedged ("about", "either ... or", "between X and Y",
"may be") and superseded ("the earlier draft said USD 148m", "revised from USD 148m to ..."). Scope is
read per clause: "The cap is USD 156.2m, not USD 148m" negates 148m only. `asserts(parsed, expected)`
says how the answer states one expected value (a ledger value: Money, Percent, Number, DateValue, Text),
`competing_values` lists the other candidates it offers for the same figure (hedging, dumps),
`direction` reads which of two labelled things the answer says is larger, and `conclusion` reads a
yes/no judgement. Stdlib and pydantic only; a 2 KB answer parses in 1-2 ms.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, replace
from functools import lru_cache
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from typing import Iterable, Literal

from worldsmith.worlds.values import (DOLLAR_CODES, READ_CODES, SCALES, DateValue, Money, Number, Percent, Text, figure_matches,
                                      read_figure, word_figures)

Kind = Literal["money", "number", "percent", "date"]
Status = Literal["asserted", "negated", "hedged", "superseded_mention", "absent"]
Direction = Literal["a>b", "a<b", "equal"]

_MARK = "\x01"  # stands in for a figure's characters when clauses are read, so "156.2" ends no sentence
_CENT = Decimal("0.01")
_MAX_DIGITS = 20  # integer digits a figure may have (Decimal compares 28 digits)

# ---------------------------------------------------------------- currencies

# Figures, in digits and in words, are read by the project's one figure reader (worlds.values: figure_matches,
# read_figure, word_figures) with its currency tables; this module reads the clauses around them.
_CODES = READ_CODES  # a code is no label ("OPA 90" is one)
_DOLLARS = DOLLAR_CODES  # a bare "$" matches any of them

# ---------------------------------------------------------------- dates

_MONTHS = {m: i for i, names in enumerate((
    ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
    ("july", "jul"), ("august", "aug"), ("september", "sept", "sep"), ("october", "oct"),
    ("november", "nov"), ("december", "dec")), start=1) for m in names}
# (the months as a French reply writes them, '12 novembre 2026': blind red team kit30a's French answers)
_MONTHS.update({m: i for i, m in enumerate(("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
                                             "septembre", "octobre", "novembre", "décembre"), start=1)})
# (and as Portuguese and Spanish ones do, '12 de março de 2026': blind red team 34's Brazilian answers scored 0.67)
for _names in (("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
                "novembro", "dezembro"),
               ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
                "noviembre", "diciembre")):
    _MONTHS.update({m: i for i, m in enumerate(_names, start=1)})
# (and as a German one does, '20. Mai 2026', '3. März 2026': blind red team 35, kit35c, a right form 0.67)
_MONTHS.update({m: i for i, m in enumerate(("januar", "februar", "märz", "april", "mai", "juni", "juli", "august",
                                             "september", "oktober", "november", "dezember"), start=1)})
_MONTHS.update({"jänner": 1, "maerz": 3, "mär": 3, "okt": 10, "dez": 12})
_MON = r"(?P<mon>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_ORD = r"(?:st|nd|rd|th)?"
_DATE_RXS = (
    ("mdy", re.compile(rf"\b{_MON}\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>\d{{4}})\b", re.I)),
    ("dmy", re.compile(rf"\b(?P<d>\d{{1,2}})(?:{_ORD}|\.(?=\s))(?:\s+(?:of|de))?(?:\s+|-){_MON}(?:,?\s+(?:de\s+|del\s+)?|-)(?P<y>\d{{4}})\b",
                       re.I)),
    ("iso", re.compile(r"(?<![\d/.-])(?P<y>\d{4})([-/.])(?P<m>\d{1,2})\2(?P<d>\d{1,2})(?![\d/.-]*\d)")),
    ("num", re.compile(r"(?<![\d/.-])(?P<a>\d{1,2})([/.-])(?P<b>\d{1,2})\2(?P<y>\d{4}|\d{2}(?![\d]))(?![/.-]?\d)")),
    # a Korean or Japanese date, '2026년 9월 15일', '2026年9月15日', and the Korean dotted one, '2026. 9. 15.' (blind red
    # team kit30b: right answers so written scored 0)
    ("iso", re.compile(r"(?<!\d)(?P<y>\d{4})\s?[년年]\s?(?P<m>\d{1,2})\s?[월月]\s?(?P<d>\d{1,2})\s?[일日]")),
    ("iso", re.compile(r"(?<![\d.])(?P<y>\d{4})\.\s(?P<m>\d{1,2})\.\s(?P<d>\d{1,2})\.?(?![\d.]*\d)")),
)

_DATE_ANCHOR = re.compile(r"(?<!\d)(?:\d{4}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2})(?!\d)")

# ---------------------------------------------------------------- cues (read on lower-cased, figure-masked text)

# (vfix7: "Answer: anything but USD 1,700,440" and "Answer: hardly USD 1,700,440" scored 1.0 on every task that has a
# final figure: a denial in other words than "not")
_NOT = re.compile(r"(?:not(?!\s+only\b)|never|no\s+longer|cannot|can't|isn't|wasn't|aren't|weren't|doesn't|"
                  r"don't|didn't|won't|wouldn't|shouldn't|hasn't|haven't|hadn't|neither|nor|hardly|scarcely|"
                  r"anything\s+but|by\s+no\s+means|in\s+no\s+way)\b")
_NOT_SKIP = re.compile(r"(?:whether\s+or|\bif)\s+$")
# Between a "not" and the figure it denies: "not USD 148m", "is not the figure of USD 148m".
_DIRECT_FILLER = re.compile(r"^(?:[\s,]|\b(?:the|a|an|equal|equals|to|exactly|quite|actually|in|fact|as|be|been|"
                            r"being|stated|simply|just|only|even|at|of|it|that|this|figure|amount|value|sum|"
                            r"number|total|one|date|rate|on|for|is|was|correct|right|really|precisely|around|"
                            r"about|either|set|fixed|capped|limited|until|till|before|after|from|by|with|against|under|"
                            r"towards?)\b)*$")
# Between a figure and a "not" that denies it as subject: "USD 148m is not correct", "the 148m figure is not".
_SUBJECT_FILLER = re.compile(r"^(?:[\s,\x01]|\b(?:and|or|both|all|figure|amount|value|number|sum|total|estimate|"
                             r"date|rate|percentage|"
                             r"one|stated|quoted|cited|given|shown|mentioned|here|there|also|still|simply|"
                             r"actually|certainly|definitely|clearly|is|was|are|were|be|been|does|do|did|has|"
                             r"have|had|will|would|should|can|could|must|may|might|it|that|this)\b|'s)*$")
# A "not" before these keeps the figure asserted: "did not dispute USD 156.2m".
_PRESERVING = re.compile(r"\s*(?:be\s+|been\s+)?(?:in\s+)?(?:dispute[ds]?|contest(?:ed|s)?|challenge[ds]?|"
                         r"den(?:y|ied|ies)|doubt(?:ed|s)?|question(?:ed|s)?|change[ds]?|alter(?:ed|s)?|"
                         r"affect(?:ed|s)?|reduce[ds]?|increase[ds]?|var(?:y|ied|ies)|move[ds]?|only|just|"
                         r"what|the\s+case|"
                         # a comparison denied says nothing against the figure: "the capped rent of USD 1,380,000
                         # does not exceed the open market rent" (kit17: a right memo lost the capped rent, 0.89)
                         r"exceed(?:s|ed)?|surpass(?:es|ed)?|reach(?:es|ed)?|match(?:es|ed)?|cover(?:s|ed)?|"
                         r"meet(?:s)?|met|come\s+(?:to|near)|go\s+(?:above|over|beyond))\b")
# (an adverb before a verb of counting in says the items were counted wrongly, not that their number is untrue: "which
# wrongly included 74 sandbox accounts" beside "Change: 74 users lower"; kit11: the right movement was read as denied)
_COUNTED_IN = r"(?!\s+(?:included|counted|added|double-counted|billed|charged|listed)\b)"
_NEG_WORDS = re.compile(r"(?:untrue|wrong|wrongly" + _COUNTED_IN + r"|incorrect|incorrectly" + _COUNTED_IN +
                        r"|erroneous|erroneously" + _COUNTED_IN + r"|in\s+error|mistaken|"
                        r"mistakenly" + _COUNTED_IN + r"|inaccurate|inaccurately|misstated|misstates|mis-stated|false|falsely|"
                        r"invalid|rejected|discarded|disregard(?:ed)?|typo)\b")
# (the papers a matter replaces too: "the first schedule of loss", "the earlier claim letter"; kit7's employment world)
_OLD_NOUNS = (r"(?:draft|drafts|figure|figures|amount|amounts|value|estimate|version|number|proposal|offer|"
              r"calculation|quote|valuation|position|cap|limit|total|schedule|schedules|claim|letter|notice|report|"
              r"sheet|model|assessment|demand|statement)")
# An old paper named by its place in the sequence: 'the first offer', 'the earlier draft' (grade reads a fact's own
# name that holds these words as a name: 'the cost of the first offer').
OLD_PAPER = re.compile(r"(?:earlier|previous|prior|initial|old|older|first|former|outdated|obsolete|stale)"
                       rf"\s+(?:\w+\s+)?{_OLD_NOUNS}\b")
# Each cue is a few flat alternations of words: Python's regex engine skips ahead fast on those, and scans
# several times slower when an alternation opens with a group.
_SUP_WORDS = (
    re.compile(r"(?:superseded(?!\s+by)|outdated|out\s+of\s+date|obsolete|withdrawn|stale|previously|originally|"
               r"initially|formerly|used\s+to|no\s+longer\s+current|at\s+the\s+time|at\s+that\s+time|"
               r"back\s+then|until\s+then)\b"),
    re.compile(r"(?:was|were|had\s+been|has\s+been|have\s+been)\s+(?:revised|amended|updated|changed|corrected|"
               r"withdrawn|replaced|superseded)(?!\s+(?:by|to|from)\b)"),
    # ("original" is not among them: "the original audit claim" is a first claim that stands until the text says it
    # was replaced, and "revised to", "superseded by" or "draft" say so where it was; kit11)
    OLD_PAPER,
    re.compile(r"draft(?<!final\sdraft)(?<!latest\sdraft)(?<!current\sdraft)(?<!revised\sdraft)(?<!new\sdraft)"
               r"(?<!updated\sdraft)(?<!agreed\sdraft)s?\b"),
)
# "may", "might", "could" hedge a value they make possible ("may be USD 148m"), not an entitlement
# ("Kestrel Bay may limit its liability to USD 156.2m"); "may" is read in the text's own case (the month).
_MODAL = r"(?:\s+(?:well|also|possibly|perhaps|even|equally|just\s+as\s+well))?\s+(?:be|have\s+been|reach|total|amount|come\s+to|equal|exceed)\b"
_MAY = (re.compile(r"\bmay" + _MODAL),)
_HEDGE_WORDS = (
    re.compile(r"(?:possibly|possible|perhaps|probably|likely|unlikely|maybe|either(?!\s+way)|uncertain|unclear|"
               r"unsure|not\s+sure|if|assuming|depending|appears?\s+(?:to|that)|it\s+appears|would\s+appear|seems?|guess|"
               r"estimated?|whether|candidates?|"
               # (a figure said only as another's, scare-quoted: verify27's own attack, '"USD 254,805.20", or so they
               # say' in a memo scored 1.0)
               r"allegedly|supposedly|purportedly|ostensibly|reportedly|so-called|or\s+so\s+(?:they|it|he|she|we|"
               r"people|i'm|i\s+am)\s+(?:say|says|said|claim|claims|claimed|told|am\s+told|are\s+told)|"
               r"alternatively)\b"),
    re.compile(r"(?:might|could)" + _MODAL),
    # a hedge in other words (verify35's own attack on the examples: each of these before a right comparison, its figures
    # and its gap scored 1.0, where 'probably' and 'it seems' already cost it)
    re.compile(r"(?:presumably|apparently|arguably|tentatively|in\s+all\s+likelihood|i\s+(?:think|believe|suspect|reckon)|"
               r"as\s+far\s+as\s+(?:i|we)\s+(?:can\s+)?(?:tell|see)|at\s+first\s+(?:glance|sight)|preliminary\s+view|"
               r"pending\s+(?:verification|confirmation|checks?)|to\s+be\s+(?:double[-\s]?)?(?:checked|confirmed|verified)|"
               r"without\s+having\s+(?:checked|verified|confirmed))\b"),
)
# Words just before a figure that make it an estimate or a bound: "about USD 156m", "at least 34,000".
_HEDGE_BEFORE = {"about", "approximately", "approx", "approx.", "around", "roughly", "circa", "c.", "ca.", "some",
                 "nearly", "almost", "close to", "in the region of", "of the order of", "on the order of",
                 "more than", "less than", "fewer than", "at least", "at most", "upwards of", "north of",
                 "south of", "between", "in the range of", "range of", "~", "≈", "±"}
# The words of them that only say a figure is rounded: beside a rounding of the expected value they hedge nothing.
_APPROX = {"about", "approximately", "approx", "approx.", "around", "roughly", "circa", "c.", "ca.", "some", "~", "≈"}
_ARTICLES = {"the", "a", "an", "some"}
_BOUNDS = {"more than", "less than", "fewer than", "at least", "at most", "upwards of", "north of", "south of", "between",
           "in the range of", "range of"}
_HEDGE_AFTER = re.compile(r"[\"')]?,?\s*(?:or\s+so\b|or\s+thereabouts\b|give\s+or\s+take\b|-?ish\b|\+/-|±)")
# Cues that split a clause into an old side and a new side.
_DIRECTIONAL = {
    "old_before": (re.compile(r"(?:superseded|replaced|overridden|displaced)\s+by\b"),
                   re.compile(r"(?:revised|amended|corrected|changed|updated|increased|decreased|reduced|raised|"
                              r"lowered|adjusted|restated)\s+to\b")),
    # (a gerund opening its sentence is its subject, no supersession: "Replacing the 29,400 units returned at JPY 9,600
    # each costs JPY 282,240,000", a right prose memo's figures read as set aside, verify35)
    "old_after": (re.compile(r"(?:supersedes|superseding|replaces|(?<!\A)(?<!\n)(?<![.!?:] )replacing|replaced|overrides|"
                             r"overrode|overriding|displaces|displacing|up\s+from|down\s+from)\b"),),
    # ("it is incorrect that by March 31 the client had been given USD 6,940,000" scored 1.0: vfix7)
    "neg_after": (re.compile(r"(?:rather\s+than|instead\s+of|as\s+opposed\s+to|in\s+place\s+of|in\s+lieu\s+of|"
                             r"(?:untrue|incorrect|false|wrong|inaccurate|mistaken)\s+(?:to\s+say\s+)?that)\b"),
                  re.compile(r"(?:not|never)\s+(?:true|the\s+case|correct|right|accurate|so)\s+that\b")),
    "from": (re.compile(r"(?:revised|amended|corrected|changed|updated|increased|decreased|reduced|raised|lowered|"
                        r"cut|adjusted|restated|rose|fell|grew|dropped|moved|went|increases|decreases|rises|falls)"
                        r"\s+from\b"),
             # the move named as a noun: 'Move from 88 days to 74 days', 'a reduction from ...' (blind red team 35,
             # kit35a: the old figure read as relied on, right reconcile answers 0.6)
             re.compile(r"\b(?:move|movement|shift|change|reduction|decrease|increase|fall|drop|rise|swing)\s+"
                        r"from\b")),
}
_TO = re.compile(r"\bto\b")
_FROM = re.compile(r"\bfrom\b")
_INNER_OLD = re.compile(r"\s*(?:from|was|were|down\s+from|up\s+from|vs\.?|versus)\b")
# Each cue pattern runs once over the whole text; a hit counts only at the start of a word.
_CUES = {"not": (_NOT,), "neg": (_NEG_WORDS,), "sup": _SUP_WORDS, "hedge": _HEDGE_WORDS, "may": _MAY,
         **_DIRECTIONAL}
_CLAUSE_BREAK = re.compile(r"(?P<p>[;:|\t]|,(?=\s)|\s[-–—]\s|[–—])|\b(?P<w>(?<!anything\s)but|because|although|though|"
                           r"whereas|while|whilst|however|yet|(?<!or\s)so|which|unless|and)\b")
_ANAPHOR = re.compile(r"^\s*(?:which|this|that|these|those|itself|themselves)\b")
# A bracket that is a sentence with its own subject, denying a comparison or a verb of its own: "(the claim does not
# exceed the cap)" after the gap says nothing of the gap (kit15: a right Answer line read as denying its figure). A
# subject that points back at the figure ('it', 'this figure', 'the amount') is no subject of its own.
_OWN_SUBJECT = re.compile(r"^\s*(?!(?:it|this|that|which|these|those)\b)(?:(?:the|an?|its|their|our|your)\s+)?"
                          r"(?:(?!(?:figure|amount|number|sum|value|total|it|this|that|which)\b)[a-z][\w'-]*\s+){1,5}?"
                          r"(?:does|do|did|would|will|can|could|is|are|was|were)(?:\s+not|n't)\s+"
                          r"(?:exceed|reach|surpass|breach|bite|apply|trigger|go\s+over|rise\s+above|cross|above|over|"
                          r"more\s+than|higher\s+than|larger\s+than|greater\s+than)\b")
_SENTENCE_END = re.compile(r"[.!?]+[\"')\]]*(?=\s)|\n")
_ABBREV_NUM = {"no", "nos", "p", "pp", "art", "para", "sec", "fig"}  # abbreviations only before a number
_ABBREV = {"mr", "mrs", "ms", "dr", "inc", "ltd", "co", "corp", "approx", "e.g", "i.e", "eg", "ie",
           "vs", "etc", "st", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
           "u.s", "cf", "c", "ca", "al", "plc", "llc", "llp", "n.a"}
# abbreviations that end a sentence only before a capital: "GBP 1,465,900 p.a. is above the tenant's proposed rent"
# (kit12: a yearly rent written 'p.a.' cut its sentence, and the comparison lost its subject)
_ABBREV_MID = {"p.a", "per.an"}
_JOIN = re.compile(r"^[\s(]*(?:(?:,\s*)?(?P<or>or|and/or|/)|(?:,\s*)?(?P<and>and|&)|(?P<range>to|through|-|–|—)|,)"
                   r"[\s)]*$")
_PAREN = re.compile(r"\([^()\n]*\)|\[[^\[\]\n]*\]")
_CHANGE_FROM = re.compile(r"\b(?:revised|amended|corrected|changed|updated|increased|decreased|reduced|raised|"
                          r"lowered|cut|adjusted|restated|rose|fell|grew|dropped|moved|went|increases|"
                          r"decreases|rises|falls)\s+from(?:\s+(?:the|a|an|its|their|our|superseded|earlier|draft|"
                          r"previous|prior|old|original|initial|figure|of))*\s*$")
# A number right after these is a reference, not a quantity: "Clause 14", "No. 4", "#12".
_REF_WORDS = {"clause", "section", "article", "art.", "rule", "regulation", "reg.", "para", "para.", "paragraph",
              "schedule", "exhibit", "annex", "appendix", "page", "p.", "pp.", "no.", "nos.", "number", "item",
              "version", "v", "v.", "tab", "row", "column", "col.", "line", "note", "chapter", "part", "step",
              "fig.", "table", "question", "box", "form", "phase", "tier", "level", "stage", "room", "floor",
              "suite", "flight", "route", "model", "ref", "ref.", "reference", "id", "file", "docket", "case", "#",
              "§",
              # a part of a thing by its number: 'Engine 2 EFH since last shop visit' (aircraft redelivery: read as
              # 2 EFH, a figure no file gives, beside the right ones)
              "engine", "tranche", "lot", "batch", "block", "building", "plot", "zone", "bay", "tower", "wing",
              "ward", "milestone", "facility", "apu"}
_REF_LIST = re.compile(r"(?<![\w.])(?:" + "|".join(re.escape(w.rstrip(".")) for w in _REF_WORDS if w[0].isalpha())
                       + r")s?\.?\s+\d[\d.]*(?:\([a-z0-9]{1,4}\))*(?:\s*(?:,|and|or|to|&|-|\u2013)\s*\d[\d.]*"
                       r"(?:\([a-z0-9]{1,4}\))*)*\s*(?:,|and|or|to|&|-|\u2013)\s*$", re.I)
_UNIT_STOP = {"x", "times", "less", "plus", "minus", "divided", "multiplied",  # working: "2,500 x 75,000 GT"
              "and", "or", "the", "a", "an", "of", "in", "on", "for", "to", "by", "as", "at", "with", "from",
              "than", "that", "which", "is", "was", "are", "were", "be", "per", "under", "over", "it", "its",
              "this", "these", "not", "but", "each", "if", "so", "into", "about", "after", "before", "has",
              "have", "had", "will", "would", "should", "can", "could", "may", "might", "must", "do", "does",
              "did", "while", "when", "where", "who", "against", "between", "through", "since", "until"}
# A unit is on its figure's line, in up to three words: "1,200 licensed named users" (kit11: the count's unit came
# third, and a right answer lost the input).
_UNIT_RX = re.compile(r"^[ \t-]*([a-z][a-z-]*)(?:[ \t]+([a-z][a-z-]*))?(?:[ \t]+([a-z][a-z-]*))?")


# ---------------------------------------------------------------- what a parse holds

@dataclass(slots=True)
class Mention:
    """One figure written in the text, what it reads as, and how the text asserts it."""

    kind: Kind
    text: str
    start: int
    end: int
    sentence: str
    value: Decimal | None = None  # money, number, percent (12.5 for 12.5%); None for dates
    quantum: Decimal | None = None  # place value of the last digit written: 156.2m -> 100000
    digits: int = 0  # significant digits written
    scale: int = 0  # the power of ten of a scale word written: 6 for "m", "million"
    currency: str | None = None
    currency_exact: bool = True  # False for a bare "$" or "dollars": any dollar currency
    unit: str | None = None  # the words after a plain number: "gross tons", "claims"
    dates: tuple[dt.date, ...] = ()  # every reading of a date (05/01/2026: May 1 and January 5)
    negated: bool = False
    hedged: bool = False
    superseded: bool = False
    year_like: bool = False  # a bare 4-digit year (2026), not a quantity
    approx: bool = False  # hedged only by a word of rounding before it ('approximately USD 95.2m')

    @property
    def status(self) -> Status:
        """How the text states this figure: negation first, then superseded, then hedging."""
        if self.negated:
            return "negated"
        if self.superseded:
            return "superseded_mention"
        if self.hedged:
            return "hedged"
        return "asserted"


@dataclass(slots=True)
class Parsed:
    """A text read once: its figures in order, and the clause layout the other readers reuse."""

    text: str
    mentions: list[Mention]
    masked: str = field(repr=False, default="")  # lower-cased, figures replaced by _MARK
    outer: str = field(repr=False, default="")  # masked, with the parentheses that hold their own clause blanked
    sentences: list[tuple[int, int]] = field(repr=False, default_factory=list)
    clauses: list[tuple[int, int, int, bool]] = field(repr=False, default_factory=list)  # start, end, sentence, inner
    starts: list[int] = field(repr=False, default_factory=list)  # each clause's start, for bisect
    cache: dict = field(repr=False, default_factory=dict)  # per-clause cues, computed once


@dataclass(slots=True)
class Verdict:
    """How a text states one expected value, the mentions that match it, and the other candidates it offers."""

    status: Status
    matches: list[Mention] = field(default_factory=list)
    competing: list[Mention] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Stated plainly, and no other candidate value offered for the same figure."""
        return self.status == "asserted" and not self.competing


@dataclass(frozen=True, slots=True)
class Want:
    """An expected value, normalised: what a mention must read as to match it."""

    kind: Kind | Literal["text"]
    number: Decimal | None = None
    currency: str | None = None
    unit: str | None = None
    date: dt.date | None = None
    text: str | None = None


Expected = Money | Percent | Number | DateValue | Text | Want | dt.date | Decimal | int | float | str


# ---------------------------------------------------------------- parsing

def _lower_same_length(text: str) -> str:
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def _year(y: str) -> int:
    return int(y) if len(y) == 4 else 2000 + int(y)


def _date(y: int, m: int, d: int) -> dt.date | None:
    try:
        return dt.date(y, m, d)
    except ValueError:
        return None


def _date_windows(text: str) -> list[tuple[int, int]]:
    # Every date form holds a 4-digit year or a d/m/y run: the date patterns run only around those.
    spans: list[tuple[int, int]] = []
    for a in _DATE_ANCHOR.finditer(text):
        s, e = max(0, a.start() - 28), min(len(text), a.end() + 8)
        if spans and s <= spans[-1][1]:
            spans[-1] = (spans[-1][0], e)
        else:
            spans.append((s, e))
    return spans


def _find_dates(text: str) -> list[tuple[int, int, tuple[dt.date, ...]]]:
    found: list[tuple[int, int, tuple[dt.date, ...]]] = []
    taken = bytearray(len(text))
    windows = _date_windows(text)
    for form, rx in _DATE_RXS:
        for m in (m for ws, we in windows for m in rx.finditer(text, ws, we)):
            if any(taken[m.start():m.end()]):
                continue
            if form in ("mdy", "dmy"):
                days = (_date(int(m["y"]), _MONTHS[m["mon"].lower()], int(m["d"])),)
            elif form == "iso":
                days = (_date(int(m["y"]), int(m["m"]), int(m["d"])),)
            else:
                y, a, b = _year(m["y"]), int(m["a"]), int(m["b"])
                days = (_date(y, a, b), _date(y, b, a))  # US order first; the other where it is a date too
            days = tuple(dict.fromkeys(d for d in days if d is not None))
            if days:
                found.append((m.start(), m.end(), days))
                taken[m.start():m.end()] = b"\x01" * (m.end() - m.start())
    return found


def _number_mention(text: str, m: re.Match, raw: str | None = None) -> Mention | None:
    """The figure a match of worlds.values.FIGURE reads as, or None where it is part of a word ("1st", "10am")."""
    f = read_figure(text, m, raw)
    if f is None:
        return None
    return Mention(kind=f.kind, text="", start=f.start, end=f.end, sentence="", value=f.value, quantum=f.quantum,
                   digits=f.digits, scale=f.scale, currency=f.currency, currency_exact=f.currency_exact)


def _word_mentions(text: str) -> list[Mention]:
    """Figures written in words ("four hundred claims", "USD one hundred fifty-six million"): worlds.values.word_figures."""
    return [Mention(kind=f.kind, text=text[f.start:f.end], start=f.start, end=f.end, sentence="", value=f.value,
                    quantum=f.quantum, digits=f.digits, scale=f.scale, currency=f.currency,
                    currency_exact=f.currency_exact) for f in word_figures(text)]


def _unit_after(text_low: str, end: int) -> str | None:
    m = _UNIT_RX.match(text_low[end:end + 48])
    if not m:
        return None
    words = [w for w in m.groups() if w]
    kept: list[str] = []
    for w in words:
        # a month opens the date after a list's dash, no unit: 'licensed Named Users 1,200 - February 11, 2026' (kit11)
        if w in _UNIT_STOP or w in _MONTHS:
            break
        kept.append(w)
    return " ".join(kept) or None


def _sentences(masked: str, raw: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for m in _SENTENCE_END.finditer(masked):
        if m.group() != "\n":
            tail = masked[max(start, m.start() - 12):m.start()].split()
            token = tail[-1].strip("\"'(").rstrip(".") if tail else ""
            numbered = token in _ABBREV_NUM and re.match(r"\s*\d", raw[m.end():m.end() + 4])
            if numbered or token in _ABBREV or (len(token) == 1 and token.isalpha()):
                continue
            if token in _ABBREV_MID and not re.match(r"\s*[A-Z\n]", raw[m.end():m.end() + 4]):
                continue
        if masked[start:m.end()].strip():
            spans.append((start, m.end()))
        start = m.end()
    if masked[start:].strip():
        spans.append((start, len(masked)))
    return spans


def sentences(text: str) -> list[str]:
    """The text's sentences and lines, each stripped: a full stop after an abbreviation ('Quillfield Packaging Group
    Inc. first received ...', 'Ltd.', 'N.A.', 'U.S.') ends no sentence. The one splitter the side checks share."""
    return [s for s in (text[a:b].strip() for a, b in _sentences(text.lower(), text)) if s]


def _end_of(text: str, i: int, lo: int = 0, chars: str | None = None) -> int:
    """Where text[lo:i] ends once trailing whitespace (or chars) is dropped: rstrip without copying the text."""
    while i > lo and (text[i - 1] in chars if chars else text[i - 1].isspace()):
        i -= 1
    return i


def _after_is_mark(masked: str, j: int, articles: bool = True) -> bool:
    rest = masked[j:j + 12].lstrip(" ,")
    if articles:
        rest = re.sub(r"^(?:the|a|an|or|and|either)\s+", "", rest)
    return rest.startswith(_MARK)


def _before_is_mark(masked: str, i: int) -> bool:
    return masked[max(0, i - 6):i].rstrip(" ,").endswith(_MARK)


_QUOTED = re.compile(r"\"[^\"\n]{1,160}\"|\u201c[^\u201d\n]{1,160}\u201d")


def _clauses(masked: str, sentences: list[tuple[int, int]], figures: list[tuple[int, int]] = ()) -> tuple[list[tuple[int, int, int, bool]], str]:
    """Clauses in text order, and the outer view of the text.

    A parenthesis that holds a figure, or that follows one ("USD 148m (superseded)"), is a clause of its own
    (inner) and is blanked in the outer view, so the clause around it reads on across it: "The earlier draft
    (memo_v1.docx) stated USD 148m" stays one clause, and "The cap is USD 156.2m (previously USD 148m)"
    keeps "previously" away from 156.2m.
    """
    out: list[tuple[int, int, int, bool]] = []
    outer = list(masked)
    for si, (s, e) in enumerate(sentences):
        for p in _PAREN.finditer(masked, s, e):
            ps, pe = p.start(), p.end()
            if _MARK in masked[ps:pe] or masked[_end_of(masked, ps, s) - 1:ps].startswith(_MARK):
                out.append((ps + 1, pe - 1, si, True))
                outer[ps:pe] = " " * (pe - ps)
            else:
                outer[ps] = outer[pe - 1] = " "
    view = "".join(outer)
    for si, (s, e) in enumerate(sentences):
        cut = s
        # a title in quotes is one name: 'in the "Brightmoor account extract, first cut" (...)' (kit11: its comma
        # began a new subject, and the sentence after could not set the figure aside)
        quoted = [(q.start(), q.end()) for q in _QUOTED.finditer(view, s, e)
                  if not any(q.start() <= a < q.end() for a, _ in figures)]  # a date in a title is the title's
        for m in _CLAUSE_BREAK.finditer(view, s, e):
            if any(qs < m.start() < qe for qs, qe in quoted):
                continue
            word = m["w"]
            # Lists of figures stay together: "USD 148m, USD 150m and USD 152m are incorrect".
            if word == "and" and _before_is_mark(view, m.start()) and _after_is_mark(view, m.end(), False):
                continue
            if m["p"] and m["p"] not in ";:|\t" and _before_is_mark(view, m.start()) \
                    and _after_is_mark(view, m.end()):
                continue
            if m.start() > cut:
                out.append((cut, m.start(), si, False))
            cut = m.start() if word else m.end()
        if e > cut:
            out.append((cut, e, si, False))
    out.sort()
    return out, view


def _is_label(text: str, m: re.Match, s: int, e: int) -> bool:
    """Whether a plain number names something rather than counts it: "Clause 14", "OPA 90", a list's "1."."""
    if "," in m["num"] or m["scale"]:
        return False
    head = text[max(0, s - 24):s]
    prev = head.split()[-1].lstrip("([") if head.split() and head[-1:] in " -#§" else ""
    word = prev.rstrip("-")
    if {prev.lower(), prev.lower().rstrip("s")} & _REF_WORDS:
        return True
    # a reference list or range: "(sections 2.6 and 2.7)", "clauses 4, 5 and 6", "paras 12 to 14" (kit15: the 2.7 of
    # a cited extract's title read as an amount, and every memo that cited it lost a mark)
    if _REF_LIST.search(text[max(0, s - 80):s]):
        return True
    # "Figure 6 is wrong", "figure 3": a review's numbered line (kit15), a small whole number with no unit after it
    if prev.lower() == "figure" and re.fullmatch(r"\d{1,2}", m["num"]) and not re.match(r"\s*(?:[x%]|per)", text[e:e + 5]):
        return True
    if 2 <= len(word) <= 6 and word.isalpha() and word.isupper() and word not in _CODES \
            and "." not in m["num"] and not re.match(r"\s*(?:[x×*/+=]|-\s*\d)", text[e:e + 4]):
        return True  # "OPA 90", "ISO 9001"; not "EV 12.5 x 14,020,000", a term of the working named by its acronym
    # The line up to the figure, its last 256 characters at most: a whole line per figure made 64 KB of figures
    # on one line quadratic
    line = text[text.rfind("\n", max(0, s - 256), s) + 1 or max(0, s - 256):s]
    if m["lp"] and m["rp"] and len(m["num"]) <= 2 and (not line.strip(" \t*->#(") or re.search(r"[.:;?]\s*\(?$", line)):
        return True  # "(1) Yes. ...", "answering: (1) does ... (2) does ...": a list's markers
    return len(m["num"]) <= 2 and not line.strip(" \t*->#") and bool(re.match(r"[.)]\s", text[e:e + 2]))


_TABLE_ROW = re.compile(r"^[ \t]*\|(.+)\|[ \t]*$")
_TABLE_RULE = re.compile(r"^[ \t]*\|[ \t:|-]+\|[ \t]*$")
_BARE_FIGURE = re.compile(r"[-(]?\d[\d,]*(?:\.\d+)?\)?")
_CELL_FIGURE = re.compile(r"(?:[A-Z]{3}\s*|[$\u00a3\u20ac])?[-(]?\d[\d,]*(?:\.\d+)?\)?\s*(?:%|m|bn|k|million|billion|[a-z]+)?")


def _header_code(cell: str) -> str | None:
    """The currency a table column's header gives its bare figures ('USD', 'Amount (GBP)'), or None."""
    m = re.search(r"\b([A-Z]{3})\b", cell)
    return m.group(1) if m and m.group(1) in _CODES else None


_STATUS_CELL = re.compile(r"\W*(?:superseded|withdrawn|replaced|revised|rejected|set\s+aside|no\s+longer|earlier|"
                          r"previous|old|draft|governs|governing|current|applies|applicable|operative|in\s+force)\b", re.I)


_ENDS_ON_FIGURE = re.compile(r"(?:^|\s)(?:[A-Z]{3}\s*|[$\u00a3\u20ac])?\d[\d,]*(?:\.\d+)?\s*(?:%|m|bn|k|million|billion)?\s*$")


def untable(text: str) -> str:
    """A Markdown table's rows as lines a reader parses: 'label: figure (the other cells).', each bare figure with
    the currency its column's header gives. A table read as text bound each row's label to the first number of its
    working column (kit11: '| Quorvex audit claim | (1,860 - 1,200) x 1,450 x 3 | 2,871,000 |' under a 'USD' header
    read as the claim stated at 1,860, and right answers in table form scored 0.0-0.64)."""
    if "|" not in text:
        return text
    lines, out, header = text.split("\n"), [], None
    for i, line in enumerate(lines):
        row = _TABLE_ROW.match(line)
        if row is None:
            header = None
            out.append(line)
            continue
        if _TABLE_RULE.match(line):
            continue
        cells = [c.strip() for c in row.group(1).split("|")]
        if header is None and i + 1 < len(lines) and _TABLE_RULE.match(lines[i + 1]):
            header = cells
            continue
        codes = [_header_code(h) for h in header] if header else []
        cells = [f"{codes[k]} {c}" if k < len(codes) and codes[k] and _BARE_FIGURE.fullmatch(c) else c
                 for k, c in enumerate(cells)]
        label, rest = cells[0], [c for c in cells[1:] if c]
        figures = [k for k, c in enumerate(rest) if _CELL_FIGURE.fullmatch(c)]
        if not rest:
            out.append(label)
            continue
        at = figures[-1] if figures else len(rest) - 1
        # a row that opens on its figure and gives its status in a cell before its working says that status of it:
        # '| USD 4,680,000 | Superseded (invoice, Mar 6) | 3 x 3% x budgeted revenue USD 52,000,000; ... |' read as
        # '... USD 52,000,000; ... (Superseded ...)' left the status too far from its figure, and a right reconcile
        # table was read as relying on the superseded figure (kit16, 0.54)
        # (so does a row whose label ends on its figure: '| Termination fee USD 4,680,000 | Superseded (...) | ... |')
        if not figures and (_CELL_FIGURE.fullmatch(label) or _ENDS_ON_FIGURE.search(label)):
            at = next((k for k, c in enumerate(rest) if _STATUS_CELL.match(c)), at)
        others = [c for k, c in enumerate(rest) if k != at]
        # a row that opens on its figure says its last cell of that figure: '| 10% | IT tally, June 2 | superseded: ...
        # |' is '10% superseded: ...' (as '10%: superseded: ...' the colon cut the word off its figure, and a right
        # reconcile table read as relying on the superseded rate, 0.4; blind kit21)
        said = f"{label} {rest[at]}" if not figures and _CELL_FIGURE.fullmatch(label) else f"{label}: {rest[at]}"
        out.append(said + (f" ({'; '.join(others)})" if others else "") + ".")
    return "\n".join(out)


_MONTH_WORD = r"(?:" + "|".join(sorted((m for m in _MONTHS if m != "may"), key=len, reverse=True)) + r"|(?-i:May))"
_DAY_BEFORE_MONTH = re.compile(r"(?:st|nd|rd|th)?(?:\s+of)?\s+" + _MONTH_WORD + r"\b\.?(?!\s*\d)", re.I)
_MONTH_BEFORE_DAY = re.compile(r"\b" + _MONTH_WORD + r"\.?\s+$", re.I)


def _day_of_month(text: str, mt: Mention) -> bool:
    """A day written with its month and no year ('update of 14 April', 'on Feb 5') is a date, not a quantity (kit12:
    'first reported in the update of 14 April' set a rival 14 beside a right gap of GBP 6.00 per sq ft)."""
    if mt.currency or mt.scale or mt.value is None or mt.value != mt.value.to_integral_value() or not 1 <= mt.value <= 31:
        return False
    if not re.fullmatch(r"\d{1,2}", text[mt.start:mt.end].strip()):
        return False
    return bool(_DAY_BEFORE_MONTH.match(text, mt.end) or _MONTH_BEFORE_DAY.search(text[max(0, mt.start - 12):mt.start]))


# A file cited by its path states no figure or date: 'Sources: Chat/D0F74E402AE/2026-08-05.json' (vfix8: the path's
# '08' and '05' read as two more figures beside a right 3.64x, which lost its final answer).
# (a folder or file name may hold spaces, 'Contract/Schedule 2.docx'; the first folder opens on a letter, so
# '85,000/week for 16 weeks per ...' is no path)
_PATH_WORD = r"[\w.,'&-]+"
_PATH = re.compile(rf"(?<![\w/,.])[A-Za-z][\w.-]*(?:/{_PATH_WORD}(?: {_PATH_WORD}){{0,12}})+?"
                   r"\.(?:json|docx?|xlsx?|csv|md|eml|mbox|txt|pdf|html?|pptx?)\b", re.I)


# Figures in the European way, dots grouping thousands and a comma before the decimals: 'USD 222.337,50', '1.588.510'
# (s24's blind red team: right answers so written scored 0). Only unambiguous forms: a comma decimal after dot groups,
# or two dot groups; then, in a text that writes so, one dot group ('USD 140.000') and a comma decimal ('3,75%') too.
# (the French way too, spaces grouping thousands before a comma decimal, '52 995 813,70 USD', and a comma decimal
# before a percent sign, '61,3 %', which no English figure writes: blind red team kit30a/b, right answers at 0)
# (not a number of a record or a file: 'AIIM no. 4.187.332-5', its check digit after a hyphen, or a file name's
# '... 4.187.332-5.docx': blind read 34, a right review naming its source file lost it, 0.86)
_NOT_AN_ID = r"(?!-\d\b(?![.,]\d))(?![\w-]*\.(?:docx|xlsx|eml|pdf|md|ics|csv|txt|mbox)\b)"
_EURO_SURE = re.compile(r"(?<![\w.,])\d{1,3}(?:\.\d{3})+,\d{1,2}(?![\d.,]*\d)|(?<![\w.,])\d{1,3}(?:\.\d{3}){2,}(?![\d.,]*\d)" + _NOT_AN_ID +
                        r"|(?<![\w.,])\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3})+,\d{1,2}(?![\d.,]*\d)"
                        r"|(?<![\w.,])\d{1,3},\d{1,2}(?=\s?%)"
                        # a comma decimal before a multiple's mark, which no English figure writes ('7,15x', '1,85
                        # veces': kit36c, an es_ES world's right answers 0.5)
                        r"|(?<![\w.,])\d{1,3},\d{1,2}(?=\s?(?:x|times|turns?|veces|fach|fois)\b)")
_EURO_MAYBE = re.compile(r"(?<![\w.,])\d{1,3}\.\d{3}(?![\d.,]*\d)" + _NOT_AN_ID + r"|(?<![\w.,])\d+,\d{1,2}(?=\s?%)|"
                         r"(?:(?<=[A-Z]{3} )|(?<=[$\u00a3\u20ac]))\d{1,3},\d{2}(?![\d.,]*\d)")


# What a reader never sees: an HTML comment in a Markdown deliverable or answer (verify27's own attack: the right
# sentence inside '<!-- -->' above 'The amount is to be determined.' scored 1.0 on a memo).
_HIDDEN = re.compile(r"<!--.*?(?:-->|$)|<(?P<tag>span|div|p)\b[^>]*(?:display\s*:\s*none|visibility\s*:\s*hidden|\bhidden\b)[^>]*>"
                     r".*?</(?P=tag)\s*>", re.S | re.I)


def as_read(text: str) -> str:
    """The text a reader reads: its hidden comments blanked, its European and Swiss figures in the English way."""
    text = _HIDDEN.sub(lambda m: " " * len(m.group()), text) if "<" in text else text
    # an HTML entity is the character a reader sees ('Mara D&ouml;ring': kit35c, a right form 0.83)
    text = html.unescape(text) if "&" in text and ";" in text else text
    return from_swiss(from_european(from_german_scales(text)))


# A German scale word or prefix on an amount ('TEUR 135.050', 'EUR 135,05 Mio.', 'Mio. EUR 135,05', 'EUR 135.050 Tsd.',
# '135,05 Mio. EUR'; blind red team 35, kit35c: right answers 0.0-0.57), and 'Euro' before the figure ('Euro
# 135,050,000'). The figure beside such a word is German unless its separators say otherwise.
_DE_SCALES = {"tsd": "thousand", "mio": "million", "mrd": "billion"}
_DE_CODE = r"(?:EUR|USD|CHF|GBP|€)"
_DE_CUR = r"(?:[A-Z]{3}|€|\$|£|Euros?\b)"
_DE_NUM = r"\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?(?![\d.,]*\d)|\d+(?:[.,]\d+)?(?![\d.,]*\d)"
_DE_SCALE = r"(?i:tsd|mio|mrd)\b\.?"
_DE_FORMS = re.compile(
    rf"(?<![\w.,])T(?P<c1>{_DE_CODE})\s?(?P<n1>{_DE_NUM})"  # TEUR 135.050
    rf"|(?<![\w.,])(?P<n2>{_DE_NUM})\s?T(?P<c2>{_DE_CODE})(?!\w)"  # 135.050 TEUR
    rf"|(?<![\w.,])(?P<c3>{_DE_CUR})\s?(?P<n3>{_DE_NUM})\s?(?P<s3>{_DE_SCALE})"  # EUR 135,05 Mio.
    rf"|(?<![\w.])(?P<s4>{_DE_SCALE})\s?(?P<c4>{_DE_CUR})\s?(?P<n4>{_DE_NUM})"  # Mio. EUR 135,05
    rf"|(?<![\w.,])(?P<n5>{_DE_NUM})\s?(?P<s5>{_DE_SCALE})\s?(?P<c5>{_DE_CUR})"  # 135,05 Mio. EUR
    rf"|(?<![\w.,])(?P<c6>Euros?)\s+(?=\d{{1,3}}[.,]\d)")  # Euro 135,050,000 (not 'Euro 2026')


def _de_number(n: str) -> str:
    """A figure written beside a German scale word, the English way: the last separator is a decimal point unless it
    groups three digits with no other kind of separator before it."""
    if "." in n and "," in n:
        dec = max(n.rfind("."), n.rfind(","))
        whole, frac = n[:dec], n[dec + 1:]
    elif re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", n) or not re.search(r"[.,]", n):
        whole, frac = n, ""
    else:
        dec = max(n.rfind("."), n.rfind(","))
        whole, frac = n[:dec], n[dec + 1:]
    whole = f"{int(re.sub(r'[.,]', '', whole)):,}"
    return whole + ("." + frac if frac else "")


def _de_form(m: re.Match) -> str:
    if m["c6"]:
        return "EUR "
    n = next(m[g] for g in ("n1", "n2", "n3", "n4", "n5") if m[g])
    code = next(m[g] for g in ("c1", "c2", "c3", "c4", "c5") if m[g])
    code = "EUR" if code in ("€",) or code.lower().startswith("euro") else code
    scale = next((m[g] for g in ("s3", "s4", "s5") if m[g]), "tsd").rstrip(".").lower()
    return f"{code} {_de_number(n)} {_DE_SCALES[scale]}"


def from_german_scales(text: str) -> str:
    """The text with amounts on a German scale word ('TEUR 135.050', 'EUR 135,05 Mio.') written the English way."""
    return _DE_FORMS.sub(_de_form, text) if re.search(r"(?i:tsd|mio|mrd)\b|T(?:EUR|USD|CHF|GBP|€)|Euro", text) else text


# Thousands grouped by apostrophes (Swiss: "EUR 6'264'000") or thin spaces, which every reader of figures takes
_SWISS = re.compile(r"(?<![\w.,'\u2019])\d{1,3}(?:['\u2019\u2009\u202f]\d{3})+(?![\d'\u2019]|[.,]\d{3})")
_TO_COMMA = {ord("'"): ",", 0x2019: ",", 0x2009: ",", 0x202F: ","}


def from_swiss(text: str) -> str:
    """The text with figures grouped by apostrophes or thin spaces grouped by commas, character for character (kit28b:
    'Recoverable loss: EUR 6'264'000', a right answer, 0.29)."""
    return _SWISS.sub(lambda m: m.group().translate(_TO_COMMA), text) if _SWISS.search(text) else text


def from_european(text: str) -> str:
    """The text with its European figures written the English way, character for character (the spans hold)."""
    if not _EURO_SURE.search(text):
        return text
    swap = str.maketrans({".": ",", ",": ".", " ": ",", "\u00a0": ",", "\u202f": ",", "\u2009": ","})
    text = _EURO_SURE.sub(lambda m: m.group().translate(swap), text)
    return _EURO_MAYBE.sub(lambda m: m.group().translate(swap), text)


# A rate said as the fraction it is, after a rate's own name: 'the base penalty rate of one-half', 'percentage: a quarter'
_FRACTION_PERCENT = {"half": Decimal(50), "quarter": Decimal(25), "three quarters": Decimal(75), "fifth": Decimal(20),
                     "tenth": Decimal(10)}
_FRACTION_RATE = re.compile(r"\b(?:rate|percentage|proportion)\s*(?:of|is|was|at|:|=)\s*(?P<f>(?:(?:one|a)[\s-]+)?"
                            r"(?:half|quarter|fifth|tenth)|three[\s-]+quarters)\b(?![\s-]+(?:of|an?|per|hour|day|week|"
                            r"month|year)\b)", re.I)


# A duration's unit written onto its number: '403h', '61hrs', '5.5d' (s24's blind red team: '403h' for 403 hours scored 0)
# (and in Korean or Japanese, '196일', '12개월', '11日': blind red team kit30b; not a date's day, '9월 15일')
_GLUED_DURATION = re.compile(r"(?<![\w.,$£€])(?<![월月]\s)(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
                             r"(?P<u>hrs?|h|d|일|日|시간|時間|개월|[かヶカケ]月)(?![\w])")
_GLUED_UNIT = {"일": "days", "日": "days", "시간": "hours", "時間": "hours", "개월": "months"}


def parse(text: str) -> Parsed:
    """Every amount, number, percent and date a text states, each with its span, sentence and flags."""
    text = from_european(text.replace("\u2019", "'").replace("\u2018", "'").replace("\u00a0", " "))
    found: list[Mention] = []
    paths = [(m.start(), m.end()) for m in _PATH.finditer(text)]
    for s, e, days in _find_dates(text):
        if not any(ps <= s < pe for ps, pe in paths):
            found.append(Mention(kind="date", text=text[s:e], start=s, end=e, sentence="", dates=days))
    blank = list(text)
    for ps, pe in paths:
        blank[ps:pe] = " " * (pe - ps)
    for mt in found:
        blank[mt.start:mt.end] = " " * (mt.end - mt.start)
    ratios = _ratios("".join(blank))
    for mt in ratios:
        blank[mt.start:mt.end] = " " * (mt.end - mt.start)
    blanked = "".join(blank)
    # 'x2.5' (the multiple written with its x first, kit18: 'Earn-out multiple: x2.5' read as no figure): the x is
    # blanked so the number is read, and the number is a multiple; after a figure it stays working ('3.9m x2.5')
    led = set()
    for mx in _X_FIRST.finditer(blanked):
        if not re.search(r"[\d%)]\s*$", blanked[max(0, mx.start() - 12):mx.start()]):
            blanked = blanked[:mx.start()] + " " + blanked[mx.start() + 1:]
            led.add(mx.start() + 1)
    low = _lower_same_length(text)
    for m in figure_matches(blanked):
        mt = _number_mention(blanked, m, text)
        if mt is None:
            continue
        s, e = mt.start, mt.end
        mt.text = text[s:e]
        if mt.kind == "number":
            if _is_label(blanked, m, s, e) or _day_of_month(text, mt):
                continue
            mt.unit = _unit_after(low, e) or _times_after(text, e)
            if s in led and mt.unit is None:
                mt.unit, mt.start = "x", s - 1
                mt.text = text[s - 1:e]
            if mt.unit == "x" and text[e:e + 1] in ("x", "X"):
                mt.end = e = e + 1  # '3.70x' is one figure: the x no word of the sentence around it
                mt.text = text[s:e]
            if mt.unit in _MULTIPLE_WORDS:
                mt.unit = "x"  # '0.2 turns' of leverage, '3.7 times': a multiple
            mt.year_like = bool(re.fullmatch(r"(?:19|20|21)\d\d", m["num"])) and not m["scale"]
        found.append(mt)
    taken = [(mt.start, mt.end) for mt in found]
    for g in _GLUED_DURATION.finditer(blanked):  # '403h', '61hrs', '5.5d': the figure figure_matches leaves unread
        num = g.group("n").replace(",", "")
        places = len(num.split(".")[1]) if "." in num else 0
        found.append(Mention(kind="number", text=text[g.start():g.end()], start=g.start(), end=g.end(), sentence="",
                             value=Decimal(num), quantum=Decimal(1).scaleb(-places),
                             digits=len(num.replace(".", "").lstrip("0")) or 1,
                             unit=_GLUED_UNIT.get(g.group("u"), "months" if g.group("u").endswith("月") else
                                                   "hours" if g.group("u").lower().startswith("h") else "days")))
        taken.append((g.start(), g.end()))
    for mt in _word_mentions(blanked):
        if any(s < mt.end and mt.start < e for s, e in taken):
            continue
        # "USD 156,200,000 (one hundred fifty-six million two hundred thousand US dollars)" is one figure, written
        # twice the way a contract writes it: the figure takes in its parenthesis, whose flags are its own
        stated = next((f for f in found if f.value == mt.value and f.kind != "date"
                       and re.fullmatch(r"\s*\(\s*", blanked[f.end:mt.start])
                       and re.match(r"\s*\)", blanked[mt.end:])), None)
        if stated is not None:
            stated.end = blanked.index(")", mt.end) + 1
            stated.text = text[stated.start:stated.end]
            continue
        mt.text = text[mt.start:mt.end]
        if mt.kind == "number":
            mt.unit = _unit_after(low, mt.end)
        found.append(mt)
    for mt in ratios:
        mt.text = text[mt.start:mt.end]
        found.append(mt)
    for g in _FRACTION_RATE.finditer(blanked):  # 'the base penalty rate of one-half' is 50% (kit27b: a right memo 0.86)
        s, e = g.start("f"), g.end("f")
        if not any(a < e and s < b for a, b in taken):
            value = _FRACTION_PERCENT[re.sub(r"^(?:one|a)\s+", "", " ".join(g.group("f").lower().replace("-", " ").split()))]
            found.append(Mention(kind="percent", text=text[s:e], start=s, end=e, sentence="", value=value,
                                 quantum=Decimal(1), digits=2))
    # A figure of more than 20 integer digits is no amount any world holds, and comparing it to the cent overflows
    # Decimal's 28 digits: it is read as no figure, so it matches nothing and the answer is still scored.
    found = [mt for mt in found if mt.value is None or (mt.value.is_finite() and mt.value.adjusted() < _MAX_DIGITS)]
    found.sort(key=lambda x: x.start)
    found = _compound_durations(text, found)
    _bracket_scale(blanked, found)
    chars = list(low)
    for mt in found:
        chars[mt.start:mt.end] = _MARK * (mt.end - mt.start)
    masked = "".join(chars)
    sentences = _sentences(masked, text)
    clauses, outer = _clauses(masked, sentences, [(m.start, m.end) for m in found if m.kind != "date"])
    parsed = Parsed(text=text, mentions=found, masked=masked, outer=outer, sentences=sentences, clauses=clauses,
                    starts=[c[0] for c in clauses])
    _flag(parsed)
    _deny_opening(parsed)
    return parsed


# A sentence that opens by denying what follows: "It is incorrect that by March 31, 2028 the client had been given
# USD 6,940,000." (vfix7: 1.0, the denial a clause away from its figure behind the date's commas)
_DENIED_OPENING = re.compile(r"[\s>*_-]*(?:but\s+|however,?\s+)?(?:it\s+is|it's|it\s+was)\s+(?:(?:simply|quite|plainly)\s+)?"
                             r"(?:incorrect|untrue|false|wrong|inaccurate|mistaken|not\s+(?:true|the\s+case|correct|right|"
                             r"accurate|so))\s+(?:to\s+say\s+)?that\b")
_DENIAL_ENDS = re.compile(r"[;:]|\bbut\b|\binstead\b|\brather\b")
# A sentence that opens by doubting, disputing or declining to confirm what follows: "I doubt that the amount is USD
# 254,805.20", "We dispute that ...", "We cannot confirm that ...", "It is doubtful whether ..." (s24's blind red team:
# the right sentence inside such a frame scored 1.0 on memos and replies). Our own verbs of assertion ('we submit
# that', 'we confirm that') are no frame.
_DOUBTED_OPENING = re.compile(
    r"[\s>*_-]*(?:but\s+|however,?\s+|so\s+|and\s+)?(?:(?:i|we|our\s+client|the\s+client)\s+(?:(?:would|must|do|does|"
    r"still|strongly|very\s+much|respectfully|therefore|also)\s+)*(?:doubt|dispute|reject|deny|contest|question|"
    r"challenge|disagree|do\s+not\s+accept|don't\s+accept|cannot\s+accept|can't\s+accept|(?:cannot|can't|could\s+not|"
    r"couldn't|am\s+unable\s+to|are\s+unable\s+to|is\s+unable\s+to|have\s+not\s+been\s+able\s+to)\s+(?:yet\s+)?"
    r"(?:confirm|verify|agree|say|accept|stand\s+behind))|it\s+is\s+(?:doubtful|disputed|questionable|unclear|"
    r"not\s+clear|not\s+established|not\s+certain|uncertain|open\s+to\s+question)|there\s+is\s+(?:no|little)\s+"
    r"(?:basis|evidence|support)\s+for\s+(?:saying|the\s+view|the\s+claim))\s+(?:that|whether)\b")
# A sentence that opens by giving another's position: "Gail argues that the amount is USD 254,805.20; we reject that."
# Rejected later in the sentence, its figures are denied; left standing, they are reported, not asserted (a plain
# statement of the same figure elsewhere still counts).
_ATTRIBUTED_OPENING = re.compile(
    r"[\s>*_-]*(?:but\s+|however,?\s+)?(?!(?:i|we|our|us)\b)(?:[a-z0-9'.&-]+\s+){1,5}?(?:argues|argued|contends|"
    r"contended|claims|claimed|alleges|alleged|asserts|asserted|maintains|maintained|insists|insisted|suggests|"
    r"suggested|says|said|submits|submitted|takes\s+the\s+view|took\s+the\s+view|would\s+have\s+it)\s+that\b"
    # ('the loss and expense claimed that governs now is ...': a participle and its relative clause, no one's position)
    r"(?!\s+(?:is|was|are|were|governs?|applies|apply|remains?|stands?|holds?|has|had|will|would|now|still|then)\b)")
# (a paper's words are the room's, cited: "The audit report says that the royalty due is ..." is provenance)
_PAPER_SAYS = re.compile(r"\b(?:report|letter|schedule|memo|memorandum|statement|sheet|workbook|minutes|award|agreement|"
                         r"licen[cs]e|contract|file|email|e-mail|notice|accounts|invoice|ledger|record|records|table|"
                         r"calculation|clause|section|article|document|spreadsheet|reconciliation|register|policy|deed|"
                         r"lease|order|judgment|decision|determination|findings|audit)\s+(?:\w+\s+)?(?:says|said|"
                         r"suggests|suggested|claims|claimed|asserts|asserted|maintains|submits|submitted)\s+that\b")
_AGREED_AFTER = re.compile(r"\b(?:(?:we|i|our\s+client)\s+(?:\w+\s+)?(?:agree|agrees|accept|accepts|concur)|"
                           r"(?:which|that|this|it)\s+(?:is|was)\s+(?:right|correct|so|accepted)|rightly|correctly)\b")
_REJECTED_AFTER = re.compile(r"\b(?:(?:we|i|our\s+client)\s+(?:\w+\s+)?(?:reject|rejects|dispute|deny|disagree|"
                             r"do\s+not\s+accept|don't\s+accept|cannot\s+accept)|(?:which|that|this|it)\s+(?:is|was)\s+"
                             r"(?:wrong|incorrect|mistaken|untrue|rejected|not\s+(?:right|correct|so|accepted)))\b")


# A sentence that ends by giving what it said to others: '..., or so they say.' (verify27's own attack: a right reply so
# ended scored 1.0 where the unit came between the figure and the tail)
_SAID_SO_TAIL = re.compile(r",?\s*(?:or\s+so\s+(?:they|it|he|she|we|people)\s+(?:say|says|said|claim|claims|claimed)|"
                           r"(?:so\s+)?(?:they|he|she)\s+(?:say|says|claim|claims)|allegedly|supposedly|reportedly)"
                           r"[\s.!\"')]*$")


def _deny_opening(parsed: Parsed) -> None:
    """Mark as denied each figure of a sentence that opens 'it is incorrect that ...', up to a ';', ':' or 'but'."""
    for ss, se in parsed.sentences:
        if _SAID_SO_TAIL.search(parsed.masked[ss:se]):
            for mt in parsed.mentions:
                if ss <= mt.start < se and mt.kind != "date":
                    mt.hedged = True
        m = _DENIED_OPENING.match(parsed.masked, ss) or _DOUBTED_OPENING.match(parsed.masked, ss)
        if (not m or m.end() > se) and _attributed(parsed, ss, se):
            continue
        if not m or m.end() > se:
            continue
        stop = _DENIAL_ENDS.search(parsed.masked, m.end(), se)
        end = stop.start() if stop else se
        for mt in parsed.mentions:
            if m.end() <= mt.start < end and mt.kind != "date":
                mt.negated = True


def _attributed(parsed: Parsed, ss: int, se: int) -> bool:
    """Mark the figures of a sentence that opens with another's position: denied where the sentence goes on to reject
    it, reported (hedged) where it does not. Whether the sentence opened so."""
    m = _ATTRIBUTED_OPENING.match(parsed.masked, ss)
    if not m or m.end() > se or _PAPER_SAYS.search(parsed.masked, ss, m.end()):
        return False
    rejected = _REJECTED_AFTER.search(parsed.masked, m.end(), se)
    if rejected is None and _AGREED_AFTER.search(parsed.masked, m.end(), se):
        return True
    for mt in parsed.mentions:
        if m.end() <= mt.start < se and mt.kind != "date" and (rejected is None or mt.start < rejected.start()):
            if rejected is not None:
                mt.negated = True
            else:
                mt.hedged = True
    return True


_PARSED: dict[str, Parsed] = {}


def parse_once(text: str) -> Parsed:
    """parse(text), kept for the next reader of the same text (a rubric asks a dozen questions of one answer, and the
    grader's side checks ask theirs of every text the agent wrote): the readers never change a parse."""
    hit = _PARSED.get(text)
    if hit is None:
        if len(_PARSED) > 256:
            _PARSED.clear()
        hit = _PARSED[text] = parse(text)
    return hit


# A ratio the way a credit agreement writes it: '3.70 to 1.00', '3.70:1' (a leverage of 3.70x; the 1 is no figure of
# its own). The 'to' form needs a decimal on one side, so '5 to 1 claims' stays a range.
_RATIO = re.compile(r"(?<![\w.,$£€])(?P<n>\d{1,3}(?:\.\d+)?)\s*(?P<sep>:|to)\s*1(?P<dec>\.0+)?(?![\d,]*\d)"
                    r"(?![.,]?\d)(?!\s*(?:%|percent|m|bn|k|million|billion|thousand|days?|weeks?|years?)\b)", re.I)
_RANGE_BEFORE = re.compile(r"\b(?:from|between)\s+$", re.I)
# 'x' or 'times' right after a number that no figure follows is a multiple: '3.70x', '3.7 times' ('2,500 x 75,000 GT'
# and '12.5 x GBP 14.2m' are working, whose figures keep their own units).
# An 'x' written onto its number is a multiple even with its working in brackets after it ('3.64x (USD 166.5m / USD
# 45.76m), still above the 3.50x maximum': vfix8, a right what-if lost its direction, the 3.64 read as no multiple).
_TIMES = re.compile(r"(?:x\b(?!\s*(?:[A-Z]{3}\b|[$£€]|\d))|\s+(?:x|times)\b(?!\s*\(?\s*(?:[A-Z]{3}\b|[$£€]|\d)))"
                    r"(?!\s*the\s+\w+\s+of\b)")


_MULTIPLE_WORDS = {"turn", "turns", "times"}
_X_FIRST = re.compile(r"(?<![\w.,$£€])[xX\u00d7](?=\d)")


def _times_after(text: str, end: int) -> str | None:
    return "x" if _TIMES.match(text, end) else None


def _ratios(text: str) -> list[Mention]:
    """Ratios written 'N to 1.00' or 'N:1', each one number in 'x' (kit14: '3.70 to 1.00' read as a range of 3.70 and
    1.00, hedged)."""
    out = []
    for m in _RATIO.finditer(text):
        if m["sep"].lower() == "to" and ("." not in m["n"] and not m["dec"]
                                         or _RANGE_BEFORE.search(text[max(0, m.start() - 12):m.start()])):
            continue
        inner = [x for x in parse(m["n"]).mentions if x.kind == "number"]
        if len(inner) != 1:
            continue
        out.append(replace(inner[0], start=m.start(), end=m.end(), unit="x", sentence=""))
    return out


_WEEKS_AND_DAYS = re.compile(r"\s*(?:calendar\s+)?weeks?\s*(?:,\s*and|,|and|\+|plus)\s*$", re.I)


def _compound_durations(text: str, found: list[Mention]) -> list[Mention]:
    """'7 weeks and 1 day' is one span of 50 days, not 7 weeks beside 1 day (a right count written in weeks and
    days scored as two rival counts)."""
    out: list[Mention] = []
    for mt in found:
        prev = out[-1] if out else None
        if prev is not None and mt.kind == prev.kind == "number" and _days_per(prev.unit) == 7 \
                and _days_per(mt.unit) == 1 and prev.value is not None and mt.value is not None \
                and _WEEKS_AND_DAYS.match(text[prev.end:mt.start]):
            out[-1] = replace(prev, end=mt.end, text=text[prev.start:mt.end], value=prev.value * 7 + mt.value,
                              unit="days", quantum=Decimal(1), digits=len(str(int(prev.value * 7 + mt.value))))
            continue
        out.append(mt)
    return out


# ---------------------------------------------------------------- flags

_BRACKET_SCALE = re.compile(r"\)\s?(?P<s>" + "|".join(sorted(SCALES, key=len, reverse=True)) + r")\b", re.I)
_BRACKET_INSIDE = re.compile(r"[\s+\-\u2212]*")  # a sum: a product's scale is not each factor's


def _bracket_scale(text: str, found: list[Mention]) -> None:
    """A scale written after a bracketed sum ("(61.35 + 74.0 + 46.7)m") is each bare term's scale."""
    for m in _BRACKET_SCALE.finditer(text):
        open_ = text.rfind("(", 0, m.start())
        inner = [f for f in found if open_ < f.start and f.end <= m.start()]
        if open_ < 0 or not inner or "\n" in text[open_:m.start()]:
            continue
        gaps = [text[a:b] for a, b in zip([open_ + 1] + [f.end for f in inner], [f.start for f in inner] + [m.start()])]
        if not all(_BRACKET_INSIDE.fullmatch(g) for g in gaps):
            continue
        power = SCALES[m["s"].lower()]
        for f in inner:
            if f.kind in ("money", "number") and not f.scale and f.value is not None and f.quantum is not None:
                f.value, f.quantum, f.scale = f.value.scaleb(power), f.quantum.scaleb(power), power


def _clause_of(parsed: Parsed, pos: int) -> int:
    """The innermost clause holding a position (a parenthesis inside its sentence's clause), or -1."""
    i = bisect_right(parsed.starts, pos) - 1
    for j in range(i, max(-1, i - 40), -1):
        if parsed.clauses[j][0] <= pos < parsed.clauses[j][1]:
            return j
    return -1


def _view(parsed: Parsed, ci: int) -> str:
    return parsed.masked if parsed.clauses[ci][3] else parsed.outer


_Hit = tuple[int, int, str]


def _hits(parsed: Parsed, name: str, inner: bool = True) -> tuple[list[int], list[_Hit]]:
    """Every hit of one cue over the whole text (inner), or only those outside blanked parentheses, with starts."""
    key = (name, inner)
    if key not in parsed.cache:
        if not inner:
            _, every = _hits(parsed, name)
            hits = [h for h in every if parsed.outer[h[0]] == parsed.masked[h[0]]]
        elif name == "dir":
            hits = sorted(h for kind in _DIRECTIONAL for h in _hits(parsed, kind)[1])
        else:
            text = parsed.text if name == "may" else parsed.masked
            hits = sorted((m.start(), m.end(), name) for rx in _CUES[name] for m in rx.finditer(text)
                          if m.start() == 0 or not text[m.start() - 1].isalnum())
        parsed.cache[key] = ([h[0] for h in hits], hits)
    return parsed.cache[key]


def _within(parsed: Parsed, name: str, a: int, b: int, inner: bool) -> list[_Hit]:
    """The hits of one cue that lie wholly inside [a, b), outside blanked parentheses unless inner."""
    starts, hits = _hits(parsed, name, inner)
    out = []
    for i in range(bisect_left(starts, a), len(hits)):
        if hits[i][0] >= b:
            break
        if hits[i][1] <= b:
            out.append(hits[i])
    return out


def _any_within(parsed: Parsed, name: str, a: int, b: int, inner: bool) -> bool:
    starts, hits = _hits(parsed, name, inner)
    for i in range(bisect_left(starts, a), len(hits)):
        if hits[i][0] >= b:
            return False
        if hits[i][1] <= b:
            return True
    return False


def _directional_cues(parsed: Parsed, ci: int) -> list[_Hit]:
    key = ("cues", ci)
    if key not in parsed.cache:
        cs, ce, _, inner = parsed.clauses[ci]
        cues = _within(parsed, "dir", cs, ce, inner)
        view = _view(parsed, ci)
        for c in list(cues):
            if c[2] == "from":
                to = _TO.search(view, c[1], ce)
                if to:
                    cues.append((to.start(), to.end(), "to_new"))
            elif c[2] == "old_before" and view[c[0]:c[1]].endswith("to"):
                back = _FROM.search(view, c[1], ce)  # "updated to USD 156.2m from USD 148m"
                if back:
                    cues.append((back.start(), back.end(), "old_after"))
        parsed.cache[key] = sorted(cues)
    return parsed.cache[key]


def _region(parsed: Parsed, ci: int, s: int, e: int) -> tuple[int, int, set[str]]:
    """The part of a clause a span sits in, between cues that split old from new, and what those cues say."""
    cs, ce = parsed.clauses[ci][:2]
    cues = _directional_cues(parsed, ci)
    if not cues:
        return cs, ce, set()
    rs, re_, flags = cs, ce, set()
    prev = None
    for c in cues:
        if c[1] <= s:
            prev = c
            rs = c[1]
        elif c[0] >= e:
            re_ = c[0]
            if c[2] == "old_before":
                flags.add("superseded")
            break
    if prev:
        if prev[2] in ("old_after", "from"):
            flags.add("superseded")
        elif prev[2] == "neg_after":
            flags.add("negated")
    return rs, re_, flags


def _span_flags(parsed: Parsed, s: int, e: int, ci: int) -> set[str]:
    """Negated / superseded / hedged for the span [s, e) in clause ci, from the cues in its scope."""
    masked = _view(parsed, ci)
    si, inner = parsed.clauses[ci][2:]
    rs, re_, flags = _region(parsed, ci, s, e)
    key = ("region", rs, re_, inner)
    if key not in parsed.cache:
        wide = _wide_flags(parsed, rs, re_, inner)
        if parsed.text[parsed.sentences[si][0]:parsed.sentences[si][1]].rstrip().endswith("?"):
            wide.add("hedged")
        nots = [(ns, ne) for ns, ne, _ in _within(parsed, "not", rs, re_, inner)
                if not _NOT_SKIP.search(masked[max(rs, ns - 12):ns])]
        parsed.cache[key] = (wide, nots)
    wide, nots = parsed.cache[key]
    if "superseded" in wide and "superseded" not in flags and _sup_only_beyond_comparison(parsed, ci, rs, re_, s, e):
        wide = wide - {"superseded"}  # "USD 12.5m higher than the superseded draft": the draft is old, not 12.5m
    flags |= wide
    if inner and _INNER_OLD.match(masked, parsed.clauses[ci][0]):
        flags.add("superseded")  # "USD 156.2m (from USD 148m)", "(was USD 148m)"
    for ns, ne in nots:
        if ne <= s:
            # A parenthesis between is read past: "not (as the memo had it) USD 148m".
            if _DIRECT_FILLER.match(_PAREN.sub(" ", parsed.masked[ne:s])):
                flags.add("negated")  # "not USD 148m", "not the USD 148m figure"
                continue
            if _after_is_mark(masked, ne) or _PRESERVING.match(masked, ne):
                continue  # "not X" aims at a figure before this span; "did not dispute ..."
            if masked[ne:re_].strip(" ,.") == "":
                flags.add("negated")
        elif ns >= e:
            # A denial of the subject: "USD 148m is not correct", "the 148m figure is not the cap".
            if _SUBJECT_FILLER.match(_PAREN.sub(" ", parsed.masked[e:ns])) and not _PRESERVING.match(masked, ne) \
                    and not _after_is_mark(masked, ne):
                flags.add("negated")
    before = _hedged_before(masked, max(rs, s - 40), s)
    if before and "hedged" not in flags and not _HEDGE_AFTER.match(masked, e) \
            and _hedged_before(masked, max(rs, s - 40), s, _APPROX):
        flags.add("approx")
    if before or _HEDGE_AFTER.match(masked, e):
        flags.add("hedged")
    if _OLD_BEFORE.search(masked[max(rs, s - 24):s]) or (_OTHER_BEFORE.search(masked[max(rs, s - 32):s])
                                                         and not _other_governs(parsed.masked, e)):
        flags.add("superseded")  # "the old USD 2,300 per-ton rate", "the earlier USD 143.7m"
    arrow = _ARROW_AFTER.match(masked, e)
    if arrow and _FIGURE_NEXT.match(masked, arrow.end()):
        # "(1,934 -> 1,860)": the figure it moved from (kit11: read as relied on, 0.6); an arrow to words draws the
        # conclusion ('sub-limit ¥150m -> cost exceeds sub-limit by ¥132.24m': blind red team kit29b, right posts 0.5)
        flags.add("superseded")
    return flags


_ARROW_AFTER = re.compile(r"\s*(?:[a-z]+\s*)?(?:->|\u2192|=>|-->)\s*")
_FIGURE_NEXT = re.compile(r"(?:[a-z]+\s+)?\x01")  # the figure an arrow moves to ('-> 1,860', '-> now USD 4m')


_OLD_BEFORE = re.compile(r"\b(?:old|older|earlier|previous|prior|initial|former|superseded|outdated|obsolete|"
                         r"stale|draft)\s+$")


# The figure named as the other one, beside the one said to govern: "15.2 governs ... The other figure is 16.85,
# superseded by the served schedule" (kit23b, an unseen outline: read as relying on 16.85, a right reconcile 0.0).
# A later "which still governs" is read on its own (grade._still_applies).
_OTHER_BEFORE = re.compile(r"\b(?:the\s+)?other\s+(?:figure|value|amount|number|rate|one|reading)s?\s*"
                           r"(?:(?:is|was|are|were|given|stated)\s*|:\s*|,\s*)?$")


_OTHER_HOLDS = re.compile(r"\b(?:govern\w*|current|still|operative|applies|stands|holds)\b")
_OTHER_SET_ASIDE = re.compile(r"\b(?:no\s+longer|not|superseded|replaced|withdrawn|set\s+aside|earlier|draft)\b")


def _other_governs(masked: str, e: int) -> bool:
    """Whether the rest of the other figure's sentence says it governs ('The other figure is 84 days, from the
    preliminary view (the figure that governs)': kit13, still relied on)."""
    ends = [i for i in (masked.find(". ", e), masked.find("\n", e)) if i >= 0]
    after = masked[e:min(ends) if ends else len(masked)]
    return bool(_OTHER_HOLDS.search(after)) and not _OTHER_SET_ASIDE.search(after)


_CMP_OBJECT = re.compile(r"\b(?:than|from|over|against|compared\s+(?:with|to)|versus|vs\.?)\b")


def _sup_only_beyond_comparison(parsed: Parsed, ci: int, rs: int, re_: int, s: int, e: int) -> bool:
    """Whether every 'superseded' cue of the region names the other side of a comparison, not the figure at [s, e).

    "USD 12.5m higher than the superseded draft", "differs from the last superseded one by USD 12.5m": the cue sits
    in a phrase opened by than/from/over/against whose words hold no figure, and the figure is not its object.
    """
    masked = _view(parsed, ci)
    inner = parsed.clauses[ci][3]
    cues = _within(parsed, "sup", rs, re_, inner)
    if not cues:
        return False
    for cs_, ce_, _ in cues:
        if cs_ < e and ce_ > s:
            return False
        opener = None
        for m in _CMP_OBJECT.finditer(masked, max(rs, cs_ - 40), cs_):
            opener = m
        if opener is None or _MARK in masked[opener.end():cs_]:
            return False
        if s >= ce_ and re.fullmatch(r"\s*(?:draft|figure|value|amount|one|estimate)?\s*(?:of|at|was|is)?\s*",
                                     masked[ce_:s]):
            return False  # "from the superseded USD 148m", "the superseded figure of USD 148m": the figure is old
    return True


def _hedged_before(masked: str, start: int, s: int, words_of: set[str] = _HEDGE_BEFORE) -> bool:
    if masked[s - 1:s] in ("~", "≈", "±"):
        return masked[s - 1:s] in words_of
    words = masked[start:s].split()
    definite = bool(words) and words[-1] == "the"
    if words and words[-1] in _ARTICLES:
        words.pop()
    # "more than the USD 21.5m floor" compares with a figure stated plainly; "more than USD 21.5m" bounds an estimate
    hedges = words_of - _BOUNDS if definite else words_of
    return any(" ".join(words[-k:]) in hedges for k in range(1, min(5, len(words) + 1)))


def _wide_flags(parsed: Parsed, a: int, b: int, inner: bool) -> set[str]:
    """The flags that words anywhere in [a, b) give every figure there ("wrong", "the earlier draft", "might")."""
    # "may" is read in the text's own case: the month May is no hedge.
    return {flag for flag, names in (("negated", ("neg",)), ("superseded", ("sup",)), ("hedged", ("hedge", "may")))
            if any(_any_within(parsed, name, a, b, inner) for name in names)}


_SUP_ANAPHOR = re.compile(r"\b(?:replaced\s+by|superseded(?!\s+(?:the|a|an|our|its|it|that|this|those|these|earlier|previous|prior)\b)|outdated|obsolete|withdrawn|stale|no\s+longer\s+current|was\s+revised|"
                          r"was\s+replaced|has\s+been\s+(?:revised|replaced)|previously|formerly|originally|old)\b")


def _anaphor_flags(parsed: Parsed, ci: int, dated: bool = False) -> set[str]:
    """What a figure-free clause says of the figure just before it: ", which is wrong", "- this was superseded",
    "(superseded)", "(draft)", "(approx.)"; with `dated`, a bracket that holds only figures of another kind too
    ("(the schedule of March 13, 2026, marked superseded)")."""
    cs, ce, _, inner = parsed.clauses[ci]
    view = _view(parsed, ci)
    if dated:
        # a part of the bracket after its own figure that names a figure of its own speaks of that one: "USD
        # 2,871,000 (on the production count of 1,860; its first-cut figure of 1,934 was superseded)" (kit11: the
        # claim was read as superseded)
        own = [m for m in parsed.mentions if cs <= m.start < ce and m.kind != "date"]
        if own:
            cut = re.compile(r"[;,]\s").search(view, own[0].end, ce)
            if cut is not None and any(m.start >= cut.end() for m in own):
                ce = cut.start()
    text = view[cs:ce]
    if (_MARK in text and not dated) or not (inner or _ANAPHOR.match(text)):
        return set()
    if inner and _OWN_SUBJECT.match(text):
        return set()  # "USD 9,500,000 (the claim does not exceed the cap)": a clause of its own, no word on the figure
    flags = set()
    if _any_within(parsed, "neg", cs, ce, inner):
        flags.add("negated")
    if _SUP_ANAPHOR.search(text) or (inner and len(text.split()) <= 3 and _any_within(parsed, "sup", cs, ce, inner)):
        flags.add("superseded")
    if inner and len(text.split()) <= 3 and (_any_within(parsed, "hedge", cs, ce, inner)
                                             or text.strip(" .") in _HEDGE_BEFORE | {"est", "estimate", "estimated"}):
        flags.add("hedged")
    for _, ne, _ in _within(parsed, "not", cs, ce, inner):
        if not _PRESERVING.match(view, ne):
            flags.add("negated")
    return flags


# A clause that names where the figure before it comes from: ", from the superseded valuation run on QoE draft v1",
# ", in DRAFT v1 of the memo", ", taken from the earlier schedule of loss".
_PROVENANCE = re.compile(r"^\s*(?:(?:taken|drawn|worked|computed|calculated|derived|run|based|given|quoted|stated|"
                         r"came|comes|reported|shown|set\s+out)\s+(?:from|on|in|by)|(?:was|were|is|are)\s+(?:taken\s+from|"
                         r"from|in|per|on|under|the|a|an|"
                         # a paper named by its author's possessive: 'is Karen Bray's draft REA quantum' (kit35a: the
                         # draft's figure read as relied on, right reconcile answers 0.0-0.62)
                         r"his|her|their|its|(?:[a-z][\w-]*\s+)?[a-z][\w-]*'s)|from|in|per|under|on|according\s+to|"
                         r"as\s+(?:per|in|given\s+in))\b")
_RELATIVE = re.compile(r"^\s*(?:which|that|who|whose)\b")
# "it was replaced by the final QoE report", "this figure has since been superseded", "both overtaken", ", now
# superseded": what a professional reads as the figure just spoken of being set aside, the paper it came from with it.
_IT_SET_ASIDE = re.compile(r"^\s*(?:and\s+|but\s+)?(?:(?:it|this|that|these|those|they|both|each|all\s+of\s+them|this\s+figure|"
                           r"that\s+figure|the\s+latter|that\s+run|that\s+draft|this\s+draft|that\s+valuation|"
                           r"that\s+version)\s+)?(?:(?:was|has|had|is|were|have|are|since|later|then|subsequently|now|been|"
                           r"itself|both|all|duly|long)\s+)*(?:replaced|superseded|withdrawn|set\s+aside|overtaken|"
                           r"displaced|abandoned|discarded|overridden|outdated|obsolete|stale|no\s+longer\s+(?:current|"
                           r"appl(?:y|ies|icable)|valid|in\s+force|stands?|relevant))\b")
_IT_SUBJECT = re.compile(r"^\s*(?:and\s+|but\s+)?(?:it|this|that|these|those|they|this\s+figure|that\s+figure)\s+"
                         r"(?:was|is|has|had|were|are)\b")
# A clause that opens on its verb speaks of the subject before it, whatever follows its colon: 'The only other figure,
# 84 days (...), was withdrawn: it assumed ...' (kit13: a right reconcile read 84 days as relied on)
_VERB_FIRST = re.compile(r"^\s*(?:and\s+|but\s+)?(?:was|were|is|are|has\s+been|have\s+been|had\s+been)\s")
# A figure said to govern in its own clause is not the one a later "since superseded" speaks of.
_CURRENT = re.compile(r"\b(?:govern\w*|current|currently|now|final|latest|applies|apply|controls|prevails|stands|revised)\b")


# A clause set beside the figure before it that names it as old: ', the superseded first estimate', ', an earlier draft'.
_OLD_APPOSITIVE = re.compile(r"^\s*(?:the|an?|its|their|our)\s+(?:superseded|withdrawn|outdated|obsolete|abandoned|"
                             r"discarded|replaced|earlier|previous|prior|former|old)\b(?!\s+(?:by|to|from|than)\b)")


def _old_paper(parsed: Parsed, ci: int) -> bool:
    """Whether a clause names the paper the figure before it comes from, and names it as old: a provenance opener
    ('from', 'in', 'per', 'based on') and a word of supersession with no turn before it ('from the final memo
    replacing the draft', 'from the memo that superseded the draft' name the new paper)."""
    cs, ce, _, inner = parsed.clauses[ci]
    view = _view(parsed, ci)
    if _OLD_APPOSITIVE.match(view[cs:ce]) and not any(cs <= m.start < ce and m.kind != "date" for m in parsed.mentions):
        return True  # '84 days, the superseded first estimate in the preliminary view of April 10, 2026' (kit13)
    if not _PROVENANCE.match(view[cs:ce]):
        return False
    sup = _within(parsed, "sup", cs, ce, inner)
    if not sup:
        return False
    head = view[cs:sup[0][0]]
    return not (_within(parsed, "dir", cs, sup[0][0], inner) or _within(parsed, "not", cs, sup[0][0], inner)
                or re.search(r"\b(?:that|which|final|latest|current|revised|new|updated)\b", head))


def _set_aside(parsed: Parsed, chain: list[Mention]) -> None:
    """Marks a sentence's chain superseded, but a figure its own clause says governs now ('the figure that governs is
    USD 156.2m, which replaced the earlier USD 143.7m, since superseded' sets aside the earlier one only)."""
    for mt in chain:
        ci = _clause_of(parsed, mt.start)
        if ci >= 0 and _CURRENT.search(parsed.outer, parsed.clauses[ci][0], parsed.clauses[ci][1]):
            continue
        if ci > 0 and parsed.outer[parsed.clauses[ci - 1][1]:parsed.clauses[ci - 1][1] + 1] == ":" \
                and _CURRENT.search(parsed.outer, parsed.clauses[ci - 1][0], parsed.clauses[ci - 1][1]):
            continue  # "Governing figure: USD 156.2m"
        mt.superseded = True


def _dangling_not(parsed: Parsed, ci: int) -> bool:
    cs, ce = parsed.clauses[ci][:2]
    text = parsed.outer[cs:ce].rstrip(" ,")
    return bool(re.search(r"\b(?:not|never|no\s+longer|isn't|wasn't)$", text))


_ALTERNATIVE = re.compile(r"\s*(?:or|alternatively)\b")
# after the second figure of an 'or': the basis it is restated on, so no alternative ('unpaid overtime is $1,385,280,
# or $2,770,560 with liquidated damages': kit22, a right reply read as hedging both, 0.86)
_RESTATED = re.compile(r"\s*(?:with|including|inclusive\s+of|plus|after|net\s+of|gross\s+of|once|when)\s+\w")
# An opening phrase that sets the sentence against what it names: "Unlike the draft, the cap is USD 156.2m".
_CONTRAST = re.compile(r"\s*(?:unlike|contrary|despite|notwithstanding|compared|in\s+contrast|against|although|"
                       r"though|while|whilst|whereas|because|since|but|however|even)\b")


def _mark(mt: Mention, flags: set[str]) -> None:
    mt.negated |= "negated" in flags
    mt.superseded |= "superseded" in flags
    if "hedged" in flags:  # a word of rounding alone, the first hedge it gets; any other hedge makes it a hedge
        mt.approx = "approx" in flags and (mt.approx or not mt.hedged)
    mt.hedged |= "hedged" in flags


def _flag(parsed: Parsed) -> None:
    by_clause: dict[int, list[Mention]] = {}
    said: dict[int, str] = {}
    for mt in parsed.mentions:
        ci = _clause_of(parsed, mt.start)
        si = parsed.clauses[ci][2] if ci >= 0 else 0
        ss, se = parsed.sentences[si] if parsed.sentences else (0, len(parsed.text))
        # One string per sentence, shared by its figures: a copy each made 32,000 figures in 64 KB hold 2 GB.
        mt.sentence = said.get(si) or said.setdefault(si, parsed.text[ss:se].strip())
        by_clause.setdefault(ci, []).append(mt)
        if ci < 0:
            continue
        flags = _span_flags(parsed, mt.start, mt.end, ci)
        mt.negated, mt.superseded, mt.hedged = "negated" in flags, "superseded" in flags, "hedged" in flags
        mt.approx = "approx" in flags
    ends = {mt.end: mt for mt in parsed.mentions}
    # What one clause says of the figures of its neighbours, within a sentence.
    carry, label, lead, last, sentence = False, set(), set(), None, -1
    # `chain`: the figure of the sentence's last main clause and those of the clauses hanging off it (a provenance,
    # a relative clause), which "it was replaced" sets aside together; `old` says the clause before named an old paper.
    chain: list[Mention] = []
    old = False
    for ci, (cs, ce, si, inner) in enumerate(parsed.clauses):
        here = by_clause.get(ci, [])
        if inner:
            before = ends.get(_end_of(parsed.masked, _end_of(parsed.masked, cs - 1), 0, ","))
            if before is not None and any(m.kind == before.kind for m in here):
                before = None  # "USD 156.2m (previously USD 148m)": the bracket speaks of its own figure
            if before is not None and before.kind == "date" and here:
                # the same after the day a figure is dated by: "GBP 1,647,800 ... on February 11, 2026 (the superseded
                # GBP 1,774,850 GIA figure is not the current figure)" (kit12: the figure and its day read as denied)
                dates_of = _dated_by(parsed, before)
                own = [m for m in here if m.kind == dates_of.kind and m.value != dates_of.value] if dates_of else []
                # ('(superseded by USD 156.2m)', '(revised to ...)' still speak of the figure before)
                if own and not re.search(r"\b(?:by|to|with|for)\s*$", parsed.masked[cs:own[0].start]):
                    before = None
            if before is not None:  # "USD 148m (superseded)", "USD 38.4m (the schedule of March 13, marked superseded)"
                flags = _anaphor_flags(parsed, ci, dated=bool(here)) - ({"hedged"} if here else set())
                _mark(before, flags)
                dated = _dated_by(parsed, before)
                if dated is not None:  # "USD 44.9m reported on March 11, 2026 (replaced by the current figure)"
                    _mark(dated, flags)
            elif here:  # "the draft (USD 148m)": the figure is what the words before it name
                host = _clause_of(parsed, cs - 1)
                if host >= 0 and not parsed.clauses[host][3]:
                    for mt in here:
                        _mark(mt, _wide_flags(parsed, parsed.clauses[host][0], cs - 1, False))
            if chain and si == sentence:
                chain = chain + [m for m in here if m.kind != "date"]
            continue
        opener = parsed.outer[cs:ce]
        set_aside = bool(_IT_SET_ASIDE.match(opener)) and all(m.kind == "date" for m in here) \
            and (parsed.outer[ce:ce + 1] not in (":", "|", "\t")  # "Superseded: GBP 183.1m" is a label
                 # "It is superseded: it included 74 sandbox accounts": a sentence with its subject, its reason after
                 # the colon (kit11: the set-aside figure was read as relied on)
                 or bool(_IT_SUBJECT.match(opener) or _VERB_FIRST.match(opener)) and parsed.outer[ce:ce + 1] == ":")
        if si != sentence:
            if not set_aside:
                chain = []
            carry, label, last, sentence, old = False, set(), None, si, False
            # "Previously, the cap was USD 148m": a short opening phrase speaks for the whole sentence.
            text = parsed.outer[cs:ce]
            lead = set()
            if not here and parsed.outer[ce:ce + 1] == "," and len(text.split()) <= 6 \
                    and not _CONTRAST.match(text):
                lead = _wide_flags(parsed, cs, ce, False)
        for mt in here:
            _mark(mt, lead)
        if here:
            if carry:  # "The cap is not, as the draft suggested, USD 148m"
                for mt in here:
                    mt.negated = True
                carry = False
            if label:  # "Previously quoted: USD 148m", "| Draft cap (superseded) | USD 148,000,000 |"
                for mt in here:
                    _mark(mt, label)
                label = set()
            if last is not None and _ALTERNATIVE.match(parsed.outer, cs) \
                    and any(m.kind == last.kind and not _same_value(m, last) for m in here) \
                    and not _RESTATED.match(parsed.outer, here[-1].end):
                last.hedged = True  # "on May 1, or perhaps May 4": the first is one candidate of two
                for mt in here:
                    mt.hedged = True
            figures = [m for m in here if m.kind != "date"]
            if set_aside:  # "...; it was replaced by the final QoE report of October 5, 2026"
                _set_aside(parsed, chain)
            elif last is not None and _old_paper(parsed, ci):
                # "GBP 183.1m, from the valuation run on QoE draft v1 of September 25", "GBP 12,650, came from the
                # draft calculation on the uncapped GBP 1,150 week's pay": the figure and the draft's own inputs
                _mark(last, {"superseded"})
                if not _within(parsed, "dir", cs, ce, False):
                    for mt in figures:
                        mt.superseded = True
                if not figures:
                    old = True
                    last = here[-1]
                    continue
            elif figures and old and _RELATIVE.match(opener):
                for mt in figures:  # "..., from the superseded draft, which reversed only GBP 450,000": the draft's
                    mt.superseded = True
            if figures:
                chain = chain + figures if _RELATIVE.match(opener) or _PROVENANCE.match(opener) else figures[-1:]
            old = False
            last = here[-1]
            continue
        if set_aside:  # "; it was replaced by the final report", "It has since been superseded."
            _set_aside(parsed, chain)
        elif opener.strip(" ,.") and not (_PROVENANCE.match(opener) or _RELATIVE.match(opener)):
            chain = []  # "; the draft figure, since superseded, was ...": a new subject, of which the chain says nothing
        old = (old and not opener.strip(" ,")) or (last is not None and _old_paper(parsed, ci))
        if old and opener.strip(" ,"):  # ", from the superseded valuation run on QoE draft v1"
            _mark(last, {"superseded"})
            dated = _dated_by(parsed, last)
            if dated is not None:
                _mark(dated, {"superseded"})
        if last is not None:  # ", which is wrong" / "- this was superseded"
            flags = _anaphor_flags(parsed, ci) - {"hedged"}
            _mark(last, flags)
            dated = _dated_by(parsed, last)
            if dated is not None:  # "USD 3.95m, the draft of June 15, 2026, which was superseded": the draft's figure
                _mark(dated, flags)
        # A "not" left hanging reaches across commas only: "is not, as the draft said, USD 148m"
        # (not "It is not; the cap is USD 156.2m").
        carry = (carry or _dangling_not(parsed, ci)) and parsed.outer[ce:ce + 1] == ","
        label = _wide_flags(parsed, cs, ce, False) if parsed.outer[ce:ce + 1] in (":", "|", "\t") else set()
    _groups(parsed)


# Between a figure and a date that only dates the paper it comes from: "USD 3.95m, the draft extrapolation of",
# "USD 3.95m (the schedule dated", "USD 3.95m in the draft of".
_DATING = re.compile(r"[\s,(]*(?:(?:is|was|being|from|in|per)\s+)?(?:the|a|an|its|our|their)?\s*"
                     r"(?:[a-z0-9'.-]+\s+){0,5}(?:of|dated|on|from)\s*$"
                     # a list's 'figure - day' or 'figure: day' ('accounts counted 1,860 - 2026-04-14, Jordan Becker':
                     # kit11's misdated line scored 1.0)
                     r"|\s*(?:[a-z]+\s*)?[-\u2013\u2014:]\s*$")


def dated_by(parsed: Parsed, date: Mention) -> Mention | None:
    """The figure a date dates, when only the naming of a paper lies between them ("USD 148m (the draft of March 2,
    2026)", "USD 44.9m, the figure given on March 11, 2026"), else None."""
    return _dated_by(parsed, date)


def _dated_by(parsed: Parsed, date: Mention) -> Mention | None:
    """The figure a date dates ("USD 3.95m, the draft extrapolation of June 15, 2026"): the mention just before it in
    its sentence when only the naming of a paper lies between them, else None."""
    if date.kind != "date":
        return None
    i = parsed.mentions.index(date)
    if i == 0:
        return None
    before = parsed.mentions[i - 1]
    if before.kind == "date" or before.sentence != date.sentence:
        return None
    gap = parsed.masked[before.end:date.start]
    if before.unit and gap.lstrip().startswith(before.unit.lower()):
        # the unit after a plain number: '84 days, from the preliminary view of April 10, 2026 (superseded)' (kit13:
        # the bracket set aside the day and not the figure it dates)
        gap = gap.lstrip()[len(before.unit):]
    return before if _DATING.fullmatch(gap) else None


_OPERATOR_BEFORE = re.compile(r"(?:[=+×*/]|\bx|\s-)\s*$")


def in_working(parsed: Parsed, m: Mention) -> bool:
    """Whether a figure is a step of written working: an operator just before it, or just after it (a unit between)."""
    return bool(_OPERATOR_BEFORE.search(parsed.masked[max(0, m.start - 4):m.start])) \
        or bool(_ARITHMETIC_AFTER.match(parsed.masked, m.end))


_OPERAND_BEFORE = re.compile(r"(?:[+×*/]|\bx|\s-)\s*$")
_OPERAND_AFTER = re.compile(r"(?:\s+(?:[a-z][a-z'-]*|\x01+)){0,4}?\s*(?:[+×*/]|x\s|-\s*\x01)")


def operand(parsed: Parsed, m: Mention) -> bool:
    """Whether a figure is an input of written working ('12.5 x GBP 450,000', 'GBP 183.1m - GBP 177.5m = ...'), not
    what the working comes to (the figure after '=' is a result, and a claim)."""
    if _OPERAND_AFTER.match(parsed.masked, m.end):
        return True  # "(= GBP 431 x 11)": the first term of the working's right side
    if re.search(r"=\s*$", parsed.masked[max(0, m.start - 4):m.start]):
        return False
    return bool(_OPERAND_BEFORE.search(parsed.masked[max(0, m.start - 4):m.start]))


def _same_value(a: Mention, b: Mention) -> bool:
    if a.kind == "date" or b.kind == "date":
        return a.kind == b.kind and bool(set(a.dates) & set(b.dates))
    return a.value == b.value


# A unit may sit between the last figure and the operator: "USD 219,000 / 400 claims x 10,560 claims".
_ARITHMETIC_AFTER = re.compile(r"(?:\s+[a-z][a-z'-]*){0,3}?\s*(?:[=+×*]|x\s|\x01*\s*=|-\s*\x01+(?:[^.;\n]*?)=)")


def _groups(parsed: Parsed) -> None:
    """Figures joined by "or", "to", "-" or "between ... and": candidates offered together, so hedged."""
    masked, ms = parsed.masked, parsed.mentions
    i = 0
    while i < len(ms):
        j, joins, signs = i, set(), set()
        while j + 1 < len(ms):
            a, b = ms[j], ms[j + 1]
            numeric = {a.kind, b.kind} <= {"money", "number"} or a.kind == b.kind
            jm = _JOIN.match(masked[a.end:b.start]) if numeric and "\n" not in masked[a.end:b.start] else None
            if not jm:
                break
            joins.add(jm.lastgroup or "list")
            signs.add(jm.group(0).strip(" (,"))
            j += 1
        descending = all(a.value is not None and b.value is not None and abs(b.value) < abs(a.value)
                         for a, b in zip(ms[i:j], ms[i + 1:j + 1]))
        if j > i and signs <= {"-"} and descending and all(m.kind in ("money", "number") for m in ms[i:j + 1]):
            # "GBP 15.6m - GBP 0.9m cap dev": a range runs upwards; a smaller figure after a dash is subtracted
            i = j + 1
            continue
        close = re.match(r"\s*\)[\s)]*", masked[ms[j].end:ms[j].end + 8])  # "(10,560 / 400) = ..."
        after = ms[j].end + (len(close.group()) - 1 if close else 0)
        if j > i and signs <= {"-", "/"} and (_ARITHMETIC_AFTER.match(masked, after) or (
                "/" in signs and re.search(r"(?:[=×*x]|\bx)\s*\(?\s*$", masked[max(0, ms[i].start - 6):ms[i].start]))):
            # "x (10,560 / 400) = ...": a ratio inside working
            i = j + 1
            continue
        if j == i + 1 and signs == {"/"} and _quotient_stated(parsed, ms[i], ms[j]):
            # "3.64x (USD 166.5m / USD 45.76m)": the division that gives a figure the sentence states, no two candidates
            # (vfix8: a right what-if lost both its inputs, read as hedged)
            # "GBP 15.6m - GBP 1.08m + GBP 0.15m = GBP 14.02m", "USD 219,000 / 400 = USD 547.50": working, not a range
            i = j + 1
            continue
        if j > i:
            group = ms[i:j + 1]
            before = masked[max(0, group[0].start - 40):group[0].start]
            between = bool(re.search(r"\bbetween\s*(?:the\s+)?$", before))
            revision = bool(_CHANGE_FROM.search(before))
            ranged = "range" in joins or (between and "and" in joins) or bool(re.search(r"\bfrom\s*$", before))
            offered = "or" in joins or (ranged and not revision)
            if signs == {"or"} and _RESTATED.match(masked, group[-1].end):
                offered = False  # '$1,385,280, or $2,770,560 with liquidated damages': one sum on two bases
            _inherit(group, scale=offered or revision)
            if offered and any(not _same_value(group[0], g) for g in group[1:]):
                for g in group:
                    g.hedged = True
        i = j + 1


def _quotient_stated(parsed: Parsed, a: Mention, b: Mention) -> bool:
    """Whether a / b comes, to the places written, to another figure of the same sentence."""
    if a.value is None or b.value is None or not b.value:
        return False
    q = a.value / b.value
    lo, hi = next(((x, y) for x, y in parsed.sentences if x <= a.start < y), (a.start, b.end))
    for m in parsed.mentions:
        if m is a or m is b or m.value is None or m.kind not in ("number", "percent") or not lo <= m.start < hi:
            continue
        want = m.value / 100 if m.kind == "percent" else m.value
        step = (m.quantum or Decimal("0.01")) / (100 if m.kind == "percent" else 1)
        if abs(q - want) <= step / 2 + Decimal("1e-9"):
            return True
    return False


def _inherit(group: list[Mention], scale: bool) -> None:
    """A bare figure joined to others takes their currency ("USD 148m, 150m"), and in an alternative or a
    range their scale too ("between 148 and 156.2 million")."""
    cur = next((g for g in group if g.currency), None)
    scaled = next((g for g in reversed(group) if g.scale), None) if scale else None
    for g in group:
        if g.kind == "number" and cur is not None and g.unit is None:
            g.kind, g.currency, g.currency_exact = "money", cur.currency, cur.currency_exact
        if scaled is not None and not g.scale and g.kind in ("money", "number") and g.unit is None \
                and g.value is not None and g.quantum is not None and abs(g.value) < 1000:
            g.value, g.quantum, g.scale = g.value.scaleb(scaled.scale), g.quantum.scaleb(scaled.scale), scaled.scale


# ---------------------------------------------------------------- expected values and matching

def want(expected: Expected) -> Want:
    """An expected value in any of its forms (a ledger value, a date, a number, a written figure) as a Want."""
    if isinstance(expected, Want):
        return expected
    if isinstance(expected, Money):
        return Want("money", number=Decimal(expected.amount), currency=expected.currency)
    if isinstance(expected, Percent):
        return Want("percent", number=Decimal(expected.value))
    if isinstance(expected, Number):
        return Want("number", number=Decimal(expected.value), unit=expected.unit)
    if isinstance(expected, DateValue):
        return Want("date", date=expected.value)
    if isinstance(expected, Text):
        return Want("text", text=expected.value)
    if isinstance(expected, dt.date):
        return Want("date", date=expected)
    if isinstance(expected, bool):
        raise TypeError("a boolean is no expected value: give a number, a date, a ledger value or a phrase")
    if isinstance(expected, (int, float, Decimal)):
        return Want("number", number=Decimal(str(expected)))
    if isinstance(expected, str):
        return _want_of_text(expected)
    raise TypeError(f"cannot read {type(expected).__name__} as an expected value: give a number, a date, "
                    "a ledger value (Money, Percent, Number, DateValue, Text) or a phrase")


@lru_cache(maxsize=8192)  # a rubric's figures are read as Wants for every answer it grades (a Want is frozen)
def _want_of_text(expected: str) -> Want:
    found = parse(expected).mentions
    if len(found) == 1 and found[0].end - found[0].start >= len(expected.strip()) - 1:
        m = found[0]
        if m.kind == "date":
            return Want("date", date=m.dates[0])
        return Want(m.kind, number=m.value, currency=m.currency if m.currency_exact else None, unit=m.unit)
    return Want("text", text=expected)


def _currency_ok(m: Mention, w: Want) -> bool:
    if m.currency is None or w.currency is None:
        return True
    return m.currency == w.currency or (not m.currency_exact and w.currency in _DOLLARS)


# Nouns a count of licences is written in interchangeably: 1,860 accounts are 1,860 users to a licence auditor (kit11:
# "1,860 accounts counted by the auditor" lost the input "1,860 users").
_SEATS = {"user", "account", "seat", "licence", "license", "subscription"}
# the words for one job in a headcount (kit30a: '37 internal redeployment posts' for 37 positions, right memos 0.95)
_POSTS = {"position", "post", "role", "job"}


# a unit's usual short forms, read as the unit (kit22: a right memo's working '4.5 hrs x 148 x 104 x USD 24 x 1.5 x 2'
# lost the input '4.5 hours'; the form reader already took '3.5 hrs')
_SHORT_UNITS = {"hr": "hour", "hrs": "hour", "wk": "week", "wks": "week", "yr": "year", "yrs": "year", "mth": "month",
                "mths": "month", "mos": "month"}


def unit_keys(unit: str) -> set[str]:
    """A unit's words without plurals, and its initials: "gross tons" -> {"gross", "ton", "gt"}, so "GT" agrees."""
    words = unit.lower().replace("-", " ").replace(".", " ").split()
    stems = {(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w).replace("tonne", "ton")
             for w in words}
    stems = {_SHORT_UNITS.get(w, w) for w in stems}
    for group in (_SEATS, _POSTS):
        if stems & group:
            stems |= group
    return stems | {"".join(w[0] for w in words)} if len(words) > 1 else stems


# A count's generic noun: "45,960 units" are 45,960 consoles to a reader (s24's blind red team: a right memo that
# counted in the product's own noun lost the input). A measure is no count of things.
_GENERIC_COUNT = {"unit", "item", "piece"}
_MEASURE = {"hour", "minute", "second", "day", "week", "month", "year", "percent", "point", "pp", "bp", "bps", "basis",
            "time", "x", "dollar", "pound", "euro", "ton", "kg", "tonne", "mile", "km", "metre", "meter", "foot", "feet"}
MEASURE_STEMS = frozenset(_MEASURE - {"x", "time"})  # the measures a form's number is read with (forms.py)


def _unit_ok(m: Mention, w: Want) -> bool:
    if not w.unit or not m.unit:
        return True
    wk, mk = unit_keys(w.unit), unit_keys(m.unit)
    if wk & mk or bool(hours_per(w.unit) and hours_per(m.unit)) or bool(months_per(w.unit) and months_per(m.unit)):
        return True
    # (one noun each way: "45,960 consoles" for 45,960 units, and "45,960 units" for 45,960 consoles)
    words = (w.unit.lower().split()[:1], m.unit.lower().split()[:1])
    heads = [unit_keys(x[0]) if x else set() for x in words]
    return any(h <= _GENERIC_COUNT and h for h in heads) and not any(h & _MEASURE for h in heads)


# Durations a reader converts without a second thought: 5 weeks is 35 days (a month or a year is no fixed number of
# days, and business days are not calendar days). Red team: "35 days" failed for "5 weeks", and "5 weeks after it"
# beside "Answer: 42 days" passed.
# (hours too, in hours: "5.5 days" is 132 hours, s24's blind red team: a right laytime answer so written scored 0)
_DAYS = {"day": 1, "days": 1, "week": 7, "weeks": 7, "wk": 7, "wks": 7}  # ('14 days (2 wks)': s30's blind red teams)
_HOURS = {"hour": 1, "hours": 1, "hr": 1, "hrs": 1, "h": 1}


def _days_per(unit: str | None) -> int | None:
    """Days in one of a duration unit ('weeks' -> 7, 'calendar days' -> 1), or None for any other unit."""
    words = (unit or "").lower().split()
    if words[:1] == ["calendar"]:
        words = words[1:]
    return _DAYS.get(words[0]) if words else None


def months_per(unit: str | None) -> int | None:
    """Months in one of a unit of months or years ('years' -> 12), or None for any other unit."""
    words = (unit or "").lower().split()
    return _MONTHS_IN.get(words[0]) if words else None


_MONTHS_IN = {"month": 1, "months": 1, "mth": 1, "mths": 1, "mos": 1, "year": 12, "years": 12, "yr": 12, "yrs": 12}


def hours_per(unit: str | None) -> int | None:
    """Hours in one of a duration unit ('days' -> 24, 'hrs' -> 1), or None for any other unit."""
    words = (unit or "").lower().split()
    days = _days_per(unit)
    return days * 24 if days else (_HOURS.get(words[0]) if words else None)


def _in_days_of(m: Mention, w: Want) -> Mention:
    """A duration read in the unit of the expected duration (112 days as 16 weeks); any other mention as it is. A
    converted figure matches only exactly: it has no written precision to round to."""
    if m.kind != "number" or w.kind != "number" or m.value is None:
        return m
    a, b = hours_per(m.unit), hours_per(w.unit)
    if not a or not b:  # (a year is twelve months: '1 year' for a 12 months' leave, kit30a, right forms 0.875)
        a, b = months_per(m.unit), months_per(w.unit)
    if not a or not b or a == b:
        return m
    return replace(m, value=m.value * a / b, unit=w.unit, quantum=None, digits=0)


def _kind_ok(m: Mention, w: Want) -> bool:
    if w.kind == "money":
        if m.kind == "money":
            return _currency_ok(m, w)
        return m.kind == "number" and m.unit is None and not m.year_like
    if w.kind == "number":
        # A bare expected number (no unit) may be an amount whose currency the caller did not give.
        return (m.kind == "number" and _unit_ok(m, w)) or (m.kind == "money" and not w.unit)
    return m.kind == w.kind


# The unit of a gap between two rates: 6.2 percentage points, 6.2 points, 6.2 pp, 620 basis points; never 6.2%, which a
# reader takes for a relative change (red team: "by 3.5%" passed for 3.5 percentage points).
POINTS = "percentage points"
_BASIS = re.compile(r"^(?:basis\s+points?|bps?)$")
POINT_WORDS = re.compile(r"^(?:percentage[\s-]+points?|percent(?:age)?[\s-]+pts?|points?|pts?|pp|ppts?)$")


def _points_match(m: Mention, w: Want, min_sig: int) -> bool:
    if m.value is None or w.number is None or m.kind not in ("number", "percent"):
        return False
    words = (m.unit or "").lower().split()
    # the unit is read from its first words: "6.2 pp above the level" is in pp
    unit = next((" ".join(words[:k]) for k in (2, 1) if len(words) >= k
                 and (POINT_WORDS.match(" ".join(words[:k])) or _BASIS.match(" ".join(words[:k])))), " ".join(words))
    value, quantum = m.value, m.quantum
    if m.kind == "number" and not unit and 0 < abs(value) < 1 and m.quantum is not None \
            and m.quantum <= Decimal("0.001"):
        # a gap of two rates worked as fractions ("0.142 - 0.08 = 0.062"): 0.062 is 6.2 points, to the digit
        return (value * 100).quantize(_CENT, ROUND_HALF_UP) == w.number.quantize(_CENT, ROUND_HALF_UP)
    if m.kind == "percent" and not POINT_WORDS.match(unit):
        return False  # "3.5%" alone; "3.5% points" still names points
    if m.kind == "number" and _BASIS.match(unit):
        value, quantum = m.value / 100, (m.quantum / 100 if m.quantum is not None else None)
    elif m.kind == "number" and unit and not POINT_WORDS.match(unit):
        return False
    return value_matches(Mention(kind="number", text=m.text, start=m.start, end=m.end, sentence=m.sentence,
                                 value=value, quantum=quantum, digits=m.digits, scale=m.scale),
                         Want("number", number=w.number), min_sig)


# The currencies the matter being graded writes to their minor unit somewhere ('GBP 52,915.20'), set by grade.grade for
# its world: a room that keeps its sums to the penny asks them to the penny; one in whole dollars takes a what-if's
# USD 2,992,204.80 as '$2,992,205' (kit22's right answers).
EXACT_CURRENCIES: list[frozenset] = [frozenset()]


def _drops_places(m: Mention, w: Want) -> bool:
    """Whether a figure is the expected one written to fewer decimal places than the room writes it, with no scale
    word to say it is rounded: 'GBP 52,915' for GBP 52,915.20 in a room that writes pence, '1.02' for an SDR rate of
    1.0184 (kit23, an unseen outline: 6 of its 8 false positives; a task asks a figure as exact as the room gives it)."""
    if w.kind not in ("money", "number") or m.kind not in ("money", "number") or m.scale or m.quantum is None \
            or w.number is None:
        return False
    if w.kind == "money" and (w.currency or m.currency or "") not in EXACT_CURRENCIES[0] \
            and not (EXACT_CURRENCIES[0] and not (w.currency or m.currency)):
        return False
    places = -w.number.normalize().as_tuple().exponent
    return 0 < places <= 6 and m.quantum > Decimal(1).scaleb(-places)


def value_matches(m: Mention, w: Want, min_sig: int = 4) -> bool:
    """Whether a mention reads as the expected value: equal to the cent, or rounded exactly with min_sig digits."""
    if w.kind == "percent" and m.kind == "number" and m.unit is None and m.value is not None and w.number \
            and 0 < abs(m.value) < 1 and m.quantum is not None and m.quantum <= Decimal("0.1"):
        # A rate written as a fraction, the way a sheet holds it: 0.115 for 11.5%, 0.8 for 80% ('0.8 x 18,750,000').
        return (m.value * 100).quantize(_CENT, ROUND_HALF_UP) == w.number.quantize(_CENT, ROUND_HALF_UP)
    if w.kind == "number" and w.unit == POINTS:
        return _points_match(m, w, min_sig)
    if w.kind == "percent" and m.unit and m.kind in ("number", "percent") and (
            POINT_WORDS.match(" ".join(m.unit.lower().split()[:2])) or POINT_WORDS.match((m.unit.lower().split() or [""])[0])):
        # how far a rate moved, said in points ('Answer: 15 percentage points', '+15 points' for a move of 15%: 0.6 on
        # an unseen outline's reconcile task, blind kit21): the points of a rate are its percent
        return _points_match(m, Want("number", number=w.number, unit=POINTS), min_sig)
    m = _in_days_of(m, w)
    if not _kind_ok(m, w):
        return False
    if w.kind == "date":
        return w.date in m.dates
    if m.value is None or w.number is None:
        return False
    if _drops_places(m, w):
        return False
    if m.quantum is not None and Decimal("0.0001") <= m.quantum < _CENT \
            and w.number.quantize(m.quantum, ROUND_HALF_UP) != m.value:
        # a figure written to more places than the cent must be the expected one at those places: 7.149x is not
        # 7.15x, 0.245% is not 0.25% (kit36c: compared after rounding both to the cent, each scored 1). Three or four
        # places only: a sheet's computed cell runs to many more, and a ledger rounded to the cent is its rounding
        # (the legal fixture's sheet oracle, 0.7273 when every place counted)
        return False
    if m.value.quantize(_CENT, ROUND_HALF_UP) == w.number.quantize(_CENT, ROUND_HALF_UP):
        return True
    # "USD 156.2m" for 156,234,567: the expected rounded to the written precision is what was written, and
    # enough digits were written that no neighbouring candidate reads the same ("156m" is not 156.2m).
    q = m.quantum
    if m.scale and abs(m.value) < Decimal(10) ** m.scale:
        return False  # "USD 0.542 million" for 542,015.20: a scale word above the figure rounds nothing a reader would
    # "USD 95.2 million" for 95,212,500: three figures and a scale word is how a banker rounds a large amount.
    # (A decimal must be written: "USD 156m" for 156.2m drops a figure a reader would need.)
    shortened = m.scale >= 6 and q < Decimal(10) ** m.scale
    if q is None or q <= _CENT or m.digits < (min(min_sig, 3) if shortened else min_sig):
        return False
    return any((w.number / q).quantize(Decimal(1), rounding) * q == m.value
               for rounding in (ROUND_HALF_UP, ROUND_HALF_EVEN))


def _phrase_rx(phrase: str) -> re.Pattern:
    words = phrase.lower().replace("\u2019", "'").split()
    body = r"\s+".join(re.escape(w) for w in words)
    lead = r"\b" if words and re.match(r"\w", words[0]) else ""
    tail = r"\b" if words and re.search(r"\w$", words[-1]) else ""
    return re.compile(lead + body + tail)


def _text_statuses(parsed: Parsed, phrase: str) -> list[Status]:
    out: list[Status] = []
    if not phrase.strip():
        return out
    low = _lower_same_length(parsed.text)
    for m in _phrase_rx(phrase).finditer(low):
        ci = _clause_of(parsed, m.start())
        if ci < 0:
            continue
        flags = _span_flags(parsed, m.start(), m.end(), ci)
        out.append("negated" if "negated" in flags else "superseded_mention" if "superseded" in flags
                   else "hedged" if "hedged" in flags else "asserted")
    return out


def _overall(statuses: Iterable[Status]) -> Status:
    seen = set(statuses)
    for status in ("negated", "asserted", "hedged", "superseded_mention"):
        if status in seen:
            return status  # a denial anywhere outweighs a plain statement elsewhere: the text gives two answers
    return "absent"


def asserts(parsed: Parsed | str, expected: Expected, allowed: Iterable[Expected] = (), min_sig: int = 4) -> Verdict:
    """How a text states the expected value: asserted, negated, hedged, superseded_mention or absent.

    Negated wins over asserted (an answer that also denies the figure gives two answers); the verdict
    also lists `competing` values of the same kind that are neither the expected value nor `allowed`.
    """
    parsed = parse(parsed) if isinstance(parsed, str) else parsed
    w = want(expected)
    if w.kind == "text":
        return Verdict(status=_overall(_text_statuses(parsed, w.text or "")))
    # 'approximately USD 95.2 million' for 95,212,500 says the figure is rounded, not that it is uncertain
    matches = [replace(m, hedged=False) if m.hedged and m.approx and _rounded(m, w) else m
               for m in parsed.mentions if value_matches(m, w, min_sig)]
    return Verdict(status=_overall(m.status for m in matches), matches=matches,
                   competing=competing_values(parsed, w, allowed, min_sig))


def _rounded(m: Mention, w: Want) -> bool:
    """Whether a matching mention is the expected value rounded, not the value to the cent."""
    return m.value is not None and w.number is not None and \
        m.value.quantize(_CENT, ROUND_HALF_UP) != w.number.quantize(_CENT, ROUND_HALF_UP)


_MAGNITUDE = 100  # an amount or count competes when within this factor of the expected one


def _near(m: Mention, w: Want) -> bool:
    if m.value is None or not w.number or not m.value:
        return True
    ratio = abs(m.value) / abs(w.number)
    return 1 / Decimal(_MAGNITUDE) <= ratio <= _MAGNITUDE


def _competes(m: Mention, w: Want) -> bool:
    if w.kind == "money":
        if m.kind == "money":
            return _currency_ok(m, w) and _near(m, w)
        return m.kind == "number" and m.unit is None and not m.year_like and _near(m, w)
    if w.kind == "number":
        year = w.number is not None and 1900 <= w.number <= 2199 and w.number == w.number.to_integral_value()
        if m.kind == "money" and not w.unit:
            return _near(m, w)
        if m.kind != "number" or (m.year_like and not year):
            return False
        if w.unit and m.unit:
            return _unit_ok(m, w)
        return _near(m, w)
    return m.kind == w.kind


def _fraction_of(m: Mention, fine: list[Want]) -> bool:
    """A rate written as a fraction ('0.115 (11.5%)') beside a gap in points is one of the rates compared, no rival
    gap (kit7: 'Sample error rate 0.115 (11.5%) vs service level 0.08 (8%) ... 3.5 percentage points' lost its gap)."""
    if m.kind != "number" or m.unit or m.value is None or not 0 < abs(m.value) < 1 or m.quantum is None \
            or m.quantum > Decimal("0.01"):
        return False
    return any(f.number is not None and (m.value * 100).quantize(_CENT, ROUND_HALF_UP)
               == f.number.quantize(_CENT, ROUND_HALF_UP) for f in fine)


def _rounding_beside_exact(parsed: Parsed, m: Mention, w: Want, min_sig: int) -> bool:
    """An approximation ('c. GBP 0.89m') that is the expected value rounded where it was written, given beside the
    exact value stated plainly ('exactly GBP 887,500'): one figure said twice, no rival (kit7's right reply lost its gap)."""
    if not m.hedged or m.value is None or m.quantum is None or w.number is None or m.kind == "date":
        return False
    if w.number.quantize(m.quantum, ROUND_HALF_UP) != m.value:
        return False
    return any(o is not m and o.status == "asserted" and value_matches(o, w, min_sig) for o in parsed.mentions)


def competing_values(parsed: Parsed | str, expected: Expected, allowed: Iterable[Expected] = (),
                     min_sig: int = 4) -> list[Mention]:
    """Values of the expected's kind the text offers (stated or hedged, not negated or superseded) that are
    neither the expected value nor one of `allowed`: one mention per distinct value, in text order.

    Money competes in the expected currency (or none written), amounts and counts only within a factor of
    100 of the expected value (a per-ton rate is no rival to a cap); every percent and date competes.
    """
    parsed = parse(parsed) if isinstance(parsed, str) else parsed
    w = want(expected)
    if w.kind == "text":
        return []
    fine = [w] + [want(a) for a in allowed]
    out, seen = [], set()
    for m in parsed.mentions:
        if m.negated or m.superseded or not _competes(m, w):
            continue
        if any(value_matches(m, f, min_sig) for f in fine if f.kind != "text"):
            continue
        if w.unit == POINTS and _fraction_of(m, fine[1:]):
            continue
        if _rounding_beside_exact(parsed, m, w, min_sig):
            continue
        key = (m.kind, m.value, m.dates, m.currency)
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def mentions_text(text: Parsed | str, phrase: str) -> bool:
    """Whether a text states a phrase (a party's name, a clause title) in a clause that does not deny it."""
    parsed = parse(text) if isinstance(text, str) else text
    return "asserted" in _text_statuses(parsed, phrase)


# ---------------------------------------------------------------- direction of a comparison

_STOP = {"the", "a", "an", "of", "for", "to", "in", "on", "by", "and", "or", "its", "their", "his", "her", "s",
         "is", "are", "was", "were", "under", "against", "with", "from", "at", "as", "that", "this", "which"}
# (a label's head is the noun before any preposition: 'service credits before the cap' is credits, not a cap; read as a
# cap, its short name 'the credits' named neither side and 'the cap exceeds the credits' passed both ways, blind kit21)
_PREPS = {"of", "for", "to", "in", "on", "by", "under", "against", "with", "from", "at", "before", "after", "per",
          "within", "beyond", "between", "above", "below", "over", "during", "until"}
_COPULA = (r"\b(?:is|are|was|were|be|been|lies|lie|sits|sit|remains|remain|stays|stay|stands|stand|comes\s+in|"
           r"(?:came|comes|come)\s+(?:out|in)|ended\s+up|ends\s+up|"
           r"falls|fall|fell)\s+(?:well\s+|far\s+|still\s+|comfortably\s+|safely\s+)?")
# "would be USD 187.5m, above the demand", "USD 126.5m below the demand": the figure said is the subject's
_AFTER_FIGURE = (r"\x01(?:\s*(?:percentage\s+points?|points?|pp|ppts?|bps|basis\s+points?)\b)?"
                 # a yearly figure's period ('GBP 1,465,900 p.a., above our proposed GBP 1,326,800', kit12)
                 r"(?:\s*(?:p\.a\.|per\s+annum\b|per\s+year\b|a\s+year\b|pa\b))?"
                 # its working in brackets between ('USD 0.21576 million (248 users x USD 870), below ...', kit11)
                 r"(?:\s*\([^()\n]*\))?[,\s]+"
                 r"(?:(?:well|far|comfortably|safely|still)\s+)?")
# "Cap above demand by USD 126.5m": a place word with the gap it is by compares, copula or not (kit8's terse what-ifs)
_BY_FIGURE = r"\b(?=[^.;:\n\x01]{0,60}?\bby\s+(?:about\s+|approximately\s+|some\s+)?\x01)"
# "USD 15,000,000 under section 2.6(c) of the merger agreement": under a provision, no comparison (kit15: the cap read
# as below the claim, and every right answer that cited the section lost the direction); "under the agreement's cap"
# still compares
_NOT_PROVISION = (r"\b(?!\s+(?:the\s+|its\s+|this\s+|that\s+)?(?:[\w'-]+\s+){0,2}?(?:rules?|clauses?|sections?|articles?|"
                  r"agreement|act|contract|terms|paragraphs?|schedules?|provisions?|\u00a7)(?![\w'])"
                  r"(?!\s*(?:'s\s+)?(?:[\w-]+\s+)?(?:cap|limit|ceiling|threshold|maximum|minimum|floor)\b))")
_COMPARATORS = re.compile(
    r"(?P<gt>\bexceed(?:s|ed|ing)?\b|\bsurpass(?:es|ed|ing)?\b|\bovershoot(?:s|ing)?\b|\bovershot\b|\boutstrip(?:s|ped|ping)?\b|\boutweigh(?:s|ed)?\b|"
    r"\bin\s+excess\s+of\b|\b(?:larger|higher|greater|bigger|heavier|costlier)\b|\bmore\s+than\b|"
    rf"{_COPULA}(?:above|over)\b|{_AFTER_FIGURE}(?:above|over)\b|\b(?:above|over){_BY_FIGURE})"
    r"|(?P<lt>\bf(?:a|e)ll(?:s|ing)?\s+(?:well\s+|far\s+)?(?:short\s+of|below|under)\b|\bshort\s+of\b|"
    r"\bundershoot(?:s|ing)?\b|\bundershot\b|\btrail(?:s|ed|ing)\b|\blag(?:s|ged|ging)\s+behind\b|"
    r"\b(?:lower|smaller|less|fewer|lighter|cheaper)\b|"
    rf"{_COPULA}(?:below|under{_NOT_PROVISION}|beneath|within|inside)\b|{_AFTER_FIGURE}(?:below|under{_NOT_PROVISION}|beneath)\b"
    rf"|\b(?:below|under){_BY_FIGURE})"
    # "Landlord's proposed rent GBP 1,647,800 (...) > passing rent GBP 1,240,000" (kit12: a terse brief's sign)
    r"|(?P<gtsign>(?<=[ \t\x01)])>(?=[ \t]))|(?P<ltsign>(?<=[ \t\x01)])<(?=[ \t]))"
    r"|(?P<eq>\bequals\b|\bequal\s+to\b|\bis\s+equal\b|\bthe\s+same\s+as\b|\bidentical\s+to\b|\bmatches\b|"
    r"\bequivalent\s+to\b)")
# A comparison denied from outside its clause: "it is not the case that the audit claim exceeds the revised claim"
# (kit11: with the right figures and gap it scored 1.0 on a reply, a brief and an answer).
_CASE_NEG = re.compile(r"\b(?:not\s+(?:the\s+case|true|correct|right|so)|untrue|false|incorrect|wrong)\s+(?:to\s+say\s+)?"
                       r"that\b")
# ('fails to exceed' denies it too: kit11's 'It is not the case that the amount in dispute ... fails to exceed the
# audit claim' says the amount in dispute exceeds it, and scored 1.0 for the answer that it does not)
# ('cannot be said to exceed', three words between: vfix7, 1.0 on every exceed answer)
_CMP_NEG = re.compile(r"\b(?:not|never|no|cannot|hardly|scarcely|n't|fail(?:s|ed|ing)?\s+to)\s+(?:\w+\s+){0,3}$"
                      r"|n't\s+(?:\w+\s+){0,3}$")
# an arrow ("vs NWC peg GBP 3.25m -> EBITDA exceeds the peg") starts the conclusion drawn from what went before
# A comparison asked, not said: "whether the claim exceeds the cap", "Does it exceed ...?" in a sentence of its own
# (kit15: 'You asked whether the earn-out claimed by the sellers exceeds the earn-out cap ... It does not.' read as
# saying it does)
_ASKED_WHETHER = re.compile(r"\bwhether\b(?:\s+or\s+not\b)?[^;\n]*$")
_SEGMENT_BREAK = re.compile(r";|->|=>|\u2192|\bbut\b|\bwhereas\b|\bwhile\b|\bwhilst\b|\bhowever\b|,\s*(?:and\s+)?so\b|\btherefore\b|"
                            r"\bthus\b|\bhence\b|\bwhich\s+means\b|\bmeaning\b|\bas\s+a\s+result\b|\bconsequently\b")


# Short forms a professional writes for a label's word: 'max award' is the maximum compensatory award (kit8).
_SHORT_FORMS = {"max": "maximum", "min": "minimum"}


def _norm_word(w: str) -> str:
    w = w.lower()
    if w.endswith("'s"):
        w = w[:-2]
    w = _SHORT_FORMS.get(w, w)
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def _stem(w: str) -> str:
    """A word's first six letters, where it has more: 'proposal' and 'proposed', 'determination' and 'determined'."""
    if len(w) > 5:
        w = re.sub(r"(?:ed|ing|s)$", "", w)  # 'the claim' for the earn-out claimed by the sellers (kit15)
    return w[:6] if len(w) > 6 else w


def _label(words: str | Iterable[str]) -> list[str]:
    tokens = re.findall(r"[a-z0-9]+(?:'s)?", (words if isinstance(words, str) else " ".join(words)).lower())
    return [_norm_word(t) for t in tokens]


def _weights(tokens: list[str], other: set[str]) -> dict[str, int]:
    content = [t for t in tokens if t not in _STOP]
    head_zone = []
    for t in tokens:
        if t in _PREPS and head_zone:
            break
        if t not in _STOP:
            head_zone.append(t)
    head = head_zone[-1] if head_zone else (content[-1] if content else None)
    own = [t for t in content if t not in other]
    weights = {t: (2 if t == head else 1) for t in own or content}
    return weights if own or not content else _Inside(weights)


class _Inside(dict):
    """The weights of a label whose every word is the other's ('total net leverage ratio' inside the 'maximum total
    net leverage ratio'): all its words, for it has none of its own."""


def _side(tokens: set[str], wa: dict[str, int], wb: dict[str, int]) -> str | None:
    # one label inside the other: a word of the longer one's own names it, whatever else is said (kit14: 'the maximum
    # total net leverage ratio' read as neither, and every comparison of the two was lost)
    if isinstance(wa, _Inside) and not isinstance(wb, _Inside) and tokens & wb.keys():
        return "b"
    if isinstance(wb, _Inside) and not isinstance(wa, _Inside) and tokens & wa.keys():
        return "a"
    sa = sum(v for k, v in wa.items() if k in tokens) / (sum(wa.values()) or 1)
    sb = sum(v for k, v in wb.items() if k in tokens) / (sum(wb.values()) or 1)
    if sa > sb and sa > 0:
        return "a"
    if sb > sa and sb > 0:
        return "b"
    return None


def _head(tokens: list[str]) -> str | None:
    """A label's head noun: its last content word before a preposition ('level' of 'denial-rate service level')."""
    zone = []
    for t in tokens:
        if t in _PREPS and zone:
            break
        if t not in _STOP:
            zone.append(t)
    return zone[-1] if zone else None


def head_noun(label: str) -> str | None:
    """A label's head noun, as a text's words are read: 'credit' of 'the service credits before the cap'."""
    return _head(_label(label))


def _last_named(text: str, wa: dict[str, int], wb: dict[str, int]) -> str | None:
    """The side whose own word comes last in the text."""
    return _named_in(reversed(re.findall(r"[a-z0-9]+(?:'s)?", text)), wa, wb)


def _first_named(text: str, wa: dict[str, int], wb: dict[str, int]) -> str | None:
    """The side whose own word comes first in the text."""
    return _named_in(re.findall(r"[a-z0-9]+(?:'s)?", text), wa, wb)


def _named_in(words, wa: dict[str, int], wb: dict[str, int]) -> str | None:
    """The side of the first of `words` that is one side's own word and not the other's; where one label lies inside
    the other (its words all the other's), the side of the first run of label words that names one side whole."""
    if isinstance(wa, _Inside) != isinstance(wb, _Inside):
        run: list[str] = []
        for t in [*words, None]:
            t = _norm_word(t) if t is not None else None
            if t is not None and (t in wa or t in wb):
                run.append(t)
                continue
            side = _side(set(run), wa, wb) if run else None
            if side is not None:
                return side
            run = []
        return None
    for t in words:
        t = _norm_word(t)
        if t in wa and t not in wb:
            return "a"
        if t in wb and t not in wa:
            return "b"
    return None


# Words that name nothing: a phrase of only these before a comparator leaves its subject to what came before.
_BARE = _STOP | {"so", "thus", "therefore", "hence", "yes", "no", "also", "still", "now", "then", "currently", "well",
                 "far", "comfortably", "safely", "be", "been", "being", "remain", "remains", "stay", "stays", "sit",
                 "sits", "lie", "lies", "stand", "stands", "come", "comes", "both", "which", "it", "they", "this",
                 "and", "clearly", "indeed", "accordingly", "figure", "number", "amount", "value",
                 # a modal of a subject said before: 'would be 3.64x, and would then exceed the maximum' (vfix8)
                 "would", "will", "could", "should", "does", "do", "did", "is", "are", "was", "were"}


# Beside those, the words of the comparison itself, as _words_in writes them ('does' is 'doe'): 'the cap does not' and
# 'than the credits' name a side by its head noun alone (blind kit21: 'The cap does not exceed the credits' named none)
_HEAD_FILLER = {_norm_word(w) for w in _BARE} | {"not", "never", "than", "doesn", "don", "didn", "isn", "wasn",
                                                   "aren", "weren", "t", "may", "might", "must", "can", "equally",
                                                   "therefore", "plainly", "clearly", "only", "even"}


def _words_in(text: str) -> set[str]:
    return {_norm_word(t) for t in re.findall(r"[a-z0-9]+(?:'s)?", text)}


_OPENING_CMP = re.compile(r"[\s*_>-]*(?:(?:it\s+is|it's|that\s+is|this\s+is)\s+)?(?:(?:well|far)\s+)?(?P<w>above|below|over|"
                          r"under)\b(?!\s+(?:the\s+)?(?:rule|clause|section|agreement|act|contract|terms)\b)")


def direction(text: Parsed | str, a_label_words: str | Iterable[str],
              b_label_words: str | Iterable[str]) -> Direction | None:
    """Which of two labelled things the text says is larger: "a>b", "a<b", "equal", or None when unsaid or
    contradictory. Labels are matched by their content words; "does not exceed" reads as "a<b"."""
    found = directions(text, a_label_words, b_label_words)
    return next(iter(found)) if len(found) == 1 else None


_REPORTED = re.compile(r"\b(?:told|tell|tells|telling|said|says|confirmed|confirms|advised|advises|informed|informs|"
                       r"noted|notes|reported|reports|explained|explains|wrote|flagged|flags|reminded|reminds)\s+"
                       r"(?:[a-z]+\s+){0,2}?(?:that\s+)?(?=(?:the|our|its|their|his|her)\b)")


def _acronym_words(words: set[str], label: list[str]) -> set[str]:
    """The label's words a text's acronym stands for: 'SLA' for the service level (agreement) of 'denial-rate
    service level' (kit7: 'the denial rate is within the SLA' named no side, so its wrong direction passed)."""
    out: set[str] = set()
    for w in words:
        if not 3 <= len(w) <= 5 or not w.isalpha():
            continue
        for i in range(len(label)):
            for j in range(i + 2, len(label) + 1):
                initials = "".join(x[0] for x in label[i:j])
                if w in (initials, initials + "a"):  # the trailing A of an agreement: 'SLA', 'SPA'
                    out.update(label[i:j])
    return out


# A row or sentence that opens on a size word and a colon names the thing of that size: "Smaller: floor, USD 21.5m".
_SIZE_ROW = re.compile(r"[\s*_>|#-]*(?P<w>larger|higher|greater|bigger|smaller|lower|lesser)\s*[:\u2013\u2014]\s*"
                       r"(?P<x>[^,;(\x01\n]{1,80})")
# "max compensatory award GBP 59,800 vs basic award GBP 7,909 - higher by GBP 51,891": the first of the two set
# against each other is the subject of a size word that follows them
_VERSUS = re.compile(r"\b(?:vs\.?|versus|v\.|against|compared\s+(?:with|to))\s")


def _side_named(words: set[str], ta: list[str], tb: list[str], wa: dict[str, int], wb: dict[str, int]) -> str | None:
    """The side ("a" or "b") a phrase's words name, of two labels' tokens `ta`, `tb` and their weights."""
    found_side = _side(words, wa, wb)
    if found_side is None:  # an acronym only where the words name no side ('the SLA'), never to tip a mix
        found_side = _side(words | _acronym_words(words, ta) | _acronym_words(words, tb), wa, wb)
    # with no word of its own on either side, the head noun decides: "the denial rate" is the initial denial rate (a
    # rate), not the denial-rate service level (a level)
    ha, hb = _head(ta), _head(tb)
    if found_side is None and ha != hb and (ha in words) != (hb in words) and not words - set(ta) - set(tb) - _HEAD_FILLER:
        return "a" if ha in words else "b"
    if found_side is None:
        # a label's word in another form: 'the determination' for the rent determined by the expert, 'the
        # proposal' for the tenant's proposed rent (kit12: 'the proposal exceeds it' named no side)
        found_side = _side({_stem(w) for w in words - _BARE}, {_stem(k): v for k, v in wa.items()},
                           {_stem(k): v for k, v in wb.items()})
    return found_side


def named_side(phrase: str, a_label_words: str | Iterable[str], b_label_words: str | Iterable[str]) -> str | None:
    """Which of two labels a phrase names, "a" or "b", by its own words or its head noun ('the cap'), or None."""
    ta, tb = _label(a_label_words), _label(b_label_words)
    return _side_named(_words_in(phrase.lower()), ta, tb, _weights(ta, set(tb)), _weights(tb, set(ta)))


def directions(text: Parsed | str, a_label_words: str | Iterable[str],
               b_label_words: str | Iterable[str], strict: bool = False, others: tuple[str, ...] = ()) -> set[str]:
    """Every comparison of the two the text states ({"a>b", "a<b"} when it says both ways); `strict` counts only a
    comparison that names both sides (a side remark on two of many facts: 'the required insurance exceeds the limit'
    says nothing of the replacement cost value, though the limit is no side of that pair); a comparison whose side is
    named by one of `others` (the matter's other labels, lower case) is of that other fact, not of the two."""
    parsed = parse(text) if isinstance(text, str) else text
    ta, tb = _label(a_label_words), _label(b_label_words)
    wa, wb = _weights(ta, set(tb)), _weights(tb, set(ta))

    def side(words: set[str]) -> str | None:
        return _side_named(words, ta, tb, wa, wb)

    found: set[str] = set()
    masked = parsed.masked
    for s, e in parsed.sentences:
        if parsed.text[s:e].rstrip().endswith("?"):
            continue
        # a break inside brackets ("(USD 2,500 x 62,480 GT; the floor does not bite)") ends no segment
        inside = [(p.start(), p.end()) for p in re.finditer(r"\([^()]*\)", masked[s:e])]
        cuts = [s] + [m.start() for m in _SEGMENT_BREAK.finditer(masked, s, e)
                      if not any(a < m.start() - s < b for a, b in inside)] + [e]
        # a sentence, or a part of one after a break or a colon, that opens on the comparison: 'Cap GBP 71,760;
        # basic award GBP 7,909; above by GBP 63,851', '... vs demand USD 60,987,500: above, by USD 126.5m' (kit8)
        starts = [s] + [m.end() for m in _SEGMENT_BREAK.finditer(masked, s, e)
                        if not any(a < m.start() - s < b for a, b in inside)] + \
            [s + m.end() for m in re.finditer(":", masked[s:e]) if not any(a < m.start() < b for a, b in inside)]
        row = _SIZE_ROW.match(masked, s, e)
        if row:  # "Larger: per-ton limit times gross tonnage, USD 156.2m. Smaller: floor, USD 21.5m."
            said = side(_words_in(row.group("x")) - _BARE)
            if said is not None:
                found.add("a>b" if (row.group("w") in ("larger", "higher", "greater", "bigger")) == (said == "a")
                          else "a<b")
        opened: set[int] = set()  # the place words read here, which the clauses below read no more
        for at in (() if strict else dict.fromkeys(starts)):
            opening = _OPENING_CMP.match(masked, at)
            if not opening:
                continue
            opened.add(opening.start("w"))
            # "Below the GBP 195m LOI value by GBP 19.75m.": a sentence that opens on the comparison compares the
            # figure just worked out with what it names
            by = re.compile(r"\bby\s+(?:about\s+)?\x01").search(masked, opening.end(), e)
            named = _words_in(masked[opening.end():by.start()]) - _BARE if by else None
            obj = side(named) if named else None
            if by and not named:  # "Above by USD 126.5m.": the answer's subject, over the other
                first = _first_named(masked[:at], wa, wb)
                obj = None if first is None else ("b" if first == "a" else "a")
            if obj is not None:
                found.add("a<b" if (opening.group("w") in ("below", "under")) == (obj == "b") else "a>b")
        for ci, (gs, ge) in enumerate(zip(cuts, cuts[1:])):
            cmps = list(_COMPARATORS.finditer(masked, gs, ge))
            for k, c in enumerate(cmps):
                word = c.group()
                if any(c.start() <= w < c.end() for w in opened):
                    continue
                if _ASKED_WHETHER.search(masked[cmps[k - 1].end() if k else s:c.start()]):
                    continue  # "You asked whether the claim exceeds the cap. It does not.": the question, restated
                # ('the heavier of the two', 'the cheaper': verify35's own attack, a reply whose prose said the removal
                # costs were the heavier after a right 'Yes' scored 1.0)
                bare = word in ("larger", "higher", "greater", "bigger", "heavier", "costlier", "lower", "smaller", "less",
                                "fewer", "lighter", "cheaper")
                after_text = masked[c.end():ge]
                than = bool(re.match(r"\s+than\b", after_text))
                before_text = masked[cmps[k - 1].end() if k else gs:c.start()]
                if k and cmps[k - 1].lastgroup in ("gtsign", "ltsign"):
                    # a sign before compares the two it stands between; what follows reads the whole ('Sample error
                    # rate 11.5% > 8% denial-rate SLA: exceeds by 3.5 pts')
                    before_text = masked[gs:c.start()]
                if k and masked.count("(", s, cmps[k - 1].start()) > masked.count(")", s, cmps[k - 1].start()) \
                        and masked.count("(", s, c.start()) == masked.count(")", s, c.start()):
                    # the comparison before sat in an aside that has closed: "X (the cap being lower than the
                    # demand) is well under Y" compares X, named before the aside
                    before_text = masked[gs:c.start()]
                if bare and not than and not re.match(r"\s+by\s+\x01", after_text) and \
                        not re.search(r"\b(?:is|are|was|were|be|remains|'s|the)\s+(?:\w+\s+|\x01+\s*)?$",
                                                        before_text):  # "the proposal is GBP 1.1009m higher" (kit12)
                    continue  # "a higher court", "less time": no comparison of the two
                if c.lastgroup == "lt" and word == "less" and not than:
                    continue
                if bare and re.match(r"\s+of\s+(?:the\s+two|them|both|the\s+pair)\b", after_text):
                    # "Note that the demand is the higher of the two": a direction said of one side (kit8: beside a
                    # right comparison, its wrong way round scored 1.0 in all five worlds)
                    said = side(_words_in(before_text) - _BARE)
                    if said is None:  # '..., which leaves the removal costs as the heavier of the two': its own clause
                        said = side(_words_in(re.split(r"[,:;]", before_text)[-1]) - _BARE)
                    tail = re.match(r"\s+of\s+(?:the\s+two|them|both|the\s+pair)\s+(?:is|was|are|were|would\s+be|being)\b"
                                    r"(?P<x>[^,;:]*)", after_text)
                    if said is None and tail:  # "The smaller of the two is the USD 1.5m sublimit": said after it
                        said = side(_words_in(tail.group("x")) - _BARE)
                    if said is not None:
                        found.add("a>b" if (c.lastgroup == "gt") == (said == "a") else "a<b")
                    continue
                if bare and re.match(r"\s+of\b", after_text):
                    continue  # "the cap is the greater of the floor and the per-ton figure": a rule, not a comparison
                end = cmps[k + 1].start() if k + 1 < len(cmps) else ge
                # The nearest phrase first: "since X is ..., the cap is lower" compares the cap, not X.
                # (an aside in brackets is read past: "total claims (USD 174.25m: removal ...) are above")
                # (and a figure set between commas is read past: "The amount in dispute, USD 827,080 (...), does not
                # exceed ...", kit11)
                nearest = re.split(r"[,:;]", re.sub(r",[\s\x01]*\x01[\s\x01]*,", " ",
                                                    re.sub(r"\([^()]*\)", " ", before_text)))[-1]
                # "Told Joseph the denial rate is within the SLA": the one told is not what is compared
                nearest = _REPORTED.split(nearest)[-1]
                subject = side(_words_in(nearest))
                if subject is not None and _fits_another(nearest, others, ta if subject == "a" else tb):
                    continue  # "Builder's count: 139 days, short of the 180 days": another fact's label, not a side
                versus = _VERSUS.search(nearest)
                if versus and re.match(r"\s+by\s+(?:about\s+)?\x01", after_text):
                    first = side(_words_in(nearest[:versus.start()]) - _BARE)
                    if first is not None and side(_words_in(nearest[versus.end():]) - _BARE) not in (None, first):
                        subject = first
                pronoun = re.search(r"\b(?:it|they|this|that|which)\s+(?:\w+\s+)?(?:\x01+\s*)?$", nearest)
                if strict:
                    pass  # both sides named, no subject inferred
                elif subject is None and pronoun and pronoun.group().split()[0] in ("it", "they"):
                    # "the initial denial rate is 14.2% against a level of 8%, so it is above the level": a pronoun
                    # subject is the sentence's subject, the first of the two it names (not whatever was named last)
                    # "... It would be below them": the subject of the last sentence that names one, not the first
                    # the text names (a memo's 'Re: Open market rent against capped rent' made 'The capped rent ...
                    # does not exceed the open market rent. It is USD 108,000 below it.' both ways; kit17, 0.56)
                    subject = _first_named(masked[s:c.start() - len(pronoun.group())], wa, wb) \
                        or next((x for x in (_first_named(masked[ps:pe], wa, wb) for ps, pe in
                                             reversed([q for q in parsed.sentences if q[1] <= s])) if x), None)
                elif subject is None and pronoun and pronoun.group().split()[0] in ("this", "that") \
                        and not re.sub(r"[\s>*_#\u2022\d.)-]", "", masked[s:c.start() - len(pronoun.group())]):
                    # "That is lower than the audit claim": a sentence opening on 'that' speaks of what the sentence
                    # before said last (kit11: a right what-if lost its direction)
                    subject = _last_named(masked[:s], wa, wb)
                elif subject is None and pronoun and pronoun.group().split()[0] in ("which", "that"):
                    # "USD 1,039,650 revised claim, which is below the audit claim": the relative's antecedent is the
                    # phrase before its comma (kit11)
                    parts = re.split(r"[,:;]", re.sub(r"\([^()]*\)", " ", before_text))
                    subject = side(_words_in(parts[-2]) - _BARE) if len(parts) > 1 else None
                elif subject is None and not pronoun and not (_words_in(nearest) - _BARE):
                    # ", and is higher": the subject said before; a phrase naming a third thing ('(the contribution
                    # demand of 35% is higher)') compares that thing, not the two
                    subject = side(_words_in(re.sub(r"\([^()]*\)", " ", before_text)))
                    if subject is not None and _fits_another(re.sub(r"\([^()]*\)", " ", before_text), others,
                                                             ta if subject == "a" else tb):
                        continue
                    if subject is None and ci and not re.search(r"[;,:]\s*$", masked[cuts[ci - 1]:gs]):
                        # "The audit claim therefore exceeds the revised claim": an adverb broke the clause, and its
                        # subject is the words before it (kit11: a right memo lost its direction)
                        clause = re.split(r"[,:;]", re.sub(r"\([^()]*\)", " ", masked[cuts[ci - 1]:gs]))[-1]
                        subject = side(_words_in(clause) - _BARE)
                        if subject is not None and _fits_another(clause, others, ta if subject == "a" else tb):
                            continue
                # (an aside in brackets after it is read past: 'exceeds the amount in dispute (USD 827,080) by USD
                # 2,043,920 (the amount in dispute minus the audit claim = -2,043,920)', kit11)
                obj = side(_words_in(re.sub(r"\([^()]*\)", " ", masked[c.end():end]))) or side(_words_in(masked[c.end():end]))
                if others and (_names_other(nearest, others, ta, tb)
                               or _names_other(re.split(r"[\x01(,;:]", masked[c.end():end])[0], others, ta, tb)):
                    continue  # 'The Clause 41.3 cap is lower than the demand': a third fact's comparison
                if strict:
                    # the object is the label named right after the comparator, up to its figure or a bracket ('below
                    # QoE-adjusted LTM EBITDA of GBP 14.2m (GBP 15.6m less GBP 1.4m net adjustments)')
                    obj = side(_words_in(re.split(r"[\x01(,;:]", masked[c.end():end])[0]))
                elif subject is None and obj is not None and _party(parsed.text, gs, c.start(), nearest, ta, tb):
                    # "St. Aldric is within its service level": a party said to be above or below one side speaks of
                    # its own figure, the other side (kit8: beside a right gap it scored 1.0)
                    subject = "b" if obj == "a" else "a"
                elif subject is None and obj is not None and not pronoun and not than and "\x01" in nearest and not {
                        w for w in _words_in(nearest) - _BARE if len(w) > 1 and w != "x" and w.upper() not in _CODES}:
                    # "219,000 / 400 x 10,560 = USD 5,781,600, below the unbilled receivables": the figure just
                    # worked out, against the one the comparison names
                    subject = "b" if obj == "a" else "a"
                elif subject is None and not pronoun and _words_in(nearest) - _BARE \
                        and _words_in(nearest) - _BARE <= set(ta) & set(tb):
                    # "The award would be above the basic award": a subject only the two share names the answer's own
                    subject = _first_named(masked[:s], wa, wb)
                    if subject is None and obj is not None:
                        # "cost exceeds sub-limit" opening a terse post: against the one side the object names, a word
                        # the two share names the other (blind red team kit29b, right chat posts 0.67)
                        subject = "b" if obj == "a" else "a"
                if not strict and obj is None and subject and re.match(r"\s*(?:them|it|that|those|this)\b", masked[c.end():end]):
                    obj = "b" if subject == "a" else "a"  # "It would be below them by USD 3.7m"
                if not strict and obj is None and subject:
                    said = _words_in(re.split(r"[\x01(,;:]", masked[c.end():end])[0]) - _BARE
                    if said and said <= set(ta) & set(tb):
                        obj = "b" if subject == "a" else "a"  # "sub-limit exceeds cost": the shared word, the other
                sign = {"gtsign": "gt", "ltsign": "lt"}.get(c.lastgroup, c.lastgroup)
                if re.fullmatch(r"(?:exceeded|surpassed|outstripped|outweighed)", word) and \
                        re.search(r"\b(?:is|are|was|were|be|been|being)\s+(?:\w+\s+)?$", before_text):
                    sign = "lt"  # "the cap is exceeded (by the claim)": the subject is the smaller
                if bool(_CMP_NEG.search(masked[max(gs, c.start() - 30):c.start()])) != bool(
                        _CASE_NEG.search(masked[gs:c.start()])):
                    if sign == "eq":
                        continue
                    sign = "lt" if sign == "gt" else "gt"  # "does not exceed", "it is not the case that A exceeds": at most
                # an aside in brackets that compares something else ("(a year's pay, below the statutory cap)")
                # states nothing of the two: its other side must be named
                aside = masked.count("(", s, c.start()) > masked.count(")", s, c.start())
                if subject and obj and subject != obj:
                    pass
                elif strict:
                    continue
                elif subject and not obj and not than and not aside:
                    obj = "b" if subject == "a" else "a"
                elif not subject and not than and re.search(r"\bthe\s+$", before_text[-8:]) \
                        and (obj or _first_named(masked[c.end():end], wa, wb)):
                    # "the higher figure is A": A is the larger ("The smaller is the cap (...), versus the loss
                    # claimed": the first named after it)
                    subject = _first_named(masked[c.end():end], wa, wb) or obj
                    obj = "b" if subject == "a" else "a"
                else:
                    continue
                if sign == "eq":
                    found.add("equal")
                elif (sign == "gt") == (subject == "a"):
                    found.add("a>b")
                else:
                    found.add("a<b")
    return found


_VERB_WORDS = {"not", "no", "never", "do", "does", "did", "is", "are", "was", "were", "be", "been", "would", "will",
               "can", "could", "may", "might", "shall", "should", "therefore", "thus", "so"}


def _fits_another(phrase: str, others: tuple[str, ...], side: list[str]) -> bool:
    """Whether a subject phrase, read as one side by a word it shares with it, has words that side's label lacks and
    all of its words in one of the matter's other labels: 'the builder's count' is the delay on the builder's count,
    not the days the builder claimed (blind red team kit30b: a right memo's working line read as the wrong way round)."""
    words = {_stem(w) for w in _words_in(re.sub(r"\x01+(?:\s*[a-z]+\b)?", " ", phrase)) - _BARE - _VERB_WORDS}  # (a figure and
    # its unit name no fact; 'the days the buyer accepts' are the days accepted by the buyer)
    if not others or not words - {_stem(w) for w in side}:
        return False
    return any(words <= {_stem(w) for w in _label(o)} for o in others)


def _names_other(phrase: str, others: tuple[str, ...], ta: list[str], tb: list[str]) -> bool:
    """Whether a phrase names one of the other labels, beyond the words it shares with the two compared."""
    for label in others:
        if label and re.search(r"(?<![\w'])" + re.escape(label) + r"(?![\w'])", phrase):
            words = set(_label(label)) - _STOP
            if not (words <= set(ta) or words <= set(tb)):
                return True
    return False


def _party(text: str, gs: int, at: int, nearest: str, ta: list[str], tb: list[str]) -> bool:
    """Whether the phrase before a comparator names a party, not a figure: its words (beyond those that name nothing)
    are written with capitals in the text ('St. Aldric', 'Harlan Cold Storage') and belong to neither label."""
    words = _words_in(nearest) - _BARE
    if not words or words & (set(ta) | set(tb)):
        return False
    capital = {_norm_word(t) for t in re.findall(r"\b[A-Z][A-Za-z'.-]*", text[gs:at])}
    capital = {w.rstrip(".") for w in capital} | capital
    return words <= capital


# ---------------------------------------------------------------- a yes/no conclusion

_CONC_NEG = re.compile(r"\b(?:not|never|no|cannot|neither|nor|without)\b|n't\b")
_MAY_WORD = re.compile(r"\bmay\b")  # in the text's own case: the month May is no hedge
_CONC_HEDGE = re.compile(r"\b(?:whether|if|unless|might|could)\b")


def _phrase_pattern(phrase: str) -> re.Pattern:
    parts = []
    for w in phrase.lower().split():
        stem = w[:-1] if len(w) >= 5 and w.endswith("s") else w
        parts.append(re.escape(stem) + ("(?:s|es)?" if len(w) >= 4 else ""))
    lead = r"\b" if re.match(r"\w", phrase.strip()) else ""
    tail = r"\b" if re.search(r"\w$", phrase.strip()) else ""
    return re.compile(lead + r"\s+".join(parts) + tail)


# a plain yes or no in the reply's own language, a clause of its own ('Oui : la perte ...', '네, 현재 자료 기준으로 ...':
# blind red team kit30a/b, right replies written in French and Korean at 0.71)
YES_SAID = ("oui", "sí", "sim", "네", "はい")  # (no 예: it also opens an example, "예: ...")
NO_SAID = ("non", "não", "nein", "아니요", "아니오", "いいえ")


def conclusion(text: Parsed | str, positive_words: Iterable[str],
               negative_words: Iterable[str]) -> Literal["yes", "no"] | None:
    """The yes/no judgement a text reaches from the caller's words, negation-aware; None if it says both or neither."""
    parsed = parse(text) if isinstance(text, str) else text
    masked = parsed.masked
    phrases = [(p, "yes") for p in positive_words] + [(p, "no") for p in negative_words]
    phrases.sort(key=lambda x: -len(x[0]))
    taken = bytearray(len(masked))
    sides: set[str] = set()
    for phrase, side in phrases:
        if not phrase.strip():
            continue
        for m in _phrase_pattern(phrase).finditer(masked):
            if any(taken[m.start():m.end()]):
                continue
            taken[m.start():m.end()] = b"\x01" * (m.end() - m.start())
            ci = _clause_of(parsed, m.start())
            if ci < 0:
                continue
            cs, ce, si, _ = parsed.clauses[ci]
            ss, se = parsed.sentences[si]
            if parsed.text[ss:se].rstrip().endswith("?"):
                continue  # the question restated
            single = phrase.strip().lower() in ("yes", "no", "not", "none", *YES_SAID, *NO_SAID)
            if single:
                # "No." / "Yes, the limit is broken": the word counts only as a clause of its own
                # (a list item or emphasis around it, "1. **Yes**", still stands alone)
                alone = re.sub(r"^[\s>]*(?:[-*\u2022]|\x01+[.)]?)?\s*(?:(?:and\s+)?(?:so|thus|hence|therefore|in\s+short)"
                               r"\b[\s,]*)?", "", masked[cs:ce])
                if alone.strip(" .,!:;\n\t*_#") != phrase.strip().lower():
                    continue
                sides.add(side)
                continue
            before = masked[cs:m.start()]
            # A condition anywhere in the clause leaves it open: "would be broken only if privity were shown".
            if _CONC_HEDGE.search(masked, cs, ce) or _MAY_WORD.search(parsed.text, cs, ce):
                continue
            window = " ".join(before.split()[-4:])
            negated = bool(_CONC_NEG.search(window)) and not _CONC_NEG.match(phrase.lower())
            sides.add(("no" if side == "yes" else "yes") if negated else side)
    if {"yes", "no"} & {p.strip().lower() for p, _ in phrases}:
        # "It does not." / "It does." answers the question as asked, as a plain No or Yes does
        for ss, se in parsed.sentences:
            bare = _BARE_REPLY.fullmatch(masked[ss:se].strip(" \t\n*_>-"))
            if bare:
                sides.add("no" if bare.group("neg") else "yes")
            word = _BARE_WORD.fullmatch(masked[ss:se].strip(" \t\n*_>-"))
            if word:
                sides.add("no" if word.group("no") or word.group("no2") or word.group("no3") else "yes")
    return sides.pop() if len(sides) == 1 else None


# "Negative." / "The answer is no." open an answer as a plain No does (vfix7: each scored 1.0 before the right figures
# of a Yes answer, the word read as no side at all)
_BARE_WORD = re.compile(r"(?:(?:so\s+|thus\s+)?the\s+(?:short\s+)?answer\s+is\s+(?:(?P<no>no|negative)|yes|affirmative)"
                        r"|in\s+the\s+(?:(?P<no2>negative)|affirmative)|(?P<no3>negative)|affirmative)\s*[.!]?")
_BARE_REPLY = re.compile(r"(?:it|this|they|that|the\s+answer)\s+(?:does|do|did|is|are|was|were|has|have|will|would)"
                         r"(?P<neg>\s+not|n't)?\s*[.!]?")


# ---------------------------------------------------------------- what a figure is stated for

# Words that may stand between a label and the figure stated for it: "the cap is", "the cap that governs now is",
# "Ostrander's maximum exposure, which on 30 April 2026 stood at", "the removal costs came in at", "| Removal costs |".
_BIND_GAP = re.compile(r"(?:[\s,(:|=\u2013\u2014-]|\b(?:is|was|are|were|be|been|would|will|now|then|currently|today|"
                       r"still|thus|therefore|so|stands?|stood|sits?|remains?|remained|at|totals?|totall?ed|came|"
                       r"comes?|in|to|amounts?|amounted|equals?|that|which|governs?|governing|appl(?:y|ies)|the|"
                       r"agenda|on|day|as|of|set|fixed|here|itself|accordingly|also|given)\b"
                       # "the exposure would be the larger, USD 61m": the figure is what the label is said to be
                       r"|\b(?:larger|greater|higher|bigger|smaller|lesser|lower)(?:\s+of\s+the\s+two)?(?=\s*[,:(\u2013\u2014-])"
                       # a day of the month with no year, which dates it as a date would ('offer of 14 April was')
                       r"|\b\d{1,2}(?:st|nd|rd|th)?\s+" + _MONTH_WORD + r"\b\.?|\b" + _MONTH_WORD + r"\.?\s+\d{1,2}(?:st|nd|rd|th)?\b"
                       r")*")
# After a figure, words that make it something other than the label's value: a gap ("USD 95.2m above the demand"),
# a share or a rate ("7.5% of the value", "USD 2,500 per ton"), or a step of working ("35% x USD 174.25m").
_BIND_STOP = re.compile(r"\s*(?:(?:above|below|over|under|beneath|more|less|higher|lower|greater|smaller|bigger|"
                        r"larger|short|beyond|than|x|times|plus|minus|of|per|up|down)\b|[+\u00d7*/]|-\s)")
# A figure after 'the' that a noun follows names that noun ('at the USD 1,450 list price'), unless the noun is the
# figure's own ('the USD 2.9m figure', 'the USD 2.9m total').
_NAMES_NOUN = re.compile(r"[ \t-]+(?!(?:figure|amount|total|sum|number|value|estimate|mark|level|in|on|at|of|for|to|"
                         r"by|as|and|or|is|was|are|were|be|from|with|that|which|per|a|an|the|now|then|today)\b)[a-z]")
_WORKING_END = re.compile(r"[;\n]|[.!?](?=\s|$)")
# (a hyphen or a dash is a minus only after a figure: 'JPY 297,680,000 - interim payment JPY 100,000,000 = ...', never
# a list's bullet; blind red team kit29b, right what-if answers 0.875 with the interim payment read as the balance)
_TERM_BEFORE = re.compile(r"(?:\b(?:times|x|plus|less|minus|multiplied\s+by|divided\s+by)|[+\u00d7*/]|\x01[ \t]*[-\u2212\u2013])"
                          r"\s+(?:the\s+)?$")
_GAP_BEFORE = re.compile(r"\b(?:headroom|room|margin|gap|shortfall|excess|distance|difference|buffer|cushion|"
                         r"overshoot)\s+(?:left\s+)?(?:under|below|within|beneath|to|from|against|over|above|beyond)\s+"
                         r"(?:the\s+|its\s+|their\s+)?$")
_PRONOUN_HEAD = re.compile(r"\s*(?:it|this(?:\s+figure)?|that(?:\s+figure)?|the\s+figure)\b")


@lru_cache(maxsize=8192)  # a task set reads each label about a hundred times
def _label_rx(phrase: str) -> re.Pattern:
    words = re.findall(r"'s|[a-z0-9.]+", phrase.lower().replace("'s", " 's"))
    body = r"[\s-]*".join(re.escape(w) if w != "'s" else r"'s" for w in words)
    return re.compile(r"(?<![\w'])" + body + r"(?:s|es)?(?![\w'])")


def _written_as(phrase: str, said: str) -> bool:
    """Whether `said` is the phrase itself as _label_rx reads it, not a plural of it."""
    words = re.findall(r"'s|[a-z0-9.]+", phrase.lower().replace("'s", " 's"))
    return re.fullmatch(r"[\s-]*".join(re.escape(w) if w != "'s" else r"'s" for w in words), said.lower()) is not None


@lru_cache(maxsize=8192)
def _first_word(phrase: str) -> str:
    """The first word of a label phrase as _label_rx matches it literally ('' when it has none)."""
    words = re.findall(r"'s|[a-z0-9.]+", phrase.lower().replace("'s", " 's"))
    return words[0] if words and words[0] != "'s" else ""


def _phrase_spans(parsed: Parsed, phrase: str) -> tuple[tuple[int, int], ...]:
    """Where one label phrase is written in a parsed text, read once per text (a rubric asks of every label in turn)."""
    key = ("phrase-spans", phrase)
    spans = parsed.cache.get(key)
    if spans is None:
        masked = parsed.masked
        # (a phrase whose first word is nowhere in the text is not looked for: most of a matter's labels, most texts)
        spans = parsed.cache[key] = tuple((m.start(), m.end()) for m in _label_rx(phrase).finditer(masked)) \
            if phrase.strip() and _first_word(phrase) in masked else ()
    return spans


def _label_spans(parsed: Parsed, phrases: Iterable[str]) -> list[tuple[int, int]]:
    key = ("labels", tuple(phrases))
    if key not in parsed.cache:
        spans = sorted({span for p in phrases for span in _phrase_spans(parsed, p)}, key=lambda x: (x[0], -x[1]))
        kept: list[tuple[int, int]] = []
        for s, e in spans:  # the longest reading of each place: "liability cap" inside "OPA 90 liability cap" is one
            if not kept or s >= kept[-1][1]:
                kept.append((s, e))
        parsed.cache[key] = kept
    return parsed.cache[key]


def _adjacent(parsed: Parsed, pos: int, dates: bool) -> Mention | None:
    """The figure written straight after a label ending at `pos`, a space between and nothing else, plainly asserted:
    the label's own even where working goes on after it ('618 x contract rate USD 1,450 x 3'; kit11: the list price
    given as the contract rate inside working scored 1.0)."""
    m = next((x for x in parsed.mentions if x.start >= pos), None)
    if m is None or parsed.masked[pos:m.start].strip() or m.status != "asserted" or (m.kind == "date") != dates:
        return None
    return m


_PICK_OF = re.compile(r"\b(?:greater|greatest|higher|highest|larger|largest|lesser|least|lower|lowest|smaller|smallest|"
                      r"max|maximum|min|minimum)\s+of\b[^.;\n=]*$")


def _bound_after(parsed: Parsed, pos: int, dates: bool, theirs: list[tuple[int, int]] = (),
                 hedged: bool = False, money: bool = False) -> Mention | None:
    """The figure a label ending at `pos` is said to be: the first after it with only binding words between (a date
    between, when the label is no date, is when it was so), plainly asserted and not a gap, a share, the figure of
    another label ('at the 35% fault share') or a step of working; where working follows ('the adjustments = 1,080,000
    + 650,000 - 150,000 = GBP 1,580,000'), what it comes to."""
    masked = parsed.masked
    stop = _SENTENCE_END.search(masked, pos)
    end = stop.start() if stop else len(masked)
    for m in parsed.mentions:
        if m.start < pos:
            continue
        if m.start >= end or not _BIND_GAP.fullmatch(masked, pos, m.start):
            return None
        if m.kind == "date" and not dates:
            pos = m.end
            continue
        if money and m.kind == "number" and m.unit:
            # an amount's label read past a count ('the offer on the 248-user validated shortfall would be USD
            # 215,760', kit11): the count is no amount
            unit = re.compile(r"[\s-]*" + r"[\s-]+".join(re.escape(w) for w in m.unit.split())).match(masked, m.end)
            pos = unit.end() if unit else m.end
            continue
        if m.kind == "money" and re.search(r"\bthe\s+$", masked[pos:m.start]) and _NAMES_NOUN.match(masked, m.end):
            # "the claim, at the USD 1,450 list price for 3 years, would be ...": the price's figure, an aside to its
            # comma (kit11)
            comma = masked.find(",", m.end, end)
            if comma < 0:
                return None
            pos = comma + 1
            continue
        opens = re.compile(r"\s*=").match(masked, m.end)  # "of 35% = USD 60,987,500": the first term of working
        if opens and _PICK_OF.search(masked, max(0, pos - 120), pos):
            # "greater of GBP 1,759,080 and passing rent GBP 1,240,000 = GBP 1,759,080": what a pick of the larger
            # comes to is not the label's figure (kit12: misstates_passing_rent on a right what-if)
            opens = None
        if not opens and "=" not in masked[pos:m.start] and ":" in masked[pos:m.start]:
            # "Understated sales: $19,550,000 audited (the audit report) less $18,400,000 reported = $1,150,000": words
            # between the first term and its operator, and the label's figure is what the working comes to (kit19: a
            # right memo's numbered working scored 0.06); only after 'Label:' ('FY2025 revenue USD 43,900,000 less
            # threshold USD 40,000,000 = USD 3,900,000' names the first term, kit18)
            eq = masked.find("=", m.end, end)
            if eq >= 0 and masked[m.end:eq].count("(") <= masked[m.end:eq].count(")") and re.search(
                    r"\b(?:less|minus|plus|times|multiplied\s+by|divided\s+by)\b|[+\u00d7*/]|\sx\s|\s-\s",
                                     masked[m.end:eq]):
                worked = _worked_to(parsed, eq)
                if worked is not None:
                    m = worked
        if "=" in masked[pos:m.start] or opens:
            first = m
            m = _worked_to(parsed, masked.find("=", pos, m.start) if not opens else opens.end() - 1)
            if m is None and opens and first.status in ("asserted", "hedged"):
                # "the amount in dispute (USD 827,080 = USD 1,078,800 - USD 251,720)": the working comes to nothing
                # after it, so the figure before the '=' is what it comes to (kit11)
                m = first
            if m is None:
                return None
        if m.status not in (("asserted", "hedged") if hedged else ("asserted",)) \
                or any(os_ == _skip_space(masked, m.end) for os_, _ in theirs):
            return None
        after, words = m.end, (m.unit or "").split()
        for k in range(len(words) + 1):  # "6.2 percentage points above it", "62,480 GT above the floor"
            if _BIND_STOP.match(masked, after):
                return None
            if k < len(words):
                unit = re.compile(r"[\s-]*" + re.escape(words[k])).match(masked, after)
                if unit is None:
                    break
                after = unit.end()
        return m
    return None


def _heads(parsed: Parsed, s: int, si: int | None) -> bool:
    """Whether a label at `s` opens its line or its sentence (a bullet, a number or 'the' before it)."""
    start = max(parsed.masked.rfind("\n", 0, s) + 1, parsed.sentences[si][0] if si is not None else 0)
    return not re.sub(r"^[\s>*_#|\u2022\d.)-]*(?:the\s+)?", "", parsed.masked[start:s]).strip()


def _skip_space(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t":
        i += 1
    return i


def _worked_to(parsed: Parsed, eq: int) -> Mention | None:
    """What working that opens at the '=' at `eq` comes to: the first figure after an '=' that no operator follows
    ('= 15,600,000 - 1,080,000 - 650,000 + 150,000 = GBP 14,020,000, so ...' comes to GBP 14,020,000)."""
    masked = parsed.masked
    seg = _WORKING_END.search(masked, eq)
    seg_end = seg.start() if seg else len(masked)
    while True:
        r = next((x for x in parsed.mentions if x.start > eq), None)
        if r is None or r.start >= seg_end:
            return None
        # a term may carry its own note: "1,080,000 (capitalised development, supposed) + 650,000"
        note = re.compile(r"\s*(?:\([^()]*\)|\[[^\[\]]*\])").match(masked, r.end)  # or '[248 x 1,450 x 3]'
        at = note.end() if note else r.end
        if not _ARITHMETIC_AFTER.match(masked, at) and not _OPERATOR_AFTER.match(masked, at):
            return r
        eq = masked.find("=", r.end, seg_end)
        if eq < 0:
            return None


_OPERATOR_AFTER = re.compile(r"\s*(?:[a-z][a-z'-]*\s+){0,3}?(?:[-+\u00d7*/]|x\b|less\b|plus\b|minus\b|times\b)")


def _cell_after_working(parsed: Parsed, e: int, m: Mention, dates: bool, money: bool) -> Mention:
    """After a label with its working in a bracket, the figure after the colon or the cell bar that follows the bracket
    (else `m`)."""
    text = parsed.masked
    line_end = text.find("\n", e)
    line_end = len(text) if line_end < 0 else line_end
    head = re.compile(r"\s*\([^()\n]*\)\s*[*_]*\s*[:|]").match(text, e, line_end)
    if head is None or re.fullmatch(r"\s*\(\s*\x01+\s*\)\s*[*_]*\s*[:|]", head.group()):
        return m  # ('the earn-out cap (USD 8m): a gap of USD 1.75m': the bracket holds the label's own figure; kit18)
    bar = head.end() - 1
    nxt = next((x for x in parsed.mentions if bar < x.start < line_end and (dates or x.kind != "date")
                and (not money or x.kind == "money")), None)
    return nxt if nxt is not None and nxt.status == "asserted" else m


def _row_bound(parsed: Parsed, s: int, e: int, dates: bool) -> Mention | None:
    """In a table row whose first cell holds the label alone ('total claims (alternative) | 46700000'), the row's
    first figure."""
    text = parsed.masked
    line_start = text.rfind("\n", 0, s) + 1
    line_end = text.find("\n", e)
    line_end = len(text) if line_end < 0 else line_end
    row = text[line_start:line_end]
    cells = [c for c in row.strip().strip("|").split("|")]
    if len(cells) < 2 or "?" in cells[0] or _MARK in cells[0]:
        return None
    first_end = line_start + row.index("|", row.index(cells[0]) if cells[0] else 0)
    if not (line_start <= s and e <= first_end):
        return None
    # the first cell names the label and nothing else ('| Contribution demand (current) |'), not a phrase about it
    # ('| Cap exceeds demand by |' holds the gap, not the demand)
    if re.sub(r"^\s*(?:the\s+)?", "", re.sub(r"\([^()]*\)|[*_:]", " ", cells[0])).split() != text[s:e].split():
        return None
    for m in parsed.mentions:
        if first_end <= m.start < line_end and (dates or m.kind != "date"):
            return m if m.status == "asserted" else None
    return None


_LIMIT_ON_BEFORE = re.compile(r"\b(?:cap|ceiling|limit|threshold|floor|maximum|minimum|tolerance)\s+(?:on|of|for|to)\s+"
                             r"(?:the\s+|its\s+|their\s+|any\s+)?$", re.I)


def bound_figures(text: Parsed | str, phrases: Iterable[str], others: Iterable[str] = (),
                  dates: bool = False, hedged: bool = False, money: bool = False) -> list[Mention]:
    """The figures a text states for a label (any of `phrases`): "the cap is USD 156.2m", "the cap (USD 156.2m)",
    "the cap that governs now is ...", a table row's figure, and "It now stands at ..." when the sentence before
    named this label last. A phrase inside a longer label of `others` names that other thing ("cap" in "Clause
    41.3 cap"); a figure that is a gap, a share or a step of working ("USD 95.2m above the demand") is bound to
    nothing. With `dates`, the label is a date and a date is its figure."""
    parsed = parse(text) if isinstance(text, str) else text
    phrases, others = tuple(phrases), tuple(o for o in others if o not in phrases)
    mine = _label_spans(parsed, phrases)
    theirs = _label_spans(parsed, others)
    mine = [(s, e) for s, e in mine if not any(os <= s and e <= oe and oe - os > e - s for os, oe in theirs)]
    # a label read as a plural of this one that another label writes as it stands names that other one ('retrieval
    # costs' is the retrieval costs, not the retrieval cost per unit named 'retrieval cost': blind red team kit29b,
    # right memos lost 0.24 to misstates_unit_logistics)
    mine = [(s, e) for s, e in mine if (s, e) not in theirs or any(_written_as(p, parsed.masked[s:e]) for p in phrases)]
    found: list[Mention] = []
    for s, e in mine:
        counted = re.search(r"\x01\s*(?:the\s+)?$", parsed.masked[max(0, s - 8):s])
        if counted is None:
            # "USD 166.5m of net debt over USD 45.0m of covenant EBITDA (USD 41.2m reported plus ...)": an amount
            # before 'of' is the label's own, and the figures after it are its working (vfix8: a right reply lost 0.86
            # to misstates_covenant_ebitda); a share before 'of' is no such amount ('5% of the contract sum')
            counted = re.search(r"\x01\s*of\s+(?:the\s+|its\s+|their\s+)?$", parsed.masked[max(0, s - 16):s])
            if counted and not any(m.kind in ("money", "number") and m.end == s - (counted.end() - counted.start()) + 1
                                   for m in parsed.mentions):
                counted = None
        if counted and not any(m.kind == "date" and m.end == s - (counted.end() - counted.start()) + 1
                               for m in parsed.mentions):
            continue  # "the 10,560 claims in the review period": the label is what the figure before it counts
            # (a date before it dates the sentence: "On April 30, 2026 the exposure stood at ...")
        if _GAP_BEFORE.search(parsed.masked[max(0, s - 40):s]):
            continue  # "headroom under the cap is USD 9.5m": the figure is the headroom's, not the cap's (kit15)
        if _LIMIT_ON_BEFORE.search(parsed.masked[max(0, s - 40):s]):
            continue  # "the SPA cap on the earn-out is USD 8,000,000": the figure is the cap's, not the earn-out's (kit18)
        if _TERM_BEFORE.search(parsed.masked[max(0, s - 24):s]):
            # "the per-ton limit times the gross tonnage (USD 156.2m)": the figure is the product's; but a figure
            # written straight after the label is the label's own ('618 x contract rate USD 1,450 x 3'; kit11: the list
            # price given as the contract rate scored 1.0)
            m = _adjacent(parsed, e, dates)
            if m is not None:
                found.append(m)
            continue
        si = next((i for i, (a, b) in enumerate(parsed.sentences) if a <= s < b), None)
        if si is not None and parsed.text[parsed.sentences[si][0]:parsed.sentences[si][1]].rstrip().endswith("?"):
            continue
        m = _bound_after(parsed, e, dates, theirs, hedged, money)
        share = re.search(r"\x01\s*of\s+(?:the\s+)?$", parsed.masked[max(0, s - 16):s])
        if m is not None and share and "(" not in parsed.masked[e:m.start] and any(
                x.kind == "percent" and x.end == s - (share.end() - share.start()) + 1 for x in parsed.mentions):
            continue  # "capped at 5% of the contract sum, USD 1,230,000": the figure is the share's, not the sum's
        if m is not None and ":" in parsed.masked[e:m.start] and not _heads(parsed, s, si):
            m = None  # "Label: figure" heads a line or a sentence; "A is above B: X against Y" lists two figures
        line_start = parsed.masked.rfind("\n", 0, s) + 1
        if m is not None and re.match(r"\s*\(", parsed.masked[e:m.start]) and ")" not in parsed.masked[e:m.start]:
            # a label with its working in a bracket, then its figure after a colon or in the next cell ('| Termination
            # fee (3x of USD 1,458,000 ...) | USD 4,374,000 |': kit16, a right answer 0.71): the figure is that one
            m = _cell_after_working(parsed, e, m, dates, money)
        if m is None and "|" in parsed.masked[line_start:s + 1] + parsed.masked[e:e + 80]:
            m = _row_bound(parsed, s, e, dates)
        if m is not None:
            found.append(m)
    # "It now stands at USD 16.45m": the sentence's subject is the label the sentence before named last
    for si in range(1, len(parsed.sentences)):
        ss, se = parsed.sentences[si]
        head = _PRONOUN_HEAD.match(parsed.masked, ss)
        if head is None:
            continue
        ps, pe = parsed.sentences[si - 1]
        named = [(s, 0) for s, e in mine if ps <= s < pe] + [(s, 1) for s, e in theirs if ps <= s < pe]
        if named and max(named)[1] == 0:
            m = _bound_after(parsed, head.end(), dates, theirs, hedged, money)
            if m is not None and m not in found:
                found.append(m)
    return found
