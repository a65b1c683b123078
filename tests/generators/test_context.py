"""The generation context: what each artifact is told, and what a superseded draft must not be told."""

from __future__ import annotations

import asyncio

from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.context import build_context
from worldsmith.generators.planner import plan_world
from worldsmith.generators.prompts import render_messages
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from tests.conftest import MINI
from worldsmith.worlds.content import DocumentContent
from worldsmith.worlds.outline import load_outline


def _plan():
    outline = load_outline(MINI)
    taxonomy = load_taxonomy()
    return plan_world(outline, resolve_cast(outline, taxonomy), 0, "w"), taxonomy


def test_a_distractor_is_given_the_old_value_and_never_the_true_one_composer_and_prompt_alike():
    plan, taxonomy = _plan()
    draft = next(a for a in plan.artifacts if a.distractor)
    context = build_context(plan, taxonomy, draft, {})
    cap = next(f for f in context.facts if f.id == "cap")
    assert cap.text == "USD 11,000,000" and context.distractor_label == "superseded draft"
    # the statement quoted the true figure: the bare subject stands in, in the context and the model's prompt
    assert "12,500,000" not in context.model_dump_json()
    assert "12,500,000" not in "".join(m["content"] for m in render_messages(context, DocumentContent))
    content = asyncio.run(OfflineBackend().generate(context, DocumentContent))
    assert "USD 11,000,000" in content.model_dump_json() and "12,500,000" not in content.model_dump_json()


def test_an_ordinary_artifact_keeps_the_statement_as_the_outline_gives_it():
    plan, taxonomy = _plan()
    opener = next(a for a in plan.artifacts if a.kind == "email" and a.mode == "new")
    facts = {f.id: f for f in build_context(plan, taxonomy, opener, {}).facts}
    assert facts["cap"].statement == "The operator's liability cap is USD 12,500,000."
