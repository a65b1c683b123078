"""Blind read 36 (us-saas audit, the kick-off minutes): 'Agreed the timetable, the PBC list and the areas of focus'
with none of them recorded. With no paper to state them by, minutes claim no agreement named only by its kinds; one
that says what was agreed is kept."""

from __future__ import annotations

import pytest

from worldsmith.generators.compose.bank import Picker
from tests.generators.context_fixture import document_context


def _decisions(purpose: str) -> str:
    from worldsmith.generators.compose.substance.minutes import minutes_decisions

    ctx = document_context("minutes")
    at = ctx.model_copy(update={"coming_papers": [], "spec": ctx.spec.model_copy(update={
        "purpose": f"record what the call decided: {purpose}; Ann Lee called it and took the chair"})})
    return " ".join(minutes_decisions(Picker(3), at, "Monday, March 2", "Friday, March 6"))


@pytest.mark.parametrize("purpose", ["Auditors and management agree the timetable, the PBC list and the areas of focus",
                                     "Counsel and the client agree the timetable"])
def test_minutes_claim_no_agreement_named_only_by_its_kinds(purpose):
    assert "Agreed the timetable" not in _decisions(purpose)


def test_minutes_keep_an_agreement_that_says_what_it_was():
    said = _decisions("Counsel and the client agree to audit under section 9.3 and choose the auditor")
    assert "Agreed to audit under section 9.3 and chose the auditor." in said, said


def test_no_action_falls_due_before_the_minutes_are_written():
    # blind read 36 (the audit committee meeting of March 10, minuted March 11): 'Set out the proposed adjustment ...
    # in the communication with the audit committee', due Tuesday, March 10, the paper of the meeting's own day
    import datetime as dt
    from decimal import Decimal

    from worldsmith.generators.compose.substance.minutes import meeting_steps
    from worldsmith.generators.compose.parties import opponent
    from worldsmith.generators.context import OrgRef
    from worldsmith.worlds.values import Money
    from tests.generators.context_fixture import fact

    held, written = dt.date(2026, 3, 10), dt.date(2026, 3, 11)
    f = fact("adj", "The proposed adjustment.", Money(amount=Decimal(1705000), currency="USD")).model_copy(update={
        "label": "the proposed adjustment", "reason": "the activation fee less the part earned in the year",
        "paper": "Communication with the audit committee", "paper_day": held})
    ctx = document_context("minutes", facts=[f])
    orgs = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale Shipping Ltd", privileged=True,
                   acts_for="Corvale Shipping Ltd"),
            OrgRef(name="Corvale Shipping Ltd", role="client; the cargo owner", privileged=True),
            OrgRef(name="Ostwick Lines plc", role="opposing party; the carrier")]
    ctx = ctx.model_copy(update={"organisations": orgs, "spec": ctx.spec.model_copy(update={
        "title": "Claim meeting, March 10", "date": written})})
    assert opponent(ctx), "the fixture needs a party across for the figure to be put to"
    steps = meeting_steps(ctx, held)
    dues = [d for s in steps for _, _, d in s.actions]
    assert dues and min(dues) >= written, [(s.text, s.actions) for s in steps]


def test_minutes_record_an_approval_of_a_named_paper():
    # blind read 36: the audit committee 'approves the financial statements for issue', and its minutes decided nothing
    said = _decisions("The audit committee hears the auditors' required communications and approves the financial "
                      "statements for issue")
    assert "Approved the financial statements for issue." in said, said
