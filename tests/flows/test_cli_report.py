"""The realism commands as a user runs them: report, profile build, and --profile on validate and generate."""

from __future__ import annotations

import duckdb
import pytest
from typer.testing import CliRunner

from worldsmith.flows.cli import app
from tests.conftest import MINI
from tests.worlds.test_profile_corpus import _msg
from tests.worlds.test_realism_defects import _build, _fact_free, _insert
from worldsmith.worlds.profile import load_profile

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args), env={"COLUMNS": "200"})


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    return _build(MINI, tmp_path_factory.mktemp("cli-report") / "world")


@pytest.fixture
def corpus(tmp_path):
    box = tmp_path / "corpus" / "alice" / "cur"
    box.mkdir(parents=True)
    for n in range(6):
        (box / f"{n}.eml").write_bytes(_msg("al@corp.test", f"Note {n}" if n % 2 else f"Re: Note {n}",
                                            f"Text number {n} for the file.", message_id=f"<{n}@c.test>",
                                            date=f"Tue, 0{n + 1} Oct 2024 1{n}:15:00 -0400"))
    return tmp_path / "corpus"


def test_report_summarises_a_validated_world(world):
    assert invoke("validate", str(world)).exit_code == 0
    result = invoke("report", str(world))
    assert result.exit_code == 0, result.output
    assert "pass" in result.output or "warn" in result.output
    assert "mail profile against corpus enron-berkeley" in result.output
    for metric in ("send_hour", "reply_share", "new_words_median", "thread_depth_mean"):
        assert metric in result.output
    assert "report.html" in result.output


def test_report_exits_1_and_names_the_failing_check(world, tmp_path):
    import shutil

    broken = shutil.copytree(world, tmp_path / "broken")
    _insert(_fact_free(broken)[0], "Send it to [Client Name] today.")
    assert invoke("validate", str(broken)).exit_code == 1
    result = invoke("report", str(broken))
    assert result.exit_code == 1
    assert "realism_leakage" in result.output and "[Client Name]" in result.output


def test_report_on_an_unvalidated_folder_says_what_to_do(tmp_path):
    result = invoke("report", str(tmp_path))
    assert result.exit_code == 2 and "no validation.json; run `worldsmith validate" in result.output


def test_profile_build_writes_a_profile_that_validate_can_use(world, corpus, tmp_path):
    out = tmp_path / "mine.json"
    result = invoke("profile", "build", "--from", str(corpus), "--out", str(out))
    assert result.exit_code == 0, result.output
    mine = load_profile(out)
    assert mine.source == "corpus corpus" and mine.messages == 6 and mine.reply_share.value == 0.5
    result = invoke("validate", str(world), "--profile", str(out))
    assert result.exit_code in (0, 1), result.output
    con = duckdb.connect(str(world / "world.duckdb"), read_only=True)
    try:
        (reference,) = con.execute("select distinct reference from profile_metrics").fetchone()
    finally:
        con.close()
    assert reference == "corpus corpus"


def test_profile_build_prints_to_stdout_without_out(corpus):
    result = invoke("profile", "build", "--from", str(corpus))
    assert result.exit_code == 0 and '"schema_version": 1' in result.output


def test_profile_build_from_nothing_is_exit_2(tmp_path):
    result = invoke("profile", "build", "--from", str(tmp_path / "none"))
    assert result.exit_code == 2 and "no such file or folder" in result.output


def test_a_bad_profile_stops_validate_and_generate_before_anything_is_written(world, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema_version": 1, "source": "x"}')
    result = invoke("validate", str(world), "--profile", str(bad))
    assert result.exit_code == 2 and "not a valid profile" in result.output
    out = tmp_path / "outputs"
    result = invoke("generate", str(MINI), "--out", str(out), "--profile", str(bad))
    assert result.exit_code == 2 and "not a valid profile" in result.output
    assert not out.exists()
