"""A settlement agreement: the dispute it settles, what each side pays or credits and when, the release, no admission,
costs and law, and a schedule of the settlement figures; every figure a ledger fact's own text.

Seed 31 (supply-surcharge, doc_type 'settlement'): 'Settlement agreement: Brennmoor index surcharge' came out as
opposing counsel's file note ('Prepared by Tallis Reade LLP for Brennmoor ... The headline: the disputed excess is
USD 1,279,200') with 'Settlement date | This paper' in its table: no term, no release, no signature.
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.text import cap_first, long_date, strip_end
from worldsmith.generators.context import ArtifactContext
from worldsmith.generators.compose.substance.common import label
from worldsmith.generators.compose.law import governing_law

_SETTLEMENT = re.compile(r"\b(settlement agreement|settlement and release|deed of settlement|release agreement|"
                         r"terms of settlement|settlement)\b", re.I)
# 'Halvergate pays the USD 2,361,600 capped surcharge', 'Brennmoor credits the USD 1,279,200 excess'
_TERM = re.compile(r"^(?P<who>[A-Z][\w&.'-]*(?:\s[A-Z][\w&.'-]*){0,3})\s+(?P<verb>pays|credits|withdraws|releases|"
                   r"refunds|waives|accepts|reissues|issues|returns|transfers|discontinues)\s+(?P<what>.+)$")


def is_settlement(ctx: ArtifactContext) -> bool:
    """Whether the paper is an agreement settling a dispute (by its title or its type)."""
    return bool(_SETTLEMENT.search(f"{ctx.spec.title} {getattr(ctx.spec, 'doc_type', '')}"))


def _terms(ctx: ArtifactContext, names: list[tuple[str, str]]) -> list[str]:
    """What the record says each side does under the settlement, in the agreement's words ('the Buyer shall pay the
    USD 2,361,600 capped surcharge'): the parts after a colon or a semicolon of a statement about the settlement."""
    out = []
    for f in ctx.facts:
        text = " ".join(f.statement.split())
        if not re.search(r"\bsettle", text, re.I) or ":" not in text:
            continue
        for part in re.split(r";\s+|,?\s+and\s+(?=[A-Z])", text.split(":", 1)[1]):
            m = _TERM.match(strip_end(part.strip()))
            if not m:
                continue
            who = m.group("who")
            term = next((t for n, t in names if who == n or n.startswith(who) or who.startswith(n)), "")
            if not term:
                continue
            verb = {"pays": "pay", "credits": "credit", "withdraws": "withdraw", "releases": "release",
                    "refunds": "refund", "waives": "waive", "accepts": "accept", "reissues": "reissue",
                    "issues": "issue", "returns": "return", "transfers": "transfer",
                    "discontinues": "discontinue"}[m.group("verb")]
            what = m.group("what")
            for n, t in names:
                what = re.sub(rf"\b{re.escape(n)}\b", t, what)
            out.append(f"{cap_first(term)} shall {verb} {what}")
    return list(dict.fromkeys(out))


def settlement_bodies(ctx: ArtifactContext, first: str, second: str, roles: tuple[str, str]
                      ) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of a settlement agreement: parties, recitals, the settlement terms, release, no
    admission, costs, law, the schedule of figures and signatures."""
    one, two = roles
    a, b = f"the {one}" if one else "the first Party", f"the {two}" if two else "the second Party"
    names = []
    for name, term in ((first, a), (second, b)):
        names.append((name, term))
        short = name.split()[0].rstrip(",")
        if short.lower() not in ("the", "a") and len(short) > 3:
            names.append((short, term))
    day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    about = re.split(r":\s*", ctx.spec.title, maxsplit=1)
    subject = about[1].strip() if len(about) > 1 and about[1].strip() else "the matters between them"
    subject = subject if re.match(r"(?i)the\b", subject) else f"the {subject}"
    law, courts = governing_law(ctx.locale)
    money = [f for f in ctx.facts if f.value.type == "money"]
    plan: list[tuple[str, str]] = [("Parties", "parties"), ("Recitals", "recitals")]
    bodies: dict[int, list[str]] = {
        0: [f"This Settlement Agreement is dated {day} and made between (1) {first} ({a}) and (2) {second} ({b}) "
            f"(each a Party)."],
        1: [f"(A) A dispute has arisen between the Parties concerning {subject} (the Dispute).",
            "(B) The Parties have agreed to settle the Dispute on the terms of this Agreement, without any admission "
            "of liability by either of them."]}
    terms = _terms(ctx, names)
    # (numbered by the document's renderer under its clause heading: '1.1', '1.2')
    paras = [f"{t}." for t in terms]
    if terms:
        paras.append(f"Each payment under this Clause 1 shall be made within ten Business Days of "
                     f"the date of this Agreement, in cleared funds to the account the payee notifies in writing, and "
                     f"each credit shall be shown on the next invoice issued after that date.")
    else:
        paras.append("The Parties shall pay and credit the sums set out in the Schedule, within ten Business Days "
                     "of the date of this Agreement.")
    plan.append(("1. Settlement Terms", "terms"))
    bodies[len(plan) - 1] = paras
    plan.append(("2. Full and Final Settlement", "terms"))
    bodies[len(plan) - 1] = [
        "This Agreement is in full and final settlement of the Dispute and of every claim each Party has or may "
        "have against the other arising out of it, whether or not known at the date of this Agreement.",
        "Each Party releases the other from those claims, save for the obligations this Agreement creates; a Party "
        "may enforce this Agreement as a contract."]
    plan.append(("3. No Admission; Costs; Confidentiality", "terms"))
    bodies[len(plan) - 1] = [
        "Nothing in this Agreement is an admission of liability by either Party.",
        "Each Party bears its own costs of the Dispute and of this Agreement.",
        "The terms of this Agreement are confidential to the Parties, save as law, a regulator or the enforcement "
        "of this Agreement requires."]
    plan.append(("4. Governing Law", "terms"))
    bodies[len(plan) - 1] = [f"This Agreement is governed by {law}, and each Party submits to the exclusive "
                             f"jurisdiction of {courts}."]
    written = " ".join(p for ps in bodies.values() for p in ps)
    rows = [f"{cap_first(re.sub(r'^the ', '', label(f)))}: {f.text}" for f in ctx.facts
            if f.value.type in ("money", "number", "percent", "date") and (f in money or f.text not in written)]
    plan.append(("Schedule 1", "schedule"))
    bodies[len(plan) - 1] = ["The settlement figures referred to in this Agreement:"] + [
        f"({'abcdefghij'[i]}) {r}." for i, r in enumerate(rows[:10])]
    left = [f for f in ctx.facts if f.text not in " ".join(p for ps in bodies.values() for p in ps)]
    if left:
        bodies[len(plan) - 1] += [f"{cap_first(strip_end(f.statement))}." for f in left]
    plan.append(("Signatures", "signatures"))
    return plan, bodies
