"""A paper that puts a proposal to a board or committee: the proposal, the alternatives weighed against it, the
recommendation and the resolution the body is asked to pass, with comments asked for before the body meets."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.parties import client_of
from worldsmith.generators.compose.substance.common import plain_sentence, points_of, rank
from worldsmith.generators.context import ArtifactContext

# the body by its own noun phrase in the title ('Proposal to the board: X', 'Board paper - X', 'Paper to the credit
# committee', 'Propuesta al consejo ...', 'Vorlage an den Vorstand')
_BODY = (r"(?:board|committee|consejo|comit[eé]|conseil|vorstand|aufsichtsrat|consiglio|conselho)")
_PUT_TO_BODY = re.compile(rf"^(?:draft\S*\s+)?(?:(?:proposal|paper|submission|memorandum|memo|propuesta|proposition|"
                          rf"proposta|vorlage|note)\s+(?:to|for|al|a la|au|à la|an den|an die|alla?)\s+(?:the\s+)?"
                          rf"(?:[\w-]+\s+){{0,2}}(?P<body>{_BODY})\b|(?P<body2>board|committee)\s+(?:paper|proposal|"
                          rf"submission)\b)", re.I)
# what is proposed, as the purpose words it: 'proposal to the board to accept X's offer', 'asks the committee to
# approve the sale', 'seeks the board's approval to sign the SPA'
_PROPOSED = re.compile(r"\b(?:propos\w*|asks?|asking|seeks?|seeking|invites?)\b[^,.;:]*?\bto\s+(?!the\b|a\b|an\b|its\b)"
                       r"(?P<act>[a-z]+\b[^,.;:]*)", re.I)
# 'The privileged paper recommending the board self-report and remediate in full' (blind read 35, au 17)
_RECOMMENDED = re.compile(rf"\brecommend\w*\s+(?:that\s+)?(?:the\s+)?(?:[\w-]+\s+){{0,2}}{_BODY}\s+"
                          r"(?:should\s+)?(?P<act>[a-z]+\b[^,.;:]*)", re.I)


def put_to_a_body(title: str) -> bool:
    """Whether a paper puts a proposal to a board or committee ('Proposal to the board: ...', 'Board paper - ...')."""
    return _PUT_TO_BODY.search(title.strip()) is not None


def body_of(title: str) -> str:
    """The body the paper is put to, as it reads mid-sentence ('the board', 'the committee')."""
    m = _PUT_TO_BODY.search(title.strip())
    word = (m.group("body") or m.group("body2")).lower() if m else "board"
    return f"the {word}"


def proposed(ctx: ArtifactContext) -> str:
    """What the paper proposes, as a verb phrase ('accept Torrelaguna's offer'), from its purpose; '' where the purpose
    names no act (the memo's own options then stand)."""
    purpose = getattr(ctx.spec, "purpose", "") or ""
    m = _PROPOSED.search(purpose) or _RECOMMENDED.search(purpose)
    return m.group("act").strip() if m else ""


# A board paper's headings: what it asks the body to decide and the resolutions it recommends, never a law-school
# memo's 'Question Presented' and 'Short Answer' (blind read 35, au 17: 'A US law-school memo template used as a
# board paper')
BOARD_HEADINGS = {"Question Presented": "Purpose", "Short Answer": "Summary", "Relevant Facts": "Background",
                  "Analysis": "Discussion", "Risks and Mitigations": "Risks",
                  "Recommendation": "Decision Sought and Recommended Resolutions"}


def board_headings(plan: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A memo's plan headed as a paper put to a board or committee (each heading once: 'Relevant Facts' stays where
    the plan has a 'Background' already)."""
    heads = {h for h, _ in plan}
    return [(h if BOARD_HEADINGS.get(h) in heads else BOARD_HEADINGS.get(h, h), k) for h, k in plan]


def board_purpose(ctx: ArtifactContext, day: str) -> str:
    """What a board paper is for: who puts it to which body, and that it asks the body to decide, on the record of
    its day; never 'X asked us to advise' and 'this memorandum'."""
    body = body_of(ctx.spec.title)
    company = client_of(ctx) or ctx.author.organisation
    of = f" of {company}" if company != ctx.author.organisation or body == "the board" else ""
    by = ctx.author.organisation if company != ctx.author.organisation else f"{ctx.author.name}, {ctx.author.title}"
    act = proposed(ctx)
    asks = f"It asks {body} to resolve to {act}" if act else f"It asks {body} for a decision"
    return f"This paper is put to {body}{of} by {by}. {asks}, on the record as at {day}."


def _authorised(ctx: ArtifactContext) -> str:
    """Who a body's resolution authorises to act: the most senior officer present of the company it governs, else the
    author; never an outside adviser for the company."""
    company = client_of(ctx) or ctx.author.organisation
    officers = [p for p in [ctx.author, *ctx.to] if p.organisation == company and
                not re.search(r"\bchair", p.title, re.I)]
    who = max(officers, key=rank) if officers else ctx.author
    return f"{who.name}, {who.title}"


def board_options(pick: Picker, ctx: ArtifactContext) -> list[str]:
    """The alternatives weighed: the proposal, with the figures it rests on; declining it; deferring it."""
    act, body = proposed(ctx), body_of(ctx.spec.title)
    basis = " ".join(plain_sentence(pick, f) for f in points_of(ctx)[:2])
    return [f"{body[:1].upper()}{body[1:]} has three courses before it.",
            f"Option A (proposed): to {act}. {basis}".strip(),
            f"Option B: not to {act}, and to keep the present position. Nothing is committed, but what is now on the "
            f"table may not be available when {body} returns to the matter.",
            f"Option C: to defer the decision to a later meeting while further work is done. It buys time, at the "
            f"risk that the terms now available lapse or change."]


def board_resolution(ctx: ArtifactContext, due: str) -> list[str]:
    """The recommendation, the resolution sought in terms, and comments asked for by a day before the body meets."""
    act, body = proposed(ctx), body_of(ctx.spec.title)
    # (Option A only where the paper lettered its options: an outline's own 'Options:' point letters none)
    lettered = not any(re.fullmatch(r"options?", (p.heading or "").strip(), re.I)
                       for p in getattr(ctx.spec, "points", None) or [])
    return [f"We recommend Option A: that {body} resolve to {act}." if lettered else
            f"We recommend that {body} resolve to {act}.",
            f"Resolution sought: that {body} resolves to {act}, and authorises {_authorised(ctx)}, to take the "
            f"steps it requires.",
            f"Comments on this paper are asked for by {due}, before {body} meets."]
