"""Analysis documents a blind expert rejected in read 15 (issue 17): memos whose analysis says nothing, that take the
other side's figure or concede a cap the record takes out of play, a circular question, an expert's paper marked
internal, a party named in lower case. One test each, on hand-built contexts whose names and figures are not the
examples'."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest

from worldsmith.generators.context import InputRef, OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money, Number, Percent, Text
from tests.generators.context_fixture import DANA, RUTH, SAM, document_context, fact, person

# Harrow Vane LLP (DANA, SAM) acts for Corvale Shipping Ltd (RUTH) against Pellmore Software Corp.
_ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd (the licensee)", privileged=True,
                acts_for="Corvale Shipping Ltd"),
         OrgRef(name="Corvale Shipping Ltd", role="client; licensee of the Pellmore Route platform", privileged=True),
         OrgRef(name="Pellmore Software Corp.", role="opposing party; licensor of the Pellmore Route platform"),
         OrgRef(name="Tallis Audit Services", role="licence compliance auditors engaged by Pellmore Software Corp.")]
_NEVER = ("the question is which of them the record supports", "proceed on the basis that", "advise on advice",
          "Ours, ")


def _money(n: int) -> Money:
    return Money(amount=Decimal(n), currency="USD")


def _users(n: int) -> Number:
    return Number(value=Decimal(n), unit="users")


def _licence_memo(seed: int):
    """An exposure memo: the vendor's claim worked from the auditor's count at list price, our count and rate."""
    count = fact("audit_count", "Tallis's preliminary findings count 940 active user accounts.", _users(940))
    licensed = fact("licensed_users", "The Order Form licenses 700 Named Users.", _users(700))
    price = fact("list_price", "Pellmore's list price for a Named User is USD 2,000 a year.", _money(2000))
    rate = fact("contract_rate", "Corvale's contract rate is USD 1,500 per Named User a year: the USD 2,000 list price "
                "less the 25% Order Form discount.", _money(1500))
    valid = fact("validated_users", "The reconciliation validates 820 Named Users: the 940 accounts counted less 80 "
                 "leavers and 40 integration accounts.", _users(820))
    claim = fact("vendor_claim", "Pellmore claims USD 960,000: 240 users over the 700 licensed, at the USD 2,000 list "
                 "price, for two years.", _money(960000))
    src = 'the "{}" line of the User reconciliation'
    count = count.model_copy(update={"label": "the accounts counted by the auditor", "source": src.format("Counted")})
    licensed = licensed.model_copy(update={"label": "the licensed Named Users"})
    price = price.model_copy(update={"label": "the list price per user a year"})
    rate = rate.model_copy(update={"label": "the contract rate per user a year",
                                   "reason": "the list price per user a year less the Order Form discount",
                                   "inputs": [InputRef(label="the list price per user a year", text="USD 2,000"),
                                              InputRef(label="the Order Form discount", text="25%")]})
    valid = valid.model_copy(update={
        "label": "the validated Named Users", "source": src.format("Validated Named Users"),
        "reason": "the accounts counted by the auditor less the leaver accounts less the integration accounts",
        "inputs": [InputRef(label="the accounts counted by the auditor", text="940 users"),
                   InputRef(label="the leaver accounts", text="80 users"),
                   InputRef(label="the integration accounts", text="40 users")]})
    claim = claim.model_copy(update={
        "label": "the Pellmore audit claim",
        "reason": "the accounts counted by the auditor less the licensed Named Users times the list price per user a "
                  "year times the years backdated",
        "inputs": [InputRef(label="the accounts counted by the auditor", text="940 users"),
                   InputRef(label="the licensed Named Users", text="700 users"),
                   InputRef(label="the list price per user a year", text="USD 2,000"),
                   InputRef(label="the years backdated", text="2 years")]})
    ctx = document_context("memo", 6, seed=seed, facts=[claim, count, valid, rate, price, licensed])
    return ctx.model_copy(update={"organisations": _ORGS, "to": [RUTH], "cc": [DANA], "author": SAM,
                                  "spec": ctx.spec.model_copy(update={
                                      "title": "Exposure memo: Pellmore's claim against Corvale's reading of the "
                                               "audit clause", "readers": ["cfo_1"]})})


@pytest.mark.parametrize("seed", range(4))
def test_an_exposure_memo_answers_the_other_sides_claim_from_our_side_input_by_input(seed):
    # read 15: 'The licensee's own counsel recommends proceeding on Quorvex's USD 2,871,000'; 'The Analysis section
    # says nothing ("the question is which of them the record supports")'
    doc = compose_document(_licence_memo(seed))
    by = {s.heading: " ".join(s.paragraphs) for s in doc.sections}
    text = " ".join(by.values())
    for bad in _NEVER:
        assert bad not in text, (bad, text)
    analysis = next(v for h, v in by.items() if "Analysis" in h)
    # each input the claim takes that our figures correct, with our figure, its working and its source
    assert "It takes the accounts counted by the auditor at 940 users; the record supports the validated Named Users " \
           "of 820 users" in analysis, analysis
    assert 'the "Validated Named Users" line of the User reconciliation' in analysis, analysis
    assert "the list price per user a year at USD 2,000; the record supports the contract rate per user a year of " \
           "USD 1,500" in analysis, analysis
    assert "the years backdated (2 years), which nothing in our working carries" in analysis, analysis
    answer = next(v for h, v in by.items() if "Answer" in h)
    assert answer.count("should not accept the Pellmore audit claim of USD 960,000") == 1, answer
    rec = next(v for h, v in by.items() if "Recommendation" in h)
    assert re.search(r"Corvale Shipping Ltd dispute the Pellmore audit claim of USD 960,000 in writing to Pellmore "
                     r"Software Corp\., on the .+ in place of", rec), rec


def _cap_memo(seed: int, options: bool):
    """A memo on a cap that applies only to an item within limits, where the finding of record is beyond them."""
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd (the lessor)", privileged=True,
                   acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client; lessor of the vessel", privileged=True),
            OrgRef(name="Osprey Lines plc", role="opposing party; lessee of the vessel")]
    cap = fact("cap", "Schedule 4 para 2.5 provides that, where a main engine is serviceable within OEM limits, the "
               "return compensation shall not exceed the hours shortfall times the reserve rate, or USD 310,000.",
               _money(310000)).model_copy(update={"label": "the para 2.5 compensation cap"})
    finding = fact("finding", "The inspection found crankshaft wear beyond OEM limits.",
                   Text(value="crankshaft wear beyond OEM limits")).model_copy(update={"label": "the inspection finding"})
    claim = fact("claim", "Corvale claims return compensation of USD 1,120,000 for the main engine.",
                 _money(1120000)).model_copy(update={"label": "the main engine compensation claimed"})
    ctx = document_context("memo", 7 if options else 5, seed=seed, facts=[cap, finding, claim])
    return ctx.model_copy(update={"organisations": orgs, "spec": ctx.spec.model_copy(update={
        "title": "Memo re the Schedule 4 para 2.5 cap and an unserviceable engine"})})


@pytest.mark.parametrize("seed", range(4))
def test_a_cap_memo_construes_the_provision_against_the_finding_and_concedes_nothing(seed):
    # read 15: 'It never reads or construes para 4.3 ... Option A would concede the opponent's cap.'
    doc = compose_document(_cap_memo(seed, options=True))
    by = {s.heading: " ".join(s.paragraphs) for s in doc.sections}
    text = " ".join(by.values())
    for bad in _NEVER:
        assert bad not in text, (bad, text)
    assert "Schedule 4 para 2.5 applies only where a main engine is serviceable within OEM limits" in text, text
    assert "The record does not meet it: the inspection finding is crankshaft wear beyond OEM limits." in text, text
    answer = next(v for h, v in by.items() if "Answer" in h)
    assert "does not cap the figure at USD 310,000" in answer and "USD 1,120,000 stands" in answer, answer
    assert "on the footing that the para 2.5 compensation cap is" not in text, text


def test_advice_on_a_subject_is_not_advice_on_advice():
    # read 15: 'The advice is circular ("asked us to advise on advice on settlement")'
    ctx = document_context("memo", 5, seed=2)
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "title": "Advice on settlement: the without prejudice offer against a determination"})})
    text = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    # (advice on two courses asks which to take, blind read session 16)
    assert "advise on advice" not in text and ("on settlement (the without prejudice offer" in text or
                                               "should proceed to determination or settle" in text), text


@pytest.mark.parametrize("seed", range(6))
def test_a_paper_for_readers_outside_the_firm_is_never_marked_internal(seed):
    # read 15: 'A client deliverable is marked "Internal"'; 'The "determination" is marked "For Internal Use Only"'
    expert = person("expert_1", "Ines", "Dorr", "Independent Expert", "Calder Rowe Valuation", "calder.example", "+44")
    orgs = [OrgRef(name="Calder Rowe Valuation", role="independent expert appointed under the lease; neutral, acting "
                                                       "for neither party")]
    ctx = document_context("report", 5, seed=seed, voice=document_context().voice.model_copy(update={"family": "default"}))
    ctx = ctx.model_copy(update={"author": expert, "organisations": orgs, "to": [RUTH], "cc": []})
    doc = compose_document(ctx)
    assert "Internal" not in doc.subtitle, doc.subtitle


def test_a_statement_that_opens_with_a_party_keeps_its_capital_mid_sentence():
    # read 15: 'calls itself "brightmoor" in the third person' ('The record shows that brightmoor backdates ...')
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import fact_sentence

    f = fact("years", "Tallis backdates the shortfall two years, to the subscription year beginning October 1, 2023.",
             _users(2)).model_copy(update={"establish": True, "text": "2 users"})
    f2 = fact("short", "Corvale is 120 Named Users over its licence: 820 validated users against 700 licensed.",
              _users(120)).model_copy(update={"establish": True})
    for seed in range(12):
        for g in (f, f2):
            out = fact_sentence(Picker(seed), g, "document")
            assert "tallis" not in out and "corvale" not in out, out


def _determination(seed: int):
    expert = person("expert_1", "Ines", "Dorr", "Independent Expert", "Calder Rowe Valuation", "calder.example", "+44")
    orgs = [OrgRef(name="Calder Rowe Valuation", role="independent expert appointed under clause 6.2 of the lease to "
                                                       "determine the rent; neutral, acting for neither party"),
            OrgRef(name="Fenwick Yard Ltd", role="opposing party; landlord of the building"),
            OrgRef(name="Corvale Shipping Ltd", role="client; tenant of the building", privileged=True)]
    rate = lambda n, who: InputRef(label=f"the {who} rate per sq ft", text=f"GBP {n}")  # noqa: E731
    area = InputRef(label="the net internal area", text="10,000 sq ft")
    mine = fact("exp_rate", "The expert fixes the rate at GBP 30.00 per sq ft.", _money(30)).model_copy(
        update={"label": "the expert's rate per sq ft"})
    decided = fact("exp_rent", "The rent determined is GBP 300,000.", _money(300000)).model_copy(update={
        "label": "the rent determined by the expert", "reason": "the net internal area times the expert's rate per sq ft",
        "inputs": [area, InputRef(label="the expert's rate per sq ft", text="GBP 30")]})
    landlord = fact("ll", "The landlord proposes GBP 340,000.", _money(340000)).model_copy(update={
        "label": "the landlord's proposed rent", "reason": "the net internal area times the landlord's proposed rate "
        "per sq ft", "inputs": [area, rate(34, "landlord's proposed")]})
    tenant = fact("tt", "The tenant proposes GBP 270,000.", _money(270000)).model_copy(update={
        "label": "the tenant's proposed rent", "reason": "the net internal area times the tenant's proposed rate per "
        "sq ft", "inputs": [area, rate(27, "tenant's proposed")]})
    ctx = document_context("determination", 6, seed=seed, facts=[mine, decided, landlord, tenant],
                           voice=document_context().voice.model_copy(update={"family": "default"}))
    return ctx.model_copy(update={"author": expert, "organisations": orgs, "to": [RUTH], "cc": [],
                                  "spec": ctx.spec.model_copy(update={
                                      "title": "Determination of the independent expert: rent review of Fenwick Yard"})})


@pytest.mark.parametrize("seed", range(4))
def test_an_experts_determination_decides_between_the_submissions_with_reasons_and_recommends_nothing(seed):
    # read 15: 'The "determination" is marked "For Internal Use Only". The expert "recommend[s] holding the position
    # on the landlord's proposed rent, reserving rights". It gives no reasons'
    doc = compose_document(_determination(seed))
    text = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "recommend" not in text.lower() and "Internal" not in doc.subtitle, (doc.subtitle, text)
    assert "I determine the rent at USD 300,000" in text, text
    assert "Fenwick Yard Ltd submitted the landlord's proposed rent of USD 340,000" in text and \
        "Corvale Shipping Ltd submitted the tenant's proposed rent of USD 270,000" in text, text
    assert "The net internal area (10,000 sq ft) is common ground" in text, text
    assert "the landlord's proposed rate per sq ft of GBP 34 against the tenant's proposed rate per sq ft of GBP 27" \
        in text and "I adopt the expert's rate per sq ft of GBP 30" in text, text


@pytest.mark.parametrize("seed", range(4))
def test_a_memo_on_a_provision_reads_what_it_requires_never_that_the_label_is_the_clause(seed):
    # read 15: 'the improvements disregard is clause 5.4(c)", with options on whether it "is clause 5.4(c)"'; 'It
    # concludes only "proceed on the basis that the audit clause is Section 9.4"'
    clause = fact("clause", "Clause 7.2(b) of the lease requires the valuer to disregard any effect on rent of "
                  "improvements carried out by the tenant.", Text(value="clause 7.2(b)")).model_copy(
        update={"label": "the improvements disregard", "establish": True})
    passing = fact("passing", "The passing rent is GBP 900,000 a year.", _money(900000)).model_copy(
        update={"label": "the passing rent"})
    ctx = document_context("memo", 7, seed=seed, facts=[clause, passing])
    ctx = ctx.model_copy(update={"organisations": _ORGS, "spec": ctx.spec.model_copy(update={
        "title": "Memo re the clause 7.2(b) disregard and rent-free periods"})})
    doc = compose_document(ctx)
    text = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "disregard is clause 7.2(b)" not in text and "holds on the documents" not in text, text
    assert "what clause 7.2(b) requires and how it applies to the figures" in text, text
    answer = next(" ".join(s.paragraphs) for s in doc.sections if "Answer" in s.heading)
    assert "requires the valuer to disregard any effect on rent of improvements" in answer, answer


@pytest.mark.parametrize("world", ["published_legal", "published_diligence", "published_hospital"])
def test_no_example_document_carries_a_sentence_form_the_readers_rejected(request, world):
    # read 15, each quoted: an analysis that says nothing, advice on the other side's figure or on a label, circular
    # advice, a caption before any suit is filed
    room = request.getfixturevalue(world) / "room"
    docs = [p for p in room.rglob("*.md") if ".eml" not in p.name and "Chat" not in p.parts]
    assert docs
    for p in docs:
        text = p.read_text(encoding="utf-8")
        for bad in _NEVER + ("holds on the documents",):
            assert bad not in text, (p.name, bad)
        re_line = next((line for line in text.splitlines() if line.startswith("RE:")), "")
        if world == "published_legal" and re_line and re.search(r"20\d\d-0[23]-|March|February", text[:400]):
            assert " v. " not in re_line, (p.name, re_line)


@pytest.mark.parametrize("seed", range(4))
def test_a_surveyors_findings_record_the_facts_not_a_legal_conclusion_nor_a_past_date(seed):
    # read 15: 'the surveyor states the legal conclusion "proximately caused the allision"'; 'Filler finding ("In
    # addition, the date of the casualty was...")'
    surveyor = person("sv_1", "Ada", "Quist", "Principal Surveyor", "Tarn Marine Surveyors", "tarn.example", "+1")
    orgs = [OrgRef(name="Tarn Marine Surveyors", role="marine surveyors retained by Harrow Vane LLP"),
            OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd", privileged=True,
                   acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client; voyage charterer", privileged=True)]
    test = fact("rule", "The vessel sailed without the boiler test required within 24 hours before departure by 46 "
                "CFR 61.05, a violation of an applicable federal safety regulation that proximately caused the fire.",
                Text(value="46 CFR 61.05")).model_copy(update={"label": "the regulation", "establish": True})
    tons = fact("gt", "The vessel's gross tonnage is 41,200 GT.", Number(value=Decimal(41200), unit="GT")).model_copy(
        update={"label": "the gross tonnage"})
    when = fact("day", "The fire broke out on March 2, 2026.", __import__("worldsmith.worlds.values", fromlist=["x"])
                .DateValue(value=dt.date(2026, 3, 2))).model_copy(update={"label": "the date of the casualty",
                                                                          "past": True})
    ctx = document_context("report", 5, seed=seed, facts=[tons, test, when])
    ctx = ctx.model_copy(update={"author": surveyor, "organisations": orgs, "to": [DANA], "cc": [],
                                 "spec": ctx.spec.model_copy(update={"title": "Marine survey report: M/T Wren"})})
    doc = compose_document(ctx)
    findings = [p for s in doc.sections for p in s.paragraphs if p.startswith("Finding ")]
    assert findings, [s.heading for s in doc.sections]
    for p in findings:
        assert "proximately caused" not in p and "date of the casualty" not in p, p
    assert any("without the boiler test required within 24 hours before departure by 46 CFR 61.05." in p
               for p in findings), findings


def test_a_key_figures_table_reads_a_figure_with_no_sheet_line_from_the_paper_that_set_it_out():
    # read 15: 'A table promised to give "sources" gives none' ('Quorvex audit claim | USD 2,871,000 | ')
    from worldsmith.generators.kinds.document.compose import key_figures

    ctx = _licence_memo(1)
    facts = [f.model_copy(update={"paper": "Tallis preliminary audit findings"}) if not f.source else f
             for f in ctx.facts]
    table = key_figures(ctx.model_copy(update={"facts": facts}), "memo")
    assert table.columns[-1] == "Source" and all(row[-1] for row in table.rows), table.rows
    # a figure the paper itself works out is sourced to its working, never to 'This report' (blind read 30: 'its
    # appendix cites its own figures as "This report"'); one it states and works out of nothing carries no source
    facts = [f.model_copy(update={"establish": True}) if not f.source else f for f in ctx.facts]
    table = key_figures(ctx.model_copy(update={"facts": facts}), "report")
    reasons = {f.label.removeprefix("the ").lower(): f.reason for f in facts if not f.source}
    for item, _, source in table.rows:
        assert "This report" not in source and "This paper" not in source, table.rows
        if item.lower() in reasons:
            assert source == (f"Computed: {reasons[item.lower()]}" if reasons[item.lower()] else ""), table.rows
    assert any(source.startswith("Computed: ") for _, _, source in table.rows), table.rows


@pytest.mark.parametrize("seed", range(4))
def test_our_own_extrapolated_figure_is_quantified_not_an_estimate_and_no_risk_runs_through_a_non_input(seed):
    # read 15: 'It calls 46/400 "an estimate" and says the overpayment is "not yet settled" a week after the 60-day
    # clock is said to have started'; 'The Risks section is empty words ("any change in it runs through to ...")'
    from worldsmith.generators.compose.bank import bank

    rate = fact("err", "The error rate in the probe sample is 9.0% (27 of 300 claims), above the 5% at which the plan "
                "calls for extrapolation.", Percent(value=Decimal("9.0"))).model_copy(update={"label": "the error rate"})
    over = fact("over", "Extrapolated from the sample to the review population, the overpayment is USD 2,100,000.",
                _money(2100000)).model_copy(update={"label": "the extrapolated overpayment"})
    ctx = document_context("report", 6, seed=seed, facts=[over, rate])
    ctx = ctx.model_copy(update={"organisations": _ORGS, "spec": ctx.spec.model_copy(update={
        "title": "Revenue-cycle review: findings report"})})
    text = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "not yet settled" not in text and "is an estimate" not in text and "remains an estimate" not in text, text
    assert not any("runs through to" in x for x in bank("genres")["sections"]["risks"])


@pytest.mark.parametrize("seed", range(3))
def test_settlement_advice_against_a_determination_sets_the_range_the_submissions_leave_the_expert(seed):
    # read 15: 'It ... has no analysis of the likely expert outcome'
    base = _determination(seed)
    orgs = [OrgRef(name="Harrow Vane LLP", role="solicitors to Corvale Shipping Ltd (the tenant)", privileged=True,
                   acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client; tenant of the building", privileged=True),
            OrgRef(name="Fenwick Yard Ltd", role="opposing party; landlord of the building")]
    area = InputRef(label="the net internal area", text="10,000 sq ft")
    offer = fact("offer", "The without prejudice offer is GBP 290,000.", _money(290000)).model_copy(update={
        "label": "the without prejudice offer", "reason": "the net internal area times the offer rate per sq ft",
        "inputs": [area, InputRef(label="the offer rate per sq ft", text="USD 29")]})
    facts = [f for f in base.facts if f.id in ("ll", "tt")] + [offer]
    ctx = document_context("memo", 6, seed=seed, facts=facts)
    ctx = ctx.model_copy(update={"organisations": orgs, "spec": ctx.spec.model_copy(update={
        "title": "Advice on settlement: the offer against an expert determination"})})
    text = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
    assert "within the range the submissions set, from USD 270,000 to USD 340,000; the without prejudice offer of " \
           "USD 290,000 sits inside that range, nearer the tenant's proposed rent" in text, text


def test_a_consultants_remaining_life_is_read_with_a_finding_beyond_limits():
    # read 15: 'It projects 1,850 EFH on-wing for an engine whose HPT blades are beyond AMM limits, without reconciling
    # the two'
    adviser = person("tc_1", "Olu", "Vance", "Powerplant Consultant", "Merrow Technical Ltd", "merrow.example", "+44")
    orgs = [OrgRef(name="Merrow Technical Ltd", role="technical consultants retained by Harrow Vane LLP")]
    life = fact("life", "Engine 1 has 2,100 EFH remaining to its next shop visit.",
                Number(value=Decimal(2100), unit="EFH")).model_copy(update={"label": "the Engine 1 EFH remaining"})
    find = fact("find", "The borescope found turbine blade burns beyond AMM limits.",
                Text(value="turbine blade burns beyond AMM limits")).model_copy(update={"label": "the borescope finding"})
    for seed in range(3):
        ctx = document_context("report", 5, seed=seed, facts=[life, find])
        ctx = ctx.model_copy(update={"author": adviser, "organisations": orgs, "to": [DANA], "cc": [],
                                     "spec": ctx.spec.model_copy(update={"title": "Engine condition review: Engine 1"})})
        text = " ".join(p for s in compose_document(ctx).sections for p in s.paragraphs)
        assert "The Engine 1 EFH remaining of 2,100 EFH is the life on the hours record alone: with the borescope " \
               "finding (turbine blade burns beyond AMM limits), it is not available until the finding is rectified" \
               in text, text


def test_a_determination_with_no_submissions_before_it_says_its_decision_once_and_decides_the_end_figure():
    """An earn-out determination: 'I determine the buyer's share of the accountant's fee at USD 120,000, being ...'
    under Executive Summary, Key Findings, Reasons and Determination alike, deciding the fee split rather than the
    earn-out it follows from."""
    ebitda = fact("det_ebitda", "The accountant determines Adjusted EBITDA at USD 13,600,000.", _money(13600000)) \
        .model_copy(update={"label": "Adjusted EBITDA as determined", "establish": True,
                            "reason": "the buyer's EBITDA plus the allocations reversed"})
    earnout = fact("det_earnout", "The earn-out as determined is USD 4,000,000, final and binding.", _money(4000000)) \
        .model_copy(update={"label": "the earn-out as determined", "establish": True,
                            "reason": "2.5 times the excess of Adjusted EBITDA as determined over the threshold"})
    share = fact("fee_share", "The buyer bears USD 120,000 of the fee.", _money(120000)).model_copy(update={
        "label": "the buyer's share of the fee", "establish": True,
        "reason": "the fee times the share of the dispute the buyer lost on the earn-out as determined"})
    for seed in range(4):
        ctx = _determination(seed)
        ctx = ctx.model_copy(update={"facts": [ebitda, earnout, share], "spec": ctx.spec.model_copy(update={
            "title": "Independent accountant's determination of the disputed items"})})
        doc = compose_document(ctx)
        paragraphs = [p for s in doc.sections for p in s.paragraphs]
        text = " ".join(paragraphs)
        assert "I determine the earn-out at" in text, text
        assert len(paragraphs) == len(set(paragraphs)), paragraphs
        assert text.count("I determine") <= 2, text
