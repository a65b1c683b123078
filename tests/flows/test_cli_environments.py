"""The environment builders' commands: tasks, export, serve; bad input gets one clear error and exit 2."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tests.published import task_set_of
from worldsmith.flows.cli import app

runner = CliRunner()


@pytest.fixture
def cached_task_sets(monkeypatch):
    """The commands' make_task_set answered from the session's cache of the real one (tests/published.py) where
    they ask for a world's task set for its first person, with or without warm-ups: the same tasks, made once per
    session for every module of the legal world, not once per command (about 6 s of CPU each). Any other task set
    is made as the command asks."""
    from worldsmith.environments import lint

    real, filling = lint.make_task_set, []

    def make_task_set(world, user=None, warmups=False, forms=True):
        if user is None and not filling:
            filling.append(world)  # task_set_of fills its cache with this same function: the real one then
            try:
                return task_set_of(world, warmups=warmups, forms=forms)
            finally:
                filling.pop()
        return real(world, user, warmups=warmups, forms=forms)

    monkeypatch.setattr(lint, "make_task_set", make_task_set)


def test_tasks_writes_the_linted_tasks(published_legal, tmp_path, cached_task_sets):
    out = tmp_path / "tasks.json"
    done = runner.invoke(app, ["tasks", str(published_legal), "--out", str(out)])
    assert done.exit_code == 0, done.output
    data = json.loads(out.read_text())
    assert data["world_id"] == published_legal.name and data["refused"] == [] and len(data["tasks"]) >= 10
    assert {"what_if", "exceed", "memo"} <= {t["kind"] for t in data["tasks"]}
    assert not any("warmup" in t["tags"] for t in data["tasks"])
    assert "tasks (" in done.output
    warm = runner.invoke(app, ["tasks", str(published_legal), "--out", str(tmp_path / "w.json"), "--warmups"])
    assert warm.exit_code == 0, warm.output
    assert any("warmup" in t["tags"] for t in json.loads((tmp_path / "w.json").read_text())["tasks"])


def test_tasks_the_lint_left_out_are_listed_and_the_command_succeeds(published_legal, tmp_path, monkeypatch):
    # A refused task is the lint at work: a script under `set -e` must not stop on it; a world left with no task must.
    from worldsmith.environments import lint
    from worldsmith.worlds.world import open_world

    with open_world(published_legal) as world:
        real = task_set_of(world)
    left_out = {"task": "memo-x", "reason": "grep_solvable", "detail": "Mail/a.eml writes the answer"}
    monkeypatch.setattr(lint, "make_task_set", lambda *a, **k: real.model_copy(update={"refused": [left_out]}))
    done = runner.invoke(app, ["tasks", str(published_legal), "--out", str(tmp_path / "t.json")])
    assert done.exit_code == 0, done.output
    assert "left out memo-x: grep_solvable" in " ".join(done.output.split())
    monkeypatch.setattr(lint, "make_task_set",
                        lambda *a, **k: real.model_copy(update={"tasks": [], "refused": [left_out]}))
    done = runner.invoke(app, ["tasks", str(published_legal), "--out", str(tmp_path / "t.json")])
    assert done.exit_code == 1 and "left no task" in done.output


def test_export_harbor_without_gates_writes_the_chosen_task_directories(published_legal, tmp_path, cached_task_sets):
    # --task exports only the tasks named (tests/environments/test_harbor_export.py exports and gates them all)
    done = runner.invoke(app, ["export", str(published_legal), "--format", "harbor", "--out", str(tmp_path / "h"),
                               "--no-gates", "--task", "governs-energy_exposure"])
    assert done.exit_code == 0, done.output
    assert (tmp_path / "h" / "governs-energy_exposure" / "task.toml").is_file()
    assert sorted(p.name for p in (tmp_path / "h").iterdir() if p.is_dir()) == ["governs-energy_exposure"]
    done = runner.invoke(app, ["export", str(published_legal), "--format", "harbor", "--out", str(tmp_path / "x"),
                               "--no-gates", "--task", "governs-energy-exposure"])
    assert done.exit_code == 2 and "no such task" in done.output and "worldsmith tasks" in done.output
    assert not (tmp_path / "x").exists()


def test_bad_input_is_one_clear_error(tmp_path):
    done = runner.invoke(app, ["export", str(tmp_path), "--format", "zip"])
    assert done.exit_code == 2 and "choose harbor, apex or parquet" in done.output
    done = runner.invoke(app, ["serve", str(tmp_path)])
    assert done.exit_code == 2 and "not a published world" in done.output
    done = runner.invoke(app, ["tasks", str(tmp_path / "nowhere")])
    assert done.exit_code == 2 and "no such world bundle folder" in done.output
