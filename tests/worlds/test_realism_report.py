"""report.html: self-contained, deterministic, and showing the verdict, the offending files and the profile charts."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import MINI
from tests.worlds.test_realism_defects import _build, _fact_free, _insert
from worldsmith.worlds.html_report import REPORT_HTML
from worldsmith.worlds.profile import load_profile
from worldsmith.worlds.realism import read_validated
from worldsmith.worlds.validate import validate_bundle


@pytest.fixture(scope="module")
def leaky_world(tmp_path_factory) -> Path:
    world = _build(MINI, tmp_path_factory.mktemp("report") / "world")
    _insert(_fact_free(world)[0], "Lorem ipsum dolor sit amet.")
    validate_bundle(world)
    return world


def test_the_report_names_the_verdict_the_failing_check_and_its_file(leaky_world):
    html = (leaky_world / REPORT_HTML).read_text(encoding="utf-8")
    report, _, _ = read_validated(leaky_world)
    assert report.verdict == "fail"
    assert '<span class="verdict fail">FAIL</span>' in html
    (row,) = next(c for c in report.checks if c.id == "realism_leakage").rows
    assert f"<code>{row.path}</code>" in html and "lorem ipsum" in html
    for check in report.checks:
        assert f"<code>{check.id}</code>" in html


def test_the_report_charts_the_world_against_the_reference(leaky_world):
    html = (leaky_world / REPORT_HTML).read_text(encoding="utf-8")
    assert html.count("<svg") >= 5
    for title in ("Sending hour (local time)", "Weekday", "Recipients per message", "Words of new text"):
        assert title in html
    assert load_profile().source in html
    # paired bars: the reference series is drawn beside the world's
    assert "reference " in html and re.search(r"<title>Wed: reference \d+\.\d%</title>", html)


def test_the_report_loads_nothing_from_anywhere(leaky_world):
    html = (leaky_world / REPORT_HTML).read_text(encoding="utf-8")
    assert "<script" not in html and "@import" not in html and "url(" not in html
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)
    assert "<link" not in html


def test_the_report_is_the_same_byte_for_byte_when_validated_again(leaky_world, tmp_path):
    again = Path(shutil.copytree(leaky_world, tmp_path / "elsewhere"))
    validate_bundle(again)
    assert (again / REPORT_HTML).read_bytes() == (leaky_world / REPORT_HTML).read_bytes()
