"""The O*NET importer and the taxonomy API on our own tiny release (always) and on O*NET 29.3 (when present)."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import duckdb
import openpyxl
import pytest

from tests.conftest import MINI, SHARED_DATA
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast, taxonomy_sha256
from worldsmith.taxonomies.onet import import_onet
from worldsmith.taxonomies.store import open_taxonomy
from worldsmith.worlds.errors import TaxonomyError
from worldsmith.worlds.outline import load_outline

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "onet-mini"
ONET = SHARED_DATA / "onet-29.3"


@pytest.fixture(scope="module")
def mini_db(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("tax") / "mini.duckdb"
    import_onet(FIXTURE, db)
    return db


def test_the_import_counts_every_row_and_names_the_release(mini_db):
    tax = open_taxonomy(mini_db)
    assert (tax.name, tax.version) == ("onet", "0.1")
    counts = tax.counts()
    assert counts["occupations"] == 5 and counts["tasks"] == 12 and counts["technology"] == 7
    assert counts["task_dwas"] == 3 and counts["related"] == 4 and counts["dwas"] == 2


def test_every_occupation_rolls_up_to_its_soc_2018_groups(mini_db):
    detail = open_taxonomy(mini_db).show("11-1011.03")
    up = detail.rollup
    assert (up.detailed.code, up.broad.code, up.minor.code, up.major.code) == ("11-1011", "11-1010", "11-1000", "11-0000")
    assert up.major.title == "Management Occupations"
    assert detail.job_zone == 5 and "Head of Sustainability" in detail.titles and "CSO" in detail.titles


def test_a_quoted_task_statement_is_read_as_written(mini_db):
    tasks = open_taxonomy(mini_db).show("23-1011.00").tasks
    assert 'Advise a client on "limitation" of liability.' in tasks


def test_search_is_fuzzy_over_titles_and_alternate_titles(mini_db):
    tax = open_taxonomy(mini_db)
    assert tax.search("lawer")[0].code == "23-1011.00"
    hit = tax.search("maritime counsel")[0]
    assert (hit.code, hit.matched, hit.kind) == ("23-1011.00", "Maritime Counsel", "alternate")
    assert [h.code for h in tax.search("11-1011")] == ["11-1011.00", "11-1011.03"]


def test_show_gives_activities_and_who_works_with_whom(mini_db):
    detail = open_taxonomy(mini_db).show("Lawyers")
    assert [a.dwa for a in detail.activities] == ["Write legal documents."]
    assert detail.activities[0].iwa == "Prepare legal or contractual documents."
    assert [(r.code, r.tier) for r in detail.related] == [("23-2011.00", "Primary-Short"), ("13-2011.00", "Supplemental")]


def test_listing_by_group_at_any_level(mini_db):
    tax = open_taxonomy(mini_db)
    assert [o.code for o in tax.occupations("11-0000")] == ["11-1011.00", "11-1011.03"]
    assert [o.code for o in tax.occupations("23-2010")] == ["23-2011.00"]
    assert ("23-0000", "Legal Occupations", 2) in tax.groups("major")


def test_an_unknown_occupation_says_what_is_close(mini_db):
    with pytest.raises(TaxonomyError, match="closest: 23-1011.00 Lawyers"):
        open_taxonomy(mini_db).show("Lawyer of the sea")


def test_the_shipped_taxonomy_answers_the_same_questions():
    tax = open_taxonomy(None)
    assert tax.search("paralegal")[0].code == "23-2011"
    detail = tax.show("23-1011")
    assert detail.rollup.major.code == "23-0000" and detail.documents
    assert any(r.code == "23-2011" for r in detail.related)  # the shipped relations: same family


def test_xlsx_only_files_are_read_like_text(tmp_path, mini_db):
    release = tmp_path / "release"
    shutil.copytree(FIXTURE, release)
    for name in ("Tasks to DWAs", "Alternate Titles"):
        book = openpyxl.Workbook()
        sheet = book.active
        with (release / f"{name}.txt").open(encoding="utf-8") as fh:
            for row in csv.reader(fh, delimiter="\t"):
                sheet.append([int(c) if c.isdigit() else c for c in row])
        book.save(release / f"{name}.xlsx")
        (release / f"{name}.txt").unlink()
    db = tmp_path / "x.duckdb"
    import_onet(release, db)
    query = "SELECT * FROM task_dwas UNION ALL SELECT code, title, kind FROM titles ORDER BY ALL"
    with duckdb.connect(str(db), read_only=True) as a, duckdb.connect(str(mini_db), read_only=True) as b:
        assert a.execute(query).fetchall() == b.execute(query).fetchall()


def test_a_missing_file_is_named_with_what_to_do(tmp_path):
    release = tmp_path / "release"
    shutil.copytree(FIXTURE, release)
    (release / "Task Statements.txt").unlink()
    with pytest.raises(TaxonomyError, match=r"missing Task Statements.txt .*download the full text release"):
        import_onet(release, tmp_path / "t.duckdb")
    assert not (tmp_path / "t.duckdb").exists()


def test_a_wrong_header_names_the_file_line_and_column(tmp_path):
    release = tmp_path / "release"
    shutil.copytree(FIXTURE, release)
    path = release / "Job Zones.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("Job Zone\t", "Zone\t", 1), encoding="utf-8")
    with pytest.raises(TaxonomyError, match=r"Job Zones.txt:1: header lacks column 'Job Zone'"):
        import_onet(release, tmp_path / "t.duckdb")


def test_an_unknown_soc_code_is_refused_with_its_file(tmp_path):
    release = tmp_path / "release"
    shutil.copytree(FIXTURE, release)
    path = release / "Occupation Data.txt"
    path.write_text(path.read_text(encoding="utf-8") + "99-9999.00\tDragon Tamers\tTame dragons.\n", encoding="utf-8")
    with pytest.raises(TaxonomyError, match=r"Occupation Data.txt: occupation 99-9999.00 .*not a SOC 2018 detailed"):
        import_onet(release, tmp_path / "t.duckdb")


def test_the_pipeline_resolves_a_cast_against_an_import(mini_db, tmp_path):
    taxonomy = load_taxonomy(mini_db)
    assert (taxonomy.name, taxonomy.version) == ("onet", "0.1")
    assert [o.code for o in taxonomy.occupations] == ["11-1011", "13-2011", "23-1011", "23-2011"]
    lawyers = taxonomy.resolve("23-1011.00")
    assert lawyers is taxonomy.resolve("Lawyers") and lawyers.tasks[0] == "Draft and negotiate contracts for clients."
    assert lawyers.tools[:2] == ["LexisNexis", "Microsoft Word"]
    # How they write comes from the shipped occupation of the same code.
    assert lawyers.style == load_taxonomy().by_code("23-1011").style
    outline = load_outline(MINI)
    roles = resolve_cast(outline, taxonomy)
    assert set(roles) == {m.role for m in outline.cast}


def test_the_hash_follows_the_release_not_the_database_bytes(mini_db, tmp_path):
    again = tmp_path / "again.duckdb"
    import_onet(FIXTURE, again)
    assert taxonomy_sha256(again) == taxonomy_sha256(mini_db) != taxonomy_sha256(None)


@pytest.mark.skipif(not ONET.is_dir(), reason="O*NET 29.3 is not in ../shared/data")
def test_onet_29_3_imports_with_its_published_counts(tmp_path):
    db = tmp_path / "onet.duckdb"
    summary = import_onet(ONET, db)
    assert summary.release == "29.3"
    assert summary.counts["occupations"] == 1016
    assert summary.counts["tasks"] == 18796
    assert summary.counts["technology"] == 32681
    assert summary.counts["tools"] == 41662 and summary.counts["related"] == 18460
    with duckdb.connect(str(db), read_only=True) as con:
        orphans = con.execute("""
            SELECT o.code FROM occupations o
            LEFT JOIN soc_groups d ON d.code = o.soc_detailed AND d.level = 'detailed'
            LEFT JOIN soc_groups b ON b.code = o.soc_broad AND b.level = 'broad' AND d.parent = b.code
            LEFT JOIN soc_groups mi ON mi.code = o.soc_minor AND mi.level = 'minor' AND b.parent = mi.code
            LEFT JOIN soc_groups ma ON ma.code = o.soc_major AND ma.level = 'major' AND mi.parent = ma.code
            WHERE ma.code IS NULL""").fetchall()
        assert orphans == []
        assert con.execute("SELECT count(DISTINCT soc_major) FROM occupations").fetchone()[0] == 23
    taxonomy = load_taxonomy(db)
    assert len(taxonomy.occupations) == 867
    assert open_taxonomy(db).search("tax attorney")[0].code == "23-1011.00"
