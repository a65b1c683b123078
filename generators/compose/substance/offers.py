"""Offers to settle a claim in their procedural form: a Part 36 offer or a Calderbank letter in England, an offer of
judgment under Rule 68 or a settlement letter under FRE 408 in the US, made by the party to the claim the author's side
acts for, with the terms the rule requires (read 25, pi-quantum: 'The "Part 36 offer" is called "non-binding" and is
made for Castlegate, not the defendant. No CPR 36 wording, no 21-day relevant period ... not marked "WP save as to
costs"'; it was composed as a buyer's offer for a company, 'subject to ... our investment committee')."""

from __future__ import annotations

import re

from worldsmith.generators.compose.substance.common import label, plain
from worldsmith.generators.compose.text import cap_first
from worldsmith.generators.context import ArtifactContext, FactRef

# A paper that offers to settle a claim, by its title or purpose.
_SETTLEMENT = re.compile(r"\bPart 36\b|\bCalderbank\b|\bRule 68\b|\boffers? of judgment\b|\bsettlement offer\b|"
                         r"\boffers? (?:to settle|of settlement|in settlement)\b", re.I)
_NAMED_RULE = re.compile(r"\bPart 36\b|\bCalderbank\b|\bRule 68\b|\boffers? of judgment\b", re.I)
_CLAIM = re.compile(r"\b(?:claims?|proceedings|action|suit|lawsuit|litigation|dispute|case|damages|judgment)\b", re.I)
_DAYS = re.compile(r"\bopen (?:for|until) (?P<n>\d+|seven|fourteen|twenty-one|twenty-eight) days\b", re.I)
_WORDS = {"seven": 7, "fourteen": 14, "twenty-one": 21, "twenty-eight": 28}


def offer_regime(ctx: ArtifactContext) -> str:
    """Which rule an offer to settle is made under: 'part36', 'calderbank' (England), 'rule68', 'fre408' (US); ''
    where the paper is no offer to settle a claim (an offer for a company stays a buyer's offer)."""
    where = f"{ctx.spec.title} {getattr(ctx.spec, 'purpose', '')}"
    if not _SETTLEMENT.search(where):
        return ""
    if not _NAMED_RULE.search(where) and not _CLAIM.search(where):
        # an offer to settle what is no claim ('offer to settle the rent review': the revised rent agreed, read 15's
        # letter) keeps its own terms; it is no offer under a court's costs rules
        return ""
    if ctx.locale == "en_US":
        return "rule68" if re.search(r"\bRule 68\b|\boffers? of judgment\b", where, re.I) else "fre408"
    return "part36" if re.search(r"\bPart 36\b", where, re.I) else "calderbank"


def marking(regime: str) -> str:
    """The head an offer to settle carries: without prejudice save as to costs in England (a Part 36 offer is not
    shown to the trial judge until liability and quantum are decided), a settlement communication under FRE 408 in
    the US; an offer of judgment is served, and carries none."""
    return {"part36": "Without prejudice save as to costs", "calderbank": "Without prejudice save as to costs",
            "fre408": "Confidential settlement communication: FRE 408"}.get(regime, "")


def offeror(ctx: ArtifactContext, claimant: str, defendant: str) -> str:
    """'claimant' or 'defendant': the party to the claim the author's side acts for, from the plan's roles of the
    author's organisation (and those it acts for) and of the readers' (never from who reads it)."""
    from worldsmith.generators.compose.parties import org

    def roles(name: str) -> str:
        out, seen = [], set()
        while name and name not in seen:
            seen.add(name)
            here = org(ctx, name)
            if here is None:
                break
            out.append(f"{here.name} {here.role}")
            name = here.acts_for or here.engaged_by
        return " ".join(out)

    mine = roles(ctx.author.organisation)
    theirs = " ".join(roles(p.organisation) for p in ctx.to)

    def says(text: str, who: str, word: str) -> bool:
        return bool((who and re.search(re.escape(who), text)) or re.search(word, text, re.I))

    if says(mine, defendant, r"\bdefen[dc]\w*|\binsurer\b") or says(theirs, claimant, r"\bclaimant\b|\bplaintiff\b"):
        return "defendant"
    return "claimant"


def _offered(ctx: ArtifactContext) -> FactRef | None:
    """The sum the offer is made in: an amount whose label or statement names the offer, else the first amount."""
    money = [f for f in ctx.facts if f.value.type == "money"]
    return next((f for f in money if re.search(r"\boffer", f"{label(f)} {f.statement}", re.I)),
                money[0] if money else None)


def _days(ctx: ArtifactContext, least: int) -> int:
    m = _DAYS.search(f"{getattr(ctx.spec, 'purpose', '')} {ctx.spec.title}")
    n = (int(m.group("n")) if m.group("n").isdigit() else _WORDS[m.group("n").lower()]) if m else least
    return max(n, least)


def offer_bodies(ctx: ArtifactContext, claimant: str, defendant: str) -> tuple[list[tuple[str, str]],
                                                                                dict[int, list[str]]]:
    """The plan and sections of an offer to settle: who makes it and under which rule, the sum and what it covers,
    the terms the rule requires (the relevant period, the whole claim or part, any counterclaim, interest,
    recoverable benefits), and how it is accepted and what follows if it is not."""
    regime = offer_regime(ctx)
    side = offeror(ctx, claimant, defendant)
    party, other = (defendant, claimant) if side == "defendant" else (claimant, defendant)
    role, other_role = ("Defendant", "Claimant") if side == "defendant" else ("Claimant", "Defendant")
    if ctx.locale == "en_US":
        role, other_role = ("Defendant", "Plaintiff") if side == "defendant" else ("Plaintiff", "Defendant")
    f = _offered(ctx)
    sum_ = f.text if f is not None else "the sum set out below"
    where = f"{ctx.world_title} {ctx.world_summary} {getattr(ctx.spec, 'purpose', '')}"
    injury = re.search(r"personal injur|employers?'? liability|\binjur(?:y|ies|ed)\b|accident", where, re.I)
    counterclaim = re.search(r"\bcounterclaim", where, re.I)
    contributory = re.search(r"\bcontributory negligence\b", where, re.I)
    pays = f"to pay your client {sum_}" if side == "defendant" else f"to accept {sum_}"
    if regime == "part36":
        days = _days(ctx, 21)
        opening = [f"We write on behalf of our client, {party}, the {role} in the claim brought "
                   + (f"against it by your client, {other}." if side == "defendant" else f"by it against your client, {other}.")
                   + " This offer is made pursuant to Part 36 of the Civil Procedure Rules.",
                   f"Our client offers {pays} in settlement of the whole of the claim."]
        terms = ["The offer relates to the whole of the claim"
                 + (", and takes into account the counterclaim." if counterclaim else
                    "; there is no counterclaim for it to take into account.")]
        if contributory:
            terms.append("The sum offered takes into account the Defendant's case on contributory negligence."
                         if side == "defendant" else "The sum offered takes into account any reduction for "
                                                     "contributory negligence.")
        terms.append("The offer is inclusive of interest until the relevant period has expired (rule 36.5(4)).")
        if injury and side == "defendant":
            terms.append("The offer is made without regard to any liability for recoverable amounts under the Social "
                         "Security (Recovery of Benefits) Act 1997: your client would receive the sum offered in full, "
                         "and our client will pay any recoverable benefits to the Compensation Recovery Unit in "
                         "addition (rule 36.22(3)(a)).")
        terms.append(f"The offer is open for acceptance for {days} days from the date it is served (the relevant "
                     f"period). If it is accepted within the relevant period, "
                     + ("our client will be liable for your client's costs in accordance with rule 36.13."
                        if side == "defendant" else "your client will be liable for our client's costs in "
                                                    "accordance with rule 36.13."))
        close = ["The offer may be accepted at any time, unless it has been withdrawn or changed by written notice "
                 "(rule 36.11), by serving written notice of acceptance on us.",
                 ("If your client does not accept this offer and fails to obtain a judgment more advantageous than it, "
                  "our client will ask the court to make the orders as to costs and interest set out in rule 36.17(3)."
                  if side == "defendant" else
                  "If your client does not accept this offer and our client obtains a judgment at least as "
                  "advantageous to it, our client will ask the court for the orders set out in rule 36.17(4), "
                  "including enhanced interest and the additional amount.")]
        heads = ("Introduction", "Terms of the Offer", "Acceptance")
    elif regime == "calderbank":
        opening = [f"We write on behalf of our client, {party}, the {role}, with an offer to settle your client's "
                   f"claim." if side == "defendant" else
                   f"We write on behalf of our client, {party}, the {role}, with an offer to settle its claim against "
                   f"your client.",
                   f"Our client offers {pays} in full and final settlement of the claim, inclusive of interest, with "
                   f"no admission of liability."]
        terms = [f"The offer is open for acceptance in writing for {_days(ctx, 14)} days from the date of this letter, "
                 f"after which it lapses. Costs are to be agreed or assessed on the standard basis."]
        close = ["This letter is written without prejudice save as to costs. If the offer is not accepted, our client "
                 "reserves the right to bring it to the court's attention on the question of costs once the claim is "
                 "decided."]
        heads = ("Introduction", "Terms of the Offer", "Costs")
    elif regime == "rule68":
        opening = [f"Pursuant to Rule 68 of the Federal Rules of Civil Procedure, {role} {party} offers to allow "
                   f"judgment to be taken against it in this action in the amount of {sum_}, including costs then "
                   f"accrued."]
        terms = ["This offer is made for the purposes of Rule 68 only. It is not an admission of liability, and it may "
                 "not be filed or offered in evidence except in a proceeding to determine costs."]
        close = [f"If {other_role} {other} serves written notice of acceptance within 14 days after service of this "
                 f"offer, either party may file the offer, the notice of acceptance and proof of service, and the "
                 f"clerk must enter judgment. An offer not accepted within 14 days is considered withdrawn. If the "
                 f"judgment that {other} finally obtains is not more favorable than this offer, {other} must pay the "
                 f"costs incurred after this offer was made (Rule 68(d))."]
        heads = ("Offer of Judgment", "Effect of the Offer", "Acceptance")
    else:
        opening = [f"We write on behalf of our client, {party}, in an effort to resolve this matter without further "
                   f"litigation.",
                   f"Our client offers {pays} in full settlement of all claims in this matter, in exchange for a "
                   f"mutual release and a dismissal with prejudice, each side to bear its own fees and costs."]
        terms = [f"This offer remains open until 5:00 p.m. on the {_days(ctx, 14)}th day after the date of this letter, "
                 f"after which it lapses without further notice. Acceptance must be in writing, and the settlement "
                 f"will be documented in a written agreement signed by both parties."]
        close = ["This letter is a confidential settlement communication under Federal Rule of Evidence 408 and "
                 "corresponding state law. It may not be used to prove or disprove the validity or amount of any "
                 "claim, and nothing in it is an admission by our client."]
        heads = ("Introduction", "Terms of the Offer", "Basis of this Letter")
    said = {f.text} if f is not None else set()
    # the paper's other facts in the words of its terms, never left out (a fact the letter must carry)
    rest = [g for g in ctx.facts if g.text not in said and g.text not in " ".join(opening + terms + close)]
    terms += [cap_first(plain(g)) + "." for g in rest]
    plan = [(heads[0], "opening"), (heads[1], "terms"), (heads[2], "letter_close")]
    return plan, {0: opening, 1: terms, 2: close}
