"""Prompts as files: a stable system prefix per world, the user message contract, strict output schemas."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import re

import pytest

from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.context import ArtifactContext, OrgRef, PersonRef, build_context
from worldsmith.generators.engine import generate_contents
from worldsmith.generators.expansion import ExpansionContext, ExpansionProposal, FactBrief, RoleBrief
from worldsmith.generators.planner import plan_world
from worldsmith.generators.backends.prefix_cache import BLOCK, chat_text, tokens
from worldsmith.generators.prompts import (ENGINE_ONLY, FACTS_FENCE, FACTS_HEADING, MODE_LINES, PROMPT_VERSION,
                                           SKELETON_FENCE, context_parts, kind_rules, merge_context, output_schema,
                                           reask_message, render_messages, system_message, template)
from worldsmith.generators.registry import CONTENT_TYPES
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from tests.conftest import MINI
from worldsmith.worlds import kinds
from worldsmith.worlds.content import DocumentContent, EmailContent, SheetContent
from worldsmith.worlds.outline import load_outline

CONTEXT_BLOCK = re.compile(r"^```json worldsmith-context\n(.*?)\n```\Z", re.MULTILINE | re.DOTALL)
PART_BLOCK = re.compile(r"^```json worldsmith-(world|voice)\n(.*?)\n```", re.MULTILINE | re.DOTALL)
FENCED = re.compile(r"^```json[^\n]*\n.*?\n```", re.MULTILINE | re.DOTALL)


def instructions_of(user: str) -> str:
    """The user message's text for a model, without its JSON blocks."""
    return FENCED.sub("", user)


def world_contexts(seed: int = 0) -> list[ArtifactContext]:
    """Every artifact context of the mini world, parents and cited sheets composed offline."""
    outline = load_outline(MINI)
    taxonomy = load_taxonomy()
    plan = plan_world(outline, resolve_cast(outline, taxonomy), seed, "w")
    done = asyncio.run(generate_contents(plan, taxonomy, OfflineBackend()))
    return [build_context(plan, taxonomy, spec, done) for spec in plan.artifacts]


def as_read(context: ArtifactContext) -> ArtifactContext:
    """The context as a reader of its prompt rebuilds it: without the cited sheets' rows (which no composer reads), nor
    the writer's own record of what they handled (engine-only, excluded from the prompt: context.handled_papers), and
    with stand-ins for the spec's fields that only the engine uses (an email's path and Message-ID)."""
    spec = context.spec.model_dump(mode="json")
    spec.update({name: stand_in(spec) for name, stand_in in ENGINE_ONLY.get(spec["kind"], {}).items()})
    return context.model_copy(update={"cited_sheets": [], "handled": {}, "side_sent": [], "spec": type(context.spec).model_validate(spec)})


@pytest.fixture(scope="module")
def contexts() -> list[ArtifactContext]:
    return world_contexts()


def expansion_context() -> ExpansionContext:
    return ExpansionContext(world_title="Mini matter", world_summary="A small matter.",
                            window_start=dt.date(2026, 3, 2), window_end=dt.date(2026, 3, 27),
                            timezone="America/New_York",
                            roles=[RoleBrief(role="partner", title="Partner", organisation="Quillfeather", people=1)],
                            facts=[FactBrief(id="cap", statement="The cap is USD 12,500,000.")],
                            folders=["Correspondence", "Memos"], existing_titles=["Memo re cap"], budget=3, seed=5)


def test_system_message_is_byte_identical_across_a_worlds_artifacts(contexts):
    systems = {render_messages(c, CONTENT_TYPES[c.spec.kind])[0]["content"] for c in contexts}
    assert len(contexts) >= 5 and len(systems) == 1
    system = systems.pop()
    assert contexts[0].world_title in system
    world = json.loads(PART_BLOCK.search(system).group(2))
    assert [PersonRef.model_validate(p) for p in world["cast"]] == contexts[0].cast and contexts[0].cast


def test_system_message_differs_between_worlds(contexts):
    other = world_contexts(seed=3)
    assert system_message(contexts[0]) != system_message(other[0])


def test_messages_are_system_then_user(contexts):
    messages = render_messages(contexts[0], EmailContent)
    assert [m["role"] for m in messages] == ["system", "user"]


def test_user_message_names_the_output_type_and_ends_with_the_context_block(contexts):
    for context in contexts:
        output_type = CONTENT_TYPES[context.spec.kind]
        user = render_messages(context, output_type)[1]["content"]
        assert f"\nworldsmith-output: {output_type.__name__}\n" in user
        block = CONTEXT_BLOCK.search(user)
        assert block is not None, "the context block must close the message"
        # With the world's and the voice's blocks it round-trips to the context, the thread before the parent
        # included (the instructions show it, each body whole), less the cited sheets' rows (which no composer reads).
        messages = render_messages(context, output_type)
        parts = {k: v for m in messages for k, v in context_parts(m["content"]).items()}
        assert ("parent_body" in parts) == (context.parent is not None)
        whole = merge_context(json.loads(block.group(1)), **parts)
        assert ArtifactContext.model_validate_json(json.dumps(whole)) == as_read(context)
        assert not {"cast", "thread", "world_summary", "voice", "organisations"} & set(json.loads(block.group(1)))


def test_user_message_carries_every_fact_text_and_the_author_voice(contexts):
    for context in contexts:
        instructions = instructions_of(render_messages(context, CONTENT_TYPES[context.spec.kind])[1]["content"])
        for fact in context.facts:
            # each fact as the placeholder the model writes and the exact text the engine puts there
            assert f"{{{{{fact.id}}}}} = {fact.text}" in instructions
        assert context.voice.occupation in instructions
        assert context.author.name in instructions


def test_reply_shows_the_thread_so_far(contexts):
    reply = next(c for c in contexts if c.parent is not None)
    instructions = instructions_of(render_messages(reply, EmailContent)[1]["content"])
    assert reply.parent.body.strip() in instructions
    assert f"Subject: Re: {reply.parent.subject}" in instructions or "Subject: Fwd:" in instructions


def test_a_deep_reply_shows_every_earlier_message_of_its_thread(contexts):
    deep = [c for c in contexts if c.thread]
    assert deep, "the mini world has a thread of three messages or more"
    for reply in deep:
        instructions = instructions_of(render_messages(reply, EmailContent)[1]["content"])
        assert "# The thread so far, oldest first" in instructions
        at = [instructions.index(m.body.strip()[:200]) for m in reply.thread]
        assert at == sorted(at) and at[-1] < instructions.index("# The message being")


def test_requests_run_from_what_calls_share_to_what_is_their_own(contexts):
    # system: the world's (one for all); then the kind's rules (one per kind); then voice and the artifact's own
    by_kind: dict[str, set[str]] = {}
    for context in contexts:
        user = render_messages(context, CONTENT_TYPES[context.spec.kind])[1]["content"]
        kind = kinds.of(context.spec)
        rules = kind_rules(kind)
        assert rules.startswith(template(f"{kind.prompt}_rules", kind.prompts).template.split("$")[0].strip())
        assert user.startswith(rules)
        assert user.index("# Voice of the author") < user.index(context.spec.title) < user.index("worldsmith-output:")
        by_kind.setdefault(context.spec.kind, set()).add(user[:len(rules)])
    assert all(len(prefixes) == 1 for prefixes in by_kind.values())


def test_the_system_message_carries_the_sides_once(contexts):
    system = render_messages(contexts[0], EmailContent)[0]["content"]
    world = json.loads(PART_BLOCK.search(system).group(2))
    assert contexts[0].organisations
    assert [OrgRef.model_validate(o) for o in world["organisations"]] == contexts[0].organisations
    assert system.count(contexts[0].organisations[0].role) == 1


def test_distractor_is_labelled_in_the_prompt(contexts):
    draft = next(c for c in contexts if c.distractor_label)
    assert f"This file is a {draft.distractor_label}" in render_messages(draft, DocumentContent)[1]["content"]


def test_repair_notes_appear_only_when_there_are_some(contexts):
    context = contexts[0]
    plain = render_messages(context, EmailContent)[1]["content"]
    note = 'fact cap is planned here, but "USD 12,500,000" is not in the new text of the message'
    repaired = render_messages(context.model_copy(update={"repair": [note]}), EmailContent)[1]["content"]
    assert "Fix what validation found wrong" not in plain
    assert f"- {note}" in instructions_of(repaired)


def test_schema_is_in_the_prompt_only_where_the_server_is_not_given_it(contexts):
    sheet = next(c for c in contexts if c.spec.kind == "spreadsheet")
    schema_text = json.dumps(output_schema(SheetContent), separators=(",", ":"))
    assert schema_text not in render_messages(sheet, SheetContent, "json_schema")[1]["content"]
    for mode in ("json_object", "prompt"):
        user = render_messages(sheet, SheetContent, mode)[1]["content"]
        assert f"```json\n{schema_text}\n```" in user
        assert CONTEXT_BLOCK.search(user) is not None


def test_unknown_mode_is_refused(contexts):
    with pytest.raises(ValueError, match="unknown mode"):
        render_messages(contexts[0], EmailContent, "xml")


def _objects(node):
    if isinstance(node, dict):
        if node.get("type") == "object":
            yield node
        for value in node.values():
            yield from _objects(value)
    elif isinstance(node, list):
        for value in node:
            yield from _objects(value)


@pytest.mark.parametrize("output_type", [EmailContent, DocumentContent, SheetContent, ExpansionProposal])
def test_output_schema_is_strict_compatible(output_type):
    schema = output_schema(output_type)
    objects = list(_objects(schema))
    assert objects
    for obj in objects:
        assert obj["additionalProperties"] is False
        assert obj["required"] == list(obj["properties"])
    text = json.dumps(schema)
    assert '"default"' not in text and '"const"' not in text
    # Field names that look like keywords survive the clean-up.
    assert set(schema["properties"]) == set(output_type.model_fields)


def test_expansion_prompt_follows_the_same_contract():
    context = expansion_context()
    system, user = (m["content"] for m in render_messages(context, ExpansionProposal))
    assert "partner | Partner | Quillfeather | 1" in system
    assert "\nworldsmith-output: ExpansionProposal\n" in user
    assert ExpansionContext.model_validate_json(CONTEXT_BLOCK.search(user).group(1)) == context
    assert "at most 3 further items" in user and "- cap: The cap is USD 12,500,000." in user


def test_reask_shows_the_error_and_the_type():
    message = reask_message("not valid JSON (Expecting value at line 1 column 1)", EmailContent)
    assert message["role"] == "user"
    assert "Expecting value" in message["content"] and "EmailContent" in message["content"]


def test_templates_are_files_and_the_version_is_set():
    for name in ("system", "expand", "repair", "reask"):
        assert template(name).template.strip()
    for kind in kinds.kinds():  # each kind's own two, wherever it keeps them
        assert template(kind.prompt, kind.prompts).template.strip()
        assert template(f"{kind.prompt}_rules", kind.prompts).template.strip()
    assert re.fullmatch(r"\d{4}-\d{2}-\d+", PROMPT_VERSION)


def _shared_blocks(a: list[dict], b: list[dict]) -> int:
    """How many whole 16-token blocks two requests share from their start, as a prefix cache would reuse them."""
    ta, tb = tokens(chat_text(a)), tokens(chat_text(b))
    n = next((i for i, (x, y) in enumerate(zip(ta, tb)) if x != y), min(len(ta), len(tb)))
    return n // BLOCK


def test_two_artifacts_of_a_world_share_the_system_message_and_two_of_a_kind_its_rules(contexts):
    emails = [c for c in contexts if c.spec.kind == "email"]
    document = next(c for c in contexts if c.spec.kind == "document")
    first, second = (render_messages(c, CONTENT_TYPES[c.spec.kind]) for c in emails[:2])
    other = render_messages(document, DocumentContent)
    world = len(tokens(chat_text(first[:1]))) // BLOCK
    assert world >= 40  # the world's brief, cast, sides and block: most of a call, paid once
    assert _shared_blocks(first, other) >= world
    assert _shared_blocks(first, second) > _shared_blocks(first, other)  # the kind's rules too


def test_an_authors_calls_of_a_kind_share_their_voice(contexts):
    by_author: dict[str, list] = {}
    for c in contexts:
        if c.spec.kind == "email":
            by_author.setdefault(c.author.id, []).append(c)
    a, b = next(v for v in by_author.values() if len(v) >= 2)[:2]
    first, second = render_messages(a, EmailContent), render_messages(b, EmailContent)
    upto_voice = first[1]["content"].index("```json worldsmith-voice")
    voice_end = first[1]["content"].index("\n```", upto_voice + 10) + 4
    assert _shared_blocks(first, second) * BLOCK >= len(tokens(chat_text([first[0], {
        "role": "user", "content": first[1]["content"][:voice_end]}]))) - 2 * BLOCK


def test_the_answered_message_is_taken_back_exactly_even_with_a_fence_in_it(contexts):
    reply = next(c for c in contexts if c.parent is not None)
    body = "Thanks. The log reads:\n```\nline 1\n```\n\n# Not a heading of the prompt\nBest,\nA"
    tricky = reply.model_copy(update={"parent": reply.parent.model_copy(update={"body": body})})
    user = render_messages(tricky, EmailContent)[1]["content"]
    assert context_parts(user)["parent_body"] == body
    assert "body" not in json.loads(CONTEXT_BLOCK.search(user).group(1)).get("parent", {})
    assert round_trip(tricky)[0].get("parent") is None  # its body and subject, before the block, say all of it


def test_the_system_message_holds_no_fact_so_that_an_edit_leaves_other_prompts_as_they_were(contexts):
    """The system message is a prefix of every call and part of every cache key: a fact's value or statement in it
    would ask every file again after an edit of that fact, and tell a file dated before the news what it cannot know."""
    plan = plan_world(load_outline(MINI), resolve_cast(load_outline(MINI), load_taxonomy()), 0, "w")
    system = render_messages(contexts[0], EmailContent)[0]["content"]
    for fact in plan.facts:
        assert fact.statement not in system and f'"{fact.id}"' not in system


def test_the_context_block_says_nothing_the_instructions_already_say(contexts):
    for context in contexts:
        user = render_messages(context, CONTENT_TYPES[context.spec.kind])[1]["content"]
        block = json.loads(CONTEXT_BLOCK.search(user).group(1))
        spec = block["spec"]
        if f"Title: {context.spec.title}\n" in user or f"Subject: {context.spec.title}\n" in user:
            assert "title" not in spec
        if context.spec.kind == "email":
            assert "sent_at" not in spec and "thread" not in spec and "id" not in spec
        for fact, said in zip(context.facts, fact_entries(user), strict=True):
            assert said["id"] == fact.id
            # its text and label are on its line of the instructions, and so is the statement of a fact the file
            # establishes: never again in the block
            assert "text" not in said and "label" not in said
            assert fact.establish != ("statement" in said)


def test_a_line_that_does_not_read_back_exactly_leaves_its_field_in_the_block(contexts):
    # (a reply of the mini world need not carry a fact of its own: a forward repeats none the thread gave, mail14)
    reply = next(c for c in contexts if c.parent is not None)
    fact = next(f for c in contexts for f in c.facts)
    odd = fact.model_copy(update={"label": 'the "quoted" cap: "with a colon"', "text": fact.text + ': "x"'})
    tricky = reply.model_copy(update={"facts": [odd, *[f for f in reply.facts if f.id != fact.id]],
                                      "spec": reply.spec.model_copy(update={"purpose": "Line one\nline two"})})
    messages = render_messages(tricky, EmailContent)
    block = json.loads(CONTEXT_BLOCK.search(messages[1]["content"]).group(1))
    parts = {k: v for m in messages for k, v in context_parts(m["content"]).items()}
    whole = merge_context(block, **parts)
    assert ArtifactContext.model_validate_json(json.dumps(whole)) == as_read(tricky)
    assert block["spec"]["purpose"] == "Line one\nline two"


def test_the_thread_so_far_reads_back_whole_whatever_its_bodies_hold(contexts):
    """A composer reads the thread before the parent (a figure its writer gave earlier); over HTTP the server must get
    it back exactly, even when a body holds a line that looks like another message's header."""
    from worldsmith.generators.context import ThreadMessage
    reply = next(c for c in contexts if c.parent is not None)
    odd = [ThreadMessage(sender="Ann Lee", sent="2026-03-02T09:00:00", body="Line one\n--- Bob, 2026 chars=3\nx\n\n"),
           ThreadMessage(sender="Bob Roe, Jr.", sent="2026-03-02T10:00:00", body="  Thanks.\n# The thread so far\n")]
    tricky = reply.model_copy(update={"thread": odd})
    messages = render_messages(tricky, EmailContent)
    parts = {k: v for m in messages for k, v in context_parts(m["content"]).items()}
    assert [ThreadMessage(**t) for t in parts["thread"]] == odd
    block = json.loads(CONTEXT_BLOCK.search(messages[1]["content"]).group(1))
    assert ArtifactContext.model_validate_json(json.dumps(merge_context(block, **parts))).thread == odd


def test_a_figures_inputs_are_given_by_label_where_the_files_own_fact_of_that_label_says_the_rest(contexts):
    """An input that is a fact the file carries too (the tonnage of a cap it also states) is its label alone in the
    block, and every input reads back whole; a fact with no input says nothing of inputs (prompt tokens, issue 22)."""
    from worldsmith.generators.context import InputRef
    context = next(c for c in contexts if len(c.facts) >= 2)
    first, second = context.facts[0], context.facts[1]
    second = second.model_copy(update={"label": second.label or "the other figure", "source": "the sheet's line",
                                       "since": dt.date(2026, 3, 3), "paper": "Memo re cap", "paper_by": "Quillfeather",
                                       "paper_day": dt.date(2026, 3, 4), "working": "a plus b"})
    same = InputRef(label=second.label, text=second.text, since=second.since, source=second.source,
                    by=second.paper_by, paper=second.paper, paper_day=second.paper_day, working=second.working)
    other = InputRef(label="the per-ton limit", text="USD 250", paper="Memo re limits", paper_day=dt.date(2026, 3, 9))
    moved = same.model_copy(update={"text": "USD 1", "by": ""})  # the fact's label, another value and no author
    tricky = context.model_copy(update={"facts": [first.model_copy(update={"inputs": [same, other, moved]}), second,
                                                  *context.facts[2:]]})
    output_type = CONTENT_TYPES[tricky.spec.kind]
    messages = render_messages(tricky, output_type)
    block = json.loads(CONTEXT_BLOCK.search(messages[1]["content"]).group(1))
    parts = {k: v for m in messages for k, v in context_parts(m["content"]).items()}
    whole = merge_context(block, **parts)
    assert ArtifactContext.model_validate_json(json.dumps(whole)) == as_read(tricky)
    said = fact_entries(messages[1]["content"])
    entries = {e["id"]: e for e in said}
    assert entries[first.id]["inputs"] == [{"label": second.label},
                                           {"label": "the per-ton limit", "text": "USD 250", "since": None,
                                            "paper": "Memo re limits", "paper_day": "2026-03-09"},
                                           {"label": second.label, "text": "USD 1", "by": ""}]
    assert all("inputs" not in e for e in said[1:])


def test_an_emails_path_and_message_id_are_the_engines_and_not_in_its_prompt(contexts):
    """A writer needs neither the file's path in the room nor its Message-ID (the renderer's): the prompt leaves them
    out (47 of a message's uncached prompt tokens, issue 22) and a reader gets stand-ins; other kinds keep their path,
    as its folder where the rest is their title's file name, and it reads back whole."""
    emails = [c for c in contexts if c.spec.kind == "email"]
    assert emails and any(c.spec.kind != "email" for c in contexts)
    for context in contexts:
        user = render_messages(context, CONTENT_TYPES[context.spec.kind])[1]["content"]
        spec = json.loads(CONTEXT_BLOCK.search(user).group(1))["spec"]
        if context.spec.kind == "email":
            assert context.spec.message_id not in user and context.spec.path not in user
            assert "path" not in spec and "message_id" not in spec
        elif "path" in spec:
            assert spec["path"] == context.spec.path and "folder" not in spec
        else:
            assert context.spec.path.startswith(spec["folder"] + "/") and context.spec.kind in ("document",
                                                                                                   "spreadsheet")
            messages = render_messages(context, CONTENT_TYPES[context.spec.kind])
            parts = {k: v for m in messages for k, v in context_parts(m["content"]).items()}
            whole = merge_context(json.loads(CONTEXT_BLOCK.search(user).group(1)), **parts)
            assert whole["spec"]["path"] == context.spec.path and "folder" not in whole["spec"]


def test_a_papers_day_and_an_items_id_are_left_to_the_title_that_says_them(contexts):
    """A paper whose title ends on its day ('... - March 9') is not dated again, nor is an item whose id is its title's
    slug (and a number) named again but for its tail; both read back whole, and a day or id the title does not give
    stays in the block (prompt tokens, issue 22)."""
    from worldsmith.generators.context import InputRef
    context = next(c for c in contexts if c.facts and c.spec.kind == "email")
    year = context.window_start.year
    fact = context.facts[0].model_copy(update={"paper": "Memo re cap - March 9", "paper_by": "Quillfeather",
                                               "paper_day": dt.date(year, 3, 9)})
    odd = InputRef(label="the per-ton limit", text="USD 250", paper="Memo re limits - March 4",
                   paper_day=dt.date(year, 3, 5))  # a title that does not say the paper's day
    plain = InputRef(label="the tonnage", text="45,000 GT", paper="Survey report - March 2",
                     paper_day=dt.date(year, 3, 2), since=dt.date(year, 3, 2))  # held since its paper's day
    slug = context.spec.title.lower()
    spec = context.spec.model_copy(update={"item": "x_other_item"})
    for tricky in (context.model_copy(update={"facts": [fact.model_copy(update={"inputs": [odd, plain]}),
                                                        *context.facts[1:]]}),
                   context.model_copy(update={"spec": spec})):
        messages = render_messages(tricky, EmailContent)
        block = json.loads(CONTEXT_BLOCK.search(messages[1]["content"]).group(1))
        parts = {k: v for m in messages for k, v in context_parts(m["content"]).items()}
        assert ArtifactContext.model_validate_json(json.dumps(merge_context(block, **parts))) == as_read(tricky)
    entry = fact_entries(render_messages(context.model_copy(update={"facts": [
        fact.model_copy(update={"inputs": [odd, plain]}), *context.facts[1:]]}), EmailContent)[1]["content"])[0]
    assert "paper_day" not in entry and entry["paper"] == "Memo re cap - March 9"
    assert entry["inputs"][0]["paper_day"] == f"{year}-03-05" and "paper_day" not in entry["inputs"][1]
    assert entry["inputs"][0]["since"] is None and "since" not in entry["inputs"][1]
    assert slug and "item" not in block_of(context)["spec"]
    assert block_of(context.model_copy(update={"spec": spec}))["spec"]["item"] == "x_other_item"


def block_of(context: ArtifactContext) -> dict:
    user = render_messages(context, CONTENT_TYPES[context.spec.kind])[1]["content"]
    return json.loads(CONTEXT_BLOCK.search(user).group(1))


FACTS_BLOCK = re.compile(r"^```json worldsmith-facts\n(.*?)\n```$", re.MULTILINE | re.DOTALL)


def fact_entries(user: str) -> list[dict]:
    """Each fact's entry as a user message gives it: what the block under the facts' lines says of it (all but its
    day's fields), with what the context block says (its day's fields), in the facts' order."""
    block = json.loads(CONTEXT_BLOCK.search(user).group(1))
    m = FACTS_BLOCK.search(user)
    early = {(e["id"] if isinstance(e, dict) else e): e for e in json.loads(m.group(1))} if m else {}
    late = block.get("facts", list(early))
    out = []
    for entry in late:
        fid = entry["id"] if isinstance(entry, dict) else entry
        said = early.get(fid, fid)
        out.append({**({"id": fid} if isinstance(said, str) else said), **(entry if isinstance(entry, dict) else {})})
    return out


def test_a_sheets_lines_say_their_common_number_format_once(contexts):
    """The lines of a sheet's skeleton give their most common number format once (`line_format`), a line only where
    it differs (a day's cost log said "format":"money" on each of its lines: prompt tokens, issue 22), and the
    skeleton reads back whole, a line at no format included."""
    from worldsmith.worlds.content import SheetColumn
    from worldsmith.worlds.plan import SheetLine, SheetSkeleton
    sheet = next(c for c in contexts if c.spec.kind == "spreadsheet")
    lines = [SheetLine(cells=[f"Cost {n}", 1000.0 * n], format="money") for n in range(1, 5)]
    odd = lines + [SheetLine(cells=["Count", 3]), SheetLine(cells=["Share", 0.25], format="percent")]
    skeleton = SheetSkeleton(layout="schedule", columns=[SheetColumn(name="Item"), SheetColumn(name="Amount",
                             type="money")], label=0, amount=1, lines=odd, bottom=3)
    tricky = sheet.model_copy(update={"spec": sheet.spec.model_copy(update={"skeleton": skeleton})})
    messages = render_messages(tricky, SheetContent)
    block = json.loads(CONTEXT_BLOCK.search(messages[1]["content"]).group(1))
    parts = {k: v for m in messages for k, v in context_parts(m["content"]).items()}
    assert ArtifactContext.model_validate_json(json.dumps(merge_context(block, **parts))) == as_read(tricky)
    assert "skeleton" not in block["spec"]  # its own block says it, before the file's facts and title
    user = messages[1]["content"]
    at = user.index(SKELETON_FENCE + "\n") + len(SKELETON_FENCE) + 1
    said = json.loads(user[at:user.index("\n", at)])
    assert said["line_format"] == "money"
    assert [ln.get("format", "-") for ln in said["lines"]] == ["-"] * len(lines) + [None, "percent"]


def test_a_series_sheets_share_their_skeleton_before_their_own_lines(contexts):
    """A sheet's skeleton is its own block, before the file's facts, title and day (issue 22: a weekly schedule lays
    out the same lines each week, and at the end of the prompt, after the day's own lines, they were 1,000 to 2,000
    uncached prompt tokens a week): two sheets of one skeleton and different days share every token up to their facts,
    the context block leaves the skeleton out, and the whole context reads back."""
    from worldsmith.worlds.content import SheetColumn
    from worldsmith.worlds.plan import SheetLine, SheetSkeleton
    sheet = next(c for c in contexts if c.spec.kind == "spreadsheet")
    skeleton = SheetSkeleton(layout="schedule", columns=[SheetColumn(name="Item"), SheetColumn(name="Amount",
                             type="money")], label=0, amount=1, bottom=2, lines=[
        SheetLine(cells=["Cost A", 1200.0]), SheetLine(cells=["Cost B", 800.0]),
        SheetLine(cells=["Total", 2000.0], role="total", formula="SUM({0}:{1})")])
    sheet = sheet.model_copy(update={"spec": sheet.spec.model_copy(update={"skeleton": skeleton})})
    later = sheet.model_copy(update={"spec": sheet.spec.model_copy(update={
        "title": sheet.spec.title + " (next week)", "date": sheet.spec.date + dt.timedelta(days=7)})})
    users = [render_messages(c, SheetContent)[1]["content"] for c in (sheet, later)]
    for user, ctx in zip(users, (sheet, later)):
        fence, title = user.index(SKELETON_FENCE + "\n"), user.index("\nTitle: " + ctx.spec.title + "\n")
        assert fence < title and (FACTS_HEADING not in user or fence < user.index(FACTS_HEADING))
        assert "skeleton" not in json.loads(CONTEXT_BLOCK.search(user).group(1))["spec"]
        messages = render_messages(ctx, SheetContent)
        parts = {k: v for m in messages for k, v in context_parts(m["content"]).items()}
        block = json.loads(CONTEXT_BLOCK.search(user).group(1))
        assert ArtifactContext.model_validate_json(json.dumps(merge_context(block, **parts))) == as_read(ctx)
    shared = users[0][:users[0].index("\n```\n", users[0].index(SKELETON_FENCE)) + 4]
    assert users[1].startswith(shared)


def round_trip(context: ArtifactContext) -> tuple[dict, str]:
    """(the context block, the user message) of a context, after checking that the whole context reads back."""
    messages = render_messages(context, CONTENT_TYPES[context.spec.kind])
    block = json.loads(CONTEXT_BLOCK.search(messages[1]["content"]).group(1))
    parts = {k: v for m in messages for k, v in context_parts(m["content"]).items()}
    assert ArtifactContext.model_validate_json(json.dumps(merge_context(block, **parts))) == as_read(context)
    return block, messages[1]["content"]


def test_what_a_files_heading_says_is_not_said_again(contexts):
    """A message's heading says whether it is new, a reply or a forward, and a new one is its thread's first; a
    document's heading says its type and its 'Sections:' line how many: the context block says none of them again
    (prompt tokens, issue 22), and a reader takes them back."""
    seen = set()
    for context in contexts:
        block, user = round_trip(context)
        spec = block["spec"]
        if context.spec.kind == "email":
            assert "mode" not in spec and f"# This email: {MODE_LINES[context.spec.mode]}\n" in user
            if context.spec.mode == "new":
                assert context.spec.position == 0 and "position" not in spec
            seen.add(context.spec.mode)
        if context.spec.kind == "document":
            assert "doc_type" not in spec and "sections" not in spec
            assert f"\nSections: {context.spec.sections}\n" in user
            seen.add("document")
    assert {"new", "reply", "document"} <= seen
    # what the heading does not say stays in the block: a reply said to be at position 0 is not taken for a new one
    reply = next(c for c in contexts if c.spec.kind == "email" and c.spec.mode == "reply")
    odd = reply.model_copy(update={"spec": reply.spec.model_copy(update={"position": 0})})
    assert round_trip(odd)[0]["spec"]["position"] == 0


def test_a_replys_place_and_the_message_it_answers_are_left_to_the_thread_shown(contexts):
    """A reply follows the thread so far and the message it answers: its position is not given where it is theirs
    (the thread's messages shown, and one), nor the answered message where its body and subject say all of it
    (`"parent":{}`); a position the thread shown does not give (a longer thread, cut) stays (prompt tokens, issue
    22)."""
    replies = [c for c in contexts if c.spec.kind == "email" and c.parent is not None]
    assert replies
    for reply in replies:
        block, user = round_trip(reply)
        assert ("position" in block["spec"]) == (reply.spec.position != len(reply.thread) + 1)
        assert "parent" not in block and f"\nSubject: {reply.parent.subject}\n```text worldsmith-parent" in user
    longer = replies[0].model_copy(update={"spec": replies[0].spec.model_copy(
        update={"position": replies[0].spec.position + 5})})
    assert round_trip(longer)[0]["spec"]["position"] == replies[0].spec.position + 5


def test_an_attached_files_path_title_and_id_are_read_from_its_line(contexts):
    """An attached file's path and title are read from its 'Attached by the engine' line even where either holds
    parentheses ('(2).xlsx', 'Charter Party (ASBATANKVOY form)': the block gave both again, prompt tokens, issue 22),
    and the file a cover message is named after is not named again; another attachment keeps its id."""
    from worldsmith.worlds.plan import Attachment
    email = next(c for c in contexts if c.spec.kind == "email" and c.spec.mode == "new")
    attached = Attachment(artifact="charter_party_asbatankvoy_2", path="Contracts/Charter Party (ASBATANKVOY form) - "
                          "March 9 (2).docx", title="Charter Party (ASBATANKVOY form): March 9")
    cover = email.model_copy(update={"spec": email.spec.model_copy(update={
        "attachments": [attached], "item": "cover_charter_party_asbatankvoy_2",
        "thread": "cover_charter_party_asbatankvoy_2",
        "id": "cover_charter_party_asbatankvoy_2-m1"})})
    block, user = round_trip(cover)
    line = user.index(f"\nAttached by the engine: {attached.path} ({attached.title})\nSent: ")
    # after the lines a series of covers shares (a day's cost log sent each day: the file's path names its day)
    assert user.index("\nPrivileged circle: ") < line and (not cover.facts or user.index(FACTS_HEADING) < line)
    assert block["spec"]["attachments"] == [{}]
    other = cover.model_copy(update={"spec": cover.spec.model_copy(update={"item": "weekly_note_2",
                                                                          "thread": "weekly_note_2",
                                                                          "id": "weekly_note_2-m1"})})
    assert round_trip(other)[0]["spec"]["attachments"] == [{"artifact": attached.artifact}]


def test_a_files_path_is_its_folder_where_the_rest_is_its_titles_file_name(contexts):
    """A document's or sheet's path is '<folder>/<its title's file name>[ (n)].<ext>': the block gives the folder (and
    the copy's number), a path made otherwise whole, and each reads back (prompt tokens, issue 22)."""
    doc = next(c for c in contexts if c.spec.kind == "document")
    folder = doc.spec.path.rsplit("/", 1)[0]
    for path, said in ((doc.spec.path, {"folder": folder}),
                       (doc.spec.path.removesuffix(".docx") + " (3).docx", {"folder": folder, "copy": 3}),
                       (f"{folder}/Another name.docx", {"path": f"{folder}/Another name.docx"}),
                       (doc.spec.path.removesuffix(".docx") + " (03).docx", {}),
                       (doc.spec.path.removesuffix(".docx") + ".pdf", {})):
        block, _ = round_trip(doc.model_copy(update={"spec": doc.spec.model_copy(update={"path": path})}))
        spec = block["spec"]
        assert {k: spec[k] for k in ("folder", "copy", "path") if k in spec} == (said or {"path": path})


def test_a_facts_standing_entry_comes_before_the_files_day_and_its_days_fields_after(contexts):
    """A fact's statement, paper and working are the same from one file of a series to the next; where a reader finds
    it, since when it holds, whether it is news or gone by and its inputs follow the file's day (issue 22: said at the
    end of the prompt, after the file's own day, a weekly memo's facts were hundreds of uncached prompt tokens every
    week). The block under the facts' lines gives the first, before the file's day, and the context block the second;
    the day's sources are a section after the day; a later file of the series shares every token to its day's lines."""
    from worldsmith.generators.prompts import SOURCES_HEADING
    email = next(c for c in contexts if c.spec.kind == "email" and c.facts and c.parent is None)
    fact = email.facts[0].model_copy(update={"source": 'the "Cap" line of the Cap schedule - March 9',
                                             "source_day": dt.date(2026, 3, 9), "fresh": True,
                                             "since": dt.date(2026, 3, 2), "paper": "Memo re cap - March 2",
                                             "paper_by": "Quillfeather", "working": "a plus b"})
    first = email.model_copy(update={"facts": [fact, *email.facts[1:]]})
    later_fact = fact.model_copy(update={"source": 'the "Cap" line of the Cap schedule - March 16',
                                         "source_day": dt.date(2026, 3, 16), "fresh": False})
    later = email.model_copy(update={"facts": [later_fact, *email.facts[1:]], "spec": email.spec.model_copy(
        update={"sent_at": email.spec.sent_at + dt.timedelta(days=7)})})
    users = []
    for context in (first, later):
        block, user = round_trip(context)
        users.append(user)
        early = json.loads(FACTS_BLOCK.search(user).group(1))
        entry = next(e for e in early if isinstance(e, dict) and e["id"] == fact.id)
        assert entry["paper"] == fact.paper and entry["working"] == "a plus b" and "statement" in entry
        assert not {"since", "fresh", "past", "source", "source_day", "inputs"} & {
            k for e in early if isinstance(e, dict) for k in e}
        for e in block.get("facts", []):
            assert isinstance(e, str) or not {"statement", "paper", "paper_by", "working"} & set(e)
        sent = user.index("\nSent: ")
        sources = user.index(f"\n{SOURCES_HEADING}\n- {{{{{fact.id}}}}}: {context.facts[0].source}\n")
        assert user.index(FACTS_FENCE) < sent < sources
        assert context.facts[0].source not in user[:sent]
    assert users[1].startswith(users[0][:users[0].index("\nSent: ")])


def test_a_facts_block_that_says_a_field_otherwise_is_overruled_by_the_context_block(contexts):
    """Whatever the block under the facts' lines says, the context block gives each field that it says otherwise, so the
    whole context reads back (a reader that takes the block's word alone would be told a wrong paper)."""
    context = next((c for c in contexts if c.facts and any(not f.establish and f.paper for f in c.facts)), None)
    if context is None:
        # (since 0bf45eb a cover note names only the figures its file brings, and no artifact of the mini world carries
        # a fact another paper set out: one is given such a paper here, as the planner gives it)
        context = next(c for c in contexts if c.facts and c.spec.kind == "email")
        first = context.facts[0].model_copy(update={"establish": False, "paper": "Engagement letter - March 1"})
        context = context.model_copy(update={"facts": [first, *context.facts[1:]]})
    fact = next(f for f in context.facts if not f.establish and f.paper)
    user = render_messages(context, CONTENT_TYPES[context.spec.kind])[1]["content"]
    m = FACTS_BLOCK.search(user)
    early = json.loads(m.group(1))
    forged = [{**e, "paper": "Another paper - March 1", "superseded": "x"} if isinstance(e, dict) and e["id"] == fact.id
              else e for e in early]
    text = user[:m.start(1)] + json.dumps(forged) + user[m.end(1):user.rindex("\n```json worldsmith-context")]
    from worldsmith.generators.prompts import context_json, shown_values
    own = json.loads(context_json(context, shown_values(text)))
    said = next(e for e in own["facts"] if isinstance(e, dict) and e["id"] == fact.id)
    assert said["paper"] == fact.paper and said["superseded"] == fact.superseded
    system = render_messages(context, CONTENT_TYPES[context.spec.kind])[0]["content"]
    parts = {**context_parts(system), **context_parts(text + "\n```json worldsmith-context\n{}\n```")}
    assert ArtifactContext.model_validate_json(json.dumps(merge_context(own, **parts))) == as_read(context)
