"""An order form under a master agreement, in an order form's own form: the parties and the agreement it is made
under, the order's lines (the product, the quantity, the list price, the discount, the net rate and the annual fee as
the quantity at the net rate), the subscription term with its start and end, invoicing and payment, the terms that
apply, and a signature block for each party.

The licence reader rejected the generic agreement: 'An executed Order Form with no total fee, term end, billing terms
or product lines, and with numbered "Recitals 2.1 (A)". It is a template outline, not an order form.' Every figure is
a ledger fact's text; the annual fee is written as the quantity at the rate, never multiplied out by the composer (the
ledger holds no such figure).
"""

from __future__ import annotations

import datetime as dt
import re

from worldsmith.generators.compose.text import cap_first, long_date
from worldsmith.generators.context import ArtifactContext, FactRef

_ORDER = re.compile(r"\border form\b", re.I)
_MASTER = re.compile(r"\b((?:Master|Framework|Global)(?: [A-Z][a-z]+){0,3} Agreement)\b")
_PERIOD = re.compile(r"\b(?:year|term|period)s? (?:from|beginning|starting|commencing) "
                     r"(?P<m>January|February|March|April|May|June|July|August|September|October|November|December) "
                     r"(?P<d>\d{1,2}),? (?P<y>\d{4})\b")


def is_order_form(ctx: ArtifactContext) -> bool:
    """Whether the paper is an order form itself (its title or doc_type says so)."""
    return bool(_ORDER.search(f"{ctx.spec.title} {getattr(ctx.spec, 'doc_type', '')}"))


def _pick(facts: list[FactRef], pattern: str, kinds: tuple[str, ...], but: FactRef | None = None) -> FactRef | None:
    return next((f for f in facts if f.value.type in kinds and f is not but and
                 re.search(pattern, f"{f.label} {f.id}", re.I)), None)


def order_form_bodies(ctx: ArtifactContext, made: dt.date, supplier: str, customer: str, one: str, two: str
                      ) -> tuple[list[tuple[str, str]], dict[int, list[str]]]:
    """The plan and paragraphs of an order form (see the module's docstring); `one`/`two` are what the supplier and
    the customer are called ('Licensor', 'Licensee')."""
    a, b = one or "Supplier", two or "Customer"
    day = lambda d: long_date(d, ctx.locale)  # noqa: E731
    title = " ".join(ctx.spec.title.split())  # type: ignore[union-attr]
    master = _MASTER.search(ctx.world_summary or "") or _MASTER.search(title)
    under = master.group(1) if master else "master agreement"
    product = next((f.text for f in ctx.facts if f.value.type == "text" and not re.search(r"\d", f.text) and
                    len(f.text.split()) <= 4 and f.text[:1].isupper()), "")
    if not product:
        m = re.match(r"^(?P<p>(?:[A-Z][\w-]*\s+){1,3})Order Form\b", title)
        product = m.group("p").strip() if m else "the Subscription Service"
    facts = list(ctx.facts)
    qty = _pick(facts, r"users?|seats?|licen[cs]es|named|quantity|units?", ("number",))
    list_price = _pick(facts, r"list price|list rate|rrp", ("money",))
    discount = _pick(facts, r"discount", ("percent",))
    rate = _pick(facts, r"contract rate|net (?:price|rate)|unit (?:price|rate)|rate per|price per|fee per",
                 ("money",), but=list_price)
    period = _PERIOD.search(title) or _PERIOD.search(ctx.world_summary or "")
    start = None
    if period:
        try:
            start = dt.datetime.strptime(f"{period.group('m')} {period.group('d')} {period.group('y')}",
                                         "%B %d %Y").date()
        except ValueError:
            start = None

    plan: list[tuple[str, str]] = [("Parties", "parties"), ("Recitals", "recitals")]
    out: dict[int, list[str]] = {
        0: [f"This Order Form is dated {day(made)} and made between (1) {supplier} (the {a}) and (2) {customer} (the "
            f"{b}) (each a Party)."],
        1: [f"(A) The Parties are parties to the {under} between them" +
            f", whose terms apply to this Order Form; a term defined there has the same meaning here.",
            f"(B) By this Order Form the {b} orders, and the {a} agrees to provide, the subscription described below."]}

    lines = [f"Product: {product}, hosted subscription service, with standard support."]
    if qty is not None:
        lines.append(f"Quantity: {qty.text} (Named Users, each as defined in the {under}).")
    if list_price is not None:
        lines.append(f"List price: {list_price.text} per Named User a year.")
    if discount is not None:
        lines.append(f"Discount: {discount.text} off the list price, for the subscription term of this Order Form.")
    if rate is not None:
        lines.append(f"Net rate (the Contract Rate): {rate.text} per Named User a year.")
    if qty is not None and rate is not None:
        lines.append(f"Annual subscription fee: {qty.text} at the Contract Rate of {rate.text} each a year, exclusive of "
                     f"sales and use taxes.")
    else:
        lines.append("Annual subscription fee: [to be agreed].")
    used = {id(f) for f in (qty, list_price, discount, rate) if f is not None}
    for f in facts:
        if id(f) in used or f.text == product or f.text in " ".join(lines):
            continue
        lines.append(f"{cap_first(re.sub(r'^(the|a|an) ', '', f.label or 'term'))}: {f.text}.")
    plan.append(("1. Order Details", "clause"))
    out[2] = lines

    if start is not None:
        try:
            end = start.replace(year=start.year + 1) - dt.timedelta(days=1)
        except ValueError:
            end = start + dt.timedelta(days=364)
        term = [f"The subscription term runs from {day(start)} to {day(end)} inclusive (the Subscription Year).",
                f"The subscription renews for a further Subscription Year at the end of each unless either Party gives "
                f"written notice of non-renewal at least sixty days before it ends; the fees for a renewal year are "
                f"agreed in a new Order Form."]
    else:
        term = ["The subscription term is one year from the date of this Order Form (the Subscription Year), and it "
                "renews for a further year unless either Party gives written notice of non-renewal at least sixty days "
                "before it ends."]
    plan.append(("2. Subscription Term", "clause"))
    out[3] = term
    plan.append(("3. Invoicing and Payment", "clause"))
    out[4] = [f"The {a} invoices the annual subscription fee in advance on the first day of the Subscription Year, "
              f"and the {b} pays each invoice within thirty days of receiving it, in the currency of this Order Form.",
              f"Named Users added during the Subscription Year are charged at the Contract Rate, pro-rated to the end of "
              f"the Subscription Year, and invoiced when added."]
    plan.append(("4. Terms", "clause"))
    out[5] = [f"This Order Form is governed by the {under}. If this Order Form and the {under} conflict, this Order "
              f"Form prevails for this order only.",
              "This Order Form may be signed in counterparts and by electronic signature."]
    plan.append(("Signatures", "signatures"))
    return plan, out
