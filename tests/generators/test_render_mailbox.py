"""Tests of the mbox renderer: one mailbox per person, messages in send order, stable separators."""

from __future__ import annotations

import mailbox

import pytest

from worldsmith.generators.kinds.email.render import render_eml
from worldsmith.generators.kinds.email.mailbox import from_line, mailbox_path, render_mailboxes
from worldsmith.worlds.plan import WorldPlan
from tests.generators.plan_fixture import make_contents, make_plan

PLAN = make_plan()
CONTENTS = make_contents()


def _emails(plan: WorldPlan = PLAN):
    specs = {s.id: s for s in plan.artifacts if s.kind == "email"}
    out = []
    for spec_id in ("e3", "e1", "e2"):  # out of order on purpose: the renderer sorts by time
        spec = specs[spec_id]
        chain, current = [], spec.parent
        while current:
            chain.insert(0, (specs[current], CONTENTS[current]))
            current = specs[current].parent
        out.append((spec, render_eml(plan, spec, CONTENTS[spec_id], chain)))
    return out


def test_one_mailbox_per_person_with_the_right_messages(tmp_path):
    paths = render_mailboxes(PLAN, _emails(), tmp_path)
    assert paths == sorted(paths)
    expected = {"ada.quill@quill-law.example": ["e1", "e2", "e3"],
                "ben.ohara@quill-law.example": ["e1", "e2", "e3"],
                "chloe.marchetti@northwind-holdings.example": ["e1", "e2"]}
    assert {p.name for p in paths} == {f"{a}.mbox" for a in expected}
    for address, ids in expected.items():
        box = mailbox.mbox(mailbox_path(tmp_path, address))
        assert len(box) == len(ids)
        assert [m["Message-ID"] for m in box] == [PLAN.artifact(i).message_id for i in ids]


def test_separator_carries_sender_and_utc_send_time(tmp_path):
    render_mailboxes(PLAN, _emails(), tmp_path)
    box = mailbox.mbox(mailbox_path(tmp_path, "chloe.marchetti@northwind-holdings.example"))
    # e1 was sent 09:14 at -05:00, e2 15:02 UTC.
    assert [m.get_from() for m in box] == ["chloe.marchetti@northwind-holdings.example Mon Mar  3 14:14:00 2025",
                                           "ada.quill@quill-law.example Mon Mar  3 15:02:00 2025"]


def test_messages_are_stored_as_rendered(tmp_path):
    emails = dict((s.id, data) for s, data in _emails())
    render_mailboxes(PLAN, list((PLAN.artifact(i), d) for i, d in emails.items()), tmp_path)
    box = mailbox.mbox(mailbox_path(tmp_path, "ada.quill@quill-law.example"))
    # mbox escapes body lines that start with "From " (mboxo); nothing else may change.
    assert box.get_bytes(0) == emails["e1"].replace(b"\nFrom ", b"\n>From ")
    assert box.get_bytes(2) == emails["e3"].replace(b"\nFrom ", b"\n>From ")


def test_rendering_again_replaces_rather_than_appends(tmp_path):
    first = [p.read_bytes() for p in render_mailboxes(PLAN, _emails(), tmp_path)]
    second = [p.read_bytes() for p in render_mailboxes(PLAN, _emails(), tmp_path)]
    assert first == second
    assert len(mailbox.mbox(mailbox_path(tmp_path, "ada.quill@quill-law.example"))) == 3


def test_a_person_with_no_mail_gets_no_mailbox(tmp_path):
    data = PLAN.model_dump()
    data["people"].append({**data["people"][0], "id": "partner_2", "email": "idle@quill-law.example"})
    plan = WorldPlan.model_validate(data)
    paths = render_mailboxes(plan, _emails(plan), tmp_path)
    assert "idle@quill-law.example.mbox" not in {p.name for p in paths}
    assert len(paths) == 3


def test_a_non_ascii_sender_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="ASCII"):
        from_line("chloé@northwind-holdings.example", PLAN.artifact("e1").sent_at)


def test_an_mbox_is_written_as_the_mailbox_module_writes_it(tmp_path):
    """mbox_bytes joins a mailbox in one go; its bytes must be those mailbox.mbox writes message by message, for
    rendered messages and for edge cases (a body line starting 'From ', no final newline, an empty message)."""
    from worldsmith.generators.kinds.email.mailbox import mbox_bytes

    rendered = _emails()
    spec = rendered[0][0]
    odd = [(spec, b"Subject: x\n\nFrom the desk\nFrom here\n>From there"), (spec, b""), (spec, b"\n\n"),
           (spec, b"Subject: y\r\n\r\nbody\r\nFrom you\r\n")]
    for messages in (rendered, odd, rendered + odd):
        path = tmp_path / "reference.mbox"
        path.unlink(missing_ok=True)
        box = mailbox.mbox(path, create=True)
        try:
            for s, data in messages:
                box.add(from_line(PLAN.person(s.author).email, s.sent_at) + data)
            box.flush()
        finally:
            box.close()
        assert mbox_bytes(PLAN, messages) == path.read_bytes()


def test_a_mailbox_that_holds_its_messages_already_is_not_written_again(tmp_path):
    """A repair round rewrites the mailboxes whose messages changed, and only those: the others keep their file."""
    paths = render_mailboxes(PLAN, _emails(), tmp_path)
    before = {p: p.stat().st_ino for p in paths}
    emails = _emails()
    changed = [(s, d.replace(b"\n\n", b"\n\nRevised.\n", 1) if s.id == "e3" else d) for s, d in emails]
    render_mailboxes(PLAN, changed, tmp_path)
    untouched = mailbox_path(tmp_path, "chloe.marchetti@northwind-holdings.example")  # e3 did not go to her
    assert untouched.stat().st_ino == before[untouched]
    rewritten = mailbox_path(tmp_path, "ada.quill@quill-law.example")
    assert rewritten.stat().st_ino != before[rewritten] and b"Revised." in rewritten.read_bytes()
