"""What a blind red team on an unseen outline (kit16) found in the prose the verifier still reads (replies, memos,
reviews): the side that does not decide said to bind, an answer offered as a coin-flip or disowned as the other
side's, a multiple read as misstating a label, and a cited file's name read as a redated deadline."""

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments import grade as G
from worldsmith.environments.attacks import attack_task
from worldsmith.environments.lint import apply_solution
from worldsmith.environments.session import Session


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, task_set_of(world).tasks
    world.close()


def test_the_side_that_does_not_decide_said_to_bind_costs_a_right_answer(legal, tmp_path):
    world, tasks = legal
    task = next(t for t in tasks if t.kind == "exceed" and any(c.id == "loser_binds" for c in t.rubric.negative_criteria))
    loser = next(c for c in task.rubric.negative_criteria if c.id == "loser_binds").check.a_words
    session = Session(world, tmp_path / "s")
    apply_solution(task, session)
    right = task.solution.answer
    assert G.grade(task, session, right).score == 1.0
    subject = "the " + " ".join(loser)
    assert G.grade(task, session, right + f"\n{subject.capitalize()} therefore binds.").score < 1.0
    # a clause that supposes says nothing of what is
    assert G.grade(task, session, right + f"\n{subject.capitalize()} would bind only on other figures.").score == 1.0


def test_the_same_said_in_a_review_costs_it_whatever_its_rubric(legal):
    world, _ = legal
    sides = G._losing_sides(world)
    assert sides, "the legal world weighs a cap against a claim"
    lose, _ = sides[0]
    assert G.binds_the_other_side(world, f"Also, the {' '.join(lose)} binds, so the note should say so.")
    assert not G.binds_the_other_side(world, f"So the {' '.join(lose)} does not bind.")


@pytest.mark.parametrize("text, disowned", [
    ("It is roughly a coin-flip, but on one reading the cap exceeds the fee by USD 626,000.", True),
    ("The cap exceeds the fee by USD 626,000. None of the above should be relied on; I have not been able to "
     "determine the answer.", True),
    ("Castellan says the cap (USD 5,000,000) exceeds the fee (USD 4,374,000) by USD 626,000. We reject that; it is "
     "wrong.", True),
    ("Castellan asserts the following, which we reject as wrong: the cap is USD 5,000,000.", True),
    ("The cap (USD 5,000,000) exceeds the fee (USD 4,374,000) by USD 626,000, so the cap does not bind.", False),
])
def test_an_answer_offered_as_a_guess_or_disowned_is_taken_back(legal, text, disowned):
    world, _ = legal
    assert G.disowns(text, world) is disowned


def test_rejecting_a_superseded_figure_is_no_disowning(legal):
    world, _ = legal
    old = next(d for d in world.plan.distractors)
    assert not G.disowns(f"The earlier paper put it at {old.text}. We reject that: it was superseded.", world)


def test_a_multiple_before_an_amount_makes_the_amount_a_term_of_the_working():
    text = "The termination fee is 3x the trailing base management fee of USD 1,458,000."
    assert not G.misbound(text, ["termination fee is"], "USD 4,374,000", 4374000.0, "USD")
    assert G.misbound("The termination fee is USD 1,458,000.", ["termination fee is"], "USD 4,374,000", 4374000.0, "USD")


def test_a_cited_files_name_is_no_deadline_redated(legal, tmp_path):
    world, tasks = legal
    replies = [t for t in tasks if t.kind == "reply"][:3]
    outcomes = [o for t in replies for o in attack_task(t, world, tmp_path / t.id, {"cites_file_paths"})]
    assert outcomes and all(o.score == 1.0 for o in outcomes), outcomes


def test_a_source_cell_down_a_tables_column_is_no_padding_and_a_rate_in_words_computes():
    """kit17: a memo whose figures table gave 'Lease extract' as the basis of three rows (read back from its .docx a
    cell a line) met 'padded' and scored 0; 'USD 1,380,000 (USD 1,200,000 plus 15 per cent)' was read as USD
    1,200,015 and a right reply scored 0."""
    from worldsmith.environments import side_checks, working

    table = "\n".join(["Item", "Figure", "Basis"] + [x for i in range(3) for x in (f"Row {i}", f"USD {i},000",
                                                                                   "Lease extract")])
    assert not side_checks.padded(table)
    assert side_checks.padded(" ".join(["Additional context for the team."] * 5))
    assert not working.wrong_steps("USD 1,380,000 (USD 1,200,000 plus 15 per cent)")
    assert working.wrong_steps("USD 1,480,000 (USD 1,200,000 plus 15 per cent)")
