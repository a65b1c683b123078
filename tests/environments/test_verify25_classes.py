"""Classes verify25 found or reproduced (kit22's blind red team, and its own attack sets on the lift-maintenance and
service-charge-dispute fixtures no kit used), read on a ledger of another trade (a freight claim) so the readers are
shown to be general: each wrong statement beside its right twin."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from types import SimpleNamespace

import pytest

from worldsmith.environments import ledger_statements as ls
from worldsmith.worlds.plan import LedgerFact
from worldsmith.worlds.values import Money


def _fact(fid, label, amount, statement="A figure of the claim.", formula=None):
    return LedgerFact(id=fid, statement=statement, value=Money(amount=Decimal(amount), currency="EUR"),
                      text=f"EUR {amount:,}", label=label, formula=formula, known_from=dt.date(2026, 5, 1), earlier=[])


@pytest.fixture(scope="module")
def freight():
    facts = [_fact("cargo_loss", "cargo loss claimed by the shipper", 900_000),
             _fact("liability_limit", "carrier's liability limit", 600_000),
             _fact("insurer_offer", "insurer's offer", 450_000),
             _fact("reserve", "reserve set by the underwriters", 700_000)]
    return SimpleNamespace(world_id="verify25-freight", plan=SimpleNamespace(facts=facts, distractors=[]))


@pytest.mark.parametrize("text,wrong", [
    ("The cargo loss claimed by the shipper exceeds the limit by EUR 300,000, and the offer is above the liability limit.",
     True),
    ("The insurer's offer is well above the carrier's liability limit.", True),
    ("The cargo loss claimed by the shipper is within the reserve set by the underwriters, so we can pay it.", True),
    ("The carrier's liability limit exceeds the cargo loss claimed by the shipper.", True),
    ("The insurer's offer is below the carrier's liability limit.", False),
    ("The cargo loss claimed by the shipper exceeds the reserve set by the underwriters.", False),
    ("The limit is EUR 600,000, and the offer is within the carrier's liability limit.", False),
    # a name after a preposition or a possessive is another's object, not the subject
    ("The share of the insurer's offer above the carrier's liability limit is nil.", False),
    ("It is not the case that the insurer's offer exceeds the carrier's liability limit.", False),
])
def test_a_fact_named_as_a_comparisons_subject_is_compared(freight, text, wrong):
    # kit22: 'the demand is within the board's settlement authority' (a demand of USD 3.4m, an authority of USD 1.6m)
    # beside right figures, advising the client to accept, scored 1.0: only a figure was read as a subject
    assert ls.contradicts(text, freight) is wrong


def _stale_check():
    from worldsmith.environments.tasks import Check
    return Check(type="texts_stale", values=["12 days"], numbers=[12], unit="days",
                 a_words=["delay assessed by the engineer"])


@pytest.mark.parametrize("text,wrong", [
    ("Note: the governing delay figure is the first survey's 12 days (May 4); the May 18 survey has been withdrawn.",
     True),
    ("Note the first survey (12 days) is still the governing delay figure; the later survey was withdrawn.", True),
    ("The delay that governs is the surveyor's 12 days.", True),
    # set aside, denied, or beside the figure that governs: no claim that the old figure holds
    ("The governing delay figure is 9 days; the first survey's 12 days was superseded.", False),
    ("The governing figure is 9 days, not 12 days.", False),
    ("The first survey's 12 days no longer governs.", False),
    ("The 12 days of the first survey is not the governing figure.", False),
])
def test_a_superseded_figure_said_to_govern_is_stale_named_or_not(text, wrong):
    from worldsmith.environments.side_checks import stale
    assert stale(text, _stale_check()) is wrong
