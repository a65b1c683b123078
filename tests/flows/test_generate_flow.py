"""The generate_world flow end to end: an outline becomes a published, validated world of real files."""

from __future__ import annotations

import email
import email.policy
import mailbox
from pathlib import Path

import docx
import openpyxl
import pytest

from tests.conftest import EXAMPLES, MINI
from worldsmith.worlds import bundle

pytestmark = pytest.mark.usefixtures("prefect_harness")


def generate(outline: Path, out: Path, seed: int = 0):
    from worldsmith.flows.generate import generate_world

    return generate_world(str(outline), seed=seed, out=str(out))


@pytest.fixture(scope="module")
def legal_world(tmp_path_factory, prefect_harness):
    out = tmp_path_factory.mktemp("out")
    result = generate(EXAMPLES / "tanker-spill-liability.yaml", out, seed=0)
    return out, result


def test_legal_example_publishes_a_clean_world_of_all_kinds(legal_world):
    out, result = legal_world
    assert not result.quarantined, result
    assert result.verdict in ("pass", "warn") and result.errors == 0
    path = Path(result.path)
    assert path == out / result.world_id and path.is_dir()
    manifest = bundle.read_manifest(path)
    assert sum(manifest.counts[k] for k in ("email", "document", "spreadsheet")) >= 40
    assert all(manifest.counts[k] > 0 for k in ("email", "document", "spreadsheet"))
    assert not (out / bundle.STAGING).exists(), "staging folder left behind"
    from worldsmith.worlds.catalog import list_worlds

    row = list_worlds(out)[-1]
    assert (row.world_id, row.path, row.outline_sha256) == (result.world_id, str(path), manifest.outline_sha256)
    assert "23-1011" in row.occupations


def test_manifest_lists_every_file_with_its_checksum(legal_world):
    _, result = legal_world
    path = Path(result.path)
    manifest = bundle.read_manifest(path)
    listed = {f.path: f.sha256 for f in manifest.files}
    on_disk = {p.relative_to(path).as_posix() for p in path.rglob("*") if p.is_file()}
    assert on_disk - listed.keys() <= bundle.UNHASHED
    for rel, digest in listed.items():
        assert bundle.sha256_file(path / rel) == digest
    assert manifest.world_id == result.world_id and manifest.backend == "offline"
    assert manifest.packages["duckdb"] != "not installed"


def test_every_file_opens_in_the_library_meant_for_it(legal_world):
    _, result = legal_world
    room = Path(result.path) / bundle.ROOM
    emls = sorted(room.rglob("*.eml"))
    assert emls
    for path in emls:
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        assert msg.defects == [], path
        assert msg["Message-ID"] and msg["Date"] and msg["From"] and msg["To"]
        assert msg["Date"].datetime.utcoffset() is not None
    boxes = sorted(room.glob("Mailboxes/*.mbox"))
    assert boxes and sum(len(mailbox.mbox(p)) for p in boxes) >= len(emls)
    for path in sorted(room.rglob("*.docx")):
        assert docx.Document(path).paragraphs, path
        assert path.with_suffix(".md").exists()
    amounts = 0
    for path in sorted(room.rglob("*.xlsx")):
        sheet = openpyxl.load_workbook(path).active
        for row in sheet.iter_rows(min_row=2):
            for cell in row:
                if cell.number_format and "#,##0" in cell.number_format and cell.value is not None \
                        and not str(cell.value).startswith("="):
                    assert isinstance(cell.value, (int, float)), (path, cell.coordinate, cell.value)
                    amounts += 1
        assert path.with_suffix(".csv").exists()
    assert amounts > 0, "no typed amounts in any workbook"


def test_same_outline_and_seed_give_identical_files(legal_world, published_legal):
    # The session's legal world was made apart, by the stages without Prefect (tests/published.py): the
    # same outline and seed give the same world, file for file, whichever way it is run.
    _, first = legal_world
    again = bundle.read_manifest(published_legal)
    assert again.world_id == first.world_id
    a = [(f.path, f.sha256) for f in bundle.read_manifest(Path(first.path)).files]
    b = [(f.path, f.sha256) for f in again.files]
    assert a == b


def test_another_seed_gives_another_world():
    # The seed acts in the plan (the cast, the calendar); the stages after it follow the plan.
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    a, b = (pipeline.prepare(MINI, seed, OfflineBackend()) for seed in (1, 2))
    assert a.world_id != b.world_id
    plan_a, plan_b = pipeline.make_plan(a), pipeline.make_plan(b)
    assert [p.name for p in plan_a.people] != [p.name for p in plan_b.people]


def test_diligence_example_publishes_a_clean_world(published_diligence):
    # Made once per session by the stages (tests/published.py); through the flow in test_model_flow.py.
    result = bundle.read_manifest(published_diligence)
    assert result.errors == 0 and result.verdict in ("pass", "warn") and not result.failures, result.verdict
    assert published_diligence.parent.name != bundle.QUARANTINE and published_diligence.name == result.world_id
    assert sum(result.counts[k] for k in ("email", "document", "spreadsheet")) >= 40


def test_the_flow_publishes_the_room_the_plain_path_does(legal_world, published_legal):
    """generate_world (Prefect) and make_world (plain calls, what the tests' worlds and --no-prefect use) run the same
    stages: the legal example's room is the same file for file."""
    import hashlib

    def room(bundle_dir: Path) -> dict[str, str]:
        return {str(p.relative_to(bundle_dir)): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted((bundle_dir / "room").rglob("*")) if p.is_file()}

    _, result = legal_world
    assert room(Path(result.path)) == room(published_legal)


def test_the_session_server_keeps_its_migrated_database_for_the_next_session(prefect_harness):
    """A session's Prefect server starts on a copy of the database Prefect's migrations made once, kept between
    sessions (tests/prefect_shared.py): the copy is at the head the running server's own database is at."""
    import sqlite3
    from contextlib import closing

    from tests.prefect_shared import _template

    template, (_, db) = _template(), prefect_harness
    heads = []
    # the template read as the file it is (no write-ahead log made beside it); the running server's through its log
    for path, opened in ((template, "mode=ro&immutable=1"), (db, "mode=ro")):
        with closing(sqlite3.connect(f"file:{path}?{opened}", uri=True)) as con:
            heads.append(con.execute("SELECT version_num FROM alembic_version").fetchall())
    assert heads[0] and heads[0] == heads[1]
