"""Tests of render_world: every artifact and twin on disk, mailboxes, and byte-for-byte determinism."""

from __future__ import annotations

import email
import email.policy
import io
import mailbox
import zipfile

import pytest

import worldsmith.generators.render
from worldsmith.generators.render import render_world
from tests.generators.plan_fixture import make_contents, make_plan

EXPECTED = [
    "Correspondence/closing/01-new.eml", "Correspondence/closing/02-reply.eml",
    "Correspondence/closing/03-forward.eml", "Documents/Closing memo.docx", "Documents/Closing memo.md",
    "Mailboxes/ada.quill@quill-law.example.mbox", "Mailboxes/ben.ohara@quill-law.example.mbox",
    "Mailboxes/chloe.marchetti@northwind-holdings.example.mbox", "Sheets/Funds flow.csv", "Sheets/Funds flow.xlsx",
]


def _files(room):
    return {p.relative_to(room).as_posix(): p.read_bytes() for p in sorted(room.rglob("*")) if p.is_file()}


def test_render_world_is_the_package_export():
    assert worldsmith.generators.render.__all__ == ["render_world"]
    assert worldsmith.generators.render.__doc__.startswith("Renderers: typed content to real files")


def test_every_artifact_twin_and_mailbox_is_written(tmp_path):
    paths = render_world(make_plan(), make_contents(), tmp_path)
    assert paths == sorted(paths)
    assert [p.relative_to(tmp_path).as_posix() for p in paths] == EXPECTED
    assert sorted(_files(tmp_path)) == EXPECTED  # nothing else lands in the room


def test_the_written_emails_chain_through_the_thread(tmp_path):
    render_world(make_plan(), make_contents(), tmp_path)
    forward = email.message_from_bytes((tmp_path / EXPECTED[2]).read_bytes(), policy=email.policy.default)
    assert forward.defects == []
    assert len(forward["References"].split()) == 2
    # the forwarded message under Outlook's rule, its sender's header over it (session 32: Outlook's quoting)
    body = forward.get_content()
    assert body.startswith("Ada, for the file.") and "\n-----Original Message-----\nFrom: Ada Quill <" in body
    assert len(mailbox.mbox(tmp_path / EXPECTED[5])) == 3


def test_rendering_twice_gives_identical_bytes(tmp_path):
    plan, contents = make_plan(with_distractor=True), make_contents()
    render_world(plan, contents, tmp_path / "a")
    render_world(plan, contents, tmp_path / "b")
    first, second = _files(tmp_path / "a"), _files(tmp_path / "b")
    assert sorted(first) == sorted(second) == EXPECTED
    for name in EXPECTED:
        assert first[name] == second[name], name


def test_zip_entries_carry_the_artifact_date_not_the_clock(tmp_path):
    render_world(make_plan(), make_contents(), tmp_path)
    for name, stamp in (("Documents/Closing memo.docx", (2025, 3, 5, 9, 0, 0)),
                        ("Sheets/Funds flow.xlsx", (2025, 3, 2, 9, 0, 0))):
        with zipfile.ZipFile(io.BytesIO((tmp_path / name).read_bytes())) as archive:
            assert {info.date_time for info in archive.infolist()} == {stamp}


def test_rendering_over_an_old_room_gives_the_same_files(tmp_path):
    plan, contents = make_plan(), make_contents()
    render_world(plan, contents, tmp_path)
    before = _files(tmp_path)
    render_world(plan, contents, tmp_path)
    assert _files(tmp_path) == before


def test_a_path_that_leaves_the_room_is_refused(tmp_path):
    data = make_plan().model_dump()
    data["artifacts"][3]["path"] = "../outside.docx"
    plan = type(make_plan()).model_validate(data)
    with pytest.raises(ValueError, match="inside the room"):
        render_world(plan, make_contents(), tmp_path / "room")
    assert not (tmp_path / "outside.docx").exists()


def test_a_missing_content_is_named(tmp_path):
    contents = make_contents()
    del contents["s1"]
    with pytest.raises(KeyError, match="s1"):
        render_world(make_plan(), contents, tmp_path)
