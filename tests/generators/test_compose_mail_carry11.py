"""Issue 17 (mail11): a reply carries what its parent asked for, and a question is one its addressee can answer and
its writer could not. The fixtures only show the rules, which are general."""

from __future__ import annotations

import re

from tests.generators.test_compose_mail_answers10 import NAMES, _own
from tests.generators.test_compose_mail_read18 import fixture_world
from worldsmith.generators.compose.parties import across
from worldsmith.generators.context import build_context
from worldsmith.worlds.content import EmailContent

# A question on how firm a figure is: whether it is final, a draft, an estimate.
_FIRM = re.compile(r"(?i)final, or still|final position or still|an estimate\?|moving target|still a draft")


def test_nobody_asks_the_other_side_whether_its_figure_is_final():
    # "Is the covenant EBITDA final, or still a working figure?" from the agent to the borrower's counsel who had
    # delivered the compliance certificate, and "Final unless your side produces something new" back (mail11's read
    # at seed 31); lender counsel asked whether a cure already funded was "final, or still a working figure", and
    # counsel asked the adverse club whether a statutory cap was (blind read 19)
    across_replies = 0
    for seed in (9, 31):
        for name in NAMES:
            plan, taxonomy, contents = fixture_world(name, seed)
            for spec in plan.artifacts:
                c = contents.get(spec.id)
                if not isinstance(c, EmailContent) or spec.mode != "reply":
                    continue
                ctx = build_context(plan, taxonomy, spec, contents)
                if not ctx.organisations or not across(ctx):
                    continue
                across_replies += 1
                for q in re.findall(r"[^.?!\n]*\?", _own(c.body)):
                    assert not _FIRM.search(q), (name, seed, spec.id, _own(c.body))
    assert across_replies > 40
