"""An OpenAI-compatible HTTP test server on 127.0.0.1: schema-valid answers, latency, injectable faults, a request log.

It speaks just enough of the OpenAI API (`GET /v1/models`, non-streaming `POST /v1/chat/completions`)
for the real `openai` client, so tests and benchmarks exercise the real HTTP path. Standard library
only: one `ThreadingHTTPServer`, one daemon thread per connection, latency as a sleep in that thread.

Answers follow the prompt contract of the OpenAI-compatible backend (generators/prompts.py): a user message
holds the line `worldsmith-output: <TypeName>` and a fenced block opened by "```json worldsmith-context"
holding the context JSON, which the world's and the voice's blocks and the instructions' own lines before it
complete (generators/prompts.py: context_parts() and merge_context(); an email's path and Message-ID, which only the
engine uses, as stand-ins). Content types are composed by the offline composer (so they carry every fact exactly);
an `ExpansionProposal` is proposed from the expansion context; a `JudgeVerdict` (environments/judge.py) is
given by a literal reader (every expected figure word for word, no hedge word); anything else gets a minimal instance
of the JSON schema in `response_format`.

Faults are chosen per distinct request deterministically (a hash of the request and the fault seed)
and injected only on that request's first attempt, so a client that retries or re-asks finishes.

Sloppy mode (`sloppy`, one share per kind in SLOPPY) answers like real models on a bad day, on the
first `sloppy_attempts` attempts of a question (re-asks included), then well: valid JSON that
follows the sent schema but breaks rules it does not state (`unsent_rule`: an illegal sheet name, a
table row wider than its header, a line break in a subject), `prose` or a code fence around the
JSON, `number_strings` ("1,234.50"), `missing_optional` fields, `extra_fields`, `over_long` strings
(past the sent maxLength: a re-ask cannot fix a model that keeps doing it, so the artifact fails
in that run and succeeds in the next), and `odd_unicode` (control characters, U+2028, a lone
surrogate, zero-width and bidi marks).

Schema-only mode (`mode="schema_only"`, `--mode schema-only`) answers every question with arbitrary values
that follow only the JSON schema sent (generators/backends/schema_only.py): what a model does that knows
nothing of the matter and ignores `pattern`. Every request's record keeps the schema it carried.

Hostile servers, on every answer (not only a first attempt): `trickle` sends a body one byte at a time, a
pause apart (a read timeout counts from the last byte, so it never fires); `padding` adds that many bytes of
JSON whitespace after a body (the same answer, as large as you like), and `length_header=False` sends it with
no Content-Length, the body running to the connection's close, so a client learns its size only by reading.

Answers made before (`answers`, `--answers`: a file TestServer.write_answers() wrote, by question) are answered from
it instead of composed again, as a warm endpoint on other machines would: composing was two thirds of this server's
CPU per request, which a benchmark's client on the same small machine shares the cores with. Latency, faults, sloppy
answers, the log and the token counts are as for any answer.

Every completion's record counts its `prompt_tokens` and its `uncached_prompt_tokens`: those after the longest
prefix the server has already seen, in 16-token blocks, as automatic prefix caching in vLLM and SGLang
counts them (generators/backends/prefix_cache.py); stats() sums both.
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import hashlib
import hmac
import json
import math
import os
import random
import re
import select
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator

from worldsmith.generators.backends.prefix_cache import PrefixCache
from worldsmith.generators.backends.prefix_cache import _text  # a message's content as text, one reader for both
from worldsmith.generators.backends.schema_only import random_instance
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.expansion import ExpansionContext, ExpansionProposal, ProposedItem
from worldsmith.generators.prompts import context_parts, merge_context
from worldsmith.worlds import kinds

# The order matters: a request's hash falls into one band of the cumulative rates, in this order.
FAULTS = ("rate_limit", "server_error", "hang", "drop", "malformed_json", "schema_violation", "truncated")
SLOPPY = ("unsent_rule", "prose", "number_strings", "missing_optional", "extra_fields", "over_long", "odd_unicode")
CREATED = 1_735_689_600  # a fixed `created` (2025-01-01T00:00:00Z): same request, same response bytes
OUTPUT_MARKER = re.compile(r"^worldsmith-output:[ \t]*([A-Za-z_][\w.]*)[ \t]*$", re.MULTILINE)
# JSON cannot hold a raw newline inside a string, so the first "\n```" after the opening fence closes it.
CONTEXT_BLOCK = re.compile(r"^```json worldsmith-context[ \t]*\n(.*?)\n```", re.MULTILINE | re.DOTALL)
ANY_JSON_BLOCK = re.compile(r"^```json[^\n]*\n(.*?)\n```", re.MULTILINE | re.DOTALL)



def content_types() -> dict[str, tuple[type[BaseModel], Callable[[ArtifactContext], BaseModel]]]:
    """Every registered kind's content type and prose type by name, with the composer that answers for it."""
    out: dict[str, tuple[type[BaseModel], Callable[[ArtifactContext], BaseModel]]] = {}
    for k in kinds.kinds():
        if k.compose is None:
            continue
        out[k.content.__name__] = (k.content, k.compose)
        if k.prose is not None and k.prose_of is not None:
            out[k.prose.__name__] = (k.prose, functools.partial(_composed_prose, k))
    return out


def read_answers(path: Path) -> dict[str, tuple[str | None, dict, str | None]]:
    """Answers by question from a file TestServer.write_answers() wrote: (output type, answer, artifact id)."""
    out: dict[str, tuple[str | None, dict, str | None]] = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                row = json.loads(line)
                out[row["question"]] = (row.get("output_type"), row["answer"], row.get("artifact"))
    return out


def _composed_prose(kind: Any, ctx: ArtifactContext) -> BaseModel:
    """The prose the offline composer writes for an artifact, as a model would answer for the kind's prose type."""
    return kind.prose_of(ctx, kind.compose(ctx))


class ServerConfig(BaseModel):
    """How the test server behaves: where it listens, which models it serves, its latency and faults."""

    model_config = ConfigDict(extra="forbid")
    host: Literal["127.0.0.1"] = Field("127.0.0.1", description="loopback only, never a public interface")
    port: int = Field(0, ge=0, le=65535, description="0 picks a free port")
    models: list[str] = Field(default_factory=lambda: ["test-model"], min_length=1)
    # A SecretStr: the key shows as '**********' in any repr, dump or error message.
    api_key: SecretStr | None = Field(None, description="when set, requests need 'Authorization: Bearer <key>'")
    latency: float = Field(0.0, ge=0, description="seconds added to every completion")
    jitter: float = Field(0.0, ge=0, description="up to this many seconds more, from the seeded hash of the request")
    faults: dict[str, float] = Field(default_factory=dict, description="fault name -> share of distinct requests")
    retry_after: float = Field(1.0, ge=0, description="the Retry-After of a rate_limit fault, in seconds")
    hang_seconds: float = Field(5.0, ge=0, description="how long a hang fault sleeps, past the client's timeout")
    hang_then: Literal["answer", "drop"] = Field("answer", description="what a hang does when it wakes up")
    trickle: float = Field(0.0, ge=0, description="seconds between the bytes of every response body (0: all at once)")
    padding: int = Field(0, ge=0, description="bytes of JSON whitespace after every response body")
    length_header: bool = Field(True, description="send Content-Length; without it the body runs to the close")
    unsupported_formats: list[Literal["json_schema", "json_object"]] = Field(
        default_factory=list, description="response_format types answered with 400, as servers that support less do")
    seed: int = Field(0, description="the fault seed")
    log_path: Path | None = Field(None, description="append one JSON line per request here")
    sloppy: dict[str, float] = Field(default_factory=dict, description="sloppy answer kind -> share of questions")
    sloppy_attempts: int = Field(3, ge=1, description="how many attempts of a sloppy question are answered sloppily")
    answers: Path | None = Field(
        None, description="a JSON-lines file of answers made before, by question (write_answers()), read at start: a "
                          "question found there is answered from it, with its latency and faults as ever, instead of "
                          "composed again (a warm endpoint's answers: composing was two thirds of this server's CPU per "
                          "request, which a benchmark's client shares the cores with)")
    keep_answers: bool = Field(False, description="keep every answer made, by question, for write_answers()")
    mode: Literal["composer", "schema_only"] = Field(
        "composer", description="composer: the offline composer's answers; schema_only: arbitrary values that follow "
                                "only the JSON schema sent (types, enums, lengths, required fields; never `pattern`)")

    @field_validator("faults", "sloppy")
    @classmethod
    def _known_faults(cls, faults: dict[str, float], info) -> dict[str, float]:
        known = FAULTS if info.field_name == "faults" else SLOPPY
        unknown = sorted(set(faults) - set(known))
        if unknown:
            raise ValueError(f"unknown fault(s) {', '.join(unknown)}; known: {', '.join(known)}")
        if any(not 0.0 <= r <= 1.0 for r in faults.values()):
            raise ValueError("every fault rate must be between 0 and 1")
        if sum(faults.values()) > 1.0 + 1e-9:
            raise ValueError(f"fault rates add up to {sum(faults.values()):g}; they must add up to at most 1")
        return faults


# ---------------------------------------------------------------- canonical requests and hashing

def canonical_json(value: Any) -> str:
    """The canonical text of a JSON value: sorted keys, no spaces, so equal requests hash equal."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def request_key(body: Any) -> str:
    """The sha256 of a request body's canonical JSON."""
    return hashlib.sha256(canonical_json(body).encode()).hexdigest()


def _unit(*parts: Any) -> float:
    """A number in [0, 1) fixed by its parts: the server's one source of chance."""
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def _marker_index(messages: list[dict]) -> int | None:
    """The index of the last user message that names a worldsmith output type."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if isinstance(m, dict) and m.get("role") == "user" and OUTPUT_MARKER.search(_text(m.get("content"))):
            return i
    return None


def root_key(body: dict) -> str:
    """The key of the question a request asks: its model and messages up to the user message naming the output.

    A re-ask appends the bad answer and the validation error to the same conversation (and may change
    max_tokens or the response format); keying on the question makes it a further attempt of the
    original, so it gets no fault. A request without the marker is its own question.
    """
    messages = body.get("messages")
    i = _marker_index(messages) if isinstance(messages, list) else None
    if i is None:
        return request_key(body)
    return request_key({"model": body.get("model"), "messages": messages[: i + 1]})


# ---------------------------------------------------------------- answers

def minimal_instance(schema: dict, root: dict | None = None, depth: int = 0) -> Any:
    """A small value valid for a JSON schema: objects get their required properties, arrays their minItems."""
    root = schema if root is None else root
    if depth > 32:
        return None
    if "$ref" in schema:
        return minimal_instance(_resolve(schema["$ref"], root), root, depth + 1)
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return schema["enum"][0]
    for key in ("anyOf", "oneOf"):
        if schema.get(key):
            options = [o for o in schema[key] if o.get("type") != "null"] or schema[key]
            return minimal_instance(options[0], root, depth + 1)
    if schema.get("allOf"):
        merged: dict = {}
        for part in schema["allOf"]:
            part = _resolve(part["$ref"], root) if "$ref" in part else part
            merged = {**merged, **part, "properties": {**merged.get("properties", {}), **part.get("properties", {})},
                      "required": [*merged.get("required", []), *part.get("required", [])]}
        return minimal_instance(merged, root, depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind is None:
        kind = "object" if "properties" in schema else "array" if "items" in schema else "string"
    if kind == "object":
        props = schema.get("properties", {})
        return {name: minimal_instance(props.get(name, {}), root, depth + 1) for name in schema.get("required", [])}
    if kind == "array":
        items = schema.get("items", {})
        prefix = schema.get("prefixItems", [])
        count = max(schema.get("minItems", 0), len(prefix))
        return [minimal_instance(prefix[i] if i < len(prefix) else items, root, depth + 1) for i in range(count)]
    if kind in ("integer", "number"):
        return _number(schema, kind == "integer")
    if kind == "boolean":
        return False
    if kind == "null":
        return None
    return _string(schema)


def _resolve(ref: str, root: dict) -> dict:
    """The schema a local `$ref` ('#/$defs/Name') points at."""
    node: Any = root
    for part in ref.removeprefix("#/").split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def _number(schema: dict, integer: bool) -> int | float:
    """The smallest allowed number, or 0 (1 above an exclusive minimum)."""
    value: float = 0
    if "minimum" in schema:
        value = schema["minimum"]
    if "exclusiveMinimum" in schema:
        value = schema["exclusiveMinimum"] + 1
    if "maximum" in schema and value > schema["maximum"]:
        value = schema["maximum"]
    return math.ceil(value) if integer else value


def _string(schema: dict) -> str:
    """A string that fits the schema's format and length."""
    formats = {"date": "2025-01-01", "date-time": "2025-01-01T00:00:00Z", "time": "00:00:00",
               "email": "someone@example.com", "uri": "https://example.com/", "uuid": "00000000-0000-4000-8000-000000000000"}
    text = formats.get(schema.get("format", ""), "example")
    text = text.ljust(schema.get("minLength", 0), "x")
    if "maxLength" in schema:
        text = text[: schema["maxLength"]]
    return text


def propose_expansion(ctx: ExpansionContext) -> ExpansionProposal:
    """A plausible expansion: min(budget, 3..6) items drawn from the context's roles, facts, folders and window."""
    rng = random.Random(f"expansion:{ctx.seed}")
    count = min(ctx.budget, rng.randint(3, 6))
    roles = [r.role for r in ctx.roles] or ["author"]
    folders = ctx.folders or ["Correspondence"]
    fact_ids = [f.id for f in ctx.facts]
    taken = {t.casefold() for t in ctx.existing_titles}
    span = max((ctx.window_end - ctx.window_start).days, 0)
    patterns = {"email_thread": ["Follow-up on {s}", "Question about {s}", "Update: {s}"],
                "document": ["Note on {s}", "Briefing on {s}", "Summary of {s}"],
                "spreadsheet": ["Tracker: {s}", "Working figures for {s}", "Schedule of {s}"]}
    items: list[ProposedItem] = []
    for n in range(count):
        kind = rng.choice(list(patterns))
        carried = sorted(rng.sample(fact_ids, k=min(len(fact_ids), rng.randint(1, 2)))) if fact_ids else []
        statement = next((f.statement for f in ctx.facts if carried and f.id == carried[0]), ctx.world_title)
        # a title names a fact by its first words, as a person would; the whole statement belongs to the documents
        # that establish it (check fact_statement_established_only)
        subject = " ".join((statement[:1].lower() + statement[1:].rstrip(".")).split()[:4])
        title = rng.choice(patterns[kind]).format(s=subject)
        base, k = title, 2
        while title.casefold() in taken:  # distinct from the plan's titles and from each other
            title, k = f"{base} ({k})", k + 1
        taken.add(title.casefold())
        author = rng.choice(roles)
        others = [r for r in roles if r != author]
        participants = rng.sample(others, k=min(len(others), rng.randint(1, 2)))
        items.append(ProposedItem(
            kind=kind, folder=rng.choice(folders), title=title, author=author, participants=participants,
            date=ctx.window_start + dt.timedelta(days=rng.randint(0, span)), facts=carried,
            purpose=f"Keep the team aligned on {subject} ({n + 1} of {count})",
            messages=rng.randint(2, 4), doc_type=rng.choice(["memo", "note", "briefing"]), rows=rng.randint(6, 12)))
    return ExpansionProposal(items=items)


def _find_context(messages: list[dict], marker_at: int) -> str | None:
    """The context JSON: in the message that names the output, else in the nearest earlier message."""
    for i in [marker_at, *range(marker_at - 1, -1, -1)]:
        m = CONTEXT_BLOCK.search(_text(messages[i].get("content")))
        if m:
            return m.group(1)
    return None


def artifact_context(messages: list[dict], marker_at: int, context: str) -> ArtifactContext:
    """The whole artifact context a request carries: its context block with the parts before it (the world's and the
    voice's blocks, the body of the message answered)."""
    data = merge_context(json.loads(context), **_parts(messages, marker_at))
    return ArtifactContext.model_validate(data)  # JSON data: no need to write it out and read it again


def artifact_of(body: dict) -> str | None:
    """The id of the artifact a request asks for (its context's spec id, which the block may leave to what the spec
    implies), for the request log; None if it names none."""
    messages = [m for m in body.get("messages") or [] if isinstance(m, dict)]
    at = _marker_index(messages)
    context = _find_context(messages, at) if at is not None else None
    try:
        data = json.loads(context) if context else None
        if isinstance(data, dict) and isinstance(data.get("spec"), dict) and "id" not in data["spec"]:
            data = merge_context(data, **_parts(messages, at))
    except (ValueError, TypeError, AttributeError):
        return None
    spec = data.get("spec") if isinstance(data, dict) else None
    return spec.get("id") if isinstance(spec, dict) else None


def _parts(messages: list[dict], marker_at: int) -> dict[str, Any]:
    """The parts of a context the messages up to the one that names the output carry outside its block."""
    parts: dict[str, Any] = {}
    for m in messages[: marker_at + 1]:
        parts.update(context_parts(_text(m.get("content"))))
    return parts


def _schema_of(body: dict, messages: list[dict]) -> dict | None:
    """The JSON schema a request asks for: in response_format, else a schema-looking JSON block of the prompt."""
    fmt = body.get("response_format")
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema":
        schema = (fmt.get("json_schema") or {}).get("schema")
        return schema if isinstance(schema, dict) else None
    for m in reversed(messages):
        for block in ANY_JSON_BLOCK.findall(_text(m.get("content"))):
            try:
                value = json.loads(block)
            except ValueError:
                continue
            if isinstance(value, dict) and ({"properties", "$defs", "anyOf"} & set(value) or value.get("type") == "object"):
                return value
    return None


def answer_for(body: dict) -> tuple[str | None, dict]:
    """The output type a request names (or None) and a valid answer for it, as a JSON value."""
    return answer_and_artifact(body)[:2]


def answer_and_artifact(body: dict) -> tuple[str | None, dict, str | None]:
    """answer_for() and artifact_of() at once: the context a request carries, read once (the server's CPU per request
    counts against a small machine's cores, which the client shares)."""
    messages = [m for m in body.get("messages") or [] if isinstance(m, dict)]
    at = _marker_index(messages)
    output_type = OUTPUT_MARKER.search(_text(messages[at].get("content"))).group(1) if at is not None else None
    context = _find_context(messages, at) if at is not None else None
    if context is not None:
        try:
            if output_type in content_types():
                ctx = artifact_context(messages, at, context)
                return output_type, content_types()[output_type][1](ctx).model_dump(mode="json"), ctx.spec.id
            if output_type == "ExpansionProposal":
                answer = propose_expansion(ExpansionContext.model_validate_json(context)).model_dump(mode="json")
                return output_type, answer, artifact_of(body)
            if output_type == "JudgeVerdict":
                return output_type, literal_judgement(json.loads(context)), artifact_of(body)
        except Exception:  # noqa: BLE001 - a context we cannot use gets the generic answer, as a weak model would
            pass
    schema = _schema_of(body, messages)
    if schema is None:
        known = {**{k: v[0] for k, v in content_types().items()}, "ExpansionProposal": ExpansionProposal}
        schema = known[output_type].model_json_schema() if output_type in known else {"type": "object"}
    value = minimal_instance(schema)
    return output_type, value if isinstance(value, dict) else {"value": value}, artifact_of(body)


def literal_judgement(context: dict) -> dict:
    """A judge's verdict as a literal reader gives it (no model here): met when the answer holds every expected
    figure word for word and no hedge word; what a test needs to see a judge agree and veto over real HTTP."""
    answer = " ".join(str(context.get("answer", "")).lower().split())
    if context.get("ledger"):
        return _literal_ledger(answer, context["ledger"])
    expected = [" ".join(str(v).lower().split()) for v in context.get("expected") or []]
    hedged = re.search(r"\b(?:maybe|perhaps|possibly|either|or so|roughly)\b", answer)
    met = all(v in answer for v in expected) and not hedged
    return {"met": met, "reason": "every expected figure is stated plainly" if met
            else "an expected figure is missing or hedged"}


_FIGURE = re.compile(r"(?:[a-z]{3}\s)?\d[\d,]*(?:\.\d+)?(?:\s(?:days|years|months|%))?")


_BINDS = re.compile(r"[\s(:=,]*(?:(?:is|was|were|are|now|later|then|cut|reduced|revised|raised|to|at|of|the|stands|"
                    r"stood|has|have|been|since|ultimately|agreed|amounts|came)[\s(:=,]*)*")


def _literal_ledger(answer: str, ledger: list) -> dict:
    """The whole-answer ledger criterion as a literal reader gives it: not met when the answer writes a fact's label and,
    before its sentence ends, a figure that is neither the fact's figure nor a superseded one of it."""
    for line in ledger:
        label, _, rest = str(line).lower().partition(": ")
        held = {m.group() for m in _FIGURE.finditer(rest.split(". ", 1)[0])}
        for at in re.finditer(re.escape(label), answer):
            if re.search(r"\b(?:times|x|multiplied by|plus|less|minus|divided by|over)\s+(?:the\s+)?$",
                         answer[max(0, at.start() - 20):at.start()]):
                continue  # an operand of a working ('the per-ton limit times the gross tonnage (USD 156,200,000)')
            tail = re.split(r"(?<=[a-z)])\.\s|;|\n", answer[at.end():at.end() + 80])[0]
            said = _FIGURE.search(tail)
            if said and _BINDS.fullmatch(tail[:said.start()]) and said.group() not in held and not any(said.group() in h or h in said.group() for h in held):
                return {"met": False, "reason": f"{label} is given {said.group()}, which the ledger never holds"}
    return {"met": True, "reason": "no statement contradicts the ledger facts given"}


def schema_only_answer(body: dict, output_type: str | None, rng: random.Random) -> dict:
    """An answer that follows only the schema the request carries (else the named type's own), arbitrary in all else."""
    schema = _schema_of(body, [m for m in body.get("messages") or [] if isinstance(m, dict)])
    if schema is None:
        known = {**{k: v[0] for k, v in content_types().items()}, "ExpansionProposal": ExpansionProposal}
        schema = known[output_type].model_json_schema() if output_type in known else {"type": "object"}
    value = random_instance(schema, rng)
    return value if isinstance(value, dict) else {"value": value}


def _required_field(output_type: str | None, answer: dict, schema: dict | None) -> str | None:
    """A field whose absence makes the answer invalid for its type."""
    known = {**{k: v[0] for k, v in content_types().items()}, "ExpansionProposal": ExpansionProposal}
    if output_type in known:
        # The model's own required fields: a strict schema marks defaulted fields required too, and
        # dropping one of those (`kind`) would not break validation.
        return next((n for n, f in known[output_type].model_fields.items() if f.is_required() and n in answer), None)
    required = (schema or {}).get("required", [])
    return next((n for n in required if n in answer), None)


def faulty_content(fault: str, good: str, output_type: str | None, answer: dict, schema: dict | None) -> str:
    """The content a content fault sends instead of `good`."""
    if fault == "malformed_json":
        return "Sure! Here is the JSON you asked for:\n" + good[:-1]  # prose, and no closing brace
    if fault == "truncated":
        return good[: max(1, len(good) // 2)]
    field = _required_field(output_type, answer, schema)
    if field is not None:
        return canonical_json({k: v for k, v in answer.items() if k != field})
    return canonical_json([answer])  # nothing is required: an array where an object belongs


# Characters real models emit now and then: a vertical tab, a form feed, a NUL, U+2028, a BOM,
# zero-width and bidi marks, a combining accent, an emoji, and a lone surrogate (valid JSON escape,
# invalid Unicode text).
ODD = "\u000b\u2028\u000c\ufeff\u200b\u202e\u0301\U0001f600\ud800\u0000\r"


def _walk_strings(value: Any, change: Callable[[str, str], str], key: str = "") -> Any:
    """The value with `change(key, text)` applied to every string in it."""
    if isinstance(value, dict):
        return {k: _walk_strings(v, change, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_walk_strings(v, change, key) for v in value]
    return change(key, value) if isinstance(value, str) else value


def sloppy_content(kind: str, answer: dict, output_type: str | None, u: float) -> str:
    """The content of a sloppy answer of `kind` built from a good `answer` (a JSON value)."""
    data = json.loads(json.dumps(answer))
    if kind == "prose":
        text = json.dumps(data, indent=2, ensure_ascii=False)
        if u < 0.5:
            return f"Sure! Here is the JSON you asked for:\n\n```json\n{text}\n```\n\nLet me know if you need changes."
        return f"Here is the {output_type or 'answer'}: {canonical_json(data)}\nI kept every figure from the brief."
    if kind == "number_strings":
        def spell(value: Any) -> Any:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                return value
            return f"{value:,.2f}" if isinstance(value, float) or abs(value) >= 1000 else str(value)
        if isinstance(data.get("rows"), list):
            data["rows"] = [[spell(c) for c in row] if isinstance(row, list) else row for row in data["rows"]]
        return canonical_json(data)
    if kind == "missing_optional":
        known = {**{k: v[0] for k, v in content_types().items()}, "ExpansionProposal": ExpansionProposal}
        model = known.get(output_type or "")
        if model is not None:
            data = {k: v for k, v in data.items() if model.model_fields.get(k) is None or model.model_fields[k].is_required()}
        return canonical_json(data)
    if kind == "extra_fields":
        data["confidence"] = 0.93
        data["reasoning"] = "I followed the brief and kept every fact."
        for section in data.get("sections") or []:
            if isinstance(section, dict):
                section["word_count"] = 120
        return canonical_json(data)
    if kind == "over_long":
        # Every string past any length a schema allows (the prose types cap their fields at 20,000 characters).
        def long(key: str, text: str) -> str:
            return text if key in ("kind", "type", "currency") else ((text or "x") + " ") * (1 + 21000 // (len(text) + 1))
        return canonical_json(_walk_strings(data, long))
    if kind == "odd_unicode":
        def odd(key: str, text: str) -> str:
            if key in ("kind", "type", "currency"):
                return text  # enum values: a model that misspells these breaks the sent schema, not an unsent rule
            cut = len(text) // 2
            return text[:cut] + ODD + text[cut:]
        return json.dumps(_walk_strings(data, odd), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    # unsent_rule: what the schema allows and a format refuses or a reader would trip on.
    if isinstance(data.get("sheet_name"), str):
        data["sheet_name"] = "Q3/Q4 [draft]: " + data["sheet_name"] + " working figures: history"
        if isinstance(data.get("rows"), list) and data["rows"] and isinstance(data["rows"][0], list):
            data["rows"][0] = data["rows"][0] + ["stray cell"]
    if isinstance(data.get("subject"), str):
        data["subject"] = data["subject"] + "\r\nBcc: someone@example.com"
    for section in data.get("sections") or []:
        table = section.get("table") if isinstance(section, dict) else None
        if isinstance(table, dict) and table.get("rows"):
            table["rows"][0] = list(table["rows"][0]) + ["stray cell", "another"]
            break
    else:
        if isinstance(data.get("title"), str) and isinstance(data.get("sections"), list):
            data["title"] = data["title"] + "\n" + "continued " * 40
    return canonical_json(data)


# ---------------------------------------------------------------- the server

class _Server(ThreadingHTTPServer):
    """A threading HTTP server whose connection threads never keep the process alive."""

    daemon_threads = True
    request_queue_size = 256  # 32+ clients connect at once; the default backlog of 5 would refuse some
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], owner: "TestServer"):
        self.owner = owner
        self.connections: set[socket.socket] = set()
        self.connections_lock = threading.Lock()
        super().__init__(address, _Handler)

    def process_request(self, request, client_address):
        """Track the connection so that stop() can close idle keep-alive sockets."""
        with self.connections_lock:
            self.connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request):
        """Forget the connection once its thread is done with it."""
        with self.connections_lock:
            self.connections.discard(request)
        super().shutdown_request(request)


class _Handler(BaseHTTPRequestHandler):
    """One HTTP connection: routes requests to the owning TestServer."""

    protocol_version = "HTTP/1.1"  # keep-alive, as the openai client expects
    # Headers, body and its last byte go out as separate writes; with Nagle on, each later write
    # waits for the client's delayed ACK (40 ms a response on Linux).
    disable_nagle_algorithm = True
    server_version = "worldsmith-test-server"
    sys_version = ""
    started = 0.0  # when the current request arrived (perf_counter)
    recorded = False  # whether the current request's record is already kept and logged

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the stdlib's name
        """Silent: the JSON request log is the record, and stderr stays clean for tests."""

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        """Route a GET."""
        self.server.owner._handle(self, "GET")

    def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
        """Route a POST."""
        self.server.owner._handle(self, "POST")


def _error(message: str, type_: str, code: str | None, param: str | None = None) -> dict:
    """An error body in OpenAI's shape."""
    return {"error": {"message": message, "type": type_, "param": param, "code": code}}


def _peer_gone(sock: socket.socket) -> bool:
    """Whether the client has closed its end (it timed out or was killed) while we slept."""
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        if not readable:
            return False
        # The request body is read and the openai client does not pipeline: readable means EOF or reset.
        return sock.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):
        return True


class TestServer:
    """An OpenAI-compatible server on 127.0.0.1 for tests and benchmarks; start() it or use it as a context manager."""

    __test__ = False  # not a pytest test class, despite the name

    def __init__(self, config: ServerConfig | None = None, **overrides: Any):
        config = config or ServerConfig()
        if overrides:  # keyword overrides are validated like the config itself
            config = ServerConfig.model_validate({**config.model_dump(), **overrides})
        self.config = config
        self.requests: list[dict] = []
        self._lock = threading.Lock()
        self._seq = 0
        self._attempts: dict[str, int] = {}
        self._schemas: dict[str, dict] = {}
        self._prefix = PrefixCache()  # what a server's automatic prefix cache would hold of this server's prompts
        # Answers by question (root_key): read from config.answers, and kept as made with config.keep_answers.
        self._answers: dict[str, tuple[str | None, dict, str | None]] = (
            read_answers(config.answers) if config.answers is not None else {})
        self._stopping = threading.Event()
        self._idle = threading.Condition(self._lock)  # notified when the last request in flight is recorded
        self._in_flight = 0
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self._log = None

    # -- lifecycle

    @property
    def base_url(self) -> str:
        """The URL to give the openai client: http://127.0.0.1:PORT/v1."""
        if self._server is None:
            raise RuntimeError("the test server is not running; call start() first")
        return f"http://{self.config.host}:{self._server.server_address[1]}/v1"

    @property
    def port(self) -> int:
        """The port it listens on."""
        if self._server is None:
            raise RuntimeError("the test server is not running; call start() first")
        return int(self._server.server_address[1])

    def start(self) -> str:
        """Bind (port 0 picks a free one), serve in a daemon thread, and return the base URL."""
        if self._server is not None:
            return self.base_url
        self._stopping.clear()
        if self.config.log_path is not None:
            self.config.log_path.parent.mkdir(parents=True, exist_ok=True)
            self._log = open(self.config.log_path, "a", encoding="utf-8")
        self._server = _Server((self.config.host, self.config.port), self)
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="worldsmith-test-server", daemon=True)
        self._thread.start()
        return self.base_url

    def stop(self) -> None:
        """Stop serving: wake sleeping handlers, close every connection, close the log."""
        server, self._server = self._server, None
        if server is None:
            return
        self._stopping.set()
        server.shutdown()
        with server.connections_lock:
            for conn in list(server.connections):
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
        server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        with self._lock:
            # Woken handlers record their request before the log closes, so the file misses none.
            self._idle.wait_for(lambda: self._in_flight == 0, timeout=2.0)
            if self._log is not None:
                self._log.close()
                self._log = None

    def __enter__(self) -> "TestServer":
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    # -- records

    @property
    def in_flight(self) -> int:
        """Requests received and not yet answered or dropped."""
        with self._lock:
            return self._in_flight

    def stats(self) -> dict[str, Any]:
        """Counts of the requests so far: in all, completed, by status and by fault, and their prompt tokens in all
        and after the longest prefix already seen (what a server's prefix cache would still compute)."""
        with self._lock:
            records = list(self.requests)
        by_status: dict[str, int] = {}
        by_fault: dict[str, int] = {}
        for r in records:
            status = "dropped" if r["status"] is None else str(r["status"])  # closed with no response
            by_status[status] = by_status.get(status, 0) + 1
            if r["fault"]:
                by_fault[r["fault"]] = by_fault.get(r["fault"], 0) + 1
        return {"requests": len(records), "completed": sum(r["completed"] for r in records),
                "by_status": dict(sorted(by_status.items())), "by_fault": dict(sorted(by_fault.items())),
                "precomputed": sum(1 for r in records if r.get("precomputed")),
                "prompt_tokens": sum(r.get("prompt_tokens") or 0 for r in records),
                "uncached_prompt_tokens": sum(r.get("uncached_prompt_tokens") or 0 for r in records)}

    def write_answers(self, path: Path) -> int:
        """Write the answers kept (keep_answers) or read, one JSON line per question, for a server's `answers`; how many."""
        with self._lock:
            made = dict(self._answers)
        with open(path, "w", encoding="utf-8") as out:
            for root, (output_type, answer, artifact) in made.items():
                out.write(json.dumps({"question": root, "output_type": output_type, "answer": answer,
                                      "artifact": artifact}, ensure_ascii=False, separators=(",", ":")) + "\n")
        return len(made)

    @staticmethod
    def _stamp(entry: dict, start: float) -> None:
        """Set a record's duration in milliseconds."""
        entry["ms"] = round((time.perf_counter() - start) * 1000, 1)

    def _record(self, entry: dict) -> None:
        """Keep one request's record and append it to the log file, flushed, as one JSON line."""
        with self._lock:
            self.requests.append(entry)
            if self._log is not None:
                self._log.write(json.dumps(entry, separators=(",", ":")) + "\n")
                self._log.flush()

    # -- choices

    def choose_fault(self, root: str) -> str | None:
        """The fault this question gets on its first attempt, fixed by its key and the fault seed."""
        u = _unit("fault", self.config.seed, root)
        edge = 0.0
        for name in FAULTS:
            edge += self.config.faults.get(name, 0.0)
            if u < edge:
                return name
        return None

    def choose_sloppy(self, root: str) -> str | None:
        """The sloppy kind of answer this question gets on its first attempts, fixed by its key and the seed."""
        u = _unit("sloppy", self.config.seed, root)
        edge = 0.0
        for name in SLOPPY:
            edge += self.config.sloppy.get(name, 0.0)
            if u < edge:
                return name
        return None

    def _intern(self, schema: dict | None) -> dict | None:
        """One shared copy of each distinct schema, so that a long request log holds each once."""
        if schema is None:
            return None
        with self._lock:
            return self._schemas.setdefault(canonical_json(schema), schema)

    def _delay(self, key: str, attempt: int) -> float:
        """This attempt's latency: the fixed part plus its seeded jitter."""
        return self.config.latency + self.config.jitter * _unit("jitter", self.config.seed, key, attempt)

    # -- handling

    def _handle(self, h: _Handler, method: str) -> None:
        """Answer one request and record it."""
        start = time.perf_counter()
        h.started, h.recorded = start, False  # _send records the request just before its last byte
        with self._lock:
            self._seq += 1
            self._in_flight += 1
            seq = self._seq
        entry: dict[str, Any] = {"n": seq, "method": method, "path": h.path.split("?")[0], "key": None, "model": None,
                                 "attempt": None, "fault": None, "status": None, "completed": False,
                                 "output_type": None, "ms": None,
                                 "accept_encoding": h.headers.get("Accept-Encoding")}
        try:
            self._route(h, method, entry)
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            h.close_connection = True  # the client went away mid-write; the record says so unless already logged
        finally:
            if not h.recorded:
                self._stamp(entry, start)
                self._record(entry)
            with self._lock:
                self._in_flight -= 1
                self._idle.notify_all()

    def _route(self, h: _Handler, method: str, entry: dict) -> None:
        """Authenticate, parse and dispatch one request."""
        length = int(h.headers.get("Content-Length") or 0)
        raw = h.rfile.read(length) if length else b""
        entry["key"] = hashlib.sha256(raw).hexdigest() if raw else None
        key = self.config.api_key
        if key is not None and not hmac.compare_digest(h.headers.get("Authorization", "").encode(),
                                                       f"Bearer {key.get_secret_value()}".encode()):
            # Never echo what was sent: the message must not carry a key, right or wrong.
            return self._send(h, entry, 401, _error("Incorrect API key provided.", "invalid_request_error", "invalid_api_key"))
        path = entry["path"].rstrip("/")
        if method == "GET" and path == "/v1/models":
            return self._send(h, entry, 200, {"object": "list", "data": [self._model_card(m) for m in self.config.models]})
        if method == "GET" and path.startswith("/v1/models/"):
            name = path.removeprefix("/v1/models/")
            if name in self.config.models:
                return self._send(h, entry, 200, self._model_card(name))
            return self._send(h, entry, 404, self._unknown_model(name))
        if method != "POST" or path != "/v1/chat/completions":
            return self._send(h, entry, 404, _error(f"Unknown request URL: {method} {entry['path']}.", "invalid_request_error", "unknown_url"))
        try:
            body = json.loads(raw or b"null")
        except ValueError:
            return self._send(h, entry, 400, _error("The request body is not valid JSON.", "invalid_request_error", None))
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            return self._send(h, entry, 400, _error("'messages' is a required property.", "invalid_request_error", None, "messages"))
        entry["key"] = request_key(body)
        entry["model"] = body.get("model")
        if body.get("model") not in self.config.models:
            return self._send(h, entry, 404, self._unknown_model(str(body.get("model"))))
        if body.get("stream"):
            return self._send(h, entry, 400, _error("The test server does not stream; send stream=false.", "invalid_request_error", None, "stream"))
        fmt = body.get("response_format")
        kind = fmt.get("type") if isinstance(fmt, dict) else None
        if kind in self.config.unsupported_formats:
            return self._send(h, entry, 400, _error(f"response_format type '{kind}' is not supported by this server.",
                                                    "invalid_request_error", None, "response_format"))
        self._complete(h, body, entry)

    def _complete(self, h: _Handler, body: dict, entry: dict) -> None:
        """A chat completion, with this attempt's latency and fault."""
        root = root_key(body)
        with self._lock:
            attempt = self._attempts[root] = self._attempts.get(root, 0) + 1
        fault = self.choose_fault(root) if attempt == 1 else None
        entry.update(attempt=attempt, fault=fault)
        # Counted on arrival, as a server looks up its prefix cache when it schedules the request.
        entry["prompt_tokens"], entry["uncached_prompt_tokens"] = self._prefix.count(str(body.get("model")),
                                                                                     body["messages"])
        made = self._answers.get(root)
        if made is None:
            made = answer_and_artifact(body)
            if self.config.keep_answers:
                with self._lock:
                    self._answers[root] = made
        else:
            entry["precomputed"] = True
        output_type, answer, artifact = made
        entry["output_type"] = output_type
        entry["schema"] = self._intern(_schema_of(body, body["messages"]))  # what the model was asked to fill
        if self.config.mode == "schema_only":
            answer = schema_only_answer(body, output_type, random.Random(f"{self.config.seed}:{root}:{attempt}"))
        entry["artifact"] = artifact  # which artifact was asked for: what a rerun after an edit asks again
        # The latency counts from the request's arrival: like a model's, it includes the server's own work.
        if self._stopping.wait(max(0.0, h.started + self._delay(entry["key"], attempt) - time.perf_counter())):
            return self._drop(h)
        if fault == "rate_limit":
            headers = {"Retry-After": f"{self.config.retry_after:g}",
                       "retry-after-ms": str(round(self.config.retry_after * 1000))}
            return self._send(h, entry, 429, _error("Rate limit reached for requests. Please try again later.",
                                                    "requests", "rate_limit_exceeded"), headers)
        if fault == "server_error":
            return self._send(h, entry, 500, _error("The server had an error while processing your request.", "server_error", None))
        if fault == "drop":
            return self._drop(h)
        if fault == "hang":
            if self._stopping.wait(self.config.hang_seconds) or self.config.hang_then == "drop":
                return self._drop(h)
        good = canonical_json(answer)
        content, finish = good, "stop"
        sloppy = self.choose_sloppy(root) if fault is None and attempt <= self.config.sloppy_attempts else None
        if sloppy is not None:
            entry["fault"] = f"sloppy:{sloppy}"
            content = sloppy_content(sloppy, answer, output_type, _unit("sloppy-pick", self.config.seed, root))
        if fault in ("malformed_json", "schema_violation", "truncated"):
            content = faulty_content(fault, good, output_type, answer, _schema_of(body, body["messages"]))
            finish = "length" if fault == "truncated" else "stop"
        self._send(h, entry, 200, self._completion(body, entry["key"], content, finish))

    def _completion(self, body: dict, key: str, content: str, finish: str) -> dict:
        """A chat.completion object, with token counts estimated at four characters a token."""
        prompt_chars = sum(len(_text(m.get("content"))) for m in body["messages"] if isinstance(m, dict))
        prompt, completion = math.ceil(prompt_chars / 4), math.ceil(len(content) / 4)
        return {"id": f"chatcmpl-{key[:24]}", "object": "chat.completion", "created": CREATED, "model": body["model"],
                "system_fingerprint": "fp_worldsmith_test",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "refusal": None},
                             "logprobs": None, "finish_reason": finish}],
                "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}}

    @staticmethod
    def _model_card(name: str) -> dict:
        """One entry of the model list."""
        return {"id": name, "object": "model", "created": CREATED, "owned_by": "worldsmith"}

    @staticmethod
    def _unknown_model(name: str) -> dict:
        """The 404 body for a model the server does not serve."""
        return _error(f"The model `{name}` does not exist or you do not have access to it.",
                      "invalid_request_error", "model_not_found", "model")

    def _send(self, h: _Handler, entry: dict, status: int, payload: dict, headers: dict[str, str] | None = None) -> None:
        """Write a JSON response, unless the client has already gone, and mark the record completed."""
        entry["status"] = status
        if _peer_gone(h.connection):
            h.close_connection = True
            return
        data = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode() + b" " * self.config.padding
        h.send_response(status)
        h.send_header("Content-Type", "application/json")
        if self.config.length_header:
            h.send_header("Content-Length", str(len(data)))
        else:
            h.send_header("Connection", "close")
            h.close_connection = True
        h.send_header("x-request-id", f"req_{entry['n']}")
        for name, value in (headers or {}).items():
            h.send_header(name, value)
        h.end_headers()
        if self.config.trickle:
            for i in range(len(data) - 1):
                if self._stopping.wait(self.config.trickle):
                    return
                h.wfile.write(data[i:i + 1])
                h.wfile.flush()
        else:
            h.wfile.write(data[:-1])
        # Record before the last byte: the client cannot finish reading until it arrives, so whoever
        # holds a response also finds it in .requests and the log, with no race.
        entry["completed"] = True
        self._stamp(entry, h.started)
        self._record(entry)
        h.recorded = True
        h.wfile.write(data[-1:])
        h.wfile.flush()

    @staticmethod
    def _drop(h: _Handler) -> None:
        """Close the connection without a response."""
        h.close_connection = True
        try:
            h.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


# ---------------------------------------------------------------- console entry

def _fault(text: str) -> tuple[str, float]:
    """One --fault NAME=RATE."""
    name, sep, rate = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected NAME=RATE, got {text!r}")
    try:
        return name.strip(), float(rate)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"the rate of {name!r} is not a number: {rate!r}") from exc


def sloppy_shares(shares: dict[str, float]) -> dict[str, float]:
    """Sloppy shares with `all=R` spread evenly over the seven kinds (R in all)."""
    total = shares.pop("all", None)
    if total is not None:
        shares = {**{k: total / len(SLOPPY) for k in SLOPPY}, **shares}
    return shares


def main(argv: list[str] | None = None) -> int:
    """Run the test server in the foreground until SIGTERM or SIGINT."""
    p = argparse.ArgumentParser(prog="python -m worldsmith.generators.backends.test_server",
                                description="An OpenAI-compatible test server on 127.0.0.1.")
    p.add_argument("--port", type=int, default=8765, help="0 picks a free port (default 8765)")
    p.add_argument("--model", action="append", dest="models", help="a model name to serve (repeatable)")
    p.add_argument("--api-key", help="require this bearer key (or set WORLDSMITH_TEST_SERVER_KEY)")
    p.add_argument("--latency", type=float, default=0.0)
    p.add_argument("--jitter", type=float, default=0.0)
    p.add_argument("--fault", type=_fault, action="append", default=[], help="NAME=RATE, e.g. rate_limit=0.2 (repeatable)")
    p.add_argument("--retry-after", type=float, default=1.0)
    p.add_argument("--hang-seconds", type=float, default=5.0)
    p.add_argument("--hang-then", choices=["answer", "drop"], default="answer")
    p.add_argument("--trickle", type=float, default=0.0, help="seconds between the bytes of every response body")
    p.add_argument("--padding", type=int, default=0, help="bytes of JSON whitespace after every response body")
    p.add_argument("--no-length", action="store_true", help="send no Content-Length: the body runs to the close")
    p.add_argument("--unsupported-format", action="append", default=[], choices=["json_schema", "json_object"],
                   help="answer 400 to this response_format type (repeatable)")
    p.add_argument("--sloppy", type=_fault, action="append", default=[],
                   help=f"KIND=RATE, one of {', '.join(SLOPPY)} (repeatable), or all=RATE for a share across the seven")
    p.add_argument("--mode", choices=["composer", "schema-only"], default="composer",
                   help="composer: the offline composer's answers; schema-only: arbitrary values that follow only "
                        "the JSON schema sent, as a model that knows nothing of the matter")
    p.add_argument("--answers", type=Path, help="answers made before (TestServer.write_answers()), by question: a "
                                                   "question found there is answered from it instead of composed")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--log", type=Path, help="append one JSON line per request to this file")
    args = p.parse_args(argv)
    config = ServerConfig(port=args.port, models=args.models or ["test-model"],
                          api_key=args.api_key or os.environ.get("WORLDSMITH_TEST_SERVER_KEY"),
                          latency=args.latency, jitter=args.jitter, faults=dict(args.fault),
                          retry_after=args.retry_after, hang_seconds=args.hang_seconds, hang_then=args.hang_then,
                          trickle=args.trickle, padding=args.padding, length_header=not args.no_length,
                          unsupported_formats=args.unsupported_format, seed=args.seed, log_path=args.log,
                          sloppy=sloppy_shares(dict(args.sloppy)), mode=args.mode.replace("-", "_"),
                          answers=args.answers)
    done = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: done.set())
    server = TestServer(config)
    # Every kind's composer loaded before the URL is given, as a real endpoint is warm before it takes requests:
    # loaded on the first request, it held the first hundred requests of a benchmark for a second.
    content_types()
    url = server.start()
    # The first line of stdout is the base URL, for a parent process that started us with --port 0.
    print(url, flush=True)
    try:
        while not done.wait(0.2):
            pass
    finally:
        server.stop()
        print(json.dumps(server.stats()), file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
