"""The email kind: threads of RFC 5322 messages, one .eml each, and a mailbox per cast member.

Its folder holds: here, the prose a model writes, how the engine merges it, the prompt's fields and KIND;
compose.py (the offline composer), render.py (the .eml) and mailbox.py (each cast member's .mbox),
reader.py and attachments.py (the loader's rows), prompts/ and checks/ (the checks that read only mail).
Its outline item, spec and content stay in worlds/ (outline.py, plan.py, content.py): calendars plan
follow-ups, documents are attached, and the cross-kind checks read the emails table.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from worldsmith.generators.context import ArtifactContext, ThreadMessage, email_context
from worldsmith.generators.kinds.email.attachments import DDL, sent_name
from worldsmith.generators.kinds.email.compose import attached_what, compose_email, subject_of
from worldsmith.generators.kinds.email.mailbox import render_mailboxes
from worldsmith.generators.kinds.email.pointed import carries_point
from worldsmith.generators.kinds.email.reader import load_message, load_mbox, mailbox_role, plan_row
from worldsmith.generators.kinds.email.render import render_eml
from worldsmith.generators.kinds.prose import distractor_line, fact_lines, guard, missing, squash, usable
from worldsmith.generators.planner import _Planner
from worldsmith.generators.prompts import MODE_LINES, PARENT_FENCE, people_line
from worldsmith.generators.render.world import content_of, room_path, write_file
from worldsmith.worlds.content import EmailContent
from worldsmith.worlds import kinds
from worldsmith.worlds.kinds import Kind
from worldsmith.worlds.outline import EmailThreadItem
from worldsmith.worlds.plan import EmailSpec, WorldPlan


def history(plan: WorldPlan, spec: EmailSpec, contents: dict) -> list[tuple[EmailSpec, EmailContent]]:
    """The chain from the thread root to this message's parent, root first."""
    chain = []
    current = spec.parent
    while current is not None:
        parent = plan.artifact(current)
        if not isinstance(parent, EmailSpec) or len(chain) > len(plan.artifacts):
            raise ValueError(f"email {spec.id}: parent chain is broken at {current}")
        chain.append((parent, content_of(contents, parent.id, EmailContent)))
        current = parent.parent
    chain.reverse()
    return chain


# How much of a thread a prompt shows before the message answered: the latest few, each cut short.
THREAD_SHOWN = 6
BODY_SHOWN = 1500


def thread_context(plan: WorldPlan, spec: EmailSpec, done: dict) -> dict:
    """What a message sees: its recipients and the message it answers (email_context), and the thread before that."""
    extra = email_context(plan, spec, done)
    try:
        earlier = history(plan, spec, done)[:-1][-THREAD_SHOWN:]  # the parent is shown in full on its own
    except KeyError:
        earlier = []  # an earlier message that was not made (its failure is on record): the parent still shows
    extra["thread"] = [ThreadMessage(sender=plan.person(s.author).name, sent=s.sent_at.isoformat(),
                                     body=c.body[:BODY_SHOWN]) for s, c in earlier]
    return extra


def attached_bytes(plan, spec: EmailSpec, contents: dict, room: Path) -> list[tuple[str, bytes]]:
    """The (name, bytes) of each file a message attaches: the room's file when it is already written, else that
    file rendered aside by its own kind (rendering is deterministic, so the bytes are the room's)."""
    out = []
    for a in spec.attachments:
        target = room_path(room, a.path)
        if not target.is_file():
            attached = plan.artifact(a.artifact)
            with tempfile.TemporaryDirectory() as aside:
                kinds.of(attached).render(plan, attached, contents, Path(aside))
                data = room_path(Path(aside), a.path).read_bytes()
        else:
            data = target.read_bytes()
        out.append((sent_name(a.path), data))
    return out


def render(plan, spec: EmailSpec, contents: dict, room: Path) -> list[Path]:
    """One message as .eml with its quoted history and the room's files it attaches."""
    data = render_eml(plan, spec, content_of(contents, spec.id, EmailContent), history(plan, spec, contents),
                      attached_bytes(plan, spec, contents, room))
    return [write_file(room_path(room, spec.path), data)]


def render_all(plan, specs: list[EmailSpec], contents: dict, room: Path, changed: set[str] | None = None) -> list[Path]:
    """Every cast member's mailbox, holding the rendered messages byte for byte; with `changed`, only the mailboxes
    of the people on those messages (a repair round's), the others already holding what they would be given."""
    if changed is None:
        return render_mailboxes(plan, [(s, room_path(room, s.path).read_bytes()) for s in specs], room)
    people = {p for aid in changed if (spec := plan.artifact(aid)).kind == "email" for p in _people_of(spec)}
    held = [s for s in specs if not people.isdisjoint(_people_of(s))]
    return render_mailboxes(plan, [(s, room_path(room, s.path).read_bytes()) for s in held], room,
                            only={plan.person(p).email for p in people})


def _people_of(spec) -> list[str]:
    """Whose mailboxes hold a message: its sender's and each recipient's."""
    return [spec.author, *spec.to, *spec.cc]


def from_proposal(proposed, common: dict) -> EmailThreadItem:
    """A thread a model proposed while expanding the outline."""
    return EmailThreadItem(kind="email_thread", messages=proposed.messages, **common)


class EmailProse(BaseModel):
    """What the sender writes: the message's own text. Subject, addresses, date, quoted history and attached
    files are the engine's."""

    model_config = ConfigDict(extra="forbid")
    body: str = Field(min_length=1, max_length=20000,
                      description="the message's own text, plain: greeting, short paragraphs, sign-off and the "
                                  "sender's name; a fact's value written as {{fact_id}}")


# What decision_named reads as a stated decision.
_DECIDED = re.compile(r"(?i)\b(decision|decided|we have agreed|is approved|approved:)\b")


def _signed(body: str, ctx) -> bool:
    """Whether a line of the closing names the sender, as email_signed reads it."""
    first, name = ctx.author.first_name, ctx.author.name
    for line in body[-640:].splitlines():
        line = line.strip()
        if line in (first, name) or line.startswith((name + ",", name + " ")) or \
                (line[:1] in "-–—~" and (line.endswith(" " + first) or line.endswith(" " + name))):
            return True
    return False


def merge(ctx, prose: EmailProse) -> tuple[EmailContent, list[str]]:
    """The message from the sender's prose: the engine's subject, and what the prose must carry and does not (the
    distractor's label, each planned fact, the decision, what is attached, the sender's name) added by the engine."""
    notes: list[str] = []
    spec = ctx.spec
    subject = subject_of(spec, ctx.parent.subject if ctx.parent else None)
    body = guard(prose.body, ctx, notes)
    if not usable(body):
        notes.append("no usable text: the composer's message")
        return compose_email(ctx).model_copy(update={"subject": subject}), notes
    added = []
    if not carries_point(spec, body):
        # the point is the outline author's, word for word: a message that dropped or reworded it carries it as written
        added.append(spec.point)
        notes.append("added the message's point")
    label = distractor_line(ctx, body)
    if label:
        added.append(label)
        notes.append("added the distractor's label")
    lost = missing(body, ctx)
    if lost:
        added += fact_lines(ctx, lost)
        notes.append("added " + ", ".join(f.id for f in lost))
    if getattr(spec, "decision", "") and not _DECIDED.search(body):
        added.append(f"Decision: {spec.decision.rstrip('.')}.")
        notes.append("added the decision")
    if spec.attachments and squash(attached_what(spec)).lower() not in squash(body).lower():
        added.append(f"I attach {attached_what(spec)}.")
        notes.append("added what is attached")
    paragraphs = [p.strip() for p in re.split(r"\n[ \t]*\n", body) if p.strip()]
    if added:
        # before the closing paragraph when there is one, so that the sign-off stays last
        at = len(paragraphs) - 1 if len(paragraphs) > 1 else len(paragraphs)
        paragraphs.insert(at, " ".join(added))
    body = "\n\n".join(paragraphs)
    if not _signed(body, ctx):
        body += ("\n" if body.rstrip().endswith(",") else "\n\n") + ctx.author.first_name
        notes.append("signed with the sender's name")
    return EmailContent(subject=subject, body=body + ("\n" if prose.body.endswith("\n") else "")), notes


def prose_of(ctx, content: EmailContent) -> EmailProse:
    """The sender's prose in a message."""
    return EmailProse(body=content.body)


def _thread(context: ArtifactContext) -> str:
    if context.parent is None:
        return ""
    who = people_line([context.parent_author]) if context.parent_author else "(unknown)"
    # The body once, fenced with its length so that a reader takes it back exactly (the context block leaves it out).
    body = context.parent.body
    return (f"\n# The message being {'replied to' if context.spec.mode == 'reply' else 'forwarded'}\n"
            f"From: {who}\nSubject: {context.parent.subject}\n{PARENT_FENCE} chars={len(body)}\n{body}\n```\n")


def email_fields(context: ArtifactContext) -> dict[str, Any]:
    """The email template's own fields: mode, people, time, subject, the message answered."""
    spec = context.spec
    return dict(mode_line=MODE_LINES[spec.mode], to=people_line(context.to), cc=people_line(context.cc),
                sent_at=spec.sent_at.isoformat(),
                subject=subject_of(spec, context.parent.subject if context.parent else None), thread=_thread(context))


KIND = Kind(
    name="email",
    app="mail",  # served by worldsmith.environments.mail
    item=EmailThreadItem,
    spec=EmailSpec,
    content=EmailContent,
    plan_row=plan_row,
    aggregate=mailbox_role,
    parsers={"eml": load_message, "mbox": load_mbox},
    ddl=DDL,
    # A message's own new text, not the history it quotes: a fact is where its sender wrote it.
    text_sql="select artifact_id, path, 'email' as kind, body_new as text from emails",
    # Prose beyond the new text: the subject, and what an agent reads below it (quoted history, forwarded
    # messages, anything appended under them), so that leakage and fiction checks read every line of a body.
    prose_sql="select artifact_id, path, 'subject' as kind, squash(subject) as text from emails union all "
              # a body that opens with its new text has it at 1: found without a search for a whole text in another
              "select artifact_id, path, 'quoted' as kind, substr(body, case when starts_with(body, body_new) then 1 "
              "else strpos(body, body_new) end + length(body_new)) from emails where length(body) > length(body_new) + 2",
    fact_place="the new text of the message",
    latest_sql="select max(sent_at) from emails",
    plan=_Planner.add_thread,
    dependencies=lambda spec: [spec.parent] if spec.parent else [],
    render_reads=lambda spec: [a.artifact for a in spec.attachments],  # a repaired memo is attached anew
    context=thread_context,
    compose=compose_email,
    prompt="email",
    prompt_fields=email_fields,
    prose=EmailProse,
    merge=merge,
    prose_of=prose_of,
    render=render,
    render_all=render_all,
    from_proposal=from_proposal,
    checks=Path(__file__).with_name("checks"),
    prompts=Path(__file__).with_name("prompts"),
)
