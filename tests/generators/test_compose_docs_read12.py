"""Documents and sheets a blind expert rejected in read 12 (issue 17): a letter with a heading over its salutation
and its sign-off run into one line, and more (one test each)."""

from __future__ import annotations

import re

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from tests.generators.context_fixture import CAP, DANA, DEADLINE, FINANCE_VOICE, RUTH, SAM, document_context

_ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
         OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True)]


def _engagement_letter(seed: int, voice=None):
    ctx = document_context("letter", 5, seed=seed, facts=[CAP, DEADLINE], **({"voice": voice} if voice else {}))
    return ctx.model_copy(update={"organisations": _ORGS, "to": [RUTH], "cast": [SAM, DANA, RUTH],
                                  "spec": ctx.spec.model_copy(update={"title": "Engagement letter: Corvale cargo claim"})})


def test_a_letter_signs_off_in_a_signature_block_and_is_never_marked_for_discussion():
    # read 12: 'The sign-off runs onto one line with no signature block for the firm'; 'An engagement letter for
    # signature is marked "For Discussion Purposes"'; the letterhead printed between the subject and 'Dear'
    for seed in range(8):
        for voice in (None, FINANCE_VOICE):
            doc = compose_document(_engagement_letter(seed, voice))
            paras = [p for s in doc.sections for p in s.paragraphs]
            close = paras.index("Yours sincerely,")
            assert paras[close + 1:close + 4] == [DANA.name, DANA.title, DANA.organisation], paras[close:]
            assert not any(p.startswith("Yours sincerely, ") for p in paras)
            assert "Discussion" not in doc.subtitle and "Internal" not in doc.subtitle, doc.subtitle
            assert DANA.organisation not in doc.subtitle, doc.subtitle  # the letterhead heads the page instead
            assert doc.sections[0].paragraphs[0].startswith("Dear ")


def _supply_context(title: str, facts, orgs, summary: str, n: int = 10, author=None, to=None):
    import datetime as dt

    ctx = document_context("agreement", n, seed=3, facts=facts)
    return ctx.model_copy(update={"organisations": orgs, "world_summary": summary, "window_start": dt.date(2026, 3, 2),
                                  "to": to or [RUTH], "author": author or DANA,
                                  "spec": ctx.spec.model_copy(update={"title": title})})


def test_a_supply_agreement_has_the_sections_its_facts_and_the_summary_cite_in_its_own_voice():
    # read 12: 'The "executed" supply agreement has no Sections 11, 12 or 19 and describes itself in the third person
    # ("Section 11.2 of the Ingredient Supply Agreement obliges..."). Okeford is never given a role.'
    from worldsmith.worlds.values import Money, Percent, Text
    from tests.generators.context_fixture import fact, person

    pct = fact("cap_percent", "Section 12.2 of the Widget Supply Agreement fixes the percentage limb of Tarnwick's "
               "liability cap at 150% of the Annual Contract Value.", Percent(value=150))
    fixed = fact("cap_fixed", "Section 12.2 of the Widget Supply Agreement fixes the fixed-sum limb of Tarnwick's "
                 "liability cap at USD 5,000,000.", Money(amount=5000000, currency="USD"))
    indemnity = fact("indemnity", "Section 11.2 of the Widget Supply Agreement obliges Tarnwick to indemnify Olsbury "
                     "for all costs of any recall caused by Nonconforming Goods, and Section 12.4 excludes Tarnwick's "
                     "indemnity obligations under Section 11.2 from the Section 12.2 cap.", Text(value="Section 11.2"))
    orgs = [OrgRef(name="Olsbury Foods, Inc.", role="client; maker of cereal bars and buyer under the supply agreement"),
            OrgRef(name="Tarnwick Mills Co.", role="opposing party; supplier of the milled oats and respondent"),
            OrgRef(name="Harrow Vane LLP", role="counsel to Olsbury Foods, Inc.")]
    summary = ("Olsbury claims its recall costs under the Widget Supply Agreement, whose Section 11.2 indemnity covers "
               "recall costs; the Section 17.3 negotiation period ends on May 29, 2026.")
    buyer = person("buyer_1", "Nia", "Rowe", "Director of Procurement", "Olsbury Foods, Inc.", "olsbury.example", "+1")
    seller = person("seller_1", "Ivo", "Marsh", "Chief Operating Officer", "Tarnwick Mills Co.", "tarnwick.example", "+1")
    ctx = _supply_context("Widget Supply Agreement between Tarnwick Mills Co. and Olsbury Foods, Inc. (executed)",
                          [pct, fixed, indemnity], orgs, summary, author=buyer, to=[seller])
    doc = compose_document(ctx)
    heads = [s.heading for s in doc.sections]
    assert {"11. Indemnification", "12. Limitation of Liability", "17. Dispute Resolution"} <= set(heads), heads
    paras = [p for s in doc.sections for p in s.paragraphs]
    prose = " ".join(paras)
    assert "11.2 Supplier shall indemnify Buyer for all costs of any recall" in prose, prose
    assert "12.4 The cap in Section 12.2 does not apply to Supplier's indemnity obligations under Section 11.2." in paras
    assert any(p.startswith("12.2 ") and "150%" in p and "USD 5,000,000" in p for p in paras), paras
    assert "of the Widget Supply Agreement" not in prose and "Tarnwick" not in " ".join(paras[1:-12]), prose
    assert "(the Supplier)" in doc.sections[0].paragraphs[0] and "(the Buyer)" in doc.sections[0].paragraphs[0]
    # its definitions one a sub-clause in alphabetical order: the Annual Contract Value the cap uses is Section 1.1
    assert any(p.startswith('1.1 "Annual Contract Value" means') for p in paras), paras
    numbers = [int(h.split(".")[0]) for h in heads if h[0].isdigit()]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers), heads  # in order, none twice


def test_a_recovery_agreement_between_insurer_and_insured_allocates_the_recovery_and_its_costs():
    # read 12: 'The recovery allocation agreement allocates nothing: no waterfall, no made-whole or pro rata rule, no
    # sharing of costs. It calls the insured "the Buyer"'
    from worldsmith.worlds.values import Money
    from tests.generators.context_fixture import fact, person

    paid = fact("insurer_payment", "Brackwater pays USD 6,590,000 and is subrogated to it.",
                Money(amount=6590000, currency="USD"))
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Olsbury Foods, Inc."),
            OrgRef(name="Olsbury Foods, Inc.", role="client; buyer under the supply agreement"),
            OrgRef(name="Tarnwick Mills Co.", role="opposing party; supplier of the milled oats"),
            OrgRef(name="Brackwater Insurance Company", role="product recall insurer; subrogated to what it pays")]
    adjuster = person("adj_1", "Lena", "Fort", "Claims Adjuster", "Brackwater Insurance Company", "bw.example", "+1")
    client = person("gc_1", "Tom", "Reyes", "General Counsel", "Olsbury Foods, Inc.", "olsbury.example", "+1")
    ctx = _supply_context("Joint prosecution and recovery allocation agreement: Olsbury and Brackwater", [paid], orgs,
                          "A recall claim.", n=8, to=[adjuster, client])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"purpose": "The parties agree how costs and any "
                                                                                "recovery are shared."})})
    doc = compose_document(ctx)
    heads = [s.heading for s in doc.sections]
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert any("Allocation of Recoveries" in h for h in heads) and any("Costs" in h for h in heads), heads
    assert "in this order" in prose and "Tarnwick Mills Co." in prose and "USD 6,590,000" in prose
    assert "(the Insured)" in prose and "(the Insurer)" in prose and "Buyer" not in prose, prose


def test_minutes_of_a_committee_whose_members_the_cast_does_not_name_record_a_quorum_not_a_committee_of_two():
    # read 12: 'minutes of a committee listing two people'
    ctx = document_context("minutes", 3, seed=4, facts=[CAP, DEADLINE])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Investment Committee minutes: Corvale"}),
                                 "to": [SAM]})
    doc = compose_document(ctx)
    attendees = next(s for s in doc.sections if s.heading == "Attendees")
    text = attendees.paragraphs[0]
    assert "Members of the investment committee present:" in text and "a quorum was present" in text, text
    from worldsmith.generators.compose.substance import chair

    head = chair(ctx)
    other = next(p for p in (DANA, SAM) if p.id != head.id)
    assert f"present: {head.name}" in text and f"In attendance to present the paper: {other.name}" in text, text
    capacity = {row[0]: row[-1] for row in attendees.table.rows}
    assert capacity == {head.name: "Member", other.name: "In attendance"}, capacity
    # minutes of a meeting that is no committee's list those present, as before
    plain = document_context("minutes", 3, seed=4, facts=[CAP, DEADLINE])
    plain = compose_document(plain.model_copy(update={"spec": plain.spec.model_copy(update={"title": "Kick-off call"})}))
    assert "quorum" not in plain.sections[0].paragraphs[0]


def test_an_organisation_the_summary_calls_a_state_maker_has_its_address_in_that_state():
    # read 12: 'it places the Minnesota insured at a Boston address'
    from worldsmith.generators.compose.genres import home_place, letterhead

    summary = ("On March 3, 2026 a supplier told Bramblecrest Foods, Inc., a Minnesota maker of granola and snack "
               "bars, that a lot had tested positive.")
    assert home_place("Bramblecrest Foods, Inc.", "client", summary) == ("", "Minnesota")
    line = letterhead("Bramblecrest Foods, Inc.", "b.example", "en_US", "client", summary)
    assert ", Minnesota" in line and "Boston" not in line, line


def test_a_derivation_gives_each_input_its_value_once_beside_its_own_label():
    # read 12: 'its cap sentence is garbled ("of USD 4,800,000 of 150%")'
    from worldsmith.generators.compose.substance.common import derivation
    from worldsmith.worlds.values import Money, Percent
    from tests.generators.context_fixture import fact

    acv = fact("acv", "The ACV is USD 4,800,000.", Money(amount=4800000, currency="USD")).model_copy(
        update={"label": "Annual Contract Value"})
    pct = fact("pct", "The cap is 150% of ACV.", Percent(value=150)).model_copy(
        update={"label": "cap percentage of Annual Contract Value"})
    fixed = fact("fixed", "The fixed sum is USD 5,000,000.", Money(amount=5000000, currency="USD")).model_copy(
        update={"label": "fixed-sum limb of the cap"})
    cap = fact("cap", "The cap is USD 7,200,000.", Money(amount=7200000, currency="USD")).model_copy(
        update={"label": "liability cap",
                "reason": "the greater of the cap percentage of Annual Contract Value and the fixed-sum limb of the cap"})
    said = derivation(cap, [acv, pct, fixed, cap])
    assert said == ("the greater of the cap percentage of Annual Contract Value (150%) and the fixed-sum limb of the "
                    "cap of USD 5,000,000"), said
    assert "of USD 4,800,000 of" not in said


def test_a_letter_that_establishes_its_writers_position_states_it_in_the_first_person_with_its_ground():
    # read 12: 'The reservation letter cites no policy terms and gives no grounds. "We reserve all our rights,
    # including under lost profits" is garbled'
    from worldsmith.generators.compose.substance.letters import letter_purpose, own_voice
    from worldsmith.worlds.values import Text
    from tests.generators.context_fixture import fact, person

    adjuster = person("adj_1", "Lena", "Fort", "Claims Adjuster", "Brackwater Insurance Company", "bw.example", "+1")
    position = fact("insurer_position", "Brackwater's letter of March 20, 2026 accepts the recall expense under the "
                    "policy, reserves its rights on lost profits (the policy carries no lost gross profit endorsement) "
                    "and asserts subrogation to every payment it makes.",
                    Text(value="recall expense accepted; lost profits reserved"))
    ctx = document_context("letter", 4, facts=[position]).model_copy(update={"author": adjuster})
    said = own_voice(position.model_copy(update={"establish": True}), ctx)
    assert said.startswith("We accept the recall expense under the policy."), said
    assert "We reserve our rights on lost profits, because the policy carries no lost gross profit endorsement." in said
    assert "We assert subrogation to every payment we make." in said and position.text in said
    assert own_voice(position, ctx) == ""  # a letter that does not establish it does not restate it
    titled = ctx.model_copy(update={"spec": ctx.spec.model_copy(
        update={"title": "Brackwater reservation of rights letter: Olsbury recall"})})
    assert letter_purpose(titled) == "to reserve our rights in respect of the Olsbury recall"
    demand = ctx.model_copy(update={"author": DANA, "spec": ctx.spec.model_copy(
        update={"title": "Demand letter: indemnity and damages arising from the recall"})})
    assert letter_purpose(demand) == "to demand indemnity and damages arising from the recall"


def test_a_work_plan_measures_a_service_level_over_the_period_its_statement_gives():
    # read 12: 'It measures the service level "month by month" where the agreement says quarterly'
    from worldsmith.generators.compose.substance.papers import _objective
    from worldsmith.worlds.values import Percent
    from tests.generators.context_fixture import fact

    sla = fact("sla", "The agreement sets a service level of an initial denial rate at or below 8.0%, measured "
               "quarterly, with a fee credit.", Percent(value=8)).model_copy(update={"label": "denial-rate service level"})
    assert _objective(sla).endswith("report any shortfall, quarter by quarter.")
    monthly = sla.model_copy(update={"statement": sla.statement.replace("quarterly", "monthly")})
    assert _objective(monthly).endswith("month by month.")


def test_next_steps_never_name_the_reader_as_a_third_party():
    # read 12: 'proposes "a call with Jeffrey Luna" in a memo addressed to Jeffrey'; 'Brannock Yeats LLP will send the
    # documents ... to Jeffrey Li' (its own partner)
    from worldsmith.generators.compose.bank import bank

    frames = bank("genres")["sections"]["next_steps"]
    assert not any("{reader}" in f or "{Reader}" in f for f in frames), frames


def test_a_cofr_names_cercla_only_where_the_facts_give_its_amount():
    # read 12: 'It gives USD 156.2M as the "OPA 90 and CERCLA" amount, which is the OPA limit alone'
    from worldsmith.generators.compose.substance.papers import cofr_face
    from worldsmith.worlds.values import Money
    from tests.generators.context_fixture import fact

    limit = fact("opa_limit", "The OPA 90 limit of liability is USD 156,200,000.",
                 Money(amount=156200000, currency="USD")).model_copy(update={"label": "OPA 90 liability cap"})
    ctx = document_context("certificate", 4, facts=[limit])
    rows = cofr_face(ctx, "Kestrel Bay Tankers", "Gulf P&I", limit)
    line = next(r for r in rows if r.startswith("Applicable amount"))
    assert "(OPA 90)" in line and "CERCLA" not in line, line
    both = limit.model_copy(update={"statement": "The OPA 90 and CERCLA amount is USD 156,200,000."})
    assert any("(OPA 90 and CERCLA)" in r for r in cofr_face(ctx, "Kestrel Bay Tankers", "Gulf P&I", both))


def test_a_memo_that_argues_a_carve_out_reads_the_provisions_together_and_concludes_on_them():
    # read 12: 'The memo on the "12.4 carve-out" never analyses 12.4 and advises the client to accept the cap'
    from worldsmith.generators.compose.recommend import what_is_recommended
    from worldsmith.generators.compose.substance.memo import _provisions_read
    from worldsmith.worlds.values import Text
    from tests.generators.context_fixture import fact

    purpose = ("Computes the cap and argues that recall costs fall under the Section 11.2 indemnity, which Section "
               "12.4 takes outside the cap.")
    assert what_is_recommended(purpose) == ("view", "recall costs fall under the Section 11.2 indemnity, which "
                                                     "Section 12.4 takes outside the cap")
    clause = fact("indemnity", "Section 11.2 of the Widget Supply Agreement obliges Tarnwick to indemnify Olsbury for "
                  "all costs of any recall caused by Nonconforming Goods, and Section 12.4 excludes Tarnwick's "
                  "indemnity obligations under Section 11.2 from the Section 12.2 cap.", Text(value="Section 11.2"))
    ctx = document_context("memo", 6, facts=[clause])
    read = _provisions_read(ctx)
    assert read.startswith("Section 11.2 reads, in substance: Tarnwick shall indemnify Olsbury"), read
    assert "Section 12.4 then provides that the cap in Section 12.2 does not apply to Tarnwick's indemnity " \
           "obligations under Section 11.2." in read, read
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"purpose": purpose})})
    doc = compose_document(ctx)
    rec = next(s for s in doc.sections if s.heading == "Recommendation")
    assert rec.paragraphs[0].startswith("Our view is that recall costs fall under the Section 11.2 indemnity"), rec
    assert "liability cap is" not in " ".join(rec.paragraphs)


def test_a_billing_services_agreement_has_a_term_a_liability_cap_in_words_and_its_hipaa_and_billing_duties():
    # read 12: 'A skeleton billing-services agreement. It has no term ("continues until the obligations ... have been
    # performed"), no fees, no amount for the fee credit, and no business associate agreement (BAA) or compliance
    # clauses. Schedule 1 is "agreed April 9", yet the recital says it holds the April 23 amendments.'
    import datetime as dt

    from worldsmith.worlds.values import Percent
    from tests.generators.context_fixture import fact

    level = fact("denial_sla", "Contractor shall keep the denial-rate service level at or below 8%, measured quarterly",
                 Percent(value=8)).model_copy(update={"label": "the denial-rate service level"})
    orgs = [OrgRef(name="Harrow Vane LLP", role="outsourced coding and billing contractor; counterparty"),
            OrgRef(name="Corvale Shipping Ltd", role="client")]
    ctx = document_context("agreement", 8, seed=2, facts=[level])
    ctx = ctx.model_copy(update={"organisations": orgs, "window_start": dt.date(2025, 3, 1),
                                 "world_summary": "A hospital system's review of its Medicare inpatient claims.",
                                 "spec": ctx.spec.model_copy(update={"title": "Billing services agreement (as amended)"})})
    prose = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "initial term of three years" in prose and "until the obligations" not in prose, prose
    assert "business associate under HIPAA" in prose and "False Claims Act" in prose
    assert "Except under Schedule 1" not in prose
    for seed in range(6):  # where the plan has a liability clause, it caps the contractor's liability in words
        doc = compose_document(ctx.model_copy(update={"seed": seed}))
        liability = [s for s in doc.sections if "Liability" in s.heading]
        if liability:
            text = " ".join(liability[0].paragraphs)
            assert "limited to the charges paid to it in that year" in text and "Schedule 1" not in text, text
    # (an amended copy no longer invents 'a letter agreement of <signing + 14 days>': docs14a, blind read 36)
    assert "Schedule 1 sets out the commercial terms referred to in this agreement, as amended and in force on " \
           "March 5, 2025" in prose and "letter agreement of" not in prose, prose


def test_a_memo_on_the_opa_limit_gives_the_us_code_and_the_coast_guard_regulation():
    # read 12: 'A limitation memo that cites neither 33 USC 2704 nor 33 CFR 138'
    from worldsmith.generators.compose.substance.memo import _codified
    from worldsmith.worlds.values import Money
    from tests.generators.context_fixture import fact

    cap = fact("cap", "Kestrel Bay's maximum total liability under OPA 90 section 1004(a)(1) is USD 156,200,000.",
               Money(amount=156200000, currency="USD")).model_copy(update={"label": "OPA 90 liability cap"})
    said = _codified(document_context("memo", 6, facts=[cap]))
    assert "section 1004(a)(1) at 33 U.S.C. 2704(a)(1)" in said and "33 CFR 138.240" in said, said
    assert _codified(document_context("memo", 6, facts=[CAP])) == ""  # no OPA section cited, nothing added


def test_a_report_moves_a_share_by_its_rate_and_traces_a_reconciled_figure_to_its_papers():
    # read 12: 'The report just repeats one multiplication ... It does no analysis of the recall costs it is titled
    # on. Its risk section says lost profits could move "by up to" the USD 8.75M of lost sales.'
    from worldsmith.generators.compose.substance.report import report_analysis, report_risks
    from worldsmith.generators.compose.bank import picker_for
    from worldsmith.worlds.values import Money, Percent
    from tests.generators.context_fixture import fact

    sales = fact("sales", "Lost net sales are USD 8,750,000.", Money(amount=8750000, currency="USD")).model_copy(
        update={"label": "lost net sales"})
    margin = fact("margin", "The margin is 36%.", Percent(value=36)).model_copy(update={"label": "contribution margin"})
    profits = fact("profits", "Lost profits are USD 3,150,000.", Money(amount=3150000, currency="USD")).model_copy(
        update={"label": "lost profits", "reason": "contribution margin of lost net sales"})
    costs = fact("costs", "Recall costs, reconciled to invoices, retailer chargebacks and the destruction "
                 "certificates, total USD 6,840,000.", Money(amount=6840000, currency="USD")).model_copy(
        update={"label": "recall costs"})
    ctx = document_context("report", 6, facts=[profits, sales, margin, costs]).model_copy(
        update={"spec": document_context("report", 6).spec.model_copy(update={"title": "Report on lost profits"})})
    risks = " ".join(report_risks(picker_for(ctx), ctx))
    import re

    assert re.search(r"move by (the )?contribution margin \(36%\) of any shortfall", risks), risks
    assert "by up to" not in risks
    analysis = " ".join(report_analysis(picker_for(ctx), ctx))
    assert re.search(r"We traced (the )?recall costs of USD 6,840,000 to invoices, retailer chargebacks and the "
                     r"destruction certificates", analysis), analysis


def test_a_juniors_working_memo_to_their_manager_proposes_a_working_figure_not_a_course_for_the_client():
    # read 12: 'A junior analyst recommends that the client proceed'
    from worldsmith.generators.compose.bank import picker_for
    from worldsmith.generators.compose.substance.memo import memo_recommendation
    from tests.generators.context_fixture import person

    junior = person("analyst_1", "Milo", "Park", "Analyst", "Harrow Vane LLP", "harrowvane.example", "+1").model_copy(
        update={"seniority": "junior"})
    partner = DANA.model_copy(update={"seniority": "senior"})
    ctx = document_context("memo", 6, facts=[CAP]).model_copy(update={"author": junior, "to": [partner]})
    said = " ".join(memo_recommendation(picker_for(ctx), ctx, "Friday, March 14"))
    assert said.startswith("I would work on the basis that") and "subject to your review" in said, said
    assert "We recommend" not in said and "instructions should be sought" not in said
    # the partner's own memo to the client still recommends
    ctx = document_context("memo", 6, facts=[CAP])
    assert "I would work" not in " ".join(memo_recommendation(picker_for(ctx), ctx, "Friday, March 14"))


def test_a_response_letter_states_the_position_the_summary_says_its_side_insists_on():
    # read 12: the response to the demand 'never addresses the Section 12.4 carve-out, the whole dispute'
    from worldsmith.generators.compose.substance.letters import held_position

    summary = ("Olsbury claims its recall costs. Tarnwick's counsel answers the demand of April 29 by insisting that "
               "the cap limits everything to USD 98,400,000; the negotiation period ends on May 29.")
    ctx = document_context("letter", 4, facts=[CAP]).model_copy(update={"world_summary": summary})
    assert held_position(ctx, "Tarnwick Mills Co.") == "the cap limits everything to USD 98,400,000"
    assert held_position(ctx, "Olsbury Foods, Inc.") == ""  # the other side's insistence is not this side's position
    assert held_position(ctx.model_copy(update={"facts": [DEADLINE]}), "Tarnwick Mills Co.") == ""  # no such figure


def test_a_cofr_face_sets_out_fields_not_sentences():
    # bench.long_matter --scale 20 (20 copies of the one certificate): 'Applicable amount of financial responsibility
    # (OPA 90): USD 156,200,000.' and 'Expires: ...' read as one sentence repeated in 20 artifacts (realism_boilerplate)
    # once the room held under 2,000 artifacts; a form's particulars are fields, one a line, with no full stop
    from worldsmith.generators.compose.substance.papers import cofr_face
    from worldsmith.worlds.values import Money
    from tests.generators.context_fixture import fact

    limit = fact("opa_limit", "The OPA 90 limit of liability is USD 156,200,000.",
                 Money(amount=156200000, currency="USD")).model_copy(update={"label": "OPA 90 liability cap"})
    ctx = document_context("certificate", 4, facts=[limit])
    rows = cofr_face(ctx, "Kestrel Bay Tankers", "Gulf P&I", limit)
    assert any(r.startswith("Expires: ") for r in rows) and any(r.startswith("Issued: ") for r in rows), rows
    assert any(r.endswith("USD 156,200,000") for r in rows), rows
    assert not [r for r in rows if re.search(r"[.!?]$", r) or ". " in r], rows


def test_a_services_agreement_of_another_trade_takes_no_revenue_cycle_terms():
    # blind read 30's class (one trade's form fired in another's paper): a hosting vendor's services agreement read
    # 'for every account the Client refers', 'a percentage of the net cash collected' and 'payer rules', the words of
    # a hospital's billing contractor; the billing contractor's agreement keeps them
    import datetime as dt

    from worldsmith.worlds.values import Percent
    from tests.generators.context_fixture import fact

    level = fact("uptime_sla", "Vendor shall keep monthly availability at or above 99.5%, measured monthly",
                 Percent(value=99.5)).model_copy(update={"label": "the availability service level"})
    ctx = document_context("agreement", 8, seed=2, facts=[level])
    for role, billing in (("managed hosting and IT systems provider; counterparty", False),
                          ("outsourced coding and billing contractor; counterparty", True)):
        orgs = [OrgRef(name="Harrow Vane LLP", role=role), OrgRef(name="Corvale Shipping Ltd", role="client")]
        doc = ctx.model_copy(update={"organisations": orgs, "window_start": dt.date(2025, 3, 1),
                                     "world_summary": "A hospital system's review of its Medicare inpatient claims.",
                                     "spec": ctx.spec.model_copy(update={"title": "Master services agreement"})})
        prose = " ".join(p for s in compose_document(doc).sections for p in s.paragraphs)
        assert "Part C (Charges)" in prose and "business associate under HIPAA" in prose, prose
        for words in ("net cash collected", "every account", "payer rules", "False Claims Act"):
            assert (words in prose) == billing, (role, words, prose)


def test_a_contract_of_a_matter_in_arbitration_sends_its_disputes_to_arbitration_not_to_a_court():
    # blind read 30 (an unseen refund-guarantee matter before an arbitral institution): the shipbuilding contract gave
    # a district court exclusive jurisdiction; a matter in court keeps the courts
    ctx = document_context("agreement", 8, seed=2, facts=[])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Supply agreement"})})
    for title, summary, arbitrated in (
            ("Vessel 7 refund guarantee arbitration", "The buyer claims the refund under the Bridgewell International "
                                                       "Arbitration Rules 2016.", True),
            ("Harwick v Dunmore supply claim", "The buyer sues the supplier for late delivery.", False)):
        doc = ctx.model_copy(update={"world_title": title, "world_summary": summary})
        prose = " ".join(p for s in compose_document(doc).sections for p in s.paragraphs)
        assert ("exclusive jurisdiction" in prose) != arbitrated, (title, prose)
        if arbitrated:
            assert "finally resolved by arbitration under the Bridgewell International Arbitration Rules 2016" in prose
