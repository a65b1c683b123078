"""A borrower's compliance certificate is an officer's certificate of the covenant figures, not a guaranty (read 17)."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from tests.generators.context_fixture import document_context, fact
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import DateValue, Money, Number


def test_a_compliance_certificate_certifies_the_covenant_and_says_whether_it_is_met():
    # read 17, an unseen covenant-breach outline: 'the amount of financial responsibility evidenced is USD
    # 166,500,000. It continues in effect until cancelled on written notice.'
    ratio = fact("leverage_ratio", "The total net leverage ratio is 3.70x.", Number(value=Decimal("3.7"), unit="x"))
    ratio = ratio.model_copy(update={"label": "total net leverage ratio"})
    cap = fact("max_leverage", "Section 7.11 caps leverage at 3.50x.", Number(value=Decimal("3.5"), unit="x"))
    cap = cap.model_copy(update={"label": "maximum total net leverage ratio"})
    debt = fact("net_debt", "Total net debt is USD 166,500,000 under the credit agreement of March 15, 2024.",
                Money(amount=Decimal("166500000"), currency="USD")).model_copy(update={"label": "total net debt"})
    test = fact("test_date", "The covenant is tested on June 30, 2026.", DateValue(value=dt.date(2026, 6, 30)))
    test = test.model_copy(update={"label": "covenant test date"})
    ctx = document_context("certificate", sections=4, facts=[test, debt, ratio, cap])
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "title": "Compliance certificate for the fiscal quarter ended June 30, 2026"})})
    doc = compose_document(ctx)
    text = "\n".join([s.heading + "\n" + "\n".join(s.paragraphs) for s in doc.sections])
    assert "financial responsibility" not in text and "cancelled" not in text, text
    assert "certifies in that capacity and not personally" in text and "credit agreement of March 15, 2024" in text
    assert re.search(r"3\.7x is above (?:the )?maximum total net leverage ratio of 3\.5x", text, re.I), text
    assert "not in compliance" in text
    assert "June 30, 2026" in text and "Signed for and on behalf of" in text


def test_a_compliance_certificate_is_addressed_names_its_agreement_and_has_a_line_for_each_officer_it_says_signs():
    # blind read 36, file 16: 'It certifies "under the agreement under which it is delivered" and never names the SFA.
    # It has no To/From/Dated block ... says it is "Signed by the CFO and the CEO" but has only a CFO line. The
    # "Substance" section repeats the computation.'
    from tests.generators.context_fixture import person
    from worldsmith.generators.context import OrgRef
    from worldsmith.generators.kinds.document.points import with_points
    from worldsmith.worlds.plan import PlannedPoint

    ratio = fact("net_leverage", "Net leverage at 31 December 2025 is 7.25x.", Number(value=Decimal("7.25"), unit="x"))
    ratio = ratio.model_copy(update={"label": "net leverage"})
    cap = fact("leverage_covenant", "Clause 22.2(a) requires net leverage to be no more than 5.50x.",
               Number(value=Decimal("5.5"), unit="x")).model_copy(update={"label": "net leverage covenant"})
    cfo = person("cfo_9", "Carla", "Quintero", "Chief Financial Officer", "Alcaravan Hoteles, S.L.", "alc.example", "+34")
    agent = person("agent_9", "Fabia", "Bonilla", "Head of Agency", "Banco Meridional, S.A.", "bm.example", "+34")
    ctx = document_context("certificate", sections=4, facts=[ratio, cap])
    points = [PlannedPoint(heading="Net leverage", text="7.25x; the ratio required by clause 22.2(a) is 5.5x, so the "
                                                        "covenant is not met."),
              PlannedPoint(text="Signed by the Chief Financial Officer and the Chief Executive Officer.")]
    ctx = ctx.model_copy(update={
        "author": cfo, "to": [agent], "world_summary": "Alcaravan owes EUR 186,000,000 under a senior facilities "
                                                       "agreement agented by Banco Meridional, S.A.",
        "organisations": [OrgRef(name="Banco Meridional, S.A.", role="client; facility agent and a lender"),
                          OrgRef(name="Alcaravan Hoteles, S.L.", role="the borrower")],
        "spec": ctx.spec.model_copy(update={"title": "Compliance certificate: test date 31 December 2025",
                                            "author": "cfo_9", "points": points})})
    doc = with_points(compose_document(ctx), ctx)
    text = "\n".join([s.heading + "\n" + "\n".join(s.paragraphs) for s in doc.sections])
    assert "To: Banco Meridional, S.A. as Agent\nFrom: Alcaravan Hoteles, S.L.\nDated: " in text, text
    assert "We refer to the senior facilities agreement between, among others, Alcaravan Hoteles, S.L. as borrower" \
        in text and "under which it is delivered" not in text, text
    signed = [p for s in doc.sections for p in s.paragraphs if p.startswith("Signed for and on behalf of")]
    assert len(signed) == 2 and "Chief Executive Officer" in signed[1], signed
    assert text.count("the ratio required by clause 22.2(a)") == 1 and "Substance" not in text, text


def test_a_withdrawn_certificate_states_what_it_added_back_not_that_it_was_outside_the_definition():
    # blind read 36, file 18: 'The CFO certifies compliance and, in the same breath, says her figure "adds back ...
    # outside the Consolidated EBITDA definition"'
    from worldsmith.generators.compose.substance.drafts import draft_basis

    ctx = document_context("certificate", sections=4, distractor_label=(
        "superseded compliance certificate of 3 March 2026: added back pre-opening costs and run-rate savings outside "
        "the Consolidated EBITDA definition; replaced by the corrected certificate of 16 March 2026"))
    assert draft_basis(ctx)[1] == "That figure adds back pre-opening costs and run-rate savings.", draft_basis(ctx)
