"""The law a contract of the matter's country chooses: its own country's, never English law by default."""

from faker.config import AVAILABLE_LOCALES

from worldsmith.generators.compose.law import chooses_english, governing_law


def test_a_matter_of_india_brazil_or_japan_chooses_its_own_law():
    # blind read 28: an Indian insolvency matter's papers chose English law (no entry for en_IN)
    assert governing_law("en_IN")[0] == "the laws of India"
    assert "Brazil" in governing_law("pt_BR")[0] and "Japan" in governing_law("ja_JP")[0]
    assert not any(chooses_english(loc) for loc in ("en_IN", "pt_BR", "ja_JP", "es_ES", "it_IT"))
    assert chooses_english("en_GB")


def test_every_country_with_a_law_of_its_own_is_a_locale_an_outline_may_name():
    from worldsmith.generators.compose import law

    assert [loc for loc in law._CHOSEN if loc not in AVAILABLE_LOCALES and loc != "en_SG"] == []
