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
