"""A certificate that recurs through a matter is re-issued as real ones are: each issue names its number and the
issue it supersedes, so two issues of one day are not word for word alike (issue 22: eighty weekly COFR
confirmations at bench/long_matter.py --scale 80, seven pairs 100% alike)."""

from __future__ import annotations

from worldsmith.generators.compose.bank import picker_for
from worldsmith.generators.compose.substance.papers import certificate_bodies, certificate_plan
from tests.generators.context_fixture import document_context


def _issue(n: int) -> str:
    """Issue n of the fixture's certificate, every issue on the same day and from the same seed."""
    ctx = document_context("certificate", sections=3)
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"item": f"guaranty_cert_{n}",
                                                                      "id": f"guaranty_cert_{n}"})})
    bodies = certificate_bodies(picker_for(ctx), ctx, certificate_plan(3))
    return "\n".join(p for paras in bodies.values() for p in paras)


def test_issues_of_one_day_differ_and_say_which_issue_they_are():
    issues = {n: _issue(n) for n in range(1, 13)}
    assert len(set(issues.values())) == len(issues), "two issues of one day are word for word alike"
    for n, text in issues.items():
        if n > 1:
            assert f"no. {n}" in text and f"no. {n - 1}" in text, text
    assert "no. " not in issues[1]  # the first issue supersedes nothing


def test_a_vessel_cofr_guaranteed_by_a_club_shows_the_face_of_the_certificate():
    # blind read 8: "neither a COFR nor a guaranty: no certificate number, IMO number or validity dates"
    import datetime as dt
    import re

    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Text
    from tests.generators.context_fixture import CAP, fact

    vessel = fact("vessel", "The vessel is the M/T Corvale Star", Text(value="M/T Corvale Star"))
    vessel = vessel.model_copy(update={"label": "vessel"})
    ctx = document_context("certificate", sections=3, facts=[vessel, CAP])
    ctx = ctx.model_copy(update={
        "window_start": dt.date(2025, 3, 1),
        "organisations": [OrgRef(name="Harrow Vane LLP", role="P&I club and guarantor under the vessel's COFR",
                                 acts_for="Corvale Shipping Ltd")],
        "spec": ctx.spec.model_copy(update={"title": "Certificate of Financial Responsibility: M/T Corvale Star"})})
    text = "\n".join(p for ps in certificate_bodies(picker_for(ctx), ctx, certificate_plan(3)).values() for p in ps)
    assert re.search(r"Certificate No\.: \d\d-\d{5}$", text, re.M), text
    assert re.search(r"M/T Corvale Star, IMO No\. \d{7}", text)
    issued, expires = (dt.datetime.strptime(d, "%B %d, %Y").date()
                       for d in re.findall(r"(?:Issued|Expires): ([A-Z][a-z]+ \d+, \d{4})", text))
    assert issued < dt.date(2025, 3, 1) < expires  # in force through the matter
    assert "guarantor: Harrow Vane LLP" in text and "Issued to (operator): Corvale Shipping Ltd" in text
    assert CAP.text in text
