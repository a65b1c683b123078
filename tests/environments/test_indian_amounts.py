"""Rupee amounts as an Indian professional writes them (blind red team kit28a, an IBC resolution plan: every right
answer in crore, with lakh grouping or after "Rs." scored 0 on every answer task and the memo)."""

from __future__ import annotations

from decimal import Decimal

from worldsmith.environments.attacks import _short, indian_grouping
from worldsmith.worlds.values import FIGURE, read_figure


def _read(text: str):
    m = FIGURE.search(text)
    f = read_figure(text, m) if m else None
    return f and (f.kind, f.value, f.currency)


def test_crore_lakh_grouping_and_rs_are_read_as_the_rupee_amount():
    amount = Decimal(7_026_000_000)
    for text in ("Answer: INR 702.6 crore", "INR 7,02,60,00,000", "Rs. 7,026,000,000", "Rs 7,026,000,000",
                 "₹702.6 crores", "INR 70,260 lakh"):
        assert _read(text) == ("money", amount, "INR"), text
    assert _read("INR 7.4 crore") == ("money", Decimal(74_000_000), "INR")
    # what was read before is read as before: western grouping, a number after a word ending in 'rs'
    assert _read("USD 156,200,000") == ("money", Decimal(156_200_000), "USD")
    assert _read("Mrs 5 cats") == ("number", Decimal(5), None)
    assert _read("INR 702.7 crore")[1] != amount  # a wrong figure stays wrong


def test_the_attack_suite_writes_rupees_the_indian_ways():
    assert indian_grouping(7_026_000_000) == "7,02,60,00,000" and indian_grouping(100_000) == "1,00,000"
    forms = _short(Decimal(7_026_000_000), "INR")
    assert {"INR 702.6 crore", "INR 7,02,60,00,000", "Rs. 7,026,000,000"} <= set(forms), forms
    for form in forms:
        assert _read(form)[1:] == (Decimal(7_026_000_000), "INR"), form
