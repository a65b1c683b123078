"""The generation context: what each artifact is told, and what a superseded draft must not be told."""

from __future__ import annotations

import json

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


def test_a_context_validates_first_thing_in_a_fresh_process_and_from_many_threads_at_once(tmp_path):
    """The kinds register on first use: a context validated before anything else used them, by 16 threads at once
    (a server's connections), must see the kinds, not the bare base spec (it failed 8 of 16 times, so the test
    server answered a request by timing and a killed run resumed unlike an uninterrupted one)."""
    import subprocess
    import sys

    from tests.generators.test_prompts import world_contexts

    data = tmp_path / "contexts.json"
    data.write_text(json.dumps([c.model_dump_json() for c in world_contexts()[:16]]))
    script = (
        "import json, sys, threading\n"
        "from worldsmith.generators.context import ArtifactContext\n"
        f"ctxs = json.load(open({str(data)!r}))\n"
        "errors = []\n"
        "def go(c):\n"
        "    try: ArtifactContext.model_validate_json(c)\n"
        "    except Exception as e: errors.append(repr(e)[:200])\n"
        "ts = [threading.Thread(target=go, args=(c,)) for c in ctxs]\n"
        "[t.start() for t in ts]; [t.join() for t in ts]\n"
        "print(len(errors), errors[:1])\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert out.stdout.startswith("0 "), out.stdout + out.stderr
