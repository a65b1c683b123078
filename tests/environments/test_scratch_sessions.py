"""Scratch sessions made in a batch (the Harbor gates', the attack suite's) prune the sessions' keys once, not once each."""

from __future__ import annotations

import os
import time

from worldsmith.environments import session_store


def test_sessions_made_in_a_batch_prune_the_keys_once_and_a_lone_session_still_prunes(tmp_path, monkeypatch):
    monkeypatch.delenv(session_store.KEY_ENV, raising=False)
    keys = tmp_path / "keys"
    monkeypatch.setenv(session_store.KEYS_ENV, str(keys))
    calls = []
    real = session_store.prune_keys
    monkeypatch.setattr(session_store, "prune_keys", lambda now=None: calls.append(1) or real(now))
    world = tmp_path / "world"
    world.mkdir()
    session_store.claim(tmp_path / "alone", "w1", world)
    assert len(calls) == 1  # a session made alone prunes, as before
    gone = session_store.claim(tmp_path / "gone", "w1", world)["session_id"]
    (tmp_path / "gone" / session_store.MARKER).unlink()  # its folder no longer holds it, and its key is a day old
    day_old = time.time() - session_store.KEY_GRACE_S - 60
    os.utime(keys / f"{gone}.key", (day_old, day_old))
    calls.clear()
    with session_store.pruned_once():
        assert not (keys / f"{gone}.key").exists()  # pruned when the batch began
        made = [session_store.claim(tmp_path / f"s{n}", "w1", world)["session_id"] for n in range(3)]
        with session_store.pruned_once():  # a batch inside a batch prunes nothing more
            made.append(session_store.claim(tmp_path / "inner", "w1", world)["session_id"])
    assert len(calls) == 1
    assert all((keys / f"{sid}.key").is_file() for sid in made)  # each scratch session has its own key still
    session_store.claim(tmp_path / "after", "w1", world)
    assert len(calls) == 2  # after the batch, a new session prunes again
