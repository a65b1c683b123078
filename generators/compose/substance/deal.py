"""Deal papers: heads of terms (buyer, sellers, each figure under its head, what binds) and an investment committee
paper (thesis, valuation, findings, risks and mitigants, conditions, timetable)."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.parties import is_target, opponent, principal
from worldsmith.generators.compose.text import cap_first, join_names, lower_first
from worldsmith.generators.context import ArtifactContext, FactRef
from worldsmith.generators.compose.law import governing_law
from worldsmith.generators.compose.substance.common import (as_told, decisions, derivation, figures, identity, label,
                                                            merge_short, plain, plain_sentence, points_of, stated)


_ROUTES = (("escrow", ("escrow",)), ("mechanic", ("peg", "working capital", "completion accounts", "multiple", "ebitda",
                                                 "adjust")),
           ("consideration", ("value", "price", "consideration", "offer")))

# A condition or a consent in a fact's statement ('condition-monitoring' names a product, not a condition).
_CONDITION = re.compile(r"\bconsent\b|\bconditions?\b(?!-)", re.I)
_CLAUSE = re.compile(r"\b(?:once|provided that|on condition that)\s+(.+?)\.?$", re.I)


def _condition(f: FactRef) -> str | None:
    """The condition a fact's statement sets, as a clause ('the Ashgrove consent and the completion mechanics are in
    place'), when its statement names a consent or a condition in such a clause."""
    statement = " ".join(f.statement.split())
    m = _CLAUSE.search(statement)
    return m.group(1) if m and _CONDITION.search(statement) else None


def term_sheet_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]], first: str, second: str
                      ) -> dict[int, list[str]]:
    """Heads of terms: the buyer (its vehicle where its role names one) and the sellers of the target, the price with
    its derivation, the mechanics, escrow, conditions and timetable each from the facts that belong there, and a
    status clause that says what binds."""
    buyer, sellers, sellers_called = first, second, "the Sellers"
    here = next((o for o in ctx.organisations if o.name == first), None)
    m = re.search(r"through its (?:[\w ]+ )?vehicle ([A-Z][\w&' ]+?(?:Limited|Ltd|LLC|Inc\.?|plc))", here.role if here else "")
    if m:
        buyer = f"{m.group(1)}, a vehicle of {first}"
    there = next((o for o in ctx.organisations if o.name == second), None)
    # the company whose shares are sold: the target the roles name, else the other party ("Sellers: the Seller, the
    # Sellers ... the entire issued share capital of the Seller" where the outline names the sellers in its summary
    # only, the founders of a target it does name, my read at seed 30)
    company = next((o.name for o in ctx.organisations if is_target(ctx, o.name)), None)
    if there is not None and re.search(r"\bthe target\b", there.role, re.I):
        sellers = f"the shareholders of {second} (the Company)"
        sellers_called = "together the Sellers"
    elif there is None and company is not None:
        sellers, sellers_called = f"the shareholders of {company} (the Company)", "together the Sellers"
    heads = [h.lower() for h, _ in plan]
    out: dict[int, list[str]] = {}

    def at(word: str) -> int | None:
        return next((i for i, h in enumerate(heads) if word in h), None)

    for i, (h, k) in enumerate(plan):
        low = h.lower()
        if k == "parties":
            # (no company the roles call the target: an asset sale, water rights or a vessel, never its seller's
            # shares: blind read 33's promise of sale of water rights 'to acquire the entire issued share capital')
            out[i] = [f"Buyer: {buyer} (the Buyer). Sellers: {sellers}, {sellers_called}. These heads of terms record the "
                      f"principal terms on which the Buyer proposes to acquire the entire issued share capital of "
                      f"{company}."] if company is not None else \
                [f"Buyer: {buyer} (the Buyer). Seller: {second} (the Seller). These heads of terms record the principal "
                 f"terms of the proposed transaction between the Buyer and the Seller."]
        elif k == "governing" or "governing" in low:
            law = governing_law(ctx.locale)[0]
            out[i] = [f"These heads of terms are not legally binding, save for the provisions on confidentiality, "
                      f"exclusivity and costs, which bind on signature. They are governed by {law}."]
        elif "condition" in low:
            named = [c for c in map(_condition, ctx.facts) if c]
            out[i] = [" ".join(f"Completion is conditional on the Buyer being satisfied (or waiving the requirement) "
                               f"that {c}." for c in dict.fromkeys(named))] if named else \
                ["Completion is conditional on the usual conditions for a transaction of this kind, to be set out in the "
                 "SPA."]
        elif "timetable" in low:
            out[i] = ["The parties will work to the timetable below; a date missed does not of itself end the process."]
    consider = at("consideration")
    for f in ctx.facts:
        if identity(f):
            continue
        name = label(f).lower()
        target = None
        if f.value.type == "date":
            target = at("timetable") if at("timetable") is not None else at("condition")
        elif f in decisions(ctx.facts) or "consent" in name or "condition" in name:
            target = at("condition")
        else:
            for word, keys in _ROUTES:
                if any(key in name for key in keys):
                    target = at(word)
                    break
        target = target if target is not None else consider
        if target is None:
            continue
        out.setdefault(target, []).append(as_told(pick, f, ctx.facts))
        if "peg" in name or "working capital" in name:
            out[target].append("The price is adjusted pound for pound for the difference between net working capital "
                               "at Completion, as shown in the completion accounts, and the peg.")
        if _EV.search(name):
            # an enterprise value is not the price paid for the shares (read 10: 'heads of terms that treat
            # enterprise value as the price with no cash-free/debt-free bridge'): the bridge in words
            out[target].append(ev_bridge(ctx))
    for i in list(out):
        out[i] = merge_short(out[i])
    return out


_EV = re.compile(r"\benterprise value\b", re.I)


def ev_bridge(ctx: ArtifactContext) -> str:
    """The cash-free, debt-free mechanism in words: from the enterprise value to the price paid for the shares."""
    pound = "pound for pound" if ctx.locale == "en_GB" else "dollar for dollar"
    return ("The enterprise value is offered on a cash-free, debt-free basis with a normalised level of working "
            "capital (the peg). The equity price paid to the Sellers is the enterprise value, plus the cash of the Company at "
            "Completion, less its financial debt and debt-like items (borrowings and accrued interest, finance leases, "
            "unpaid tax for pre-Completion periods, deferred consideration and transaction costs borne by the "
            f"Company), and adjusted {pound} for the difference between net working capital at Completion and the "
            "peg, each as shown in the completion accounts.")


def model_sheet(ctx: ArtifactContext) -> str:
    """The fund's model that the paper's figures are read from: a cited sheet, else the sheet a fact's source names,
    whose name says it is a model ('Valuation model summary: Project Millrace'); '' where there is none."""
    names = [c.sheet for c in ctx.cited_figures]
    for f in ctx.facts:
        m = re.match(r'^the "[^"]+" line of the (.+)$', (f.source or "").strip())
        if m:
            names.append(m.group(1))
    return next((n for n in names if re.search(r"\bmodel\b", n, re.I)), "")


_RISKY = re.compile(r"consent|concentration|customer|change.of.control|termination|risk|dispute", re.I)


def ic_memo_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]], told: dict[int, list[str]]
                   ) -> dict[int, list[str]]:
    """An IC paper's sections from the facts: what the target does (its role), the price and how it is built, the
    diligence findings with their sources, the risks with the mitigants the facts give, the conditions and the
    timetable; each fact in the section it belongs to."""
    kinds = [k for _, k in plan]
    target = opponent(ctx)
    here = next((o for o in ctx.organisations if o.name == target), None)
    business = ""
    if here is not None and ";" in here.role:
        business = here.role.split(";", 1)[1].strip()
    points = points_of(ctx)
    price = next((f for f in figures(ctx.facts) if f.reason), points[0] if points else None)
    dated = [f for f in ctx.facts if f.value.type == "date"]
    risky = [f for f in ctx.facts if f not in dated and (_RISKY.search(label(f)) or _RISKY.search(f.statement))]
    hedges = [f for f in ctx.facts if re.search(r"escrow|W&I|indemnit", label(f) + " " + f.statement, re.I)]
    used: list[FactRef] = []

    def use(fs: list[FactRef]) -> list[FactRef]:
        left = [f for f in fs if all(f is not g for g in used)]
        used.extend(left)
        return left

    out: dict[int, list[str]] = {}
    for i, k in enumerate(kinds):
        if k == "thesis":
            rows = [f"{target} {('provides ' + business) if business else 'is the target'}."] if target else []
            if price is not None:
                use([price])
                rows.append(f"At {price.text}, the price is set on earnings after the diligence adjustments: "
                            f"{label(price)} is {derivation(price, ctx.facts) or plain(price)}.")
            rows.append("The case rests on those earnings holding, and on the risks below being covered at signing.")
            out[i] = [" ".join(rows)]
        elif k == "valuation":
            fs = use([f for f in figures(ctx.facts) if f.reason and f not in hedges])
            rows = [stated(pick, f, ctx.facts) for f in fs] or \
                [stated(pick, f, ctx.facts) for f in use(figures(ctx.facts)[:2])]
            out[i] = merge_short(rows) if rows else []
    for i, k in enumerate(kinds):
        if k == "findings":
            fs = use([f for f in ctx.facts if f.value.type in ("money", "number", "percent") and f not in hedges
                      and f not in risky])
            out[i] = merge_short([f"Finding: {lower_first(stated(pick, f, ctx.facts))}" for f in fs]) if fs else []
        elif k == "risks":
            named = [f for f in risky if identity(f)]
            rows = [f"Risk: {lower_first(as_told(pick, f, ctx.facts))}" for f in use([f for f in risky if not identity(f)])]
            if named and rows:
                use(named)
                rows[0] = rows[0][:-1] + f" ({join_names([plain(f) for f in named])})."
            # the mitigant of a customer or consent risk is the condition that covers it; an escrow secures
            # warranty claims and is no answer to losing a customer (the banker: "it offers the 7.5% escrow as the
            # mitigant for 18.4% customer concentration")
            cond = next((f for f in dated if _condition(f)), None)
            customer = any(re.search(r"customer|consent|change.of.control", label(f) + " " + f.statement, re.I)
                           for f in risky)
            if cond is not None and rows:
                rows.append(f"Mitigant: completion waits until {_condition(cond)} (see the conditions below), so "
                            f"the fund does not pay for the business before the customer's position is secured.")
            for f in use(hedges):
                rows.append(f"{cap_first(plain(f))}: it secures warranty and indemnity claims after completion and is "
                            f"no protection against losing the customer." if customer and rows else
                            f"Mitigant: {lower_first(as_told(pick, f, ctx.facts))}")
            out[i] = merge_short(rows) if rows else []
        elif k == "decisions":
            fs = use([f for f in ctx.facts if f in decisions(ctx.facts)] +
                     [f for f in dated if _CONDITION.search(f.statement)])
            # an internal paper states a condition as the record does ('once the Ashgrove consent ... is in place');
            # 'the conditions below' only over conditions
            named = [f for f in fs if _condition(f)]
            rows = [f"The recommendation is subject to this: the {label(f)} of {f.text} holds only once {_condition(f)}."
                    if f in named else as_told(pick, f, ctx.facts) for f in fs]
            out[i] = [" ".join(rows)] if fs else []
        elif k == "next_steps":
            fs = use(dated)
            if fs:
                out[i] = [" ".join(plain_sentence(pick, f) for f in fs) +
                          " The deal team will report to the Committee on each date as it is met."]
        elif k == "analysis" and "financ" in plan[i][0].lower() and price is not None:
            # leverage, the equity cheque and the returns: the ledger's figures where it has them, else what the
            # model shows in words with where to read it, never a figure invented here (read 10: 'an investment
            # committee paper with no returns, leverage or equity cheque section')
            esc = next((f for f in hedges if f.value.type == "money"), None)
            ev = _EV.search(label(price))
            rows = [(f"{cap_first(label(price))} of {price.text} is paid on a cash-free, debt-free basis: the equity "
                     f"price for the shares is that value plus the target's cash at completion, less its debt and "
                     f"debt-like items, adjusted for working capital against the peg" if ev else
                     f"The price of {price.text} is payable in cash at completion on a cash-free, debt-free basis")
                    + (f", less {esc.text} paid into escrow" if esc else "") + "."]
            funding = [f for f in ctx.facts if re.search(r"leverage|debt|equity|IRR|return|multiple of money|MOIC|"
                                                         r"cheque|check", label(f), re.I) and f is not price
                       and not re.search(r"EBITDA multiple", label(f), re.I)]
            rows += [as_told(pick, f, ctx.facts) for f in use(funding)]
            if not funding:
                # no leverage or returns in the record: the paper recommends on the figures it has and names what is
                # open, each with the paper it will come from (read 14: 'A "final recommendation" IC memo with no
                # IRR, MoM, leverage or equity cheque ("the deal team will table them")')
                lost = ", and the largest customer lost" if any(re.search(r"customer", label(f), re.I)
                                                                for f in ctx.facts) else ""
                sheet = model_sheet(ctx)
                if sheet:
                    rows.append(f"The valuation summary circulated (\"{sheet}\") shows how {label(price)} is built.")
                rows.append(f"This paper carries no leverage or returns figures: they are not yet settled, and the "
                            f"recommendation above is on the price and the earnings it rests on, not on the equity "
                            f"cheque. Open before the Committee approves the equity cheque:")
                rows.append("(a) Senior debt, its quantum and terms: to be confirmed from the lenders' commitment "
                            "papers, sized on the diligence-adjusted EBITDA.")
                rows.append("(b) Equity cheque: the equity price, fees and expenses less the senior debt, to be "
                            "confirmed from the funds flow once (a) is fixed.")
                rows.append(f"(c) IRR and money multiple over the hold, base case and downside (the diligence "
                            f"adjustments not sustained{lost}): to be confirmed from the fund's returns model run on "
                            f"(a) and (b); the equity cheque goes ahead only if the downside clears the fund's hurdle.")
                out[i] = rows
                continue
            sheet = model_sheet(ctx)
            shown = (f"The valuation summary circulated (\"{sheet}\") shows how {label(price)} is built; the "
                     f"financing and the returns are run from it in the fund's full model. " if sheet else "")
            rows.append("Leverage and equity cheque: " + lower_first(
                f"{shown}The senior debt is sized there as a multiple of the diligence-adjusted EBITDA, and the "
                f"fund's equity cheque is the balance of the equity price, fees and expenses."))
            lost = ", and the largest customer lost" if any(re.search(r"customer", label(f), re.I)
                                                            for f in ctx.facts) else ""
            rows.append(f"Returns: the model gives IRR and money multiple over the hold in the base case and in a "
                        f"downside (the diligence adjustments not sustained{lost}); the deal team will table them at "
                        f"the meeting, and the Committee approves the equity cheque at this price on those returns.")
            out[i] = rows
    for i, k in enumerate(kinds):
        if k == "background" and i not in out:
            buyer = principal(ctx, ctx.author.organisation)
            rows = [f"{buyer} proposes to acquire {target}." if target else f"{buyer} proposes the investment below."]
            rows += [as_told(pick, f, ctx.facts) for f in use([f for f in ctx.facts if f not in dated])]
            out[i] = merge_short(rows) if len(rows) > 1 else [rows[0] + " The terms are as set out in this paper."]
    return {i: ps for i, ps in out.items() if ps and not told.get(i)}


# -- a financing's term sheet ------------------------------------------------------------------------------------------

# What a paper lends or raises, in its title or doc_type; and what an acquisition's heads of terms name instead.
_LENDS = re.compile(r"\b(facilit(?:y|ies)|loans?|credit|financing|refinancing|notes|bonds?|debt|lending|borrowing)\b",
                    re.I)
_BUYS = re.compile(r"\b(spa|share purchase|acquisition|acquire|purchase|sale|disposal|merger|heads of (?:terms|agreement))\b",
                   re.I)
# An organisation that advises or reports on a deal is never one of its parties (borrower's counsel, the lenders'
# engineer).
_ADVISER = re.compile(r"\b(counsel|solicitors?|lawyers?|advis[eo]rs?|engineer|auditor|accountants?|consultants?)\b", re.I)
_FIN_HEADS = {"consideration": "The Facilities", "price mechanics": "Pricing and Fees",
              "escrow and security": "Security and Covenants", "conditions": "Conditions Precedent"}
_FIN_ROUTES = (("pricing", re.compile(r"\b(margin|fees?|interest|coupon|spread|pricing|rate|bbsy|sofr|euribor|sonia|"
                                     r"bps|basis points)\b", re.I)),
               ("security", re.compile(r"\b(dscr|llcr|gearing|leverage|covenants?|security|ratio|lock-?up|reserves?|"
                                       r"cure|headroom)\b", re.I)))


def is_financing(ctx: ArtifactContext) -> bool:
    """Whether a term sheet states the terms of a loan or an issue rather than of an acquisition: its title or doc_type
    names a facility, a loan or debt, or a party of the matter is its borrower, and no purchase is named."""
    text = f"{ctx.spec.title} {ctx.spec.doc_type}"
    if _BUYS.search(text):
        return False
    return _LENDS.search(text) is not None or any(_party(o.role, r"\b(borrower|issuer)\b") for o in ctx.organisations)


def _party(role: str, pattern: str) -> bool:
    """Whether an organisation's role makes it a party of this kind (an adviser to that party is not one)."""
    return re.search(pattern, role, re.I) is not None and not _ADVISER.search(role.split(";")[0])


def financing_parties(ctx: ArtifactContext, first: str, second: str) -> tuple[str, list[str], list[str]]:
    """(borrower, arrangers, lenders) from the organisations' roles; the paper's two parties where no role says."""
    orgs = ctx.organisations
    borrower = next((o.name for o in orgs if _party(o.role, r"\b(borrower|issuer)\b(?!')")), "")
    arrangers = [o.name for o in orgs if _party(o.role, r"\b(arranger|bookrunner|underwriter)\b")]
    # (a sponsor invests equity in the borrower; it lends nothing)
    lenders = [o.name for o in orgs if o.name != borrower and not re.search(r"\bsponsor", o.role, re.I) and
               _party(o.role, r"\b(lenders?|noteholders?|bank)\b(?!')")]
    borrower = borrower or (second if first in arrangers + lenders else first) or second
    if not lenders:
        lenders = [n for n in (first, second) if n != borrower][:1]
    return borrower, arrangers, lenders


def financing_plan(plan: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A term sheet's headings as a financing has them (the facilities, pricing, security, conditions precedent)."""
    return [(_FIN_HEADS.get(h.lower(), h), k) for h, k in plan]


def financing_term_sheet_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]], first: str,
                                second: str) -> dict[int, list[str]]:
    """A financing's term sheet: the borrower, arrangers and lenders from the parties' roles, the facilities and each
    figure under its head (amounts, pricing and fees, security and covenants, dates in the timetable), the conditions
    precedent, and a status clause that says nothing binds the lenders to lend until the finance documents are signed."""
    borrower, arrangers, lenders = financing_parties(ctx, first, second)
    heads = [h.lower() for h, _ in plan]
    sponsors = [o.name for o in ctx.organisations if _party(o.role, r"\bsponsors?\b(?!')") and o.name != borrower]
    out: dict[int, list[str]] = {}
    amending = bool(re.search(r"(?i)\bamend|\bextend|\bextension\b|\brestat|\bwaiver\b", ctx.spec.title))
    dated = any(f.value.type == "date" and not identity(f) for f in ctx.facts)

    def at(*words: str) -> int | None:
        return next((i for w in words for i, h in enumerate(heads) if w in h), None)

    for i, (h, k) in enumerate(plan):
        low = h.lower()
        if k == "parties":
            parts = [f"Borrower: {borrower} (the Borrower)."]
            if arrangers:
                parts.append(f"Mandated Lead Arranger: {join_names(arrangers)} (the Arranger).")
            parts.append(f"Original Lenders: {join_names(lenders)} (the Lenders).")
            if sponsors:
                parts.append(f"Sponsor: {join_names(sponsors)} (the Sponsor).")
            parts.append("This term sheet sets out the principal terms on which the Lenders propose to make the "
                         "facilities available to the Borrower.")
            out[i] = [" ".join(parts)]
        elif k == "governing" or "governing" in low:
            out[i] = ["This term sheet is indicative only and is not a commitment to lend or to arrange: no Lender is "
                      "bound until the facility agreement and the other finance documents are signed, save for the "
                      "provisions on confidentiality, costs and expenses, which bind on signature. It is governed by "
                      f"{governing_law(ctx.locale)[0]}."]
        elif "condition" in low:
            named = [c for c in map(_condition, ctx.facts) if c]
            # (an amendment of facilities already drawn has no first utilisation: its amendments take effect on
            # conditions of their own, blind read 36's amend-and-extend term sheet)
            out[i] = (["The amendments take effect on the date the agent confirms it has received, in form and "
                       "substance satisfactory to it, the amendment agreement signed by each obligor and each lender "
                       "it binds, the corporate authorities of each obligor, legal opinions and confirmation that the "
                       "security extends to the facilities as amended."] if amending else
                      ["First utilisation is subject to the conditions precedent usual for facilities of this kind: "
                       "the finance documents and the security in agreed form and signed, legal opinions, the "
                       "corporate authorities of each obligor and the agent's receipt of the documents listed in the "
                       "facility agreement."]) + [f"It is also conditional on {c}." for c in dict.fromkeys(named)]
        elif "timetable" in low:
            # (a timetable 'below' with nothing below it: blind read 36)
            out[i] = ["The parties will work towards " + ("signing the amendment agreement" if amending else
                                                          "financial close") +
                      (" on the timetable below." if dated else " on a timetable the agent will circulate once these "
                                                                 "terms are agreed.")]
    first_head = at("facilit")
    for f in ctx.facts:
        if identity(f):
            continue
        name = label(f)
        target = at("timetable", "condition") if f.value.type == "date" else None
        if target is None and f.value.type != "date":
            target = next((at(word) for word, rx in _FIN_ROUTES if rx.search(name) and at(word) is not None), None)
        target = target if target is not None else first_head
        if target is None:
            continue
        out.setdefault(target, []).append(as_told(pick, f, ctx.facts))
    # a financing head no figure went under says where its terms are set, never the file's figures again
    for word, line in (("pricing", "Interest accrues at the margin over the reference rate for each interest period; the "
                                   "fees are as set out in the fee letter."),
                       ("security", "The facilities are secured and guaranteed as the finance documents provide, and the "
                                    "Borrower gives the financial covenants and undertakings usual for facilities of "
                                    "this kind.")):
        i = at(word)
        if i is not None and i not in out:
            out[i] = [line]
    for i in list(out):
        out[i] = merge_short(out[i])
    return out
