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


@pytest.mark.parametrize("body,bare", [
    ("EUR 90,000; 15%; EUR 13,500; 4; EUR 54,000; EUR 40,000; EUR 30,000.", True),
    ("EUR 90,000\nEUR 13,500\n4 months\nEUR 54,000", True),
    ("The fee would be EUR 13,500 a month (15% of EUR 90,000); over 4 months that is EUR 54,000.", False),
    ("| Item | Figure |\n|---|---|\n| Monthly fee | EUR 90,000 |\n| Rate | 15% |\n| Result | EUR 54,000 |", False),
    ("Conclusion: EUR 54,000.", False),
])
def test_a_memo_of_bare_figures_says_nothing(body, bare):
    # verify25 (lift-maintenance): a memo whose body was eight figures, the result among its rivals, scored 1.0
    from worldsmith.environments.grade import bare_figures
    memo = f"# Memorandum\n\nTo: Ann Lee\nFrom: Bo Park\nDate: June 3, 2026\nRe: The revised fee\n\n{body}\n"
    assert bare_figures(memo) is bare


@pytest.mark.parametrize("text,wrong", [
    ("The fee would be EUR 805.48. That is less than the EUR 575.34 due at today's share.", True),
    ("EUR 805.48 is below EUR 575.34.", True),
    ("The insurer's offer is above EUR 500,000.", True),
    ("The fee would be EUR 805.48. That is more than the EUR 575.34 due at today's share.", False),
    ("EUR 575.34 is below EUR 805.48.", False),
    ("The insurer's offer is below EUR 500,000.", False),
    ("If the fee were EUR 500, that would be less than EUR 575.34.", False),
])
def test_a_figure_compared_with_a_figure_is_compared(freight, text, wrong):
    # verify25 (service-charge-dispute, a what-if memo): 'That is less than the GBP 575.34 due at the room's 25% share'
    # of GBP 805.48 scored 1.0: only a fact named after the comparator was read as its object
    assert ls.contradicts(text, freight) is wrong


def test_what_a_sentence_came_to_is_its_one_sum_outside_its_working(freight):
    # verify25: 'Interest at 5% a year for the 40 days late comes to GBP 805.48 (GBP 147,000 x 5% x 40 / 365). That
    # is less than the GBP 575.34 ...' was read as coming to nothing (three figures outside the brackets)
    said = "Interest at 5% a year for the 40 days late comes to EUR 805.48 (EUR 147,000 x 5% x 40 / 365). "
    assert ls.contradicts(said + "That is less than the EUR 575.34 due at today's share.", freight)
    assert not ls.contradicts(said + "That is more than the EUR 575.34 due at today's share.", freight)


@pytest.mark.parametrize("said,unit,right", [
    ("4.5 hrs x 148 x 104", "hours", True), ("4.5 hr", "hours", True), ("104 wks", "weeks", True),
    ("3 yrs", "years", True), ("4.5 days", "hours", False), ("4.5 wks", "hours", False),
])
def test_a_units_short_form_in_working_is_the_unit(said, unit, right):
    # kit22: a right memo's working '4.5 hrs x 148 x 104 x USD 24 x 1.5 x 2' lost the input 4.5 hours (0.91)
    from worldsmith.environments import answers
    want = answers.Want("number", number=Decimal(said.split()[0]), unit=unit)
    assert answers.value_matches(answers.parse(said).mentions[0], want) is right


@pytest.mark.parametrize("text,status", [
    ("The back pay is EUR 1,385,280, or EUR 2,770,560 with liquidated damages.", "asserted"),
    ("The fee is EUR 40,000, or EUR 48,000 including VAT.", "asserted"),
    ("The fee is EUR 40,000, or perhaps EUR 48,000.", "hedged"),
    ("The fee is EUR 40,000 or EUR 48,000.", "hedged"),
])
def test_a_figure_restated_on_another_basis_after_or_is_no_alternative(text, status):
    # kit22: 'unpaid overtime is $1,385,280 (...), or $2,770,560 with liquidated damages' hedged both: a right reply 0.86
    from worldsmith.environments import answers
    assert [m.status for m in answers.parse(text).mentions] == [status, status]
