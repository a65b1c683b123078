"""The substance of an adviser's note to its client, in the note's own paragraphs, from the plan: for each figure the
advice turns on, how it is worked out (its formula over its inputs), where and since when it is on the room's
sheets, who would dispute it and on what ground, what it means for the client, and what to do, by whom and by when.

Never a paper pasted into mail (blind read 14: every world's worst file was an email with a generated report in its
body, circular filler that recited figures and their sources: "For present purposes, the papers give the vessel as
M/T Aurelian Tide."; "Our recommendation is taking the extrapolated overpayment at USD 4,813,776 and moving straight to
the 60-day refund deadline, so that the 60-day refund deadline is settled on the papers rather than by argument.").
Every figure and date here is the ledger's, carried by the context; the only arithmetic is days between two of its
dates."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.beats import names_decision, titled_deciders
from worldsmith.generators.compose.bank import Picker, bank
from worldsmith.generators.compose.facts import agree, fixed, is_limit, limit_words
from worldsmith.generators.compose.parties import client_of, neutral, opponent, org, principal
from worldsmith.generators.compose.substance.common import derivation, gist, identity
from worldsmith.generators.compose.text import cap_first, join_names, lower_first, mail_day, strip_end, tidy
from worldsmith.generators.compose.voice import last_workday_before, next_workday
from worldsmith.generators.context import ArtifactContext, FactRef

_FIGURES = ("money", "number", "percent")
_RANK = {"executive": 3, "senior": 2, "mid": 1, "junior": 0}
# how fact_reason joins a formula's inputs
_OPS = re.compile(r" (?:plus|less|times|divided by) ")
_EXTREME = re.compile(r"^the (?:greater|lesser) of (.+) and (.+)$")


def _day(day: dt.date, ctx: ArtifactContext) -> str:
    """A day as mail writes it, without its year in the message's own year (a ledger date is written with its year;
    an action's day is not)."""
    return mail_day(day, ctx.locale, ctx.spec.sent_at.date())


def _names(ctx: ArtifactContext) -> list[str]:
    """The world's own names (organisations, the people of the message), which keep their capitals mid-sentence."""
    return [o.name for o in ctx.organisations] + [p.name for p in (ctx.author, *ctx.to)]


def inputs(f: FactRef) -> list[str]:
    """The labels of a derived figure's inputs, read from its formula in words ('the net overpayment in the sample
    divided by the probe sample times the claims in the review period': three)."""
    if not f.reason:
        return []
    parts: list[str] = []
    for part in _OPS.split(f.reason):
        m = _EXTREME.match(part.strip())
        parts.extend([m.group(1), m.group(2)] if m else [part])
    return [p.strip() for p in parts if p.strip() and not re.fullmatch(r"[\d.,%\s]+", p.strip())]


def _due(ctx: ArtifactContext) -> FactRef | None:
    """The due date ahead that the note's figures are to be dealt with by (a deadline, not the date of an event)."""
    return next((f for f in ctx.facts if f.value.type == "date" and not f.past and not fixed(f) and f.label), None)


def _days_to(ctx: ArtifactContext, f: FactRef) -> int:
    return (f.value.value - ctx.spec.sent_at.date()).days


# How far ahead of a note the ledger may settle a point the note still calls open: three weeks (read 34: a note of 12
# March had the client "settle the decision on the appeal by 16 March", an appeal the ledger decides on June 18).
OPEN_AHEAD_DAYS = 21


def still_open(ctx: ArtifactContext) -> str:
    """The thread's point still open on this day: a label it has that this note does not carry and is not settled,
    nor one the ledger only comes to know weeks later (the decision on an appeal not yet brought)."""
    have = {f.label for f in ctx.facts}
    horizon = ctx.spec.sent_at.date() + dt.timedelta(days=OPEN_AHEAD_DAYS) if getattr(ctx.spec, "sent_at", None) \
        else None
    return next((x for x in ctx.thread_labels if x not in have and x not in ctx.settled_labels
                 and not (horizon and ctx.label_known.get(x, horizon) > horizon)), "")


def _owner(ctx: ArtifactContext) -> str:
    """Who decides for the client: its most senior person this note addresses, by first name."""
    client = client_of(ctx)
    theirs = [p for p in ctx.to if p.organisation == client] or [p for p in ctx.to if p.organisation != ctx.author.organisation]
    best = max(theirs, key=lambda p: _RANK.get(p.seniority, 1), default=None)
    return best.first_name if best is not None else ""


def _fill(pick: Picker, frames: list[str], **values: str) -> str:
    values = {k: v for k, v in values.items() if v}
    for key in list(values):
        if key[:1].islower():
            values.setdefault(key[:1].upper() + key[1:], cap_first(values[key]))
    out = pick.fill(frames, **values) or ""
    return tidy(out, keep=tuple(v for v in values.values() if v[:1].islower()))


def paper_title(title: str) -> str:
    """A paper as a note names it: its title before a colon or a dash, 're' read as 'on', a sentence-case first
    word in lower case ('Memo re OPA 90 limitation of liability: M/T Aurelian Tide' -> 'memo on OPA 90 limitation of
    liability'), without a leading article (the frame gives its own)."""
    head, *rest = re.split(r":\s+|\s+-\s+", title, maxsplit=1)
    head = head.strip()
    if len(head.split()) == 1 and rest:
        # 'Minutes: Diligence kick-off with Pennock, September 1' -> 'minutes of the diligence kick-off with Pennock'
        about = re.sub(r",?\s+[A-Z][a-z]+ \d{1,2}(?:, \d{4})?$", "", rest[0]).strip()
        about = about[:1].lower() + about[1:] if about[1:2].islower() else about
        head = f"{head.lower()} of the {about}"
    head = re.sub(r"\bre\b", "on", head)
    head = re.sub(r"^(?:the|a|an)\s+", "", head, flags=re.I)
    words = head.split()
    if len(words) >= 2 and words[0][:1].isupper() and not words[0].isupper() and not words[1][:1].isupper():
        head = head[:1].lower() + head[1:]
    return head


def made_by_reader(ctx: ArtifactContext, f: FactRef) -> bool:
    """Whether the paper that works the figure out is of an addressee's organisation and not the writer's: its working
    is theirs, never walked through back to them."""
    return bool(f.paper_by) and f.paper_by != ctx.author.organisation and \
        any(p.organisation == f.paper_by for p in ctx.to)


def working_told(ctx: ArtifactContext, f: FactRef) -> bool:
    """Whether a figure's working has no place in this message: an earlier message of the thread states it, or the
    readers made it (read 21: "The client walks counsel through counsel's own arithmetic"; one calculation paragraph in
    every message of a thread, "move one of those and ... moves with it")."""
    if not f.reason:
        return False
    if made_by_reader(ctx, f):
        return True
    said = {x for x in (f.reason, f.working, limit_words(f.reason), limit_words(f.working)) if x}
    # (the body of a message carries the ones before it quoted, '> ' and wrapped: compared on its words alone)
    flat = {re.sub(r"\s+", " ", x) for x in said}
    return any(x in re.sub(r"[\s>]+", " ", m.body) for m in ctx.thread for x in flat)


def _paper(pick: Picker, ctx: ArtifactContext, f: FactRef) -> str:
    """Which paper sets the fact out, by whom and of when."""
    if not (f.paper and f.paper_day):
        return ""
    key = "paper_instrument" if f.paper_instrument else "paper"
    if key == "paper" and made_by_reader(ctx, f) and all(p.organisation == f.paper_by for p in ctx.to):
        # the readers' own paper is "yours" ("The memo ... (Fennick Lowry LLP) has it in full" to Fennick Lowry's
        # partner, read 21)
        key = "paper_yours"
    pick.named_once(f.paper)
    # the writer's own firm's paper is "ours", never its firm in the third person ("Corwen Ashby LLP set it out in the
    # memo ..." in Corwen Ashby's partner's own note: issue 17, "names own firm ... in the third person", read 20)
    mine = f.paper_by == ctx.author.organisation
    return _fill(pick, bank("email")["advice"]["substance"][key], paper=paper_title(f.paper),
                 by="" if mine and key == "paper" else f.paper_by, paper_day=_day(f.paper_day, ctx),
                 ours="our" if mine else "")


def _input(pick: Picker, ctx: ArtifactContext, i) -> str:
    """One input on the record: its value, since when and on which sheet line, the paper it comes from, and its own
    working where it is derived too."""
    frames = bank("email")["advice"]["substance"]
    loc = ctx.locale
    if i.since is None:
        # a term of an instrument holds by it, not "from February 23" (read 17: the Clause 41.3 cap "from February
        # 23", "as Ostrander put it in the Voyage Charter Party ... of February 25", a charter made on January 16)
        out = _fill(pick, frames["input_term"], label=i.label, text=i.text).rstrip(".")
    else:
        out = _fill(pick, frames["input_with_source" if i.source else "input"], label=i.label, text=i.text,
                    since=_day(i.since, ctx), source=pick.cited(i.source) if i.source else "").rstrip(".")
    if i.paper and i.paper_day and (i.by or i.instrument) and pick.named_once(i.paper):
        # (a paper is named once in a note: 'as Fennick Lowry LLP put it in the memo on liquidated damages ... of
        # September 1' after each input, the memo the paragraph had just named, blind read 20)
        # (and the addressees' own firm's paper is theirs: read 23, 'Refers to the addressee in the third person')
        yours = bool(ctx.to) and {p.organisation for p in ctx.to} == {i.by}
        key = "input_instrument" if i.instrument else "input_paper_ours" if i.by == ctx.author.organisation else \
            "input_paper_yours" if yours else "input_paper"
        out += ", " + _fill(pick, frames[key], by=i.by,
                            paper=paper_title(i.paper), paper_day=_day(i.paper_day, ctx)).rstrip(".")
    if i.working:
        out += ", " + _fill(pick, frames["input_working"], working=limit_words(i.working)).rstrip(".")
    return out


# (in a note's `told`, with a day: a figure of it has already been said not to have moved since that day)
_STILL = "\0unchanged"


def figure_paragraph(pick: Picker, ctx: ArtifactContext, f: FactRef, meaning: bool = True,
                     told: set[str] | None = None) -> list[str]:
    """One figure's paragraph (how it is worked out, where and since when it is on the sheets, who would dispute it
    and on what ground) and, where there is a due date or an open point, what it means for the client."""
    frames = bank("email")["advice"]["substance"]
    loc = ctx.locale
    known = working_told(ctx, f)
    how = "" if known else f.working or derivation(f, ctx.facts)
    clause = "" if how else gist(f, ctx.facts)
    # a limit is said as a limit, never as its formula ("Confident: the lesser of the liquidated damages accrued and
    # the liquidated damages cap", read 21)
    limit = is_limit(how)
    how = limit_words(how)
    if not (how or clause or f.paper or f.source or f.superseded):
        return []  # nothing to say of it but its value: the note says it as it says any fact
    said: list[str] = []
    if how:
        said.append(_fill(pick, frames["derived_limit" if limit else "derived"], label=f.label, text=f.text, how=how))
    else:
        given = frames["given"] if clause else frames["given_bare"]
        if f.label in ctx.their_labels:
            # the other side's figure is never 'ours' nor one 'we hold' ("Our number for the claimant's multiplier for
            # future loss is 15.2" from the defendant's solicitors, pi-quantum, an unseen outline)
            given = [x for x in given if not re.search(r"\b(?:[Oo]ur|[Ww]e)\b", x)] or given
        said.append(_fill(pick, given, label=f.label, text=f.text,
                          gist=lower_first(clause, _names(ctx)) if clause and not clause[:2].isupper() else clause))
    said.append(_paper(pick, ctx, f))
    since = _day(f.since, ctx) if f.since else ""
    told = set() if told is None else told
    if f.source and f.source_day:
        moved = f.since is not None and f.since > f.source_day
        key = "dated_changed" if moved and since else ("dated" if how else "dated_given")
        said.append(_fill(pick, frames[key], source=pick.cited(f.source),
                          source_day=_day(f.source_day, ctx), since=since))
    elif since and f.since != ctx.spec.sent_at.date() and not f.term:
        # (a term of the instrument has no day it took its value: "the threshold ... has been at that level since
        # February 2", read 20)
        # (a day once a note: "It last moved on May 12 ... Unchanged since May 12 ... It has stood at that since May
        # 12" of three figures in one email, read 21; the wording is drawn all the same, so that the rest of the note
        # reads as it did)
        still = _fill(pick, frames["since_only"], since=since)
        said.append("" if _STILL + since in told else still)
        told.add(_STILL + since)
    if f.superseded and f.superseded_text:
        # what the figure replaced, and why, in the words of the superseded paper's own label
        said.append(_fill(pick, frames["superseded"], old=strip_end(f.superseded), old_text=f.superseded_text)
                    if f.superseded_text not in f.superseded else
                    _fill(pick, frames["superseded_bare"], old=strip_end(f.superseded)))
    # a term of the agreement or a payment made is nobody's ground of challenge and needs no record traced (an
    # earn-out note traced the cap, the multiple and the threshold, each 'fixed on March 1 and carried on the ...
    # line', as grounds the buyer might take)
    parts = [i.label for i in f.inputs if not i.standing] if f.inputs else inputs(f)
    opp = opponent(ctx)
    what = join_names(parts) if parts else ""
    # an input the other side set out itself (its own demand) is no ground it can attack: that is a point for us
    theirs = [i.label for i in f.inputs if opp and i.by and principal(ctx, i.by) == opp]
    open_to = [x for x in parts if x not in theirs]
    # a client asking its own adviser for a view does not argue the case to it (read 22's client: "If it comes to that,
    # we would point to the index rise ..." and "Brennmoor will not argue the sum", a purchasing director to counsel)
    asking = asks_its_adviser(ctx)
    if known:
        pass  # the working is the thread's or the readers' already: nor who would attack its inputs, nor their record
    elif asking and opp and theirs and not open_to:
        # (a figure wholly of the other side's own inputs is said to be so, not argued: "nothing ... to attack")
        said.append(_fill(pick, [x for x in frames["dispute_all_theirs"] if "attack" not in x], opp=opp,
                          label=f.label, theirs=join_names(theirs)))
    elif asking and opp and open_to:
        # (of the inputs the other side did not put forward itself: never whether it could challenge its own demand)
        said.append(_fill(pick, frames["dispute_asked"], opp=opp, label=f.label, inputs=join_names(open_to)))
    elif asking:
        pass
    elif opp and theirs:
        said.append(_fill(pick, frames["dispute_theirs" if open_to else "dispute_all_theirs"], opp=opp, label=f.label, theirs=join_names(theirs),
                          rest=join_names(open_to)))
    elif opp and parts:
        said.append(_fill(pick, frames["dispute"], opp=opp, label=f.label, inputs=what))
    elif opp and f.label in ctx.own_labels and not fixed(f):
        # (a payment made or an agreed figure is no case of ours: "treat the number as our case rather than common
        # ground" of the advance the insurer itself paid, read 16)
        said.append(_fill(pick, frames["dispute_own"], opp=opp, label=f.label))
    elif not opp and parts:
        ruling = next((o.name for o in ctx.organisations if neutral(ctx, o.name) and o.name != ctx.author.organisation),
                      "")
        if ruling:
            said.append(_fill(pick, frames["neutral"], neutral=ruling, label=f.label, inputs=what))
    # the answer to such a challenge is the record: when each input took its value, and where it is read
    # (an input an earlier figure of the note has traced is not traced again: two prices on one multiple gave the
    # multiple's record twice)
    traced = [i for i in f.inputs if i.since is not None and i.label not in told and not i.standing]
    told.update(i.label for i in f.inputs)
    if traced and (opp or parts) and not known:
        lead_in = frames["inputs_lead_held"] if asking else \
            frames["inputs_lead"] if len(traced) == len(f.inputs) else frames["inputs_lead_rest"]
        traced = traced[:2]  # the two a challenge would go to; a note does not recite the whole working paper
        said.append(_fill(pick, lead_in) + " " + "; ".join(_input(pick, ctx, i) for i in traced) + ".")
    out = [" ".join(x for x in said if x)]
    client = client_of(ctx) if meaning else ""
    due, open_ = _due(ctx), still_open(ctx)
    if client and due is not None and _days_to(ctx, due) > 0:
        out.append(_fill(pick, frames["meaning_due"], client=client, label=f.label, text=f.text, dlabel=due.label,
                         date=due.text, n=str(_days_to(ctx, due))))
    elif client and open_:
        out.append(agree(_fill(pick, frames["meaning_open"], client=client, label=f.label, text=f.text, open=open_),
                         [open_, f.label]))
    return [x for x in out if x]


# a due date's statement that gives its ground first: "Because the overpayment was quantified on June 29, 2026, the
# 60-day report-and-return deadline ... falls on August 28, 2026."
_BECAUSE = re.compile(r"^(?:Because|As|Since|Given that)\s+(?P<why>.+?\d{4}|[^,]+),\s+(?:the|a|an|its)\b", re.I)


def due_basis(f: FactRef) -> str:
    """What a due date runs from, in the words of its statement ('the overpayment was quantified on June 29, 2026');
    '' when the statement does not say."""
    m = _BECAUSE.match(f.statement.strip())
    if not m or f.text in m.group("why"):
        return ""
    why = m.group("why").strip()
    return why[:1].lower() + why[1:] if not why[:2].isupper() else why


def point_paragraph(pick: Picker, ctx: ArtifactContext, f: FactRef) -> list[str]:
    """A point of the matter that is no figure (a ground, a clause, a decision): what it is and what it rests on in
    its statement's words, and the paper that sets it out, of when; [] where the statement gives nothing more."""
    frames = bank("email")["advice"]["substance"]
    clause = gist(f, ctx.facts)
    if not clause:
        return []
    said = [_fill(pick, frames["point"], label=f.label, text=f.text,
                  gist=lower_first(clause, _names(ctx)) if not clause[:2].isupper() else clause)]
    said.append(_paper(pick, ctx, f))
    return [agree(" ".join(x for x in said if x), [f.label])]


_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def title_day(ctx: ArtifactContext) -> dt.date | None:
    """The day a title asks for ('Tender of defense: decision needed by Thursday': the next Thursday after the
    note's day); None when it names none."""
    m = re.search(r"\bby (" + "|".join(_WEEKDAYS) + r")\b", ctx.spec.title)
    if not m:
        return None
    today = ctx.spec.sent_at.date()
    ahead = (_WEEKDAYS.index(m.group(1)) - today.weekday()) % 7 or 7
    return today + dt.timedelta(days=ahead)


def _number(text: str) -> float | None:
    m = re.search(r"-?\d[\d,]*(?:\.\d+)?", text)
    return float(m.group(0).replace(",", "")) if m else None


def structure(pick: Picker, f: FactRef) -> str:
    """What the shape of a figure's formula means for it, from its inputs' values on the day: which side of a
    lesser-of or greater-of binds, the largest part of a sum, and that a product moves in proportion to its inputs;
    '' where there is nothing to say."""
    frames = bank("email")["advice"]["substance"]["structure"]
    if len(f.inputs) < 2 or not f.reason:
        return ""
    if re.match(r"the (?:lesser|greater) of ", f.reason):
        binding = next((i for i in f.inputs if i.text == f.text), None)
        other = next((i for i in f.inputs if i is not binding), None)
        if binding is None or other is None:
            return ""
        key = "lesser" if f.reason.startswith("the lesser") else "greater"
        return _fill(pick, frames[key], label=f.label, binding=binding.label, other=other.label)
    ops = set(re.findall(r" (plus|less|times|divided by) ", f.reason))
    if ops == {"plus"}:
        sized = [(v, i) for i in f.inputs if (v := _number(i.text)) is not None]
        if len(sized) == len(f.inputs):
            big = max(sized, key=lambda x: x[0])[1]
            return _fill(pick, frames["sum"], label=f.label, part=big.label, text=big.text)
    if ops and ops <= {"times", "divided by"}:
        # the inputs it is in proportion to: the first term and each one multiplied in, never a divisor
        terms = re.split(r" (times|divided by) ", f.reason)
        up = [terms[0]] + [terms[k + 1] for k in range(1, len(terms) - 1, 2) if terms[k] == "times"]
        up = [t.strip() for t in up if any(t.strip() == i.label for i in f.inputs)]
        if len(up) >= 2:
            return _fill(pick, frames["product"], label=f.label, first=up[0], second=up[1])
    return ""


def _principal_owner(ctx: ArtifactContext) -> str:
    """Who decides for the client: the most senior person of the party the writer acts for (or of the writer's own
    organisation, where it acts for itself) among the writer and the readers, by first name."""
    party = client_of(ctx) or ctx.author.organisation
    purpose = getattr(ctx.spec, "purpose", "") or ""
    titled = [p for p in titled_deciders(purpose, ctx.cast) if p.organisation == party] if names_decision(purpose) else []
    if len(titled) == 1:
        # the one the purpose names by title decides, on the note or not: the CFO's opener read "I will sign off the
        # appeal decision" where the purpose said the CEO decides (the planner has the CEO join to decide)
        return titled[0].first_name
    people = [p for p in [ctx.author, *ctx.to, *ctx.cc] if p.organisation == party]
    best = max(people, key=lambda p: _RANK.get(p.seniority, 1), default=None)
    if best is None and client_of(ctx) and any(p.organisation == client_of(ctx) for p in ctx.cast):
        # the client decides, and none of its people is on the note: no one here is asked for its decision (read
        # 15: the tenant's valuer asked the tenant's solicitor for "a decision on the landlord's proposed rate")
        return ""
    return best.first_name if best is not None else _owner(ctx)


def person_word(ctx: ArtifactContext, first_name: str) -> str:
    """How the note speaks of one of its people: 'self' for its writer, 'you' for its one addressee, else 'name'
    (read 15: "We recommend that Kathryn settle..." written by Kathryn; "I would ask Ben to settle..." written to
    Ben; "that Gail take the tender decision" to Gail)."""
    if first_name == ctx.author.first_name:
        return "self"
    if len(ctx.to) == 1 and ctx.to[0].first_name == first_name:
        return "you"
    return "name"


def _as_object(ctx: ArtifactContext, first_name: str) -> str:
    """One of the note's people as the object of a verb or a preposition: 'me', 'you' or the first name."""
    return {"self": "me", "you": "you"}.get(person_word(ctx, first_name), first_name)


def _team(ctx: ArtifactContext) -> str:
    """Who on the writer's side does the work behind the advice: a junior colleague on the note, else the writer."""
    rank = _RANK.get(ctx.author.seniority, 1)
    team = [p for p in ctx.to + ctx.cc if p.organisation == ctx.author.organisation and _RANK.get(p.seniority, 1) < rank]
    return team[0].first_name if team else ctx.author.first_name


def work_day(pick: Picker, ctx: ArtifactContext) -> dt.date:
    """The day a note works to: the one its title asks for, else two to four working days on, and never on or after
    the due date ahead."""
    today = ctx.spec.sent_at.date()
    by = title_day(ctx) or next_workday(today, pick.one([2, 3, 4]), ctx.locale)
    due = _due(ctx)
    if due is not None and _days_to(ctx, due) > 1:
        # (on a working day: a day before a Tuesday due date that is a Monday holiday is the Friday)
        by = min(by, last_workday_before(due.value.value))
    coming = [f.coming_day for f in ctx.facts if f.coming_day is not None and f.coming_day > today]
    if coming:
        # a figure the paper to come sets down is settled by that paper's day, not after it goes out (read 20: the EV
        # to be "settled" by September 8 in a note of September 1, the LOI that states it going out on September 2)
        by = min(by, min(coming))
    return by


def substance(pick: Picker, ctx: ArtifactContext, notes: bool = False, client: bool = True,
              by: dt.date | None = None) -> list[str]:
    """The note's paragraphs between its lead and its ask: each figure's paragraph (its working, what the shape of
    the working means, its paper, where and since when it is on the sheets, who would dispute it and on what
    ground), each point that is no figure, the due date and what it runs from, the recommendation (an owner in
    role, a day, and a reason that is another fact than what is to be done), and the steps back from it with
    owners and days. [] where the note carries nothing to advise on. With notes, as the notes of a call record it:
    what was agreed, who takes the open point and by when. Without client (a note among colleagues or to those the
    writer engaged), the working alone: no word of what it means for a client and no recommendation to one."""
    frames = bank("email")["advice"]["substance"]
    loc, today = ctx.locale, ctx.spec.sent_at.date()
    figures = [f for f in ctx.facts if f.label and f.value.type in _FIGURES]
    points = [f for f in ctx.facts if f.value.type == "text" and not identity(f) and f.label and gist(f, ctx.facts)]
    due = _due(ctx)
    n = _days_to(ctx, due) if due is not None else 0
    if not figures and not points and not (due is not None and n > 0):
        return []
    out: list[str] = []
    meant = False
    told: set[str] = set()
    for f in figures[:3]:
        if any(f.text in x for x in out):
            continue  # an input of a figure already worked through is not given a paragraph of its own
        paragraph = figure_paragraph(pick, ctx, f, meaning=client and not meant, told=told)
        shape = "" if working_told(ctx, f) else structure(pick, f)
        if shape and paragraph:
            paragraph[0] = f"{paragraph[0]} {shape}"
        meant = meant or len(paragraph) > 1
        out.extend(paragraph)
    for f in points:
        out.extend(point_paragraph(pick, ctx, f))
    client = client_of(ctx) or ctx.author.organisation
    if due is not None and n > 0 and not any(due.text in x for x in out):
        out.append(_fill(pick, frames["due_only_ours" if not client_of(ctx) else "due_only"], dlabel=due.label,
                         date=due.text, client=client, n=str(n)))
    why = due_basis(due) if due is not None else ""
    if why and out:
        line = _fill(pick, frames["due_basis"], dlabel=due.label, why=why)
        at = next((i for i, x in enumerate(out) if due.text in x), len(out) - 1)
        out[at] = f"{out[at]} {line}"
    owner = _principal_owner(ctx) if client or notes else ""
    if owner and asks_its_adviser(ctx) and person_word(ctx, owner) != "self":
        # a party writing to its own adviser asks; it recommends nothing to its own people through them ("We recommend
        # that Tara settle the extrapolated overpayment" from the compliance officer to the hospital's counsel, under
        # "60-day rule: when did the clock start?"; "We recommend that Malcolm settle" from the buyer to its bank, read
        # 17). The one who decides, writing, still says what they will do (read 15: "I will settle ...")
        owner = ""
    # the writer speaks of itself as I and of its one addressee as you, never by first name
    who_owns = person_word(ctx, owner) if owner else "name"
    open_ = still_open(ctx)
    # what the client settles is a figure of its own or of the work, never the other side's own claim or allegation
    # (read 15: "I would ask Michele to settle the fault share alleged at 35%", the claimant's allegation)
    opp = opponent(ctx)
    # (theirs too: an input the other side put forward in a figure of the note, 'the fault share alleged' of its
    # contribution demand)
    alleged = {i.label for g in figures for i in g.inputs if opp and i.by and principal(ctx, i.by) == opp}
    mine = [f for f in figures if not (opp and f.paper_by and principal(ctx, f.paper_by) == opp)
            and f.label not in alleged]
    lead = (mine or points or [f for f in ctx.facts if f.label and f not in figures] or [None])[0]
    by = by or work_day(pick, ctx)
    # what is to be done: the open point, else the lead figure; its reason another fact than it
    object_ = open_ or (f"{lead.label} at {lead.text}" if lead is not None and lead.value.type in _FIGURES
                        and lead.label not in ctx.settled_labels and not fixed(lead) else "")
    if ctx.decided_labels and not open_:
        # the thread's decision is taken: nothing is left to take or settle by a day after it (read 20: the chair gave
        # the decision at 16:30, and her own notes of the meeting the next morning read "Agreed: I am to take the
        # audit committee decision by July 16"; then "to settle the extrapolated overpayment" it was taken on)
        object_ = ""
    # 'take the tender decision', 'settle the LOI enterprise value at GBP 195,000,000'
    verb = "take" if object_.endswith("decision") else "settle"
    # an adviser's client does not settle the adviser's figure (read 21: "a law-firm partner gives the client the job
    # of 'settling' a commercial statistic", the total net leverage ratio at 3.7x; "the client walks its counsel through
    # counsel's own arithmetic"): it instructs its adviser to proceed on it
    instructs = verb == "settle" and bool(client_of(ctx)) and not open_ and \
        any(p.first_name == owner and p.organisation == client_of(ctx) for p in [*ctx.to, *ctx.cc])
    if instructs and lead is not None and object_.startswith(lead.label) and lead.label not in ctx.asserted_labels:
        # instructions are asked on a position of the client's own (its offer, its price), never on a figure read off
        # the record (read 22: "Denise: instructions to proceed on the largest customer's revenue share", a diligence
        # finding; "instructions to proceed on Ostrander's maximum exposure", counsel's own assessment)
        object_, instructs = "", False
    if instructs:
        verb = "instruct us to proceed on"
    verbs = {"take": "takes", "settle": "settles", "instruct us to proceed on": "instructs us to proceed on"}[verb]
    # (of its writer, what the writer will do; of its one addressee, 'you')
    tail = "_self" if who_owns == "self" else ""
    said_owner = "you" if who_owns == "you" else owner
    if who_owns == "name" and len(ctx.to) > 1 and ctx.to[0].first_name == owner:
        # the first addressee is spoken to, not of (read 19: "Catherine writes to Malcolm as 'I would ask Malcolm to
        # settle...'", a note to Malcolm and the buyer's counsel)
        said_owner, who_owns = f"you, {owner},", "you_named"
    if who_owns in ("you", "you_named"):
        verbs = verb
    if owner and object_ and by > today:
        if due is not None and n > 0:
            line = _fill(pick, frames[("agreed_due" if notes else "recommend_due") + tail], owner=said_owner,
                         object=object_, verb=verb, verbs=verbs,
                         day=_day(by, ctx), dlabel=due.label, date=due.text, n=str((due.value.value - by).days))
        else:
            # the reason: the input that came in last (why the figure is what it is now), else another figure
            newest = max((i for i in getattr(lead, "inputs", []) if i.since is not None and i.label not in object_),
                         key=lambda i: i.since, default=None) if not open_ else None
            if lead is not None and re.match(r"the (?:lesser|greater) of ", lead.reason or ""):
                # (of a lesser-of or greater-of, the side that binds: 'on the contribution demand' was the side
                # that does not)
                newest = next((i for i in lead.inputs if i.text == lead.text and i.label not in object_), None)
            other = newest or next((f for f in figures if f.label not in object_), None)
            line = _fill(pick, frames[("agreed_figure" if notes else "recommend_figure") + tail], owner=said_owner,
                         object=object_, verb=verb, verbs=verbs,
                         day=_day(by, ctx), label=other.label, text=other.text) if other is not None else ""
        if line:
            out.append(line)
        # the steps back from it: the working to the decision-maker first, the decision, then the due date
        steps = []
        ready = next_workday(today, 1, ctx.locale)
        team = _team(ctx)
        if lead is not None and ready < by and team != owner:
            steps.append(_fill(pick, frames["step_ours_self" if team == ctx.author.first_name else "step_ours"],
                               who=team, label=lead.label, owner=_as_object(ctx, owner), day=_day(ready, ctx)))
        decide = ("step_instruct" if instructs else "step_decide") + \
            ("" if who_owns in ("name", "you_named") else "_" + who_owns)
        steps.append(_fill(pick, frames[decide], owner=owner,
                           object=object_, day=_day(by, ctx)))
        if due is not None and n > 0:
            steps.append(_fill(pick, frames["step_due"], dlabel=due.label, date=due.text, n=str(n)))
        steps = [x for x in steps if x]
        if len(steps) >= 2:
            out.append(_fill(pick, frames["steps"]) + "\n" + "\n".join(f"- {x}" for x in steps))
    return [x if "\n" in x else cap_first(strip_end(x)) + (x.rstrip()[-1] if x.rstrip()[-1:] in ".?!" else ".")
            for x in out if x]


def asks_its_adviser(ctx: ArtifactContext) -> bool:
    """Whether the writer's organisation acts for no one and every addressee's acts for it (a client's officer writing
    to its counsel, its accountants): such a note asks for advice and gives none."""
    if client_of(ctx) or not ctx.to:
        return False
    advisers = [org(ctx, p.organisation) for p in ctx.to]
    return all(o is not None and ctx.author.organisation in (o.acts_for, o.engaged_by) for o in advisers)


def attendees(ctx: ArtifactContext) -> str:
    """Who was on the call, as notes list them: the writer and the note's readers, each with their organisation
    where the call had more than one."""
    people = [ctx.author, *ctx.to, *ctx.cc]
    seen: list = []
    for p in people:
        if p.id not in {x.id for x in seen}:
            seen.append(p)
    orgs = {p.organisation for p in seen}
    names = [f"{p.name} ({p.organisation})" if len(orgs) > 1 else p.name for p in seen]
    return join_names(names)
