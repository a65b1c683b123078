"""Issue 17 (mail9): a message's question asks something its reader can answer and would not already know, and its
answer gives what the room holds, never a source made up against the other side."""

from __future__ import annotations

import re

import pytest

from tests.generators.test_compose_mail_replies17 import _own, world_at
from worldsmith.generators.compose.genres import genre_of
from worldsmith.generators.context import label_papers, label_reasons, own_labels, word_labels
from worldsmith.worlds.content import EmailContent

FIXTURES = [("aircraft-redelivery", 13), ("construction-delay", 13)]


@pytest.mark.parametrize("name,seed", FIXTURES)
def test_the_source_is_asked_only_of_a_figure_the_asker_does_not_already_hold(name, seed):
    # issue 17's reader at seed 13: 'What is the source for the aircraft?' (an identity fact), 'What is the source for
    # the lease Expiry Date?' (a term the lease fixes), 'What is the source for the contract sum?' from the contractor
    # who signed the contract; and, with no paper known, 'The source is the latest papers from Brackwater Builders
    # Inc' for our own liquidated damages figure
    plan, contents = world_at(name, seed)
    asked = 0
    for s in plan.artifacts:
        c = contents.get(s.id)
        if not isinstance(c, EmailContent):
            continue
        own = _own(c.body)
        assert not re.search(r"(?i)latest (?:papers|documents) from", own), (s.path, own)
        for label in re.findall(r"(?i)what is the source for (.+?)(?: in the \S+(?: \S+)? (?:update|note))?\?", own):
            day = s.sent_at.date()
            papers = label_papers(plan, s.thread, day)
            assert label not in word_labels(plan, s.thread), (s.path, own)
            assert label not in own_labels(plan, s.thread, s.author), (s.path, own)
            assert label not in papers or genre_of(papers[label][0]) != "agreement", (s.path, own)
            # (nor of a worked figure the asker gave earlier in the thread, nor one whose working the message replied to just
            # set out: a general counsel asked his lawyer the source of the liquidated damages he had worked out)
            earlier = [_own(contents[a.id].body) for a in plan.artifacts if getattr(a, "thread", None) == s.thread
                       and a.author == s.author and isinstance(contents.get(a.id), EmailContent)
                       and a.sent_at < s.sent_at]
            assert not (label in label_reasons(plan, s.thread, day)
                        and any(label.lower() in e.lower() for e in earlier)), (s.path, own)
            parent = _own(contents[s.parent].body) if getattr(s, "parent", None) in contents else ""
            assert not (label in label_reasons(plan, s.thread, day) and label.lower() in parent.lower()
                        and re.search(r"\b(?:times|less|plus)\b", parent)), (s.path, parent, own)
            asked += 1
    assert asked or name != "aircraft-redelivery"  # (a quote the other side gives is still asked of)


@pytest.mark.parametrize("name,seed", FIXTURES)
def test_a_confirmation_does_not_restate_the_point_with_nothing_to_add(name, seed):
    # issue 17's reader at seed 13: 'X is confirmed as at [date]; nothing more needed this week' read as a reply that
    # only echoes ('The Engine 2 borescope finding is confirmed as at 17 March; nothing more needed this week')
    plan, contents = world_at(name, seed)
    for s in plan.artifacts:
        c = contents.get(s.id)
        if isinstance(c, EmailContent):
            own = _own(c.body)
            assert not re.search(r"(?i)\bconfirmed as at [^.;]*; nothing more needed", own), (s.path, own)
