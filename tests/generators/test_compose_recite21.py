"""People argue; they do not recite formulas and sources (issue 17, read 21: 59 of 163 accepted, the commonest
complaint in all six worlds). A limit is said as a limit ("the accrued LDs, capped at USD 1,230,000"), never "the
lesser of the liquidated damages accrued and the liquidated damages cap"; a figure's working is stated once a thread
and never to those who made it ("The client walks counsel through counsel's own arithmetic"); a note does not say
of figure after figure that it has not moved ("It last moved on May 12 ... Unchanged since May 12 ... It has stood at
that since May 12")."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from tests.generators.context_fixture import DANA, RUTH, email_context, fact
from worldsmith.generators.compose.advice import substance
from worldsmith.generators.compose.bank import picker_for
from worldsmith.generators.compose.facts import limit_words
from worldsmith.generators.context import InputRef, OrgRef, ThreadMessage
from worldsmith.worlds.values import Money, Number

ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
        OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True),
        OrgRef(name="Tresco Lines plc", role="claimant; the cargo owners", privileged=False)]

# a lesser-of worked out in the adviser's own memo, with its two inputs
PAYABLE = fact("payable", "The damages payable are the lesser of the damages accrued and the cap.",
               Money(amount=Decimal("1230000"), currency="USD")).model_copy(update=dict(
    label="the damages payable", reason="the lesser of the damages accrued and the cap",
    source='the "Damages payable" line of the Damages sheet', source_day=dt.date(2025, 2, 27),
    since=dt.date(2025, 2, 26),
    working="the lesser of the damages accrued of USD 1,360,000 and the cap of USD 1,230,000",
    paper="Memo re damages: Corvale cargo claim", paper_by="Harrow Vane LLP", paper_day=dt.date(2025, 2, 28),
    inputs=[InputRef(label="the damages accrued", text="USD 1,360,000", since=dt.date(2025, 2, 20),
                     by="Harrow Vane LLP"),
            InputRef(label="the cap", text="USD 1,230,000", since=dt.date(2025, 1, 6), by="Harrow Vane LLP",
                     source='the "Cap" line of the Damages sheet')]))
RECITED = re.compile(r"the (?:lesser|greater) of|capped at|subject to the cap|on the record|Each input|"
                     r"moves with it|the arithmetic", re.I)


def test_a_limit_is_said_as_a_limit_and_a_floor_as_a_floor():
    assert limit_words(PAYABLE.working) == "the damages accrued of USD 1,360,000, capped at USD 1,230,000 by the cap"
    assert limit_words(PAYABLE.reason) == "the damages accrued, subject to the cap"
    assert limit_words("the greater of the per-ton limit times the tonnage and the limit floor") == \
        "the per-ton limit times the tonnage or, if higher, the limit floor"
    # (a label with 'and' in it stays whole; any other working is left as it is)
    assert limit_words("the lesser of the costs and expenses and the cap") == "the costs and expenses, subject to the cap"
    assert limit_words("the audited sales less the reported sales") == "the audited sales less the reported sales"


def _client_to_counsel(seed: int):
    ctx = email_context("new", seed=seed, facts=[PAYABLE], to=[DANA])
    return ctx.model_copy(update={"organisations": ORGS, "author": RUTH})


def test_the_client_does_not_walk_counsel_through_counsels_own_working():
    for seed in range(20):
        ctx = _client_to_counsel(seed)
        text = "\n".join(substance(picker_for(ctx), ctx, client=False))
        assert PAYABLE.text in text, text
        assert not RECITED.search(text), text
        assert "USD 1,360,000" not in text, text  # nor its inputs traced back to their makers
        assert "your memo on damages" in text, text


def test_a_working_the_thread_has_already_stated_is_not_stated_again():
    said = ThreadMessage(sender="Sam Lindqvist", sent="2025-03-01T10:00:00+00:00",
                         body="We have the damages payable at USD 1,230,000, that is the damages accrued of USD "
                              "1,360,000, capped at USD\n> 1,230,000 by the cap.")
    for seed in range(20):
        ctx = email_context("new", seed=seed, facts=[PAYABLE], to=[RUTH])
        ctx = ctx.model_copy(update={"organisations": ORGS, "thread": [said]})
        text = "\n".join(substance(picker_for(ctx), ctx))
        assert PAYABLE.text in text, text
        assert not RECITED.search(text), text
        # the first message of the thread states it, once
        fresh = ctx.model_copy(update={"thread": []})
        assert "capped at USD 1,230,000" in "\n".join(substance(picker_for(fresh), fresh))


def test_a_note_says_once_that_its_figures_have_not_moved():
    since = dt.date(2025, 2, 12)
    figures = [fact(k, f"The {k} for the claim.", Number(value=Decimal(n), unit="days")).model_copy(update=dict(
        label=f"the {k}", since=since, paper=f"Report on the {k}", paper_by="Tresco Lines plc",
        paper_day=since)) for k, n in (("delay days", "16"), ("idle days", "9"), ("repair days", "21"))]
    still = re.compile(r"since February 12|(?:last (?:moved|set|changed)|was last \w+) on February 12", re.I)
    for seed in range(30):
        ctx = email_context("new", seed=seed, facts=figures, to=[RUTH]).model_copy(update={"organisations": ORGS})
        text = "\n".join(substance(picker_for(ctx), ctx))
        assert len(still.findall(text)) <= 1, text


def test_a_weekly_note_names_the_event_of_a_day_gone_by_not_its_label():
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.week import note_lines
    from worldsmith.generators.week import WeekEvent

    # "The audit report date went by 3 days ago, on May 12, 2026." (read 21): the event, on its weekday
    report = WeekEvent(what="passed", day=dt.date(2026, 5, 12), fact="audit_report_date", label="the audit report date",
                       type="date", text="May 12, 2026")
    # a deadline gone by is still the deadline that passed
    cure = WeekEvent(what="passed", day=dt.date(2026, 5, 13), fact="cure_deadline", label="the cure deadline",
                     type="date", text="May 13, 2026")
    for seed in range(20):
        first, second = note_lines(Picker(seed), [report, cure], dt.date(2026, 5, 15), "en_US", set())
        assert "the audit report date" not in first.lower() and "went by" not in first, first
        assert re.search(r"\bthe audit report was on Tuesday, May 12, 2026|had the audit report on Tuesday", first, re.I), first
        assert "cure deadline" in second and "went by" not in second, second



def test_a_challenge_and_its_answer_are_argued_not_recited_from_stock():
    # "Brackwater Builders Inc. is unlikely to take issue with the sum itself. Any ground it has goes to the liquidated
    # damages accrued and the liquidated damages cap: move one of those and the liquidated damages payable moves with
    # it."; "Our answer is the record:" before every input and its source (read 21)
    payable = PAYABLE.model_copy(update=dict(paper_by="", paper="", inputs=[
        i.model_copy(update=dict(by="")) for i in PAYABLE.inputs]))
    for seed in range(60):
        ctx = email_context("new", seed=seed, facts=[payable], to=[RUTH]).model_copy(update={"organisations": ORGS})
        text = "\n".join(substance(picker_for(ctx), ctx))
        assert PAYABLE.text in text, text
        assert not re.search(r"moves with it|Our answer is the record", text), text
