"""Issue 17 (mail6, read 30's "does not do its job"): a thread's last word that only closes a point ("No more from us
on the hull.", "Fine on the interest accrued to the demand. I will put it on the list on the Thursday call.") says
what comes next from its writer and by when, in place of any promise to file the message away."""

from __future__ import annotations

import datetime as dt

from tests.generators.context_fixture import DANA, SAM, email_context
from worldsmith.generators.context import PaperDue
from worldsmith.generators.kinds.email.compose import _with_next, closes_on_nothing
from worldsmith.worlds.content import EmailContent


def test_a_last_word_that_closes_on_nothing_says_what_comes_next_and_by_when():
    ctx = email_context("reply", facts=[], to=[SAM])
    ctx = ctx.model_copy(update={"author": DANA, "parent_author": SAM, "next_beat": "",
                                 "parent": EmailContent(subject="Hull", body="Sam's note.\n\nSam"),
                                 "coming_papers": [PaperDue(title="Memo: the force majeure count", by="Dana",
                                                            day=ctx.spec.sent_at.date() + dt.timedelta(days=3))]})
    for said in ("No more from us on the hull.\n\nDana\n", "Fine on the waiver fee. I will put it on the list on "
                                                            "the Thursday call.\n\nDana\n"):
        assert closes_on_nothing(ctx, said)
        out = _with_next(ctx, said)
        assert "force majeure count" in out and "Thursday call" not in out, out
    assert not closes_on_nothing(ctx, "Fine on the fee. Can you send the invoice by Friday?\n\nDana\n")
