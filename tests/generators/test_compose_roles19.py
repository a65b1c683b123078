"""Read 19's wrong parties (issue 17): a room is one side's file, so every message in it reaches someone of that
side; and the validator's mail_in_our_file says so of a world."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.generators.offline_world import offline_world
from tests.published import validate_copy
from worldsmith.flows import pipeline
from worldsmith.generators.backends.offline import OfflineBackend

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


EXAMPLES = Path(__file__).resolve().parents[2] / "outlines" / "examples"


def _plan(name: str, seed: int):
    path = FIXTURES / f"{name}.yaml"
    prepared = pipeline.prepare(path if path.exists() else EXAMPLES / f"{name}.yaml", seed, OfflineBackend())
    return pipeline.make_plan(prepared)


@pytest.mark.parametrize("name,seed", [("construction-delay", 31), ("construction-delay", 43),
                                       ("covenant-breach", 31), ("supply-surcharge", 37),
                                       ("buyside-diligence", 0)])
def test_every_message_of_the_room_reaches_one_of_ours(name, seed):
    """Read 19 (construction delay): the contractor and the certifying architect answered each other with the owner
    dropped from the thread, in the owner's counsel's room; and the sell-side adviser forwarded a thread to the
    target's management in the buyer's room."""
    plan = _plan(name, seed)
    ours = {o.id for o in plan.organisations if o.privileged}
    people = {p.id: p.organisation for p in plan.people}
    mail = [a for a in plan.artifacts if a.kind == "email"]
    outside = [a.path for a in mail if not any(people[p] in ours for p in [a.author, *a.to, *a.cc])]
    assert mail and not outside


@pytest.fixture(scope="module")
def construction(published_construction, tmp_path_factory) -> Path:
    """The session's construction world (tests/conftest.py), copied: this module made its own at seed 31, and
    test_red_team_kit6 another at seed 0 (about 5 CPU-s each); the check reads any seed's mail alike."""
    return Path(shutil.copytree(published_construction, tmp_path_factory.mktemp("roles19") / published_construction.name))


def test_mail_in_our_file_passes_a_world_and_catches_a_message_between_two_of_theirs(construction, tmp_path):
    rows = {c.id: c.rows for c in validate_copy(construction).checks}
    assert rows["mail_in_our_file"] == []
    world = Path(shutil.copytree(construction, tmp_path / "world"))
    plan = json.loads((world / "plan.json").read_text())
    ours = {o["id"] for o in plan["organisations"] if o["privileged"]}
    people = {p["id"]: p for p in plan["people"]}
    # a message that reaches ours by its Cc alone, its Cc dropped: two people across the table, in our room
    spec = next(a for a in plan["artifacts"] if a["kind"] == "email" and a["cc"]
                and not any(people[p]["organisation"] in ours for p in [a["author"], *a["to"]]))
    eml = world / "room" / spec["path"]
    eml.write_text(re.sub(r"(?m)^Cc: .*\n(?: .*\n)*", "", eml.read_text(encoding="utf-8"), count=1), encoding="utf-8")
    rows = {c.id: c.rows for c in validate_copy(world).checks}
    assert [r.artifact_id for r in rows["mail_in_our_file"]] == [spec["id"]]


def test_a_paper_passed_between_two_of_theirs_reaches_our_room_served_on_one_of_ours(tmp_path):
    """Read 19 (rent review): the landlord's surveyor's cover note sent her report to her own client alone, 'an
    internal email ... [with] no place in the tenant's counsel's file'."""
    import yaml

    outline = yaml.safe_load((FIXTURES / "mini.yaml").read_text())
    outline["organisations"] += [
        {"id": "owner", "name": "Corbel Yard Holdings LLC", "role": "opposing party; the landlord under the lease",
         "domain": "corbelyard.example"},
        {"id": "valuer", "name": "Ashmere Valuation", "role": "the landlord's valuation surveyor",
         "domain": "ashmere.example"}]
    outline["cast"] += [{"role": "landlord_gc", "occupation": "23-1011", "organisation": "owner", "seniority": "senior"},
                        {"role": "valuer", "occupation": "13-2023", "organisation": "valuer", "seniority": "senior"}]
    outline["inventory"][1]["items"].append(
        {"kind": "document", "title": "Valuation report on the demised premises", "author": "valuer",
         "participants": ["landlord_gc"], "date": "2026-03-12", "facts": ["cap"]})
    path = tmp_path / "outline.yaml"
    path.write_text(yaml.safe_dump(outline, sort_keys=False))
    plan = pipeline.make_plan(pipeline.prepare(path, 31, OfflineBackend()))
    ours = {o.id for o in plan.organisations if o.privileged}
    assert "valuer" not in ours and "owner" not in ours
    people = {p.id: p for p in plan.people}
    report = next(a for a in plan.artifacts if a.title.startswith("Valuation report"))
    note = next(a for a in plan.artifacts if a.kind == "email" and any(x.artifact == report.id for x in a.attachments))
    assert people[note.author].organisation == "valuer"
    assert [people[p].organisation for p in note.to] and all(people[p].organisation in ours for p in note.to)
    assert [people[p].organisation for p in note.cc] == ["owner"]


@pytest.mark.parametrize("name,seed", [("hospital-revenue-audit", 43), ("covenant-breach", 31),
                                       ("construction-delay", 31)])
def test_a_file_goes_to_those_it_is_for_and_its_authors_colleagues_are_copied(name, seed):
    """Read 19 (hospital audit): 'The partner addresses client minutes to her own juniors ("Hello Jerry and Mary"),
    puts the chair only on cc'."""
    plan = _plan(name, seed)
    people = {p.id: p for p in plan.people}
    notes = [a for a in plan.artifacts if a.kind == "email" and a.item.startswith("cover_") and len(a.to + a.cc) > 2]
    mixed = [a for a in notes if any(people[p].organisation != people[a.author].organisation for p in a.to + a.cc)]
    assert mixed
    for a in mixed:
        assert all(people[p].organisation != people[a.author].organisation for p in a.to), a.path


@pytest.mark.parametrize("name", ["tanker-spill-liability", "hospital-revenue-audit", "buyside-diligence"])
def test_no_message_across_the_table_invites_the_other_sides_views(name):
    # read 19 (tanker): the owner's P&I club 'offers its limit figure to the adverse charterer's counsel and asks for
    # views' ("I would welcome your views.")
    plan, _, contents = offline_world(EXAMPLES / f"{name}.yaml", 43)
    ours = {o.id for o in plan.organisations if o.privileged}
    side = {p.id: p.organisation in ours for p in plan.people}
    across = [contents[a.id].body for a in plan.artifacts if a.kind == "email"
              and any(side[p] != side[a.author] for p in a.to + a.cc)]
    own = [re.split(r"\n\s*(?:On .{5,80} wrote:|-{5,} Forwarded message)", b, maxsplit=1)[0] for b in across]
    assert across and not [b for b in own if re.search(r"(?i)\byour views\b|\bhappy to discuss\b", b)]
