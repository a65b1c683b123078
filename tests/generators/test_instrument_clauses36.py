"""Instruments state the clauses the other papers cite under those clauses' numbers (blind read 36, issue 17 point 3):
a facilities agreement's '22. Governing Law' over an empty 22.2 while its text put the leverage covenant at 'Clause
22.2(a)'; a lease extract 'headed as repair, decoration, alterations, yield up' that was rent-review boilerplate, with
repair at cl. 4.1 against the schedule's 3.5, 3.6 and 3.14."""

from __future__ import annotations

import re
from pathlib import Path

from tests.generators.offline_world import offline_world

TANKER = Path(__file__).resolve().parents[2] / "outlines" / "examples" / "tanker-spill-liability.yaml"


def _numbers(sections) -> list[int]:
    return [int(m.group(1)) for s in sections if (m := re.match(r"^(\d+)\.\s", s.heading))]


def test_a_charters_points_that_cite_its_clauses_are_those_clauses_under_their_numbers():
    # (fails before: 'Clause 41.3 (Oil Pollution): ...' and 'Clause 20 (Owners' warranties): ...' were paragraphs
    # 37.3-37.6 of a '37. Scope' clause, and the charter's own 41 was a claims procedure)
    plan, _, contents = offline_world(TANKER, 0)
    charter = next(a for a in plan.artifacts if a.kind == "document" and "Charter Party" in a.title)
    sections = contents[charter.id].sections
    heads = {re.match(r"^(\d+)\.", s.heading).group(1): s for s in sections if re.match(r"^\d+\.\s", s.heading)}
    assert "41" in heads and "20" in heads, [s.heading for s in sections]
    pollution = heads["41"].paragraphs
    assert any(p.startswith("41.3 Charterers indemnify Owners only for pollution liability") for p in pollution), \
        pollution
    assert any(p.startswith("41.4 Owners maintain a Certificate of Financial Responsibility") for p in pollution), \
        pollution
    assert any(p.startswith("20.1 The vessel is tight, staunch") for p in heads["20"].paragraphs), heads["20"]
    text = "\n".join(p for s in sections for p in s.paragraphs)
    assert not re.search(r"Clause (?:20|41\.[34]) \(", text), text  # (no clause cited as a term of another)
    numbers = _numbers(sections)
    assert numbers == sorted(numbers), [s.heading for s in sections]


def test_a_lease_extract_carries_the_clauses_its_title_names_under_the_numbers_the_points_give():
    # (fails before: there was no such laying; the points went under one 'Principal Terms' clause after rent review)
    from worldsmith.generators.kinds.document.contract import clause_sections
    from worldsmith.generators.kinds.document.points import _trailing
    from worldsmith.worlds.content import Section
    from worldsmith.worlds.plan import PlannedPoint

    title = "Lease of the 3rd and 4th floors, 14 Candlewick Street (extracts: repair, decoration, alterations, yield up)"
    sections = [Section(heading="Parties", paragraphs=["THIS LEASE is dated 25 June 2016 ..."]),
                Section(heading="1. Definitions and Interpretation",
                        paragraphs=['1.1 "Rent" means GBP 612,000 a year, as varied under clause 5.']),
                Section(heading="2. Grant", paragraphs=["2.1 The Landlord lets the Premises to the Tenant."]),
                Section(heading="3. Rent", paragraphs=["3.1 The Tenant shall pay the Rent quarterly in advance."]),
                Section(heading="4. Tenant's Covenants",
                        paragraphs=["4.1 The Tenant shall keep the Premises in good and substantial repair."]),
                Section(heading="5. Rent Review", paragraphs=["5.1 The Rent shall be reviewed on each Review Date."]),
                Section(heading="6. Governing Law and Jurisdiction", paragraphs=["6.1 English law governs."]),
                Section(heading="7. Schedule 1", paragraphs=["7.1 The Premises: the 3rd and 4th floors."]),
                Section(heading="Execution", paragraphs=["Executed as a deed ..."])]
    points = [PlannedPoint(heading="Clause 3.5 (repair)", text="keep the premises in good and substantial repair."),
              PlannedPoint(heading="Clause 3.14 (alterations and reinstatement)",
                           text="remove alterations and reinstate at the end of the term."),
              PlannedPoint(heading="Clause 3.21 (yield up)", text="yield up the premises at the end of the term."),
              PlannedPoint(heading="Term and rent", text="ten years from 25 June 2016.")]
    out, left, lost = clause_sections(sections, points, title, _trailing)
    heads = [s.heading for s in out]
    assert heads[0] == "Parties" and heads[-1] == "Execution", heads
    three = next(s for s in out if s.heading.startswith("3. "))
    assert three.heading == "3. Tenant's Covenants", heads
    assert [p.split(" ")[0] for p in three.paragraphs] == ["3.5", "3.14", "3.21"], three.paragraphs
    assert three.paragraphs[0] == "3.5 To keep the premises in good and substantial repair.", three.paragraphs
    text = "\n".join(p for s in out for p in s.paragraphs)
    # one repair covenant, under the number the schedule cites; no rent review boilerplate in a repair extract
    assert "shall keep the Premises" not in text and "reviewed on each Review Date" not in text, text
    assert "2. Grant" in heads and "1. Definitions and Interpretation" in heads, heads
    # the boilerplate numbered on after the cited clause, and no reference left pointing at another clause's number
    assert "4. Governing Law and Jurisdiction" in heads and "4.1 English law governs." in text, heads
    assert "as varied under the rent review provisions" in text, text
    # (a schedule is no clause: 'Schedule 1', not '5. Schedule 1')
    assert "Schedule 1" in heads and "The Premises: the 3rd and 4th floors." in text, heads
    assert [p.heading for p in left] == ["Term and rent"], left
    assert _numbers(out) == sorted(_numbers(out)), heads


def _facility_ctx():
    import datetime as dt
    from decimal import Decimal

    from tests.generators.context_fixture import document_context, fact, person
    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Money

    amount = fact("facility_amount", "Outstanding under the senior facilities agreement of 2022 are EUR 186,000,000.",
                  Money(amount=Decimal(186000000), currency="EUR"))
    orgs = [OrgRef(name="Banco Meridional, S.A.", role="client; facility agent, security agent and a lender under the "
                                                      "senior facilities agreement"),
            OrgRef(name="Alcaravan Hoteles, S.L.", role="the borrower; owner of fourteen hotels"),
            OrgRef(name="Banca Levantina, S.A.", role="a lender under the senior facilities agreement"),
            OrgRef(name="Olmedo Partners", role="financial adviser to the lenders"),
            OrgRef(name="Arrieta Abogados", role="counsel to the facility agent and security agent")]
    agent = person("agent_1", "Fabiola", "Bonilla", "Head of Agency", "Banco Meridional, S.A.", "meridional.example", "+34")
    cfo = person("cfo_2", "Carla", "Quintero", "Chief Financial Officer", "Alcaravan Hoteles, S.L.", "alc.example", "+34")
    ctx = document_context("agreement", 6, seed=3, facts=[amount])
    return ctx.model_copy(update={"organisations": orgs, "author": agent, "to": [cfo], "window_start": dt.date(2026, 3, 1),
                                  "spec": ctx.spec.model_copy(update={
                                      "title": "Senior Facilities Agreement (as amended): extracts on covenants",
                                      "purpose": "The clauses of the 2022 facilities agreement, as provided by the agent.",
                                      "date": dt.date(2026, 3, 4)})})


def test_a_facilities_agreement_is_dated_in_the_year_the_matter_names_it_by_and_signed_by_each_lender():
    # (fails before: 'dated 9 December 2025' for 'the 2022 facilities agreement', three weeks before the covenant it
    # sets was breached; signed by the agent and the borrower only)
    from worldsmith.generators.compose.substance.agreement import executed_on, syndicate

    ctx = _facility_ctx()
    assert executed_on(ctx).year == 2022, executed_on(ctx)
    lenders, security = syndicate(ctx, "Banco Meridional, S.A.", "Alcaravan Hoteles, S.L.")
    assert lenders == ["Banco Meridional, S.A.", "Banca Levantina, S.A."] and security == "Banco Meridional, S.A."
    from worldsmith.generators.kinds.document.compose import compose_document

    doc = compose_document(ctx)
    text = "\n".join(p for s in doc.sections for p in s.paragraphs)
    assert "Signed for and on behalf of Banca Levantina, S.A. (as Original Lender):" in text, text
    assert "(as Security Agent)" in text and "Olmedo Partners (as" not in text, text


def test_a_restructuring_plan_lists_its_affected_creditors_by_class_under_its_law_and_cites_no_working_file():
    # (fails before: blind read 36, file 20, 'a one-page summary, not a TRLC plan. It has no creditor list ... It cites
    # the lenders' counsel's term sheet in a "Source" table and says "as the papers stand"')
    import datetime as dt
    from decimal import Decimal

    from tests.generators.context_fixture import document_context, fact, person
    from worldsmith.generators.context import OrgRef
    from worldsmith.generators.kinds.document.compose import compose_document
    from worldsmith.worlds.values import Money, Percent

    owed = fact("facility_amount", "Outstanding under the senior facilities agreement of 2022 are EUR 186,000,000, "
                "secured by mortgages over the hotels.", Money(amount=Decimal(186000000), currency="EUR"))
    owed = owed.model_copy(update={"label": "outstanding senior facilities", "establish": False})
    margin = fact("opening_margin", "The amend-and-extend term sheet of 13 May 2026 sets a margin opening at 4.25%.",
                  Percent(value=Decimal("4.25"))).model_copy(update={"label": "opening margin", "establish": False})
    orgs = [OrgRef(name="Banco Meridional, S.A.", role="client; facility agent and a lender under the facilities"),
            OrgRef(name="Alcaravan Hoteles, S.L.", role="the borrower"),
            OrgRef(name="Nordhavn Credit Partners", role="a lender under the senior facilities agreement"),
            OrgRef(name="Olmedo Partners", role="financial adviser to the lenders"),
            OrgRef(name="Vidal Abogados", role="counsel to the borrower")]
    writer = person("bc_1", "Rosa", "Martinez", "Partner", "Vidal Abogados", "vidal.example", "+34")
    ctx = document_context("plan", 6, seed=5, facts=[owed, margin])
    ctx = ctx.model_copy(update={"organisations": orgs, "author": writer, "locale": "es_ES",
                                 "spec": ctx.spec.model_copy(update={"title": "Restructuring plan: Alcaravan Hoteles, S.L.",
                                                                     "date": dt.date(2026, 6, 1)})})
    doc = compose_document(ctx)
    text = "\n".join(p for s in doc.sections for p in s.paragraphs)
    assert re.search(r"Class 1, secured financial creditors: .*Banco Meridional, S\.A\. and Nordhavn Credit Partners, "
                     r"with claims of EUR 186,000,000 in aggregate", text), text
    assert "Olmedo" not in text and "article 623 TRLC" in text and "article 629 TRLC" in text, text
    assert not any(s.table is not None and "Source" in s.table.columns for s in doc.sections), doc.sections
    assert "papers stand" not in text.lower() and "documents stand" not in text.lower(), text


def test_a_us_engagement_letter_limits_liability_in_us_words():
    # (fails before: blind read 36, file 19, 'The liability wording is UK style ("save for ... wilful default")' in a
    # Boston audit firm's letter)
    from types import SimpleNamespace

    from worldsmith.generators.compose.substance.letters import engagement_terms

    for family in ("legal", "accounting", "advisory"):
        us = engagement_terms(SimpleNamespace(locale="en_US", voice=SimpleNamespace(family=family)), "Nimbusgate")
        assert "willful misconduct" in us and "wilful default" not in us and "save for" not in us, us
        gb = engagement_terms(SimpleNamespace(locale="en_GB", voice=SimpleNamespace(family=family)), "Norbury")
        assert "wilful default" in gb, gb


def test_an_engagement_scope_of_one_item_is_no_lettered_list():
    # (fails before: blind read 36, file 19, 'Scope clause 6 is spliced in: item "(a)" ... with no (b)')
    from decimal import Decimal

    from tests.generators.context_fixture import document_context, fact
    from worldsmith.generators.compose.bank import picker_for
    from worldsmith.generators.compose.substance.letters import engagement_scope
    from worldsmith.worlds.values import Money

    opening = fact("opening_deferred", "Opening deferred revenue is USD 41,250,000.",
                   Money(amount=Decimal(41250000), currency="USD")).model_copy(update={"label": "opening deferred revenue"})
    ctx = document_context("letter", 5, seed=4, facts=[opening])
    rows = engagement_scope(picker_for(ctx), ctx, "the FY2025 audit", "Nimbusgate")
    assert "The work covers: opening deferred revenue (USD 41,250,000)" in rows[0] and "(a)" not in rows[0], rows


def test_an_amend_and_extend_term_sheet_has_its_own_conditions_and_each_term_under_its_head():
    # (fails before: blind read 36, file 15, '"The timetable below" is followed by nothing. The CPs are boilerplate for
    # a "first utilisation" that an amend-and-extend does not have, and maturity, margin, reset and cash sweep all sit
    # under the CP heading')
    from tests.generators.context_fixture import document_context
    from worldsmith.generators.kinds.document.compose import compose_document
    from worldsmith.generators.kinds.document.points import with_points
    from worldsmith.worlds.plan import PlannedPoint

    ctx = _facility_ctx()
    points = [PlannedPoint(heading="Maturity", text="extended from 30 June 2027 to 30 June 2030."),
              PlannedPoint(heading="Margin", text="a grid on net leverage, opening at 4.25% a year."),
              PlannedPoint(heading="Covenant reset", text="net leverage of no more than 7.50x at 30 September 2026."),
              PlannedPoint(heading="Conditions", text="board approvals and the independent business review.")]
    from worldsmith.generators.context import CitedFigure

    sheet = CitedFigure(sheet="Net leverage recalculation", fact="net_leverage", label="net leverage", text="7.25x")
    spec = document_context("term sheet", 7, seed=3).spec.model_copy(update={
        "title": "Amend-and-extend term sheet: senior facilities", "facts": ctx.spec.facts, "points": points,
        "date": ctx.spec.date})
    ctx = ctx.model_copy(update={"cited_figures": [sheet], "spec": spec})
    doc = with_points(compose_document(ctx), ctx)
    under = {s.heading: "\n".join(s.paragraphs) for s in doc.sections}
    text = "\n".join(under.values())
    assert "First utilisation" not in text and "timetable below" not in text, text
    where = {p.heading: next(h for h, t in under.items() if p.text in t) for p in points}
    assert "Pricing" in where["Margin"] and "Covenant" in where["Covenant reset"], where
    assert "Condition" not in where["Maturity"], where
    # (nor does it quote a working sheet: 'A "Source" table cites the agent's own spreadsheets')
    assert "Net leverage recalculation" not in text and "7.25x" not in text, text
    assert not any(s.table is not None and "Source" in s.table.columns for s in doc.sections), doc.sections


def test_a_settlement_of_a_claim_never_issued_recites_a_claim_not_proceedings():
    # (fails before: blind read 36's dilapidations claim, settled under the Protocol before any issue, was recited as
    # 'Corvane Estates (Candlewick) Limited brought proceeding against Halberd Analytics Limited (the Proceeding)')
    from tests.generators.context_fixture import document_context
    from worldsmith.generators.compose.substance.settlement import settlement_bodies

    ctx = document_context("agreement", 6, seed=2, facts=[])
    ctx = ctx.model_copy(update={
        "world_title": "Corvane Estates v Halberd Analytics: terminal dilapidations",
        "world_summary": "Corvane Estates claims terminal dilapidations from its former tenant under the Pre-Action "
                         "Protocol; the parties settle at a without-prejudice meeting.",
        "spec": ctx.spec.model_copy(update={"title": "Settlement agreement: dilapidations claim, 14 Candlewick Street"})})
    _, bodies = settlement_bodies(ctx, "Corvane Estates (Candlewick) Limited", "Halberd Analytics Limited",
                                  ("Landlord", "Tenant"))
    recitals = " ".join(bodies[1])
    assert "(A) Corvane Estates (Candlewick) Limited has made a dilapidations claim against Halberd Analytics Limited " \
           "in respect of 14 Candlewick Street (the Claim)." in recitals, recitals
    assert "Proceeding" not in recitals, recitals
    # a claim before a court stays a proceeding
    court = ctx.model_copy(update={"world_summary": ctx.world_summary + " Corvane issued proceedings in the County "
                                                                         "Court at Central London."})
    assert "(the Proceeding)" in " ".join(settlement_bodies(court, "Corvane Estates (Candlewick) Limited",
                                                            "Halberd Analytics Limited", ("Landlord", "Tenant"))[1][1])


def test_an_acting_paper_drops_the_papers_hedges():
    # (fails before: blind read 36, 'As the documents stand, Clause 22.2(a) requires' in a facilities agreement, and 'On
    # the papers reviewed, the amend-and-extend term sheet ...' in a restructuring plan)
    from worldsmith.generators.compose.facts import as_letter

    assert as_letter("As the documents stand, Clause 22.2(a) requires 5.5x.") == "Clause 22.2(a) requires 5.5x."
    assert as_letter("As the papers stand, the fee is EUR 465,000.") == "The fee is EUR 465,000."
    assert as_letter("On the papers reviewed, the term sheet sets 4.25%.") == "The term sheet sets 4.25%."
