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
