"""Answer-form classes from the blind red teams kit29-kit31 (verify35): counts with a qualifier, measures without
their unit."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace as NS

import pytest

from worldsmith.environments.forms import field_holds
from worldsmith.environments.tasks import Check


def _fact(fid, value, unit, label, statement):
    return NS(id=fid, label=label, statement=statement, earlier=[],
              value=NS(type="number", value=Decimal(value), unit=unit))


_WORLD = NS(plan=NS(title="Sale of a non-performing mortgage portfolio and the KX-7 pump recall", distractors=[],
                    people=[], organisations=[],
                    facts=[_fact("headcount", 612, "employees", "plant headcount",
                                 "The plant employs 612 people on permanent contracts at August 31."),
                           _fact("loans", 8612, "loans", "loans in the portfolio",
                                 "The portfolio holds 8,612 loans with a gross book value of EUR 1.1 billion."),
                           _fact("returned", 29400, "units", "units returned", "29,400 of the 42,000 pumps came back."),
                           _fact("shipped", "53912.5", "mt", "quantity shipped", "The vessel loaded 53,912.5 mt.")]))


def _holds(name, value, said, world=_WORLD):
    check = Check(type="answer_field", a_words=[name], values=[value], expect="number")
    return field_holds(f"{name}: {said}", check, world)


@pytest.mark.parametrize("name,value,said,right", [
    # a qualifier the room uses of the figure, or of the matter (fails before: each 0.93-0.95 in kit30a, kit29b, kit31b)
    ("Plant headcount", "612 employees", "612 permanent employees", True),
    ("Loans in the portfolio", "8,612 loans", "8,612 mortgage loans", True),
    ("Units returned", "29,400 units", "29,400 KX-7 units", True),
    # a qualifier the room does not use of it, or half of a hyphenated word, is another count
    ("Plant headcount", "612 employees", "612 temporary employees", False),
    ("Loans in the portfolio", "8,612 loans", "8,612 performing loans", False),
    ("Loans in the portfolio", "8,612 loans", "8,612 non-performing loans", True),
    ("Plant headcount", "612 employees", "621 permanent employees", False),
])
def test_a_count_may_carry_the_rooms_own_qualifier(name, value, said, right):
    assert _holds(name, value, said) is right


@pytest.mark.parametrize("name,value,said,right", [
    # a measure's figure without its unit (fails before: kit31a, wrong forms 1.0)
    ("Quantity shipped", "53,912.5 mt", "53,912.5", False),
    ("Quantity shipped", "53,912.5 mt", "53,912.5 metric tonnes", True),
    ("Leave length", "12 months", "12", False),
    ("Engine hours", "1,250 EFH", "1,250", False),
    # ...but a field that names the unit, or a count of things, may give the bare figure (kit30a: right forms)
    ("Months of amortisation assessed", "36 months", "36", True),
    ("Positions eliminated", "148 positions", "148", True),
    ("Plant headcount", "612 employees", "612", True),
])
def test_a_measure_needs_its_unit_a_count_does_not(name, value, said, right):
    assert _holds(name, value, said) is right


def test_a_phrase_that_fits_another_facts_label_is_no_side_of_the_comparison():
    """kit30b: a right memo's working line 'Builder's count: 214 - 75 = 139 days, short of the 180 days' was read as the
    days the builder claimed falling short of those the buyer accepted: its question's wrong way round (0.72)."""
    from worldsmith.environments.answers import directions, parse
    a, b = ["hours", "logged", "contractor"], ["hours", "approved", "owner"]
    others = ("net overrun on the contractor's tally", "net overrun on the owner's tally")
    for line in ("- Contractor's tally: 900 - 120 = 780 hours, short of the 800 hours.",
                 "The contractor's tally is 780 hours, short of the threshold."):
        assert directions(parse(line), a, b, others=others) == set(), line  # (fails before: {'a<b'})
    # a side named in its own words still compares, beside the other labels
    said = "The hours logged by the contractor (900) exceed the hours approved by the owner (780)."
    assert directions(parse(said), a, b, others=others) == {"a>b"}
    assert directions(parse("The contractor's hours fall short of the owner's."), a, b, others=others) == {"a<b"}


def test_a_comparison_of_the_other_questions_pair_in_its_own_verbs_is_not_this_ones():
    """A prose memo's second answer ('The days the buyer accepts do not exceed the days the builder claims') was read as
    its first question's pair (the delays on each side's count) the wrong way round (verify35: a right memo 0.72)."""
    from worldsmith.environments.answers import directions, parse
    a, b = ["net", "overrun", "owner", "tally"], ["net", "overrun", "contractor", "tally"]
    others = ("hours approved by the owner", "hours logged by the contractor")
    said = "The hours the owner approves do not exceed the hours the contractor logs."
    assert directions(parse(said), a, b, others=others) == set()  # (fails before: {'a<b'})
    assert directions(parse("The owner's tally does not exceed the contractor's."), a, b, others=others) == {"a<b"}


def test_a_gerund_that_opens_its_sentence_sets_nothing_aside():
    """A right prose memo ('Replacing the 2,300 units returned at USD 480 each costs USD 1,104,000, USD 354,000 more than
    the sub-limit') lost the cost and both inputs as figures set aside (verify35: 0.85)."""
    from worldsmith.environments.answers import parse
    said = parse("The sub-limit is USD 750,000. Replacing the 2,300 units returned at USD 480 each costs USD 1,104,000.")
    assert [m.status for m in said.mentions] == ["asserted"] * 4  # (fails before: the last three superseded)
    # a figure replacing another still sets the other aside
    said = parse("The final figure is USD 5,000,000, replacing the USD 4,000,000 draft.")
    assert [m.status for m in said.mentions] == ["asserted", "superseded_mention"]


@pytest.mark.parametrize("said,right", [
    ("36 months (3 years)", True),  # (fails before: kit29a, a right form 0.91)
    ("36 months (4 years)", False),
    ("36 months (about 3 years)", False),
    ("36 months (3 years; disputed)", False),
    ("30 months (3 years)", False),
])
def test_a_duration_may_carry_itself_in_another_unit(said, right):
    assert _holds("Months of amortisation assessed", "36 months", said) is right


@pytest.mark.parametrize("hedge", ["Presumably", "Apparently", "Arguably", "Tentatively", "In all likelihood", "I think",
                                   "As far as I can tell", "At first glance", "On a preliminary view", "I believe"])
def test_a_hedge_in_other_words_leaves_the_figure_unasserted(hedge):
    """verify35's own attack on the tanker example: each hedge before a right comparison scored 1.0 in a chat post."""
    from worldsmith.environments.answers import parse
    said = parse(f"{hedge} the cap (USD 156,200,000) exceeds the demand (USD 60,987,500).")
    assert all(m.status != "asserted" for m in said.mentions)  # (fails before: both asserted)
    assert [m.status for m in parse("The cap (USD 156,200,000) exceeds the demand (USD 60,987,500).").mentions] == \
        ["asserted", "asserted"]


def test_a_figure_left_to_be_checked_is_not_asserted():
    from worldsmith.environments.answers import parse
    said = parse("The cap (USD 156,200,000) exceeds the demand by USD 95,212,500 (to be double-checked).")
    assert said.mentions[-1].status != "asserted"  # (fails before)


def test_the_heavier_of_the_two_in_its_own_clause_is_a_direction():
    """verify35's own attack on the tanker example: a reply that said 'Yes' and then '..., which leaves the removal costs
    as the heavier of the two' (the wrong way round) scored 1.0."""
    from worldsmith.environments.answers import directions, parse
    a, b = ["liability", "cap"], ["removal", "costs"]
    said = "The removal costs and the liability cap are USD 94.85m apart, which leaves the removal costs as the heavier of the two."
    assert directions(parse(said), a, b) == {"a<b"}  # (fails before: no direction)
    assert directions(parse("The removal costs are cheaper than the liability cap."), a, b) == {"a>b"}
    assert directions(parse("A cheaper option exists for the removal costs."), a, b) == set()
