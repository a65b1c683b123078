"""The chat app (list channels, read, post) and the calendar app over per-person calendars, through fastmcp's Client.

The chat world is the mini matter of tests/fixtures/mini-rooms.yaml (channels and a direct message as
a Slack-style export), published once for this module.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

pytest.importorskip("fastmcp")
from fastmcp import Client  # noqa: E402

import worldsmith  # noqa: E402
from tests.environments.parse_memo import rooms_parsed_once  # noqa: E402
from worldsmith.environments.server import build_server  # noqa: E402
from worldsmith.environments.session import load_state  # noqa: E402
from worldsmith.worlds.world import verify_files  # noqa: E402

ROOMS = Path(__file__).resolve().parents[1] / "fixtures" / "mini-rooms.yaml"


@pytest.fixture(scope="module", autouse=True)
def _rooms_parsed_once():
    """Three tests open a copy of the legal world with calendars added or removed, whose store is then stale: its
    rebuilds share one parse memo (tests/environments/parse_memo.py), so each parses only the .ics files it changed,
    not the room's two hundred files again."""
    with rooms_parsed_once():
        yield


@pytest.fixture(scope="module")
def chat_world(tmp_path_factory) -> Path:
    from tests.published import publish_example

    path = publish_example(str(ROOMS), tmp_path_factory.mktemp("chat"))  # an absolute path is taken as it is
    with worldsmith.open(path) as world:
        if "chat" not in world.kinds:
            pytest.skip("the mini matter has no chat items")
    return path


def _call(server, steps):
    async def run():
        async with Client(server) as client:
            return [await step(client) for step in steps]

    return asyncio.run(run())


def test_chat_channels_are_listed_read_and_posted_to_and_reset_drops_the_post(chat_world, tmp_path):
    server, session = build_server(chat_world, tmp_path / "s")
    db = session.world.db
    channel, folder, export, n = db.execute("""select c.name, c.folder, c.export, count(*) from chat_channels c
        join chat_messages m on m.export = c.export and m.folder = c.folder
        join chat_members cm on cm.channel_id = c.id join chat_users u on u.id = cm.user_id and u.email = ?
        where c.type = 'channel' group by all order by c.name limit 1""", [session.user]).fetchone()
    latest = db.execute("""select text_plain from chat_messages where export = ? and folder = ?
                           order by "at" desc, ts desc limit 1""", [export, folder]).fetchone()[0]
    outsider = db.execute("""select c.name from chat_channels c where c.type = 'channel' and not exists (
        select 1 from chat_members cm join chat_users u on u.id = cm.user_id
        where cm.channel_id = c.id and u.email = ?)""", [session.user]).fetchone()

    async def tools(c):
        return {t.name for t in await c.list_tools()}

    async def channels(c):
        return (await c.call_tool("chat_list_channels", {})).data["channels"]

    async def read(c):
        return (await c.call_tool("chat_read", {"channel": f"#{channel}", "limit": 1000})).data

    async def post(c):
        return (await c.call_tool("chat_post", {"channel": channel, "text": "The cap is confirmed."})).data

    async def bad_thread(c):
        return await c.call_tool("chat_post", {"channel": channel, "text": "x", "thread_ts": "1.000001"},
                                 raise_on_error=False)

    async def not_member(c):
        if outsider is None:
            return None
        return await c.call_tool("chat_post", {"channel": outsider[0], "text": "x"}, raise_on_error=False)

    async def state(c):
        return (await c.call_tool("export_state", {})).data

    async def reset(c):
        return (await c.call_tool("reset", {})).data

    names, listed, before, posted, after, thread, refused, mid, reset_state, final = _call(
        server, [tools, channels, read, post, read, bad_thread, not_member, state, reset, read])
    assert {"chat_list_channels", "chat_read", "chat_post"} <= names and not any(n in names for n in ("chat_list",))
    assert len(listed) == db.execute("select count(*) from chat_channels").fetchone()[0]
    assert next(c for c in listed if c["name"] == channel)["messages"] == n and session.user in next(
        c for c in listed if c["name"] == channel)["members"]
    assert before["total"] == n and before["messages"][-1]["text"] == latest  # what the export says, in order
    assert posted["user"] == session.user and after["total"] == n + 1
    assert after["messages"][-1]["text"] == "The cap is confirmed." and after["messages"][-1]["ts"] == posted["ts"]
    assert after["messages"][-1]["at"] > before["messages"][-1]["at"]  # a post comes after everything in the room
    assert thread.is_error and "no message with ts '1.000001'" in thread.content[0].text
    if refused is not None:
        assert refused.is_error and "is not a member of" in refused.content[0].text
    assert [p["text"] for p in mid["chat_posts"]] == ["The cap is confirmed."]
    assert load_state(tmp_path / "s").chat_posts == []
    assert reset_state["chat_posts"] == [] and final["total"] == n
    with worldsmith.open(chat_world) as world:  # the published export is untouched
        assert verify_files(chat_world, world.manifest) == []


def test_a_day_of_a_channel_and_an_unknown_channel(chat_world, tmp_path):
    from worldsmith.generators.kinds.chat import app as chat_app
    from worldsmith.environments.session import SessionError

    _, session = build_server(chat_world, tmp_path / "s")
    folder, day, n = session.world.db.execute("""select folder, day, count(*) from chat_messages
                                                 group by all order by folder, day limit 1""").fetchone()
    got = chat_app.read(session, folder, day.isoformat())
    assert got["total"] == n and {m["day"] for m in got["messages"]} == {day.isoformat()}
    with pytest.raises(SessionError, match="no chat conversation 'nowhere'; choose one of"):
        chat_app.read(session, "nowhere")
    with pytest.raises(SessionError, match="YYYY-MM-DD"):
        chat_app.read(session, folder, "March 3")


ICS = """BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//worldsmith test//EN\r
BEGIN:VEVENT\r
UID:call-1@harrowvane.example\r
DTSTART:20260311T150000Z\r
DTEND:20260311T160000Z\r
SUMMARY:Call on the OPA 90 liability cap\r
ORGANIZER:mailto:ariana.moyer@harrowvane.example\r
ATTENDEE;CN=Nicole Richmond:mailto:{attendee}\r
DESCRIPTION:Walk the client through the cap of USD 156\\,200\\,000 and the\r
  per-ton computation.\r
END:VEVENT\r
END:VCALENDAR\r
"""


def _with_calendars(published: Path, tmp_path: Path, files: dict[str, str], drop_ics: bool = False) -> Path:
    """A copy of a published world with .ics files added (or its own removed), republished with them."""
    from worldsmith.worlds import bundle

    world = tmp_path / published.name
    shutil.copytree(published, world)
    if drop_ics:
        for ics in world.rglob("*.ics"):
            ics.unlink()
    for rel, text in files.items():  # beside any calendars the world has of its own
        (world / "room" / rel).parent.mkdir(parents=True, exist_ok=True)
        (world / "room" / rel).write_text(text, encoding="utf-8", newline="")
    # sealed again over the added files, as `worldsmith validate --accept-edits` would
    bundle.write_manifest(world, bundle.read_manifest(world).model_copy(update={"files": bundle.list_files(world)}))
    return world


def test_a_world_with_ics_files_gets_the_calendar_app(published_legal, tmp_path):
    world = _with_calendars(published_legal, tmp_path, {
        "Shared calendars/Matter calendar.ics": ICS.format(attendee="nicole.richmond@ostrander-energy.example")})
    server, _ = build_server(world, tmp_path / "s")

    async def names(c):
        return {t.name for t in await c.list_tools()}

    async def listed(c):
        return (await c.call_tool("calendar_list_events", {"start": "2026-03-11", "end": "2026-03-12"})).data["events"]

    async def event(c):
        return (await c.call_tool("calendar_read_event", {"uid": "call-1@harrowvane.example"})).data

    tools, events, one = _call(server, [names, listed, event])
    assert {"calendar_list_events", "calendar_read_event"} <= tools
    assert "Call on the OPA 90 liability cap" in [e["summary"] for e in events]
    assert one["start"] == "2026-03-11T15:00:00Z" and one["attendees"] == ["nicole.richmond@ostrander-energy.example"]
    assert "USD 156,200,000 and the per-ton computation" in one["description"]


def test_a_meeting_in_several_peoples_calendars_is_listed_once(published_legal, tmp_path):
    event = ICS.format(attendee="a@x.example").replace("DTSTART:20260311T150000Z", "DTSTART;TZID=America/Chicago:20260311T090000")
    world = _with_calendars(published_legal, tmp_path, {"Shared calendars/a.ics": event, "Shared calendars/b.ics": event})
    server, _ = build_server(world, tmp_path / "s")

    async def events(c):
        return (await c.call_tool("calendar_list_events", {})).data["events"]

    (listed,) = _call(server, [events])
    mine = [e for e in listed if e["uid"] == "call-1@harrowvane.example"]
    # (a series' meetings share its UID, each once at its start)
    assert len(mine) == 1 and len({(e["uid"], e["start"]) for e in listed}) == len(listed)
    assert mine[0]["calendars"] == ["Shared calendars/a.ics", "Shared calendars/b.ics"]
    assert mine[0]["timezone"] == "America/Chicago" and mine[0]["start"] == "2026-03-11T09:00:00"


def test_a_world_without_ics_files_has_no_calendar_app(published_legal, tmp_path):
    world = _with_calendars(published_legal, tmp_path, {}, drop_ics=True)
    server, _ = build_server(world, tmp_path / "s")

    async def names(c):
        return {t.name for t in await c.list_tools()}

    (tools,) = _call(server, [names])
    assert "calendar_list_events" not in tools and "mail_search" in tools


def test_index_html_shows_the_chat_and_each_meeting_once(chat_world, tmp_path):
    import re
    import subprocess

    from worldsmith.generators.kinds.calendar.app import merge_events
    from worldsmith.environments.index_html import write_index

    with worldsmith.open(chat_world) as world:
        page = write_index(world)
        channels = [n for (n,) in world.db.execute("select name from chat_channels where name is not null").fetchall()]
        said = world.db.execute("select text_plain from chat_messages order by length(text_plain) desc limit 1").fetchone()[0]
        uids = {(e["uid"], e["start"]) for e in merge_events((p.name, p.read_text(encoding="utf-8"))
                                                              for p in world.room.rglob("*.ics"))}
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium:  # the page as a browser renders it
        dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path / 'p'}",
                              "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120).stdout
    else:
        dom = page.read_text(encoding="utf-8")
    import html

    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", dom)).split())
    assert "Chat" in text and all(f"#{c}" in text for c in channels) and " ".join(said.split()) in text
    assert "Direct message:" in text  # the mini matter has one, named by who is in it
    raw = page.read_text(encoding="utf-8")
    drive = raw.split("<h2 id=drive>", 1)[1].split("<h2 ", 1)[0]
    assert ".json" not in drive and ".ics" not in drive  # chat and calendars have sections of their own
    if uids:  # a meeting in four people's calendars is one row
        assert f"{len(uids)} events in" in text


def test_the_loader_gives_chat_and_each_event_once(chat_world):
    with worldsmith.open(chat_world) as world:
        chat = world.chat
        n = world.db.execute("select count(*) from chat_messages").fetchone()[0]
        assert len(chat) == world.db.execute("select count(*) from chat_channels").fetchone()[0]
        assert sum(len(c.messages) for c in chat) == n
        for c in chat:
            assert [m.at for m in c.messages] == sorted(m.at for m in c.messages) and all("@" in a for a in c.members)
        copies = world.db.execute("select count(*), count(distinct (uid, starts_at)) from calendar_events").fetchone() \
            if world.has_table("calendar_events") else (0, 0)
        assert len(world.events) == copies[1]  # a meeting in four calendars is one event
        assert all(len(e.calendars) >= 1 and e.starts_at for e in world.events)


def test_a_session_posts_after_the_last_message_of_every_kind_that_records_one(chat_world, tmp_path):
    import datetime as dt

    from worldsmith.environments import apps
    from worldsmith.environments.session import Session, last_message_at

    with worldsmith.open(chat_world) as world:
        mail = world.db.execute("select max(sent_at) from emails").fetchone()[0]
        chat = world.db.execute('select max("at") from chat_messages').fetchone()[0]
        assert last_message_at(world) == max(mail, chat)  # the mail's and the chat's hooks (Kind.latest_sql) both count
        channel = next(c for c in world.chat if c.name)
        session = Session(world, tmp_path / "s", user=channel.members[0])
        post = apps.app_tools(session)["chat_post"].fn(channel=channel.id, text="Noted.")  # the chat app's own tool
        assert dt.datetime.fromisoformat(post["posted_at"]) > max(mail, chat)
        assert [p.text for p in session.state().chat_posts] == ["Noted."]  # the app's records (Records.field)


def test_a_session_log_of_chat_posts_reads_back_into_the_same_state(chat_world, tmp_path):
    # The log's records are what they were before the chat app declared them (op "chat", the post under "post"):
    # a session folder written before reads back, and export_state's JSON keeps chat_posts right after sent.
    import json

    from worldsmith.environments import apps
    from worldsmith.environments.session import Session, load_state

    with worldsmith.open(chat_world) as world:
        channel = next(c for c in world.chat if c.name)
        session = Session(world, tmp_path / "s", user=channel.members[0])
        apps.app_tools(session)["chat_post"].fn(channel=channel.id, text="Noted.")
        session.submit_answer("done")
        lines = [json.loads(line)["data"] for line in (tmp_path / "s" / "state.jsonl").read_text().splitlines()]
        chat = [d for d in lines if d.get("op") == "chat"]
        assert len(chat) == 1 and set(chat[0]["post"]) == {"channel_id", "channel", "ts", "user", "text", "thread_ts",
                                                            "posted_at"}
        state = load_state(tmp_path / "s")
        assert list(state.model_dump())[:5] == ["world_id", "user", "sent", "chat_posts", "answer"]
        assert state.chat_posts[0].channel_id == channel.id and state.answer == "done"
        assert Session(world, tmp_path / "s").state().chat_posts == state.chat_posts  # a reopened session replays it


def test_apex_puts_the_chat_export_and_calendars_beside_the_filesystem(chat_world, tmp_path):
    import zipfile

    from worldsmith.environments import exports
    from worldsmith.environments.lint import make_task_set

    with worldsmith.open(chat_world) as world:
        archive = exports.export(world, make_task_set(world), tmp_path, "apex")
        export = world.db.execute("select distinct export from chat_channels").fetchone()[0]
        n_ics = len(list(world.room.rglob("*.ics")))
    names = zipfile.ZipFile(archive).namelist()
    top = archive.stem + "/"
    assert {f"{top}chat/{export}/{n}" for n in ("users.json", "channels.json", "dms.json")} <= set(names)
    assert any(n.startswith(f"{top}chat/{export}/") and n.endswith(".md") for n in names)  # transcripts with the export
    assert len([n for n in names if n.startswith(top + "calendar/") and n.endswith(".ics")]) == n_ics
    drive = [n[len(top + "filesystem/"):] for n in names if n.startswith(top + "filesystem/")]
    assert drive and not any(n.endswith(".ics") or n.startswith(f"{export}/") for n in drive)


def test_the_calendar_app_serves_what_validation_loaded(published_legal, tmp_path):
    # Each event the agent lists and reads over MCP is, field for field, the rows the checks ran over.
    import datetime as dt
    from zoneinfo import ZoneInfo

    from worldsmith.generators.kinds.calendar import app as calendar_app

    server, session = build_server(published_legal, tmp_path / "s")
    db = session.world.db
    zone = ZoneInfo(session.world.plan.timezone)
    # a meeting is its UID and its start (a series' meetings share its UID)
    checked: dict[tuple, dict] = {}
    for uid, path, summary, location, description, organizer, starts in db.execute(
            "select uid, path, summary, location, description, organizer, starts_at from calendar_events").fetchall():
        row = checked.setdefault((uid, starts), {"summary": summary, "location": location, "description": description,
                                                 "organizer": organizer, "calendars": [], "attendees": set()})
        row["calendars"].append(path)
    for uid, address in db.execute("select uid, address from calendar_attendees").fetchall():
        for key in checked:
            if key[0] == uid:
                checked[key]["attendees"].add(address)
    assert len({uid for uid, _ in checked}) >= 3, "the legal example plans several meetings"
    first_uid = min(uid for uid, _ in checked)

    async def listed(c):
        return (await c.call_tool("calendar_list_events", {})).data["events"]

    async def first(c):
        return (await c.call_tool("calendar_read_event", {"uid": first_uid})).data

    def instant(e):
        start = dt.datetime.fromisoformat(e["start"].removesuffix("Z"))
        return start.replace(tzinfo=dt.timezone.utc if e["start"].endswith("Z") else ZoneInfo(e.get("timezone"))
                             if e.get("timezone") else zone)

    events, one = _call(server, [listed, first])
    # calendar_read_event serves calendar_app.events' entry (the one below), which adds the description: of a series,
    # its first meeting
    full = {(e["uid"], instant(e)): e for e in calendar_app.events(session)}
    assert one == min((e for e in full.values() if e["uid"] == first_uid), key=instant)
    served = {(e["uid"], instant(e)): {**e, "description": full[(e["uid"], instant(e))].get("description")}
              for e in events}
    assert set(served) == set(checked)
    for key, e in served.items():
        want = checked[key]
        assert {k: e.get(k) for k in ("summary", "location", "description", "organizer")} == \
            {k: want[k] for k in ("summary", "location", "description", "organizer")}, key
        assert set(e["attendees"]) == want["attendees"] and sorted(e["calendars"]) == sorted(want["calendars"])
