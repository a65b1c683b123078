"""Sessions (writes to a copy, reset, state) and fault injection, through the server in process."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("fastmcp")
from fastmcp import Client  # noqa: E402

from worldsmith.environments import drive, mail  # noqa: E402
from worldsmith.environments.faults import FaultConfig  # noqa: E402
from worldsmith.environments.server import build_server  # noqa: E402
from worldsmith.environments.session import SessionError  # noqa: E402


def test_forward_and_a_filed_memo_are_in_the_state_and_reset_removes_them(published_legal, tmp_path):
    _, session = build_server(published_legal, tmp_path / "s", user="partner")
    first = session.world.messages[0]
    fwd = mail.forward(session, first.message_id, ["someone@ostrander-energy.example"], "FYI")
    assert fwd["subject"].startswith("Fwd: ") and first.body.splitlines()[0] in fwd["body"]
    path = session.write_document("Memos/Note on the cap.md", "The cap is USD 156,200,000.")
    assert drive.read_document(session, path)["text"] == "The cap is USD 156,200,000."
    assert any(e["path"] == path for e in drive.list_folder(session, "Memos"))
    state = session.state()
    assert state.user == session.world.plan.person("partner").email
    assert sorted(state.files_added) == sorted([fwd["path"], path]) and not state.files_changed
    session.reset()
    assert session.state().sent == [] and session.state().files_added == []
    assert not (session.room / path).exists()
    # clear() is reset() without the state read back: the same end, recorded the same way
    path = session.write_document("Memos/Note on the cap.md", "The cap is USD 156,200,000.")
    session.submit_answer("USD 156,200,000")
    assert session.clear() is None
    assert session.state().answer is None and session.state().files_added == [] and not (session.room / path).exists()
    assert session.verify_state()


def test_a_session_folder_resumes_its_state(published_legal, tmp_path):
    _, session = build_server(published_legal, tmp_path / "s")
    session.submit_answer("USD 156,200,000")
    _, again = build_server(published_legal, tmp_path / "s")
    assert again.state().answer == "USD 156,200,000" and again.answer == "USD 156,200,000"  # read without the room
    again.reset()
    assert again.answer is None and again.state().answer is None


def test_bad_requests_say_what_to_do(published_legal, tmp_path):
    _, session = build_server(published_legal, tmp_path / "s")
    with pytest.raises(SessionError, match="not a path inside"):
        session.write_document("../escape.md", "x")
    with pytest.raises(SessionError, match="B3 or A1:D10"):
        drive.read_sheet(session, session.world.sheets[0].path, "not a range")
    with pytest.raises(SessionError, match="no person"):
        build_server(published_legal, tmp_path / "t", user="nobody")
    # a 100,000-character --user is quoted clipped, not echoed whole over what to do
    with pytest.raises(SessionError, match=r"\(100,000 characters\)") as info:
        build_server(published_legal, tmp_path / "u", user="b" * 100_000)
    assert len(str(info.value)) < 300


def test_faults_are_injected_at_the_rate_and_never_on_session_control(published_legal, tmp_path):
    server, _ = build_server(published_legal, tmp_path / "s", faults=FaultConfig(rate=0.5, seed=3, timeout_s=0.0))

    async def run():
        outcomes = []
        async with Client(server) as client:
            for _ in range(40):
                try:
                    r = await client.call_tool("mail_list_folders", {}, raise_on_error=False)
                    text = r.content[0].text if r.content else ""
                    outcomes.append("error" if r.is_error else ("ok" if '"folders"' in text else "malformed"))
                except Exception:  # a malformed reply the client cannot parse
                    outcomes.append("malformed")
            control = [await client.call_tool("export_state", {}) for _ in range(10)]
        return outcomes, control

    outcomes, control = asyncio.run(run())
    faulted = [o for o in outcomes if o != "ok"]
    assert 10 <= len(faulted) <= 30 and {"error", "malformed"} <= set(faulted)
    assert all(not r.is_error for r in control)


FAULT_TEXT = {"timeout": "did not answer within", "rate_limit": "429 rate limit exceeded",
              "permission": "403 permission denied"}


@pytest.mark.parametrize("kind", ["timeout", "rate_limit", "permission", "malformed"])
def test_each_fault_kind_reaches_the_client_as_that_failure(published_legal, tmp_path, kind):
    server, _ = build_server(published_legal, tmp_path / "s", faults=FaultConfig(rate=1.0, kinds=[kind], timeout_s=0.0))

    async def run():
        async with Client(server) as client:
            try:
                r = await client.call_tool("mail_search", {"query": "cap"}, raise_on_error=False)
                outcome = ("error" if r.is_error else "reply", r.content[0].text if r.content else "")
            except Exception as exc:  # noqa: BLE001  (the client cannot read a malformed reply)
                outcome = ("unreadable", str(exc))
            state = await client.call_tool("export_state", {})
        return outcome, state

    (how, text), state = asyncio.run(run())
    if kind == "malformed":
        assert how == "unreadable" or (how == "reply" and '"results"' not in text), (how, text)
    else:
        assert how == "error" and FAULT_TEXT[kind] in text and "mail_search" in text
    assert not state.is_error and state.data["sent"] == []  # session control is never faulted


def test_serve_injects_the_faults_its_options_ask_for(published_legal, tmp_path):
    import sys

    from fastmcp.client.transports import StdioTransport

    argv = ["-m", "worldsmith.flows.cli", "serve", str(published_legal), "--session", str(tmp_path / "s"),
            "--fault-rate", "1", "--fault-kinds", "permission"]

    async def run():
        async with Client(StdioTransport(sys.executable, argv, keep_alive=False), timeout=60) as client:
            tools = {t.name for t in await client.list_tools()}
            denied = await client.call_tool("mail_list_folders", {}, raise_on_error=False)
            state = await client.call_tool("export_state", {})
        return tools, denied, state

    tools, denied, state = asyncio.run(run())
    assert "mail_list_folders" in tools
    assert denied.is_error and "403 permission denied" in denied.content[0].text
    assert not state.is_error


def test_an_unknown_fault_kind_is_refused():
    from worldsmith.environments.faults import FaultInjection

    with pytest.raises(ValueError, match="unknown fault kinds"):
        FaultInjection(FaultConfig(rate=0.1, kinds=["meteor"]))


def test_a_filed_note_is_found_by_drive_search_and_attachments_are_named(published_legal, tmp_path):
    _, session = build_server(published_legal, tmp_path / "s")
    session.write_document("Memos/Cap note.md", "Kestrel Bay's cap: USD 156,200,000.")
    assert {"path": "Memos/Cap note.md", "type": "text"} in drive.search(session, "kestrel cap note")
    plain = next(m for m in session.world.messages if not mail.read(session, m.message_id)["attachments"])
    with pytest.raises(SessionError, match=r"has no attachment 'x.pdf' \(it has: none\)"):
        mail.download_attachment(session, plain.message_id, "x.pdf")
    # A cover note carries the room's file itself: what an agent downloads is byte for byte the drive's copy.
    import json

    plan = json.loads((published_legal / "plan.json").read_text(encoding="utf-8"))
    note = next(a for a in plan["artifacts"] if a["kind"] == "email" and a.get("attachments"))
    mid = next(m.message_id for m in session.world.messages if m.path == note["path"])
    name = note["attachments"][0]["path"].rsplit("/", 1)[1]
    assert name in mail.read(session, mid)["attachments"]
    got = mail.download_attachment(session, mid, name)
    assert (session.room / got["saved_to"]).read_bytes() == (published_legal / "room" / note["attachments"][0]["path"]).read_bytes()

