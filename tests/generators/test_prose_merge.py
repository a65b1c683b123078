"""The model writes prose only: each kind's prose type, and the engine's merge of it with the fields it owns."""

from __future__ import annotations

import random

import pytest

from worldsmith.generators.backends.schema_only import random_instance
from worldsmith.generators.kinds.email import _signed
from worldsmith.generators.kinds.prose import guard
from worldsmith.generators.prompts import output_schema
from worldsmith.worlds import kinds
from tests.generators.test_prompts import world_contexts

# What the engine owns: no prose type has a field of these names.
ENGINE_OWNED = {"currency", "amount", "date", "email", "path", "file", "subject", "title", "heading", "sheet_name",
                "columns", "rows", "recipients", "to", "cc", "id", "value", "subtitle", "table", "kind"}


@pytest.fixture(scope="module")
def contexts():
    return world_contexts()


def _properties(schema) -> set[str]:
    if isinstance(schema, list):
        return set().union(*map(_properties, schema)) if schema else set()
    if not isinstance(schema, dict):
        return set()
    out = set(schema.get("properties") or {})
    for key, sub in schema.items():
        out |= _properties(list(sub.values()) if key == "properties" else sub)
    return out


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    return [s for v in value for s in _strings(v)] if isinstance(value, list) else []


def _text(content) -> str:
    """Every string a content holds, as one text (facts are looked for in it)."""
    return " ".join(" ".join(_strings(content.model_dump(mode="json"))).split())


def test_every_kind_declares_prose_without_an_engine_owned_field():
    for kind in kinds.kinds():
        assert kind.prose is not None and kind.merge is not None and kind.prose_of is not None, kind.name
        names = _properties(output_schema(kind.prose))
        assert names and not names & ENGINE_OWNED, (kind.name, names & ENGINE_OWNED)


def test_the_composers_prose_merges_back_into_the_composers_content(contexts):
    # A model that writes what the offline composer writes gets the composer's artifact, byte for byte.
    for ctx in contexts:
        kind = kinds.of(ctx.spec)
        composed = kind.compose(ctx)
        merged, notes = kind.merge(ctx, kind.prose_of(ctx, composed))
        assert merged == composed and notes == [], ctx.spec.id


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_arbitrary_prose_keeps_every_engine_field_and_carries_every_fact(contexts, seed):
    rng = random.Random(seed)
    for ctx in contexts:
        kind = kinds.of(ctx.spec)
        prose = kind.prose.model_validate(random_instance(output_schema(kind.prose), rng))
        merged, notes = kind.merge(ctx, prose)
        composed = kind.compose(ctx)
        assert type(merged) is kind.content, ctx.spec.id
        text = _text(merged)
        # a sheet's facts are its cells, which are the composer's (below); everything else carries the texts
        for fact in ctx.facts if kind.name != "spreadsheet" else []:
            assert " ".join(fact.text.split()) in text, (ctx.spec.id, fact.id)
        if ctx.distractor_label and kind.name != "document":
            # (a superseded paper's label is the file room's stamp in its page margins, not a line of its text:
            # test_render_document and test_store_rendered read it there)
            assert ctx.distractor_label.rstrip(". ").lower() in text.lower()
        body = merged.model_dump(mode="json")
        if kind.name == "email":
            assert merged.subject == composed.subject
            assert _signed(merged.body, ctx)  # a line of the closing names the sender, as email_signed reads it
        elif kind.name == "document":
            assert (merged.title, merged.subtitle) == (composed.title, composed.subtitle)
            assert [(s.heading, s.table) for s in merged.sections] == [(s.heading, s.table) for s in composed.sections]
        elif kind.name == "spreadsheet":
            same = ("title", "sheet_name", "currency", "columns", "rows")
            assert {k: body[k] for k in same} == {k: composed.model_dump(mode="json")[k] for k in same}
        elif kind.name == "chat":
            assert [m.file for m in merged.messages] == [m.file for m in composed.messages]
        assert "{{" not in text and "}}" not in text


def test_the_guard_fills_placeholders_and_takes_out_what_the_engine_owns(contexts):
    ctx = next(c for c in contexts if c.facts and not c.privileged) if any(
        c.facts and not c.privileged for c in contexts) else next(c for c in contexts if c.facts)
    fact = ctx.facts[0]
    notes: list[str] = []
    text = guard(f"The figure is {{{{{fact.id}}}}}. We think it is USD 9,999,999 really. "
                 "As an AI language model I cannot say. See {{nothing_here}} and [Client Name].", ctx, notes)
    assert fact.text in text
    assert "9,999,999" not in text and "language model" not in text
    assert "{" not in text and "[Client Name]" not in text
    assert notes
    privileged = guard("This note is privileged and confidential. Plain words.", ctx, [])
    assert ("privileged" in privileged) is ctx.privileged
    # saying privilege is kept is no marking: a self-report to a regulator keeps it (fails before outside the circle)
    outside = ctx.model_copy(update={"privileged": False})
    kept = guard("The underlying legal advice remains privileged. Plain words.", outside, [])
    assert "remains privileged" in kept and "privileged" not in guard("It is privileged. Plain words.", outside, [])
