"""A side never disputes what it put forward itself, where the statement names the side by its role ('the agent
offered'): read 24, the lenders' counsel wrote "You put the waiver fee rate at 0.25%. I have not seen the support for
it." to the borrower's counsel, of the lenders' own offer (tests/fixtures/covenant-breach.yaml)."""

from __future__ import annotations

import re

from tests.generators.offline_world import offline_world
from worldsmith.generators.context import asserted_labels, fact_label
from worldsmith.worlds.plan import EmailSpec

FIXTURE = "tests/fixtures/covenant-breach.yaml"


def test_an_offer_made_by_a_party_named_by_its_role_is_its_sides_own_and_never_disputed_by_it():
    for seed in (0, 131):
        plan, _, contents = offline_world(FIXTURE, seed)
        offered = next(f for f in plan.facts if re.search(r"\bthe agent offered\b", f.statement or ""))
        mails = [s for s in plan.artifacts if isinstance(s, EmailSpec) and offered.id in s.facts]
        lenders = {s.author for s in mails if "lender" in s.author}
        assert lenders, [s.author for s in mails]
        for s in mails:
            if s.author in lenders:
                assert fact_label(offered) in asserted_labels(plan, s.thread, s.author)
                own = re.split(r"\n\s*On .{0,80}wrote:", contents[s.id].body)[0]
                assert not re.search(rf"(?i)(you put|your figure for|on your numbers) (the )?{re.escape(offered.label)}", own), own
