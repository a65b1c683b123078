"""Nothing is dated before what it mentions (blind read 30): an instrument carries the one date the matter gives it,
whatever words its name runs on with and whatever verb gives that date."""

from __future__ import annotations

import datetime as dt

from tests.generators.context_fixture import document_context
from worldsmith.generators.compose.substance.agreement import executed_on, stated_in


def test_an_instrument_is_dated_by_the_day_the_matter_says_it_was_issued():
    # blind read 30: a refund guarantee the facts say was issued on March 8, 2024, 'dated 19 August 2026' (the day the
    # copy reached the bank), and a contract 'for Hull No. ...' dated 22 January in its text and 28 February (as the
    # facts give it) in the credit review beside it
    facts = ["The bank issued Performance Bond No. PB-77 in favour of the employer on March 8, 2024."]
    assert stated_in("Performance Bond No. PB-77", facts) == dt.date(2024, 3, 8)
    assert stated_in("Supply Contract for Lot No. 4: extract", ["Lot No. 4 is sold under the supply contract of "
                                                                "February 28, 2024."]) == dt.date(2024, 2, 28)
    # what was signed under the instrument is not the instrument
    assert stated_in("Supply Agreement", ["The buyer signed the order under the Supply Agreement on March 8, 2024."]) \
        is None
    ctx = document_context("agreement")
    spec = ctx.spec.model_copy(update={"title": "Performance Bond No. PB-77", "purpose": "The bond as issued.",
                                       "date": dt.date(2026, 8, 19)})
    ctx = ctx.model_copy(update={"spec": spec, "window_start": dt.date(2026, 8, 3), "world_summary": facts[0]})
    assert executed_on(ctx) == dt.date(2024, 3, 8)


def test_a_mexican_matter_keeps_holy_thursday_and_good_friday():
    # blind read 30: 'weekly' calls and a client call on Good Friday in a Mexican tax matter whose memo counts the
    # SAT's Holy Week closure; the statutory list the holidays package keeps for Mexico has neither day
    from worldsmith.worlds.public_holidays import matter_holidays

    off = matter_holidays("America/Mexico_City", "es_MX", dt.date(2026, 3, 1), dt.date(2027, 4, 30))
    assert {dt.date(2026, 4, 2), dt.date(2026, 4, 3), dt.date(2027, 3, 25), dt.date(2027, 3, 26)} <= set(off)
    assert dt.date(2026, 4, 6) not in off  # Easter Monday is a working day there


def test_minutes_speak_of_the_meeting_on_the_day_their_title_names_in_any_language():
    # blind read 30: 'Procès-verbal de la réunion du CSE du 15 septembre 2026', written up on 17 September, spoke of
    # 'the meeting on 17 September': the title's French month was not read, so the meeting took the paper's date
    from worldsmith.generators.compose.substance.common import meeting_day

    ctx = document_context("minutes")
    for title, held in [("Proces-verbal de la reunion 1 du CSE du 3 mars 2025", dt.date(2025, 3, 3)),
                        ("Acta de la sesion del consejo del 3 de marzo de 2025", dt.date(2025, 3, 3)),
                        ("Protokoll der Sitzung vom 4. März 2025", dt.date(2025, 3, 4)),
                        ("Minutes - Kick-off call, March 3", dt.date(2025, 3, 3))]:
        spec = ctx.spec.model_copy(update={"title": title, "date": dt.date(2025, 3, 5)})
        assert meeting_day(ctx.model_copy(update={"spec": spec})) == held, title


def test_views_are_asked_for_before_the_matters_deadline():
    # blind read 30: a memo of 14 September asked for views 'by Monday 21 September' on a guarantee the bank had to
    # pay under by the 18th, a deadline of the ledger the memo itself did not carry
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.genres import Writer

    ctx = document_context("memo", facts=[])  # dated Wednesday 5 March 2025
    writer = Writer(Picker(1), ctx.model_copy(update={"deadlines": [dt.date(2025, 3, 10), dt.date(2025, 6, 1)]}), {})
    assert writer.due(8) == dt.date(2025, 3, 7)
    assert Writer(Picker(1), ctx, {}).due(8) == dt.date(2025, 3, 17)


def test_a_length_of_months_is_not_listed_as_months_that_have_passed():
    # blind read 30: a 12-month redeployment leave, granted by a plan not yet validated, itemised in the outplacement
    # firm's report as 'November 2025; December 2025; ... October 2026', twelve months already past
    from decimal import Decimal

    from worldsmith.generators.context import FactRef
    from worldsmith.generators.compose.substance.report import counted_periods
    from worldsmith.worlds.values import Number

    leave = FactRef(id="leave", statement="The outplacement leave lasts 6 months for each employee who takes it.",
                    value=Number(value=Decimal(6), unit="months"), text="6 months", label="outplacement leave length")
    assert counted_periods(leave, dt.date(2027, 6, 1)) == []
    notice = leave.model_copy(update={"statement": "Either party may end the lease on three months' notice.",
                                      "label": "notice period", "value": Number(value=Decimal(3), unit="months")})
    assert counted_periods(notice, dt.date(2027, 6, 1)) == []
    missed = leave.model_copy(update={"statement": "The audit of the logs shows the target missed in two months.",
                                      "label": "months below the target", "value": Number(value=Decimal(2), unit="months")})
    assert counted_periods(missed, dt.date(2027, 2, 10)) == ["December 2026", "January 2027"]


def test_a_figure_fixed_on_a_day_is_not_sourced_to_a_later_paper():
    # blind read 30: 37 redeployment posts 'fixed on 8 October ... from DREETS's observations of 14 October' (a sheet
    # of 8 October had fixed them; the letter only repeated them)
    from tests.generators.plan_fixture import make_plan
    from worldsmith.generators.context import fact_inputs
    from worldsmith.worlds.plan import LedgerFact

    plan = make_plan()
    price = plan.fact("price").model_copy(update={"known_from": dt.date(2025, 3, 2)})  # the sheet's day; the memo is of 5 March
    total = LedgerFact(id="total", statement="The total is the price.", formula="price", value=price.value,
                       text=price.text, known_from=dt.date(2025, 3, 2))
    plan = plan.model_copy(update={"facts": [price, total]})
    (held,) = fact_inputs(plan, total, dt.date(2025, 3, 20))
    assert held.since == dt.date(2025, 3, 2)
    assert not held.paper or held.paper_day <= held.since, (held.paper, held.paper_day)
