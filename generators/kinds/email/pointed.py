"""A message that carries its outline point: the point in its author's words, with the frame its move in the thread
puts around it (an opener that asks, a reply that answers, an objection, a decision)."""

from __future__ import annotations

import re

from worldsmith.generators.beats import point_asks
from worldsmith.generators.compose.bank import Picker, picker_for
from worldsmith.generators.compose.parties import across, home, to_authority
from worldsmith.generators.compose.text import join_names, mail_day
from worldsmith.generators.compose.week import STANDING, note_lines, title_words
from worldsmith.generators.compose.voice import deadline, salutation, sign_off, signature
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.kinds.email.notice import notice_lines, served_noun
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
# A point that opens with its own acknowledgement takes no second one before it ("Understood, Jaime.\n\nUnderstood: the
# standstill runs ...", blind read 37).
_ACKS = re.compile(r"(?i)^\W*(?:understood|noted|thanks|thank you|many thanks|agreed|received|got it|fine|ok(?:ay)?|"
                   r"confirmed|will do)\b")
_RESERVES = re.compile(r"(?i)\breserv(?:e|es|ing)\b[^.;]*\brights\b|\brights\b[^.;]*\breserved\b")


def _lead(pick: Picker, ctx: ArtifactContext, beat: str, hello: str) -> str:
    """The line before a reply's point: thanks for what it answers, or the decision taken in (never the name the
    greeting has just given: "Sabatino,\n\nThanks, Sabatino.")."""
    first = ctx.parent_author.first_name if ctx.parent_author else ""
    if not first or ctx.spec.mode != "reply" or hello or _ACKS.match(getattr(ctx.spec, "point", "") or ""):
        return ""
    if beat == "noted":
        return pick.one(_NOTED).format(first=first)
    if beat in ("answer", "question", "confirm") and pick.chance(0.5):
        return pick.one(_THANKS).format(first=first)
    return ""


def _after(pick: Picker, ctx: ArtifactContext, beat: str, point: str) -> str:
    """The line after the point: a day to answer an ask by, a view asked of a position a reply follows; else nothing
    (a point that decides says so in its author's words: "That is my decision" under counsel's rejection of the other
    side's set-off, written to the other side, was no decision of counsel's to announce)."""
    day = deadline(pick, ctx.spec.sent_at.date(), ctx.locale, at_least=ctx.reply_day)
    noun = served_noun(ctx) if ctx.spec.mode == "new" and ctx.week is None and not point_asks(point) else ""
    if noun:
        # a served paper requires or reserves, by a day (notice.notice_lines), never asks the other side's view: the
        # contribution demand ended "Tell me if you read it differently." and the owners' casualty notice "Let me
        # know if you see it otherwise."; rights the point already reserves are not reserved twice
        wants = notice_lines(ctx, noun, day)[-1]
        if _RESERVES.search(point):
            wants = re.sub(r"(?:;|,)? (?:we reserve all our rights|our client's rights are reserved)(?: meanwhile)?"
                           r"(?=\.$)", "", wants)
        return wants
    if point_asks(point):
        # (a question is given a day to answer by; a request says what it wants in its own words, "please start this
        # month", and takes no "Could you let me know by Friday?" after it)
        return "" if "?" not in point or _NAMES_DAY.search(point) or not ctx.next_beat \
            else pick.one(_ANSWER_BY).format(day=day)
    if ctx.spec.mode == "new" and ctx.week is None and ctx.next_beat and ctx.next_beat != "forward" \
            and not (ctx.organisations and across(ctx)) and not ctx.next_pointed:
        # (only of one's own side: the rejection of the tender, sent to opposing counsel with the client's decision,
        # closed "Tell me if you read it differently."; and only where the engine writes the reply: under a reply
        # its expert wrote it was a line of form, "Let me know if you see it otherwise." word for word in four
        # openers of the tanker at seed 0, realism_boilerplate)
        return pick.one(_VIEW_ASKED).format(day=day)
    return ""


def _week(pick: Picker, ctx: ArtifactContext) -> str:
    """A weekly note's week beside its point: what came in, met, went round or fell due since the last note, a line
    each (read 32: a weekly note that left out the meeting of its week); '' for a quiet week or no series."""
    week = ctx.week or []
    if not week or all(e.what in STANDING for e in week):
        return ""
    mine = home(ctx, ctx.author.organisation)
    ours = {o.name for o in ctx.organisations if o.privileged == mine} | {ctx.author.organisation}
    if re.search(r"\btoday\b", ctx.spec.point, re.I):
        # a meeting of the note's own day that its point already tells ("The board resolved today ..." over "The
        # Board meeting ... took place on 8 April", blind read 35) is not told again under it
        said = title_words(ctx.spec.point)
        week = [e for e in week if not (e.what == "met" and e.day == ctx.spec.sent_at.date()
                                        and title_words(e.title) & said)]
    lines = note_lines(pick, week, ctx.spec.sent_at.date(), ctx.locale, ours, {}, {p.organisation for p in ctx.to + ctx.cc},
                       ctx.author.organisation, ctx.author.name, ctx.to[0].name if len(ctx.to) == 1 else "",
                       {p.name for p in ctx.to if p.organisation != ctx.author.organisation})
    lines = [x for x in lines if x and x not in ctx.spec.point]
    if not lines:
        return ""
    return f"Also in the week to {mail_day(ctx.spec.sent_at.date(), ctx.locale)}:\n" + "\n".join(f"- {x}" for x in lines)


def _signed(pick: Picker, ctx: ArtifactContext) -> str:
    """The sign-off, and under a thread's first message the sender's signature block, as compose_email signs (Outlook's
    signature for new messages; a reply or a forward goes with the short one). Pointed openers were signed with a name
    alone, so that every reply quoting them lacked the block a real history carries (issue 17 point 6)."""
    signed = sign_off(pick, ctx.voice, ctx.author)
    if ctx.spec.mode != "new" or not pick.chance(0.85):
        return signed
    full = signed.endswith(ctx.author.name)
    return signed + ("\n" if full else "\n\n") + signature(pick, ctx.author, full)


def point_email(ctx: ArtifactContext) -> EmailContent:
    """A message whose content is its point, word for word, with its move's frame, greeting and sign-off."""
    from worldsmith.generators.kinds.email.compose import subject_of

    spec = ctx.spec
    pick = picker_for(ctx, 3)
    hello = salutation(pick, ctx.voice, ctx.to, spec.mode)
    if to_authority(ctx) and (hello or spec.mode == "new"):
        hello = f"Dear {join_names([p.name for p in ctx.to])},"
    beat = spec.beat
    paragraphs = [x for x in (hello, _lead(pick, ctx, beat, hello), spec.point, _week(pick, ctx),
                              _after(pick, ctx, beat, spec.point)) if x]
    paragraphs.append(_signed(pick, ctx))
    subject = subject_of(spec, ctx.parent.subject if ctx.parent else None)
    return EmailContent(subject=subject, body="\n\n".join(paragraphs) + "\n")


# A point that says its own files go with it ("Our letter attached: ...", "the methodology is enclosed").
_SAYS_ATTACHED = re.compile(r"(?i)\b(?:attach(?:ed|es|ing)?|enclos(?:ed|es|ing)|herewith)\b")


def says_attached(spec) -> bool:
    """Whether a message's point itself says that files go with it."""
    return bool(_SAYS_ATTACHED.search(getattr(spec, "point", "") or ""))


def carries_point(spec, body: str) -> bool:
    """Whether a message's text says its point word for word (spaces aside)."""
    point = getattr(spec, "point", "")
    return not point or " ".join(point.split()) in " ".join(body.split())

