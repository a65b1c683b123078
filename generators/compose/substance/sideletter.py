"""A side letter in a side letter's form: a letter from one party to an agreement to the other, on its own paper,
that refers to the agreement it is made under (by its name and date, as the matter gives them), says what is agreed
in numbered paragraphs written from the facts, reserves rights where the matter says it does, keeps the agreement
otherwise in force, names its law, and is countersigned by the other party; with the certificate its title names
(a Return Acceptance Certificate) annexed where it has one.

The aviation reader read 'a side letter thread with no side-letter terms', and the generic agreement wrote it as 'This
agreement ... (1) Parties ... 3.2 The redelivery arrangement: accepted under side letter, rights reserved.' Every
figure is a ledger fact's text; nothing is invented (no hours or cycles the ledger lacks).
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.text import cap_first, long_date, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef, PersonRef

_SIDE = re.compile(r"\bside letter\b", re.I)
GIVES = re.compile(r"\b(lessor|licensor|landlord|owner|seller|supplier|vendor)\b", re.I)
TAKES = re.compile(r"\b(lessee|licensee|tenant|charterer|buyer|customer|client)\b", re.I)
_ADVISER = re.compile(r"\b(counsel|solicitors?|adviser|advisor|lawyers?|accountants?|surveyors?|auditors?)\b", re.I)


def is_side_letter(title: str, doc_type: str = "") -> bool:
    """Whether the paper is a side letter (its title or doc_type says so)."""
    return bool(_SIDE.search(f"{title} {doc_type}"))


def own_role(role: str, pattern: re.Pattern) -> bool:
    """Whether an organisation's own role (not an adviser's to someone) matches: 'airline lessee of ...' yes,
    'counsel to Brightwing (the lessee)' no."""
    return any(pattern.search(part) and not _ADVISER.search(part) for part in role.split(";"))


def sides(orgs: list) -> tuple[str, str]:
    """(the giving party, the taking party) of the agreement among the organisations; '' where none is."""
    give = next((o.name for o in orgs if own_role(o.role, GIVES)), "")
    take = next((o.name for o in orgs if own_role(o.role, TAKES) and o.name != give), "")
    return give, take


def side_letter_bodies(ctx: ArtifactContext, giver: str, taker: str, called: tuple[str, str], salutation: str,
                       signer: PersonRef | None, countersigner: PersonRef | None, signed: bool
                       ) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of a side letter (see the module's docstring)."""
    from worldsmith.generators.compose.substance.agreement import underlying
    from worldsmith.generators.compose.substance.common import identity

    a, b = called[0] or "the Lessor", called[1] or "the Lessee"
    a, b = (a if a.startswith("the ") else f"the {a}"), (b if b.startswith("the ") else f"the {b}")
    under = underlying(ctx)
    name, short = (f"{under[0]} dated {long_date(under[1], ctx.locale)}", under[2]) if under else \
        ("agreement between us", "Agreement")
    thing = next((f for f in ctx.facts if identity(f)), None)
    asset = ""
    m = re.search(r"\b(?:leased|leases|lease of)\s+(?P<a>(?:Airbus|Boeing|ATR|Embraer|Bombardier)[^,(]*?"
                  r"(?:\s+\([^)]*\))?)(?=\s+from\b|,|\.)", ctx.world_summary or "")
    if m:
        asset = m.group("a").strip()
    asset_name = "Aircraft" if re.search(r"aircraft|airbus|boeing|msn", f"{ctx.world_summary} {ctx.spec.title}",
                                         re.I) else "Asset"
    facts = list(ctx.facts)
    expiry = next((f for f in facts if f.value.type == "date" and re.search(r"expir|return|redeliver", f.label or "",
                                                                            re.I)), None)
    money = [f for f in facts if f.value.type == "money"]
    arrangement = next((f for f in facts if f.value.type == "text" and not identity(f) and
                        re.search(r"arrangement|protocol|agreed|accept", f"{f.label} {f.id}", re.I)), None)
    accept = re.search(r"\baccept\w*\b[^.;]*\bredelivery\b[^.;]*?\bat (?P<place>[A-Z][a-z]+)", " ".join(
        f.statement for f in facts) + " " + (ctx.world_summary or ""))
    place = f" at {accept.group('place')}" if accept else ""
    day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]

    plan: list[tuple[str, str]] = [("Introduction", "opening")]
    out: dict[int, list[str]] = {0: [
        salutation,
        f"We refer to the {name} (the {short}) between {giver} ({a}) and {taker} ({b})"
        + (f" in respect of {asset} (the {asset_name})" if asset else
           (f" in respect of {thing.text} (the {asset_name})" if thing is not None else "")) +
        f". Terms defined in the {short} have the same meanings in this letter. This letter is supplemental to the "
        f"{short}."]}
    terms: list[tuple[str, list[str]]] = []
    when = expiry.text if expiry is not None else day
    redelivery = re.search(r"redeliver|return", f"{ctx.spec.title} {getattr(ctx.spec, 'purpose', '')}", re.I)
    if redelivery:
        terms.append(("Acceptance of Redelivery", [
            f"{cap_first(a)} accepts redelivery of the {asset_name}{place} on {when}, and has today signed the Return "
            f"Acceptance Certificate annexed to this letter, on the terms of this letter."
            + (f" The parties record the {re.sub(r'^(the|a|an) ', '', arrangement.label or 'arrangement')} as "
               f"{arrangement.text}." if arrangement is not None else "")]))
    else:
        terms.append(("Agreed Terms", [f"{cap_first(a)} and {b} agree the terms below in connection with the {short}."
                                       + (f" The parties record the "
                                          f"{re.sub(r'^(the|a|an) ', '', arrangement.label or 'arrangement')} as "
                                          f"{arrangement.text}." if arrangement is not None else "")]))
    for f in [f for f in money if re.search(r"discrepanc|rectif|condition", f.label or "", re.I)]:
        said = " ".join(f.statement.split())
        parts = re.search(r"\b(?:against|under)\s+(?P<ref>Schedule \d+(?: paras?| paragraphs?)? [\d, and]+)", said)
        where = f" against {strip_end(parts.group('ref'))}" if parts else ""
        terms.append(("Open Discrepancies", [
            f"The {asset_name} does not meet the return conditions{where} in the respects listed in Part 2 of the "
            f"Annex, which {b} did not rectify before redelivery. {cap_first(a)}'s technical team prices them at "
            f"{f.text} (the {re.sub(r'^(the|a|an) ', '', f.label or 'amount')}); {b} does not accept that figure, and "
            f"it is to be settled with the other redelivery compensation under the {short}."]))
    terms.append(("Reservation of Rights", [
        f"Acceptance of redelivery is without prejudice to the rights of either party under the {short}. Each of "
        f"{a} and {b} reserves all its rights and remedies in respect of redelivery compensation, the return "
        f"conditions and the maintenance reserves, and nothing in this letter or the Return Acceptance Certificate "
        f"waives any of them or is an admission by either party." if redelivery else
        f"Each party reserves all its rights under the {short}, and nothing in this letter waives any of them."]))
    terms.append((f"The {short}", [f"Save as this letter provides, the {short} continues in full force and effect."]))
    terms.append(("Governing Law", [f"This letter and any non-contractual obligation arising out of it are governed by "
                                    f"the law that governs the {short}, and the courts that have jurisdiction under "
                                    f"the {short} have jurisdiction over any dispute arising out of it."]))
    for n, (head, paras) in enumerate(terms, 1):
        plan.append((f"{n}. {head}", "clause"))
        out[len(plan) - 1] = paras
    mark = "(signed)" if ctx.locale != "en_US" else "/s/"
    sign = mark if signed else "____________________"
    close = ["Please sign and return the enclosed copy of this letter to confirm your agreement to its terms.",
             "Yours faithfully," if salutation.startswith("Dear Sir") else "Yours sincerely,", sign,
             *([signer.name, signer.title] if signer is not None else ["Authorised signatory"]),
             f"for and on behalf of {giver}",
             f"We agree to the terms of this letter. Signed for and on behalf of {taker}:",
             sign, *([countersigner.name, countersigner.title] if countersigner is not None else
                     ["Authorised signatory"]),
             f"Date: {day if signed else '____________________'}"]
    plan.append(("Signatures", "letter_close"))
    out[len(plan) - 1] = close
    if redelivery:
        cert = [f"Part 1: {giver} ({a[4:]}) confirms that on {when}{place} it accepted redelivery of the "
                f"{asset_name}" + (f", {asset}," if asset else "") + f" from {taker} ({b[4:]}) under the {short}, "
                f"subject to the side letter of {day} between them.",
                "Part 2 (open discrepancies): the items in the redelivery inspection findings that were not rectified "
                "before redelivery, as listed in the inspection report the parties signed.",
                f"Signed for {giver}: {sign}. Acknowledged for {taker}: {sign}."]
        plan.append(("Annex: Return Acceptance Certificate", "schedule"))
        out[len(plan) - 1] = cert
    return plan, out
