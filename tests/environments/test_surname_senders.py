"""A sender named by surname, or by initial and surname, where no one else of the matter has that surname (blind red
team kit29a: 'da Costa' and 'J. da Costa' for Joana da Costa scored 0.8 on five right forms)."""

from types import SimpleNamespace as NS

from worldsmith.environments.forms import _person_ok
from worldsmith.environments.tasks import Check


def _person(pid, first, last):
    return NS(id=pid, name=f"{first} {last}", first_name=first, last_name=last, email=f"{pid}@firm.example",
              organisation="firm", title="Associate", role=pid)


_WORLD = NS(plan=NS(people=[_person("a", "Joana", "da Costa"), _person("b", "Olivia", "Cavalcante"),
                            _person("c", "Hiroshi", "Hayashi"), _person("d", "Yosuke", "Hayashi")],
                    organisations=[NS(id="firm", name="Queiroz Amaral")]))


def _ok(value, who):
    return _person_ok(value, Check(type="answer_field", values=[who]), _WORLD)


def test_a_surname_or_an_initial_and_surname_names_the_one_who_has_it():
    for value in ("da Costa", "J. da Costa", "J da Costa", "Joana da Costa", "Ms da Costa"):
        assert _ok(value, "Joana da Costa"), value
    assert _ok("Cavalcante", "Olivia Cavalcante")


def test_a_surname_two_people_share_or_another_initial_names_no_one():
    assert not _ok("Hayashi", "Hiroshi Hayashi") and not _ok("H. Hayashi", "Hiroshi Hayashi")
    assert _ok("Hiroshi Hayashi", "Hiroshi Hayashi")
    assert not _ok("X. da Costa", "Joana da Costa") and not _ok("Costa", "Joana da Costa")
    assert not _ok("da Costa and Cavalcante", "Joana da Costa")  # two senders: a hedge


def test_a_name_without_latin_letters_is_read_in_either_order_with_or_without_the_space():
    world = NS(plan=NS(people=[_person("a", "裕太", "伊藤"), _person("b", "千代", "鈴木"), _person("c", "翼", "伊藤")],
                       organisations=[NS(id="firm", name="Tsubaki")]))
    for value in ("裕太 伊藤", "伊藤 裕太", "伊藤裕太"):
        assert _person_ok(value, Check(type="answer_field", values=["裕太 伊藤"]), world), value
    assert not _person_ok("伊藤 翼", Check(type="answer_field", values=["裕太 伊藤"]), world)
    assert not _person_ok("鈴木千代", Check(type="answer_field", values=["裕太 伊藤"]), world)


def test_a_name_typed_without_its_accents_names_its_person_and_no_one_else():
    # blind red team kit30a: 'Josephine Leduc' and 'Leduc, Josephine' for Joséphine Leduc scored 0.83
    world = NS(plan=NS(people=[_person("a", "Joséphine", "Leduc"), _person("b", "Rémy", "Évrard"),
                               _person("c", "Nath", "Torres")], organisations=[NS(id="firm", name="Delorme")]))
    for value, who in (("Josephine Leduc", "Joséphine Leduc"), ("Leduc, Josephine", "Joséphine Leduc"),
                       ("Remy Evrard", "Rémy Évrard"), ("Joséphine Leduc", "Joséphine Leduc")):
        assert _person_ok(value, Check(type="answer_field", values=[who]), world), value
    for value in ("Josephine Leduc and Remy Evrard", "Remy Evrard", "Josephine Torres"):
        assert not _person_ok(value, Check(type="answer_field", values=["Joséphine Leduc"]), world), value
