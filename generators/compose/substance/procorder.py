"""A tribunal's or an expert's procedural order: who makes it in which reference between whom, the procedural
background, the directions it gives, costs and its signature, never a party's advice note."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.facts import fact_sentence
from worldsmith.generators.compose.parties import neutral
from worldsmith.generators.compose.substance.deal import _ADVISER
from worldsmith.generators.compose.substance.staffnotice import head_phrase
from worldsmith.generators.compose.text import join_names, long_date
from worldsmith.generators.context import ArtifactContext

_PLAN = (("Introduction", "summary"), ("Procedural Background", "background"), ("Directions", "decisions"),
         ("Further Directions", "decisions"), ("Costs", "summary"), ("Signature", "signatures"))


def is_procedural_order(ctx: ArtifactContext) -> bool:
    """Whether a paper is a neutral's order on procedure: its title's own noun phrase ends in 'order' or 'directions'
    and a tribunal, an expert or a court (a neutral of the matter) makes it; or the phrase is a procedural order,
    which only a tribunal makes, whoever's file it sits in (blind read 27: 'Procedural Order No. 1', circulated by
    the other side's counsel, was written as that counsel's advice note)."""
    head = head_phrase(ctx.spec.title)
    head = re.sub(r"\s+no\.?\s*\d+$", "", head)  # 'procedural order no. 1'
    return re.search(r"\b(order|directions)$", head) is not None and neutral(ctx, ctx.author.organisation) or \
        re.search(r"\bprocedural (order|directions)$", head) is not None


def made_by_author(ctx: ArtifactContext) -> bool:
    """Whether the paper's author makes the order (a neutral of the matter), rather than a party's counsel who
    circulates the tribunal's order."""
    return neutral(ctx, ctx.author.organisation)


def order_plan(n: int) -> list[tuple[str, str]]:
    """n headings of a procedural order in their order, the signature last: the directions first of all, then the
    signature, the introduction, costs and the background (an order of three sections still gives directions)."""
    if n <= 1:
        return [("Directions", "decisions")]
    first = (2, 5, 0, 4, 1, 3)
    chosen = [_PLAN[j] for j in sorted(first[:min(n, len(_PLAN))])]
    extra = [(f"Further Directions {j}", "decisions") for j in range(2, n - len(_PLAN) + 2)]
    at = next((i for i, (h, _) in enumerate(chosen) if h in ("Costs", "Signature")), len(chosen))
    return chosen[:at] + extra + chosen[at:]


def _parties(ctx: ArtifactContext) -> list[str]:
    """The parties to the reference: the organisations that are neither a neutral, an adviser nor acting for one."""
    return [o.name for o in ctx.organisations if not neutral(ctx, o.name) and
            not _ADVISER.search(o.role.split(";")[0]) and not _ACTS.search(o.role)][:2]


# a role that acts for a party (surveyors acting for the tenant) is no party to the reference
_ACTS = re.compile(r"\b(?:acting|acts|act) for\b|\brepresent|\bon behalf of\b|\bsurveyors?\b", re.I)


def _maker(ctx: ArtifactContext) -> str:
    """What the order calls the one who makes it: the Expert where the author's role or organisation's role says
    expert, else the Tribunal."""
    here = next((o for o in ctx.organisations if o.name == ctx.author.organisation), None)
    if not made_by_author(ctx):
        return "Tribunal"
    return "Expert" if re.search(r"\bexpert\b", f"{ctx.author.title} {here.role if here else ''}", re.I) else "Tribunal"


def order_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """Every section of a procedural order: the maker, the parties and the date; the background with each fact the
    paper carries, said to be for the merits; numbered directions (no date the ledger does not hold: periods from the
    order); costs reserved; the signature of the one who makes it."""
    spec, author = ctx.spec, ctx.author
    parties = _parties(ctx)
    between = f"between {join_names(parties)} (the Parties)" if len(parties) >= 2 else "between the Parties"
    made = long_date(spec.date, ctx.locale)
    title = re.sub(r"\s*:.*$", "", spec.title).strip()
    out: dict[int, list[str]] = {}
    maker = _maker(ctx)
    steps = ["Each Party shall serve on the other and on the Tribunal its statement of case, with the documents it "
             "relies on, within 28 days of this order; the other Party shall serve its response within 28 days after "
             "that.",
             "Requests for the production of documents shall be made in a schedule within 14 days after the "
             "responses, and answered or objected to within 14 days of the request.",
             "Witness statements of fact shall be exchanged at the same time, within 42 days after the document "
             "production; any expert evidence only with the Tribunal's permission.",
             "Any Party may apply to vary these directions on notice; time may be extended by written agreement of "
             "the Parties for up to 14 days without the Tribunal's leave."]
    # a direction the ledger dates (the day a statement of case is due) is given as the ledger has it; the step it
    # replaces, with its own period, is left out so that the order never sets two days for one thing
    dated = [f for f in ctx.facts if f.value.type == "date"]
    merits = [f for f in ctx.facts if f.value.type != "date"]
    if dated:
        steps = [fact_sentence(pick, f, "document") for f in dated] + steps[1:]
    steps = [s.replace("Tribunal", maker) for s in steps]
    by = f"{author.name} ({author.title}, {author.organisation})" if made_by_author(ctx) else f"the {maker}"
    directions = [i for i, (_, k) in enumerate(plan) if k == "decisions"]
    for i, (h, k) in enumerate(plan):
        if h == "Introduction":
            out[i] = [f"{title} is made on {made} by {by} in the reference {between}. It gives directions for the "
                      f"conduct of the reference after considering the Parties' written comments on procedure."]
        elif h == "Procedural Background":
            out[i] = ["The figures below are those the Parties put forward; they are for the merits, and nothing in "
                      "this order decides them."] + [fact_sentence(pick, f, "document") for f in merits] if merits \
                else [f"The Parties made written comments on procedure before {made}; the {maker} has considered them "
                      f"and gives the directions below."]
        elif h == "Costs":
            out[i] = ["The costs of and occasioned by this order are reserved."]
        elif k == "signatures":
            out[i] = [f"Signed: {author.name}", f"{author.title}, {author.organisation}", f"Date: {made}"] \
                if made_by_author(ctx) else [f"Signed: for and on behalf of the {maker}", f"Date: {made}"]
    if directions:
        share = max(1, -(-len(steps) // len(directions)))
        n = 0
        for j, i in enumerate(directions):
            chunk = steps[j * share:(j + 1) * share] if j < len(directions) - 1 else steps[j * share:]
            lead = [f"The {maker} directs as follows."] if j == 0 else []
            out[i] = lead + [f"({n + m + 1}) {s}" for m, s in enumerate(chunk)] if chunk or lead else \
                ["No further directions are given at this stage."]
            n += len(chunk)
    if "Procedural Background" not in [h for h, _ in plan] and directions:
        out[directions[0]] += [fact_sentence(pick, f, "document") for f in merits]
    if "Costs" not in [h for h, _ in plan] and directions:
        out[directions[-1]] += ["The costs of and occasioned by this order are reserved."]
    return out
