"""An insurance policy's declarations: the insurer's form, not anyone's argument. Named insured, insurer, policy
number, each limit, deductible and percentage the facts give, the conditions those figures work under, and who
issued it (read 9: a 'policy' came out as the insurer's strategy note, 'the deductible is derived from' the
coinsurance percentage)."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.parties import opponent
from worldsmith.generators.compose.substance.common import identity, label
from worldsmith.generators.compose.text import cap_first, long_date, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef

_POLICY = re.compile(r"\b(insurance polic(y|ies)|polic(y|ies)|declarations|endorsement)\b", re.I)
_INSURER = re.compile(r"\b(insurer|underwriters?|carrier|assurer|insurance company)\b", re.I)
_INSURED = re.compile(r"\b(policyholder|insured|assured)\b", re.I)
_NUMBER = re.compile(r"\b[A-Z]{2,5}[ -]?\d[\d-]{3,}\b")
HEADS = [("Declarations", "declarations"), ("Conditions", "conditions"), ("Issue", "policy_sign")]


def is_policy(doc_type: str, title: str) -> bool:
    """Whether the paper is an insurance policy or its declarations (a form issued, not a paper that argues)."""
    return bool(_POLICY.search(doc_type)) or bool(re.search(r"\bdeclarations\b", title, re.I)) and \
        bool(_POLICY.search(title))


def policy_parties(ctx: ArtifactContext) -> tuple[str, str]:
    """(insurer, named insured) from the organisations' roles; the author's house issues the policy when no role
    says insurer, and the insured is the party across from the insurer when no role says policyholder."""
    insurer = next((o.name for o in ctx.organisations if _INSURER.search(o.role) and not _INSURED.search(o.role)),
                   ctx.author.organisation)
    # the insured is a principal: 'coverage counsel to the policyholder' names the policyholder but is not it
    insured = next((o.name for o in ctx.organisations if _INSURED.search(o.role) and o.name != insurer
                    and not o.acts_for), "")
    return insurer, insured or opponent(ctx)


def _item(f: FactRef) -> str:
    """A declared item's name as a form prints it: 'Building limit of insurance', not 'The building limit ...'."""
    return cap_first(re.sub(r"^the\s+", "", label(f), flags=re.I))


def _condition(f: FactRef) -> str:
    """The condition a declared figure works under, in the policy's own terms, by what its label names."""
    name = label(f).lower()
    if "coinsurance" in name and f.value.type == "percent":
        return (f"Coinsurance ({f.text}). If at the time of loss the value of the covered property multiplied by "
                f"{f.text} is more than the limit of insurance, the insurer pays no more than the loss multiplied by "
                f"the limit of insurance divided by that product; the deductible is then subtracted.")
    if "deductible" in name:
        return (f"Deductible ({f.text}). The deductible is subtracted from the amount payable for each occurrence, "
                f"after any coinsurance reduction.")
    if "sublimit" in name:
        return f"{_item(f)} ({f.text}). This is the most payable for that cover in any one occurrence."
    if "limit" in name:
        return f"{_item(f)} ({f.text}). This is the most payable for any one occurrence."
    return ""


def policy_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """The declarations: parties, number, each declared figure; its conditions; the issue line."""
    insurer, insured = policy_parties(ctx)
    number = _NUMBER.search(ctx.spec.title)
    declared = [f for f in ctx.facts if not identity(f) and f.value.type in ("money", "percent")]
    stated = [f for f in ctx.facts if f not in declared]
    out: dict[int, list[str]] = {}
    for i, (_, k) in enumerate(plan):
        if k == "declarations":
            rows = [f"Named insured: {insured}." if insured else "", f"Insurer: {insurer}.",
                    f"Policy number: {number.group(0)}." if number else ""]
            rows += [f"{_item(f)}: {f.text}." for f in declared]
            out[i] = [r for r in rows if r]
        elif k == "conditions":
            rows = [c for c in (_condition(f) for f in declared) if c]
            rows += [f"{strip_end(f.statement)}." for f in stated if f.statement]
            out[i] = rows or ["The conditions of the policy form apply to the figures declared above."]
        elif k == "policy_sign":
            out[i] = [f"Issued by {insurer} on {long_date(ctx.spec.date, ctx.locale)}; countersigned by "
                      f"{ctx.author.name}, {ctx.author.title}, authorized representative."]
    return out
