"""A settlement agreement: the dispute it settles, what each side pays or credits and when, the release, no admission,
costs and law, and a schedule of the settlement figures; every figure a ledger fact's own text.

Seed 31 (supply-surcharge, doc_type 'settlement'): 'Settlement agreement: Brennmoor index surcharge' came out as
opposing counsel's file note ('Prepared by Tallis Reade LLP for Brennmoor ... The headline: the disputed excess is
USD 1,279,200') with 'Settlement date | This paper' in its table: no term, no release, no signature.
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.genres import head_noun
from worldsmith.generators.compose.text import cap_first, long_date, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.generators.compose.substance.common import label
from worldsmith.generators.compose.law import law_of_place

_SETTLEMENT = re.compile(r"\b(settlement agreement|settlement and release|deed of settlement|release agreement|"
                         r"terms of settlement|settlement)\b", re.I)
# 'Halvergate pays the USD 2,361,600 capped surcharge', 'Brennmoor credits the USD 1,279,200 excess'
_TERM = re.compile(r"^(?P<who>[A-Z][\w&.'-]*(?:\s[A-Z][\w&.'-]*){0,3})\s+(?P<verb>pays|credits|withdraws|releases|"
                   r"refunds|waives|accepts|reissues|issues|returns|transfers|discontinues)\s+(?P<what>.+)$")


def is_settlement(ctx: ArtifactContext) -> bool:
    """Whether the paper is an agreement settling a dispute (by its title or its type), or a release or discharge of a
    claim by its title's head (blind read 29: a 'Discharge and release' written as a generic contract with a mutual
    indirect-loss exclusion and no release wording)."""
    return bool(_SETTLEMENT.search(f"{ctx.spec.title} {getattr(ctx.spec, 'doc_type', '')}")) or \
        head_noun(ctx.spec.title) in ("release", "discharge", "compromise")


# a caption's reference after the parties ('Perrin v Talbrook Resources Limited (NSD 1142 of 2023)')
_CAPTION = re.compile(r"(?P<a>[A-Z][\w&.,' -]*?)\s+v\.?\s+(?P<b>[A-Z][\w&.' -]*?)\s*(?:\((?P<ref>[^)]*\d[^)]*)\))?"
                      r"(?:\s*[:,;]|$)")
_COPY = re.compile(r"(?i)[,;]?\s*\(?\b(?:executed|signed|certified|conformed|final|draft)\s+(?:copy|version)\)?\s*$")
# the side a party is on in a proceeding, by the word the matter uses for it
_SIDES = (("applicant", "respondent"), ("claimant", "defendant"), ("plaintiff", "defendant"),
          ("claimant", "respondent"), ("appellant", "respondent"), ("petitioner", "respondent"))
_APPROVAL = re.compile(r"\b(?:court|tribunal|judge)\b[^.]*\bapprov|\bapprov\w*[^.]*\b(?:court|tribunal|judge)\b", re.I)
_SECTION = re.compile(r"\b(?:section|s\.?|rule|article|art\.)\s*\d+[A-Z]*(?:\(\d+\))?\s+of\s+the\s+(?:[A-Z][\w()]*\s+)+"
                      r"(?:Act|Rules|Code)(?:\s+\d{4})?")
_SUM = re.compile(r"\b(settlement (?:sum|amount)|balance (?:payable|due)|amount payable|sum payable|indemnity payable|"
                  r"agreed (?:sum|amount)|indemnity)\b", re.I)
_PAID = re.compile(r"\b(interim|on account|already paid|advance)\b", re.I)


def instrument_word(title: str) -> str:
    """What the instrument calls itself: 'Deed' for a deed, 'Release' for a release or discharge, else 'Agreement'."""
    if re.search(r"(?i)\bdeed\b", title):
        return "Deed"
    return "Release" if head_noun(title) in ("release", "discharge") else "Agreement"


def _caption(ctx: ArtifactContext) -> tuple[str, str, str]:
    """(first party, second party, the proceeding's reference) of an 'A v B (ref)' caption in the title or the matter's
    title or summary; ('', '', '') where none names one."""
    for text in (ctx.spec.title, ctx.world_title, ctx.world_summary):
        m = _CAPTION.search(" ".join((text or "").split()))
        if m:
            return m.group("a").strip(" ,"), m.group("b").strip(" ,"), (m.group("ref") or "").strip()
    return "", "", ""


def _sides(ctx: ArtifactContext) -> tuple[str, str]:
    """('Applicant', 'Respondent') or the pair of side words the matter's own text uses for its proceeding."""
    words = " ".join([ctx.world_summary, *(o.role for o in ctx.organisations)]).lower()
    for one, two in _SIDES:
        if re.search(rf"\b{one}s?\b", words) and re.search(rf"\b{two}s?\b", words):
            return one.capitalize(), two.capitalize()
    for one, two in _SIDES:
        if re.search(rf"\b{one}s?\b", words):
            return one.capitalize(), two.capitalize()
    return "", ""


def needs_approval(ctx: ArtifactContext) -> tuple[bool, str, str]:
    """(whether the matter's settlement takes effect only on a court's approval, the provision it is approved under,
    the day the matter says it was approved or ''), from the summary and the facts (blind read 29: a class action's
    deed 'payable within 10 business days with no s 33V approval condition')."""
    texts = [ctx.world_summary, *(f.statement for f in ctx.facts)]
    said = [t for text in texts for t in re.split(r"(?<=[.;])\s+", " ".join((text or "").split())) if _APPROVAL.search(t)]
    if not said:
        return False, "", ""
    provision = next((m.group(0) for t in texts for m in [_SECTION.search(" ".join((t or "").split()))]
                      if m and _APPROVAL.search(" ".join((t or "").split()))), "")
    from worldsmith.generators.compose.substance.agreement import matter_dates

    days = [d for t in said for d in matter_dates(ctx.model_copy(update={"world_summary": t, "facts": []}))]
    return True, provision, long_date(min(days), ctx.locale) if days and min(days) <= ctx.spec.date else ""  # type: ignore[union-attr]


def _subject(ctx: ArtifactContext) -> str:
    """What the instrument settles as its title names it, without the copy's status ('executed copy')."""
    about = re.split(r":\s*", ctx.spec.title, maxsplit=1)
    subject = _COPY.sub("", about[1]).strip() if len(about) > 1 else ""
    subject = subject or "the matters between them"
    # (a thing named by its number takes no article: 'concerning Claim No. 7, North Tower', never 'the Claim No. 7',
    # blind read 35's mediated settlement)
    return subject if re.match(r"(?i)the\b|[A-Z][\w-]* (?:No\.|Number|#)\s*\d", subject) else f"the {subject}"


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


def _called(title: str) -> str:
    """The instrument's name as its opening words give it: 'Deed of Settlement', 'Discharge and Release', 'Settlement
    Agreement'."""
    word = instrument_word(title)
    head = re.split(r"\s*(?::|\(|\s[-\u2013\u2014]\s)", " ".join(title.split()), maxsplit=1)[0]
    if word == "Agreement" or len(head.split()) > 5:
        return "Deed of Settlement" if word == "Deed" else "Release" if word == "Release" else "Settlement Agreement"
    small = {"of", "and", "the", "in", "for"}
    return " ".join(w if w in small else w[:1].upper() + w[1:] for w in head.split())


def _pick_sum(ctx: ArtifactContext) -> tuple[FactRef | None, FactRef | None, FactRef | None]:
    """(the sum the instrument pays, a sum already paid on account, the total it is part of) among the facts."""
    money = [f for f in ctx.facts if f.value.type == "money"]
    paid = next((f for f in money if _PAID.search(label(f))), None)
    ranked = []
    for f in money:
        m = _SUM.search(label(f))
        if m and f is not paid:
            ranked.append((0 if "settlement" in m.group(1).lower() else 1 if "balance" in m.group(1).lower() else
                           2 if "payable" in m.group(1).lower() else 3, f))
    ranked.sort(key=lambda x: x[0])
    due = ranked[0][1] if ranked else (money[0] if money and money[0] is not paid else None)
    total = next((f for _, f in ranked if f is not due), None) if paid is not None else None
    return due, paid, total


def _policy_named(ctx: ArtifactContext) -> str:
    """'policy PRX-2025-0418' as the matter names the policy, else 'the policy'."""
    for text in [ctx.spec.title, ctx.world_summary, *(f.statement for f in ctx.facts)]:
        m = re.search(r"\b[Pp]olicy\s+(?:no\.?\s*)?([A-Z]{2,5}[ -]?\d[\w-]{3,})", " ".join((text or "").split()))
        if m:
            return f"policy {m.group(1)}"
    return "the policy"


def settlement_bodies(ctx: ArtifactContext, first: str, second: str, roles: tuple[str, str]
                      ) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of a settlement agreement, deed or release: parties, recitals, payment (the ledger's
    sum and the day it falls due), the court's approval where the matter needs it, the release (and what it
    reserves), no admission, costs, law, the schedule of figures and signatures."""
    word, called = instrument_word(ctx.spec.title), _called(ctx.spec.title)
    a_cap, b_cap, ref = _caption(ctx)
    one, two = roles
    insurance = {one, two} == {"Insurer", "Insured"}
    if a_cap and not insurance:
        # the parties to a proceeding are its parties, in the caption's order, by their sides (blind read 29: a deed
        # of settlement 'made between (1) Talbrook ... (the first Party) and (2) Perrin (the second Party)')
        side_a, side_b = _sides(ctx)
        match = lambda short, name: name.startswith(short) or short.startswith(name.split()[0])  # noqa: E731
        if match(a_cap, second) and match(b_cap, first):
            first, second = second, first
        if match(a_cap, first) and side_a:
            one, two = side_a, side_b
    a, b = f"the {one}" if one else "the first Party", f"the {two}" if two else "the second Party"
    names = []
    for name, term in ((first, a), (second, b)):
        names.append((name, term))
        short = name.split()[0].rstrip(",")
        if short.lower() not in ("the", "a") and len(short) > 3:
            names.append((short, term))
    day = long_date(ctx.spec.date, ctx.locale)  # type: ignore[union-attr]
    subject = _subject(ctx)
    law, courts = law_of_place(ctx, (first, second))
    money = [f for f in ctx.facts if f.value.type == "money"]
    approval, provision, approved = needs_approval(ctx)
    conditional = approval and not approved
    this = f"this {word}"
    us = ctx.locale == "en_US"
    plan: list[tuple[str, str]] = [("Parties", "parties"), ("Recitals", "recitals")]
    # (a claim no court or tribunal has heard is a claim, not proceedings: blind read 36's dilapidations claim under
    # the Protocol, settled before issue, was recited as 'brought proceeding ... (the Proceeding)')
    issued = bool(ref) or bool(re.search(r"(?i)\b(?:court|tribunal|claim no|case no|proceedings? (?:were |was )?"
                                         r"(?:issued|filed|brought)|lawsuit|complaint|arbitra\w*|petition)\b",
                                         ctx.world_summary or ""))
    if a_cap and not insurance and not issued:
        what = "the Claim"
        named = re.match(r"(?i)^the (?P<kind>[\w -]+?) claim(?:,\s*(?P<place>.+))?$", subject)
        recital = (f"(A) {first} has made a {named.group('kind')} claim against {second}"
                   + (f" in respect of {named.group('place')}" if named.group("place") else "") + " (the Claim)."
                   if named else f"(A) {first} has made a claim against {second} in respect of {subject} (the Claim).")
    elif a_cap and not insurance:
        what = "the Proceeding"
        group = re.search(r"\b(group members?|class members?|represented persons)\b", ctx.world_summary or "", re.I)
        recital = (f"(A) {first} brought proceeding" + (f" {ref}" if ref else "") + f" against {second}"
                   + (f" as a representative proceeding on behalf of the {group.group(1).lower().rstrip('s')}s"
                      if group else "") + " (the Proceeding).")
    elif insurance:
        what = "the Claim"
        insured = first if one == "Insured" else second
        recital = f"(A) {insured} made a claim under {_policy_named(ctx)} in respect of {subject} (the Claim)."
    else:
        what = "the Dispute"
        recital = f"(A) A dispute has arisen between the Parties concerning {subject} " + \
            ('(the "Dispute").' if us else "(the Dispute).")
    bodies: dict[int, list[str]] = {
        # (an American agreement is 'entered into ... by and between', its defined terms in quotation marks; the
        # English '(1) ... (2) ... each a Party' read as a London draft, blind read 35)
        0: [f'This {called} ("{cap_first(word)}") is entered into as of {day} by and between {first} ("{a[4:] if a.startswith("the ") else a}") and '
            f'{second} ("{b[4:] if b.startswith("the ") else b}") (each a "Party" and together the "Parties").' if us else
            f"This {called} is dated {day} and made between (1) {first} ({a}) and (2) {second} ({b}) (each a Party)."],
        1: [recital, f"(B) The Parties have agreed the amount payable on {what} and its settlement on the terms of "
                     f"{this}." if insurance else
            f"(B) The Parties have agreed to settle {what} on the terms of {this}."]}
    if conditional:
        bodies[1].append("(C) The settlement takes effect only if the Court approves it" +
                         (f" under {provision}" if provision else "") + ".")
    due, paid, total = _pick_sum(ctx)
    terms = _terms(ctx, names)
    payer = next((t for n, t in names if due is not None and due.statement.startswith(n)), "")
    if not payer:
        payer = (a if one == "Insurer" else b) if insurance else b
    payee = a if payer == b else b
    when = "the Approval Date" if conditional else f"the date of {this}"
    paras = []
    if terms:
        # what the record says each side does, in the agreement's words, with when and how it is done
        paras = [f"{t}." for t in terms] + [
            f"Each payment under this Clause 1 shall be made within ten Business Days after {when}, in cleared funds "
            f"to the account the payee notifies in writing, and each credit shall be shown on the next invoice issued "
            f"after that date."]
    elif due is not None:
        paras.append(f"{cap_first(payer)} shall pay {payee} {due.text}, the {re.sub(r'^the ', '', label(due))}, within "
                     f"ten Business Days after {when}, by electronic transfer in cleared funds to the account "
                     f"{payee} nominates in writing.")
    if paid is not None and not terms:
        paras.append(f"{cap_first(payee)} acknowledges receipt of {paid.text}, the {re.sub(r'^the ', '', label(paid))}, "
                     f"paid on account" + (f"; with the payment under clause 1.1 it makes up the "
                                           f"{re.sub(r'^the ', '', label(total))} of {total.text}" if total else "")
                     + ".")
    if not paras:
        paras.append(f"The Parties shall pay and credit the sums set out in the Schedule, within ten Business Days "
                     f"of the date of {this}.")
    plan.append(("1. Payment", "terms"))
    bodies[len(plan) - 1] = paras
    n = 2
    if approval:
        plan.append((f"{n}. Approval of the Court", "terms"))
        bodies[len(plan) - 1] = [
            f"{cap_first(this)} is conditional on the Court approving the settlement" +
            (f" under {provision}" if provision else "") + "; the Approval Date is the day the approval order is made.",
            f"If the Court refuses approval, {this} (save this clause) is of no effect, and the Parties return to their "
            f"positions in {what} as they were before it, without prejudice to any of them."] if conditional else [
            f"The Court approved the settlement on {approved}" + (f" under {provision}" if provision else "") + "."]
        n += 1
    plan.append((f"{n}. Release", "terms"))
    sum_name = f"the {re.sub(r'^the ', '', label(due))}" if due is not None else "the sums due under it"
    if insurance:
        insurer, insured = (a, b) if one == "Insurer" else (b, a)
        release = [f"On receipt of {sum_name}, {insured} releases and forever discharges {insurer} from {what} and "
                   f"from every other claim under {_policy_named(ctx)} arising out of {subject}, including claims for "
                   f"interest and costs."]
        said = " ".join([ctx.world_summary or "", getattr(ctx.spec, "purpose", "") or "",
                         *(f.statement for f in ctx.facts)])
        if re.search(r"\bsubrogat|\brecovery rights\b|\brights of recovery\b", said, re.I):
            target = next((o.name for o in ctx.organisations if re.search(r"subrogat|recover", o.role or "", re.I)), "")
            release.append(f"Nothing in this clause releases any third party or affects {insurer}'s rights of "
                           f"subrogation, which are reserved" + (f", including against {target}" if target else "") +
                           f". {cap_first(insured)} assigns to {insurer} its rights of recovery for the sums paid, and "
                           f"shall give {insurer} the documents and assistance it reasonably requires to pursue them.")
    elif a_cap:
        release = [f"On payment of {sum_name}, {a}" + (f", for the {one or 'first Party'} and each group member," if
                                                          "group member" in (ctx.world_summary or "").lower() else "") +
                   f" releases and forever discharges {b} from every claim made in {what} and every claim arising out "
                   f"of the facts pleaded in it, whether or not known at the date of {this}.",
                   f"Within five Business Days after payment the Parties shall file consent orders dismissing "
                   f"{what}" + (", as the Court's approval order provides" if approval else "") + "."]
    else:
        release = [f"{cap_first(this)} is in full and final settlement of {what} and of every claim each Party has or "
                   f"may have against the other arising out of it, whether or not known at the date of {this}.",
                   f"Each Party releases the other from those claims, save for the obligations {this} creates; a Party "
                   f"may enforce {this} as a contract."]
    bodies[len(plan) - 1] = release
    n += 1
    inclusive = due is not None and re.search(r"\binclusive of (?:all )?(?:legal )?costs\b", due.statement, re.I)
    # (said once: where the outline's points say it, its point stands for the clause; blind read 35 had it three times)
    admitted = any(re.search(r"(?i)\badmi(t|ssion)", pt.text) for pt in getattr(ctx.spec, "points", []) or [])
    plan.append((f"{n}. " + ("" if insurance or admitted else "No Admission; ") + "Costs" + ("" if approval else "; Confidentiality"),
                 "terms"))
    # (an insurer paying its insured's claim under the policy admits the claim it pays: no 'no admission' clause)
    bodies[len(plan) - 1] = ([] if insurance or admitted else
                             [f"Nothing in {this} is an admission of liability by either Party."]) + [
                             f"{cap_first(sum_name)} is inclusive of costs and interest; {payer} pays nothing further "
                             f"for the costs of {what}." if inclusive else
                             f"Each Party bears its own costs of {what} and of {this}."]
    if not approval:
        bodies[len(plan) - 1].append(f"The terms of {this} are confidential to the Parties, "
                                     + ("except as " if us else "save as ") + f"law, a regulator or the enforcement of "
                                     f"{this} requires.")
    n += 1
    plan.append((f"{n}. Governing Law", "terms"))
    bodies[len(plan) - 1] = [f"{cap_first(this)} is governed by {law}, and each Party submits to the exclusive "
                             f"jurisdiction of {courts}."]
    written = " ".join(p for ps in bodies.values() for p in ps)
    rows = [f"{cap_first(re.sub(r'^the ', '', label(f)))}: {f.text}" for f in ctx.facts
            if f.value.type in ("money", "number", "percent", "date") and (f in money or f.text not in written)]
    plan.append(("Schedule 1", "schedule"))
    bodies[len(plan) - 1] = [f"The settlement figures referred to in {this}:"] + [
        f"({'abcdefghij'[i]}) {r}." for i, r in enumerate(rows[:10])]
    left = [f for f in ctx.facts if f.text not in " ".join(p for ps in bodies.values() for p in ps)]
    if left:
        bodies[len(plan) - 1] += [f"{cap_first(strip_end(f.statement))}." for f in left]
    plan.append(("Signatures", "signatures"))
    return plan, bodies
