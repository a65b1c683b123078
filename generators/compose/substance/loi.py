"""A letter of intent in a letter of intent's form: a letter from the buyer to the sellers (by their adviser), not an
agreement with the company; its terms numbered (price and its basis, escrow, conditions, timetable); non-binding save
for the paragraphs it names (exclusivity, confidentiality, costs, that paragraph itself and governing law); signed by
the buyer and countersigned by the sellers for the binding paragraphs.

The M&A reader rejected the generic agreement: 'The "LOI" is a binding-form bilateral agreement with the company, not
the sellers: in force on signature, with termination for breach and no non-binding wording. Although dated 2 Sep, it
cites "the revised offer".' Every figure is a ledger fact's text, each stated as the letter makes its term; nothing of
what the matter learns later (a revised offer) is written, since the letter is written from its own date.
"""

from __future__ import annotations

import re

from worldsmith.generators.compose.text import cap_first, strip_end
from worldsmith.generators.context import ArtifactContext, FactRef, PersonRef
from worldsmith.generators.compose.law import chooses_english, dispute_clause, governing_law

_LOI = re.compile(r"\bletter of intent\b|\bLOI\b")
SELLERS = re.compile(r"\b(sell-side|sellers?|vendors?|shareholders)\b", re.I)
BUYER = re.compile(r"\b(buyer|acquir\w+|bidder|purchaser|investor)\b", re.I)
_ADVISER = re.compile(r"\b(counsel|adviser|advisor|solicitors?|accountants?|lawyers?|bank)\b", re.I)



def _disputes(ctx) -> str:
    """Where the letter sends its disputes: the locale's courts, or arbitration where the matter is one (law.dispute_clause)."""
    courts = governing_law(ctx.locale)[1]
    sent = dispute_clause(courts, ctx.world_title, ctx.world_summary)
    return f"{courts} have exclusive jurisdiction" if sent.startswith("each Party submits") else sent

def is_loi(title: str, doc_type: str = "") -> bool:
    """Whether the paper is a letter of intent (its title or doc_type says so)."""
    return bool(_LOI.search(f"{title} {doc_type}"))


# The base an escrow percentage is of, as its statement gives it ('7.5% of the enterprise value is to be held ...').
_ESCROW_BASE = re.compile(r"%\s+of\s+(?P<base>the\s+(?:[\w-]+\s+){0,3}?(?:enterprise value|price|consideration|"
                          r"purchase price|equity value))\b", re.I)


def buyer_of(orgs: list, author_org: str) -> str:
    """The buyer among the organisations: the one whose own role (before any ';') is buying, not advising."""
    for o in orgs:
        role = o.role.split(";")[0]
        if BUYER.search(role) and not _ADVISER.search(role):
            return o.name
    return author_org


def sellers_reader(readers: list, orgs: list):
    """The reader the letter goes to: the first on the sellers' side (their adviser), else the first reader."""
    roles = {o.name: o.role for o in orgs}
    return next((p for p in readers if SELLERS.search(roles.get(p.organisation, "")) and
                 not BUYER.search(roles.get(p.organisation, "").split(";")[0])), readers[0] if readers else None)


def _target(ctx: ArtifactContext) -> str:
    return next((o.name for o in ctx.organisations if re.search(r"\btarget\b", o.role, re.I)), "the Company")


def _fact(facts: list[FactRef], pattern: str, kinds: tuple[str, ...] = ()) -> FactRef | None:
    return next((f for f in facts if (not kinds or f.value.type in kinds) and
                 re.search(pattern, f"{f.id} {f.label}", re.I)), None)


def loi_bodies(ctx: ArtifactContext, salutation: str, signer: PersonRef | None, signed: bool
               ) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of a letter of intent (see the module's docstring)."""
    buyer = buyer_of(ctx.organisations, ctx.author.organisation)
    company = _target(ctx)
    facts = list(ctx.facts)
    ev = _fact(facts, r"enterprise value|\bev\b|headline price|offer price|price", ("money",))
    ebitda = _fact(facts, r"ebitda", ("money",))
    multiple = _fact(facts, r"multiple", ("number", "text", "percent"))
    escrow = _fact(facts, r"escrow|retention|holdback", ("percent", "money"))
    exclusivity = _fact(facts, r"exclusiv", ("date",))
    signing = _fact(facts, r"signing|exchange", ("date",))
    completion = _fact(facts, r"completion|closing", ("date",))
    vehicle = re.search(r"\bthrough (?:its )?(?:[\w ]+? )?vehicle (?P<v>[A-Z][\w&]*(?: [A-Z][\w&]*)*)",
                        " ".join(o.role for o in ctx.organisations))
    who = f"{buyer}" + (f", through {vehicle.group('v')} (together, the Buyer)" if vehicle else " (the Buyer)")

    plan: list[tuple[str, str]] = [("Introduction", "opening")]
    out: dict[int, list[str]] = {0: [
        salutation,
        f"We are pleased to set out the terms on which {who} proposes to acquire the entire issued share capital of "
        f"{company} (the Company) from its shareholders (the Sellers) (the Transaction). Save for paragraphs {{binding}}, "
        f"this letter is an expression of intent only and is not legally binding."]}
    price = []
    if ev is not None:
        basis = ""
        if ebitda is not None and multiple is not None:
            basis = (f", being {multiple.text} {ebitda.label or 'EBITDA'} of {ebitda.text}" if multiple.value.type !=
                     "percent" else f", on {ebitda.label or 'EBITDA'} of {ebitda.text}")
        price.append(f"The Buyer's offer values the Company at an enterprise value of {ev.text} on a cash-free, "
                     f"debt-free basis and assuming a normal level of working capital{basis}.")
        price.append("The price for the shares will be the enterprise value less the Company's debt and debt-like "
                     "items plus its cash at completion, adjusted for the difference between working capital at "
                     "completion and a normalised level agreed in the share purchase agreement, by completion accounts.")
    else:
        price.append("The price for the shares will be agreed in the share purchase agreement on a cash-free, "
                     "debt-free basis [to be agreed].")
    terms: list[tuple[str, list[str]]] = [("Price and Basis of Valuation", price)]
    if escrow is not None:
        # the escrow is of the base the record works it on, as the heads of terms that follow work it (read 22:
        # 'Escrow is worked on EV, though the LOI says "of the price"')
        base = _ESCROW_BASE.search(" ".join(escrow.statement.split()))
        of = base.group("base") if base else "the price"
        terms.append(("Escrow and Warranty Protection", [
            f"{escrow.text} of {of} is to be held in escrow for an agreed period against claims under the "
            f"warranties and the tax covenant, and the Buyer intends to take out a buy-side warranty and indemnity "
            f"insurance policy; the Sellers will give the usual warranties and a tax covenant in the share purchase "
            f"agreement."]))
    terms.append(("Conditions", [
        "The offer is subject to: (a) confirmatory financial, legal, commercial, tax and IT due diligence satisfactory "
        "to the Buyer; (b) the final approval of the Buyer's investment committee; (c) the negotiation and signing of "
        "a share purchase agreement and the other transaction documents; and (d) any consent or clearance the "
        "Transaction requires.",
        "The Transaction will be funded from equity the Buyer has committed and is not conditional on financing."]))
    timing = []
    if signing is not None:
        timing.append(f"The Buyer aims to sign the share purchase agreement by {signing.text}"
                      + (f" and to complete by {completion.text}" if completion is not None else "") + ".")
    timing.append("The Buyer's advisers are ready to begin confirmatory due diligence on the Sellers' acceptance of "
                  "this letter, with access to the data room, management and the Company's advisers.")
    terms.append(("Timetable", timing))
    binding_from = len(terms) + 1
    excl = (f"In consideration of the Buyer's costs of the Transaction, the Sellers shall not, and shall procure that "
            f"the Company and their advisers do not, until {exclusivity.text if exclusivity is not None else '[to be agreed]'} "
            f"(the Exclusivity Period), solicit, encourage or discuss any proposal from any person other than the Buyer "
            f"for the sale of any shares in, or the business or assets of, the Company, and shall tell the Buyer "
            f"promptly of any approach.")
    terms += [("Exclusivity", [excl]),
              ("Confidentiality", ["The existence and terms of this letter and the Transaction are confidential, and "
                                   "the confidentiality agreement already signed in connection with the Transaction "
                                   "continues to apply."]),
              ("Costs", ["Each party shall bear its own costs in connection with the Transaction, whether or not it "
                         "proceeds."]),
              ("Status of this Letter", [f"Save for paragraphs {binding_from} to {binding_from + 4}, which are "
                                         f"legally binding, this letter is not legally binding and is subject to "
                                         f"contract: no party is obliged to proceed with the Transaction until the "
                                         f"share purchase agreement is signed."]),
              ("Governing Law", ["This letter and any non-contractual obligation arising out of it are governed by the "
                                 "law of England and Wales, and the courts of England and Wales have exclusive "
                                 "jurisdiction." if chooses_english(ctx.locale) else
                                 "This letter is governed by the laws of the State of New York." if ctx.locale == "en_US"
                                 else "This letter and any non-contractual obligation arising out of it are governed by "
                                 "{}, and {}.".format(governing_law(ctx.locale)[0], _disputes(ctx))])]
    used = {id(f) for f in (ev, ebitda, multiple, escrow, exclusivity, signing, completion) if f is not None}
    left = [f for f in facts if id(f) not in used]
    if left:
        terms[0][1].extend(f"{cap_first(strip_end(f.label or 'Term'))}: {f.text}." for f in left)
    out[0][1] = out[0][1].replace("{binding}", f"{binding_from} to {binding_from + 4}")
    for n, (head, paras) in enumerate(terms, 1):
        plan.append((f"{n}. {head}", "clause"))
        out[len(plan) - 1] = paras
    # the close and the signature for the buyer, then the sellers' countersignature of the binding paragraphs
    mark = "(signed)" if signed else "____________________"
    close = [f"Please confirm the Sellers' agreement to paragraphs {binding_from} to {binding_from + 4} by "
             f"countersigning and returning a copy of this letter.",
             "Yours faithfully," if salutation.startswith("Dear Sir") else "Yours sincerely,",
             mark,
             *( [signer.name, signer.title] if signer is not None else ["Authorised signatory"]),
             f"for and on behalf of {buyer}",
             f"Agreed and accepted, as to paragraphs {binding_from} to {binding_from + 4}, by the Sellers:",
             f"Signed: {mark}",
             "for and on behalf of the Sellers, as their duly authorised representative"]
    plan.append(("Acceptance", "letter_close"))
    out[len(plan) - 1] = close
    return plan, out
