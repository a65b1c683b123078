"""A reply that does not answer (blind read 20, issue 17): over a published world, each reply whose predecessor asked
something (a question, a request, a view or a response wanted by a day) and whose own text carries no answer to it.

Read 20's quotes: "Who else has had this to date? Confirmed, thanks." under a note; "Thanks; we'll wait for the next
note." to a request for a steer by August 13; the CFO who asks only who is "carrying" a ratio; "Anything further you
need from us?" from opposing counsel. Run over a world: `.venv/bin/python -m tests.worlds.unanswered WORLD_DIR...`.

Read 21 added four kinds of reply that answers something and still fails its job (each counted by its kind): a
decision asked yes or no and answered with a figure ("do we audit?" - "I would go with USD 18,400,000"; no
decision); a source asked to be seen and not given ("the documents behind it are in the file"; source not given); a
promise later than the day asked for ("before tomorrow morning" - "by Wednesday morning"; later than asked); and, of
a world's weekly notes, one that says nothing happened while a deadline of the ledger went by in the weeks before it
and it never says what became of it (silent after deadline).

The rules read the words a reply of each kind must have: a "when" is answered by a day, a "how much" by a figure, a
"who" by a person, a yes/no question by a yes, a no or a position, a request for a view by a view; a reply that only
thanks, notes, confirms, puts off ("will come back by Friday", "we'll wait for the next note") or asks back answers
nothing. A put-off is counted apart (deferred), since "not until X" is an honest answer where X is still to come.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import duckdb

_MONTHS = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DAYS = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|today|tomorrow|tonight|this week|next week)"

# what a message asks of its reader, besides a question mark
_REQUEST = re.compile(
    r"\b(?:let (?:me|us) have|please (?:send|confirm|provide|let|come back|revert)|kindly (?:send|confirm|provide|let)|"
    r"I'd like (?:to see|a|your|the)|I would like (?:to see|a|your|the)|we would like (?:to see|a|your|the)|"
    r"(?:grateful|glad) for (?:a|your)|await your|look forward to (?:your|receiving)|"
    r"your (?:views?|steer|thoughts|comments|response|reply|confirmation|sign-?off|decision|instructions)\b|"
    r"(?:can|could|would) you\b|need (?:a|your) (?:decision|steer|view|answer)|show me the|"
    r"(?:can't|cannot|could not|couldn't) find the support)", re.I)

# a sentence that only takes a message in or closes politely
_ACK = re.compile(
    r"^(?:(?:many )?thanks?(?: you)?|noted|received|confirmed|understood|helpful|got it|ok(?:ay)?|great|perfect|fine|"
    r"all clear|will do|good|appreciated|that is helpful|that's helpful|we acknowledge (?:your|receipt)|"
    r"(?:our|my) (?:client's )?(?:rights|position) (?:are|is) (?:fully |expressly )?reserved|"
    r"(?:kind |best )?regards|with thanks|speak soon|talk soon)\b[^.!?]{0,40}[.!]?$", re.I)

# a sentence that puts the answer off
_DEFER = re.compile(
    r"\b(?:come back (?:to you|on|with|by)|revert|get back to you|will (?:reply|respond|write again|confirm)|"
    r"put (?:it|this|that|the [\w' -]+) to (?:our|the) client|take (?:our client's |my )?instructions|"
    r"wait for (?:the|your) next|go through (?:it|this|the)|with any (?:questions|queries)|will consider|"
    r"(?:I'll|I will|we'll|we will) (?:review|look at|pick (?:this|it) up)|picking (?:this|it) up|"
    r"work it into|on (?:my|our) list|more (?:to follow|shortly|soon))\b", re.I)

_SIGN_OFF = re.compile(r"^(?:(?:kind |best |warm )?regards|best|thanks|many thanks|cheers|yours[\w ]*|sent from\b|"
                       r"attached:|m:|t:|d:|direct:|phone:|mobile:)", re.I)

_POSITION = re.compile(r"\b(?:yes|no|not|agree[ds]?|accept(?:ed|s)?|reject(?:ed|s)?|decline[ds]?|go ahead|approved?|"
                       r"content|correct|right|happy|fine|stands?|holds?|does|do|is|are|will|can|should|may|must|"
                       r"cannot|can't|won't|don't|doesn't|isn't|aren't|nothing|none|only)\b", re.I)
_VIEW = re.compile(r"\b(?:my view|our view|in (?:my|our) view|I think|we think|I read|we read|I'd|I would|we would|"
                   r"I recommend|we recommend|(?:my|our) advice|to my mind|should|stands?|holds?|agree|not|"
                   r"go ahead|sign(?:ed)? off|fine|happy|content|is|are|nothing (?:I have seen|in it)|in doubt)\b", re.I)
_SOURCE = re.compile(r"\b(?:sheet|schedule|row|line|tab|column|paper|memo|letter|report|minutes|agreement|clause|"
                     r"section|entry|see the|s\.\s?\d|attached|workbook|file|note|certificate|notice|from the|in the|on the|per the|"
                     r"comes from|worked out|calculated)\b", re.I)


@dataclass(frozen=True)
class Unanswered:
    """A reply that answers nothing its predecessor asked, or answers it short of its job (`kind`)."""

    path: str
    asked: str
    reply: str
    deferred: bool
    kind: str = "unanswered"


# A decision asked yes or no ("do we audit?", "should we accept?"), and the words a decision is given in.
_DECISION_ASKED = re.compile(r"(?:^|[:;,] |\b(?:question|point)[^?]{0,40}: )(?:do|should|shall|can|will|would|must) "
                             r"(?:we|I)\b[^?]*\?", re.I)
_DECIDED = re.compile(r"\b(?:yes|no|not|don't|do not|won't|will not|shouldn't|should not|go ahead|recommend|advise|"
                      r"agree|decline|proceed|we do|we should|we will|I would (?:not )?(?:audit|accept|proceed|go ahead|"
                      r"do)|my (?:advice|recommendation))\b", re.I)
# A request to see a figure's source or its paper, and an answer that shows none ("the documents behind it are in the
# file", "It comes from the papers on file").
_SEE_SOURCE = re.compile(r"\bsource for\b|\bsee (?:it|the (?:source|support|backing|paper|working))\b|"
                         r"\bsend (?:me|us) (?:the|a copy)", re.I)
_NOT_SHOWN = re.compile(r"\b(?:in|on) (?:the )?file\b|\bpapers on file\b|\bbehind it are\b", re.I)
_PAPER_NAMED = re.compile(rf"\b(?:attached|enclosed|attach|here is)\b|{_MONTHS} \d{{1,2}}|\b\d{{1,2}} {_MONTHS}|"
                          r"\"[^\"]{3,60}\" (?:line|row|entry)", re.I)
# A day asked for, and a day promised ("before tomorrow morning", "by Wednesday morning").
_DAY_WORDS = (r"(?:(?:end of |close of business on )?(?:today|tonight|(?:midday |noon )?tomorrow(?: morning| afternoon)?|"
              r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?: morning| afternoon)?|end of (?:the )?day|"
              rf"{_MONTHS} \d{{1,2}}|\d{{1,2}} {_MONTHS}))")
_ASKED_BY = re.compile(rf"\b(?P<how>before|by) (?P<day>{_DAY_WORDS})")
_PROMISED_BY = re.compile(rf"\b(?:will|'ll|you will have|be with you)\b[^.?!]{{0,80}}?\bby (?P<day>{_DAY_WORDS})", re.I)


def _day_of(words: str, sent) -> "object | None":
    """The date deadline words mean, written on `sent` (see generators.compose.voice.resolve_day)."""
    from worldsmith.generators.compose.voice import resolve_day
    return resolve_day(words, sent)


def short_of_job(asked: list[str], reply: str, parent_sent=None, sent=None, parent: str = "") -> str:
    """The way a reply that answers falls short of what it was asked for (read 21), '' where it does not: 'no
    decision', 'source not given', 'later than asked'."""
    said = " ".join(s for s in sentences(reply) if not s.endswith("?"))
    if any(_DECISION_ASKED.search(q) for q in asked) and not _DECIDED.search(said):
        return "no decision"
    if any(_SEE_SOURCE.search(q) for q in asked) and (_NOT_SHOWN.search(said) or not _PAPER_NAMED.search(said)
                                                      and not re.search(r"\bwill send|'ll send|send you|sending\b",
                                                                        said, re.I)):
        return "source not given"
    if parent_sent is not None and sent is not None:
        limits = []
        # (the day may sit in a sentence of its own: "What is the source? I would like to check it before ...")
        wants = [x for x in sentences(parent) if _REQUEST.search(x) or re.search(r"\b(?:I|we)(?:'d| would) like\b", x)]
        for q in dict.fromkeys(asked + wants):
            m = _ASKED_BY.search(q)
            day = _day_of(m.group("day"), parent_sent) if m else None
            if day is not None:
                limits.append(day if m.group("how") == "by" else day - __import__("datetime").timedelta(days=1))
        for m in _PROMISED_BY.finditer(said):
            day = _day_of(m.group("day"), sent)
            if limits and day is not None and day > max(min(limits), sent):
                return "later than asked"
    return ""


def own_words(body: str, sender: str) -> str:
    """The text the writer wrote: above any quoted message, above the sign-off and signature."""
    text = re.split(r"\n\s*(?:On .{0,120}wrote:|>|-{3,}\s*(?:Original|Forwarded) Message)", body or "", maxsplit=1)[0]
    names = {sender.strip(), sender.split()[0]} if sender.strip() else set()
    kept: list[str] = []
    for line in text.splitlines():
        s = line.strip()
        if s in names or _SIGN_OFF.match(s) and len(s.split()) <= 4 and not re.search(r"[;.?!]", s):
            break
        kept.append(line)
    return "\n".join(kept).strip()


def sentences(text: str) -> list[str]:
    """The sentences of a text (a greeting line is not one)."""
    out = []
    for s in re.split(r"(?<=[.?!])\s+|\n+", text):
        s = s.strip()
        if not s or re.fullmatch(r"(?:hi|hello|dear|morning|afternoon)\b[^.?!]{0,40},?", s, re.I):
            continue
        out.append(s)
    return out


def asks(text: str) -> list[str]:
    """What a message asks of its reader: its questions and its requests, in its order."""
    # (a step of a note's list, "- Catherine: the memo to you, with a note of the points that need your view", is
    # work someone will do, not a question to the reader)
    # (nor is a promise: "Your response will be with you by Wednesday"; nor a day held to: "We look forward to your
    # response by then.", "I will look out for your response by Thursday.")
    return [s for s in sentences(text) if not s.startswith("- ") and not (_COMING.search(s) and not s.endswith("?"))
            and not s.endswith("by then.")
            # (nor a day held to by what it awaits: "Thank you; I will look out for your response by Thursday.")
            and not (re.search(r"\b(?:look out for|watch for|look for|expect)\b", s, re.I) and not s.endswith("?"))
            and (s.endswith("?") or _REQUEST.search(s))]


def _answers(question: str, said: list[str], promised: list[str]) -> bool:
    """Whether one of the reply's statements answers one question or request, by what its kind must carry (a promise
    with its day answers a "when" and a request for a paper: "We will send the records by Friday")."""
    q = question.lower()
    if re.search(r"\bwhen\b|by when|\b(?:send|provide|let (?:me|us) have|see it|see the)\b", q) and any(
            re.search(rf"\d|{_MONTHS}|{_DAYS}|end of|close of", s) for s in promised):
        return True
    text = " ".join(said)
    first = re.match(r"\W*([A-Za-z]{4,})", text)
    if first and re.search(rf"\b{first.group(1).lower()}\b", q):
        return True  # the word the question turns on, said back as the answer ("Confident: ...", "Final unless ...")
    if re.search(r"\banything in\b|\bchange for us\b", q) and re.search(r"\b(?:nothing|reading it|needs you|changes)\b",
                                                                     text, re.I):
        return True  # what a paper needs of the reader: nothing, or what it needs once read
    if " or " in q:
        # "final, or still a working figure?" is answered by either ("Final unless ...")
        before, after = q.split(" or ", 1)
        options = set(re.findall(r"[a-z]{4,}", before)[-1:]) | set(re.findall(r"[a-z]{4,}", after)[:3])
        if options & set(re.findall(r"[a-z]{4,}", text.lower())):
            return True
    if re.search(r"\bwhen\b|what date|by when|which day|how long", q):
        return bool(re.search(rf"\d|{_MONTHS}|{_DAYS}|not yet|not until", text, re.I))
    if re.search(r"\bhow (?:much|many)\b|what (?:is|was) the (?:figure|amount|number|total|rate)", q):
        return bool(re.search(r"\d|\bnot yet\b|\bnot until\b", text, re.I))
    if re.search(r"\bwho\b", q):
        return any(re.search(r"(?<![.?!]\s)(?<!^)\b[A-Z][a-z]+\b", s) or
                   re.search(r"\b(?:no one|nobody|only|just|me|I|we|us|you)\b", s, re.I) for s in said)
    if re.search(r"\bsource|where (?:is|does|did|do)|(?:the|your) workings?|how did you|walk me through|basis (?:for|of)\b", q):
        # (a working said as its formula answers "walk me through": "It's the EBITDA multiple times the management EBITDA.")
        return bool(_SOURCE.search(text) or re.search(r"\d|\b(?:times|less|plus|divided by|lesser of|greater of)\b", text))
    if re.search(r"\bview|steer|thoughts|comments|advice|decision|instructions\b", q):
        return bool(_VIEW.search(text))
    if re.search(r"\b(?:send|see|have|provide|share)\b", q):
        return bool(re.search(r"\battached|here is|enclosed|below|\d|will send|sending|send (?:it|you)|is with you",
                              text, re.I)) or bool(_POSITION.search(text))
    return bool(_POSITION.search(text) or re.search(r"\d", text))


def answered(asked: list[str], reply: str) -> tuple[bool, bool]:
    """Whether a reply answers any of what was asked, and whether it only puts the answer off."""
    said = [s for s in sentences(reply) if not s.endswith("?") and not _ACK.match(s)]
    firm = [s for s in said if not _DEFER.search(s)]
    promised = [s for s in said if _DEFER.search(s) or re.search(r"\b(?:will|'ll) (?:send|let you have|have|put)\b", s)]
    # a yes or a no first answers "can you ...?" ("Yes; I'll go through it today", mail11's answers of their kind)
    yes_no = bool(said) and re.match(r"(?:yes|no)\b", said[0], re.I) is not None and \
        any(re.match(r"(?:can|could|will|would) you\b", q.strip(), re.I) for q in asked)
    return yes_no or any(_answers(q, firm, promised) for q in asked), bool(said) and not firm and not yes_no


# a question whose answer a note's list of steps gives ("- Catherine: the memo to you (Friday)") or whose answer the
# message replied to has just said it gives (blind read 20: the client asks "what is still to do" right under a note
# that lists exactly that; the CFO asks only who is "carrying" a ratio)
_STEP = re.compile(r"^- [^:\n]{1,40}: [^\n]+\([^)\n]*(?:\d|day\b|tomorrow|week|morning|end of|close of)[^)\n]*\)", re.M | re.I)
_ASKS_STEPS = re.compile(r"what (?:is|'s) (?:still )?(?:left |still )?to do|what is left|who is (?:carrying|on it|on)|"
                         r"who has (?:it|this)|for when\b|anything (?:else|further|still) (?:you need|wanted|needed)|"
                         r"next step[^?]*: who", re.I)


# a message that says by when its answer comes ("Your response will be with you by end of Wednesday." answered "When
# will we hear from you on the bonus claimed?")
_COMING = re.compile(r"\b(?:will be with you|you will have|(?:will|'ll) (?:reply|respond|write again|come back|send))\b"
                     r"[^.?!]{0,80}\bby\b", re.I)


def re_asks(parent: str, reply: str) -> str:
    """A question of the reply's that the message it answers has already answered ('' if none)."""
    questions = [s for s in sentences(reply) if s.endswith("?")]
    if _STEP.search(parent):
        again = next((s for s in questions if _ASKS_STEPS.search(s)), "")
        if again:
            return again
    if _COMING.search(parent):
        return next((s for s in questions if re.search(r"\bwhen (?:will|can)\b|\bby when\b|what date", s, re.I)), "")
    return ""


def flag(path: str, sender: str, body: str, parent_sender: str, parent_body: str, subject: str = "",
         parent_sent=None, sent=None) -> Unanswered | None:
    """The finding on one reply (by `sender`, to a message by `parent_sender`, the days each was sent where known), or
    None where it answers, and does the job it was asked, or where nothing was asked of it."""
    if sender == parent_sender or re.match(r"(?i)(?:fwd?|fw):", subject or ""):
        return None  # a follow-up of one's own, or a forward, answers no one
    parent, reply = own_words(parent_body, parent_sender), own_words(body, sender)
    again = re_asks(parent, reply)
    if again:
        return Unanswered(path, "(its list of steps) re-asked: " + again, reply, False)
    asked = asks(parent)
    if not asked:
        return None
    ok, deferred = answered(asked, reply)
    if not ok:
        return Unanswered(path, " | ".join(asked), reply, deferred)
    short = short_of_job(asked, reply, parent_sent, sent, parent)
    return Unanswered(path, " | ".join(asked), reply, False, short) if short else None


def unanswered(world: Path) -> list[Unanswered]:
    """Each reply in a published world whose predecessor asked something it does not answer."""
    con = duckdb.connect(str(world / "world.duckdb"), read_only=True)
    try:
        rows = con.execute(
            "select e.path, e.from_name, coalesce(e.body_new, e.body), p.from_name, coalesce(p.body_new, p.body), "
            "e.subject, p.sent_at, e.sent_at from emails e join emails p on e.in_reply_to = p.message_id "
            "order by e.path").fetchall()
    finally:
        con.close()
    return [x for x in (flag(*r[:6], r[6].date() if r[6] else None, r[7].date() if r[7] else None) for r in rows)
            if x is not None]


# A weekly note's line that nothing happened, and how long after a deadline a note must still say what became of it.
_QUIET = re.compile(r"\b(?:no news|nothing new|little to report|nothing has moved|no new papers|quiet week)\b", re.I)
_DUE = re.compile(r"\b(?:deadline|due|expir\w*|payment|refund|response|reply|answer|long-?stop|cut-?off)\b", re.I)
LAPSED_DAYS = 63


def silent_after_deadline(world: Path) -> list[Unanswered]:
    """Each weekly note (the first message of a thread whose subject says weekly, status or update) that reports a
    quiet week while a deadline of the ledger went by in the nine weeks before its week, and that names neither the
    deadline's date nor anything the ledger learnt after it (read 21: "Little to report this week (to August 14)",
    eight weeks after the June 19 payment deadline)."""
    import datetime as dt
    con = duckdb.connect(str(world / "world.duckdb"), read_only=True)
    try:
        notes = con.execute("select path, coalesce(body_new, body), sent_at from emails where in_reply_to is null "
                            "and regexp_matches(lower(subject), 'weekly|status|update') order by path").fetchall()
        dues = con.execute("select label, text, value_date, known_from from facts where type = 'date' "
                           "and value_date is not null").fetchall()
        facts = con.execute("select label, text, coalesce(known_from, date '1900-01-01') from facts").fetchall()
    finally:
        con.close()
    out = []
    for path, body, sent in notes:
        day = sent.date()
        own = own_words(body, "")
        if not _QUIET.search(own):
            continue
        gone = [(d, label, text) for label, text, d, known in dues if _DUE.search(label or "")
                and d is not None and d < day - dt.timedelta(days=7) and (day - d).days <= LAPSED_DAYS
                and (known is None or known <= day)]
        if not gone:
            continue
        due, label, text = max(gone)
        later = [t for lab, t, k in facts if due <= k <= day and t]
        if text in own or any(t in own for t in later):
            continue
        out.append(Unanswered(path, f"{label} ({text})", own, False, "silent after deadline"))
    return out


def asking(world: Path) -> int:
    """How many replies in a world answer a message that asked something."""
    con = duckdb.connect(str(world / "world.duckdb"), read_only=True)
    try:
        rows = con.execute("select e.from_name, p.from_name, coalesce(p.body_new, p.body), e.subject from emails e "
                           "join emails p on e.in_reply_to = p.message_id").fetchall()
    finally:
        con.close()
    return sum(1 for s, ps, pb, subj in rows if s != ps and not re.match(r"(?i)(?:fwd?|fw):", subj or "")
               and asks(own_words(pb, ps)))


def worlds_under(root: Path) -> list[Path]:
    """The published worlds under a folder (each holds a world.duckdb)."""
    return sorted(p.parent for p in root.rglob("world.duckdb"))


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        for w in worlds_under(Path(arg)):
            found = unanswered(w)
            plain = [x for x in found if x.kind == "unanswered"]
            print(f"{w.name}: {len(plain)} unanswered ({sum(x.deferred for x in plain)} only put off) "
                  f"of {asking(w)} replies to a message that asked")
            found += silent_after_deadline(w)
            kinds = ("no decision", "source not given", "later than asked", "silent after deadline")
            print("  short of their job: " + ", ".join(f"{k} {sum(x.kind == k for x in found)}" for k in kinds))
            for x in found:
                print(f"  - [{x.kind}] {x.path}\n    asked: {x.asked[:200]}\n    reply: {x.reply[:240]!r}")
