"""Deployments: `worldsmith serve-flows` against a local Prefect server; a triggered run publishes a world."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from tests.conftest import MINI, REPO



def test_prefect_yaml_entrypoints_are_worldsmith_flows():
    from prefect.flows import load_flow_from_entrypoint

    spec = yaml.safe_load((REPO / "prefect.yaml").read_text(encoding="utf-8"))
    names = {d["name"]: d for d in spec["deployments"]}
    assert set(names) >= {"on-demand", "nightly"}
    assert names["nightly"]["schedules"][0]["cron"] == "0 2 * * *"
    flows = {load_flow_from_entrypoint(str(REPO / d["entrypoint"])).name for d in spec["deployments"]}
    assert flows == {"generate_world", "generate_batch"}


@pytest.mark.usefixtures("prefect_harness")
def test_a_served_deployment_run_publishes_a_world_and_its_catalog_row(tmp_path):
    from prefect.deployments import run_deployment
    from prefect.settings import PREFECT_API_URL

    from worldsmith.worlds.catalog import list_worlds

    out = tmp_path / "out"
    env = dict(os.environ, PREFECT_API_URL=PREFECT_API_URL.value(), PREFECT_RUNNER_POLL_FREQUENCY="1")
    server = subprocess.Popen([sys.executable, "-m", "worldsmith.flows.cli", "serve-flows", "--outlines",
                               str(MINI.parent), "--out", str(out)], cwd=tmp_path, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        run = None
        deadline = time.monotonic() + 120
        while run is None and time.monotonic() < deadline:
            try:
                # polled each half second, not Prefect's 5 s: the world is made in a few, and the test waited out
                # the rest of the interval after it was published
                run = run_deployment("generate_world/on-demand", parameters={"outline": str(MINI)}, timeout=240,
                                     poll_interval=0.5)
            except Exception:  # the deployment is not registered yet
                if server.poll() is not None:
                    pytest.fail(server.stdout.read())
                time.sleep(1)
        assert run is not None, "the deployment never appeared"
        assert run.state.is_completed(), run.state
        rows = list_worlds(out)
        assert len(rows) == 1 and Path(rows[0].path).is_dir() and rows[0].outline_file == MINI.name
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)


def test_the_compose_file_wires_workers_to_a_postgres_backed_server_and_the_pool_of_prefect_yaml():
    """deploy/docker-compose.yml cannot run here (no Docker daemon); what it promises is checked against itself,
    prefect.yaml and the package: one database URL, one API URL, the pool the deployments name."""
    compose = yaml.safe_load((REPO / "deploy" / "docker-compose.yml").read_text(encoding="utf-8"))
    spec = yaml.safe_load((REPO / "prefect.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert {"postgres", "prefect-server", "worker"} <= set(services)
    db = services["postgres"]["environment"]
    url = services["prefect-server"]["environment"]["PREFECT_API_DATABASE_CONNECTION_URL"]
    assert url.startswith(f"postgresql+asyncpg://{db['POSTGRES_USER']}:") and url.endswith(f"@postgres:5432/{db['POSTGRES_DB']}")
    port = services["prefect-server"]["ports"][0].split(":")[-1]
    pool = spec["definitions"]["work_pool"]["name"]
    for name in ("worker", "dask-scheduler", "dask-worker"):
        env = services[name]["environment"]
        assert env["PREFECT_API_URL"] == f"http://prefect-server:{port}/api"
        assert env["WORLDSMITH_HOME"] == "/srv/worldsmith"
    assert f"--pool {pool}" in services["worker"]["command"] and f"create {pool} --type process" in services["worker"]["command"]
    dockerfile = (REPO / services["worker"]["build"]["dockerfile"]).read_text(encoding="utf-8")
    assert "pip install '.[dask]'" in dockerfile and "WORLDSMITH_HOME=/srv/worldsmith" in dockerfile


def _pull(monkeypatch, cwd: Path, home: str | None) -> dict:
    """Run prefect.yaml's pull steps as a worker's flow run does (placeholders from the environment), in `cwd`."""
    import importlib

    from prefect.utilities.templating import apply_values

    if home is None:
        monkeypatch.delenv("WORLDSMITH_HOME", raising=False)
    else:
        monkeypatch.setenv("WORLDSMITH_HOME", home)
    monkeypatch.chdir(cwd)
    spec = yaml.safe_load((REPO / "prefect.yaml").read_text(encoding="utf-8"))
    out = {}
    for step in spec["pull"]:
        (name, inputs), = step.items()
        module, _, function = name.rpartition(".")
        out = getattr(importlib.import_module(module), function)(**apply_values(inputs, os.environ))
    return out


def test_a_worker_without_worldsmith_home_runs_flows_from_the_installed_checkout(tmp_path, monkeypatch):
    """The README's by-hand recipe never sets WORLDSMITH_HOME; the pull step crashed on the empty value."""
    from prefect.flows import load_flow_from_entrypoint

    assert _pull(monkeypatch, tmp_path, None) == {"directory": str(REPO)} and Path.cwd() == REPO
    spec = yaml.safe_load((REPO / "prefect.yaml").read_text(encoding="utf-8"))
    for deployment in spec["deployments"]:  # each entrypoint and folder parameter resolves from there
        assert load_flow_from_entrypoint(deployment["entrypoint"]).name in {"generate_world", "generate_batch"}
        folder = deployment["parameters"].get("outlines")
        assert folder is None or any(Path(folder).glob("*.yaml"))
    assert _pull(monkeypatch, tmp_path, str(REPO)) == {"directory": str(REPO)}


def test_a_worldsmith_home_that_is_not_worldsmiths_folder_is_one_clear_error(tmp_path, monkeypatch):
    from worldsmith.worlds.errors import WorldsmithError

    with pytest.raises(WorldsmithError, match=f"WORLDSMITH_HOME={tmp_path}: no prefect.yaml"):
        _pull(monkeypatch, tmp_path, str(tmp_path))


def test_the_readmes_deployment_recipes_use_only_commands_options_and_deployments_that_exist():
    import re

    import typer

    from worldsmith.flows.cli import app

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Batches, schedules and many machines", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip() for block in re.findall(r"```bash\n(.*?)```", section, re.S)
                for line in block.replace("\\\n", " ").splitlines() if line.strip() and not line.startswith("#")]
    spec = yaml.safe_load((REPO / "prefect.yaml").read_text(encoding="utf-8"))
    flows = {"generate_world": "flows/generate.py", "generate_batch": "flows/batch.py"}
    deployments = {f"{name}/{d['name']}" for d in spec["deployments"] for name, path in flows.items()
                   if d["entrypoint"].startswith(path)}
    root = typer.main.get_command(app)
    ran = set()
    for line in commands:
        for used in re.findall(r"worldsmith ([a-z-]+)((?: --?[a-z-]+(?: \S+)?)*)", line):
            command = root.get_command(None, used[0])
            known = {opt for p in command.params for opt in p.opts}
            assert set(re.findall(r"--[a-z-]+", used[1])) <= known, line
            ran.add(used[0])
        for name in re.findall(r"prefect deployment run (\S+)", line):
            assert name in deployments, line
            ran.add(name)
    assert {"serve-flows", "generate_world/on-demand"} <= ran
    assert "WORLDSMITH_HOME" in section  # where a worker's flow runs start, named where the recipe is
