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
    ("Papadopoulos, Ioannis", "Ιωάννης Παπαδόπουλος"), ("Mr Papadopoulos", "Ιωάννης Παπαδόπουλος"),
    ("I. Papadopoulos", "Ιωάννης Παπαδόπουλος"), ("Ioannis Papadopoulos (Partner, Aegean Bank)", "Ιωάννης Παπαδόπουλος"),
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
    ("Ioannis Papadopoulos or Christos Gkatzogiannis", "Ιωάννης Παπαδόπουλος"),  # a hedge between two
    ("Ioannis Papadopoulos (Χρήστος Γκατζογιάννης)", "Ιωάννης Παπαδόπουλος"),
    ("Ioannis Papadakis", "Ιωάννης Παπαδόπουλος"), ("Yannis Papadopoulos", "Ιωάννης Παπαδόπουλος"),
    ("Efthymia Papadopoulos", "Ευθυμία Παπαδοπούλου"),  # the man's form of her surname
    ("Papadopoulos", "Ευθυμία Παπαδοπούλου"),
    ("Dmitry Sokolova", "Дмитрий Соколов"), ("Dmitry Sokolov, probably", "Дмитрий Соколов"),
    ("not Dmitry Sokolov", "Дмитрий Соколов"), ("Yulia Sokolova", "Юлия Щербакова"),
])
def test_another_name_or_a_hedge_in_latin_letters_still_fails(said, who):
    assert not _holds(who, said)
