"""Any answer an agent leaves is scored, never crashes the grader or holds it for long (attack22 F1, F2)."""

from __future__ import annotations

import json

import pytest

import worldsmith
from tests.published import task_set_of
from worldsmith.environments import answers, grade, limits
from worldsmith.environments.session import Session, SessionError


@pytest.fixture(scope="module")
def legal(published_legal):
    world = worldsmith.open(published_legal)
    yield world, task_set_of(world).tasks[0]
    world.close()


def _grade_file(world, task, tmp_path, data: bytes, capsys) -> tuple[int, str | None, dict]:
    Session(world, tmp_path / "s")
    (tmp_path / "task.json").write_text(task.model_dump_json(), encoding="utf-8")
    (tmp_path / "answer.txt").write_bytes(data)
    rc = grade.main(["--task", str(tmp_path / "task.json"), "--world", str(world.path), "--session",
                     str(tmp_path / "s"), "--answer-file", str(tmp_path / "answer.txt"), "--reward",
                     str(tmp_path / "reward.txt")])
    reward = tmp_path / "reward.txt"
    out = capsys.readouterr().out.strip().splitlines()
    return rc, reward.read_text() if reward.exists() else None, json.loads(out[-1]) if out else {}


def test_an_answer_over_the_limit_scores_0_unread(legal, tmp_path, capsys):
    world, task = legal
    rc, reward, result = _grade_file(world, task, tmp_path, b"1 " * (limits.MAX_ANSWER_BYTES // 2 + 1), capsys)
    assert (rc, reward) == (0, "0.0\n") and result["penalties_met"] == [grade.TOO_LONG]
    with pytest.raises(SessionError, match="over the limit"):
        Session(world, tmp_path / "s").submit_answer("x" * (limits.MAX_ANSWER_BYTES + 1))


def test_undecodable_bytes_and_30_digits_are_scored_not_a_grader_error(legal, tmp_path, capsys):
    world, task = legal
    rc, reward, result = _grade_file(world, task, tmp_path, b"\xff\xfe" + b"1" * 30 + b" \x80", capsys)
    assert (rc, reward) == (0, "0.0\n") and result["penalties_met"] == []


def test_reading_an_answer_holds_its_sentence_once_not_once_per_figure():
    # A copy of the sentence per figure made 32,000 figures in one 64 KB sentence hold 2 GB (attack22 F2)
    parsed = answers.parse("1 " * 2000)
    assert len(parsed.mentions) == 2000 and len({id(m.sentence) for m in parsed.mentions}) == 1


def test_a_text_loses_the_room_names_it_cites_by_a_pattern_of_those_names_alone(monkeypatch):
    # suite12: one alternation of every path and file name of the room (400 in the legal example) was tried at each
    # character of every text graded, a tenth of grading; the names a text holds are found first
    import re
    from types import SimpleNamespace as NS

    files = [NS(path=f"room/Correspondence/Note {n}.eml") for n in range(300)] + [NS(path="room/Damages/Model 2.xlsx")]
    world = NS(world_id="suite12-room-names", manifest=NS(files=files))
    built, compile_ = [], re.compile
    monkeypatch.setattr(re, "compile", lambda p, *a: built.append(p) or compile_(p, *a))
    text = "Per Damages/Model 2.xlsx and Note 17.eml, USD 5,000."
    assert grade._without_room_paths(text, world) == "Per   and  , USD 5,000."
    assert grade._without_room_paths("No file cited: USD 5,000.", world) == "No file cited: USD 5,000."
    assert built and max(p.count("|") for p in built) < 4, [p[:80] for p in built]
