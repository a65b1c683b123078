"""A message that carries its outline point: the point in its author's words, with the frame its move in the thread
puts around it (an opener that asks, a reply that answers, an objection, a decision)."""

from __future__ import annotations

import re

from worldsmith.generators.beats import point_asks
from worldsmith.generators.compose.bank import Picker, picker_for
from worldsmith.generators.compose.parties import to_authority
from worldsmith.generators.compose.text import join_names
from worldsmith.generators.compose.voice import deadline, salutation, sign_off
from worldsmith.generators.context import ArtifactContext
from worldsmith.worlds.content import EmailContent

# A point that asks, with no day of its own, gets a day to answer by; the reply to it needs none.
_DAYS = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|today|tomorrow|tonight)"
_NAMES_DAY = re.compile(rf"\b(?:by|before|until|on)\s+(?:the\s+)?(?:end|close|\d|next|this|{_DAYS}|[A-Z][a-z]+ \d)|\b{_DAYS}\b")
_ANSWER_BY = ["Could you let me know by {day}?", "By {day}, if you can.", "An answer by {day} would help."]
# A point that tells, where a reply follows: the reader is asked for their view of it, never for what it says.
_VIEW_ASKED = ["Tell me if you read it differently.", "Let me know if you see it otherwise.",
               "Your view on that by {day}, please."]
_THANKS = ["Thanks, {first}.", "Thank you, {first}.", "{first}, thanks."]
_NOTED = ["Noted, {first}.", "Understood, {first}."]
# The words decision_named reads as a decision stated.
_DECIDED = re.compile(r"(?i)\b(decision|decided|we have agreed|is approved|approved:)\b")
_DECIDES = ["That is our decision.", "That is my decision; please proceed on that basis."]


def _lead(pick: Picker, ctx: ArtifactContext, beat: str) -> str:
    """The line before a reply's point: thanks for what it answers, or the decision taken in."""
    first = ctx.parent_author.first_name if ctx.parent_author else ""
    if not first or ctx.spec.mode != "reply":
        return ""
    if beat == "noted":
        return pick.one(_NOTED).format(first=first)
    if beat in ("answer", "question", "confirm") and pick.chance(0.5):
        return pick.one(_THANKS).format(first=first)
    return ""


def _after(pick: Picker, ctx: ArtifactContext, beat: str, point: str) -> str:
    """The line after the point: a day to answer an ask by, a view asked of a position a reply follows, the decision
    said to be one; else nothing."""
    day = deadline(pick, ctx.spec.sent_at.date(), ctx.locale)
    if point_asks(point):
        return "" if _NAMES_DAY.search(point) or not ctx.next_beat else pick.one(_ANSWER_BY).format(day=day)
    if beat == "decide":
        return "" if _DECIDED.search(point) else pick.one(_DECIDES)
    if ctx.spec.mode == "new" and ctx.next_beat and ctx.next_beat != "forward":
        return pick.one(_VIEW_ASKED).format(day=day)
    return ""


def point_email(ctx: ArtifactContext) -> EmailContent:
    """A message whose content is its point, word for word, with its move's frame, greeting and sign-off."""
    from worldsmith.generators.kinds.email.compose import subject_of

    spec = ctx.spec
    pick = picker_for(ctx, 3)
    hello = salutation(pick, ctx.voice, ctx.to, spec.mode)
    if to_authority(ctx) and (hello or spec.mode == "new"):
        hello = f"Dear {join_names([p.name for p in ctx.to])},"
    beat = spec.beat
    paragraphs = [x for x in (hello, _lead(pick, ctx, beat), spec.point, _after(pick, ctx, beat, spec.point)) if x]
    paragraphs.append(sign_off(pick, ctx.voice, ctx.author))
    subject = subject_of(spec, ctx.parent.subject if ctx.parent else None)
    return EmailContent(subject=subject, body="\n\n".join(paragraphs) + "\n")


def carries_point(spec, body: str) -> bool:
    """Whether a message's text says its point word for word (spaces aside)."""
    point = getattr(spec, "point", "")
    return not point or " ".join(point.split()) in " ".join(body.split())

