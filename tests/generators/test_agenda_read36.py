"""Agendas of what a meeting does, not of figure labels (blind read 36: "Net leverage (7.25x)", "Outstanding senior
facilities (EUR 186,000,000)", "Overall materiality (USD 1,114,500)" as items; "Next steps and the date of the next
call" at a notarial signing)."""

from __future__ import annotations

import re

import pytest

from worldsmith.generators.kinds.calendar.compose import business_points, genre, signing_points, with_figures, \
    figure_phrase


@pytest.mark.parametrize("purpose, items", [
    ("The agent and its counsel take the lenders through the breach and the borrower's request and take instructions.",
     ["The breach and the borrower's request", "Instructions from the lenders"]),
    ("The audit committee hears the auditors' required communications and approves the financial statements for issue.",
     ["The auditors' required communications"]),
    ("The parties and their surveyors narrow the Scott schedule and explore settlement, without prejudice.",
     ["Narrowing the Scott schedule", "Exploring settlement, without prejudice"]),
    # who is heard is no item, and a decision alone is the decision's (decision_point)
    ("The board hears the lawyers and decides whether to self-report and how to remediate.", []),
    ("Go through the final defesa with the client the day before it is due.", ["The final defesa"]),
])
def test_a_meetings_business_is_read_from_its_purpose(purpose, items):
    assert business_points(purpose) == items


def test_a_figure_follows_the_business_it_turns_on():
    """The figure is said after the item, with its article and value, never as the item."""
    figs = [figure_phrase("net leverage", "7.25x"), figure_phrase("outstanding senior facilities", "EUR 186,000,000")]
    assert with_figures("The breach and the borrower's request", figs, True) == \
        "The breach and the borrower's request: the net leverage of 7.25x and the outstanding senior facilities of " \
        "EUR 186,000,000"
    assert with_figures("To agree: the experts", [figure_phrase("landlord's quantified demand", "GBP 1,060,200")],
                        False) == "To agree: the experts, on the landlord's quantified demand of GBP 1,060,200"
    assert figure_phrase("tenant's surveyor's assessment of the works", "GBP 347,250").endswith("works (GBP 347,250)")
    assert figure_phrase("number of positions affected", "64 positions") == \
        "the number of positions affected (64 positions)"
    # an acronym's figure takes its article, a name's own does not
    assert figure_phrase("LOI enterprise value", "GBP 1") == "the LOI enterprise value of GBP 1"
    assert figure_phrase("Corvane's offer", "GBP 1") == "Corvane's offer of GBP 1"


def test_a_signing_has_documents_to_sign_conditions_and_what_follows_and_no_next_call():
    summary, where = "Signing of the restructuring plan before the notary", "Notaria de Madrid, calle de Serrano"
    assert genre(summary, where) == "signing"
    assert genre("Pre-signing call with the fund", "Video call: https://meet.x.example/a") == "call"
    assert genre("Audit committee meeting", "Video call: https://meet.x.example/a") == "committee"
    items = signing_points(summary, "The plan is formalised in a public instrument before the homologation application "
                                    "is filed.", where, [figure_phrase("votes for the plan", "EUR 151,900,000")])
    assert items[0] == "Documents to sign: the restructuring plan, as a public instrument"
    assert any("EUR 151,900,000" in i for i in items)
    assert items[-1] == "After signing: filing the homologation application"
    assert not [i for i in items if re.search(r"next call|anything to add", i)]


@pytest.mark.parametrize("outline, seed", [("tests/fixtures/blind35/au-wage-underpayment-remediation.yaml", 35),
                                           ("outlines/examples/buyside-diligence.yaml", 61)])
def test_no_meeting_lists_a_bare_figure_label_or_two_figure_updates(outline, seed):
    """au-wage at seed 35: the weekly call had 'Interest on back pay (AUD 1,486,200)' as an item of its own;
    buyside-diligence: 'Where the figures stand: ...' beside 'New figures: ...' on one weekly call."""
    from tests.generators.offline_world import offline_world

    plan, _, contents = offline_world(outline, seed)
    checked = 0
    for spec in (a for a in plan.artifacts if a.kind == "calendar" and a.purpose and a.facts):
        items = re.findall(r"(?m)^\d+\. (.+)$", contents[spec.id].description)
        bare = [i for i in items if re.fullmatch(r"[^:(]+\((?:[A-Z]{3} )?[\d,.]+[x%]?\)", i)]
        checked += 1
        assert not bare, (spec.summary, items)
        assert len([i for i in items if re.match(r"(?:New figures?|The figures? so far|Where the figures stand):", i)]) \
            <= 1, (spec.summary, items)
    assert checked


def test_a_committee_the_cast_holds_one_of_is_invited_by_its_list_address():
    """us-saas-revenue-audit at seed 36 (re-read 36b): 'The audit committee meeting invites only the chair from the
    committee.' The hospital example's audit committee session has its chair alone of the committee too."""
    import icalendar

    from tests.generators.offline_world import offline_world
    from worldsmith.generators.kinds.calendar.reader import event_fields
    from worldsmith.generators.kinds.calendar.render import render_calendars

    plan, _, contents = offline_world("outlines/examples/hospital-revenue-audit.yaml", 61)
    meetings = [a for a in plan.artifacts if a.kind == "calendar"]
    body = [m for m in meetings if "committee" in m.summary.lower()]
    assert body and all(m.group.startswith("Audit Committee <audit.committee@") for m in body), \
        [(m.summary, m.group) for m in body]
    assert not [m for m in meetings if m.group and "committee" not in m.summary.lower()]
    for _, data in render_calendars(plan, body, contents):
        for e in icalendar.Calendar.from_ical(data).walk("VEVENT"):
            kinds = [k for _, _, k in event_fields(e)["attendees"]]
            assert kinds.count("GROUP") == 1 and kinds.count("INDIVIDUAL") == len(kinds) - 1, kinds
