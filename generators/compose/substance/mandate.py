"""A mandate letter: the letter by which a client appoints an arranger or adviser (the arranger writes it, the client
countersigns): the appointment and its role, the scope, the fees, exclusivity, no commitment to lend, the law of the
matter's country and the client's acceptance; never a contract's boilerplate with no appointment in it."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.facts import fact_sentence
from worldsmith.generators.compose.law import dispute_clause, governing_law
from worldsmith.generators.compose.parties import client_of
from worldsmith.generators.compose.text import join_names, long_date
from worldsmith.generators.context import ArtifactContext, PersonRef

# the title's own noun phrase, as genre_structure reads it: 'Mandate letter: X', 'Signed mandate letter', never
# 'Memo re the mandate letter' nor 'Engagement and mandate letter'
_MANDATE = re.compile(r"^(?:draft\S*\s+)?(?:(?:signed|final|revised|executed|countersigned|amended|updated)\s+)?"
                      r"mandate letter\b", re.I)
_PLAN = (("Appointment", "summary"), ("Scope of the Mandate", "scope"), ("Fees and Expenses", "terms"),
         ("Exclusivity", "terms"), ("No Commitment", "conditions"), ("Governing Law", "governing"),
         ("Acceptance", "signatures"))
_FIRST = (0, 2, 3, 6, 5, 1, 4)  # what a shorter letter keeps first: the appointment, fees, exclusivity, acceptance
_MANDATED = re.compile(r"\b(arranger|bookrunner|lead manager|underwriter|placement agent|dealer|financial advis[eo]r|"
                       r"corporate financ\w*|broker)\b(?!')", re.I)
_CLIENT = re.compile(r"\b(borrower|issuer|client|company)\b(?!')", re.I)
_LAWYER = re.compile(r"\b(counsel|solicitors?|lawyers?|attorneys?|law firm)\b", re.I)
_FEE = re.compile(r"\b(fees?|commission|margin|expenses|costs?|spread|discount)\b", re.I)


def is_mandate_letter(ctx: ArtifactContext) -> bool:
    """Whether a paper is a mandate letter by its title's own noun phrase."""
    return _MANDATE.match(ctx.spec.title.strip()) is not None


def mandate_plan(n: int) -> list[tuple[str, str]]:
    """n headings of a mandate letter in their order, the acceptance last."""
    chosen = [_PLAN[j] for j in sorted(_FIRST[:max(1, min(n, len(_PLAN)))])]
    extra = [(f"Further Terms {j}", "terms") for j in range(1, n - len(_PLAN) + 1)]
    return chosen[:-1] + extra + chosen[-1:] if len(chosen) > 1 else chosen


def _head(role: str) -> str:
    """What each clause of a role says the organisation is, before whom it is that to or for ('client; mandated lead
    arranger, lender' -> 'client; mandated lead arranger, lender'; 'sponsor and investor in the borrower' -> 'sponsor
    and investor')."""
    return "; ".join(re.split(r"\s(?:in|of|to|for|by|under|with|from|owned|owning)\s", c)[0] for c in role.split(";"))


def mandate_parties(ctx: ArtifactContext) -> tuple[str, list[str], str]:
    """(the one appointed, others appointed beside it, the client who appoints) from the organisations' roles: the
    author's organisation where its role is an arranger's or adviser's, else the first such; the borrower or issuer,
    else the author's client, else a reader's organisation."""
    orgs = [o for o in ctx.organisations if not _LAWYER.search(o.role.split(";")[0])]
    mandated = [o.name for o in orgs if _MANDATED.search(_head(o.role))]
    lead = ctx.author.organisation if ctx.author.organisation in mandated else (mandated or [ctx.author.organisation])[0]
    client = next((o.name for o in orgs if o.name != lead and _CLIENT.search(_head(o.role)) and
                   not _MANDATED.search(_head(o.role))), "") or client_of(ctx) or \
        next((p.organisation for p in ctx.to if p.organisation != lead), "the Client")
    return lead, [m for m in mandated if m not in (lead, client)], client


def _reader(ctx: ArtifactContext, client: str) -> PersonRef | None:
    """The client's person the letter is addressed to."""
    return next((p for p in [*ctx.to, *ctx.cc, *ctx.cast] if p.organisation == client), None)


def mandate_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """Every section of a mandate letter: the appointment (who appoints whom as what, for what, from when), the scope
    with the deal's figures, the fees, exclusivity, no commitment, the governing law and the client's acceptance."""
    spec, author = ctx.spec, ctx.author
    lead, co, client = mandate_parties(ctx)
    financing = re.search(r"\b(borrower|issuer)\b", " ".join(o.role for o in ctx.organisations), re.I) is not None
    called, role, term = ("the Borrower", "lead arranger", "the Arranger") if financing else \
        ("the Client", "financial adviser", "the Adviser")
    co = co if financing else []  # (another bank's adviser is the other side's, not a co-adviser)
    subject = (spec.title.split(":", 1)[1].strip() if ":" in spec.title else "") or ctx.world_title
    reader = _reader(ctx, client)
    day = long_date(spec.date, ctx.locale)
    law, courts = governing_law(ctx.locale)
    fees = [f for f in ctx.facts if _FEE.search(f.label or "")]
    dates = [f for f in ctx.facts if f.value.type == "date" and f not in fees]
    rest = [f for f in ctx.facts if f not in fees and f not in dates]
    heads = [h for h, _ in plan]
    out: dict[int, list[str]] = {}
    for i, h in enumerate(heads):
        if h == "Appointment":
            beside = f", with {join_names(co)} as co-arranger," if co else ""
            out[i] = [f"Dear {reader.first_name or reader.name}," if reader else "Dear Sirs,",
                      f"We are pleased to confirm that {client} ({called}) appoints {lead} ({term}) as "
                      f"{'sole ' if not co else ''}{role}{beside} for {subject}, on the terms of this letter, with "
                      f"effect from {day}."] + [fact_sentence(pick, f, "document") for f in dates]
        elif h == "Scope of the Mandate":
            out[i] = [(f"The Arranger will structure and market the transaction, prepare the marketing materials with "
                       f"{called}, run the bookbuilding, advise on pricing and allocation and coordinate the "
                       f"documentation with counsel." if financing else
                       f"{term[0].upper()}{term[1:]} will advise {called} on the transaction, coordinate the other "
                       f"advisers and "
                       f"negotiate its terms on {called}'s instructions.")] + \
                [fact_sentence(pick, f, "document") for f in rest]
        elif h == "Fees and Expenses":
            out[i] = [fact_sentence(pick, f, "document") for f in fees] or \
                ["The fees are those set out in the fee letter of the same date."]
            out[i].append(f"{called[0].upper()}{called[1:]} will reimburse {term}'s reasonable out-of-pocket expenses, including "
                          f"legal fees agreed in advance, whether or not the transaction closes.")
        elif h == "Exclusivity":
            out[i] = [f"The mandate is exclusive: until the transaction closes or this letter is terminated, "
                      f"{client} will not appoint any other {role}" + (", bookrunner or placement agent" if financing
                                                                         else "") +
                      " for it or for a comparable transaction, nor solicit offers for one."]
        elif h == "No Commitment":
            out[i] = ["This letter is not a commitment to lend, to underwrite or to purchase: the Arranger acts on a "
                      "best-efforts basis, and any commitment is given only in the finance documents when they are "
                      "signed." if financing else "This letter commits neither side to the transaction itself."]
        elif h == "Governing Law":
            sent = dispute_clause(courts, ctx.world_title, ctx.world_summary)
            # (a matter in arbitration sends the letter's disputes there too, never to the locale's default court)
            out[i] = [f"This letter and any non-contractual obligation arising out of it are governed by {law}, and "
                      + (f"{courts} have exclusive jurisdiction." if sent.startswith("each Party submits") else f"{sent}.")]
        elif h == "Acceptance":
            out[i] = [f"Please confirm {client}'s acceptance of these terms by countersigning and returning a copy of "
                      f"this letter.", "Yours sincerely,", author.name, author.title, lead,
                      f"Accepted and agreed for and on behalf of {client}:",
                      f"Name: {reader.name if reader else ''}", "Date: ____________________"]
    # (what a short letter has no section for goes under its appointment)
    placed = " ".join(p for ps in out.values() for p in ps)
    left = [fact_sentence(pick, f, "document") for f in ctx.facts if f.text not in placed]
    if left:
        out.setdefault(0, []).extend(left)
    if "Acceptance" not in heads:
        last = len(heads) - 1
        out[last] = out.get(last, []) + ["Yours sincerely,", author.name, author.title, lead]
    if "Appointment" not in heads:
        out[0] = [f"Dear {reader.first_name or reader.name}," if reader else "Dear Sirs,"] + out.get(0, [])
    return out
