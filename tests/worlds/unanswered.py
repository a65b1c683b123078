"""A reply that does not answer (blind read 20, issue 17): over a published world, each reply whose predecessor asked
something (a question, a request, a view or a response wanted by a day) and whose own text carries no answer to it.

Read 20's quotes: "Who else has had this to date? Confirmed, thanks." under a note; "Thanks; we'll wait for the next
note." to a request for a steer by August 13; the CFO who asks only who is "carrying" a ratio; "Anything further you
need from us?" from opposing counsel. Run over a world: `.venv/bin/python -m tests.worlds.unanswered WORLD_DIR...`.

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
                   r"go ahead|sign(?:ed)? off|fine|happy|content|is|are)\b", re.I)
_SOURCE = re.compile(r"\b(?:sheet|schedule|row|line|tab|column|paper|memo|letter|report|minutes|agreement|clause|"
                     r"section|entry|see the|s\.\s?\d|attached|workbook|file|note|certificate|notice|from the|in the|on the|per the|"
                     r"comes from|worked out|calculated)\b", re.I)


@dataclass(frozen=True)
class Unanswered:
    """A reply that answers nothing its predecessor asked."""

    path: str
    asked: str
    reply: str
    deferred: bool


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
    # response by then.")
    return [s for s in sentences(text) if not s.startswith("- ") and not (_COMING.search(s) and not s.endswith("?"))
            and not s.endswith("by then.")
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
    return any(_answers(q, firm, promised) for q in asked), bool(said) and not firm


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


def flag(path: str, sender: str, body: str, parent_sender: str, parent_body: str, subject: str = "") -> Unanswered | None:
    """The finding on one reply (by `sender`, to a message by `parent_sender`), or None where it answers or where
    nothing was asked of it."""
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
    return None if ok else Unanswered(path, " | ".join(asked), reply, deferred)


def unanswered(world: Path) -> list[Unanswered]:
    """Each reply in a published world whose predecessor asked something it does not answer."""
    con = duckdb.connect(str(world / "world.duckdb"), read_only=True)
    try:
        rows = con.execute(
            "select e.path, e.from_name, coalesce(e.body_new, e.body), p.from_name, coalesce(p.body_new, p.body), "
            "e.subject from emails e join emails p on e.in_reply_to = p.message_id order by e.path").fetchall()
    finally:
        con.close()
    return [x for x in (flag(*r) for r in rows) if x is not None]


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
            print(f"{w.name}: {len(found)} unanswered ({sum(x.deferred for x in found)} only put off) "
                  f"of {asking(w)} replies to a message that asked")
            for x in found:
                print(f"  - {x.path}\n    asked: {x.asked[:200]}\n    reply: {x.reply[:240]!r}")
