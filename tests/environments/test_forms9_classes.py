"""Right answers in the forms professionals write that s30's blind red teams saw refused (issue 16): Greek and Cyrillic
names in Latin letters, a covenant percentage written as a multiple, a rate's move in points written as a percent."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace as NS

import pytest

from worldsmith.environments.forms import field_holds
from worldsmith.environments.tasks import Check


def _person(pid, first, last):
    return NS(id=pid, name=f"{first} {last}", first_name=first, last_name=last, email=f"{pid}@bank.example",
              organisation="bank", title="Partner", role=pid)


_WORLD = NS(plan=NS(facts=[], distractors=[], window_start=dt.date(2026, 8, 3), window_end=dt.date(2026, 12, 18),
                    people=[_person("a", "Ιωάννης", "Παπαδόπουλος"), _person("b", "Χρήστος", "Γκατζογιάννης"),
                            _person("c", "Ευθυμία", "Παπαδοπούλου"), _person("d", "Дмитрий", "Соколов"),
                            _person("e", "Юлия", "Щербакова"), _person("f", "Георгій", "Гузій"),
                            _person("g", "Щедра", "Китов"), _person("h", "Евгений", "Хрущёв")],
                    organisations=[NS(id="bank", name="Aegean Bank")]))


def _holds(who, said, world=_WORLD):
    check = Check(type="answer_field", a_words=["Sender"], values=[who], expect="person", b_words=["el_GR"])
    return field_holds(f"Sender: {said}", check, world)


@pytest.mark.parametrize("said,who", [
    ("Ioannis Papadopoulos", "Ιωάννης Παπαδόπουλος"), ("Ioannis Papadopulos", "Ιωάννης Παπαδόπουλος"),
    ("Papadopoulos, Ioannis", "Ιωάννης Παπαδόπουλος"), ("Ioannis Papadopoulos (Partner, Aegean Bank)", "Ιωάννης Παπαδόπουλος"),
    ("Ιωάννης Παπαδόπουλος (Ioannis Papadopoulos)", "Ιωάννης Παπαδόπουλος"),
    ("Christos Gkatzogiannis", "Χρήστος Γκατζογιάννης"), ("Hristos Gatzoyannis", "Χρήστος Γκατζογιάννης"),
    ("Khristos Gkatzogiannis", "Χρήστος Γκατζογιάννης"),
    ("Efthymia Papadopoulou", "Ευθυμία Παπαδοπούλου"), ("Eftimia Papadopulu", "Ευθυμία Παπαδοπούλου"),
    ("Dmitry Sokolov", "Дмитрий Соколов"), ("Dmitriy Sokolov", "Дмитрий Соколов"), ("Dmitrii Sokolov", "Дмитрий Соколов"),
    ("Sokolov, Dmitrij", "Дмитрий Соколов"),
    ("Yulia Shcherbakova", "Юлия Щербакова"), ("Iuliia Shcherbakova", "Юлия Щербакова"),
    ("Julia Shcherbakova", "Юлия Щербакова"),
    ("Heorhiy Huziy", "Георгій Гузій"), ("Heorhii Huzii", "Георгій Гузій"),  # Ukrainian
    ("Shtedra Kitov", "Щедра Китов"),  # Bulgarian
    ("Yevgeny Khrushchev", "Евгений Хрущёв"), ("Evgenii Khrushchyov", "Евгений Хрущёв"),
])
def test_a_greek_or_cyrillic_name_in_latin_letters_names_its_person(said, who):
    """s30's blind red teams: 'Ioannis Papadopoulos' for Ιωάννης Παπαδόπουλος scored as another sender; the accents
    folded first found nothing and the transliteration was never read."""
    assert _holds(who, said)


@pytest.mark.parametrize("said,who", [
    ("Christos Gkatzogiannis", "Ιωάννης Παπαδόπουλος"),  # another person of the matter
    # the surname after a title or an initial: the form asks the full name (blind red team 34)
    ("Mr Papadopoulos", "Ιωάννης Παπαδόπουλος"), ("I. Papadopoulos", "Ιωάννης Παπαδόπουλος"),
    ("Ioannis Papadopoulos or Christos Gkatzogiannis", "Ιωάννης Παπαδόπουλος"),  # a hedge between two
    ("Ioannis Papadopoulos (Χρήστος Γκατζογιάννης)", "Ιωάννης Παπαδόπουλος"),
    ("Ioannis Papadopoulos ή Νίκος Γεωργίου", "Ιωάννης Παπαδόπουλος"),  # another, in Greek letters: no one of the cast
    ("Ioannis Papadakis", "Ιωάννης Παπαδόπουλος"), ("Yannis Papadopoulos", "Ιωάννης Παπαδόπουλος"),
    ("Efthymia Papadopoulos", "Ευθυμία Παπαδοπούλου"),  # the man's form of her surname
    ("Papadopoulos", "Ευθυμία Παπαδοπούλου"),
    ("Dmitry Sokolova", "Дмитрий Соколов"), ("Dmitry Sokolov, probably", "Дмитрий Соколов"),
    ("not Dmitry Sokolov", "Дмитрий Соколов"), ("Yulia Sokolova", "Юлия Щербакова"),
])
def test_another_name_or_a_hedge_in_latin_letters_still_fails(said, who):
    assert not _holds(who, said)


_COVENANTS = NS(plan=NS(facts=[NS(id="dscr", label="debt service coverage ratio", value=NS(type="percent", value=135)),
                               NS(id="ltv", label="loan-to-value ratio", value=NS(type="percent", value=120)),
                               NS(id="margin", label="margin", value=NS(type="percent", value=2.5))],
                        distractors=[], people=[], organisations=[]))


def _percent(name, value, said):
    check = Check(type="answer_field", a_words=[name], values=[value], expect="percent", b_words=[])
    return field_holds(f"{name}: {said}", check, _COVENANTS)


@pytest.mark.parametrize("name,value,said", [
    ("Debt service coverage ratio", "135%", "1.35x"), ("Debt service coverage ratio", "135%", "1.35 times"),
    ("DSCR", "135%", "1.35"), ("DSCR", "135%", "1.35x"), ("Loan-to-value ratio", "120%", "1.2x"),
    ("LTV", "120%", "1.20x"), ("Interest cover", "250%", "2.5 times"),
    ("Answer", "135%", "1.35x"), ("Answer", "135%", "1.35"),  # the field named for no fact: the fact of that value
])
def test_a_covenant_percentage_written_as_a_multiple_is_that_percentage(name, value, said):
    """s30's blind red teams: a DSCR keyed '135%' answered '1.35x', an LTV of 120% answered '1.2x', each refused."""
    assert _percent(name, value, said)


@pytest.mark.parametrize("name,value,said", [
    ("DSCR", "135%", "1.35%"), ("DSCR", "135%", "1.3x"), ("DSCR", "135%", "1.25x"), ("DSCR", "135%", "135"),
    ("DSCR", "135%", "not 1.35x"), ("DSCR", "135%", "approximately 1.35x"), ("DSCR", "135%", "1.35x or 1.25x"),
    ("DSCR", "1.35%", "1.35"),  # a bare 1.35 is never 1.35%
    ("Margin", "2.5%", "2.5"), ("Margin", "2.5%", "2.5x"), ("Answer", "2.5%", "2.5x"),  # no ratio: as before
    ("DSCR percentage", "135%", "1.35x"),  # a field that asks the percentage is answered in percent
])
def test_a_multiple_that_is_another_figure_or_no_ratio_still_fails(name, value, said):
    assert not _percent(name, value, said)


_RATES = NS(plan=NS(facts=[NS(id="rate_before", label="default rate before", value=NS(type="percent", value=10),
                              formula=None),
                           NS(id="rate_after", label="default rate after", value=NS(type="percent", value=25),
                              formula=None),
                           NS(id="move", label="change in the default rate", value=NS(type="percent", value=15),
                              formula="rate_after - rate_before")],
                    distractors=[], people=[], organisations=[]))


def _points(said, gap="15 percentage points", world=_RATES):
    check = Check(type="answer_field", a_words=["Change in the default rate"], values=[gap], expect="number",
                  b_words=[])
    return field_holds(f"Change in the default rate: {said}", check, world)


@pytest.mark.parametrize("said", ["15%", "15 %", "15 percent", "15 per cent", "15 pp", "15 points",
                                  "15 percentage points", "1,500 bps", "1500 basis points"])
def test_a_rates_move_keyed_in_points_may_be_written_in_the_rates_percent(said):
    """s30's blind red teams: a change in a rate keyed '15 percentage points' answered '15%', refused (and basis points,
    as a percentage field already took them)."""
    assert _points(said)


@pytest.mark.parametrize("said,gap", [
    ("16%", "15 percentage points"), ("1.5%", "15 percentage points"), ("15", "15 percentage points"),
    ("15 bps", "15 percentage points"), ("not 15%", "15 percentage points"), ("about 15%", "15 percentage points"),
    ("15% or 25%", "15 percentage points"), ("150%", "15 percentage points"),  # the relative move
    ("10%", "10 percentage points"),  # a rate of the matter has that value: the percent names it as well
])
def test_a_percent_that_is_another_move_or_a_rate_of_the_matter_still_fails(said, gap):
    assert not _points(said, gap)


def _period(said, value="14 days", expect="days", name="Notice period"):
    check = Check(type="answer_field", a_words=[name], values=[value], expect=expect, b_words=[])
    return field_holds(f"{name}: {said}", check, None)


@pytest.mark.parametrize("said,value,expect", [
    ("14 days (2 wks)", "14 days", "days"), ("14 days, i.e. two weeks", "14 days", "days"),
    ("14 days (i.e. two weeks)", "14 days", "days"), ("a fortnight (14 days)", "14 days", "days"),
    ("14 days (a fortnight)", "14 days", "days"), ("two weeks / 14 days", "14 days", "days"),
    ("14 days = 2 weeks", "14 days", "days"), ("36 months / 3 years", "36 months", "number"),
    ("36 months (i.e. 3 years)", "36 months", "number"),
])
def test_a_period_stated_two_ways_that_agree_is_one_answer(said, value, expect):
    """s30's blind red teams: a period given with its gloss ('14 days, i.e. two weeks', 'a fortnight (14 days)') read
    as a hedge between two figures."""
    assert _period(said, value, expect)


@pytest.mark.parametrize("said,value,expect", [
    ("14 days (three weeks)", "14 days", "days"), ("14 days, i.e. three weeks", "14 days", "days"),
    ("14 days / 21 days", "14 days", "days"), ("14 days = 3 weeks", "14 days", "days"),
    ("14 days (or two weeks)", "14 days", "days"), ("14 days or two weeks", "14 days", "days"),
    ("two weeks (15 days)", "14 days", "days"), ("21 days (three weeks)", "14 days", "days"),
    ("about 14 days (two weeks)", "14 days", "days"), ("not 14 days, i.e. two weeks", "14 days", "days"),
    ("a fortnight (15 days)", "14 days", "days"), ("36 months / 4 years", "36 months", "number"),
    ("3 months (90 days)", "90 days", "days"),  # a month is no fixed number of days
])
def test_a_period_stated_two_ways_that_disagree_stays_a_hedge(said, value, expect):
    assert not _period(said, value, expect)


def _amount(said, value="USD 150,000"):
    check = Check(type="answer_field", a_words=["Fee"], values=[value], expect="amount", b_words=[])
    return field_holds(f"Fee: {said}", check, None)


@pytest.mark.parametrize("said,value", [
    ("USD 150k", "USD 150,000"), ("$150K", "USD 150,000"), ("USD 150 thousand", "USD 150,000"),
    ("EUR 2.5k", "EUR 2,500"), ("EUR 1.2bn", "EUR 1,200,000,000"), ("EUR 1.2 bln", "EUR 1,200,000,000"),
    ("USD 150k (USD 150,000)", "USD 150,000"), ("USD 150,000 (150k)", "USD 150,000"),
    ("EUR 1.2bn (EUR 1,200,000,000)", "EUR 1,200,000,000"),
])
def test_an_amount_in_thousands_or_billions_or_with_itself_in_a_bracket_is_that_amount(said, value):
    """s30's blind red teams: 'USD 150k (USD 150,000)' read as two figures, 'EUR 1.2 bln' as none."""
    assert _amount(said, value)


@pytest.mark.parametrize("said,value", [
    ("USD 15k", "USD 150,000"), ("USD 150m", "USD 150,000"), ("USD 150k (USD 160,000)", "USD 150,000"),
    ("USD 150k (EUR 150,000)", "USD 150,000"), ("USD 150k (approx. USD 150,000)", "USD 150,000"),
    ("not USD 150k (USD 150,000)", "USD 150,000"), ("USD 150k (not USD 150,000)", "USD 150,000"),
    ("EUR 1.2 bln", "EUR 1,200,000"), ("USD 150k", "USD 150,400"),
])
def test_an_amount_off_in_its_scale_or_beside_another_still_fails(said, value):
    assert not _amount(said, value)


@pytest.mark.parametrize("said,right", [("135%", True), ("135.0%", True), ("1.35x", True), ("1.35%", False),
                                        ("130%", False), ("13.5%", False), ("not 135%", False)])
def test_a_multiple_the_room_keeps_as_one_may_be_written_as_its_percentage(said, right):
    """The other way round (the solar fixture keys its minimum DSCR as 1.35x): 'Minimum sizing DSCR: 135%'."""
    check = Check(type="answer_field", a_words=["Minimum sizing DSCR"], values=["1.35x"], expect="number", b_words=[])
    assert field_holds(f"Minimum sizing DSCR: {said}", check, None) is right


@pytest.mark.parametrize("who", ["Ιωάννης Παπαδόπουλος", "Χρήστος Γκατζογιάννης", "Дмитрий Соколов", "Георгій Гузій"])
def test_the_attack_suites_latin_spelling_of_a_name_names_its_person(who):
    """The attack suite's must-pass person_latin writes the name by the standard table; the field must take it."""
    from worldsmith.environments import translit

    latin = translit.latin(who)
    assert latin.isascii() and _holds(who, latin)


@pytest.mark.parametrize("name,value,expect,world", [
    ("Debt service coverage ratio", "135%", "percent", _COVENANTS), ("Answer", "120%", "percent", _COVENANTS),
    ("Change in the default rate", "15 percentage points", "number", _RATES),
])
def test_the_attack_suites_other_unit_of_a_figure_is_taken_by_its_field(name, value, expect, world):
    """The attack suite's must-pass ratio_multiple and points_as_percent are what the field takes; none is made where
    the field takes none ('Margin', a rate of the matter's own value)."""
    from worldsmith.environments.attacks import _said_otherwise

    check = Check(type="answer_field", a_words=[name], values=[value], expect=expect, b_words=[])
    made = _said_otherwise(value, check, world)
    assert made and all(field_holds(f"{name}: {said}", check, world) for _, said in made)
    assert not _said_otherwise("2.5%", Check(type="answer_field", a_words=["Margin"], values=["2.5%"],
                                             expect="percent", b_words=[]), _COVENANTS)
    assert not _said_otherwise("10 percentage points", Check(type="answer_field", a_words=[name], values=[
        "10 percentage points"], expect="number", b_words=[]), _RATES)
