"""Harbor export: the documented layout, and nop 0 / oracle 1 on every exported task, without Docker."""

from __future__ import annotations

import os
import re
import sys
import tomllib

import pytest

import worldsmith
from worldsmith.environments.harbor import export_harbor, run_gates
from worldsmith.environments.lint import make_task_set


@pytest.fixture(scope="module", params=["published_legal", "published_diligence"])
def exported(request, tmp_path_factory):
    world = worldsmith.open(request.getfixturevalue(request.param))
    task_set = make_task_set(world)
    dirs = export_harbor(world, task_set.tasks, tmp_path_factory.mktemp("harbor"))
    yield world, task_set, dirs
    world.close()


def test_each_task_directory_has_harbors_layout(exported):
    world, task_set, dirs = exported
    assert [d.name for d in dirs] == [t.id for t in task_set.tasks]
    for d in dirs:
        config = tomllib.loads((d / "task.toml").read_text(encoding="utf-8"))
        assert config["schema_version"] == "1.4" and config["task"]["name"].endswith(d.name)
        assert {"verifier", "agent", "environment"} <= set(config)
        assert config["verifier"]["timeout_sec"] > 0 and config["environment"]["network_mode"] == "no-network"
        server = config["environment"]["mcp_servers"][0]
        assert server["transport"] == "streamable-http" and server["url"] == "http://127.0.0.1:8000/mcp"
        assert "8000" in config["environment"]["healthcheck"]["command"]
        assert (d / "instruction.md").read_text(encoding="utf-8").strip()
        docker = (d / "environment" / "Dockerfile").read_text(encoding="utf-8")
        assert "COPY world /world" in docker and "chmod -R a-w /world" in docker
        assert (d / "environment" / "world" / "manifest.json").is_file()
        for script in ("tests/test.sh", "solution/solve.sh"):
            assert os.access(d / script, os.X_OK), script
        assert "reward.txt" in (d / "tests" / "test.sh").read_text(encoding="utf-8")


# Harbor's task model as of harbor 0.26 (harbor/models/task/config.py, harbor/constants.py): the fields
# each section of task.toml may have. Harbor ignores a key it does not know, so a misspelt one would
# silently lose its setting; and it refuses a name that is not exactly one `org/name`.
HARBOR_NAME = re.compile(r"^[a-zA-Z0-9][a-zA-Z0-9._-]*/[a-zA-Z0-9][a-zA-Z0-9._-]*$")
HARBOR_FIELDS = {
    "": {"schema_version", "task", "metadata", "verifier", "agent", "environment", "solution", "source",
         "multi_step_reward_strategy", "steps", "artifacts"},
    "task": {"name", "version", "description", "authors", "keywords"},
    "verifier": {"timeout_sec", "env", "user", "environment_mode", "environment", "collect", "network_mode",
                 "allowed_hosts"},
    "agent": {"timeout_sec", "user", "network_mode", "allowed_hosts"},
    "environment": {"build_timeout_sec", "docker_image", "os", "cpus", "memory_mb", "storage_mb", "gpus", "gpu_types",
                    "tpu", "mcp_servers", "env", "skills_dir", "healthcheck", "workdir", "network_mode",
                    "allowed_hosts"},
    "mcp_servers": {"name", "transport", "url", "command", "args", "headers"},
    "healthcheck": {"command", "interval_sec", "timeout_sec", "start_period_sec", "start_interval_sec", "retries"},
}


def test_task_toml_has_only_fields_harbors_task_model_reads(exported):
    _, _, dirs = exported
    for d in dirs:
        config = tomllib.loads((d / "task.toml").read_text(encoding="utf-8"))
        assert HARBOR_NAME.match(config["task"]["name"]), config["task"]["name"]
        assert set(config) <= HARBOR_FIELDS[""]
        for section in ("task", "verifier", "agent", "environment"):
            assert set(config[section]) <= HARBOR_FIELDS[section], section
        assert config["environment"]["network_mode"] in ("no-network", "public", "allowlist")
        for server in config["environment"]["mcp_servers"]:
            assert set(server) <= HARBOR_FIELDS["mcp_servers"] and server["transport"] in ("stdio", "sse", "streamable-http")
        assert set(config["environment"]["healthcheck"]) <= HARBOR_FIELDS["healthcheck"]


def test_harbor_itself_reads_every_task_toml(exported):
    # harbor needs Python 3.12 or newer; where it is installed, its own model parses every file.
    config_model = pytest.importorskip("harbor.models.task.config")
    _, _, dirs = exported
    for d in dirs:
        parsed = config_model.TaskConfig.model_validate_toml((d / "task.toml").read_text(encoding="utf-8"))
        assert parsed.task.name.endswith(d.name) and parsed.environment.mcp_servers[0].transport == "streamable-http"


def test_nop_scores_0_and_oracle_scores_1_on_every_task(exported):
    _, _, dirs = exported
    results = run_gates(dirs)
    assert [r.task for r in results if not r.passed] == []
    assert len(results) == len(dirs) >= 20


def test_the_tasks_own_scripts_give_the_same_rewards(exported):
    # An answer, a reply and a filed note through bash, tests/test.sh and solution/solve.sh, as Harbor
    # runs them (a process per step: a sample, not every task).
    _, task_set, dirs = exported
    by_kind = {}
    for task, d in zip(task_set.tasks, dirs):
        if task.kind in ("lookup", "reply", "file_document"):
            by_kind.setdefault(task.kind, d)
    results = run_gates(list(by_kind.values()), sys.executable)
    assert all(r.nop == 0.0 and r.oracle == 1.0 for r in results), results


def test_a_grader_failure_writes_no_reward_and_exits_2(exported, tmp_path):
    from worldsmith.environments import grade

    world, _, dirs = exported
    reward = tmp_path / "logs" / "verifier" / "reward.txt"
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    code = grade.main(["--task", str(tmp_path / "broken.json"), "--world", str(world.path),
                       "--session", str(tmp_path / "s"), "--reward", str(reward)])
    assert code == 2 and not reward.exists()  # never scored as the agent's 0


def test_a_wheel_given_to_the_export_is_what_the_dockerfile_installs(exported, tmp_path):
    world, task_set, _ = exported
    wheel = tmp_path / "worldsmith-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"a wheel")
    (d,) = export_harbor(world, task_set.tasks[:1], tmp_path / "out", wheel)
    docker = (d / "environment" / "Dockerfile").read_text(encoding="utf-8")
    assert f"COPY {wheel.name} /tmp/{wheel.name}" in docker and f'"/tmp/{wheel.name}[apps]"' in docker
    assert (d / "environment" / wheel.name).read_bytes() == b"a wheel"
