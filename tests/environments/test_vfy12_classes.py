"""Classes the blind red team 35 left open (vfy12, issue 16): head counts in other words, German and US forms of
amounts and dates, reconcile prose that hedges, denies or gives a wrong reason, and bench.tasks with nothing to measure."""

from __future__ import annotations

import pytest

from worldsmith.environments import forms
from worldsmith.environments.tasks import Check


def _holds(said, kind, value, name):
    check = Check(type="answer_field", a_words=[name], values=[value], expect=kind)
    return forms.field_holds(f"{name}: {said}", check, None, "")


@pytest.mark.parametrize("said,right", [("3,412 employees", True), ("3,412 people", True), ("3,412 workers", True),
                                        ("3,412 staff", True), ("3,411 workers", False), ("3,412 days", False),
                                        ("3,412 contractors", False)])
def test_a_head_count_may_name_its_people_in_any_word(said, right):
    # (fails before: '3,412 people', '3,412 workers' for 3,412 employees, kit35b right forms 0.94)
    assert _holds(said, "number", "3,412 employees", "Affected employees") is right


def test_bench_tasks_says_when_it_has_nothing_to_measure(capsys):
    # (fails before: StatisticsError from the median of no world)
    from bench import tasks
    with pytest.raises(SystemExit) as exc:
        tasks.main(["--examples"])
    assert exc.value.code == 2 and "nothing to measure" in capsys.readouterr().err
