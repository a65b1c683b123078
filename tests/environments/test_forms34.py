"""The answer form's prompt and its grader agree (blind red team 34, kits 34a/34b): the prompt asks a full name, a
date with its year and an amount with its currency, and the grader refuses what that rules out ('Goodman', 'Ms
Goodman', the email address, '24 March', 'Figure: 14,360,000' each scored 1.0, called wrong), while every usual way of
writing a right value passes ('3 weeks' for 21 days, '13 553 400 $ CA', 'Canadian $13,553,400' were marked down)."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace as NS

import pytest

import worldsmith
from worldsmith.environments import forms
from tests.published import task_set_of
from worldsmith.environments.tasks import Check


def _person(pid, first, last):
    return NS(id=pid, name=f"{first} {last}", first_name=first, last_name=last,
              email=f"{first.lower()}.{last.lower()}@thackeraymuir.example", organisation="firm", title="Partner",
              role=pid)


_WORLD = NS(plan=NS(facts=[], distractors=[], window_start=dt.date(2026, 1, 5), window_end=dt.date(2026, 6, 30),
                    people=[_person("a", "Marissa", "Goodman"), _person("b", "Michael", "Saunders")],
                    organisations=[NS(id="firm", name="Thackeray Muir LLP")]))
_ASKED = "How many days after ... was that (your final figure, in days)?"


def _holds(kind, value, said, locale="en_CA"):
    check = Check(type="answer_field", a_words=["Field"], values=[value], expect=kind, b_words=[locale])
    return forms.field_holds(f"Field: {said}", check, _WORLD, _ASKED)


@pytest.mark.parametrize("said,right", [
    ("Marissa Goodman", True), ("Ms Marissa Goodman", True), ("Goodman, Marissa", True), ("GOODMAN Marissa", True),
    ("Marissa Goodman (Partner, Thackeray Muir LLP)", True),
    ("Marissa Goodman <marissa.goodman@thackeraymuir.example>", True),
    ("Goodman", False), ("Ms Goodman", False), ("M. Goodman", False), ("Marissa", False),
    ("marissa.goodman@thackeraymuir.example", False), ("Michael Saunders", False),
])
def test_a_person_field_wants_the_full_name(said, right):
    assert _holds("person", "Marissa Goodman", said) is right


@pytest.mark.parametrize("said,right", [
    ("2026-03-24", True), ("24 March 2026", True), ("March 24, 2026", True), ("24 Mar 2026", True),
    ("Tuesday 24 March 2026", True), ("24/03/2026", True), ("20260324", True), ("24 Mar 26", True), ("24-Mar-26", True),
    ("24 March 2026, 15:41 (BRT)", True), ("24 March 2026 09:10 JST", True),
    ("20260325", False), ("24 Mar 25", False),
    ("24 March", False), ("March 24", False), ("Tuesday 24 March", False), ("25 March 2026", False),
])
def test_a_date_field_wants_its_year(said, right):
    assert _holds("date", "2026-03-24", said) is right


@pytest.mark.parametrize("said,right", [
    ("CAD 14,360,000", True), ("CAD 14.36m", True), ("Cdn$14,360,000", True), ("C$14.36 million", True),
    ("$14,360,000", True), ("14 360 000 $", True), ("14 360 000 $ CA", True), ("Canadian $14,360,000", True),
    ("$14,360,000 (Canadian)", True),
    ("14,360,000", False), ("14.36m", False), ("14 360 000 €", False), ("$14,360,000 (US)", False),
    ("US$14,360,000", False), ("CAD 14,360,000 £", False), ("$14,360,000 Australian", False),
])
def test_an_amount_field_wants_its_currency(said, right):
    assert _holds("amount", "CAD 14,360,000", said) is right


@pytest.mark.parametrize("said,right", [
    ("21 days", True), ("21", True), ("3 weeks", True), ("three weeks", True),
    ("504 hours", False), ("4 weeks", False), ("3.5 weeks", False), ("1 month", False),
])
def test_days_asked_may_be_whole_weeks_that_are_exactly_that_many_days(said, right):
    assert _holds("days", "21 days", said) is right


def test_the_form_tells_each_field_what_it_needs(published_legal):
    world = worldsmith.open(published_legal)
    try:
        tasks = [t for t in task_set_of(world, forms=True).tasks if forms.form_names(t)]
    finally:
        world.close()
    text = "\n".join(t.instruction for t in tasks)
    for kind, hint in (("date", "date with its year"), ("amount", "amount with its currency"), ("person", "full name")):
        lines = [line for t in tasks for c in t.rubric.criteria if c.check.expect == kind
                 for line in t.instruction.splitlines() if line.startswith(f"{c.check.a_words[0]}: <")]
        assert lines, kind
        assert all(hint in line for line in lines), (kind, [line for line in lines if hint not in line][:3])
    assert "a date with its year" in text and "first name and surname, not an email address" in text


def test_a_full_name_with_its_accents_carries_its_own_title_and_firm_beside_it():
    # 'João Felipe Lopes (Sócio, Prado Albuquerque Advogados)': 0.83, the accented title read as 's cio'
    lopes = _person("c", "João Felipe", "Lopes")
    lopes.title, lopes.organisation = "Sócio, Contencioso Tributário", "prado"
    world = NS(plan=NS(people=[lopes, _person("d", "Gael", "Nunes")],
                       organisations=[NS(id="prado", name="Prado Albuquerque Advogados")]))
    check = Check(type="answer_field", a_words=["Sender"], values=["João Felipe Lopes"], expect="person")
    for said, right in (("João Felipe Lopes (Sócio, Prado Albuquerque Advogados)", True),
                        ("Joao Felipe Lopes (Socio)", True), ("João Felipe Lopes, Sócio", True),
                        ("João Felipe Lopes (Diretor)", False), ("João Felipe Lopes (Gael Nunes)", False),
                        ("Lopes", False), ("Sr. Lopes", False)):
        assert forms.field_holds(f"Sender: {said}", check, world) is right, said
