"""worldsmith.open: a published world as a typed, read-only World; a bad schema or a changed file is refused."""

from __future__ import annotations

import json
import shutil

import duckdb
import pytest

import worldsmith
from worldsmith.worlds.errors import BundleError
from worldsmith.worlds.world import ChecksumError


@pytest.fixture
def copy(published_legal, tmp_path):
    target = tmp_path / published_legal.name
    shutil.copytree(published_legal, target)
    return target


def test_open_gives_the_ledger_the_mail_the_drive_and_the_verdict(published_legal):
    with worldsmith.open(published_legal) as world:
        assert world.verdict in ("pass", "warn") and world.validation.verdict == world.verdict  # published, not quarantined
        assert world.facts["liability_cap"].text == "USD 156,200,000"
        assert set(world.graph["liability_cap"]) == {"per_ton_limit", "gross_tonnage", "limit_floor"}
        cap = world.facts["liability_cap"]
        assert world.text_on("liability_cap", world.plan.window_end) == cap.text
        if cap.known_from and cap.known_from > world.plan.window_start and not cap.earlier:
            assert world.text_on("liability_cap", world.plan.window_start) is None
        assert {o.id for o in world.organisations} and len(world.people) >= 5
        assert len(world.messages) == len(world.artifacts_of("email"))
        assert sum(len(t.messages) for t in world.threads) == len(world.messages)
        reply = next(m for t in world.threads for m in t.messages[1:])
        assert reply.in_reply_to  # threads rebuild from the headers
        assert {d.artifact_id for d in world.documents} == {a.id for a in world.artifacts_of("document")}
        assert {s.artifact_id for s in world.sheets} == {a.id for a in world.artifacts_of("spreadsheet")}
        owners = {b.owner for b in world.mailboxes}
        assert owners and owners <= {p.email for p in world.people}  # someone without mail has no .mbox
        # the cap is a number in the cap computation sheet, as the ledger has it
        n = world.db.execute("select count(*) from cells where value_num = 156200000").fetchone()[0]
        assert n >= 1


def test_the_connection_is_read_only(published_legal):
    with worldsmith.open(published_legal) as world:
        with pytest.raises(duckdb.Error):
            world.db.execute("delete from facts")


def test_a_changed_file_fails_the_checksum_naming_it(copy):
    doc = next((copy / "room").rglob("*.md"))
    doc.write_text(doc.read_text(encoding="utf-8") + "\nedited\n", encoding="utf-8")
    with pytest.raises(ChecksumError, match="sha256 differs") as info:
        worldsmith.open(copy)
    assert doc.name in str(info.value)


def test_a_missing_or_unlisted_file_fails_the_checksum(copy):
    next((copy / "room").rglob("*.csv")).unlink()
    (copy / "room" / "planted.txt").write_text("x", encoding="utf-8")
    with pytest.raises(ChecksumError) as info:
        worldsmith.open(copy)
    assert "missing" in str(info.value) and "planted.txt: not listed" in str(info.value)


def test_an_unknown_schema_version_is_refused_with_what_to_do(copy):
    manifest = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
    manifest["schema_version"] = 99
    (copy / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(BundleError, match="schema_version 99 .* regenerate"):
        worldsmith.open(copy)


def test_a_bundle_without_its_store_gets_a_private_one(copy):
    (copy / "world.duckdb").unlink()
    world = worldsmith.open(copy)
    try:
        assert world.db.execute("select count(*) from emails").fetchone()[0] == len(world.artifacts_of("email"))
    finally:
        world.close()
    assert not (copy / "world.duckdb").exists()  # the bundle itself is never written


def test_a_folder_that_is_not_a_world_says_so(tmp_path):
    with pytest.raises(BundleError, match="not a published world"):
        worldsmith.open(tmp_path)
