"""kit20's residue, as classes of mistake read on an outline of our own (a construction delay claim nobody has seen):
a choice field named by a word another figure shares or by a plain synonym, a contrast or a reason written out beside
the option; a side post that misstates the matter beside a right answer; a sheet whose sources or formulas are not the
room's; zero and counts said in words."""

from decimal import Decimal
from types import SimpleNamespace as NS

from worldsmith.environments import forms
from worldsmith.environments.tasks import Check


def _money(n):
    return NS(type="money", amount=Decimal(n), currency="USD")


def _delay_world():
    # the employer's recoverable delay damages are the lesser of the contractor's delay costs and the damages cap
    facts = [
        NS(id="rate", label="delay damages cap rate", value=NS(type="percent", value=Decimal(10)), formula=None,
           text="10%", statement="Clause 14 caps delay damages at 10% of the contract price."),
        NS(id="price", label="contract price", value=_money(9_000_000), formula=None, text="USD 9,000,000",
           statement="The contract price is USD 9,000,000."),
        NS(id="cap", label="maximum delay damages", value=_money(900_000), formula="percent_of(rate, price)",
           text="USD 900,000", statement="At 10% of USD 9,000,000 the cap is USD 900,000."),
        NS(id="costs", label="employer's delay costs incurred", value=_money(1_200_000), formula=None,
           text="USD 1,200,000", statement="The employer's delay costs come to USD 1,200,000."),
        NS(id="allowed", label="recoverable delay damages", value=_money(900_000), formula="min(cap, costs)",
           text="USD 900,000", statement="The employer recovers USD 900,000."),
        NS(id="paid", label="interim sum paid", value=_money(250_000), formula=None, text="USD 250,000",
           statement="The contractor has paid USD 250,000 on account."),
    ]
    return NS(plan=NS(facts=facts, organisations=[], distractors=[]), facts={f.id: f for f in facts})


def test_a_choice_is_named_so_no_other_figure_answers_to_it_by_a_synonym_a_contrast_or_its_reason():
    # kit20 wrong forms at 1.0: 'Governs: stacking', 'deduction', 'paid', 'the royalties' (each a word another figure of
    # the room shares: the very deduction the choice governs, the royalty paid); right forms at 0.8: 'Governs: cap',
    # 'the maximum stacking deduction (not the third-party royalties paid)', '... , because it is lower'
    world = _delay_world()
    governs = Check(type="answer_field", values=["the maximum delay damages"], a_words=["Governs"],
                    b_words=["the employer's delay costs incurred"], expect="choice")
    form = "Governs: {}\nAnswer: USD 900,000"
    for said in ("the maximum delay damages", "maximum", "the cap", "cap", "the cap (maximum delay damages)",
                 "the maximum delay damages (not the employer's delay costs incurred)",
                 "the maximum delay damages, not the employer's delay costs",
                 "the maximum delay damages, because it is lower", "the maximum delay damages (it is lower)"):
        assert forms.field_holds(form.format(said), governs, _delay_world()), said
    for said in ("delay", "damages", "delay damages", "the costs", "costs incurred", "the floor", "max",
                 "the employer's delay costs incurred (not the maximum delay damages)",
                 "the maximum delay damages (not the maximum delay damages)",
                 "the maximum delay damages, because it is higher", "the cap (employer's delay costs incurred)"):
        assert not forms.field_holds(form.format(said), governs, world), said
    # 'Larger: X, because it is lower' says the wrong thing of the larger one, whatever the lesser-of picks
    larger = Check(type="answer_field", values=["the employer's delay costs incurred"], a_words=["Larger"],
                   b_words=["the maximum delay damages"], expect="choice")
    assert forms.field_holds("Larger: the employer's delay costs incurred (it is higher)", larger, world)
    assert not forms.field_holds("Larger: the employer's delay costs incurred, because it is lower", larger, world)
    assert not forms.field_holds("Larger: the employer's delay costs incurred (it is lower)", larger, world)


def test_nothing_a_count_or_a_rate_said_as_a_professional_says_it_is_the_figure():
    # kit20 right forms marked down: 'Answer: zero', 'USD nil', 'nil', 'USD 0 (none)' (0.79-0.93); '20d' and '20 days
    # later' for how many days after (0.67); 'one hundred forty-six days' (0.75); '900 bps' for 9% (0.95)
    nothing = Check(type="answer_field", values=["USD 0"], a_words=["Answer"], expect="amount")
    for said in ("zero", "nil", "USD nil", "USD 0 (none)", "Nil.", "$0.00"):
        assert forms.field_holds(f"Answer: {said}", nothing), said
    for said in ("USD 5,000 (none)", "none of it", "nil or USD 5,000", "not zero"):
        assert not forms.field_holds(f"Answer: {said}", nothing), said
    days = Check(type="answer_field", values=["146 days"], a_words=["Answer"], expect="days")
    for said in ("146d", "146 d", "146 days later", "146 days after", "one hundred forty-six days",
                 "one hundred and forty-six"):
        assert forms.field_holds(f"Answer: {said}", days), said
    for said in ("146 days earlier", "145d", "one hundred forty-five days", "146 months later", "146 dollars"):
        assert not forms.field_holds(f"Answer: {said}", days), said
    rate = Check(type="answer_field", values=["9%"], a_words=["Rate"], expect="percent")
    for said in ("900 bps", "900 basis points", "900bp"):
        assert forms.field_holds(f"Rate: {said}", rate), said
    for said in ("90 bps", "9 bps", "900 bps or 9.5%"):
        assert not forms.field_holds(f"Rate: {said}", rate), said


def _form_task(instruction: str, fields: list[tuple[str, str, str]]):
    rubric = NS(criteria=[NS(check=Check(type="answer_field", values=[v], a_words=[n], expect=kind))
                          for n, v, kind in fields])
    return NS(instruction=instruction, rubric=rubric)


def test_a_post_beside_a_form_that_gives_the_forms_figure_another_value_is_caught():
    # kit20 wrong end states at 1.0: a right form, and in chat 'FYI the underpayment is really USD 1,320,000', 'net
    # sales governing figure is USD 83,200,000 - the 86m is superseded', 'the third-party royalties figure (USD
    # 4,600,000)'; beside a what-if (cap rate supposed 60%), 'Even at a 60% cap the interest stays at USD 23,760'
    from worldsmith.environments import side_checks

    world = _delay_world()
    chrono = _form_task("When was the employer told of its delay costs? Give these lines.",
                        [("Employer's delay costs incurred", "USD 1,200,000", "amount"),
                         ("Contract price", "USD 9,000,000", "amount")])
    wrong = lambda t, task=chrono: side_checks.contradicts_form(task, world, [t])  # noqa: E731
    assert wrong("FYI the employer's delay costs are really USD 2,400,000.")
    assert wrong("Team: contract price governing figure is USD 8,000,000 - the 9m is superseded.")
    assert wrong("The contract price figure (USD 8,500,000) came from us on July 10.")
    assert not wrong("FYI the employer's delay costs incurred are USD 1,200,000.")
    assert not wrong("The earlier contract price of USD 8,000,000 is superseded; it is USD 9,000,000 now.")
    assert not wrong("The interim sum paid is USD 250,000.")
    reconcile = _form_task("Which figure of the contract price governs now? Give these lines.",
                           [("Figure that governs now", "USD 9,000,000", "amount")])
    assert side_checks.contradicts_form(reconcile, world, ["The contract price is USD 8,000,000."])
    assert not side_checks.contradicts_form(reconcile, world, ["The contract price is USD 9,000,000."])
    what_if = _form_task("Suppose the delay damages cap rate were 20% instead of the figure the room gives. Keeping "
                         "every other figure, what would the recoverable delay damages be?",
                         [("Maximum delay damages, recomputed", "USD 1,800,000", "amount"),
                          ("Answer", "USD 1,200,000", "amount")])
    wrong = lambda t: side_checks.contradicts_form(what_if, world, [t])  # noqa: E731
    assert wrong("Even at a 20% cap the recoverable delay damages stay at USD 900,000.")
    assert wrong("At 20% the maximum delay damages would be USD 900,000.")
    assert not wrong("As the room stands the recoverable delay damages are USD 900,000.")  # true of the room
    assert not wrong("At 20% the recoverable delay damages would be USD 1,200,000.")


def test_a_superseded_figure_with_its_paper_in_a_bracket_is_the_figure():
    # kit20 right forms at 0.8: 'Superseded figures: USD 83,200,000 (preliminary)', '... (preliminary statement,
    # February 4, 2026)'; '(replaced by USD 86,000,000)' and '(still governs)' stay wrong
    listed = Check(type="answer_field", values=["USD 450,000"], a_words=["Superseded figures"], expect="amounts")
    for said in ("USD 450,000 (interim valuation)", "USD 450,000 (interim valuation, March 3, 2026)", "USD 450,000"):
        assert forms.field_holds(f"Superseded figures: {said}", listed), said
    for said in ("USD 450,000 (replaced by USD 500,000)", "USD 450,000 (still governs)", "USD 450,000 (USD 500,000)",
                 "USD 450,000 (not superseded)", "USD 500,000 (interim valuation)"):
        assert not forms.field_holds(f"Superseded figures: {said}", listed), said


def test_a_reply_beside_a_form_that_says_the_figure_arrived_another_day_is_caught():
    # kit20: a right as-of form, and a reply to the client 'you first had the royalty paid figure from us on July 10'
    # (the form's day received was March 9) scored 1.0
    from worldsmith.environments import side_checks

    world = _delay_world()
    told = _form_task("When did the employer first receive its delay costs? Give these lines.",
                      [("Day received", "2026-03-09", "date"), ("Figure", "USD 1,200,000", "amount")])
    wrong = lambda t: side_checks.contradicts_form(told, world, [t])  # noqa: E731
    assert wrong("You first had the employer's delay costs figure from us on July 10.")
    assert wrong("The delay costs incurred were first sent to you on 10 July.")
    assert not wrong("You first had the employer's delay costs figure from us on March 9.")
    assert not wrong("We meet on July 10 to discuss the delay costs incurred.")  # no word of its arriving
    assert not wrong("You first had the contract price from us on July 10.")  # another figure's day


def test_a_percent_a_facts_label_carries_is_no_rival_of_a_final_percent():
    # an unseen service-credit outline: the right reconcile answer 'The move between the two is 15%. The credit
    # applies for each month below 98.0% availability. Answer: 15%' lost its movement (0.6): the SLA's 98.0% threshold,
    # which the label 'months below 98.0% availability' carries, read as a second figure for the move
    from worldsmith.environments.grade import _final, label_terms

    check = Check(type="answer_final", values=["15%"], numbers=[15.0], unit="%", allowed=[25.0, 10.0])
    right = ("The service credit rate that governs now is 25%; the earlier 10% of the preliminary tally is superseded. "
             "The move between the two is 15%. The credit applies for each month below 98.0% availability.\n"
             "Answer: 15%")
    terms = label_terms(("months below 98.0% availability", "service credit rate"))
    assert not _final(right, check)  # without the labels' terms the threshold is a rival
    assert _final(right, check, terms)
    # a rival that is no term of the matter still fails, and so does the term given as the answer
    assert not _final(right.replace("98.0%", "97.5%"), check, terms)
    assert not _final(right.replace("Answer: 15%", "Answer: 98.0%").replace("is 15%", "is 98.0%"), check, terms)
