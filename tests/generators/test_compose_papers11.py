"""Issue 17 (papers11, blind read 21): documents a firm would send; each genre's body does what the genre does."""

from __future__ import annotations

import re

from tests.generators.test_compose_mail_replies17 import world_at
from worldsmith.worlds.content import DocumentContent


def _text(c: DocumentContent) -> str:
    return "\n".join(p for sec in c.sections for p in sec.paragraphs)


def _org_roles(plan) -> dict[str, str]:
    return {o.id: o.role for o in plan.organisations}


def test_a_certifier_s_determination_states_its_decision_and_ground_and_promises_no_missing_figures():
    # blind read 21: 'The extension-of-time letter promises "the figures it rests on are set out below" and sets out
    # none. It names neither the Relevant Event nor the Apr 6 notice'; its determination was 'The extension of time
    # granted is 5 weeks.'
    plan, contents = world_at("construction-delay", 61)
    people = {p.id: p for p in plan.people}
    seen = 0
    for s in plan.artifacts:
        c = contents.get(s.id)
        if not isinstance(c, DocumentContent) or "determination" not in s.title.lower():
            continue
        text = _text(c)
        tables = [sec for sec in c.sections if sec.table is not None and sec.table.rows]
        assert tables or not re.search(r"figures it rests on are set out below", text), (s.path, text)
        role = _org_roles(plan).get(people[s.author].organisation, "")
        assert "architect" in role, role
        seen += 1
        assert re.search(r"\bWe grant \w+ an extension of time of \d+ weeks for ", text), text
        assert "notice of delay" in text, text  # the notice it answers, as its purpose names it
    assert seen
