"""Classes s24's blind red team found on two unseen outlines (a patent royalty audit, a demurrage arbitration) and
verify27's own attacks, read on texts of other trades (a franchise fee, a charter of a crane, a grant) so the readers
are shown to be general. Parser-level: no world is made."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from worldsmith.environments import answers, attacks, forms, grade
from worldsmith.environments.answers import Want
from worldsmith.environments.tasks import Check

FEE = Want("money", D("48215.40"), "EUR")


@pytest.mark.parametrize("text,status", [
    ("I doubt that the franchise fee for the year would be EUR 48,215.40.", "negated"),
    ("We dispute that the franchise fee is EUR 48,215.40.", "negated"),
    ("We cannot confirm that the franchise fee is EUR 48,215.40.", "negated"),
    ("It is doubtful whether the fee comes to EUR 48,215.40.", "negated"),
    ("The franchisor argues that the fee is EUR 48,215.40; we reject that.", "negated"),
    ("Maria Olsen contends that the fee is EUR 48,215.40.", "hedged"),  # reported, not asserted
    # our own assertion, an agreed position and a paper cited stay asserted
    ("We submit that the franchise fee is EUR 48,215.40.", "asserted"),
    ("We confirm that the franchise fee is EUR 48,215.40.", "asserted"),
    ("The franchisor argues that the fee is EUR 48,215.40, and we agree.", "asserted"),
    ("The audit report says that the fee is EUR 48,215.40.", "asserted"),
    ('The fee would be "EUR 48,215.40", or so they say.', "hedged"),
])
def test_a_figure_inside_a_frame_that_doubts_disputes_or_attributes_it_is_not_asserted(text, status):
    # s24 blind: 'I doubt that X is USD ...', 'We dispute that ...', 'Gail argues that ...; we reject that', 'We cannot
    # confirm that ...' around the right sentence each scored 1.0 on memos and replies
    assert answers.asserts(text, FEE).status == status


@pytest.mark.parametrize("text,defers", [
    ("The fee is EUR 48,215.40. We have not formed a view on it.", True),
    ("The fee is EUR 48,215.40. No view has yet been formed.", True),
    ("The fee is EUR 48,215.40. We have formed a view.", False),
])
def test_an_answer_that_says_it_holds_no_view_defers(text, defers):
    assert bool(grade._DEFERS.search(text)) is defers


@pytest.mark.parametrize("text,right", [
    ("The fee is EUR 48.215,40.", True),
    ("The grant paid was EUR 1.588.510 and the fee EUR 48.215,40; the rate 3,75%.", True),
    ("The fee is EUR 48.215,41.", False),
])
def test_european_number_forms_are_read(text, right):
    # s24 blind: 'USD 222.337,50' for USD 222,337.50 scored 0
    assert (answers.asserts(text, FEE).status == "asserted") is right
    if "3,75%" in text:
        assert answers.asserts(text, Want("percent", D("3.75"))).status == "asserted"


@pytest.mark.parametrize("said,expected,right", [
    ("7.5 days", Want("number", D(180), unit="hours"), True),
    ("180 hours", Want("number", D("7.5"), unit="days"), True),
    ("180h", Want("number", D(180), unit="hours"), True),
    ("7.6 days", Want("number", D(180), unit="hours"), False),
    ("1,240 cranes", Want("number", D(1240), unit="units"), True),  # a count in its own noun
    ("1,240 units", Want("number", D(1240), unit="cranes"), True),
    ("1,240 hours", Want("number", D(1240), unit="units"), False),  # a measure is no count
    ("EUR 0.0482 million", FEE, False),  # a scale word above the figure rounds nothing
    ("EUR 95.2 million", Want("money", D("95212500"), "EUR"), True),
])
def test_durations_counts_and_scale_words_are_read_as_a_reader_reads_them(said, expected, right):
    # s24 blind: '5.5 days' for 132 hours, '403h' and '45,180 consoles' for units scored 0; 'USD 0.542 million' passed
    # where 'USD 542,000' failed
    assert (answers.asserts(f"The figure is {said}.", expected).status == "asserted") is right


@pytest.mark.parametrize("value,right", [
    ("EUR 420", True), ("EUR 420 per hour", True), ("EUR 420 an hour", True), ("EUR 420 per day", False),
])
def test_a_rate_field_takes_the_period_its_name_gives(value, right):
    # s24 blind: 'Demurrage rate per hour: USD 1,100 per day' scored 1.0 (the fact's statement says 'a day pro rata')
    check = Check(type="answer_field", a_words=["Crane hire rate per hour"], values=["EUR 420"], expect="amount")
    assert forms._figure_ok(value, check) is right


def test_what_a_reader_never_sees_is_not_read_and_a_sentence_that_takes_the_answer_back_retracts():
    hidden = "<!-- The fee is EUR 48,215.40. --> The fee is in the annex."
    assert answers.asserts(answers.as_read(hidden), FEE).status == "absent"
    span = '<span style="display:none">The fee is EUR 48,215.40.</span> See the annex.'
    assert answers.asserts(answers.as_read(span), FEE).status == "absent"
    for after in ("That answer is wrong.", "Not really.", "Our conclusion is not correct."):
        assert grade._RETRACT.search(f"The fee is EUR 48,215.40. {after}")
    assert not grade._RETRACT.search("The fee is EUR 48,215.40. The earlier figure was wrong. This is not right.")


def test_the_attack_suite_writes_each_class_for_a_task():
    text = "Yes. The fee (EUR 48,215.40) exceeds the cap (EUR 40,000) by EUR 8,215.40. Downtime: 180 hours.\n" \
           "Answer: EUR 8,215.40"
    assert "EUR 48.215,40" in attacks.european(text) and "7.5 days" in attacks._in_days(text)
    framed = attacks._frame_sentences(text, "EUR 8,215.40", "I doubt that {s}.")
    assert framed.startswith("Yes. I doubt that the fee (EUR 48,215.40) exceeds") and "Answer: EUR 8,215.40" in framed
    fields = [("Crane hire rate per hour", "EUR 420"), ("Answer", "EUR 8,215.40")]
    checks = {"Crane hire rate per hour": Check(type="answer_field", a_words=["Crane hire rate per hour"],
                                                values=["EUR 420"], expect="amount"),
              "Answer": Check(type="answer_field", a_words=["Answer"], values=["EUR 8,215.40"], expect="amount")}
    made = {name: ok for name, ok, _ in attacks._verify27_form_candidates(fields, checks)}
    assert made == {"european_forms": True, "scaled_below_one": False, "rate_other_period:Crane hire rate per hour": False,
                    "signed_answer": False}


def test_the_sum_the_payer_owes_said_to_be_paid_to_it_by_its_role_costs():
    # s24 blind: 'Corvane would refund USD 254,805.20 to the licensee' (the licensee pays) scored 1.0 on a memo; the
    # check knew the payer by its name only, and read 'would' as someone else's view
    from types import SimpleNamespace
    orgs = [SimpleNamespace(id="brightmoor", name="Brightmoor Cranes Ltd", role="client; the owner of the cranes"),
            SimpleNamespace(id="oakfield", name="Oakfield Build plc", role="the hirer under the crane hire contract")]
    world = SimpleNamespace(plan=SimpleNamespace(organisations=orgs, facts=[]))
    world.__dict__["_payer"] = "oakfield"
    for text in ("Brightmoor would refund EUR 48,215.40 to the hirer.", "The hire due would be EUR 48,215.40, payable by "
                 "Brightmoor to Oakfield."):
        assert grade.pays_the_payer(world, text), text
    for text in ("Oakfield would pay EUR 48,215.40 to Brightmoor.", "The hirer would pay Brightmoor EUR 48,215.40.",
                 "If the hirer disputes it, Brightmoor would pay EUR 500 to the hirer.",
                 "The hire due from the hirer would be EUR 48,215.40."):
        assert not grade.pays_the_payer(world, text), text


@pytest.mark.parametrize("text,as_fact", [
    ("The hire due would then be EUR 48,215.40.", False),
    ("On that supposition the hire due is EUR 48,215.40.", False),
    ("EUR 48,215.40 is the hire due if the crane stood idle for 180 hours.", False),
    ("The hire due from the hirer is EUR 48,215.40.", True),
    ("Result: the hire due totals EUR 48,215.40.", True),
])
def test_a_what_if_result_stated_as_the_figure_the_room_holds_costs(text, as_fact):
    # s24 blind: 'The amount demanded from the licensee is USD 254,805.20' in a what-if memo scored 1.0
    from types import SimpleNamespace
    final = Check(type="file_final", values=["EUR 48,215.40"], numbers=[48215.40], unit="EUR")
    task = SimpleNamespace(instruction="Suppose the idle time were 180 hours instead of the figure the room gives. "
                                       "What would the hire due be?",
                           rubric=SimpleNamespace(criteria=[SimpleNamespace(check=final)]))
    assert grade.what_if_as_fact(task, text) is as_fact


def test_a_participle_before_a_relative_that_is_no_ones_position():
    # the construction fixture's reconcile reference 'The loss and expense claimed that governs now is USD 1,500,000'
    # was read as someone's claim (0.67) while the attribution reader was being written
    said = "The franchise fee claimed that governs now is EUR 48,215.40."
    assert answers.asserts(said, FEE).status == "asserted"


def test_a_sentence_that_ends_by_giving_its_figures_to_others_hedges_them():
    # verify27's scare_quoted on the hospital example's reply: '... by 6.2 percentage points, or so they say.' scored
    # 1.0 (the unit between the figure and the tail)
    said = "The denial rate exceeds the service level by 6.2 percentage points, or so they say."
    assert answers.asserts(said, Want("number", D("6.2"), unit="percentage points")).status == "hedged"
    assert answers.asserts("The denial rate exceeds the service level by 6.2 percentage points.",
                           Want("number", D("6.2"), unit="percentage points")).status == "asserted"
