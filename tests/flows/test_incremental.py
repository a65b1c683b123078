"""Incremental regeneration: after one fact of an outline is edited, the model is asked again only for the
artifacts that carry it or depend on it, and only their files change, byte for byte.

Real parts: the Prefect flow, the openai client over HTTP to the project's test server, the response cache."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.conftest import MINI
from worldsmith.generators.backends.test_server import ServerConfig, TestServer
from worldsmith.generators.incremental import changed_artifacts, stale_artifacts
from worldsmith.worlds import bundle



def outline_with_formula(tonnage: int) -> dict:
    """The mini outline with its cap computed from the tonnage, and a thread and a document that carry
    neither, so that an edit of the tonnage has something to leave alone."""
    data = yaml.safe_load(MINI.read_text(encoding="utf-8"))
    facts = {f["id"]: f for f in data["facts"]}
    data["facts"].insert(0, {"id": "per_ton", "statement": "The limit runs at USD 250 per gross ton.",
                             "label": "per-ton limit", "value": {"type": "money", "amount": 250, "currency": "USD"}})
    cap = facts["cap"]
    del cap["value"]
    cap.update(formula="per_ton * tonnage", label="liability cap",
               statement="The operator's liability cap is the per-ton limit times the vessel's gross tonnage.")
    facts["tonnage"].update(statement=f"The vessel measures {tonnage:,} gross tons.",
                            value={"type": "number", "value": tonnage, "unit": "gross tons"})
    data["inventory"][0]["items"].append({
        "kind": "email_thread", "title": "Charter party indemnity", "author": "associate",
        "participants": ["partner"], "date": "2026-03-12", "messages": 3, "facts": ["clause"]})
    data["inventory"][1]["items"].append({
        "kind": "document", "title": "Casualty timeline", "author": "associate", "participants": ["partner"],
        "date": "2026-03-05", "facts": ["spill_date"]})
    return data


def artifact_hashes(world: Path) -> dict[str, set[str]]:
    """Each artifact's files (the file and its twins, the .md of a .docx, the .csv of an .xlsx) -> their sha256s."""
    plan = bundle.read_plan(world)
    files = {f.path: f.sha256 for f in bundle.read_manifest(world).files}
    stems = {f"{bundle.ROOM}/{a.path.rsplit('.', 1)[0]}": a.id for a in plan.artifacts}
    out: dict[str, set[str]] = {a.id: set() for a in plan.artifacts}
    for path, sha in files.items():
        aid = stems.get(path.rsplit(".", 1)[0])
        if aid is not None:
            out[aid].add(f"{path}:{sha}")
    return out


@pytest.fixture(scope="module")
def two_worlds(tmp_path_factory):
    """The outline, then the same outline with the tonnage edited, through one test server and one cache."""
    from worldsmith.flows.make import make_world

    root = tmp_path_factory.mktemp("incremental")
    config = root / "worldsmith.toml"
    config.write_text("timeout = 5\nbackoff_base = 0.05\n")
    worlds, asked = [], []
    with TestServer(ServerConfig()) as server:
        for name, tonnage in (("before.yaml", 45000), ("after.yaml", 46000)):
            outline = root / name
            outline.write_text(yaml.safe_dump(outline_with_formula(tonnage), sort_keys=False), encoding="utf-8")
            seen = len(server.requests)
            result = make_world(str(outline), out=str(root / "out"), backend="openai", model="test-model",
                                base_url=server.base_url, cache=str(root / "cache.sqlite"),
                                config_file=str(config))
            assert result.errors == 0 and not result.quarantined, result
            worlds.append(Path(result.path))
            asked.append([r["artifact"] for r in server.requests[seen:] if r.get("completed")])
    return worlds, asked


def test_only_the_artifacts_that_depend_on_the_edited_fact_are_asked_again(two_worlds):
    (before, after), (first, second) = two_worlds
    old, new = bundle.read_plan(before), bundle.read_plan(after)
    assert sorted(first) == sorted(a.id for a in old.artifacts)  # a cold cache asks for everything once
    stale = stale_artifacts(old, new)
    assert sorted(second) == sorted(stale)
    by_id = {a.id: a for a in new.artifacts}
    # The tonnage's carriers, and what carries the cap computed from it (an email carries only the cap)...
    assert {"memo_re_limitation_of_liability", "liability_cap_computation", "liability_cap_first_view-m1"} <= set(stale)
    assert "tonnage" not in by_id["liability_cap_first_view-m1"].facts
    # ...with every later message of that thread (each sees its parent), and nothing else: not the superseded
    # draft, which carries its own labelled value of the cap, nor the thread and document about other facts.
    carriers = {a.id for a in new.artifacts if a.distractor is None and {"tonnage", "cap"} & set(a.facts)}
    thread = {a.id for a in new.artifacts if a.id.startswith("liability_cap_first_view-")}
    assert set(stale) == carriers | thread
    untouched = {"memo_re_limitation_of_liability_2", "casualty_timeline"} | \
                {a.id for a in new.artifacts if a.id.startswith("charter_party_indemnity-")}
    assert len(untouched) >= 5 and untouched <= set(by_id) - set(stale)


def test_exactly_the_stale_artifacts_changed_byte_for_byte(two_worlds):
    (before, after), _ = two_worlds
    old_plan, new_plan = bundle.read_plan(before), bundle.read_plan(after)
    stale, expected = set(stale_artifacts(old_plan, new_plan)), set(changed_artifacts(old_plan, new_plan))
    old, new = artifact_hashes(before), artifact_hashes(after)
    assert set(old) == set(new) and all(old.values())
    changed = {aid for aid in new if new[aid] != old[aid]}
    assert changed == expected
    # Beyond the stale ones, only messages that attach a changed file: their text came from the cache.
    for aid in expected - stale:
        assert new_plan.artifact(aid).attachments and \
            {a.artifact for a in new_plan.artifact(aid).attachments} & stale
    manifest = bundle.read_manifest(after)
    assert manifest.usage["totals"]["calls"] == len(stale)
    assert manifest.usage["totals"]["cache_hits"] == len(new) - len(stale)
