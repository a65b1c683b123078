"""Fact sentences: each carries a fact's exact text, in a frame chosen for its value and statement."""

from __future__ import annotations

import re
from typing import Literal

from worldsmith.generators.compose.bank import Picker, bank, fields, filled_words
from worldsmith.generators.compose.text import _SOFT_STARTS, cap_first, lower_first, sentence, strip_end
from worldsmith.generators.context import FactRef
from worldsmith.generators.sides import PARTY_ROLES
from worldsmith.generators.labels import _PARTICIPLE, as_state, count_clause, count_said, counted, standing

# "letter": an email to the other side, the document's sentence in a letter's plain words (as_letter).
Register = Literal["email", "document", "letter"]

# A statement with one of these words reads as a clause ("the buyer served notice"), not a noun phrase,
# so it gets colon-style frames instead of "X is Y" ones.
_VERBS = re.compile(
    r"\b(is|are|was|were|will|shall|has|have|had|must|may|can|should|would|agreed|signed|served|decided|"
    r"approved|rejected|caps|capped|expires|expired|falls|fell|owes|owed|paid|pays|requires|required|"
    r"accepted|terminated|filed|issued|received|sent|set|fixed|closed|closes|runs|ran|applies|applied)\b",
    re.IGNORECASE,
)


def is_clause(statement: str) -> bool:
    """Whether a fact's statement reads as a clause rather than a noun phrase."""
    return bool(_VERBS.search(statement)) or len(statement.split()) > 12


# How often a figure named in an instance of a recurring series takes a lead-in (its week's, mostly).
SERIES_OPENER = 0.8
# "I'm using ..." keeps its first word after a lead-in ("Again, I'm using ..."): it is no frame word to lower.
_SELF = re.compile(r"I(?:'m|'ve|'d|'ll)?\b")


_AGREE = (("is", "are"), ("stands", "stand"), ("holds", "hold"), ("comes", "come"), ("remains", "remain"),
           ("reads", "read"), ("works", "work"), ("lands", "land"), ("was", "were"), ("has", "have"),
           ("moves", "move"), ("needs", "need"), ("looks", "look"))
_SINGULAR_VERBS = "(?:" + "|".join(one for one, _ in _AGREE) + ")"


# A label that follows a preposition is no subject: "Our number for the removal costs is" keeps its "is" (a frame's
# plural verb there read "The figure we are using for the removal costs are USD 61,350,000", blind read 17).
_OBJECT_BEFORE = re.compile(r"(?i)\b(?:of|for|on|to|at|in|with|from|by|under|against|about|behind|over)\s+(?:the\s+)?$")


def agree(text: str, labels: list[str]) -> str:
    """The text with each plural label's verb made plural: frames are written for a singular label
    ('the removal costs are', 'the figures are not in doubt', not 'is')."""
    for label in dict.fromkeys(labels):
        if label and _plural(label):
            # One search for any singular verb after the label, one for any verb before it, and the verb-by-verb
            # substitutions only where one is there: most frames carry a label with no verb of these next to it, and
            # 21 substitutions per label were a fiftieth of the model client's CPU per call (bench.llm_throughput).
            # (no substitution makes what another looks for: the plural verbs are in no pattern)
            if re.search(rf"(?i)\b{re.escape(label)} {_SINGULAR_VERBS}\b", text):
                for one, many in _AGREE:
                    text = re.sub(rf"(?i)\b({re.escape(label)}) {one}\b",
                                  lambda m, many=many: m.group(0) if _OBJECT_BEFORE.search(m.string[:m.start()])
                                  else f"{m.group(1)} {many}", text)
            # a question puts the verb first: "Is the removal costs final?" -> "Are the removal costs final?"
            bare = re.escape(label.removeprefix('the '))
            if not re.search(rf"\b(?:Is|Was|Has|Does|is|was|has|does) (?:the )?{bare}\b", text):
                continue
            for one, many in (("Is", "Are"), ("Was", "Were"), ("Has", "Have"), ("Does", "Do")):
                text = re.sub(rf"\b{one}( (?:the )?{bare})\b", rf"{many}\1", text)
                text = re.sub(rf"\b{one.lower()}( (?:the )?{bare})\b(?=[^.!?\n]*\?)", rf"{many.lower()}\1", text)
    return text


# Words that follow the noun they qualify ('the sums paid', 'the fees payable', 'the days remaining').
_POSTPOSITIVE = re.compile(r"[a-z]+ed|[a-z]+(?:able|ible)|paid|due|owing|outstanding|remaining|pending|arising|accruing|"
                           r"withheld|sold|held|lost|spent|left|unpaid|overdue|to date")


def _plural(label: str) -> bool:
    """Whether a label names a plural ('the removal costs', 'economic loss claims'), by its head noun: the last word
    before any preposition ('the deadline for submissions to the expert' is one deadline: 'are May 29' was written)."""
    # ("the penalty rate after reductions for disclosure" is one rate: "are taken at 20%" was written, read 24)
    head = re.split(r"(?i)\s(?:of|for|to|on|in|under|at|from|by|with|against|between|per|as|after|before|over|into|"
                    r"within|during|through)\s", label, maxsplit=1)[0]
    words = head.split()
    # a participle or adjective after the noun is no head ('the corporate allocations disputed by the sellers' are
    # allocations; 'the fee deductions recoverable', 'the landing gear reserves paid' are deductions and reserves: "The
    # fee deductions recoverable is USD 24,000", mail10's read at seed 223)
    while len(words) > 1 and _POSTPOSITIVE.fullmatch(words[-1]):
        words.pop()
    last = words[-1].lower() if words else ""
    return len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is", "ys", "'s")) \
        and last not in ("gross", "loss", "status", "basis", "analysis", "thesis", "series", "news", "terms")


# Verbs a decision is written with in its base form ("reject the tender of defense").
_BASE_VERBS = {"reject", "accept", "approve", "refund", "settle", "proceed", "terminate", "pay", "tender", "decline",
               "make", "file", "defend", "appeal", "contest", "hold", "waive", "sign", "go", "walk", "seek", "take",
               "withdraw", "defer", "escalate", "repay", "return", "report", "issue", "serve", "close", "sell", "buy",
               "acquire", "offer", "dispute", "challenge", "agree", "refer", "suspend", "continue", "stop", "keep"}


def slot_of(fact: FactRef) -> str:
    """The kind of slot a fact's value fits: its value type, or for text in lower case text_verb (a decision in the
    base form), text_outcome (a participle: 'approved subject to ...') or text_phrase (anything else)."""
    if fact.value.type == "date" and fact.past:
        return "date_past"
    if fact.value.type != "text" or not fact.text[:1].islower():
        return fact.value.type
    first = fact.text.split()[0].lower()
    if first in _BASE_VERBS:
        return "text_verb"
    return "text_outcome" if first.endswith("ed") else "text_phrase"


# The nouns a frame names a value by ("The rate for {label}", "The count for {label}"): beside a label that ends in
# the same noun the frame says it twice and adds nothing ("the rate for the sample error rate is 11.5%", read 10).
_FRAME_NOUNS = ("rate", "count", "number", "figure", "amount", "total", "multiple", "date", "level")


def echo_free(frames: list[str], label: str) -> list[str]:
    """The frames that do not name the value by a noun its label already has; a 'count' frame only for a label of
    things counted (never "the count for the EBITDA multiple")."""
    words = set(re.findall(r"[a-z]+", label.lower()))
    if words & {"percentage", "percent", "share", "ratio"}:
        words.add("rate")  # (a percentage is a rate: "the rate for the adjustment cap percentage" echoes it)
    out = []
    for frame in frames:
        bare = re.sub(r"\{[^}]*\}", " ", frame).lower()
        nouns = {n for n in _FRAME_NOUNS if re.search(rf"\b{n}\b", bare)}
        if nouns & words or "count" in nouns and not _plural(label):
            continue
        out.append(frame)
    return out or frames


# A date a party works to (it may move, so "still" says something of it); any other date is an event's, and fixed.
# (the end of an accounting period is no date anyone works to: "the LTM period end lapsed on 31 July 2026", "a fixed
# date does not lapse", blind read 21)
DUE_DATE = re.compile(r"\b(deadline|due|expir\w*|target|hearing|completion|closing|long-?stop|cut-?off|renewal|"
                  r"return|review|meeting|filing|submission|payment|refund|response|reply|answer|"
                  r"(?<!period )(?<!year )(?<!year-)(?<!quarter )(?<!quarter-)(?<!month )(?<!month-)end|next)\b", re.I)
# How a frame or a lead-in says a value has not changed, or asks it be held to: said of a fact that cannot change (a
# name, a statute, the day an event happened), it reports the settled as news ("The date of the casualty is still
# February 24, 2026. Also, still, the vessel remains M/T Aurelian Tide.", read 10).
# What says a figure stands as it stood: not for one that came in or moved this week.
_STALE = re.compile(r"\b(still|remains?|unchanged|no change|nothing has moved|holds?|holding|as before|carried "
                    r"forward|checked again|again|quick reminder|per my last check|the one to watch)\b", re.I)
# (and "today", "on the latest papers", "in the current version": a day's or a draft's figure, which a term of the
# instrument is not: "Today, we are applying 12% for the adjustment cap percentage", "the annual committed volume is
# 24,000 t on the latest papers", voice4's read of supply-surcharge at seed 67)
_STILL = re.compile(r"\b(still|remains?|unchanged|no change|nothing has moved|holds?|holding|as things stand|"
                    r"for now|right now|again|unless i hear otherwise|quick reminder|per my last check|carried "
                    r"forward|checked again|currently|now|the one to watch|working|keep|bear|as i read it|for what it's worth|"
                    r"today|latest|current (?:version|schedule|numbers|papers)|present papers|at the moment)\b",
                    re.I)


def unjoined(sentence: str) -> str:
    """A sentence without the connective it opens with ("Also, ", "In addition, "), for a place where nothing comes
    before it: after a transition's colon or as the first words of an answer ("The short version: also, the annual
    contract value is ...", "Short answer: also, the adjustment cap percentage is 12%", voice4's read at seed 67)."""
    facts = bank("facts")
    joins = {*facts["email"]["lead"], *facts["document"]["lead"], "Also, "}
    for join in sorted(joins, key=len, reverse=True):
        if sentence.lower().startswith(join.lower()) and len(sentence) > len(join):
            return cap_first(sentence[len(join):])
    return sentence


def says_still(text: str) -> bool:
    """Whether a frame or a lead-in says a value holds as it stood or for now (see _STILL): never of a fixed fact."""
    return bool(_STILL.search(text))


def fixed(fact: FactRef) -> bool:
    """Whether a fact cannot change: a name or a citation (a text value not in lower case: the vessel, the
    regulation that breaks the limit), the date of an event (a date no one works to: the date of the casualty), or a
    figure that stands by an instrument or an act done (labels.standing: a policy's limit, an advance paid, a period
    agreed), which is never hedged or put in question."""
    if standing(fact) or getattr(fact, "term", False):
        return True
    if fact.value.type == "text":
        return not fact.text[:1].islower()
    if fact.value.type == "date":
        return not DUE_DATE.search(fact.label or fact.statement)
    return False


# A word that makes a date's label name the day itself, not an event ("the date of termination", "the review period").
_DAY_WORD = re.compile(r"(?i)\b(?:date|day|deadline|period|time|year|month|week|quarter)s?\b")


def event_clause(fact: FactRef, ahead: bool = False) -> str:
    """A past date whose label is an event, a thing and what was done to it ("the distributor terminated"), as the
    event's clause ("the distributor was terminated"; "the distributor terminated" where the statement has the thing
    do it: "the distributor terminated the agreement"); '' for any other fact. Blind read 27: "The distributor
    terminated was February 12, 2026"."""
    label = (fact.label or "").strip()
    words = label.split()
    # (an event known from its own day on is past or today: "The DPC inquiry commenced is 14 April 2027", said on the
    # day the notice came, unseen emoney outline at seed 61)
    done_by = fact.past or fact.value.type == "date" and fact.since is not None and fact.value.value <= fact.since
    # (with `ahead`, an event on or after the artifact's day is said in the present: "the Notice of Arbitration is
    # filed on 20 February 2026", in the notice of that day, not "the Notice of Arbitration filed is ...")
    if fact.value.type != "date" or not (done_by or ahead) or len(words) < 2 or _DAY_WORD.search(label) \
            or not _PARTICIPLE.fullmatch(words[-1]) or words[0].lower() in ("the", "a", "an") and len(words) < 3:
        return ""
    done, thing = words[-1], " ".join(words[:-1])
    statement = " ".join((fact.statement or "").split())
    if re.search(rf"(?i)\b{re.escape(words[-2])}\s+{re.escape(done)}\b", statement) \
            and not re.search(rf"(?i)\b(?:was|were|been|being|is|are)\s+(?:\w+ly\s+)?{re.escape(done)}\b", statement):
        return f"{thing} {done}" if done_by else ""  # the thing did it ("the buyer completed")
    if not done_by:
        return f"{thing} {'are' if _plural(thing) else 'is'} {done}"
    return f"{thing} {'were' if _plural(thing) else 'was'} {done}"


# A label that names a point in time, whose value it is ("the response deadline is May 1"); any other date's label names
# an event or a paper, which falls on its day ("the SOC alert was 6 February 2027" made the alert a date, my harness
# of the 25 outlines and the 6 unseen at seed 61: labels4).
_TIME_WORD = re.compile(r"(?i)\b(?:date|day|deadline|due|expir\w*|end|target|period|time|year|month|week|quarter|"
                        r"start|long-?stop|cut-?off|window|limit|now)s?\b")
_PAPER_DAY = re.compile(r"(?i)\b(?:demand|notice|letter|application|offer|award|determination|request|order|"
                        r"submissions?|election|tender|acceptance|rejection|report|memo\w*|agreement|contract)$")


def on_its_day(out: str, fact: FactRef) -> str:
    """`out` with a date fact's event or paper put on its day, where a frame made its label the date ("the SOC alert
    was 6 February 2027" -> "the SOC alert was on 6 February 2027", "the appraisal demand is dated May 15, 2026");
    unchanged for a label of a point in time and for any other fact."""
    label = (fact.label or "").strip()
    if fact.value.type != "date" or not label or _TIME_WORD.search(label):
        return out
    event = event_clause(fact, ahead=True)
    if event:
        return event_on_its_day(out, label, fact.text, event)
    bare = re.escape(re.sub(r"(?i)^(?:the|an?)\s+", "", label))
    by = "dated" if _PAPER_DAY.search(label) else "on"
    return re.sub(rf"(?i)\b({bare}) (is|was|are|were) (?={re.escape(fact.text)})", rf"\1 \2 {by} ", out)


def event_on_its_day(out: str, label: str, text: str, event: str = "", past: bool = True) -> str:
    """`out` with an event's label that a frame made its own date said as the event on its day ("The appraisal
    demanded is May 15, 2026." -> "The appraisal was demanded on May 15, 2026."; "The appeal filed was on Friday" ->
    "The appeal was filed on Friday"); `event` is the event's clause (event_clause), else the label's thing with its
    participle said in the past (or, not `past`, in the present: "the appeal is filed on June 3"); unchanged where the label names no event (a day word, no closing participle)."""
    words = re.sub(r"(?i)^(?:the|an?)\s+", "", label.strip()).split()
    if len(words) < 2 or _DAY_WORD.search(label) or not _PARTICIPLE.fullmatch(words[-1]):
        return out
    if not event:
        thing = re.sub(r"\s+\S+$", "", label.strip())
        verb = ("were" if past else "are") if _plural(thing) else ("was" if past else "is")
        event = f"{thing} {verb} {words[-1]}"
    bare = re.escape(" ".join(words))
    # (the value itself, or "on" and a weekday or a date: the passed-event frames' "{Event} was on {when}")
    pattern = re.compile(rf"(?i)(?<![\w'])(?P<a>(?:the|an?)\s+)?{bare} (?:is|was|are|were) (?:on )?"
                         rf"(?={re.escape(text)}|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b)")

    def said(m: re.Match) -> str:
        start = re.search(r"(?:^|[.!?:]\s+|\n)\s*(?:- |\d+(?:\.\d+)*\.? |\([a-z0-9]+\) )?$", out[:m.start()])
        said = event if re.match(r"(?i)(?:the|an?|its|our|their)\s", event) or not m.group("a") \
            else m.group("a").lower() + event  # (the article a name took: "the Notice of Arbitration was filed")
        return (cap_first(said) if start else said) + " on "
    return pattern.sub(said, out)


def said_once(out: str, fact: FactRef) -> str:
    """`out` with a count whose label names the things counted said as a count where a frame made the things its value
    ("The number of barrels discharged is 18,400 barrels." -> "18,400 barrels were discharged."; labels.count_said);
    unchanged for any other fact or wording."""
    label = (fact.label or "").strip()
    statement = getattr(fact, "statement", None) or None
    said = count_said(label, fact.text, statement) if fact.value.type == "number" and label else ""
    if not said:
        return out
    bare = re.escape(re.sub(r"(?i)^(?:the|an?)\s+", "", label))
    pattern = re.compile(rf"(?i)(?<![\w'])(?:the\s+)?{bare} (?:is|are|was|were) {re.escape(fact.text)}(?![\w,.]\d)")
    return pattern.sub(lambda m: cap_first(said) if re.search(r"(?:^|[.!?:]\s+|\n)\s*(?:- |\d+(?:\.\d+)*\.? |\([a-z0-9]+\) )?$", out[:m.start()])
                       else said, out)


# A frame that says a value was decided, and a statement that says so (generators/beats.py _DECIDE).
_RESOLVED = re.compile(r"\b(?:agreed|resolved|minute|landed|came out|outcome)\b")
_RESOLVES = re.compile(r"\b(?:decides?|decided|approves?|approved|rejects?|rejected|agrees?|agreed|accepts?|"
                       r"accepted|resolves?|resolved|elects?|elected|chooses|chose|settles on|settled on)\b", re.I)


def decided(fact: FactRef) -> bool:
    """Whether a fact is what someone decided on a day (its statement says a body decided, approved, rejected or chose
    it; or its label names a decision, resolution or award): an act of its day, never a state of 'today'."""
    return bool(_RESOLVES.search(fact.statement or "") or _DECISION.search(fact.label or ""))


_DECISION = re.compile(r"(?i)\b(?:decision|resolution|award|ruling|approval|determination)s?\b")


# A frame in which the writer adopts a figure as the one they work with.
_ADOPTS = re.compile(r"(?i)working to|working off|I'm using|I'm taking|I would use|I am taking|I would go with|"
                     r"My number|Working number|We are holding|holding to|planning around|\bI \[?(?:get|make it)\b|"
                     r"We're using|\bWe use\b|\bapplying\b|\b(?:been|is) taken (?:at|as)\b|\bwe show\b|\bWe record\b")
# A label of a figure a party puts forward (a demand, a claim, an offer) or of the gap between two sides.
_NOT_OURS_TO_ADOPT = re.compile(r"(?i)\b(?:demand\w*|claim(?:s|ed)?|offer\w*|propos\w*|alleg\w*|dispute)\b")
# ...nor one a party's role owns by its label ("the claimant's multiplier for future loss": the defendant's insurer's
# counsel wrote "Our number for the claimant's multiplier for future loss is 15.2", pi-quantum, an unseen outline)
_PARTYS = re.compile(r"(?i)(?:the )?(?:" + "|".join(PARTY_ROLES) + r")s?['’]s?\s")


_WORKED = re.compile(r"\b(?:comes? out at|works? out at|lands? at|comes? to)\b|\bI (?:\[)?(?:make|get)\b")


# A state's sentences (see labels.as_state): the thing with what was done to it, no label before it to echo.
_STATE_FRAMES = ["Matters now stand with {state}.", "As matters stand, we have {state}.",
                 "That leaves [us|the file] with {state}."]


def named_sentence(pick: Picker, fact: FactRef, register: Register = "email") -> str:
    """A sentence that names the fact by its label and gives its value: how people mention a known figure."""
    named = bank("facts")["named"]
    label = fact.label or "the figure"
    values = dict(Label=cap_first(label), label=label, text=fact.text)
    if fact.met_paper and fact.met_on:
        paper = fact.met_paper if re.match(r"(?i)(?:the|a|an|our|your)\s", fact.met_paper) else f"the {fact.met_paper}"
        return sentence(pick.fill(bank("facts")["met"], paper=paper, Paper=cap_first(paper), on=fact.met_on, **values))
    state = as_state(fact.text) if fact.value.type == "text" else ""
    if state:
        # a thing and what was done to it is where matters stand, never what its label "is" ("The signature of the
        # variation agreement is variation agreement signed and lodged", blind read 30)
        return sentence(pick.fill(_STATE_FRAMES, state=state, State=cap_first(state)))
    slot = slot_of(fact)
    slot = "date_fixed" if slot == "date" and fixed(fact) and "date_fixed" in named[register] else slot
    slot = "date_event_past" if slot == "date_past" and fixed(fact) and "date_event_past" in named[register] else slot
    slot = "text_fixed" if slot == "text" and fixed(fact) and "text_fixed" in named[register] else slot
    event = event_clause(fact) if slot in ("date_past", "date_event_past", "date_fixed") else ""
    if event and "date_event" in named[register]:
        # an event's day is said as the event on its day ("The distributor was terminated on February 12, 2026"),
        # never with the event as the date ("The distributor terminated was February 12, 2026", blind read 27)
        slot = "date_event"
        values.update(event=event, Event=cap_first(event))
    clause = count_clause(label, fact.text, fact.statement or None) if slot == "number" else ""
    if clause and fact.text in clause and "counted" in named[register]:
        # (only where the clause still carries the fact's text verbatim, as every fact sentence must: "41 open
        # severity-1 defects" does not carry "41 defects"; planned_fact_present quarantined an unseen outline's world
        # and fact_sentence's assert stopped its generate)
        # a count whose label names the things counted is said as a count ("18,400 barrels were discharged"), never
        # with the things as the figure ("the barrels discharged stand at 18,400 barrels", read 24's label-speak)
        slot = "counted"
        values.update(count=counted(label, fact.text), clause=clause, Clause=cap_first(clause))
    elif slot == "number" and "counted" in named[register] and (said := count_said(label, fact.text, fact.statement or None)):
        # ...or as a clause of their state that carries the value word for word ("41 defects are open, all
        # severity-1"), never "the open severity-1 defects are 41 defects" (blind read 27)
        slot = "counted"
        values.update(clause=said, Clause=cap_first(said))
    frames = echo_free(named[register][slot], label)
    if slot == "counted" and "count" not in values:
        frames = [f for f in frames if "{count}" not in f] or frames
    if slot == "text_fixed" and not label.lower().startswith("the "):
        frames = frames[:2]  # the article-free wordings ("Limit-breaking regulation concerned is")
    if slot == "text_phrase" and not _RESOLVES.search(fact.statement or ""):
        # a thing described (the premises, a course) is no resolution of a meeting unless its statement says it was
        # decided (read 15: 'For the premises, what was agreed is "floors 2 to 7, Harbour Yard".')
        frames = [f for f in frames if not _RESOLVED.search(f)] or frames
    if fixed(fact):
        frames = [f for f in frames if not _STILL.search(f)] or frames
    if not fact.reason:
        # only a figure worked out from others "comes out at" or "works out at" a value ("as of today, the base fee
        # percentage comes out at 3%" of a contract term, read 18 hotel termination)
        frames = [f for f in frames if not _WORKED.search(f)] or frames
    if fixed(fact) or _NOT_OURS_TO_ADOPT.search(label) or _PARTYS.match(label):
        # a figure someone else puts forward, or one that stands by an instrument, is no number the writer picks or
        # works to ("On the April 8 numbers, I am working to USD 60,987,500 for the contribution demand": counsel
        # "working to" the opponent's demand, blind read 17; the CFO "would go with USD 12,000,000" for a policy limit)
        frames = [f for f in frames if not _ADOPTS.search(f)] or frames
    series = pick.series is not None
    led = series and pick.chance(SERIES_OPENER)
    if series and not led:
        # named bare in a series, a figure takes a short frame: a long one comes round word for word week after week
        frames = [f for f in frames if filled_words(f, values) < 8] or frames
    out = pick.fill(frames, **values)
    if fact.fresh and out and _STALE.search(out):
        # news is not written as standing ("nothing has moved on" a figure that came in today, read 12); the other
        # frame is taken by the value, not drawn, so that nothing else the artifact draws changes
        ok = [f for f in frames if not _STALE.search(f) and fields(f) <= set(values)]
        if ok:
            out = pick.fill([ok[len(fact.text) % len(ok)]], **values) or out
    out = sentence(out or f"{cap_first(label)}: {fact.text}")
    out = on_its_day(agree(out, [label]), fact)
    # (in a series mostly, and in the week's words: forty instances of one figure have few ways to name it)
    if register == "document" and slot == "text_fixed":
        return out  # (nor "At the date of writing, ..." before a name)
    if led or not series and pick.chance(0.6):
        lowered = lower_first(out)
        if lowered == out and series and not _SELF.match(out) \
                and not out.startswith((cap_first(label), fact.text)):
            # the frame's own first word ("Keep 16 October 2026 in mind ..."), never a name in the label or value
            lowered = out[:1].lower() + out[1:]
        # (in a series also before a name or a figure, kept as written: "As of May 21, USD 156,200,000 remains ...")
        # a frame with its own label before a colon ("Calendar note: ...") takes no lead-in ("As of today, calendar
        # note: ...")
        if (lowered != out or series) and ":" not in out.split(".")[0][:30]:
            leads = pick.lead_ins(named["openers"][register], named["series_openers"][register])
            if fixed(fact) or slot == "date_event" or decided(fact):
                # (nor dated: "This week (March 16), the limit-breaking regulation is ...")
                # (nor an event gone by "for now": "Right now, the substantial completion was certified on ...")
                # (nor a decision, taken on its day, said as today's: "Today, on the credit committee decision, the
                # call is to defer payment" in notes sent two days after the committee sat, read 30)
                leads = [x for x in named["openers"][register] if not _STILL.search(x)] or leads
            # one artifact says each lead-in once ('For the avoidance of doubt, ...' three times in one letter)
            lead = pick.frame(leads) if series else pick.mark(pick.frame(pick.unused(leads)))
            if fact.fresh and _STALE.search(lead):
                ok = [x for x in named["openers"][register] if not _STALE.search(x) and not _STILL.search(x)]
                lead = ok[len(fact.text) % len(ok)] if ok else lead
            out = lead + lowered
    return out


# A statement that opens with a bare capitalised word acting as a party ('Tessaline is 248 Named Users over its
# licence', 'Brightmoor backdates the shortfall') opens with a name: it keeps its capital mid-sentence (read 15: 'The
# record shows that brightmoor backdates ...', a writer naming itself in the third person, in lower case)
_NAMED_ACTOR = re.compile(r"^[A-Z][a-z]+(?:'s)? (?:is \d[\d,.]*|claims|backdates|counts|proposes|says|argues|contends|demands|"
                          r"offers|accepts|holds|subscribes|pays|owes|insists|rejects|disputes|asserts|validates|"
                          r"reports|estimates|agrees|gives|gave|paid|accepted|rejected|claimed|offered|proposed|"
                          r"spent|spends|incurred|incurs|lost|loses|bought|sold|took|kept|ran|runs|moved|closed|"
                          r"opened|leased|hired|notified|served|signed|filed|sued|submitted|sent)\b")


# ... and one whose bare capitalised first word does something in the past tense is a party too ('Quillfield delivered
# its compliance certificate', 'Ardmore served notice'): read 18 rejected 'Further, quillfield delivered ...' and a
# weekly note that wrote "ardmore" in lower case. (A word that opens sentences, 'Interest', 'Completion', is no name.)
_ACTOR_DID = re.compile(r"^([A-Z][a-z]+) (?:[a-z]+ed|paid|sent|gave|took|made|sold|bought|won|lost)\b")


def named_actor(statement: str) -> bool:
    """Whether a statement opens with a bare name acting as a party, which keeps its capital mid-sentence."""
    m = _ACTOR_DID.match(statement)
    return bool(_NAMED_ACTOR.match(statement)) or (m is not None and m.group(1).lower() not in _SOFT_STARTS)


def _mid(statement: str) -> str:
    """The statement lower-cased for use mid-sentence, unless it opens with a name."""
    return statement if named_actor(statement) else lower_first(statement)


def _value_as_written(statement: str, fact: FactRef) -> str:
    """The statement with a figure that is the fact's value written another way ('5.50x' for 5.5x) put in the fact's
    own words, so that the sentence states it once (blind read 36: 'no more than 5.50x ...; specifically, 5.5x')."""
    kind = fact.value.type
    if kind not in ("number", "percent") or not fact.text or fact.text in statement:
        return statement
    unit = "%" if kind == "percent" else (getattr(fact.value, "unit", None) or "")
    if not unit:
        return statement
    value = float(fact.value.value)  # type: ignore[union-attr]
    pattern = re.compile(rf"(?<![\w.,])(\d[\d,]*(?:\.\d+)?)\s?{re.escape(unit)}(?!\w)")
    for m in pattern.finditer(statement):
        try:
            same = float(m.group(1).replace(",", "")) == value
        except ValueError:
            continue
        if same:
            return statement[:m.start()] + fact.text + statement[m.end():]
    return statement


def fact_sentence(pick: Picker, fact: FactRef, register: Register = "email", lead: bool = False) -> str:
    """One sentence that carries `fact.text` verbatim, in the given register: the statement in full where this
    artifact establishes the fact, its label and value everywhere else."""
    if register == "letter":
        return as_letter(fact_sentence(pick, fact, "document", lead), fact.label)
    if not fact.establish and fact.label:
        out = named_sentence(pick, fact, register)
        if lead:
            out = with_lead(pick, out, register)
        assert fact.text in out, "a fact sentence must carry the fact's text"
        return out
    frames = bank("facts")[register]
    statement = _value_as_written(strip_end(fact.statement), fact)
    text = fact.text
    if text and text in statement:
        # The statement already says it; writing the value twice would read oddly.
        carried = frames["carried"]
        if register == "document" and _NAMED_ACTOR.match(statement):
            # what a party did is said, not hedged "on the documents reviewed" ("On the documents reviewed, Calder
            # spent USD 684,300 of extra expense", of the client's own spend, to the adjuster: read 17, bi #14)
            carried = [f for f in carried if not re.search(r"(?i)documents reviewed|papers stand|record shows", f)] \
                or carried
        out = pick.fill(carried, Statement=cap_first(statement), statement=_mid(statement))
    elif is_clause(statement):
        out = pick.fill(frames["clause"], Statement=cap_first(statement), statement=_mid(statement), text=text)
    else:
        slot = "date_past" if fact.value.type == "date" and fact.past else fact.value.type
        out = pick.fill(frames[slot], Subject=cap_first(statement), subject=_mid(statement), text=text)
    out = sentence(out or f"{cap_first(statement)}: {text}")
    if lead:
        out = with_lead(pick, out, register)
    assert text in out, "a fact sentence must carry the fact's text"
    return out


# A report's stock in a sentence that goes to the other side in an email, and the letter's plain words for it (read 24:
# "Having reviewed the file, the waiver fee rate is taken at 0.25%", "for the equity cure amount, USD 9,000,000 is used
# throughout", "on our reading of the file": seven of covenant-breach's rejections were this template drafting). The
# document's frame is drawn and rewritten, so that the letter draws what the document would (the rest of the message
# reads as it did).
_HEDGE = re.compile(r"^(?i:on the (?:documents|papers) reviewed|on our reading of the file|on the information provided|"
                    r"having reviewed the file|in summary|on the figures provided|as the (?:papers|documents) stand), ")
# (a connective with_lead put before it: "Further, on our reading of the file, ...")
# (or a week's: "At April 20, the figure used for the surcharge claimed is ...")
_CONNECTIVE = re.compile(r"^(?:Further|In addition|Also|And|Next|On top of that|Alongside that|"
                         r"(?:As at|At|As of|For the period to|At the) [\w ]{3,24}?(?: update)?), ")
_LETTER = [
    (re.compile(r"\b(is|are) (?:taken|put) (?:at|as)\b"), r"\1"),
    (re.compile(r"\bhas been (?:taken|put|calculated|set) at\b"), "is"),
    (re.compile(r"\bhave been (?:taken|put|calculated|set) at\b"), "are"),
    (re.compile(r"\b(is|are|was) (?:recorded|stated|given) as\b"), r"\1"),
    (re.compile(r"^(?i:for) (?P<l>.+?), (?P<v>.+?) is used (?:throughout|in every schedule|consistently)\.$"),
     r"\g<l> is \g<v>."),
    (re.compile(r"^(?i:the) (?:figure|date|count|number|rate) (?:adopted|used|applied|taken|relied on) for (?P<l>.+?) "
                r"(?P<b>is|was) "), r"\g<l> \g<b> "),
    (re.compile(r"^(?i:the) (?:papers|documents) record (?P<l>.+?) as "), r"\g<l> is "),
    (re.compile(r"^(?i:we) (?:record|show|carry) "), "we have "),
    (re.compile(r'^(?i:the) record of (?P<l>.+?) reads "(?P<v>.+)"\.$'), r"\g<l>: \g<v>."),
]


def as_letter(said: str, label: str = "") -> str:
    """A document's fact sentence in a letter's words: no hedge on the file read, no figure "taken at" or "used
    throughout" (see _LETTER)."""
    lead = m.group(0) if (m := _CONNECTIVE.match(said)) else ""
    body = _HEDGE.sub("", said[len(lead):])
    for pattern, plain in _LETTER:
        body = pattern.sub(plain, body)
    out = lead + (body if lead else cap_first(body))
    return agree(out, [label]) if label else out


def with_lead(pick: Picker, text: str, register: Register) -> str:
    """The sentence after a connective ("Also, ...") when its first word can be lower-cased; else unchanged."""
    lowered = text if named_actor(text) else lower_first(text)
    if lowered == text or ":" in text.split(".")[0] or re.match(r"[\w' ]{1,24}, ", text):
        # (nor before a lead-in of its own: "Also, still, the vessel remains ...")
        return text  # a name or a colon-style sentence reads badly after a connective
    # (each once in an artifact: "Further, we have ... Further, the output tax due ...", read 24's letter by email)
    return pick.mark(pick.frame(pick.unused(bank("facts")[register]["lead"]))) + lowered


# A lesser-of or greater-of as a person says a limit (issue 17, read 21: "Confident: the lesser of the liquidated
# damages accrued and the liquidated damages cap"; a person writes "the accrued LDs, capped at USD 1,230,000"). The
# ledger's own words (fact_reason) stay as they are: a contract and a memo's definition say "the lesser of", and
# the memo, the letters and the advice's structure read the formula from them.
_EXTREME = re.compile(r"^the (?P<which>lesser|greater) of (?P<rest>.+)$")
_VALUED = re.compile(r"^(?P<label>.+?) (?:of (?P<v>(?:[A-Z]{3} |[$€£])?-?\d[\d,.]*(?: ?[A-Za-z%]+)?)|\((?P<p>-?\d[\d,.]*%)\))$")
_ARTICLE = re.compile(r"^(?:the|an?|its|our|their)\s", re.I)


def _limbs(rest: str) -> tuple[str, str] | None:
    """The two limbs of 'A and B' (the first ' and ' before an article, so 'costs and expenses' stays whole); None
    where there is no such split."""
    at = [m.start() for m in re.finditer(r" and ", rest)]
    for i in at:
        a, b = rest[:i].strip(), rest[i + 5:].strip()
        if a and _ARTICLE.match(b):
            return a, b
    return (rest[:at[-1]].strip(), rest[at[-1] + 5:].strip()) if at else None


def limit_words(how: str) -> str:
    """A figure's working as a person says it where it is a limit: 'the lesser of A of X and B of Y' -> 'A of X,
    capped at Y by B' ('A, subject to B' without values); 'the greater of A and B' -> 'A or, if higher, B'. Any other
    working comes back unchanged."""
    m = _EXTREME.match((how or "").strip())
    limbs = _limbs(m.group("rest")) if m else None
    if limbs is None:
        return how
    a, b = limbs
    if m.group("which") == "greater":
        return f"{a} or, if higher, {b}"
    v = _VALUED.match(b)
    if v is not None and v.group("v"):
        return f"{a}, capped at {v.group('v')} by {v.group('label')}"
    return f"{a}, subject to {b}"


def is_limit(how: str) -> bool:
    """Whether a working is a lesser-of or greater-of (said as a limit by limit_words)."""
    return bool(_EXTREME.match((how or "").strip()))


def counts_as_said(text: str, facts: list) -> str:
    """The text with each count written after "of" its own label ("the number of units declared of 41,260 units") said
    with the value in brackets ("the number of units declared (41,260 units)"). Blind read 30: "the number of posts cut
    of 148 posts"; some eighty frames write a figure as "{label} of {text}", right for an amount ("the removal costs of
    USD 61,350,000"), not for a count whose label already says its unit; mended once here over the composed text (the
    offline backend's), its value kept word for word."""
    for f in facts:
        unit = (getattr(f.value, "unit", "") or "").lower() if f.value.type == "number" else ""
        name = (f.label or "").strip()
        if len(unit) < 3 or not name or unit not in name.lower().split() or f" of {f.text}" not in text:
            continue
        bare = re.sub(r"(?i)^the\s+", "", name)
        # (the value in brackets reads in any slot, a subject's too: "41,260 units declared is low" would not)
        text = re.sub(rf"\b((?i:{re.escape(bare)})) of {re.escape(f.text)}",
                      lambda m, v=f.text: f"{m.group(1)} ({v})", text)
    return text

