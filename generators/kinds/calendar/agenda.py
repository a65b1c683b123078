"""A call's agenda items as its organiser writes them: the paper by its usual name, the figure by its label and value,
the date by the event it is, and what the call does with each in a word or two.

Blind reads 35 and 35b rejected the week's events pasted into frames: "Office of the Fair Work Ombudsman's Enforceable
undertaking under section 715 of the Fair Work Act 2009: Coastline Home & Living Pty Ltd of 23 June: what it
triggers", "The total remediation (AUD 8,977,200): the working", "... has passed: what we do now", "the support for
it", and one self-report down twice (its date as a fact, and the paper). An organiser's item is a short noun phrase
(the Enforceable undertaking from the Fair Work Ombudsman, 23 June: obligations and timetable), a figure is its label
and value, and a day that is a paper's day on the same agenda is the paper's item.
"""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.text import cap_first, mail_day
from worldsmith.generators.compose.week import (answered, event_name, final_paper, has_plan, note_title, signed_ours,
                                                title_words)

_MINUTES = re.compile(r"\bminutes\b", re.I)
_FIGURE = ("money", "number", "percent")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.I)


def noun(label: str) -> str:
    """A label as an item opens on it: without its article, capitalised ('the interest on back pay' -> 'Interest on
    back pay')."""
    return cap_first(_ARTICLE.sub("", label.strip()))


def event_of(label: str) -> str:
    """The event a date's label names, as an item says it ('the mediation date' -> 'the mediation')."""
    name = event_name(label)
    return name if name != label else label


def same_thing(label: str, text: str, paper, locale: str) -> bool:
    """Whether a date of the ledger (its label and its text) is the day of a paper about the same thing (the
    self-report date and the self-report made that day)."""
    words = title_words(label) - {"dates", "deadline"}
    return paper.what == "paper" and mail_day(paper.day, locale) in text and bool(words & title_words(paper.title))


def _paper(e, events: list, day: dt.date, locale: str, ours: set[str], d: str = "") -> str:
    d = d or mail_day(e.day, locale)
    name = usual_name(e.title, e.org)
    if _MINUTES.search(e.title or ""):
        return f"{name} ({d}): to note"
    if e.org not in ours:
        came = f"{name} ({e.org + ', ' if e.org else ''}{d})"
        if e.replaced:
            return f"{came}: superseded, for the record"
        if final_paper(e):
            return f"{came}: obligations and timetable"
        if e.what == "last" or answered(e, events, ours):
            return f"{came}: anything further"
        return f"{came}: our response"
    if signed_ours(e):
        return f"{name} (signed {d}): the steps that follow"
    if e.across:
        return f"{name} (sent {d}): any response"
    by = e.by.split(" ")[0] if e.by else ""
    if e.what == "last":
        return f"{name} ({by + ', ' if by else ''}{d}): anything open"
    return f"{name} ({by + chr(39) + 's draft, ' if by else ''}{d}): comments"


_GENRES = {"memo", "memorandum", "note", "report", "letter", "paper", "advice", "draft memo", "draft note"}
_QUALIFIER = re.compile(r"\s+(?:under|pursuant to|in respect of|in relation to)\s+.*$", re.I)


def usual_name(title: str, org: str = "") -> str:
    """A paper as an agenda names it: its status-note name (compose.week.note_title) without the provision it is made
    under ('Enforceable undertaking under section 715 of the Fair Work Act 2009' -> 'Enforceable undertaking')."""
    name = note_title(title, org)
    if name.lower() in _GENRES:
        # a genre alone names no paper ('Memo re OPA 90 limitation of liability: M/T Aurelian Tide' was "Memo"): its
        # title's head says what it is on
        name = title.partition(":")[0].strip()
    cut = _QUALIFIER.sub("", name)
    return cap_first(cut if len(cut.split()) >= 2 else name)


# a date this close is in its last days: what is left is checking, not planning
FINAL_DAYS = 3


def ahead_item(label: str, text: str, when: dt.date, day: dt.date) -> str:
    """A date still to come as an item: an event prepared for, a deadline's work given out, and in its last days the
    final checks ('Answer deadline (May 1, 2026): final checks' two days before it, after a week of 'who does
    what')."""
    event, final = event_of(label), (when - day).days <= FINAL_DAYS
    if event != label:
        return f"{cap_first(event)} on {text}: final preparations" if final else f"Preparation for {event} ({text})"
    return f"{noun(label)} ({text}): {'final checks' if final else 'who does what'}"


def written_day(text: str) -> dt.date | None:
    """The day a date fact's text writes ('June 16, 2026', '16 June 2026'), or None."""
    for fmt in ("%B %d, %Y", "%d %B %Y"):
        try:
            return dt.datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    return None


def item(e, events: list, day: dt.date, locale: str, ours: set[str], d: str = "") -> str:
    """One event of the call's week as an agenda item (a paper's day written `d`, where given)."""
    label, text = noun(e.label or ""), e.text
    if e.what in ("paper", "last"):
        return _paper(e, events, day, locale, ours, d)
    if e.what == "met":
        return f"{cap_first(e.title)} ({mail_day(e.day, locale)}): actions arising"
    if e.what == "awaited":
        return f"Our {usual_name(e.title)[:1].lower() + usual_name(e.title)[1:]} of {mail_day(e.day, locale)}: still with {e.org}"
    if e.what == "moved":
        return f"{label} now {text} (was {e.before}): why it moved"
    if e.type == "date":
        event = event_of(e.label or "")
        if e.what in ("due", "next"):
            return ahead_item(e.label or "", text, e.day, day)
        if e.what == "passed":
            return f"{cap_first(event)} today: final points" if e.day == day else \
                f"After {event} ({text}): next steps" if has_plan(e.label or "") else f"After {event} ({text})"
        ahead = written_day(text)
        if ahead is not None and ahead > day:  # a date learnt that is still to come is one to prepare for
            return ahead_item(e.label or "", text, ahead, day)
        return f"{label}: {text}"
    if e.what == "learnt":
        if e.day == day:
            return f"New today: {e.label} ({text})"
        if e.type == "text":
            return f"{label}: {text}"
        if e.org and e.org not in ours and e.type in _FIGURE and not e.derived and not e.standing:
            return f"{label} ({text}): our position"
        return f"{label} ({text})"
    if e.what in ("latest", "lapsed"):
        return f"{label} ({text}): any change"
    return f"{label} ({text})" if label else cap_first(e.title)


def agenda_items(events: list, day: dt.date, locale: str, ours: set[str],
                 dates: list[tuple[str, str]] = ()) -> list[str]:
    """The items of a call's week, in the order given, and no item twice. A date of the week or of `dates` (the
    meeting's own date facts, as label and text) that is the day of a paper on the agenda is said in the paper's item,
    in full ('Self-report (sent 14 April 2026): any response'), not as an item of its own (blind read 35b, "the
    self-report listed twice")."""
    known = [(e.label, e.text) for e in events if e.type == "date" and e.what not in ("paper", "last")] + list(dates)
    full = {id(p): next((text for label, text in known if same_thing(label, text, p, locale)), "") for p in events}
    out: list[str] = []
    for e in events:
        if e.type == "date" and e.what not in ("paper", "last") and \
                any(same_thing(e.label, e.text, p, locale) for p in events):
            continue
        said = item(e, events, day, locale, ours, full.get(id(e), ""))
        if said and said not in out:
            out.append(said)
    return out
