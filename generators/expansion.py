"""Plan expansion: what the model is shown to propose further artifacts, and what a proposal looks like."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

_STRICT = ConfigDict(extra="forbid")


class RoleBrief(BaseModel):
    """A cast role as the expansion prompt shows it."""

    model_config = _STRICT
    role: str
    title: str
    organisation: str
    people: int


class FactBrief(BaseModel):
    """A ledger fact as the expansion prompt shows it."""

    model_config = _STRICT
    id: str
    statement: str


class ExpansionContext(BaseModel):
    """What the model sees when asked for more artifacts consistent with the outline."""

    model_config = _STRICT
    world_title: str
    world_summary: str
    window_start: dt.date
    window_end: dt.date
    timezone: str
    roles: list[RoleBrief]
    facts: list[FactBrief]
    folders: list[str]
    existing_titles: list[str]
    budget: int = Field(ge=1, description="propose at most this many items")
    seed: int


class ProposedItem(BaseModel):
    """One further artifact the model proposes; checked against the outline before it joins the plan."""

    model_config = _STRICT
    kind: Literal["email_thread", "document", "spreadsheet"]
    folder: str
    title: str
    author: str = Field(description="a cast role")
    participants: list[str] = Field(default_factory=list, description="cast roles")
    date: dt.date
    facts: list[str] = Field(default_factory=list, description="ledger fact ids it carries")
    purpose: str
    messages: int = Field(2, ge=1, le=6, description="for email threads")
    doc_type: str = Field("memo", description="for documents")
    rows: int = Field(8, ge=2, le=60, description="for spreadsheets")


class ExpansionProposal(BaseModel):
    """The model's answer to an expansion request."""

    model_config = _STRICT
    items: list[ProposedItem]


def expansion_context(outline, occupations: dict, budget: int, seed: int) -> ExpansionContext:
    """The expansion request for an outline: its roles, facts, folders and what it already holds."""
    orgs = {o.id: o.name for o in outline.organisations}
    roles = [RoleBrief(role=m.role, title=m.title or occupations[m.role].job_titles.get(m.seniority, occupations[m.role].title),
                       organisation=orgs[m.organisation], people=m.count) for m in outline.cast]
    folders = sorted({f.path for f in outline.inventory})  # not the distractor folders: drafts stay drafts
    titles = [item.title for f in outline.inventory for item in f.items]
    return ExpansionContext(
        world_title=outline.title, world_summary=outline.summary, window_start=outline.window.start,
        window_end=outline.window.end, timezone=outline.window.timezone, roles=roles,
        facts=[FactBrief(id=f.id, statement=f.statement) for f in outline.facts], folders=folders,
        existing_titles=titles, budget=budget, seed=seed,
    )


def accept_proposals(outline, proposal: ExpansionProposal, budget: int) -> tuple[list[tuple[str, object]], list[str]]:
    """Proposed items that are consistent with the outline, as outline items; and why the others were refused."""
    from worldsmith.worlds import kinds
    from worldsmith.worlds.outline import check_folder_path

    roles = {m.role for m in outline.cast}
    facts = {f.id for f in outline.facts}
    seen = {item.title.lower() for f in outline.inventory for item in f.items}
    accepted: list[tuple[str, object]] = []
    refused: list[str] = []
    for n, item in enumerate(proposal.items):
        problems = []
        if item.author not in roles:
            problems.append(f"author {item.author!r} is not a cast role")
        problems += [f"participant {p!r} is not a cast role" for p in item.participants if p not in roles]
        problems += [f"fact {f!r} is not in the ledger" for f in item.facts if f not in facts]
        if not outline.window.start <= item.date <= outline.window.end:
            problems.append(f"date {item.date} is outside the window")
        if (bad := check_folder_path(item.folder)) is not None:
            problems.append(bad)
        if item.title.lower() in seen:
            problems.append("duplicates an existing title")
        if len(accepted) >= budget:
            problems.append("over the expansion budget")
        if problems:
            refused.append(f"proposal {n + 1} ({item.title!r}): " + "; ".join(problems))
            continue
        seen.add(item.title.lower())
        common = dict(title=item.title, author=item.author, participants=[p for p in item.participants if p != item.author],
                      date=item.date, facts=list(dict.fromkeys(item.facts)), purpose=item.purpose)
        made = kinds.of(item).from_proposal(item, common)
        accepted.append((item.folder, made))
    return accepted, refused
