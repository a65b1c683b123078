"""Prompts as files: the versioned templates under generators/prompts/ turned into chat messages.

The contract every backend and the test server rely on, ordered from what most calls share to what is
one call's own, so that a server's prefix cache pays for the shared part once:
  messages = [system, user]
  system  the stable prefix of one world (writer's rules, how to carry facts, world brief) and, last, a fenced block
          opened by "```json worldsmith-world" holding the world's part of every artifact's context (title,
          summary, locale, window, organisations, cast, the world's seed: the one copy of the cast and sides);
          rendered only from those, so it is byte-identical across a world's calls. No fact is in it: an edited
          fact must leave the prompts (and cached answers) of the files that do not carry it as they were;
  user    the kind's rules (the same for every call of a kind, with the moves of a thread and how to read a sheet's
          lines), then (schema-in-prompt modes) the JSON schema, then the author's voice with its block
          "```json worldsmith-voice" (shared by the author's calls of the kind), then the thread so far (shared by
          the author's later messages of the thread), then this artifact's own instructions, their lines from the
          most shared to its own (author, recipients, purpose and move; a sheet's skeleton, fenced
          "```json worldsmith-skeleton", and a document's headings, which a series most often repeats; the facts'
          lines with their reasons, then the block "```json worldsmith-facts" of what their entries say beyond
          them and the day (statement, paper, working); then the file's day: date, subject, title; where a reader
          finds each figure that day; the message answered, fenced "```text worldsmith-parent chars=N"; repair
          notes), then a line `worldsmith-output: <TypeName>` and, last, a fenced block opened by
          "```json worldsmith-context" holding the rest of the context's JSON and closed by "```".
The context block says nothing the text before it says exactly: the world's and the voice's blocks, the answered
message's body (and the message itself where its body and subject say all of it), a sheet's skeleton, the facts'
block, and every field a line of the instructions shows (title, date, purpose, people by name, the move, a message's
mode, a document's type and sections, a fact's text, label, statement, reason and source, an attachment's path and
title; shown_values() reads them back and the block keeps a field wherever the reading would differ) or the spec
implies (a message's thread, id and parent, its position (a new one's 0, a reply's after the thread shown), the
artifact's seed, a fact's value its text reads as, a cover's attached file, a file's path beyond its folder), nor what
only the engine uses (an email's path and Message-ID: ENGINE_ONLY). A reader rebuilds the whole context with
context_parts() and merge_context(), with stand-ins for the engine's own fields.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
from pathlib import Path
from string import Template
from typing import Any, Literal

from pydantic import BaseModel

from worldsmith.generators.context import ArtifactContext, FactRef, InputRef, PersonRef, artifact_seed
from worldsmith.generators.expansion import ExpansionContext
from worldsmith.worlds import kinds

# Bump when any template or the rendering below changes what a model is told: it is part of every
# cache key and of the manifest, so a new version never reuses answers to old prompts.
PROMPT_VERSION = "2026-12-21"  # 2: beats, sides, genres, facts by label outside their establishing files; 3: sheet
# skeletons; 4: the model writes prose only (each kind's prose type), facts as {{id}} placeholders; 5: shared-first
# order, sides in the system message, the thread so far, facts' reasons and sources; 6: built for a prefix cache:
# the world's part of the context in the system message, the voice as its own block before the thread, the context
# block without what earlier blocks carry, each thing said once; 7: the context block without fields at their default;
# 8: the cast and sides once, in the world block; 9: the body of the message answered once, fenced with its length;
# 10: people in a file's instructions by name only (the cast has their titles, organisations and emails); 11: the
# context block without what the instructions' lines show or the spec implies (read back by context_parts()), how to
# carry facts, a thread's moves, attachments and sheet lines said once in the shared rules, a file's own lines from
# the most shared to its own, each artifact's seed from the world's; 12: the thread so far, each body whole with its
# length, read back by thread_from(); 13: a figure's inputs by label where the file's own fact of that label says
# the rest, and no field at its default in a fact's inputs (`"inputs":[]`, `"working":""`); 14: no email's path or
# Message-ID (the engine's); 15: a paper's day where its title does not end on it, an item's id after its title's slug;
# 16: a sheet's lines' common number format once (skeleton.line_format); 17: a fact's `since` where it is not its
# paper's day; 18: a sheet's skeleton in its own block, before the file's facts, title and day; 19: a document's
# headings before its title and day, what a file's heading says (a message's mode, a document's type and sections) and
# a new message's position 0 not said again, an attached file's path and title read from its line whatever parentheses
# they hold, a cover's file by the cover's item, a file's path as its folder where the rest is its title's file name;
# 20: a fact's standing entry (statement, paper, working) in a block under the facts' lines, before the file's day,
# its day's fields (sources, since, news, inputs) after it, a message's sent time and attached files and a document's
# title after the facts; 21: a reply's position where the thread shown gives it, and an answered message its body and
# subject say all of (`"parent":{}`), not given again

Mode = Literal["json_schema", "json_object", "prompt"]
MODES: tuple[str, ...] = ("auto", "json_schema", "json_object", "prompt")

_DIR = Path(__file__).resolve().parent / "prompts"
CONTEXT_FENCE = "```json worldsmith-context"
WORLD_FENCE = "```json worldsmith-world"
VOICE_FENCE = "```json worldsmith-voice"
PARENT_FENCE = "```text worldsmith-parent"
SKELETON_FENCE = "```json worldsmith-skeleton"
_PART = re.compile(r"^```json worldsmith-(world|voice)[ \t]*\n(.*?)\n```", re.MULTILINE | re.DOTALL)
_PARENT = re.compile(r"^```text worldsmith-parent chars=(\d+)\n", re.MULTILINE)
# The context's fields that are the same for every artifact of a world: the system message's block carries them.
WORLD_FIELDS = ("world_title", "world_summary", "locale", "window_start", "organisations", "cast", "world_seed")
# Fields that hold people: the context block names a person of the cast by id.
PEOPLE_FIELDS = ("author", "to", "cc", "parent_author")
OUTPUT_MARKER = "worldsmith-output:"
FACTS_HEADING = "# Facts to carry"
FACTS_FENCE = "```json worldsmith-facts"
SOURCES_HEADING = "# Where a reader finds each figure on this day"
# A fact's fields that follow the artifact's day (where its figure is read today, since when it holds, whether it is
# news or gone by, its inputs' values and sources today): the context block gives them; the rest of a fact's entry (its
# statement, paper, working, a superseded value) is the same from one file to the next of a series, and the block under
# the facts' lines gives it, before the file's day, where a prefix cache holds it once for the series.
_FACT_DAY_FIELDS = frozenset({"since", "fresh", "past", "source", "source_day", "inputs"})

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


def _facts(context: ArtifactContext) -> str:
    """The facts' lines (placeholder, text, label, reason; a fact this file establishes with its statement), then the
    block of what their entries hold beyond the lines and the file's day (_facts_block); where each is read today is
    in _sources(), after the file's own day."""
    facts = context.facts
    if not facts:
        return ""
    lines = []
    for f in facts:
        # The engine owns the value: the model writes {{id}} and the engine puts the exact text there.
        if f.establish or not f.label:
            lines.append(f"- {{{{{f.id}}}}} = {f.text} ({f.label or f.id}): this file establishes it: {f.statement}")
        else:
            # Its full statement is in the block under the lines, once: the model is told not to restate it.
            lines.append(f'- {{{{{f.id}}}}} = {f.text}: "{f.label}"')
        if f.reason:
            lines.append(f"  why it is what it is: {f.reason}")
    # What to do with each is said once, in the system message's rules (a prefix every call shares): said here, it
    # was 66 tokens every call paid again (bench.llm_throughput).
    text = f"\n{FACTS_HEADING}\n" + "\n".join(lines) + "\n"
    block = _facts_block(context, _fact_lines(text))
    return text + (f"{FACTS_FENCE}\n{block}\n```\n" if block else "")


def _facts_block(context: ArtifactContext, shown: dict[str, dict[str, Any]]) -> str:
    """The facts' entries (as the context block would give them against their lines) without their day's fields: a
    JSON list of each fact's id and what it says beyond its lines (statement, paper, working, a superseded value),
    or its id alone; '' where no fact says more."""
    entries = [_without_day(e) for e in _facts_against_lines(context, shown)]
    if all(isinstance(e, str) for e in entries):
        return ""
    return json.dumps(entries, separators=(",", ":"), ensure_ascii=False)


def _without_day(entry: Any) -> Any:
    if not isinstance(entry, dict):
        return entry
    kept = {k: v for k, v in entry.items() if k not in _FACT_DAY_FIELDS}
    return kept if len(kept) > 1 else entry["id"]


def _sources(context: ArtifactContext) -> str:
    """Where a reader finds each of the file's figures on its day (a sheet's line), after the file's own day: a
    weekly file's sources name that week's sheets."""
    lines = [f"- {{{{{f.id}}}}}: {f.source}" for f in context.facts if f.source]
    return f"\n{SOURCES_HEADING}\n" + "\n".join(lines) + "\n" if lines else ""


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
        # The moves are glossed once, in the kind's rules ($moves).
        lines.append(f"Your move in this thread: {beat}.")
    if getattr(spec, "decision", ""):
        lines.append(f'The decision to state (begin a sentence with "Decision:"): {spec.decision}.')
    if getattr(spec, "point", ""):
        # the outline author's own words: the message is built round them, and the engine restores them if dropped
        lines.append(f"What this message says, word for word as its own paragraph (your move frames it): {spec.point}")
    if context.thread_labels:
        # How to name them is said once, in the system message's rules.
        lines.append("The thread is about: " + "; ".join(context.thread_labels) + ".")
    # What each answer means is said once, in the system message's rules.
    lines.append(f"Privileged circle: {_INSIDE if context.privileged else _OUTSIDE}.")
    return "\n".join(lines) + "\n"


def _attached(context: ArtifactContext) -> str:
    """The files a message attaches, a line each, after its facts: a series of covers (a day's cost log sent each day)
    shares everything before them (the file's path and title name its day)."""
    # The renderer attaches the room's file and lists it on an "Attached:" line; what the text says of it is in the
    # kind's rules (a prefix every call of the kind shares).
    return "".join(f"Attached by the engine: {att.path} ({att.title})\n"
                   for att in getattr(context.spec, "attachments", []))


_INSIDE, _OUTSIDE = "everyone on it is inside", "someone on it is outside"


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
    return (f"# Voice of the author: {v.occupation} ({v.family}; SOC {context.spec.occupation}), {v.style.tone} tone, "
            f"locale {context.locale}\n"
            "Use their greetings, sign-offs and terms of the trade; they write and use what it lists.\n"
            f"{VOICE_FENCE}\n{v.model_dump_json()}\n```")


def _earlier(context: ArtifactContext) -> str:
    """The thread before the message answered, oldest first: the prefix the thread's later messages share."""
    if context.parent is None or not context.thread:
        return ""
    # Each body as it is, its length in its header: a reader takes the thread back whole (thread_from()), as the
    # composer reads it, whatever lines a body holds.
    return THREAD_HEAD + "\n" + "\n".join(
        f"--- {m.sender}, {m.sent} chars={len(m.body)}\n{m.body}" for m in context.thread)


THREAD_HEAD = "# The thread so far, oldest first"
_THREAD_ITEM = re.compile(r"--- (.+?), (\S+) chars=(\d+)\n")


def thread_from(text: str) -> list[dict[str, str]] | None:
    """The thread before the message answered, as _earlier() shows it in a message's text (None if it shows none)."""
    at = text.find(THREAD_HEAD + "\n")
    if at < 0:
        return None
    at += len(THREAD_HEAD) + 1
    out: list[dict[str, str]] = []
    while (m := _THREAD_ITEM.match(text, at)) is not None:
        end = m.end() + int(m.group(3))
        out.append({"sender": m.group(1), "sent": m.group(2), "body": text[m.end():end]})
        at = end + 1  # the line break between two messages
    return out


def kind_rules(kind: Any) -> str:
    """The rules of a kind's calls as the user message opens with them (the same for every call of the kind)."""
    return _rules(kind.prompt, kind.prompts)


@functools.lru_cache(maxsize=None)
def _rules(name: str, folder: Path | None) -> str:
    """A kind's rules, with the moves of a thread glossed where the rules ask for them ($moves)."""
    moves = "\n".join(f"- {beat}: {what}" for beat, what in _BEATS.items())
    return template(f"{name}_rules", folder).safe_substitute(moves=moves).rstrip("\n")


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
                  title=spec.title, facts=_facts(context), sources=_sources(context), distractor=_distractor(context),
                  attached=_attached(context))
    kind = kinds.of(spec)
    if not kind.prompt or kind.prompt_fields is None:
        raise TypeError(f"artifact kind {kind.name!r} declares no prompt")
    rules = _rules(kind.prompt, kind.prompts)
    # one dict, not substitute(common, **fields): that looks every placeholder up through a ChainMap
    own = template(kind.prompt, kind.prompts).substitute({**common, **kind.prompt_fields(context)}).rstrip("\n")
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
        # The same world (its fields, and the cast's and organisations' very objects, made once per plan) gives the
        # same text: written once, not dumped again for each of its calls, and the same string for the cache key's
        # writer (cache.json_string), which escapes it once.
        world = (context.world_title, context.world_summary, context.locale, context.window_start, context.world_seed,
                 *map(id, context.cast), None, *map(id, context.organisations))
        held = _SYSTEM.get(world)
        if held is not None and all(a is b for a, b in zip(held[0], (*context.cast, *context.organisations))):
            return held[1]
        # One copy of each, in the block at the end: it is what a model reads and what a composer is given.
        cast = "(in the block at the end: `cast`, each person's name, title, organisation and email)"
        sides = ("(in the block at the end: `organisations`, with whom each acts for, who engaged it and whether it is "
                 "inside the privileged circle)")
    text = template("system").substitute(world_title=context.world_title, world_summary=context.world_summary,
                                         cast=cast, sides=sides)
    if isinstance(context, ExpansionContext):
        return text
    text = f"{text.rstrip()}\n\n# The world's part of every file's context\n{WORLD_FENCE}\n{world_json(context)}\n```"
    if len(_SYSTEM) >= 16:  # a few worlds at once (a batch); more is another process's work
        _SYSTEM.clear()
    _SYSTEM[world] = ((*context.cast, *context.organisations), text)  # the objects held: their ids are theirs
    return text


_SYSTEM: dict[tuple[Any, ...], tuple[tuple[Any, ...], str]] = {}


def world_json(context: ArtifactContext) -> str:
    """The world's part of an artifact's context (WORLD_FIELDS), as the system message's block carries it. No fact is
    in it: an edited fact must leave the prompts (and cached answers) of the files that do not carry it as they were."""
    return context.model_dump_json(include=set(WORLD_FIELDS))


def context_json(context: ArtifactContext | ExpansionContext, shown: dict[str, Any] | None = None) -> str:
    """The context as the prompt's last block carries it: for an artifact, without what the world and voice blocks
    carry, each person of the cast by id, the facts without what their lines show, and without what the spec
    implies or the instructions' own lines show (`shown`: shown_values() of the text before the block); merge_context()
    puts them all back."""
    if not isinstance(context, ArtifactContext):
        return context.model_dump_json()
    # The thread before the parent is in the instructions (thread_from() reads it back); the cited sheets are
    # shown there too, and no composer reads them. A field at its default is left out: validation puts it back.
    # Python data in JSON mode, not JSON text parsed back: the same values, without a parse per call.
    omit = {*WORLD_FIELDS, "voice", "thread", "cited_sheets"}
    full = context.model_dump(mode="json", exclude=omit)
    data = _lean(full, context.model_dump(mode="json", exclude=omit, exclude_defaults=True))
    shown = _by_name(shown, context.cast)
    cast = {p.id: p for p in context.cast}

    def ref(person: PersonRef | None, dumped: Any) -> Any:
        return person.id if person is not None and cast.get(person.id) == person else dumped

    for name in PEOPLE_FIELDS:
        if name in data:
            value = getattr(context, name)
            data[name] = ([ref(p, d) for p, d in zip(value, data[name])] if isinstance(value, list)
                          else ref(value, data[name]))
    spec = data["spec"]
    for name in _SPEC_PEOPLE:
        # The author, recipients and readers are the spec's own, by id, almost always: said once, in the spec.
        value = data.get(name, [] if name != "author" else None)
        if value == _spec_people(spec, name):
            data.pop(name, None)
        else:
            data[name] = value  # even at its default: the spec would say otherwise
    if context.facts:
        # the facts as the context's dump holds them, not dumped again (the same values: a list of FactRef)
        data["facts"] = _facts_against_lines(context, (shown or {}).get(("facts",), {}), full["facts"])
        block = (shown or {}).get(("facts_block",))
        if block is not None:
            data["facts"] = _facts_of_day(context, data["facts"], block)
            if data["facts"] == [_entry_id(b) for b in block]:
                del data["facts"]  # the block lists them all, in order, and the day says nothing more of any
    if "week" in data:
        data["week"] = _week_against_facts(context, data["week"], full.get("facts"))
    if context.parent is not None:
        del data["parent"]["body"]  # the instructions show it, fenced: merge_context() takes it from there
    # What the spec implies of itself (its thread, its id, its parent, its facts), and what a line of the instructions
    # shows exactly: left out, or given where it differs, even at its default (a reader would otherwise take the
    # implied or shown value).
    data["spec"] = spec = dict(spec)
    for name, derive in _IMPLIED:
        value = derive(full["spec"], full)
        if value is not _NONE:
            _keep_if_other(spec, name, full["spec"].get(name), value)
    if context.spec.kind == "email" and context.parent is not None:
        # a reply or forward follows the thread so far (its last messages, shown whole) and the message it answers
        _keep_if_other(spec, "position", full["spec"].get("position"), len(context.thread) + 1)
    item, head = full["spec"].get("item"), _title_slug(full["spec"].get("title"))
    if head and isinstance(item, str) and item.startswith(head):
        # an item is named by its title's slug (and a number where two share one): its tail is enough
        spec.pop("item", None)
        if item != head:
            spec["item_tail"] = item[len(head):]
    if context.world_seed is not None:  # the world block has it, and the spec's id
        _keep_if_other(data, "seed", context.seed, artifact_seed(context.world_seed, context.spec.id))
    attached = (shown or {}).get(("attachments",), [])
    if "attachments" in spec and len(attached) == len(spec["attachments"]):
        spec["attachments"] = [{k: v for k, v in a.items() if k == "artifact" or shown_a.get(k) != v}
                               for a, shown_a in zip(spec["attachments"], attached)]
    if len(spec.get("attachments") or []) == 1 and full["spec"].get("item") == _COVER + str(
            spec["attachments"][0].get("artifact")):
        # the message that covers a file is named after it (attachments.py): the file is the cover's item's own
        spec["attachments"] = [{k: v for k, v in spec["attachments"][0].items() if k != "artifact"}]
    folder = _path_folder(full["spec"])
    if folder is not None:  # a file's path is its folder and its title's file name: the folder is enough
        spec.pop("path", None)
        spec["folder"], copy = folder
        if copy:
            spec["copy"] = copy
    for name in ENGINE_ONLY.get(context.spec.kind, ()):
        spec.pop(name, None)  # the renderer's, never a writer's: a reader fills in a stand-in (merge_context())
    if isinstance(spec.get("skeleton"), dict):
        spec["skeleton"] = _skeleton_lean(spec["skeleton"])
    if isinstance(data.get("parent"), dict) and data["parent"].get("kind") == "email":
        data["parent"] = {k: v for k, v in data["parent"].items() if k != "kind"}  # its one kind: the default
    for path, value in (shown or {}).items():
        if path in (("facts",), ("attachments",), ("facts_block",)):
            continue  # taken above, one by one
        holder, into = full, data
        for part in path[:-1]:
            holder, into = holder.get(part), into.get(part)
            if not isinstance(holder, dict) or not isinstance(into, dict):
                break
        else:
            name = path[-1]
            if name in holder:  # a kind's spec without the field: nothing to leave out
                # What the block would say (a person of the cast by id), or the field's default where it says nothing.
                _keep_if_other(into, name, into[name] if name in into else holder[name], value)
    if data.get("parent") == {} and context.parent is not None:
        del data["parent"]  # its body fenced and its subject on its line say it all: merge_context() makes it again
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


_NONE = object()  # a field nothing implies


_COVER = "cover_"  # the item of a message that covers a file: "cover_" and the file's id (attachments.py)
# The extension of a kind's file in the room, where its path is its folder and its title's file name.
_EXTENSIONS = {"document": "docx", "spreadsheet": "xlsx"}


def _path_folder(spec: dict[str, Any]) -> tuple[str, int] | None:
    """(folder, copy) of a file whose path (JSON data) the planner made from its title: '<folder>/<safe_filename(title)>
    [ (<copy>)].<ext>', the copy's number where two files of one folder share a name (0 for none); None for another
    path (the context block then gives it whole)."""
    path, title, ext = spec.get("path"), spec.get("title"), _EXTENSIONS.get(spec.get("kind"))
    if not isinstance(path, str) or not isinstance(title, str) or ext is None or "/" not in path:
        return None
    folder, name = path.rsplit("/", 1)
    stem = name.removesuffix("." + ext)
    base = _safe_filename(title)
    if stem == base:
        return folder, 0
    copy = stem.removeprefix(base + " (")
    if stem.startswith(base + " (") and copy.endswith(")") and copy[:-1].isdigit() and copy[0] != "0":
        return folder, int(copy[:-1])
    return None


def _path_back(spec: dict[str, Any]) -> None:
    """A file's path again from its folder, title and copy (the inverse of _path_folder), in place."""
    folder, ext = spec.pop("folder"), _EXTENSIONS.get(spec.get("kind"))
    copy = spec.pop("copy", 0)
    if isinstance(spec.get("title"), str) and ext is not None:
        spec["path"] = f"{folder}/{_safe_filename(spec['title'])}{f' ({copy})' if copy else ''}.{ext}"


@functools.lru_cache(maxsize=4096)
def _safe_filename(title: str) -> str:
    from worldsmith.generators.planner import safe_filename  # the planner imports the kinds, which import this module
    return safe_filename(title)


def _title_slug(title: Any) -> str:
    """The start of the id the planner gives an item of this title (planner.slugify(title, 32), '_' for '-'); '' for
    no title. The context block gives an item's id as what follows it (`item_tail`), or nothing where it is all."""
    return _slug_of(title) if isinstance(title, str) else ""


@functools.lru_cache(maxsize=8192)
def _slug_of(title: str) -> str:
    """_title_slug() of a title (a series' instances share their item's title)."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:32].rstrip("-")
    return slug.replace("-", "_")


def _skeleton_lean(skeleton: dict[str, Any]) -> dict[str, Any]:
    """A sheet's skeleton (JSON data, fields at their default left out) with its lines' most common number format said
    once, as `line_format`, and on a line only where it differs (a day's cost log said "format":"money" on every one
    of its twenty lines). A line at no format says `"format": null` where there is a line format."""
    lines = skeleton.get("lines")
    if not isinstance(lines, list) or not lines or not all(isinstance(ln, dict) for ln in lines):
        return skeleton
    counts: dict[Any, int] = {}
    for ln in lines:
        counts[ln.get("format")] = counts.get(ln.get("format"), 0) + 1
    common = max(counts, key=counts.get)
    if common is None or counts[common] < 2:
        return skeleton
    out = [{k: v for k, v in ln.items() if k != "format"} if ln.get("format") == common else
           ln if "format" in ln else {**ln, "format": None} for ln in lines]
    return {**skeleton, "line_format": common, "lines": out}


def _skeleton_back(skeleton: dict[str, Any]) -> dict[str, Any]:
    """The inverse of _skeleton_lean."""
    common = skeleton["line_format"]
    lines = [{**ln, "format": common} if isinstance(ln, dict) and "format" not in ln else ln
             for ln in skeleton.get("lines") or []]
    return {k: v for k, v in skeleton.items() if k != "line_format"} | {"lines": lines}


def skeleton_block(context: ArtifactContext) -> str:
    """A sheet's skeleton (its columns and lines, as the context block would give spec.skeleton: fields at their
    default left out, the lines' common format once) fenced as its own block, for the instructions to show before the
    file's facts, title and day: a series' sheets (a schedule, a comparison, a calendar, remade each week) most often
    lay out the same lines, which a prefix cache then holds once. '' for a file without one. The context block leaves
    spec.skeleton out where this block gives it (shown_values() reads it back)."""
    sk = getattr(context.spec, "skeleton", None)
    if sk is None:
        return ""
    lean = _skeleton_lean(_lean(sk.model_dump(mode="json"), sk.model_dump(mode="json", exclude_defaults=True)))
    return f"{SKELETON_FENCE}\n{json.dumps(lean, separators=(',', ':'), ensure_ascii=False)}\n```"


_DATED_TITLE = re.compile(r" - ([A-Z][a-z]+ \d{1,2})$")


@functools.lru_cache(maxsize=4096)
def _paper_day(paper: Any, year: Any) -> str | None:
    """The day (ISO) a paper's title ends on ('... - March 9'), in the matter's first year; None where it ends on none.
    A fact's or input's paper_day is left out of the context block where it is this day (93% of them), and its
    `since` where it is its paper's day (a third)."""
    m = _DATED_TITLE.search(paper) if isinstance(paper, str) and paper else None
    if m is None or not isinstance(year, str) or len(year) < 4:
        return None
    try:
        return dt.datetime.strptime(f"{m.group(1)} {year[:4]}", "%B %d %Y").date().isoformat()
    except ValueError:
        return None

# Fields of a kind's spec that only the engine uses, never a writer (an email's file path in the room and its
# Message-ID are the renderer's; no composer reads them): the context block leaves them out (47 of a message's
# uncached prompt tokens, bench.llm_throughput) and a reader of the prompt fills in these stand-ins, from the id.
ENGINE_ONLY: dict[str, dict[str, Any]] = {
    "email": {"path": lambda spec: f"{spec['id']}.eml", "message_id": lambda spec: f"<{spec['id']}@stand-in.invalid>"},
}


def _keep_if_other(data: dict[str, Any], name: str, actual: Any, implied: Any) -> None:
    """Leave `name` out of `data` where the implied value is the actual one; else give the actual one."""
    if actual == implied:
        data.pop(name, None)
    else:
        data[name] = actual


def _email_id(spec: dict[str, Any], position: int) -> str:
    return f"{spec.get('item')}-m{position}"


# Spec fields their siblings imply, as the planner names them: a message's thread is its item, its id the item and
# its place, its parent the message before it; a file's id is its item; a spec's facts are the context's facts; a new
# message (a thread's first) is at position 0.
_IMPLIED: tuple[tuple[str, Any], ...] = (
    ("position", lambda s, c: 0 if s.get("kind") == "email" and s.get("mode", "new") == "new" else _NONE),
    ("thread", lambda s, c: s.get("item") if s.get("kind") == "email" else _NONE),
    ("id", lambda s, c: _email_id(s, s.get("position", 0) + 1) if s.get("kind") == "email" else s.get("item")),
    ("parent", lambda s, c: (_email_id(s, s["position"]) if s.get("position") else None)
     if s.get("kind") == "email" else _NONE),
    ("facts", lambda s, c: [f if isinstance(f, str) else f.get("id") for f in c.get("facts") or []]),
)


def _instructions_head(text: str) -> str:
    """The own instructions of an artifact, where shown_values() reads (the first line of each label, its own lines
    coming first): from the last '# This ...' heading before the answered message's fence (or the output line) to
    that fence or line."""
    end = len(text)
    for mark in (PARENT_FENCE, "\n" + OUTPUT_MARKER, "\n" + CONTEXT_FENCE):
        at = text.find(mark)
        if 0 <= at < end:
            end = at
    start = text.rfind("\n# This ", 0, end)
    return text[start:end] if start >= 0 else ""


# Lines of the instructions' head that show a field of the context, and how to read it back.
def _title(v: str) -> str:
    while v.startswith(("Re: ", "Fwd: ")):  # a reply's or a forward's subject: the title after its prefixes
        v = v.partition(": ")[2]
    return v


# Lines of the instructions' head that show a field of the context: their labels, whether the line ends with a full
# stop the value leaves out, and how to read the value back. Read line by line, the first line of a label that fits
# (a dozen regular expressions over the text were half of the time a prompt took to render).
_SHOWN: tuple[tuple[tuple[str, ...], tuple[str, ...], bool, Any], ...] = (
    # A file's heading: what kind of message (new, a reply, a forward) or of document it is.
    (("spec", "mode"), ("# This email: ",), False, lambda v: _MODES.get(v)),
    (("spec", "doc_type"), ("# This document: a ",), False, str),
    (("spec", "sections"), ("Sections: ",), False, lambda v: int(v) if v.isdigit() else None),
    (("spec", "title"), ("Title: ", "Subject: "), False, _title),
    (("spec", "sent_at"), ("Sent: ",), False, str),
    (("spec", "date"), ("Date: ",), False, str),
    (("spec", "purpose"), ("Why the thread exists (for you only): ", "Why it exists (for you only): ", "Purpose: "),
     False, str),
    (("thread_labels",), ("The thread is about: ",), True, lambda v: v.split("; ")),
    (("spec", "beat"), ("Your move in this thread: ",), True, str),
    (("privileged",), ("Privileged circle: ",), True, lambda v: {_INSIDE: True, _OUTSIDE: False}.get(v)),
    # People by name, as the cast names them: a reader takes them back to ids by the cast (_by_name).
    (("spec", "author"), ("From: ", "Author: ", "Organiser: "), False, lambda v: _Names([v])),
    (("spec", "to"), ("To: ",), False, lambda v: _Names(_names(v))),
    (("spec", "cc"), ("Cc: ",), False, lambda v: _Names(_names(v))),
    (("spec", "readers"), ("Readers: ",), False, lambda v: _Names(_names(v))),
    (("spec", "attendees"), ("Attendees: ",), False, lambda v: _Names(_names(v))),
)
# _SHOWN by the first two characters of each of their labels, in _SHOWN's order: a line is tried only against the
# labels it could start with (most lines of a prompt, a fact's, a block's or a heading's, start with none).
_SHOWN_BY_HEAD: dict[str, list[Any]] = {}
for _entry in _SHOWN:
    for _head in dict.fromkeys(label[:2] for label in _entry[1]):
        _SHOWN_BY_HEAD.setdefault(_head, []).append(_entry)
_ATTACHED = "Attached by the engine: "
_ATTACHED_SPLIT = re.compile(r"\.[A-Za-z0-9]{1,5} \(")
# An email's heading line by its mode (the email kind's mode_line): read back, the context block need not say it.
MODE_LINES = {"new": "a new message", "reply": "a reply to the message below",
              "forward": "a forward of the message below, with a short note on top"}
_MODES = {line: mode for mode, line in MODE_LINES.items()}


class _Names(tuple):
    """People as a line of the instructions names them, to be taken back to ids by the cast."""


def _names(line: str) -> list[str]:
    return [] if line == "(none)" else line.split("; ")


def _by_name(shown: dict[tuple[str, ...], Any] | None, cast: list[Any]) -> dict[tuple[str, ...], Any]:
    """`shown` with people's names as the ids of the cast (a name the cast does not hold once is left out)."""
    if not shown:
        return {}
    ids: dict[str, str | None] = {}
    for p in cast:
        name, pid = (p.get("name"), p.get("id")) if isinstance(p, dict) else (p.name, p.id)
        ids[name] = None if name in ids else pid  # two people of one name: neither is read back
    out = {}
    for path, value in shown.items():
        if isinstance(value, _Names):
            taken = [ids.get(n) for n in value]
            if any(t is None for t in taken):
                continue
            value = taken[0] if path[-1].endswith("author") else taken
        out[path] = value
    return out


def shown_values(text: str) -> dict[tuple[str, ...], Any]:
    """The context's fields an artifact's instructions (the user message's text before its context block) show on
    lines of their own, by path: what the context block need not say again when they are exact."""
    out: dict[tuple[str, ...], Any] = {}
    attached = []
    head = _instructions_head(text)
    at = head.find("\n" + SKELETON_FENCE + "\n")
    if at >= 0:  # a sheet's skeleton, its own block (skeleton_block()): one line of JSON
        start = at + len(SKELETON_FENCE) + 2
        end = head.find("\n", start)
        if end > start and head.startswith("```", end + 1):
            try:
                out[("spec", "skeleton")] = json.loads(head[start:end])
            except ValueError:
                pass
            head = head[:at] + head[end + 4:]
    for line in head.split("\n"):
        if line.startswith(_ATTACHED) and line.endswith(")"):
            # "<path> (<title>)": the path ends on its file's extension, and either may hold parentheses
            # ('... (2).xlsx', 'Charter Party (ASBATANKVOY form): ...'); the first " (" after an extension splits them.
            rest = line[len(_ATTACHED):-1]
            m = _ATTACHED_SPLIT.search(rest)
            if m is not None:
                attached.append({"path": rest[:m.end() - 2], "title": rest[m.end():]})
            continue
        for path, labels, stop, read in _SHOWN_BY_HEAD.get(line[:2], ()):
            if path in out or not line.startswith(labels) or (stop and not line.endswith(".")):
                continue
            value = line[len(next(label for label in labels if line.startswith(label))):]
            out[path] = read(value[:-1] if stop else value)
            break
    at = text.find("\n" + PARENT_FENCE + " chars=")  # the answered message's sender and subject, above its body
    if at >= 0:
        above = text[:at].rsplit("\n", 2)
        if len(above) == 3 and above[1].startswith("From: ") and above[2].startswith("Subject: "):
            out[("parent_author",)] = _Names([above[1][len("From: "):]])
            out[("parent", "subject")] = above[2][len("Subject: "):]
    facts, block = _fact_sections(text)
    if facts:
        out[("facts",)] = facts
    if block is not None:
        out[("facts_block",)] = block
    at = text.find("# Voice of the author: ")  # the voice's heading, before the thread and the file's own lines
    m = _VOICE_CODE.match(text, at) if at == 0 or at > 0 and text[at - 1] == "\n" else None
    if m is not None:
        out[("spec", "occupation")] = m.group(1)
    at = text.rfind("\n" + OUTPUT_MARKER)
    m = _OUTPUT.match(text, at + 1) if at >= 0 else None
    if m is not None and m.group(1) in _kind_names():
        out[("spec", "kind")] = _kind_names()[m.group(1)]
    if attached:
        out[("attachments",)] = attached
    return out


_VOICE_CODE = re.compile(r"# Voice of the author: .*; SOC ([^)\n]+)\)")
_OUTPUT = re.compile(re.escape(OUTPUT_MARKER) + r" (\w+)$", re.M)


@functools.lru_cache(maxsize=1)
def _kind_names() -> dict[str, str]:
    """The kind each output type is asked for (its content type's name, and its prose type's), by type name."""
    out: dict[str, str] = {}
    for k in kinds.kinds():
        for t in (k.content, k.prose):
            if t is not None:
                out[t.__name__] = k.name
    return out


_ESTABLISHED = re.compile(r"^- \{\{(?P<id>[^{}\n]+)\}\} = (?P<text>.*?) \((?P<label>[^()\n]*)\): this file establishes it: "
                          r"(?P<statement>.*)$")
_NAMED = re.compile(r'^- \{\{(?P<id>[^{}\n]+)\}\} = (?P<text>.*): "(?P<label>.*)"$')
_REASON = "  why it is what it is: "
_SOURCE = re.compile(r"^- \{\{(?P<id>[^{}\n]+)\}\}: (?P<source>.*)$")


def _fact_lines(text: str) -> dict[str, dict[str, Any]]:
    """The facts the instructions list (their section before the answered message), by id: what each line shows
    (text, label, whether the file establishes it and its statement, its reason), and where a reader finds it (the
    section of the day's sources)."""
    return _fact_sections(text)[0]


def _fact_sections(text: str) -> tuple[dict[str, dict[str, Any]], list[Any] | None]:
    """(_fact_lines(), the block under the lines as JSON data, None where there is none)."""
    end = len(text)
    for mark in (PARENT_FENCE, "\n" + OUTPUT_MARKER):
        at = text.find(mark)
        if 0 <= at < end:
            end = at
    start = text.rfind(f"\n{FACTS_HEADING}\n", 0, end)
    if start < 0:
        return {}, None
    out: dict[str, dict[str, Any]] = {}
    last: dict[str, Any] | None = None
    block: list[Any] | None = None
    lines = text[start + len(FACTS_HEADING) + 2:end].split("\n")
    for n, line in enumerate(lines):
        m = _ESTABLISHED.match(line)
        if m is not None:
            last = out[m["id"]] = {"text": m["text"], "label": m["label"], "establish": True,
                                   "statement": m["statement"], "reason": "", "source": ""}
            continue
        m = _NAMED.match(line)
        if m is not None:
            last = out[m["id"]] = {"text": m["text"], "label": m["label"], "establish": False, "reason": "",
                                   "source": ""}
            continue
        if line.startswith(_REASON) and last is not None:
            last["reason"] = line[len(_REASON):]
            continue
        if line == FACTS_FENCE and n + 2 < len(lines) and lines[n + 2] == "```":
            try:
                block = json.loads(lines[n + 1])
            except ValueError:
                block = None
        break  # the section ends at the first line that is none of its own
    # The day's sources, after the file's own lines (and the answered message): the last such section of the text.
    tail = text.rfind("\n" + OUTPUT_MARKER)
    at = text.rfind(f"\n{SOURCES_HEADING}\n", start, tail if tail >= 0 else len(text))
    if at >= 0:
        for line in text[at + len(SOURCES_HEADING) + 2:].split("\n"):
            m = _SOURCE.match(line)
            if m is None or m["id"] not in out:
                break
            out[m["id"]]["source"] = m["source"]
    return out, block if isinstance(block, list) else None


# The context's people fields that the spec names too, by id: the block leaves them out where they agree.
_SPEC_PEOPLE = ("author", "to", "cc")


def _spec_people(spec: dict[str, Any], name: str) -> Any:
    """The ids the spec (as JSON data) gives for the context's `author`, `to` or `cc`: its author; its recipients,
    readers, attendees, or members other than the author; its cc. None where the spec has none."""
    if name == "author":
        return spec.get("author")
    if name == "cc":
        return spec.get("cc", [])
    for field in ("to", "readers", "attendees"):
        if field in spec:
            return spec[field]
    if "members" in spec:
        return [m for m in spec["members"] if m != spec.get("author")]
    return []


def _facts_against_lines(context: ArtifactContext, shown: dict[str, dict[str, Any]],
                         dumped: list[dict[str, Any]] | None = None) -> list[Any]:
    """The artifact's facts as what differs from what their lines in the instructions show (`shown`: text, label,
    establish, statement, reason, source): a fact they give in full is its id alone; else its id and the fields that
    differ (its value, a statement not shown). `dumped`: the facts in JSON mode where the caller has them (read only)."""
    out: list[Any] = []
    mine = dumped if dumped is not None else [fact.model_dump(mode="json") for fact in context.facts]
    year = context.window_start.isoformat() if context.window_start else None
    for fact in mine:
        # Every field that differs, even one at its default (a value's tag is in it with the value); the paper's day
        # where its title does not end on it.
        base = {**_fact_base(fact["id"], shown), "paper_day": _paper_day(fact["paper"], year),
                "since": fact["paper_day"]}  # a value most often took hold the day its paper set it out
        diff = {k: v for k, v in fact.items() if k not in ("id", "inputs") and base.get(k, _NONE) != v}
        if fact["inputs"]:
            diff["inputs"] = [_input_against(i, mine, year) for i in fact["inputs"]]
        out.append({"id": fact["id"], **diff} if diff else fact["id"])
    return out


def _entry_id(entry: Any) -> Any:
    return entry.get("id") if isinstance(entry, dict) else entry


def _facts_of_day(context: ArtifactContext, entries: list[Any], block: list[Any]) -> list[Any]:
    """The facts' entries as the context block gives them where the block under their lines gave the rest: each
    field the block said as it is left out, and any field the block said otherwise (or said of no such fact) given as
    it is; a fact whose entry is then its id alone is its id."""
    said = {_entry_id(b): b for b in block if isinstance(b, dict)}
    whole: dict[str, Any] = {}
    out = []
    for entry in entries:
        fid = _entry_id(entry)
        mine = dict(entry) if isinstance(entry, dict) else {"id": fid}
        for key, value in said.get(fid, {}).items():
            if key == "id":
                continue
            if mine.get(key, _NONE) == value:
                del mine[key]
            elif key not in mine:  # the block said it, and it is otherwise: the day says so
                if not whole:
                    whole = {f.id: f.model_dump(mode="json") for f in context.facts}
                mine[key] = whole.get(fid, {}).get(key)
        out.append(mine if len(mine) > 1 else fid)
    return out


def _facts_with_block(own: Any, block: list[Any]) -> list[Any]:
    """The facts' entries of the context block (or, where it gives none, the block's list) with the block's fields
    under each (the inverse of _facts_of_day)."""
    said = {_entry_id(b): b for b in block if isinstance(b, dict)}
    out = []
    for entry in (own if isinstance(own, list) else block):
        fid = _entry_id(entry)
        if fid in said:
            entry = {**said[fid], **(entry if isinstance(entry, dict) else {})}
        out.append(entry)
    return out


def _input_base(data: dict[str, Any], facts: list[dict[str, Any]], year: Any) -> dict[str, Any]:
    """What a reader knows of a figure's input (JSON data) from its label (and paper): an input is most often a fact
    the artifact carries too (the gross tonnage of a cap it also states), read from the same line of the same sheet
    and set out by the same paper; else the fields at their default, its paper's day the day its title ends on, and
    its value held since its paper's day."""
    label = data["label"]
    held = next((f for f in facts if isinstance(f, dict) and f.get("label") == label), None)
    if held is None:
        day = _paper_day(data.get("paper", ""), year)
        return {**_INPUT_DEFAULTS, "paper_day": day, "since": data.get("paper_day", day)}
    return {**_INPUT_DEFAULTS, **{k: held.get(of, _INPUT_DEFAULTS.get(k)) for k, of in _INPUT_FROM_FACT.items()}}


def _input_against(data: dict[str, Any], facts: list[dict[str, Any]], year: Any) -> dict[str, Any]:
    """An input (JSON data) as the context block gives it: its label, and each other field where it differs from
    what its label implies (_input_base); merge_context() puts the rest back."""
    base = _input_base(data, facts, year)
    return {"label": data["label"], **{k: v for k, v in data.items() if k != "label" and base.get(k, _NONE) != v}}


def _inputs_back(facts: list[Any], year: Any) -> list[Any]:
    """The facts (JSON data, already whole) with each input whole again (the inverse of _input_against)."""
    out = []
    for f in facts:
        if isinstance(f, dict) and isinstance(f.get("inputs"), list):
            f = {**f, "inputs": [_input_back(i, facts, year) for i in f["inputs"]]}
        out.append(f)
    return out


def _input_back(data: Any, facts: list[Any], year: Any) -> Any:
    if not isinstance(data, dict) or not isinstance(data.get("label"), str):
        return data
    return {**_input_base(data, facts, year), **data}


def _fact_back(entry: Any, lines: dict[str, dict[str, Any]], year: Any) -> Any:
    """A fact whole again (JSON data) from its entry in the context block (its id, or its id and what differs) and
    what its lines show; its paper's day, where the entry does not give it, the day the paper's title ends on."""
    if isinstance(entry, str):
        entry = {"id": entry}
    elif not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
        return entry
    whole = {**_fact_base(entry["id"], lines), **entry}
    if "paper_day" not in entry:
        whole["paper_day"] = _paper_day(whole.get("paper"), year)
    if "since" not in entry:
        whole["since"] = whole["paper_day"]
    return whole


def _fact_base(fact_id: str, shown: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """What a reader knows of a fact before its entry in the context block: what its lines show, and the value its
    text reads as (the block gives the value only where the text reads otherwise)."""
    lines = shown.get(fact_id, {})
    value = {"value": _value_of(lines["text"])} if "text" in lines else {}
    return {**_FACT_DEFAULTS, **value, **lines}


_MONEY = re.compile(r"^([A-Z]{3}) ((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)$")
_PERCENT = re.compile(r"^(\d+(?:\.\d+)?)%$")
_NUMBER = re.compile(r"^((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?: (\S.*))?$")


def _value_of(text: str) -> dict[str, Any]:
    """The value (as JSON data) a fact's text most plainly reads as: 'USD 1,250,000' money, '35%' a percent,
    'May 1, 2026' a date, '18,400 barrels' a number and its unit, anything else itself as text."""
    return dict(_read_value(text))  # a copy: a reader puts it in the context it rebuilds


@functools.lru_cache(maxsize=4096)
def _read_value(text: str) -> dict[str, Any]:
    # (once per text: each call reads its facts' texts twice, for its facts' block and its context block, and a text
    # that is no money or percent was tried as a date by strptime each time)
    m = _MONEY.match(text)
    if m:
        return {"type": "money", "amount": m.group(2).replace(",", ""), "currency": m.group(1)}
    m = _PERCENT.match(text)
    if m:
        return {"type": "percent", "value": m.group(1)}
    try:
        return {"type": "date", "value": dt.datetime.strptime(text, "%B %d, %Y").date().isoformat()}
    except ValueError:
        pass
    m = _NUMBER.match(text)
    if m:
        return {"type": "number", "value": m.group(1).replace(",", ""), "unit": m.group(2)}
    return {"type": "text", "value": text}


# A FactRef's fields at their default, as JSON data (a list's default from its factory: `"inputs":[]` said nothing).
_FACT_DEFAULTS = {name: f.get_default(call_default_factory=True) for name, f in FactRef.model_fields.items()
                  if not f.is_required()}
# An input's fields at their default, and those an input takes from the artifact's own fact of its label.
_INPUT_DEFAULTS = {name: f.get_default(call_default_factory=True) for name, f in InputRef.model_fields.items()
                   if not f.is_required()}
_INPUT_FROM_FACT = {"text": "text", "since": "since", "source": "source", "working": "working", "by": "paper_by",
                    "paper": "paper", "paper_day": "paper_day"}
# A week's event names a fact; its label, type and text are the artifact's own fact's more often than not.
_WEEK_FROM_FACT = {"label": lambda f: f.get("label", ""), "type": lambda f: (f.get("value") or {}).get("type", ""),
                     "text": lambda f: f.get("text", "")}


def _week_against_facts(context: ArtifactContext, lean: list[Any],
                        dumped: list[dict[str, Any]] | None = None) -> list[Any]:
    """The week's events without the label, type and text their fact has in the artifact's own facts (`dumped`: the
    facts in JSON mode where the caller has them)."""
    known = ({f["id"]: f for f in dumped} if dumped is not None
             else {f.id: f.model_dump(mode="json") for f in context.facts})
    out = []
    for event, data in zip(context.week or [], lean):
        held = known.get(event.fact) if event.fact else None
        if held is not None:
            data = dict(data)
            for name, of in _WEEK_FROM_FACT.items():
                if getattr(event, name) == of(held):
                    data.pop(name, None)
                else:
                    data[name] = getattr(event, name)
        out.append(data)
    return out


# Fields that tell a union's members apart: kept at their default, or the union could not be read back.
_TAGS = ("kind", "type")


def _lean(full: Any, lean: Any) -> Any:
    """The JSON without the fields at their default (`lean`), but with every union tag of `full` kept."""
    if full == lean:
        return lean  # nothing at its default below here (both are dumps of one model, so in the same key order)
    # (a child equal in both is taken as it is, without a call: most of a context's fields, 40,000 calls a bench run)
    if isinstance(full, dict) and isinstance(lean, dict):
        return {k: (x if (x := lean[k]) == v else _lean(v, x)) if k in lean else v for k, v in full.items()
                if k in lean or k in _TAGS}
    if isinstance(full, list) and isinstance(lean, list) and len(full) == len(lean):
        return [x if f == x else _lean(f, x) for f, x in zip(full, lean)]
    return lean


def _blocks(text: str) -> dict[str, Any]:
    """The world's and the voice's blocks a text holds, as JSON data by name (the last of a name; as _PART finds them,
    by plain search: the regex cost a test server a tenth of its CPU per request). The same text (a world's system
    message, in every request) is read once."""
    held = _BLOCKS.get(text)
    if held is not None:
        return held
    out: dict[str, Any] = {}
    at = 0
    while True:
        at = text.find("```json worldsmith-", at)
        if at < 0:
            break
        m = _PART.match(text, at) if at == 0 or text[at - 1] == "\n" else None
        if m is None:
            at += 3
            continue
        out[m.group(1)] = json.loads(m.group(2))
        at = m.end()
    if "world" in out:  # a system message: the same in every request of its world (a file's own text never is)
        if len(_BLOCKS) >= 16:
            _BLOCKS.clear()
        _BLOCKS[text] = out
    return out


_BLOCKS: dict[str, dict[str, Any]] = {}


def context_parts(text: str) -> dict[str, Any]:
    """The parts of a context that one message's text carries outside its context block: the world's and the
    voice's blocks (JSON data), the body of the message answered (text) and the thread before it, by name: world,
    voice, parent_body, thread."""
    parts: dict[str, Any] = dict(_blocks(text))
    m = _PARENT.search(text)
    if m is not None:
        parts["parent_body"] = text[m.end():m.end() + int(m.group(1))]
    thread = thread_from(text)
    if thread is not None:
        parts["thread"] = thread
    at = text.rfind("\n" + CONTEXT_FENCE)
    if at >= 0:
        parts["shown"] = shown_values(text[:at])
    return parts


def merge_context(own: dict[str, Any], world: dict[str, Any] | None = None, voice: dict[str, Any] | None = None,
                  parent_body: str | None = None, shown: dict[tuple[str, ...], Any] | None = None,
                  thread: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """An artifact's whole context (as JSON data) from its context block and the parts before it (context_parts())."""
    merged = {**(world or {}), **own}
    if parent_body is not None and "parent" not in merged and ("parent", "subject") in (shown or {}):
        merged["parent"] = {}  # the answered message, all of it said before the block (its body and subject)
    shown = _by_name(shown, merged.get("cast") or [])
    block = (shown or {}).get(("facts_block",))
    if isinstance(block, list):
        merged["facts"] = _facts_with_block(own.get("facts"), block)
    if isinstance(merged.get("spec"), dict):
        merged["spec"] = dict(merged["spec"])
        attached = (shown or {}).get(("attachments",), [])
        if isinstance(merged["spec"].get("attachments"), list) and len(attached) == len(merged["spec"]["attachments"]):
            merged["spec"]["attachments"] = [{**b, **a} if isinstance(a, dict) else a
                                             for a, b in zip(merged["spec"]["attachments"], attached)]
        for path, value in (shown or {}).items():
            if path in (("facts",), ("attachments",), ("facts_block",)):
                continue
            holder = merged
            for part in path[:-1]:
                holder = holder.get(part) if isinstance(holder, dict) else None
            if isinstance(holder, dict) and path[-1] not in holder:
                holder[path[-1]] = value
    spec = merged.get("spec")
    if isinstance(spec, dict) and "path" not in spec and isinstance(spec.get("folder"), str):
        _path_back(spec)
    if isinstance(spec, dict):
        for name in _SPEC_PEOPLE:
            if name not in own:
                value = _spec_people(spec, name)
                if value is not None:
                    merged[name] = value
    if isinstance(spec, dict) and isinstance(spec.get("skeleton"), dict) and "line_format" in spec["skeleton"]:
        spec["skeleton"] = _skeleton_back(spec["skeleton"])
    if isinstance(spec, dict) and "item" not in spec and _title_slug(spec.get("title")):
        spec["item"] = _title_slug(spec["title"]) + str(spec.pop("item_tail", ""))
    if isinstance(spec, dict) and isinstance(spec.get("attachments"), list) and len(spec["attachments"]) == 1 \
            and isinstance(spec["attachments"][0], dict) and "artifact" not in spec["attachments"][0] \
            and str(spec.get("item", "")).startswith(_COVER):
        spec["attachments"] = [{"artifact": spec["item"][len(_COVER):], **spec["attachments"][0]}]
    if isinstance(spec, dict) and spec.get("kind") == "email" and "position" not in spec \
            and spec.get("mode", "new") != "new":
        spec["position"] = len(thread or []) + 1
    if isinstance(spec, dict):
        for name, derive in _IMPLIED:
            if name not in spec:
                value = derive(spec, merged)
                if value is not _NONE:
                    spec[name] = value
    if isinstance(spec, dict):
        for name, stand_in in ENGINE_ONLY.get(spec.get("kind"), {}).items():
            if name not in spec and isinstance(spec.get("id"), str):
                spec[name] = stand_in(spec)
    if "seed" not in own and isinstance(merged.get("world_seed"), int) and isinstance(spec, dict) \
            and isinstance(spec.get("id"), str):
        merged["seed"] = artifact_seed(merged["world_seed"], spec["id"])
    if isinstance(merged.get("facts"), list):
        lines = (shown or {}).get(("facts",), {})
        year = merged.get("window_start")
        merged["facts"] = [_fact_back(f, lines, year) for f in merged["facts"]]
        merged["facts"] = _inputs_back(merged["facts"], year)
    if isinstance(merged.get("week"), list):
        known = {f["id"]: f for f in merged.get("facts") or [] if isinstance(f, dict) and "id" in f}
        merged["week"] = [{**{k: of(known[e["fact"]]) for k, of in _WEEK_FROM_FACT.items()}, **e}
                          if isinstance(e, dict) and e.get("fact") in known else e for e in merged["week"]]
    if voice is not None and "voice" not in own:
        merged["voice"] = voice
    if thread is not None and "thread" not in own:
        merged["thread"] = thread
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
    parts.append(f"{OUTPUT_MARKER} {output_type.__name__}")
    text = "\n".join(parts)
    shown = shown_values(text) if isinstance(context, ArtifactContext) else None
    return f"{text}\n{CONTEXT_FENCE}\n{context_json(context, shown)}\n```"


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
