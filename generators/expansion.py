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
