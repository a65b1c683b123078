"""The false negatives a blind red team found in the verifier (kit15: an earn-out dispute never seen here, 112 right
answers, 50 marked down): right answers written as professionals write them that lost marks, each beside its wrong
twin, which must still cost. Read with the parser and the checks alone, on made-up labels."""

from __future__ import annotations

import pytest

from worldsmith.environments import answers
from worldsmith.environments.grade import _final, flags, misstated, want_of
from worldsmith.environments.tasks import Check

CAP = ["earn", "out", "cap"]
CLAIM = ["earn", "out", "claimed", "sellers"]


def _figures(text: str) -> list[str]:
    return [m.text for m in answers.parse(text).mentions]


@pytest.mark.parametrize("text", [
    "Merger agreement extract - earn-out (sections 2.6 and 2.7).",
    "See clauses 4, 5 and 6 of the lease.",
    "Figure 6 is wrong.",
    "Line 6 is wrong.",
    "under section 2.6(c) and paras 12 to 14",
])
def test_a_provision_number_is_no_figure(text):
    # kit15: the 2.7 of '(sections 2.6 and 2.7)' read as an amount; every memo citing the extract lost 2
    assert _figures(text) == [], text


def test_a_figure_beside_a_reference_still_counts():
    assert _figures("Sections 2.6 and 2.7 set the cap at USD 15,000,000 and 12 months.") == ["USD 15,000,000", "12"]
    assert _figures("the figure 2.5x and 2 items and 3 units") == ["2.5x", "2", "3"]


@pytest.mark.parametrize("right, wrong", [
    # a provision the cap is set under is no comparison
    ("No. The earn-out cap is USD 15,000,000 under section 2.6(c) of the merger agreement, and the earn-out claimed by "
     "the sellers is USD 5,500,000.",
     "The earn-out cap is USD 15,000,000, under the earn-out claimed by the sellers."),
    # the question restated is not asserted
    ("You asked whether the earn-out claimed by the sellers exceeds the earn-out cap on the figures the data room now "
     "holds. It does not: the earn-out cap exceeds it.",
     "The earn-out claimed by the sellers exceeds the earn-out cap on the figures the data room now holds."),
    # 'the claim' for the earn-out claimed by the sellers
    ("The claim does not exceed the cap.", "The claim exceeds the cap."),
])
def test_direction_read_past_provisions_and_restated_questions(right, wrong):
    assert "a<b" not in answers.directions(answers.parse(right), CAP, CLAIM), right
    assert "a<b" in answers.directions(answers.parse(wrong), CAP, CLAIM), wrong


def test_a_bracket_with_its_own_subject_does_not_deny_the_figure():
    def status(t):
        return answers.asserts(answers.parse(t), want_of("USD 9,500,000", 9500000.0, "USD")).status
    assert status("Answer: USD 9,500,000 (the claim does not exceed the cap)") == "asserted"
    for wrong in ("Answer: USD 9,500,000 (this is not the gap)", "Answer: USD 9,500,000 (not the gap)",
                  "Answer: USD 9,500,000 (the figure is not the gap)"):
        assert status(wrong) == "negated", wrong


SELLER_EBITDA = Check(type="answer_bound", values=["USD 12,400,000", "USD 1,800,000"], numbers=[12400000.0, 1800000.0],
                      unit="USD", a_words=["adjusted ebitda in the sellers' objection notice (",
                                           "adjusted ebitda in the sellers' objection notice is"])


def test_a_build_up_in_words_binds_no_input_to_the_label():
    # kit15: 'Adjusted EBITDA in the sellers' objection notice (Arcadia's USD 12,400,000 plus the USD 1,800,000 ...)'
    # read as the notice's EBITDA being USD 12,400,000 (mislabels_seller_ebitda, -2 on 20 right answers)
    from worldsmith.environments.grade import bound_to
    right = ("USD 14,200,000 is Adjusted EBITDA in the sellers' objection notice (Arcadia's USD 12,400,000 plus the "
             "USD 1,800,000 of disputed corporate allocations).")
    assert not bound_to(right, SELLER_EBITDA.a_words, "USD 12,400,000", 12400000.0, "USD")
    wrong = "Adjusted EBITDA in the sellers' objection notice is USD 12,400,000, before the allocations."
    assert bound_to(wrong, SELLER_EBITDA.a_words, "USD 12,400,000", 12400000.0, "USD")
    # a comparison is no build-up
    assert bound_to("Adjusted EBITDA in the sellers' objection notice is USD 12,400,000 less than it should be.",
                    SELLER_EBITDA.a_words, "USD 12,400,000", 12400000.0, "USD")


CAP_MISSTATED = Check(type="answer_misstated", values=["USD 15,000,000"], numbers=[15000000.0], unit="USD",
                      a_words=["earn-out cap", "cap"], b_words=["earn-out claimed by the sellers"])


def test_headroom_under_the_cap_is_not_the_cap():
    assert not misstated("The claim does not exceed the cap; headroom under the cap is USD 9.5m.", CAP_MISSTATED)
    assert misstated("The claim does not exceed the cap; the cap is USD 9.5m.", CAP_MISSTATED)


RESULT = Check(type="answer_final", values=["USD 144,000"], numbers=[144000.0], unit="USD",
               allowed=[36000.0, 120000.0, 180000.0])


@pytest.mark.parametrize("right", ["Answer: USD 144,000 (80% of the USD 180,000 fee)",
                                   "Answer: USD 144,000 (sellers USD 36,000)"])
def test_a_named_input_beside_the_answer_is_no_rival(right):
    assert _final("The buyer's share would be USD 144,000.\n" + right, RESULT), right


@pytest.mark.parametrize("wrong", ["Answer: USD 144,000 (or USD 120,000)", "Answer: USD 144,000 (USD 120,000)",
                                   "Answer: USD 144,000 (perhaps USD 120,000)", "Answer: USD 144,000 or USD 120,000",
                                   "Answer: USD 144,000 (sellers USD 99,000)"])
def test_a_second_figure_offered_on_the_answer_line_still_costs(wrong):
    assert not _final("The buyer's share would be USD 144,000.\n" + wrong, RESULT), wrong


LINE_1 = Check(type="answer_flags", values=["USD 15,000,000"], numbers=[15000000.0], unit="USD", expect="1")


def test_a_flag_of_one_line_does_not_flag_the_lines_its_working_names():
    # kit15: 'Line 6 is wrong. USD 15,000,000 less USD 12,400,000 is USD 2,600,000, not USD 2,730,000.' flagged lines 1
    # and 2 (-4 on seven right reviews)
    right = ("Line 6 is wrong. USD 15,000,000 less USD 12,400,000 is USD 2,600,000, not USD 2,730,000.\n"
             "Wrong: USD 2,730,000 -> USD 2,600,000")
    assert not flags(right, LINE_1)
    assert not flags("Figure 6 is wrong because the gap between the USD 15,000,000 cap and the USD 5,500,000 claim is "
                     "USD 9,500,000.", LINE_1)
    assert flags("Line 1 is wrong: USD 15,000,000 should be USD 14,000,000.", LINE_1)
    assert flags("Wrong: USD 15,000,000 -> USD 14,000,000", LINE_1)
