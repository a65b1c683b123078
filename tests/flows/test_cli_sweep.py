"""Every worldsmith command with wrong arguments: a non-zero exit, no traceback, and a message that names the problem.

The commands are listed from the typer app itself, so a new command fails `test_every_command_is_swept` until
its wrong arguments are added to CASES. The cases run in-process (typer's CliRunner); only what needs a fresh
interpreter (an optional extra that is not installed) runs as a subprocess.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from tests.conftest import MINI, REPO
from worldsmith.flows.cli import app

ONET = REPO / "tests" / "fixtures" / "onet-mini"

# command -> [(arguments, words the message must hold)]. In the arguments: {nope} a path that does not exist,
# {file} a file, {dir} an empty folder (no world, no outlines, no mail), {missing} a folder that does not exist,
# {mini} a valid outline, {onet} a valid O*NET release, {bad_locale} an outline whose locale Faker lacks.
CASES: dict[str, list[tuple[list[str], str]]] = {
    "batch": [([], "give a folder of outlines"), (["{nope}"], "no such folder of outlines"),
              (["{file}"], "no such folder of outlines"), (["{dir}", "--at-once", "0"], "--at-once"),
              (["{dir}", "--runner", "bogus"], "--runner"), (["{dir}", "--out", "{file}"], "is a file"),
              (["{dir}", "--sample", "-1"], "--sample")],
    "serve-flows": [(["--outlines", "{nope}"], "no such folder of outlines"), (["--limit", "0"], "--limit")],
    "model-server": [(["--port", "-1"], "--port"), (["--port", "70000"], "--port"), (["--latency", "abc"], "--latency"),
                     (["--latency", "-1"], "--latency"), (["--fault", "bogus"], "NAME=RATE"),
                     (["--fault", "rate_limit=abc"], "number"), (["--fault", "nosuch=0.1"], "unknown 'nosuch'"),
                     (["--fault", "rate_limit=0.8", "--fault", "hang=0.5"], "add up to"),
                     (["--sloppy", "all=2"], "from 0 to 1"), (["--mode", "x"], "unknown mode"),
                     (["--log", "{dir}"], "is a folder"), (["--log", "{file}/x.log"], "is a file")],
    "generate": [(["{nope}"], "no such file"), (["{dir}"], "not a regular file"),
                 (["{mini}", "--out", "{file}"], "is a file"), (["{mini}", "--out", "{file}/worlds"], "is a file"),
                 (["{mini}", "--concurrency", "0"], "--concurrency"), (["{mini}", "--seed", "abc"], "--seed"),
                 (["{mini}", "--config", "{nope}"], "no such config file"), (["{mini}", "--config", "{dir}"], "is a folder"),
                 (["{mini}", "--profile", "{nope}"], "no such file"), (["{mini}", "--profile", "{dir}"], "is a folder"),
                 (["{mini}", "--taxonomy", "{nope}.duckdb"], "no such taxonomy database"),
                 (["{mini}", "--taxonomy", "{file}"], "not a taxonomy"),
                 (["{mini}", "--on-artifact-failure", "bogus"], "--on-artifact-failure"),
                 (["{mini}", "--backend", "bogus"], "backend"), (["{mini}", "--prefect-timeout", "0"], "--prefect-timeout"),
                 (["{bad_locale}"], "unknown locale")],
    "validate": [(["{nope}"], "a world bundle is a folder"), (["{file}"], "a world bundle is a folder"),
                 (["{dir}"], "not a world bundle")],
    "report": [(["{nope}"], "a world bundle is a folder"), (["{file}"], "a world bundle is a folder"),
               (["{dir}"], "no validation.json")],
    "serve": [(["{nope}"], "no such world bundle folder"), (["{file}"], "no such world bundle folder"),
              (["{dir}"], "not a published world"), (["{dir}", "--port", "-1"], "--port"),
              (["{dir}", "--fault-rate", "2"], "--fault-rate")],
    "tasks": [(["{nope}"], "no such world bundle folder"), (["{file}"], "no such world bundle folder"),
              (["{dir}"], "not a published world")],
    "index": [(["{nope}"], "no such world bundle folder"), (["{file}"], "no such world bundle folder"),
              (["{dir}"], "not a published world")],
    "export": [(["{nope}", "--format", "apex"], "no such world bundle folder"),
               (["{file}", "--format", "parquet"], "no such world bundle folder"),
               (["{dir}", "--format", "harbor"], "not a published world"), (["{dir}", "--format", "bogus"], "--format")],
    "outline draft": [(["--occupation", "99-9999"], "no occupation '99-9999'"),
                      (["--occupation", "23-1011", "--out", "{missing}/x.yaml"], "does not exist"),
                      (["--occupation", "23-1011", "--out", "{dir}"], "is a folder"),
                      (["--occupation", "23-1011", "--taxonomy", "{nope}.duckdb"], "no such taxonomy database")],
    "outline check": [(["{nope}"], "no such file"), (["{dir}"], "not a regular file"),
                      (["{mini}", "--taxonomy", "{file}"], "not a taxonomy")],
    "outline schema": [(["--out", "/nonexistent/x.json"], "the folder /nonexistent does not exist"),
                       (["--out", "{missing}/x.json"], "does not exist"), (["--out", "{dir}"], "is a folder"),
                       (["--out", "{file}/x.json"], "is a file")],
    "taxonomy import-onet": [(["{nope}"], "no such folder"), (["{dir}"], "not a complete o*net release"), (["{file}"], "no such folder"),
                             (["{onet}", "--out", "{dir}"], "is a folder"),
                             (["{onet}", "--out", "{file}/x.duckdb"], "is a file")],
    "taxonomy list": [(["99-0000"], "no occupation"), (["--level", "bogus"], "--level"),
                      (["--taxonomy", "{nope}.duckdb"], "no such taxonomy database"),
                      (["--taxonomy", "{file}"], "not a taxonomy")],
    "taxonomy search": [([""], "search needs"), (["x", "--limit", "-1"], "--limit"), (["x", "--limit", "abc"], "--limit")],
    "taxonomy show": [(["99-9999"], "no occupation '99-9999'"), (["23-1011", "--limit", "-5"], "--limit")],
    "worlds list": [(["--out", "{file}"], "not a folder")],
    "worlds show": [(["zzz", "--out", "{dir}"], "no world 'zzz'"), (["zzz", "--out", "{file}"], "not a folder")],
    "worlds rm": [(["zzz", "--out", "{dir}", "--yes"], "no world 'zzz'"), (["", "--out", "{dir}", "--yes"], "give a world id"),
                  (["zzz", "--out", "{file}", "--yes"], "not a folder")],
    "cache stats": [(["--config", "{nope}"], "no such config file"), (["--config", "{dir}"], "is a folder")],
    "cache clear": [(["--config", "{file}"], "file.txt")],
    "profile build": [(["--from", "{nope}"], "no such file or folder"), (["--from", "{dir}"], "no mail found"),
                      (["--from", "{dir}", "--timezone", "Mars/Base"], "unknown time zone"),
                      (["--from", "{dir}", "--out", "{missing}/p.json"], "does not exist")],
}


def _commands(group, prefix: tuple[str, ...] = ()) -> list[str]:
    """Every leaf command of the app, as a user types it after `worldsmith`."""
    found = []
    for name in group.list_commands(None):
        command = group.get_command(None, name)
        if hasattr(command, "list_commands"):
            found += _commands(command, (*prefix, name))
        else:
            found.append(" ".join((*prefix, name)))
    return found


def test_every_command_is_swept():
    commands = _commands(typer.main.get_command(app))
    assert len(commands) >= 20 and set(commands) == set(CASES)


@pytest.fixture(scope="module")
def place(tmp_path_factory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("sweep")
    (root / "folder").mkdir()
    (root / "file.txt").write_text("not what any command wants\n", encoding="utf-8")
    bad_locale = root / "bad-locale.yaml"
    text = MINI.read_text(encoding="utf-8")
    bad_locale.write_text(text.replace("locale: en_US", "locale: xx_QQ") if "locale:" in text
                          else text + "locale: xx_QQ\n", encoding="utf-8")
    return {"nope": str(root / "nope"), "file": str(root / "file.txt"), "dir": str(root / "folder"),
            "missing": str(root / "missing"), "mini": str(MINI), "onet": str(ONET), "bad_locale": str(bad_locale)}


@pytest.mark.parametrize("command, args, words", [(c, a, w) for c, cases in CASES.items() for a, w in cases],
                         ids=lambda v: " ".join(v) if isinstance(v, list) else str(v))
def test_wrong_arguments_exit_non_zero_with_one_message_and_no_traceback(place, command, args, words):
    argv = command.split() + [a.format(**place) for a in args]
    # No Prefect server configured: nothing here may get as far as starting one.
    done = CliRunner().invoke(app, argv, env={"COLUMNS": "200", "PREFECT_API_URL": "", "WORLDSMITH_VERBOSE": ""})
    shown = done.output
    assert done.exception is None or isinstance(done.exception, SystemExit), (argv, repr(done.exception), shown)
    assert done.exit_code != 0, (argv, shown)
    assert "Traceback" not in shown, (argv, shown)
    assert words.lower() in shown.lower(), (argv, shown)
    assert "world:" not in shown, (argv, shown)  # a generate that printed its world id had got past its checks


def test_serve_without_the_apps_extra_says_which_extra_to_install(tmp_path, published_mini):
    """A fresh interpreter in which fastmcp cannot be imported, as after `pip install worldsmith` without [apps]."""
    block = ("import sys\n"
             "class Block:\n"
             "    def find_spec(self, name, path=None, target=None):\n"
             "        if name.split('.')[0] == 'fastmcp':\n"
             "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
             "sys.meta_path.insert(0, Block())\n"
             "sys.argv = ['worldsmith', 'serve', sys.argv[1]]\n"
             "from worldsmith.flows.cli import main\n"
             "main()\n")
    done = subprocess.run([sys.executable, "-c", block, str(published_mini)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, env=dict(os.environ, COLUMNS="200"), stdin=subprocess.DEVNULL)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "pip install 'worldsmith[apps]'" in lines[0], done.stderr


@pytest.mark.parametrize("command", [["outline", "check"], ["validate"], ["taxonomy", "import-onet"]])
def test_a_path_holding_markup_and_emoji_codes_is_printed_as_written(place, command):
    odd = str(Path(place["dir"]) / "[/]odd[bold]:100:.yaml")  # '[/]' crashed rich's markup; ':100:' was an emoji
    done = CliRunner().invoke(app, [*command, odd], env={"COLUMNS": "400"})
    assert done.exit_code != 0 and "Traceback" not in done.output
    assert odd in done.output, done.output


HOSTILE = "\x1b]0;PWNED\x07\x1b[2J\x1b[31mFAKE: verdict pass\x1b[0m\u202e\nsecond line.md"


@pytest.mark.parametrize("command", [["tasks"], ["validate"]])
def test_a_bundle_file_name_with_escape_sequences_is_printed_escaped(tmp_path, published_mini, command):
    """A name planted in a bundle's room reaches the terminal as `\\x1b...` text: it cannot clear the screen,
    colour its own verdict, or start a line of its own."""
    import shutil

    world = tmp_path / "world"
    shutil.copytree(published_mini, world, symlinks=True)
    (world / "room" / HOSTILE).write_text("x", encoding="utf-8")
    done = CliRunner().invoke(app, [*command, str(world)], env={"COLUMNS": "400"})
    shown = done.output
    assert done.exit_code != 0 and "Traceback" not in shown, shown
    assert "\x1b" not in shown and "\x07" not in shown and "\u202e" not in shown, repr(shown)
    assert "\\x1b]0;PWNED\\x07\\x1b[2J\\x1b[31mFAKE: verdict pass\\x1b[0m\\u202e\\x0asecond line.md" in shown, shown
    assert not any(line.startswith("second line") for line in shown.splitlines()), shown
