"""Documents a blind expert rejected in read 10: an addressee placed in the wrong state, an engagement letter whose
acceptance ran into the firm's sign-off with no standards or limitation of liability, and more (one test each)."""

from __future__ import annotations

import re

from worldsmith.generators.compose.genres import home_place, letterhead
from worldsmith.generators.kinds.document.compose import compose_document
from tests.generators.context_fixture import CAP, DEADLINE, document_context


def test_a_letterhead_places_an_organisation_once_for_its_words(monkeypatch):
    # bench.llm_throughput's profile: three searches of a hundred places' alternation over the matter's summary for
    # every document's letterhead (1.6 ms each); the same words place the organisation the same way every time.
    summary = "Quillfeather Grains, a grain trader based in Kansas, sues Mardell Shipping."
    assert home_place("Quillfeather Grains", "claimant", summary) == ("", "Kansas")
    searched = []
    search = re.search
    monkeypatch.setattr(re, "search", lambda *a, **k: searched.append(a[0]) or search(*a, **k))
    assert home_place("Quillfeather Grains", "claimant", summary) == ("", "Kansas")
    assert searched == []


def test_an_organisation_the_plan_places_in_a_state_has_its_address_there():
    # read 10: 'an Ohio health system's committee chair addressed at "506 Fannin Street, Houston"'
    summary = ("The audit committee of St. Aldric Health System, a three-hospital nonprofit system in Ohio, engages "
               "Brannock Yeats LLP.")
    assert home_place("St. Aldric Health System", "client", summary) == ("", "Ohio")
    line = letterhead("St. Aldric Health System", "staldric.example", "en_US", "client", summary)
    assert ", Ohio" in line and "Houston" not in line, line
    assert home_place("Brannock Yeats LLP", "auditor", summary) == ("", "")  # the summary places only St. Aldric
    assert letterhead("Brannock Yeats LLP", "b.example", "en_US", "auditor", summary) == \
        letterhead("Brannock Yeats LLP", "b.example", "en_US")
    # a state whose streets are not known: the state alone, never an invented city elsewhere
    assert letterhead("Prairie Co", "p.example", "en_US", "a grain trader based in Kansas").split(" · ")[1] == "Kansas"


def test_an_engagement_letter_signs_off_then_has_a_countersignature_block_and_its_terms():
    # read 10: 'the client's acceptance block placed before the firm's sign-off and both run together in prose; no
    # fees, no professional standards basis, no limitation of liability'
    from worldsmith.generators.context import OrgRef
    from tests.generators.context_fixture import DANA, RUTH, SAM

    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True)]
    for n in (4, 6):
        ctx = document_context("letter", n, seed=5, facts=[CAP, DEADLINE])
        ctx = ctx.model_copy(update={"organisations": orgs, "to": [RUTH], "cast": [SAM, DANA, RUTH],
                                     "spec": ctx.spec.model_copy(update={"title": "Engagement letter: Corvale cargo claim"})})
        doc = compose_document(ctx)
        paras = [p for s in doc.sections for p in s.paragraphs]
        prose = " ".join(paras)
        close = next(i for i, p in enumerate(paras) if p.startswith("Yours sincerely"))
        accept = next(i for i, p in enumerate(paras) if p.startswith("Agreed and accepted"))
        assert close < accept, paras[-8:]
        assert "Yours" not in paras[accept] and paras[accept].endswith(":")
        assert paras[accept + 1].startswith("Signed:") and paras[accept + 2] == f"Name: {RUTH.name}", paras[accept:]
        assert "limited to the fees paid" in prose and "rules of professional conduct" in prose, prose
        assert prose.count("Agreed and accepted") == 1
        terms = next(s for s in doc.sections if "limited to the fees paid" in " ".join(s.paragraphs))
        assert "Terms" in terms.heading, terms.heading


def test_a_models_prose_never_replaces_the_countersignature_block():
    from worldsmith.generators.kinds.document import _FORMAL

    for line in ("Agreed and accepted for and on behalf of Corvale Shipping Ltd:", "Signed: ____________________",
                 "Name: Ruth Abara", "Date: ____________________"):
        assert _FORMAL.search(line), line
    assert not _FORMAL.search("The name of the vessel is on the certificate.")


def test_committee_minutes_record_the_decision_with_its_reason_and_deadline_and_list_the_members():
    # read 10: 'minutes that record a decision meeting without the decision, its reason and its deadline; an audit
    # committee with one director present (list the committee's members from the cast)'
    import datetime as dt

    from tests.generators.context_fixture import DECISION, RUTH, SAM, person

    decision = DECISION.model_copy(update={"statement": "On March 5, 2025 the claims committee approved the "
                                                        "settlement range rather than defend the claim to trial"})
    deadline = DEADLINE.model_copy(update={"statement": "Because the notice was served on February 12, 2025, the "
                                                        "deadline for the notice of claim falls on March 14, 2025"})
    chair = person("chair_1", "Ada", "Moss", "Chair of the Claims Committee", "Corvale Shipping Ltd", "corvale.test",
                   "+44 20 7946 0111")
    member = person("member_1", "Ivo", "Kent", "Member of the Claims Committee", "Corvale Shipping Ltd", "corvale.test",
                    "+44 20 7946 0112")
    absent = person("member_2", "Lea", "Ward", "Member of the Claims Committee", "Corvale Shipping Ltd", "corvale.test",
                    "+44 20 7946 0113")
    ctx = document_context("minutes", 4, seed=3, facts=[decision, deadline])
    ctx = ctx.model_copy(update={"to": [chair, member, RUTH], "cast": [ctx.author, SAM, RUTH, chair, member, absent]})
    assert ctx.facts[1].value.value > dt.date(2025, 3, 5)
    doc = compose_document(ctx)
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "rather than defend the claim to trial" in prose, prose
    assert "Deadline: it is to be carried out before" in prose and "March 14, 2025" in prose, prose
    attendees = " ".join(p for s in doc.sections if s.heading == "Attendees" for p in s.paragraphs)
    assert attendees.startswith("Members of the claims committee present: "), attendees
    for p in (chair, member):
        assert p.name in attendees.split("Apologies")[0], (p.name, attendees)
    assert f"Apologies: {absent.name}." in attendees  # a member of the cast not at the meeting sends apologies
    assert RUTH.name in attendees.split("In attendance")[1]
    table = next(s.table for s in doc.sections if s.heading == "Attendees")
    assert table.columns[-1] == "Capacity" and sum(r[-1] == "Member" for r in table.rows) == 2
    assert absent.name not in [r[0] for r in table.rows]


def _deal_doc(doc_type: str, title: str, sections: int):
    from tests.generators.context_fixture import FINANCE_VOICE

    ev = CAP.model_copy(update={"id": "enterprise_value", "label": "the revised enterprise value",
                                "statement": "The revised enterprise value is USD 98,400,000",
                                "reason": "the EBITDA multiple times the adjusted EBITDA",
                                "source": 'the "Revised enterprise value" line of the Valuation model summary: Project X'})
    ctx = document_context(doc_type, sections, seed=4, facts=[ev], voice=FINANCE_VOICE)
    return compose_document(ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": title})}))


def test_heads_of_terms_bridge_the_enterprise_value_to_the_price_for_the_shares():
    # read 10: 'heads of terms that treat enterprise value as the price with no cash-free/debt-free bridge'
    doc = _deal_doc("heads of terms", "SPA heads of terms: price mechanics", 7)
    consideration = " ".join(p for s in doc.sections if s.heading == "Consideration" for p in s.paragraphs)
    assert "USD 98,400,000" in consideration
    assert "cash-free, debt-free" in consideration and "less its financial debt and debt-like items" in consideration
    assert "plus the cash of the Company at Completion" in consideration, consideration


def test_an_ic_paper_has_a_leverage_equity_and_returns_section_without_inventing_figures():
    # read 10: 'an investment committee paper with no returns, leverage or equity cheque section'
    import re

    for n in (6, 10):
        doc = _deal_doc("investment committee memo", "Investment Committee memorandum: Project X", n)
        heads = [s.heading for s in doc.sections]
        assert "Financing, Leverage and Returns" in heads, heads
        text = " ".join(p for s in doc.sections if s.heading == "Financing, Leverage and Returns" for p in s.paragraphs)
        assert "equity cheque" in text and "IRR" in text and "Valuation model summary: Project X" in text, text
        # no figure but the ledger's
        assert set(re.findall(r"\d[\d,.]*", text)) <= {"98,400,000"}, text


def test_an_executed_agreement_describes_its_services_and_has_a_signature_block_for_each_party():
    # read 10: 'an "executed" contract that is a two-page abstract: services agreement with no services described and
    # a one-term schedule ... no signature blocks'
    import datetime as dt

    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Percent
    from tests.generators.context_fixture import RUTH, fact

    level = fact("denial_sla", "Contractor shall keep the denial-rate service level at or below 8%, measured quarterly",
                 Percent(value=8)).model_copy(update={"label": "the denial-rate service level"})
    orgs = [OrgRef(name="Harrow Vane LLP", role="outsourced coding and billing contractor; counterparty"),
            OrgRef(name="Corvale Shipping Ltd", role="client")]
    ctx = document_context("agreement", 8, seed=2, facts=[level])
    ctx = ctx.model_copy(update={"organisations": orgs, "window_start": dt.date(2025, 3, 1), "spec": ctx.spec.model_copy(
        update={"title": "Billing services agreement (as amended): Harrow Vane"})})
    doc = compose_document(ctx)
    paras = [p for s in doc.sections for p in s.paragraphs]
    prose = " ".join(paras)
    assert "coding each account from the medical record" in prose and "working each denial" in prose, prose
    assert "Part A (Services)" in prose and "Part C (Charges)" in prose
    blocks = [p for p in paras if p.startswith("Signed for and on behalf of ")]
    assert [b.split(" (")[0] for b in blocks] == ["Signed for and on behalf of Harrow Vane LLP",
                                                  "Signed for and on behalf of Corvale Shipping Ltd"], blocks
    assert sum(p.startswith("Signature: /s/ ") for p in paras) == 2  # an executed copy, conformed as US practice signs it
    assert f"Name: {RUTH.name}" in paras


def test_a_crude_charter_names_its_load_port():
    # read 10: 'a charter party headed "Executed copy" with no signature blocks and an unnamed load port'
    from worldsmith.generators.compose.substance.agreement import _LOAD_PORTS, charter_part_one
    import datetime as dt

    ctx = document_context("charter party", 8, seed=4)
    ctx = ctx.model_copy(update={"world_summary": "A tanker carrying crude allided at Sabine Pass."})
    boxes = charter_part_one(ctx, dt.date(2025, 1, 10), "Owners Ltd", "Charterers Inc")
    load = next(b for b in boxes if b.startswith("(C)"))
    assert "Charterers' option" not in load and any(port in load for port in _LOAD_PORTS), load


def test_a_cofr_is_signed_by_its_issuer_and_guarantor_never_by_the_claims_executive_who_produces_it():
    # read 10: 'a certificate of financial responsibility that lists a "responsible party" and is signed by a claims
    # executive'
    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Text
    from tests.generators.context_fixture import fact

    vessel = fact("vessel", "The vessel is the M/T Corvale Star", Text(value="M/T Corvale Star"))
    party = fact("responsible_party", "The responsible party is Corvale Shipping Ltd",
                 Text(value="Corvale Shipping Ltd")).model_copy(update={"label": "responsible party"})
    ctx = document_context("certificate", sections=4, facts=[vessel.model_copy(update={"label": "vessel"}), party, CAP])
    ctx = ctx.model_copy(update={
        "organisations": [OrgRef(name="Harrow Vane LLP", role="P&I club and guarantor under the vessel's COFR",
                                 acts_for="Corvale Shipping Ltd")],
        "spec": ctx.spec.model_copy(update={"title": "Certificate of Financial Responsibility: M/T Corvale Star"})})
    doc = compose_document(ctx)
    sign = " ".join(p for s in doc.sections if s.heading == "Signature" for p in s.paragraphs)
    assert "by the Director, National Pollution Funds Center" in sign and "duly authorised signatory" in sign, sign
    assert not re.search(rf"(?<!produced )by {ctx.author.name}", sign) and f"Copy produced by {ctx.author.name}" in sign
    assert all(s.table is None for s in doc.sections)  # no 'Responsible party' row: the face names the operator
    assert "Issued to (operator): Corvale Shipping Ltd" in " ".join(p for s in doc.sections for p in s.paragraphs)


def test_a_memo_on_a_violation_that_caused_the_loss_analyses_its_elements_rather_than_asserting_them():
    # read 10: 'a memo that states a violation and causation as fact with no analysis'
    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Text
    from tests.generators.context_fixture import fact

    reg = fact("breaking_regulation", "Our ground for breaking the owner's limit under OPA 90 section 1004(c)(1)(B): "
                                      "the vessel entered US navigable waters without the steering-gear test required "
                                      "by 33 CFR 164.25, a violation of an applicable federal safety regulation that "
                                      "proximately caused the allision", Text(value="33 CFR 164.25"))
    ctx = document_context("memo", 6, seed=2, facts=[reg.model_copy(update={"label": "the limit-breaking regulation"}),
                                                     CAP])
    ctx = ctx.model_copy(update={"organisations": [
        OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
        OrgRef(name="Corvale Shipping Ltd", role="client; voyage charterer", privileged=True),
        OrgRef(name="Brightmere Owners Ltd", role="owner of the vessel and the other side")]})
    doc = compose_document(ctx)
    analysis = " ".join(p for s in doc.sections if s.heading == "Analysis" for p in s.paragraphs)
    assert "under OPA 90 section 1004(c)(1)(B) is for Corvale Shipping Ltd to prove" in analysis, analysis
    assert "First, that 33 CFR 164.25 applied" in analysis and "proximately caused the casualty" in analysis
    assert "causation is our case, not yet a finding" in analysis
    titled = ctx.model_copy(update={"spec": ctx.spec.model_copy(
        update={"title": "Memo re breaking the limit: the 33 CFR 164.25 steering-gear test"})})
    answer = " ".join(p for s in compose_document(titled).sections if s.heading == "Short Answer" for p in s.paragraphs)
    assert "Our case, still to be proved, is that the vessel entered" in answer, answer
    # the provision that breaks the limit is the ground's own, never the cap's section from another fact
    capped = CAP.model_copy(update={"statement": "The owner's liability under OPA 90 section 1004(a)(1), unless the "
                                                 "limit is broken, is USD 98,400,000"})
    bare = reg.model_copy(update={"label": "the limit-breaking regulation", "statement": "The vessel entered US "
                          "waters without the test required by 33 CFR 164.25, a violation that proximately caused "
                          "the allision"})
    doc = compose_document(ctx.model_copy(update={"facts": [bare, capped]}))
    analysis = " ".join(p for s in doc.sections if s.heading == "Analysis" for p in s.paragraphs)
    assert "Breaking the limit is for" in analysis and "Breaking the limit under OPA 90 section 1004(a)(1)" \
        not in analysis, analysis
    # no such ground, no such paragraph
    plain = compose_document(document_context("memo", 6, seed=2, facts=[CAP]))
    assert "Breaking the limit" not in " ".join(p for s in plain.sections for p in s.paragraphs)


def test_a_qoe_report_gives_the_basis_of_each_adjustment_once_and_never_cites_itself():
    # read 10: 'a "final" QoE report that restates the arithmetic four times, calls itself "our final report" from
    # within, and gives no basis for its main adjustment'
    from decimal import Decimal

    from worldsmith.worlds.values import Money
    from tests.generators.context_fixture import FINANCE_VOICE, fact

    def gbp(key, label, amount, statement, reason=""):
        return fact(key, statement, Money(amount=Decimal(amount), currency="GBP")).model_copy(
            update={"label": label, "reason": reason})

    mgmt = gbp("mgmt", "management EBITDA", 15600000, "Management's EBITDA is GBP 15,600,000")
    dev = gbp("dev", "capitalised development reversed", 900000, "The QoE reverses GBP 900,000 of capitalised development")
    term = gbp("term", "one-off termination income removed", 650000, "The QoE removes GBP 650,000 of termination income")
    sale = gbp("sale", "sale-process costs added back", 150000, "The QoE adds back GBP 150,000 of sale-process costs")
    net = gbp("net", "net QoE adjustments", 1400000,
              "Verrin Mace's final QoE reduces management's EBITDA by a net GBP 1,400,000: reversal of GBP 900,000 of "
              "capitalised development costs, removal of GBP 650,000 of one-off termination income, less an add-back "
              "of GBP 150,000 of sale-process costs",
              "the capitalised development reversed plus the one-off termination income removed less the sale-process "
              "costs added back")
    adj = gbp("adj", "QoE-adjusted LTM EBITDA", 14200000,
              "QoE-adjusted EBITDA, as agreed with Verrin Mace and set out in its final report: GBP 15,600,000 - "
              "GBP 1,400,000 = GBP 14,200,000", "management EBITDA less the net QoE adjustments")
    ctx = document_context("report", 9, seed=3, facts=[mgmt, dev, term, sale, net, adj], voice=FINANCE_VOICE)
    ctx = ctx.model_copy(update={"author": ctx.author.model_copy(update={"organisation": "Verrin Mace LLP"}),
                                 "spec": ctx.spec.model_copy(update={"title": "Quality of earnings report (final)"})})
    doc = compose_document(ctx)
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "our final report" not in prose.lower() and "as agreed with us" not in prose, prose
    analysis = " ".join(p for s in doc.sections if s.heading == "Detailed Analysis" for p in s.paragraphs)
    assert "recurs every year to keep the product current" in analysis, analysis  # the basis of the main adjustment
    assert "earned once" in analysis and "stop at completion" in analysis
    assert re.search(r"The largest, (the )?capitalised development reversed \(GBP 900,000\)", analysis), analysis
    assert "= GBP 14,200,000" not in analysis and "comes to" not in analysis  # no arithmetic restated there
    findings = " ".join(p for s in doc.sections if s.heading == "Key Findings" for p in s.paragraphs)
    assert findings.count("GBP 900,000") == 1, findings  # an adjustment of the bridge is not a finding again


def test_a_superseded_draft_memo_shows_its_own_working_and_the_statute_once():
    # read 10: '"For the record, the OPA 90 liability cap is USD 143,704,000" with no statute, regulation or rate cited'
    label_ = ("superseded draft v1 of March 2, 2025: applied the old rate (USD 2,000 x 49,200 GT = USD 98,400,000); "
              "replaced by the final memo")
    cap = CAP.model_copy(update={"label": "the liability cap"})
    ctx = document_context("memo", 5, seed=2, facts=[cap], distractor_label=label_)
    ctx = ctx.model_copy(update={"world_summary": "A tanker spill under the Oil Pollution Act of 1990."})
    doc = compose_document(ctx)
    analysis = " ".join(p for s in doc.sections if s.heading == "Analysis" for p in s.paragraphs)
    assert "is worked as USD 2,000 x 49,200 GT = USD 98,400,000, the limit the Oil Pollution Act of 1990 sets" \
        in analysis, analysis
    assert analysis.count("USD 98,400,000") == 1, analysis
    # a paper that is no draft has no such working
    assert "is worked as USD 2,000" not in " ".join(
        p for s in compose_document(document_context("memo", 5, seed=2, facts=[cap])).sections for p in s.paragraphs)


def test_a_memo_on_a_statutory_deadline_says_what_the_statute_requires_and_what_a_miss_costs():
    # read 10: memos 'that only restate the figure' with no statute cited and no analysis
    import datetime as dt

    from worldsmith.worlds.values import DateValue
    from tests.generators.context_fixture import fact

    due = fact("refund_deadline", "Because the overpayment was quantified on June 29, 2026, the 60-day "
                                  "report-and-return deadline under 42 U.S.C. 1320a-7k(d) falls on August 28, 2026",
               DateValue(value=dt.date(2026, 8, 28))).model_copy(update={"label": "60-day refund deadline"})
    ctx = document_context("memo", 5, seed=2, facts=[due, CAP])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"date": dt.date(2026, 7, 1)})})
    analysis = " ".join(p for s in compose_document(ctx).sections if s.heading == "Analysis" for p in s.paragraphs)
    assert "False Claims Act" in analysis and "written statement of the reason" in analysis, analysis
    other = due.model_copy(update={"statement": "The notice deadline under 46 U.S.C. 30511 falls on August 28, 2026"})
    ctx = ctx.model_copy(update={"facts": [other, CAP]})
    analysis = " ".join(p for s in compose_document(ctx).sections if s.heading == "Analysis" for p in s.paragraphs)
    assert "set by 46 U.S.C. 30511, not by agreement" in analysis and "False Claims" not in analysis, analysis


def test_a_kick_off_that_notes_a_sample_size_still_records_what_it_agreed():
    # read 10: minutes that record 'a decision meeting without the decision' (a kick-off whose Decisions held only
    # 'Jeffrey to circulate these minutes')
    from tests.generators.context_fixture import TONNES

    ctx = document_context("minutes", 4, seed=3, facts=[TONNES.model_copy(update={"label": "the probe sample"})])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Minutes: claim review kick-off"})})
    decisions = " ".join(p for s in compose_document(ctx).sections if s.heading == "Decisions" for p in s.paragraphs)
    assert "Agreed the working arrangements above" in decisions, decisions


def test_a_sampling_methodology_paper_states_its_method_not_only_its_figure():
    # read 10: reports 'that only restate the figure'; an analysis gives the basis of each figure once, and argues
    from worldsmith.worlds.values import Number
    from tests.generators.context_fixture import FINANCE_VOICE, fact

    sample = fact("sample", "The probe sample is 400 claims, stratified by DRG weight", Number(value=400, unit="claims"))
    sample = sample.model_copy(update={"label": "probe sample"})
    extrap = CAP.model_copy(update={"label": "extrapolated overpayment", "reason": "the net overpayment in the sample "
                                    "divided by the probe sample times the claims in the review period"})
    ctx = document_context("report", 9, seed=5, facts=[sample, extrap], voice=FINANCE_VOICE)
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"title": "Sampling and extrapolation methodology"})})
    analysis = " ".join(p for s in compose_document(ctx).sections if s.heading == "Detailed Analysis"
                        for p in s.paragraphs)
    assert "drawn at random from the claims in the review period, stratified by DRG weight" in analysis, analysis
    assert "mean per unit" in analysis and "point estimate" in analysis
    assert "divided by the probe sample" not in analysis, analysis  # the formula in words once, not again


def test_minutes_record_what_a_conditional_decision_commits_to():
    # read 10: 'a decision meeting without the decision, its reason and its deadline' (IC minutes that recorded only
    # 'approved subject to Ashgrove consent')
    from tests.generators.context_fixture import DECISION

    decision = DECISION.model_copy(update={"statement": "On March 5, 2025 the board approved the settlement range, "
                                                        "meaning a signed release from the owners before payment"})
    doc = compose_document(document_context("minutes", 4, seed=3, facts=[decision, CAP]))
    prose = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "The terms of the decision, as recorded: the board approved the settlement range, meaning a signed " \
           "release from the owners before payment." in prose, prose


def test_an_offer_letter_on_an_enterprise_value_bridges_it_to_the_price_for_the_shares():
    # read 10: enterprise value treated as the price with no cash-free/debt-free bridge
    from worldsmith.generators.context import OrgRef
    from tests.generators.context_fixture import FINANCE_VOICE, MILO

    ev = CAP.model_copy(update={"id": "enterprise_value", "label": "the revised enterprise value",
                                "statement": "The revised enterprise value is USD 98,400,000"})
    ctx = document_context("letter", 4, seed=8, facts=[ev], voice=FINANCE_VOICE)
    ctx = ctx.model_copy(update={
        "to": [MILO], "organisations": [OrgRef(name="Harrow Vane LLP", role="buyer", privileged=True),
                                        OrgRef(name="Brightmere Advisory", role="sell-side adviser")],
        "spec": ctx.spec.model_copy(update={"title": "Revised offer letter: Project X"})})
    prose = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "cash-free, debt-free basis" in prose and "normalised level of working capital (the peg)" in prose, prose


def test_a_letterhead_is_of_its_countrys_streets_or_names_no_place():
    # an unseen en_IE outline: a Dublin firm's letterhead read '1811 Travis Street, Houston'
    irish = letterhead("Mulcahy Brennan LLP", "mulcahybrennan.example", "en_IE")
    assert ("Dublin" in irish or "Cork" in irish) and "Houston" not in irish, irish
    german = letterhead("Elbwerk Asset Management GmbH", "elbwerk.example", "de_DE")
    assert re.search(r"· [A-ZÄÖÜa-zäöüß' ]+ \d+, [A-Z]", german), german  # the number after the street
    assert letterhead("Okonkwo & Partners", "okp.example", "yo_NG") == "Okonkwo & Partners · okp.example"


def test_a_letterhead_is_in_the_city_the_plans_words_place_its_organisation():
    # an unseen en_GB outline: 'X Pte. Ltd., a Singapore third-party logistics operator' headed '131 Fleet Street, London'
    summary = "Reyes LLC acts for Bayline Logistics Pte. Ltd., a Singapore logistics operator. Marrow LLP, a Leeds firm."
    assert letterhead("Bayline Logistics Pte. Ltd.", "b.example", "en_GB", "client", summary) == \
        "Bayline Logistics Pte. Ltd. · Singapore · b.example"
    assert ", Leeds · " in letterhead("Marrow LLP", "m.example", "en_GB", "counsel", summary)


def test_an_organisation_its_role_or_the_summary_places_abroad_is_headed_there():
    # an unseen en_US outline: a Dubai distributor headed at a Chicago address
    summary = "Kestrel Valves, Inc. learnt that Dune Trading FZE, its Dubai distributor, had re-exported valves."
    assert letterhead("Dune Trading FZE", "d.example", "en_US", "distributor", summary) == \
        "Dune Trading FZE · Dubai · d.example"
    assert letterhead("Dune Trading FZE", "d.example", "en_US", "the distributor in the free zone, Dubai", "") == \
        "Dune Trading FZE · Dubai · d.example"
    assert "Dubai" not in letterhead("Kestrel Valves, Inc.", "k.example", "en_US", "client", summary)
