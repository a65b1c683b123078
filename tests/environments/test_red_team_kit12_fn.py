"""The false negatives a blind red team found in the verifier (kit 12: a rent-review world never seen here, 108 right
answers): right answers written as professionals write them that lost marks to the parser, each beside its wrong twin,
which must still cost. Read with the parser alone, on made-up labels, except where the task set is what changed."""

from __future__ import annotations

import pytest

from worldsmith.environments import answers
from worldsmith.environments.grade import misstated
from worldsmith.environments.tasks import Check

DETERMINED, TENANT, OFFER = "rent determined by the expert", "tenant's proposed rent", "without prejudice offer"
LANDLORD, PASSING, INCREASE = "landlord's proposed rent", "passing rent", "rent increase"


@pytest.mark.parametrize("right, a, b", [
    # 'p.a.' cut the sentence before its comparison ('The expert's figure of £1,465,900 p.a. is above ...')
    ("The expert's figure of £1,465,900 p.a. is above the tenant's proposed rent of £1,326,800 p.a. - a difference of "
     "£139,100 p.a.", DETERMINED, TENANT),
    ("All - the expert's determined rent is GBP 1,465,900 p.a., above our (tenant's) proposed GBP 1,326,800 p.a. by "
     "GBP 139,100 p.a.", DETERMINED, TENANT),
    # a '>' sign between the two
    ("Landlord's proposed rent GBP 1,647,800.00 (42,800 x 38.50) > passing rent GBP 1,240,000.00.\nAnswer: GBP "
     "407,800.00", LANDLORD, PASSING),
    ("Offer GBP 1,391k (42,800 x 32.50) > tenant GBP 1,326.8k (42,800 x 31).\nAnswer: GBP 64.2k", OFFER, TENANT),
    # 'came out above', and a label's word in another form ('the determination', 'the proposal')
    ("Stanley - the determination (GBP 1.4659m) came out above our WP offer (GBP 1.391m): the difference is GBP 74.9k.",
     DETERMINED, OFFER),
    ("Stanley - landlord's proposal £1.6478m vs the rent increase £0.2259m: the proposal exceeds it by £1.4219m.",
     LANDLORD, INCREASE),
    # 'is <figure> higher'
    ("Stanley - GBP 1.3268m tenant's proposal vs GBP 0.2259m increase: the proposal is GBP 1.1009m higher.",
     TENANT, INCREASE),
])
def test_a_comparison_written_otherwise_reads_its_direction(right, a, b):
    assert answers.directions(answers.parse(right), a, b) == {"a>b"}, right
    wrong = (right.replace(" > ", " < ").replace("above", "below").replace("exceeds", "falls short of")
             .replace("higher", "lower"))
    assert answers.directions(answers.parse(wrong), a, b) == {"a<b"}, wrong


def test_per_annum_ends_a_sentence_only_before_a_capital():
    assert len(answers.parse("The rent is GBP 1,465,900 p.a. is above the offer.").sentences) == 1
    assert len(answers.parse("The rent is GBP 1,465,900 p.a. The offer is GBP 1,391,000.").sentences) == 2


@pytest.mark.parametrize("text", [
    "first reported in Sarah Webb's update of 14 April at 09:52, before the 14:00 call",
    "Our without prejudice offer of 14 April was the figure",
    "the minutes of Feb 11 said so",
])
def test_a_day_of_the_month_with_no_year_is_no_quantity(text):
    assert not [m for m in answers.parse(text).mentions if m.kind != "date"], text


def test_a_quantity_beside_a_month_is_still_read():
    assert [m.value for m in answers.parse("14 users left in April; 3 may apply").mentions] == [14, 3]
    assert [m.value for m in answers.parse("GBP 14 April rent").mentions] == [14]


OFFER_CHECK = Check(type="answer_misstated", values=["GBP 1,391,000"], numbers=[1391000.0], unit="GBP",
                    a_words=["without prejudice offer", "offer"], b_words=["passing rent"])


def test_an_offers_day_is_no_misstated_offer():
    # kit12: 'Our without prejudice offer of 14 April was £1,391,000' read 14 as the offer (misstates_offer_rent)
    assert not misstated("Our without prejudice offer of 14 April was £1,391,000 (42,800 sq ft x £32.50).", OFFER_CHECK)
    assert misstated("Our without prejudice offer of 14 April was £1,400,000 (42,800 sq ft x £32.50).", OFFER_CHECK)


@pytest.fixture(scope="module")
def legal(published_legal):
    import worldsmith
    from tests.published import task_set_of

    world = worldsmith.open(published_legal)
    yield world, task_set_of(world).tasks
    world.close()


def test_the_gap_between_two_room_figures_is_no_unledgered_amount(legal, tmp_path):
    # kit12: a right brief on two rates added 'equivalent to GBP 256,800 a year' (the landlord's proposed rent less the
    # offer) and was charged states_unledgered_amount
    from worldsmith.environments.grade import grade
    from worldsmith.environments.session import Session

    world, tasks = legal
    task = next(t for t in tasks if t.id.startswith("brief-") and t.solution.answer
                and any(c.id == "states_unledgered_amount" for c in t.rubric.negative_criteria))
    unit = next(c.check.unit for c in task.rubric.negative_criteria if c.id == "states_unledgered_amount")
    amounts = sorted({f.value.amount for f in world.plan.facts if getattr(f.value, "amount", None) is not None
                      and getattr(f.value, "currency", None) == unit}, reverse=True)
    from worldsmith.environments.graph_tasks import stated_figures

    stated = stated_figures(world)[0].get(unit, set())  # (allowed beside the final figure too, kit14)
    own = {n for c in task.rubric.criteria for n in [*c.check.numbers, *c.check.allowed] if n} - stated
    steps = own | {a + b for a in own for b in own} | {abs(a - b) for a in own for b in own} | set(map(float, amounts))
    steps |= stated
    # a gap of two room figures that is no figure of the task's own working
    gap = next(a - b for i, a in enumerate(amounts) for b in amounts[i + 1:] if float(a - b) not in steps)
    body, final = task.solution.answer.rsplit("\nAnswer: ", 1)
    right = f"{body}\nTwo figures of the room stand {unit} {gap:,.0f} apart.\nAnswer: {final}"
    assert "states_unledgered_amount" not in grade(task, Session(world, tmp_path / "r"), right).negatives_met
    made_up = f"{body}\nTwo figures of the room stand {unit} {gap + 12345:,.0f} apart.\nAnswer: {final}"
    assert "states_unledgered_amount" in grade(task, Session(world, tmp_path / "w"), made_up).negatives_met


@pytest.mark.parametrize("text, figure, old", [
    # kit12: a chronology's figure and its day read as denied by a bracket on the superseded figure of its own
    ("Sarah Webb sent the landlord's proposed rent of GBP 1,647,800 with the kick-off minutes on February 11, 2026 (the "
     "superseded GBP 1,774,850 GIA figure is not the current figure); the offer of GBP 1,391,000 on April 14, 2026.",
     "GBP 1,647,800", "GBP 1,774,850"),
    ("The tenant's proposed rent of GBP 1,326,800 on March 9, 2026 (fortnightly update; the GBP 1,284,000 draft of 26 "
     "February was superseded and never sent to Marwick), the offer of GBP 1,391,000 on April 14, 2026.",
     "GBP 1,326,800", "GBP 1,284,000"),
    # kit11: 'which Ridgeway moved to 70 users on April 20, 2026 (the earlier 112 is superseded)'
    ("Agenda item 3 is the integration service accounts, which Ridgeway moved to 70 users on April 20, 2026 (the "
     "earlier 112 is superseded).", "70", "112"),
])
def test_a_bracket_after_a_figures_day_on_its_own_superseded_figure_spares_the_figure(text, figure, old):
    found = {m.text: m for m in answers.parse(text).mentions}
    assert found[figure].status == "asserted", text
    assert next(m for m in answers.parse(text).mentions if m.kind == "date").status == "asserted", text
    assert found[old].status != "asserted", text


def test_a_bracket_after_a_figures_day_that_sets_the_figure_aside_still_does():
    for text in ("The cap was USD 148m on March 13, 2026 (superseded).",
                 "The cap was USD 148m on March 13, 2026 (superseded by USD 156.2m).",
                 "The cap was USD 148m on March 13, 2026 (this is not the current figure)."):
        assert answers.parse(text).mentions[0].status != "asserted", text


PASSING_CHECK = Check(type="answer_misstated", values=["GBP 1,240,000"], numbers=[1240000.0], unit="GBP",
                      a_words=["passing rent"], b_words=["net internal area"])


def test_a_pick_of_the_larger_worked_with_equals_is_not_the_labels_figure():
    # kit12: 'Step 2: greater of GBP 1,759,080 and passing rent GBP 1,240,000 = GBP 1,759,080' fired misstates_passing_rent
    assert not misstated("Step 2: greater of GBP 1,759,080 and passing rent GBP 1,240,000 = GBP 1,759,080 (rent "
                         "determined by the expert).", PASSING_CHECK)
    assert misstated("Step 2: greater of GBP 1,759,080 and passing rent GBP 1,250,000 = GBP 1,759,080.", PASSING_CHECK)
    assert misstated("The passing rent is GBP 1,250,000 = GBP 1,000,000 x 1.25.", PASSING_CHECK)  # working still binds
