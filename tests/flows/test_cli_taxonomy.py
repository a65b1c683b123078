"""`worldsmith taxonomy ...` as an operator runs it: import a release, then list, search and show."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "onet-mini"


def run(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    """`worldsmith taxonomy ARGS` as a process of its own, as an operator runs it."""
    return subprocess.run([sys.executable, "-m", "worldsmith.flows.cli", "taxonomy", *args], cwd=cwd,
                          env=dict(os.environ, COLUMNS="200", **env), capture_output=True, text=True, timeout=300)


def here(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    """`worldsmith ARGS` in this process from `cwd` (a process was about 1-2 CPU-s of imports a call: `run` keeps
    one test as an operator's); an exception the app let through, a traceback in a process, fails here."""
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    before = os.getcwd()
    os.chdir(cwd)
    try:
        done = CliRunner().invoke(app, list(args), env={"COLUMNS": "200", **env})
    finally:
        os.chdir(before)
    assert isinstance(done.exception, (SystemExit, type(None))), (done.exception, done.output[-2000:])
    return subprocess.CompletedProcess(list(args), done.exit_code, done.stdout, done.stderr)


def test_import_then_search_show_and_list(tmp_path):
    done = run("import-onet", str(FIXTURE), "--out", "mini.duckdb", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "imported O*NET 0.1" in done.stdout and "5 occupations" in done.stdout
    found = here("taxonomy", "search", "trial lawyr", "--taxonomy", "mini.duckdb", cwd=tmp_path)
    assert found.returncode == 0 and found.stdout.splitlines()[3].split()[1] == "23-1011.00"
    shown = here("taxonomy", "show", "23-2011", "--json", cwd=tmp_path, WORLDSMITH_TAXONOMY="mini.duckdb")
    detail = json.loads(shown.stdout)
    assert detail["code"] == "23-2011.00" and detail["rollup"]["major"]["code"] == "23-0000"
    listed = here("taxonomy", "list", "23-0000", "--taxonomy", "mini.duckdb", cwd=tmp_path)
    assert "Paralegals and Legal Assistants" in listed.stdout and "Lawyers" in listed.stdout


def test_a_bad_release_folder_is_one_clear_error(tmp_path):
    done = run("import-onet", str(tmp_path / "nowhere"), cwd=tmp_path)
    assert done.returncode == 2
    assert "no such folder" in done.stderr and "Traceback" not in done.stderr


def test_outline_draft_writes_a_draft_that_checks_against_the_import(tmp_path):
    assert here("taxonomy", "import-onet", str(FIXTURE), "--out", "mini.duckdb", cwd=tmp_path).returncode == 0
    done = here("outline", "draft", "--occupation", "23-1011.00", "--taxonomy", "mini.duckdb",
                "--scenario", "a dispute over a late cargo", "--out", "draft.yaml", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "draft.yaml").read_text(encoding="utf-8")
    assert "# DRAFT for expert review" in text and "from the taxonomy onet 0.1" in text
    assert "on a dispute over a late cargo" in text and "occupation: 23-2011" in text  # the related paralegal
    checked = here("outline", "check", "draft.yaml", "--taxonomy", "mini.duckdb", cwd=tmp_path)
    assert checked.returncode == 0 and "draft.yaml: ok" in checked.stdout, checked.stderr


def test_the_readmes_tax_attorney_search_finds_lawyers_in_the_shipped_taxonomy():
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    done = CliRunner().invoke(app, ["taxonomy", "search", "tax attorney"], env={"COLUMNS": "200"})
    assert done.exit_code == 0, done.output
    codes = [line.split()[1] for line in done.output.splitlines() if line.startswith("│")]
    assert "23-1011" in codes[:10], done.output
    assert "tax attorney" in (REPO / "README.md").read_text(encoding="utf-8")
