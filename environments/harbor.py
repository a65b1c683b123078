"""Harbor export: one task directory per task, its apps in a service of their own, its verifier out of the agent's reach.

    <out>/<task-id>/
      task.toml                Harbor's configuration (schema 1.4): the MCP server and its healthcheck, a
                               separate verifier, and the artifacts it is handed (the apps' session and its key, the answer)
      instruction.md           what the agent is asked
      environment/Dockerfile   the agent's container (`main`): the room, read-only at /world/room
      environment/docker-compose.yaml
                               the `apps` service: `worldsmith serve` on 127.0.0.1:8000 in main's network
                               namespace, its session in its own filesystem (/var/lib/worldsmith/session)
      environment/apps.Dockerfile, environment/worldsmith-<v>-py3-none-any.whl
                               the apps' image: worldsmith[apps] from the wheel built at export
      environment/world/       the apps' world: the room and a plan without facts (harbor_world)
      tests/Dockerfile         the verifier's image: worldsmith from the wheel, the grader's world, the task
      tests/test.sh            grades the collected session and writes /logs/verifier/reward.txt
      tests/task.json, tests/world/, tests/worldsmith-<v>-py3-none-any.whl
      solution/solve.sh        the oracle: the reference solution through the apps over MCP (harbor_oracle.py)
      solution/solution.json, solution/harbor_oracle.py

How it follows Harbor's model (harbor 0.26; harborframework.com/docs, "MCP Server Task"): services
beyond the agent's come from environment/docker-compose.yaml, which every compose-capable provider
starts (a Dockerfile's ENTRYPOINT is not: providers run their own command in `main`); [environment.
healthcheck] holds the agent back until the apps answer. The verifier runs in separate mode: its own
container built from tests/ (which Harbor gives no agent), fed only the declared artifacts: the apps'
session folder, collected from the `apps` service's filesystem after the agent stops, and the answer
file the agent may write. Nothing the agent can reach holds an answer or the state the grader trusts.

The gates (nop scores 0, oracle scores 1) run in this process over the exported files: the apps' world
takes the oracle's actions into a session as the apps would, and the grader grades it against tests/task.json
with the world tests/world is a copy of (the same files and sizes; the containers check every checksum).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

from pydantic import BaseModel

from worldsmith.environments import harbor_oracle
from worldsmith.environments.apps import CORE_APPS, present_apps
from worldsmith.environments.exports import ExportError, claim
from worldsmith.environments.harbor_wheel import build_wheel
from worldsmith.environments.harbor_world import Copier, write_apps_world, write_grader_world
from worldsmith.environments.session_store import KEYS_ENV
from worldsmith.environments.session_store import MARKER as SESSION_MARKER
from worldsmith.environments.tasks import Solution, Task
from worldsmith.worlds import bundle as _bundle
from worldsmith.worlds.errors import WorldsmithError
from worldsmith.worlds.world import World, open_world

PORT = 8000
APPS_URL = f"http://127.0.0.1:{PORT}/mcp"
APPS_SERVICE = "apps"
SESSION_DIR = "/var/lib/worldsmith/session"  # in the apps service's own filesystem
# The session's own key, outside its folder (session_store): also the apps' alone, collected for the verifier.
KEYS_DIR = "/var/lib/worldsmith/keys"
ANSWER_FILE = "/app/answer.txt"               # in the agent's container: the agent's to write
# Harbor's task config as of harbor 0.26 (harbor/models/task/config.py): schema 1.4, where
# [environment].network_mode replaced the deprecated allow_internet.
SCHEMA_VERSION = "1.4"
# The slim image has no curl: ask Python whether the apps' port answers.
HEALTHCHECK = f"python3 -c \"import socket; socket.create_connection(('127.0.0.1', {PORT}), 2)\""
BASE_IMAGE = "python:3.11-slim"

MAIN_DOCKERFILE = f"""\
# The agent's container (Harbor's `main` service): the data room, read-only at /world/room. The world's
# apps run in the `apps` service (docker-compose.yaml), whose files the agent cannot reach.
FROM {BASE_IMAGE}
COPY world/room /world/room
RUN chmod -R a-w /world && mkdir -p /app /logs/verifier
WORKDIR /app
"""

SERVE = ["worldsmith", "serve", "/world", "--http", "--no-auth", "--port", str(PORT), "--session", SESSION_DIR]

APPS_DOCKERFILE = """\
# The world's apps for one task: worldsmith[apps] from the wheel beside this file, the apps' world at /world
# (the room and a plan without facts), MCP over streamable HTTP on 127.0.0.1:{port}.
FROM {base}
COPY {wheel} /tmp/{wheel}
RUN pip install --no-cache-dir "/tmp/{wheel}[apps]" && rm /tmp/{wheel}
COPY world /world
RUN chmod -R a-w /world && mkdir -p {session_parent}
ENV {keys_env}={keys_dir}
CMD {serve}
"""

# `network_mode: service:main` puts the apps in the agent's network namespace on every provider: the agent
# reaches them on 127.0.0.1 whether main has a network of its own, none (no-network), or Harbor's egress
# sidecar's. That loopback is shared with the agent alone, so the server needs no token (--no-auth); it
# still checks Host and Origin.
COMPOSE = """\
# The world's apps as a service of their own: started by Docker Compose beside the agent's container (`main`),
# their session kept in their own filesystem, where the agent cannot write; Harbor collects it for the verifier.
services:
  {service}:
    build:
      context: .
      dockerfile: apps.Dockerfile
    network_mode: "service:main"
    command: {serve}
    healthcheck:
      test: {health}
      interval: 2s
      timeout: 5s
      retries: 30
      start_period: 5s
"""

VERIFIER_DOCKERFILE = """\
# The verifier's container (separate mode): worldsmith from the wheel beside this file, the grader's own copy
# of the world at /tests/world, the task and test.sh. Harbor builds it from tests/, which no agent is given.
FROM {base}
COPY {wheel} /tmp/{wheel}
RUN pip install --no-cache-dir "/tmp/{wheel}" && rm /tmp/{wheel}
COPY world /tests/world
COPY task.json test.sh /tests/
RUN chmod -R a-w /tests/world && chmod 0555 /tests/test.sh
WORKDIR /tests
"""

TEST_SH = f"""\
#!/usr/bin/env bash
# Grade the apps' session (collected from the apps service, which the agent cannot write) against task.json,
# with the grader's own copy of the world, and write the reward. A grader failure, or no session at all (the
# apps never ran), exits non-zero and writes no reward, so it is never scored as the agent's failure.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
LOGS="${{HARBOR_LOGS:-/logs}}"
SESSION="${{WORLDSMITH_SESSION:-{SESSION_DIR}}}"
export {KEYS_ENV}="${{{KEYS_ENV}:-{KEYS_DIR}}}"  # the session's key, collected with it from the apps service
mkdir -p "$LOGS/verifier"
if [ ! -f "$SESSION/{SESSION_MARKER}" ]; then
    echo "no apps session at $SESSION: the apps did not run, so there is nothing to grade" >&2
    exit 2
fi
exec "${{WORLDSMITH_PYTHON:-python3}}" -m worldsmith.environments.grade --task "$HERE/task.json" \\
    --world "$HERE/world" --session "$SESSION" --answer-file "${{WORLDSMITH_ANSWER:-{ANSWER_FILE}}}" \\
    --reward "$LOGS/verifier/reward.txt"
"""

SOLVE_SH = f"""\
#!/usr/bin/env bash
# The reference solution, made through the world's apps over MCP, as an agent's tool calls would be.
set -eu
HERE="$(cd "$(dirname "$0")" && pwd)"
exec "${{WORLDSMITH_PYTHON:-python3}}" "$HERE/harbor_oracle.py" --task "$HERE/solution.json" \\
    --url "${{WORLDSMITH_APPS_URL:-{APPS_URL}}}"
"""


def _toml_str(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string


def _json_list(items: list[str]) -> str:
    return json.dumps(items)  # a flow sequence in YAML, a Dockerfile exec form


def harbor_name(task: Task, world: World) -> str:
    """The task's package name: Harbor takes exactly one `org/name` (one slash; letters, digits, `._-`)."""
    return f"worldsmith/{world.world_id}--{task.id}"


def task_toml(task: Task, world: World) -> str:
    """Harbor's task.toml for one task."""
    resources = ["build_timeout_sec = 900.0", "cpus = 1", "memory_mb = 2048", 'network_mode = "no-network"']
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
        "# The verifier runs in a container of its own, built from tests/, and sees only the artifacts below.",
        "[verifier]",
        "timeout_sec = 300.0",
        'environment_mode = "separate"',
        "",
        "[verifier.environment]",
        *resources,
        "",
        "[agent]",
        "timeout_sec = 1800.0",
        "",
        "[environment]",
        *resources,
        'workdir = "/app"',
        "",
        "# The world's apps (the `apps` service of environment/docker-compose.yaml), for agents that register",
        "# a task's MCP servers themselves.",
        "[[environment.mcp_servers]]",
        f'name = {_toml_str("worldsmith")}',
        'transport = "streamable-http"',
        f"url = {_toml_str(APPS_URL)}",
        "",
        "[environment.healthcheck]",
        f"command = {_toml_str(HEALTHCHECK)}",
        "interval_sec = 2.0",
        "timeout_sec = 5.0",
        "retries = 30",
        "start_period_sec = 5.0",
        "",
        "# What the verifier is handed: the apps' session and its key, from the apps' own filesystem (collected",
        "# after the agent's container stops), and the answer file the agent may write.",
        "[[artifacts]]",
        f"source = {_toml_str(SESSION_DIR)}",
        f"service = {_toml_str(APPS_SERVICE)}",
        "",
        "[[artifacts]]",
        f"source = {_toml_str(KEYS_DIR)}",
        f"service = {_toml_str(APPS_SERVICE)}",
        "",
        "[[artifacts]]",
        f"source = {_toml_str(ANSWER_FILE)}",
        "",
    ])


def instruction_md(task: Task, world: World) -> str:
    """The agent's instruction, with where the apps are."""
    apps = [*CORE_APPS, *(a.name for a in present_apps(world))]  # mail, drive, then each kind's own (calendar, chat)
    return (f"# {world.plan.title}\n\n{task.instruction}\n\n"
            f"The data room's apps ({', '.join(apps[:-1])} and {apps[-1]}) are served over MCP at {APPS_URL} "
            "(streamable HTTP). The room itself is read-only at /world/room. Write a final answer, where one "
            f"is asked for, with the submit_answer tool or to {ANSWER_FILE}.\n")


def _write(path: Path, text: str, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)


def _solution_json(task: Task) -> str:
    return json.dumps({"task": task.id, "solution": task.solution.model_dump(mode="json")}, indent=2,
                      ensure_ascii=False) + "\n"


# A wheel's file name as PEP 427 spells it: nothing a shell or a Dockerfile would read as more than a word.
_WHEEL_NAME = re.compile(r"[A-Za-z0-9_.]+-[A-Za-z0-9_.!+]+(?:-[A-Za-z0-9_.]+){3,4}\.whl")


def _shared_files(wheel: Path) -> dict[str, str]:
    """The text files every task of one export has alike, by their path in the task folder."""
    serve = _json_list(SERVE)
    return {
        "environment/Dockerfile": MAIN_DOCKERFILE,
        "environment/apps.Dockerfile": APPS_DOCKERFILE.format(base=BASE_IMAGE, wheel=wheel.name, port=PORT,
                                                              session_parent=str(Path(SESSION_DIR).parent),
                                                              keys_env=KEYS_ENV, keys_dir=KEYS_DIR, serve=serve),
        "environment/docker-compose.yaml": COMPOSE.format(service=APPS_SERVICE, serve=serve, health=_json_list(
            ["CMD", "python3", "-c", f"import socket; socket.create_connection(('127.0.0.1', {PORT}), 2)"])),
        "tests/Dockerfile": VERIFIER_DOCKERFILE.format(base=BASE_IMAGE, wheel=wheel.name),
    }


def export_harbor(world: World, tasks: list[Task], out: str | Path, wheel: str | Path | None = None) -> list[Path]:
    """Write one Harbor task directory per task under out/ and return them.

    worldsmith is installed in the task's images from a wheel inside the task folder: `wheel` when given,
    else one built from this checkout, once for the whole export.
    """
    out = Path(out)
    # a new or empty folder, or one an export made: a task's folder is replaced only where an export made it
    claim(out, "harbor")
    for task in tasks:  # as apex refuses a link at out/<world_id>: a task's folder is replaced, never followed
        d = out / task.id
        if d.is_symlink() or (d.exists() and not d.is_dir()):
            raise ExportError(f"{d} is a link or a file, not an earlier export of this task; remove it yourself or "
                              "choose another --out (nothing was written)")
    copy = Copier()
    with tempfile.TemporaryDirectory(prefix=".worldsmith-harbor-", dir=out) as tmp:
        staging = Path(tmp)
        if wheel is None:
            wheel = build_wheel(staging / "wheel")
        wheel = Path(wheel)
        if not wheel.is_file() or not wheel.name.endswith(".whl"):
            raise WorldsmithError(f"{wheel}: no such wheel; leave out --wheel to build one from this checkout")
        if not _WHEEL_NAME.fullmatch(wheel.name):
            # The name goes into the Dockerfiles' COPY and RUN lines: a quote or a ';' there runs at image build.
            raise WorldsmithError(f"{wheel.name!r} is not a wheel's file name (name-version-python-abi-platform.whl, "
                                  "letters, digits and . _ + ! only); rename the file, or leave out --wheel")
        apps_world = write_apps_world(world, staging / "apps-world", copy)
        shared = _shared_files(wheel)
        oracle_source = Path(harbor_oracle.__file__)
        dirs = []
        for task in tasks:
            d = out / task.id
            if d.exists():
                shutil.rmtree(d)
            _write(d / "task.toml", task_toml(task, world))
            _write(d / "instruction.md", instruction_md(task, world))
            for rel, text in shared.items():
                _write(d / rel, text)
            copy.tree(apps_world, d / "environment" / "world")
            copy(wheel, d / "environment" / wheel.name)
            write_grader_world(world, d / "tests" / "world", copy)
            copy(wheel, d / "tests" / wheel.name)
            _write(d / "tests" / "test.sh", TEST_SH, 0o755)
            _write(d / "tests" / "task.json", task.model_dump_json(indent=2) + "\n")
            _write(d / "solution" / "solve.sh", SOLVE_SH, 0o755)
            _write(d / "solution" / "solution.json", _solution_json(task))
            copy(oracle_source, d / "solution" / "harbor_oracle.py")
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


def _holds(folder: Path, world: World) -> None:
    """Refuse a copy of a world that lacks a file, has another, or has one of another size, or another manifest.

    Names and sizes only: every checksum is checked where the copy is used, when the apps and the grader
    open it in their containers; here, hashing two worlds per task would cost more than the gates.
    """
    want = {f.path: f.bytes for f in world.manifest.files}
    have = {rel: (folder / rel).stat().st_size for rel in _bundle.bundle_files(folder) if rel != _bundle.MANIFEST}
    manifest = (folder / _bundle.MANIFEST).read_bytes() == (world.path / _bundle.MANIFEST).read_bytes()
    if have != want or not manifest:
        wrong = sorted(set(have.items()) ^ set(want.items()))[:3]
        raise WorldsmithError(f"{folder}: not the world exported ({'manifest.json differs; ' if not manifest else ''}"
                              f"{', '.join(p for p, _ in wrong)}); export again")


def run_gates(world: World, task_dirs: list[Path]) -> list[GateResult]:
    """Harbor's nop (do nothing) and oracle (solution/) agents on each exported task, in this process.

    Each trial is what Harbor runs, without Docker: the apps' world (environment/world) takes the oracle's
    actions into a session, as the apps service would, and the grader grades that session against
    tests/task.json with the published world, of which tests/world is checked to be a copy.
    """
    from worldsmith.environments.grade import grade
    from worldsmith.environments import session_store
    from worldsmith.environments.lint import apply_solution
    from worldsmith.environments.session import Session

    if not task_dirs:
        return []
    results = []
    apps = open_world(task_dirs[0] / "environment" / "world")
    try:
        with tempfile.TemporaryDirectory(prefix="worldsmith-gates-") as tmp, session_store.pruned_once():
            for n, d in enumerate(task_dirs):
                _holds(d / "environment" / "world", apps)
                _holds(d / "tests" / "world", world)
                task = Task.model_validate_json((d / "tests" / "task.json").read_text(encoding="utf-8"))
                raw = json.loads((d / "solution" / "solution.json").read_text(encoding="utf-8"))
                solved = task.model_copy(update={"solution": Solution.model_validate(raw["solution"])})
                nop_dir, oracle_dir = Path(tmp) / f"{n}-nop", Path(tmp) / f"{n}-oracle"
                Session(apps, nop_dir)
                apply_solution(solved, Session(apps, oracle_dir))
                results.append(GateResult(task=d.name, nop=grade(task, Session(world, nop_dir)).score,
                                          oracle=grade(task, Session(world, oracle_dir)).score))
                # Scratch sessions: their own keys in the user's data folder go with them (two a task were left there
                # for a day, and every new session's pruning reads every key kept).
                session_store.discard(nop_dir)
                session_store.discard(oracle_dir)
    finally:
        apps.close()
    return results
