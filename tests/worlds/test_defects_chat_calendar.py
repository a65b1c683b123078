"""Seeded defects of chat and calendar: the mini world with channels and meetings, broken one way at a time.

`clean` renders tests/fixtures/mini-rooms.yaml (the mini matter plus chat channels, a direct message
and meetings) with the offline backend; each defect edits a copy the way a broken generator or a
hand edit would, and names the check that must catch it and the artifact or file it must name.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Callable

import pytest

from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.worlds.report import ValidationReport
from worldsmith.worlds.validate import validate_bundle

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


DEFECTS: dict[str, tuple[Callable[[Path], str], str]] = {
    "posted_by_non_member": (posted_by_non_member, "chat_authors_in_channel"),
    "posted_out_of_order": (posted_out_of_order, "chat_times_in_order"),
    "reply_to_no_thread": (reply_to_no_thread, "chat_threads_resolve"),
    "shared_file_missing": (shared_file_missing, "chat_files_resolve"),
    "chat_fact_missing": (chat_fact_missing, "planned_fact_present"),
    "chat_template_leak": (chat_template_leak, "realism_leakage"),
    "transcript_lacks_message": (transcript_lacks_message, "chat_transcript_agrees"),
    "channel_unlisted": (channel_unlisted, "chat_export_lists"),
}


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
    report = validate_bundle(bundle)
    assert (report.verdict, report.errors) == ("pass", 0), [(c.id, c.rows[:2]) for c in report.failed()]


@pytest.mark.parametrize("defect", sorted(DEFECTS))
def test_a_seeded_chat_or_calendar_defect_is_caught_by_its_check_by_name(clean, tmp_path, defect):
    inject, check_id = DEFECTS[defect]
    bundle = tmp_path / "w"
    shutil.copytree(clean, bundle)
    named = inject(bundle)
    report = validate_bundle(bundle)
    assert check_id in {c.id for c in report.failed()}, (defect, [c.id for c in report.failed()])
    assert named in _named(report, check_id), (defect, next(c.rows for c in report.checks if c.id == check_id))
