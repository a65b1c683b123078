"""Issue 17 (papers10, blind read 20): a document does what its title says; minutes record what was said."""

from __future__ import annotations

import re

from tests.generators.test_compose_mail_replies17 import world_at
from worldsmith.worlds.content import DocumentContent


def _text(c: DocumentContent) -> str:
    return "\n".join(p for sec in c.sections for p in sec.paragraphs)


def test_minutes_record_what_a_paper_without_a_figure_says():
    # blind read 20: 'The points on it were noted' (the change-of-control memo), 'comments were invited' (the
    # management-presentation notes): minutes of a call taken through a paper that recorded nothing of it. A paper
    # that puts forward no figure (an IT overview whose fact is the largest customer and its change-of-control right)
    # is minuted with what it records.
    plan, contents = world_at("buyside-diligence", 61)
    went, recorded = 0, 0
    for s in plan.artifacts:
        c = contents.get(s.id)
        if not isinstance(c, DocumentContent):
            continue
        text = _text(c)
        assert not re.search(r"comments were invited|the points on it were noted", text), (s.path, text)
        for m in re.finditer(r"(?:took the meeting through the|turned to the) [^\n]+?(?P<tail>: it (?:puts|records) |"
                             r"[.;])", text):
            went += 1
            recorded += m.group("tail").startswith(": it records")
    assert went and recorded, (went, recorded)
