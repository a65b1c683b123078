"""A published world is what was published, and checks read everything an agent reads.

A consistent edit of a file and its twin fails `validate` naming both files unless the edit is
accepted (which re-seals the manifest); defects a held-out injector leaves with checksums refreshed
are caught by name: a placeholder below an email's quoted history, a real company named in a body,
an .eml that differs from its mailbox copy.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import worldsmith
from tests.worlds.test_defects_seeded import DRAFT, M1, MEMO, add_paragraph, edit_new_text, file_of, twin_of
from worldsmith.worlds import bundle as bundle_format
from tests.published import validate_copy

REPO = Path(__file__).resolve().parents[2]


def copy_of(world: Path, tmp_path: Path) -> Path:
    target = tmp_path / "out" / world.name
    shutil.copytree(world, target)
    return target


def refresh_checksums(world: Path) -> None:
    """What a careless (or hostile) tool does after editing a world: list the files as they are now in the
    manifest and seal it again, so that only the checks of the content can tell."""
    manifest = bundle_format.read_manifest(world)
    bundle_format.write_manifest(world, manifest.model_copy(update={"files": bundle_format.list_files(world)}))


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """The command run in this process from `cwd` (a `python -m worldsmith.flows.cli` was about 2 CPU-s of imports
    a call); an exception the app let through, a traceback in a process of its own, fails here."""
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    here = os.getcwd()
    os.chdir(cwd)
    try:
        done = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    finally:
        os.chdir(here)
    assert isinstance(done.exception, (SystemExit, type(None))), (done.exception, done.output[-2000:])
    return subprocess.CompletedProcess(list(args), done.exit_code, done.stdout, done.stderr)


def rel(world: Path, path: Path) -> str:
    return path.relative_to(world / "room").as_posix()


def test_a_consistent_edit_of_a_file_and_its_twin_fails_validate_naming_both_until_accepted(published_mini, tmp_path):
    world = copy_of(published_mini, tmp_path)
    # the superseded draft, which no message attaches (an attachment is a copy that would then differ too)
    add_paragraph(world, DRAFT, "Agreed with the client on the call this morning.")  # the .docx and its twin alike
    docx_file, md_file = rel(world, file_of(world, DRAFT)), rel(world, twin_of(world, DRAFT))

    refused = cli("validate", str(world), cwd=tmp_path)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    out = " ".join(refused.stdout.split())
    assert f"{docx_file}: changed since publishing" in out and f"{md_file}: changed since publishing" in out
    assert "--accept-edits" in out and "Traceback" not in refused.stdout + refused.stderr
    with pytest.raises(worldsmith.worlds.errors.BundleError):
        worldsmith.open(world)  # the loader refuses it too

    before = (world / "manifest.json").read_bytes()
    accepted = cli("validate", str(world), "--accept-edits", cwd=tmp_path)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert "re-sealed" in accepted.stdout
    sealed = bundle_format.read_manifest(world)
    assert (world / "manifest.json").read_bytes() != before
    assert {f.path: f.sha256 for f in sealed.files}[f"room/{docx_file}"] == bundle_format.sha256_file(file_of(world, DRAFT))
    with worldsmith.open(world) as opened:  # whole again for the loader, reading the store validate built
        assert opened.manifest.world_id == sealed.world_id and opened.store_path == world / "world.duckdb"
    assert cli("validate", str(world), cwd=tmp_path).returncode == 0  # and for validate, without the flag
    # whose report is the sealed one, byte for byte; only the store it rebuilt is sealed anew
    assert bundle_format.read_manifest(world).files == sealed.files
    with worldsmith.open(world) as opened:
        assert opened.store_path == world / "world.duckdb"


def test_accepting_edits_that_break_a_check_leaves_the_manifest_as_published(published_mini, tmp_path):
    world = copy_of(published_mini, tmp_path)
    md = twin_of(world, MEMO)
    md.write_text(md.read_text(encoding="utf-8") + "\nA paragraph only the twin has.\n", encoding="utf-8")
    before = (world / "manifest.json").read_bytes()
    report = validate_copy(world, accept_edits=True)
    assert "markdown_twin_agrees" in {c.id for c in report.failed()}
    assert "files_changed_since_publishing" not in {c.id for c in report.checks}
    assert (world / "manifest.json").read_bytes() == before


def _quoting_message(world: Path) -> Path:
    return next(p for p in sorted((world / "room").rglob("*.eml"))
                if re.search(r"^(?:On .+ wrote:|-{5,}Original Message-{5,})\s*$", p.read_text(encoding="utf-8"),
                             re.MULTILINE))


def placeholder_below_quote(world: Path) -> str:
    path = _quoting_message(world)
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + "\n\n[Client Name] by {{ deadline }}\n",
                    encoding="utf-8")
    return rel(world, path)


def real_company_in_body(world: Path) -> str:
    edit_new_text(file_of(world, M1),
                  lambda text: text.rstrip("\n") + "\n\nExxonMobil and Goldman Sachs have agreed to the revised terms.\n")
    return M1


def eml_differs_from_mailbox(world: Path) -> str:
    path = file_of(world, M1)  # the .eml alone, as a tool that does not know about mailboxes would
    data = path.read_bytes()
    path.write_bytes(data.replace(b" the ", b" a ", 1))
    assert path.read_bytes() != data
    owner = next(p for p in (world / "room" / "Mailboxes").glob("*.mbox"))
    return rel(world, owner)  # every mailbox holding M1 is named; the test picks any that holds it


SEEDED = {
    "placeholder_below_quote": (placeholder_below_quote, "realism_leakage"),
    "real_company_in_body": (real_company_in_body, "realism_fiction_mentions"),
    "eml_differs_from_mailbox": (eml_differs_from_mailbox, "message_copies_agree"),
}


@pytest.mark.parametrize("defect", sorted(SEEDED))
def test_a_defect_left_with_refreshed_checksums_is_caught_by_name(published_mini, tmp_path, defect):
    inject, check_id = SEEDED[defect]
    world = copy_of(published_mini, tmp_path)
    named = inject(world)
    refresh_checksums(world)
    report = validate_copy(world)
    result = next(c for c in report.checks if c.id == check_id)
    assert result.count and result.severity == "error" and report.verdict == "fail", (defect, result)
    assert "files_changed_since_publishing" not in {c.id for c in report.failed()}
    names = {r.artifact_id for r in result.rows} | {r.path for r in result.rows}
    if defect == "eml_differs_from_mailbox":
        assert all(r.path.startswith("Mailboxes/") and M1 == r.artifact_id for r in result.rows), result.rows
        assert rel(world, file_of(world, M1)) in result.rows[0].detail
    else:
        assert named in names, (defect, result.rows)
    if defect == "real_company_in_body":
        assert {"names the real ExxonMobil in the new text of the message",
                "names the real Goldman Sachs in the new text of the message"} <= {r.detail for r in result.rows}
    if defect == "placeholder_below_quote":
        assert any("quoted history" in r.detail and "[Client Name]" in r.detail for r in result.rows), result.rows


def test_the_published_mini_world_is_clean_under_the_new_checks(published_mini, tmp_path):
    report = validate_copy(copy_of(published_mini, tmp_path))
    for check_id in ("realism_leakage", "realism_fiction_mentions", "message_copies_agree",
                     "files_changed_since_publishing"):
        assert next(c for c in report.checks if c.id == check_id).count == 0, check_id


def test_validating_a_published_world_seals_its_store_without_waiting_on_its_own_lock(published_mini, tmp_path):
    """validate holds the bundle's lock and then seals the store it rebuilt under the same lock: it must not wait
    on itself (it did, forever, between ba1f946 and the re-entrant folder_lock). (The mini world, as this module's
    other validations: the lock is the same for any world, and the legal one was 4.5 s of the suite's time here.)"""
    import threading

    world = shutil.copytree(published_mini, tmp_path / "w")
    done: list = []
    worker = threading.Thread(target=lambda: done.append(validate_copy(world)), daemon=True)
    worker.start()
    worker.join(120)
    assert done, "validate of a published world never finished: it waits on its own lock"
    assert done[0].verdict in ("pass", "warn")
