"""Blind read 36 (us-saas audit): the audit plan's timeline began fieldwork on January 27 and gave the final report by
March 2, under its own point 'Team and timetable: fieldwork from January 26, the audit committee on March 10, the report
on March 13'. A plan's timeline keeps the days its points give; it invents only what they leave out."""

from __future__ import annotations

import datetime as dt

import pytest

from worldsmith.generators.compose.bank import Picker
from worldsmith.worlds.plan import PlannedPoint
from tests.generators.context_fixture import document_context


def _timeline(point: str) -> str:
    from worldsmith.generators.compose.substance.papers import plan_bodies

    ctx = document_context("plan", 6)
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={
        "title": "Audit strategy and plan: Nimbusgate Software FY2025", "date": dt.date(2026, 1, 23),
        "points": [PlannedPoint(heading=None, text=point)]})})
    return " ".join(plan_bodies(Picker(2), ctx, [("Overview", "summary"), ("Timeline", "timeline")])[1])


@pytest.mark.parametrize("point", [
    "Team and timetable: fieldwork from January 26, the audit committee on March 10, the report on March 13.",
    "Timetable: fieldwork from January 26, 2026, and our report by March 13, 2026, subject to the representation "
    "letter."])
def test_a_plans_timeline_keeps_the_days_its_points_give(point):
    said = _timeline(point)
    assert "Fieldwork begins on Monday, January 26" in said and "final report by Friday, March 13" in said, said


def test_a_plan_whose_points_give_no_days_still_has_a_timeline():
    said = _timeline("Controls: walk-throughs of order-to-cash; we do not plan to rely on controls.")
    assert said.startswith("Fieldwork begins on"), said


def test_draft_findings_follow_the_fieldwork_the_points_end():
    # the hospital example's plan: 'fieldwork May 13 to June 17' in its points, draft findings 'by Tuesday, June 2'
    from worldsmith.generators.compose.substance.papers import planned_days

    ctx = document_context("plan", 6)
    ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"date": dt.date(2026, 5, 11), "points": [
        PlannedPoint(text="Timetable: fieldwork May 13 to June 17, weekly status calls on Wednesdays.")]})})
    assert planned_days(ctx) == {"start": dt.date(2026, 5, 13), "end": dt.date(2026, 6, 17)}
