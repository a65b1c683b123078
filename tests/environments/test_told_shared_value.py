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
