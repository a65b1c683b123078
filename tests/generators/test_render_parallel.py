"""Rendering on both cores gives the serial bytes; a repair renders only what it repaired and what quotes it."""

from __future__ import annotations

import os

import pytest

import worldsmith.worlds.parallel as parallel
from worldsmith.generators.render import render_world
from worldsmith.generators.render.world import with_dependents
from worldsmith.worlds.content import EmailContent
from worldsmith.worlds.plan import Attachment
from tests.generators.plan_fixture import make_contents, make_plan


def _files(room):
    return {p.relative_to(room).as_posix(): p.read_bytes() for p in sorted(room.rglob("*")) if p.is_file()}


@pytest.fixture
def always_fork(monkeypatch):
    """The pool even for the five artifacts of the fixture (a real world needs 64 before it forks)."""
    monkeypatch.setattr(parallel, "MIN_ITEMS", 0)


def test_ordered_map_keeps_order_and_runs_in_other_processes(always_fork):
    assert parallel.ordered_map(lambda x: x * x, list(range(200)), workers=2) == [x * x for x in range(200)]
    pids = set(parallel.ordered_map(lambda _: os.getpid(), list(range(40)), workers=2))
    assert pids and os.getpid() not in pids


def test_ordered_map_stays_in_process_for_one_job(monkeypatch, always_fork):
    monkeypatch.setenv(parallel.JOBS_VARIABLE, "1")
    assert parallel.jobs() == 1
    assert set(parallel.ordered_map(lambda _: os.getpid(), list(range(10)))) == {os.getpid()}


def test_two_workers_write_the_serial_bytes(tmp_path, always_fork):
    serial, forked = tmp_path / "serial", tmp_path / "forked"
    written = render_world(make_plan(), make_contents(), serial, workers=1)
    assert render_world(make_plan(), make_contents(), forked, workers=2) == \
        [forked / p.relative_to(serial) for p in written]
    assert _files(serial) == _files(forked)
    assert len(_files(serial)) == 10  # every artifact, twin and mailbox


def test_a_renderer_failing_in_a_worker_is_reported_like_a_serial_one(tmp_path, always_fork):
    contents = make_contents()
    contents["d1"] = contents["e1"]  # a document given an email's content: its renderer refuses it
    reports = {}
    for workers in (1, 2):
        seen = []
        render_world(make_plan(), contents, tmp_path / str(workers), workers=workers,
                     on_failure=lambda spec, exc: seen.append((spec.id, type(exc).__name__, str(exc))))
        reports[workers] = seen
    assert reports[1] == reports[2] and [r[0] for r in reports[1]] == ["d1"]
    assert _files(tmp_path / "1") == _files(tmp_path / "2")


def test_dependents_are_the_replies_that_quote_a_message_and_the_memos_that_cite_a_sheet():
    plan = make_plan()
    assert with_dependents(plan, {"e2"}) == {"e2", "e3"}
    assert with_dependents(plan, {"e1"}) == {"e1", "e2", "e3"}
    assert with_dependents(plan, {"s1"}) == {"s1", "d1"}
    assert with_dependents(plan, {"d1"}) == {"d1"}


def test_a_repaired_memo_is_attached_anew_by_the_messages_that_carry_it(tmp_path, always_fork):
    plan, contents = make_plan(), make_contents()
    plan.artifact("e2").attachments = [Attachment(artifact="d1", path="Documents/Closing memo.docx", title="Closing memo")]
    assert with_dependents(plan, {"d1"}) == {"d1", "e2", "e3"}
    room, fresh = tmp_path / "room", tmp_path / "fresh"
    render_world(plan, contents, room)
    memo = contents["d1"]
    contents["d1"] = memo.model_copy(update={"title": memo.title + " (revised)"})
    render_world(plan, contents, room, only=with_dependents(plan, {"d1"}), workers=2)
    render_world(plan, contents, fresh)
    assert _files(room) == _files(fresh)


def test_a_repair_rewrites_only_what_it_repaired_and_lands_where_a_full_render_would(tmp_path, always_fork):
    plan, contents = make_plan(), make_contents()
    room, fresh = tmp_path / "room", tmp_path / "fresh"
    render_world(plan, contents, room)
    before = {p: os.stat(room / p).st_mtime_ns for p in _files(room)}
    contents["e2"] = EmailContent(subject="Re: Closing funds — timing", body="Chloé,\n\nAgreed, with one change.\n\nAda")
    written = render_world(plan, contents, room, only=with_dependents(plan, {"e2"}), workers=2)
    names = {p.relative_to(room).as_posix() for p in written}
    assert {"Correspondence/closing/02-reply.eml", "Correspondence/closing/03-forward.eml"} <= names
    assert not names & {"Correspondence/closing/01-new.eml", "Documents/Closing memo.docx", "Sheets/Funds flow.xlsx"}
    assert all(n.startswith(("Correspondence/", "Mailboxes/")) for n in names)  # and the mailboxes they are in
    assert os.stat(room / "Documents/Closing memo.docx").st_mtime_ns == before["Documents/Closing memo.docx"]
    render_world(plan, contents, fresh)
    assert _files(room) == _files(fresh)
    assert b"Agreed, with one change." in _files(room)["Mailboxes/ada.quill@quill-law.example.mbox"]
