"""Seeded defects of chat and calendar: the mini world with channels and meetings, broken one way at a time.

`clean` renders tests/fixtures/mini-rooms.yaml (the mini matter plus chat channels, a direct message
and meetings) with the offline backend; each defect edits a copy the way a broken generator or a
hand edit would, and names the check that must catch it and the artifact or file it must name.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path
from typing import Callable

import icalendar
import pytest

from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.worlds.report import ValidationReport
from tests.published import validate_copy

ROOMS = Path(__file__).resolve().parents[1] / "fixtures" / "mini-rooms.yaml"


def build_clean(root: Path) -> Path:
    """Render the mini world with chat and meetings into root/clean (plan.json and room/)."""
    backend = OfflineBackend()
    prepared = pipeline.prepare(ROOMS, 0, backend)
    plan = pipeline.make_plan(prepared)
    contents = pipeline.generate(plan, prepared.taxonomy, backend)
    bundle = root / "clean"
    bundle.mkdir(parents=True)
    pipeline.render(plan, contents, bundle)
    return bundle


def plan_of(bundle: Path) -> dict:
    return json.loads((bundle / "plan.json").read_text(encoding="utf-8"))


def specs(bundle: Path, kind: str) -> list[dict]:
    """The plan's artifacts of one kind, in plan order."""
    return [a for a in plan_of(bundle)["artifacts"] if a["kind"] == kind]


def read_json(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def write_json(path: Path, value) -> None:
    path.write_text(json.dumps(value, indent=4, ensure_ascii=False) + "\n", encoding="utf-8")


# ---------------------------------------------------------------- chat


def chat_day(bundle: Path, channel: str, pred: Callable[[dict, list], bool] = lambda spec, msgs: True) -> tuple[dict, Path]:
    """The first day of a channel whose spec and messages satisfy `pred`, with its file."""
    for spec in specs(bundle, "chat"):
        path = bundle / "room" / spec["path"]
        if spec["channel"] == channel and pred(spec, read_json(path)):
            return spec, path
    raise AssertionError(f"no day of {channel} fits")


def uid_of(bundle: Path, person_id: str) -> str:
    email = next(p["email"] for p in plan_of(bundle)["people"] if p["id"] == person_id)
    users = read_json(bundle / "room" / "Chat" / "users.json")
    return next(u["id"] for u in users if u["profile"]["email"] == email)


def posted_by_non_member(b: Path) -> str:
    spec, path = chat_day(b, "matter-team")
    outsider = next(p["id"] for p in plan_of(b)["people"] if p["id"] not in spec["members"])
    msgs = read_json(path)
    msgs[0]["user"] = uid_of(b, outsider)  # in users.json (a member of the client channel), not of this one
    write_json(path, msgs)
    return spec["id"]


def posted_out_of_order(b: Path) -> str:
    spec, path = chat_day(b, "matter-team", lambda s, m: len(m) >= 2)
    msgs = read_json(path)
    msgs[0], msgs[1] = msgs[1], msgs[0]
    write_json(path, msgs)
    return spec["id"]


def reply_to_no_thread(b: Path) -> str:
    spec, path = chat_day(b, "matter-team", lambda s, m: len(m) >= 2)
    msgs = read_json(path)
    msgs[-1]["thread_ts"] = "1000000000.000001"
    write_json(path, msgs)
    return spec["id"]


def shared_file_missing(b: Path) -> str:
    for spec in specs(b, "chat"):
        path = b / "room" / spec["path"]
        msgs = read_json(path)
        for m in msgs:
            if m.get("files"):
                m["files"][0]["url_private"] = m["files"][0]["url_private"].rsplit("/", 1)[0] + "/Gone%20memo.docx"
                write_json(path, msgs)
                return spec["id"]
    raise AssertionError("no day shares a file")


def chat_fact_missing(b: Path) -> str:
    spec, path = chat_day(b, "matter-team", lambda s, m: bool(s["facts"]))
    fact = next(f for f in plan_of(b)["facts"] if f["id"] == spec["facts"][0])
    msgs = read_json(path)
    assert any(fact["text"] in m["text"] for m in msgs)
    for m in msgs:
        m["text"] = m["text"].replace(fact["text"], "the usual figure")
    write_json(path, msgs)
    return spec["id"]


def chat_template_leak(b: Path) -> str:
    spec, path = chat_day(b, "brightwater-shared")
    msgs = read_json(path)
    msgs[0]["text"] += " see {{client_name}}"
    write_json(path, msgs)
    return spec["id"]


def transcript_lacks_message(b: Path) -> str:
    path = b / "room" / "Chat" / "matter-team.md"
    lines = path.read_text(encoding="utf-8").split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("- **"))
    path.write_text("\n".join(lines[:first] + lines[first + 1:]), encoding="utf-8")
    return "Chat/matter-team.md"


def channel_unlisted(b: Path) -> str:
    path = b / "room" / "Chat" / "channels.json"
    write_json(path, [c for c in read_json(path) if c["name"] != "brightwater-shared"])
    spec, _ = chat_day(b, "brightwater-shared")
    return spec["id"]


# ---------------------------------------------------------------- calendar


def edit_calendars(b: Path, edit: Callable[[str, "icalendar.Calendar"], bool]) -> None:
    """Apply `edit(path, calendar)` to every person's calendar; a calendar it changes is written back."""
    for path in sorted((b / "room" / "Calendar").glob("*.ics")):
        cal = icalendar.Calendar.from_ical(path.read_bytes())
        if edit(path.name, cal):
            path.write_bytes(cal.to_ical())


def events_of(cal, summary: str) -> list:
    return [e for e in cal.walk("VEVENT") if str(e.get("SUMMARY")) == summary]


def outsider_attends(b: Path) -> str:
    def edit(name, cal):
        for e in events_of(cal, "Kick-off meeting"):
            e.add("attendee", icalendar.vCalAddress("mailto:someone.else@quillfeather.example"))
        return name == "Nicole Faulkner.ics"
    edit_calendars(b, edit)
    return "Calendar/Nicole Faulkner.ics"


def meeting_at_night(b: Path) -> str:
    def edit(name, cal):
        for e in events_of(cal, "Client call on the answer"):
            start = e["DTSTART"].dt.replace(hour=22)
            e["DTSTART"] = icalendar.vDDDTypes(start)
            e["DTEND"] = icalendar.vDDDTypes(start + dt.timedelta(hours=1))
        return True
    edit_calendars(b, edit)
    return "client_call_on_the_answer"


def attendee_lacks_meeting(b: Path) -> str:
    meeting = next(a for a in specs(b, "calendar") if a["id"] == "weekly_status_call_2")
    attendee = meeting["calendars"][1].rsplit("/", 1)[1]

    def edit(name, cal):
        if name != attendee:
            return False
        cal.subcomponents = [c for c in cal.subcomponents if str(c.get("UID")) != meeting["uid"]]
        return True
    edit_calendars(b, edit)
    return meeting["id"]


def minutes_name_another_day(b: Path) -> str:
    from tests.worlds.test_defects_seeded import replace_in_document

    minutes = next(a for a in specs(b, "document") if a["doc_type"] == "minutes")
    replace_in_document(b, minutes["id"], "Kick-off meeting, March 3", "Kick-off meeting, March 5")
    return minutes["id"]


def meeting_fact_missing(b: Path) -> str:
    meeting = next(a for a in specs(b, "calendar") if a["id"] == "client_call_on_the_answer")
    text = next(f["text"] for f in plan_of(b)["facts"] if f["id"] == meeting["facts"][0])

    def edit(name, cal):
        for e in events_of(cal, meeting["summary"]):
            assert text in str(e["DESCRIPTION"])
            e["DESCRIPTION"] = icalendar.vText(str(e["DESCRIPTION"]).replace(text, "the clause we discussed"))
        return True
    edit_calendars(b, edit)
    return meeting["id"]


DEFECTS: dict[str, tuple[Callable[[Path], str], str]] = {
    "outsider_attends": (outsider_attends, "calendar_attendees_in_cast"),
    "meeting_at_night": (meeting_at_night, "calendar_working_hours"),
    "attendee_lacks_meeting": (attendee_lacks_meeting, "calendar_copies_agree"),
    "minutes_name_another_day": (minutes_name_another_day, "meeting_reference_exists"),
    "meeting_fact_missing": (meeting_fact_missing, "planned_fact_present"),
    "posted_by_non_member": (posted_by_non_member, "chat_authors_in_channel"),
    "posted_out_of_order": (posted_out_of_order, "chat_times_in_order"),
    "reply_to_no_thread": (reply_to_no_thread, "chat_threads_resolve"),
    "shared_file_missing": (shared_file_missing, "chat_files_resolve"),
    "chat_fact_missing": (chat_fact_missing, "planned_fact_present"),
    "chat_template_leak": (chat_template_leak, "realism_leakage"),
    "transcript_lacks_message": (transcript_lacks_message, "chat_transcript_agrees"),
    "channel_unlisted": (channel_unlisted, "chat_export_lists"),
}


# What a defect trips besides its own check, by its nature (a day's messages edited no longer match the channel's
# transcript; a meeting moved in one calendar no longer matches the other attendees' copies).
ALSO: dict[str, set[str]] = {
    "chat_fact_missing": {"chat_transcript_agrees"},
    "chat_template_leak": {"chat_transcript_agrees"},
    "meeting_at_night": {"calendar_copies_agree"},
    "minutes_name_another_day": {"attachments_match_room", "document_matches_plan"},
    "shared_file_missing": {"chat_transcript_agrees"},
}

# The suite ran past its 6 minutes, and a world validated per defect was 13 of this module's 14 validations. The
# defects are seeded a group to a world: in a group no two break one file, and none trips another's check on that
# one's artifact (each group, validated, fails exactly what its defects fail one at a time), so each check is still
# held to its own defect by name.
GROUPS: tuple[tuple[str, ...], ...] = (
    ("channel_unlisted", "chat_fact_missing", "meeting_at_night", "minutes_name_another_day"),
    ("chat_template_leak", "meeting_fact_missing", "posted_by_non_member", "transcript_lacks_message"),
    ("outsider_attends", "posted_out_of_order", "shared_file_missing"),
    ("attendee_lacks_meeting", "reply_to_no_thread"),
)


@pytest.fixture(scope="module")
def clean(tmp_path_factory) -> Path:
    """The mini world with chat and meetings, rendered once for the module."""
    return build_clean(tmp_path_factory.mktemp("rooms"))


def _named(report: ValidationReport, check_id: str) -> set[str]:
    result = next(c for c in report.checks if c.id == check_id)
    return {r.artifact_id for r in result.rows} | {r.path for r in result.rows}


def test_the_clean_world_with_chat_and_meetings_raises_nothing(clean, tmp_path):
    bundle = tmp_path / "w"
    shutil.copytree(clean, bundle)
    report = validate_copy(bundle)
    # The mail profile of eight messages is a warning at most (realism_profile); every error check passes.
    assert report.errors == 0, [(c.id, c.rows[:2]) for c in report.failed()]
    assert not [c.id for c in report.failed() if c.id.startswith(("chat_", "calendar_", "meeting_"))]


@pytest.mark.parametrize("group", GROUPS, ids=lambda group: f"{group[0]}+{len(group) - 1}")
def test_seeded_chat_and_calendar_defects_are_each_caught_by_their_own_check_by_name(clean, tmp_path, group):
    bundle = tmp_path / "w"
    shutil.copytree(clean, bundle)
    named = {defect: DEFECTS[defect][0](bundle) for defect in group}
    assert len(set(named.values())) == len(group), named  # two defects of one artifact could hide each other
    report = validate_copy(bundle)
    failing = {c.id for c in report.failed()}
    for defect in group:
        check_id = DEFECTS[defect][1]
        assert check_id in failing, (defect, sorted(failing))
        assert named[defect] in _named(report, check_id), (defect, next(c.rows for c in report.checks
                                                                         if c.id == check_id))
    # ...and nothing fires that none of the group's defects trips (the clean world's mail profile may warn)
    own = {DEFECTS[d][1] for d in group}.union(*(ALSO.get(d, ()) for d in group))
    assert failing - {"realism_profile"} == own, (group, sorted(failing))


def test_every_chat_or_calendar_defect_is_in_one_group():
    assert sorted(d for group in GROUPS for d in group) == sorted(DEFECTS)


def test_every_calendar_parses_with_icalendar_and_holds_its_owners_meetings(clean):
    plan = plan_of(clean)
    meetings = specs(clean, "calendar")
    assert meetings and {m["item"] for m in meetings} >= {"kick_off_meeting", "client_call_on_the_answer"}
    for path in (clean / "room" / "Calendar").glob("*.ics"):
        cal = icalendar.Calendar.from_ical(path.read_bytes())
        owner = str(cal["X-WR-CALNAME"])
        person = next(p["id"] for p in plan["people"] if p["email"] == owner)
        mine = {m["uid"] for m in meetings if person in [m["author"], *m["attendees"]]}
        assert {str(e["UID"]) for e in cal.walk("VEVENT")} == mine
        for e in cal.walk("VEVENT"):
            assert e["DTSTART"].dt.tzinfo is not None and str(e["DTSTART"].dt.tzinfo) == plan["timezone"]


def test_a_client_call_is_held_the_business_day_before_its_deadline(clean):
    call = next(m for m in specs(clean, "calendar") if m["id"] == "client_call_on_the_answer")
    deadline = next(f for f in plan_of(clean)["facts"] if f["id"] == "answer_due")["value"]["value"]
    assert (call["starts_at"][:10], deadline) == ("2026-03-19", "2026-03-20")


def test_the_slack_export_reads_back_as_plain_json_in_slacks_layout(clean):
    root = clean / "room" / "Chat"
    users = {u["id"]: u for u in read_json(root / "users.json")}
    conversations = read_json(root / "channels.json") + read_json(root / "dms.json")
    assert {c["name"] for c in read_json(root / "channels.json")} == {"matter-team", "brightwater-shared"}
    for c in conversations:
        folder = root / c.get("name", c["id"])
        days = sorted(folder.glob("*.json"))
        assert days and set(c["members"]) <= set(users)
        for day in days:
            dt.date.fromisoformat(day.stem)
            msgs = read_json(day)
            assert [float(m["ts"]) for m in msgs] == sorted(float(m["ts"]) for m in msgs)
            assert all(m["type"] == "message" and m["user"] in c["members"] for m in msgs)


def test_a_meeting_before_a_fact_that_is_no_date_is_an_outline_error_at_its_field():
    from worldsmith.worlds.errors import OutlineError
    from worldsmith.worlds.outline import parse_outline

    text = ROOMS.read_text(encoding="utf-8").replace("before: answer_due", "before: clause")
    with pytest.raises(OutlineError) as err:
        parse_outline(text, file="rooms.yaml")
    line = next(i for i, l in enumerate(text.splitlines(), start=1) if "before: clause" in l)
    assert err.value.line == line and "before" in err.value.field and "not a date fact" in str(err.value)


def test_a_direct_message_between_more_than_two_is_an_outline_error():
    from worldsmith.worlds.errors import OutlineError
    from worldsmith.worlds.outline import parse_outline

    text = ROOMS.read_text(encoding="utf-8").replace("participants: [client_ceo]\n        days: 2",
                                                      "participants: [client_ceo, associate]\n        days: 2")
    with pytest.raises(OutlineError, match="exactly one participant"):
        parse_outline(text, file="rooms.yaml")
