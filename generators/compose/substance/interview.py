"""An interview memorandum: who was interviewed, by whom, when, why, what they said on each point the paper carries,
the documents they referred to and what is to be followed up; never an advice memo with no interview in it."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.parties import client_of
from worldsmith.generators.compose.substance.common import label
from worldsmith.generators.compose.substance.staffnotice import head_phrase
from worldsmith.generators.compose.text import join_names, long_date
from worldsmith.generators.context import ArtifactContext, PersonRef

_PLAN = (("Interview Details", "summary"), ("Purpose of the Interview", "background"),
         ("What the Interviewee Said", "findings"), ("Documents Referred To", "background"),
         ("Follow-up", "next_steps"))
# a record of an interview by its own noun phrase ('Interview memorandum: X', 'Note of interview with X')
_OF_INTERVIEW = re.compile(r"^(?:draft\S*\s+)?(?:file\s+)?(?:note|record|memorandum|memo|notes|summary)\s+of\s+"
                           r"(?:the\s+|an\s+)?interview", re.I)


def is_interview_record(ctx: ArtifactContext) -> bool:
    """Whether a paper records an interview: its title's own noun phrase is an interview's memorandum, note or record."""
    head = head_phrase(ctx.spec.title)
    return _OF_INTERVIEW.match(ctx.spec.title.strip()) is not None or \
        re.search(r"\binterview\b.*\b(memo|memorandum|note|notes|record|summary)$", head) is not None


def _instance(ctx: ArtifactContext) -> int:
    """Which of an item's several papers this is (0 for the first or only one): the planner numbers a counted item's
    papers in their ids ('interview_memorandum_3' -> 2)."""
    m = re.search(r"_(\d+)$", ctx.spec.id)
    return int(m.group(1)) - 1 if m else 0


# a client's lawyer instructs counsel; an interview takes the account of the people who did the work
_INSTRUCTS = re.compile(r"\b(counsel|legal|lawyer|solicitor|attorney)\b", re.I)


def interviewee(ctx: ArtifactContext) -> PersonRef:
    """Who was interviewed: the person the title or purpose names (full name or surname), else one of the client's
    people (the n-th paper of a series the n-th of them, its own lawyers last), else the first reader of another
    organisation than the author's, else the first reader."""
    text = f"{ctx.spec.title} {getattr(ctx.spec, 'purpose', '')}"
    people = [*ctx.to, *ctx.cc, *ctx.cast]
    named = next((p for p in people if p.id != ctx.author.id and (p.name in text or re.search(
        rf"\b{re.escape(p.last_name)}\b", text))), None)
    # (counsel interviews its client's people, else a reader of another organisation: never a colleague; each paper
    # of a series of interviews records a different person's, while the client has people enough)
    client = list({p.id: p for p in [*ctx.to, *ctx.cc, *ctx.cast] if p.organisation == client_of(ctx) and
                   p.organisation != ctx.author.organisation}.values())
    client.sort(key=lambda p: _INSTRUCTS.search(p.title) is not None)
    chosen = client[_instance(ctx) % len(client)] if client else None
    other = next((p for p in [*ctx.to, *ctx.cc] if p.organisation != ctx.author.organisation), None)
    return named or chosen or other or next((p for p in [*ctx.to, *ctx.cc] if p.id != ctx.author.id), ctx.author)


def interview_plan(n: int) -> list[tuple[str, str]]:
    """n headings of an interview memorandum, the follow-up last."""
    if n <= 2:
        return [_PLAN[0], _PLAN[2]][:max(1, n)]
    chosen = list(_PLAN[:min(n, len(_PLAN)) - 1]) + [_PLAN[-1]]
    if ("What the Interviewee Said", "findings") not in chosen:
        chosen[-2] = _PLAN[2]
    return chosen + [(f"Further Points {j}", "findings") for j in range(1, n - len(chosen) + 1)]


def interview_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """Every section of an interview memorandum, from the plan: the interviewee, the interviewers and the day; the
    purpose; each fact as what the interviewee said of it; the sources they referred to; the points to check."""
    spec, author = ctx.spec, ctx.author
    who = interviewee(ctx)
    present = [p for p in [*ctx.to, *ctx.cc] if p.id not in (who.id, author.id)]
    day = long_date(spec.date, ctx.locale)
    said = [f"On {label(f)}, {who.name} said: {f.text.rstrip('.')}." if f.value.type == "text" else
            f"On {label(f)}, {who.name} gave the figure as {f.text}." for f in ctx.facts]
    sources = list(dict.fromkeys(f.source for f in ctx.facts if f.source))
    client = client_of(ctx)
    out: dict[int, list[str]] = {}
    for i, (h, _) in enumerate(plan):
        if h == "Interview Details":
            out[i] = [f"Interviewee: {who.name}, {who.title}, {who.organisation}.",
                      f"Interviewed by: {author.name}, {author.title}, {author.organisation}.",
                      f"Date: {day}." + (f" Also present: {join_names([p.name for p in present])}." if present else "")]
        elif h == "Purpose of the Interview":
            out[i] = [f"The interview on {day} was held to take {who.name}'s account of the matter for "
                      f"{client or author.organisation}, on the points below."]
            # (each warning carries the day and the person it was given to: six interviews are six warnings, not
            # one paragraph stamped six times)
            if client and client != who.organisation and author.organisation != client:
                out[i].append(f"On {day}, {author.first_name} explained to {who.name} that {author.organisation} "
                              f"acts for {client}, not for {who.first_name} personally, and that what is said is "
                              f"confidential to {client}.")
            elif client:
                # (the warning counsel gives a company's employee: counsel is the company's, not theirs)
                out[i].append(f"On {day}, before any question, {author.first_name} told {who.name} that the "
                              f"interview is privileged and confidential, that the privilege is {client}'s alone to "
                              f"waive, and that {author.organisation} acts for {client}, not for {who.first_name} "
                              f"personally.")
        elif h == "What the Interviewee Said" or h.startswith("Further Points"):
            out[i] = ["No further point was raised."] if h.startswith("Further Points") else said or [
                f"{who.name} gave an account of the matter; no figure was put to {who.first_name} on {day}."]
        elif h == "Documents Referred To":
            out[i] = [f"{who.first_name} referred to {s}." for s in sources] or [
                f"{who.name} referred to no document on {day}; any documents mentioned are to be collected."]
        elif h == "Follow-up":
            out[i] = [f"{author.first_name} to check {who.name}'s account of {day} against the documents on the "
                      f"file, and to put any difference to {who.first_name} at a further interview."]
    return out
