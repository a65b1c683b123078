"""Blind read 34 (br-icms-tax-appeal, kick-off minutes): "Agreed the lines of defence, the evidence and who gathers it"
without stating any of them. What a meeting agreed, named only by its kind, is what the meeting was for: the minutes
state what was agreed or claim nothing."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("purpose,said", [
    ("Counsel and the client agree the lines of defence, the evidence and who gathers it", ""),
    ("Counsel and the client agree the grounds and the evidence", ""),
    ("Counsel and the client agree the timetable", "Agreed the timetable."),
    ("Counsel and the finance team agree the timetable to the certificate and what the agent will ask for",
     "Agreed the timetable to the certificate and what the agent will ask for."),
    ("Counsel and the client agree to audit under section 9.3 and choose the auditor",
     "Agreed to audit under section 9.3 and chose the auditor."),
])
def test_minutes_state_what_was_agreed_or_claim_nothing(purpose, said):
    from tests.generators.context_fixture import document_context
    from worldsmith.generators.compose.substance.minutes import meeting_outcome

    ctx = document_context("minutes")
    at = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "purpose": f"record what the call decided: {purpose}; Ann Lee called it and took the chair"})})
    assert meeting_outcome(at) == said
