"""Property: any instance valid under the JSON schema sent to the model for a content type validates
as that type, renders into every file of its kind, and parses back, without an exception.

The strategy is built from the schema that is sent (generators.prompts.output_schema), not from the
pydantic models, so a rule the models enforce but the schema leaves out shows up here as a failure.
"""

from __future__ import annotations

import functools
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.generators.plan_fixture import make_contents, make_plan
from worldsmith.generators.prompts import output_schema
from worldsmith.generators.render import render_world
from worldsmith.generators.render.world import with_dependents
from worldsmith.worlds.content import DocumentContent, EmailContent, SheetContent
from worldsmith.worlds.store.parse import parse_csv, parse_docx, parse_email, parse_markdown, parse_xlsx

# Any Unicode scalar value (control characters, U+2028, bidi marks included); JSON text cannot
# carry a lone surrogate as a character, and the backend replaces escaped ones.
TEXT = st.characters(exclude_categories=("Cs",))


def from_schema(node: dict, root: dict) -> st.SearchStrategy:
    """A strategy of JSON values valid under `node` (the subset of JSON Schema our output schemas use)."""
    if "$ref" in node:
        target = root
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return st.deferred(lambda: from_schema(target, root))
    if "enum" in node:
        return st.sampled_from(node["enum"])
    if "anyOf" in node:
        return st.one_of([from_schema(option, root) for option in node["anyOf"]])
    kind = node.get("type")
    if isinstance(kind, list):
        return st.one_of([from_schema({**node, "type": k}, root) for k in kind])
    if kind == "object":
        props = node.get("properties", {})
        return st.fixed_dictionaries({name: from_schema(sub, root) for name, sub in props.items()})
    if kind == "array":
        low = node.get("minItems", 0)
        return st.lists(from_schema(node.get("items", {}), root), min_size=low,
                        max_size=node.get("maxItems", low + 3))
    if kind == "string":
        if "pattern" in node:
            return st.from_regex(node["pattern"], fullmatch=True)
        low = node.get("minLength", 0)
        high = min(node.get("maxLength", low + 40), low + 40) if low < 40 else node.get("maxLength", low)
        sizes = st.one_of(st.just(node["maxLength"]), st.integers(low, max(low, high))) if "maxLength" in node \
            else st.integers(low, max(low, high))
        return sizes.flatmap(lambda n: st.text(TEXT, min_size=n, max_size=n))
    if kind == "integer":
        return st.integers(-10**15, 10**15)
    if kind == "number":
        return st.floats(allow_nan=False, allow_infinity=False, width=64)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    raise AssertionError(f"the sent schema uses a construct this strategy does not know: {node}")


def instances(content_type) -> st.SearchStrategy:
    schema = output_schema(content_type)
    return from_schema(schema, schema)


PLAN = make_plan()
SLOT = {EmailContent: "e1", DocumentContent: "d1", SheetContent: "s1"}


@functools.cache
def _clean_room() -> Path:
    """The fixture world rendered once: each example re-renders only what its value reaches, as a repair round does."""
    room = Path(tempfile.mkdtemp(prefix="ws-prop-clean-"))
    render_world(PLAN, make_contents(), room)
    return room


def _renders_and_parses_back(content_type, value) -> None:
    content = content_type.model_validate(value)  # valid under the sent schema => valid content
    contents = make_contents()
    contents[SLOT[content_type]] = content
    room = Path(tempfile.mkdtemp(prefix="ws-prop-")) / "room"
    shutil.copytree(_clean_room(), room)
    try:
        # The slot's own files, every file that quotes, attaches or cites it, and its kind's mailboxes: each file
        # the value reaches, written as a whole render writes it (the others are the clean room's, unchanged).
        for path in render_world(PLAN, contents, room, only=with_dependents(PLAN, {SLOT[content_type]})):
            if path.suffix == ".eml":
                parse_email(path.read_bytes())
            elif path.suffix == ".docx":
                parse_docx(path)
            elif path.suffix == ".xlsx":
                parse_xlsx(path)
            elif path.suffix == ".csv":
                parse_csv(path)
            elif path.suffix == ".md":
                parse_markdown(path)
    finally:
        shutil.rmtree(room.parent, ignore_errors=True)


_SETTINGS = settings(max_examples=30, deadline=None, derandomize=True,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@_SETTINGS
@given(instances(EmailContent))
def test_any_schema_valid_email_renders_and_parses_back(value):
    _renders_and_parses_back(EmailContent, value)


@_SETTINGS
@given(instances(DocumentContent))
def test_any_schema_valid_document_renders_and_parses_back(value):
    _renders_and_parses_back(DocumentContent, value)


@_SETTINGS
@given(instances(SheetContent))
def test_any_schema_valid_sheet_renders_and_parses_back(value):
    _renders_and_parses_back(SheetContent, value)
