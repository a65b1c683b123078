"""Issue 10's checks on the legal example world: clean as generated, and each seeded defect caught by name."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import docx
import pytest

from worldsmith.worlds.validate import validate_bundle

EXAMPLES = Path(__file__).resolve().parents[2] / "outlines" / "examples"
CHECKS = ("realism_purpose_not_pasted", "fact_statement_established_only", "forward_to_someone_new",
          "decision_named", "privilege_within_circle", "genre_structure", "realism_boilerplate")


@pytest.fixture(scope="module")
def tanker(tmp_path_factory) -> Path:
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    backend = OfflineBackend()
    prepared = pipeline.prepare(EXAMPLES / "tanker-spill-liability.yaml", 0, backend)
    plan = pipeline.make_plan(prepared)
    target = tmp_path_factory.mktemp("tanker") / "world"
    target.mkdir()
    pipeline.render(plan, pipeline.generate(plan, prepared.taxonomy, backend), target)
    return target


@pytest.fixture(scope="module")
def plan(tanker) -> dict:
    return json.loads((tanker / "plan.json").read_text())


def _copy(world: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(world, tmp_path / "world"))


def _failing(world: Path) -> dict[str, list]:
    return {c.id: c.rows for c in validate_bundle(world).failed() if c.severity == "error"}


def _edit_body(eml: Path, change) -> None:
    raw = eml.read_text(encoding="utf-8")
    head, body = raw.split("\n\n", 1)
    eml.write_text(f"{head}\n\n{change(body)}", encoding="utf-8")


def _spec(plan: dict, **match) -> dict:
    return next(a for a in plan["artifacts"] if all(a.get(k) == v for k, v in match.items()))


def test_the_example_passes_every_prose_check(tanker):
    failing = _failing(tanker)
    assert not [c for c in CHECKS if c in failing], {c: [r.detail for r in failing[c][:2]] for c in CHECKS if c in failing}


def test_a_purpose_pasted_into_a_message_is_caught(tanker, plan, tmp_path):
    world = _copy(tanker, tmp_path)
    spec = _spec(plan, kind="email", mode="reply")
    _edit_body(world / "room" / spec["path"], lambda b: f"Goal for this week: {spec['purpose']}\n\n{b}")
    assert any(r.artifact_id == spec["id"] for r in _failing(world)["realism_purpose_not_pasted"])


def test_a_statement_pasted_outside_its_establishing_documents_is_caught(tanker, plan, tmp_path):
    world = _copy(tanker, tmp_path)
    fact = next(f for f in plan["facts"] if f["id"] == "liability_cap")
    spec = _spec(plan, kind="email", mode="reply")
    _edit_body(world / "room" / spec["path"], lambda b: f"{fact['statement']}\n\n{b}")
    rows = _failing(world)["fact_statement_established_only"]
    assert any(r.artifact_id == spec["id"] and "liability_cap" in r.detail for r in rows)


def test_a_forward_to_someone_already_on_the_thread_is_caught(tanker, plan, tmp_path):
    world = _copy(tanker, tmp_path)
    fwd = _spec(plan, kind="email", mode="forward")
    opener = _spec(plan, kind="email", thread=fwd["thread"], position=0)
    old = next(p for p in plan["people"] if p["id"] == opener["to"][0])
    eml = world / "room" / fwd["path"]
    raw = eml.read_text(encoding="utf-8")
    raw = re.sub(r"(?m)^To: .*$", f"To: {old['name']} <{old['email']}>", raw, count=1)
    eml.write_text(raw, encoding="utf-8")
    rows = _failing(world)["forward_to_someone_new"]
    assert any(r.artifact_id == fwd["id"] and "no one new" in r.detail for r in rows)


def test_a_thread_that_never_states_its_decision_is_caught(tanker, plan, tmp_path):
    world = _copy(tanker, tmp_path)
    decide = _spec(plan, kind="email", beat="decide")
    for a in plan["artifacts"]:
        if a.get("thread") == decide["thread"]:
            _edit_body(world / "room" / a["path"],
                       lambda b: re.sub(r"(?i)\b(decision|decided|approved)\b", "view", b))
    rows = _failing(world)["decision_named"]
    assert any(decide["thread"] in r.detail for r in rows)


def test_a_privileged_marking_sent_to_the_other_side_is_caught(tanker, plan, tmp_path):
    world = _copy(tanker, tmp_path)
    outside = {o["id"] for o in plan["organisations"] if not o["privileged"]}
    people = {p["id"]: p for p in plan["people"]}
    spec = next(a for a in plan["artifacts"] if a["kind"] == "email"
                and any(people[p]["organisation"] in outside for p in a["to"]))
    _edit_body(world / "room" / spec["path"], lambda b: f"Privileged & Confidential.\n\n{b}")
    rows = _failing(world)["privilege_within_circle"]
    assert any(r.artifact_id == spec["id"] and "outside the privileged circle" in r.detail for r in rows)


def test_a_pleading_without_its_prayer_for_relief_is_caught(tanker, plan, tmp_path):
    world = _copy(tanker, tmp_path)
    spec = _spec(plan, kind="document", doc_type="pleading")
    path = world / "room" / spec["path"]
    document = docx.Document(str(path))
    for p in document.paragraphs:
        if "WHEREFORE" in p.text:
            p.text = p.text.replace("WHEREFORE", "Accordingly")
    document.save(str(path))
    rows = _failing(world)["genre_structure"]
    assert any(r.artifact_id == spec["id"] and "prayer for relief" in r.detail for r in rows)
