"""The one the ledger names as deciding sends the decision (issue 17, blind red team 34): a thread of the client's CFO
and tax manager whose purpose and ledger say the CEO decides had 'Decided: to file the recurso ordinário' from the
CFO, while the ledger said the CEO, and the world lost its decision task."""

from __future__ import annotations

import copy
import re

import pytest
import yaml

from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.outline import load_outline

OUTLINE = {
    "title": "Tax appeal for tests",
    "summary": "A client's tax assessment and the decision to appeal it.",
    "window": {"start": "2026-03-02", "end": "2026-03-27", "timezone": "America/New_York"},
    "organisations": [
        {"id": "firm", "name": "Quillfeather & Danso LLP", "role": "outside counsel", "domain": "quillfeather.example"},
        {"id": "client", "name": "Brightwater Fuels Inc.", "role": "client", "domain": "brightwater.test"},
    ],
    "cast": [
        {"role": "partner", "occupation": "23-1011", "organisation": "firm", "seniority": "senior"},
        {"role": "client_ceo", "occupation": "11-1011", "organisation": "client", "seniority": "executive",
         "title": "Chief Executive Officer"},
        {"role": "client_cfo", "occupation": "11-3031", "organisation": "client", "seniority": "executive",
         "title": "Chief Financial Officer"},
        {"role": "tax_manager", "occupation": "13-2011", "organisation": "client", "seniority": "mid",
         "title": "Tax Manager"},
    ],
    "facts": [
        {"id": "assessment", "statement": "The tax assessed is USD 1,250,000.",
         "value": {"type": "money", "amount": 1250000, "currency": "USD"}},
        {"id": "appeal_decision", "statement": "On March 12, 2026 Brightwater's Chief Executive Officer decided to "
                                               "file the appeal.",
         "label": "appeal decision", "value": {"type": "text", "value": "file the appeal"},
         "known_from": "2026-03-12"},
    ],
    "inventory": [{"path": "Correspondence", "items": [{
        "kind": "email_thread", "title": "The assessment: appeal or pay", "author": "client_cfo",
        "participants": ["tax_manager"], "date": "2026-03-10", "messages": 3, "facts": ["assessment"],
        "purpose": "The CFO and the tax manager weigh the appeal against the assessment, and the Chief Executive "
                   "Officer decides to file the appeal."}]}],
}


def _plan(tmp_path, outline: dict):
    path = tmp_path / "o.yaml"
    path.write_text(yaml.safe_dump(outline, sort_keys=False, allow_unicode=True))
    loaded = load_outline(path)
    return plan_world(loaded, resolve_cast(loaded, load_taxonomy()), 0, "w")


def _title(plan, person_id: str) -> str:
    return next(p.title for p in plan.people if p.id == person_id)


def test_the_title_the_ledger_names_joins_the_thread_and_decides(tmp_path):
    plan = _plan(tmp_path, OUTLINE)
    mails = sorted((a for a in plan.artifacts if getattr(a, "thread", None)), key=lambda m: m.position)
    decides = [m for m in mails if m.beat == "decide"]
    assert decides, [m.beat for m in mails]
    ceo = next(p.id for p in plan.people if p.title == "Chief Executive Officer")
    assert [_title(plan, m.author) for m in decides] == ["Chief Executive Officer"]
    at = mails.index(decides[0])
    # the message before went to the CEO, and each one after copies or answers them
    assert ceo in mails[at - 1].to
    assert all(ceo in m.to + m.cc for m in mails[at + 1:] if m.mode == "reply")


def test_a_title_held_by_two_leaves_the_decider_to_the_thread(tmp_path):
    outline = copy.deepcopy(OUTLINE)
    outline["cast"][1]["count"] = 2  # two Chief Executive Officers: the ledger does not say which
    plan = _plan(tmp_path, outline)
    mails = [a for a in plan.artifacts if getattr(a, "thread", None)]
    on = {"client_cfo", "tax_manager"}
    speakers = {p.id for p in plan.people if p.role in on}
    assert all(m.author in speakers for m in mails if m.beat == "decide")


def test_the_opener_asks_the_titled_decider_for_the_decision(tmp_path):
    # the CFO's opener read "I will sign off the appeal decision" where the purpose and ledger said the CEO decides
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    outline = copy.deepcopy(OUTLINE)
    outline["facts"].append({"id": "appeal_deadline", "statement": "The appeal must be filed by March 26, 2026.",
                             "label": "appeal deadline", "value": {"type": "date", "value": "2026-03-26"}})
    outline["inventory"][0]["items"][0]["facts"] = ["assessment", "appeal_deadline"]
    path = tmp_path / "o.yaml"
    path.write_text(yaml.safe_dump(outline, sort_keys=False))
    prepared = pipeline.prepare(path, 0, OfflineBackend())
    plan = pipeline.make_plan(prepared)
    contents = pipeline.generate(plan, prepared.taxonomy, OfflineBackend(), concurrency=1)
    opener = next(a for a in plan.artifacts if getattr(a, "thread", None) and a.position == 0)
    body = contents[opener.id].body
    ceo = next(p for p in plan.people if p.title == "Chief Executive Officer")
    assert "appeal decision" in body, body
    assert ceo.first_name in body and not re.search(r"\bI will sign off|\bI'll sign off|\bMy (?:decision|sign-off)\b|"
                                                     r"\bI mean to take\b", body), body


def test_the_world_keeps_its_decision_task_keyed_to_the_titled_decider(tmp_path):
    # issue 16: the CFO's 'Decided: ...' under a ledger naming the CEO left decision_tasks._taker no one to key
    import worldsmith
    from worldsmith.environments.decision_tasks import decision_tasks
    from worldsmith.environments.graph_tasks import Graph
    from typer.testing import CliRunner

    from worldsmith.flows.cli import app

    outline = copy.deepcopy(OUTLINE)
    outline["facts"][1].update(statement="On March 13, 2026 Brightwater's Chief Executive Officer decided to file "
                                         "the appeal.", known_from="2026-03-13")
    outline["facts"].append({"id": "appeal_deadline", "statement": "The appeal must be filed by March 26, 2026.",
                             "label": "appeal deadline", "value": {"type": "date", "value": "2026-03-26"}})
    outline["inventory"][0]["items"][0]["facts"] = ["assessment", "appeal_deadline"]
    outline["inventory"].append({"path": "Memos", "items": [{
        "kind": "document", "title": "Memo on the assessment and the appeal deadline", "author": "partner",
        "participants": ["client_cfo"], "date": "2026-03-05", "facts": ["assessment", "appeal_deadline"]}]})
    path = tmp_path / "o.yaml"
    path.write_text(yaml.safe_dump(outline, sort_keys=False))
    done = CliRunner().invoke(app, ["generate", str(path), "--seed", "0", "--out", str(tmp_path / "out"), "--no-prefect"])
    assert done.exit_code == 0, done.output
    world = worldsmith.open(next((tmp_path / "out").iterdir()))
    try:
        tasks = decision_tasks(Graph.of(world))
        ceo = next(p.name for p in world.plan.people if p.title == "Chief Executive Officer")
        assert [t.id for t in tasks] == ["decision-appeal_decision-appeal_deadline"]
        assert any(ceo in c.check.values for c in tasks[0].rubric.criteria if c.id == "names_maker")
    finally:
        world.close()


@pytest.mark.parametrize("purpose,titles,named", [
    ("The CFO weighs it, and the Diretor-Presidente decides to file it.", ["Diretor-Presidente", "Diretora Financeira"],
     ["Diretor-Presidente"]),
    # a one-word title is anyone's word uncapitalised: 'counsel settle' names no one titled Counsel
    ("The finance head and counsel settle the price.", ["Counsel"], []),
    # the longest title written: 'the senior associate' is not the Associate
    ("The partner and the senior associate settle the answer.", ["Senior Associate", "Associate"], ["Senior Associate"]),
])
def test_the_title_the_deciding_clause_writes(purpose, titles, named):
    from types import SimpleNamespace

    from worldsmith.generators.beats import titled_deciders

    people = [SimpleNamespace(title=t) for t in titles]
    assert [p.title for p in titled_deciders(purpose, people)] == named
