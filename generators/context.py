"""What a generator is told about one artifact: the compact slice of the world it needs, nothing more."""

from __future__ import annotations

import ast
import bisect
import datetime as dt
import functools
import hashlib
import re

from pydantic import BaseModel, ConfigDict, Field

from worldsmith.generators.compose.text import mail_day
from worldsmith.generators.labels import (as_known_on, counted, decided, fact_events, fact_label, periodic_record,
                                          put_forward, standing, statement_as_known, title_as_known)
from worldsmith.generators.sides import NEUTRAL_ROLE, PARTY_ROLES, principal, relations
from worldsmith.generators.week import (WeekEvent, delivered_at, met_paper, moment, recurring, week_events,
                                        went_across)
from worldsmith.generators.itemised import KindItem, kind_items
from worldsmith.worlds import kinds
from worldsmith.worlds.content import Content, EmailContent, SheetContent
from worldsmith.worlds.plan import ArtifactSpec, Person, WorldPlan
from worldsmith.worlds.taxonomy import Occupation, WritingStyle, Taxonomy
from worldsmith.worlds.values import FactValue, numeric_value

_STRICT = ConfigDict(extra="forbid")


class PersonRef(BaseModel):
    """A person as a writer needs them: how to address and sign."""

    model_config = _STRICT
    id: str
    name: str
    first_name: str
    last_name: str
    title: str
    organisation: str = Field(description="organisation name")
    email: str
    phone: str
    seniority: str = Field("", description="junior, mid, senior or executive: who gives work to whom")


class InputRef(BaseModel):
    """An input of a derived figure as the ledger holds it on an artifact's day: its label, value, since when, and
    where it is read."""

    model_config = _STRICT
    label: str
    text: str
    since: dt.date | None = None
    source: str = ""
    by: str = Field("", description="the organisation whose paper first sets the input out")
    paper: str = Field("", description="the title of the document that first sets the input out, dated by the day")
    paper_day: dt.date | None = None
    working: str = Field("", description="the input's own formula with its inputs' values, where it is derived")
    instrument: bool = Field(False, description="its paper is an instrument (an agreement, a charter, a lease): the input "
                                                "is a term of it, cited by the instrument's own date, never 'since' a day")
    was: str = Field("", description="where its thread's series last had the figure's working on other inputs: the "
                                    "value this input held then, if it has moved since")
    # (the composer's alone, never sent to a model: a term of an agreement or a payment made needs no defence)
    standing: bool = Field(False, exclude=True, description="the input stands by an instrument or an act done")


class FactRef(BaseModel):
    """A fact an artifact must carry, with the exact text to write."""

    model_config = _STRICT
    id: str
    statement: str
    value: FactValue
    text: str = Field(description="write exactly this")
    label: str = Field("", description="the fact's short name, to mention it by (label and value)")
    establish: bool = Field(False, description="this artifact establishes the fact and may state it in full; "
                                               "every other artifact names it by label and value only")
    reason: str = Field("", description="how the figure follows from others, by their labels (its formula)")
    source: str = Field("", description="where the figure can be read in the room on this day: a sheet's row")
    fresh: bool = Field(False, description="first known or changed in the week up to this artifact's day: news, "
                                           "never written as unchanged or still so")
    met_paper: str = Field("", description="for a deadline: the title of the paper that met it before this "
                                           "artifact's day (the defesa filed a day early): say it is met, never "
                                           "that it is still ahead")
    met_on: str = Field("", description="that paper's date, as the world writes a day")
    past: bool = Field(False, description="a date already gone by on this artifact's day: write it as past (the "
                                          "target was, the expiry passed), never as still ahead")
    since: dt.date | None = Field(None, description="the day the value this artifact carries took hold (the ledger's "
                                                    "date for it): news from that day on, never before")
    source_day: dt.date | None = Field(None, description="the date of the sheet that `source` names")
    source_by: str = Field("", description="that sheet's author's organisation: its owner, who keeps it current")
    working: str = Field("", description="reason with each input's value on this artifact's day, as the ledger holds "
                                         "it: how the figure is worked out")
    inputs: list[InputRef] = Field(default_factory=list, description="the figure's inputs on this artifact's day")
    given: dt.date | None = Field(None, description="for a figure whose working is asked: the day an earlier thread "
                                                    "of the series stood on other inputs (what has moved since: "
                                                    "inputs' was)")
    superseded: str = Field("", description="the label of a superseded value of this fact whose paper is dated on or "
                                            "before this artifact's day (a draft the current figure replaced)")
    superseded_text: str = Field("", description="that superseded value, as its paper wrote it")
    paper: str = Field("", description="the title of the document that establishes the fact, dated on or before this "
                                       "artifact's day ('' where none is)")
    paper_by: str = Field("", description="that document's author's organisation")
    paper_day: dt.date | None = Field(None, description="that document's date")
    coming_paper: str = Field("", description="where no paper sets the fact out by this day: the title of the planned "
                                              "document that first will, dated on or after it")
    coming_day: dt.date | None = Field(None, description="that document's date: a step that sets the fact out, or "
                                                         "settles it, is due by then, never after")
    next_paper: str = Field("", description="the title of the next planned document after this artifact's day that "
                                            "carries the fact, whether or not a paper set it out before ('' where "
                                            "none is)")
    next_day: dt.date | None = Field(None, description="that document's date: a step that puts the fact in it is "
                                                       "due by then")
    next_by: str = Field("", description="that document's author's organisation")
    paper_instrument: bool = Field(False, description="that document is an instrument (an agreement, a charter, a "
                                                      "lease): paper_day is the day it was made, and it is both "
                                                      "parties', nobody's to 'set out'")
    items: list[str] = Field(default_factory=list, description="the heads the amount is made of, in the matter's own "
                                                               "words (the outline's items; no figures)")
    term: bool = Field(False, description="a term an instrument fixed (known from the start, never changed, no formula "
                                          "but over such terms): never spoken of as moving, held, adopted or as of a "
                                          "day")
    paid: str = Field("", description="the verb of the act, known by this artifact's day, that paid, refunded or "
                                      "funded this figure ('refunded'): it is settled, stated as paid, never claimed "
                                      "or asked for")
    paid_by: dt.date | None = Field(None, description="the day that act was known: the figure was paid by then")


class PaperDue(BaseModel):
    """A paper a member of a chat is to make soon: its title, the maker's first name and the day it is dated."""

    model_config = _STRICT
    title: str
    by: str
    day: dt.date
    facts: list[str] = Field(default_factory=list, description="the ids of the ledger facts it carries")
    maker: str = Field("", description="the maker's full name")
    at: str = Field("", description="the ledger event it is due at, where its day is a date of the ledger the paper "
                                    "that lists it is not planned to give: its day is then not written")


class MailOfDay(BaseModel):
    """A message of a chat's day between a member and someone outside the conversation: its subject, who sent it
    (first name, organisation), and whether it came in to the members or went out from them."""

    model_config = _STRICT
    subject: str
    by: str
    org: str
    incoming: bool
    sent_at: dt.datetime | None = Field(None, description="when it was sent: how long ago a post can say it went")
    answered_at: dt.datetime | None = Field(None, description="for mail that went out: when the first answer from "
                                            "outside came back to a member, None where none has by the day's end")


class MeetingAhead(BaseModel):
    """A meeting a thread's first message is about, held in the week after it: what, when, where and who attends."""

    model_config = _STRICT
    summary: str
    starts_at: dt.datetime
    location: str = ""
    attendees: list[str] = Field(default_factory=list, description="first names, the organiser's first")


class OrgRef(BaseModel):
    """An organisation of the matter and its side: who acts for whom comes from here, never from a reader."""

    model_config = _STRICT
    name: str
    role: str
    privileged: bool = Field(False, description="inside the home side's privileged circle")
    acts_for: str = Field("", description="the organisation it acts for (its client or principal), by name")
    engaged_by: str = Field("", description="the organisation that engaged or instructed it, by name")


class CitedFigure(BaseModel):
    """A sheet's figure that a document quotes: the sheet's title, the fact's label and its value as written."""

    model_config = _STRICT
    sheet: str = Field(description="the cited sheet's title")
    fact: str
    label: str
    text: str = Field(description="the value exactly as the sheet shows it and the ledger holds it")


class Voice(BaseModel):
    """The author's occupation as it shows in writing."""

    model_config = _STRICT
    occupation: str
    family: str
    style: WritingStyle
    documents: list[str]
    tools: list[str]
    tasks: list[str]


class ThreadMessage(BaseModel):
    """An earlier message of a thread, as a writer reads it: who sent it, when, and its own text."""

    model_config = _STRICT
    sender: str = Field(description="the sender's name")
    sent: str = Field(description="when it was sent, ISO")
    body: str


class ArtifactContext(kinds.KindBound):
    """Everything one generation call sees."""

    model_config = _STRICT
    world_title: str
    world_summary: str
    locale: str = Field("en_US", description="write dates and numbers the way people of this locale do")
    window_start: dt.date | None = Field(None, description="the first day of the matter; nothing is dated before it")
    deadlines: list[dt.date] = Field(default_factory=list, description="the ledger's deadlines (date facts labelled "
                                     "as one): a reply asked for serves them, so it is asked for before them")
    spec: ArtifactSpec
    author: PersonRef
    to: list[PersonRef] = Field(default_factory=list, description="recipients, or readers of a document")
    cc: list[PersonRef] = Field(default_factory=list)
    facts: list[FactRef] = Field(default_factory=list)
    distractor_label: str | None = Field(None, description="set when this artifact deliberately carries an old or wrong value")
    voice: Voice
    parent: EmailContent | None = Field(None, description="the message replied to or forwarded")
    parent_author: PersonRef | None = None
    parent_sent: dt.datetime | None = Field(None, description="when the message replied to was sent: its 'by Tuesday' "
                                                              "is counted from that day, not from the reply's")
    thread: list[ThreadMessage] = Field(default_factory=list, description="the thread's messages before the parent, "
                                                                         "root first (a model's prompt shows them)")
    cited_sheets: list[SheetContent] = Field(default_factory=list)
    cited_figures: list[CitedFigure] = Field(default_factory=list, description="the computed figures of the cited "
                                                                                "sheets: quote these, by label and value")
    cast: list[PersonRef] = Field(default_factory=list, description="everyone in the world: the same for every artifact")
    organisations: list[OrgRef] = Field(default_factory=list, description="the matter's organisations: roles and sides")
    thread_labels: list[str] = Field(default_factory=list, description="labels of the facts the whole thread is about, "
                                                                      "to refer to (by label only) in any of its messages")
    word_labels: list[str] = Field(default_factory=list, description="those of the thread's labels that are no "
                                                                     "figure: a name, a finding or a date")
    own_labels: list[str] = Field(default_factory=list, description="those of the thread's labels whose papers (the "
                                                                    "documents that establish it, the sheets that "
                                                                    "show it) the author's own organisation wrote")
    side_labels: list[str] = Field(default_factory=list, description="those of the thread's labels that are the "
                                                                     "author's own side's figures (by its principal): "
                                                                     "never disputed across the table")
    room_papers: list[str] = Field(default_factory=list, description="for a day of chat: titles of the room's "
                                                                     "documents and sheets its members made in the "
                                                                     "three weeks before, newest first")
    sent_links: list[str] = Field(default_factory=list, description="for a day of chat: those of its links whose "
                                  "paper went to the other side (served or sent): put up as it went out, never for "
                                  "comments")
    told_later: list[str] = Field(default_factory=list, exclude=True, description="for a document: the clauses of the "
                                  "world summary that only what is dated after it tells")
    made_papers: list[PaperDue] = Field(default_factory=list, description="for a day of chat: room_papers with who "
                                                                          "made each (its maker is asked whether it "
                                                                          "is final, another whether they have read it)")
    coming_papers: list[PaperDue] = Field(default_factory=list, description="for a day of chat, or a weekly note: the "
                                                                          "documents and "
                                                                          "sheets its members are to make in the "
                                                                          "next three weeks, soonest first (who has "
                                                                          "the pen, and when it is due)")
    side_papers: list[PaperDue] = Field(default_factory=list, description="for a tracker or a calendar sheet: the "
                                                                          "papers its author's side made up to its "
                                                                          "day and is to make in the month after, by "
                                                                          "date (the rows of the work it tracks)")
    kind_items: list[KindItem] | None = Field(None, description="for a list, index, tracker, checklist or day-count "
                                              "timeline: the plan's items of the kind its title names, dated on or "
                                              "before its day, a row or line each ([]: the plan has none; None: no "
                                              "such paper)")
    day_mail: list[MailOfDay] = Field(default_factory=list, description="for a day of chat: the first messages of "
                                                                        "threads its members sent out or received "
                                                                        "that day (the day's news)")
    label_stated: dict[str, str] = Field(default_factory=dict, description="for a message: the statements of the "
                                         "thread's figures that name the paper holding each, by label (label_stated)")
    label_reasons: dict[str, str] = Field(default_factory=dict, description="for a message: how each of the thread's "
                                                                           "figures known on its day that is worked out "
                                                                           "from others is worked out (its formula, by "
                                                                           "its inputs' labels), by label: what a "
                                                                           "question on a figure is answered with")
    label_worked: dict[str, FactRef] = Field(default_factory=dict, description="for a reply to a message that asks how "
                                             "a figure is worked out: each of the thread's derived figures with its "
                                             "value, its working with figures and its inputs, by label")
    working_asked: list[str] = Field(default_factory=list, description="for a message: the thread's derived figures "
                                      "whose working, on the inputs they stand on that day, an earlier thread of its "
                                      "series had to ask, by label: nobody asks it again here")
    source_asked: list[str] = Field(default_factory=list, description="for a message: the thread's figures whose "
                                     "source, at the value they hold that day, an earlier thread of its series had to "
                                     "ask, by label: nobody asks it again here")
    label_sources: dict[str, str] = Field(default_factory=dict, description="for a message: where each of the thread's "
                                                                          "figures known on its day can be read in the "
                                                                          "room (a sheet's row), by label")
    label_papers: dict[str, tuple[str, dt.date]] = Field(default_factory=dict, description="for a message: the "
                                                         "document that first set down each of the thread's figures "
                                                         "(its title and date), by label, where no sheet shows it")
    label_folders: dict[str, str] = Field(default_factory=dict, description="for a message: the folder of the room "
                                          "that holds each of label_papers' documents, by label")
    label_sent: dict[str, PaperDue] = Field(default_factory=dict, description="for a reply: the paper an earlier "
                                            "message of its thread attached that shows each of the thread's figures "
                                            "at the value it holds now (by: who sent it; day: when), by label")
    sent_out: dict[str, dt.date] = Field(default_factory=dict, description="for a message: the first day a message of "
                                         "the writer's organisation to another organisation carried each of the "
                                         "message's and its thread's figures at the value it holds on this day, by "
                                         "label (it has gone, or goes, to them: nobody offers to send it on later)")
    settled_labels: list[str] = Field(default_factory=list, description="those of the thread's labels long settled on "
                                                                        "this day (a fixed date, name or count): not "
                                                                        "questioned or disputed, only referred to")
    decided_labels: list[str] = Field(default_factory=list, description="those of the thread's labels that record a "
                                                                        "decision taken by this day: nothing is left "
                                                                        "to settle or take by a day after it")
    meeting_ahead: MeetingAhead | None = Field(None, description="for a thread's first message whose title names a "
                                                                 "visit, a meeting or a call: that meeting of its "
                                                                 "people, held in the week after it")
    week: list[WeekEvent] | None = Field(None, description="for an instance of a weekly series (a status note, a "
                                                           "call, its minutes): what happened since the last one, "
                                                           "to report instead of restating ([]: a quiet week; "
                                                           "None: no series)")
    quiet_week: list[WeekEvent] | None = Field(None, description="for a reply to a weekly note of a quiet week: what "
                                                                 "stands, as the note has it (whom we wait on since "
                                                                 "when, the next date); None otherwise")
    next_note: dt.date | None = Field(None, description="with quiet_week: the day of the series' next note (None: the "
                                                        "last)")
    privileged: bool = Field(False, description="the author and every recipient or reader are inside one privileged circle "
                                                "(counsel and client): only then may the text be marked privileged")
    adviser_labels: list[str] = Field(default_factory=list, description="those of the thread's labels whose papers "
                                                                        "an organisation acting for the author's made "
                                                                        "(its counsel's, its accountants', its "
                                                                        "auditors'): the client questions them or "
                                                                        "takes them in, never disputes or confirms them")
    asserted_labels: list[str] = Field(default_factory=list, description="those of the thread's labels whose statement "
                                                                         "says the author's own side asserts them (its "
                                                                         "claim, its offer)")
    records_from: str = Field("", description="the organisation of the other side whose own records or acts the "
                                              "artifact's facts report (context.fact_records), where it is one: whose "
                                              "records a report was made from")
    readers_own: list[str] = Field(default_factory=list, description="the ids of the message's facts that a side of "
                                                                     "one of its readers owns (context.fact_owner), "
                                                                     "not the author's: put to them, never told as news")
    their_facts: list[str] = Field(default_factory=list, description="the ids of the thread's facts that a party of "
                                                                     "the other side from the author asserts (their "
                                                                     "claim): by id, as a label may be worded anew; "
                                                                     "for a document, its facts the other side put "
                                                                     "forward or worked out (made_across)")
    their_labels: list[str] = Field(default_factory=list, description="those of the thread's labels whose statement "
                                                                      "says a party of the other side from the author "
                                                                      "asserts them (its claim, its demand)")
    reported_labels: list[str] = Field(default_factory=list, description="those of the thread's labels whose "
                                                                          "statement says the author's own side "
                                                                          "reported, notified or asserts them (a supplier's "
                                                                          "own lot number): never questioned or "
                                                                          "disputed by that side")
    next_beat: str = Field("", description="for a message: the beat of the reply to it in its thread ('forward' when it "
                                           "is passed on; '' when nothing follows it): a message that something "
                                           "answers asks it something, never only acknowledges")
    label_known: dict[str, dt.date] = Field(default_factory=dict, description="for a message: the day the ledger first "
                                            "knows each of the thread's labels (a decision the ledger takes in June is "
                                            "not settled by a day in March)")
    reply_day: dt.date | None = Field(None, description="for a message: the day the reply to it goes out, in the "
                                                        "world's time (an answer asked for is asked by then, never by "
                                                        "a day the reply misses)")
    handled: dict[str, dt.date] = Field(default_factory=dict, exclude=True, description="for a message: the papers its writer has "
                                        "already dealt with before it (for a day of chat: those its members sent out "
                                        "of their firms before the talk) (a thread on one they wrote in, a file they "
                                        "attached or wrote, one their side sent across), by paper_key of the title, "
                                        "with the first day: nobody asks whether to read, or says they are reading, "
                                        "what they already handled")
    side_sent: list[str] = Field(default_factory=list, exclude=True, description="for a message: those of handled "
                                 "that the writer's side sent to another side (ours, and done)")
    next_pointed: bool = Field(False, description="for a message: whether the reply to it carries an outline point "
                                                  "(its expert's words, which need no prompt from this one)")
    instrument_terms: dict[str, str] = Field(default_factory=dict, description="for an instrument (an agreement, a "
                                             "policy): the ledger's figures worked out from its own terms alone, each "
                                             "by its formula over its inputs' labels, by label: the terms its clauses "
                                             "define (never their values, which the matter works out later)")
    repair: list[str] = Field(default_factory=list, description="what validation found wrong with an earlier version")
    seed: int = Field(description="this artifact's own seed, derived from the world seed and its id")
    world_seed: int | None = Field(None, description="the world's seed (each artifact's own is artifact_seed() of it "
                                                     "and the artifact's id): the same for every artifact")


def person_ref(plan: WorldPlan, person: Person) -> PersonRef:
    """A PersonRef from a plan's person (made once per plan and person: every context carries the whole cast)."""
    refs = plan.__dict__.setdefault("_person_refs", {})
    ref = refs.get(person.id)
    if ref is None or ref[0] is not person:
        org = next(o for o in plan.organisations if o.id == person.organisation)
        ref = refs[person.id] = (person, PersonRef(
            id=person.id, name=person.name, first_name=person.first_name, last_name=person.last_name,
            title=person.title, organisation=org.name, email=person.email, phone=person.phone,
            seniority=person.seniority))
    return ref[1]


def cast_refs(plan: WorldPlan) -> list[PersonRef]:
    """The whole cast as PersonRefs, in plan order (made once per plan: every context carries it, as a list of its own)."""
    held = plan.__dict__.get("_cast_refs")
    people = plan.people
    if held is None or len(held[0]) != len(people) or any(a is not b for a, b in zip(held[0], people)):
        held = plan.__dict__["_cast_refs"] = (list(people), [person_ref(plan, p) for p in people])
    return list(held[1])


def plan_relations(plan: WorldPlan) -> dict[str, tuple[str | None, str | None]]:
    """relations() of the plan's organisations, read once per plan (as org_refs): sees() asks for every sheet line of
    every fact of every call, and relations() writes the organisations out again to look them up each time."""
    rel = plan.__dict__.get("_relations")
    if rel is None:
        rel = plan.__dict__["_relations"] = relations(plan.organisations)
    return rel


def org_refs(plan: WorldPlan) -> list[OrgRef]:
    """The plan's organisations with whom each acts for and who engaged it (from their roles; indexed once per plan)."""
    refs = plan.__dict__.get("_org_refs")
    if refs is None:
        names = {o.id: o.name for o in plan.organisations}
        known = plan_relations(plan)
        refs = [OrgRef(name=o.name, role=o.role, privileged=o.privileged, acts_for=names.get(known[o.id][0] or "", ""),
                       engaged_by=names.get(known[o.id][1] or "", "")) for o in plan.organisations]
        plan.__dict__["_org_refs"] = refs
    return refs


_OPS = {ast.Add: "plus", ast.Sub: "less", ast.Mult: "times", ast.Div: "divided by"}


@functools.lru_cache(maxsize=4096)
def formula_names(formula: str) -> tuple[str, ...]:
    """The names a fact's formula reads, in the order ast.walk meets them (SyntaxError where it is no expression):
    parsed once per formula, not once per artifact that carries or cites the fact."""
    return tuple(n.id for n in ast.walk(ast.parse(formula, mode="eval")) if isinstance(n, ast.Name))


@functools.lru_cache(maxsize=4096)
def _parsed(formula: str) -> ast.expr:
    """A formula's expression tree, parsed once (read, never changed, by fact_reason)."""
    return ast.parse(formula, mode="eval").body


def fact_reason(plan: WorldPlan, fact, day: dt.date | None = None) -> str:
    """A fact's formula over the labels of its inputs ('the removal costs plus the natural resource damages'), or ''
    when it has none or uses what cannot be said in words. With a day, each input with the value it held that day
    ('the removal costs of USD 61,350,000 plus ...'; '' when an input had none)."""
    if not fact.formula:
        return ""
    ids = plan.__dict__.get("_fact_labels")
    if ids is None:  # the labels of every fact, once per plan
        ids = plan.__dict__["_fact_labels"] = {f.id: fact_label(f) for f in plan.facts}
    valued: set[str] = set()

    def said(node) -> str:
        if isinstance(node, ast.Name) and node.id in ids:
            if day is None:
                return ids[node.id]
            held = plan.fact(node.id).on(day)
            if held is None:
                return _fail()
            if node.id in valued:
                # an input the formula uses twice is valued once, where it is first said (blind read 36: 'the
                # activation fee of USD 1,860,000 less the activation fee of USD 1,860,000 times 3 months ...')
                return ids[node.id]
            valued.add(node.id)
            if held[0].type == "percent":
                return f"{ids[node.id]} ({held[1]})"
            # a count is said with its number where its label names the things counted ("148 posts cut"),
            # else its value stands in brackets: never "the posts cut of 148 posts" (blind read 30)
            if held[0].type == "number":
                return counted(ids[node.id], held[1]) or f"{ids[node.id]} ({held[1]})"
            return f"{ids[node.id]} of {held[1]}"
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return f"{operand(node.left, node.op, False)} {_OPS[type(node.op)]} {operand(node.right, node.op, True)}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 2:
            # a sum inside a call is one quantity ("the duty rate applied to the sum of A and B"): unnamed, "the rate
            # of A plus B" reads as (rate x A) + B (blind read 30's formula read aloud)
            # (and a product inside a greater-of or a lesser-of is said with 'times': 'the greater of the product of
            # A and B and C' read as the greater of A and B, and was worded 'the product of A or, if higher, B and C',
            # the tanker example's weekly status, blind read 34)
            extreme = node.func.id in ("max", "min")
            a, b = (said(n) if extreme and isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Mult, ast.Div))
                    else whole(n) if isinstance(n, ast.BinOp) and type(n.op) in _OPS else said(n) for n in node.args)
            return {"max": f"the greater of {a} and {b}", "min": f"the lesser of {a} and {b}",
                    "percent_of": _share_of(a, b)}.get(node.func.id) or _fail()
        return _fail()

    def whole(node) -> str:
        # a sum of three or more is listed ("the sum of A, B and C"), never "the sum of A plus B and C"
        terms, first = [], node
        while isinstance(first, ast.BinOp) and isinstance(first.op, ast.Add):
            terms.insert(0, first.right)
            first = first.left
        if len(terms) > 1:
            said_all = [operand(first, ast.Add(), False)] + [operand(t, ast.Add(), True) for t in terms]
            return f"the sum of {', '.join(said_all[:-1])} and {said_all[-1]}"
        return _GROUPED[type(node.op)].format(a=operand(node.left, node.op, False), b=operand(node.right, node.op, True))

    def operand(node, parent: ast.operator, right: bool) -> str:
        # 'the multiple times A less B' reads as (multiple x A) - B: a sum or difference inside a product, or on the
        # right of a minus or a division, is named as one quantity so the words keep the formula's order.
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS and grouped(node.op, parent, right):
            a, b = said(node.left), said(node.right)
            return _GROUPED[type(node.op)].format(a=a, b=b)
        return said(node)

    try:
        return said(_parsed(fact.formula))
    except (SyntaxError, ValueError):
        return ""


_GROUPED = {ast.Add: "the sum of {a} and {b}", ast.Sub: "the excess of {a} over {b}",
            ast.Mult: "the product of {a} and {b}", ast.Div: "{a} as a share of {b}"}


def grouped(op: ast.operator, parent: ast.operator, right: bool) -> bool:
    """Whether a sub-formula with operator `op` under `parent` must be grouped to be read in the formula's order."""
    level, above = (1 if isinstance(o, (ast.Add, ast.Sub)) else 2 for o in (op, parent))
    return level < above or (level == above and right and isinstance(parent, (ast.Sub, ast.Div)))


def named_has(fact) -> bool:
    return bool(fact.formula)


def took_hold(plan: WorldPlan, fact, day: dt.date) -> dt.date | None:
    """The day the value a fact holds on `day` took hold: the latest of the ledger's changes on or before it; None for
    a value held from the window's first day, which was known before the matter opened and took hold on no day of it
    (read 24: a vessel's tonnage, known from the outset, was "the working figure since February 23", the day before
    the casualty that opened the matter)."""
    since = max([p.since for p in fact.earlier if p.since <= day]
                + ([fact.known_from] if fact.known_from and fact.known_from <= day else []), default=None)
    return None if since is None or since <= plan.window_start else since


def fact_inputs(plan: WorldPlan, fact, day: dt.date, taxonomy: Taxonomy | None = None,
                viewer: str | None = None, at: dt.datetime | None = None) -> list[InputRef]:
    """A derived figure's inputs as held on `day`: label, value, the day that value took hold, and the sheet line
    that shows it ('' where none does); [] when it has no formula or an input had no value that day."""
    try:
        names = list(formula_names(fact.formula or ""))
    except SyntaxError:
        return []
    out: list[InputRef] = []
    for name in dict.fromkeys(names):
        if name not in {f.id for f in plan.facts}:
            continue
        other = plan.fact(name)
        held = other.on(day)
        if held is None:
            return []
        since = took_hold(plan, other, day)
        source = fact_source(plan, name, day, held[1], viewer, at) if held[0].type in ("money", "number", "percent") else ""
        first = plan.establishing(name)
        by = plan.person(plan.artifact(first[0]).author).organisation if first else ""
        by = next((o.name for o in plan.organisations if o.id == by), "")
        doc = next((plan.artifact(a) for a in first if plan.artifact(a).kind == "document"
                    and sees(plan, viewer, a, day, at)), None)
        when = artifact_day(doc) if doc is not None else None
        if doc is not None and when is not None and since is not None and when > since and not is_instrument(doc):
            # the paper a value 'fixed on 8 October' is cited from is one of that day, not a later letter that repeats
            # it (blind read 30: 37 posts 'fixed on 8 October ... from DREETS's observations of 14 October', where a
            # sheet of 8 October had fixed them): the sheet line it is carried on is its source
            doc, when = None, None
        paper = doc.title if doc is not None and when is not None and when <= day and \
            (was := other.on(when)) is not None and was[1] == held[1] else ""
        instrument = bool(paper) and is_instrument(doc)
        out.append(InputRef(label=fact_label(other), text=held[1], since=None if instrument else since, source=source,
                            by=by, paper=paper, instrument=instrument,
                            paper_day=(made_day(plan, taxonomy, doc, when) if taxonomy is not None else when)
                            if paper else None, working=fact_reason(plan, other, day), standing=standing(other)))
    return out


def _share_of(share: str, base: str) -> str:
    """'the fault share of the total claims'; a share whose label already names its base ('cap percentage of Annual
    Contract Value') is not given it twice."""
    bare = re.sub(r"^(?:the|an?)\s+", "", base.strip(), flags=re.I).lower()
    if bare and share.lower().endswith(bare):
        return share
    # a rate is applied to its base, never "of" it ("the duty rate of the value declared": blind read 30's formula
    # read aloud), nor a share whose label has its own "of" ("the share of the fee paid of the fee")
    head = (re.sub(r"\s*\([^)]*\)\s*$", "", share).split() or [""])[-1].lower()
    if head in ("rate", "rates", "percentage", "percent", "ratio", "multiple") or " of " in share:
        return f"{share} applied to {base}"
    return f"{share} of {base}"


def _fail() -> str:
    raise ValueError("not said in words")


def _shown(plan: WorldPlan) -> dict[str, list[tuple[str, dt.date | None]]]:
    """By paper id: (organisation id, from when) for each organisation that holds it: its maker's from the start, its
    readers' from its date, and those a message attached it to from the day it was sent (indexed once per plan)."""
    index = plan.__dict__.get("_shown")
    if index is None:
        index = {}
        for a in plan.artifacts:
            if a.kind not in ("document", "spreadsheet"):
                continue
            held = index.setdefault(a.id, [(plan.person(a.author).organisation, None)])
            held += [(plan.person(r).organisation, artifact_day(a)) for r in getattr(a, "readers", [])]
        for a in plan.artifacts:
            for att in getattr(a, "attachments", None) or []:
                index.setdefault(att.artifact, []).extend(
                    (plan.person(p).organisation, artifact_day(a)) for p in [*a.to, *getattr(a, "cc", [])])
        plan.__dict__["_shown"] = index
    return index


def sees(plan: WorldPlan, person_id: str | None, paper_id: str, day: dt.date | None,
         at: dt.datetime | None = None) -> bool:
    """Whether a person's organisation holds a paper on `day`: it made it, was among its readers, was sent it, or acts
    for its maker (counsel holds its client's records). An outsider cites only what it was sent (read 23: 'The surveyor
    ... cites counsel's privileged memo and cap computation as sources'; 'A naval architect cites counsel's internal
    cap computation as the source for tonnage')."""
    if person_id is None:
        return True
    org = plan.person(person_id).organisation
    held = _shown(plan).get(paper_id)
    if held is None:
        return True
    maker = held[0][0]
    rel = plan_relations(plan)
    if org == maker:
        return True
    sent = delivered_at(plan, paper_id)
    if at is not None and sent is not None and sent.date() == at.date() and at < sent:
        # not yet sent round, even to those who act for its maker (read 24: "a 09:51 update citing a note sent at
        # 18:16 that day")
        return False
    if rel.get(org, (None, None))[0] == maker:
        return True
    # what was sent to those who act for it is the principal's too (counsel passes on the claim letter it received),
    # not what they made for themselves
    agents = {org} | {o for o, (serves, _) in rel.items() if serves == org}
    return any((o == org or o in agents and o != maker) and (when is None or day is None or when <= day)
               for o, when in held[1:])


def fact_source(plan: WorldPlan, fact_id: str, day: dt.date, text: str, viewer: str | None = None,
                at: dt.datetime | None = None) -> str:
    """Where a fact's value can be read on `day`: 'the "Total claims" line of the Damages schedule', in the latest
    sheet dated on or before the day whose line shows that value; '' when none does. (By the line's label, not its
    row number, which the sheet's look decides.)"""
    return fact_source_dated(plan, fact_id, day, text, viewer, at)[1]


def fact_source_dated(plan: WorldPlan, fact_id: str, day: dt.date, text: str,
                      viewer: str | None = None, at: dt.datetime | None = None) -> tuple[dt.date | None, str]:
    """(the sheet's date, fact_source()): where a fact's value can be read on `day`, and the date of that sheet; with
    a viewer (a person id), only a sheet that person's organisation holds that day (see sees)."""
    best = source_line(plan, fact_id, day, text, viewer, at)
    return best[:2] if best else (None, "")


def _index_fact_lines(plan: WorldPlan) -> None:
    """Index, once per plan, each fact's sheet lines: (sheet date, line label, sheet title, sheet id)."""
    index = plan.__dict__.get("_fact_lines")
    if index is None:
        index = {}
        for a in plan.artifacts:
            skeleton = getattr(a, "skeleton", None)
            if skeleton is None or plan.distractor_of(a) is not None or re.search(r"supersed|draft", a.title, re.I):
                continue  # a superseded draft is no place to point a reader to
            for line in skeleton.lines:
                name = line.cells[skeleton.label] if line.fact else None
                if isinstance(name, str) and name.strip():
                    index.setdefault(line.fact, []).append((a.date, name.strip(), a.title, a.id))
        plan.__dict__["_fact_lines"] = index


def source_line(plan: WorldPlan, fact_id: str, day: dt.date, text: str,
                viewer: str | None = None, at: dt.datetime | None = None) -> tuple[dt.date, str, str] | None:
    """(the sheet's date, fact_source(), the sheet's id), or None: see fact_source_dated."""
    _index_fact_lines(plan)
    best = None
    for date, name, title, aid in plan.__dict__["_fact_lines"].get(fact_id, []):
        held = plan.fact(fact_id).on(date) if date <= day and sees(plan, viewer, aid, day, at) else None
        if held is not None and held[1] == text and (best is None or date > best[0]):
            best = (date, f'the "{name}" line of the {title}', aid)
    return best


def voice_of(occupation: Occupation) -> Voice:
    """The writing voice of an occupation."""
    return Voice(occupation=occupation.title, family=occupation.family, style=occupation.style,
                 documents=occupation.documents, tools=occupation.tools, tasks=occupation.tasks)


_TALKED_ABOUT = {"money": 0, "percent": 0, "number": 1, "date": 2, "text": 3}


def thread_labels(plan: WorldPlan, thread: str) -> list[str]:
    """The labels of every fact a thread's messages carry, in first-carried order (indexed once per plan)."""
    index = plan.__dict__.get("_thread_labels")
    if index is None:
        index = {}
        kinds: dict[str, int] = {}
        for a in plan.artifacts:
            if getattr(a, "thread", None) is not None:
                have = index.setdefault(a.thread, [])
                for f in a.facts:
                    fact = plan.fact(f)
                    label = fact_label(fact)
                    kinds[label] = _TALKED_ABOUT.get(fact.value.type, 3)
                    if label not in have:
                        have.append(label)
        # Figures first, then dates, then names: a thread argues about the cap, not about the vessel's name.
        index = {t: sorted(labels, key=lambda x: kinds.get(x, 3)) for t, labels in index.items()}
        plan.__dict__["_thread_labels"] = index
    return index.get(thread, [])


# How long a value must have stood, unchanged, before a thread treats it as settled rather than news.
SETTLED_AFTER_DAYS = 14


def settled(fact, day: dt.date | None) -> bool:
    """Whether a fact is long settled on `day`: a date, a name or a count with no formula behind it, whose value has
    stood unchanged for SETTLED_AFTER_DAYS (or a date already past). Nobody asks for the source of a signing date
    set weeks ago, nor disputes the vessel's name; a figure worked out from others, or news, is still open."""
    if day is None:
        return False
    if standing(fact) or decided(fact):
        # a term of an instrument, a payment made, a figure agreed: settled from the day it is known (read 16: "Is
        # the business interruption limit final, or still an estimate?" of the policy's limit)
        since = fact.known_from or fact.first_known()
        return since is None or since <= day
    if fact.formula or fact.value.type in ("money", "percent"):
        return False
    if fact.value.type == "date" and fact.value.value < day:
        return True
    since = fact.known_from or fact.first_known()
    return since is None or (day - since).days >= SETTLED_AFTER_DAYS


def _thread_facts(plan: WorldPlan, thread: str) -> list[str]:
    """The fact ids a thread's messages carry, in plan order, each once. Indexed once per plan: asked per message
    by a scan of every artifact, it made generation quadratic (127 s at x80, against 17 s before)."""
    index = plan.__dict__.get("_thread_facts")
    if index is None:
        index = {}
        for a in plan.artifacts:
            t = getattr(a, "thread", None)
            if t is not None:
                have = index.setdefault(t, {})
                for f in a.facts:
                    have.setdefault(f, None)
        index = {t: list(v) for t, v in index.items()}
        plan.__dict__["_thread_facts"] = index
    return index.get(thread, [])


def _sheets_carrying(plan: WorldPlan, fact: str) -> list:
    """The current (not superseded) sheets that carry a fact, in plan order; indexed once per plan."""
    index = plan.__dict__.get("_sheets_by_fact")
    if index is None:
        index = {}
        for a in plan.artifacts:
            if a.kind == "spreadsheet" and a.distractor is None:
                for f in dict.fromkeys(a.facts):
                    index.setdefault(f, []).append(a)
        plan.__dict__["_sheets_by_fact"] = index
    return index.get(fact, [])


def label_reasons(plan: WorldPlan, thread: str, day: dt.date | None) -> dict[str, str]:
    """The formulas in words of a thread's derived figures known on `day`, by label (see fact_reason)."""
    out = {}
    for f in _thread_facts(plan, thread):
        fact = plan.fact(f)
        if fact.formula and day is not None and fact.on(day) is not None and (reason := fact_reason(plan, fact)):
            out[fact_label(fact)] = reason
    return out


# The nouns of a paper that holds a figure, in a fact's statement ("Harlow's commercial invoice values the pallets at").
_HOLDER = re.compile(r"(?i)\b(?:invoice|quot(?:e|ation)|report|survey|certificate|statement|letter|contract|agreement|"
                     r"lease|charter(?:party)?|schedule|log|ledger|register|valuation|estimate|award|notice|"
                     r"claim|policy|bill|note|memo\w*|minutes|calculation|assessment|findings|audit|breakdown)\b")


def label_stated(plan: WorldPlan, thread: str, day: dt.date | None) -> dict[str, str]:
    """The paper that holds each of a thread's figures known on `day`, as the figure's statement names it before giving
    the value the figure still holds ("Harlow's commercial invoice values the 14 pallets at GBP 412,600." -> "Harlow's
    commercial invoice"), by label: where a figure comes from, in the ledger's words, for "What is the source for X?"
    across the table (mail10's read at seed 223: "I'll dig out the paper it comes from" in 22 answers of 12 worlds at
    seed 61). The paper, never the statement in full, which only the artifacts that establish it carry."""
    out = {}
    if day is None:
        return out
    for f in _thread_facts(plan, thread):
        fact = plan.fact(f)
        held = fact.on(day)
        if held is None or held[0].type not in ("money", "number", "percent") or held[1] not in fact.statement:
            continue
        before = fact.statement.split(held[1])[0]
        m = _HOLDER_PHRASE.match(before)
        # (the paper's noun heads its phrase: the next word is a verb or 'of', never another noun, "The policy limit",
        # nor a number, "Under Schedule 6")
        after = re.match(r"\s*([A-Za-z]+)\b", before[m.end():]) if m else None
        if m is None or len(m.group(0).split()) > 12 or after is None or not (
                after.group(1) in ("of", "is", "was", "at", "for", "puts", "sets", "gives", "shows")
                or after.group(1).islower() and after.group(1).endswith("s") and not after.group(1).endswith("ss")):
            continue
        named = m.group(0).strip().rstrip(",")
        out[fact_label(fact)] = named[:1].lower() + named[1:] if re.match(r"The\b", named) else named
    return out


# A statement's opening that names the paper holding its figure: words up to the paper's noun, and its date where it
# has one ("HMRC's assessment of June 12, 2026", "Northvane Engine Services' revised quote of April 4, 2028").
_HOLDER_PHRASE = re.compile(
    r"^(?:(?!\b(?:is|are|was|were|has|have|had)\b)[^.;:])*?\b" + _HOLDER.pattern.replace("(?i)", "") +
    r"(?: (?:of|dated) (?:[A-Z][a-z]+ \d{1,2}, \d{4}|\d{1,2} [A-Z][a-z]+ \d{4}))?", re.I)


# A question that asks how a figure is worked out: answered with the working itself, its figures and where each input
# comes from (read 23: "The client asks for a walk-through of the cap. Three days later the partner repeats the formula
# in labels and points to 'the OPA 90 liability cap line', with no 2,500 x 62,480 worked out").
HOW_ASKED = r"how did you (?:get to|arrive at|work out)|walk me through|where does (?:this|the) (?:figure|number) come from|" \
            r"send me the workings|how (?:is|was) (?:it|this|that) (?:worked out|calculated|arrived at)"


def label_worked(plan: WorldPlan, thread: str, day: dt.date | None,
                 taxonomy: Taxonomy | None = None, viewer: str | None = None,
                 at: dt.datetime | None = None) -> dict[str, FactRef]:
    """Each of a thread's derived figures known on `day` as the ledger works it out that day, by label: its value
    (text), its formula with each input's value (working) and its inputs with the paper each comes from (see
    fact_inputs); a figure whose working cannot be said with its figures is left out."""
    out: dict[str, FactRef] = {}
    if day is None:
        return out
    for f in _thread_facts(plan, thread):
        fact = plan.fact(f)
        held = fact.on(day)
        if not fact.formula or held is None:
            continue
        working = fact_reason(plan, fact, day)
        inputs = fact_inputs(plan, fact, day, taxonomy, viewer, at)
        if working and inputs:
            out[fact_label(fact)] = FactRef(id=fact.id, statement=fact.statement, value=held[0], text=held[1],
                                            label=fact_label(fact), working=working, inputs=inputs)
    return out


def label_sources(plan: WorldPlan, thread: str, day: dt.date | None, viewer: str | None = None,
                  to: list[str] = (), at: dt.datetime | None = None) -> dict[str, str]:
    """Where each of a thread's figures known on `day` can be read in the room on that day (a sheet's row, see
    fact_source), by label: what "What is the source for X?" is answered with when the reply does not carry X (it
    answered "It comes from the papers on file; I'll send you the copy by Friday", blind read 17)."""
    out = {}
    if day is None:
        return out
    for f in _thread_facts(plan, thread):
        fact = plan.fact(f)
        held = fact.on(day)
        line = source_line(plan, f, day, held[1], viewer, at) \
            if held is not None and held[0].type in ("money", "number", "percent") else None
        by = plan.person(plan.artifact(line[2]).author).organisation if line else None
        if line and not (viewer and {plan.person(p).organisation for p in to} == {by} != {
                plan.person(viewer).organisation}):
            out[fact_label(fact)] = line[1]  # (never the addressee's own sheet, see build_context)
    return out


def word_labels(plan: WorldPlan, thread: str) -> list[str]:
    """The labels of a thread's facts that are no figure (text or a date): nobody asks their source ("What is the
    source for the aircraft?", issue 17)."""
    return [fact_label(plan.fact(f)) for f in _thread_facts(plan, thread)
            if plan.fact(f).value.type not in ("money", "number", "percent")]


def label_papers(plan: WorldPlan, thread: str, day: dt.date | None,
                 viewer: str | None = None, at: dt.datetime | None = None) -> dict[str, tuple[str, dt.date]]:
    """The document that first set down each of a thread's figures known on `day`, with its date, by label, where it
    was written by then and gives the value the figure still holds (a certificate's tonnage, a complaint's fault
    share): the source of a figure no sheet of the room shows."""
    out: dict[str, tuple[str, dt.date]] = {}
    if day is None:
        return out
    for f in _thread_facts(plan, thread):
        fact = plan.fact(f)
        held = fact.on(day)
        if held is None or held[0].type not in ("money", "number", "percent"):
            continue
        doc = next((plan.artifact(a) for a in plan.establishing(f) if plan.artifact(a).kind == "document"), None)
        when = artifact_day(doc) if doc is not None else None
        if doc is not None and when is not None and when <= day and sees(plan, viewer, doc.id, day, at) and (was := fact.on(when)) is not None \
                and was[1] == held[1] and doc.distractor is None:
            out[fact_label(fact)] = (doc.title, stated_made_day(plan, doc, when))
    return out


def label_folders(plan: WorldPlan, papers: dict[str, tuple[str, dt.date]]) -> dict[str, str]:
    """The room's folder of each document of label_papers (`papers`), by label: where "I would like to see it" finds
    the paper (read 21: "the documents behind it are in the file" showed the client nothing)."""
    by_title = plan.__dict__.get("_doc_paths")
    if by_title is None:  # (once per plan: every reply asks)
        by_title = {a.title: a.path for a in plan.artifacts if a.kind == "document"}
        plan.__dict__["_doc_paths"] = by_title
    return {label: by_title[title].rsplit("/", 1)[0] for label, (title, _) in papers.items()
            if "/" in by_title.get(title, "")}


def label_sent(plan: WorldPlan, spec) -> dict[str, PaperDue]:
    """The papers that the messages of a reply's thread before it attached, by the label of each figure a paper
    shows at the value the figure still holds on the reply's day: the paper "What is the source for X?" is pointed
    to across the table, where our own working papers are not (read 21: "It comes from the papers on file" to the
    agent who had been sent the compliance certificate that shows it)."""
    out: dict[str, PaperDue] = {}
    day = spec.sent_at.date()
    index = plan.__dict__.get("_attaching")
    if index is None:  # (once per plan: every reply asks, and a scan of the inventory each was quadratic)
        index = {}
        for a in plan.artifacts:
            if a.kind == "email" and getattr(a, "attachments", None):
                index.setdefault(a.thread, []).append(a)
        plan.__dict__["_attaching"] = index
    earlier = sorted((a for a in index.get(spec.thread, []) if a.id != spec.id and a.sent_at < spec.sent_at),
                     key=lambda a: a.sent_at)
    for message in earlier:
        sender = plan.person(message.author)
        for att in message.attachments:
            paper = plan.artifact(att.artifact)
            when = artifact_day(paper)
            for f in paper.facts:
                fact = plan.fact(f)
                now, then = fact.on(day), fact.on(when)
                if now is not None and then is not None and now[1] == then[1] and now[0].type in (
                        "money", "number", "percent"):
                    out.setdefault(fact_label(fact), PaperDue(title=att.title, by=sender.first_name, maker=sender.name,
                                                              day=message.sent_at.date(), facts=[f]))
    return out


def settled_labels(plan: WorldPlan, thread: str, day: dt.date | None) -> list[str]:
    """The labels of a thread's facts that are settled on `day` (see settled and acted_on)."""
    return [fact_label(plan.fact(f)) for f in _thread_facts(plan, thread)
            if settled(plan.fact(f), day) or acted_on(plan, plan.fact(f), day)]


# An act that closes a figure: the money moved. (An offer, a demand or an estimate closes nothing: labels._PUT_FORWARD;
# nor money still to move, "would remain to be paid"; nor a figure "agreed with" one's own accountants, still open to
# the other side: labels.standing decides what an agreement settles.)
_ACT_VERBS = "paid|funded|prepaid|remitted|refunded|transferred|repaid|reimbursed"
_ACTED = re.compile(rf"\b(?:{_ACT_VERBS})\b", re.I)
_TO_COME = re.compile(r"\b(?:would|will|shall|to be|unless|if)\b", re.I)  # (not "may": a month)


def _acts(plan: WorldPlan) -> list[tuple[str, dt.date, str]]:
    """(fact id, day, statement) of the facts that record money moved (see _ACTED); once per plan."""
    acts = plan.__dict__.get("_acts")
    if acts is None:  # once per plan: asked for every fact of every message's thread
        acts = []
        for other in plan.facts:
            statement = " ".join((other.statement or "").split())
            since = other.known_from or other.first_known()
            if since is not None and _ACTED.search(statement) and not put_forward(statement) \
                    and not _TO_COME.search(statement):
                acts.append((other.id, since, statement))
        plan.__dict__["_acts"] = acts
    return acts


def paid_by(plan: WorldPlan, fact, day: dt.date | None) -> tuple[str, dt.date] | None:
    """_paid_by(), once per plan, fact and day: a context asks it for each of its facts and again for each fact of
    its thread (settled_labels), and it searches every act of the ledger each time."""
    memo = plan.__dict__.setdefault("_paid_by", {})
    held = memo.get((fact.id, day))
    if held is None or held[0] is not fact:
        held = memo[(fact.id, day)] = (fact, _paid_by(plan, fact, day))
    return held[1]


def _paid_by(plan: WorldPlan, fact, day: dt.date | None) -> tuple[str, dt.date] | None:
    """The act known by `day` that moved a money figure as it then stood, as its verb and the day it was known: a
    statement that quotes the figure ("Harrowgate funded the USD 9,000,000 equity cure") or names it by its label's
    last word as the act's object ("The landlord refunded the overpayment 40 days after ..." for the tenant's
    overpayment). Issue 17: a complaint of June 24 sued for the GBP 105,000 overpayment refunded on June 13."""
    if day is None or fact.value.type != "money":  # (a percent or a count is too short a text to find for sure)
        return None
    held = fact.on(day)
    if held is None:
        return None
    words = [w for w in fact_label(fact).lower().split() if w not in ("the", "a", "an")]
    head = words[-1] if words else ""
    named = re.compile(rf"\b(?:{_ACT_VERBS})\s+(?:the|its|their|an?)\s+((?:[\w'-]+\s+){{0,2}})"
                       rf"{re.escape(head)}\b", re.I) if len(head) > 3 else None
    # (every other word of the label but an owner's name is in the act's object: "Oakhurst paid the earn-out" is no
    # act on the uncapped earn-out, the figure before the cap)
    kind = {w for w in words[:-1] if not w.endswith(("'s", "s'", "\u2019s"))}

    def names(statement: str) -> bool:
        m = named.search(statement) if named is not None else None
        return m is not None and kind <= set(m.group(1).lower().split())

    return next(((_ACTED.search(statement).group(0).lower(), since) for i, since, statement in _acts(plan)
                 if i != fact.id and since <= day and (held[1] in statement or names(statement))), None)


def acted_on(plan: WorldPlan, fact, day: dt.date | None) -> bool:
    """Whether a figure was acted on by `day`: another fact known by then records an act done on its value as it then
    stood ("Harrowgate funded the USD 9,000,000 equity cure on September 2"). Read 23: on the funding day lenders'
    counsel asked "When will we hear from you on the equity cure amount?", a figure fixed for weeks and funded that
    day."""
    if day is None:
        return False
    acts = _acts(plan)
    if fact.value.type == "date" and any(i == fact.id and since <= day for i, since, _ in acts):
        # the act itself, by its day: "What is still to do before the equity cure funding date?" the day it was funded
        return True
    if fact.value.type != "money":  # (a percent or a count is too short a text to find for sure in a statement)
        return False
    held = fact.on(day)
    if paid_by(plan, fact, day):
        return True
    # ...and what is worked out from a figure so acted on, known by then, is arithmetic on the record: "When will we
    # hear from you on the net debt after the cure?" on the day the cure was funded and the net debt so set out
    from worldsmith.worlds.ledger import references

    since = fact.known_from or fact.first_known()
    return bool(fact.formula) and held is not None and since is not None and since <= day and any(
        r != fact.id and acted_on(plan, plan.fact(r), day) for r in references(fact.formula)
        if any(f.id == r for f in plan.facts))


def made_papers(plan: WorldPlan, spec, most: int = 4) -> list[PaperDue]:
    """room_papers with their makers: the same papers, newest first."""
    titles = room_papers(plan, spec, most)
    out = []
    for t in titles:
        a = max((a for a in plan.artifacts if a.title == t and a.kind in ("document", "spreadsheet")),
                key=lambda a: (a.date, a.path))
        who = plan.person(a.author)
        out.append(PaperDue(title=t, by=who.first_name, maker=who.name, day=a.date, facts=list(a.facts)))
    return out


def talk_days(plan: WorldPlan, spec) -> list[dt.date]:
    """The days of the conversation a day of chat belongs to (its channel's days), sorted; once per plan."""
    index = plan.__dict__.get("_talk_days")
    if index is None:
        index = {}
        for a in plan.artifacts:
            if getattr(a, "channel_id", None):
                index.setdefault(a.channel_id, set()).add(artifact_day(a))
        index = {k: sorted(v) for k, v in index.items()}
        plan.__dict__["_talk_days"] = index
    return index.get(getattr(spec, "channel_id", None), [artifact_day(spec)])


def paper_days(plan: WorldPlan) -> list[tuple[str, dt.date]]:
    """(title, day) of the plan's documents and sheets that are no distractor: what a replacement clause may name
    (once per plan)."""
    index = plan.__dict__.get("_paper_days")
    if index is None:
        index = [(a.title, artifact_day(a)) for a in plan.artifacts
                 if a.kind in ("document", "spreadsheet") and a.distractor is None]
        plan.__dict__["_paper_days"] = index
    return index


def label_on(plan: WorldPlan, distractor, day) -> str:
    """A distractor's label as it can be told on a day (labels.as_known_on, read against the plan's papers, the facts
    it made known, and the day the fact's own value became known)."""
    events = plan.__dict__.get("_fact_events")
    if events is None:
        events = plan.__dict__["_fact_events"] = fact_events(plan.facts)
    fact = next((f for f in plan.facts if f.id == distractor.fact), None)
    return as_known_on(distractor.label, day, paper_days(plan), events, fact.known_from if fact else None)


def own_papers(plan: WorldPlan) -> list[ArtifactSpec]:
    """The plan's documents and sheets that are no distractor and no instance of a series, in plan order: what a day
    of chat may talk about as a team's own paper. Once per plan: room_papers and coming_papers read it for every day
    of chat, and scanning the whole inventory (and asking each paper whether it recurs) per context was a fifth of
    building a chat's context (issue 22 item 5)."""
    index = plan.__dict__.get("_own_papers")
    if index is None:
        index = [a for a in plan.artifacts if a.kind in ("document", "spreadsheet") and a.distractor is None
                 and not recurring(plan, a.item)]
        plan.__dict__["_own_papers"] = index
    return index


def room_papers(plan: WorldPlan, spec, most: int = 4) -> list[str]:
    """Titles of the documents and sheets the members of a day of chat made in the three weeks up to it, newest first:
    what a team talks about is its own papers, not the papers of its trade at large."""
    members = set(getattr(spec, "members", []) or [spec.author])
    day = artifact_day(spec)
    # (a paper of a month ago is no news: "did you get a chance to look at" it six weeks on, after the decision it
    # fed, read as the same exchange again; a paper dated the day itself may not be out yet: a call's notes at 16:00)
    # (own_papers: no instance of a series: a weekly call's notes, "is the weekly call notes final?" every week)
    made = [a for a in own_papers(plan) if a.author in members and day is not None and 0 < (day - a.date).days <= 14]
    # (a paper that went to the other side is served or sent: nobody asks whether it is "the final version" or has
    # comments on it for the next turn, read 23's chat of July 23 on a notice served on July 15)
    made = [a for a in made if not went_across(plan, a)]
    # talked about on the conversation's first day after it is made, once: not read, commented on and asked
    # whether final again on every day that follows
    days = talk_days(plan, spec)
    made = [a for a in made if not any(a.date < d < day for d in days)]
    made.sort(key=lambda a: (a.date, a.path), reverse=True)
    return list(dict.fromkeys(a.title for a in made))[:most]


_RECORD = re.compile(r"^(?:minutes|notes|attendance note|call note|file note)\b|\b(?:minutes|notes) of\b|"
                     r"\bcall notes\b|\bmeeting notes\b", re.I)


def answers_later(plan: WorldPlan, paper: ArtifactSpec, day: dt.date | None) -> bool:
    """Whether a paper to come answers an event that has not happened by `day`: it carries a fact first known after
    the day and before the paper's own date (the decision, tender or claim it replies to). On March 11 a status note
    planned "the letter rejecting Kestrel Bay's tender", which arrived on April 6 and was decided on April 16 (blind
    read 20); a fact first known on the paper's own day is the paper's own news, not an event it waits on."""
    made = artifact_day(paper)
    if day is None or made is None or made <= day:
        return False
    for f in paper.facts:
        first = plan.fact(f).first_known()
        if first is not None and day < first < made:
            return True
    return False


def coming_papers(plan: WorldPlan, spec, most: int = 3, members: set[str] | None = None) -> list[PaperDue]:
    """The documents and sheets the members of a day of chat (or `members`) are to make in the next three weeks,
    soonest first: who has the pen on what is the day's work (a paper already made is read and commented on, never
    'who is doing')."""
    members = members or set(getattr(spec, "members", []) or [spec.author])
    day = artifact_day(spec)
    # (own_papers: no instance of a series: a weekly call's notes are nobody's news, "who has the pen" every week)
    # the record of a meeting is written after it: "drafting the minutes - round by June 11" on May 21, three weeks
    # before the call they minute (mail8's read of a construction claim at seed 9); it is in hand from the day before
    # it is due
    papers = [a for a in own_papers(plan) if day is None or not _RECORD.search(a.title) or (a.date - day).days <= 1]
    papers = [a for a in papers if not answers_later(plan, a, day)]
    due = [a for a in papers if a.author in members and day is not None and 0 < (a.date - day).days <= 21]
    if not due and day is not None:
        # nothing due within three weeks: the team's next paper, up to two months ahead, is the work in hand
        later = [a for a in papers if a.author in members and 0 < (a.date - day).days <= 60]
        due = sorted(later, key=lambda a: (a.date, a.path))[:1]
    # who has the pen on a paper is asked on one day of a conversation, the first it is in hand: "who has the pen on
    # the valuation model summary?" on the 28th and again on the 1st read as nobody listening
    days = talk_days(plan, spec)
    due = [a for a in due if not any(d < day and 0 < (a.date - d).days <= 21 for d in days)]
    due.sort(key=lambda a: (a.date, a.path))
    out: list[PaperDue] = []
    for a in due:
        if all(p.title != a.title for p in out):
            out.append(PaperDue(title=a.title, by=plan.person(a.author).first_name, maker=plan.person(a.author).name,
                                day=a.date, facts=list(a.facts)))
    return out[:most]


def papers_ahead(plan: WorldPlan, spec, members: set[str], ahead: int = 45, most: int = 4) -> list[PaperDue]:
    """The documents and sheets `members` are to make in the weeks after a message, soonest first, with who has the
    pen and when: what "what is still to do before X, and who has it?" is answered with (no record of a meeting before
    the meeting, nor a paper that waits on an event still to come)."""
    day = artifact_day(spec)
    if day is None:
        return []
    papers = [a for a in own_papers(plan) if a.author in members and 0 < (a.date - day).days <= ahead
              and not (_RECORD.search(a.title) and (a.date - day).days > 1) and not answers_later(plan, a, day)]
    out: list[PaperDue] = []
    for a in sorted(papers, key=lambda a: (a.date, a.path)):
        if all(p.title != a.title for p in out):
            out.append(PaperDue(title=a.title, by=plan.person(a.author).first_name, maker=plan.person(a.author).name,
                                day=a.date, facts=list(a.facts)))
    return out[:most]


_WORK_AGREED = re.compile(r"\b(?:workstreams?|work ?plan|scope|timetable|timeline|programme|program)\b", re.I)


def work_agreed(plan: WorldPlan, spec, ahead: int = 45, most: int = 5) -> list[PaperDue]:
    """The papers a meeting's side is to make in the weeks after it, by date (what a kick-off's workstreams and
    timetable are): the side's own documents and sheets due after the minutes' day, none of a series."""
    day = artifact_day(spec)
    papers = [p for p in side_papers(plan, spec, ahead=ahead) if day is not None and p.day > day
              and p.title != spec.title][:most]
    # a paper due on a day the ledger holds as an event ahead (the launch, a hearing) is due at that event: its day
    # is the event's date, which the minutes are not planned to give (no_later_event_mentioned: an unseen outline's
    # kick-off minutes had the launch-day papers 'due 23 March 2026', the launch date, three weeks ahead)
    events = {f.value.value: fact_label(f) for f in plan.facts
              if f.value.type == "date" and not f.earlier and f.id not in spec.facts}
    return [p.model_copy(update={"at": events[p.day]}) if p.day in events else p for p in papers]


def side_papers(plan: WorldPlan, spec, ahead: int = 30) -> list[PaperDue]:
    """The documents and sheets of the sheet author's side, made up to its day or due in the month after, by date:
    what a tracker or a litigation calendar lists is its team's own work, not a stock list of tasks."""
    from worldsmith.generators.week import _side_of  # one notion of a side, the weekly notes' own

    side = _side_of(plan, spec.author)
    day = artifact_day(spec)
    out: list[PaperDue] = []
    for a in sorted(plan.artifacts, key=lambda a: (getattr(a, "date", day), a.path)):
        if a.kind not in ("document", "spreadsheet") or a.distractor is not None or a.id == spec.id \
                or recurring(plan, a.item) or (a.date - day).days > ahead or _side_of(plan, a.author) != side \
                or answers_later(plan, a, day):
            continue
        who = plan.person(a.author)
        if all(p.title != a.title for p in out):
            out.append(PaperDue(title=a.title, by=who.first_name, maker=who.name, day=a.date, facts=list(a.facts)))
    return out


# A thread title that names a meeting ('Site visit to the plant', 'Kick-off call', 'Hearing on 3 May').
_MEETING_WORD = re.compile(r"\b(?:visit|meeting|call|inspection|hearing|conference|kick-?off|walk-?through|"
                           r"site tour|workshop|session|briefing)s?\b", re.I)


_MEETING_HELD = re.compile(r"\b(?:minutes|notes|follow-?up|record|readout|debrief)\b", re.I)


def meeting_ahead(plan: WorldPlan, spec) -> MeetingAhead | None:
    """The meeting a thread's first message is about: its title names a meeting, and a meeting of the plan that its
    writer or a reader attends starts in the seven days after it, sharing a word of the title that names no
    organisation (the first such). None for any other message (blind read 29: a 'Site
    visit' email sent the evening before the inspection said nothing of its time, place or who attends)."""
    if getattr(spec, "position", 1) != 0 or not _MEETING_WORD.search(spec.title or "") or \
            _MEETING_HELD.search(spec.title or "") or getattr(spec, "attachments", None):
        return None  # (minutes, notes or a follow-up are of a meeting held, and a file sent round is about the file)
    people = {spec.author, *spec.to, *getattr(spec, "cc", [])}
    org_words = {w for o in plan.organisations for w in re.findall(r"[a-z]{4,}", o.name.lower())}
    words = set(re.findall(r"[a-z]{4,}", _MEETING_WORD.sub("", spec.title.lower()))) - org_words
    sent = spec.sent_at
    near = sorted((a for a in plan.artifacts if a.kind == "calendar" and sent < a.starts_at <= sent + dt.timedelta(days=7)
                   and people & {a.author, *a.attendees}), key=lambda a: a.starts_at)
    shared = [a for a in near if words & set(re.findall(r"[a-z]{4,}", a.summary.lower()))]
    if not shared:
        return None
    meeting = shared[0]
    names = [plan.person(p).first_name for p in dict.fromkeys([meeting.author, *meeting.attendees])]
    return MeetingAhead(summary=meeting.summary, starts_at=meeting.starts_at, location=meeting.location or "",
                        attendees=names)


def day_mail(plan: WorldPlan, spec, most: int = 2) -> list[MailOfDay]:
    """The threads opened on a chat's day between its members and people outside it: what came in or went out
    that day is what a team talks about first."""
    members = set(getattr(spec, "members", []) or [spec.author])
    day = artifact_day(spec)
    out: list[MailOfDay] = []
    for a in plan.artifacts:
        if a.kind != "email" or getattr(a, "position", 1) != 0 or artifact_day(a) != day or recurring(plan, a.item):
            continue  # (a weekly agenda is no news)
        posts = getattr(spec, "posts", None)
        if posts and a.sent_at > posts[0].at:
            continue  # sent after the day's talk began: nobody says at 11:57 what goes out at 16:30
        readers = set(a.to) | set(getattr(a, "cc", []))
        incoming = a.author not in members and bool(readers & members)
        if not incoming and not (a.author in members and readers - members):
            continue
        who = plan.person(a.author)
        # the organisation across: the sender's for mail that came in, the first outside reader's for mail sent out
        party = who if incoming else plan.person(next(r for r in [*a.to, *getattr(a, "cc", [])] if r not in members))
        org = next((o.name for o in plan.organisations if o.id == party.organisation), "")
        # (nobody "will watch for" a reply that reached them an hour before: blind read 36)
        back = None if incoming else min(
            (r.sent_at for r in plan.artifacts if r.kind == "email" and r.thread == a.thread and r.position > 0
             and r.author not in members and set([*r.to, *r.cc]) & members and r.sent_at.date() == day),
            default=None)
        out.append(MailOfDay(subject=a.title, by=who.first_name, org=org, incoming=incoming, sent_at=a.sent_at,
                             answered_at=back))
    return out[:most]


def first_maker(plan: WorldPlan, fact_id: str) -> str | None:
    """The organisation that made a fact's first paper (by day, of the documents that establish it and the sheets
    that carry it; no email), None where it has none; indexed once per plan: own_labels asked it of every fact of a
    thread for every message of the thread, sorting its papers each time (issue 22 item 5)."""
    index = plan.__dict__.get("_first_maker")
    if index is None:
        index = plan.__dict__["_first_maker"] = {}
    if fact_id not in index:
        papers = [plan.artifact(i) for i in plan.establishing(fact_id)] + _sheets_carrying(plan, fact_id)
        papers = sorted((a for a in papers if a.kind != "email"), key=artifact_day)
        index[fact_id] = plan.person(papers[0].author).organisation if papers else None
    return index[fact_id]


def made_across(plan: WorldPlan, fact_ids: list[str], author: str) -> list[str]:
    """The ids of these facts that the other side from the author put forward: its claim or assertion (fact_owner),
    else a figure it worked out in its own first paper (an assessment, a penalty, an expert's count), never a term of
    an instrument between the parties nor a neutral's finding. Blind read 30: the employer's counsel recommended that
    its client 'adopt' the works council's accountants' count 'as its working figure', and a tax authority's assessment
    was adopted by the taxpayer's own counsel; vat-delivery: counsel's note adopted the penalty HMRC's review fixed."""
    mine = _side(plan, plan.person(author).organisation)
    out = []
    for f in dict.fromkeys(fact_ids):
        owner = _side(plan, fact_owner(plan, f))
        if owner:
            if owner != mine:
                out.append(f)
            continue
        if not plan.fact(f).formula:
            continue  # a count or a record the other side first quoted is not its working
        papers = sorted((a for a in [plan.artifact(i) for i in plan.establishing(f)] + _sheets_carrying(plan, f)
                         if a.kind != "email"), key=artifact_day)
        if not papers or is_instrument(papers[0]):
            continue
        maker = plan.person(papers[0].author).organisation
        org = next((o for o in plan.organisations if o.id == maker), None)
        if org is not None and _side(plan, maker) != mine and not NEUTRAL_ROLE.search(org.role or ""):
            out.append(f)
    return out


def own_labels(plan: WorldPlan, thread: str, author: str) -> list[str]:
    """The labels of a thread's facts whose papers the author's organisation wrote: the documents that establish
    the fact and the sheets that carry it. Nobody asks another for the source of their own firm's figure."""
    org = plan.person(author).organisation
    out = []
    for f in _thread_facts(plan, thread):
        if _side(plan, fact_owner(plan, f)) not in ("", _side(plan, org)):
            # a figure the other side asserts stays theirs, whoever later copies it into a sheet (the lessor's
            # counsel's comparison sheet carried the lessee's capped figure, so the partner 'disputing the cap'
            # answered 'Thanks, Gordon; all clear.')
            continue
        first = first_maker(plan, f)
        if first is not None and first == org:
            out.append(fact_label(plan.fact(f)))
    return out


def side_labels(plan: WorldPlan, fact_ids: list[str], author: str, strict: bool = False) -> list[str]:
    """The labels of these facts that are the author's own side's figures (by its principal): those whose statement
    says the side asserts them, else whose first paper (document or sheet) an organisation of the side wrote. A letter
    never rejects them ('Your figure for X is not accepted' of its own client's claim). Strict: a figure whose
    statement says someone not named asserts it ('the agent offered ...') is nobody's own by its first paper."""
    org = plan.person(author).organisation
    side = _side(plan, org)
    out = []
    for f in dict.fromkeys(fact_ids):
        asserted = _side(plan, fact_owner(plan, f))
        if asserted:
            mine = asserted == side
        elif strict and (m := _UNNAMED_ASSERTS.search(" ".join((plan.fact(f).statement or "").split()))):
            # (the borrower's own cost sheet first carried the waiver fee 'the agent offered': still the lenders', and
            # the agent's own counsel 'considering' it with its client read as the wrong side, covenant seed 37)
            mine = _side(plan, _role_side(plan, m.group("noun").split()[-1])) == side
        else:
            first = first_maker(plan, f) or ""
            mine = bool(first) and _side(plan, first) == side
        if mine:
            out.append(fact_label(plan.fact(f)))
    return out


# The verb with which a statement's subject asserts a figure: "Danvers Oakley's letter of May 12 says ...",
# "Brightwing accepts liability for ...", "Under Schedule 6 para 4.2 Corrib claims ...".
# (and "attributes" or "alleges": "Kestrel Bay's demand ... attributes 35% of the fault to Ostrander" was nobody's, so
# Ostrander's own partner wrote that "the fault share alleged holds", read 22)
_ASSERTS = re.compile(r"\b(?:says|said|claims|claimed|accepts|accepted|proposes|proposed|contends|argues|asserts|"
                      r"offers|offered|demands|demanded|puts|counters|concedes|admits|calculates|quotes|quoted|"
                      r"prices|priced|values|estimates|reported|notified|disclosed|attributes|attributed|alleges|"
                      r"pleads|pleaded|invoiced|billed)\b")
# (an invoice is its sender's claim: "X's fees for the audit, invoiced to Corvane ..., are USD 64,800" was nobody's
# figure, so the licensor's own counsel wrote "You put the fees for the royalty audit at USD 64,800. We can't find the
# support for it" to the licensee, blind read 26)
# The verb with which a plural party named by its role asserts a figure: "The owners claim USD 222,337.50 ..."
_PLURAL_ASSERTS = re.compile(r"\b(?:the|its|their) (?P<noun>[a-z]+s) (?:claim|offer|propose|contend|argue|assert|"
                             r"demand|allege|plead|accept|concede|admit|estimate|calculate|quote|put|value)\b", re.I)


def their_labels(plan: WorldPlan, thread: str, author: str) -> list[str]:
    """The labels of their_facts: the thread's facts of the other side from the author."""
    return [fact_label(plan.fact(f)) for f in their_facts(plan, thread, author)]


def their_facts(plan: WorldPlan, thread: str, author: str) -> list[str]:
    """The ids of a thread's facts that a party of the other side from the author asserts (fact_side): its claim,
    not a figure anyone may "hold" a view on for it (defendant's counsel wrote "my view is that the bonus claimed holds"
    of the claimant's claim, mail10's read at seed 31)."""
    org = plan.person(author).organisation
    mine = _side(plan, org)
    # By fact and side, once per plan: every message asks it of each fact of its thread.
    memo = plan.__dict__.setdefault("_theirs", {})

    def theirs(f: str) -> bool:
        held = memo.get((f, mine))
        if held is None:
            held = memo[(f, mine)] = _theirs(plan, f, mine)
        return held

    return [f for f in _thread_facts(plan, thread) if theirs(f)]


def _theirs(plan: WorldPlan, f: str, mine: str) -> bool:
    """Whether a fact is a figure of a party of another side than `mine` (see their_labels)."""
    side = _side(plan, fact_side(plan, f))
    if side:
        return side != mine
    # (a figure worked from the other side's own input and no input of ours is theirs too: "The revised claim is
    # for a bonus of 40% x USD 186,000" from the claimant's 40%)
    ids = {x.id for x in plan.facts}
    inputs = [x for x in re.findall(r"[A-Za-z_]\w*", plan.fact(f).formula or "") if x in ids]
    sides = {_side(plan, fact_side(plan, x)) for x in inputs} - {""}
    return bool(sides) and mine not in sides


def asserted_labels(plan: WorldPlan, thread: str, author: str) -> list[str]:
    """The labels of a thread's facts whose statement says the author's own side asserts them (fact_side): its claim or
    offer, whose source it is not for the author to ask the other side (read 22: lenders' counsel asked borrower's
    counsel for "the source for the waiver fee rate" that he himself had proposed)."""
    org = plan.person(author).organisation
    mine = _side(plan, org)
    memo = plan.__dict__.setdefault("_asserting_side", {})  # by fact, once per plan: asked of each message's thread

    def side(f: str) -> str:
        held = memo.get(f)
        if held is None:
            held = memo[f] = _asserting_side(plan, f)
        return held

    return [fact_label(plan.fact(f)) for f in _thread_facts(plan, thread) if side(f) == mine]


def _asserting_side(plan: WorldPlan, f: str) -> str:
    """The side whose party a fact's statement says asserts it ('' where none; see asserted_labels)."""
    # a party named by its role asserts it too ('On August 19, 2026 the agent offered ... a fee of 0.25%'): read
    # 24, the lenders' counsel disputed that rate, its own side's offer ("You put the waiver fee rate at 0.25%. I
    # have not seen the support for it."), the statement naming no organisation by its name; and one whose own
    # records or acts it reports (fact_owner: the licensee asked the auditors for 'the source' of the royalties it
    # paid itself, blind read 26)
    named = _side(plan, fact_owner(plan, f))
    if named:
        return named
    m = _UNNAMED_ASSERTS.search(" ".join((plan.fact(f).statement or "").split()))
    return _side(plan, _role_side(plan, m.group("noun").split()[-1])) if m else ""


# ... and a party named by its role, not its name: "On August 19, 2026 the agent offered ... a waiver".
_UNNAMED_ASSERTS = re.compile(r"\b(?:the|its|their) (?P<noun>[a-z]+(?: [a-z]+)?) " + _ASSERTS.pattern, re.I)


def _role_side(plan: WorldPlan, noun: str) -> str:
    """The party (by its principal) of the one organisation whose role names it by that noun ('the agent': the
    'administrative agent for the lenders', not 'the agent's counsel'); '' when none or several do."""
    plain = re.compile(rf"\b{re.escape(noun.rstrip('s'))}s?\b(?!['’]s)", re.I)
    principals = _principals(plan)
    named = [o for o in plan.organisations if plain.search(o.role or "")]
    sides = {principals.get(o.id, o.id) for o in named}
    if len(sides) > 1:
        # the party itself, not its counsel whose role names it as the one it acts against ('solicitors acting for
        # the owners ... on their demurrage claim against the charterers' is not 'the charterers')
        sides = {o.id for o in named if principals.get(o.id, o.id) == o.id} or sides
    return next(iter(sides)) if len(sides) == 1 else ""


def fact_side(plan: WorldPlan, fact_id: str) -> str:
    """The party (an organisation id, by its principal) whose figure a fact is, by who its statement says asserts
    it: the organisations named before the statement's first verb of assertion, when they are all of one side; ''
    where the statement names no one, or both sides (an amount in dispute between them)."""
    index = plan.__dict__.get("_fact_sides")
    if index is None:
        index = plan.__dict__["_fact_sides"] = {}
    if fact_id in index:
        return index[fact_id]
    statement = " ".join((plan.fact(fact_id).statement or "").split())
    m = _ASSERTS.search(statement)
    sides = set()
    if m:
        head = statement[:m.start()]
        if (by := re.match(r",? by ((?:\S+ ){1,5})", statement[m.end():])):
            # a passive verb names who asserts after 'by': 'discrepancies ... that Brightwing did not rectify ..., priced
            # by Corrib's technical team at USD 412,500' is Corrib's figure, not Brightwing's (the lessor's counsel
            # told the lessee 'The unrectified return-condition discrepancies are USD 412,500' as the lessee's own)
            head = by.group(1)
        principals = _principals(plan)
        for o in plan.organisations:
            words = [w for w in re.findall(r"[A-Za-z][A-Za-z'-]+", o.name) if len(w) > 3]
            if words and re.search(rf"\b{re.escape(words[0])}\b", head):
                sides.add(principals.get(o.id, o.id))
    if not sides and (m := _PLURAL_ASSERTS.search(statement)):
        # or a party named by its role ('The owners claim USD 222,337.50 of demurrage'): read 26, the owners' own
        # solicitors wrote of the owners' claim as nobody's
        party = _role_side(plan, m.group("noun"))
        if party:
            sides.add(party)
    if not sides:
        # or its label opens on a party's role ('the claimant's multiplier for future loss', 'defendant's Part 36
        # offer'): the statement 'The claimant's schedule of loss applies a multiplier of 15.2' has no verb of assertion
        m = re.match(r"(?:the )?([a-z]+)['’]s?\s", plan.fact(fact_id).label or "", re.I)
        # (a plural the list lacks too: "charterers' sealed offer" was nobody's, so the owners "have agreed the
        # charterers' sealed offer" and would "put it to" the charterers, read 26)
        if m and (m.group(1).lower() in PARTY_ROLES or m.group(1).lower().rstrip("s") in PARTY_ROLES):
            party = _role_side(plan, m.group(1))
            if party:
                sides.add(party)
    index[fact_id] = next(iter(sides)) if len(sides) == 1 else ""
    return index[fact_id]


# A statement that reports a party's own records or acts: its subject is the party ("Tessaly paid USD 1,588,510",
# "Calder spent USD 684,300") or the party's own paper ("Tessaly's eight quarterly royalty reports ... declare",
# "Quillfield's closed management accounts give"), after an opening phrase of time or authority at most. Blind read
# 26: the auditors told the licensee "we have 41,260 units declared in the royalty reports", its own reports, as news.
_OPENING = re.compile(r"^(?:(?:On|In|At|By|As at|As of|Under|After|Before|During|Over) [^,]{3,60}, )")
_RECORD_NOUN = (r"(?:reports?|records?|accounts|ledgers?|books|invoices?|registers?|statements?|returns?|filings?|"
                r"data|payroll|minutes|schedules?|certificates?|declarations?|submissions?)")
_RECORD_ACT = (r"(?:paid|spent|shipped|sold|declared|reported|recorded|booked|received|issued|delivered|incurred|"
               r"capitali[sz]ed|holds|held|bought|purchased|made|dismissed|served|filed|sent|signed|granted)")


def fact_records(plan: WorldPlan, fact_id: str) -> str:
    """The party (an organisation id, by its principal) whose own records or acts a fact's statement reports: the
    subject of the statement is that party or its own paper ('Tessaly's ... royalty reports ... declare 41,260
    Licensed Products', 'Northgate paid an advance of ...'); '' where the subject is no party's (a clause of the
    contract, an audit's finding, a sum worked out)."""
    index = plan.__dict__.setdefault("_fact_records", {})
    if fact_id in index:
        return index[fact_id]
    statement = _OPENING.sub("", " ".join((plan.fact(fact_id).statement or "").split()))
    principals = _principals(plan)
    found = ""
    for o in plan.organisations:
        words = [w for w in re.findall(r"[A-Za-z][A-Za-z'-]+", o.name) if len(w) > 3]
        if not words or NEUTRAL_ROLE.search(o.role or ""):
            continue
        name = rf"(?:the )?{re.escape(words[0])}(?: [A-Z][\w&.-]*){{0,3}}"
        if re.match(rf"{name}['’]s? (?:[\w-]+ ){{0,5}}?{_RECORD_NOUN}\b", statement) or \
                re.match(rf"{name} {_RECORD_ACT}\b", statement):
            found = principals.get(o.id, o.id)
            break
    if not found and (m := re.match(rf"the ([a-z]+)['’]s? (?:[\w-]+ ){{0,5}}?{_RECORD_NOUN}\b|"
                                    rf"the ([a-z]+) {_RECORD_ACT}\b", statement, re.I)):
        found = _role_side(plan, m.group(1) or m.group(2))
    index[fact_id] = found
    return found


def readers_own(plan: WorldPlan, spec) -> list[str]:
    """The ids of a message's facts that a side of one of its readers owns (fact_owner: its claim, its records, its
    act), not the author's own side: what the message may put to them, never tell them as news. None for a neutral's
    message. (Not their_facts: the lessee's payments are its records, no claim for the lessor to 'not accept'.)"""
    org = plan.person(spec.author).organisation
    if NEUTRAL_ROLE.search(next((o.role for o in plan.organisations if o.id == org), "")):
        return []
    mine = _side(plan, org)
    readers = {_side(plan, plan.person(p).organisation) for p in [*spec.to, *spec.cc]} - {mine}
    return [f for f in spec.facts if (owner := _side(plan, fact_owner(plan, f))) and owner in readers]


def records_from(plan: WorldPlan, fact_ids: list[str], author: str) -> str:
    """The name of the one party of another side than the author's whose own records or acts these facts report
    (fact_records); '' where none or several: an audit report's records were 'made available by' the audited
    licensee, not by the auditors' client (blind read 26)."""
    mine = _side(plan, plan.person(author).organisation)
    parties = {p for f in fact_ids if (p := fact_records(plan, f)) and _side(plan, p) != mine}
    if len(parties) != 1:
        return ""
    return next(o.name for o in plan.organisations if o.id == next(iter(parties)))


def fact_owner(plan: WorldPlan, fact_id: str) -> str:
    """The side whose fact it is (an organisation id, by its principal): the party that asserts, claims or offers it
    (fact_side), else the one whose own records or acts it reports (fact_records); '' where it is nobody's (a term of
    the contract, a sum worked out, a finding). A party never disputes its own fact, and is never told it as news."""
    return fact_side(plan, fact_id) or fact_records(plan, fact_id)


def _side(plan: WorldPlan, org_id: str) -> str:
    """The side an organisation (or a principal) argues for: one token for the whole privileged circle, else its
    principal. An insurer that instructs counsel to defend its insured has two principals on one side (pi-quantum, an
    unseen outline: the insurer's claims handler answered 'the future loss on the defendant's multiplier is Hollins Reid
    Solicitors's number, not ours' of her own side's figure, and the Defence pleaded the claimant's case)."""
    if not org_id:
        return ""
    principal_id = _principals(plan).get(org_id, org_id)
    circle = plan.__dict__.get("_circle")
    if circle is None:
        circle = plan.__dict__["_circle"] = {o.id for o in plan.organisations if getattr(o, "privileged", False)}
    return "\0home" if org_id in circle or principal_id in circle else principal_id


def _principals(plan: WorldPlan) -> dict[str, str]:
    """Organisation id -> the party it acts for in the end (itself when it acts for no one), once per plan."""
    index = plan.__dict__.get("_principals")
    if index is None:
        index = {o.id: principal(plan.organisations, o.id) for o in plan.organisations}
        plan.__dict__["_principals"] = index
    return index


def adviser_labels(plan: WorldPlan, thread: str, author: str) -> list[str]:
    """The labels of a thread's facts whose papers were made by an organisation that acts for the author's own (its
    counsel, its accountants, its auditors), for an author whose organisation acts for no one: the fund's partner
    wrote 'I do not agree on the LOI enterprise value ... Show me the backing first' of the LOI his own counsel sent
    for the fund, and a client's CFO 'confirmed' its auditors' sample error rate (read 12)."""
    org = plan.person(author).organisation
    principals = _principals(plan)
    if principals.get(org, org) != org:
        return []
    out = []
    for f in _thread_facts(plan, thread):
        papers = [plan.artifact(i) for i in plan.establishing(f)] + _sheets_carrying(plan, f)
        makers = {plan.person(a.author).organisation for a in papers if a.kind != "email"}
        if org not in makers and any(m != org and principals.get(m) == org for m in makers):
            out.append(fact_label(plan.fact(f)))
    return out


# A statement that says who gave the fact: "On March 3, 2026 Okeford reported that ... lot OSK-2602-114 ...".
_REPORTED = re.compile(r"\b(?:reported|notified|disclosed|announced|informed|told|declared)\b")


def reporters(plan: WorldPlan, fact) -> set[str]:
    """The organisations a fact's statement names as having reported or notified it (before the verb)."""
    m = _REPORTED.search(fact.statement or "")
    if not m:
        return set()
    head = fact.statement[:m.start()]
    out = set()
    for o in plan.organisations:
        words = [w for w in re.findall(r"[A-Za-z][A-Za-z'-]+", o.name) if len(w) > 3]
        if words and re.search(rf"\b{re.escape(words[0])}\b", head):
            out.add(o.id)
    return out


def reported_labels(plan: WorldPlan, thread: str, author: str) -> list[str]:
    """The labels of a thread's facts that the author's own side reported, or asserts, by their statements: Okeford's
    COO asked for 'the source' of the lot Okeford itself reported, and its counsel disputed it (read 12); the fund's
    Managing Partner asked his adviser whether the fund's own LOI price was "an estimate" (read 15)."""
    org = plan.person(author).organisation
    side = _side(plan, org)
    out = []
    for f in _thread_facts(plan, thread):
        if any(_side(plan, r) == side for r in reporters(plan, plan.fact(f))) or _side(plan, fact_owner(plan, f)) == side:
            out.append(fact_label(plan.fact(f)))
    return out


def in_circle(plan: WorldPlan, person_ids: list[str]) -> bool:
    """Whether all these people work for organisations inside the privileged circle."""
    orgs = {o.id: o.privileged for o in plan.organisations}
    return all(orgs.get(plan.person(p).organisation, False) for p in person_ids)


def artifact_seed(world_seed: int, artifact_id: str) -> int:
    """A per-artifact seed: stable, independent of generation order."""
    digest = hashlib.sha256(f"{world_seed}:{artifact_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def artifact_day(spec: ArtifactSpec) -> dt.date:
    """The day an artifact bears: an email's sending day in the world's time, a file's date."""
    has_sent, has_date, has_start = _day_attributes(type(spec))
    sent = getattr(spec, "sent_at", None) if has_sent else None
    if sent is not None:
        return sent.date()
    day = (getattr(spec, "date", None) if has_date else None) or (getattr(spec, "starts_at", None) if has_start else None)
    return day.date() if isinstance(day, dt.datetime) else day


@functools.lru_cache(maxsize=None)
def _day_attributes(cls: type) -> tuple[bool, bool, bool]:
    """Whether a kind of spec has a sent_at, a date and a starts_at: a missing attribute asked of a pydantic model is
    an AttributeError made and caught, and artifact_day is asked some thirty times per context built (a tenth of the
    model client's CPU per call)."""
    fields = getattr(cls, "model_fields", None)
    if not isinstance(fields, dict):  # not a pydantic model: its instances may hold any of them
        return True, True, True
    return tuple(name in fields or hasattr(cls, name) for name in ("sent_at", "date", "starts_at"))  # type: ignore[return-value]


def subject_of(fact_id: str) -> str:
    """'removal_costs' -> 'Removal costs': what a fact is about, without its value."""
    words = fact_id.replace("_", " ").strip()
    return (words[:1].upper() + words[1:]) or "Figure"


def dependencies(spec: ArtifactSpec) -> list[str]:
    """Artifact ids whose content must exist before this one is generated."""
    return kinds.of(spec).dependencies(spec)


def _series(spec) -> tuple[str, str]:
    """The outline item a thread repeats (its instances are the item's id and '_<n>', one purpose): a weekly thread's
    every week is one series."""
    return re.sub(r"_\d+$", "", spec.item or spec.thread), getattr(spec, "purpose", "")


def _working_on(plan: WorldPlan, fact_id: str, day: dt.date) -> str:
    """A derived figure's working with its inputs' values on `day` ('' for a figure given, or not yet known), once
    per plan, figure and day."""
    said = plan.__dict__.setdefault("_workings_on", {})
    if (fact_id, day) not in said:
        fact = plan.fact(fact_id)
        said[fact_id, day] = fact_reason(plan, fact, day) if fact.formula and fact.on(day) is not None else ""
    return said[fact_id, day]


def _working_owners(plan: WorldPlan) -> dict[tuple[tuple[str, str], str, str], tuple[str, dt.date]]:
    """The thread of each series that may ask a derived figure's working on one set of inputs, by (series, fact id,
    working with the inputs' values), with the day of that reply: the first of the series with a reply on a day the
    figure stood on them. Indexed once per plan."""
    owners = plan.__dict__.get("_working_owners")
    if owners is None:
        owners = {}
        replies = sorted((a for a in plan.artifacts if a.kind == "email" and getattr(a, "mode", "") == "reply"),
                         key=lambda a: (a.sent_at, a.id))
        for a in replies:
            for f in _thread_facts(plan, a.thread):
                if working := _working_on(plan, f, a.sent_at.date()):
                    owners.setdefault((_series(a), f, working), (a.thread, a.sent_at.date()))
                if value := _figure_on(plan, f, a.sent_at.date()):
                    owners.setdefault((_series(a), f, value), (a.thread, a.sent_at.date()))
        plan.__dict__["_working_owners"] = owners
    return owners


def _figure_on(plan: WorldPlan, fact_id: str, day: dt.date) -> str:
    """A figure's value on `day` as a key of _working_owners ('=' and its text; '' for no figure, or none yet)."""
    held = plan.fact(fact_id).on(day)
    return f"={held[1]}" if held is not None and held[0].type in ("money", "number", "percent") else ""


def source_asked(plan: WorldPlan, spec) -> list[str]:
    """The labels of a thread's figures whose source, at the value they hold on the message's day, an earlier thread
    of its series has had to ask: a figure that has not moved has the same paper behind it ('What is the source for
    the fault share alleged in the May 19 update?' in week after week of one thread, each answered 'I'll send you the
    paper it comes from', 100% alike: realism_near_duplicates at bench/long_matter.py --scale 80)."""
    owners = _working_owners(plan)
    out = []
    for f in _thread_facts(plan, spec.thread):
        value = _figure_on(plan, f, spec.sent_at.date())
        owner = owners.get((_series(spec), f, value)) if value else None
        if owner is not None and owner[0] != spec.thread:
            out.append(fact_label(plan.fact(f)))
    return out


def working_moved(plan: WorldPlan, spec, worked: dict[str, FactRef]) -> dict[str, FactRef]:
    """The figures whose working a message is asked, each with the day its series last had it on other inputs and what
    each input held then: a repeat asked again says what has moved since, not only the new sum."""
    owners = _working_owners(plan)
    day, series = spec.sent_at.date(), _series(spec)
    out = dict(worked)
    for label, ref in worked.items():
        now = _working_on(plan, ref.id, day)
        then = max((d for (s, f, w), (_, d) in owners.items() if s == series and f == ref.id and w != now and d < day),
                   default=None)
        if then is None:
            continue
        fact = plan.fact(ref.id)
        names = list(formula_names(fact.formula or "0"))
        ids = {f.id for f in plan.facts}
        was = {fact_label(plan.fact(n)): held[1] for n in names if n in ids and (held := plan.fact(n).on(then))}
        moved = [i.model_copy(update={"was": was[i.label]}) if was.get(i.label, i.text) != i.text else i
                 for i in ref.inputs]
        if any(i.was for i in moved):
            out[label] = ref.model_copy(update={"given": then, "inputs": moved})
    return out


def working_asked(plan: WorldPlan, spec) -> list[str]:
    """The labels of a thread's derived figures whose working, on the inputs they stand on at the message's day, an
    earlier thread of its series has had to ask (see _working_owners): a repeat of a weekly thread asks what has moved,
    or another figure, never the same working again ("how did you get there?" of one cap in each of 80 weekly threads,
    each answered with the same sum, two replies 81% alike: realism_near_duplicates at bench/long_matter.py --scale
    80). (Per series: another conversation on the figure may still ask it.)"""
    owners = _working_owners(plan)
    out = []
    for f in _thread_facts(plan, spec.thread):
        working = _working_on(plan, f, spec.sent_at.date())
        owner = owners.get((_series(spec), f, working)) if working else None
        if owner is not None and owner[0] != spec.thread:
            out.append(fact_label(plan.fact(f)))
    return out


def reply_beat(plan: WorldPlan, message_id: str) -> str:
    """The beat of the message that replies to (or forwards) a message of the plan, '' when none does (indexed once
    per plan)."""
    index = plan.__dict__.get("_reply_beats")
    if index is None:
        index = {a.parent: (a.beat or a.mode) for a in plan.artifacts if getattr(a, "parent", None)}
        plan.__dict__["_reply_beats"] = index
    return index.get(message_id, "")


def label_known(plan: WorldPlan, thread: str) -> dict[str, dt.date]:
    """The day the ledger first knows each fact a thread's messages carry, by label."""
    out: dict[str, dt.date] = {}
    for fid in _thread_facts(plan, thread):
        fact = plan.fact(fid)
        first = fact.first_known()
        if first is not None:
            out.setdefault(fact_label(fact), first)
    return out


def reply_day(plan: WorldPlan, message_id: str) -> dt.date | None:
    """The day of the first message that replies to a message of the plan, None when none does (indexed once per
    plan). Blind read 34: the CFO asked on 8 April for a view "by end of Thursday", and the answer came on Friday."""
    index = plan.__dict__.get("_reply_days")
    if index is None:
        index = {}
        for a in plan.artifacts:
            if getattr(a, "parent", None) and getattr(a, "mode", "") == "reply":
                day = artifact_day(a)
                if day is not None and (a.parent not in index or day < index[a.parent]):
                    index[a.parent] = day
        plan.__dict__["_reply_days"] = index
    return index.get(message_id)


def reply_pointed(plan: WorldPlan, message_id: str) -> bool:
    """Whether the message that replies to a message of the plan carries an outline point (indexed once per plan)."""
    index = plan.__dict__.get("_reply_points")
    if index is None:
        index = {a.parent: bool(getattr(a, "point", "")) for a in plan.artifacts if getattr(a, "parent", None)}
        plan.__dict__["_reply_points"] = index
    return index.get(message_id, False)


def sent_out(plan: WorldPlan, spec) -> dict[str, dt.date]:
    """The first day a message of the writer's organisation to another organisation carries each of a message's and
    its thread's figures at the value they hold on its day, by label. Read 23: "Samantha offers to send the figures
    on by June 16, but the manager had already sent them to the client on June 10" (his weekly status went six
    minutes after her note)."""
    index = plan.__dict__.get("_sent_out")
    if index is None:  # once per plan: fact id -> [(day, sending organisation)] of messages that leave it
        index = {}
        for a in plan.artifacts:
            if a.kind != "email":
                continue
            org = plan.person(a.author).organisation
            if any(plan.person(p).organisation != org for p in [*a.to, *a.cc]):
                for f in a.facts:
                    index.setdefault(f, []).append((a.sent_at.date(), org))
        plan.__dict__["_sent_out"] = index
    day, org = spec.sent_at.date(), plan.person(spec.author).organisation
    out: dict[str, dt.date] = {}
    for f in dict.fromkeys([*spec.facts, *_thread_facts(plan, spec.thread)]):
        fact = plan.fact(f)
        now = fact.on(day)
        if now is None or now[0].type not in ("money", "number", "percent"):
            continue
        days = [when for when, by in index.get(f, []) if by == org and (then := fact.on(when)) is not None
                and then[1] == now[1]]
        if days:
            out[fact_label(fact)] = min(days)
    return out


# A subject's reply and forward marks ("Re: FW: Architect's initial decision"): the paper a thread is on is the rest.
_SUBJECT_MARK = re.compile(r"^(?:\s*(?:re|fw|fwd|aw|wg|tr)\s*:\s*)+", re.I)


def paper_key(title: str) -> str:
    """A paper's or thread's title as handled_papers keys it: no reply or forward mark, lower case."""
    return _SUBJECT_MARK.sub("", title or "").strip().lower()


def handled_papers(plan: WorldPlan, spec, mine: bool = True, across: bool = True) -> dict[str, dt.date]:
    """The papers a message's writer has already dealt with before it, by paper_key of the title, with the first day:
    a thread on one they wrote in, a file they attached or wrote, and a paper their own side sent to another side (a
    statement filed, a request served; mine=False leaves out the writer's own acts, across=False the side's). Blind
    read 35b: "I am reading it now" on May 22 from the one who gave his view
    of the initial decision on May 15; "should I read it myself?" from the one who forwarded it."""
    index = plan.__dict__.get("_handled")
    if index is None:  # once per plan: person id -> its entries, principal -> its entries (_Handled)
        people: dict[str, list] = {}
        sides: dict[str, list] = {}
        heads = {o.id: principal(plan.organisations, o.id) for o in plan.organisations}
        side_of = {p.id: heads.get(p.organisation, p.organisation) for p in plan.people}
        for a in plan.artifacts:
            if a.kind == "email":
                keys = [paper_key(a.title)] + [paper_key(x.title) for x in a.attachments]
                people.setdefault(a.author, []).extend((a.sent_at, k) for k in keys)
                home = side_of[a.author]
                if a.attachments and any(side_of[p] != home for p in [*a.to, *a.cc]):
                    sides.setdefault(home, []).extend((a.sent_at, paper_key(x.title)) for x in a.attachments)
            elif a.kind in ("document", "spreadsheet"):
                day = artifact_day(a)
                if day is not None:
                    at = dt.datetime.combine(day, dt.time.min)
                    people.setdefault(a.author, []).append((at, paper_key(a.title)))
        index = plan.__dict__["_handled"] = ({k: _Handled(v) for k, v in people.items()},
                                             {k: _Handled(v) for k, v in sides.items()})
    people, sides = index
    home = principal(plan.organisations, plan.person(spec.author).organisation)
    days: dict[str, dt.date] = {}
    first: dict[str, tuple[int, int]] = {}  # where each key first came in the lists, for the order the dict keeps
    for n, entries in enumerate([people.get(spec.author) if mine else None, sides.get(home) if across else None]):
        if entries is not None:
            entries.before(spec.sent_at, n, days, first)
    return {k: days[k] for k in sorted(days, key=first.__getitem__)}


class _Handled:
    """One writer's (or side's) (moment, paper key) entries, sorted by time, so that a message reads only those before
    it (a bisection) rather than all of them: every message of a year-long matter scanned its writer's whole year."""

    def __init__(self, entries: list[tuple[dt.datetime, str]]) -> None:
        # A file's day is naive and counts before a message of a later day; a message's time is aware (_before).
        self.naive = sorted((at.date(), i, key) for i, (at, key) in enumerate(entries) if key and at.tzinfo is None)
        self.aware = sorted(((at, i, key) for i, (at, key) in enumerate(entries) if key and at.tzinfo is not None),
                            key=lambda e: (e[0], e[1]))
        self.naive_days = [e[0] for e in self.naive]
        self.aware_ats = [e[0] for e in self.aware]

    def before(self, then: dt.datetime, n: int, days: dict[str, dt.date], first: dict[str, tuple[int, int]]) -> None:
        """Fold the entries that come before `then` into `days` (the first day of each key) and `first` ((n, the
        entry's place in its list) of each key's earliest place)."""
        for day, i, key in self.naive[:bisect.bisect_left(self.naive_days, then.date())]:
            self._fold(key, day, (n, i), days, first)
        for at, i, key in self.aware[:bisect.bisect_left(self.aware_ats, then)]:
            self._fold(key, at.date(), (n, i), days, first)

    @staticmethod
    def _fold(key: str, day: dt.date, place: tuple[int, int], days: dict, first: dict) -> None:
        held = days.get(key)
        if held is None or day < held:
            days[key] = day
        if key not in first or place < first[key]:
            first[key] = place


def email_context(plan: WorldPlan, spec, done: dict[str, Content]) -> dict:
    """What a message sees beyond the common fields: its to and cc, and the message it answers."""
    papers = label_papers(plan, spec.thread, spec.sent_at.date(), spec.author, spec.sent_at)
    if spec.mode == "reply":
        # what is still to do, and who has it, is answered from the plan: the papers the writer's firm is to make
        # next ("I have it: by tomorrow I will have everything for the payment date ready", to "What is still to do
        # before the payment date, and who has it?", mail10's read at seed 223)
        org = plan.person(spec.author).organisation
        coming = papers_ahead(plan, spec, {p.id for p in plan.people if p.organisation == org})
    extra: dict = {"to": spec.to, "cc": spec.cc, "thread_labels": thread_labels(plan, spec.thread),
                   "settled_labels": settled_labels(plan, spec.thread, spec.sent_at.date()),
                   "decided_labels": [fact_label(plan.fact(f)) for f in _thread_facts(plan, spec.thread)
                                      if decided(plan.fact(f)) and settled(plan.fact(f), spec.sent_at.date())],
                   "label_reasons": label_reasons(plan, spec.thread, spec.sent_at.date()),
                   "label_stated": label_stated(plan, spec.thread, spec.sent_at.date()),
                   "label_sources": label_sources(plan, spec.thread, spec.sent_at.date(), spec.author, spec.to,
                                                  spec.sent_at),
                   "label_papers": papers,
                   **({"coming_papers": coming} if spec.mode == "reply" else {}),
                   "sent_out": sent_out(plan, spec),
                   "label_folders": label_folders(plan, papers),
                   "label_sent": label_sent(plan, spec) if spec.parent else {},
                   "own_labels": own_labels(plan, spec.thread, spec.author),
                   "side_labels": side_labels(plan, _thread_facts(plan, spec.thread), spec.author, strict=True),
                   "word_labels": word_labels(plan, spec.thread),
                   "adviser_labels": adviser_labels(plan, spec.thread, spec.author),
                   "reported_labels": reported_labels(plan, spec.thread, spec.author),
                   "their_labels": their_labels(plan, spec.thread, spec.author),
                   "their_facts": their_facts(plan, spec.thread, spec.author),
                   "readers_own": readers_own(plan, spec),
                   "asserted_labels": asserted_labels(plan, spec.thread, spec.author),
                   "working_asked": working_asked(plan, spec),
                   "source_asked": source_asked(plan, spec),
                   "next_beat": reply_beat(plan, spec.id),
                   "reply_day": reply_day(plan, spec.id),
                   "label_known": label_known(plan, spec.thread),
                   "next_pointed": reply_pointed(plan, spec.id),
                   "handled": handled_papers(plan, spec),
                   "side_sent": sorted(handled_papers(plan, spec, mine=False))}
    if spec.parent:
        parent = done[spec.parent]
        assert isinstance(parent, EmailContent)
        if re.search(HOW_ASKED, parent.body, re.I):  # (only where it is asked: fact_inputs finds each input's paper)
            extra["label_worked"] = working_moved(plan, spec, label_worked(
                plan, spec.thread, spec.sent_at.date(), viewer=spec.author, at=spec.sent_at))
        extra["parent"] = parent
        extra["parent_author"] = person_ref(plan, plan.person(plan.artifact(spec.parent).author))
        extra["parent_sent"] = plan.artifact(spec.parent).sent_at
        note = plan.artifact(spec.parent)
        if spec.mode == "reply" and getattr(note, "position", 1) == 0:
            from worldsmith.generators.compose.week import STANDING
            from worldsmith.generators.week import next_day

            # a quiet week's note is answered with what the reader does about what stands, by the next note's day
            # ("Thanks Mark." ended 806 threads of bench.long_matter --scale 80: thread_ends_on_bare_thanks)
            week = week_events(plan, note)
            if week is not None and all(e.what in STANDING for e in week):
                extra["quiet_week"] = week
                extra["next_note"] = next_day(plan, note)
    return extra


def cited_figures(plan: WorldPlan, spec) -> list[CitedFigure]:
    """The figures a document may quote from the sheets it cites: each sheet's computed lines (a derived fact, a
    subtotal, a total) for facts the document carries, else its bottom line, when the value the sheet shows is
    the one the ledger gives for the document's own day."""
    out: list[CitedFigure] = []
    day = artifact_day(spec)
    for sheet_id in getattr(spec, "cites", []):
        sheet = plan.artifact(sheet_id)
        skeleton = getattr(sheet, "skeleton", None)
        if skeleton is None:
            continue
        lines = [ln for ln in skeleton.lines if ln.fact in spec.facts and ln.role in ("derived", "subtotal", "total")]
        bottom = sheet.bottom_line()
        if not lines and bottom is not None and bottom.fact is not None:
            lines = [bottom]
        for line in lines:
            fact = plan.fact(line.fact)
            held = fact.on(day)
            shown = line.cells[skeleton.amount]
            if held is None or numeric_value(held[0]) is None or not isinstance(shown, (int, float)):
                continue
            if abs(float(numeric_value(held[0])) - float(shown) * (100 if held[0].type == "percent" else 1)) > 0.005:
                continue  # the sheet shows an earlier value than the document's day holds
            out.append(CitedFigure(sheet=sheet.title, fact=fact.id, label=fact_label(fact), text=held[1]))
    return out


def file_context(plan: WorldPlan, spec, done: dict[str, Content]) -> dict:
    """What a document or sheet sees: its readers, and the sheets it cites with the figures it may quote."""
    cites = getattr(spec, "cites", [])
    return {"to": spec.readers, "cited_sheets": [c for c in (done[i] for i in cites) if isinstance(c, SheetContent)],
            "cited_figures": cited_figures(plan, spec)}


def superseded_of(plan: WorldPlan) -> dict[str, list]:
    """By fact id, its distractors with the day of the artifact that carries each (indexed once per plan)."""
    index = plan.__dict__.get("_superseded")
    if index is None:
        index = {}
        made = {a.distractor: a for a in plan.artifacts if getattr(a, "distractor", None)}
        for d in plan.distractors:
            at = made.get(d.id)
            when = artifact_day(at) if at is not None else None
            if when is not None:
                index.setdefault(d.fact, []).append((d, when))
        plan.__dict__["_superseded"] = index
    return index


# The kinds of paper that are made on a day of their own, before the copy produced in the matter: an agreement, a
# lease, a charter, a policy.
_INSTRUMENT_KINDS = ("agreement", "lease", "contract", "policy", "charter", "charter party", "order form", "deed")
_WRITTEN_KINDS = ("letter", "notice", "email", "opinion", "submission")


def is_instrument(doc) -> bool:
    """Whether a paper is an instrument made by the parties (see _INSTRUMENT_KINDS), or an executed copy of one."""
    return getattr(doc, "kind", "") == "document" and _instrument(getattr(doc, "doc_type", "") or "", doc.title or "")


@functools.lru_cache(maxsize=8192)
def _instrument(doc_type: str, title: str) -> bool:
    """is_instrument() of a document by its type and title (asked of every paper a fact's artifact may cite)."""
    from worldsmith.generators.compose.substance.agreement import _EXECUTED

    kind = doc_type.lower()
    # a letter or notice one party writes is no instrument the parties made, whatever its title says of the clause it
    # invokes ('Notice of dispute under Sub-Clause 20.2 (as amended)' was cited by a date in its text, not its own day:
    # blind read 32, a tracker's source note 'dated 9 January' for a notice of 10 March)
    return kind in _INSTRUMENT_KINDS or (kind not in _WRITTEN_KINDS and bool(_EXECUTED.search(title)))


def stated_made_day(plan: WorldPlan, doc, when: dt.date | None) -> dt.date | None:
    """An instrument's own date where the summary or any fact's statement gives it ('an investment management
    agreement dated June 1, 2021') and it is before the copy's date `when`; else `when`. The room's copy of a 2021
    agreement, produced on 5 March 2026, was cited "of 5 March 2026" by a mail and a sheet's source column, and "of
    1 June 2021" by the mails beside them (blind read 28): one paper, two dates."""
    from worldsmith.generators.compose.substance.agreement import stated_in

    if when is None or not is_instrument(doc):
        return when
    cache = plan.__dict__.setdefault("_stated_made", {})
    if doc.id not in cache:
        cache[doc.id] = stated_in(doc.title, [plan.summary, *(f.statement for f in plan.facts)])
    made = cache[doc.id]
    return made if made is not None and made < when else when


def instrument_terms(plan: WorldPlan, spec) -> dict[str, str]:
    """For an instrument: the ledger's derived figures whose formula reads only its own facts, or figures so derived
    (the annual contract value from the base price and the volume, the cap from its percentage and that value), each
    as its formula in words by label. Read 18: an agreement extract 'with no base fee, no key money and no s.17.2',
    where the ledger computes the fee from the agreement's own terms."""
    if not is_instrument(spec):
        return {}
    ids = {f.id for f in plan.facts}
    own = set(spec.facts)
    out: dict[str, str] = {}
    grown = True
    while grown:
        grown = False
        for f in plan.facts:
            if f.id in own or not f.formula:
                continue
            try:
                names = set(formula_names(f.formula)) & ids
            except SyntaxError:
                continue
            # (read 20: an SPA extract with no earn-out formula, where the ledger works the payment from the
            # agreement's multiple and cap over the year's measured revenue: a formula that reads one of the
            # instrument's own figures and otherwise only measured ones is its term too)
            measured = {n for n in names - own if not plan.fact(n).formula}
            if names and (names <= own or (names & set(spec.facts) and names <= own | measured)) and \
                    (reason := fact_reason(plan, f)):
                own.add(f.id)
                out[fact_label(f)] = reason
                grown = True
    return out


def made_day(plan: WorldPlan, taxonomy: Taxonomy, doc, when: dt.date) -> dt.date:
    """The day a paper is cited by: an instrument's own date (the day it was made, as its text gives it:
    substance.agreement.executed_on), not the day the copy in the room was produced; else its date. A note called the
    charter (dated January 16) "the Voyage Charter Party ... of February 25", the day the client produced its copy
    (blind read 17), and a 2021 lease was cited "of 3 February" (rent review)."""
    from collections import defaultdict

    from worldsmith.generators.compose.substance.agreement import executed_on

    if not is_instrument(doc):
        return when
    cache = plan.__dict__.setdefault("_made_days", {})
    if doc.id not in cache and stated_made_day(plan, doc, when) != when:
        cache[doc.id] = stated_made_day(plan, doc, when)  # (the day the matter gives it: what every citation says)
    if doc.id not in cache:
        cache[doc.id] = when  # (while it is worked out: a paper whose facts cite it back takes its own date)
        try:
            cache[doc.id] = min(executed_on(build_context(plan, taxonomy, doc, defaultdict(lambda: None))), when)
        except Exception:  # noqa: BLE001 - a paper whose context cannot be built alone is cited by its own date
            cache[doc.id] = when
    return cache[doc.id]


def is_term(plan: WorldPlan, fact, seen: frozenset[str] = frozenset()) -> bool:
    """Whether a figure is a fixed term of an instrument: known from the start or from the instrument that sets it out
    (no known_from after it), never changed, not put
    forward by a party, and with no formula unless it works only from such terms (a cap that is a percentage of the
    contract sum). Read 20 rejected mail and chat that spoke of such a figure as moving: "For now, the liquidated
    damages cap is USD 1,230,000, unchanged.", "what do we use for the earn-out cap today", "I am taking USD 1,230,000
    for the liquidated damages cap"."""
    if fact.value.type not in ("money", "number", "percent") or fact.earlier or fact.id in seen:
        return False
    if fact.known_from and fact.known_from > plan.window_start and not fact.formula and not any(
            is_instrument(doc := plan.artifact(a)) and (day := artifact_day(doc)) is not None and
            fact.known_from <= day for a in plan.establishing(fact.id)):
        return False  # (the ledger dates a fact the outline gives no known_from at the window's start)
    if put_forward(fact.statement):
        return False
    if not fact.formula:
        # (a term of an instrument: one its statement names, or one an instrument in the room sets out; a figure known
        # from the start is no term by that alone, an audit's probe sample of 400 claims)
        return standing(fact) or any(is_instrument(plan.artifact(a)) for a in plan.establishing(fact.id))
    ids = {f.id for f in plan.facts}
    try:
        names = set(formula_names(fact.formula)) & ids
    except SyntaxError:
        return False
    # (a figure worked only from terms is fixed from the day it is first worked out: "Checked again on April 23: the
    # surcharge cap still stands at USD 2,361,600" of 12% of the annual contract value)
    return bool(names) and all(is_term(plan, plan.fact(n), seen | {fact.id}) for n in names)


# A date fact that is a deadline by its label ('payment deadline under the guarantee', 'due date for claim 18').
_DEADLINE_LABEL = re.compile(r"\b(?:deadline|due date|time limit|time bar|last day|cut-?off|expiry)\b", re.I)


def deadlines_of(plan: WorldPlan) -> list[dt.date]:
    """The days of the ledger's deadlines (date facts labelled as one), in order."""
    cache = plan.__dict__.setdefault("_deadlines", [])
    if not cache:
        cache.append(sorted({f.value.value for f in plan.facts if f.value.type == "date"
                             and isinstance(f.value.value, dt.date) and _DEADLINE_LABEL.search(fact_label(f))}))
    return cache[0]


# A body that sits to decide what a paper is put to it for, in English and the languages of the lexicon's locales.
_SITTING_BODY = re.compile(r"\b(board|committee|comit[eé]|consejo|conseil|junta|vorstand|aufsichtsrat|consiglio|"
                           r"conselho|raad|이사회|위원회)\b", re.I)


def sitting_days(plan: WorldPlan, spec: ArtifactSpec) -> list[dt.date]:
    """For a paper put to a board or committee (its title names the body, and it is no record of the body's meeting),
    the days the body next meets in the plan (its minutes or its meeting, after the paper): comments on the paper are
    asked for before the body decides (blind read 31: a board proposal of 18 May asking comments by 22 May for the
    board of 20 May)."""
    if spec.kind != "document" or re.search(r"minutes|meeting|resolution", f"{getattr(spec, 'doc_type', '')}", re.I):
        return []
    body = _SITTING_BODY.search(spec.title)
    if body is None or re.match(r"(?i)\s*(minutes|acta|proc[eè]s-verbal|protokoll|verbale)\b", spec.title):
        return []
    word = body.group(1).lower()
    out = []
    for a in plan.artifacts:
        on = a.starts_at.date() if getattr(a, "starts_at", None) else getattr(a, "date", None)
        title = f"{getattr(a, 'title', '')} {getattr(a, 'summary', '')}"
        minutes = a.kind == "calendar" or a.kind == "document" and re.search(
            r"minutes|meeting", f"{getattr(a, 'doc_type', '')} {title}", re.I)
        if minutes and on and on > spec.date and re.search(rf"(?i)\b{re.escape(word)}\b", title):
            out.append(on)
    return sorted(out)[:1]


def build_context(plan: WorldPlan, taxonomy: Taxonomy, spec: ArtifactSpec, done: dict[str, Content]) -> ArtifactContext:
    """The context for one artifact, given the content of the artifacts it depends on."""
    author = plan.person(spec.author)
    occupation = taxonomy.by_code(spec.occupation)
    assert occupation is not None, f"planner produced unknown occupation {spec.occupation}"
    distractor = plan.distractor_of(spec)
    facts = []
    day = artifact_day(spec)
    addressees = {plan.person(p).organisation for p in getattr(spec, "to", None) or []} if spec.kind == "email" \
        else set()
    for fact_id in spec.facts:
        fact = plan.fact(fact_id)
        named = dict(label=fact_label(fact), establish=spec.id in plan.establishing(fact_id))
        if distractor is not None and distractor.fact == fact_id:
            value, text, statement = distractor.value, distractor.text, fact.statement
        else:
            # The value the fact held on the artifact's own day: an old email carries the old figure.
            value, text = fact.on(day) or (fact.value, fact.text)
            statement = fact.statement if text == fact.text else f"The {named['label']} stood at {text}."
            # (not a clause that dates an act or a paper after this day: "its notice is dated April 22, 2026" in a site
            # report of April 13, blind read 28)
            statement = statement_as_known(statement, day, text)
        if distractor is not None and text not in statement:
            # A superseded draft never sees the true value that a statement quotes beside its own, neither
            # in a composer nor in a model's prompt: the bare subject stands in for such a statement.
            statement = subject_of(fact.id)
        if distractor is None or distractor.fact != fact_id:
            line = source_line(plan, fact_id, day, text, spec.author, moment(spec)) \
                if value.type in ("money", "number", "percent") else None
            source_day, source = line[:2] if line else (None, "")
            if line:
                by = plan.person(plan.artifact(line[2]).author).organisation
                named["source_by"] = next((o.name for o in plan.organisations if o.id == by), "")
                if addressees == {by} and by != author.organisation:
                    # nobody is pointed to their own work (read 23: 'GC asks counsel how he reached the accrued
                    # figure, then tells counsel to "consult" the row in counsel's own spreadsheet')
                    source_day, source = None, ""
            named.update(reason=fact_reason(plan, fact), source=source, source_day=source_day,
                         working=fact_reason(plan, fact, day) if day is not None else "",
                         inputs=fact_inputs(plan, fact, day, taxonomy, spec.author, moment(spec)) if day is not None and named_has(fact) else [])
            if day is not None:
                # the day the value carried took hold: the latest of the ledger's changes on or before this day
                named["since"] = took_hold(plan, fact, day)
        if day is not None and (distractor is None or distractor.fact != fact_id):
            # the paper that sets the fact out, where it is dated by this day: what a note to the client cites
            for other in plan.establishing(fact_id):
                doc = plan.artifact(other)
                when = artifact_day(doc)
                if periodic_record(doc.title, fact.statement):
                    continue  # (a daily or weekly report sets out no contract's price nor claim: labels.periodic_record)
                if spec.id in (getattr(doc, "cites", None) or ()):
                    # a paper that quotes this sheet is made from it, not its source (blind read 35b: 'Its source
                    # is the report, which sources the sheet')
                    continue
                if doc.kind == "document" and doc.id != spec.id and when is not None and when <= day \
                        and sees(plan, spec.author, doc.id, day, moment(spec)) and plan.distractor_of(doc) is None and (held := fact.on(when)) is not None and held[1] == text:
                    by = plan.person(doc.author).organisation
                    named.update(paper=doc.title, paper_day=made_day(plan, taxonomy, doc, when),
                                 paper_instrument=is_instrument(doc),
                                 paper_by=next((o.name for o in plan.organisations if o.id == by), ""))
                    break
            if value.type in ("money", "number", "percent"):
                # the next paper that carries the figure, even where one set it out before: minutes that agree to
                # put it in a letter give that letter and its day (read 22: an action 'to send the letter by 13 Oct'
                # in minutes of Oct 7, after the letter went out on 8 Oct)
                later = next((doc for doc in map(plan.artifact, plan.carrying(fact_id))
                              if doc.id != spec.id and artifact_day(doc) is not None and artifact_day(doc) > day
                              and plan.distractor_of(doc) is None), None)
                if later is not None:
                    by = plan.person(later.author).organisation
                    named.update(next_day=artifact_day(later), next_paper=later.title,
                                 next_by=next((o.name for o in plan.organisations if o.id == by), ""))
            if not named.get("paper") and value.type in ("money", "number", "percent"):
                # the paper still to come that will set the figure down: what is to be settled or set out for it is
                # due by its date (read 20: the analyst was to "set out" the LOI price by Sep 4 in minutes of Sep 2,
                # the day the LOI went out; the EV to be "settled" by Sep 8 in a note of Sep 1)
                ahead = [(artifact_day(doc), doc.title) for doc in map(plan.artifact, plan.establishing(fact_id))
                         if doc.kind == "document" and doc.id != spec.id and artifact_day(doc) is not None
                         and artifact_day(doc) >= day and plan.distractor_of(doc) is None]
                if ahead:
                    named.update(coming_day=min(ahead)[0], coming_paper=min(ahead)[1])
        if day is not None and distractor is None:
            # a superseded value of the fact whose paper is out by this day: a note says the figure replaced it
            for d, when in superseded_of(plan).get(fact_id, []):
                # (not one whose label quotes another superseded value: that value would stand in the text without
                # its own label, no_contradicting_value)
                quoted = {o.text for o in plan.distractors if o.id != d.id and o.text in d.label}
                if when <= day and not quoted:
                    named.update(superseded=label_on(plan, d, day), superseded_text=d.text)
                    break
        if value.type == "date" and day is not None and value.value < day:
            named["past"] = True  # an October 23 email does not still work to an October 16 signing target
        if value.type == "date" and day is not None and distractor is None \
                and (met := met_paper(plan, fact, day)) is not None:
            named.update(met_paper=met[0], met_on=mail_day(met[1], plan.locale, day))
        changed = [fact.first_known()] + [p.since for p in fact.earlier[1:]] + \
            ([fact.known_from] if fact.earlier and fact.known_from else [])
        if day is not None and any(c is not None and day - dt.timedelta(days=7) < c <= day for c in changed):
            # ("Today, nothing has moved on the extrapolated overpayment" on the day the corrected figure came in,
            # under "Extrapolation: corrected stratum weights", read 12)
            named["fresh"] = True
        if fact.items and (distractor is None or distractor.fact != fact_id):
            named["items"] = list(fact.items)
        if distractor is None or distractor.fact != fact_id:
            named["term"] = is_term(plan, fact)
            act = paid_by(plan, fact, day)
            if act is not None:
                named.update(paid=act[0], paid_by=act[1])
        facts.append(FactRef(id=fact.id, statement=statement, value=value, text=text, **named))
    # The kind says who the artifact goes to and what else it sees (a parent message, cited sheets).
    own = kinds.of(spec).context
    extra = dict(own(plan, spec, done)) if own is not None else {}
    if spec.kind == "chat":
        extra["room_papers"] = room_papers(plan, spec)
        # (read 23's July 23 chat asked whether a notice served on July 15 was "the final version"; my read of
        # supply-surcharge at seed 97: "got notice of dispute under clause 14.1, Daniel - my comments by tomorrow
        # morning" the day after it was served)
        papers = {a.path: a for a in plan.artifacts if a.kind in ("document", "spreadsheet")}
        extra["sent_links"] = [p for p in spec.links if p in papers and went_across(plan, papers[p])]
        extra["coming_papers"] = coming_papers(plan, spec)
        extra["made_papers"] = made_papers(plan, spec)
        extra["day_mail"] = day_mail(plan, spec)
    if spec.kind == "spreadsheet" and getattr(spec, "skeleton", None) is None:
        extra["side_papers"] = side_papers(plan, spec)
    if spec.kind in ("document", "spreadsheet"):
        extra["kind_items"] = kind_items(plan, spec)
    if spec.kind == "email" and (ahead := meeting_ahead(plan, spec)) is not None:
        extra["meeting_ahead"] = ahead
    if spec.kind in ("calendar", "document") or spec.kind == "email" and getattr(spec, "position", 1) == 0:
        extra["week"] = week_events(plan, spec)
        if spec.kind == "email" and extra["week"] is not None:
            # what is next, with its day: the papers the writer's own people are to make in the next weeks (read 16:
            # weekly notes made of stock steps, "Jeffrey: walk you through ... (the end of the week)")
            org = plan.person(spec.author).organisation
            team = {p for p in [spec.author, *spec.to, *spec.cc] if plan.person(p).organisation == org}
            extra["coming_papers"] = coming_papers(plan, spec, members=team)
    if spec.kind == "document" and (getattr(spec, "doc_type", "") or "").lower() == "minutes" and \
            _WORK_AGREED.search(getattr(spec, "purpose", "") or ""):
        # a meeting that agrees the workstreams, the scope or the timetable records what they are: its side's papers
        # due after it, with who has the pen and when (read 23: 'Kick-off minutes record only the EV arithmetic.
        # Workstreams and timetable are "agreed" with no content')
        extra["coming_papers"] = work_agreed(plan, spec)
    if spec.kind == "document" and (terms := instrument_terms(plan, spec)):
        extra["instrument_terms"] = terms
    if spec.kind == "document" and "own_labels" not in extra:
        extra["own_labels"] = side_labels(plan, list(spec.facts), spec.author)
    if spec.kind == "document":
        from worldsmith.generators.compose.substance.story import told_later

        extra["told_later"] = told_later(plan, day)
        extra["records_from"] = records_from(plan, list(spec.facts), spec.author)
        extra["their_facts"] = made_across(plan, list(spec.facts), spec.author)
    to_ids: list[str] = extra.pop("to", [])
    cc_ids: list[str] = extra.pop("cc", [])
    return ArtifactContext(
        # the title as the artifact's day can give it: an outline titles its matter by its end ('EUR 150,000,000')
        world_title=title_as_known(plan.title, plan.facts, getattr(spec, "date", None)),
        world_summary=plan.summary,
        locale=plan.locale,
        window_start=plan.window_start,
        deadlines=sorted({*deadlines_of(plan), *sitting_days(plan, spec)}),
        spec=spec,
        author=person_ref(plan, author),
        to=[person_ref(plan, plan.person(p)) for p in to_ids],
        cc=[person_ref(plan, plan.person(p)) for p in cc_ids],
        facts=facts,
        # (the paper's own cells and lines are written on its day: they never know what replaced it. Read 23: a sheet
        # 'as at 28 September' said in its cells it was 'replaced by the model of October 6')
        distractor_label=label_on(plan, distractor, day) if distractor else None,
        voice=voice_of(occupation),
        cast=cast_refs(plan),
        organisations=org_refs(plan),
        privileged=in_circle(plan, [spec.author, *to_ids, *cc_ids]),
        seed=artifact_seed(plan.seed, spec.id),
        world_seed=plan.seed,
        **extra,
    )


kinds.bind(ArtifactContext, "spec", "spec")
