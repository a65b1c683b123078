"""A 'when was the client first told' key on a figure another fact shares (kit23, a blind red team on an unseen CMR
outline): the key named a mail the ledger lists as carrying Kestrel's settlement offer, whose only GBP 56,765.20 is
'the recovery if the CMR limit applies', the same sum under another label; the right answer (the weekly update that
says 'Kestrel's settlement offer came through on 8 June: GBP 56,765.20') scored 0.17."""

from __future__ import annotations

from pathlib import Path

import pytest

from worldsmith.flows.make import make_world


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    from worldsmith.worlds.world import open_world

    outline = Path(__file__).parents[1] / "fixtures" / "cmr-theft.yaml"
    made = make_world(str(outline), seed=29, out=str(tmp_path_factory.mktemp("cmr")), backend="offline", no_cache=True)
    with open_world(made.path) as opened:
        yield opened


def test_a_shared_figure_is_told_only_under_its_own_label(world):
    from worldsmith.environments import graph_tasks as g

    graph = g.Graph.of(world)
    offer, recovery = graph.fact("carrier_offer"), graph.fact("limited_recovery")
    assert offer.text == recovery.text  # the trap: one sum, two facts
    sent = g.first_sent(graph, offer, g.told_clients(world.plan.organisations))
    assert sent is not None
    message, path, _ = sent
    body = message.body_new
    assert g.states_in_text(body, offer) or path not in {p for p, _ in graph.carriers.get(offer.id, [])}, body
    # every earlier mail to the client that carries the sum says it only as the other fact, never as the offer
    earlier = [m for m in world.messages if m.sent_at < message.sent_at and offer.text in (m.body_new or "")]
    assert earlier and not any(g.states_in_text(m.body_new, offer) for m in earlier)


def _figure(value):
    """A money value's amount or a number's value: the what-if's input may be either (a weight, a sum)."""
    return value.amount if value.type == "money" else value.value


def test_a_result_given_on_two_rows_with_two_figures_is_a_hedge(world, tmp_path):
    # kit23: 'Claim without the limit, =B2+3850' (the room's figure) beside 'Claim without the limit, =B2+B3' (the
    # supposed one), a low case beside a high case, scored 1.0 on the what-if sheet
    from worldsmith.environments.grade import grade
    from worldsmith.environments.graph_tasks import graph_tasks
    from worldsmith.environments.lint import apply_solution
    from worldsmith.environments.session import Session

    task = next(t for t in graph_tasks(world, world.plan.people[0].email) if t.kind == "sheet")
    path = task.solution.actions[0].args["path"]
    right = task.solution.actions[0].args["csv"].strip()
    session = Session(world, tmp_path / "right")
    apply_solution(task, session)
    assert grade(task, session).score == 1.0
    head, *rows = right.splitlines()
    label, formula = rows[-1].split(",")[:2]
    top = world.plan.fact(task.id.split("-")[1])
    now = f"{float(_figure(top.value)):.2f}"
    # the room's working first, then the supposition's: the row as the room computes it (its input typed in)
    changed = next(r for r in rows if "suppos" in r)
    cell = f"B{rows.index(changed) + 2}"
    room_input = _figure(world.plan.fact(task.id.split("-")[2]).value)
    # (where the result reads the input through other rows, the room's figure as a formula of its own)
    as_room = formula.replace(cell, f"{float(room_input):g}") if cell in formula else f"=({now})"
    assert as_room != formula
    for n, text in enumerate(["\n".join([head, *rows[:-1], f"{label},{as_room},as the room has it", rows[-1]]) + "\n",
                              "\n".join([head, *rows[:-1], f"{label},{now},low case", rows[-1]]) + "\n"]):
        hedged = Session(world, tmp_path / f"hedged{n}")
        hedged.write_sheet(path, text)
        assert grade(task, hedged).score < 1, text
    same = Session(world, tmp_path / "same")
    same.write_sheet(path, f"{right}\n{rows[-1]}\n")  # the result twice at one figure hedges nothing
    assert grade(task, same).score == 1.0
