"""Answers of a model that follows only the JSON schema it is sent: the right types, enums, lengths and
required fields, filled with plausible but arbitrary values.

Strings are runs of ordinary words (now and then with a number in them), whatever the field means:
`pattern` and `format` are ignored, as a real model ignores a rule it is not forced to keep. Numbers are
drawn inside the schema's bounds, arrays get between minItems and a few more items (within maxItems),
and a nullable field is null now and then. The test server answers this way in its schema-only mode, so
that the model path is tried against a model that knows nothing of what the engine owns.
"""

from __future__ import annotations

import random
from typing import Any

# Plain words of business prose: no names, no places, nothing a realism check would take for a real entity.
WORDS = (
    "review figure schedule draft note position update question point matter team client issue file basis "
    "terms timing budget scope comment view detail step reason approach record section summary change risk "
    "option follow agreed pending confirm check revised working current initial further separate relevant "
    "overall expected proposed remaining final internal early later careful clear short brief open closed "
    "the a of to and in on for with from by as at that this which it we they our their is are was will "
    "would should can may need needs keep send read look make take hold raise flag cover move plan share"
).split()


def random_instance(schema: dict, rng: random.Random, root: dict | None = None, depth: int = 0) -> Any:
    """A value valid for `schema` (types, enums, lengths, required fields), arbitrary in everything else."""
    root = schema if root is None else root
    if depth > 32:
        return None
    if "$ref" in schema:
        return random_instance(_resolve(schema["$ref"], root), rng, root, depth + 1)
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return rng.choice(schema["enum"])
    for key in ("anyOf", "oneOf"):
        if schema.get(key):
            options = schema[key]
            solid = [o for o in options if o.get("type") != "null"]
            # a nullable field is null about a third of the time
            pick = rng.choice(options) if len(solid) < len(options) and rng.random() < 0.33 else rng.choice(solid or options)
            return random_instance(pick, rng, root, depth + 1)
    if schema.get("allOf"):
        merged: dict = {}
        for part in schema["allOf"]:
            part = _resolve(part["$ref"], root) if "$ref" in part else part
            merged = {**merged, **part, "properties": {**merged.get("properties", {}), **part.get("properties", {})},
                      "required": [*merged.get("required", []), *part.get("required", [])]}
        return random_instance(merged, rng, root, depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        solid = [k for k in kind if k != "null"]
        kind = rng.choice(kind) if len(solid) < len(kind) and rng.random() < 0.33 else rng.choice(solid or kind)
    if kind is None:
        kind = "object" if "properties" in schema else "array" if "items" in schema else "string"
    if kind == "object":
        props = schema.get("properties", {})
        required = set(schema.get("required", list(props)))
        # an optional property is there about half the time, as a model leaves out what it need not write
        names = [n for n in props if n in required or rng.random() < 0.5] + sorted(required - set(props))
        return {name: random_instance(props.get(name, {}), rng, root, depth + 1) for name in names}
    if kind == "array":
        items = schema.get("items", {})
        prefix = schema.get("prefixItems", [])
        low = max(schema.get("minItems", 0), len(prefix))
        high = schema.get("maxItems", low + 4)
        count = rng.randint(low, max(low, min(high, low + 4)))
        return [random_instance(prefix[i] if i < len(prefix) else items, rng, root, depth + 1) for i in range(count)]
    if kind in ("integer", "number"):
        return _number(schema, kind == "integer", rng)
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "null":
        return None
    return _string(schema, rng)


def _resolve(ref: str, root: dict) -> dict:
    """The schema a local `$ref` ('#/$defs/Name') points at."""
    node: Any = root
    for part in ref.removeprefix("#/").split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def _number(schema: dict, integer: bool, rng: random.Random) -> int | float:
    """A number within the schema's bounds (0..10,000 where it sets none)."""
    low = schema.get("minimum", schema.get("exclusiveMinimum", -1) + 1 if "exclusiveMinimum" in schema else 0)
    high = schema.get("maximum", schema.get("exclusiveMaximum", 10_001) - 1 if "exclusiveMaximum" in schema else 10_000)
    high = max(low, high)
    if integer:
        return rng.randint(int(low), int(high))
    return round(rng.uniform(low, high), 2)


def _string(schema: dict, rng: random.Random) -> str:
    """Words, about one string in five with a number among them, cut to the schema's lengths (pattern and format ignored)."""
    low = schema.get("minLength", 0)
    high = schema.get("maxLength", 400)
    words = [rng.choice(WORDS) for _ in range(rng.randint(1, 40))]
    if rng.random() < 0.2:
        words.insert(rng.randrange(len(words) + 1), rng.choice([str(rng.randint(2, 99)), f"{rng.randint(1, 999)},{rng.randint(0, 999):03d}"]))
    text = " ".join(words)
    text = text[:1].upper() + text[1:] + "."
    while len(text) < low:
        text += " " + rng.choice(WORDS)
    return text[:high]
