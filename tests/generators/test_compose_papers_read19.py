"""Papers that hold the matter (issue 17, blind read 19: documents 13 of 36): minutes that record a strategy and
actions that mean something, owned by the house that does them; reports, submissions and determinations that carry
what their kind exists for."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money
from tests.generators.context_fixture import document_context, fact, person

_ORGS = [OrgRef(name="Penhallow Wire Ltd", role="the buyer under the supply agreement, a cable maker", privileged=True),
         OrgRef(name="Quarrenden Copper Corp.", role="the supplier of copper rod under the supply agreement"),
         OrgRef(name="Thursby Vale LLP", role="counsel to Penhallow Wire Ltd (the buyer)", privileged=True,
                acts_for="Penhallow Wire Ltd")]
_OURS = person("tv_2", "Paul", "Ebdon", "Partner", "Thursby Vale LLP", "thursbyvale.example", "+1")
_JUNIOR = person("t_1", "Iris", "Calloway", "Associate", "Thursby Vale LLP", "thursbyvale.example", "+1")
_CLIENT = person("p_1", "Omar", "Fenwick", "General Counsel", "Penhallow Wire Ltd", "penhallow.example", "+1")


def _text(doc) -> str:
    return "\n".join([s.heading for s in doc.sections] + [p for s in doc.sections for p in s.paragraphs] +
                     [" | ".join(r) for s in doc.sections if s.table is not None for r in s.table.rows])


def _minutes(facts, title="Claim strategy call with Penhallow, June 10", seed=0):
    ctx = document_context("minutes", 4, seed=seed, facts=facts)
    return ctx.model_copy(update={
        "organisations": _ORGS, "author": _OURS, "to": [_JUNIOR, _CLIENT], "cast": [_OURS, _JUNIOR, _CLIENT],
        "locale": "en_US", "spec": ctx.spec.model_copy(update={"title": title, "date": dt.date(2026, 6, 11),
                                                                "purpose": "The claim and our answer to it."})})


def test_strategy_minutes_never_put_the_other_sides_claimed_sum_in_our_letter():
    # read 19: 'A strategy call whose only "decision" is that the contractor's claim totals what the contractor says'
    # ('Agreed that our next letter to Brackwater Builders Inc. puts the loss and expense claimed at USD 1,500,000')
    claimed = fact("claimed", "The supplier's notice claims USD 410,000: the premium rise plus the freight rise.",
                   Money(amount=Decimal(410000), currency="USD")).model_copy(update={
                       "label": "the loss claimed", "text": "USD 410,000",
                       "reason": "the premium rise plus the freight rise",
                       "paper": "Notice of claim", "paper_by": "Quarrenden Copper Corp.",
                       "paper_day": dt.date(2026, 6, 1)})
    for seed in range(3):
        text = _text(compose_document(_minutes([claimed], seed=seed)))
        assert "puts the loss claimed at" not in text, text
        assert re.search(r"not to accept the loss claimed of USD 410,000", text), text


_THEIRS = person("q_1", "Lena", "Marsh", "Vice President, Sales", "Quarrenden Copper Corp.", "quarrenden.example", "+1")


def _points():
    price = fact("price", "The supply agreement sets the unit price at USD 9,100 a tonne.",
                 Money(amount=Decimal(9100), currency="USD")).model_copy(update={
                     "label": "the unit price", "text": "USD 9,100", "paper": "Supply agreement",
                     "paper_by": "Penhallow Wire Ltd", "paper_instrument": True, "paper_day": dt.date(2024, 3, 2)})
    asked = fact("asked", "Quarrenden's letter asks for USD 9,900 a tonne from July.",
                 Money(amount=Decimal(9900), currency="USD")).model_copy(update={
                     "label": "the price asked", "text": "USD 9,900", "paper": "Letter on the price",
                     "paper_by": "Quarrenden Copper Corp.", "paper_day": dt.date(2026, 6, 1)})
    return [price, asked]


def test_minutes_actions_are_the_points_own_next_steps_owned_by_the_house_that_keeps_them():
    # read 19: 'Actions are meaningless ("Reconcile the review cap percentage with the passing rent") or put on the
    # GC'; 'The landlord's surveyor is given "Send round the updated engagement letter showing the floor area"';
    # '"Aaron Coffey goes first" gives it away as generated'
    for seed in range(4):
        for title, to in (("Claim strategy call with Penhallow, June 10", [_JUNIOR, _CLIENT]),
                          ("Meeting with Quarrenden, June 10", [_JUNIOR, _THEIRS])):
            ctx = _minutes(_points(), title=title, seed=seed).model_copy(update={"to": to, "cast": [_OURS, *to]})
            doc = compose_document(ctx)
            table = next(s.table for s in doc.sections if s.table is not None and s.table.columns[0] == "Action")
            assert table.rows, _text(doc)
            assert {r[1] for r in table.rows} <= {_OURS.name, _JUNIOR.name}, table.rows
            text = _text(doc)
            assert not re.search(r"\bReconcile\b|on one page for the next meeting|goes first|is first up|reports "
                                 r"back first", text), text
            assert any("Quarrenden" in r[0] and "price asked" in r[0] for r in table.rows), table.rows


def test_minutes_of_a_without_prejudice_meeting_are_headed_so():
    # read 19: 'The WP meeting minutes are not headed without prejudice'
    ctx = _minutes(_points(), title="Without-prejudice meeting with Quarrenden, June 10")
    ctx = ctx.model_copy(update={"to": [_JUNIOR, _THEIRS], "cast": [_OURS, _JUNIOR, _THEIRS]})
    doc = compose_document(ctx)
    assert doc.subtitle.startswith("Without Prejudice"), doc.subtitle


def _ld_memo(seed):
    accrued = fact("accrued", "Liquidated damages accrued over the 16 weeks of delay: USD 85,000 x 16.",
                   Money(amount=Decimal(1360000), currency="USD")).model_copy(update={
                       "label": "liquidated damages accrued", "text": "USD 1,360,000",
                       "reason": "the liquidated damages rate per week times the culpable delay"})
    cap = fact("cap", "The cap on liquidated damages is 5% of the contract sum.",
               Money(amount=Decimal(1230000), currency="USD")).model_copy(update={
                   "label": "liquidated damages cap", "text": "USD 1,230,000",
                   "reason": "the cap percentage of the contract sum"})
    payable = fact("payable", "The owner may withhold the lower of the accrued damages and the cap.",
                   Money(amount=Decimal(1230000), currency="USD")).model_copy(update={
                       "label": "liquidated damages payable", "text": "USD 1,230,000",
                       "reason": "the lesser of the liquidated damages accrued and the liquidated damages cap"})
    ctx = document_context("memo", 5, seed=seed, facts=[accrued, cap, payable])
    return ctx.model_copy(update={
        "organisations": _ORGS, "author": _JUNIOR, "to": [_CLIENT], "cast": [_JUNIOR, _CLIENT], "locale": "en_US",
        "spec": ctx.spec.model_copy(update={"title": "Memo re liquidated damages accrued and the claim",
                                            "purpose": "Advise the client on the liquidated damages it may withhold."})})


def test_a_memo_on_damages_a_cap_limits_answers_and_recommends_the_figure_the_cap_leaves():
    # read 19: 'The Recommendation adopts the accrued 1,360,000 against its own short answer of 1,230,000'
    for seed in range(4):
        doc = compose_document(_ld_memo(seed))
        rec = " ".join(p for s in doc.sections if re.search(r"Recommend", s.heading) for p in s.paragraphs)
        answer = " ".join(p for s in doc.sections if re.search(r"Answer|Summary", s.heading) for p in s.paragraphs)
        assert rec and "USD 1,360,000" not in rec, _text(doc)
        assert "USD 1,230,000" in answer.split(".")[0] + answer.split(".")[1], answer
        # 'The memo's "Questions Presented" are arithmetic, not law'
        assert "whether the liquidated damages cap limits liquidated damages payable" in _text(doc), _text(doc)
        assert "what liquidated damages accrued come to" not in _text(doc), _text(doc)


def test_a_determination_speaks_as_at_the_review_date_and_in_the_experts_own_voice():
    # read 19: 'Determination "with effect from August 14, 2026" contradicts "as at January 1, 2026". The reasons give
    # no reasons. It switches between "I" and "the independent expert"'
    from worldsmith.worlds.values import DateValue as Date, Number

    expert = person("x_1", "Jose", "Grimes", "Independent Expert", "Hartwell Determinations", "hartwell.example", "+1")
    orgs = [*_ORGS, OrgRef(name="Hartwell Determinations", role="independent expert appointed under the lease to "
                                                                "determine the rent; neutral, acting for neither party")]
    issued = dt.date(2026, 8, 14)
    made = fact("made", "The independent expert issued the determination on August 14, 2026.",
                Date(value=issued)).model_copy(update={"label": "the determination date", "text": "August 14, 2026",
                                                       "establish": True})
    review = fact("review", "The review date under the lease is January 1, 2026.",
                  Date(value=dt.date(2026, 1, 1))).model_copy(update={"label": "the review date",
                                                                        "text": "January 1, 2026"})
    rate = fact("rate", "The independent expert determines the market rate at USD 62 per sq ft a year as at January "
                "1, 2026.", Money(amount=Decimal(62), currency="USD")).model_copy(update={
                    "label": "the market rate per sq ft", "text": "USD 62", "establish": True})
    area = fact("area", "The floor area is 24,000 sq ft.", Number(value=Decimal(24000), unit="sq ft")).model_copy(
        update={"label": "the floor area", "text": "24,000 sq ft"})
    rent = fact("rent", "The open market rent is USD 1,488,000.", Money(amount=Decimal(1488000), currency="USD")
                ).model_copy(update={"label": "the open market rent", "text": "USD 1,488,000",
                                     "reason": "the floor area times the market rate per sq ft"})
    for seed in range(3):
        ctx = document_context("determination", 5, seed=seed, facts=[rent, rate, area, made, review])
        ctx = ctx.model_copy(update={"author": expert, "organisations": orgs, "to": [_OURS], "cc": [], "locale": "en_US",
                                     "spec": ctx.spec.model_copy(update={
                                         "date": issued, "title": "Expert determination of the open market rent"})})
        text = _text(compose_document(ctx))
        assert "with effect from August 14, 2026" not in text, text
        assert "I determine the open market rent at USD 1,488,000 as at January 1, 2026" in text, text
        assert not re.search(r"[Tt]he independent expert (determines|issued)", text), text
        assert "The floor area (24,000 sq ft) is not in issue" in text, text


def test_board_minutes_record_why_the_route_taken_was_preferred():
    # read 19: 'they resolve to spend USD 9m rather than USD 450k with no reason recorded'; 'says money used to
    # prepay the loan "stays in the business"'
    from tests.generators.test_compose_weigh import _facts

    for seed in range(3):
        ctx = document_context("minutes", 5, seed=seed, facts=[f for f in _facts()
                                                               if f.id in ("cure_amount", "waiver_fee")])
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
            "title": "Minutes: Board call on waiver or cure, August 24",
            "purpose": "The board decides to take the equity cure rather than the waiver."})})
        text = _text(compose_document(ctx))
        m = re.search(r"Resolved that [^.]*? takes the cure [^.]*? rather than the waiver [^.:]*(?P<why>[^.]*)\.", text)
        assert m and re.search(r"\b(reduce|less|pays away)\b", m.group("why")), text
        assert "stays in the business" not in text, text


def test_a_red_flag_report_accounts_for_every_workstream_and_weighs_what_the_flag_puts_at_stake():
    # read 19: 'The red-flag report claims five workstreams but has one finding. Its "Risks" section says only that
    # the seller "may dispute the escrow percentage"'
    from worldsmith.worlds.values import Percent, Text

    customer = fact("customer", "The largest customer is Brack Ltd, whose supply agreement lets it terminate on a "
                    "change of control (clause 9.2).", Text(value="Brack Ltd")).model_copy(
                        update={"label": "largest customer"})
    share = fact("share", "Brack Ltd brought 21.5% of revenue last year.", Percent(value=Decimal("21.5"))).model_copy(
        update={"label": "largest customer's revenue share", "text": "21.5%"})
    escrow = fact("escrow_pct", "The escrow is 7.5% of the price for 18 months.", Percent(value=Decimal("7.5"))
                  ).model_copy(update={"label": "the escrow percentage", "text": "7.5%"})
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="buyer", privileged=True),
            OrgRef(name="Tollin Systems Ltd", role="the target; seller's company")]
    for sections, seed in [(6, 6), (7, 7), (7, 8)]:
        ctx = document_context("report", sections, seed=seed, facts=[escrow, customer, share])
        ctx = ctx.model_copy(update={"organisations": orgs, "spec": ctx.spec.model_copy(update={
            "title": "Legal due diligence report (red flag)",
            "purpose": "Harrow Vane's red-flag findings on corporate, contracts, IP, employment and disputes, with "
                       "the protections proposed for each."})})
        doc = compose_document(ctx)
        text = _text(doc)
        assert re.search(r"our review of corporate, contracts, IP, employment and disputes found no matter of "
                         r"red-flag significance", text), text
        risks = " ".join(p for s in doc.sections if "Risk" in s.heading for p in s.paragraphs)
        if risks:
            assert "may dispute the escrow percentage" not in risks, risks
            assert "largest customer's revenue share (21.5%)" in risks, risks


def test_a_survey_report_says_who_attended_what_and_cites_the_primary_record_not_counsels_workings():
    # read 19: 'Not a survey report: no attendance, method or steering-gear examination; ... tonnage is sourced to
    # counsel's spreadsheet, not the ITC'
    from tests.generators.test_compose_docs_read16 import _survey

    for sections, seed in [(5, 1), (6, 2), (7, 3)]:
        ctx = _survey(sections, seed)
        ctx = ctx.model_copy(update={"facts": [f.model_copy(update={
            "source": 'the "Gross tonnage" row of the OPA 90 liability cap computation'}) if f.id == "gross_tonnage"
            else f for f in ctx.facts]})
        doc = compose_document(ctx)
        text = _text(doc)
        if not any(re.search(r"Background|Scope|Finding", s.heading) for s in doc.sections):
            continue
        assert re.search(r"Attendance and method\. Lisa Smith \([^)]*\) attended [^.]* and examined tonnage, hull "
                         r"damage and steering gear; particulars were checked against the International Tonnage "
                         r"Certificate \(1969\)", text), text
        finding = next((p for s in doc.sections for p in s.paragraphs if "(tonnage)" in p), "")
        assert "liability cap computation" not in finding, finding


def test_settlement_minutes_never_agree_the_disputed_excess_as_a_term():
    # seed 37's settlement call: 'Agreed between the parties: the disputed excess of USD 1,279,200', put 'into the
    # written terms of settlement for signature'
    counsel = person("tr_1", "Isaac", "Romero", "Partner", "Tallis Reade LLP", "tallisreade.example", "+1")
    orgs = [*_ORGS, OrgRef(name="Tallis Reade LLP", role="counsel to Quarrenden Copper Corp.",
                           acts_for="Quarrenden Copper Corp.")]
    payable = fact("payable", "The increase payable is USD 310,000.", Money(amount=Decimal(310000), currency="USD")
                   ).model_copy(update={"label": "the increase payable", "text": "USD 310,000",
                                        "reason": "the lesser of the increase claimed and the increase cap"})
    excess = fact("excess", "The disputed excess is USD 100,000.", Money(amount=Decimal(100000), currency="USD")
                  ).model_copy(update={"label": "the disputed excess", "text": "USD 100,000",
                                       "reason": "the increase claimed less the increase payable"})
    for seed in range(3):
        ctx = _minutes([payable, excess], title="Settlement call with Quarrenden, June 18", seed=seed)
        ctx = ctx.model_copy(update={"organisations": orgs, "to": [counsel, _JUNIOR], "cast": [_OURS, counsel, _JUNIOR]})
        text = _text(compose_document(ctx))
        assert "Agreed between the parties: the increase payable of USD 310,000" in text, text
        assert not re.search(r"Agreed between the parties: the disputed excess|Put the disputed excess", text), text


def test_a_certifier_recommends_nothing_to_itself():
    # read 19's certificate of completion: 'We recommend that Oriel Vance Architects treat August 25, 2026 as a fixed
    # date for the substantial completion certified'
    from worldsmith.worlds.values import DateValue

    architect = person("a_1", "Gina", "Blair", "Principal Architect", "Oriel Vance Architects", "orielvance.example", "+1")
    orgs = [*_ORGS, OrgRef(name="Oriel Vance Architects", role="the architect who administers the contract and "
                                                              "certifies completion")]
    done = fact("done", "The architect certified substantial completion on August 25, 2026.",
                DateValue(value=dt.date(2026, 8, 25))).model_copy(update={
                    "label": "substantial completion certified", "text": "August 25, 2026", "establish": True})
    for sections, seed in [(5, 1), (6, 2)]:
        ctx = document_context("report", sections, seed=seed, facts=[done])
        ctx = ctx.model_copy(update={"organisations": orgs, "author": architect, "to": [_OURS], "cc": [],
                                     "locale": "en_US", "spec": ctx.spec.model_copy(update={
                                         "title": "Certificate of substantial completion and delay assessment",
                                         "date": dt.date(2026, 8, 25)})})
        text = _text(compose_document(ctx))
        assert "We recommend that Oriel Vance Architects" not in text, text


def test_an_audit_plan_states_the_review_period_its_record_gives():
    # read 19: 'A one-page plan with no review period, sample design or extrapolation threshold'
    from worldsmith.worlds.values import Number

    sample = fact("sample_size", "The probe sample is 400 inpatient claims paid between July 1, 2025 and March 31, "
                  "2026, stratified by DRG weight.", Number(value=Decimal(400), unit="claims")).model_copy(
                      update={"label": "probe sample", "text": "400 claims"})
    seen = 0
    for n in (5, 7):
        for seed in range(3):
            ctx = document_context("plan", n, seed=seed, facts=[sample])
            ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Revenue-cycle review: audit plan"})})
            text = _text(compose_document(ctx))
            if "Sampling and extrapolation" not in text:
                continue
            seen += 1
            assert ("The review period is July 1, 2025 to March 31, 2026: the population is every claim paid in that "
                    "period") in text, text
    assert seen
