"""Prompts as files: the versioned templates under generators/prompts/ turned into chat messages.

The contract every backend and the test server rely on, ordered from what most calls share to what is
one call's own, so that a server's prefix cache pays for the shared part once:
  messages = [system, user]
  system  the stable prefix of one world (writer's rules, world brief) and, last, a fenced block opened
          by "```json worldsmith-world" holding the world's part of every artifact's context (title,
          summary, locale, window, organisations, cast: the one copy of the cast and sides); rendered
          only from those, so it is byte-identical across a world's calls;
  user    the kind's rules (the same for every call of a kind), then (schema-in-prompt modes) the
          JSON schema, then the author's voice with its block "```json worldsmith-voice" (shared by the
          author's calls of the kind), then the thread so far (shared by the author's later messages of
          the thread; put before the voice it measured worse: a thread's authors alternate), then this
          artifact's own instructions (people, beat, facts with their reasons and
          sources, the message answered, repair notes), then a line `worldsmith-output: <TypeName>`
          and, last, a fenced block opened by "```json worldsmith-context" holding the rest of the
          context's JSON (people by id where the world block has them, the answered message's body
          left to its fenced "```text worldsmith-parent chars=N" block in the instructions) and closed
          by "```".
A reader rebuilds the whole context with context_parts() and merge_context().
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from string import Template
from typing import Any, Literal

from pydantic import BaseModel

from worldsmith.generators.context import ArtifactContext, FactRef, PersonRef
from worldsmith.generators.expansion import ExpansionContext
from worldsmith.worlds import kinds

# Bump when any template or the rendering below changes what a model is told: it is part of every
# cache key and of the manifest, so a new version never reuses answers to old prompts.
PROMPT_VERSION = "2026-12-10"  # 2: beats, sides, genres, facts by label outside their establishing files; 3: sheet
# skeletons; 4: the model writes prose only (each kind's prose type), facts as {{id}} placeholders; 5: shared-first
# order, sides in the system message, the thread so far, facts' reasons and sources; 6: built for a prefix cache:
# the world's part of the context in the system message, the voice as its own block before the thread, the context
# block without what earlier blocks carry, each thing said once; 7: the context block without fields at their default;
# 8: the cast and sides once, in the world block; 9: the body of the message answered once, fenced with its length;
# 10: people in a file's instructions by name only (the cast has their titles, organisations and emails)

Mode = Literal["json_schema", "json_object", "prompt"]
MODES: tuple[str, ...] = ("auto", "json_schema", "json_object", "prompt")

_DIR = Path(__file__).resolve().parent / "prompts"
CONTEXT_FENCE = "```json worldsmith-context"
WORLD_FENCE = "```json worldsmith-world"
VOICE_FENCE = "```json worldsmith-voice"
PARENT_FENCE = "```text worldsmith-parent"
_PART = re.compile(r"^```json worldsmith-(world|voice)[ \t]*\n(.*?)\n```", re.MULTILINE | re.DOTALL)
_PARENT = re.compile(r"^```text worldsmith-parent chars=(\d+)\n", re.MULTILINE)
# The context's fields that are the same for every artifact of a world: the system message's block carries them.
WORLD_FIELDS = ("world_title", "world_summary", "locale", "window_start", "organisations", "cast")
# Fields that hold people: the context block names a person of the cast by id.
PEOPLE_FIELDS = ("author", "to", "cc", "parent_author")
OUTPUT_MARKER = "worldsmith-output:"

# Keywords that only add bytes, or that strict structured output rejects and validation does not
# apply either (a default is filled in, a title is a label). Every rule validation applies (minLength,
# maxLength, minItems, enum) is sent: what the model is asked is what is checked.
_DROP = {"default", "title", "discriminator", "examples"}


@functools.lru_cache(maxsize=None)
def template(name: str, folder: Path | None = None) -> Template:
    """The template <folder>/<name>.md (default folder: generators/prompts/; a kind's is its `prompts`)."""
    return Template(((folder or _DIR) / f"{name}.md").read_text(encoding="utf-8"))


def _strict(node: Any) -> Any:
    """A schema node made strict: closed objects, every property required, const as a one-value enum."""
    if isinstance(node, list):
        return [_strict(n) for n in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in _DROP:
            continue
        if key in ("properties", "$defs"):
            # The keys of these maps are field and type names, not keywords: keep every one.
            out[key] = {name: _strict(sub) for name, sub in value.items()}
        else:
            out[key] = _strict(value)
    if "const" in out:
        out["enum"] = [out.pop("const")]
    if out.get("type") == "object" or "properties" in out:
        out["additionalProperties"] = False
        out["required"] = list(out.get("properties", {}))
    return out


@functools.lru_cache(maxsize=None)
def _schema_text(output_type: type[BaseModel]) -> str:
    # Keys keep pydantic's order: a model writes fields in schema order, and `kind` first reads best.
    return json.dumps(_strict(output_type.model_json_schema()), separators=(",", ":"))


def output_schema(output_type: type[BaseModel]) -> dict[str, Any]:
    """The strict-compatible JSON schema of an output type ($defs kept, objects closed, all required)."""
    return json.loads(_schema_text(output_type))


def _person(p: PersonRef) -> str:
    # The name only: the system message's cast (a prefix every call shares) has each person's title, organisation
    # and email; spelling them out on every From, To, Cc and Readers line cost 33 of a call's 851 uncached tokens
    # (bench.llm_throughput).
    return p.name


def _people(people: list[PersonRef]) -> str:
    return "; ".join(_person(p) for p in people) or "(none)"


def _facts(facts: list[FactRef]) -> str:
    if not facts:
        return ""
    lines = []
    for f in facts:
        # The engine owns the value: the model writes {{id}} and the engine puts the exact text there.
        if f.establish or not f.label:
            lines.append(f"- {{{{{f.id}}}}} = {f.text} ({f.label or f.id}): this file establishes it: {f.statement}")
        else:
            # Its full statement is in the context block, once: the model is told not to restate it.
            lines.append(f'- {{{{{f.id}}}}} = {f.text}: "{f.label}"')
        if f.reason:
            lines.append(f"  why it is what it is: {f.reason}")
        if f.source:
            lines.append(f"  where a reader finds it: {f.source}")
    # What to do with each is said once, not on every line.
    return ("\n# Facts to carry: write each value as its {{id}}, which the engine replaces with the exact text\n"
            "Name each by its label with its value, in a phrasing of your own, and do not restate its full statement "
            "(the context block has it); a fact this file establishes, state in full, in your own words.\n"
            + "\n".join(lines) + "\n")


_BEATS = {
    "ask": "open the thread with a clear ask of the recipients",
    "inform": "open the thread and set out where things stand",
    "send": "open the thread by sending the material it is about",
    "answer": "answer the question or point of the message below, with the figure or reason it needs",
    "question": "ask a pointed question back about something in the message below",
    "object": "push back on the message below and say why",
    "confirm": "confirm what is agreed and who does what next",
    "decide": "take the decision and say it plainly",
    "noted": "note the decision the message below took (it is theirs to take, not yours) and say what you will do",
    "ack": "acknowledge briefly (a line)",
    "forward": "forward the message below to someone who was not on the thread, saying why they need it",
}


def _story(context: ArtifactContext) -> str:
    """What the message does in the thread's story, what it is about, and whether it may be marked privileged."""
    spec = context.spec
    lines = []
    beat = getattr(spec, "beat", "")
    if beat:
        lines.append(f"Your move in this thread: {_BEATS.get(beat, beat)}.")
    if getattr(spec, "decision", ""):
        lines.append(f'The decision to state (begin a sentence with "Decision:"): {spec.decision}.')
    if context.thread_labels:
        lines.append("The thread is about: " + "; ".join(context.thread_labels) + " (refer to them by these names).")
    for att in getattr(spec, "attachments", []):
        # The renderer attaches the room's file and lists it on an "Attached:" line; the text says what it is.
        lines.append(f"This message attaches the file {att.path.rsplit('/', 1)[-1]} ({att.title}): say in a sentence "
                     "what you attach and why; do not write an \"Attached:\" line.")
    # What each answer means is said once, in the system message's rules.
    lines.append("Privileged circle: everyone on it is inside." if context.privileged else
                 "Privileged circle: someone on it is outside.")
    return "\n".join(lines) + "\n"


def _distractor(context: ArtifactContext) -> str:
    if not context.distractor_label:
        return ""
    # A distractor carries a deliberately wrong value: the writer must not "correct" it, and must label it.
    return (f"\nThis file is a {context.distractor_label}: its figures are meant to differ from later files. "
            f"Use the fact texts above as given, and make clear it is a {context.distractor_label}.\n")


def _voice(context: ArtifactContext) -> str:
    """The author's voice: their occupation in a line, then the whole voice as a block (one copy for a model and a
    composer alike), the same bytes for every call of the author's kind, so a prefix cache holds it once."""
    v = context.voice
    return (f"# Voice of the author: {v.occupation} ({v.family}), {v.style.tone} tone, locale {context.locale}\n"
            "Use their greetings, sign-offs and terms of the trade; they write and use what it lists.\n"
            f"{VOICE_FENCE}\n{v.model_dump_json()}\n```")


def _earlier(context: ArtifactContext) -> str:
    """The thread before the message answered, oldest first: the prefix the thread's later messages share."""
    if context.parent is None or not context.thread:
        return ""
    return "# The thread so far, oldest first\n" + "\n".join(
        f"--- {m.sender}, {m.sent}\n{m.body.strip()}" for m in context.thread)


def _repair(notes: list[str]) -> str:
    if not notes:
        return ""
    return template("repair").substitute(notes="\n".join(f"- {n}" for n in notes))


def people_line(people: list[PersonRef]) -> str:
    """People as a prompt lists them: by name, as the cast lists them ('Ann Lowe; Tom Reid')."""
    return _people(people)


def _artifact_instructions(context: ArtifactContext) -> tuple[str, list[str]]:
    """(the kind's rules, shared by every call of the kind; then, from the most shared to the artifact's own: the
    author's voice, the thread so far, and its people, story, facts, the message answered and repair notes)."""
    spec = context.spec
    common = dict(author=_person(context.author), purpose=spec.purpose or "(as the title says)", story=_story(context),
                  title=spec.title, facts=_facts(context.facts), distractor=_distractor(context))
    kind = kinds.of(spec)
    if not kind.prompt or kind.prompt_fields is None:
        raise TypeError(f"artifact kind {kind.name!r} declares no prompt")
    rules = template(f"{kind.prompt}_rules", kind.prompts).template.rstrip("\n")
    own = template(kind.prompt, kind.prompts).substitute(common, **kind.prompt_fields(context)).rstrip("\n")
    return rules, [p for p in (_voice(context), _earlier(context), own + "\n" + _repair(context.repair)) if p]


def _expansion_instructions(context: ExpansionContext) -> str:
    facts = "\n".join(f"- {f.id}: {f.statement}" for f in context.facts) or "(none)"
    return template("expand").substitute(window_start=context.window_start.isoformat(),
                                         window_end=context.window_end.isoformat(), timezone=context.timezone,
                                         folders=", ".join(context.folders) or "(any)",
                                         existing="; ".join(context.existing_titles) or "(none)",
                                         facts=facts, budget=context.budget)


def system_message(context: ArtifactContext | ExpansionContext) -> str:
    """The system message: the same bytes for every call of one world."""
    if isinstance(context, ExpansionContext):
        cast = "\n".join(["role | title | organisation | people"] +
                         [f"{r.role} | {r.title} | {r.organisation} | {r.people}" for r in context.roles])
        sides = "(as the summary says)"
    else:
        # One copy of each, in the block at the end: it is what a model reads and what a composer is given.
        cast = "(in the block at the end: `cast`, each person's name, title, organisation and email)"
        sides = ("(in the block at the end: `organisations`, with whom each acts for, who engaged it and whether it is "
                 "inside the privileged circle)")
    text = template("system").substitute(world_title=context.world_title, world_summary=context.world_summary,
                                         cast=cast, sides=sides)
    if isinstance(context, ExpansionContext):
        return text
    return f"{text.rstrip()}\n\n# The world's part of every file's context\n{WORLD_FENCE}\n{world_json(context)}\n```"


def world_json(context: ArtifactContext) -> str:
    """The world's part of an artifact's context (WORLD_FIELDS), as the system message's block carries it."""
    return context.model_dump_json(include=set(WORLD_FIELDS))


def context_json(context: ArtifactContext | ExpansionContext) -> str:
    """The context as the prompt's last block carries it: for an artifact, without what the world and voice blocks
    carry, and each person of the cast by id (merge_context() puts them back)."""
    if not isinstance(context, ArtifactContext):
        return context.model_dump_json()
    # The thread before the parent is in the instructions (a composer needs only the parent); the cited sheets are
    # shown there too, and no composer reads them. A field at its default is left out: validation puts it back.
    # Python data in JSON mode, not JSON text parsed back: the same values, without a parse per call.
    omit = {*WORLD_FIELDS, "voice", "thread", "cited_sheets"}
    data = _lean(context.model_dump(mode="json", exclude=omit),
                 context.model_dump(mode="json", exclude=omit, exclude_defaults=True))
    cast = {p.id: p for p in context.cast}

    def ref(person: PersonRef | None, dumped: Any) -> Any:
        return person.id if person is not None and cast.get(person.id) == person else dumped

    for name in PEOPLE_FIELDS:
        if name in data:
            value = getattr(context, name)
            data[name] = ([ref(p, d) for p, d in zip(value, data[name])] if isinstance(value, list)
                          else ref(value, data[name]))
    if context.parent is not None:
        del data["parent"]["body"]  # the instructions show it, fenced: merge_context() takes it from there
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


# Fields that tell a union's members apart: kept at their default, or the union could not be read back.
_TAGS = ("kind", "type")


def _lean(full: Any, lean: Any) -> Any:
    """The JSON without the fields at their default (`lean`), but with every union tag of `full` kept."""
    if full == lean:
        return lean  # nothing at its default below here (both are dumps of one model, so in the same key order)
    if isinstance(full, dict) and isinstance(lean, dict):
        return {k: _lean(v, lean[k]) if k in lean else v for k, v in full.items() if k in lean or k in _TAGS}
    if isinstance(full, list) and isinstance(lean, list) and len(full) == len(lean):
        return [_lean(f, x) for f, x in zip(full, lean)]
    return lean


def context_parts(text: str) -> dict[str, Any]:
    """The parts of a context that one message's text carries outside its context block: the world's and the
    voice's blocks (JSON data) and the body of the message answered (text), by name: world, voice, parent_body."""
    parts: dict[str, Any] = {name: json.loads(block) for name, block in _PART.findall(text)}
    m = _PARENT.search(text)
    if m is not None:
        parts["parent_body"] = text[m.end():m.end() + int(m.group(1))]
    return parts


def merge_context(own: dict[str, Any], world: dict[str, Any] | None = None, voice: dict[str, Any] | None = None,
                  parent_body: str | None = None) -> dict[str, Any]:
    """An artifact's whole context (as JSON data) from its context block and the parts before it (context_parts())."""
    merged = {**(world or {}), **own}
    if voice is not None and "voice" not in own:
        merged["voice"] = voice
    if parent_body is not None and isinstance(merged.get("parent"), dict) and "body" not in merged["parent"]:
        merged["parent"] = {**merged["parent"], "body": parent_body}
    cast = {p["id"]: p for p in merged.get("cast") or [] if isinstance(p, dict) and "id" in p}
    for name in PEOPLE_FIELDS:
        if name not in merged:
            continue
        value = merged[name]
        merged[name] = [cast.get(p, p) if isinstance(p, str) else p for p in value] if isinstance(value, list) \
            else cast.get(value, value) if isinstance(value, str) else value
    return merged


def user_message(context: ArtifactContext | ExpansionContext, output_type: type[BaseModel], mode: str) -> str:
    """The per-call message, shared-first for a server's prefix cache: the kind's rules, the schema where the
    server is not given it, the author's voice, the thread so far, this artifact's own instructions, the context
    block."""
    if isinstance(context, ExpansionContext):
        shared, own = "", [_expansion_instructions(context)]
    else:
        shared, own = _artifact_instructions(context)
    parts = [shared, ""] if shared else []
    if mode in ("json_object", "prompt"):
        # Without a json_schema response_format the model only knows the shape from here.
        parts += [f"# JSON schema of the answer\n```json\n{_schema_text(output_type)}\n```", ""]
    for part in own:
        parts += [part.rstrip("\n"), ""]
    parts += [f"{OUTPUT_MARKER} {output_type.__name__}", f"{CONTEXT_FENCE}\n{context_json(context)}\n```"]
    return "\n".join(parts)


def render_messages(context: ArtifactContext | ExpansionContext, output_type: type[BaseModel],
                    mode: str = "json_schema") -> list[dict[str, str]]:
    """The [system, user] chat messages asking for `output_type` in the given structured-output mode."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; use one of {', '.join(MODES)}")
    return [{"role": "system", "content": system_message(context)},
            {"role": "user", "content": user_message(context, output_type, mode)}]


def reask_message(error: str, output_type: type[BaseModel]) -> dict[str, str]:
    """The user message that follows an unusable answer, showing what was wrong with it."""
    return {"role": "user", "content": template("reask").substitute(error=error, type_name=output_type.__name__)}
