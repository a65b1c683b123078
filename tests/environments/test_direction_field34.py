"""A 'Larger:' or 'Lower:' field that names the right option but says it is the other way round fails (blind red team
34: 'Larger: the interest is smaller', 'Larger: interest lower' scored 1.0 where the interest is the larger)."""

from __future__ import annotations

import pytest

from worldsmith.environments.forms import _choice_ok
from worldsmith.environments.tasks import Check


def _check(field: str) -> Check:
    return Check(type="answer_field", values=["the interest"], b_words=["the SELIC on the remaining principal"],
                 a_words=[field], expect="choice")


@pytest.mark.parametrize("value", ["the interest is smaller", "interest lower", "the interest is the smaller one",
                                   "the interest: smaller amount", "the interest, the lowest"])
def test_the_right_option_said_the_wrong_way_round_fails(value):
    assert not _choice_ok(value, _check("Larger"))


@pytest.mark.parametrize("value", ["the interest", "interest", "the interest is larger", "the interest (it is higher)"])
def test_the_right_option_said_the_right_way_passes(value):
    assert _choice_ok(value, _check("Larger"))


def test_a_lower_field_reads_the_other_way():
    assert not _choice_ok("the interest is larger", _check("Lower"))
    assert _choice_ok("the interest, the lower", _check("Lower"))


@pytest.mark.parametrize("wrong", ["CAD 427,600 days", "CAD 427,600 day", "CAD 427,600 ¥", "CAD 427,600 £", "CAD 427,600 US$"])
def test_an_amount_given_another_unit_after_it_fails(wrong, tmp_path):
    # blind red team 34: each scored 1.0 where the key was CAD 427,600
    from worldsmith.environments.forms import _figure_ok

    check = Check(type="answer_field", values=["CAD 427,600"], a_words=["Answer"], expect="amount")
    assert _figure_ok("CAD 427,600", check, None, "")
    assert not _figure_ok(wrong, check, None, "")


def test_an_option_written_as_its_facts_whole_label_is_that_option():
    # blind red team 34: 'Larger: the interest (SELIC)', the option 'the interest' by the ledger's label 'interest
    # (SELIC)', scored 0.75; a bracket that names something else still fails
    from types import SimpleNamespace as S

    world = S(facts={"interest": S(id="interest", label="interest (SELIC)", formula=None),
                     "selic_remaining": S(id="selic_remaining", label="SELIC on the remaining principal", formula=None)},
              plan=S(facts=[]))
    check = Check(type="answer_field", values=["the interest"], b_words=["the SELIC on the remaining principal"],
                  a_words=["Larger"], expect="choice")
    assert _choice_ok("the interest (SELIC)", check, world)
    assert _choice_ok("interest (SELIC)", check, world)
    assert not _choice_ok("the interest (the fine)", check, world)
    assert not _choice_ok("the SELIC on the remaining principal", check, world)


@pytest.mark.parametrize("value,ok", [("Tuesday 24 March 2026", True), ("24 March 2026", True), ("Tue, 24 Mar 2026", True),
                                      ("Monday 24 March 2026", False), ("Thursday, March 24, 2026", False)])
def test_a_weekday_beside_a_date_must_be_that_dates(value, ok):
    # blind red team 34: 'Monday 24 March 2026' for a Tuesday scored 1.0
    from worldsmith.environments.forms import _date_ok

    check = Check(type="answer_field", values=["2026-03-24"], a_words=["Day received"], expect="date")
    assert _date_ok(value, check) is ok


def test_a_review_that_corrects_a_figure_to_itself_beside_the_right_correction_is_not_a_right_flag():
    # blind red team 34: 'Wrong: CAD 40,700 -> CAD 38,715' with 'Wrong: CAD 40,700 -> CAD 40,700' beside it (either order)
    # scored 1.0
    from worldsmith.environments.grade import flags

    check = Check(type="answer_flags", values=["CAD 40,700", "CAD 38,715"], numbers=[40700.0, 38715.0], unit="CAD")
    right = "Wrong: CAD 40,700 -> CAD 38,715 (NSR recalculation 2025)"
    same = "Wrong: CAD 40,700 -> CAD 40,700 (NSR recalculation 2025)"
    assert flags(right, check)
    assert flags(right + "\n", check) and flags("Wrong: CAD 40,700 -> CAD 38,715 (not CAD 40,700)", check)
    assert not flags(f"{right}\n{same}", check)
    assert not flags(f"{same}\n{right}", check)
    assert not flags("Wrong: CAD 40,700 -> CAD 38,715 days", check)


@pytest.mark.parametrize("value", ["12 de março de 2026", "12 de marzo de 2026", "12 March 2026"])
def test_a_date_as_a_portuguese_or_spanish_reply_writes_it(value):
    # blind red team 34: '12 de março de 2026' from a São Paulo matter's right answer scored 0.67
    from worldsmith.environments.forms import _date_ok

    assert _date_ok(value, Check(type="answer_field", values=["2026-03-12"], a_words=["Day received"], expect="date"))
    assert not _date_ok(value, Check(type="answer_field", values=["2026-03-13"], a_words=["Day received"], expect="date"))


def test_a_field_named_without_its_accents_is_that_field():
    # blind red team 34: 'Principal extinguished by decadencia: BRL 146,300' scored 0 (the line read as a stray)
    from worldsmith.environments.forms import name_key, read_form

    assert name_key("Principal extinguished by decadência") == name_key("principal extinguished by decadencia")
    fields, stray = read_form("Principal extinguished by decadencia: BRL 146,300", ["Principal extinguished by decadência"])
    assert fields == {"Principal extinguished by decadência": ["BRL 146,300"]} and stray == []
    assert name_key("Tax (ICMS)") != name_key("Tax (ISS)")
