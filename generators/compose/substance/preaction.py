"""A letter before claim in its real form: what the Practice Direction on Pre-Action Conduct asks of one (the claim's
basis and facts, what is wanted and how the sum is worked, the time for a full response, ADR, and that proceedings
follow), written by the claimant's side to the party it claims against (read 25, cmr-theft: '"to set out the before
claim". Under Grounds it says only "The carriage charges are GBP 3,850": no facts ... No firm would send it')."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.substance.common import derivation, gist, label, plain
from worldsmith.generators.compose.text import cap_first, long_date, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef

_BEFORE = re.compile(r"\bletter before (?:claim|action)\b|\bpre-action letter\b", re.I)


def is_letter_before_claim(ctx: ArtifactContext) -> bool:
    """Whether the paper is an English letter before claim (by its title)."""
    return ctx.locale != "en_US" and bool(_BEFORE.search(ctx.spec.title))


def _told(f: FactRef, facts: list[FactRef]) -> str:
    """A fact as the letter states it: its whole statement where this letter establishes it, else its substance with
    its value, else its label and value with how it is worked."""
    if f.establish and f.text in f.statement:
        return cap_first(strip_end(f.statement)) + "."
    more = gist(f, facts)
    if more and f.text in more:
        return cap_first(strip_end(more)) + "."
    how = derivation(f, facts)
    return cap_first(plain(f)) + (f", being {how}" if how else "") + "."


def letter_before_claim_bodies(ctx: ArtifactContext, n: int) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The sections of a letter before claim (n of them, at least four): who we act for and under what, the claim
    (its facts and figures as the ledger gives them, and the sum claimed with how it is worked), what the client
    requires and by when, and ADR and the proceedings that follow if no answer comes."""
    from worldsmith.generators.compose.parties import client_of, opponent, principal
    from worldsmith.generators.compose.substance.pleading import is_claim

    client = client_of(ctx) or principal(ctx, ctx.author.organisation)
    other = opponent(ctx) or "your client"
    to_them = any(p.organisation == other for p in ctx.to)
    you = "you" if to_them else "your client"
    matter = re.sub(r"^[^:]*:\s*", "", ctx.world_title) if ":" in ctx.world_title else ""
    claimed = next((f for f in reversed(ctx.facts) if is_claim(f) and f.reason), None) or \
        next((f for f in ctx.facts if is_claim(f)), None)
    due = ctx.spec.date + dt.timedelta(days=14)
    opening = [f"We act for {client}" + (f" in connection with the {matter}" if matter else "") + ". This is a letter "
               f"before claim, sent in accordance with the Practice Direction on Pre-Action Conduct and Protocols."]
    facts = [_told(f, ctx.facts) for f in ctx.facts if f is not claimed]
    claim = facts + ([f"Our client's claim against {you} is for {claimed.text}"
                      + (f", being {derivation(claimed, ctx.facts)}" if derivation(claimed, ctx.facts) else "") + "."]
                     if claimed is not None else [])
    wants = [(f"Our client requires {you} to pay {claimed.text}" if claimed is not None else
              f"Our client requires {you} to meet the claim set out above")
             + f" by {long_date(due, ctx.locale)}, 14 days from the date of this letter. If the claim is not accepted "
               f"in full, please send by the same date a full written response: which parts of the claim are accepted "
               f"and which are not, the reasons, the facts relied on and copies of the key documents that support "
               f"them."]
    steps = [f"Our client is willing to consider mediation or another form of alternative dispute resolution before "
             f"proceedings are issued; please say in your response whether {you} will take part.",
             f"If we do not receive a satisfactory response by {long_date(due, ctx.locale)}, our client intends to "
             f"issue proceedings without further notice, and will refer the court to this letter on the question of "
             f"costs. Please preserve all documents, including electronic records, relevant to the claim."]
    heads = [("Introduction", "opening"), ("The Claim", "position"), ("What Our Client Requires", "request"),
             ("Next Steps", "letter_close")]
    bodies = {0: opening, 1: claim, 2: wants, 3: steps}
    return heads, bodies
