"""Harbor export: one task directory per task, and the nop and oracle gates run locally without Docker.

    <out>/<task-id>/
      task.toml               Harbor's configuration (schema_version 1.4): name, timeouts, resources, the MCP
                              server ([[environment.mcp_servers]]) and its healthcheck
      instruction.md          what the agent is asked
      environment/Dockerfile  the world mounted read-only at /world, the MCP apps started on 127.0.0.1:8000
      environment/start-apps.sh
      environment/world/      the published bundle (hard links where the filesystem allows)
      tests/test.sh           grades the session and writes /logs/verifier/reward.txt
      tests/task.json         the task: rubric, reference, solution
      solution/solve.sh       the oracle: replays the reference solution through the session
      solution/task.json

The scripts read their paths from the environment, with the container's defaults, so the gates can
run them on this machine: WORLDSMITH_WORLD (/world), WORLDSMITH_SESSION (/app/session),
WORLDSMITH_ANSWER (/app/answer.txt), HARBOR_LOGS (/logs), WORLDSMITH_PYTHON (python3).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from pydantic import BaseModel

from worldsmith.environments.tasks import Task
from worldsmith.worlds.errors import WorldsmithError
from worldsmith.worlds.world import World

APPS_URL = "http://127.0.0.1:8000/mcp"
# Harbor's task config as of harbor 0.26 (harbor/models/task/config.py): schema 1.4, where
# [environment].network_mode replaced the deprecated allow_internet.
SCHEMA_VERSION = "1.4"
# The slim image has no curl: ask Python whether the apps' port answers.
HEALTHCHECK = "python3 -c \"import socket; socket.create_connection(('127.0.0.1', 8000), 2)\""

DOCKERFILE = """\
# The world's apps for one task: the bundle read-only at /world, MCP over HTTP on 127.0.0.1:8000.
FROM python:3.11-slim
{install}
COPY world /world
RUN chmod -R a-w /world
COPY start-apps.sh /usr/local/bin/start-apps
RUN chmod 0555 /usr/local/bin/start-apps && mkdir -p /app /logs/verifier
WORKDIR /app
ENV WORLDSMITH_WORLD=/world WORLDSMITH_SESSION=/app/session WORLDSMITH_ANSWER=/app/answer.txt
ENTRYPOINT ["/usr/local/bin/start-apps"]
CMD ["sleep", "infinity"]
"""

# worldsmith with its apps extra, from an index that has it (override WORLDSMITH_SPEC at build time) ...
INSTALL_FROM_INDEX = ('ARG WORLDSMITH_SPEC="worldsmith[apps]"\n'
                      'RUN pip install --no-cache-dir "$WORLDSMITH_SPEC"')
# ... or from the wheel the export copied beside the Dockerfile (`worldsmith export --wheel`).
INSTALL_FROM_WHEEL = """COPY {wheel} /tmp/{wheel}
RUN pip install --no-cache-dir "/tmp/{wheel}[apps]" && rm /tmp/{wheel}"""


def dockerfile(wheel: str | None = None) -> str:
    """The task's Dockerfile, installing worldsmith from an index or from a wheel beside it."""
    install = INSTALL_FROM_WHEEL.format(wheel=wheel) if wheel else INSTALL_FROM_INDEX
    return DOCKERFILE.format(install=install)


START_APPS = """\
#!/usr/bin/env bash
# Start the world's MCP apps (streamable HTTP, http://127.0.0.1:8000/mcp) beside whatever the container runs.
set -eu
worldsmith serve "${WORLDSMITH_WORLD:-/world}" --http --port "${WORLDSMITH_PORT:-8000}" \\
    --session "${WORLDSMITH_SESSION:-/app/session}" >/logs/apps.log 2>&1 &
exec "$@"
"""

TEST_SH = """\
#!/usr/bin/env bash
# Grade the session against tests/task.json and write the reward. A grader failure exits non-zero
# and writes no reward, so it is never scored as the agent's failure.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
LOGS="${HARBOR_LOGS:-/logs}"
mkdir -p "$LOGS/verifier"
exec "${WORLDSMITH_PYTHON:-python3}" -m worldsmith.environments.grade --task "$HERE/task.json" \\
    --world "${WORLDSMITH_WORLD:-/world}" --session "${WORLDSMITH_SESSION:-/app/session}" \\
    --answer-file "${WORLDSMITH_ANSWER:-/app/answer.txt}" --reward "$LOGS/verifier/reward.txt"
"""

SOLVE_SH = """\
#!/usr/bin/env bash
# The reference solution: replay it through the session, as the apps would record it.
set -eu
HERE="$(cd "$(dirname "$0")" && pwd)"
exec "${WORLDSMITH_PYTHON:-python3}" -m worldsmith.environments.solve --task "$HERE/task.json" \\
    --world "${WORLDSMITH_WORLD:-/world}" --session "${WORLDSMITH_SESSION:-/app/session}" \\
    --answer-file "${WORLDSMITH_ANSWER:-/app/answer.txt}"
"""


def _toml_str(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string


def harbor_name(task: Task, world: World) -> str:
    """The task's package name: Harbor takes exactly one `org/name` (one slash; letters, digits, `._-`)."""
    return f"worldsmith/{world.world_id}--{task.id}"


def task_toml(task: Task, world: World) -> str:
    """Harbor's task.toml for one task."""
    return "\n".join([
        f'schema_version = "{SCHEMA_VERSION}"',
        "",
        "[task]",
        f"name = {_toml_str(harbor_name(task, world))}",
        f"description = {_toml_str(f'{task.kind} task in the world {world.plan.title}')}",
        f'keywords = ["worldsmith", {_toml_str(task.kind)}]',
        "",
        "[metadata]",
        f"world_id = {_toml_str(world.world_id)}",
        f"task_id = {_toml_str(task.id)}",
        f"kind = {_toml_str(task.kind)}",
        'category = "knowledge-work"',
        "",
        "[verifier]",
        "timeout_sec = 120.0",
        "",
        "[agent]",
        "timeout_sec = 1800.0",
        "",
        "[environment]",
        "build_timeout_sec = 900.0",
        "cpus = 1",
        "memory_mb = 2048",
        'network_mode = "no-network"',
        'workdir = "/app"',
        "",
        "# The world's apps, for agents that register a task's MCP servers themselves.",
        "[[environment.mcp_servers]]",
        f'name = {_toml_str("worldsmith")}',
        'transport = "streamable-http"',
        f'url = {_toml_str(APPS_URL)}',
        "",
        "[environment.healthcheck]",
        f"command = {_toml_str(HEALTHCHECK)}",
        "interval_sec = 2.0",
        "timeout_sec = 5.0",
        "retries = 30",
        "start_period_sec = 5.0",
        "",
    ])


def instruction_md(task: Task, world: World) -> str:
    """The agent's instruction, with where the apps are."""
    apps = ["mail", "drive"] + (["calendar"] if next(world.room.rglob("*.ics"), None) else []) + \
        (["chat"] if world.has_table("chat_channels") and world.db.execute("select count(*) from chat_channels")
         .fetchone()[0] else [])
    return (f"# {world.plan.title}\n\n{task.instruction}\n\n"
            f"The data room's apps ({', '.join(apps[:-1])} and {apps[-1]}) are served over MCP at {APPS_URL} "
            "(streamable HTTP). The room itself is read-only at /world/room. Write a final answer, where one "
            "is asked for, with the submit_answer tool or to /app/answer.txt.\n")


def _copy_world(src: Path, dst: Path) -> None:
    def link_or_copy(a: str, b: str) -> None:
        try:
            os.link(a, b)
        except OSError:
            shutil.copy2(a, b)

    shutil.copytree(src, dst, copy_function=link_or_copy,
                    ignore=shutil.ignore_patterns("*.wal", "*.tmp-*", "harbor", "index.html"))


def _write(path: Path, text: str, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)


def export_harbor(world: World, tasks: list[Task], out: str | Path, wheel: str | Path | None = None) -> list[Path]:
    """Write one Harbor task directory per task under out/ (with `wheel`, worldsmith installs from it); returns them."""
    wheel = Path(wheel) if wheel else None
    if wheel is not None and not wheel.is_file():
        raise WorldsmithError(f"{wheel}: no such wheel; build one with `pip wheel --no-deps -w dist .`")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    dirs = []
    for task in tasks:
        d = out / task.id
        if d.exists():
            shutil.rmtree(d)
        payload = task.model_dump_json(indent=2) + "\n"
        _write(d / "task.toml", task_toml(task, world))
        _write(d / "instruction.md", instruction_md(task, world))
        _write(d / "environment" / "Dockerfile", dockerfile(wheel.name if wheel else None))
        if wheel is not None:
            shutil.copy2(wheel, d / "environment" / wheel.name)
        _write(d / "environment" / "start-apps.sh", START_APPS, 0o755)
        _copy_world(world.path, d / "environment" / "world")
        _write(d / "tests" / "test.sh", TEST_SH, 0o755)
        _write(d / "tests" / "task.json", payload)
        _write(d / "solution" / "solve.sh", SOLVE_SH, 0o755)
        _write(d / "solution" / "task.json", payload)
        dirs.append(d)
    return dirs


class GateResult(BaseModel):
    """The nop and oracle rewards of one exported task."""

    task: str
    nop: float
    oracle: float

    @property
    def passed(self) -> bool:
        """nop scores 0 and oracle scores 1."""
        return self.nop == 0.0 and self.oracle == 1.0


def _run(script: Path, env: dict[str, str]) -> None:
    done = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise WorldsmithError(f"{script} failed (exit {done.returncode}): {done.stderr.strip()[-600:]}")


def _trial(task_dir: Path, python: str, oracle: bool) -> float:
    with tempfile.TemporaryDirectory(prefix="worldsmith-trial-") as tmp:
        root = Path(tmp)
        env = {**os.environ, "WORLDSMITH_WORLD": str(task_dir / "environment" / "world"),
               "WORLDSMITH_SESSION": str(root / "app" / "session"), "WORLDSMITH_ANSWER": str(root / "app" / "answer.txt"),
               "HARBOR_LOGS": str(root / "logs"), "WORLDSMITH_PYTHON": python}
        if oracle:
            _run(task_dir / "solution" / "solve.sh", env)
        _run(task_dir / "tests" / "test.sh", env)
        reward = root / "logs" / "verifier" / "reward.txt"
        if not reward.is_file():
            raise WorldsmithError(f"{task_dir}: tests/test.sh wrote no reward")
        return float(reward.read_text(encoding="utf-8").strip())


def _trial_in_process(task_dir: Path, oracle: bool) -> float:
    """The same trial as the scripts run, calling their Python entry points directly (no process per step)."""
    import contextlib
    import io

    from worldsmith.environments import grade, solve

    with tempfile.TemporaryDirectory(prefix="worldsmith-trial-") as tmp, contextlib.redirect_stdout(io.StringIO()):
        root = Path(tmp)
        common = ["--world", str(task_dir / "environment" / "world"), "--session", str(root / "session"),
                  "--answer-file", str(root / "answer.txt")]
        if oracle:
            solve.main(["--task", str(task_dir / "solution" / "task.json"), *common])
        reward = root / "logs" / "verifier" / "reward.txt"
        if grade.main(["--task", str(task_dir / "tests" / "task.json"), *common, "--reward", str(reward)]) != 0:
            raise WorldsmithError(f"{task_dir}: the grader failed")
        return float(reward.read_text(encoding="utf-8").strip())


def run_gates(task_dirs: list[Path], python: str | None = None) -> list[GateResult]:
    """Harbor's nop (do nothing) and oracle (run solution/solve.sh) agents on each task, without Docker.

    With `python` (an interpreter that has worldsmith) the task's own bash scripts run; without, their
    entry points run in this process, which is what makes gating hundreds of tasks affordable.
    """
    if python is None:
        return [GateResult(task=d.name, nop=_trial_in_process(d, False), oracle=_trial_in_process(d, True))
                for d in task_dirs]
    return [GateResult(task=d.name, nop=_trial(d, python, oracle=False), oracle=_trial(d, python, oracle=True))
            for d in task_dirs]
