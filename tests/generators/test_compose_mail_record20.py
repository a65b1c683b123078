"""Issue 17 (mail12, blind read 20): mail does not pad a fact with 'for the record' or 'for completeness', does not
stack two colon labels, and does not reword 'held there' into 'kept there'."""

from __future__ import annotations

import re

import pytest

from tests.generators.test_compose_mail_replies17 import _own, world_at
from worldsmith.generators.compose.bank import Picker
from worldsmith.worlds.content import EmailContent

# (a distractor's "kept for the record" is a version's status, not padding around a fact)
_PADDING = re.compile(r"(?i)\bfor completeness\b|, for the record\.|\bfor the record[,:]")
# "The short version: quick reminder: my figure ..." (two labels before one sentence)
_STACKED = re.compile(r"(?:^|[.!?]\s)[A-Z][\w' ]{2,30}: [a-z][\w' ]{2,30}: ")
WORLDS = [("tanker-spill-liability", 61), ("covenant-breach", 61), ("construction-delay", 61)]


@pytest.mark.parametrize("name,seed", WORLDS)
def test_mail_tells_no_fact_for_the_record(name, seed):
    # blind read 20: 'The date of the casualty was February 24, 2026, for the record.' (a General Counsel to his own
    # counsel); 'For completeness, the substantial completion certified was August 25, 2026, for the record.'
    plan, contents = world_at(name, seed)
    seen = 0
    for s in plan.artifacts:
        c = contents.get(s.id)
        if isinstance(c, EmailContent):
            own = _own(c.body)
            seen += 1
            assert not _PADDING.search(own), (s.path, own)
            assert not _STACKED.search(own), (s.path, own)
    assert seen


def test_held_is_not_reworded_kept():
    # blind read 20: 'It has kept there since August 25.' ("held there", with "kept" drawn for "held")
    for seed in range(40):
        assert "kept there" not in Picker(seed).reword("It has held there since August 25.")
