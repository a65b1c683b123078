"""A week's events (generators/week.py) in words: the lines of a weekly status note, and what a weekly call's agenda
(kinds/calendar/agenda.py) reads of them. Every value is the event's own text, as the ledger has it on the instance's
day."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.calendar import step_day
from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.facts import DUE_DATE, agree, event_on_its_day
from worldsmith.generators.compose.text import mail_day, cap_first
from worldsmith.generators.week import WeekEvent

# How a note reports each kind of event. A label is followed only by a verb or a comma and its own current value
# (amount_beside_label reads "label, USD x" as a statement of the current figure); an earlier value never follows
# a label directly.
_NOTE = {
    "learnt": {
        "money": ["{Label} [~came in|came through|reached us] on {d}: {text}.", "New since the last [~update|note]: {label}, {text} (received {d}).",
                  "We now have {label}: {text} (in on {d})."],
        "date": ["{Label} is now fixed for {text} (we learnt it on {d}).", "Since {d} we know {label}: {text}."],
        "text": ["{Label}, on the file since {d}: {text}.", "Since {d} we have {label}: {text}."],
        "other": ["{Label} [~came in|came through|reached us] on {d}: {text}.", "New on {d}: {label}, {text}."],
        # a name, a statute or regulation, the date of an event: referred to, never news ("Since March 9 we have the
        # limit-breaking regulation", "first seen on" a name, read 10)
        "fixed": ["For reference, {label} is {text}.", "{Label}: {text}.", "{Label} is {text}."],
    },
    # a figure of the writer's own side (its client's terms, its own count), or of the reader's own: set, never "came
    # in" from anyone (read 15: "The escrow percentage came in on 31 August: 7.5%." to the fund whose LOI set it)
    "learnt_ours": ["{Label} is set at {text}, as of {d}.", "As of {d}, {label} is {text} on our side.",
                    "{Label} is now {text} (fixed on {d})."],
    "learnt_yours": ["We have your {d} figure for {label}, {text}, in the working.",
                     "{Label} is {text} on your figures of {d}; it is in our working now.",
                     # (the figure is the subject, one whatever its label: "Verrin Mace LLP's sale-process costs added
                     # back of GBP 150,000 (2 October) has gone into the working", buy-side at seed 61)
                     "Your figure of {text} for {label} ({d}) [~is now in the working|is now in our working|has gone "
                     "into the working]."],
    # the same, to a list of several organisations: the figure is the one reader's whose it is, named, never "your" to
    # all (read 22: "Sent to the client, the accountants and counsel, yet it credits Verrin Mace's numbers to the whole
    # list ('Your sale-process costs added back of GBP 150,000 ... is now in the working')")
    "learnt_named": ["We have {org}'s {d} figure for {label}, {text}, in the working.",
                     "{Label} is {text} on {org}'s figures of {d}; it is in our working now.",
                     "{org}'s figure of {text} for {label} ({d}) [~is now in the working|is now in our working|has "
                     "gone into the working]."],
    # a sum to be paid is no money that "came in" or was "received" on the day it was learnt, whoever pays it ("the
    # contrition payment, AUD 250,000 (received 28 May)" of the payment the client was to make, blind read 35)
    "learnt_pay": ["{Label} is {text}, as we have had it since {d}.", "Since {d} we have {label} at {text}.",
                   "New since the last [~update|note]: {label} is {text} (since {d})."],
    # a figure worked out from others (its formula) is worked out, never "received" or "in on" a day ("the amount in
    # dispute, USD 827,080 (received May 20)" of a subtraction, blind read 14)
    "learnt_derived": ["{Label} now works out at {text} (as of {d}).", "New since the last [~update|note]: {label} "
                       "works out at {text} (as of {d}).", "On the figures as at {d}, {label} comes to {text}."],
    # learnt the day the note goes out: "today", not the date beside the label (the note's own date says it, and a
    # chronology task's answer, "first sent on 30 September", would stand in the text next to the label)
    "learnt_today": ["{Label} came in today: {text}.", "New today: {label}, {text}.",
                     "We now have {label}: {text}, [~received today|in today|which arrived today]."],
    "moved": ["{Label} moved to {text} on {d}; it had been {before}.",
              "On {d} {label} went to {text} (from {before}).",
              "{Label} changed this week: {text} since {d}, against the {before} we had."],
    # (the day before the title: 'circulated the minutes of the Aurelian Tide kick-off on February 27' named a kick-off
    # on the day its minutes went round, meeting_reference_exists at bench.long_matter --scale 80)
    "paper": ["On {d}, {by_first} circulated the {title}.", "New on the file: {title} ({by}, {d}).",
              "On {d} the {title} went round ({by})."],
    # a meeting our side held in the week: news, whoever was at it (read 23: acknowledgments "sent hours after a
    # kick-off meeting it never mentions")
    "met": ["We [~held|had] the {title} on {d}.", "The {title} took place on {d}.",
            "On {d} we [~held|had] the {title}."],
    # held on the note's own day: today, not its date ("The Board meeting ... took place on 8 April" in a note of 8
    # April, blind read 35)
    "met_today": ["We [~held|had] the {title} today.", "The {title} took place today.", "Today we [~held|had] the "
                  "{title}."],
    # a paper of the writer's firm told to someone outside it: finished, and theirs to ask for
    "paper_side": ["{by} ({org}) sent round the {title} on {d}.", "From {org}: the {title} ({by}, {d})."],
    # (a paper goes round on its day; "concluded" was read as final when its minutes still had comments due, and
    # "it can come to you now" of a paper the reader was copied on days before, blind read 14)
    # (nor offered "on request" when a step of the same note sends it: "the memo 'can be sent on request' and also
    # Michael will send it by end of day", blind read 17; what becomes of it is the steps' to say)
    # (finished, not sent: the reader has not had it, and the steps under it send it to them; "We sent out the Claim
    # sample ... on June 9" over "From me: the claim sample ... to you (tomorrow morning)" read as a paper both gone
    # and still to go, read 20: "issued on June 9" and to be sent "end of Thursday"); prepared, not finished, since
    # a paper still open for comments was never "concluded" (read 14)
    "paper_out": ["On {d} our {title} [~went round|was circulated] internally ({by}).",
                  "On {d} we [~prepared|put together] the {title}.",
                  "On {d}, {by} [~prepared|put together] the {title}."],
    "paper_seen": ["Our {title} went to you on {d} ({by}).", "You have had our {title} since {d}.",
                   "The {title} ({by}) [~reached you|came to you] on {d}."],
    "paper_other": ["{org} sent over the {title} on {d}.", "Received from {org} on {d}: {title}."],
    # a paper of the reader's own organisation: theirs, acknowledged, never reported to them as news of a third party
    # ("the status note tells Corrib that its own staff circulated its own documents", blind read 14)
    "paper_yours": ["We have {by_first}'s {title} of {d} and are [~working from it|using it|working to it].",
                    "Thanks for the {title} ({by}, {d}); we are [~working from it|using it|working to it].",
                    "{by_first}'s {title} ({d}) [~is with us|has reached us|is in hand|is on our file]."],
    # a body's minutes (an investment committee's, a board's) of the reader's own organisation: its record of its own
    # decision, noted, never thanked for as a paper we work from nor given "our points" (read 20, buy-side: "Thanks for
    # the fund's IC minutes", "adviser 'points' on the fund's own IC minutes")
    "minutes_yours": ["We note the {title} ({by}, {d}).", "Noted on our side: the {title} ({by}, {d}).",
                      "We have noted {by_first}'s {title} of {d}."],
    # the same, where its maker is the one the note goes to: theirs in the second person (read 23: "Refers to the
    # addressee in the third person ('Jessica's Compliance certificate' in a note to Jessica)")
    "paper_addressee": ["We have your {title} of {d} and are [~working from it|using it|working to it].",
                        "Thanks for your {title} ({d}); we are [~working from it|using it|working to it].",
                        "Your {title} ({d}) [~is with us|has reached us|is in hand|is on our file]."],
    "minutes_addressee": ["We note your {title} ({d}).", "Noted on our side: your {title} ({d}).",
                          "We have noted your {title} of {d}."],
    # a date of the ledger that fell in the week, or falls on the note's day ("today": {ago} is "0 days")
    # (a date said once, plainly: "The compliance certificate delivery date fell on August 13, 2026 (6 days ago) and
    # has passed." read as a machine's, read 20: "fell on April 24, 2026 (3 days ago) and has passed")
    "passed": ["{Label} was {text}, {ago} ago.", "{Label} passed on {when}.",
               "{Label} was {ago} ago ({text})."],
    # the day of an event gone by (a report out, a hearing held) names the event, not the fact's label, and says the
    # day as a person does ("The audit report date went by 3 days ago", read 21: "the audit report came out on
    # Monday"); {event}: the label without its 'date', {when}: the weekday within the week, else the date
    "passed_event": ["{Event} was on {when}.", "We had {event} on {when}."],
    "today": ["{Label} is today, {text}.", "Today, {text}, is {label}.", "{Label} falls today ({text})."],
    # a date ahead, always said with how far off it is from the note's day: a frame with the date alone ("Coming
    # up: the answer deadline, May 1, 2026.") was the same sentence in every weekly series for three weeks (94
    # artifacts at bench/long_matter.py --scale 80)
    "due": ["{Label} falls on {text}, {days} out.", "{Days} to {label} ({text}).",
            "{Label} is due {text}, [~{days} from today|{days} from now|in {days}].", "Looking ahead, {label} is {text}, which leaves us {days}.",
            "The next date to watch is {label}, {text}, {days} away.", "{Label} ({text}) is now {days} off."],
    # a quiet week: what we wait on, from whom and since when; the last paper; the next date however far
    # (a paper's title comes last, after a colon: "since the Minutes: Aurelian Tide kick-off, February 26 of
    # February 27" read as one garbled name)
    "awaited": ["We are still waiting on {org} to come back on what we sent them on {d}, {ago} ago: {title}.",
                "Nothing back yet from {org} on our paper of {d} ({ago} now): {title}.",
                "Still with {org} after {ago}, and no response yet: our {d} paper, {title}."],
    "last": ["The last paper on the file is {by_first}'s of {d}, {ago} ago: {title}.",
             "Nothing has gone round in the {ago} since {d}; the last paper was {by_first}'s: {title}.",
             "The most recent paper is still {by_first}'s, from {d} ({ago} ago): {title}.",
             "{ago} on, the latest thing on file remains {by_first}'s paper of {d}: {title}."],
    # the file's last development came after its last paper: the paper is no longer the last word (blind read 20)
    # a deadline gone by weeks ago is said with what became of it, from the ledger (read 21: an update eight weeks
    # after the June 19 payment deadline never said whether the sum was paid)
    "lapsed": ["{Label} passed {ago} ago ({text}), and nothing has moved on it since.",
               "{Label} was {text}, {ago} ago; nothing has happened on it since.",
               "Nothing has moved on {label} ({text}) in the {ago} since it passed."],
    # (a deadline to pay: whether the money came is what the reader wants to know; said of no one's side, since the
    # home side may be the payer: a guarantor's counsel wrote 'no payment has been received against it' of the demand
    # its own client was to pay, read 30)
    "lapsed_paid": ["{Label} was {text}, {ago} ago, and nothing has been paid against it.",
                    "{ago} on from {label} ({text}), nothing has been paid.",
                    "Nothing has been paid against {label} ({text}) in the {ago} since it passed."],
    "lapsed_since": ["{Label} went by {ago} ago ({text}); since then we have had {point}: {point_text}.",
                     "Since {label} ({text}, {ago} ago), the one development is {point}: {point_text}."],
    "latest": ["The last development on the file was on {d}, {ago} ago: {label}, {text}.",
               "Our latest news is from {d} ({ago} ago), when we had {label}: {text}.",
               "{ago} on, the latest on the file is still {label} ({text}, {d})."],
    "last_other": ["The last we had from {org} came {ago} ago, on {d}: {title}.",
                   "Nothing from {org} in the {ago} since their paper of {d}: {title}."],
    "next": ["The next date in the diary is {label}, {text} ({days} out).", "Next date ahead, {days} out: {label}, "
             "{text}.", "Nothing is due before {label} on {text}, {days} from now."],
}
# The kinds of event a quiet week carries instead of news (generators/week.py _standing).
STANDING = ("awaited", "last", "latest", "next", "lapsed")
# A deadline to pay money (a payment, a refund, a settlement sum).
_PAYS = re.compile(r"\b(?:pay\w*|refund\w*|repay\w*|remit\w*|settlement sum)\b", re.I)


def _short(day: dt.date, locale: str) -> str:
    return mail_day(day, locale)


def _span(e: WeekEvent, today: dt.date) -> dict[str, str]:
    """How far the event's day is from the note's, as a note says it ("1 day", "9 days")."""
    n = (e.day - today).days
    days = "1 day" if n == 1 else f"{n} days"
    return {"days": days, "Days": cap_first(days)}


def _values(e: WeekEvent, today: dt.date, locale: str) -> dict[str, str]:
    label = e.label or ""
    # a paper titled with its maker's name is named once ("Sable Claims Services' Sable Claims Services preliminary
    # view" in a fresh outline's weekly note): the frames put the organisation before the title themselves
    title = e.title
    # (by the organisation's name, or its name without the legal suffix: 'Northbank Capital N.A.'s Northbank Capital
    # request for net debt detail', read 17)
    # (or by the name's last words: 'Office of the Fair Work Ombudsman's Fair Work Ombudsman: proposed terms of an
    # enforceable undertaking', blind read 35)
    for name in _org_names(e.org):
        opens = re.match(rf"{re.escape(name)}(?:'s?)?(?:\s*:\s*|\s+)", title, re.I)
        if opens and len(title) > opens.end() + 4:
            title = title[opens.end():].strip()
            break
    # nor dated twice: the frames give the day ('Sable Claims Services preliminary view of April 10, 2026 of April
    # 10', read 16)
    title = re.sub(rf",?\s+(?:of|dated|on)?\s*{e.day:%B} {e.day.day}(?:, {e.day.year})?$", "", title) or title
    title = re.sub(rf",?\s+(?:of|dated|on)?\s*{e.day.day} {e.day:%B}(?: {e.day.year})?$", "", title) or title
    return {"label": label, "Label": cap_first(label), "text": e.text, "before": e.before, "point": e.point,
            "point_text": e.point_text,
            "bare": re.sub(r"^(?:the|a|an) ", "", label),
            "d": _short(e.day, locale), "title": title, "by": e.by, "by_first": e.by.split(" ")[0] if e.by else "",
            "org": e.org, "n": str((e.day - today).days),
            "ago": "1 day" if (today - e.day).days == 1 else f"{(today - e.day).days} days",
            "event": event_name(label), "Event": cap_first(event_name(label)), "when": _when(e, today)}


_DATE_OF = re.compile(r"^(?:the )?(?:date|day) of (?:the )?|\s+(?:date|day)$", re.I)


def event_name(label: str) -> str:
    """The event a date's label names ('the audit report date', 'the date of the casualty' -> 'the audit report',
    'the casualty')."""
    bare = _DATE_OF.sub("", label.strip()).strip()
    if not bare:
        return label
    return bare if re.match(r"(?:the|an?|its|our|their)\s", bare, re.I) or bare[:1].isupper() else f"the {bare}"


def _when(e: WeekEvent, today: dt.date) -> str:
    """A past day as a note says it: its weekday within the week ('Tuesday, May 12, 2026'), else its date."""
    if e.day is None or not 0 < (today - e.day).days < 7:
        return e.text
    return f"{e.day:%A}, {e.text}"


_SUFFIX = re.compile(r",?\s+(?:N\.A\.|Inc\.?|LLP|LLC|Ltd\.?|Limited|plc|PLC|Corp\.?|Corporation|Co\.|L\.P\.|LP|SE|AG|GmbH|"
                     r"S\.A\.|B\.V\.|DAC)$")
_ENDS_DATED = re.compile(r"(?:,|\bof|\bdated)\s*(?:[A-Z][a-z]+ \d{1,2}(?:, \d{4})?|\d{1,2} [A-Z][a-z]+(?: \d{4})?)$")


def _org_names(org: str) -> list[str]:
    """An organisation's name as a title may open with it: whole, then without its legal suffix."""
    if not org:
        return []
    bare = _SUFFIX.sub("", org).strip()
    names = [org] + ([bare] if bare != org and len(bare) > 3 else [])
    # the name a body goes by, after its article ('Office of the Fair Work Ombudsman' -> 'Fair Work Ombudsman')
    short = re.sub(r"^.*?\b(?:of|for)\s+the\s+", "", bare)
    return names + ([short] if short != bare and len(short.split()) > 1 else [])


def _fit(frames: list[str], e: WeekEvent) -> list[str]:
    """The frames that read with this event's title: a title that ends on its own date ('Minutes: kick-off with
    Quillfield, July 9') takes no 'of {d}' after it ('..., July 9 of July 10: for information', read 17)."""
    if e.title and _ENDS_DATED.search(e.title):
        kept = [f for f in frames if "{title} of {d}" not in f]
        return kept or frames
    return frames


_POSSESSIVE = re.compile(r"\b([A-Z][A-Za-z]{3,}s)'s\b")


def _no_article(line: str, title: str) -> str:
    """'The Minutes: Covenant kick-off ...' reads as no English: a titled paper ('Genre: subject') takes no 'the'; nor
    does a name ending in s take 's ('Hartwell Expert Determinations's expert determination', blind read 19)."""
    if title and ":" in title[:40]:
        line = line.replace(f"The {title}", title).replace(f"the {title}", title)
    return _POSSESSIVE.sub(r"\1'", line)


def _frames(table: dict, e: WeekEvent, own: bool, kind: str, today: dt.date | None = None) -> list[str]:
    if e.what == "passed" and e.day == today:
        return table["today"]
    if e.what == "learnt" and e.day == today and "learnt_today" in table:
        return table["learnt_today"]
    if e.what == "met" and e.day == today and "met_today" in table:
        return table["met_today"]
    if e.what in ("paper", "last"):
        return table[e.what if own else e.what + "_other"]
    frames = table[e.what]
    if isinstance(frames, dict):
        return frames.get(kind, frames["other"])
    return frames


def fixed_event(e: WeekEvent) -> bool:
    """Whether an event's fact cannot change (a name, a citation, the date of an event): see facts.fixed."""
    if e.type == "text":
        return bool(e.text) and not e.text[:1].islower()
    return e.type == "date" and not DUE_DATE.search(e.label)


# A paper the note's own writer made, in the first person ("Ana Walker finished the Notice of claim ..." in Ana
# Walker's own note read as the author in the third person, read 12): as many frames as the lists they stand for.
_MINE = {"paper_out": ["My {title} went round internally on {d}.", "I finished the {title} on {d}.",
                       "I completed the {title} on {d}."],
         "paper_seen": ["My {title} went to you on {d}.", "You have had my {title} since {d}.",
                        "The {title} came to you from me on {d}."],
         "paper": ["On {d} I circulated the {title}.", "New on the file: my {title} ({d}).",
                   "On {d} the {title} went round."],
         # (the writer's own last paper is "mine", never "Carrie's paper" in Carrie's own note, blind read 17)
         "last": ["The last paper on the file is mine, of {d}, {ago} ago: {title}.",
                  "Nothing has gone round in the {ago} since {d}; the last paper was mine: {title}.",
                  "The most recent paper is still mine, from {d} ({ago} ago): {title}.",
                  "{ago} on, the latest thing on file remains my paper of {d}: {title}."]}


# the file's last paper, made by the one the note goes to: theirs, in the second person
_YOURS_LAST = ["The last paper on the file is yours, of {d}, {ago} ago: {title}.",
               "Nothing has gone round in the {ago} since {d}; the last paper was yours: {title}.",
               "The most recent paper is still yours, from {d} ({ago} ago): {title}."]


def note_lines(pick: Picker, events: list[WeekEvent], today: dt.date, locale: str, ours: set[str],
               why: dict[str, str] | None = None, outside: set[str] = frozenset(), firm: str = "",
               me: str = "", you: str = "", named: set[str] = frozenset()) -> list[str]:
    """One sentence per event, for a weekly status note: what came in, what moved, what went round, what is due.
    `ours` names the organisations of the author's side (another's paper is one received); `why` gives, by fact
    id, what to add after a figure's line (how it is worked out, where to read it); `outside` names the
    readers' organisations and `firm` the writer's (the firm's own paper is told to an outside reader as finished,
    not as circulated; another firm's paper of the same side is named with its firm); `you` names the one reader
    the note goes to, whose own paper is "your" paper; `named` the names of those it goes to, whose own acts (a
    meeting they were all at, their own minutes, their paper already sent across) are not reported back to them."""
    out = []
    # the papers and meetings the note tells: an event's day that one of them already tells says nothing more ("I
    # finished Self-report ... on 14 April" then "The self-report was on 14 April 2026", blind read 35)
    told = [title_words(x.title) for x in events if x.what in ("paper", "met") and x.title]
    for e in events:
        if named and (e.what == "met" and e.attended and named <= set(e.attended) or
                      e.what == "paper" and e.by in named and (e.across or _MINUTES.search(e.title or ""))):
            # the readers' own acts are not news to them ("The CEO call ... took place on 22 June" to those on it,
            # "We have noted Theresa's board minutes" to Theresa, "Brandi's request for equitable adjustment is with
            # us" to Brandi after it went to the owner: blind read 35b)
            continue
        own = e.what not in ("paper", "last") or e.org in ours
        kind = e.type if e.type in ("money", "date", "text") else "other"
        if e.what == "paper" and e.org and e.org != firm and e.org in outside:
            frames = _NOTE[("minutes" if _MINUTES.search(e.title or "") else "paper") +
                           ("_addressee" if you and e.by == you else "_yours")]  # the reader's own
        elif e.what == "paper" and e.org == firm and outside - {firm}:
            key = "paper_seen" if e.seen else "paper_out"
            frames = _NOTE[key]  # our own paper, told to a reader outside the firm
            frames = _MINE[key] if me and e.by == me else frames
        elif e.what == "paper" and own and firm and e.org != firm:
            frames = _NOTE["paper_side"]  # a paper of another firm on our side (the fund's lawyers, accountants)
        elif e.what == "learnt" and fixed_event(e):
            frames = _NOTE["learnt"]["fixed"]
        elif e.what == "learnt" and e.derived and e.type in ("money", "number", "percent"):
            frames = _NOTE["learnt_derived"]
        elif e.what == "learnt" and e.type in _FIGURE and e.org in outside - {"", firm} and e.day != today:
            # the reader's own figure, never news to them; "yours" only where every reader outside the firm is of it
            frames = _NOTE["learnt_yours" if outside - {"", firm} == {e.org} else "learnt_named"]
        elif e.what == "learnt" and e.type in _FIGURE and e.org and e.org in ours and e.org != firm and \
                outside - {"", firm} and e.day != today:
            # another firm of our side's figure, told to someone of neither: named as theirs (the forensic accountants'
            # calculation told to the client, blind read 35), never "set" by us nor the reader's
            frames = _NOTE["learnt_named"]
        elif e.what == "learnt" and e.type in _FIGURE and e.org and e.org in ours and e.day != today:
            frames = _NOTE["learnt_ours"]  # our side's own figure: set, not received
        elif e.what == "learnt" and kind == "money" and _PAYS.search(e.label or "") and e.day != today:
            frames = _NOTE["learnt_pay"]
        elif e.what == "lapsed":
            frames = _NOTE["lapsed_since" if e.point else "lapsed_paid" if _PAYS.search(e.label) else "lapsed"]
        elif e.what == "passed" and e.day != today and not has_plan(e.label or ""):
            if told_by(e, told):
                continue
            frames = _NOTE["passed_event"]  # the day of an event, not a deadline: the event, named
        else:
            frames = _frames(_NOTE, e, own, kind, today)
            if me and e.what == "paper" and e.by == me and frames is _NOTE["paper"]:
                frames = _MINE["paper"]
            elif me and e.what == "last" and e.by == me and frames is _NOTE["last"]:
                frames = _MINE["last"]
            elif you and e.what == "last" and e.by == you and frames is _NOTE["last"]:
                frames = _YOURS_LAST
        # (a line's "[~a|b]" groups written one way or another, from the stream of wordings: one wording of each line
        # stood in every room's weekly notes, issue 17)
        values = _values(e, today, locale)
        if e.what in ("paper", "last") and ":" in values["title"]:
            # a paper is named as its reader names it, not by its title pasted whole ("Office of the Fair Work
            # Ombudsman sent over Fair Work Ombudsman: proposed terms of ...", blind read 35)
            values["title"] = note_title(values["title"], e.org)
        line = _no_article(pick.reword(pick.frame(_fit(frames, e))).format(**values, **_span(e, today)), values["title"])
        # a plural label takes a plural verb ("The permitted add-backs is set at USD 3,800,000", read 24's weekly note)
        line = agree(line, [e.label]) if e.label else line
        if e.type == "date" and e.label:
            # an event's label is no date: "The appraisal demanded is May 15, 2026" is said as the event on its day
            line = event_on_its_day(line, e.label, e.text, past=e.day <= today)
        if e.fact and (why or {}).get(e.fact):
            line += " " + why[e.fact]
        out.append(line)
    return out


def told_by(e: WeekEvent, told: list[set[str]]) -> bool:
    """Whether an event's day is told by a paper or meeting of the same note: every word of the event's name is in
    its title ('the enforceable undertaking' in 'Enforceable undertaking under section 715 ...')."""
    words = title_words(event_name(e.label or ""))
    return bool(words) and any(words <= t for t in told)


def note_title(title: str, org: str = "") -> str:
    """A paper's title as a status note names it, without its article: the head of a 'Genre: subject' title
    ('Board paper: wage underpayment, ...' -> 'board paper'), or its subject where the head names only its maker
    ('Fair Work Ombudsman: proposed terms of an enforceable undertaking' of the Office of the Fair Work Ombudsman ->
    'proposed terms of an enforceable undertaking'); minutes by their meeting, a draft as a draft."""
    from worldsmith.generators.kinds.chat.compose import paper_name

    head, _, rest = (x.strip() for x in title.partition(":"))
    maker = {w.lower() for w in re.findall(r"[A-Za-z]+", org)}
    if rest and maker and {w.lower() for w in re.findall(r"[A-Za-z]+", head)} <= maker:
        head, _, rest = (x.strip() for x in rest.partition(":"))
    rest = re.sub(r",?\s+(?:[A-Z][a-z]+ \d{1,2}|\d{1,2} [A-Z][a-z]+)(?:,? \d{4})?$", "", rest)
    if re.fullmatch(r"minutes", head, re.I) and rest:
        return f"minutes of the {rest.partition(':')[0]}"  # ('Minutes: Project Kranich kick-off, March 4')
    draft = bool(re.match(r"draft\b", head, re.I)) and bool(rest)
    if draft:
        head = rest.partition(":")[0].strip()  # ('DRAFT v1: Financial due diligence report: Wernitz ...')
    # (nor its bracketed note, which the frames' own brackets follow: "the board minutes (extract) (Theresa, 8 April)")
    head = re.sub(r"\s*\([^()]*\)$", "", head)
    # a long head is cut as a team names it ('Enforceable undertaking under section 715 of the Fair Work Act 2009');
    # a short one is the name ('Share purchase and transfer agreement', which paper_name would cut at its 'and')
    name = paper_name(head) if len(head.split()) > 6 else paper_name(head.replace(" and ", " & ")).replace(" & ", " and ")
    name = name.removeprefix("the ")
    return f"draft {name}" if draft and not name.lower().startswith("draft") else name




_MINUTES = re.compile(r"\bminutes\b", re.I)
# A paper that records an act done rather than puts something forward: a certificate, a determination, an order, an
# undertaking or approval given; one still proposed or in draft is put forward to be answered.
_FINAL = re.compile(r"\b(?:certificates?|certification|determination|order|judgment|award|approval|acceptance|"
                    r"accepted|undertaking|consent|decree|ruling|executed)\b", re.I)
_PUT_FORWARD = re.compile(r"\b(?:proposed|proposal|draft|request|offer|terms of)\b", re.I)


# An instrument of ours that went to the other side on its day is signed, not sent for a response: an agreement or a
# deed, not its draft, terms or heads.
_INSTRUMENT = re.compile(r"\b(?:agreement|deed)\b", re.I)
_NOT_YET = re.compile(r"\b(?:draft|terms|heads|mark-?up|comments|term sheet|proposed)\b", re.I)


def signed_ours(e: WeekEvent) -> bool:
    """Whether a paper of ours is an instrument signed: recorded so, or an agreement or deed (not its draft, terms or
    heads) that went to the other side on its day."""
    title = e.title or ""
    return e.signed or e.across and bool(_INSTRUMENT.search(title)) and not _NOT_YET.search(title)


def answered(paper: WeekEvent, events: list[WeekEvent], ours: set[str]) -> bool:
    """Whether the other side's paper already has our answer among the events: a paper of ours that went across
    after it came (no "our reply" on the agenda to what we have answered, blind read 35)."""
    return any(o.what == "paper" and o.org in ours and o.across and o.day > paper.day for o in events)


def final_paper(e: WeekEvent) -> bool:
    """Whether a paper of the other side is an act done that no one replies to: signed, or titled as a certificate,
    determination, order or undertaking given rather than a proposal of one."""
    if e.signed:
        return True
    title = e.title or ""
    return bool(_FINAL.search(title)) and not _PUT_FORWARD.search(title)
_FIGURE = ("money", "number", "percent")
# The days within which the other side's paper still waits on our first read: the week of the note. A weekly note of
# 24 April set "a first read" of a letter received on 10 April, two notes after it came (blind read 37, mail15 brief).
FIRST_READ_DAYS = 7
_TITLE_WORD = re.compile(r"[A-Za-z]{5,}")
_TITLE_STOP = {"about", "after", "before", "their", "there", "which", "under", "letter", "email", "update", "weekly",
               "meeting", "minutes", "notes"}


def title_words(title: str) -> set[str]:
    """The words of five letters or more that say what a title is about, in lower case (none of 'meeting', 'update')."""
    return {w.lower() for w in _TITLE_WORD.findall(title or "")} - _TITLE_STOP


def read_already(paper: WeekEvent, events: list[WeekEvent], today: dt.date) -> bool:
    """Whether the other side's paper is past its first read by `today`: it came in over FIRST_READ_DAYS ago, or a
    meeting of ours on it (its title shares a word of the paper's) was held since it came. Blind read 26: a weekly
    note of 7 August offered "a first read of Ashgrove Valuation Chambers' determination of the reviewed rent, with
    our points on it" for a determination of 20 July, after the 22 July call on the determination had decided not to
    challenge it."""
    if (today - paper.day).days > FIRST_READ_DAYS:
        return True
    words = title_words(paper.title)
    return any(m.what == "met" and m.day >= paper.day and words & title_words(m.title) for m in events)


# Steps a week's events call for, each given to one of the note's owners in turn.
_STEPS = {
    "paper": ["{owner}: [~comments|notes|points] on the {title} to {by_first}",
              "{owner}: read the {title} and [~flag anything for the call|raise anything on the call|list points for the call]"],
    "paper_other": ["{owner}: a first read of {org}'s {title}, with our points on it"],
    # (one that came before the note's week was read then: what is left is our answer to it)
    "paper_answer": ["{owner}: our [~response|answer|reply] to {org}'s {title}"],
    "paper_own": ["{owner}: take in comments on the {title}", "{owner}: settle the {title} once comments are in"],
    "learnt": ["{owner}: check {label} against {where}", "{owner}: tie {label} to {where}"],
    "moved": ["{owner}: work through why {label} moved, against {where}"],
    "paper_yours": ["{owner}: our points on the {title} back to {by_first}",
                    "{owner}: questions on the {title} to {by_first}, if any"],
    "paper_seen": ["{owner}: [~take|walk] you through the {title} [~on the next call|when we next speak|on our next call], with the points that need your [~view|decision|input]"],
    "paper_to_you": ["{owner}: send you the {title}, with a [~short|brief] covering note on what it [~means|does] for you",
                     "{owner}: the {title} to you, with a [~short|brief] note of the points that need your [~view|decision|input]"],
    # to the client: what the figure means for it, not our check of it
    "learnt_out": ["{owner}: [~a short note|a brief note|a few lines] to you on [~what follows from|what comes out of|the upshot of] {label}",
                   "{owner}: [~take|walk] you through {label} [~on the next call|when we next speak|on our next call]"],
    "moved_out": ["{owner}: [~a short note|a brief note|a few lines] to you on why {label} moved and what [~follows from it|it means for you]",
                  "{owner}: [~take|walk] you through the move in {label} [~on the next call|when we next speak|on our next call]"],
    "due": ["{owner}: everything for {label} ready by {ready}",
            "{owner}: [~diarise|diary|calendar] the steps back from {label} ({text})"],
    # a draft of ours already made carries the date: what is left is to finish it (blind read 17: "everything for
    # the answer deadline ready by April 30" two days before it never said what remains to be done)
    "due_draft": ["{owner}: {draft} of {draft_d} [~in final form|finalised|settled], [~with|taking in] any last "
                  "comments, by {ready}, ahead of {label} ({text})",
                  "{owner}: [~finish|finalise|settle] {draft} (our draft of {draft_d}) by {ready}, for {label} on {text}"],
    "awaited": ["{owner}: a chaser to {org} on our paper of {d}",
                "{owner}: call {org} about our {d} paper if nothing comes"],
}


# What follows a date of the ledger that has passed or falls today, as a step someone takes (a verb phrase, after
# "Douglas: " or "I will "): an exclusivity or a long-stop is extended or let go, a target is reset, a deadline's
# filing is confirmed. A weekly note on the day exclusivity lapsed that said only that both dates had passed, with
# no extension request and no plan, was rejected (blind read 14).
_PASSED = {
    "extend": ["write to {other} asking for more time past {label}", "ask {other} in writing to extend {label}",
               "put a request to {other} to extend {label}, in writing",
               "[~seek|ask for] an extension of {label}, in writing"],
    "reset": ["[~draw up|prepare] a revised timetable with a new date in place of {label}, to agree with {other}",
              "[~reset|re-plan] the timetable and put a new date for {label} to {other}",
              "[~draw up|prepare] a revised timetable with a new date in place of {label}"],
    "follow": ["confirm in writing what went in by {label} and what runs from it now",
               "[~set out|list] what follows from {label} and the next date that runs from it"],
}
_EXTEND = re.compile(r"\b(exclusivity|long-?stop|standstill|tolling|option|validity|offer period)\b", re.I)
_RESET = re.compile(r"\b(target|timetable|signing|closing date)\b", re.I)


def has_plan(label: str) -> bool:
    """Whether a date of that label, gone by, calls for a step (a deadline, a target, an expiry: not an event's day)."""
    return bool(DUE_DATE.search(label or ""))


def passed_plan(pick: Picker, label: str, other: str = "") -> str:
    """The step that follows a date gone by (or falling today), by what the date is, as a verb phrase with no
    owner and no day; '' for the date of an event (nothing to do because a hearing or a casualty day is past)."""
    if not has_plan(label):
        return ""
    kind = "extend" if _EXTEND.search(label) else "reset" if _RESET.search(label) else "follow"
    frames = [f for f in _PASSED[kind] if other or "{other}" not in f]
    return pick.reword(pick.frame(frames)).format(label=label, other=other)


def week_steps(pick: Picker, events: list[WeekEvent], today: dt.date, locale: str, ours: set[str],
               owners: list[str], sources: dict[str, str], outside: bool = False, other: str = "",
               readers: set[str] = frozenset(), firm: str = "") -> list[str]:
    """Next steps from a week's events: comments on the papers that went round, a check of each figure that came
    in or moved against its sheet line (`sources`, by fact id), the run-up to each date ahead; owners in turn. A
    note that goes `outside` the writer's firm (to the client) says what a figure means for the reader, not our check
    of it: "Autumn:
    check the sample error rate against the source papers" under the results sent to the CFO read as unreviewed
    figures and internal to-dos in a client email (read 12)."""
    if not owners:
        return []
    out: list[str] = []
    first: list[str] = []  # (what a date gone by calls for comes first: the list keeps four)
    for i, e in enumerate(events):
        if e.what == "passed" and not fixed_event(e) or e.what == "lapsed" and not e.point:
            # (and so does one gone by weeks ago that nothing has met since: read 21's payment deadline)
            # a date gone by says what happens now, and who does it (blind read 14)
            plan = passed_plan(pick, e.label, other)
            if plan:
                first.append(f"{owners[i % len(owners)]}: {plan}")
            continue
        if e.what in ("learnt", "moved") and (e.type in ("text", "date") or e.standing) or \
                e.what in ("last", "latest", "passed", "lapsed", "met"):
            # a decision, a name or the day of an event is recorded, not checked ("tie the recall date to the source
            # papers", "take you through the recall date" to the client whose recall it was, read 12); the last
            # paper is where things stand
            continue

        if e.what == "paper" and (e.org in ours and e.across or e.replaced or e.signed):
            # our paper that went to the other side is done: no comments, no settling, no "points that need your
            # input" on a notice already served (read 23); nor is a paper whose figure was already replaced, or an
            # agreement already signed, read or answered
            continue
        key = "paper" if e.what == "paper" and e.org in ours else "paper_other" if e.what == "paper" else e.what
        if key == "paper_other" and read_already(e, events, today):
            if (today - e.day).days > 2 * FIRST_READ_DAYS or final_paper(e) or answered(e, events, ours) or \
                    any(m.what == "met" and m.day >= e.day for m in events):
                continue
            key = "paper_answer"
        key = "due" if key == "next" else key
        key = "due_draft" if key == "due" and e.draft and e.draft_day else key
        if outside and key in ("learnt", "moved"):
            # to the client, a figure is told with its working in the news line; "Michael: a short note to you on
            # what follows from the extra expense" and "walk you through your claim on the next call" under it were
            # stock steps (read 16)
            continue
        if e.what == "paper" and e.org and e.org != firm and e.org in readers:
            if _MINUTES.search(e.title or ""):
                continue  # the reader's own body's record: noted, nobody's to comment on (read 20)
            key = "paper_yours"  # the reader's own paper: our points go back to it, it is never sent to them
        elif outside and key in ("paper", "paper_own"):
            # our own paper, to the client: it is sent or taken through, not commented on among ourselves ("Christopher:
            # comments on the Minutes ... to Ana" in a note to the general counsel, read 12); one they already have
            # is taken through, never sent again
            if e.seen:
                continue  # a paper the reader already has is no step ("walk you through the letter ... when we next speak")
            key = "paper_to_you"
        # (a working day: never a Saturday two days before a Monday deadline, blind read 28)
        ready = step_day(max(e.day - dt.timedelta(days=2), today + dt.timedelta(days=1)), today + dt.timedelta(days=1),
                         e.day, locale)
        owner = owners[i % len(owners)]
        if key == "paper" and owner == _values(e, today, locale)["by_first"]:
            owner = next((o for o in owners if o != owner), owner)
            if owner == e.by.split(" ")[0]:
                key = "paper_own"  # nobody sends comments on their own paper to themselves
        values = dict(_values(e, today, locale), owner=owner,
                      where=sources.get(e.fact) or "the source papers", ready=_short(ready, locale))
        # the news line above names the paper in full; its step names it as people do, short (blind read 13: "take
        # you through the Memo re Ashgrove master services agreement: change-of-control termination right" under
        # the line that had just given that title)
        from worldsmith.generators.kinds.chat.compose import paper_name
        values["title"] = paper_name(e.title).removeprefix("the ") if e.title else e.title
        if e.draft and e.draft_day:
            values.update(draft=paper_name(e.draft), draft_d=_short(e.draft_day, locale))
        out.append(_no_article(pick.reword(pick.frame(_STEPS[key])).format(**values), ""))
    return (first + out)[:4]
