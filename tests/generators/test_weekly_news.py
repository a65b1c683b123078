"""mail15 brief (blind read 37, unseen outlines): "the client status notes restate the cap and threshold every time"; a
later note of a weekly series restates a figure only when it is news that week."""

import pytest

from tests.generators.context_fixture import CAP, RATE, RUTH, email_context
from worldsmith.generators.kinds.email.compose import compose_email


def _note(n: int, fresh: bool, seed: int) -> str:
    facts = [CAP.model_copy(update={"fresh": fresh}), RATE.model_copy(update={"fresh": fresh})]
    ctx = email_context("new", seed=seed, facts=facts, to=[RUTH])
    spec = ctx.spec.model_copy(update={"item": f"weekly_status_{n}"})
    return compose_email(ctx.model_copy(update={"spec": spec, "week": [],
                                                "thread_labels": ["the liability cap"]})).body


@pytest.mark.xfail(reason="14e2b11d undone: the planner deals every carried fact to each note (planned_fact_present at --scale 80)", strict=True)
def test_a_later_weekly_note_restates_a_figure_only_when_it_is_news_that_week():
    for seed in range(8):
        stale = _note(3, False, seed)
        assert CAP.text not in stale and RATE.text not in stale, stale
        # (the series' first note sets them out; a later one whose week brought them tells them)
        assert CAP.text in _note(1, False, seed) and CAP.text in _note(3, True, seed)


def test_a_deadline_a_standstill_holds_off_is_no_longer_counted_down():
    # (mail15 brief, blind read 37: a May 6 status note counted down a cure deadline that an April 9 standstill had
    # already suspended)
    import datetime as dt
    from types import SimpleNamespace

    from worldsmith.generators.week import suspended_by
    from worldsmith.worlds.plan import LedgerFact
    from worldsmith.worlds.values import DateValue

    def fact(fid, statement, day, label, known=None):
        return LedgerFact(id=fid, statement=statement, value=DateValue(value=day), text=day.strftime("%B %-d, %Y"),
                          label=label, known_from=known)

    cure = fact("cure", "The borrower must cure the breach by May 20, 2026.", dt.date(2026, 5, 20), "cure deadline")
    signing = fact("sign", "Signing is targeted for May 20, 2026.", dt.date(2026, 5, 20), "signing deadline")
    standstill = fact("still", "Under the standstill agreed on April 9, 2026 the lenders will not enforce until July "
                      "31, 2026.", dt.date(2026, 7, 31), "standstill end date", dt.date(2026, 4, 9))
    short = standstill.model_copy(update={"id": "short", "value": DateValue(value=dt.date(2026, 5, 1))})
    assert suspended_by(SimpleNamespace(facts=[cure, signing, standstill]), cure, dt.date(2026, 5, 6))
    assert not suspended_by(SimpleNamespace(facts=[cure, signing, standstill]), cure, dt.date(2026, 4, 8))  # not yet
    assert not suspended_by(SimpleNamespace(facts=[cure, signing, standstill]), signing, dt.date(2026, 5, 6))
    assert not suspended_by(SimpleNamespace(facts=[cure, short]), cure, dt.date(2026, 5, 6))  # ends before it


def test_a_point_that_opens_with_its_acknowledgement_takes_no_second_one():
    # (mail15 brief, blind read 37: a reply opened "Understood, Jaime. / Understood: ...")
    import re

    from tests.generators.context_fixture import SAM
    from worldsmith.generators.kinds.email.pointed import point_email

    for seed in range(12):
        for point, beat in (("Understood: the standstill runs to 31 July.", "noted"),
                            ("Thanks. The fee is payable on signing.", "answer")):
            ctx = email_context("reply", seed=seed, facts=[], to=[SAM])
            ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"point": point, "beat": beat})})
            body = point_email(ctx).body
            assert point in body, body
            assert not re.search(r"(?i)\b(?:noted|understood|thanks|thank you),? sam\b", body), body


def test_a_figure_a_coming_paper_will_set_out_is_a_clause_not_hung_on_its_step():
    # (mail15 brief, blind read 37: a to-do "settle the notice of breach by ..., on the audit cost of USD 148,500")
    import datetime as dt
    import re

    from tests.generators.context_fixture import SAM
    from worldsmith.generators.context import PaperDue

    seen = 0
    for seed in range(8):
        ctx = email_context("new", seed=seed, facts=[CAP.model_copy(update={"label": "the liability cap"})], to=[SAM])
        paper = PaperDue(title="Notice of breach", by="Sam", day=ctx.spec.sent_at.date() + dt.timedelta(days=4),
                         facts=[CAP.id])
        body = compose_email(ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"item": "weekly_status_1"}),
                                                    "week": [], "coming_papers": [paper]})).body
        step = next((x for x in body.splitlines() if "otice of breach" in x), "")
        if CAP.text in step:
            seen += 1
            assert not re.search(r", on (?:the )?[a-z ]+ of " + re.escape(CAP.text), step), step
            assert "will set out" in step, step
    assert seen


def test_the_first_note_of_a_series_is_never_quiet_since_a_last_note():
    # (a quiet first note said "no developments since the last note" of a series that had none)
    import re

    for seed in range(12):
        ctx = email_context("new", seed=seed, facts=[], to=[RUTH])
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"item": "weekly_status_1"}), "week": [],
                                     "thread_labels": ["the liability cap"]})
        body = compose_email(ctx).body
        assert not re.search(r"(?i)since (?:the )?last(?: week's)? note", body), body
