"""The registry of artifact kinds: a kind is one module and one registry line, and no kind escapes the checks."""

from __future__ import annotations

import asyncio
import datetime as dt
import re
from pathlib import Path
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field

from tests.conftest import MINI
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.context import file_context
from worldsmith.generators.engine import generate_contents
from worldsmith.generators.planner import plan_world
from worldsmith.generators.render import render_world
from worldsmith.generators.render.world import content_of, room_path, text_bytes, write_file
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds import bundle, kinds
from worldsmith.worlds.outline import ItemBase, parse_outline
from worldsmith.worlds.plan import SpecBase
from worldsmith.worlds.validate import validate_bundle

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- a toy kind, all in this test

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


def _plan_sticky(planner, folder, item, aid, day, title, facts, distractor):
    planner.add_file(folder, item, aid, day, title, facts, distractor, ext="note",
                     make=lambda common: StickySpec(**common))


def _compose_sticky(ctx) -> StickyContent:
    return StickyContent(text=" ".join([ctx.spec.title + ":"] + [f.text for f in ctx.facts]))


def _render_sticky(plan, spec, contents, room):
    return [write_file(room_path(room, spec.path), text_bytes(content_of(contents, spec.id, StickyContent).text))]


def _load_sticky(f) -> None:
    f.add("stickies", artifact_id=f.artifact_id, path=f.rel, text=f.data.decode("utf-8"))


TOY = kinds.Kind(
    name="note", item=StickyItem, spec=StickySpec, content=StickyContent,
    ddl="create table stickies (artifact_id varchar, path varchar not null, text varchar)",
    text_sql="select artifact_id, path, 'note' as kind, text from stickies",
    parsers={"note": _load_sticky},
    plan_row=lambda spec, zone, add: {"at": f"{spec.date} 09:00:00+00"},
    plan=_plan_sticky, context=file_context, compose=_compose_sticky, render=_render_sticky,
)

STICKY_ITEM = """
  - path: Notes
    items:
      - kind: sticky
        title: Call the insurer
        author: associate
        date: 2026-03-05
        facts: [cap]
"""


@pytest.fixture
def toy_kind():
    kinds.register(TOY)
    try:
        yield TOY
    finally:
        kinds.unregister(TOY.name)


def _world(tmp_path: Path) -> Path:
    text = MINI.read_text(encoding="utf-8").replace("\ninventory:\n", "\ninventory:" + STICKY_ITEM, 1)
    outline = parse_outline(text, "mini+sticky.yaml")
    taxonomy = load_taxonomy()
    plan = plan_world(outline, resolve_cast(outline, taxonomy), 0, "toy-world")
    contents = asyncio.run(generate_contents(plan, taxonomy, OfflineBackend()))
    staging = tmp_path / "world"
    staging.mkdir()
    bundle.write_json(staging / bundle.PLAN, plan)
    render_world(plan, contents, staging / bundle.ROOM)
    return staging


def _check(report, check_id: str):
    return next(c for c in report.checks if c.id == check_id)


def test_a_registered_toy_kind_has_its_planted_facts_checked(toy_kind, tmp_path):
    staging = _world(tmp_path)
    note = staging / "room" / "Notes" / "Call the insurer.note"
    assert "USD 12,500,000" in note.read_text(encoding="utf-8")
    clean = validate_bundle(staging)
    assert _check(clean, "planned_fact_present").count == 0
    assert _check(clean, "no_unplanned_files").count == 0

    note.write_text("Call the insurer: about the cap.", encoding="utf-8")
    broken = validate_bundle(staging)
    present = _check(broken, "planned_fact_present")
    assert [r.artifact_id for r in present.rows] == ["call_the_insurer"]
    assert "the text of the file" in present.rows[0].detail


def test_unregistering_a_kind_takes_it_out_of_the_unions(toy_kind):
    outline_text = MINI.read_text(encoding="utf-8").replace("\ninventory:\n", "\ninventory:" + STICKY_ITEM, 1)
    assert parse_outline(outline_text, "x.yaml").inventory[0].items[0].kind == "sticky"
    kinds.unregister(TOY.name)
    from worldsmith.worlds.errors import OutlineError
    with pytest.raises(OutlineError, match="'kind' must be one of"):
        parse_outline(outline_text, "x.yaml")
    kinds.register(TOY)


def test_every_kind_is_in_the_check_views():
    names = {k.name for k in kinds.kinds()}
    for view in (kinds.artifact_text_sql(), kinds.fact_mentions_sql()):
        assert {n for n in names if f"'{n}'" in view} == names


def test_no_isinstance_ladder_over_specs_is_left_outside_the_kind_modules():
    # The files the registry replaced ladders in: a spec or content type is never asked for by class there.
    ladder = re.compile(r"isinstance\([^)]*,\s*\(?(EmailSpec|DocumentSpec|SheetSpec|EmailThreadItem|DocumentItem|"
                        r"SpreadsheetItem|DocumentContent)\b")
    for rel in ("generators/context.py", "generators/prompts.py", "generators/expansion.py",
                "generators/render/world.py", "worlds/store/load.py", "generators/backends/offline.py",
                "generators/backends/test_server.py"):
        assert not ladder.search((ROOT / rel).read_text(encoding="utf-8")), rel
