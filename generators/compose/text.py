"""Small text helpers: casing, sentences, dates, and screening of words that come from data."""

from __future__ import annotations

import datetime as dt
import functools
import re
from typing import Iterable

from worldsmith.worlds.values import DateValue, render_value

# The first words that may be lower-cased mid-sentence; anything else (a name, an acronym) keeps its case.
_SOFT_STARTS = {
    "the", "a", "an", "our", "their", "its", "this", "that", "these", "those", "each", "all", "any",
    "total", "closing", "final", "agreed", "revised", "current", "initial", "first", "second", "last",
    "annual", "monthly", "maximum", "minimum", "aggregate", "purchase", "liability", "deadline", "date",
    "amount", "number", "rate", "interest", "notice", "completion", "signing", "payment", "fee", "fees",
    "cap", "price", "term", "termination", "effective", "governing", "budget", "target", "estimated",
    # prepositions and conjunctions never start a name ("It is common ground that on February 26, ...")
    "on", "in", "at", "by", "for", "from", "under", "with", "after", "before", "during", "since", "until",
    "when", "while", "if", "as", "per",
}
_BAD = re.compile(r"[{}\[\]<>]|lorem|ipsum|\btodo\b|\btbd\b|as an ai|placeholder|xxx", re.IGNORECASE)


def usable(text: str) -> bool:
    """Whether a word or phrase from data can go into output (no placeholders, brackets or filler)."""
    return bool(text and text.strip()) and not _BAD.search(text)


def clean_list(items: list[str]) -> list[str]:
    """The usable, stripped items of a list from data."""
    return [i.strip().rstrip(".") for i in items if usable(i)]


def lower_first(text: str, names: Iterable[str] = ()) -> str:
    """Lower-case the first letter when the first word is an ordinary word, for use mid-sentence (`names`: the
    world's own names, whose words never lower: "in substance, halvard must then analyse", an unseen outline)."""
    text = text.strip()
    if not text:
        return text
    parts = text.split()
    first = parts[0]
    if first.islower():
        return text
    if re.sub(r"(?:'s|’s)?[,.;:]*$", "", first) in {w for n in names for w in n.split()}:
        return text
    title_case = first[:1].isupper() and first[1:].islower() and "'" not in first and "’" not in first
    # "Cargo lost overboard" is sentence case and lowers; "Harrow Vane's fee" starts with a name and does not,
    # nor does "Jeffrey asked us to confirm" (a first name of the cast's locales).
    # ("Unless I hear otherwise" is sentence case too: "I" is capital anywhere)
    sentence_case = len(parts) > 1 and (parts[1][:1].islower() or re.match(r"I(?:'|’|$)", parts[1]) is not None) \
        and first.strip(",.;:") not in first_names()
    if title_case and (first.lower() in _SOFT_STARTS or sentence_case):
        return text[:1].lower() + text[1:]
    return text


@functools.lru_cache(maxsize=1)
def first_names() -> frozenset[str]:
    """The first names Faker draws the cast from (English locales), which never lower-case mid-sentence."""
    from faker.providers.person.en_GB import Provider as GB
    from faker.providers.person.en_US import Provider as US

    return frozenset(n for provider in (US, GB) for n in provider.first_names)


# Abbreviations after whose full stop a lower-case word goes on the same sentence ("Ltd. and", "v. Ostrander"), with
# the company forms of other countries (blind read 34: 'Serra Azul ... Ltda. Against the assessment')
_ABBREVIATIONS = {"ltd", "ltda", "cia", "pty", "bhd", "sarl", "spa", "inc", "co", "corp", "plc", "llp", "llc", "mr", "mrs", "ms", "dr", "st", "no", "nos", "v", "vs",
                  "e.g", "i.e", "cf", "etc", "approx", "para", "paras", "pp", "p", "s", "ss", "art", "fig", "jan", "feb",
                  "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "u.s", "al"}


_THE_THE = re.compile(r"\b([Tt]he) the\b")
_DOUBLE_STOP = re.compile(r"(?<=\w)\.\.(?!\.)")
_PLURAL_NAME = re.compile(r"\b(Partners|Holdings|Systems|Industries|Services|Tankers|Brothers|Associates)'s\b")
_LOWER_START = re.compile(r"(\S+)([.!?]) ([a-z])")


def tidy(text: str, keep: tuple[str, ...] = ()) -> str:
    """Mend what joining frames leaves: 'the the', a doubled full stop after an abbreviation ('Ltd..'), and a sentence
    that starts in lower case after another's full stop. Text that begins one of `keep` (a fact's exact text, which
    checks look for as written) keeps its case."""
    # (each mend only where its mark is in the text: this runs over every paragraph composed)
    if "he the" in text:
        text = _THE_THE.sub(r"\1", text)
    if ".." in text:
        text = _DOUBLE_STOP.sub(".", text)
    if "s's" in text:
        text = _PLURAL_NAME.sub(r"\1'", text)

    def upper(m: re.Match) -> str:
        before, stop, word = m.group(1), m.group(2), m.group(3)
        token = before.lower().rstrip(".").lstrip("(\"'")
        if stop == "." and (token in _ABBREVIATIONS or len(token) == 1 or re.fullmatch(r"(?:[a-z]\.)+[a-z]", token)):
            return m.group(0)
        rest = text[m.start(3):]
        if any(k and rest.startswith(k) for k in keep):
            return m.group(0)
        return f"{before}{stop} {word.upper()}"

    return _LOWER_START.sub(upper, text)


_DETERMINERS = {"the", "a", "an", "our", "their", "its", "this", "that", "these", "those", "my", "your", "his", "her"}


def noun_phrase(text: str) -> str:
    """A title as a noun phrase mid-sentence: 'Liability cap' -> 'the liability cap'."""
    text = lower_first(strip_end(text))
    if not text:
        return text
    # (a name's possessive is its own determiner: "Ostrander's maximum exposure", never "the Ostrander's ...")
    if text.split()[0].lower() in _DETERMINERS or re.match(r"[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*['\u2019]s\s", text):
        return text
    return "the " + text


def cap_first(text: str) -> str:
    """Upper-case the first letter, leaving the rest alone."""
    text = text.strip()
    return text[:1].upper() + text[1:]


def strip_end(text: str) -> str:
    """The text without trailing full stops, commas or spaces."""
    return text.strip().rstrip(".;,:").strip()


def sentence(text: str) -> str:
    """A sentence: capitalised, ending with a full stop unless it already ends a sentence."""
    text = cap_first(text.strip())
    return text if text[-1:] in ".!?" else text + "."


def long_date(day: dt.date, locale: str = "en_US") -> str:
    """A date written out as the canonical form writes it in this locale: March 4, 2025 or 4 March 2025."""
    return render_value(DateValue(value=day), locale)


def mail_day(day: dt.date, locale: str = "en_US", today: dt.date | None = None) -> str:
    """A day as mail names it: 'June 19' or '19 June' in `today`'s year, with its year in any other ('14 March 2023':
    'the Turbine Supply Agreement of 14 March' in a 2027 message read as a paper of March 2027, an unseen outline)."""
    if today is not None and day.year != today.year:
        return long_date(day, locale)
    return f"{day:%B} {day.day}" if locale == "en_US" else f"{day.day} {day:%B}"


def join_names(names: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


# a file room's mark on a paper's title, which its author could not have written on the day it was made
_ROOM_MARK = re.compile(r"\s*\((?:[^()]*\b)?(?:withdrawn|superseded|replaced|not sent|not relied on)\b[^()]*\)", re.I)


def own_title(title: str) -> str:
    """The title a paper bears on its own page: the room's status mark dropped ('Compliance certificate: test date 31
    December 2025 (withdrawn)' -> '... 31 December 2025'), which its file name and the margin stamp keep (blind read
    36: a certificate headed '(withdrawn)' on the day it was delivered)."""
    return _ROOM_MARK.sub("", title).strip() or title


def title_head(title: str) -> str:
    """A file's title as a noun phrase: its instance date and subtitle dropped, the first word in lower case when
    the title is in sentence case ("Memo re OPA 90 limitation" -> "memo re OPA 90 limitation"). A draft is named as
    its writer named it then: "draft v1 of the memo re ...", never "superseded", which no one knew yet."""
    head = title.split(" - ")[0]
    marker = re.match(r"\s*(draft[^:]*?)\s*(?:\([^)]*\))?\s*:\s*(.+)", head, re.I)
    if marker:
        return f"{marker.group(1).lower()} of the {title_head(marker.group(2))}"
    note = re.search(r"\s*\(([^)]*)\)", head)
    if note and re.search(r"superseded|interim|draft", note.group(1), re.I):
        kept = [w for w in re.split(r"[,\s]+", note.group(1).lower()) if w in ("interim", "draft")]
        head = " ".join(kept + [title_head(head[:note.start()] + head[note.end():])])
        return head
    if ": " in head and len(head.split(": ")[0].split()) == 1:
        # "Minutes: Aurelian Tide kick-off" -> "minutes of the Aurelian Tide kick-off"
        kind, rest = head.split(": ", 1)
        return f"{kind.lower()} of the {rest}"
    if ": " in head and len(head.split(": ")[0].split()) >= 2:
        head = head.split(": ")[0]
    words = head.split()
    # "Certificate of Financial Responsibility" is a name; "Memo re OPA 90 limitation" is sentence case.
    named = len(words) > 2 and words[1] in ("of", "and", "for") and words[2][:1].isupper() and not words[2].isupper()
    if len(words) > 1 and words[1][:1].islower() and words[0][:1].isupper() and not words[0].isupper() and not named:
        head = words[0].lower() + head[len(words[0]):]
    return head


_MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December"]
_DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MON = "|".join(_MONTH_NAMES)
_WD = "|".join(_DAY_NAMES)
# A weekday written next to a date, in the ways mail writes it: "April 30 (Friday)", "Thursday, April 30",
# "Thursday 30 April", "30 April (Thursday)", each with or without a year.
_DATED_WEEKDAY = re.compile(
    rf"\b(?P<w1>{_WD}),?\s+(?P<m1>{_MON})\s+(?P<d1>\d{{1,2}})(?:,\s+(?P<y1>\d{{4}}))?\b"
    rf"|\b(?P<w2>{_WD}),?\s+(?P<d2>\d{{1,2}})\s+(?P<m2>{_MON})(?:\s+(?P<y2>\d{{4}}))?\b"
    rf"|\b(?P<m3>{_MON})\s+(?P<d3>\d{{1,2}})(?:,\s+(?P<y3>\d{{4}}))?\s+\((?P<w3>{_WD})\)"
    rf"|\b(?P<d4>\d{{1,2}})\s+(?P<m4>{_MON})(?:\s+(?P<y4>\d{{4}}))?\s+\((?P<w4>{_WD})\)")


def _nearest(month: int, day: int, year: str | None, today: dt.date) -> dt.date | None:
    """The date a day and month name, in the year given or else the one that puts it nearest `today`."""
    years = [int(year)] if year else [today.year - 1, today.year, today.year + 1]
    found = []
    for y in years:
        try:
            found.append(dt.date(y, month, day))
        except ValueError:
            continue
    return min(found, key=lambda d: abs((d - today).days)) if found else None


def true_weekdays(text: str, today: dt.date) -> str:
    """The text with every weekday name written beside a date made the weekday of that date ("April 30 (Friday)"
    for 2026-04-30, a Thursday, read as a careless date to every reader): the date is the engine's, the name is
    worked out from it. A date with no year is taken in the year that puts it nearest `today`."""
    def fix(m: re.Match) -> str:
        for i in "1234":
            if m.group("w" + i):
                break
        month = _MONTH_NAMES.index(m.group("m" + i)) + 1
        day = _nearest(month, int(m.group("d" + i)), m.group("y" + i), today)
        if day is None:
            return m.group(0)
        name = _DAY_NAMES[day.weekday()]
        start, end = m.span("w" + i)
        s = m.start()
        return m.group(0)[:start - s] + name + m.group(0)[end - s:]
    return _DATED_WEEKDAY.sub(fix, text)
