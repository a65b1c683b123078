"""Spelling by the outline's locale: the composer's own words in the locale's spelling, in every kind.

Read 20 rejected "an 'executed copy' of a US credit agreement written with UK spelling ('amortisation',
'capitalised')": the phrase banks are written in one spelling, and an outline in another locale got it word for word.
Only words the composer wrote are respelled: a word the artifact's context already holds (a fact's value or label, a
name, a title, the outline's own words) stays as the outline wrote it, since facts must appear exactly as given.
"""

from __future__ import annotations

import functools
import re

from pydantic import BaseModel

from worldsmith.generators.compose.reword import mapped

# British stems that take -ize/-ization in American spelling (each with its -e, -ed, -es, -ing, -ation, -er forms);
# a list, not a rule: "exercise", "premise", "advise", "revise", "otherwise" end in -ise in both.
_ISE = ("amortis", "capitalis", "organis", "recognis", "realis", "authoris", "minimis", "maximis", "summaris",
        "utilis", "apologis", "emphasis", "prioritis", "finalis", "standardis", "categoris", "characteris", "itemis",
        "monetis", "securitis", "normalis", "penalis", "specialis", "criticis", "digitis", "optimis", "rationalis",
        "subsidis", "legalis", "formalis", "memorialis", "familiaris", "scrutinis", "annualis", "equalis", "hospitalis",
        "stabilis", "mobilis", "visualis", "localis", "centralis", "customis", "jeopardis", "synchronis", "neutralis",
        "capsiz", "sanitis", "publicis", "harmonis", "modernis", "computeris", "materialis", "terroris", "victimis")
_ISE_END = r"(e|ed|es|ing|ation|ations|er|ers)"
_UK_US = {
    "analyse": "analyze", "analysed": "analyzed", "analyses": "analyzes", "analysing": "analyzing",
    "catalogue": "catalog", "catalogues": "catalogs", "cheque": "check", "cheques": "checks",
    "colour": "color", "colours": "colors", "favour": "favor", "favours": "favors", "favourable": "favorable",
    "unfavourable": "unfavorable", "favoured": "favored", "behaviour": "behavior", "behaviours": "behaviors",
    "honour": "honor", "honoured": "honored", "honours": "honors", "labour": "labor", "endeavour": "endeavor",
    "endeavours": "endeavors", "centre": "center", "centres": "centers", "fibre": "fiber", "metre": "meter",
    "metres": "meters", "litre": "liter", "litres": "liters", "defence": "defense", "offence": "offense",
    "licence": "license", "licences": "licenses", "programme": "program", "programmes": "programs",
    "judgement": "judgment", "judgements": "judgments", "acknowledgement": "acknowledgment",
    "acknowledgements": "acknowledgments", "instalment": "installment", "instalments": "installments",
    "fulfil": "fulfill", "fulfils": "fulfills", "enrol": "enroll", "enrolment": "enrollment", "ageing": "aging",
    "learnt": "learned", "spelt": "spelled", "whilst": "while", "cancelled": "canceled", "cancelling": "canceling",
    "labelled": "labeled", "labelling": "labeling", "modelled": "modeled", "modelling": "modeling",
    "travelled": "traveled", "travelling": "traveling", "totalled": "totaled", "totalling": "totaling",
    "signalled": "signaled", "counselled": "counseled", "grey": "gray", "manoeuvre": "maneuver",
    "per cent": "percent", "diarise": "calendar", "diarised": "calendared", "diarising": "calendaring",
    "paediatric": "pediatric", "anaesthesia": "anesthesia", "orthopaedic": "orthopedic", "oestrogen": "estrogen",
    "mould": "mold", "plough": "plow", "sceptical": "skeptical", "storey": "story", "storeys": "stories",
    "kerb": "curb", "tyre": "tire", "tyres": "tires", "aluminium": "aluminum",
}
# The other way, only what is British without doubt: -ize is good Oxford spelling, so it stays.
_US_UK = {
    "color": "colour", "colors": "colours", "favor": "favour", "favors": "favours", "favorable": "favourable",
    "unfavorable": "unfavourable", "behavior": "behaviour", "behaviors": "behaviours", "honor": "honour",
    "labor": "labour", "endeavor": "endeavour", "center": "centre", "centers": "centres", "fiber": "fibre",
    "catalog": "catalogue", "installment": "instalment", "installments": "instalments",
    "fulfill": "fulfil", "enrollment": "enrolment", "aging": "ageing", "canceled": "cancelled",
    "canceling": "cancelling", "labeled": "labelled", "labeling": "labelling", "modeled": "modelled",
    "modeling": "modelling", "traveled": "travelled", "totaled": "totalled", "totaling": "totalling", "gray": "grey",
    "maneuver": "manoeuvre", "pediatric": "paediatric", "orthopedic": "orthopaedic", "skeptical": "sceptical",
    "analyze": "analyse", "analyzed": "analysed", "analyzing": "analysing",
}


@functools.cache
def _table(locale: str) -> tuple[re.Pattern, dict[str, str]] | None:
    if locale == "en_US":
        words = dict(_UK_US)
        rx = r"\b(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r"|(?:" + \
            "|".join(_ISE) + r")" + _ISE_END + r")\b"
    elif locale.startswith("en_") and locale != "en_CA":
        words = dict(_US_UK)
        rx = r"\b(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")\b"
    else:
        return None
    return re.compile(rx), words


def _us(word: str, words: dict[str, str]) -> str:
    if word in words:
        return words[word]
    stem = re.match(r"(.*)is(e|ed|es|ing|ation|ations|er|ers)$", word)
    return f"{stem.group(1)}iz{stem.group(2)}" if stem else word


def respell(text: str, locale: str, keep: frozenset[str] = frozenset()) -> str:
    """`text` with the composer's lower-case words in the locale's spelling; a word in `keep` (lower case) stays."""
    table = _table(locale)
    if table is None or not text:
        return text
    rx, words = table

    def one(m: re.Match) -> str:
        word = m.group(0)
        if word.lower() in keep or not word[:1].islower():
            return word  # (a capitalised word may be a name: "Harbour Centre", "Amortisation Schedule" as titled)
        return _us(word, words) if locale == "en_US" else words.get(word, word)

    return rx.sub(one, text)


def respells(content, locale: str) -> bool:
    """Whether any string in a content model holds a lower-case word the locale's table would respell: only then is
    what the context holds (`words_of`, a walk of the whole dumped context) worth reading."""
    table = _table(locale)
    if table is None:
        return False
    rx = table[0]

    def any_in(v) -> bool:
        if isinstance(v, str):
            return any(m.group(0)[:1].islower() for m in rx.finditer(v))
        if isinstance(v, BaseModel):
            return any(any_in(getattr(v, name)) for name in type(v).model_fields)
        if isinstance(v, dict):
            return any(any_in(x) for x in v.values())
        if isinstance(v, (list, tuple)):
            return any(any_in(x) for x in v)
        return False

    return any_in(content)


def words_of(value) -> frozenset[str]:
    """The lower-cased words of every string in a value (a context dumped to plain data): what it already holds."""
    out: set[str] = set()

    def walk(v) -> None:
        if isinstance(v, str):
            out.update(w.lower() for w in re.findall(r"[A-Za-z]+", v))
            if re.search(r"(?i)\bper cent\b", v):
                out.add("per cent")
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)

    walk(value)
    return frozenset(out)


def spelled(content, locale: str, keep: frozenset[str] = frozenset()):
    """A content model (or any value inside one) with every string respelled for the locale (see `respell`)."""
    if _table(locale) is None:
        return content
    return mapped(content, lambda text: respell(text, locale, keep))
