"""The answer form (environments/forms.py): an answer of figures, days, names and choices is asked as named lines and
read strictly, so the wrong answers blind red teams wrote in prose (kit15, kit16) fail and right ones in any usual
form pass."""

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments import forms
from worldsmith.environments.attacks import attack_task, rates
from worldsmith.environments.grade import grade
from worldsmith.environments.lint import apply_solution
from worldsmith.environments.session import Session
from worldsmith.environments.tasks import Check

ANSWER_KINDS = {"as_of", "what_if", "reconcile", "exceed", "governs", "decision", "brief"}


@pytest.fixture(scope="module")
def form_tasks(published_legal):
    world = worldsmith.open(published_legal)
    yield world, task_set_of(world, forms=True).tasks
    world.close()


def _field(kind: str, value: str, *others: str) -> Check:
    return Check(type="answer_field", a_words=["Termination fee"], values=[value], expect=kind, b_words=list(others))


@pytest.mark.parametrize("line", ["Termination fee: USD 4,374,000", "termination fee: $4,374,000.00",
                                  "- **Termination fee:** USD 4.374m", "Termination fee: 4.374 million dollars",
                                  "The termination fee:   USD 4,374,000"])
def test_a_figure_in_any_usual_form_fills_its_field(line):
    assert forms.field_holds(line, _field("amount", "USD 4,374,000"))


@pytest.mark.parametrize("line", [
    "Termination fee: not USD 4,374,000",  # negated
    "Termination fee: USD 4,374,000 or USD 4,680,000",  # hedged across candidates
    "Termination fee: approximately USD 4,374,000",
    "Termination fee: USD 4,374,000 (Castellan's figure, which we reject)",  # kit16: attributed to the other side
    "Termination fee: USD 4,374,000, I think",  # kit16: a trailing hedge no word list held
    "Termination fee: USD 4,680,000",  # the superseded figure
    "Termination fee: GBP 4,374,000",  # another currency
    "Termination fee:",
])
def test_a_field_holds_its_figure_alone(line):
    assert not forms.field_holds(line, _field("amount", "USD 4,374,000"))


def test_a_choice_must_tell_one_option_from_the_others():
    governs = Check(type="answer_field", a_words=["Governs"], values=["the termination fee"], expect="choice",
                    b_words=["the termination fee cap"])
    assert forms.field_holds("Governs: the termination fee", governs)
    assert forms.field_holds("Governs: Termination fee", governs)
    assert not forms.field_holds("Governs: the termination fee cap", governs)
    assert not forms.field_holds("Governs: the cap", governs)
    assert not forms.field_holds("Governs: the termination fee or the termination fee cap", governs)
    assert not forms.field_holds("Governs: not the termination fee cap", governs)  # a denial names no option
    cap = governs.model_copy(update={"values": ["the termination fee cap"], "b_words": ["the termination fee"]})
    assert forms.field_holds("Governs: the cap", cap)  # the one word that tells it


def test_dates_in_any_unambiguous_form_and_never_a_day_off():
    day = Check(type="answer_field", a_words=["Day received"], values=["2026-05-22"], expect="date")
    for v in ("May 22, 2026", "22 May 2026", "2026-05-22", "22/05/2026", "Friday, 22 May 2026"):
        assert forms.field_holds(f"Day received: {v}", day), v
    for v in ("May 23, 2026", "May 22, 2026 or May 23, 2026", "around May 22, 2026"):
        assert not forms.field_holds(f"Day received: {v}", day), v


def test_a_line_outside_the_form_costs_the_task():
    names = ["Termination fee", "Answer"]
    right = "Termination fee: USD 4,374,000\nAnswer: USD 626,000"
    assert not forms.outside_form(right, names)
    assert not forms.outside_form("\n" + right.replace("\n", "\n\n") + "\n---\n", names)
    for extra in ("These are the other side's figures, and we reject them.", "On reflection, disregard the above.",
                  "The cap therefore binds, and USD 5,000,000 is payable.", "Answer: USD 4,680,000"):
        assert forms.outside_form(right + "\n" + extra, names), extra


def test_every_answer_kind_of_the_legal_world_is_a_form_and_its_attack_suite_holds(form_tasks, tmp_path):
    world, tasks = form_tasks
    asked = [t for t in tasks if t.kind in ANSWER_KINDS]
    formed = [t for t in asked if forms.form_names(t) is not None]
    assert len(formed) >= 0.8 * len(asked), [t.id for t in asked if t not in formed]
    for t in formed:
        names = forms.form_names(t)
        assert all(f"\n{n}: <" in t.instruction for n in names), t.id
        assert t.solution.answer.splitlines()[-1].startswith("Answer: ")
    # The whole attack list on the first task of each answer kind: the set's first eight were four what-ifs, two
    # governs and two exceeds (repeats of three kinds, and none of as-of, reconcile, brief or decision).
    picked = list({t.kind: t for t in reversed(formed)}.values())
    assert len(picked) >= 6, sorted({t.kind for t in formed})
    outcomes = []
    for t in picked:
        outcomes += attack_task(t, world, tmp_path / t.id)
    r = rates(outcomes)
    wrong = [(o.task, o.candidate, o.score) for o in outcomes if o.wrong]
    assert r["must_pass"] >= 6 * len(picked) and r["must_fail"] >= 20 * len(picked)
    assert r["false_positive"] == 0.0 and r["false_negative"] == 0.0, wrong


def test_the_oracle_scores_1_and_a_prose_answer_beside_it_0(form_tasks, tmp_path):
    world, tasks = form_tasks
    task = next(t for t in tasks if t.kind == "governs" and forms.form_names(t))
    session = Session(world, tmp_path / "s")
    apply_solution(task, session)
    assert grade(task, session).score == 1.0
    prose = task.solution.answer + "\nSo the cap does not bind; but these are the other side's figures."
    assert grade(task, session, prose).score == 0.0
    assert "outside_form" in grade(task, session, prose).penalties_met


def test_a_review_is_its_wrong_lines_alone(form_tasks, tmp_path):
    """kit16: 'Also, the cap binds, so the note should say Ardmore pays USD 5,000,000' and 'None of the above should be
    relied on' beside a right Wrong: line scored 1.0; a review is now read in its Wrong: lines and nothing else."""
    world, tasks = form_tasks
    review = next(t for t in tasks if t.kind == "review")
    assert forms.form_names(review) == ["Wrong"] and "scores 0" in review.instruction
    assert all(ln.startswith("Wrong:") for ln in review.solution.answer.splitlines())
    session = Session(world, tmp_path / "s")
    apply_solution(review, session)
    assert grade(review, session).score == 1.0
    assert grade(review, session, "- **" + review.solution.answer.replace("Wrong:", "Wrong:**", 1)).score == 1.0
    assert grade(review, session, review.solution.answer + "\nThe other figures look right to me.").score == 0.0


def test_a_count_may_name_its_unit_in_other_words_but_carry_nothing_else():
    tonnage = Check(type="answer_field", a_words=["Gross tonnage"], values=["62,480 GT"], expect="number")
    for v in ("62,480 GT", "62,480 gross tons", "62480"):
        assert forms.field_holds(f"Gross tonnage: {v}", tonnage), v
    for v in ("62,480 GT, which we reject", "62,480 tons or 62,000", "about 62,480 GT"):
        assert not forms.field_holds(f"Gross tonnage: {v}", tonnage), v


def test_a_field_in_another_unit_or_as_a_question_fails(form_tasks):
    """kit17 (a blind red team on an unseen rent-review outline): 'Answer: 3 months' for 3 days, 'Floor area: 24,000 sq
    m' for sq ft, 'Months of back rent: 9 years' and 'Governs: the capped rent?' each scored 1.0; 'usd 1,380,000'
    scored 0.29."""
    days = Check(type="answer_field", a_words=["Answer"], values=["3 days"], expect="days")
    assert all(forms.field_holds(f"Answer: {v}", days) for v in ("3", "3 days", "3 calendar days"))
    assert not any(forms.field_holds(f"Answer: {v}", days) for v in ("3 months", "3 business days", "101 hours"))
    area = Check(type="answer_field", a_words=["Floor area"], values=["24,000 sq ft"], expect="number")
    assert forms.field_holds("Floor area: 24,000 square feet", area)
    assert not forms.field_holds("Floor area: 24,000 sq m", area)
    governs = Check(type="answer_field", a_words=["Governs"], values=["the capped rent"], expect="choice",
                    b_words=["the open market rent"])
    assert forms.field_holds("Governs: the capped rent", governs)
    assert not forms.field_holds("Governs: the capped rent?", governs)
    assert forms.field_holds("Termination fee: usd 4,374,000", _field("amount", "USD 4,374,000"))


@pytest.mark.parametrize("line, ok", [
    ("Wrong: USD 252,000 -> USD 108,000 (Expert determination; Lease extract)", True),
    ("- **Wrong:** line 4: USD 252,000 \u2192 USD 108,000", True),
    ("Wrong: USD 252,000 -> the capped rent exceeds the open market rent by USD 108,000 (Lease extract)", False),
    ("Wrong: USD 252,000 -> USD 108,000 per month (Lease extract)", False),
    ("Wrong: USD 252,000 -> USD 108,000, later superseded by USD 252,000", False),
])
def test_a_wrong_line_is_the_drafted_figure_an_arrow_and_the_one_correction(line, ok):
    assert forms.outside_form(line, ["Wrong"], repeat=True) is not ok


def test_the_usual_ways_a_professional_writes_a_value_pass_and_their_opposites_fail():
    """kit17's right forms marked down: a fall with its sign or in words, a yearly figure 'a year', a rate 'per sq ft',
    a US date month first in a US matter, a date with its time, an option with its clause in brackets."""
    fall = Check(type="answer_field", a_words=["Answer"], values=["USD 144,000"], expect="amount", b_words=["down"])
    assert all(forms.field_holds(f"Answer: {v}", fall) for v in ("USD 144,000", "-USD 144,000", "a fall of USD 144,000"))
    assert not any(forms.field_holds(f"Answer: {v}", fall) for v in ("+USD 144,000", "a rise of USD 144,000"))
    rate = Check(type="answer_field", a_words=["Market rate per sq ft"], values=["USD 62"], expect="amount")
    assert forms.field_holds("Market rate per sq ft: USD 62 per sq ft", rate)
    assert not forms.field_holds("Market rate per sq ft: USD 62 per month", rate)
    assert forms.field_holds("Rent increase: USD 288,000 a year", Check(
        type="answer_field", a_words=["Rent increase"], values=["USD 288,000"], expect="amount"))
    us = Check(type="answer_field", a_words=["Day"], values=["2026-05-11"], expect="date", b_words=["en_US"])
    assert forms.field_holds("Day: 05/11/2026", us) and not forms.field_holds("Day: 11/05/2026", us)
    assert forms.field_holds("Day: May 11, 2026 at 9:10 am ET", us)
    uk = us.model_copy(update={"b_words": ["en_GB"]})
    assert forms.field_holds("Day: 11/05/2026", uk) and not forms.field_holds("Day: 05/11/2026", uk)
    capped = Check(type="answer_field", a_words=["Governs"], values=["the capped rent"], expect="choice",
                   b_words=["the open market rent"])
    assert forms.field_holds("Governs: the capped rent (clause 7.4)", capped)
    assert not forms.field_holds("Governs: the open market rent (clause 7.4)", capped)
    named = Check(type="answer_field", a_words=["Governs"], values=["the Clause 41.3 cap"], expect="choice",
                  b_words=["the contribution demand"])
    assert forms.field_holds("Governs: the Clause 41.3 cap", named)  # a provision in the option's own name stays
