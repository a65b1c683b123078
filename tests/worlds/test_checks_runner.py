"""The generic check runner: headers read from SQL files, reports sorted, cut and reproducible."""

from __future__ import annotations

import shutil

import pytest

from tests.worlds.bundle_fixture import build_bundle
from worldsmith.worlds.report import ROW_LIMIT, ValidationReport
from worldsmith.worlds.store.load import load_bundle
from worldsmith.worlds.validate import CheckError, check_folders, load_checks, run_checks, validate_bundle

FIRST_CHECKS = ["addresses_in_cast", "dates_in_window", "file_parses", "inventory_exists",
                "planned_fact_present", "reply_after_parent"]


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    return load_bundle(build_bundle(tmp_path_factory.mktemp("runner")))


def _write(folder, name: str, text: str):
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.sql"
    path.write_text(text)
    return path


def test_the_shipped_checks_load_with_their_headers():
    checks = load_checks()
    ids = [c.id for c in checks]
    assert ids == sorted(ids) and set(FIRST_CHECKS) <= set(ids)
    for check in checks:
        assert check.severity in ("error", "warn") and check.description and "select" in check.sql.lower()
        assert not check.sql.lstrip().startswith("-- id:")


@pytest.mark.parametrize("header, message", [
    ("-- id: broken\n-- description: no severity\n", "lacks severity"),
    ("-- id: broken\n-- severity: fatal\n-- description: bad level\n", "severity"),
    ("-- id: broken\n-- severty: error\n-- description: typo\n", "unknown header key 'severty'"),
    ("-- id: other\n-- severity: error\n-- description: wrong id\n", "differs from the file name"),
    ("-- id: broken\n-- id: broken\n-- severity: error\n-- description: twice\n", "given twice"),
    ("-- id: broken\n-- severity: error\n-- description: d\n-- derive: n = 3\n", "bad derived value"),
    ("-- id: broken\n-- severity: error\n-- description: d\n-- params: n=1\n-- derive: n = select 2\n",
     "both a parameter and derived"),
])
def test_a_malformed_header_names_the_file(tmp_path, header, message):
    path = _write(tmp_path / "checks", "broken", header + "select null as artifact_id, 'x' as detail\n")
    with pytest.raises(CheckError, match=message) as info:
        load_checks(path.parent)
    assert str(path) in str(info.value)


def test_a_query_without_the_required_columns_is_refused(tmp_path, db):
    path = _write(tmp_path / "checks", "no_detail", "-- id: no_detail\n-- severity: warn\n-- description: d\n"
                                                    "select id as artifact_id from artifacts\n")
    with pytest.raises(CheckError, match="lacks detail") as info:
        run_checks(db, load_checks(path.parent))
    assert "no_detail.sql" in str(info.value)


def test_a_failing_query_names_its_file(tmp_path, db):
    path = _write(tmp_path / "checks", "bad_sql", "-- id: bad_sql\n-- severity: error\n-- description: d\n"
                                                  "select artifact_id, detail from no_such_table;\n")
    with pytest.raises(CheckError, match="bad_sql.sql"):
        run_checks(db, load_checks(path.parent))


def test_rows_are_counted_sorted_cut_and_given_paths(tmp_path, db):
    folder = tmp_path / "checks"
    _write(folder, "many", "-- id: many\n-- severity: warn\n-- description: twenty-five rows\n"
                           "-- A free comment after the header is part of the query.\n"
                           "select case when i % 2 = 0 then 'd1' end as artifact_id,\n"
                           "       'row ' || lpad(i::varchar, 2, '0') as detail\n"
                           "from range(25) t(i) order by i desc;\n")
    report = run_checks(db, load_checks(folder))
    (result,) = report.checks
    assert result.count == 25 and len(result.rows) == ROW_LIMIT == 20
    assert report.verdict == "warn" and (report.errors, report.warnings) == (0, 25)
    keys = [(r.artifact_id or "", r.detail) for r in result.rows]
    assert keys == sorted(keys)
    assert result.rows[0].artifact_id is None and result.rows[0].path is None
    assert {r.path for r in result.rows if r.artifact_id == "d1"} == {"Documents/closing_memo.docx"}


def test_the_runner_knows_no_check_by_name(tmp_path, db):
    folder = tmp_path / "checks"
    folder.mkdir()
    for name in FIRST_CHECKS:  # cross-kind ones from worlds/checks/, the mail's from the email kind's folder
        shutil.copy(next(f / f"{name}.sql" for f in check_folders() if (f / f"{name}.sql").is_file()),
                    folder / f"{name}.sql")
    _write(folder, "always", "-- id: always\n-- severity: error\n-- description: an extra check\n"
                             "select 'e1' as artifact_id, 'always wrong' as detail\n")
    report = run_checks(db, load_checks(folder))
    assert [c.id for c in report.failed()] == ["always"]
    assert report.verdict == "fail" and report.failed()[0].rows[0].path == "Email/spa/001.eml"


def test_two_identical_worlds_give_identical_validation_json(tmp_path):
    first = build_bundle(tmp_path / "a", "unparseable_file")
    second = build_bundle(tmp_path / "b", "unparseable_file")
    validate_bundle(first)
    validate_bundle(second)
    a = (first / "validation.json").read_bytes()
    assert a == (second / "validation.json").read_bytes()
    report = ValidationReport.model_validate_json(a)
    assert report.verdict == "fail" and report.world_id == "w_fixture_0001"


def test_a_derived_value_is_read_from_the_store_before_the_check_runs(tmp_path, db):
    """`-- derive: name = select ...` (issue 22): the scalar query's value, computed over the store, is the query's
    $name; a pattern built so is compiled once. A derived query that fails names the check's file."""
    folder = tmp_path / "checks"
    _write(folder, "derived", "-- id: derived\n-- severity: warn\n-- description: d\n"
                              "-- derive: pattern = select '^(' || string_agg(id, '|' order by id) || ')$' from artifacts\n"
                              "select id as artifact_id, 'matches ' || $pattern as detail from artifacts\n"
                              "where regexp_matches(id, $pattern)\n")
    (check,) = load_checks(folder)
    assert set(check.derive) == {"pattern"} and not check.params
    (result,) = run_checks(db, [check]).checks
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    ids = sorted(r[0] for r in con.execute("select id from artifacts").fetchall())
    con.close()
    assert result.count == len(ids) > 0
    assert result.rows[0].detail == f"matches ^({'|'.join(ids)})$"
    _write(folder, "derived", "-- id: derived\n-- severity: warn\n-- description: d\n"
                              "-- derive: pattern = select x from no_such_table\n"
                              "select null as artifact_id, $pattern as detail\n")
    with pytest.raises(CheckError, match="derived.sql"):
        run_checks(db, load_checks(folder))


@pytest.mark.parametrize("cores, threads", [("2", "1"), ("8", "2"), ("1", "1")])
def test_checks_side_by_side_share_the_cores(tmp_path, db, monkeypatch, cores, threads):
    """Issue 22 ("30.1 s wall, 59.3 CPU-s" over a million emails): each of the checks running side by side gets its
    share of the cores as DuckDB threads, not every core (four checks of sixteen threads on sixteen cores)."""
    monkeypatch.setenv("WORLDSMITH_JOBS", cores)
    folder = tmp_path / "checks"
    _write(folder, "threads", "-- id: threads\n-- severity: warn\n-- description: d\n"
                              "select null as artifact_id, current_setting('threads')::varchar as detail\n")
    (result,) = run_checks(db, load_checks(folder)).checks
    assert [r.detail for r in result.rows] == [threads]


def test_a_mailbox_is_held_to_exactly_its_owners_mail(tmp_path, db):
    """mailboxes_match_messages (one full join since issue 22, two anti joins before) finds all three faults:
    a message missing from a party's mailbox, a message in a mailbox whose owner neither sent nor received it
    (a Message-ID-less one too), and a party without a mailbox; a clean store, none."""
    import duckdb

    check = [c for c in load_checks() if c.id == "mailboxes_match_messages"]
    assert run_checks(db, check).checks[0].count == 0
    copy = tmp_path / "world.duckdb"
    shutil.copy(db, copy)
    con = duckdb.connect(str(copy))
    (lacking, lost_id), = con.execute("select mailbox, message_id from mailbox_messages order by all limit 1").fetchall()
    con.execute("delete from mailbox_messages where mailbox = ? and message_id = ?", [lacking, lost_id])
    (other,) = con.execute("select path from mailboxes where path <> ? order by path limit 1", [lacking]).fetchone()
    con.execute("insert into mailbox_messages values (?, 900, 'stray@nowhere.example', 'x'), (?, 901, null, 'y')",
                [other, other])
    (gone, owner) = con.execute("select path, owner from mailboxes where path not in (?, ?) order by path limit 1",
                                [lacking, other]).fetchone()
    con.execute("delete from mailboxes where path = ?", [gone])
    con.close()
    details = [r.detail for r in run_checks(copy, check).checks[0].rows]
    assert any(f"lacks <{lost_id}>" in d for d in details)
    assert any("holds <stray@nowhere.example>" in d for d in details)
    assert any("holds <(no Message-ID)>" in d for d in details)
    assert any(f"<{owner}> sent or received mail but has no mailbox" in d for d in details)
