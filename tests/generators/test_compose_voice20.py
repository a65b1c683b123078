"""Issue 17 (voice4): no stock, garbled or machine phrasing (read 20's score sheets: 'fell on April 24, 2026 (3 days
ago) and has passed', 'The record shows ...', 'We use the total net debt divided by ...', 'Copies to the other
addressees' with one copy, an executed US credit agreement with 'amortisation'). The rules are general; the fixture
outlines only show them."""

from __future__ import annotations

import functools
import re

import pytest

from tests.generators.test_compose_mail_read18 import _own, fixture_world
from worldsmith.worlds.content import EmailContent


@functools.cache
def _world(name: str, seed: int = 61):
    return fixture_world(name, seed)


# What read 20's professionals quoted as wording a real author would not write, and what the same frames made at seed
# 61 on today's fixtures ("The compliance certificate delivery date fell on August 13, 2026 (6 days ago) and has
# passed."; "For the avoidance of doubt, we record the total net leverage ratio as 3.7x. In addition, the record shows
# that ..."; "We use the liquidated damages cap percentage of the contract sum.").
_STOCK = re.compile(r"(?i)\bago\) and has passed\b|\bthe record shows\b|\bit is recorded that\b|"
                    r"\bWe (?:use|take) the [^.]*\b(?:percentage of|divided by|multiplied by|times|less|plus)\b|"
                    r"Copies to the other addressees|\bavoidance of doubt, we record\b|\ball told\b|"
                    r"\bquick reminder\b|\bkept there\b|\bFor what it's worth, the\b|"
                    r"\bit is still (?:the )?[a-z ]+ (?:of|divided by|times|less)\b|"
                    r"\b(?:in question|concerned) is\b|\bOn the (\w+), the \1\b|"
                    r"\bno (?:questions|queries) from me on [A-Z]")


@pytest.mark.parametrize("name", ["covenant-breach", "construction-delay"])
def test_no_stock_phrase_of_read_20_in_any_artifact(name):
    plan, taxonomy, contents = _world(name)
    bodies = [_own(c.body) for c in contents.values() if isinstance(c, EmailContent)]
    assert len(bodies) > 20
    assert not [b for b in bodies if _STOCK.search(b)], [_STOCK.search(b).group(0) for b in bodies if _STOCK.search(b)]
    texts = [c.model_dump_json() for c in contents.values() if not isinstance(c, EmailContent)]
    assert not [t for t in texts if _STOCK.search(t)], [_STOCK.search(t).group(0) for t in texts if _STOCK.search(t)]


def test_an_artifact_is_spelled_as_its_outline_s_locale():
    # an "executed copy" of a US credit agreement written with UK spelling ("amortisation", "capitalised", read 20)
    from worldsmith.generators.compose.spelling import _table

    rx, _ = _table("en_US")
    plan, taxonomy, contents = _world("covenant-breach")
    assert plan.locale == "en_US"
    found = [m.group(0) for c in contents.values() for m in rx.finditer(c.model_dump_json()) if m.group(0)[:1].islower()]
    assert not found, found


def test_respelling_leaves_the_outline_s_own_words_and_names():
    from worldsmith.generators.compose.spelling import respell, words_of

    text = "Depreciation and amortisation; the Harbour Centre lease; the construction programme; please diarise it."
    assert respell(text, "en_US", words_of({"facts": ["the construction programme"]})) == \
        "Depreciation and amortization; the Harbour Centre lease; the construction programme; please calendar it."
    assert respell("the behavior of the center; the judgment", "en_GB") == "the behaviour of the centre; the judgment"
    assert respell("the exercise of the premise; revised", "en_US") == "the exercise of the premise; revised"


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


# How a sentence says a figure moves, holds for now, or is one the writer picks.
_MOVING = re.compile(r"(?i)\b(?:still|unchanged|no change|for now|right now|at the moment|these days|today|latest|"
                     r"moved|holds? at|holding|remains?|as things stand|is now|now works out|I am taking|I'm taking|"
                     r"I'm using|we're using|are we using|we use|working to|working off|I would (?:use|go with)|"
                     r"going with|my number|working number)\b")


@pytest.mark.parametrize("name", ["construction-delay", "earnout-extract"])
def test_a_fixed_term_of_an_instrument_is_never_spoken_of_as_moving(name):
    # "For now, the liquidated damages cap is USD 1,230,000, unchanged." (a cap of 5% of the contract sum), "what do we
    # use for the earn-out cap today", "for the record, I am taking USD 1,230,000 for the liquidated damages cap"
    # (read 20, and seed 61 of the fixtures on main)
    from worldsmith.generators.context import is_term

    plan, taxonomy, contents = _world(name)
    terms = [f.label_text if hasattr(f, "label_text") else f.label for f in plan.facts if is_term(plan, f)]
    others = [f.label for f in plan.facts if not is_term(plan, f) and f.label]
    assert terms
    bad = []
    for c in contents.values():
        texts = [_own(c.body)] if isinstance(c, EmailContent) else _strings(c.model_dump(mode="json"))
        for text in texts:
            for s in re.split(r"(?<=[.?!])\s+|\n+", text):
                low = s.lower()
                if any(t.lower() in low for t in terms) and not any(o.lower() in low for o in others) \
                        and _MOVING.search(s):
                    bad.append(s)
    assert not bad, bad[:8]


def test_a_name_both_sides_know_is_said_plainly_not_in_question():
    # "The responsible party in question is Kestrel Bay" (read 20: filler in a P&I club's mail)
    from tests.generators.context_fixture import fact
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import named_sentence
    from worldsmith.worlds.values import Text

    party = fact("rp", "The responsible party is Kestrel Bay Tankers Ltd.", Text(value="Kestrel Bay Tankers Ltd.")) \
        .model_copy(update={"label": "the responsible party"})
    said = [named_sentence(Picker(seed), party, "document") for seed in range(40)]
    assert all("Kestrel Bay Tankers Ltd." in s for s in said)
    assert not [s for s in said if re.search(r"\b(?:in question|concerned) is\b", s)], said


def test_a_lead_in_never_opens_with_the_words_its_sentence_opens_with():
    # "On the papers, the papers on the denial-rate service level" (read 20, an audit plan)
    from decimal import Decimal

    from tests.generators.context_fixture import document_context, fact
    from worldsmith.worlds import kinds
    from worldsmith.worlds.values import Money

    papers = fact("papers", "The papers on the claim cost USD 120,000.", Money(amount=Decimal("120000"), currency="USD")) \
        .model_copy(update={"label": "the papers on the claim"})
    seen = 0
    for seed in range(30):
        doc = kinds.kind("document").compose(document_context("memo", seed=seed, facts=[papers]))
        text = " ".join(p for sec in doc.sections for p in sec.paragraphs)
        seen += "the papers on the claim" in text.lower()
        assert not re.search(r"(?i)\bOn the papers, the papers\b", text), text
    assert seen


def test_a_term_of_the_instrument_is_not_said_to_have_held_since_a_day():
    # "the threshold ... has been at that level since February 2" of a fixed contract term (read 20, earn-out)
    import datetime as dt

    from tests.generators.context_fixture import CAP, email_context
    from worldsmith.generators.compose.advice import figure_paragraph
    from worldsmith.generators.compose.bank import Picker

    cap = CAP.model_copy(update={"label": "the liability cap", "since": dt.date(2025, 2, 2), "term": True,
                                 "paper": "Charter party", "paper_day": dt.date(2024, 11, 5),
                                 "paper_instrument": True})
    ctx = email_context("new", seed=1, facts=[cap])
    said = [" ".join(figure_paragraph(Picker(seed), ctx, cap)) for seed in range(30)]
    assert any(said)
    assert not [s for s in said if re.search(r"since February 2|February 2\b", s)], said


def test_a_term_is_named_without_a_day_a_draft_or_one_who_adopts_it():
    # "Today, we are applying 12% for the adjustment cap percentage", "the annual committed volume is 24,000 t on the
    # latest papers", "we use 12% for the adjustment cap percentage" (voice4's read of a supply agreement's terms at
    # seed 67, after the first fixes)
    from decimal import Decimal

    from tests.generators.context_fixture import fact
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import named_sentence
    from worldsmith.worlds.values import Number, Percent

    pct = fact("cap_percent", "Clause 6.3 caps any price adjustment at 12% of the annual contract value.",
               Percent(value=Decimal("12"))).model_copy(update={"label": "the adjustment cap percentage", "term": True})
    vol = fact("annual_volume", "The buyer commits to 24,000 tonnes of bar a year.",
               Number(value=Decimal("24000"), unit="t")).model_copy(update={"label": "the annual committed volume",
                                                                            "term": True})
    bad = []
    for f in (pct, vol):
        for register in ("email", "document"):
            for seed in range(40):
                said = named_sentence(Picker(seed), f, register)
                assert f.text in said
                if _MOVING.search(said) or re.search(r"(?i)\b(?:applying|we show|we record|taken (?:at|as))\b", said):
                    bad.append(said)
    assert not bad, sorted(set(bad))[:10]


def test_a_sentence_after_a_colon_or_opening_an_answer_takes_no_connective():
    # "The short version: also, the annual contract value is USD 19,680,000." and "Short answer: also, the adjustment
    # cap percentage is 12%." (voice4's read of supply-surcharge at seed 67)
    from worldsmith.generators.compose.facts import unjoined

    assert unjoined("Also, the annual contract value is USD 19,680,000.") == "The annual contract value is USD 19,680,000."
    assert unjoined("In addition, Kestrel Bay Tankers Ltd. is the owner.") == "Kestrel Bay Tankers Ltd. is the owner."
    assert unjoined("Alsop LLP is counsel.") == "Alsop LLP is counsel."
    plan, taxonomy, contents = _world("covenant-breach")
    bodies = [_own(c.body) for c in contents.values() if isinstance(c, EmailContent)]
    bad = [m.group(0) for b in bodies for m in re.finditer(
        r"(?:[A-Z][a-z]+(?: [a-z]+){0,2}): (?:also|and|in addition|on top of that|next|alongside that|further),", b)]
    assert not bad, bad


def test_a_fixed_name_has_more_than_one_wording():
    # aircraft-redelivery at seed 67 was quarantined (realism_boilerplate): "The Engine 2 borescope finding is HPT
    # stage 1 blade distress beyond AMM limits." word for word in a notice, a reply and two emails, once the filler
    # wordings went and one was left
    from tests.generators.context_fixture import fact
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import named_sentence
    from worldsmith.worlds.values import Text

    finding = fact("finding", "The Engine 2 borescope finding is blade distress.", Text(value="HPT stage 1 blade distress")) \
        .model_copy(update={"label": "Engine 2 borescope finding"})
    said = {named_sentence(Picker(seed), finding, "document") for seed in range(40)}
    assert len(said) >= 2, said
    assert all("HPT stage 1 blade distress" in s and not re.search(r"\b(?:in question|concerned)\b", s) for s in said), said

