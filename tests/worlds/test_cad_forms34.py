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
