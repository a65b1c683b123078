"""Reais and yen as Brazilian and Japanese professionals write them (blind red team kit29a, an unseen Brazilian tax
appeal: right answers with 'R$ 4,896,000', 'R$ 9.792.000,00' or '10,200,000 reais' scored below 1 on most tasks)."""

from __future__ import annotations

from decimal import Decimal

from tests.environments.test_indian_amounts import _read  # (kind, value, currency) of the first figure read
from worldsmith.environments.attacks import _short


def test_reais_after_r_dollar_or_by_name_are_brl():
    amount = Decimal(24_888_000)
    for text in ("R$ 24,888,000", "R$ 24.888.000,00", "R$24.888 million", "24,888,000 reais", "BRL 24,888,000"):
        assert _read(text) == ("money", amount, "BRL"), text
    assert _read("$ 24,888,000")[2] == "USD"  # a bare dollar stays any dollar
    assert _read("R$ 24,880,000")[1] != amount  # a wrong figure stays wrong


def test_yen_after_the_sign_or_by_name_are_jpy():
    amount = Decimal(409_920_000)
    for text in ("¥409,920,000", "409,920,000 yen", "409,920,000円", "JPY 409.92 million"):
        assert _read(text) == ("money", amount, "JPY"), text


def test_the_attack_suite_writes_reais_and_yen_as_their_professionals_do():
    forms = _short(Decimal(4_896_000), "BRL")
    assert {"R$ 4.896.000,00", "R$ 4,896,000"} <= set(forms), forms
    for form in forms:
        assert _read(form)[1:] == (Decimal(4_896_000), "BRL"), form
    for form in _short(Decimal(409_920_000), "JPY"):
        assert _read(form)[1:] == (Decimal(409_920_000), "JPY"), form
