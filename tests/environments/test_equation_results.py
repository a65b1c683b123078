"""A figure right after the '=' that follows a label's right figure is what the sum comes to, not the label's (blind
red team kit29b: 'Net recoverable loss = JPY 307,680,000 - deductible JPY 10,000,000 = JPY 297,680,000' read as the
deductible misstated; right worked answers 0.625)."""

from worldsmith.environments.grade import misstated
from worldsmith.environments.tasks import Check

_DEDUCTIBLE = Check(type="answer_misstated", values=["JPY 10,000,000"], numbers=[10_000_000.0], unit="JPY",
                    a_words=["deductible"], b_words=[])


def test_the_result_of_a_sum_after_the_labels_right_figure_is_not_the_label_misstated():
    assert not misstated("3. Net recoverable loss = JPY 307,680,000 - deductible JPY 10,000,000 = JPY 297,680,000.",
                         _DEDUCTIBLE)


def test_a_wrong_figure_for_the_label_is_still_misstated_before_or_after_an_equals():
    assert misstated("Net recoverable loss = JPY 307,680,000 - deductible JPY 12,000,000 = JPY 295,680,000.",
                     _DEDUCTIBLE)
    assert misstated("The deductible = JPY 12,000,000.", _DEDUCTIBLE)
