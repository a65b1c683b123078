"""A sender's field asks the full name (blind red team 34: 'Goodman', 'Ms Goodman' and the email address scored 1.0
where the attackers, reading the prompt's 'full name', called them wrong); the surname alone, after an initial or a
title, no longer names anyone (kit29a had called 'da Costa' right before the prompt said so)."""

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


def test_the_full_name_names_its_person_with_a_title_or_address_beside_it():
    for value in ("Joana da Costa", "Ms Joana da Costa", "da Costa, Joana", "Joana da Costa <a@firm.example>",
                  "Joana da Costa (Associate, Queiroz Amaral)"):
        assert _ok(value, "Joana da Costa"), value
    assert _ok("Olivia Cavalcante", "Olivia Cavalcante")


def test_a_surname_alone_after_an_initial_or_a_title_or_an_address_names_no_one():
    for value in ("da Costa", "J. da Costa", "J da Costa", "Ms da Costa", "a@firm.example", "Joana"):
        assert not _ok(value, "Joana da Costa"), value
    assert not _ok("Cavalcante", "Olivia Cavalcante") and not _ok("Mr Cavalcante", "Olivia Cavalcante")
    assert not _ok("Hayashi", "Hiroshi Hayashi") and not _ok("H. Hayashi", "Hiroshi Hayashi")
    assert _ok("Hiroshi Hayashi", "Hiroshi Hayashi")
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
