"""Classes verify26 found or reproduced (kit23/kit23b's blind red team on two unseen outlines, and its own attack sets),
read on small ledgers of another trade (a franchise fee, a grant) so the readers are shown to be general."""

from __future__ import annotations

import sqlite3
from types import SimpleNamespace

import pytest

from worldsmith.environments import answers, grade
from worldsmith.environments.tasks import Check


@pytest.mark.parametrize("text,relied", [
    ("The royalty rate that governs now is 6.5. The other figure is 7.25, the rate in the franchisor's draft "
     "schedule of 3 May 2026, superseded by the signed schedule.\nAnswer: 0.75", False),
    ("6.5 governs. The other figure is 7.25: the draft rate. It no longer applies.\nAnswer: 0.75", False),
    ("6.5 is superseded; the other figure is 7.25, which governs.\nAnswer: 0.75", True),
    ("The rate is 7.25.\nAnswer: 0.75", True),
])
def test_the_other_figure_beside_the_governing_one_is_not_relied_on(text, relied):
    # kit23b: 'The other figure is 16.85, the multiplier in the claimant's draft schedule ..., superseded by the served
    # schedule' was read as relying on 16.85, and a right reconcile scored 0.0
    check = Check(type="answer_asserts_current", values=["7.25"], numbers=[7.25])
    assert grade._decide("asserts_current", text, check) is relied


@pytest.fixture()
def grant_room():
    db = sqlite3.connect(":memory:")
    db.execute("create table artifact_text (text text)")
    db.execute("insert into artifact_text values ('The audited award runs to year 5 of the programme, "
               "at a match rate of 1.4 on eligible spend; tranche 3 was paid.')")
    facts = {"match_ratio": SimpleNamespace(label="funder's match ratio on eligible spend")}
    world = SimpleNamespace(world_id="verify26-grant", db=db, facts=facts,
                            plan=SimpleNamespace(facts=[], distractors=[]))
    task = SimpleNamespace(needs=SimpleNamespace(facts=["match_ratio"]))
    grade._WORLD_NOW[0], grade._TASK_NOW[0] = world, task
    yield
    grade._WORLD_NOW[0], grade._TASK_NOW[0] = None, None


@pytest.mark.parametrize("text,right", [
    ("Governs: 1.4 (award to year 5). Superseded: 1.6 (draft award).\nAnswer: 0.2", True),
    ("1.4 governs (the audited award, running to year 5 of the programme). 1.6 was the draft's.\nAnswer: 0.2", True),
    # a number after a word the room does not write it after, or after a word of the asked figure, is a rival
    ("Governs: 1.4 (award to year 7). Superseded: 1.6 (draft award).\nAnswer: 0.2", False),
    ("Governs: 1.4. The match ratio 1.8 also appears.\nAnswer: 0.2", False),
])
def test_a_term_the_room_writes_after_its_word_is_no_rival_answer(grant_room, text, right):
    # kit23b: 'Governs: 15.2 (to age 67)' where the served schedule says 'to age 67': 67 read as a rival of the move
    # of 1.65, and 12 right reconcile answers scored 0.6
    check = Check(type="answer_final", values=["0.2"], numbers=[0.2], allowed=[1.4, 1.6], expect="down")
    assert grade._final(text, check) is right


def _money_fact(fid, label, amount, earlier=()):
    import datetime as dt
    from decimal import Decimal
    from worldsmith.worlds.plan import FactPeriod, LedgerFact
    from worldsmith.worlds.values import Money
    return LedgerFact(id=fid, statement="A figure of the matter.", value=Money(amount=Decimal(amount), currency="EUR"),
                      text=f"EUR {amount}", label=label, known_from=dt.date(2026, 5, 1),
                      earlier=[FactPeriod(since=dt.date(2026, 3, 1), value=Money(amount=Decimal(e), currency="EUR"),
                                          text=f"EUR {e}") for e in earlier])


@pytest.fixture(scope="module")
def haulage():
    facts = [_money_fact("levy_per_litre", "fuel levy per litre", "0.42", earlier=["0.45"]),
             _money_fact("levy_total", "fuel levy for the quarter", "18900")]
    return SimpleNamespace(plan=SimpleNamespace(facts=facts, distractors=[]))


@pytest.mark.parametrize("value,expected,right", [
    ("EUR 0.42 per litre", "EUR 0.42", True),
    ("EUR 0.42/litre", "EUR 0.42", True),
    ("0.42 EUR per liter", "EUR 0.42", True),
    ("EUR 0.03 per litre", "EUR 0.03", True),  # the move of the per-litre figure is per litre too
    ("EUR 0.45 per litre", "EUR 0.45", True),  # its earlier figure
    ("EUR 0.42 per tonne", "EUR 0.42", False),  # a unit the fact is not stated in
    ("EUR 18,900 per litre", "EUR 18,900", False),  # a whole sum given per a unit
    ("EUR 18,900 per euro", "EUR 18,900", False),  # per a thing no fact is stated by (verify26's grant set: 1.0)
    ("EUR 18,900", "EUR 18,900", True),
])
def test_a_fields_per_unit_is_read_where_its_fact_names_it(haulage, value, expected, right):
    # kit23: 'Figure that governs now: GBP 8.48 per kg' for the CMR limit per kilogram scored 0.0-0.6 (six right forms)
    from worldsmith.environments import forms
    check = Check(type="answer_field", values=[expected], a_words=["Figure that governs now"], expect="amount")
    assert forms._figure_ok(value, check, haulage) is right


@pytest.mark.parametrize("written,expected,same", [
    ("EUR 52,915", "EUR 52,915.20", False),
    ("EUR 52,915.2", "EUR 52,915.20", True),
    ("1.02", "1.0184", False),
    ("1.0184", "1.0184", True),
    ("EUR 95.2m", "EUR 95,212,500", True),  # a scale word says it is rounded
    ("EUR 38,798", "EUR 38,797.50", False),
])
def test_a_figure_to_fewer_places_than_the_room_gives_is_not_it(written, expected, same, monkeypatch):
    # kit23: 'GBP 52,915' for the CMR limit of GBP 52,915.20, a gap rounded to the pound and an SDR rate of 1.0184 as
    # 1.02 each scored 1.0 where the attacker meant them wrong (6 of the kit's 8 false positives)
    monkeypatch.setattr(answers, "EXACT_CURRENCIES", [frozenset({"EUR"})])
    m, w = answers.parse(written).mentions[0], answers.parse(expected).mentions[0]
    assert answers.value_matches(m, answers.Want(w.kind, number=w.value, currency=w.currency)) is same


def test_a_room_of_whole_sums_takes_a_sum_rounded_to_the_unit():
    # kit22: a what-if's USD 2,992,204.80 as '$2,992,205' in a room whose every sum is whole dollars is right
    m, w = answers.parse("USD 2,992,205").mentions[0], answers.parse("USD 2,992,204.80").mentions[0]
    assert answers.value_matches(m, answers.Want(w.kind, number=w.value, currency=w.currency))
    assert grade.exact_currencies(SimpleNamespace(world_id="verify26-whole", plan=SimpleNamespace(
        facts=[_money_fact("fee", "monthly fee", "90000"), _money_fact("rate", "fee per litre", "0.42")]))) == {"EUR"}
