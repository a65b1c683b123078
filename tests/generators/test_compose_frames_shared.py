"""Frames that every room shared take several forms (issue 17: '< 15% of a world's masked sentence frames shared
with another world's'). bench/prose_metrics.py --top ranks the frames shared most; at seed 1 the three examples
shared 15%, 12% and 20% of their frames, led by an advice's steps ('- <p>, with its working, to <p>)'), its since
line ('it has stood at that since <d>') and a product's structure ('<x> moves in proportion to <x> and to <x>: ...')."""

from __future__ import annotations

import re
from pathlib import Path

from worldsmith.generators.compose.bank import Picker, bank

VALUES = dict(label="the total claims", Label="The total claims", text="USD 1,250,000", since="March 4",
              first="the daily rate", second="the days of hire", who="Dana", owner="Ruth", day="March 9",
              object="settlement at USD 1,250,000", dlabel="the answer deadline", date="April 1, 2026", n="12")


def _masked(line: str) -> str:
    """A line with the values it was given masked, as bench.prose_metrics masks a room's own words."""
    for v in sorted(VALUES.values(), key=len, reverse=True):
        line = re.sub(re.escape(v), "<x>", line, flags=re.I)
    return line.lower()


def _forms(frames: list[str], draws: int = 60) -> set[str]:
    return {_masked(Picker(seed).fill(frames, **VALUES) or "") for seed in range(draws)}


def test_the_frames_shared_most_take_several_forms():
    advice = bank("email")["advice"]["substance"]
    for frames in (advice["step_ours"], advice["step_decide"], advice["since_only"], advice["structure"]["product"],
                   advice["given_bare"], advice["steps"]):
        forms = _forms(frames)
        assert len(forms) >= 6, forms
        assert not any("[" in f or "]" in f for f in forms), forms  # every wording group drawn


def test_bench_ranks_the_frames_shared_by_how_many_sentences_carry_them():
    from bench.prose_metrics import shared_frames

    frames = {"a": ["we have <x> at <x>.", "we have <x> at <x>.", "thanks", "only here in a"],
              "b": ["we have <x> at <x>.", "it has stood at that since <d>"],
              "c": ["it has stood at that since <d>", "only here in c and nowhere else"]}
    ranked = shared_frames(frames)
    assert ranked[0] == ("we have <x> at <x>.", {"a": 2, "b": 1, "c": 0})
    assert ranked[1] == ("it has stood at that since <d>", {"a": 0, "b": 1, "c": 1})
    assert len(ranked) == 2  # a frame of one room, or of under four words, is not shared


def test_the_examples_share_under_twelve_percent_of_their_frames():
    # the bench's own measure at seed 0, the three examples made offline (seconds): every room under a margin below
    # the 15%, no chat line word for word in another room, and the voice, relations and dates as they were.
    # Not rendered (4 of 6 CPU-s; the measure reads plan and contents, which rendering leaves as they are: the same
    # rows either way); the bench's smoke renders, as do the session's published examples.
    from bench.prose_metrics import EXAMPLES, make, measure

    rows = measure({n: make(n, 0, None) for n in EXAMPLES}, 0)
    for r in rows:
        assert r["frames_shared"] < 0.12, r
        assert r["chat_shared"] == 0, r
        assert r["greeting"] <= 0.4 and r["sign_off"] <= 0.2, r
        assert r["wrong_relations"] == 0 and r["stands_at"] == 0 and r["dated_before"] == 0, r


def test_every_whole_chat_line_names_something_of_its_own_room():
    # A whole chat line that names nobody and nothing of its room ("yes, by end of day works", "on it, Charles" aside)
    # is word for word the same line in another room (bench.prose_metrics at seeds 3-6: 1-3 chat lines shared per
    # world, against issue 17's 0). Fragments a line is built from (openers, acks, times) are not lines.
    import yaml

    import worldsmith.generators.compose as compose

    pool = yaml.safe_load((Path(compose.__file__).parent / "phrases" / "chat.yaml").read_text())
    fragments = {"leads", "acks", "when", "fact_leads", "answer_leads"}
    own = re.compile(r"\{(?:name|paper|by|file|the_file|subject|org|matter|asker|label|text|due|reason|source|said)\}")
    bare = []

    def walk(node, key):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key not in fragments and not own.search(node):
            bare.append((key, node))

    walk(pool, "")
    assert not bare, bare
