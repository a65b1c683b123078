"""Attacks on `worldsmith serve` and its sessions: folders that are not the session's, links, oversized input, hand
edits of the state, and HTTP requests from a foreign Host, a foreign Origin or without the token.

Each test makes the attack for real (real folders, real links, a real HTTP server on 127.0.0.1) and
checks both the refusal and that nothing outside what the command made was read, written or removed.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import shutil

import pytest

pytest.importorskip("fastmcp")
from fastmcp import Client  # noqa: E402

from tests.environments.test_mcp_apps import http_server  # noqa: E402
from worldsmith.environments import limits, session_store  # noqa: E402
from worldsmith.environments.server import build_server  # noqa: E402
from worldsmith.environments.session import Session, SessionError, load_state  # noqa: E402
from worldsmith.worlds.world import open_world, verify_files  # noqa: E402


def _files(folder) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _serve_cli(world, *args: str):
    """`worldsmith serve WORLD ARGS` in this process (typer's runner), on a wide terminal so a refusal is one line."""
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    return CliRunner().invoke(app, ["serve", str(world), *args], env={"COLUMNS": "400"})


def _call(server, tool: str, args: dict):
    async def run():
        async with Client(server) as client:
            return await client.call_tool(tool, args, raise_on_error=False)

    return asyncio.run(run())


# ------------------------------------------------------------------ session folders


def test_a_published_world_given_as_the_session_folder_is_refused_and_keeps_its_room(published_mini, tmp_path):
    world = tmp_path / "outputs" / published_mini.name
    shutil.copytree(published_mini, world)
    before = _files(world)
    for session_dir in (world, world / "room", world / "room" / "Memos" / "new"):
        with pytest.raises(SessionError, match="inside the world bundle"):
            build_server(world, session_dir)
    assert _files(world) == before  # `--session WORLD` used to empty its room (195 files)
    with open_world(world) as opened:
        assert verify_files(world, opened.manifest) == []


def test_a_folder_inside_another_published_world_is_refused(published_mini, tmp_path):
    other = tmp_path / "outputs" / "another-world"
    shutil.copytree(published_mini, other)
    before = _files(other)
    with pytest.raises(SessionError, match="inside the world bundle"):
        build_server(published_mini, other / "scratch")
    assert _files(other) == before and not (other / "scratch").exists()


def test_a_users_folder_is_refused_and_nothing_in_it_is_touched(published_mini, tmp_path):
    proj = tmp_path / "proj"
    (proj / "room").mkdir(parents=True)
    (proj / "room" / "thesis.md").write_text("three years of work", encoding="utf-8")
    with pytest.raises(SessionError, match="not empty and is not a worldsmith session folder"):
        build_server(published_mini, proj)
    assert _files(proj) == {"room/thesis.md": b"three years of work"}  # it used to be removed


def test_serve_refuses_a_users_folder_with_one_clear_line(published_mini, tmp_path):
    proj = tmp_path / "proj"
    (proj / "room").mkdir(parents=True)
    (proj / "room" / "thesis.md").write_text("mine", encoding="utf-8")
    # In process, as the other refusals of serve here are: a `python -m` serve costs about 2 CPU-s of imports, and
    # the HTTP tests below start the command itself; exit code 2 is the refusal the command made, not a crash.
    done = _serve_cli(published_mini, "--session", str(proj))
    assert done.exit_code == 2, done.output
    assert "not a worldsmith session folder" in done.output and "Traceback" not in done.output
    assert (proj / "room" / "thesis.md").read_text(encoding="utf-8") == "mine"


def test_a_session_of_another_world_an_old_session_and_a_damaged_log_are_refused(published_mini, tmp_path):
    _, session = build_server(published_mini, tmp_path / "s")
    marker = json.loads((tmp_path / "s" / session_store.MARKER).read_text())
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / session_store.MARKER).write_text(json.dumps({**marker, "world_id": "some-other-world"}))
    with pytest.raises(SessionError, match="session folder of another world"):
        build_server(published_mini, foreign)

    old = tmp_path / "old"
    (old / "room").mkdir(parents=True)
    (old / "state.json").write_text('{"world_id": "x"}')
    with pytest.raises(SessionError, match="older worldsmith"):
        build_server(published_mini, old)
    assert (old / "state.json").is_file() and (old / "room").is_dir()

    shutil.copytree(tmp_path / "s", tmp_path / "damaged")
    (tmp_path / "damaged" / session_store.LOG).write_text('{"world_id": "x", "sent": []}\n')
    with pytest.raises(SessionError, match="line 1 of state.jsonl is not a session record"):
        build_server(published_mini, tmp_path / "damaged")

    shutil.copytree(tmp_path / "s", tmp_path / "wrong-user")
    with pytest.raises(SessionError, match="this session acts as"):
        Session(session.world, tmp_path / "wrong-user", user=session.world.plan.people[1].id)


def test_an_empty_folder_becomes_a_session_and_the_state_grows_by_appending(published_mini, tmp_path):
    (tmp_path / "empty").mkdir()
    _, session = build_server(published_mini, tmp_path / "empty")
    log = tmp_path / "empty" / session_store.LOG
    session.submit_answer("first")
    first = log.read_bytes()
    session.write_document("Memos/a.md", "a")
    assert log.read_bytes().startswith(first)  # appended, never rewritten
    assert len(log.read_bytes().splitlines()) == 3
    _, again = build_server(published_mini, tmp_path / "empty")
    assert again.state().answer == "first" and again.state().files_added == ["Memos/a.md"]


# ------------------------------------------------------------------ links in the session room


@pytest.fixture()
def linked(published_mini, tmp_path):
    """A session whose room holds a link to a host folder, a link over a host file, and a link to a host secret."""
    server, session = build_server(published_mini, tmp_path / "s")
    host = tmp_path / "host"
    (host / "dir").mkdir(parents=True)
    (host / "target.md").write_text("the original", encoding="utf-8")
    (host / "secret.md").write_text("HOST SECRET 42", encoding="utf-8")
    os.symlink(host / "dir", session.room / "Linkdir")
    (session.room / "Memos").mkdir()
    os.symlink(host / "target.md", session.room / "Memos" / "over.md")
    os.symlink(host / "secret.md", session.room / "secret.md")
    return server, session, host


def test_a_write_through_a_linked_folder_is_refused_and_lands_nowhere(linked):
    server, session, host = linked
    with pytest.raises(SessionError, match="'Linkdir' is a link"):
        session.write_document("Linkdir/x.md", "escaped")
    result = _call(server, "drive_create_document", {"path": "Linkdir/sub/x.md", "text": "escaped"})
    assert result.is_error and "is a link" in result.content[0].text
    assert str(host) not in result.content[0].text and str(session.root) not in result.content[0].text
    assert list((host / "dir").iterdir()) == []


def test_a_write_over_a_link_is_refused_and_its_target_kept(linked):
    server, session, host = linked
    result = _call(server, "drive_create_document", {"path": "Memos/over.md", "text": "overwritten"})
    assert result.is_error and "'Memos/over.md' is a link" in result.content[0].text
    assert (host / "target.md").read_text(encoding="utf-8") == "the original"
    assert (session.room / "Memos" / "over.md").is_symlink()


def test_a_read_of_a_link_to_a_host_file_is_refused(linked):
    server, session, host = linked
    for tool, args in (("drive_read_document", {"path": "secret.md"}), ("drive_read_document", {"path": "/secret.md"}),
                       ("drive_read_document", {"path": "Memos/over.md"}),
                       ("drive_read_document", {"path": "Linkdir/../secret.md"})):
        result = _call(server, tool, args)
        assert result.is_error, (tool, args)
        assert "HOST SECRET" not in result.content[0].text and str(host) not in result.content[0].text
    found = _call(server, "drive_search", {"query": "HOST SECRET"})
    assert not found.is_error and found.data["results"] == []
    listed = _call(server, "drive_list", {"folder": ""})
    assert "secret.md" not in {e["name"] for e in listed.data["entries"]}
    assert not session.verify_state()  # a link in the room is not what the apps wrote


def test_a_hard_link_in_the_session_room_is_refused_as_a_link_is(published_mini, tmp_path):
    server, session = build_server(published_mini, tmp_path / "s")
    secret = tmp_path / "host-secret.md"
    secret.write_text("HOST SECRET 43", encoding="utf-8")
    os.link(secret, session.room / "hard.md")  # reads as the host file; a write in place would write there
    result = _call(server, "drive_read_document", {"path": "hard.md"})
    assert result.is_error and "'hard.md' is a hard link" in result.content[0].text
    assert "HOST SECRET" not in result.content[0].text and str(tmp_path) not in result.content[0].text
    with pytest.raises(SessionError, match="is a hard link"):
        session.write_document("hard.md", "overwritten")
    assert secret.read_text(encoding="utf-8") == "HOST SECRET 43" and (session.room / "hard.md").exists()
    listed = _call(server, "drive_list", {"folder": ""})
    assert "hard.md" not in {e["name"] for e in listed.data["entries"]}
    assert not session.verify_state()  # not what the apps wrote


def test_a_session_log_or_marker_hard_linked_to_a_host_file_is_never_written_through(published_mini, tmp_path):
    _, session = build_server(published_mini, tmp_path / "s")
    session.submit_answer("first")
    folder = session.root
    victim = tmp_path / "victim.jsonl"
    victim.write_bytes((folder / session_store.LOG).read_bytes())
    before = victim.read_bytes()
    (folder / session_store.LOG).unlink()
    os.link(victim, folder / session_store.LOG)  # while the session runs: its next append is refused
    with pytest.raises(SessionError, match="state.jsonl is a hard link"):
        session.submit_answer("second")
    with pytest.raises(SessionError, match="state.jsonl is a hard link"):  # and a continued session is refused
        Session(open_world(published_mini), folder)
    assert victim.read_bytes() == before
    (folder / session_store.LOG).unlink()
    shutil.copy(victim, folder / session_store.LOG)
    marker_victim = tmp_path / "victim.json"
    marker_victim.write_bytes((folder / session_store.MARKER).read_bytes())
    (folder / session_store.MARKER).unlink()
    os.link(marker_victim, folder / session_store.MARKER)
    with pytest.raises(SessionError, match="worldsmith-session.json is a hard link"):
        Session(open_world(published_mini), folder)
    assert marker_victim.read_bytes() == (folder / session_store.MARKER).read_bytes()


def test_a_copied_marker_never_makes_a_users_room_the_sessions_and_reset_removes_only_what_the_log_wrote(
        published_mini, tmp_path):
    _, session = build_server(published_mini, tmp_path / "s")
    session.write_document("Memos/mine.md", "the session's")
    user = tmp_path / "user"
    (user / "room" / "keep").mkdir(parents=True)
    (user / "room" / "keep" / "precious.txt").write_text("p", encoding="utf-8")
    shutil.copy(session.root / session_store.MARKER, user)  # the marker alone: no log says who wrote room/
    with pytest.raises(SessionError, match="no state.jsonl, and its room/ is not empty"):
        Session(session.world, user)
    shutil.copy(session.root / session_store.LOG, user)  # marker and log: a session, but not of the user's files
    (user / "room" / "Memos").mkdir()
    (user / "room" / "Memos" / "mine.md").write_text("the session's", encoding="utf-8")
    (user / "room" / "Memos" / "theirs.md").write_text("a user's", encoding="utf-8")
    Session(session.world, user).reset()
    assert _files(user / "room") == {"keep/precious.txt": b"p", "Memos/theirs.md": b"a user's"}
    cut = tmp_path / "cut"
    shutil.copytree(session.root, cut)
    (cut / session_store.LOG).write_bytes((cut / session_store.LOG).read_bytes().splitlines(True)[0])
    with pytest.raises(SessionError, match="the marker and the log are not one session's"):
        Session(session.world, cut)


def test_a_bundle_file_edited_after_serve_started_is_refused_not_served(published_mini, tmp_path):
    world = tmp_path / "world"
    shutil.copytree(published_mini, world, symlinks=True)
    server, session = build_server(world, tmp_path / "s")
    docs = sorted(f.path[len("room/"):] for f in session.world.manifest.files if f.path.endswith(".md"))
    forged, kept = docs[0], docs[1]
    assert "FORGED" not in _call(server, "drive_read_document", {"path": forged}).content[0].text
    (world / "room" / forged).write_text("FORGED-AFTER-OPEN wire USD 9,999,999", encoding="utf-8")
    read = _call(server, "drive_read_document", {"path": forged})
    assert read.is_error and "no longer matches the manifest" in read.content[0].text
    assert "FORGED" not in read.content[0].text and str(tmp_path) not in read.content[0].text
    assert _call(server, "drive_search", {"query": "FORGED-AFTER-OPEN"}).data["results"] == []
    with pytest.raises(SessionError, match="no longer matches"):
        session.read_path(forged)  # what a grader reads
    assert not _call(server, "drive_read_document", {"path": kept}).is_error  # the others are served as sealed


def test_a_room_swapped_for_a_link_is_never_emptied(published_mini, tmp_path):
    _, session = build_server(published_mini, tmp_path / "s")
    host = tmp_path / "host"
    host.mkdir()
    (host / "keep.md").write_text("keep", encoding="utf-8")
    session.room.rmdir()
    os.symlink(host, session.room)
    with pytest.raises(SessionError, match="is a link"):
        session.reset()
    with pytest.raises(SessionError, match="room folder cannot be opened|is a link"):
        session.write_document("Memos/x.md", "x")
    assert _files(host) == {"keep.md": b"keep"}


def test_a_named_pipe_in_the_room_is_refused_without_hanging(published_mini, tmp_path):
    _, session = build_server(published_mini, tmp_path / "s")
    os.mkfifo(session.room / "pipe.md")
    with pytest.raises(SessionError, match="not a regular file|not a file"):
        session.read_bytes("pipe.md")
    with pytest.raises(SessionError, match="not a file"):
        session.write_document("pipe.md", "x")


# ------------------------------------------------------------------ sizes


def test_oversized_and_malformed_arguments_are_refused_without_host_paths(published_mini, tmp_path):
    server, session = build_server(published_mini, tmp_path / "s")
    log = tmp_path / "s" / session_store.LOG
    size_before = log.stat().st_size
    big = "x" * (limits.MAX_TEXT_BYTES + 1)
    attempts = {
        "mail_send": {"to": ["a@example.test"], "subject": "s", "body": big},
        "mail_search": {"query": "cap " * 200_000},
        "drive_create_document": {"path": "Memos/" + "n" * 300 + ".md", "text": "x"},
        "drive_read_document": {"path": "Memos/nul\x00.md"},
        "submit_answer": {"answer": big},
    }
    for tool, args in attempts.items():
        result = _call(server, tool, args)
        text = result.content[0].text
        assert result.is_error and ("over the limit" in text or "NUL" in text), (tool, text)
        assert str(tmp_path) not in text and str(session.root) not in text, (tool, text)
    long_name = _call(server, "drive_create_document", {"path": "Memos/" + "é" * 130 + ".md", "text": "x"})
    assert long_name.is_error and "longer than 255 bytes" in long_name.content[0].text
    assert str(tmp_path) not in long_name.content[0].text
    assert log.stat().st_size == size_before and session.state().sent == [] and session.state().answer is None


def test_a_long_reply_is_cut_with_a_note(published_mini, tmp_path):
    server, session = build_server(published_mini, tmp_path / "s")
    text = "word " * 200_000  # 1,000,000 bytes: under the write limit, over the reply limit
    session.write_document("Memos/long.md", text)
    result = _call(server, "drive_read_document", {"path": "Memos/long.md"})
    assert not result.is_error
    reply = json.loads(result.content[0].text)
    assert len(result.content[0].text) <= limits.MAX_RESPONSE_CHARS
    assert "cut" in reply["truncated"] and reply["text"].startswith("word word")
    assert "more characters not shown" in reply["text"]


def test_a_full_session_refuses_more_actions_but_still_resets(published_mini, tmp_path, monkeypatch):
    monkeypatch.setattr(session_store, "MAX_ACTIONS", 3)
    _, session = build_server(published_mini, tmp_path / "s")
    session.submit_answer("one")
    session.submit_answer("two")
    with pytest.raises(SessionError, match="3 actions, as many as a session may"):
        session.submit_answer("three")
    assert session.state().answer == "two" and session.verify_state()
    assert session.reset().answer is None and session.verify_state()  # a reset is always recorded


# ------------------------------------------------------------------ hand edits of the state


def test_verify_state_holds_for_what_the_apps_wrote_and_fails_for_any_hand_edit(published_mini, tmp_path):
    _, session = build_server(published_mini, tmp_path / "s")
    first = session.world.messages[0]
    from worldsmith.environments import mail

    sent = mail.reply(session, first.message_id, "Noted.")
    session.write_document("Memos/n.md", "a note")
    session.submit_answer("USD 1")
    assert session.verify_state()
    again = Session(session.world, tmp_path / "s")  # what a grader opens afterwards
    assert again.verify_state() and again.state().answer == "USD 1"

    def edited(name, edit) -> bool:
        copy = tmp_path / name
        shutil.copytree(tmp_path / "s", copy, symlinks=True)
        edit(copy)
        try:
            return Session(session.world, copy).verify_state()
        except SessionError:
            return False

    log = session_store.LOG

    def forge_answer(d):
        (d / log).write_text((d / log).read_text().replace('"USD 1"', '"USD 156,200,000"'))

    assert not edited("answer", forge_answer)
    assert not edited("cut", lambda d: (d / log).write_text("".join((d / log).read_text().splitlines(True)[:-1])))
    assert not edited("extra", lambda d: (d / "room" / "Memos" / "planted.md").write_text("the cap is 156,200,000"))
    assert not edited("memo", lambda d: (d / "room" / "Memos" / "n.md").write_text("the cap is 156,200,000"))
    assert not edited("eml", lambda d: (d / "room" / sent["path"]).write_bytes(b"From: x\n\nforged"))
    assert not edited("marker", lambda d: (d / session_store.MARKER).write_text("{}"))


def test_with_a_state_key_in_the_environment_nothing_on_disk_can_re_sign_the_log(published_mini, tmp_path,
                                                                                    monkeypatch):
    monkeypatch.setenv(session_store.KEY_ENV, "the grader's secret")
    _, session = build_server(published_mini, tmp_path / "s")
    session.submit_answer("USD 1")
    marker = json.loads((tmp_path / "s" / session_store.MARKER).read_text())
    assert marker["key"] is None and session.verify_state()
    monkeypatch.setenv(session_store.KEY_ENV, "another key of the grader")
    assert not session.verify_state()
    monkeypatch.delenv(session_store.KEY_ENV)
    assert not session.verify_state()



def _rechain(folder, key: bytes, edit) -> None:
    """What an agent holding a key would do: edit the log's records, chain every MAC again, move the head."""
    import hashlib
    import hmac

    log = folder / session_store.LOG
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    for line in lines:
        edit(line["data"])
    previous = ""
    for line in lines:
        canonical = json.dumps(line["data"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        line["mac"] = previous = hmac.new(key, (previous + "\n" + canonical).encode(), hashlib.sha256).hexdigest()
    log.write_text("".join(json.dumps(line) + "\n" for line in lines))
    marker = json.loads((folder / session_store.MARKER).read_text())
    (folder / session_store.MARKER).write_text(json.dumps({**marker, "head": previous}))


def _forge_answer(data: dict) -> None:
    if data.get("op") == "answer":
        data["text"] = "USD 156,200,000 (forged)"


def test_without_a_state_key_the_session_folder_holds_no_key_that_re_signs_a_hand_edit(published_mini, tmp_path,
                                                                                          monkeypatch):
    """The default key is the session's own, kept outside its folder (mode 0600): an agent who can read and write
    the session folder has no key to chain a forged log with, whatever string of the folder it tries."""
    import re
    import stat

    monkeypatch.delenv(session_store.KEY_ENV, raising=False)
    _, session = build_server(published_mini, tmp_path / "s")
    session.submit_answer("USD 1")
    assert session.verify_state()
    marker = json.loads((tmp_path / "s" / session_store.MARKER).read_text())
    everything = b"".join(p.read_bytes() for p in (tmp_path / "s").rglob("*") if p.is_file())
    candidates = {m.group() for m in re.finditer(rb"[0-9a-f]{16,}", everything)} | {
        str(v).encode() for v in marker.values()}
    for n, key in enumerate(sorted(candidates)):
        forged = tmp_path / f"forged-{n}"
        shutil.copytree(tmp_path / "s", forged, symlinks=True)
        _rechain(forged, key, _forge_answer)
        assert Session(session.world, forged).state().answer == "USD 156,200,000 (forged)"
        assert not Session(session.world, forged).verify_state(), key
    key_file = session_store.keys_folder() / f"{marker['session_id']}.key"
    assert tmp_path / "s" not in key_file.resolve().parents and key_file.read_bytes().strip() not in candidates
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


def test_a_sessions_key_goes_with_a_scratch_folder_or_a_day_after_its_folder_is_gone(published_mini, tmp_path,
                                                                                       monkeypatch):
    from worldsmith.environments.lint import lint_tasks

    monkeypatch.delenv(session_store.KEY_ENV, raising=False)
    keys = tmp_path / "keys"
    monkeypatch.setenv(session_store.KEYS_ENV, str(keys))
    world = open_world(published_mini)
    try:
        lint_tasks([], world)  # a scratch session of its own: removed with its key
        assert list(keys.glob("*.key")) == []
        sessions = {name: Session(world, tmp_path / name) for name in ("gone", "kept", "moved")}
        ids = {name: json.loads((tmp_path / name / session_store.MARKER).read_text())["session_id"]
               for name in sessions}
        sessions["moved"].submit_answer("USD 2")
        shutil.rmtree(tmp_path / "gone")
        shutil.move(tmp_path / "moved", tmp_path / "elsewhere")  # to grade elsewhere: its key stays for a day
        day_old = session_store.KEY_GRACE_S + 60
        for name in ("gone", "kept"):
            key = keys / f"{ids[name]}.key"
            os.utime(key, (key.stat().st_atime - day_old, key.stat().st_mtime - day_old))
        Session(world, tmp_path / "new")  # a new session prunes what is left of gone ones
        assert {p.stem for p in keys.glob("*.key")} == {ids["kept"], ids["moved"], json.loads(
            (tmp_path / "new" / session_store.MARKER).read_text())["session_id"]}
        assert not (keys / f"{ids['gone']}.folder").exists()
        sessions["kept"].submit_answer("USD 1")
        assert sessions["kept"].verify_state() and Session(world, tmp_path / "elsewhere").verify_state()
    finally:
        world.close()


def test_an_old_session_whose_marker_holds_its_key_loads_and_continues_but_is_never_vouched_for(
        published_mini, tmp_path, monkeypatch):
    monkeypatch.delenv(session_store.KEY_ENV, raising=False)
    _, session = build_server(published_mini, tmp_path / "old")
    session.submit_answer("USD 1")
    old_key = "ab" * 32  # an earlier worldsmith wrote the key into the marker, and chained with it
    _rechain(tmp_path / "old", old_key.encode(), lambda data: None)
    marker = json.loads((tmp_path / "old" / session_store.MARKER).read_text())
    for field in ("session_id", "key_source"):
        marker.pop(field)
    (tmp_path / "old" / session_store.MARKER).write_text(json.dumps({**marker, "key": old_key}))
    old = Session(session.world, tmp_path / "old")
    assert old.state().answer == "USD 1" and not old.verify_state()
    old.submit_answer("USD 2")  # it can be continued, chained with its own key as before
    assert load_state(tmp_path / "old").answer == "USD 2" and not old.verify_state()
    assert _chains(tmp_path / "old", old_key.encode())  # the new record chained under the old key


def _chains(folder, key: bytes) -> bool:
    previous = ""
    for record in session_store.read_log(folder).records:
        previous = session_store.chain(key, previous, record.data)
        if previous != record.mac:
            return False
    return True


@pytest.mark.parametrize("depth", [100, 50_000])
def test_a_deeply_nested_line_in_the_state_is_a_clear_refusal_never_a_traceback(published_mini, tmp_path, depth):
    """One line nested past the parser's limit (or past any record the apps write): serve refuses the folder with
    one line, verify_state() is False, load_state() raises SessionError."""
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    _, session = build_server(published_mini, tmp_path / "s")
    session.submit_answer("USD 1")
    log = tmp_path / "s" / session_store.LOG
    lines = log.read_text().splitlines()
    lines.insert(1, '{"data":' * depth + "1" + "}" * depth)
    log.write_text("\n".join(lines) + "\n")
    assert session.verify_state() is False
    with pytest.raises(SessionError, match="line 2 of state.jsonl is not a session record"):
        load_state(tmp_path / "s")
    with pytest.raises(SessionError, match="line 2 of state.jsonl"):
        Session(session.world, tmp_path / "s")
    done = CliRunner().invoke(app, ["serve", str(published_mini), "--session", str(tmp_path / "s")],
                              env={"COLUMNS": "400"})
    assert done.exit_code == 2 and "Traceback" not in done.output and "RecursionError" not in done.output, done.output
    assert "line 2 of state.jsonl is not a session record" in done.output
    deep_marker = tmp_path / "m"
    shutil.copytree(tmp_path / "s", deep_marker)
    (deep_marker / session_store.MARKER).write_text("[" * 30_000 + "]" * 30_000)
    assert Session.verify_state(session) is False
    with pytest.raises(SessionError, match="not a worldsmith session marker"):
        load_state(deep_marker)


# ------------------------------------------------------------------ HTTP


INITIALIZE = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                         "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "probe", "version": "0"}}})


def _post(port: int, headers: dict, body: str = INITIALIZE) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", "/mcp", body=body.encode(), headers={
            "Host": f"127.0.0.1:{port}", "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream", **headers})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def test_http_refuses_a_foreign_host_a_foreign_origin_and_a_missing_or_wrong_token(published_mini, tmp_path):
    token = "s3cret-token-for-this-test"
    with http_server(published_mini, tmp_path / "s", "--allow-host", "apps.internal",
                     env={"WORLDSMITH_SERVE_TOKEN": token}) as (_, port):
        bearer = {"Authorization": f"Bearer {token}"}
        assert _post(port, {**bearer, "Host": "evil.example"}) == 421
        assert _post(port, {**bearer, "Host": f"evil.example:{port}"}) == 421
        assert _post(port, {**bearer, "Origin": "http://evil.example"}) == 403
        assert _post(port, {}) == 401
        assert _post(port, {"Authorization": "Bearer wrong"}) == 401
        assert _post(port, bearer) == 200
        assert _post(port, {**bearer, "Origin": f"http://localhost:{port}"}) == 200
        assert _post(port, {**bearer, "Host": f"apps.internal:{port}"}) == 200
        assert _post(port, {**bearer, "Host": f"localhost:{port}"}) == 200
        assert _post(port, bearer, body="x" * (9 * 1024 * 1024)) == 413


def test_http_prints_a_made_token_once_and_no_auth_still_checks_the_host(published_mini, tmp_path):
    with http_server(published_mini, tmp_path / "s") as (proc, port):
        line = proc.stderr.readline().decode()
        assert "Authorization: Bearer " in line, line
        token = line.split("Authorization: Bearer ", 1)[1].split("`", 1)[0]
        assert len(token) >= 32
        assert _post(port, {}) == 401 and _post(port, {"Authorization": f"Bearer {token}"}) == 200
        proc.terminate()
        assert token not in proc.stderr.read().decode()  # printed once, never again
    with http_server(published_mini, tmp_path / "t", "--no-auth") as (proc, port):
        assert _post(port, {}) == 200
        assert _post(port, {"Host": "evil.example"}) == 421
        assert "without a token" in proc.stderr.readline().decode()


def test_an_allow_host_pattern_is_refused_before_anything_is_made(published_mini, tmp_path):
    """Blind attacker: '--allow-host *' worked as an undocumented wildcard for Host."""
    from worldsmith.environments.http_guard import HostNameError, check_allow_hosts

    for pattern in ("*.example.com", "a b", "evil.example/path", ""):
        with pytest.raises(HostNameError, match="give one host name"):
            check_allow_hosts([pattern])
    check_allow_hosts(["apps.internal", "apps.internal:8080", "[::1]:9000"])
    done = _serve_cli(published_mini, "--http", "--allow-host", "*", "--session", str(tmp_path / "s"))
    assert done.exit_code == 2, done.output
    assert "give one host name" in done.output and "Traceback" not in done.output
    assert not (tmp_path / "s").exists()


def test_pruning_reads_a_full_keys_folder_without_a_lookup_a_key(tmp_path, monkeypatch):
    # the Harbor gates of 28 tasks spent 43 of 51 s pruning 5,000 keys: a platformdirs lookup and a Path sort a key
    import time as _time

    keys = tmp_path / "keys"
    keys.mkdir()
    monkeypatch.setenv(session_store.KEYS_ENV, str(keys))
    for n in range(3000):
        sid = f"{n:032x}"
        (keys / f"{sid}.key").write_text("k")
        (keys / f"{sid}.folder").write_text(str(tmp_path / "s" / sid))
    old = f"{3000:032x}"  # a day-old key whose folder is gone is still pruned
    (keys / f"{old}.key").write_text("k")
    (keys / f"{old}.folder").write_text(str(tmp_path / "gone"))
    day_old = _time.time() - session_store.KEY_GRACE_S - 60
    os.utime(keys / f"{old}.key", (day_old, day_old))
    calls = []
    real = session_store.keys_folder
    monkeypatch.setattr(session_store, "keys_folder", lambda: calls.append(1) or real())
    assert session_store.prune_keys() == [old]
    assert len(calls) <= 3 and not (keys / f"{old}.key").exists() and (keys / f"{0:032x}.key").exists()
