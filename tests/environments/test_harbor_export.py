"""Harbor export: the layout Harbor runs, nothing of the answer key on the agent's side, copies not links,
worldsmith from a wheel in the task folder, nop 0 / oracle 1 on each kind of task (on every task:
bench/environments.py), and the task's own scripts through a real apps server.

`harbor lint` runs where Harbor is installed (it needs Python 3.12: e.g. a venv at /tmp/harborvenv with
`pip install harbor`, or WORLDSMITH_HARBOR=/path/to/harbor); elsewhere that test is skipped.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
import yaml

import worldsmith
from tests.environments.parse_memo import rooms_parsed_once
from tests.published import task_set_of
from worldsmith.environments import harbor_oracle, session_store
from worldsmith.environments.harbor import APPS_URL, KEYS_DIR, SESSION_DIR, export_harbor, run_gates
from worldsmith.environments.harbor_wheel import build_wheel
from worldsmith.environments.harbor_world import stripped_plan
from worldsmith.worlds import bundle
from worldsmith.worlds.errors import WorldsmithError
from worldsmith.worlds.world import open_world, verify_files

_EXPORTS: dict[str, tuple] = {}


def _answers_only(task) -> bool:
    """An answer task (the agent writes an answer and changes nothing), not an action task."""
    return bool(task.solution.answer) and not task.solution.actions


def _sample(tasks: list, seen: frozenset = frozenset()) -> list:
    """One task of each kind, answer or action (the first in the set's order), leaving out the pairs `seen` in another
    world's sample but keeping five tasks and both an answer and an action task: what the export writes differs by
    kind and by whether the task acts. Every task of a world is exported and gated by `bench/environments.py`,
    which runs at smoke size in tests/test_benches.py; all of a world's 25-31 tasks here cost about 20 s of CPU."""
    firsts: dict[tuple[str, bool], object] = {}
    for task in tasks:
        firsts.setdefault((task.kind, _answers_only(task)), task)
    kept = {id(t) for pair, t in firsts.items() if pair not in seen}
    for acts in (True, False):  # an answer task and an action task at least
        if not any(_answers_only(t) == acts for t in firsts.values() if id(t) in kept):
            kept |= {next(id(t) for t in firsts.values() if _answers_only(t) == acts)}
    for task in tasks:  # five at least, the set's first
        if len(kept) >= 5:
            break
        kept.add(id(task))
    return [t for t in tasks if id(t) in kept]


def _pairs(name: str, request) -> frozenset:
    """The (kind, answer-only) pairs of an example's tasks."""
    with worldsmith.open(request.getfixturevalue(name)) as world:
        return frozenset((t.kind, _answers_only(t)) for t in task_set_of(world).tasks)


def _export(name: str, request, tmp_path_factory):
    """Each example's sample of tasks exported once per test session: (world, task set of the sample, task dirs).
    The diligence world's sample holds only the kinds the legal world has not (the hospital world: bench/environments)."""
    if name not in _EXPORTS:
        world = worldsmith.open(request.getfixturevalue(name))
        task_set = task_set_of(world)
        seen = _pairs("published_legal", request) if name != "published_legal" else frozenset()
        task_set = task_set.model_copy(update={"tasks": _sample(task_set.tasks, seen)})
        request.session.config.add_cleanup(world.close)
        _EXPORTS[name] = (world, task_set, export_harbor(world, task_set.tasks, tmp_path_factory.mktemp("harbor")))
    return _EXPORTS[name]


@pytest.fixture(scope="module", autouse=True)
def _apps_rooms_parsed_once():
    """An apps world ships no store (the ledger stays out of the agent's image), so open_world rebuilds one from its
    room each time: the legal world's was parsed three times in this module (its gates, the refused gates, the
    sealed-open test). Here those loads share one parse memo per plan (tests/environments/parse_memo.py)."""
    with rooms_parsed_once():
        yield


@pytest.fixture(params=["published_legal", "published_diligence"])
def exported(request, tmp_path_factory):
    return _export(request.param, request, tmp_path_factory)


@pytest.fixture
def legal(request, tmp_path_factory):
    return _export("published_legal", request, tmp_path_factory)


def _toml(d: Path) -> dict:
    return tomllib.loads((d / "task.toml").read_text(encoding="utf-8"))


def test_each_task_directory_has_harbors_layout(exported):
    world, task_set, dirs = exported
    assert [d.name for d in dirs] == [t.id for t in task_set.tasks] and len(dirs) >= 5
    wheel = next((dirs[0] / "environment").glob("worldsmith-*-py3-none-any.whl")).name
    for d in dirs:
        config = _toml(d)
        assert config["schema_version"] == "1.4" and config["task"]["name"].endswith(d.name)
        # The verifier runs in its own container, handed the apps' session (from the apps service) and the answer.
        assert config["verifier"]["environment_mode"] == "separate"
        assert config["verifier"]["environment"]["network_mode"] == "no-network"
        assert {(a["source"], a.get("service", "main")) for a in config["artifacts"]} == {
            (SESSION_DIR, "apps"), (KEYS_DIR, "apps"), ("/app/answer.txt", "main")}
        assert config["environment"]["network_mode"] == "no-network"
        (server,) = config["environment"]["mcp_servers"]
        assert server["transport"] == "streamable-http" and server["url"] == APPS_URL
        assert "8000" in config["environment"]["healthcheck"]["command"]
        assert (d / "instruction.md").read_text(encoding="utf-8").strip()
        # The agent's image holds the room and nothing else of the world.
        main = (d / "environment" / "Dockerfile").read_text(encoding="utf-8")
        assert [line.split()[1] for line in main.splitlines() if line.startswith("COPY")] == ["world/room"]
        # The apps start as a Compose service in main's network namespace, not from an ENTRYPOINT; no
        # privileges, capabilities or mounts (Harbor's Compose rules).
        [(name, service)] = yaml.safe_load((d / "environment" / "docker-compose.yaml").read_text())["services"].items()
        assert name == "apps" and service["network_mode"] == "service:main"
        assert service["build"] == {"context": ".", "dockerfile": "apps.Dockerfile"}
        assert service["command"][:4] == ["worldsmith", "serve", "/world", "--http"] and SESSION_DIR in service["command"]
        assert "8000" in " ".join(service["healthcheck"]["test"])
        assert not {"privileged", "cap_add", "volumes", "entrypoint"} & set(service) and "ENTRYPOINT" not in main
        # worldsmith only ever from the wheel in the task folder, never by name from an index.
        apps = (d / "environment" / "apps.Dockerfile").read_text(encoding="utf-8")
        verifier = (d / "tests" / "Dockerfile").read_text(encoding="utf-8")
        assert f'pip install --no-cache-dir "/tmp/{wheel}[apps]"' in apps and f'"/tmp/{wheel}"' in verifier
        assert "pip install" not in main and not re.search(r"install[^\n]*['\" ]worldsmith\b", apps + verifier)
        for folder in ("environment", "tests"):
            assert (d / folder / wheel).read_bytes() == (dirs[0] / "environment" / wheel).read_bytes()
        assert "COPY task.json test.sh /tests/" in verifier
        for script in ("tests/test.sh", "solution/solve.sh"):
            assert os.access(d / script, os.X_OK), script
        assert "reward.txt" in (d / "tests" / "test.sh").read_text(encoding="utf-8")


# Harbor's task model as of harbor 0.26 (harbor/models/task/config.py): the fields each section of
# task.toml may have. Harbor ignores a key it does not know, so a misspelt one would silently lose its
# setting; and it refuses a name that is not exactly one `org/name`.
HARBOR_NAME = re.compile(r"^[a-zA-Z0-9][a-zA-Z0-9._-]*/[a-zA-Z0-9][a-zA-Z0-9._-]*$")
ENVIRONMENT_FIELDS = {"build_timeout_sec", "docker_image", "os", "cpus", "memory_mb", "storage_mb", "gpus",
                      "gpu_types", "tpu", "mcp_servers", "env", "skills_dir", "healthcheck", "workdir",
                      "network_mode", "allowed_hosts"}
HARBOR_FIELDS = {
    "": {"schema_version", "task", "metadata", "verifier", "agent", "environment", "solution", "source",
         "multi_step_reward_strategy", "steps", "artifacts"},
    "task": {"name", "version", "description", "authors", "keywords"},
    "verifier": {"timeout_sec", "env", "user", "environment_mode", "environment", "collect", "network_mode",
                 "allowed_hosts"},
    "agent": {"timeout_sec", "user", "network_mode", "allowed_hosts"},
    "environment": ENVIRONMENT_FIELDS,
    "verifier.environment": ENVIRONMENT_FIELDS,
    "mcp_servers": {"name", "transport", "url", "command", "args", "headers"},
    "healthcheck": {"command", "interval_sec", "timeout_sec", "start_period_sec", "start_interval_sec", "retries"},
    "artifacts": {"source", "destination", "exclude", "service"},
}


def test_task_toml_has_only_fields_harbors_task_model_reads(exported):
    _, _, dirs = exported
    for d in dirs:
        config = _toml(d)
        assert HARBOR_NAME.match(config["task"]["name"]), config["task"]["name"]
        assert set(config) <= HARBOR_FIELDS[""]
        for section in ("task", "verifier", "agent", "environment"):
            assert set(config[section]) <= HARBOR_FIELDS[section], section
        assert set(config["verifier"]["environment"]) <= HARBOR_FIELDS["verifier.environment"]
        for server in config["environment"]["mcp_servers"]:
            assert set(server) <= HARBOR_FIELDS["mcp_servers"] and server["transport"] in ("stdio", "sse", "streamable-http")
        assert set(config["environment"]["healthcheck"]) <= HARBOR_FIELDS["healthcheck"]
        assert all(set(a) <= HARBOR_FIELDS["artifacts"] and a["source"].startswith("/") for a in config["artifacts"])


def _agent_side(d: Path) -> list[Path]:
    """Every file an agent's side of the task can see or is built from: the task's own text and environment/."""
    return [d / "task.toml", d / "instruction.md", *(p for p in (d / "environment").rglob("*") if p.is_file())]


def test_nothing_on_the_agents_side_holds_an_answer_or_a_fact(exported):
    world, task_set, dirs = exported
    public = [world.plan.title, *(a.title for a in world.plan.artifacts), *(o.name for o in world.plan.organisations),
              *(p.name for p in world.plan.people)]  # names the room shows anyway (a fact may be a vessel's name)
    secrets = {f.text for f in world.plan.facts} | {p.text for f in world.plan.facts for p in f.earlier}
    secrets |= {d.text for d in world.distractors}
    for task in task_set.tasks:
        secrets |= {task.solution.answer or ""} | {str(c) for row in task.reference.expect for c in row}
    secrets = {s for s in secrets if len(s) >= 3 and not re.fullmatch(r"[\d.,]+", s) and not any(s in p for p in public)}
    assert len(secrets) >= 10
    room = {f.path: f.sha256 for f in world.manifest.files if f.path.startswith("room/")}
    for task, d in zip(task_set.tasks, dirs):
        assert not (d / "environment" / "world" / bundle.TASKS).exists()
        for path in _agent_side(d):
            rel = path.relative_to(d).as_posix()
            if rel.startswith("environment/world/room/"):  # the room itself: byte for byte the published one
                assert bundle.sha256_file(path) == room[rel.removeprefix("environment/world/")], rel
                continue
            if rel.endswith(".whl"):  # worldsmith's own code, installed in the apps' image only
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            # An instruction names dates and figures of the matter; never the answer to its own question.
            mine = {task.solution.answer or ""} | {str(c) for row in task.reference.expect for c in row}
            found = [s for s in (secrets & mine if rel == "instruction.md" else secrets) if s in text]
            assert not found, f"{d.name}/{rel} holds {found[:3]}"


def test_the_apps_world_has_no_ledger_and_opens_sealed(legal):
    world, _, dirs = legal
    apps = open_world(dirs[0] / "environment" / "world")  # verified: every file against its sealed manifest
    try:
        assert apps.world_id == world.world_id and not apps.plan.facts and not apps.plan.distractors
        assert all(not a.facts and not a.purpose and a.distractor is None for a in apps.plan.artifacts)
        assert [p.email for p in apps.plan.people] == [p.email for p in world.plan.people]
        assert apps.validation.verdict == world.validation.verdict
        assert all(not c.rows for c in apps.validation.checks)
        assert sorted(p.name for p in apps.path.iterdir()) == ["manifest.json", "plan.json", "room", "validation.json"]
    finally:
        apps.close()
    assert stripped_plan(world.plan).summary == "" and world.plan.facts


def test_every_file_is_a_copy_and_an_edit_in_one_task_reaches_nothing_else(legal):
    world, _, dirs = legal
    one, other = dirs[0], dirs[1]
    for folder in ("environment/world/room", "tests/world/room"):
        for f in (one / folder).rglob("*"):
            if f.is_file():
                assert f.stat().st_nlink == 1, f
    rel = next(f.path for f in world.manifest.files if f.path.startswith("room/") and f.path.endswith(".eml"))
    for folder in ("environment/world", "tests/world"):
        target = one / folder / rel
        target.chmod(0o644)
        with open(target, "r+b") as fh:  # in place, as a careless script would: no new inode
            fh.write(b"EDITED")
    assert verify_files(world.path, world.manifest) == []
    assert verify_files(other / "tests" / "world", world.manifest) == []
    assert bundle.sha256_file(other / "environment" / "world" / rel) == bundle.sha256_file(world.path / rel)
    assert verify_files(one / "tests" / "world", world.manifest)  # the edit itself is seen where it was made
    shutil.copy2(world.path / rel, one / "tests" / "world" / rel)
    shutil.copy2(world.path / rel, one / "environment" / "world" / rel)


def test_nop_scores_0_and_oracle_scores_1_on_each_exported_task(exported, tmp_path, monkeypatch):
    world, task_set, dirs = exported
    assert {_answers_only(t) for t in task_set.tasks} == {True, False}  # an answer task and an action task at least
    monkeypatch.setenv(session_store.KEYS_ENV, str(tmp_path / "keys"))
    results = run_gates(world, dirs)
    assert [r.task for r in results if not r.passed] == []
    assert len(results) == len(dirs) >= 5
    assert list((tmp_path / "keys").glob("*")) == []  # the gates' scratch sessions leave no key behind


def test_the_gates_refuse_a_task_whose_world_copy_is_not_the_exported_one(legal):
    world, _, dirs = legal
    rel = next(f.path for f in world.manifest.files if f.path.startswith("room/"))
    moved = dirs[2] / "tests" / "world" / (rel + ".away")
    (dirs[2] / "tests" / "world" / rel).rename(moved)
    try:
        with pytest.raises(WorldsmithError, match="not the world exported"):
            run_gates(world, dirs[:3])
    finally:
        moved.rename(dirs[2] / "tests" / "world" / rel)


def _serve(world_dir: Path, session: Path, port: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "worldsmith.flows.cli", "serve", str(world_dir), "--http",
                             "--no-auth", "--port", str(port), "--session", str(session)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_tasks_own_scripts_through_a_real_apps_server(legal, tmp_path):
    # What Harbor runs, without Docker: `worldsmith serve` over environment/world (the apps service),
    # solution/solve.sh speaking MCP over HTTP to it, tests/test.sh grading the session folder it wrote.
    # One server for an answer task and an action task, reset between them through its own tool.
    world, task_set, dirs = legal
    picks = {}
    for task, d in zip(task_set.tasks, dirs):
        picks.setdefault("answer" if task.solution.answer and not task.solution.actions else "action", d)
    assert set(picks) == {"answer", "action"}
    port = _free_port()
    url = f"http://127.0.0.1:{port}/mcp"
    session = tmp_path / "session"
    env = {**os.environ, "WORLDSMITH_PYTHON": sys.executable, "WORLDSMITH_APPS_URL": url, "WORLDSMITH_SESSION":
           str(session), "HARBOR_LOGS": str(tmp_path / "logs"), "WORLDSMITH_ANSWER": str(tmp_path / "answer.txt")}
    reward = tmp_path / "logs" / "verifier" / "reward.txt"

    def run(script: Path) -> float:
        done = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return float(reward.read_text(encoding="utf-8")) if script.name == "test.sh" else 0.0

    server = _serve(picks["answer"] / "environment" / "world", session, port)
    try:
        client = harbor_oracle.connect(url, 60)  # the apps answer: what Harbor's healthcheck waits for
        rewards = {}
        for kind, d in picks.items():
            client.call("reset", {})
            run(d / "solution" / "solve.sh")
            rewards[kind] = run(d / "tests" / "test.sh")
    finally:
        server.terminate()
        server.wait(10)
    assert rewards == {"answer": 1.0, "action": 1.0}  # nop: each exported task in process, above


def test_the_verifier_writes_no_reward_without_a_session_or_with_a_broken_task(legal, tmp_path):
    from worldsmith.environments import grade

    world, _, dirs = legal
    env = {**os.environ, "HARBOR_LOGS": str(tmp_path / "logs"), "WORLDSMITH_SESSION": str(tmp_path / "none")}
    done = subprocess.run(["bash", str(dirs[0] / "tests" / "test.sh")], env=env, capture_output=True, text=True)
    assert done.returncode == 2 and "apps did not run" in done.stderr
    reward = tmp_path / "logs" / "verifier" / "reward.txt"
    assert not reward.exists()  # never scored as the agent's 0
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    code = grade.main(["--task", str(tmp_path / "broken.json"), "--world", str(world.path),
                       "--session", str(tmp_path / "s"), "--reward", str(reward)])
    assert code == 2 and not reward.exists()


def test_the_verifier_prints_a_grader_error_with_control_characters_escaped(tmp_path, monkeypatch, capsys):
    from worldsmith.environments import grade
    from worldsmith.worlds import world as world_module

    hostile = "x\x1b]0;PWNED\x07\x1b[2J\x1b[31mFAKE: score 1.0\x1b[0m\nreward 1.0"  # a name from the bundle
    (tmp_path / "task.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(grade.Task, "model_validate_json", classmethod(lambda cls, raw: None))

    def refuse(path):
        raise WorldsmithError(f"{path}: not a world")

    monkeypatch.setattr(world_module, "open_world", refuse)
    code = grade.main(["--task", str(tmp_path / "task.json"), "--world", str(tmp_path / hostile),
                       "--session", str(tmp_path / "s")])
    said = capsys.readouterr().err
    assert code == 2 and said.startswith("grader error: ") and said.count("\n") == 1
    assert "\x1b" not in said and "\\x1b[2J" in said and "\\x07" in said and "\\x0areward" in said


def test_the_oracle_script_needs_only_the_standard_library():
    source = Path(harbor_oracle.__file__).read_text(encoding="utf-8")
    imported = set(re.findall(r"^(?:import|from) ([\w.]+)", source, flags=re.M))
    assert imported <= {"__future__", "argparse", "json", "sys", "time", "urllib.error", "urllib.request"}


def test_the_wheel_holds_every_module_and_installs(tmp_path):
    wheel = build_wheel(tmp_path / "a")
    assert build_wheel(tmp_path / "b").read_bytes() == wheel.read_bytes()  # the same source, the same bytes
    names = set(zipfile.ZipFile(wheel).namelist())
    repo = Path(__file__).resolve().parents[2]
    for layer, package in (("environments", "environments"), ("worlds", "worlds"), ("flows", "flows")):
        for source in (repo / layer).glob("*.py"):
            assert f"worldsmith/{package}/{source.name}" in names, source
    assert "worldsmith/worlds/store/schema.sql" in names
    metadata = zipfile.ZipFile(wheel).read("worldsmith-0.1.0.dist-info/METADATA").decode()
    assert re.search(r'^Requires-Dist: fastmcp>=[\d.]+; extra == "apps"$', metadata, flags=re.M)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--target",
                    str(target), str(wheel)], check=True)
    probe = subprocess.run([sys.executable, "-c", "import worldsmith, worldsmith.environments.grade as g; "
                            "print(worldsmith.__file__)"], env={**os.environ, "PYTHONPATH": str(target)},
                           cwd=tmp_path, capture_output=True, text=True, check=True)
    assert probe.stdout.startswith(str(target))


def test_a_wheel_given_to_the_export_is_what_the_images_install(legal, tmp_path):
    world, task_set, _ = legal
    wheel = tmp_path / "worldsmith-9.9.9-py3-none-any.whl"
    wheel.write_bytes(b"a wheel")
    (d,) = export_harbor(world, task_set.tasks[:1], tmp_path / "out", wheel)
    assert f'"/tmp/{wheel.name}[apps]"' in (d / "environment" / "apps.Dockerfile").read_text(encoding="utf-8")
    assert f'"/tmp/{wheel.name}"' in (d / "tests" / "Dockerfile").read_text(encoding="utf-8")
    assert (d / "environment" / wheel.name).read_bytes() == (d / "tests" / wheel.name).read_bytes() == b"a wheel"


@pytest.mark.parametrize("name", ['x"; touch "pwn.whl', "a wheel-1-py3-none-any.whl", "w-1-py3-none-any.whl;id.whl"])
def test_a_wheel_whose_name_a_shell_would_read_as_more_is_refused(legal, tmp_path, name):
    # attack22 F10: the name was pasted into the Dockerfiles' RUN line, so a quote in it ran a command at build
    world, task_set, _ = legal
    wheel = tmp_path / name
    wheel.write_bytes(b"a wheel")
    with pytest.raises(WorldsmithError, match="not a wheel's file name"):
        export_harbor(world, task_set.tasks[:1], tmp_path / "out", wheel)
    assert not list((tmp_path / "out").rglob("*Dockerfile"))


def _harbor() -> str | None:
    for candidate in (os.environ.get("WORLDSMITH_HARBOR"), shutil.which("harbor"), "/tmp/harborvenv/bin/harbor"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


# Harbor's Compose rules parse docker-compose.yaml with `docker compose config`, and every default rule then
# needs the Docker CLI; so the lint runs on copies without the compose file, and the layout test holds the
# compose file to the Compose rules (no privileges, capabilities or mounts).
def test_harbor_lint_finds_nothing(legal, tmp_path):
    harbor = _harbor()
    if harbor is None:
        pytest.skip("Harbor is not installed here (it needs Python 3.12: pip install harbor into a venv of its own)")
    _, _, dirs = legal
    copies = []
    for d in dirs[:3]:
        shutil.copytree(d, tmp_path / d.name, ignore=shutil.ignore_patterns("docker-compose.yaml"))
        copies.append(str(tmp_path / d.name))
    done = subprocess.run([harbor, "lint", "--json", *copies], capture_output=True, text=True)
    assert done.returncode == 0 and json.loads(done.stdout) == [], done.stdout + done.stderr
