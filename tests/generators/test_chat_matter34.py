"""A chat names its matter without the firms of the conversation, whatever language joins them (blind read 34: the
channel 'Serra Azul fiscal e Prado Albuquerque' gave 'that is the fiscal e covered for now')."""

from __future__ import annotations

from worldsmith.generators.kinds.chat.compose import _without


def test_a_joining_word_of_the_channels_language_goes_with_the_firm_it_joins():
    firms = {"Serra Azul Distribuidora Ltda.", "Prado Albuquerque Advogados"}
    assert _without("Serra Azul fiscal e Prado Albuquerque", firms) == "the fiscal"
    assert _without("Serra Azul fiscal and Prado Albuquerque", firms) == "the fiscal"
    assert _without("Kestrel Bay revenue cycle", {"Kestrel Bay Tankers"}) == "the revenue cycle"
