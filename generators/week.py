"""What happened in the week of a recurring instance (a weekly status note, a weekly call's agenda, its minutes):
the ledger's news and moves, the papers that went round, the dates coming up.

A weekly note that restates the same fixed figure every week was filler to every reader (issue 17, blind read 7).
The ledger knows what changed when, and the inventory knows which papers were made on which day; this module
reads both for the days since the series' previous instance, so each instance carries its own week. The engine
owns every value here (each is the ledger's text on the instance's day); composers only write words around them.
"""

from __future__ import annotations

import bisect
import datetime as dt
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from worldsmith.generators.labels import as_first_sent, fact_label, standing
from worldsmith.generators.sides import principal
from worldsmith.worlds.plan import WorldPlan

# A recurring item's instances are planned as "<item>_<n>" (n from 1).
_INSTANCE = re.compile(r"^(?P<key>.+)_(?P<n>\d+)$")
# How far ahead a date counts as coming up for a weekly note: the next three weeks.
AHEAD_DAYS = 21
# How many of each kind of event one week carries: a note of the week, not a log of it.
MOST = {"learnt": 3, "moved": 2, "paper": 2, "met": 2, "passed": 2, "due": 2}
# A quiet week names the last paper on the file only while it is recent: "the latest paper is still the kick-off
# minutes" in every quiet note of a year-long matter is a template, not news (realism_boilerplate at x10).
STALE_DAYS = 28


class WeekEvent(BaseModel):
    """One thing of an instance's week, with its values as the ledger has them on the instance's day."""

    model_config = ConfigDict(extra="forbid")
    what: Literal["learnt", "moved", "paper", "met", "passed", "due", "awaited", "last", "latest", "next",
                  "lapsed"] = Field(
        description="a fact first known, a figure that moved, a paper made, a meeting of our side held in the week "
                    "(met: title, by its organiser), a date of the ledger that fell in the "
                    "week or falls on its day (passed), a date ahead; in a quiet week only, "
                    "what stands: our paper the other side has not answered (awaited), the last paper of the "
                    "matter (last), or the fact last known or moved where it came after that paper (latest), the "
                    "next date in the diary however far (next), a deadline gone by in an earlier week and what "
                    "the ledger has had since it (lapsed: point, point_text)")
    day: dt.date = Field(description="when it happened, or (due) the date itself")
    fact: str = ""
    label: str = ""
    type: str = Field("", description="the fact's value type (money, date, text...)")
    text: str = Field("", description="the fact's value on the instance's day, exactly as to be written")
    before: str = Field("", description="moved: the value it held before the move")
    title: str = Field("", description="paper: its title as it was named the day it went round")
    by: str = Field("", description="paper: its author's name")
    org: str = Field("", description="paper: its author's organisation (awaited: the organisation it went to)")
    derived: bool = Field(False, description="learnt, moved: the figure is worked out from others (it has a formula),"
                                             " so it is worked out, never received")
    standing: bool = Field(False, description="learnt: the figure stands by an instrument or an act done (a policy "
                                               "term, a payment made, a figure agreed): recorded, never checked or "
                                               "taken through as an open point")
    seen: bool = Field(False, description="paper: it already went to a reader of the instance outside its author's "
                                          "organisation (the note tells them of it, never offers to send it)")
    across: bool = Field(False, description="paper: it went to the other side on its day (a notice served, a letter "
                                            "sent): done, so no step is left to comment on it, settle it or send it "
                                            "to the client for input")
    signed: bool = Field(False, description="paper: an instrument (an agreement, a deed) the ledger records as signed "
                                            "by the instance's day: done, never read and commented on")
    replaced: bool = Field(False, description="paper: a superseded paper whose figure the ledger has already replaced "
                                              "by the instance's day (a preliminary view the adjuster's position "
                                              "overtook): news of the week, never a step to read or answer it")
    attended: list[str] = Field(default_factory=list, description="met: the names of those at it, its organiser "
                                                                  "first (a note does not tell them it took place)")
    draft: str = Field("", description="due: the title of our side's draft, made by the instance's day, that carries "
                                       "the date (what is left to do before it: that draft finished)")
    draft_day: dt.date | None = Field(None, description="due: that draft's date")
    point: str = Field("", description="paper: the label of the figure it puts forward, as the ledger has it on the "
                                       "instance's day")
    point_text: str = Field("", description="paper: that figure's value, exactly as to be written")
    finding: str = Field("", description="paper: where it puts forward no figure, the first thing it records that is "
                                         "not merely a name, as a sentence body ('the largest customer is ..., whose "
                                         "agreement lets it terminate on a change of control'), else ''")
    concludes: str = Field("", description="paper: what it concludes where its purpose names a recommendation or a "
                                           "view, as a clause ('it recommends a consent as a condition to "
                                           "signing'), else ''")


# A reference to a provision: its digits are no figure of the ledger ('clause 19.2', 'section 8.04(b)').
_PROVISION = re.compile(r"\b(?:clauses?|sections?|articles?|paragraphs?|schedules?|rules?|regulations?|ss?\.|§)\s*"
                        r"[\d.]+(?:\([a-z0-9]+\))*", re.I)


_RELATIVE = re.compile(r",\s+(?P<rel>(?:whose|which|under which|by which)\s+.+)$")


def _finding(statement: str, name: str, text: str) -> str:
    """What a paper can be said to record of a fact that is words, not a figure: its label and value with what the
    statement adds of it ('the largest customer is Ashgrove Process Industries, whose master services agreement lets
    it terminate on a change of control of Cindermill (clause 19.2)'), no full stop; '' where that is a mere name or
    would carry a figure or date (the engine writes those from their facts) or the whole statement (which only its
    establishing papers carry: fact_statement_established_only)."""
    said = " ".join((statement or "").split()).rstrip(".")
    rel = _RELATIVE.search(said)
    more = rel.group("rel") if rel and not re.search(r"\d", _PROVISION.sub("", rel.group("rel"))) else ""
    if not more and len(text.split()) < 4:
        return ""
    out = f"{name} is {text}" + (f", {more}" if more else "")
    return "" if said.lower() in out.lower() else out


def concludes(purpose: str) -> str:
    """What a paper concludes, from its purpose, as a clause ('it recommends a consent as a condition to signing',
    'its recommendation is to invest at the revised price'); '' where the purpose names no recommendation or view."""
    # a note taken through counsel's memo said only 'it puts the largest customer's revenue share at 18.4%' (blind
    # read 22: 'Counsel's memo ... is reduced to a number'): advice is reported by what it advises, not an input
    from worldsmith.generators.compose.recommend import what_is_recommended

    found = what_is_recommended(purpose)
    if found is None:
        return ""
    form, words = found
    return {"do": f"its recommendation is to {words}", "that": f"it recommends that {words}",
            "thing": f"it recommends {words}", "view": f"it concludes that {words}"}[form]


def instance_of(item: str) -> tuple[str, int] | None:
    """(series key, instance number from 1) of a recurring item's instance; None for a one-off."""
    m = _INSTANCE.match(item or "")
    return (m.group("key"), int(m.group("n"))) if m else None


def _day(spec) -> dt.date | None:
    for name in ("sent_at", "starts_at", "date"):
        v = getattr(spec, name, None)
        if v is not None:
            return v.date() if isinstance(v, dt.datetime) else v
    return None


def _instance_days(plan: WorldPlan) -> dict[str, dict[int, dt.date]]:
    """Series key -> instance number -> the instance's first day (indexed once per plan)."""
    index = plan.__dict__.get("_instance_days")
    if index is None:
        index = {}
        for a in plan.artifacts:
            hit = instance_of(a.item)
            day = _day(a)
            if hit is None or day is None:
                continue
            have = index.setdefault(hit[0], {})
            if hit[1] not in have or day < have[hit[1]]:
                have[hit[1]] = day
        plan.__dict__["_instance_days"] = index
    return index


def next_day(plan: WorldPlan, spec) -> dt.date | None:
    """The first day of the next instance of an instance's series, or None (a one-off, or the series' last)."""
    hit = instance_of(getattr(spec, "item", ""))
    return _instance_days(plan).get(hit[0], {}).get(hit[1] + 1) if hit else None


def _previous(plan: WorldPlan, spec):
    """The previous instance of an instance's series (its earliest artifact), or None: what a paper of that day that
    went round after it is news to (indexed once per plan)."""
    hit = instance_of(getattr(spec, "item", ""))
    if hit is None:
        return None
    index = plan.__dict__.get("_instance_first")
    if index is None:
        index = {}
        for a in plan.artifacts:
            at = instance_of(a.item)
            if at is None or _day(a) is None:
                continue
            have = index.get(at)
            key = (_day(a), moment(a) or dt.datetime.min.replace(tzinfo=dt.timezone.utc))
            if have is None or key < have[0]:
                index[at] = (key, a)
        plan.__dict__["_instance_first"] = index
    found = index.get((hit[0], hit[1] - 1))
    return found[1] if found else None


def moment(spec) -> dt.datetime | None:
    """The time of day an artifact is made, where it has one: a message's sending, a meeting's start, a chat's first
    post; None for a paper, which bears a day only."""
    for name in ("sent_at", "starts_at"):
        v = getattr(spec, name, None)
        if isinstance(v, dt.datetime):
            return v
    posts = getattr(spec, "posts", None)
    return min((p.at for p in posts), default=None) if posts else None


def delivered_at(plan: WorldPlan, paper_id: str) -> dt.datetime | None:
    """When a paper first left its author: the earliest message that attaches it (None where none does)."""
    index = plan.__dict__.get("_delivered_at")
    if index is None:
        index = {}
        for a in plan.artifacts:
            sent = getattr(a, "sent_at", None)
            for att in getattr(a, "attachments", None) or []:
                if sent is not None and (att.artifact not in index or sent < index[att.artifact]):
                    index[att.artifact] = sent
        plan.__dict__["_delivered_at"] = index
    return index.get(paper_id)


def out_by(plan: WorldPlan, paper_id: str, author: str, spec) -> bool:
    """Whether anyone but a paper's author can name it by the time `spec` is made: it went out on an earlier day, or
    earlier the same day (read 24: an update sent at 09:51 reported "the Counsel's note on the penalty appeal
    (Joanna Hussain, 4 September)", which counsel emailed at 18:16 that day). A paper with no message carrying it,
    and a file with no time of day, are judged by the day alone."""
    at = moment(spec)
    sent = delivered_at(plan, paper_id)
    if at is None or sent is None or getattr(spec, "author", None) == author:
        return True
    return sent.date() != at.date() or sent <= at


def recurring(plan: WorldPlan, item: str) -> bool:
    """Whether an item is an instance of a series that recurs in the plan (an id that merely ends in a number,
    'memo_re_breaking_the_limit_the_3' cut from '33 CFR', is none)."""
    hit = instance_of(item)
    return hit is not None and len(_instance_days(plan).get(hit[0], {})) >= 2


def _papers(plan: WorldPlan) -> tuple[list[dt.date], list[tuple[dt.date, object]]]:
    """The plan's one-off papers (documents and sheets that are no instance of a series: a daily log's every issue
    is no news) by (day, id), with their days for bisecting, indexed once per plan: every weekly instance reads its
    week of them, and sorting the whole inventory for each made generation quadratic (63 s of 95 at x20)."""
    index = plan.__dict__.get("_week_papers")
    if index is None:
        papers = sorted(((d, a) for a in plan.artifacts if a.kind in ("document", "spreadsheet")
                         and not recurring(plan, a.item) and (d := _day(a)) is not None),
                        key=lambda p: (p[0], p[1].id))
        index = ([d for d, _ in papers], papers)
        plan.__dict__["_week_papers"] = index
    return index


def window(plan: WorldPlan, spec) -> tuple[dt.date, dt.date] | None:
    """The days (after, up to and including) an instance's week covers: from its series' previous instance (the
    first instance looks back seven days); None when the artifact is no instance of a series."""
    hit = instance_of(getattr(spec, "item", ""))
    if hit is None:
        return None
    days = _instance_days(plan).get(hit[0], {})
    day = days.get(hit[1])
    if day is None or len(days) < 2:
        return None
    before = days.get(hit[1] - 1) or day - dt.timedelta(days=7)
    return before, day


def _maker(plan: WorldPlan, fact_id: str) -> str:
    """The organisation (by name) whose figure a fact is: the party its statement says asserts it, else the maker of
    the first document that establishes it; '' where neither says (read 15: a status note to the fund told it that
    its own LOI's escrow percentage "came in on 31 August"). Once per plan and fact: every weekly note asks it of each
    fact first known in its week."""
    memo = plan.__dict__.setdefault("_makers", {})
    held = memo.get(fact_id)
    if held is None:
        held = memo[fact_id] = _maker_of(plan, fact_id)
    return held


def _maker_of(plan: WorldPlan, fact_id: str) -> str:
    from worldsmith.generators.context import fact_side

    side = fact_side(plan, fact_id)
    if not side and _THIRD_PARTY.search(_asserter(plan, fact_id)):
        # a party of no organisation of the world asserts it ("The federal and Texas natural resource trustees'
        # notice of intent ... puts natural resource damages ... at"): nobody's of the room, not the maker of a paper
        # that summarises it ("Your natural resource damages claimed" to the charterer's GC, blind read 17)
        return ""
    if not side and _unlisted_owner(plan, fact_id):
        # a figure its statement gives to someone of no organisation of the world ("Management's adjusted EBITDA ...,
        # as presented in the information memorandum") is not the figure of the first firm to write it down (read 22:
        # "Gatehouse Tolland LLP's 31 August figure for the management EBITDA", buyer's counsel being that firm)
        return ""
    if not side:
        docs = [plan.artifact(i) for i in plan.establishing(fact_id)]
        docs = [a for a in docs if a.kind == "document"]
        # or the working sheet named for the figure that came before them: the consultant's "Measured mile
        # analysis" of April 9 makes the lost productivity, not the client's REA of April 24 that carries it ("Your
        # number of USD 1,386,000" to the client, blind read 35)
        sheet = _working_sheet(plan, fact_id, docs[0] if docs else None)
        side = plan.person((sheet or docs[0]).author).organisation if sheet or docs else ""
    elif named := _named_asserter(plan, fact_id):
        # the one organisation the statement says puts the figure, not its principal: "Marrick's final calculation
        # puts ..." is the forensic accountants' figure, never the client's ("on your figures of 2 April" to the
        # client, blind read 35)
        return named
    return next((o.name for o in plan.organisations if o.id == side), "")


def _working_sheet(plan: WorldPlan, fact_id: str, first_doc):
    """The first sheet carrying a fact, dated before its first document, whose title shares a word with its label
    (the figure's own working); None where there is none."""
    from worldsmith.generators.compose.week import title_words

    label = title_words(plan.fact(fact_id).label or "")
    sheets = sorted((a for a in plan.artifacts if a.kind == "spreadsheet" and a.distractor is None
                     and fact_id in a.facts and label & title_words(a.title)), key=lambda a: a.date)
    if sheets and (first_doc is None or sheets[0].date < first_doc.date):
        return sheets[0]
    return None


def _named_asserter(plan: WorldPlan, fact_id: str) -> str:
    """The one organisation of the world a fact's statement names before its verb of assertion; '' where it names
    none or several."""
    from worldsmith.generators.context import _ASSERTS

    statement = " ".join((plan.fact(fact_id).statement or "").split())
    m = _ASSERTS.search(statement)
    head = statement[:m.start()] if m else ""
    if m and (by := re.match(r",? by ((?:\S+ ){1,5})", statement[m.end():])):
        head = by.group(1)  # a passive verb names who puts it after 'by' (as context.fact_side reads it)
    named = [o.name for o in plan.organisations
             if (words := [w for w in re.findall(r"[A-Za-z][A-Za-z'-]+", o.name) if len(w) > 3])
             and re.search(rf"\b{re.escape(words[0])}\b", head)]
    return named[0] if len(named) == 1 else ""


def _unlisted_owner(plan: WorldPlan, fact_id: str) -> bool:
    """Whether a fact's statement opens on one word's possessive ('Management's ...', 'The trustees' ...') that names
    no organisation of the world: the figure is that one's, not a paper maker's."""
    statement = " ".join((plan.fact(fact_id).statement or "").split())
    m = re.match(r"(?:The\s+)?([A-Z][a-z]+)(?:['’]s|s['’])\s", statement)
    if m is None:
        return False
    word = m.group(1).lower()
    return not any(word in (w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'-]+", o.name))
                   for o in plan.organisations)


# A public body or a class of claimants, named before a verb of assertion: a party with no organisation in the room
# ("the trustees' notice", "the agency", "claimants").
_THIRD_PARTY = re.compile(r"(?i)\b(?:trustees?|agenc(?:y|ies)|government|regulators?|authorit(?:y|ies)|claimants|"
                          r"the state|coast guard|department|ministry|commission)\b")


def _asserter(plan: WorldPlan, fact_id: str) -> str:
    """The words of a fact's statement before its first verb of assertion ('' where it has none)."""
    from worldsmith.generators.context import _ASSERTS

    statement = " ".join((plan.fact(fact_id).statement or "").split())
    m = _ASSERTS.search(statement)
    return statement[:m.start()] if m else ""


def _facts_by_type(plan: WorldPlan) -> list[tuple[object, str]]:
    """The plan's facts with their labels, figures first, then dates, then the rest (in plan order within each); once
    per plan: every instance of every series reads them."""
    index = plan.__dict__.get("_week_facts")
    if index is None:
        order = {"money": 0, "percent": 0, "number": 1, "date": 2, "text": 3}
        index = [(f, fact_label(f)) for f in sorted(plan.facts, key=lambda f: order.get(f.value.type, 3))]
        plan.__dict__["_week_facts"] = index
    return index


def week_events(plan: WorldPlan, spec) -> list[WeekEvent] | None:
    """What happened in an instance's week, oldest first within each kind: facts first known, figures that moved,
    papers of the author's side (or sent to it) dated in the week, and dates of the ledger in the next three
    weeks. Nothing is dated after the instance's day, and nothing is known later than it. None for an artifact
    that is no instance of a recurring series."""
    span = window(plan, spec)
    if span is None:
        return None  # no instance of a series ([] is a series' quiet week)
    since, day = span
    out: list[WeekEvent] = []
    for fact, label in _facts_by_type(plan):
        held = fact.on(day)
        if held is None:
            continue
        first = fact.first_known()
        if first is not None and since < first <= day:
            if held[0].type == "date" and fact.id not in spec.facts:
                continue  # a date ahead is written only where the plan gives it (no_later_event_mentioned)
            out.append(WeekEvent(what="learnt", day=first, fact=fact.id, label=label, type=held[0].type,
                                 text=held[1], derived=bool(fact.formula), org=_maker(plan, fact.id),
                                 standing=standing(fact)))
            continue
        changes = [p.since for p in fact.earlier[1:]] + ([fact.known_from] if fact.earlier and fact.known_from else [])
        moved = [c for c in changes if since < c <= day]
        if moved and fact.value.type in ("money", "number", "percent"):
            prior = fact.on(min(moved) - dt.timedelta(days=1))
            if prior is not None and prior[1] != held[1]:
                out.append(WeekEvent(what="moved", day=max(moved), fact=fact.id, label=label, type=held[0].type,
                                     text=held[1], before=prior[1]))
    side = _side_of(plan, spec.author)
    audience = [spec.author, *getattr(spec, "to", []), *getattr(spec, "cc", []), *getattr(spec, "attendees", []),
                *getattr(spec, "readers", [])]
    days, papers = _papers(plan)
    before = _previous(plan, spec)
    for made, a in papers[bisect.bisect_left(days, since):bisect.bisect_right(days, day)]:
        if a.id == spec.id:
            continue
        if made == since and (before is None or out_by(plan, a.id, "", before)):
            continue  # the last instance's day is its news, but for a paper that went round after it had gone
        readers = [a.author, *getattr(a, "readers", [])]
        if not any(_side_of(plan, p) == side for p in readers):
            continue  # the other side's internal papers are not ours to report
        if not _seen_by(plan, a, readers, audience):
            continue  # an adviser's working draft is not reported to the client it has not gone to
        if not out_by(plan, a.id, "", spec):
            # (read 24: "a 09:51 update citing a note sent at 18:16 that day"); the writer's own paper too, which the
            # note tells its reader they have had (issue 17: "You have had my Sociaal plan ..." at 10:47 of a plan
            # sent at 16:30)
            continue
        person = plan.person(a.author)
        org = next((o.name for o in plan.organisations if o.id == person.organisation), "")
        home = person.organisation
        seen = any(p in readers and p != a.author and plan.person(p).organisation != home for p in audience)
        # what the paper puts forward, so that a meeting taken through it records its point (minutes that said only
        # "comments were invited" or "the points on it were noted", blind read 20): its first figure, as it stood
        # both the day the paper was made and on the instance's day
        point = next(((fact_label(f), held[1]) for f in map(plan.fact, getattr(a, "facts", []))
                      if f.value.type in ("money", "number", "percent") and (held := f.on(day)) is not None
                      and f.on(made) is not None and f.on(made)[1] == held[1]), ("", ""))
        # a paper with no figure still records something: minutes of a call taken through an overview with no
        # figure said only "the points on it were noted" (blind read 20)
        finding = "" if point[0] else next((said for f in map(plan.fact, getattr(a, "facts", []))
                                            if f.value.type == "text" and (was := f.on(made)) is not None
                                            and (said := _finding(f.statement, fact_label(f), was[1]))), "")
        out.append(WeekEvent(what="paper", day=made, title=as_first_sent(a.title), by=person.name, org=org,
                             seen=seen, across=went_across(plan, a), replaced=replaced_by(plan, a, day),
                             signed=signed_by(plan, a, day),
                             point=point[0], point_text=point[1],
                             finding=finding,
                             concludes=concludes(getattr(a, "purpose", "") or "")))
    out.extend(_meetings(plan, spec, side, since, day))
    learnt = {e.fact for e in out if e.what == "learnt"}
    for fact in plan.facts:
        held = fact.on(day)
        if held is None or held[0].type != "date" or fact.id in learnt or fact.earlier:
            continue
        due = held[0].value
        if since < due <= day:
            # a signing target missed or an exclusivity running out today is the week's news: "No news in the
            # week to 21 October" on the day exclusivity expired read as a contradiction (blind read 8)
            out.append(WeekEvent(what="passed", day=due, fact=fact.id, label=fact_label(fact), type="date",
                                 text=held[1]))
        elif day < due <= day + dt.timedelta(days=AHEAD_DAYS) and fact.id in spec.facts and not met_by(plan, fact, day) \
                and not suspended_by(plan, fact, day):
            draft = _draft_for(plan, fact.id, side, day)
            out.append(WeekEvent(what="due", day=due, fact=fact.id, label=fact_label(fact), type="date", text=held[1],
                                 draft=as_first_sent(draft.title) if draft else "",
                                 draft_day=_day(draft) if draft else None))
    kept: list[WeekEvent] = []
    for what, most in MOST.items():
        picked = [e for e in out if e.what == what]
        if what == "paper":
            picked = picked[-most:]  # the week's latest papers
        elif what in ("due", "passed"):
            picked = sorted(picked, key=lambda e: e.day)[:most]  # the nearest dates
        else:
            picked = picked[:most]  # figures before dates and names
        kept.extend(picked)
    return kept or _standing(plan, spec, side, audience, since, day)


def _meetings(plan: WorldPlan, spec, side: str, since: dt.date, day: dt.date) -> list[WeekEvent]:
    """The one-off meetings our side held in an instance's week, over by the instance's own time: the week's news as
    much as a paper (read 23: "A chain of acknowledgments with nothing in it ... sent hours after a kick-off meeting
    it never mentions"; a weekly note of "no news" in the week of a call)."""
    at = getattr(spec, "sent_at", None) or getattr(spec, "starts_at", None)
    out = []
    for a in _one_off_meetings(plan):
        if a.id == spec.id:
            continue
        start, end = getattr(a, "starts_at", None), getattr(a, "ends_at", None)
        if start is None or not since < start.date() <= day or at is None or (end or start) > at:
            continue
        if not any(_side_of(plan, p) == side for p in [a.author, *getattr(a, "attendees", [])]):
            continue  # the other side's own meetings are not ours to report
        person = plan.person(a.author)
        org = next((o.name for o in plan.organisations if o.id == person.organisation), "")
        out.append(WeekEvent(what="met", day=start.date(), title=as_first_sent(a.title), by=person.name, org=org,
                             attended=[plan.person(p).name for p in dict.fromkeys([a.author,
                                                                                    *getattr(a, "attendees", [])])]))
    return sorted(out, key=lambda e: e.day)


def _one_off_meetings(plan: WorldPlan) -> list:
    """The plan's calendar entries that are no instance of a series, in plan order; once per plan: every weekly
    instance asked, and a scan of the whole inventory each time was a seventieth of the model client's CPU per call
    (bench.llm_throughput)."""
    index = plan.__dict__.get("_week_meetings")
    if index is None:
        index = [a for a in plan.artifacts if a.kind == "calendar" and not recurring(plan, a.item)]
        plan.__dict__["_week_meetings"] = index
    return index


def _draft_for(plan: WorldPlan, fact_id: str, side: str, day: dt.date):
    """Our side's latest draft made by a day that carries a date of the ledger ("Draft answer and affirmative defenses"
    for the answer deadline): what is left before that date is to finish it. A note two days before the answer
    deadline whose only step was "everything for the answer deadline ready by April 30" never said what remains to
    be done (blind read 17). None where there is no such draft."""
    drafts = [a for a in _drafts(plan).get(fact_id, []) if _day(a) <= day and _side_of(plan, a.author) == side]
    return max(drafts, key=lambda a: (_day(a), a.id)) if drafts else None


def _drafts(plan: WorldPlan) -> dict[str, list]:
    """The plan's dated one-off documents titled as drafts, by each fact they carry, in plan order; indexed once per
    plan: every weekly instance with a date ahead asked for them, and a scan of the whole inventory with a regular
    expression per title each time was a sixtieth of the model client's CPU per call (bench.llm_throughput)."""
    index = plan.__dict__.get("_week_drafts")
    if index is None:
        index = {}
        for a in plan.artifacts:
            if a.kind == "document" and a.distractor is None and re.search(r"\bdraft\b", a.title or "", re.I) \
                    and _day(a) is not None and not recurring(plan, a.item):
                for f in dict.fromkeys(a.facts):
                    index.setdefault(f, []).append(a)
        plan.__dict__["_week_drafts"] = index
    return index


def _standing(plan: WorldPlan, spec, side: str, audience: list[str], since: dt.date,
              day: dt.date) -> list[WeekEvent]:
    """What a quiet week's note reports instead of news: the paper of ours the other side has not answered since
    it went (or else the last paper on the file, by whom and when), and the next date in the diary. A quiet note
    of one line ("nothing has moved") was a third of a year-long matter's mail and no note a partner writes."""
    days, papers = _papers(plan)
    ours_out, theirs, last = None, None, None
    for made, a in papers[:bisect.bisect_right(days, since)]:
        if a.id == spec.id:
            continue
        readers = [a.author, *getattr(a, "readers", [])]
        sides = {_side_of(plan, p) for p in readers}
        if side not in sides or not _seen_by(plan, a, readers, audience):
            continue
        # a signed instrument (a policy, a lease, an agreement) stands: it is not the last word anyone waits on
        # (read 16: "anything further" from the insurer on its January 27 certified policy, on February 24)
        standing = _INSTRUMENT.search(a.title or "") is not None or \
            (getattr(a, "doc_type", "") or "").lower() in ("policy", "contract", "lease", "agreement", "certificate")
        if _side_of(plan, a.author) == side:
            if not standing:
                last = (made, a)
            if sides - {side} and answerable(a):
                ours_out = (made, a)
        elif not standing:
            theirs = last = (made, a)
    out: list[WeekEvent] = []

    def org_of(person_id: str) -> str:
        person = plan.person(person_id)
        return next((o.name for o in plan.organisations if o.id == person.organisation), "")

    if ours_out:
        # a paper the other side has since met us on (a call, a board meeting, a later paper of anyone's with one of
        # them on it) is no longer waited on: "still waiting on Harrowgate to come back on ... Advice to the board on
        # waiver against equity cure", weeks after the board call it went to had decided the cure and the cure was
        # funded (mail11's read at seed 31; "'no news' ignoring the week's decision", blind read 19)
        them = {p for p in getattr(ours_out[1], "readers", []) if _side_of(plan, p) != side}
        if any(ours_out[0] < made and a.id != spec.id and them & {a.author, *getattr(a, "readers", [])}
               for made, a in papers[:bisect.bisect_right(days, since)]):
            ours_out = None
    if ours_out and (theirs is None or theirs[0] <= ours_out[0]):
        made, a = ours_out
        to = next(p for p in getattr(a, "readers", []) if _side_of(plan, p) != side)
        out.append(WeekEvent(what="awaited", day=made, title=as_first_sent(a.title), by=plan.person(a.author).name,
                             org=org_of(to)))
    elif last and (day - last[0]).days <= STALE_DAYS:
        made, a = last
        news = _news_after(plan, made, since, day)
        out.append(news or WeekEvent(what="last", day=made, title=as_first_sent(a.title),
                                     by=plan.person(a.author).name, org=org_of(a.author)))
    dates = []
    for fact in plan.facts:
        held = fact.on(day)
        if held is None or held[0].type != "date" or fact.earlier or fact.id not in spec.facts:
            continue  # a date ahead is written only where the plan gives it (no_later_event_mentioned)
        if held[0].value > day and not met_by(plan, fact, day) and not suspended_by(plan, fact, day):
            dates.append(WeekEvent(what="next", day=held[0].value, fact=fact.id, label=fact_label(fact), type="date",
                                   text=held[1]))
    lapsed = _lapsed(plan, since, day)
    if lapsed and any(e.what == "latest" and e.label == lapsed.point for e in out):
        lapsed = None  # what became of it is the latest development, said once
    return out + ([lapsed] if lapsed else []) + sorted(dates, key=lambda e: e.day)[:1]


# The words of a deadline's label that say what it is for, not that it is a day ("lien preservation deadline": lien,
# preservation); an act done "inside the preservation period" or "before the filing deadline" met it.
_DAY_WORDS = re.compile(r"(?i)^(?:the|a|an|of|for|to|on|date|day|deadline|due|period|time|limit|last|final|long-?stop|"
                        r"cut-?off|window|target|expiry|statutory|contractual)$")
_MET_BY = re.compile(r"(?i)\b(?:inside|within|before|ahead of|in time for|in good time for|so meeting|meeting)\s+(?:the\s+)?"
                     r"((?:[\w-]+\s+){0,2}[\w-]+)")


def met_by(plan: WorldPlan, fact, day: dt.date) -> bool:
    """Whether a deadline ahead of `day` is met already: another date of the ledger, known and gone by on `day`, is an
    act whose statement says it was done inside or before it (its words: "registered ... on May 27, 2026, inside the
    preservation period"). Blind read 28: a weekly note of June 3 counted "12 days to the lien preservation
    deadline (15 June 2026)" a week after the lien was registered."""
    from worldsmith.generators.compose.facts import DUE_DATE

    words = {w.lower() for w in re.findall(r"[\w-]+", fact_label(fact)) if not _DAY_WORDS.match(w) and len(w) > 3}
    due = fact.on(day)
    if not words or due is None or due[0].type != "date" or not DUE_DATE.search(fact_label(fact)):
        return False
    for other in plan.facts:
        held = other.on(day) if other.id != fact.id else None
        if held is None or held[0].type != "date" or held[0].value > day or held[0].value > due[0].value:
            continue
        for m in _MET_BY.finditer(" ".join((other.statement or "").split())):
            if words & {w.lower() for w in re.findall(r"[\w-]+", m.group(1))}:
                return True
    return False


# A deadline a standstill, a tolling agreement or a stay holds off (to cure, remedy, pay, enforce, sue), and what holds
# it off: a May 6 status note counted down a cure deadline an April 9 standstill had suspended (blind read 37).
_HELD_OFF = re.compile(r"(?i)\b(?:cure|remedy|remediat\w*|pay(?:ment)?|repay\w*|enforce\w*|accelerat\w*|limitation|"
                       r"time[- ]bar|default)\b")
_HOLDS_OFF = re.compile(r"(?i)\b(?:standstill|tolling|moratorium)\b")
# ...and, in a fact's label only (a statement says "the licence was suspended" of something else), a suspension
_SUSPENDS = re.compile(r"(?i)\b(?:suspend\w*|suspension|stay)\b")


def suspended_by(plan: WorldPlan, fact, day: dt.date) -> bool:
    """Whether a deadline ahead of `day` is held off on `day`: a deadline to cure, pay, enforce or sue, and another
    fact of the ledger known by `day` that puts a standstill, suspension, tolling or stay in place past it (a date
    of it, if the fact is one, on or after the deadline)."""
    due = fact.on(day)
    if due is None or due[0].type != "date" or not _HELD_OFF.search(fact_label(fact)):
        return False
    for other in plan.facts:
        held = other.on(day) if other.id != fact.id else None
        if held is None or not (_HOLDS_OFF.search(f"{fact_label(other)} {other.statement or ''}")
                                or _SUSPENDS.search(fact_label(other))):
            continue
        if held[0].type == "date" and held[0].value < due[0].value:
            continue  # a standstill that ends before the deadline leaves it running
        return True
    return False


# A deadline an act meets (a time limit to file, answer or pay), not a day that comes whatever is done (a lease's
# expiry date met by the "Lease summary" of aircraft-redelivery at seed 0).
_MEETABLE = re.compile(r"(?i)\b(?:deadline|due|time limit|time bar|cut-?off|last day)\b")
# Words a paper's title may open with before what it is ("The recurso ordinário", "Final defesa").
_TITLE_LEAD = {"the", "a", "an", "final", "signed", "our", "revised"}


def met_paper(plan: WorldPlan, fact, day: dt.date) -> tuple[str, dt.date] | None:
    """The paper that met a deadline before `day`, with its date, or None: a document carrying the deadline, dated
    before `day` and on or before the deadline, whose title opens with what the deadline is for ("Defesa
    (impugnação) against AIIM ..." meets "the deadline for the defesa"). Blind read 34: a follow-up of 12 March said
    "the deadline for the defesa is still 12 March 2026" the day after the defesa went in."""
    words = {w.lower() for w in re.findall(r"[\w-]+", fact_label(fact)) if not _DAY_WORDS.match(w) and len(w) > 3}
    due = fact.on(day)
    if not words or due is None or due[0].type != "date" or not _MEETABLE.search(fact_label(fact)):
        return None
    for aid in plan.carrying(fact.id):
        doc = plan.artifact(aid)
        made = getattr(doc, "date", None)
        made = made.date() if isinstance(made, dt.datetime) else made
        # (a draft meets nothing: "The answer deadline (May 1, 2026) was met by the Draft answer ... of April 24")
        if doc.kind != "document" or made is None or made >= day or made > due[0].value \
                or plan.distractor_of(doc) is not None or re.search(r"(?i)\bdraft\b", doc.title):
            continue
        opening = [w for w in re.findall(r"[\w-]+", doc.title.lower()) if w not in _TITLE_LEAD][:1]
        if opening and opening[0] in words:
            return doc.title, made
    return None


# How long after a deadline a quiet note still says what became of it: two months (read 21: an update on August 14,
# eight weeks after the June 19 payment deadline, never said whether the sum had been paid).
LAPSED_DAYS = 63


def _lapsed(plan: WorldPlan, since: dt.date, day: dt.date) -> WeekEvent | None:
    """The latest deadline of the ledger that went by before a quiet note's week (within LAPSED_DAYS), with the
    first fact the ledger came to know after it (point, point_text): what happened by it, or '' where nothing
    has. None where no deadline went by."""
    from worldsmith.generators.compose.facts import DUE_DATE

    gone = [(held[0].value, fact, held[1]) for fact in plan.facts
            if (held := fact.on(day)) is not None and held[0].type == "date" and not fact.earlier
            and DUE_DATE.search(fact_label(fact)) and held[0].value <= since
            and (day - held[0].value).days <= LAPSED_DAYS]
    if not gone:
        return None
    due, fact, text = max(gone, key=lambda g: (g[0], g[1].id))
    after = sorted((first, f.id, f) for f in plan.facts if (first := f.first_known()) is not None and due <= first <= day
                   and f.id != fact.id and f.on(day) is not None)
    point = (fact_label(after[0][2]), after[0][2].on(day)[1]) if after else ("", "")
    return WeekEvent(what="lapsed", day=due, fact=fact.id, label=fact_label(fact), type="date", text=text,
                     point=point[0], point_text=point[1])


def _news_after(plan: WorldPlan, made: dt.date, since: dt.date, day: dt.date) -> WeekEvent | None:
    """The fact of the ledger last known or moved after a paper's day and by `since` (the latest development, with
    its value on the note's day), None where none: then the paper is the last thing that happened on the file.
    "Nothing has gone round in the 22 days since August 25; the last paper was Leah's" on September 16 denied the
    cure funded and the loan prepaid on September 2 (blind read 20)."""
    best = None
    order = {"money": 0, "percent": 0, "number": 1, "date": 2, "text": 3}
    for fact in plan.facts:
        changes = [p.since for p in fact.earlier] + ([fact.known_from] if fact.known_from else [])
        hits = [c for c in changes if made < c <= since]
        held = fact.on(day)
        if not hits or held is None or (held[0].type == "date" and held[0].value > day):
            continue  # (a date ahead is written only where the plan gives it: no_later_event_mentioned)
        key = (max(hits), -order.get(held[0].type, 3))
        if best is None or key > best[0]:
            best = (key, WeekEvent(what="latest", day=max(hits), fact=fact.id, label=fact_label(fact),
                                   type=held[0].type, text=held[1]))
    return best[1] if best else None


# The papers that wait on the other side's answer: a letter, a notice, an offer, a demand, a claim, a proposal,
# submissions. An agreement, an order form, a lease or a certificate is signed by both and answers nothing: the
# licensee's counsel chased the vendor for a "response" to the vendor's own executed MSA ("our paper of February 10
# (48 days now): Master Subscription Agreement", blind read 14), and a sheet or minutes are nobody's question.
_ANSWERABLE = {"letter", "notice", "submissions", "proposal", "offer", "demand", "claim", "request", "memo", "report",
               "position", "response", "determination"}
_SIGNED = re.compile(r"\b(agreement|contract|order form|lease|certificate|deed|policy|charter(?:party)?|"
                     r"minutes|schedule|statement of work|terms and conditions)\b", re.I)


_INSTRUMENT = re.compile(r"\b(agreement|contract|order form|lease|certificate|deed|policy|charter(?:party)?|"
                         r"statement of work|terms and conditions)\b", re.I)


def answerable(paper) -> bool:
    """Whether a paper sent across waits on the other side's answer (see _ANSWERABLE): a document of an answerable
    kind whose title names no signed instrument; never a sheet."""
    kind = (getattr(paper, "doc_type", "") or "").lower()
    return getattr(paper, "kind", "") == "document" and kind in _ANSWERABLE and not _SIGNED.search(paper.title or "")


def replaced_by(plan: WorldPlan, paper, day: dt.date) -> bool:
    """Whether a superseded paper's figure is already replaced on `day`: the ledger holds another value of its fact
    by then. A weekly note of April 22 set "a first read of Sable's preliminary view, with our points on it" for a
    view of April 10 that Sable's position of April 17 had replaced (my read of bi-claim at seed 97)."""
    distractor = plan.distractor_of(paper)
    held = plan.fact(distractor.fact).on(day) if distractor is not None else None
    return held is not None and held[1] != distractor.text


_SIGNING = re.compile(r"\b(?:signed|executed|entered into)\b", re.I)
_NOT_YET = re.compile(r"\b(?:will|would|shall|to be|unless|if)\b", re.I)


def signed_by(plan: WorldPlan, paper, day: dt.date) -> bool:
    """Whether an instrument is signed by `day`: its title names an agreement, a deed or the like (_SIGNED), and a date
    it carries, known and past by then, is the day the ledger says it was signed. My read of supply-surcharge at seed
    97: a weekly note of June 25 set "a first read of Tallis Reade LLP's settlement agreement, with our points on it"
    for a settlement the parties signed on June 24."""
    if not _SIGNED.search(paper.title or ""):
        return False
    for fact in map(plan.fact, getattr(paper, "facts", []) or []):
        statement = " ".join((fact.statement or "").split())
        since = fact.known_from or fact.first_known()
        if fact.value.type == "date" and fact.value.value <= day and since is not None and since <= day \
                and _SIGNING.search(statement) and not _NOT_YET.search(statement):
            return True
    return False


def went_across(plan: WorldPlan, paper) -> bool:
    """Whether a paper went to the other side on its day: one of its readers works for another party than its
    author (a notice served, a letter sent, minutes agreed with the other side's counsel). Read 23: a weekly note of
    July 24 planned "the notice of termination to you, with a note of the points that need your input (July 29)" for
    a notice served on July 15, and a chat of July 23 asked whether it was "the final version"."""
    side = _side_of(plan, paper.author)
    return any(_side_of(plan, p) != side for p in getattr(paper, "readers", []) or [])


def _side_of(plan: WorldPlan, person_id: str) -> str:
    """The party a person works for in the end (a client's counsel and accountants sit on the client's side)."""
    sides = plan.__dict__.setdefault("_week_sides", {})  # once per person and plan: principal reads every role
    if person_id not in sides:
        sides[person_id] = principal(plan.organisations, plan.person(person_id).organisation)
    return sides[person_id]


def _seen_by(plan: WorldPlan, paper, readers: list[str], audience: list[str]) -> bool:
    """Whether a paper may be reported to an audience: it went to one of them outside its author's organisation,
    or the audience is all of that organisation (a note among one firm names its own drafts), or it is no draft (a
    finished paper is reported to the client)."""
    home = plan.person(paper.author).organisation
    outside = [p for p in audience if plan.person(p).organisation != home]
    if not outside or set(readers) & set(outside):
        return True
    return paper.distractor is None and not re.search(r"\bdraft\b", paper.title, re.I)
