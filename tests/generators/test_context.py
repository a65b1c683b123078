"""The generation context: what each artifact is told, and what a superseded draft must not be told."""

from __future__ import annotations

import asyncio

from generators.backends.offline import OfflineBackend
from generators.context import build_context
from generators.planner import plan_world
from taxonomies.loader import load_taxonomy, resolve_cast
from tests.conftest import MINI
from worlds.content import DocumentContent
from worlds.outline import load_outline


def test_a_distractor_is_given_the_old_value_and_not_the_true_one():
    outline = load_outline(MINI)
    taxonomy = load_taxonomy()
    plan = plan_world(outline, resolve_cast(outline, taxonomy), 0, "w")
    draft = next(a for a in plan.artifacts if a.distractor)
    context = build_context(plan, taxonomy, draft, {})
    cap = next(f for f in context.facts if f.id == "cap")
    assert cap.text == "USD 11,000,000" and context.distractor_label == "superseded draft"
    assert "12,500,000" not in context.model_dump_json()
    content = asyncio.run(OfflineBackend().generate(context, DocumentContent))
    assert "USD 11,000,000" in content.model_dump_json() and "12,500,000" not in content.model_dump_json()


def test_an_ordinary_artifact_keeps_the_statement_as_the_outline_gives_it():
    outline = load_outline(MINI)
    taxonomy = load_taxonomy()
    plan = plan_world(outline, resolve_cast(outline, taxonomy), 0, "w")
    opener = next(a for a in plan.artifacts if a.kind == "email" and a.mode == "new")
    facts = {f.id: f for f in build_context(plan, taxonomy, opener, {}).facts}
    assert facts["cap"].statement == "The operator's liability cap is USD 12,500,000."
