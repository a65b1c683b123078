"""Check parameters: `-- params:` header lines, typed values, DuckDB named parameters, overrides by check id."""

from __future__ import annotations

import pytest

from tests.worlds.bundle_fixture import build_bundle
from worldsmith.worlds.store.load import load_bundle
from worldsmith.worlds.validate import CheckError, load_checks, parse_check, run_checks

QUERY = "select 'd1' as artifact_id, 'over ' || $limit::varchar || ' ' || $label as detail from range(3) where $limit < 10\n"


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    return load_bundle(build_bundle(tmp_path_factory.mktemp("params")))


def _check(folder, params_line: str):
    folder.mkdir(exist_ok=True)
    path = folder / "tunable.sql"
    path.write_text(f"-- id: tunable\n-- severity: warn\n-- description: d\n{params_line}{QUERY}")
    return path


def test_params_are_read_typed_from_the_header(tmp_path):
    check = parse_check(_check(tmp_path, "-- params: limit=3, label='a b', ratio=0.5\n"))
    assert check.params == {"limit": 3, "label": "a b", "ratio": 0.5}
    assert not check.sql.startswith("--")


def test_params_reach_the_query_and_can_be_overridden(tmp_path, db):
    checks = load_checks(_check(tmp_path / "c", "-- params: limit=3, label=x\n").parent)
    (result,) = run_checks(db, checks).checks
    assert result.count == 3 and result.rows[0].detail == "over 3 x"
    (result,) = run_checks(db, checks, params={"tunable": {"limit": 12}}).checks
    assert result.count == 0


@pytest.mark.parametrize("line, message", [
    ("-- params: limit\n", "bad parameter 'limit'"),
    ("-- params: limit=1, limit=2\n", "given twice"),
])
def test_a_bad_params_line_names_the_file(tmp_path, line, message):
    path = _check(tmp_path, line)
    with pytest.raises(CheckError, match=message) as info:
        parse_check(path)
    assert str(path) in str(info.value)


def test_a_parameter_the_query_needs_but_the_header_lacks_fails_by_file(tmp_path, db):
    checks = load_checks(_check(tmp_path / "c", "-- params: limit=3\n").parent)
    with pytest.raises(CheckError, match="tunable.sql"):
        run_checks(db, checks)


def test_an_override_for_an_unknown_check_or_parameter_is_refused(tmp_path, db):
    checks = load_checks(_check(tmp_path / "c", "-- params: limit=3, label=x\n").parent)
    with pytest.raises(CheckError, match="no check 'tunable' with parameters nope"):
        run_checks(db, checks, params={"tunable": {"nope": 1}})
    with pytest.raises(CheckError, match="no check 'absent'"):
        run_checks(db, checks, params={"absent": {"limit": 1}})


def test_the_shipped_working_hours_check_declares_its_thresholds():
    check = next(c for c in load_checks() if c.id == "sent_in_working_hours")
    assert check.params == {"start_hour": 7, "end_hour": 20}
