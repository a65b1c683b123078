"""Fixtures planned once per test process, and their threads composed once, for tests that read a plan or one thread."""

from __future__ import annotations

import asyncio
import functools
import pickle
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _path(fixture) -> str:
    """A fixture's name ("demurrage-arbitration", with or without .yaml) or a path, as an absolute path."""
    path = Path(fixture)
    if not path.suffix:
        path = path.with_suffix(".yaml")
    return str(path if path.is_absolute() else FIXTURES / path)


@functools.cache
def _planned(path: str, seed: int) -> bytes:
    from tests.worlds_cache import shared_bytes

    return shared_bytes("planned", path, seed, lambda: _plan(path, seed))


def _plan(path: str, seed: int) -> bytes:
    from worldsmith.generators.planner import plan_world
    from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
    from worldsmith.worlds.outline import load_outline

    outline = load_outline(Path(path))
    return pickle.dumps(plan_world(outline, resolve_cast(outline, load_taxonomy()), seed, "w"))


def planned(fixture, seed: int):
    """(plan, taxonomy) of a fixture planned at seed as `plan_world(outline, cast, seed, "w")` plans it: planned once
    per test process, a fresh copy of the plan each call, so a test may change its own."""
    from worldsmith.taxonomies.loader import load_taxonomy

    return pickle.loads(_planned(_path(fixture), seed)), load_taxonomy()


@functools.cache
def _thread(path: str, seed: int, title: str) -> bytes:
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.generators.context import build_context
    from worldsmith.worlds.content import EmailContent

    plan, taxonomy = planned(path, seed)
    thread = sorted((a for a in plan.artifacts if a.kind == "email" and a.title.lower().startswith(title)),
                    key=lambda a: a.position)
    made: dict = {}
    for a in thread:
        made[a.id] = asyncio.run(OfflineBackend().generate(build_context(plan, taxonomy, a, made), EmailContent))
    return pickle.dumps((plan, [(a, made[a.id]) for a in thread]))


def composed_thread(fixture, seed: int, title: str):
    """(plan, [(spec, EmailContent)]) of the emails of a planned fixture whose title opens with `title` (lower case),
    in thread order, each composed offline after the ones before it alone (no world made): composed once per test
    process, fresh copies each call."""
    return pickle.loads(_thread(_path(fixture), seed, title.lower()))
