"""The worldsmith command as a user runs it: exit codes, messages, and nothing written on bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, MINI, REPO

TEXT = MINI.read_text()


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="200")
    return subprocess.run([sys.executable, "-m", "worldsmith.flows.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


def write(tmp_path: Path, old: str, new: str) -> Path:
    assert old in TEXT
    path = tmp_path / "matter.yaml"
    path.write_text(TEXT.replace(old, new, 1))
    return path


BAD = {
    "yaml_syntax": ("title: Mini matter for tests\n", "title: [Mini matter\n"),
    "missing_field": ("summary: A small matter used by the tests; every kind of item once.\n", ""),
    "wrong_type": ("    count: 2\n", "    count: many\n"),
    "unknown_key": ("        rows: 6\n", "        rowz: 6\n"),
    "undefined_fact": ("        facts: [cap, spill_date]\n", "        facts: [cap, nope]\n"),
    "date_outside": ("        date: 2026-03-10\n", "        date: 2027-01-10\n"),
    "unresolvable_role": ('    occupation: "11-1011"\n', '    occupation: "Dragon Tamers"\n'),
    "escaping_path": ("  - path: Memos\n", "  - path: ../../etc\n"),
    "absolute_path": ("  - path: Memos\n", "  - path: /tmp/room\n"),
    # the ledger: a stated total that its formula does not give, and a fact planned before it is known
    "total_disagrees_with_formula": ("    value: {type: money, amount: 12500000, currency: USD}\n",
                                     "    formula: tonnage * 300\n    value: {type: money, amount: 12500000, currency: USD}\n"),
    "fact_planned_before_known": ("    value: {type: money, amount: 12500000, currency: USD}\n",
                                  "    value: {type: money, amount: 12500000, currency: USD}\n    known_from: 2026-03-05\n"),
    "reserved_name": ("  - path: Memos\n", "  - path: Memos/AUX\n"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_outline_gives_one_clear_error_exit_2_and_writes_nothing(tmp_path, case):
    path = write(tmp_path, *BAD[case])
    out = tmp_path / "outputs"
    out.mkdir()
    (out / "README.md").write_text("keep")
    before = sorted(p.relative_to(out) for p in out.rglob("*"))
    if case == "yaml_syntax":  # one case as a user runs the command, in a process of its own
        proc = run("generate", str(path), "--out", str(out), cwd=tmp_path)
        code, stdout, stderr = proc.returncode, proc.stdout, proc.stderr
    else:  # the others in this process (each process costs a second of CPU importing the command)
        from typer.testing import CliRunner

        from worldsmith.flows.cli import app

        done = CliRunner().invoke(app, ["generate", str(path), "--out", str(out)], env={"COLUMNS": "200"})
        assert done.exception is None or isinstance(done.exception, SystemExit), repr(done.exception)
        code, stdout, stderr = done.exit_code, done.stdout, done.stderr
    assert code == 2, stderr + stdout
    assert "Traceback" not in stderr + stdout
    message = stderr.strip()
    assert message.startswith("error:") and str(path) in message
    assert f"{path}:" in message and any(ch.isdigit() for ch in message.split(str(path))[1][:6]), message
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == before
    if case == "total_disagrees_with_formula":
        assert "12,500,000" in message and "13,500,000" in message, message
    if case == "fact_planned_before_known":
        assert "2026-03-05" in message and "2026-03-04" in message, message


def test_unresolvable_role_suggests_and_names_the_field(tmp_path):
    # in this process (the next test runs `outline check` as a user does, in a process of its own)
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    path = write(tmp_path, *BAD["unresolvable_role"])
    done = CliRunner().invoke(app, ["outline", "check", str(path)], env={"COLUMNS": "200"})
    assert done.exit_code == 2, done.output
    assert "cast[2].occupation" in done.stderr and "Dragon Tamers" in done.stderr


def test_outline_check_says_what_it_will_make(tmp_path):
    proc = run("outline", "check", str(EXAMPLES / "tanker-spill-liability.yaml"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "ok:" in proc.stdout and "email" in proc.stdout and "spreadsheet" in proc.stdout


def test_outline_check_names_the_documents_without_points(tmp_path):
    # in this process: the mini matter's one document has no points until it is given some
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    text = (REPO / "tests" / "fixtures" / "mini.yaml").read_text()
    (tmp_path / "bare.yaml").write_text(text)
    done = CliRunner().invoke(app, ["outline", "check", str(tmp_path / "bare.yaml")], env={"COLUMNS": "300"})
    assert done.exit_code == 0 and "1 document has no points: 'Memo re limitation of liability'" in done.output
    # (and a sheet whose figures are only typed in computes nothing: blind read 32, 'a cost calculation of two rows
    # that computes nothing', 'a five-year plan that is one cell'; the mini's cap, tonnage and fault share)
    assert "1 sheet computes nothing: 'Liability cap computation'" in done.output
    anchor = "        facts: [cap, tonnage, clause]\n"
    sheet = "        facts: [cap, tonnage, fault_share]\n        rows: 6\n"
    (tmp_path / "made.yaml").write_text(text.replace(anchor, anchor + "        points: ['The cap of {cap} holds.']\n")
                                        .replace(sheet, sheet + "        points: ['Cap per tonne: {cap} over {tonnage}']\n"))
    done = CliRunner().invoke(app, ["outline", "check", str(tmp_path / "made.yaml")], env={"COLUMNS": "300"})
    assert done.exit_code == 0 and "ok:" in done.output and "no points" not in done.output
    assert "computes nothing" not in done.output


def test_outline_check_names_a_sheet_title_its_facts_do_not_keep(tmp_path):
    # blind read 35b: 'A "measured mile" with no hours, quantities or rates: $1,386,000 is typed in'; the author is told
    # the title the sheet will get, before a world is made
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    text = (REPO / "tests" / "fixtures" / "mini.yaml").read_text()
    sheet = "        facts: [cap, tonnage, fault_share]\n        rows: 6\n"
    one = text.replace(sheet, "        facts: [cap]\n        rows: 6\n        points: ['Cap: {cap}, per the convention']\n")
    (tmp_path / "one.yaml").write_text(one.replace("Liability cap computation", "Liability cap analysis"))
    done = CliRunner().invoke(app, ["outline", "check", str(tmp_path / "one.yaml")], env={"COLUMNS": "300"})
    assert done.exit_code == 0, done.output
    assert "1 sheet title promises what its facts do not give: 'Liability cap analysis' will be titled " \
           "'Liability cap summary'" in done.output
    assert "promises what" not in CliRunner().invoke(app, ["outline", "check", str(REPO / "tests" / "fixtures" /
                                                                               "mini.yaml")],
                                                     env={"COLUMNS": "300"}).output


def test_outline_schema_prints_the_json_schema(tmp_path):
    # in this process (the test above runs `outline` as a user does, in a process of its own)
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    done = CliRunner().invoke(app, ["outline", "schema"], env={"COLUMNS": "200"})
    assert done.exit_code == 0 and done.exception is None, (done.exception, done.output[-2000:])
    schema = json.loads(done.stdout)
    assert "inventory" in schema["properties"] and schema == json.loads((REPO / "outlines" / "outline.schema.json").read_text())


def test_generate_then_validate_from_the_command_line(tmp_path, prefect_api, monkeypatch):
    # On the session's Prefect server, as with an operator's PREFECT_API_URL: the temporary server Prefect
    # starts otherwise is what bench/generate_wall.py's run "without" (a bench smoke) goes through.
    monkeypatch.setenv("PREFECT_API_URL", prefect_api[0])
    out = tmp_path / "outputs"
    proc = run("generate", str(MINI), "--seed", "5", "--out", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    assert "backend: offline" in proc.stdout and "published" in proc.stdout
    assert "Traceback" not in proc.stderr
    world = next(p for p in out.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))
    # The summary ends the output: the bundle's path whole on the last line, nothing after it on either stream.
    assert proc.stdout.rstrip("\n").splitlines()[-1] == f"published: {world}", proc.stdout
    assert proc.stderr == "", proc.stderr
    # The bundle has its index.html page (test_cli_environments.py generated a world of its own for this alone)
    page = (world / "index.html").read_text(encoding="utf-8")
    assert "Mailboxes" in page and "Fact ledger" in page
    import worldsmith

    with worldsmith.open(world) as opened:  # the page is not one of the hashed files, and breaks no checksum
        assert opened.world_id == world.name
    # validate in this process (test_validate_on_a_folder_that_is_no_world runs it as a user does, in its own)
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    proc = CliRunner().invoke(app, ["validate", str(world)], env={"COLUMNS": "200"})
    assert proc.exit_code == 0, proc.output
    assert json.loads((world / "validation.json").read_text())["verdict"] in ("pass", "warn")
    # Break the world by hand: a planned document disappears; validation must now fail.
    victim = next((world / "room").rglob("*.docx"))
    victim.unlink()
    proc = CliRunner().invoke(app, ["validate", str(world)], env={"COLUMNS": "200"})
    assert proc.exit_code == 1, proc.output
    report = json.loads((world / "validation.json").read_text())
    assert report["verdict"] == "fail"
    failing = {c["id"] for c in report["checks"] if c["count"] and c["severity"] == "error"}
    assert "inventory_exists" in failing


def test_validate_on_a_folder_that_is_no_world(tmp_path):
    proc = run("validate", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 2 and "plan.json" in proc.stderr and "Traceback" not in proc.stderr


def test_version_prints_the_installed_version():
    from importlib.metadata import version

    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    done = CliRunner().invoke(app, ["--version"])
    assert done.exit_code == 0 and done.output.strip() == f"worldsmith {version('worldsmith')}"


def _in_a_terminal(code: str, env: dict[str, str], cwd: Path) -> str:
    """What a Python snippet prints when its stdout and stderr are a terminal (Prefect's notice needs one)."""
    primary, secondary = os.openpty()
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=secondary, stdout=secondary, stderr=secondary,
                            env=env, cwd=cwd)
    os.close(secondary)
    chunks = []
    while True:
        try:
            chunk = os.read(primary, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(primary)
    proc.wait(120)
    return b"".join(chunks).decode("utf-8", "replace")


def test_prefect_telemetry_is_off_by_default_and_an_operators_setting_wins(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DO_NOT_TRACK"}
    env["PREFECT_HOME"] = str(tmp_path / "fresh-prefect-home")  # a first import: where Prefect shows its notice
    code = ("import os, worldsmith.flows.prefect_env, prefect; from prefect._internal.analytics import "
            "is_telemetry_enabled; print('DNT', os.environ['DO_NOT_TRACK'], is_telemetry_enabled())")
    seen = _in_a_terminal(code, env, tmp_path)
    assert "DNT 1 False" in seen, seen
    assert "anonymous usage data" not in seen and "DO_NOT_TRACK=1" not in seen, seen  # Prefect's notice
    ours = _in_a_terminal("import os, worldsmith.flows.prefect_env; print('DNT', os.environ['DO_NOT_TRACK'])",
                          dict(env, DO_NOT_TRACK="0"), tmp_path)
    assert "DNT 0" in ours, ours


def test_the_summary_never_cuts_the_world_id_or_the_path_on_a_narrow_terminal(tmp_path):
    import io

    from rich.console import Console

    from worldsmith.flows.cli import _summary
    from worldsmith.flows.pipeline import Published

    world_id = "kestrel-bay-tankers-v-ostrander-energy-o-f42766d9ee"
    path = str(tmp_path / "a-folder-with-a-long-name-for-worlds" / world_id)
    result = Published(world_id=world_id, path=path, quarantined=False, verdict="pass", errors=0, warnings=0,
                       counts={"email": 92, "document": 13}, seconds=3.5)
    narrow = Console(file=io.StringIO(), width=30, highlight=False)
    _summary(result, 4.2, to=narrow)
    text = narrow.file.getvalue()
    assert "…" not in text and "..." not in text
    assert world_id in "".join(text.split())  # folded over lines, never truncated
    assert text.rstrip("\n").splitlines()[-1] == f"published: {path}"  # whole, for the terminal to wrap


def test_a_prefect_server_that_does_not_answer_is_one_error_that_names_the_fix(tmp_path):
    import socket

    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    with socket.socket() as sock:  # a port on 127.0.0.1 that nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    out = tmp_path / "out"
    done = CliRunner().invoke(app, ["generate", str(MINI), "--out", str(out)],
                              env={"PREFECT_API_URL": f"http://127.0.0.1:{port}/api", "COLUMNS": "200"})
    assert done.exit_code == 1, done.output
    assert done.exception is None or isinstance(done.exception, SystemExit), repr(done.exception)
    lines = [x for x in done.output.splitlines() if x.startswith("error:")]
    assert len(lines) == 1 and f"PREFECT_API_URL=http://127.0.0.1:{port}/api" in lines[0], done.output
    assert "prefect server start" in lines[0] and "Traceback" not in done.output
    assert not out.exists()


def test_a_temporary_prefect_server_that_does_not_start_says_the_fix_and_exits_1(tmp_path):
    """The temporary server cannot start here (its database is in a folder that does not exist), so it is never up
    within --prefect-timeout, as on a loaded machine."""
    env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"}
    env.update(PREFECT_HOME=str(tmp_path / "prefect"), COLUMNS="200",
               PREFECT_API_DATABASE_CONNECTION_URL=f"sqlite+aiosqlite:///{tmp_path}/no-such-folder/prefect.db")
    proc = subprocess.run([sys.executable, "-m", "worldsmith.flows.cli", "generate", str(MINI), "--out",
                           str(tmp_path / "out"), "--prefect-timeout", "1"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    lines = [x for x in proc.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: Prefect's temporary server did not start within 1 s"), \
        proc.stderr
    assert "PREFECT_API_URL" in lines[0] and "--prefect-timeout" in lines[0]
    assert not any((tmp_path / "out").glob("*/manifest.json"))


def test_the_temporary_servers_own_output_goes_to_its_log_not_the_terminal(tmp_path, capfd):
    """Uvicorn's shutdown can print a CancelledError traceback after the world is published; the server's child
    process writes into PREFECT_HOME's log instead of the user's terminal, and still dies with its parent."""
    from prefect.settings import PREFECT_HOME, temporary_settings

    from worldsmith.flows.prefect_env import quiet_child, server_log

    with temporary_settings(updates={PREFECT_HOME: str(tmp_path / "home")}):
        child = quiet_child(subprocess.Popen)([sys.executable, "-c",
                                               "import sys; sys.stderr.write('Traceback: CancelledError'); print('up')"])
        assert child.wait(timeout=60) == 0
        log = server_log()
    out, err = capfd.readouterr()
    assert "CancelledError" not in out + err and "up" not in out
    assert log.parent == tmp_path / "home" and "Traceback: CancelledError" in log.read_text() and "up" in log.read_text()


def test_sigterm_ends_generate_like_ctrl_c_with_one_line_and_exit_143(tmp_path):
    """What `timeout`, `docker stop` and systemd send, to the command's own process."""
    import signal
    import time

    env = {**os.environ, "PREFECT_HOME": str(tmp_path / "prefect"), "WORLDSMITH_CACHE": str(tmp_path / "c.sqlite")}
    env.pop("PREFECT_API_URL", None)
    proc = subprocess.Popen([sys.executable, "-m", "worldsmith.flows.cli", "generate", str(MINI), "--out",
                             str(tmp_path / "out")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, start_new_session=True)
    line = proc.stdout.readline()
    while line and not line.startswith("world:"):
        line = proc.stdout.readline()
    time.sleep(1.0)  # Prefect's temporary server is starting or running the flow
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    ours = [x for x in err.splitlines() if x.strip()]
    assert len(ours) == 1 and ours[0].startswith("interrupted: nothing was published"), err
    assert not any((tmp_path / "out").glob("*/manifest.json"))
    deadline = time.monotonic() + 30  # and Prefect's temporary server went with it: nothing of the group is left
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.2)
    else:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail("a process of the command outlived it")
