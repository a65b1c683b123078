"""The classes s26's blind red team found in the verifier (kit28a, kit28b): each read on a few lines, no world made."""

from __future__ import annotations

from decimal import Decimal as D
from types import SimpleNamespace

import pytest

from worldsmith.environments import answers, apps, grade
from worldsmith.environments.tasks import Check
from worldsmith.worlds.values import FIGURE, read_figure


def _money(fid: str, label: str, amount: str, formula: str | None = None):
    return SimpleNamespace(id=fid, label=label, formula=formula, earlier=[], statement="",
                           value=SimpleNamespace(type="money", amount=D(amount), currency="USD"))


# a what-if: the fee supposed moves the cap worked from it; the cap as the ledger holds it now is the wrong answer
FEE, CAP = _money("fee", "annual fee", "2000000"), _money("cap", "liability cap", "4000000", "fee * 2")
WORLD = SimpleNamespace(world_id="verify30-cap", plan=SimpleNamespace(facts=[FEE, CAP], distractors=[], organisations=[]),
                        facts={"fee": FEE, "cap": CAP})
TASK = SimpleNamespace(instruction="write a memo answering: suppose the annual fee were USD 2,500,000 instead of the "
                                   "figure the room gives. What would the liability cap be?")
RESULT = Check(type="file_final", values=["USD 5,000,000"], numbers=[5000000.0], unit="USD",
               allowed=[2500000.0, 2000000.0], rivals=[4000000.0])
STEPS = "## Steps\n\n1. Liability cap = 2 x USD 2,500,000 = USD 5,000,000.\n\n## Conclusion\n\n"


@pytest.mark.parametrize("conclusion,right", [
    ("The liability cap would be USD 5,000,000.", True),
    ("The liability cap would rise to USD 5,000,000 from USD 4,000,000.", True),
    ("The liability cap would be USD 5,000,000, against USD 4,000,000 on the fee as it stands.", True),
    ("The liability cap would be USD 5,000,000. The current liability cap is USD 4,000,000.", True),
    ("The liability cap therefore remains USD 4,000,000.", False),  # the figure now, not the one asked
    ("The liability cap would be either USD 5,000,000 or USD 4,000,000.", False),  # two answers
    ("The liability cap would be USD 4,000,000 instead of USD 5,000,000.", False),
])
def test_a_memos_conclusion_gives_the_asked_figure_not_the_current_one(monkeypatch, conclusion, right):
    # kit28a: 'The haircut therefore remains INR 7,206,000,000' (the current figure, under its own label) and 'either
    # ... or ...' after a right working scored 1.0; the current figure named as what the answer moves from is right
    monkeypatch.setattr(grade, "_WORLD_NOW", [WORLD])
    monkeypatch.setattr(grade, "_TASK_NOW", [TASK])
    assert grade._final(STEPS + conclusion, RESULT) is right


def test_a_wrong_answer_stays_a_rival_though_the_room_states_it(monkeypatch):
    # kit28a: the current figure the room states was allowed beside every answer as a stated amount, so a conclusion on
    # it was no rival: the room's other stated amounts stay allowed
    monkeypatch.setattr(grade, "_stated_amounts", lambda world, unit: [4000000.0, 750000.0])
    allowed = grade._with_stated(RESULT, WORLD).allowed
    assert 750000.0 in allowed and 4000000.0 not in allowed


def test_a_figure_disputed_after_a_semicolon_is_taken_back():
    # kit28a: 'Ardhvik claims the haircut would be INR 6,186,000,000; we dispute that figure.' as a memo's conclusion, 1.0
    said = "The supplier claims the liability cap would be USD 5,000,000; we dispute that figure."
    assert grade.disowns(said, WORLD)
    assert not grade.disowns("The liability cap would be USD 5,000,000; we have checked that figure.", WORLD)


def test_a_post_the_task_did_not_ask_for_costs_the_task():
    # kit28b: a right memo and a chat post of its figure nobody asked for scored 1.0 (mail already cost the task)
    assert "chat" in apps.record_apps()
    field = apps.record_apps()["chat"].field
    posted = SimpleNamespace(**{field: [SimpleNamespace(channel_id="C1", text="The cap would be USD 5,000,000.")]})
    quiet = SimpleNamespace(**{field: []})
    memo = SimpleNamespace(solution=SimpleNamespace(actions=[SimpleNamespace(tool="drive_create_document")]))
    post = SimpleNamespace(solution=SimpleNamespace(actions=[SimpleNamespace(tool="chat_post")]))
    assert grade.unasked_posts(memo, posted) == ["chat"]
    assert grade.unasked_posts(memo, quiet) == [] and grade.unasked_posts(post, posted) == []


def _read(text: str):
    m = FIGURE.search(text)
    f = read_figure(text, m) if m else None
    return f and (f.kind, f.value, f.currency)


@pytest.mark.parametrize("text", ["EUR 6'264'000", "EUR 6\u2019264\u2019000", "EUR 6\u2009264\u2009000",
                                  "EUR 6.264m", "EUR 6,264k", "6.264 million euros", "EUR 6'264'000.00"])
def test_a_euro_amount_in_every_grouping_a_professional_writes(text):
    # kit28b: 'Liability cap: EUR 6'264'000' (Swiss apostrophes) was no figure, a right answer 0.29
    assert _read(text) == ("money", D(6264000), "EUR"), text


def test_a_table_rows_step_letter_is_no_scale_of_the_figure_above_it():
    # kit28a: a memo's working as a table (Step a, b, c ...) read back a cell a line: 'INR 12,846,000,000' then 'b' on
    # the next line was read as 12,846,000,000 billion, and the right memo lost its input (0.9)
    assert _read("INR 12,846,000,000\nb\nUpfront payment") == ("money", D(12846000000), "INR")
    assert _read("INR 12.8 b") == ("money", D(12800000000), "INR")  # on its line a scale still is one


@pytest.mark.parametrize("text,read", [("Answer: six turbines", (D(6), "turbines")), ("six turbines", (D(6), "turbines")),
                                       ("Two of the banks voted.", None), ("We had six turbines fail.", None)])
def test_a_small_count_in_words_given_as_the_answer_is_its_count(text, read):
    # brief 30 point 4: a professional writes counts under ten in words
    got = [(m.value, m.unit) for m in answers.parse(text).mentions if m.kind == "number"]
    assert got == ([read] if read else [])
