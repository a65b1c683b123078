"""The WorldPlan: everything decided before any content is written (cast, calendar, inventory, ledger)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from worldsmith.worlds import kinds
from worldsmith.worlds.positions import find_at
from worldsmith.worlds.content import Cell, SheetColumn
from worldsmith.worlds.values import FactValue

_STRICT = ConfigDict(extra="forbid")


class Org(BaseModel):
    """An organisation of the world."""

    model_config = _STRICT
    id: str
    name: str
    role: str
    domain: str
    privileged: bool = Field(False, description="inside the home side's privileged circle (counsel and client)")
    side: str = Field("", description="the side it argues for: '(home)' for the privileged circle, else the id of the "
                                  "party it acts for in the end; '' for a neutral")
    neutral: bool = Field(False, description="decides between the parties or administers for both (a tribunal, an "
                                             "independent expert): it writes to both or to none")
    authority: bool = Field(False, description="a public body or a neutral (a tax or labour administration, a "
                                               "regulator, a tribunal, a mediator): no party sets it a deadline, and "
                                               "it reserves no rights")


class Person(BaseModel):
    """A member of the cast."""

    model_config = _STRICT
    id: str = Field(description="unique key, e.g. 'associate_2'")
    role: str
    first_name: str
    last_name: str
    name: str
    email: str
    title: str
    organisation: str
    occupation: str = Field(description="SOC 2018 code")
    seniority: str
    phone: str


class FactPeriod(BaseModel):
    """A value a fact held from a day on, until its next value (an earlier one, or the current)."""

    model_config = _STRICT
    since: dt.date
    value: FactValue
    text: str


class LedgerFact(BaseModel):
    """A fact of the ledger with its canonical text, its short label, when it is known and how it is computed."""

    model_config = _STRICT
    id: str
    statement: str
    value: FactValue
    text: str = Field(description="the canonical rendering that artifacts must contain")
    label: str = Field("", description="a short name for the fact, e.g. 'OPA 90 liability cap'")
    known_from: dt.date | None = Field(None, description="the first day the current value is known")
    formula: str | None = Field(None, description="how it follows from other facts, over their ids")
    earlier: list[FactPeriod] = Field(default_factory=list, description="values it held before known_from, oldest first")
    items: list[str] = Field(default_factory=list, description="line items a sheet breaks this amount into")
    owner: str = Field("", description="the side whose fact it is (an organisation's side, as Org.side): the party "
                                   "that claims, offers or asserts it, or whose own records or acts it reports; '' "
                                   "where it is nobody's (a term, a sum worked out, a finding)")

    def first_known(self) -> dt.date | None:
        """The first day the fact had any value."""
        return self.earlier[0].since if self.earlier else self.known_from

    def on(self, day: dt.date) -> tuple[FactValue, str] | None:
        """The value and text the fact had on `day`; None before it was known."""
        held = None
        for period in self.earlier:
            if period.since <= day:
                held = (period.value, period.text)
        if self.known_from is None or self.known_from <= day:
            held = (self.value, self.text)
        return held


class LedgerDistractor(BaseModel):
    """A labelled wrong value of a fact, and the artifact that carries it."""

    model_config = _STRICT
    id: str
    fact: str
    value: FactValue
    text: str
    label: str


class _Spec(BaseModel):
    model_config = _STRICT
    id: str = Field(description="artifact id, stable for the same inputs")
    item: str = Field(description="the outline item it comes from")
    path: str = Field(description="path inside the data room, POSIX separators")
    title: str
    author: str = Field(description="person id")
    facts: list[str] = Field(default_factory=list)
    distractor: str | None = Field(None, description="distractor id when this artifact carries a labelled wrong value")
    purpose: str = ""
    occupation: str = Field(description="SOC code of the author, for the writing register")


class Attachment(BaseModel):
    """A file of the room that a message carries as a MIME part, byte for byte the room's file."""

    model_config = _STRICT
    artifact: str = Field(description="the id of the attached document or sheet")
    path: str = Field(description="its path in the room; the part is named by the last component")
    title: str = Field(description="its title, for the text that mentions it")


class EmailSpec(_Spec):
    """One message of a thread."""

    kind: Literal["email"] = "email"
    thread: str
    position: int = Field(ge=0)
    mode: Literal["new", "reply", "forward"] = "new"
    parent: str | None = None
    to: list[str] = Field(min_length=1)
    cc: list[str] = Field(default_factory=list)
    sent_at: dt.datetime = Field(description="timezone-aware")
    message_id: str
    quote: Literal["full", "none"] = Field("full", description="a reply quotes the chain below it, or nothing (trimmed)")
    beat: str = Field("", description="what this message does in the thread's story: ask, inform, send, answer, "
                                      "question, object, confirm, decide, ack or forward")
    decision: str = Field("", description="for the decide beat: what is decided, in a few words")
    answers: str = Field("", description="in the first reply that answers the question the thread's title asks: the "
                                         "id of the fact that answers it (the reply carries that fact)")
    answers_bound: Literal["", "min", "max"] = Field("", description="with answers, where a yes/no question is decided "
                                                     "by what bounds its figure: 'min' a cap (the smaller of), 'max' a "
                                                     "floor (the larger of)")
    answers_bound_label: str = Field("", description="that bound's label ('capped surcharge')")
    attachments: list[Attachment] = Field(default_factory=list, description="files of the room it attaches")
    point: str = Field("", description="the outline's point this message carries, in its author's words, each fact's "
                                       "value written as it stands on the message's day: its text says it word for "
                                       "word")


class PlannedPoint(BaseModel):
    """One of an outline's points as a document carries it: its heading (or None) and its text, each fact's value
    written in as the fact stood on the document's date (worlds/points.py)."""

    model_config = _STRICT
    heading: str | None = None
    text: str


class DocumentSpec(_Spec):
    """A document of the data room."""

    kind: Literal["document"] = "document"
    doc_type: str
    sections: int
    date: dt.date
    readers: list[str] = Field(default_factory=list)
    cites: list[str] = Field(default_factory=list, description="sheet artifact ids whose numbers it quotes")
    points: list[PlannedPoint] = Field(default_factory=list, description="what the document must say, in order: the "
                                                                         "outline's points, rendered (check "
                                                                         "document_carries_points)")


class SheetLine(BaseModel):
    """One row of a sheet's numeric skeleton: its cells, and what the engine fixed in it."""

    model_config = _STRICT
    cells: list[Cell] = Field(description="one per column; a formula line's amount is the value it computes")
    role: Literal["heading", "input", "derived", "item", "subtotal", "total", "key"] = "item"
    fact: str | None = Field(None, description="the ledger fact whose value this line's amount (or note) shows")
    formula: str | None = Field(None, description="the amount as an Excel formula over other lines' amounts: "
                                                  "{n} is the amount cell of line n, e.g. MAX({2}*{1},{3})")
    format: Literal["money", "number", "percent", "multiple"] | None = Field(None, description="the amount's number format")
    others: dict[int, str] | None = Field(None, description="formulas of cells in other columns, by column: {n@c} is "
                                                            "column c of line n, {n} line n's amount")


class SheetSkeleton(BaseModel):
    """A sheet's numbers, laid out by the engine from the ledger before any prose: the model or composer may
    reword labels and notes, never an amount or a formula."""

    model_config = _STRICT
    layout: Literal["schedule", "tracker", "log"]
    columns: list[SheetColumn]
    label: int = Field(description="the column of each line's label")
    amount: int = Field(description="the column of amounts and formulas")
    lines: list[SheetLine]
    bottom: int | None = Field(None, description="the line whose amount is the sheet's bottom line")
    currency: str = "USD"


class SheetSpec(_Spec):
    """A workbook of the data room."""

    kind: Literal["spreadsheet"] = "spreadsheet"
    rows: int
    date: dt.date
    readers: list[str] = Field(default_factory=list)
    rolls_up_to: str | None = Field(None, description="the money fact this sheet's bottom line is a share of, "
                                                      "with the other sheets of its item")
    points: list[str] = Field(default_factory=list, description="the rows its outline item says it must hold, as "
                                                                "written (worlds.points): the skeleton lays them out")
    skeleton: SheetSkeleton | None = Field(None, description="the numbers the engine fixed; None for a sheet "
                                                             "without ledger amounts (a tracker of dates)")

    def bottom_line(self) -> "SheetLine | None":
        """The skeleton's bottom line, if the sheet has one."""
        if self.skeleton is None or self.skeleton.bottom is None:
            return None
        return self.skeleton.lines[self.skeleton.bottom]


SpecBase = _Spec  # what every kind's spec extends
# The union of every registered kind's spec (worlds.kinds binds WorldPlan.artifacts to it); for type
# hints, every spec is a SpecBase.
ArtifactSpec = _Spec


class WorldPlan(kinds.KindBound):
    """A world decided: its people, calendar, ledger and every artifact to make."""

    model_config = _STRICT
    world_id: str
    seed: int
    title: str
    summary: str
    locale: str
    timezone: str
    window_start: dt.date
    window_end: dt.date
    organisations: list[Org]
    people: list[Person]
    facts: list[LedgerFact]
    distractors: list[LedgerDistractor]
    artifacts: list[ArtifactSpec]

    def person(self, person_id: str) -> Person:
        """The person with this id."""
        return self._people()[person_id]

    def _people(self) -> dict[str, Person]:
        cached = self.__dict__.get("_people_index")
        if cached is None:
            cached = {p.id: p for p in self.people}
            self.__dict__["_people_index"] = cached
        return cached

    def artifact(self, artifact_id: str) -> _Spec:
        """The artifact spec with this id."""
        # By an index of positions, checked at each use (a planner appends while it plans): a scan of the whole
        # inventory per look-up made generation quadratic (13,000 look-ups of 2,400 artifacts at x20). The check
        # inline first: a context looks up dozens of artifacts and facts.
        index = self.__dict__.get("_artifact_index")
        at = index.get(artifact_id) if index is not None else None
        if at is not None and at < len(self.artifacts) and (found := self.artifacts[at]).id == artifact_id:
            return found
        at = find_at(self, "_artifact_index", self.artifacts, _id, artifact_id)
        if at is None:
            return next(a for a in self.artifacts if a.id == artifact_id)  # StopIteration, as callers expect
        return self.artifacts[at]

    def fact(self, fact_id: str) -> LedgerFact:
        """The ledger fact with this id."""
        # By a checked index of positions, as artifact(): every artifact's context looks up each of its facts.
        index = self.__dict__.get("_fact_index")
        at = index.get(fact_id) if index is not None else None
        if at is not None and at < len(self.facts) and (found := self.facts[at]).id == fact_id:
            return found
        at = find_at(self, "_fact_index", self.facts, _id, fact_id)
        if at is None:
            return next(f for f in self.facts if f.id == fact_id)  # StopIteration, as callers expect
        return self.facts[at]

    def establishing(self, fact_id: str) -> list[str]:
        """The one or two artifacts that establish a fact and may state it in full: the first two documents that
        carry it (by date), else the first two messages; every other artifact names it by label and value.
        The check fact_statement_established_only applies the same rule in SQL."""
        index = self.__dict__.get("_establishing")
        if index is None:
            index = {}
            order = sorted((a for a in self.artifacts if a.distractor is None and a.kind in ("document", "email")),
                           key=lambda a: (a.kind != "document", _when(a), a.id))
            for a in order:
                for f in a.facts:
                    if len(index.setdefault(f, [])) < 2 and (not index[f] or _kind_of(self, index[f][0]) == a.kind):
                        index[f].append(a.id)
            self.__dict__["_establishing"] = index
        return index.get(fact_id, [])

    def carrying(self, fact_id: str) -> list[str]:
        """The documents that carry a fact, by date: where a step that sets it down goes next."""
        # (keyed by the artifact list it was built from: a model_copy with other artifacts builds its own)
        key, index = self.__dict__.get("_carrying", (None, None))
        if key != (id(self.artifacts), len(self.artifacts)):
            index = {}
            for a in sorted((a for a in self.artifacts if a.kind == "document"), key=lambda a: (_when(a), a.id)):
                for f in a.facts:
                    index.setdefault(f, []).append(a.id)
            self.__dict__["_carrying"] = ((id(self.artifacts), len(self.artifacts)), index)
        return index.get(fact_id, [])

    def distractor_of(self, spec: _Spec) -> LedgerDistractor | None:
        """The distractor an artifact carries, if any."""
        if spec.distractor is None:
            return None
        return next((d for d in self.distractors if d.id == spec.distractor), None)


def _id(item: LedgerFact | _Spec) -> str:
    return item.id


def _when(spec: EmailSpec | DocumentSpec | SheetSpec) -> dt.datetime:
    """When an artifact is dated, as a naive datetime for ordering (a document counts from its day's start)."""
    if isinstance(spec, EmailSpec):
        return spec.sent_at.replace(tzinfo=None)
    return dt.datetime.combine(spec.date, dt.time(9))


def _kind_of(plan: WorldPlan, artifact_id: str) -> str:
    return plan.artifact(artifact_id).kind


kinds.bind(WorldPlan, "artifacts", "spec", many=True)
