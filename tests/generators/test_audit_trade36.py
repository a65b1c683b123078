"""An auditor's papers in an auditor's form (generators/compose/substance/letters.py, minutes.py): blind read 36 found
an audit engagement letter under the SSCS ('Our work is not an audit'), an audit committee communication with fees,
terms and 'sign and return', and audit kick-off minutes where the CFO 'gives instructions' and sends 'the documents on
file (contracts, notices and correspondence)'."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace as S

import pytest

from worldsmith.generators.compose.substance.letters import client_letter_bodies, engagement_terms


def _ctx(title: str, role: str, family: str, locale: str = "en_US"):
    author = S(id="p1", name="Andrew Rosales", first_name="Andrew", title="Audit Partner", organisation="Thornbury LLP")
    reader = S(id="p2", name="Sherry Pitts", first_name="Sherry", title="Chair of the Audit Committee",
               organisation="Nimbus Inc.")
    return S(spec=S(title=title, doc_type="letter", date=dt.date(2026, 3, 10), purpose=""), author=author, to=[reader],
             cc=[], cast=[author, reader], facts=[], locale=locale, voice=S(family=family),
             organisations=[S(name="Thornbury LLP", role=role, acts_for=""), S(name="Nimbus Inc.", role="audit client",
                                                                            acts_for="")])


@pytest.mark.parametrize("locale,standard", [("en_US", "GAAS"), ("en_GB", "ISAs (UK)"), ("de_DE", "International "
                                                                                                   "Standards on Auditing")])
def test_an_auditors_engagement_letter_engages_an_audit(locale, standard):
    ctx = _ctx("Engagement letter: audit of the FY2025 financial statements", "independent auditor of Nimbus Inc.",
               "accounting", locale)
    text = engagement_terms(ctx, "Nimbus Inc.")
    assert standard in text and "reasonable assurance" in text
    assert "not an audit" not in text and "Consulting" not in text
    # an adviser's engagement that is no audit keeps its own terms, and so does a royalty audit under a contract
    other = _ctx("Engagement letter: revenue process review", "advisers to Nimbus Inc.", "accounting", locale)
    assert "not an audit" in engagement_terms(other, "Nimbus Inc.")
    royalty = _ctx("Engagement letter: audit of the 2025 royalty", "royalty auditors (chartered accountants)",
                   "accounting", locale)
    assert "not an audit" in engagement_terms(royalty, "Nimbus Inc.")


def test_a_communication_to_an_audit_committee_is_no_engagement_letter():
    ctx = _ctx("Communication with the audit committee: FY2025 audit", "independent auditor of Nimbus Inc.",
               "accounting")
    ctx.world_summary = "Thornbury LLP audits the financial statements of Nimbus Inc. for 2025."
    plan = [("Introduction", "client_opening"), ("Scope", "engagement_scope"), ("Next Steps", "client_close")]
    picker = S(reword=lambda s: s, choice=lambda xs: xs[0])
    out = client_letter_bodies(picker, ctx, plan, "Wednesday, March 11")
    text = " ".join(p for ps in out.values() for p in ps)
    assert "audit committee" in out[0][0] and "GAAS" in out[1][0]
    assert "sign and return" not in text and "Our work will cover" not in text


def test_an_auditors_kick_off_asks_for_the_request_list_not_a_law_firms_file():
    from worldsmith.generators.compose.substance.minutes import _instructs, _papers_asked

    audit = _ctx("Minutes: FY2025 audit kick-off", "independent auditor", "accounting")
    legal = _ctx("Minutes: kick-off", "counsel to the claimant", "legal")
    assert "gives instructions" not in _instructs(audit) and "documents on file" not in _papers_asked(audit)
    assert _instructs(legal) == "gives instructions" and "documents on file" in _papers_asked(legal)


@pytest.mark.parametrize("title,locale,statutory,act", [
    ("Restructuring plan: Grupo Hotelero Alcaravan, S.L.", "es_ES", True, "Homologation"),
    ("Scheme of arrangement: Corvane Holdings plc", "en_GB", True, "Sanction"),
    ("Audit strategy and plan: Nimbusgate FY2025", "en_US", False, ""),
    ("Memo re binding the dissenting lender: restructuring plan", "es_ES", False, ""),
])
def test_a_plan_under_an_insolvency_law_is_the_plans_terms_not_a_work_plan(title, locale, statutory, act):
    # blind read 36: a restructuring plan under the TRLC written as an audit's stages ('tested against its source
    # documents by one auditor and reviewed by a second', 'fieldwork'), its terms buried under 'Next Steps'
    from worldsmith.generators.compose.substance.papers import plan_bodies, statutory_plan, statutory_plan_heads

    ctx = _ctx(title, "counsel to the borrower", "legal", locale)
    ctx.spec.points = []
    assert statutory_plan(ctx) == statutory
    if not statutory:
        return
    heads = statutory_plan_heads(ctx, 6)
    assert any(h == f"Approval and {act}" for h, _ in heads) and not any("Budget" in h or "Next Steps" in h
                                                                          for h, _ in heads)
    picker = S(reword=lambda s: s, choice=lambda xs: xs[0])
    text = " ".join(p for ps in plan_bodies(picker, ctx, heads).values() for p in ps)
    assert act.lower() in text and "fieldwork" not in text.lower() and "auditor" not in text
    assert [k for _, k in statutory_plan_heads(ctx, 3)] == ["summary", "objectives", "timeline"]


def _fact(label, value, unit, statement=""):
    from worldsmith.worlds.values import Number

    return S(label=label, statement=statement or label, reason="", establish=False, text=f"{value}{unit}",
             value=Number(type="number", value=value, unit=unit))


@pytest.mark.parametrize("measured,broken", [(7.25, True), (5.4, False)])
def test_a_certificate_tests_a_covenant_its_label_names_and_its_title_day(measured, broken):
    # blind read 36: the corrected certificate said 'is in compliance' at 7.25x against a 5.50x 'net leverage
    # covenant', and was 'delivered for the most recent test period, as at 16 March 2026' under a title naming the test
    # date 31 December 2025
    from worldsmith.generators.compose.substance.compliance import compliance_bodies

    ctx = _ctx("Compliance certificate: test date 31 December 2025 (corrected)", "the borrower", "finance", "es_ES")
    ctx.facts = [_fact("net leverage", measured, "x"),
                 _fact("net leverage covenant", 5.5, "x", "Clause 22.2(a) requires net leverage to be no more than "
                                                           "5.50x.")]
    ctx.world_summary = ""
    _, bodies = compliance_bodies(ctx)
    said = " ".join(bodies[3])
    assert ("not in compliance" in said) == broken and "in compliance" in said
    assert "31 December 2025" in bodies[1][0] and "March" not in bodies[1][0]


def test_a_papers_own_title_has_no_room_mark():
    from worldsmith.generators.compose.text import own_title

    assert own_title("Compliance certificate: test date 31 December 2025 (withdrawn)") == \
        "Compliance certificate: test date 31 December 2025"
    assert own_title("Valuation report (superseded draft)") == "Valuation report"
    assert own_title("Compliance certificate (corrected)") == "Compliance certificate (corrected)"


def test_a_statement_that_writes_the_value_another_way_states_it_once():
    # blind read 36: 'Clause 22.2(a) requires net leverage ... to be no more than 5.50x ...; specifically, 5.5x'
    from worldsmith.generators.compose.facts import fact_sentence
    from worldsmith.worlds.values import Number

    fact = S(label="net leverage covenant", establish=True, text="5.5x", past=False,
             statement="Clause 22.2(a) requires net leverage to be no more than 5.50x; a breach is an Event of Default.",
             value=Number(type="number", value=5.5, unit="x"))
    picker = S(fill=lambda frames, **kw: frames[-1].format(**kw), reword=lambda s: s)
    out = fact_sentence(picker, fact, "document")
    assert "no more than 5.5x" in out and "5.50x" not in out and out.count("5.5x") == 1


def test_a_facility_agent_is_the_agent_not_its_counsels_client():
    # blind read 36: a syndicated facilities agreement 'made between' the agent, styled 'the Client', and the borrower
    from worldsmith.generators.compose.substance.agreement import party_roles

    ctx = S(organisations=[S(name="Banco Meridional", role="client; facility agent, security agent and a lender under "
                                                          "the senior facilities agreement"),
                           S(name="Grupo Alcaravan", role="the borrower; owner-operator of fourteen hotels")])
    assert party_roles(ctx, "Banco Meridional", "Grupo Alcaravan") == ("Agent", "Borrower")


@pytest.mark.parametrize("summary,points", [
    ("", ["Term and rent: ten years from 25 June 2016 to 24 June 2026, rent of GBP 612,000 a year."]),
    ("The tenant held the floors under a ten-year lease that expired on 24 June 2026.", []),
])
def test_a_lease_is_dated_the_day_its_term_began(summary, points):
    # blind read 36: 'THIS LEASE is dated the date of this Lease', the points giving 'ten years from 25 June 2016'
    from worldsmith.generators.compose.substance.lease import lease_granted

    ctx = S(world_summary=summary, facts=[], spec=S(date=dt.date(2026, 8, 5), points=[S(text=t) for t in points]))
    assert lease_granted(ctx) == dt.date(2016, 6, 25)


def test_an_experts_statement_of_truth_ends_the_report_in_the_rules_words():
    # blind read 36: 'The statement of truth is one bullet under "Key Findings", not a CPR Part 35 declaration'
    from worldsmith.generators.kinds.document.points import _declared_last
    from worldsmith.worlds.content import Section
    from worldsmith.worlds.plan import PlannedPoint

    truth = PlannedPoint(heading="Statement of truth", text="I understand my duty is to the court.")
    sections = [Section(heading="Key Findings", paragraphs=["Value: GBP 1.", "Statement of truth: I understand my duty "
                                                                             "is to the court."]),
                Section(heading="Appendix", paragraphs=["Table 1"])]
    out = _declared_last(sections, [truth], S(locale="en_GB"))
    assert [s.heading for s in out] == ["Key Findings", "Declaration and Statement of Truth", "Appendix"]
    assert out[0].paragraphs == ["Value: GBP 1."] and "contempt of court" in out[1].paragraphs[-1]
    assert "contempt" not in " ".join(_declared_last(sections, [truth], S(locale="en_US"))[1].paragraphs)


@pytest.mark.parametrize("title,points,day", [
    ("Diminution valuation report (revised): 3rd and 4th floors", ["Instructions: to value the landlord's reversion at "
                                                                    "the term date, 24 June 2026, in its condition."],
     "24 June 2026"),
    ("Diminution valuation report: 3rd and 4th floors", ["Value in repair: GBP 12,400,000."], ""),
    ("Condition survey: 3rd and 4th floors", ["Inspected at the term date, 24 June 2026."], ""),
])
def test_a_valuation_is_as_at_the_day_its_instructions_name(title, points, day):
    # blind read 36: a valuation 'as at 25 September 2026', its report's date, whose instructions put it at the term
    # date, 24 June 2026
    from worldsmith.generators.compose.substance.report import valuation_day

    ctx = S(spec=S(title=title, date=dt.date(2026, 9, 25), purpose="", points=[S(text=t) for t in points]),
            locale="en_GB")
    assert valuation_day(ctx) == day
