"""Plan expansion: proposals are checked against the outline before they join the plan."""

from __future__ import annotations

import asyncio
import datetime as dt

from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.expansion import ExpansionProposal, ProposedItem, accept_proposals, expansion_context
from worldsmith.generators.planner import plan_world
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from tests.conftest import MINI
from worldsmith.worlds.outline import load_outline


def good(**changes) -> ProposedItem:
    base = dict(kind="email_thread", folder="Correspondence", title="Follow-up on the cap", author="partner",
                participants=["associate"], date=dt.date(2026, 3, 12), facts=["cap"], purpose="Chase the cap figure.")
    return ProposedItem(**{**base, **changes})


def test_each_inconsistent_proposal_is_refused_with_its_reason():
    outline = load_outline(MINI)
    proposal = ExpansionProposal(items=[
        good(),
        good(title="A", author="judge"),
        good(title="B", participants=["ghost"]),
        good(title="C", facts=["no_such_fact"]),
        good(title="D", date=dt.date(2027, 1, 1)),
        good(title="E", folder="../escape"),
        good(title="Liability cap first view"),
    ])
    accepted, refused = accept_proposals(outline, proposal, budget=10)
    assert [item.title for _, item in accepted] == ["Follow-up on the cap"]
    reasons = "\n".join(refused)
    for needle in ("'judge' is not a cast role", "'ghost' is not a cast role", "'no_such_fact' is not in the ledger",
                   "outside the window", "escapes the data room", "duplicates an existing title"):
        assert needle in reasons


def test_budget_bounds_what_is_accepted():
    outline = load_outline(MINI)
    proposal = ExpansionProposal(items=[good(title=f"T{i}") for i in range(5)])
    accepted, refused = accept_proposals(outline, proposal, budget=2)
    assert len(accepted) == 2 and len(refused) == 3 and "budget" in refused[0]


def test_offline_expansion_adds_consistent_artifacts_to_the_plan():
    outline = load_outline(MINI)
    occupations = resolve_cast(outline, load_taxonomy())
    context = expansion_context(outline, occupations, budget=5, seed=3)
    proposal = asyncio.run(OfflineBackend().generate(context, ExpansionProposal))
    accepted, refused = accept_proposals(outline, proposal, budget=5)
    assert len(accepted) == 5 and refused == []
    base = plan_world(outline, occupations, 3, "w")
    grown = plan_world(outline, occupations, 3, "w", extra=accepted)
    assert len(grown.artifacts) > len(base.artifacts)
    again = asyncio.run(OfflineBackend().generate(context, ExpansionProposal))
    assert again == proposal
