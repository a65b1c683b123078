"""Outlines composed offline, without rendering, once per test session for every module that reads them."""

from __future__ import annotations

import functools
import pickle
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def _made(path: str, seed: int) -> bytes:
    from tests.worlds_cache import shared_bytes

    return shared_bytes("offline-world", path, seed, lambda: _compose(path, seed))


def _compose(path: str, seed: int) -> bytes:
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    backend = OfflineBackend()
    prepared = pipeline.prepare(Path(path), seed, backend)
    plan = pipeline.make_plan(prepared)
    return pickle.dumps((plan, prepared.taxonomy, pipeline.generate(plan, prepared.taxonomy, backend)))


def offline_world(path, seed: int):
    """(plan, taxonomy, contents) of an outline (absolute, or relative to the repository) composed offline at seed:
    composed once per test session (the pytest-xdist workers share it on disk, tests/worlds_cache.py), a fresh copy
    each call (unpickling is about 1/40 of composing), so a test may change its own. Fourteen modules composed the
    same few outlines at the same seeds each for itself (about 0.5 s of CPU each time)."""
    path = Path(path)
    return pickle.loads(_made(str((path if path.is_absolute() else ROOT / path).resolve()), seed))


def chat_days(plan, contents):
    """Each chat day of a composed world with its posts as (author Person, text), in order."""
    people = {p.id: p for p in plan.people}
    for spec in (a for a in plan.artifacts if a.kind == "chat"):
        yield spec, [(people[p.author], m.text) for p, m in zip(spec.posts, contents[spec.id].messages)]
