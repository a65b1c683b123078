"""An independent expert's (or a tribunal's) determination: it decides between the parties' submissions, in the
first person, with reasons, and recommends nothing to anyone (read 15: 'The "determination" is marked "For Internal
Use Only". The expert "recommend[s] holding the position on the landlord's proposed rent, reserving rights". It gives
no reasons'). Every figure is the plan's: the determined figure and its working, each party's submission and its
working, the inputs common to them and the one they differ on."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.parties import neutral, principal
from worldsmith.generators.compose.text import cap_first, join_names
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.generators.compose.substance.argue import _inputs, _pair, owner_of
from worldsmith.generators.compose.substance.common import derivation, figures, label, main_fact, valued


def is_determination(ctx: ArtifactContext) -> bool:
    """Whether the paper is a neutral's decision between the parties."""
    return neutral(ctx, ctx.author.organisation) and \
        re.search(r"\b(determination|award|decision|ruling)\b", ctx.spec.title + " " + ctx.spec.doc_type, re.I) is not None


def _decided(ctx: ArtifactContext) -> FactRef | None:
    """The figure the neutral decides: a derived figure no party is named for, else the paper's main fact."""
    own = [f for f in figures(ctx.facts) if f.reason and not owner_of(ctx, f)]
    # the figure named as decided ('the earn-out as determined'), before what follows from it (the fee split)
    named = [f for f in own if _DECIDED.search(label(f))]
    # ...the last of them: the earn-out as determined, not the EBITDA it is worked from
    last = [f for f in named if not any(g is not f and g.reason and label(f) in g.reason for g in named)]
    return (last or named or own)[0] if own else main_fact(ctx.facts, ctx.spec.title)


_DECIDED = re.compile(r"\b(?:as )?(?:determined|awarded|decided|fixed by)\b", re.I)


def _submissions(ctx: ArtifactContext) -> list[tuple[str, FactRef]]:
    """Each party's figure, by the party it is named for."""
    return [(owner_of(ctx, f), f) for f in figures(ctx.facts) if owner_of(ctx, f)]


def paper_word(ctx: ArtifactContext) -> str:
    """What the neutral's paper calls itself: 'award' for an arbitrator's award, else 'determination'."""
    return "award" if re.search(r"\baward\b", ctx.spec.title + " " + ctx.spec.doc_type, re.I) else "determination"


def award_order(ctx: ArtifactContext) -> str:
    """An award's order for payment: the sum the paper's figures end on (a money figure no other of its figures is
    worked from), a party's claim, ordered paid to that party by the party across from it, with interest and costs
    where the purpose awards them; '' where the paper is no award, its purpose has nothing paid, or the record names
    no such sum (blind read 26: 'An "award" ... awards no sum, interest or costs. It only "determines" 342 hours')."""
    purpose = getattr(ctx.spec, "purpose", "") or ""
    if paper_word(ctx) != "award" or not re.search(r"\bpa(?:y|ys|id|yment)\b", purpose, re.I):
        return ""
    money = [f for f in figures(ctx.facts) if f.value.type == "money"]
    top = [f for f in money if not any(g is not f and g.reason and label(f).lower() in g.reason.lower()
                                          for g in ctx.facts)]
    claimed = [f for f in top if owner_of(ctx, f)]
    if not claimed:
        return ""
    f = claimed[-1]
    payee = principal(ctx, owner_of(ctx, f))
    payers = [principal(ctx, p.organisation) for p in ctx.to + ctx.cc]
    payer = next((p for p in payers if p != payee and not neutral(ctx, p)), "")
    if not payer:
        return ""
    extra = [w for w in ("interest", "costs") if re.search(rf"\b{w}\b", purpose, re.I)]
    tail = ""
    if extra == ["interest", "costs"]:
        tail = f", together with interest on that sum and {payee}'s costs of the reference, to be assessed if not agreed"
    elif extra == ["interest"]:
        tail = ", together with interest on that sum"
    elif extra == ["costs"]:
        tail = f", together with {payee}'s costs of the reference, to be assessed if not agreed"
    return f"I AWARD AND DIRECT that {payer} shall forthwith pay to {payee} {f.text}, {label(f)}{tail}."


def determination_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]], day: str
                         ) -> dict[int, list[str]]:
    """The sections of a determination by kind: the decision, the submissions, the reasons, the conclusion."""
    d = _decided(ctx)
    if d is None:
        return {}
    subs = _submissions(ctx)
    how = derivation(d, ctx.facts)
    when = effective(ctx)
    name = re.sub(r"\s*\b(?:(?:determined|decided|awarded|fixed) by the (?:expert|tribunal|arbitrator|adjudicator)|as "
                  r"(?:determined|decided|awarded))\b", "", label(d))
    decision = f"I determine {name} at {d.text}{when}" + (f", being {how}." if how else ".")
    # (the party submits, not the solicitors it submits through: 'Pennant Rhodes LLP submitted the demurrage claimed')
    put = [f"{principal(ctx, party)} submitted {label(f)} of {f.text}" + (f", being {derivation(f, ctx.facts)}" if f.reason else "")
           for party, f in subs]
    submitted = (cap_first("; ".join(put)) + ".") if put else ""
    reasons: list[str] = []
    if len(subs) >= 2:
        (pa, a), (pb, b) = subs[0], subs[1]
        common = [x for x in _inputs(a) if any(y.label == x.label and y.text == x.text for y in _inputs(b))]
        differ = [(x, y) for x in _inputs(a) for y in _inputs(b) if _pair(ctx, x, y)]
        if common:
            reasons.append(f"{cap_first(join_names([f'{x.label} ({x.text})' for x in common]))} "
                           f"{'is' if len(common) == 1 else 'are'} common ground between the parties.")
        for x, y in differ[:1]:
            mine = next((i for i in _inputs(d) if _pair(ctx, x, i) or _pair(ctx, y, i)), None)
            reasons.append(f"The parties differ on one input: {valued(x.label, x)} against {valued(y.label, y)}." +
                           (f" On the evidence put to me I adopt {valued(mine.label, mine)}, and neither party's "
                            f"figure in full." if mine is not None else ""))
    rest = [f for f in ctx.facts if f is not d and f.value.type == "text"]
    reasons += [cap_first(label(f)) + f" is {f.text}." for f in rest[:2]]
    # with no two submissions to weigh, the reasons are what the paper itself finds, each in its own words, and the
    # findings each other figure it decides with its working: never the decision said again (an earn-out
    # determination said 'I determine the buyer's share of the accountant's fee at USD 120,000 ...' under four
    # headings)
    others = [f for f in figures(ctx.facts) if f is not d and not owner_of(ctx, f)]
    found = [cap_first(label(f)) + f": {f.text}" + (f", being {derivation(f, ctx.facts)}" if f.reason else "") + "."
             for f in others]
    if not reasons:
        # with no submissions on file, the reasons still say what was not in issue and what the expert decided, and
        # how the figure follows from it; never the paper's own date as a reason (read 19: 'The reasons give no
        # reasons')
        bare = lambda t: re.sub(r"^the ", "", t.lower())  # noqa: E731
        ins = [f for f in ctx.facts if f is not d and d.reason and bare(label(f)) in d.reason.lower()]
        given = [f for f in ins if not f.establish]
        found_here = [f for f in ins if f.establish]
        if given:
            papers = {f.paper for f in given}
            reasons.append(cap_first(join_names([f"{label(f)} ({f.text})" for f in given])) +
                           (" is" if len(given) == 1 else " are") + " not in issue" +
                           (f", as the {papers.pop()} records" if len(papers) == 1 and "" not in papers else "") + ".")
        reasons += [first_person(" ".join(f.statement.split())) for f in found_here]
        reasons += [first_person(" ".join(f.statement.split())) for f in ctx.facts
                    if f.establish and f is not d and f not in ins and f.statement.strip() and
                    not (f.value.type == "date" and f.value.value == ctx.spec.date)][:2]
        if found_here and how:
            reasons.append(f"On that footing {label(d)} is {how}: {d.text}.")
        # the evidence on the record that the decided figure is not worked from is weighed, never left to a table
        # (blind read 26: a determination whose reasons are 'a single sentence')
        weighed = [f for f in figures(ctx.facts) if f is not d and f not in ins and not owner_of(ctx, f)
                   and label(f).lower() not in " ".join(reasons).lower()]
        if weighed:
            reasons.insert(1 if given else 0, "I have had regard to " + join_names([f"{label(f)} ({f.text})" for f in weighed]) +
                           ", which " + ("is" if len(weighed) == 1 else "are") + " in evidence before me.")
    # an award orders the sum it ends on paid, the figures it decides on the way being its reasons
    order = award_order(ctx)
    if order:
        reasons.insert(0, decision)
        decision = order
    word = paper_word(ctx)
    out: dict[int, list[str]] = {}
    for i, (_, k) in enumerate(plan):
        if k == "summary":
            out[i] = [decision]
        elif k in ("background", "scope") and submitted:
            out[i] = [f"The parties made these submissions. {submitted}"]
        elif k == "findings" and found:
            out[i] = found
        elif k in ("analysis", "findings"):
            out[i] = [" ".join(reasons)] if reasons else [decision]
        elif k == "risks":
            out[i] = ["I have decided the points on the submissions and evidence that both parties saw; I have taken "
                      "no account of any matter that was not put to both of them."]
        elif k == "recommendation":
            out[i] = [f"For these reasons, {decision}"] if not order else [f"For these reasons, {order}"]
        elif k == "next_steps":
            # (its own date said once, in its own voice: never 'The record shows that the independent expert
            # issued the determination on ...')
            made = next((f.text for f in ctx.facts if f.value.type == "date" and f.value.value == ctx.spec.date), "")
            out[i] = [(f"I make this {word} on {made}. " if made else "") +
                      f"This {word} is final on the points it decides. It is sent to both parties at the same "
                      "time."]
    return out


_AS_AT = re.compile(r"\b(review|valuation|effective|relevant|as at|reference|assessment)\b", re.I)


def effective(ctx: ArtifactContext) -> str:
    """' as at <date>' for the day the decided figure speaks from (the review date, the valuation date), never the
    day the paper is issued; '' where the record names no such day (read 19: 'Determination "with effect from
    August 14, 2026" contradicts "as at January 1, 2026"')."""
    own = ctx.spec.date
    dates = [f for f in ctx.facts if f.value.type == "date" and f.value.value != own and
             not re.search(r"\b(determination|award|decision|issued?|ruling)\b", label(f), re.I)]
    f = next((g for g in dates if _AS_AT.search(label(g))), None)
    return f" as at {f.text}" if f is not None else ""


_SELF = re.compile(r"\b[Tt]he (?:independent |appointed |sole )?(?:expert|arbitrator|adjudicator|valuer|tribunal) "
                   r"(?P<v>[a-z]+)\b")
_FIRST = {"has": "have", "is": "am", "does": "do", "was": "was"}


def first_person(said: str) -> str:
    """A neutral's own act in the record's words put in its own voice: 'The independent expert determines the market
    rate at ...' -> 'I determine the market rate at ...' (read 19: 'It switches between "I" and "the independent
    expert"')."""
    def mine(m: re.Match) -> str:
        w = m.group("v")
        if w in _FIRST:
            return f"I {_FIRST[w]}"
        if re.search(r"(?:ss|x|ch|sh|z)es$", w):
            return f"I {w[:-2]}"
        return f"I {w[:-1]}" if re.search(r"[^su]s$", w) else f"I {w}"
    return _SELF.sub(mine, said)


# A determination's headings where the genre's are an adviser's ('Risks', 'Conclusion' with a recommendation).
HEADINGS = {"risks": "Procedure", "recommendation": "Determination", "next_steps": "Effect of this Determination",
            "analysis": "Reasons", "background": "The Submissions"}
