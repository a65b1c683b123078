"""A paper never argues a clause of the world summary that only a later paper, message or fact tells (issue 17, an
unseen royalty-audit outline: a superseded draft of 6 March said 'Wabigoon accepts the transport finding and rejects
the refining one', which the operator's answer of 24 April says)."""

from __future__ import annotations

import datetime as dt

from tests.generators.planned import planned
from worldsmith.generators.compose.substance.story import argued, told_later
from worldsmith.generators.context import artifact_day, build_context

CLAUSE = "The board decides to take the equity cure rather than the waiver offered by the lenders"


def test_a_paper_never_argues_what_only_a_later_paper_tells():
    plan, taxonomy = planned("covenant-breach", 0)
    plan.summary += f" {CLAUSE}."  # the board's minutes of 25 August say it
    memo = plan.artifact("memo_re_the_june_30_leverage_tes")  # of 12 August, on 'the cure and waiver options'
    assert CLAUSE in told_later(plan, artifact_day(memo))
    assert CLAUSE not in told_later(plan, dt.date(2026, 8, 26))
    memo.cites = []  # (the sheets it cites are not made here)
    ctx = build_context(plan, taxonomy, memo, {})
    assert not [s for s in argued(ctx) if "rather than the waiver" in s]
    # the same clause is argued once it is told: the engine still reuses the summary's words
    ctx.told_later = []
    assert [s for s in argued(ctx) if "rather than the waiver" in s]
