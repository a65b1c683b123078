"""A party named by what it is in the matter decides by its own people (blind read 33: 'the borrower approves' where
the lenders and their agent approve; on covenant-breach, whose client is the borrower, 'the lenders approve it' fell to
the borrower's CFO, the client's most senior speaker)."""

from __future__ import annotations

from pathlib import Path

import pytest

from worldsmith.generators.planner import _Planner
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.outline import load_outline

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture(scope="module")
def planner():
    outline = load_outline(FIXTURES / "covenant-breach.yaml")
    return _Planner(outline, resolve_cast(outline, load_taxonomy()), 0, "w")


@pytest.mark.parametrize("purpose,org", [
    ("The borrower requests a waiver of the leverage covenant and the lenders approve it.", "northbank"),
    ("Counsel sets out the waiver against the cure, and the borrower decides to take the equity cure.", "quillfield"),
])
def test_the_party_the_purpose_names_by_its_role_decides(planner, purpose, org):
    assert planner.decider(purpose, planner.people).organisation == org


def test_an_advisers_role_never_makes_it_the_decider(planner):
    # 'finance counsel to Quillfield ... (the borrower)' names the borrower in its role; it does not decide for it
    who = planner.decider("The borrower decides to take the equity cure.", planner.people)
    assert who.organisation == "quillfield"
