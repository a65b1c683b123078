"""The answer parser: every usual way to write a figure reads back, and negation, hedging, superseded drafts,
competing values, the direction of a comparison and a yes/no conclusion are read the way a reviewer would."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from worldsmith.environments.answers import (Want, asserts, bound_figures, competing_values, conclusion, direction,
                                             mentions_text, parse, value_matches, want)
from worldsmith.worlds.values import DateValue, Money, Number, Percent, Text

CAP = Money(amount=Decimal("156200000"), currency="USD")
DRAFT = Money(amount=Decimal("148000000"), currency="USD")
MAY_1 = DateValue(value=dt.date(2026, 5, 1))


def status(text: str, expected=CAP) -> str:
    return asserts(parse(text), expected).status


# ---------------------------------------------------------------- formats that match

@pytest.mark.parametrize("written", [
    "USD 156,200,000", "USD 156,200,000.00", "$156,200,000", "$156.2m", "USD 156.2m", "156.2 million dollars",
    "USD 156.2 million", "US$156.2 mn", "156,200,000 USD", "USD156,200,000", "$156.2M", "USD 0.1562bn",
    "156,200,000", "156.2 million", "156200000.00", "156,200,000.00 US dollars", "US$ 156,200,000",
])
def test_every_usual_form_of_the_cap_matches(written):
    assert status(f"The cap is {written}.") == "asserted"


@pytest.mark.parametrize("written, expected", [
    ("GBP 14.2m", Money(amount=Decimal("14200000"), currency="GBP")),
    ("£14.2m", Money(amount=Decimal("14200000"), currency="GBP")),
    ("14.2 million pounds", Money(amount=Decimal("14200000"), currency="GBP")),
    ("€3.1bn", Money(amount=Decimal("3100000000"), currency="EUR")),
    ("EUR 3,100,000,000", Money(amount=Decimal("3100000000"), currency="EUR")),
    ("3.1 billion euros", Money(amount=Decimal("3100000000"), currency="EUR")),
    ("¥500m", Money(amount=Decimal("500000000"), currency="JPY")),
    ("JPY 500,000,000", Money(amount=Decimal("500000000"), currency="JPY")),
    ("CHF 1,250,000", Money(amount=Decimal("1250000"), currency="CHF")),
    ("CAD 2.5m", Money(amount=Decimal("2500000"), currency="CAD")),
    ("C$2.5m", Money(amount=Decimal("2500000"), currency="CAD")),
    ("$2.5m", Money(amount=Decimal("2500000"), currency="CAD")),  # a bare $ is any dollar
    ("A$ 2.5 million", Money(amount=Decimal("2500000"), currency="AUD")),
    ("AUD 2,500,000", Money(amount=Decimal("2500000"), currency="AUD")),
    ("1.2k", Number(value=Decimal("1200"))),
    ("-1,234", Number(value=Decimal("-1234"))),
    ("−1,234", Number(value=Decimal("-1234"))),
    ("USD -1,234.50", Money(amount=Decimal("-1234.5"), currency="USD")),
    ("12.5%", Percent(value=Decimal("12.5"))),
    ("12.5 percent", Percent(value=Decimal("12.5"))),
    ("12.5 per cent", Percent(value=Decimal("12.5"))),
    ("12.50%", Percent(value=Decimal("12.5"))),
    ("34,000 gross tons", Number(value=Decimal("34000"), unit="gross tons")),
    ("34000 gross tons", Number(value=Decimal("34000"), unit="gross tons")),
    ("1,234 claims", Number(value=Decimal("1234"), unit="claims")),
    ("34,000 GT", Number(value=Decimal("34000"), unit="gross tons")),
    ("34,000 tonnes", Number(value=Decimal("34000"), unit="tons")),
    ("34,000-ton", Number(value=Decimal("34000"), unit="tons")),
    ("May 1, 2026", MAY_1), ("1 May 2026", MAY_1), ("2026-05-01", MAY_1), ("05/01/2026", MAY_1),
    ("1st May 2026", MAY_1), ("May 1st, 2026", MAY_1), ("Friday, May 1, 2026", MAY_1), ("1 May, 2026", MAY_1),
    ("1st of May 2026", MAY_1), ("Sept. 1, 2026", DateValue(value=dt.date(2026, 9, 1))),
    ("13/05/2026", DateValue(value=dt.date(2026, 5, 13))), ("5/13/2026", DateValue(value=dt.date(2026, 5, 13))),
    ("05/01/2026", DateValue(value=dt.date(2026, 1, 5))),  # ambiguous: both readings are candidates
    ("2026/05/01", MAY_1), ("05/01/26", MAY_1), ("01-May-2026", MAY_1),
])
def test_other_currencies_numbers_percents_and_dates_match(written, expected):
    assert status(f"The figure is {written}.", expected) == "asserted"


def test_accounting_parentheses_are_negative_only_where_accounting_puts_them():
    assert parse("Net: (1,234.00)").mentions[0].value == Decimal("-1234.00")
    assert parse("(1,234.00)").mentions[0].value == Decimal("-1234.00")
    assert parse("Balance\t(USD 1,234.00)\n").mentions[0].value == Decimal("-1234.00")
    assert asserts("Net: (1,234.00)", Money(amount=Decimal("-1234"))).status == "asserted"
    prose = parse("The cap (USD 156,200,000) applies.").mentions[0]
    assert prose.value == Decimal("156200000") and prose.text == "USD 156,200,000"


@pytest.mark.parametrize("text, value", [
    ("USD 156.2m exactly", "156200000"),
    ("USD 156,234,567 is written as USD 156.2m", "156234567"),  # rounded, 4 significant digits, exact rounding
    ("about 12.53%", None),
])
def test_rounded_figures_with_enough_digits_match(text, value):
    if value:
        assert asserts(parse("The cap is USD 156.2m."), Money(amount=Decimal(value))).status == "asserted"


# ---------------------------------------------------------------- formats that must not match

@pytest.mark.parametrize("written, expected", [
    ("USD 14.2m", Money(amount=Decimal("14200000"), currency="GBP")),   # wrong currency
    ("GBP 14.2m", Money(amount=Decimal("14200000"), currency="USD")),
    ("€14.2m", Money(amount=Decimal("14200000"), currency="GBP")),
    ("C$14.2m", Money(amount=Decimal("14200000"), currency="USD")),
    ("USD 156m", CAP),                                                  # too few digits for a rounding
    ("USD 0.16bn", CAP),
    ("USD 156,200,000.01", CAP),                                        # off by a cent
    ("USD 156,199,999.99", CAP),
    ("USD 156.3m", CAP),
    ("USD 1,562,000", CAP),                                             # wrong scale
    ("156.2 thousand dollars", CAP),
    ("156,200,000 gross tons", CAP),                                    # a quantity, not money
    ("12.5%", Number(value=Decimal("12.5"))),
    ("12.5", Percent(value=Decimal("12.5"))),
    ("12.6%", Percent(value=Decimal("12.5"))),
    ("May 1, 2025", MAY_1),                                             # wrong year
    ("2027-05-01", MAY_1),
    ("2026-01-05", MAY_1),                                              # ISO is never read the other way round
    ("13/05/2026", DateValue(value=dt.date(2026, 1, 13))),              # only one reading is a date
    ("2026-13-05", DateValue(value=dt.date(2026, 5, 13))),              # day and month swapped: no date
    ("13/05", DateValue(value=dt.date(2026, 5, 13))),                   # no year: no date
    ("May 2, 2026", MAY_1),
    ("34,000 claims", Number(value=Decimal("34000"), unit="gross tons")),
    ("1,235 claims", Number(value=Decimal("1234"), unit="claims")),
])
def test_near_misses_do_not_match(written, expected):
    assert status(f"The figure is {written}.", expected) == "absent"


def test_the_rounding_rule():
    mention = parse("USD 156.2m").mentions[0]
    assert value_matches(mention, want(Money(amount=Decimal("156234567"))))       # 4 digits, rounded exactly
    assert not value_matches(mention, want(Money(amount=Decimal("156250001"))))   # rounds to 156.3m
    assert not value_matches(parse("USD 156m").mentions[0], want(CAP))            # 3 digits is not enough
    assert value_matches(parse("USD 156m").mentions[0], want(CAP), min_sig=3)     # unless the caller says so
    assert value_matches(parse("USD 150m").mentions[0], want(Money(amount=Decimal("150000000"))))  # exact


@pytest.mark.parametrize("text", [
    "See Clause 14.2 and section 5.", "The OPA 90 regime applies.", "Page 12 of the memo.", "At 10:30 we met.",
    "The A320 fleet.", "It was his 1st claim.", "No. 4 on the list.",
])
def test_labels_and_references_are_not_figures(text):
    assert parse(text).mentions == []


@pytest.mark.parametrize("written, expected", [
    ("one hundred fifty-six point two million dollars", CAP),
    ("USD one hundred fifty-six million two hundred thousand", CAP),
    ("USD 156,200,000 (one hundred fifty-six million two hundred thousand US dollars)", CAP),
    ("eleven point five percent", Percent(value=Decimal("11.5"))),
    ("four hundred claims", Number(value=Decimal("400"), unit="claims")),
    ("ten thousand five hundred and sixty claims", Number(value=Decimal("10560"), unit="claims")),
])
def test_figures_written_in_words_match(written, expected):
    assert status(f"The figure is {written}.", expected) == "asserted"


@pytest.mark.parametrize("text", ["(1) Yes, it does.", "answering: (1) does it exceed? (2) by how much?",
                                  "Questions:\n(1) the cap\n(2) the floor"])
def test_bracketed_list_markers_are_no_figures(text):
    assert [m for m in parse(text).mentions if m.kind == "number"] == []


@pytest.mark.parametrize("text", ["One of the claims was wrong.", "Two partners signed it.", "A hundred ways."])
def test_a_single_number_word_is_no_figure(text):
    assert parse(text).mentions == []


def test_figures_in_words_carry_their_flags():
    assert status("The cap is not one hundred fifty-six point two million dollars.") == "negated"
    assert status("The cap is one hundred forty-eight million dollars.") == "absent"
    assert [m.text for m in competing_values(parse("The cap is USD 156.2m or one hundred forty-eight million "
                                                   "dollars."), CAP)] == ["one hundred forty-eight million dollars"]


# ---------------------------------------------------------------- negation and its scope

@pytest.mark.parametrize("text", [
    "The cap is not USD 156,200,000.",
    "The cap isn't USD 156.2m.",
    "The cap is no longer USD 156.2m.",
    "The cap was never USD 156.2m.",
    "The cap is USD 148m rather than USD 156.2m.",
    "The cap is USD 148m instead of USD 156.2m.",
    "USD 156.2m was wrongly stated in the memo; the cap is USD 148m.",
    "The figure of USD 156.2m is incorrect.",
    "USD 156.2m is not correct.",
    "The USD 156.2m figure is not the cap.",
    "The cap is not, as the memo suggested, USD 156.2m.",
    "The cap is USD 148m, not USD 156.2m.",
    "The cap is not USD 156.2m but USD 148m.",
    "Not USD 156.2m.",
    "The cap is neither USD 156.2m nor USD 150m.",
    "The cap is USD 148m as opposed to USD 156.2m.",
    "The memo gave USD 156.2m, which is wrong.",
    "The memo said USD 156.2m - this is incorrect.",
    "USD 156.2m and USD 150m are not correct.",
    "The cap is USD 156.2m. The cap is not USD 156.2m.",  # two answers: the denial counts
    "It is not true that the cap is USD 156.2m.",
    "It is false that the cap is USD 156.2m.",
])
def test_negations_deny_the_figure(text):
    assert status(text) == "negated"


@pytest.mark.parametrize("text", [
    "The cap is USD 156.2m, not USD 148m.",
    "The cap is USD 156.2m rather than USD 148m.",
    "The cap is not USD 148m but USD 156.2m.",
    "USD 148m is not the cap; the cap is USD 156.2m.",
    "The cap is no longer USD 148m; it is USD 156.2m.",
    "The cap is USD 156.2m (not USD 148m).",
    "The cap is USD 156.2m instead of USD 148m as in the earlier draft.",
    "The cap is USD 156.2m and the USD 148m in the earlier draft is incorrect.",
    "The cap is USD 156.2m; USD 148m is incorrect.",
    "Kestrel Bay cannot rely on the USD 156.2m cap.",
    "The owner did not dispute the USD 156.2m cap.",
    "The cap of USD 156.2m is not affected by the deductible.",
    "The claim does not exceed the cap of USD 156.2m.",
    "The cap is USD 156.2m. It was never USD 148m.",
])
def test_negation_reaches_only_its_own_figure(text):
    assert status(text) == "asserted"
    assert status(text, DRAFT) in ("negated", "superseded_mention", "absent")


def test_a_hanging_not_reaches_across_commas_only():
    assert status("Is it USD 148m? It is not; the cap is USD 156.2m.") == "asserted"
    assert status("The cap is not, as the memo said, USD 156.2m.") == "negated"


# ---------------------------------------------------------------- superseded values

@pytest.mark.parametrize("text", [
    "The cap is USD 156.2m; the superseded draft said USD 148m.",
    "The final cap of USD 156.2m replaced the earlier draft's USD 148m.",
    "USD 148m was superseded by USD 156.2m.",
    "The cap was revised from USD 148m to USD 156.2m.",
    "The cap is USD 156.2m (previously USD 148m).",
    "The cap is USD 156.2m, up from USD 148m.",
    "The cap is USD 156.2m. The earlier draft used USD 148m, but it was withdrawn.",
    "The current cap, USD 156.2m, supersedes the USD 148m in the first draft.",
    "The cap is USD 156.2m; originally it was USD 148m.",
    "The cap was updated to USD 156.2m from USD 148m.",
    "The cap rose to USD 156.2m (from USD 148m).",
    "The cap is USD 156.2m (was USD 148m).",
    "Contrary to the draft (USD 148m), the cap is USD 156.2m.",
    "Previously, the cap was USD 148m. It is now USD 156.2m.",
    "In the earlier draft, the cap was USD 148m. The cap is USD 156.2m.",
])
def test_a_correct_answer_may_mention_the_superseded_draft_as_superseded(text):
    verdict = asserts(parse(text), CAP)
    assert verdict.status == "asserted" and verdict.ok
    assert status(text, DRAFT) == "superseded_mention"


@pytest.mark.parametrize("text", [
    "The earlier draft (limitation_memo_v1.docx) stated USD 148m; the cap is USD 156.2m.",
    "The cap is USD 156.2m. Previously quoted: USD 148m.",
    "| Item | Value |\n|---|---|\n| Cap | USD 156,200,000 |\n| Draft cap (superseded) | USD 148,000,000 |",
    "The cap is USD 156.2m; USD 148m (superseded) was the first figure.",
    "The cap is USD 156.2m (the USD 148m in the draft is out of date).",
])
def test_labels_tables_and_parentheses_carry_their_flags(text):
    verdict = asserts(parse(text), CAP)
    assert verdict.status == "asserted" and verdict.ok, [(m.text, m.status) for m in parse(text).mentions]
    assert status(text, DRAFT) == "superseded_mention"


def test_a_parenthesis_reads_as_its_own_clause():
    assert status("The cap is not (as the memo had it) USD 156.2m.") == "negated"
    assert status("The cap (not USD 148m) is USD 156.2m.") == "asserted"
    assert status("The cap is USD 156.2m (approx.).") == "hedged"
    assert status("The cap is USD 156.2m (see the final memo).") == "asserted"


def test_list_markers_are_not_figures():
    text = "1. Cap: USD 156.2m\n2. Claim: USD 160.5m\n  3) Tonnage: 34,000 GT"
    assert [m.text for m in parse(text).mentions] == ["USD 156.2m", "USD 160.5m", "34,000"]


def test_a_dated_bracket_after_a_figure_speaks_of_that_figure():
    text = "Earlier: USD 38,420,000 (the interim damages schedule through March 13, 2026, marked superseded)."
    assert status(text, Money(amount=Decimal("38420000"), currency="USD")) == "superseded_mention"
    assert status("The cap is USD 156,200,000 (confirmed on March 13, 2026).") == "asserted"


@pytest.mark.parametrize("text, expected", [
    # red team: the draft's figure, then the paper's date, then what became of the paper
    ("The other figure, USD 156.2m, is the draft schedule of June 15, 2026, which was superseded by the final one.",
     "superseded_mention"),
    ("USD 156.2m, in the draft of June 15, 2026, which is superseded.", "superseded_mention"),
    ("The cap is USD 156.2m as of May 1, 2026, which is wrong.", "negated"),
    ("The room also shows USD 156.2m, from draft v1 of March 2, 2026, which has been superseded.", "superseded_mention"),
    ("Older: USD 156.2m reported on March 11, 2026 (replaced by the current figure).", "superseded_mention"),
    ("The other figure, USD 156.2m, (superseded draft of June 15, 2026) is superseded.", "superseded_mention"),
    ("It was worked from the draft's USD 156.2m, itself superseded.", "superseded_mention"),
    # active voice: the current figure's paper superseded the draft
    ("The cap is USD 156.2m, in the final memo of June 29, 2026, which superseded the draft.", "asserted"),
])
def test_what_follows_a_papers_date_speaks_of_the_figure_it_dates(text, expected):
    assert status(text) == expected


@pytest.mark.parametrize("text", [
    "Unlike the draft, the final memo puts the cap at USD 156.2m.",
    "Although the draft differed, the cap is USD 156.2m.",
    "The cap is USD 156.2m, which replaced the draft figure.",
    "The revised cap is USD 156.2m.",
    "The cap was revised to USD 156.2m.",
])
def test_a_mention_of_the_draft_does_not_make_the_current_figure_old(text):
    assert status(text) == "asserted"


def test_the_superseded_value_alone_is_no_assertion():
    assert status("The draft said USD 156.2m.") == "superseded_mention"
    assert status("The cap was previously USD 156.2m.") == "superseded_mention"


# ---------------------------------------------------------------- hedging and competing values

@pytest.mark.parametrize("text", [
    "The cap is either USD 156.2m or USD 148m.",
    "The cap is USD 156.2m or USD 148m.",
    "The cap is USD 148m or 156.2m.",
    "The cap is about USD 156.2m.",
    "The cap is approximately USD 156.2m.",
    "The cap is roughly USD 156.2m.",
    "The cap may be USD 156.2m.",
    "The cap could be USD 156.2m.",
    "The cap is possibly USD 156.2m.",
    "The cap is between USD 150m and USD 156.2m.",
    "The cap is somewhere in USD 150m-156.2m.",
    "The cap is USD 156.2m or so.",
    "If the tonnage is confirmed, the cap might be USD 156.2m.",
    "Is the cap USD 156.2m?",
    "The cap is USD 156.2m (or USD 148m).",
    "The cap is USD 156.2m/USD 148m.",
    "Possible caps: USD 156.2m; USD 148m.",
    "The cap could well be USD 156.2m.",
])
def test_hedges(text):
    assert status(text) == "hedged"


@pytest.mark.parametrize("text", [
    "Kestrel Bay may limit its liability to USD 156.2m.",
    "Either way, the cap is USD 156.2m.",
    "In May the cap was confirmed at USD 156.2m.",
    "Kestrel Bay's liability is capped at USD 156.2m.",
])
def test_modal_verbs_and_months_are_no_hedge(text):
    assert status(text) == "asserted"


def test_the_same_figure_twice_in_two_formats_is_no_hedge():
    assert status("The cap is USD 156.2m or USD 156,200,000.") == "asserted"
    assert status("The cap is USD 156.2m (USD 156,200,000).") == "asserted"


@pytest.mark.parametrize("text, competitors", [
    ("The cap is USD 156.2m.", []),
    ("The cap is USD 156.2m. Alternatively it could be USD 148m.", ["USD 148m"]),
    ("USD 156.2m, USD 148m, USD 34m, 34,000 gross tons, 12.5%, May 1, 2026.", ["USD 148m", "USD 34m"]),
    ("Figures in the room: 156,200,000; 148,000,000; 2026; 3 claims.", ["148,000,000"]),
    ("The cap is USD 156.2m, not USD 148m; GBP 14.2m is the deductible.", []),  # another currency
    ("The cap is USD 156.2m; the superseded draft said USD 148m.", []),
])
def test_competing_values_catch_dumps_and_second_candidates(text, competitors):
    assert [m.text for m in competing_values(parse(text), CAP)] == competitors
    assert asserts(parse(text), CAP).ok == (not competitors)


def test_allowed_figures_do_not_compete():
    text = ("The cap is USD 156.2m: 34,000 gross tons at USD 4,594.12 per ton, above the USD 148m claim "
            "and USD 2m costs.")
    claim, costs = Money(amount=Decimal("148000000")), Money(amount=Decimal("2000000"))
    # the per-ton rate is five orders of magnitude off: no rival to a cap
    assert [m.text for m in competing_values(text, CAP)] == ["USD 148m", "USD 2m"]
    assert competing_values(text, CAP, allowed=[claim, costs]) == []
    assert asserts(text, CAP, allowed=[claim, costs]).ok


def test_competing_dates_and_percents():
    text = "The notice went out on May 1, 2026, or perhaps 2026-05-04; the rate is 12.5% or 12.75%."
    assert [m.text for m in competing_values(text, MAY_1)] == ["2026-05-04"]
    assert [m.text for m in competing_values(text, Percent(value=Decimal("12.5")))] == ["12.75%"]
    assert status(text, MAY_1) == "hedged"


# ---------------------------------------------------------------- direction of a comparison

A = "Kestrel Bay's maximum liability"
B = "the claim against Ostrander"


@pytest.mark.parametrize("text, expected", [
    ("Kestrel Bay's maximum liability is higher than the claim against Ostrander.", "a>b"),
    ("Kestrel Bay's maximum liability is larger than the claim.", "a>b"),
    ("The maximum liability exceeds the Ostrander claim by USD 8.2m.", "a>b"),
    ("Kestrel Bay's maximum liability is above the claim.", "a>b"),
    ("The claim against Ostrander is lower than Kestrel Bay's maximum liability.", "a>b"),
    ("The claim falls short of the maximum liability.", "a>b"),
    ("Of the two, Kestrel Bay's maximum liability is the larger.", "a>b"),
    ("The higher figure is Kestrel Bay's maximum liability.", "a>b"),
    ("Kestrel Bay's maximum liability (USD 156.2m) is greater than the Ostrander claim (USD 148m).", "a>b"),
    ("Kestrel Bay's maximum liability is below the claim against Ostrander.", "a<b"),
    ("Kestrel Bay's maximum liability is exceeded by the claim.", "a<b"),
    ("The claim of USD 160.5m is higher than Kestrel Bay's maximum liability of USD 156.2m, so the maximum "
     "liability is exceeded.", "a<b"),
    ("Kestrel Bay's maximum liability (USD 156.2m) is USD 4.3m lower than the claim (USD 160.5m).", "a<b"),
    ("The maximum liability is smaller than the claim.", "a<b"),
    ("The maximum liability would be USD 187.5m, above the claim (USD 61m) by USD 126.5m.", "a>b"),
    ("The maximum liability would be USD 187.5m, USD 126.5m below the claim of USD 314m.", "a<b"),
    ("The maximum liability would be USD 187.5m, well under the claim.", "a<b"),
    ("The cap is the greater of the claim and the maximum liability.", None),
    ("Yes: the maximum liability of USD 156.2m (USD 2,500 x 62,480 GT; the floor does not bite) exceeds the claim.",
     "a>b"),
    ("The claim against Kestrel Bay exceeds its maximum liability.", "a<b"),
    ("The claim is greater than the maximum liability.", "a<b"),
    ("Kestrel Bay's maximum liability does not exceed the claim.", "a<b"),
    ("The claim is not lower than the maximum liability.", "a<b"),
    ("The maximum liability is no higher than the claim.", "a<b"),
    ("The claim stays below the maximum liability.", "a>b"),
    ("The claim sits well within Kestrel Bay's maximum liability.", "a>b"),
    ("The maximum liability equals the claim.", "equal"),
    ("The maximum liability is the same as the claim.", "equal"),
    ("The maximum liability is higher than the claim. The claim is higher than the maximum liability.", None),
    ("Kestrel Bay sits in a higher court than Ostrander.", None),
    ("The maximum liability and the claim are both in the memo.", None),
    ("Is the maximum liability higher than the claim?", None),
])
def test_direction(text, expected):
    assert direction(text, A, B) == expected


def test_direction_labels_as_word_lists_and_swapped():
    text = "The claim against Ostrander exceeds Kestrel Bay's maximum liability."
    assert direction(text, ["claim", "Ostrander"], ["maximum", "liability"]) == "a>b"
    assert direction(text, A, B) == "a<b"


# ---------------------------------------------------------------- conclusions

POS = ["broken", "breached", "exceeded", "lost", "yes"]
NEG = ["intact", "not broken", "holds", "within", "no"]


@pytest.mark.parametrize("text, expected", [
    ("The limit is broken.", "yes"),
    ("Yes, the limit is breached.", "yes"),
    ("Kestrel Bay has lost the right to limit.", "yes"),
    ("The limit is not intact.", "yes"),
    ("The limit is not broken.", "no"),
    ("The limit has not been breached.", "no"),
    ("No. The limit holds.", "no"),
    ("The limit is intact.", "no"),
    ("Is the limit broken? No, it is intact.", "no"),
    ("Whether the limit is broken depends on privity. It holds.", "no"),
    ("There is no longer any doubt: the limit is lost.", "yes"),
    ("The limit is broken and it holds.", None),
    ("The limit may be broken.", None),
    ("The limit would be broken only if privity were shown, which it is not; so the limit holds.", "no"),
    ("Short answer: no. Long answer: the limit is intact.", "no"),
    ("The limit does not hold.", "yes"),
    ("The file is silent.", None),
])
def test_conclusion(text, expected):
    assert conclusion(text, POS, NEG) == expected


def test_conclusion_uses_the_callers_words():
    text = "Kestrel Bay cannot rely on the limit."
    assert conclusion(text, POS, NEG) is None
    assert conclusion(text, ["cannot rely"], ["can rely"]) == "yes"


# ---------------------------------------------------------------- text values

@pytest.mark.parametrize("text, phrase, expected", [
    ("The contract is with Kestrel Bay Shipping.", "Kestrel Bay Shipping", True),
    ("The contract is with kestrel bay  shipping.", "Kestrel Bay Shipping", True),
    ("The contract is not with Kestrel Bay Shipping but with Ostrander.", "Kestrel Bay Shipping", False),
    ("The contract is not with Kestrel Bay Shipping but with Ostrander.", "Ostrander", True),
    ("The governing clause is Clause 14.2, not Clause 12.", "Clause 14.2", True),
    ("The governing clause is Clause 14.2, not Clause 12.", "Clause 12", False),
    ("The earlier draft named Clause 12.", "Clause 12", False),
    ("Clause 12 is wrong.", "Clause 12", False),
    ("Kestrel Bayside is the owner.", "Kestrel Bay", False),
    ("Nothing here.", "Kestrel Bay", False),
])
def test_mentions_text(text, phrase, expected):
    assert mentions_text(text, phrase) is expected


def test_expected_values_in_every_form():
    assert want("USD 156,200,000") == Want("money", number=Decimal("156200000"), currency="USD")
    assert want(dt.date(2026, 5, 1)) == Want("date", date=dt.date(2026, 5, 1))
    assert want(156200000.0).number == Decimal("156200000.0")
    assert want("Kestrel Bay").kind == "text"
    assert asserts("The owner is Kestrel Bay.", Text(value="Kestrel Bay")).status == "asserted"
    assert asserts("The owner is not Kestrel Bay.", "Kestrel Bay").status == "negated"
    assert asserts("The cap is USD 156.2m.", 156200000).status == "asserted"
    with pytest.raises(TypeError, match="give a number"):
        want(object())


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(list("abnotUSD$£€()[],.;:-/ 0123456789%\n|?") + [
    "not ", " or ", "million", "May ", "2026", "draft ", "USD ", " and ", "superseded ", "exceeds "]),
    max_size=40).map("".join))
def test_any_text_parses_and_spans_hold(text):
    parsed = parse(text)
    assert all(parsed.text[m.start:m.end] == m.text and m.start < m.end for m in parsed.mentions)
    assert direction(parsed, "the cap", "the claim") in ("a>b", "a<b", "equal", None)
    assert conclusion(parsed, ["broken"], ["intact", "no"]) in ("yes", "no", None)


def test_mentions_carry_span_and_sentence():
    text = "Intro line. The cap is USD 156.2m, not USD 148m! Done."
    cap, draft = parse(text).mentions
    assert text[cap.start:cap.end] == "USD 156.2m" and cap.sentence == "The cap is USD 156.2m, not USD 148m!"
    assert (cap.status, draft.status) == ("asserted", "negated")


# ---------------------------------------------------------------- round trips

CURRENCIES = {"USD": ("$", "US$", "dollars"), "GBP": ("£", "£", "pounds"), "EUR": ("€", "€", "euros"),
              "JPY": ("¥", "¥", "yen"), "CAD": ("C$", "C$", "Canadian dollars"),
              "AUD": ("A$", "A$", "Australian dollars"),
              "CHF": ("CHF ", "CHF ", "Swiss francs")}


def renderings(amount: Decimal, code: str) -> list[str]:
    sym, sym2, word = CURRENCIES[code]
    plain = f"{amount:,.2f}"
    millions = (amount / Decimal(1_000_000)).normalize()
    m = f"{millions:f}"
    return [f"{code} {plain}", f"{code}{amount:.2f}", f"{sym}{plain}", f"{sym2} {plain}", f"{plain} {code}",
            f"{code} {m}m", f"{code} {m} million", f"{m} million {word}", f"{sym}{m}mn"]


@settings(max_examples=60, deadline=None)
@given(st.decimals(min_value=Decimal("0.01"), max_value=Decimal("9999999999.99"), places=2),
       st.sampled_from(sorted(CURRENCIES)))
def test_amounts_read_back_from_every_rendering(amount, code):
    for written in renderings(amount, code):
        found = parse(f"The figure is {written}.").mentions
        assert len(found) == 1, written
        assert found[0].value == amount and found[0].status == "asserted", written
        assert found[0].currency == code or (not found[0].currency_exact and code in ("USD", "CAD", "AUD")), written
        assert asserts(parse(f"The figure is {written}."), Money(amount=amount, currency=code)).status == "asserted"


@settings(max_examples=40, deadline=None)
@given(st.dates(min_value=dt.date(1990, 1, 1), max_value=dt.date(2099, 12, 31)))
def test_dates_read_back_from_every_rendering(day):
    forms = [f"{day:%B} {day.day}, {day.year}", f"{day.day} {day:%B} {day.year}", day.isoformat(),
             f"{day:%m/%d/%Y}", f"{day:%b}. {day.day}, {day.year}", f"{day.day}th {day:%B} {day.year}",
             f"{day:%A}, {day:%B} {day.day}, {day.year}", f"{day:%Y/%m/%d}"]
    for written in forms:
        assert status(f"The notice is dated {written}.", DateValue(value=day)) == "asserted", written


@settings(max_examples=40, deadline=None)
@given(st.decimals(min_value=Decimal("0.01"), max_value=Decimal("999.99"), places=2))
def test_percents_read_back(value):
    for written in (f"{value}%", f"{value} percent", f"{value} per cent", f"{value:f}%"):
        assert status(f"The rate is {written}.", Percent(value=value)) == "asserted", written


@pytest.mark.parametrize("text, figure, status", [
    ("The final cap is USD 12.5m higher than the superseded draft.", "USD 12,500,000", "asserted"),
    ("The governing figure differs from the last superseded one by USD 12,496,000.", "USD 12,496,000", "asserted"),
    ("The cap rose from the superseded USD 143.7m to USD 156.2m.", "USD 156,200,000", "asserted"),
    ("The cap rose from the superseded USD 143.7m to USD 156.2m.", "USD 143,700,000", "superseded_mention"),
    ("It is USD 156.2m, up from the superseded USD 143.7m.", "USD 143,700,000", "superseded_mention"),
])
def test_a_superseded_word_on_the_other_side_of_a_comparison_leaves_the_figure_asserted(text, figure, status):
    assert asserts(text, figure).status == status


@pytest.mark.parametrize("text, expect", [
    ("Exposure would be USD 24m, so the total claims would exceed the maximum exposure by USD 150m.", "a>b"),
    ("The exposure is USD 24m, which means the total claims exceed the exposure by USD 150m.", "a>b"),
    ("Since the exposure is USD 24m, the total claims are higher, therefore they govern.", "a>b"),
])
def test_direction_reads_the_clause_after_so_and_therefore(text, expect):
    assert direction(text, ["total", "claims"], ["maximum", "exposure"]) == expect


@pytest.mark.parametrize("text, number", [
    ("USD 156 200 000", Decimal("156200000")),
    ("USD 156\u202f200\u202f000", Decimal("156200000")),
    ("EUR 156.200.000,50", Decimal("156200000.50")),
])
def test_thousands_grouped_by_spaces_or_dots_read_as_one_figure(text, number):
    found = parse(text).mentions
    assert len(found) == 1 and found[0].value == number


@pytest.mark.parametrize("text, status", [
    ("The sample error rate is 0.115.", "asserted"),  # a rate written as a fraction, as a sheet holds it
    ("The sample error rate is 0.120.", "absent"),
    ("The sample error rate is not 0.115.", "negated"),
])
def test_a_rate_written_as_a_fraction_reads_as_its_percent(text, status):
    assert asserts(text, Percent(value=11.5)).status == status


def test_one_dot_group_of_three_digits_after_a_currency_is_thousands():
    assert parse("The fee is USD 2.500.").mentions[0].value == Decimal("2500")
    assert parse("The fee is USD 2.50.").mentions[0].value == Decimal("2.50")
    assert parse("The rate is 2.500%.").mentions[0].value == Decimal("2.500")


@pytest.mark.parametrize("text, expect", [
    ("1. **Yes** - the cap exceeds the demand.", "yes"),
    ("- No. The cap is below the demand.", "no"),
    ("**No**", "no"),
    ("Does the cap exceed the demand? Yes or no?", None),
])
def test_a_yes_or_no_in_a_list_item_or_in_bold_stands_alone(text, expect):
    assert conclusion(text, ["yes"], ["no"]) == expect


@pytest.mark.parametrize("text, status", [
    ("EBITDA = GBP 15,600,000 - GBP 1,080,000 - GBP 650,000 + GBP 150,000 = GBP 14,020,000.", "asserted"),
    ("The adjustment is GBP 1,080,000 - GBP 1,200,000, depending on the auditors.", "hedged"),
])
def test_a_minus_sign_in_working_is_subtraction_and_between_two_figures_a_range(text, status):
    assert asserts(text, Money(amount=1080000, currency="GBP")).status == status


@pytest.mark.parametrize("text, status", [
    ("The gap is 6.2pp.", "asserted"), ("The gap is 620 basis points.", "asserted"), ("The gap is 6.2 points.", "asserted"),
    ("The gap is 6.2 basis points.", "absent"), ("The gap is 7.2 percentage points.", "absent"),
])
def test_a_gap_between_rates_reads_in_points_of_any_usual_spelling(text, status):
    from worldsmith.environments.answers import POINTS
    assert asserts(text, Want("number", number=Decimal("6.2"), unit=POINTS)).status == status


@pytest.mark.parametrize("text, status", [
    ("0.142 - 0.08 = 0.062.", "asserted"), ("0.142 - 0.08 = 0.063.", "absent"), ("0.06 is the gap.", "absent"),
])
def test_a_gap_of_rates_worked_as_fractions_reads_in_points_to_the_digit(text, status):
    """Kit7: a gap worked on the rates as a sheet holds them is the same gap in points, never a rounder one."""
    from worldsmith.environments.answers import POINTS
    assert asserts(text, Want("number", number=Decimal("6.2"), unit=POINTS)).status == status


def test_a_scale_after_a_bracketed_sum_is_each_terms_but_not_a_products_factors():
    """Kit7: '(61.35 + 74.0 + 46.7)m' gives the removal costs as USD 61.35m; in '(2 x 3)m' only the product is scaled."""
    assert [m.value for m in parse("(61.35 + 74.0 + 46.7)m = 182.05m").mentions] == [
        Decimal("61350000"), Decimal("74000000"), Decimal("46700000"), Decimal("182050000")]
    assert [m.value for m in parse("(2 x 3)m").mentions] == [2, 3]
    assert [m.value for m in parse("(about 4) m").mentions] == [4]


def test_an_arrow_starts_the_comparison_drawn_from_the_figures_before_it():
    """Kit7: 'EBITDA GBP 14.2m vs NWC peg GBP 3.25m -> EBITDA exceeds the peg' says EBITDA is the greater."""
    text = "Team: QoE EBITDA £14.2m vs NWC peg £3.25m -> EBITDA exceeds the peg by £10.95m."
    assert direction(text, "QoE-adjusted LTM EBITDA", "NWC peg") == "a>b"
    assert direction(text.replace("EBITDA exceeds the peg", "the peg exceeds EBITDA"),
                     "QoE-adjusted LTM EBITDA", "NWC peg") == "a<b"


@pytest.mark.parametrize("text, expect", [
    ("Told Joseph the denial rate is within the SLA.", "a<b"), ("Told Joseph the denial rate exceeds the SLA.", "a>b"),
    ("The SLA is below the denial rate.", "a>b"),
])
def test_an_acronym_names_its_label_and_who_was_told_is_not_compared(text, expect):
    """Kit7: 'Told Joseph the denial rate is within the SLA' (a wrong aside) named neither side, so it passed."""
    assert direction(text, ["initial", "denial", "rate"], ["denial", "rate", "service", "level"]) == expect


@pytest.mark.parametrize("text", ["Sample error rate 11.5% > 8% denial-rate SLA: exceeds by 3.5 pts.",
                                  "Team: sample error rate 11.5% vs denial-rate SLA 8.0% - the error rate is higher."])
def test_an_acronym_does_not_tip_a_phrase_that_names_a_side(text):
    """Kit7: read as the service level, 'SLA' tipped 'sample error rate ... denial-rate SLA' to neither side."""
    assert direction(text, ["sample", "error", "rate"], ["denial", "rate", "service", "level"]) == "a>b"


@pytest.mark.parametrize("text, rivals", [
    ("The gap is GBP 887,500 (i.e. c. GBP 0.89m; exactly GBP 887,500).", []),
    ("The gap is GBP 887,500 (c. GBP 0.95m).", ["GBP 0.95m"]),
    ("The gap is about GBP 0.89m, or GBP 0.95m.", ["GBP 0.89m", "GBP 0.95m"]),
])
def test_a_rounding_of_the_exact_figure_beside_it_is_no_rival(text, rivals):
    """Kit7: 'c. GBP 0.89m; exactly GBP 887,500' is one figure said twice; another rounding is still a rival."""
    gap = Money(amount=887500, currency="GBP")
    assert [m.text for m in competing_values(text, gap)] == rivals


def test_rates_written_as_fractions_beside_a_gap_in_points_are_the_rates_compared():
    """Kit7: 'error rate 0.115 (11.5%) vs level 0.08 (8%)' beside a 3.5-point gap."""
    from worldsmith.environments.answers import POINTS
    gap = Want("number", number=Decimal("3.5"), unit=POINTS)
    text = "Sample error rate 0.115 (11.5%) vs service level 0.08 (8%). Higher by 3.5 percentage points."
    assert competing_values(text, gap, [Decimal("11.5"), Decimal("8")]) == []
    assert [m.text for m in competing_values(text, gap)] == ["0.115"]  # with no rates allowed, 11.5% read as a rival gap


def test_three_figures_and_a_decimal_with_a_scale_word_match_but_a_bare_round_million_does_not():
    assert asserts("USD 95.2 million", Money(amount=95212500, currency="USD")).status == "asserted"
    assert asserts("USD 95m", Money(amount=95212500, currency="USD")).status == "absent"


def test_a_unit_between_a_figure_and_its_operator_is_working_not_an_alternative():
    text = "Extrapolated: USD 219,000 / 400 claims x 10,560 claims = USD 5,781,600."
    assert not any(m.hedged for m in parse(text).mentions)
    assert all(m.hedged for m in parse("The sample is 400 or 500 claims.").mentions)


@pytest.mark.parametrize("text, expected", [
    ("So the cap is USD 95,212,500.", ["USD 95,212,500"]),
    ("The OPA 90 liability cap that governs now is USD 12,496,000.", ["USD 12,496,000"]),
    ("Ostrander's maximum exposure, which on 30 April 2026 stood at USD 20,000,000 -- the lower", ["USD 20,000,000"]),
    ("The removal costs were given as USD 44,900,000. It now stands at USD 16,450,000.", ["USD 44,900,000",
                                                                                        "USD 16,450,000"]),
    ("total claims (alternative) | 46700000 | computed", ["46700000"]),
    ("The OPA 90 liability cap = USD 2,500 x 62,480 GT = USD 156,200,000, so it governs.", ["USD 156,200,000"]),
    # a gap, a share, another label's figure, a term of working, the label as a count's unit: bound to nothing
    ("The OPA 90 liability cap is USD 95,212,500 above the demand.", []),
    ("The removal costs are 35% of the total.", []),
    ("The removal costs at the 35% fault share are recoverable.", []),
    ("The per-ton limit times the removal costs (USD 156,200,000) exceeds the floor.", []),
    ("Across the 10,560 removal costs in the period: USD 5,781,600.", []),
    ("The Clause 41.3 cap is USD 20,000,000.", []),
])
def test_a_figure_is_bound_to_the_label_it_is_stated_for(text, expected):
    phrases = ["removal costs", "opa 90 liability cap", "liability cap", "the cap", "ostrander's maximum exposure",
               "total claims"]
    others = ["clause 41.3 cap", "fault share"]
    assert [m.text for m in bound_figures(text, phrases, others)] == expected


@pytest.mark.parametrize("text, expected", [
    # a pronoun subject is the sentence's subject, not the thing named last
    ("Yes - the initial denial rate is 14.2% against a denial-rate service level of 8%, so it is above the service "
     "level by 6.2 pp.", "a>b"),
    # with no word of its own on either side, the head noun decides: the denial rate is a rate, not a level
    ("The denial rate is within the service level.", "a<b"),
    ("The initial denial rate is 6.2 pp above the service level.", "a>b"),
    ("The initial denial rate is comfortably inside the service level.", "a<b"),
    # a phrase naming a third thing compares that thing
    ("The sample error rate is comfortably inside the service level.", None),
])
def test_who_a_comparison_is_about(text, expected):
    assert direction(text, "initial denial rate", "denial-rate service level") == expected


def test_an_aside_in_brackets_does_not_hide_the_subject():
    text = ("Yes, total claims ($174.25m: removal $61.35m + NRD $74.0m) are above Ostrander's maximum exposure, which "
            "is capped at $20.0m (the contribution demand of $60,987,500 is higher).")
    assert direction(text, "total claims", "Ostrander's maximum exposure") == "a>b"


@pytest.mark.parametrize("written", ["6.2 pp above the level", "6.2 percentage points above it", "620 bps over"])
def test_a_points_unit_is_read_from_its_first_words(written):
    gap = Want("number", number=Decimal("6.2"), unit="percentage points")
    assert value_matches(parse(written).mentions[0], gap)


def test_a_short_answer_opening_a_reply_is_no_answer_line():
    from worldsmith.environments.grade import _answer_parts

    assert _answer_parts("Hi,\n\nShort answer: yes. The cap is USD 156.2m, the demand USD 61m.\n\nBest") == []
    assert _answer_parts("The gap is USD 95.2m. Answer: USD 95.2m\n**Final answer:** USD 95.2m") == ["USD 95.2m"] * 2


@pytest.mark.parametrize("text", ["1" * 30, "USD " + "9" * 25 + " trillion", "1" * 30 + "%", "1" * 400,
                                  "USD 1,234.50 or " + "7" * 40])
def test_a_huge_numeral_is_no_figure_and_never_crashes(text):
    # attack22 F1: 30 digits overflowed Decimal's 28 when compared to the cent, so the grader crashed (trial voided)
    for expected in (Money(amount=Decimal("1234.5"), currency="USD"), Number(value=Decimal("12"))):
        status = asserts(text, expected).status
        assert status == ("asserted" if text.startswith("USD 1,234.50") and isinstance(expected, Money) else "absent")


@pytest.mark.parametrize("text, hedged", [
    ("QoE EBITDA is £14.2m (mgmt £15.6m - £0.9m cap dev - £0.65m one-off + £0.15m costs).", False),
    ("The cap is USD 148m - 156m.", True),
    ("There were 10 - 12 claims.", True),
])
def test_a_range_runs_upwards_and_a_smaller_figure_after_a_dash_is_subtracted(text, hedged):
    assert any(m.hedged for m in parse(text).mentions) is hedged


def test_a_comparison_with_a_stated_figure_is_no_hedge_and_the_larger_binds():
    assert status("It is USD 187.5m, more than the USD 156,200,000 floor.") == "asserted"
    assert status("It is more than USD 156,200,000.") == "hedged"
    bound = bound_figures("On April 30, 2026 the exposure would be the larger, USD 156,200,000.", ["exposure"])
    assert [m.text for m in bound] == ["USD 156,200,000"]


def test_a_figure_in_brackets_after_a_date_is_no_negative_amount():
    found = parse("Sent on 6 October 2026 (GBP 14,200,000); it first appears on 2 October 2026, i.e. 4 days earlier.")
    assert [m.value for m in found.mentions if m.kind == "money"] == [Decimal("14200000")]
    assert parse("Net adjustment\n(1,080,000)\n").mentions[0].value == Decimal("-1080000")


def test_the_higher_of_the_two_is_a_direction_said_of_one_side():
    # kit8: "Note that the demand is the higher of the two" beside a right gap scored 1.0 in all five worlds
    from worldsmith.environments.answers import directions
    cap, demand = "OPA 90 liability cap", "contribution demand"
    assert directions("Gap USD 95,212,500. Note that the demand is the higher of the two.", cap, demand) == {"a<b"}
    assert directions("The cap exceeds the demand; the cap is the higher of the two.", cap, demand) == {"a>b"}
    assert directions("The demand is the lower of the two.", cap, demand) == {"a>b"}
    assert directions("The cap is the greater of the floor and the per-ton figure.", cap, demand) == set()


# ---------------------------------------------------------------- kit8: right answers written as professionals do

def test_kit8_quotients_fractions_words_and_roundings_read_and_their_wrong_twins_do_not():
    gap = Money(amount=Decimal("95212500"), currency="USD")
    # a quotient without spaces reads both figures; a date's slashes and a fraction still read none
    assert [m.value for m in parse("12,000,000/13,125,000 x 6,400,000").mentions] == [12000000, 13125000, 6400000]
    assert [m.text for m in parse("on 5/1/2026, 1/2 of it").mentions if m.kind != "date"] == []
    # a one-place fraction is a rate ('0.8 x 18,750,000' uses 80%), not 0.7 for 80%
    assert status("Required = 0.8 x 18,750,000", Percent(value=Decimal("80"))) == "asserted"
    assert status("Required = 0.7 x 18,750,000", Percent(value=Decimal("80"))) == "absent"
    # a count and a half in words
    assert status("Answer: two days", Number(value=Decimal("2"), unit="days")) == "asserted"
    assert status("Answer: three days", Number(value=Decimal("2"), unit="days")) == "absent"
    assert status("Answer: three and a half percentage points", Number(value=Decimal("3.5"), unit="percentage points")) \
        == "asserted"
    assert parse("One day later the memo went out.").mentions == []
    # a word of rounding before a rounding is no hedge; before the exact figure, or another rounding, it still is
    assert status("Answer: approximately USD 95.2 million", gap) == "asserted"
    assert status("Answer: approximately USD 95,212,500", gap) == "hedged"
    assert status("Answer: approximately USD 95.4 million", gap) == "absent"
    assert status("It may be roughly USD 95.2m.", gap) == "hedged"
    # an acronym before a decimal or an operator is a term; before a whole number a label
    assert [m.value for m in parse("EV 12.5 x 14,020,000").mentions] == [Decimal("12.5"), 14020000]
    assert parse("under OPA 90").mentions == []


def test_kit8_a_comparison_opening_a_part_of_a_sentence_compares_what_was_worked_out_before_it():
    a, b = "compensatory award cap", "basic award"
    assert direction("Cap = 1,380 x 52 = GBP 71,760; basic award GBP 7,909; above by GBP 63,851.", a, b) == "a>b"
    assert direction("Cap = 1,380 x 52 = GBP 71,760; basic award GBP 7,909; below by GBP 63,851.", a, b) == "a<b"
    assert direction("Cap GBP 71,760 vs basic award GBP 7,909: above, by GBP 63,851.", a, b) == "a>b"
    assert direction("Cap above basic award by GBP 63,851.", a, b) == "a>b"
    assert direction("Cap below basic award by GBP 63,851.", a, b) == "a<b"
    assert direction("The figure above is right by any count.", a, b) is None
    # a row that opens on its size; the first of two set against each other; 'the smaller is X (...), versus Y'
    cap, floor = "OPA 90 per-ton limit times the gross tonnage", "OPA 90 limit floor"
    assert direction("Larger: per-ton limit times gross tonnage, USD 156.2m. Smaller: floor, USD 21.5m.", cap, floor) \
        == "a>b"
    assert direction("Smaller: per-ton limit times gross tonnage, USD 156.2m. Larger: floor, USD 21.5m.", cap, floor) \
        == "a<b"
    m = "maximum compensatory award"
    assert direction("Yes: max compensatory award GBP 59,800 vs basic award GBP 7,909 - higher by GBP 51,891.", m, b) \
        == "a>b"
    assert direction("Yes: max compensatory award GBP 59,800 vs basic award GBP 7,909 - lower by GBP 51,891.", m, b) \
        == "a<b"
    assert direction("Max award GBP 71,760. Basic award GBP 7,909. Max award above it by GBP 63,851.", m, b) == "a>b"
    assert direction("Max award GBP 71,760. Basic award GBP 7,909. Max award below it by GBP 63,851.", m, b) == "a<b"
    t = "The smaller is the compensatory award cap (GBP 59,800), versus loss claimed GBP 74,750."
    assert direction(t, a, "compensatory loss claimed") == "a<b"
    assert direction(t.replace("smaller", "larger"), a, "compensatory loss claimed") == "a>b"
    s, c = "business interruption sublimit", "business interruption loss claimed"
    assert direction("The smaller of the two is the USD 1,500,000 sublimit; the claim is USD 1,850,000.", s, c) == "a<b"
    assert direction("The larger of the two is the USD 1,500,000 sublimit; the claim is USD 1,850,000.", s, c) == "a>b"


def test_kit8_a_fall_written_signed_passes_where_the_move_is_down_and_fails_on_a_rise():
    from worldsmith.environments.grade import _decide, names_governing, question_part
    from worldsmith.environments.tasks import Check
    down = Check(type="answer_final", values=["USD 880,000"], numbers=[880000.0], unit="USD", expect="down",
                 allowed=[6000000.0, 5120000.0])
    up = down.model_copy(update={"expect": None})
    for text in ("Moved down from USD 6,000,000 to USD 5,120,000.\nAnswer: -$880,000",
                 "Governs: USD 5,120,000.\nAnswer: USD -880,000", "Answer: -USD 880k"):
        assert _decide("final", text, down) and not _decide("final", text, up), text
    assert _decide("final", "Answer: USD 880,000", down)
    assert not _decide("final", "Answer: -USD 880,000 or -USD 900,000", down)
    # '(smaller - governs)' in a list row governs of the row's label, not of the other row's
    rows = "- BI loss claimed: USD 1,850,000\n- BI sublimit: USD 1,500,000 (smaller - governs)"
    sub, claim = ["business", "interruption", "sublimit"], ["business", "interruption", "loss", "claimed"]
    assert names_governing(rows, sub, claim) and not names_governing(rows, claim, sub)
    # a numbered answer that opens on its yes or no is that question's part; a table row by the labels' own words
    memo = "1. No. The SLA is 8%; the initial denial rate is 14.2%.\n2. Yes. The sample error rate is 11.5%."
    labels = ["initial denial rate", "denial-rate service level", "sample error rate", "denial-rate service level"]
    assert question_part(memo, labels, 2) == "2. Yes. The sample error rate is 11.5%."
    table = ("| Does the 8% SLA exceed the 14.2% initial denial rate? | No |\n"
             "| Does the 11.5% sample error rate exceed the 8% SLA? | Yes |")
    assert question_part(table, labels, 2) == table.splitlines()[1]


def test_kit8_a_memo_block_on_one_line_or_read_back_from_a_docx_table_is_a_block():
    from worldsmith.environments.grade import memo_block
    cells = "Memorandum\nTo\nMichelle Smith\nFrom\nBrent Moore\nDate\n10 August 2026\nRe\nCoinsurance check\nBody"
    assert memo_block(cells, ["Michelle Smith"], ["Brent Moore"])
    assert not memo_block(cells, ["Michelle Smith"], ["Someone Else"])
    line = "MEMORANDUM\nTo: Cameron Knight | From: Jordan Lawson | Date: 12 June 2026 | Re: Basic award\n(1) No"
    assert memo_block(line, ["Cameron Knight"], ["Jordan Lawson"])
    assert not memo_block(line.replace("Re: Basic award", "Basic award"), ["Cameron Knight"], ["Jordan Lawson"])
