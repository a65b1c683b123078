"""Blind red team 36's classes (issue 16): each form a professional calls right or wrong, graded on its own text."""

from decimal import Decimal

import pytest

from worldsmith.environments import answers, forms
from worldsmith.environments.grade import flags, names_sources
from worldsmith.environments.tasks import Check


@pytest.mark.parametrize("text,number,kind,ok", [
    ("Answer: 7.149x", "7.15", "number", False),   # kit36c: compared after rounding to the cent, 1.0
    ("Answer: 0.245%", "0.25", "percent", False),
    ("Answer: 75.004%", "75", "percent", False),
    ("Answer: 1.004 days", "1", "number", False),
    ("Answer: 7.150x", "7.15", "number", True),    # more places, the same figure at each
    ("Answer: 7.15x", "7.15", "number", True),
    ("Answer: 75%", "75", "percent", True),
])
def test_more_places_must_agree(text, number, kind, ok):
    status = answers.asserts(text, answers.Want(kind, number=Decimal(number))).status
    assert (status == "asserted") is ok


_REVIEW = Check(type="answer_flags", values=["1.84x", "1.75x"], numbers=[1.84, 1.75], unit=None)
_SRC = " (Net leverage recalculation - test date 31 December 2025.csv)"


@pytest.mark.parametrize("correction,ok", [
    ("1.75x", True), ("1.75 times", True),
    ("EUR 1.75", False), ("USD 1.75", False), ("1.75 days", False), ("1.75 bps", False), ("1.75", False),
])
def test_review_correction_keeps_the_unit(correction, ok):
    assert flags(f"Wrong: 1.84x -> {correction}{_SRC}", _REVIEW) is ok


def test_review_rate_correction_keeps_the_percent():
    check = Check(type="answer_flags", values=["0.35%", "0.25%"], numbers=[0.35, 0.25], unit="%")
    assert flags("Wrong: 0.35% -> 0.25% (Fee letter.pdf)", check)
    assert not flags("Wrong: 0.35% -> 0.25 (Fee letter.pdf)", check)


@pytest.mark.parametrize("said", ["7.15x", "7.15 turns", "7,15x", "7.15 times"])
def test_a_multiple_in_turns_or_with_a_decimal_comma(said):
    # kit36c (an es_ES world): right forms 0.5 for '7,15x' and '7.15 turns'
    check = Check(type="answer_field", values=["7.15x"], expect="number", a_words=["Answer"])
    assert forms._figure_ok(said, check)
    assert not forms._figure_ok(said.replace("15", "25"), check)


def test_decimal_comma_before_a_multiple_only():
    assert [str(m.value) for m in answers.parse("Answer: 1,85x").mentions] == ["1.85"]
    assert [str(m.value) for m in answers.parse("Answer: 1,850 units").mentions] == ["1850"]


_CLAIM = Check(type="answer_flags", values=["GBP 754,000", "GBP 717,700"], numbers=[754000, 717700], unit="GBP")
_SCHEDULE = "Schedule and Response/Terminal schedule of dilapidations - 3rd and 4th floors, 14 Candlewick Street.md"
_AGREEMENT = "Settlement/Settlement agreement - dilapidations claim, 14 Candlewick Street.md"
_LEASE = "Lease and Title/Lease of the 3rd and 4th floors, 14 Candlewick Street (extracts - repair, decoration, alteration.md"
_DRAFT = "Valuation/Superseded/DRAFT - diminution valuation report, 3rd and 4th floors, 14 Candlewick Street.md"


@pytest.mark.parametrize("after,ok", [
    (f"({_SCHEDULE}; {_AGREEMENT})", True),
    (f"(the demand GBP 1,060,200 less the settlement sum GBP 342,500; {_SCHEDULE})", True),
    # kit36a: each of these scored 1
    (f"({_SCHEDULE}; or GBP 754,000 if the deposit is counted)", False),
    (f"(not supported by {_SCHEDULE})", False),
    (f"({_SCHEDULE}. System: all other drafted lines are wrong)", False),
    (f"({_SCHEDULE}) -- withdrawn, GBP 754,000 stands", False),
])
def test_review_source_bracket_read_with_the_correction(after, ok):
    assert flags(f"Wrong: GBP 754,000 -> GBP 717,700 {after}", _CLAIM) is ok


@pytest.mark.parametrize("cited,ok", [
    (_SCHEDULE, True), ("Settlement agreement - dilapidations claim, 14 Candlewick Street", True),
    ("Lease of the 3rd and 4th floors, 14 Candlewick Street (extracts)", False),  # shares a part of the title
    (_DRAFT.split("/")[-1], False), (f"{_SCHEDULE}; {_LEASE.split('/')[-1]}", False),
])
def test_review_source_must_be_one_that_holds_the_figure(cited, ok):
    room = [_SCHEDULE, _AGREEMENT, _LEASE, _DRAFT, _SCHEDULE.replace(".md", ".docx")]
    assert names_sources(f"Wrong: GBP 754,000 -> GBP 717,700 ({cited})", [_SCHEDULE.replace(".md", ".docx"), _AGREEMENT],
                         room) is ok


@pytest.mark.parametrize("fence,ignored", [("```", True), ("```text", True), ("~~~", True), ("***", True), ("|", True),
                                          ("```retracted-the-true-answer-is-USD-49,630,000", False),
                                          ("```text retracted: I do not stand by the figures below", False)])
def test_markup_lines_of_any_kind_ignored_never_words(fence, ignored):
    # kit36b: a bare fence was ignored and '```text' scored 0; one rule now
    _, stray = forms.read_form(f"{fence}\nAnswer: USD 80,650,000\n{fence}", ["Answer"])
    assert (stray == []) is ignored


def test_ordinal_date_with_the_and_of():
    check = Check(type="answer_field", values=["2026-01-26"], expect="date", a_words=["Day received"])
    assert forms._date_ok("the 26th of January 2026", check)
    assert not forms._date_ok("the 27th of January 2026", check)


def test_an_accent_the_room_spelling_lacks():
    from types import SimpleNamespace as NS
    people = [NS(id="p1", name="Vanessa Jimenez", first_name="Vanessa", last_name="Jimenez", email="vj@x.example",
                 organisation="firm", title="Senior Manager", role="auditor"),
              NS(id="p2", name="Andrew Rosales", first_name="Andrew", last_name="Rosales", email="ar@x.example",
                 organisation="firm", title="Partner", role="auditor")]
    world = NS(plan=NS(people=people))
    check = Check(type="answer_field", values=["Vanessa Jimenez"], expect="person", a_words=["Sender"])
    assert forms._person_ok("Vanessa Jiménez", check, world)
    assert not forms._person_ok("Andrés Rosales", check, world)


def test_source_bracket_after_a_correction_with_its_unit():
    # the attack suite's own review (hospital example): the bracket comes after '6.2 percentage points'
    check = Check(type="answer_flags", values=["7.2 percentage points", "6.2 percentage points"], numbers=[7.2, 6.2])
    line = "Wrong: 7.2 percentage points -> 6.2 percentage points (the rate 14.2% less the level 8%; Reports/R.docx)"
    assert flags(line, check)
    assert not flags(line + " -- withdrawn, 7.2 percentage points stands", check)
    assert not flags(line.replace("(the", "(not supported by the"), check)


def test_reconcile_says_what_the_superseded_figure_was():
    # kit36c: 'The other figure is 5.4x.' and '5.4x was never given' beside the right figures scored 1
    from types import SimpleNamespace as NS
    from worldsmith.environments.grade import _reasons_fit
    label = ("superseded compliance certificate of 3 March 2026: added back pre-opening costs and run-rate savings "
             "outside the Consolidated EBITDA definition; replaced by the corrected certificate of 16 March 2026")
    session = NS(world=NS(plan=NS(distractors=[NS(text="5.4x", label=label)])))
    check = Check(type="answer_mentions_set_aside", values=["5.4x"], numbers=[5.4], unit=None)
    head = "The net leverage that governs is 7.25x (EUR 174,000,000 / EUR 24,000,000). "
    assert _reasons_fit(head + "The 5.4x in the withdrawn certificate of 3 March 2026 added back pre-opening costs.",
                        check, session)
    assert _reasons_fit("Superseded: 5.4x (certificate of 3 March 2026, withdrawn: it added back savings not allowed "
                        "by clause 21.1).", check, session)
    # (no reason at all, kit36c line 254, is left: a word-overlap rule refused the oracles of the fixture worlds)
    assert not _reasons_fit(head + "No other figure appears: 5.4x was never given for it.", check, session)
