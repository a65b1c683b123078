"""A toy kind as a folder, the way a kind lives under generators/kinds/<kind>/: sticky notes.

Its models, planner step, composer, renderer and reader are here, its own check is in checks/, its own app
(a notes board: a tool, a page section) in app.py; a test registers `KIND` (the package's kinds are
registered by one line in generators/registry.py).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from worldsmith.generators.context import file_context
from worldsmith.generators.render.world import content_of, room_path, text_bytes, write_file
from worldsmith.worlds.kinds import Kind
from worldsmith.worlds.outline import ItemBase
from worldsmith.worlds.plan import SpecBase


class StickyItem(ItemBase):
    """An outline item of the toy kind: a sticky note."""

    kind: Literal["sticky"]


class StickySpec(SpecBase):
    """A planned sticky note."""

    kind: Literal["note"] = "note"
    date: dt.date
    readers: list[str] = Field(default_factory=list)


class StickyContent(BaseModel):
    """A sticky note's text."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["note"] = "note"
    text: str


def plan_sticky(planner, folder, item, aid, day, title, facts, distractor) -> None:
    """One .note file per item."""
    planner.add_file(folder, item, aid, day, title, facts, distractor, ext="note",
                     make=lambda common: StickySpec(**common))


def compose_sticky(ctx) -> StickyContent:
    """The title, a colon, then each fact's value."""
    return StickyContent(text=" ".join([ctx.spec.title + ":"] + [f.text for f in ctx.facts]))


def render_sticky(plan, spec, contents, room) -> list[Path]:
    """The note as a UTF-8 text file."""
    return [write_file(room_path(room, spec.path), text_bytes(content_of(contents, spec.id, StickyContent).text))]


def load_sticky(f) -> None:
    """The reader: a .note file into the stickies table."""
    f.add("stickies", artifact_id=f.artifact_id, path=f.rel, text=f.data.decode("utf-8"))


def serve():
    """The kind's own app (app.py), imported when a world is served."""
    from tests.generators.toy_kind.app import APP

    return APP


KIND = Kind(
    name="note", item=StickyItem, spec=StickySpec, content=StickyContent,
    ddl="create table stickies (artifact_id varchar, path varchar not null, text varchar)",
    text_sql="select artifact_id, path, 'note' as kind, text from stickies",
    parsers={"note": load_sticky},
    plan_row=lambda spec, zone, add: {"at": f"{spec.date} 09:00:00+00"},
    plan=plan_sticky, context=file_context, compose=compose_sticky, render=render_sticky,
    checks=Path(__file__).with_name("checks"),
    serve=serve,
    # what a World shows of its table: world.notes, (path, text) of each note
    views={"notes": lambda world: world.db.execute("select path, text from stickies order by path").fetchall()},
)
