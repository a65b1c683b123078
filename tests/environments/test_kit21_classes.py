"""The blind red team of kit21 (an unseen service-credit outline): right answers the verifier marked down."""

from __future__ import annotations

import pytest

from worldsmith.environments.grade import _REPORTED, _RETRACT, _final
from worldsmith.environments.tasks import Check

_MOVE = Check(type="answer_final", values=["15%"], numbers=[15.0], unit="%", allowed=[25.0, 10.0])
_RIGHT = "The service credit rate that governs now is 25%; the earlier 10% of the preliminary tally is superseded."


@pytest.mark.parametrize("said", ["Answer: 15 percentage points", "The move is +15 points.\nAnswer: 15 points",
                                  "Answer: 15 pp", "Answer: 15%"])
def test_a_rates_move_said_in_points_is_its_percent(said):
    # 'Answer: 15 percentage points', '+15 points' for the move of a rate from 10% to 25% scored 0.6
    assert _final(f"{_RIGHT} {said}", _MOVE)


@pytest.mark.parametrize("said", ["Answer: 16 percentage points", "Answer: 15 basis points", "Answer: 25 points"])
def test_a_wrong_move_in_points_is_still_wrong(said):
    assert not _final(f"{_RIGHT} {said}", _MOVE)


@pytest.mark.parametrize("text", ["Scott Webb asked us on June 3 to disregard it, as Kestrel's analysis replaced it.",
                                  "The tally was prepared before Kestrel's analysis; the client told us to disregard "
                                  "the tier it read the outages into.",
                                  # the reader's own request said back (blind kit21: a right reply scored 0)
                                  "As you asked, we disregard the earlier 10% rate from the IT tally.",
                                  "As Dana Park requested, the team will disregard the first draft."])
def test_disregard_of_the_matters_history_takes_nothing_back(text):
    # a right reconcile answer saying the client 'asked us on June 3 to disregard it' scored 0 (the word anywhere)
    assert _RETRACT.search(text) and not _RETRACT.search(_REPORTED.sub(" ", text))


@pytest.mark.parametrize("text", ["Answer: 15%. Please disregard.", "On reflection, please disregard the above.",
                                  "Please disregard my previous answer.", "Disregard this; I will re-send.",
                                  "Please disregard it.",
                                  # advice to disregard a paper takes it back too (kit18: 1.0 without it)
                                  "However, the determination is not binding and you should disregard it.",
                                  "As we discussed, please disregard my previous answer.",
                                  "As we asked, please disregard the above."])
def test_disregard_of_the_writers_own_words_still_takes_them_back(text):
    assert _RETRACT.search(_REPORTED.sub(" ", text))


def test_the_day_the_matters_summary_gives_its_instrument_is_no_stray_date(monkeypatch):
    # 'Schedule 1 of the master services agreement (January 1, 2025)' in a right reconcile answer lost 0.4 to
    # states_stray_date: the summary dates the agreement, no fact does
    import datetime as dt
    from types import SimpleNamespace as NS

    from worldsmith.environments import graph_tasks
    from worldsmith.environments.grade import _stated_days

    monkeypatch.setattr(graph_tasks, "stated_figures", lambda world: ({}, set()))
    plan = NS(facts=[], distractors=[], summary="Corvane runs its platform under a master services agreement of "
                                                 "January 1, 2025, at a fee of USD 412,000 a month.")
    days = _stated_days(NS(plan=plan))
    assert dt.date(2025, 1, 1) in days
    assert dt.date(2025, 1, 2) not in days


def test_a_constant_of_the_ledgers_formulas_is_working_not_a_figure_made_up():
    # 'annual fees of USD 4,944,000, i.e. USD 412,000 x 12' cost a right memo 0.22 (memo_unledgered_figure on '12')
    from types import SimpleNamespace as NS

    from worldsmith.environments.grade import formula_constants, rivals

    world = NS(plan=NS(facts=[NS(formula="monthly_fee * 12"), NS(formula="percent_of(rate, x2) * days / 365"),
                              NS(formula=None)]))
    assert formula_constants(world) == [12.0, 365.0]
    text = "The annual service credit cap is USD 247,200 (5% of annual fees of USD 4,944,000, i.e. USD 412,000 x 12)."
    ledger = [5.0, 247200.0, 412000.0, 4944000.0]
    assert [m.text for m in rivals(text, None, None, "USD", ledger)] == ["12"]
    assert not rivals(text, None, None, "USD", ledger + formula_constants(world))
    assert rivals(text.replace("x 12", "x 13"), None, None, "USD", ledger + formula_constants(world))


# ---------------------------------------------------------------- session 22: free-text answers (issue 16)

_BEFORE = ["service", "credits", "before", "cap"]  # the credits worked out, before a cap holds them down
_CAP = ["annual", "service", "credit", "cap"]


@pytest.mark.parametrize("text, said", [
    ("The cap does not exceed the credits.", {"a>b"}),
    ("The cap is lower than the credits.", {"a>b"}),
    ("Re: Credits before the cap v annual cap\n\nThe cap exceeds the credits by USD 61,800.", {"a<b"}),
    ("The credits fall within the cap.", {"a<b"}),
    ("equally the cap may exceed them if the supplier wins on maintenance.", {"a<b"}),
])
def test_a_comparison_in_short_names_is_read_by_each_labels_head_noun(text, said):
    # 'the cap exceeds the credits' passed both ways round: 'service credits before the cap' was read as a cap (its
    # last word), so 'the cap' and 'the credits' named no side
    from worldsmith.environments.answers import directions

    assert directions(text, _BEFORE, _CAP) == said


def test_a_head_noun_is_the_noun_before_the_labels_preposition():
    from worldsmith.environments.answers import directions, head_noun

    assert head_noun("the service credits before the cap") == "credit"
    assert head_noun("claims after the deductible") == "claim"
    assert directions("The deductible exceeds the claims.", ["claims", "after", "deductible"],
                      ["policy", "deductible"]) == {"a<b"}


@pytest.mark.parametrize("value, right", [("cap", True), ("the cap", True), ("credits", False), ("annual cap", True)])
def test_a_choice_by_its_head_noun_alone_names_the_option(value, right):
    # 'Governs: cap' for the annual service credit cap against the service credits before the cap scored 0.71
    from worldsmith.environments.forms import field_holds

    check = Check(type="answer_field", values=["the annual service credit cap"], a_words=["Governs"],
                  b_words=["the service credits before the cap"], expect="choice")
    assert field_holds(f"Governs: {value}", check) is right


@pytest.mark.parametrize("text, binds", [
    ("The credits exceed the cap. The cap therefore does not bite and the client recovers everything.", True),
    ("The cap does not apply here, so the client recovers all the credits.", True),
    ("The cap would not bite if the credits were lower.", False),
    ("The cap does not apply to the refund of prepaid fees.", False),
    ("The cap binds.", False),
])
def test_the_other_side_said_not_to_govern_leaves_the_first_governing(text, binds):
    # 'The cap therefore does not bite and Corvane recovers everything' beside right figures scored 1.0
    from worldsmith.environments.grade import names_governing

    assert names_governing(text, _BEFORE, _CAP, factual=True) is binds


_SAID = "The credits before the cap, USD 9,000, exceed the annual cap of USD 7,000 by USD 2,000"


@pytest.mark.parametrize("text", [f"{_SAID}, though on another reading they may not.", f"Yes and no. {_SAID}.",
                                  f"{_SAID}; equally the cap may exceed them if the supplier wins on maintenance."])
def test_a_reply_that_takes_its_comparison_back_gives_no_direction(text):
    # 'exceed ... by USD 61,800, though on another reading they may not', 'Yes and no. ...' scored 1.0
    from worldsmith.environments.grade import _direction

    right = Check(type="answer_direction", values=["yes"], a_words=_BEFORE, b_words=_CAP, expect="a>b")
    wrong = Check(type="answer_direction", a_words=_CAP, b_words=_BEFORE, expect="a>b", any_reading=True)
    assert _direction(f"{_SAID}.", right) and not _direction(f"{_SAID}.", wrong)
    assert not _direction(text, right)
    assert _direction(text, wrong)


@pytest.mark.parametrize("text, concedes", [
    ("The credits exceed the cap by USD 2,000. Northwind says they do not, and I think Northwind is right.", True),
    ("We agree with Northwind.", True),
    ("Northwind's position is correct.", True),
    ("I do not think Northwind is right.", False),
    ("Northwind is right that the fee is due on the first of the month.", False),
    ("Whether Northwind is right is for the tribunal.", False),
    ("I think Halden is right.", False),  # the client's own side
])
def test_saying_the_other_side_is_right_gives_in(text, concedes):
    # 'Stratalink says they do not, and I think Stratalink is right' after right figures scored 1.0
    from types import SimpleNamespace as NS

    from worldsmith.environments.side_checks import concedes as gives_in

    world = NS(plan=NS(organisations=[NS(name="Halden Freight Inc.", privileged=True),
                                      NS(name="Northwind Hosting Ltd.", privileged=False)], facts=[]))
    assert gives_in(text, world) is concedes


def test_the_noun_names_a_label_only_when_it_is_its_head():
    # 'No: the cap (USD 247,200) is below the service credits before the cap (USD 309,000)' in a right memo was read
    # as the credits misstated (a task's 'the cap' for the service credits before the cap): 0.56
    from worldsmith.environments.grade import misstated

    check = Check(type="answer_misstated", values=["USD 9,000"], numbers=[9000.0], unit="USD",
                  a_words=["service credits before the cap", "the cap"], b_words=["annual service credit cap"])
    assert not misstated("No: the cap (USD 7,000) is below the service credits before the cap (USD 9,000).", check)
    assert misstated("The service credits before the cap are USD 7,000.", check)
    own = check.model_copy(update={"a_words": ["service credits before the cap", "the credits"]})
    assert misstated("The credits are USD 7,000.", own)


def test_a_label_from_its_head_on_names_it_too():
    # 'Credits before the cap: USD 247,200. Cap: USD 309,000.' (the two figures swapped) beside 'The cap does not
    # exceed the credits' scored 1.0
    from worldsmith.environments.grade import misstated

    check = Check(type="answer_misstated", values=["USD 9,000"], numbers=[9000.0], unit="USD",
                  a_words=["service credits before the cap"], b_words=["annual service credit cap", "service fee"])
    assert misstated("Credits before the cap: USD 7,000. Cap: USD 9,000.", check)
    assert not misstated("Credits before the cap: USD 9,000. Cap: USD 7,000.", check)
    held = check.model_copy(update={"b_words": ["annual service credit cap", "credits before the cap"]})
    assert not misstated("Credits before the cap: USD 7,000.", held)  # another label's own words


def _world(**plan):
    from types import SimpleNamespace as NS

    return NS(plan=NS(**{"organisations": [NS(name="Halden Freight Inc.", privileged=True),
                                           NS(name="Northwind Hosting Ltd.", privileged=False)],
                         "facts": [], "distractors": [], **plan}))


@pytest.mark.parametrize("text, right", [
    ("On Northwind's own figures the credits before the cap exceed the cap by USD 2,000; our figures differ.", False),
    ("According to Northwind the credits before the cap exceed the cap.", False),
    ("Even on Northwind's own figures the credits before the cap exceed the cap by USD 2,000.", True),
    ("On Halden's figures the credits before the cap exceed the cap by USD 2,000.", True),
    ("The credits before the cap exceed the cap by USD 2,000.", True),
])
def test_a_comparison_framed_as_the_other_sides_is_not_the_writers(monkeypatch, text, right):
    # "On Stratalink's own figures the credits before the cap exceed the cap by USD 61,800; our figures differ." with
    # the right figures scored 1.0
    from worldsmith.environments import grade

    monkeypatch.setattr(grade, "_WORLD_NOW", [_world()])
    check = Check(type="answer_direction", values=["yes"], a_words=_BEFORE, b_words=_CAP, expect="a>b")
    assert grade._direction(text, check) is right


@pytest.mark.parametrize("text, fits", [
    ("25% governs. 10% was the service credit cap rate and no longer applies.", False),
    ("25% governs. 10% is the annual fee rate.", False),
    ("25% governs. 10% was the service credit rate of the preliminary tally, superseded.", True),
    ("25% governs. 10% was superseded by the final analysis.", True),
])
def test_a_superseded_figure_said_to_be_another_fact_gives_the_wrong_reason(text, fits):
    # '10% was the service credit cap rate and no longer applies' for a superseded credit rate scored 1.0
    from types import SimpleNamespace as NS

    from worldsmith.environments.grade import _said_to_be_another_fact

    facts = [NS(id="rate", label="service credit rate", text="25%", earlier=[]),
             NS(id="cap_rate", label="service credit cap rate", text="5%", earlier=[]),
             NS(id="fee_rate", label="annual fee rate", text="2%", earlier=[])]
    world = _world(facts=facts, distractors=[NS(fact="rate", text="10%")])
    at = text.index("10%") + 3
    assert _said_to_be_another_fact(text[at:], "10%", world) is not fits


_DRAFT = """Check every line.

1. The service credits before the cap is USD 9,000.
2. The service credits before the cap exceeds the annual service credit cap by USD 2,900.
"""


@pytest.mark.parametrize("line, ok", [
    ("Wrong: The service credits before the cap exceeds the annual service credit cap by USD 2,900. -> USD 2,000 (Memo)",
     True),
    ("Wrong: USD 2,900 -> USD 2,000 (Memo)", True),
    # the reviewer's own words around the figure are still outside the form
    ("Wrong: The annual service credit cap exceeds the service credits before the cap by USD 2,900. -> USD 2,000 (Memo)",
     False),
    ("Wrong: The service credits before the cap exceeds the annual service credit cap by USD 2,900. -> the credits "
     "exceed the cap by USD 2,000 (Memo)", False),
])
def test_a_review_may_quote_the_drafted_line_for_its_figure(line, ok):
    # 'Wrong: The service credits before the cap exceeds the annual service credit cap by USD 64,900. -> USD 61,800
    # (Kestrel availability analysis, March to May 2026)' in a right review scored 0 (outside_form)
    from worldsmith.environments.forms import drafted_lines, outside_form

    assert outside_form(line, ["Wrong"], repeat=True, drafted=drafted_lines(_DRAFT)) is not ok


def test_a_files_title_before_its_comma_names_it():
    # 'Wrong: USD 64,900 -> USD 61,800 (309,000 less 247,200; Kestrel availability analysis)' lost names_source
    from worldsmith.environments.grade import _title_parts

    assert "Harbour survey of moorings" in _title_parts("Surveys/Harbour survey of moorings, March to May 2026.docx")
    assert "March to May 2026" not in _title_parts("Surveys/Harbour survey of moorings, March to May 2026.docx")
    assert _title_parts("Surveys/Survey, 2026.docx") == []


def test_a_table_row_that_opens_on_its_figure_says_its_status_of_it():
    # '| 10% | Corvane IT preliminary SLA tally, June 2, 2026 | superseded: ... |' in a right reconcile table was read
    # as relying on the superseded rate (0.4)
    from worldsmith.environments.answers import asserts, untable

    text = untable("| Figure | Source | Status |\n|---|---|---|\n| 40% | Schedule 1 | governs |\n"
                   "| 30% | first tally, May 2, 2026 | superseded: read into the wrong tier |\n")
    assert asserts(text, "30%").status != "asserted"
    assert asserts(text, "40%").status == "asserted"
    assert untable("| Item | Figure |\n|---|---|\n| Fee | USD 1,000 |") == "Fee: USD 1,000."


@pytest.mark.parametrize("text", ["It is hard to say whether the credits before the cap exceed the annual cap.",
                                  "Whether the credits before the cap exceed the annual cap is debatable.",
                                  "The credits before the cap may or may not exceed the annual cap."])
def test_a_comparison_left_open_still_gives_no_direction(text):
    # (the take-back alternative added for kit21 once left 'hard to say whether ...' as literal text, not a pattern)
    from worldsmith.environments.grade import _direction

    right = Check(type="answer_direction", values=["yes"], a_words=_BEFORE, b_words=_CAP, expect="a>b")
    assert not _direction(text, right)
    assert _direction(text, right.model_copy(update={"any_reading": True}))
