"""A notice to the people of the author's own side (a legal hold notice to custodians, a notice to staff): what it is,
the matter, what each reader must do and not do, and an acknowledgement, never an engagement letter's terms."""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.facts import fact_sentence
from worldsmith.generators.compose.parties import across, client_of, neutral
from worldsmith.generators.compose.text import join_names, long_date
from worldsmith.generators.context import ArtifactContext

# The words that may come before the title's own noun ('Revised', 'DRAFT v2:'), and where its noun phrase ends.
_LEAD = re.compile(r"^(?:draft(?:\s+v\d+)?\s*:?\s*|revised\s+|final\s+|updated\s+)+", re.I)
_PHRASE_END = re.compile(r"\s*[:(]\s*|\s+[-–]\s+|\s+(?:to|of|for|on|re|with|under|from|by|at|between|and|in)\s+", re.I)
_HOLD = re.compile(r"\b(hold|preserv\w*|retention|retain)\b", re.I)
_PLAN = (("Purpose of This Notice", "summary"), ("The Matter", "background"), ("What You Must Do", "next_steps"),
         ("What You Must Not Do", "risks"), ("Who This Notice Covers", "scope"), ("How Long It Lasts", "scope"),
         ("Questions and Acknowledgement", "next_steps"))


def head_phrase(title: str) -> str:
    """The title's own noun phrase, lower case ('Legal hold notice to custodians: X' -> 'legal hold notice'): what
    the paper is, never a word of what it is about."""
    return _PHRASE_END.split(_LEAD.sub("", title.strip()), maxsplit=1)[0].strip().lower()


def is_staff_notice(ctx: ArtifactContext) -> bool:
    """Whether a letter-genre paper is a notice to the people of the author's own side: its title's head noun is
    'notice', a party's own people give it (no regulator, tribunal or certifier) and it goes to no one but the
    author's own organisation and its client."""
    own = {ctx.author.organisation, client_of(ctx)}
    return re.search(r"\bnotice$", head_phrase(ctx.spec.title)) is not None and not across(ctx) and \
        not neutral(ctx, ctx.author.organisation) and bool(ctx.to) and all(p.organisation in own for p in ctx.to)


def notice_plan(n: int, hold: bool = False) -> list[tuple[str, str]]:
    """n headings of a notice to staff in their order, its acknowledgement last: a hold notice's duties before its
    account of the matter (blind read 27: 'a legal hold notice with no preservation instructions')."""
    if n <= 1:
        return list(_PLAN[:1])
    first = (0, 2, 6, 1, 3, 5, 4) if hold else (0, 1, 6, 2, 3, 4, 5)
    chosen = [_PLAN[j] for j in sorted(first[:min(n, len(_PLAN))])]
    return chosen[:-1] + [(f"Further Information {j}", "background") for j in range(1, n - len(_PLAN) + 1)] + \
        chosen[-1:]


def is_hold(ctx: ArtifactContext) -> bool:
    """Whether a notice to staff is a legal hold: its title or purpose speaks of holding or preserving records."""
    return _HOLD.search(f"{ctx.spec.title} {getattr(ctx.spec, 'purpose', '')}") is not None


def _after(day: dt.date, n: int) -> dt.date:
    while n > 0:
        day += dt.timedelta(days=1)
        n -= day.weekday() < 5
    return day


def notice_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """Every section of a notice to staff: who gives it to whom and why, the matter with each of its facts, the duties
    (to preserve, where it is a hold notice), its reach and term, and whom to tell by when that it was read."""
    spec, author = ctx.spec, ctx.author
    own = client_of(ctx) or author.organisation
    readers = join_names([p.name for p in ctx.to]) or f"the staff of {own}"
    # (what the title says it is about, else the matter's name: never the outline's purpose line, which is the
    # author's note on why the paper exists and reads as pasted)
    subject = (spec.title.split(":", 1)[1].strip() if ":" in spec.title else "") or ctx.world_title or "the matter"
    hold = is_hold(ctx)
    due = long_date(_after(spec.date, 3), ctx.locale)
    contact = f"{author.name} ({author.title}, {author.organisation})"
    what = "legal hold notice" if hold else head_phrase(spec.title) or "notice"
    out: dict[int, list[str]] = {}
    for i, (h, _) in enumerate(plan):
        if h == "Purpose of This Notice":
            out[i] = [f"This {what} is given on {long_date(spec.date, ctx.locale)} by {contact} to {readers} of {own}. "
                      f"It concerns {subject}."]
            out[i].append("It requires you to keep every document and record that may be relevant to the matter, and "
                          "it overrides any routine deletion or retention schedule until you are told in writing that "
                          "it is lifted." if hold else "It tells you what has happened and what you are asked to do.")
        elif h == "The Matter":
            out[i] = [fact_sentence(pick, f, "document") for f in ctx.facts] or \
                [f"The matter is {subject}; counsel will tell you what more you need to know."]
        elif h == "What You Must Do":
            out[i] = [f"Keep every document and record about {subject}, in whatever form and wherever it is held: "
                      f"emails and their attachments, chat messages, calendar entries, files on shared drives and "
                      f"laptops, paper files and notebooks, and the data in {own}'s systems, drafts and copies "
                      f"included. If you hold devices or accounts that others may not know of, tell {author.name}."
                      if hold else f"Read this notice and act on it; raise with {author.name} anything in it that is "
                      f"not as you understand it."]
        elif h == "What You Must Not Do":
            out[i] = ["Do not delete, alter, overwrite or throw away any such material, and do not move it out of the "
                      "systems where it is kept. Do not write new documents about the matter unless counsel asks you "
                      "to." if hold else f"Do not discuss the matter outside {own}; refer any approach about it to "
                      f"{author.name}."]
        elif h == "Who This Notice Covers":
            out[i] = [f"This notice covers {readers} and anyone who works for them on the matter. If someone else holds "
                      f"relevant material, tell {author.name} so that the notice can be sent to them."]
        elif h == "How Long It Lasts":
            out[i] = ["This notice stays in force until you are told in writing that it is lifted, whatever the "
                      "outcome of the matter in the meantime."]
        elif h == "Questions and Acknowledgement":
            out[i] = [f"Please confirm to {author.name} by {due} that you have read this notice and will comply with "
                      f"it. Questions go to {contact}."]
    if "The Matter" not in [h for h, _ in plan] and ctx.facts:
        out.setdefault(0, []).extend(fact_sentence(pick, f, "document") for f in ctx.facts)
    # a notice sent to named people is a letter to them: it opens on their names and is signed by the one who gives it
    names = [p.first_name or p.name for p in ctx.to]
    out[0] = [f"Dear {join_names(names)}," if 0 < len(names) <= 3 else "Dear colleagues,"] + out.get(0, [])
    last = len(plan) - 1
    out[last] = out.get(last, []) + ["Yours sincerely,", author.name, author.title, author.organisation]
    return out
