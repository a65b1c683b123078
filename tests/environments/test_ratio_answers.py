"""A ratio reads the way a banker writes it ('3.70x', '3.7 times', '3.70 to 1.00', '3.70:1', '0.2 turns'), a count of
days as days, and a label that lies inside the other ('total net leverage ratio' in the 'maximum total net leverage
ratio') is told apart from it by the longer label's own word (kit14, a leverage covenant breach: '3.70 to 1.00' read as
a range of 3.70 and 1.00, hedged, and 'the maximum total net leverage ratio' as neither side of the comparison)."""

from __future__ import annotations

import pytest

from worldsmith.environments import answers


@pytest.mark.parametrize("written", ["3.70x", "3.7x", "3.7 times", "3.70 to 1.00", "3.70 to 1", "3.70:1",
                                     "3.7 : 1", "3.70 turns"])
def test_a_ratio_reads_in_every_form_a_banker_writes_it(written):
    found = [m for m in answers.parse(f"The total net leverage ratio is {written}, a breach.").mentions]
    assert len(found) == 1 and found[0].value == answers.Decimal("3.7") and found[0].unit == "x"
    assert answers.asserts(f"The ratio is {written}.", answers.Want("number", number=answers.Decimal("3.7"),
                                                                      unit="x")).ok


def test_working_and_ranges_keep_their_own_figures():
    found = [(m.value, m.unit) for m in answers.parse("USD 2,500 x 62,480 GT, and 12.5 x GBP 14.2m").mentions]
    assert (answers.Decimal("62480"), "gt") in found and all(u != "x" for _, u in found)
    # '5 to 1' with no decimal is a range of counts, not a ratio
    assert [m.value for m in answers.parse("reduced from 5 to 1 claims").mentions] == [5, 1]
    assert answers.asserts("The gap is 48 days.", answers.Want("number", number=answers.Decimal(48), unit="days")).ok


@pytest.mark.parametrize("text, expect", [
    ("The total net leverage ratio exceeds the maximum total net leverage ratio.", "a>b"),
    ("The maximum total net leverage ratio, 3.5x, does not exceed the total net leverage ratio of 3.7x.", "a>b"),
    ("3.5x maximum total net leverage ratio, which is below the 3.7x total net leverage ratio by 0.2x.", "a>b"),
    ("The maximum total net leverage ratio exceeds the total net leverage ratio.", "a<b"),
    ("The total net leverage ratio is below the maximum total net leverage ratio.", "a<b"),
])
def test_a_label_inside_the_other_is_told_apart_by_the_longer_ones_own_word(text, expect):
    """One label lies inside the other ('total net leverage ratio' in the 'maximum total net leverage ratio'): the
    maximum read as neither side before, and every comparison naming it was lost."""
    assert answers.direction(text, "total net leverage ratio", "maximum total net leverage ratio") == expect
