"""Mail to a public body or a neutral reports to it and asks nothing by a day (emoney at seeds 1 and 4 quarantined on
authority_treated_as_party: 'Noted, thank you; we will expect your comments by Friday' to the Central Bank)."""

from __future__ import annotations

import re

import pytest

from tests.generators.planned import composed_thread

# what holds a reader to a day or directs it as a junior ("Let me have any comments by Friday", "what I want from you")
_HOLDS = re.compile(r"\b(?:expect|let me have|let us have|want|need) (?:your|any) (?:comments|response|reply|view|"
                    r"answer)s?\b[^.?!\n]{0,30}\bby\b|\bwhat I (?:want|need) from you\b", re.I)


@pytest.mark.parametrize("seed", [1, 4])
def test_mail_to_a_regulator_never_holds_it_to_a_day(seed):
    plan, thread = composed_thread("emoney-data-breach-dpc-inquiry", seed, "dora major ict")
    orgs = {o.id: o for o in plan.organisations}
    people = {p.id: p for p in plan.people}
    to_authority = 0
    for spec, content in thread:
        author = people[spec.author]
        readers = [people[x] for x in spec.to]
        if orgs[author.organisation].authority or not all(orgs[p.organisation].authority for p in readers):
            continue
        to_authority += 1
        own = re.split(r"\n\s*(?:On .{0,80}wrote:|-+ Forwarded)", content.body, maxsplit=1)[0]
        assert not _HOLDS.search(own), (spec.id, own)
    assert to_authority >= 2


# the team's shorthand, never a regulator's to counsel ("No, thank you: we are covered. More next week.")
_CASUAL = re.compile(r"\bwe are covered\b|\bMore next week\b|\bShout\b|\bCheers\b|\bthat covers it\b", re.I)


def test_a_regulator_answers_counsel_formally():
    plan, thread = composed_thread("emoney-data-breach-dpc-inquiry", 1, "dora major ict")
    orgs = {o.id: o for o in plan.organisations}
    people = {p.id: p for p in plan.people}
    theirs = [(spec, content) for spec, content in thread if orgs[people[spec.author].organisation].authority]
    assert theirs
    for spec, content in theirs:
        own = re.split(r"\n\s*(?:On .{0,80}wrote:|-+ Forwarded)", content.body, maxsplit=1)[0]
        assert not _CASUAL.search(own), (spec.id, own)
