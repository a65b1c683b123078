"""An invoice: who bills whom, its number and date, each charge with its figure, tax, and where and by when to pay;
never a memo's summary of the figures (blind read 27: 'an invoice with no addressee, number, VAT or bank details')."""

from __future__ import annotations

import hashlib
import re

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.facts import fact_sentence
from worldsmith.generators.compose.parties import client_of, opponent
from worldsmith.generators.compose.substance.staffnotice import head_phrase
from worldsmith.generators.compose.text import cap_first, long_date
from worldsmith.generators.context import ArtifactContext, FactRef, PersonRef

_PLAN = (("Invoice", "summary"), ("Charges", "findings"), ("Tax", "scope"), ("Payment", "next_steps"))
# what is charged, by a money fact's label (a fee, a price, costs), as against the figure a charge is reckoned on
_CHARGE = re.compile(r"\b(fees?|charges?|costs?|price|rent|commission|premium|expenses|disbursements?|invoiced?|"
                     r"amount due|payable|interest)\b", re.I)
_PAY_DAY = re.compile(r"\b(pay|payment|paid|due|settle\w*|value date|funding)\b", re.I)
# the sales tax a supply bears where the invoice is issued
_TAX = {"en_AU": "GST", "en_CA": "GST/HST", "en_US": "Sales tax", "en_IN": "GST", "en_SG": "GST", "en_NZ": "GST"}


def is_invoice(ctx: ArtifactContext) -> bool:
    """Whether a paper is an invoice: its title's own noun phrase ends in 'invoice' ('Arrangement fee invoice',
    'Invoice No. 42: ...'), never a paper about one ('Memo re the disputed invoice')."""
    head = re.sub(r"\s+(?:no\.?\s*)?\S*\d\S*$", "", head_phrase(ctx.spec.title))  # 'invoice no. 42', 'invoice bsp-0417'
    return re.search(r"\binvoice$", head) is not None


def invoice_plan(n: int) -> list[tuple[str, str]]:
    """n headings of an invoice (at least its particulars and charges; payment last; what a short one has no
    section for goes under its charges)."""
    if n <= 2:
        return [_PLAN[0], _PLAN[1]]
    chosen = [_PLAN[0], _PLAN[1], _PLAN[3]] if n == 3 else list(_PLAN)
    return chosen[:-1] + [(f"Further Details {j}", "background") for j in range(1, n - len(chosen) + 1)] + chosen[-1:]


def payer(ctx: ArtifactContext) -> PersonRef | None:
    """Whom the invoice is addressed to: a reader of the author's client or of the other side, else the first reader
    of another organisation than the author's, else a person of the client or the other side."""
    other = [p for p in [*ctx.to, *ctx.cc] if p.organisation != ctx.author.organisation]
    parties = [x for x in (client_of(ctx), opponent(ctx)) if x and x != ctx.author.organisation]
    return next((p for x in parties for p in other if p.organisation == x), None) or \
        (other[0] if other else next((p for x in parties for p in ctx.cast if p.organisation == x), None))


def _number(ctx: ArtifactContext) -> str:
    """The invoice's number: the issuer's initials, the year and a serial fixed by the paper's id."""
    initials = "".join(w[0] for w in re.findall(r"[A-Za-z][\w-]*", ctx.author.organisation)[:3]).upper()
    serial = int(hashlib.sha256(ctx.spec.id.encode()).hexdigest(), 16) % 9000 + 1000
    return f"{initials}-{ctx.spec.date.year}-{serial}"


def _line(fact: FactRef) -> str:
    """A charge's line: what it is and its figure ('Arrangement fee: EUR 600,000')."""
    name = re.sub(r"^(the|a|an)\s+", "", fact.label.strip(), flags=re.I) or "Charge"
    return f"{cap_first(name)}: {fact.text}."


def _basis(pick: Picker, fact: FactRef) -> str:
    """A figure a charge is reckoned on, as the invoice states it ('Calculated on the final volume: EUR 150,000,000'),
    or the fact's own sentence where the paper establishes it or it is no sum."""
    if fact.value.type == "money" and fact.label and not fact.establish:
        name = re.sub(r"^(the|a|an)\s+", "", fact.label.strip(), flags=re.I)
        return f"Calculated on the {name}: {fact.text}."
    return fact_sentence(pick, fact, "document")


def invoice_bodies(pick: Picker, ctx: ArtifactContext, plan: list[tuple[str, str]]) -> dict[int, list[str]]:
    """Every section of an invoice: issuer, addressee, number and date; each charge the paper's money facts name as
    its own line and what it is reckoned on; the tax; the day or period for payment, to whom and with what reference."""
    spec, author = ctx.spec, ctx.author
    who = payer(ctx)
    day = long_date(spec.date, ctx.locale)
    number = _number(ctx)
    money = [f for f in ctx.facts if f.value.type == "money"]
    charges = [f for f in money if _CHARGE.search(f.label)] or money[:1]
    due = next((f for f in ctx.facts if f.value.type == "date" and _PAY_DAY.search(f.label)), None)
    basis = [f for f in ctx.facts if f not in charges and f is not due]
    tax = _TAX.get(ctx.locale, "VAT")
    named = tax if tax.isupper() or "/" in tax else tax.lower()
    taxed = [f"{tax}: the charges above are stated net of {named}, which is added at the rate in force on the invoice "
             f"date where the supply bears it; a supply that is exempt bears none."]
    paid = [fact_sentence(pick, due, "document") if due else
            f"Payment is due within 30 days of the invoice date ({day}).",
            f"Please pay by bank transfer to the account of {author.organisation} notified to "
            f"{who.organisation if who else 'you'} in writing, quoting invoice number {number} as the payment "
            f"reference. Queries on this invoice go to {author.name}, {author.title}."]
    heads = [h for h, _ in plan]
    out: dict[int, list[str]] = {}
    for i, h in enumerate(heads):
        if h == "Invoice":
            out[i] = [f"Invoice number: {number}.", f"Invoice date: {day}.", f"From: {author.organisation}.",
                      f"Bill to: {who.organisation}, for the attention of {who.name}, {who.title}." if who else
                      "Bill to: the addressee named in the covering letter."]
        elif h == "Charges":
            out[i] = ([_line(f) for f in charges] or ["No charge is made on this invoice."]) + \
                [_basis(pick, f) for f in basis]
        elif h == "Tax":
            out[i] = taxed
        elif h == "Payment":
            out[i] = paid
    # (what a short invoice has no section for goes under its charges: an invoice always says its tax and its terms)
    last = heads.index("Charges") if "Charges" in heads else len(heads) - 1
    out[last] = out.get(last, []) + (taxed if "Tax" not in heads else []) + (paid if "Payment" not in heads else [])
    if "Charges" not in heads:
        out[last] += [fact_sentence(pick, f, "document") for f in ctx.facts]
    return out
