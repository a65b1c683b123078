"""Canadian dollars in the forms Canadians write them (blind red team 34: 'CDN 38,715', 'CDN$', 'Cdn$6.42 million',
'13,553,400 CDN' read as no currency or another, every such right answer scored below 1)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from worldsmith.worlds.values import figures


@pytest.mark.parametrize("text,value", [("CDN 38,715", "38715"), ("CDN$ 38,715", "38715"), ("Cdn$6.42 million", "6420000"),
                                        ("13,553,400 CDN", "13553400"), ("CAN$ 1,000", "1000")])
def test_cdn_is_canadian_dollars(text, value):
    [f] = figures(text)
    assert (f.value, f.currency, f.currency_exact) == (Decimal(value), "CAD", True)


def test_cdn_inside_a_word_is_no_currency():
    assert all(f.currency != "CAD" for f in figures("CDNA 12,000 copies"))


@pytest.mark.parametrize("text", ["CAD 427,600 USD", "CAD 427,600 EUR", "USD 95,515 GBP"])
def test_a_figure_written_in_two_currencies_that_disagree_is_in_neither(text):
    # blind red team 34: 'CAD 427,600 USD' scored 1.0 where CAD 427,600 was the key (the second code was ignored)
    [f] = figures(text)
    assert f.currency not in ("CAD", "USD", "EUR", "GBP")


@pytest.mark.parametrize("text,code", [("CAD 427,600 dollars", "CAD"), ("$5 CAD", "CAD"), ("C$ 5 Canadian dollars", "CAD")])
def test_a_second_word_for_the_same_currency_is_that_currency(text, code):
    [f] = figures(text)
    assert f.currency == code



@pytest.mark.parametrize("text,value", [("R$ 146,3 mil", "146300"), ("R$ 3,0086 milhões", "3008600"),
                                        ("BRL 2,5 bilhões", "2500000000"), ("R$ 4.896.000,00", "4896000")])
def test_reais_as_a_brazilian_writes_them(text, value):
    # blind red team 34: 'R$ 146,3 mil' and 'R$ 3,0086 milhões' (right answers) scored 0.83 and 0.17
    [f] = figures(text)
    assert (f.value, f.currency) == (Decimal(value), "BRL")


def test_an_english_million_keeps_its_reading():
    assert [f.value for f in figures("USD 2,500 million")] == [Decimal("2500000000")]
    assert figures("1,5 million") == []
