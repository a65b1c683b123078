"""Drafted outlines: an outline for an occupation from its tasks, work activities, tools and related occupations.

The offline drafter composes the matter from seeded choices over the taxonomy's own lists; the result
is YAML text headed as a draft for an expert to review, and passes the same validation as a
hand-written outline.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
import re

import yaml
from faker import Faker
from pydantic import BaseModel, Field

DRAFTER_VERSION = "1"
# A matter's default window: six working weeks from the first Monday of March.
_START = dt.date(2026, 3, 2)
_SUFFIXES = ("Group", "Holdings", "Partners", "& Co.", "Associates", "Industries", "Services")
_DOC_TYPES = {"legal": "memo", "finance": "report", "accounting": "report", "engineering": "report",
              "management": "memo", "healthcare": "report"}


class RelatedBrief(BaseModel):
    """An occupation that works with the lead, by SOC detailed code."""

    code: str = Field(pattern=r"^\d{2}-\d{4}$")
    title: str


class OccupationBrief(BaseModel):
    """What the drafter needs to know of the lead occupation."""

    code: str = Field(pattern=r"^\d{2}-\d{4}$", description="SOC 2018 detailed code")
    title: str
    family: str | None = None
    tasks: list[str] = Field(min_length=1)
    activities: list[str] = Field(default_factory=list, description="detailed work activities, most tasks first")
    tools: list[str] = Field(default_factory=list)
    related: list[RelatedBrief] = Field(default_factory=list)
    taxonomy: str = Field(description="the taxonomy's name and version, for the draft's header")


def _phrase(sentence: str, limit: int = 9) -> str:
    """A task or activity as a short lower-case phrase: 'Examine financial records.' -> 'examine financial records'."""
    words = re.sub(r"\s+", " ", sentence.strip().rstrip(".")).split(" ")
    words = words[:limit]
    while words and words[-1].lower() in ("and", "or", "of", "to", "the", "a", "for", "with", "in", "on", "by"):
        words.pop()
    text = " ".join(words).rstrip(",;:")
    return text[:1].lower() + text[1:]


def _org(fake: Faker, rng: random.Random, taken: set[str]) -> tuple[str, str]:
    """An invented organisation name and its reserved-TLD domain, unlike any already taken."""
    while True:
        a, b = fake.last_name(), fake.last_name()
        if a == b:
            continue
        name = f"{a} {rng.choice(_SUFFIXES)}" if rng.random() < 0.6 else f"{a} & {b} {rng.choice(('LLP', 'Ltd', 'Inc.'))}"
        slug = re.sub(r"[^a-z]", "", name.lower().replace("llp", "").replace("ltd", "").replace("inc", ""))
        if slug not in taken:
            taken.add(slug)
            return name, f"{slug}.example"


def draft_outline(brief: OccupationBrief, seed: int = 0, scenario: str | None = None) -> str:
    """The YAML text of a drafted outline for the lead occupation (deterministic for brief, seed and scenario)."""
    key = hashlib.sha256(f"{DRAFTER_VERSION}|{brief.code}|{seed}|{scenario or ''}".encode()).digest()
    rng = random.Random(key)
    fake = Faker("en_US")
    fake.seed_instance(rng.getrandbits(32))
    taken: set[str] = set()
    firm_name, firm_domain = _org(fake, rng, taken)
    client_name, client_domain = _org(fake, rng, taken)
    activity = _phrase((brief.activities or brief.tasks)[0])
    work = [_phrase(t) for t in brief.tasks[:4]]
    matter = _phrase(scenario, 12) if scenario else activity
    client_short = client_name.split(" & ")[0].removesuffix(" Group").removesuffix(" Holdings")
    start = _START
    day = lambda n: (start + dt.timedelta(days=n)).isoformat()  # noqa: E731

    # Who works with whom: the lead's own people, the closest related occupation, and the client's side.
    related = [r for r in brief.related if r.code != brief.code]
    colleague = related[0] if related else None
    exec_code = "11-1021" if brief.code == "11-1011" else "11-1011"
    cast = [
        {"role": "lead", "occupation": brief.code, "organisation": "firm", "seniority": "senior"},
        {"role": "lead_junior", "occupation": brief.code, "organisation": "firm", "seniority": "junior"},
        {"role": "client_exec", "occupation": exec_code, "organisation": "client", "seniority": "executive"},
    ]
    if colleague:
        cast.append({"role": "colleague", "occupation": colleague.code, "organisation": "firm", "seniority": "mid"})
    helper = "colleague" if colleague else "lead_junior"

    rate = rng.choice([145, 165, 185, 210, 240, 275, 310])
    hours = rng.choice([80, 96, 120, 144, 160, 180, 220])
    expenses = rng.choice([2400, 3150, 4800, 5600, 7250])
    deadline = start + dt.timedelta(days=rng.choice([33, 37, 40]))
    facts = [
        {"id": "rate", "label": "blended hourly rate",
         "statement": f"{firm_name} charges a blended rate of USD {rate:,} per hour for the work.",
         "value": {"type": "money", "amount": rate, "currency": "USD"}},
        {"id": "hours", "label": "estimated hours",
         "statement": f"The team estimates {hours} hours for the work.",
         "value": {"type": "number", "value": hours, "unit": "hours"}},
        {"id": "fees", "label": "estimated fees", "formula": "rate * hours",
         "statement": f"Estimated fees are USD {rate * hours:,} ({hours} hours at USD {rate:,}).",
         "value": {"type": "money", "amount": rate * hours, "currency": "USD"}},
        {"id": "expenses", "label": "expenses budget", "known_from": day(7),
         "statement": f"Expenses are budgeted at USD {expenses:,}.",
         "value": {"type": "money", "amount": expenses, "currency": "USD"}},
        {"id": "budget", "label": "total budget", "formula": "fees + expenses",
         "statement": f"The total budget is USD {rate * hours + expenses:,}, fees plus expenses.",
         "value": {"type": "money", "amount": rate * hours + expenses, "currency": "USD"}},
        {"id": "deadline", "label": "delivery date",
         "statement": f"{client_short} needs the final deliverable by {deadline:%B} {deadline.day}, {deadline.year}.",
         "value": {"type": "date", "value": deadline.isoformat()}},
    ]
    doc_type = _DOC_TYPES.get((brief.family or "").lower(), "report")
    inventory = [
        {"path": "Correspondence/Client", "items": [
            {"kind": "email_thread", "title": f"Kick-off: {matter}", "author": "lead",
             "participants": ["client_exec", "lead_junior"], "date": day(1), "messages": 3,
             "facts": ["rate", "hours", "deadline"], "purpose": f"agree the scope: {matter}"},
            {"kind": "email_thread", "title": "Budget and timetable", "author": "lead",
             "participants": ["client_exec"], "cc": ["lead_junior"], "date": day(22), "messages": 2,
             "facts": ["budget", "deadline"], "purpose": "confirm the budget and the delivery date"},
        ]},
        {"path": "Correspondence/Team", "items": [
            {"kind": "email_thread", "title": f"Workplan: {w}", "author": "lead_junior",
             "participants": ["lead", helper] if helper != "lead_junior" else ["lead"],
             "date": day(8 + 5 * i), "messages": 3, "facts": ["fees"] if i == 0 else [],
             "purpose": f"the team's work to {w}"} for i, w in enumerate(work[:2])
        ]},
        {"path": "Working Papers", "items": [
            {"kind": "spreadsheet", "title": "Hours and budget tracker", "author": "lead_junior",
             "participants": ["lead"], "date": day(15), "rows": 8, "facts": ["rate", "hours", "fees", "expenses", "budget"],
             "purpose": "track hours and spend against the budget"},
            {"kind": "document", "doc_type": doc_type, "title": f"Working {doc_type}: {activity}", "author": "lead_junior",
             "participants": ["lead"], "date": day(18), "sections": 4, "facts": ["hours", "fees"],
             "purpose": f"the findings so far on how to {activity}"},
        ]},
        {"path": "Deliverables", "items": [
            {"kind": "document", "doc_type": "report", "title": f"Final report to {client_short}", "author": "lead",
             "participants": ["client_exec"], "date": day(30), "sections": 5, "facts": ["budget", "deadline"],
             "purpose": "the deliverable the client asked for"},
        ]},
    ]
    outline = {
        "version": 1,
        "title": f"{client_short}: {matter}"[:120],
        "summary": (f"Draft for expert review. {firm_name} works for {client_name} "
                    + (f"on {matter}. " if scenario else f"to {matter}. ")
                    + f"The lead is of the occupation {brief.title} ({brief.code}); the work includes: "
                    + "; ".join(work[:3]) + "."),
        "locale": "en_US",
        "window": {"start": start.isoformat(), "end": (start + dt.timedelta(days=41)).isoformat(),
                   "timezone": "America/New_York"},
        "organisations": [
            {"id": "firm", "name": firm_name, "role": f"the {brief.title.lower()} engaged on the matter", "domain": firm_domain},
            {"id": "client", "name": client_name, "role": "the client", "domain": client_domain},
        ],
        "cast": cast,
        "facts": facts,
        "inventory": inventory,
    }
    header = (
        "# yaml-language-server: $schema=outline.schema.json\n"
        "# DRAFT for expert review: drafted by `worldsmith outline draft` (drafter "
        f"{DRAFTER_VERSION}, seed {seed}) for {brief.code} {brief.title},\n"
        f"# from the taxonomy {brief.taxonomy}"
        + (f" (tools: {', '.join(brief.tools[:4])})" if brief.tools else "") + ".\n"
        "# Check the matter, the cast, the facts and their arithmetic before using it as a real outline.\n"
    )
    return header + yaml.safe_dump(outline, sort_keys=False, allow_unicode=True, width=110)
