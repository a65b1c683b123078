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
