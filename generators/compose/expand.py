"""Offline plan expansion: deterministic proposals of further artifacts, from the outline's own material."""

from __future__ import annotations

import random
import re

from worldsmith.generators.calendar import business_days
from worldsmith.generators.labels import derived_label
from worldsmith.generators.expansion import ExpansionContext, ExpansionProposal, ProposedItem

_KINDS = ("email_thread", "document", "spreadsheet")
_EMAIL_TITLES = ("Follow-up on {topic}", "Quick question on {topic}", "Open points: {topic}", "Next steps on {topic}")
_DOC_TITLES = (("memo", "Note to file on {topic}"), ("memo", "Internal memo on {topic}"),
               ("minutes", "Call notes on {topic}"), ("report", "Status report on {topic}"))
_SHEET_TITLES = ("Tracker for {topic}", "Working schedule on {topic}", "Figures behind {topic}")


def _topic(statement: str) -> str:
    """The first few words of a fact's statement, as a subject line would shorten them."""
    words = re.sub(r"[^\w\s'&/-]", " ", statement).split()
    topic = " ".join(words[:6]).strip()
    return topic[0].lower() + topic[1:] if topic[:2].istitle() and not topic[:2].isupper() else topic


def compose_expansion(ctx: ExpansionContext) -> ExpansionProposal:
    """Up to `budget` proposals: a follow-up thread, a note or a tracker on one of the ledger's facts."""
    rng = random.Random(ctx.seed)
    days = business_days(ctx.window_start, ctx.window_end) or [ctx.window_start]
    roles = [r.role for r in ctx.roles]
    taken = {t.lower() for t in ctx.existing_titles}
    items: list[ProposedItem] = []
    for n in range(ctx.budget):
        kind = _KINDS[n % len(_KINDS)]
        fact = rng.choice(ctx.facts) if ctx.facts else None
        # by the fact's label, never its statement: a title that pastes the statement puts it in the file too
        topic = derived_label(fact.id, fact.statement).removeprefix("the ") if fact else ctx.world_title
        author = rng.choice(roles)
        others = [r for r in roles if r != author]
        participants = rng.sample(others, k=min(len(others), rng.randint(1, 2)))
        doc_type = "memo"
        if kind == "email_thread":
            title = rng.choice(_EMAIL_TITLES).format(topic=topic)
        elif kind == "document":
            doc_type, frame = rng.choice(_DOC_TITLES)
            title = frame.format(topic=topic)
        else:
            title = rng.choice(_SHEET_TITLES).format(topic=topic)
        base, k = title, 2
        while title.lower() in taken:
            title = f"{base} ({k})"
            k += 1
        taken.add(title.lower())
        items.append(ProposedItem(
            kind=kind, folder=rng.choice(ctx.folders) if ctx.folders else "Expansion", title=title, author=author,
            participants=participants, date=rng.choice(days), facts=[fact.id] if fact else [],
            purpose=f"Carries the work on {topic} forward.", messages=rng.randint(2, 4), doc_type=doc_type,
            rows=rng.randint(5, 12),
        ))
    return ExpansionProposal(items=items)
