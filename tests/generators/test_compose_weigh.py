"""Advice on two routes weighs each with its cost from the ledger and recommends one (blind read 17, a covenant
breach: board advice that 'never weighs the waiver (fee plus step-up) against the cure'; an options memo whose options
were 'proceed now', 'press for the papers ... demand that they be preserved' and 'rest on one figure alone')."""

from __future__ import annotations

import re
from decimal import Decimal

from tests.generators.context_fixture import document_context, fact
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money, Number, Percent


def _facts():
    ratio = fact("leverage_ratio", "The total net leverage ratio at June 30, 2026 is 3.70x, above the 3.50x maximum: "
                 "an event of default unless cured or waived.", Number(value=Decimal("3.7"), unit="x"))
    cure = fact("cure_amount", "Under section 8.04 the sponsor may cure with an equity contribution applied to prepay "
                "the loan; the cure that brings leverage to 3.50x is USD 9,000,000.",
                Money(amount=Decimal("9000000"), currency="USD"))
    rate = fact("waiver_fee_percent", "On August 19, 2026 the agent offered a waiver of the June breach for a fee of "
                "0.25% of the term loan and a 50 basis point margin step-up until leverage is below 3.25x.",
                Percent(value=Decimal("0.25")))
    fee = fact("waiver_fee", "The waiver fee offered is USD 450,000: 0.25% of the USD 180,000,000 term loan.",
               Money(amount=Decimal("450000"), currency="USD"))
    labels = {"leverage_ratio": "total net leverage ratio", "cure_amount": "equity cure amount",
              "waiver_fee_percent": "waiver fee rate", "waiver_fee": "waiver fee"}
    return [f.model_copy(update={"label": labels[f.id]}) for f in (ratio, cure, rate, fee)]


def _text(title: str, purpose: str, facts, summary: str = "") -> str:
    ctx = document_context("memo", sections=6, facts=facts)
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title, "purpose": purpose}),
                                 **({"world_summary": summary} if summary else {})})
    doc = compose_document(ctx)
    return "\n".join([s.heading + "\n" + "\n".join(s.paragraphs) for s in doc.sections])


def test_advice_on_two_routes_weighs_each_with_its_cost_and_recommends_one():
    text = _text("Advice to the board on waiver against equity cure",
                 "The cost, conditions and risks of each route, for the board's decision.", _facts(),
                 "The sponsor funds a USD 9,000,000 cure on September 2, 2026.")
    assert "advise on advice" not in text
    assert not re.search(r"proceed now|be preserved|alone and (keep|hold)|ceiling, not a floor", text), text
    # each route with its own cost from the ledger, and the waiver's other term
    waiver = next(p for p in text.splitlines() if p.startswith("Option") and "waiver" in p)
    cure = next(p for p in text.splitlines() if p.startswith("Option") and "cure" in p)
    assert "USD 450,000" in waiver and "0.25%" in waiver and "step-up" in waiver, waiver
    assert "USD 9,000,000" in cure and "prepay" in cure, cure
    assert re.search(r"We recommend Option [AB], the equity cure", text), text
    # nothing added up: no figure but the ledger's
    amounts = set(re.findall(r"USD \d[\d,]*\d", text))
    assert amounts <= {"USD 450,000", "USD 9,000,000", "USD 180,000,000"}, amounts


def test_a_route_the_file_has_not_priced_is_weighed_as_unpriced_not_dropped():
    facts = [f for f in _facts() if not f.id.startswith("waiver")]
    text = _text("Memo re the June 30 leverage test and the borrower's options",
                 "Works the covenant and sets out the cure and waiver options.", facts)
    waiver = next(p for p in text.splitlines() if p.startswith("Option") and "waiver" in p)
    assert "not on the file yet" in waiver and not re.search(r"USD \d", waiver), waiver
    assert not re.search(r"proceed now|be preserved", text), text


def test_a_request_letter_asks_for_what_its_title_names():
    # blind read 17, a covenant breach: 'A "request for net debt detail" that requests nothing; asserts net debt of
    # 168.9m without working' ('We write to set out our request for net debt detail, August 14, 2026')
    debt = fact("total_net_debt", "Total net debt at June 30, 2026 is USD 166,500,000.",
                Money(amount=Decimal("166500000"), currency="USD")).model_copy(update={"label": "total net debt"})
    ctx = document_context("letter", sections=4, facts=[debt])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "title": "Northbank Capital request for net debt detail, August 14, 2026"})})
    doc = compose_document(ctx)
    text = "\n".join([s.heading + "\n" + "\n".join(s.paragraphs) for s in doc.sections])
    assert "set out our request" not in text, text
    assert re.search(r"Please send us the net debt detail by [^:]+: \(a\) the items that make up (?:the )?total net debt "
                     r"of USD 166,500,000", text), text


def test_a_superseded_paper_says_what_its_figure_rests_on():
    # blind read 17, a business-interruption claim: 'An adjuster's "preliminary view" that gives 84 days with no
    # basis'; the label held it: '84 days assumed the Minooka store was available from April 12'
    days = fact("insurer_days", "The adjuster's period of restoration is 98 days.", Number(value=Decimal("84"),
                                                                                            unit="days"))
    days = days.model_copy(update={"label": "adjuster's period of restoration", "text": "84 days"})
    label = ("superseded first estimate of April 10, 2026: 84 days assumed the Minooka store was available from "
             "April 12; withdrawn when its lease date was shown to be April 26")
    ctx = document_context("letter", sections=3, facts=[days], distractor_label=label)
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "title": "Sable Claims Services preliminary view of April 10, 2026"})})
    doc = compose_document(ctx)
    body = [p for s in doc.sections for p in s.paragraphs if not re.search(r"supersed|do not rely", p, re.I)]
    said = next(p for p in body if "84 days" in p)
    assert re.search(r"84 days[^.]*\. That figure assumes the Minooka store was available from April 12\.", said), said
    # a flaw its author could not have seen is left to the label
    ctx2 = ctx.model_copy(update={"distractor_label": "superseded draft of June 15, 2026: ignored the stratum "
                                                      "weights; replaced by the workbook"})
    assert "ignore" not in " ".join(p for s in compose_document(ctx2).sections for p in s.paragraphs
                                    if not re.search(r"supersed|do not rely", p, re.I)).lower()


def test_minutes_record_terms_that_did_not_move_once_as_standing_not_each_as_someones_news():
    # blind read 17, buy-side: 'Eve-of-signing minutes that only restate dates' ('Jayne Shaw observed that the signing
    # target is 16 October 2026. Jayne Shaw noted that the exclusivity expiry is 21 October 2026.')
    import datetime as dt
    from worldsmith.generators.week import WeekEvent
    from worldsmith.worlds.values import DateValue

    target = fact("signing_target", "The LOI targets signing on October 16, 2026.", DateValue(value=dt.date(2026, 10, 16)))
    expiry = fact("exclusivity_expiry", "Exclusivity under the LOI runs to October 21, 2026.",
                  DateValue(value=dt.date(2026, 10, 21)))
    facts = [target.model_copy(update={"label": "signing target", "text": "October 16, 2026"}),
             expiry.model_copy(update={"label": "exclusivity expiry", "text": "October 21, 2026"})]
    ctx = document_context("minutes", 4, seed=3, facts=facts)
    week = [WeekEvent(what="paper", day=ctx.spec.date, title="SPA heads of terms", by=ctx.author.name,
                      org=ctx.author.organisation)]
    ctx = ctx.model_copy(update={"week": week})
    text = "\n".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert not re.search(r"(observed|noted|flagged|pointed out|reported|told the meeting) that the (signing target|"
                         r"exclusivity expiry) is", text), text
    assert re.search(r"terms on file[^.]*signing target \(October 16, 2026\)", text) or \
        re.search(r"terms on file[^.]*exclusivity expiry \(October 21, 2026\)", text), text
    # news of the week is still reported by who brought it
    fresh = [f.model_copy(update={"fresh": True}) for f in facts]
    text = "\n".join(p for s in compose_document(ctx.model_copy(update={"facts": fresh})).sections
                     for p in s.paragraphs)
    assert "terms on file" not in text


def test_a_short_answer_does_not_vouch_for_an_input_of_its_own_figure():
    # blind read 17, tanker: 'The gross tonnage is 62,480 GT, and nothing we hold undermines it' after the cap the
    # tonnage is an input of (labels recited)
    cap = fact("liability_cap", "The OPA 90 liability cap is USD 156,200,000.",
               Money(amount=Decimal("156200000"), currency="USD"))
    cap = cap.model_copy(update={"label": "OPA 90 liability cap", "reason": "the per-ton limit times the gross tonnage"})
    tons = fact("gross_tonnage", "The vessel's gross tonnage is 62,480 GT.", Number(value=Decimal("62480"), unit="GT"))
    tons = tons.model_copy(update={"label": "gross tonnage", "text": "62,480 GT"})
    text = _text("Memo re OPA 90 limitation of liability", "Advise on the cap.", [cap, tons])
    answer = text.split("Short Answer", 1)[-1].split("\n")[1] if "Short Answer" in text else text
    assert not re.search(r"nothing we (hold|have seen)|on file (support|bear)", answer), answer
