"""Blind red team 36 (kit36a/b/c) classes left after vfy13, each on a composed plan (no world made): a reconcile
answer's reason and conclusion held to the ledger, a review's source bracket, right answers written otherwise."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from types import SimpleNamespace as NS

from worldsmith.environments import governing_said
from worldsmith.environments.grade import _reasons_fit
from worldsmith.environments.tasks import Check

_LABEL = ("superseded compliance certificate of 3 March 2026: added back pre-opening costs and run-rate savings "
          "outside the Consolidated EBITDA definition; replaced by the corrected certificate of 16 March 2026")
_HEAD = "The net leverage that governs is 7.25x (EUR 174,000,000 / EUR 24,000,000). "


def _fact(fid, text, kind, value, label, statement="", unit=None, currency=None):
    v = NS(type=kind, value=value if kind != "money" else None, amount=value if kind == "money" else None,
           unit=unit, currency=currency)
    return NS(id=fid, text=text, value=v, label=label, statement=statement, earlier=[])


def _world():
    facts = [_fact("net_leverage", "7.25x", "number", Decimal("7.25"), "net leverage", unit="x",
                   statement="Net leverage at 31 December 2025 is EUR 174,000,000 / EUR 24,000,000 = 7.25x."),
             _fact("leverage_covenant", "5.5x", "number", Decimal("5.5"), "net leverage covenant", unit="x",
                   statement="Clause 22.2(a) requires net leverage on each quarterly test date to be no more than "
                             "5.50x; a breach is an Event of Default."),
             _fact("cash_balance", "EUR 12,000,000", "money", Decimal("12000000"), "cash at the test date",
                   currency="EUR")]
    people = [NS(role="borrower_cfo", name="Carlota Quintero"), NS(role="agent_head", name="Fabiola Bonilla")]
    papers = [NS(facts=["net_leverage"], author="borrower_cfo", date=date(2026, 3, 16), sent_at=None,
                 title="Compliance certificate: test date 31 December 2025 (corrected)")]
    plan = NS(facts=facts, distractors=[NS(text="5.4x", label=_LABEL, fact="net_leverage")], people=people,
              artifacts=papers, organisations=[])
    return NS(plan=plan, facts={f.id: f for f in facts}), facts[0]


_CHECK = Check(type="answer_mentions_set_aside", values=["5.4x"], numbers=[5.4], unit=None)


def test_a_superseded_figure_needs_some_word_of_what_it_was_or_why():
    # kit36c 254: 'The other figure is 5.4x.' beside the right figures scored 1
    world, _ = _world()
    session = NS(world=world)
    assert not _reasons_fit(_HEAD + "The other figure is 5.4x. Movement 1.85x.", _CHECK, session)
    assert _reasons_fit(_HEAD + "The other figure is 5.4x. Movement 1.85x.\nIt came from the withdrawn certificate.",
                        _CHECK, session)
    assert _reasons_fit(_HEAD + "Superseded: 5.4x (3 March 2026).", _CHECK, session)


def test_a_reason_put_on_the_paper_that_replaced_it_fails():
    # kit36c 255: '... no longer applies because the corrected certificate adds back pre-opening costs and run-rate
    # savings that the first certificate left out' scored 1
    world, _ = _world()
    session = NS(world=world)
    assert not _reasons_fit(_HEAD + "The other figure, 5.4x from 3 March 2026, no longer applies because the corrected "
                            "certificate adds back pre-opening costs and run-rate savings that the first certificate "
                            "left out.", _CHECK, session)
    assert _reasons_fit(_HEAD + "The 5.4x of 3 March 2026 was withdrawn because it added back pre-opening costs.",
                        _CHECK, session)
    assert _reasons_fit(_HEAD + "The 5.4x no longer applies because, unlike the corrected certificate, the first one "
                        "added back pre-opening costs.", _CHECK, session)


def test_a_standing_fact_set_aside_as_the_other_figure_fails():
    # kit36c 248: the 5.5x covenant named as the superseded figure scored 1
    world, _ = _world()
    session = NS(world=world)
    assert not _reasons_fit(_HEAD + "The other figure the room gives is 5.5x, which was the covenant level used in the "
                            "first certificate and no longer applies after the correction. Movement from 5.4x: 1.85x.",
                            _CHECK, session)
    assert _reasons_fit(_HEAD + "The withdrawn certificate showed 5.4x, inside the 5.5x covenant, only because it added "
                        "back pre-opening costs.", _CHECK, session)


def test_a_conclusion_or_a_paper_the_ledger_belies_fails():
    # kit36c 307, 324, 325: each 1.0 beside the right figures
    world, fact = _world()
    assert governing_said.complies_over_the_limit(
        "The net leverage that governs is 7.25x. On 7.25x the borrower is in compliance with the 5.5x covenant.",
        fact, world)
    assert not governing_said.complies_over_the_limit(
        "The net leverage that governs is 7.25x, in breach of the 5.5x covenant.", fact, world)
    assert governing_said.misattributes_the_paper(
        "The net leverage that governs is 7.25x (corrected certificate signed by Fabiola Bonilla of the agent on 20 "
        "March 2026).", fact, world)
    assert governing_said.misattributes_the_paper(
        "The net leverage that governs is 7.25x (corrected certificate of 20 March 2026).", fact, world)
    assert not governing_said.misattributes_the_paper(
        "The net leverage that governs is 7.25x (corrected certificate signed by Carlota Quintero on 16 March 2026).",
        fact, world)
    assert governing_said.working_wrong("It is 7.25x: Consolidated Net Debt of EUR 174,000,000 (EUR 186,000,000 "
                                        "less cash of EUR 14,400,000) over EUR 24,000,000.")
    assert not governing_said.working_wrong("It is 7.25x: Consolidated Net Debt of EUR 174,000,000 (EUR 186,000,000 "
                                            "less cash of EUR 12,000,000) over EUR 24,000,000.")
    assert not governing_said.working_wrong("Governs: 7.25x = EUR 174m / EUR 24m (EUR 186m facilities less EUR 12m "
                                            "cash; corrected certificate 16 March 2026).")


def test_right_form_fields_written_otherwise_pass():
    # kit36b 135, 186 and kit36c 155: 'USD 8.065e7', 'one quarter' for 3 months, 'the net leverage, 7.25x' (0.4-0.86)
    from worldsmith.environments.forms import field_holds

    amount = Check(type="answer_field", a_words=["Answer"], values=["USD 80,650,000"], expect="amount")
    assert field_holds("Answer: USD 8.065e7", amount)
    assert not field_holds("Answer: USD 8.066e7", amount)
    months = Check(type="answer_field", a_words=["Months in FY2025"], values=["3 months"], expect="number")
    assert field_holds("Months in FY2025: one quarter", months)
    assert not field_holds("Months in FY2025: half a year", months)
    larger = Check(type="answer_field", a_words=["Larger"], values=["the net leverage"], expect="choice",
                   b_words=["the net leverage covenant"])
    world, _ = _world()
    assert field_holds("Larger: the net leverage, 7.25x", larger, world)
    assert not field_holds("Larger: the net leverage, 5.5x", larger, world)


def test_a_review_source_by_its_thread_or_its_description_is_named():
    # kit36a 124, 185: a right review citing 'the settlement agreement of 13 November 2026' or its emails by their
    # thread's subject scored 0.86
    from worldsmith.environments.grade import names_sources

    sources = ["Settlement/Settlement agreement - dilapidations claim, 14 Candlewick Street.docx",
               "Correspondence/Client/Settlement at the figure agreed with Mardle Fenwick - authority/01 2026-11-10 1245 "
               "Owen.eml"]
    room = [*sources, "Settlement/Settlement and deposit reconciliation.xlsx",
            "Schedule and Response/Superseded/DRAFT - Scott schedule, tenant's costings.xlsx"]
    assert names_sources("(the settlement agreement of 13 November 2026)", sources, room)
    assert names_sources("(Settlement at the figure agreed with Mardle Fenwick - authority, 10 November 2026)",
                         sources, room)
    assert not names_sources("(the settlement and deposit reconciliation)", sources, room)
    assert not names_sources("(the settlement agreement; Scott schedule, tenant's costings)", sources, room)
    # a thread whose subject, cut to its folder's length, starts the sheet's title names no other paper
    sheet = "Schedule and Response/Claim against the cap - landlord's demand, Scott schedule and section 18(1).xlsx"
    thread = ("Correspondence/Client/Claim against the cap - landlord's demand, Scott schedule and se/01 2026-09-01 "
              "1000 Owen.eml")
    assert names_sources("(Claim against the cap - landlord's demand, Scott schedule and section 18(1).csv)",
                         [sheet], [sheet, thread])
