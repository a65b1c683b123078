"""The registry of artifact kinds: a kind is one folder and one registry line, and no kind escapes the checks."""

from __future__ import annotations

import asyncio
import re
import shutil
from importlib import import_module
from pathlib import Path

import pytest

from tests.conftest import MINI
from worldsmith.worlds import bundle, kinds
from worldsmith.worlds.outline import parse_outline
from worldsmith.worlds.report import ValidationReport
from worldsmith.worlds.validate import validate_bundle

ROOT = Path(__file__).resolve().parents[2]


# The toy kind is a folder under tests/, as a kind is one under generators/kinds/: registering it is the one line.
TOY = import_module("tests.generators.toy_kind").KIND

STICKY_ITEM = """
  - path: Notes
    items:
      - kind: sticky
        title: Call the insurer
        author: associate
        date: 2026-03-05
        facts: [cap]
"""


@pytest.fixture(scope="module")
def toy_kind():
    kinds.register(TOY)
    try:
        yield TOY
    finally:
        kinds.unregister(TOY.name)


@pytest.fixture(scope="module")
def toy_world(toy_kind, tmp_path_factory) -> Path:
    """The mini outline with one sticky note, made and published by the plain stages (make_world)."""
    from worldsmith.flows.make import make_world

    base = tmp_path_factory.mktemp("toy")
    outline = base / "mini+sticky.yaml"
    outline.write_text(MINI.read_text(encoding="utf-8").replace("\ninventory:\n", "\ninventory:" + STICKY_ITEM, 1),
                       encoding="utf-8")
    return Path(make_world(str(outline), 0, str(base / "out")).path)


def _check(report, check_id: str):
    return next(c for c in report.checks if c.id == check_id)


def test_a_registered_toy_kind_has_its_planted_facts_checked(toy_world, tmp_path):
    clean = bundle.read_model(toy_world / "validation.json", ValidationReport)
    assert _check(clean, "planned_fact_present").count == 0
    assert _check(clean, "no_unplanned_files").count == 0
    assert _check(clean, "note_starts_with_title").count == 0  # the kind's own check, found through its folder

    staging = tmp_path / "world"
    shutil.copytree(toy_world, staging)
    note = staging / "room" / "Notes" / "Call the insurer.note"
    assert "USD 12,500,000" in note.read_text(encoding="utf-8")
    note.write_text("The insurer: about the cap.", encoding="utf-8")
    broken = validate_bundle(staging)
    present = _check(broken, "planned_fact_present")
    assert [r.artifact_id for r in present.rows] == ["call_the_insurer"]
    assert "the text of the file" in present.rows[0].detail
    assert [r.artifact_id for r in _check(broken, "note_starts_with_title").rows] == ["call_the_insurer"]


def test_a_registered_toy_kind_is_served_by_its_own_app(toy_world, tmp_path):
    pytest.importorskip("fastmcp")
    from fastmcp import Client

    from worldsmith.environments import apps
    from worldsmith.environments.server import build_server

    server, session = build_server(toy_world, tmp_path / "session")

    async def serve():
        async with Client(server) as client:
            listed = {t.name for t in await client.list_tools()}
            return listed, (await client.call_tool("notes_board", {})).data["notes"]

    listed, notes = asyncio.run(serve())
    # the kind's app, from its folder: its tool is listed and answers from the room; no generic note_list stands in
    assert "notes_board" in listed and "note_list" not in listed and "mail_search" in listed
    assert notes == [{"path": "Notes/Call the insurer.note", "text": "Call the insurer: USD 12,500,000"}]
    assert "Notes board: every sticky note." in server.instructions
    assert apps.app_of(TOY.name) == "note" and apps.app_files(session.world) == {
        "Notes/Call the insurer.note": "note"}
    page = (toy_world / "index.html").read_text(encoding="utf-8")
    assert "<a href='#note'>Note</a>" in page and "<h2 id=note>Notes board</h2>" in page
    assert "Notes/Call the insurer.note</code> Call the insurer: USD 12,500,000" in page
    assert "<li class=meta>Call the insurer.note</li>" not in page  # on the board, not again in the drive's tree


def test_a_registered_toy_kind_shows_its_table_on_the_world_and_the_world_names_no_kind(toy_world):
    import worldsmith
    from worldsmith.worlds.world import World

    with worldsmith.open(toy_world) as world:
        assert world.notes == [("Notes/Call the insurer.note", "Call the insurer: USD 12,500,000")]  # Kind.views
        assert world.chat == [] and world.events == []  # the registered kinds' views, empty where the room has none
        with pytest.raises(AttributeError):
            world.no_such_view
    # chat's and calendar's views are theirs (generators/kinds/<kind>/view.py), not the World's
    assert not {"chat", "events"} & set(vars(World))


# The core that serves, records, grades and asks tasks: it loops over the registered kinds (Kind.views, App.records,
# environments/kind_tasks/<kind>.py) and names none of those with an app of their own; the attack suite says its
# asides through a family's `aside` hook.
CORE = ("environments/attacks.py", "worlds/world.py", "worlds/kinds.py", "worlds/apps.py", "environments/session.py", "environments/session_store.py",
        "environments/grade.py", "environments/graph_tasks.py", "environments/tasks.py", "environments/apps.py",
        "environments/lint.py", "environments/server.py", "environments/exports.py", "environments/index_html.py",
        "environments/harbor.py", "environments/kind_tasks/__init__.py")


def test_the_core_names_no_kind_with_an_app_of_its_own():
    import ast

    own = {k.name for k in kinds.kinds() if k.serve is not None} - {TOY.name}  # the package's kinds, not the toy
    assert {"chat", "calendar"} <= own
    found = []
    for rel in CORE:
        for node in ast.walk(ast.parse((ROOT / rel).read_text(encoding="utf-8"))):
            name = getattr(node, "id", None) or getattr(node, "attr", None) or getattr(node, "arg", None) \
                or (node.name if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else None)
            if isinstance(name, str) and any(k in name.lower() for k in own):
                found.append((rel, node.lineno, name))
            if isinstance(node, ast.Constant) and node.value in (*own, *(f"{k}_posts" for k in own)):
                found.append((rel, node.lineno, node.value))
            if isinstance(node, ast.ImportFrom) and any(f".{k}" in (node.module or "") for k in own):
                found.append((rel, node.lineno, node.module))
    assert found == []


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
