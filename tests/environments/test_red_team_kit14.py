"""False positives a fresh blind red team found in the verifier on an unseen world (kit14: a leverage covenant
breach), re-made on the legal example's tasks; each beside a right twin that must still score 1.0."""

from __future__ import annotations

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments.grade import grade
from worldsmith.environments.session import Session


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, {t.id: t for t in task_set_of(world).tasks}
    world.close()


def test_a_right_answer_padded_with_one_sentence_said_over_and_over_costs(legal, tmp_path):
    # kit14: 'Additional context for the team.' x300 under a right brief, ' More context.' x300 under a chat post,
    # 'Checked.' x300 under a review: 1.0 on 15 of 16 tasks
    from worldsmith.environments.side_checks import padded

    world, tasks = legal
    for i, task in enumerate(t for t in tasks.values() if t.solution.answer and t.kind in ("exceed", "what_if")):
        right = task.solution.answer
        assert grade(task, Session(world, tmp_path / f"r{i}"), right).score == 1.0
        filler = right + "\n\n" + " ".join(["Additional context for the team."] * 300)
        g = grade(task, Session(world, tmp_path / f"w{i}"), filler)
        assert g.score < 1.0 and "padded" in g.penalties_met, task.id
    # a source cited under each of three figures, and a table's rows, are no padding
    assert not padded("Cap: USD 1\nSource: the cap computation.\nFloor: USD 2\nSource: the cap computation.\n"
                      "Gap: USD 3\nSource: the cap computation.")
    assert not padded("| Figure | Day |\n|---|---|\n| cap | May 1 |\n| floor | May 2 |\n| gap | May 3 |")
    assert padded("Right answer. " + "Checked. " * 5 + "More context. " * 3)


def test_a_figure_received_from_or_by_the_wrong_party_costs(legal, tmp_path):
    # kit14: '... first received the equity cure amount of USD 9,000,000 on August 20, 2026, from Jamie Walker of
    # Marlow Pike LLP' (the sender named elsewhere in the answer) and 'Northbank Capital (Theresa Maddox) first
    # received ...' beside the right days, each scored 1.0
    from worldsmith.environments.attacks import _kit14_candidates

    world, tasks = legal
    told = [t for t in tasks.values() if t.id.startswith("told-")]
    assert told
    for i, task in enumerate(told):
        right = task.solution.answer
        assert grade(task, Session(world, tmp_path / f"r{i}"), right).score == 1.0
        made = _kit14_candidates(task, world, right)
        assert {n for n, *_ in made} >= {"received_from_another", "received_by_another"}, task.id
        for j, (name, ok, variant, _) in enumerate(made):
            g = grade(variant, Session(world, tmp_path / f"c{i}-{j}"), variant.solution.answer)
            assert (g.score == 1.0) == ok, (task.id, name, g.score, variant.solution.answer)


def test_an_amount_or_day_a_statement_gives_is_no_made_up_figure(legal, tmp_path):
    # kit14: 'total net debt USD 166,500,000 (term loan USD 180,000,000 less unrestricted cash USD 13,500,000)' lost
    # the final figure as a rival (0.62); 'the USD 2,300,000 of projected synergies is excluded' in a reply cost 0.57;
    # both amounts stand in the ledger's statements, not as facts of their own
    from worldsmith.environments.answers import parse
    from worldsmith.environments.graph_tasks import stated_figures

    world, tasks = legal
    amounts, days = stated_figures(world)
    ledgered = {float(f.value.amount) for f in world.plan.facts if getattr(f.value, "amount", None) is not None}
    extra = sorted(a for a in amounts.get("USD", set()) if a not in ledgered)
    assert extra and days
    aside = f" (a figure the statements give: USD {extra[0]:,.0f})"
    checked = 0
    for i, task in enumerate(t for t in tasks.values() if t.kind in ("exceed", "what_if") and t.solution.answer):
        right = task.solution.answer
        body, sep, tail = right.partition("\nAnswer:")
        first = next((m for m in parse(body).mentions if m.kind == "money"), None)
        if first is None:
            continue
        explained = body[:first.end] + aside + body[first.end:] + sep + tail
        assert grade(task, Session(world, tmp_path / f"r{i}"), explained).score == 1.0, (task.id, explained)
        # the same amount given as the final figure is still wrong
        wrong = body + sep + f" USD {extra[0]:,.0f}"
        assert grade(task, Session(world, tmp_path / f"w{i}"), wrong).score < 1.0, task.id
        checked += 1
    assert checked
