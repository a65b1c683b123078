"""Defects found by reading worlds of outlines in trades the examples do not cover (a software licence audit, a
commercial-lease rent review): each test plans or composes from a small outline of its own."""

from __future__ import annotations

import yaml

from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.outline import load_outline
from worldsmith.worlds.plan import EmailSpec
from tests.conftest import MINI


def _outline(tmp_path, edit):
    data = yaml.safe_load(MINI.read_text())
    edit(data)
    path = tmp_path / "outline.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return load_outline(path)


def test_the_person_the_purpose_names_decides_though_a_participle_comes_first(tmp_path):
    # licence-audit outline: 'offering a true-up against accepting a backdated settlement, and the General Counsel
    # decides ...' had the partner write 'I've decided: offer a true-up' (the cut fell at 'accepting')
    def edit(data):
        data["cast"].append({"role": "client_gc", "occupation": "23-1011", "organisation": "client",
                             "seniority": "senior", "title": "General Counsel"})
        data["inventory"][0]["items"][0].update(
            participants=["client_gc", "client_ceo"], messages=3, forward_to=[],
            purpose="The partner sets out offering a true-up at the contract rate against accepting a backdated "
                    "settlement, and the General Counsel decides to offer the true-up for the current year only.")
    outline = _outline(tmp_path, edit)
    plan = plan_world(outline, resolve_cast(outline, load_taxonomy()), 0, "w-test")
    people = {p.id: p for p in plan.people}
    decide = [a for a in plan.artifacts if isinstance(a, EmailSpec) and a.beat == "decide"]
    assert decide, "the thread's purpose names a decision"
    assert {people[a.author].title for a in decide} == {"General Counsel"}


def test_the_day_of_an_event_is_never_a_deadline_that_has_passed_in_a_letter_or_a_paper():
    # 'The audit notice was fixed for February 9, 2026 and has passed.' (the opening to the auditor, licence audit)
    import datetime as dt

    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import fixed, named_sentence
    from worldsmith.worlds.values import DateValue
    from tests.generators.context_fixture import fact

    notice = fact("audit_notice", "The audit notice", DateValue(value=dt.date(2026, 2, 9))) \
        .model_copy(update={"label": "audit notice", "past": True})
    assert fixed(notice)
    outs = {named_sentence(Picker(seed), notice, "document") for seed in range(200)}
    assert all("February 9, 2026" in o for o in outs)
    assert not [o for o in outs if "passed" in o or "now past" in o or "fixed for" in o]
