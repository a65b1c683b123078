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


def test_only_a_locale_of_england_or_of_no_country_chooses_english_law():
    # blind read 33: a Chilean promise of sale of water rights 'governed by the law of England and Wales' (es_CL had no
    # entry); every locale Faker names people in chooses its own country's law, save England's, languages with no
    # country, and a few Faker spells for regions whose law an outline would name itself
    english = {loc for loc in AVAILABLE_LOCALES if chooses_english(loc)}
    assert english <= {"en_GB", "en", "de", "es", "th", "sw", "la", "ar_AA", "am_ET", "ar_BH", "ar_DZ", "ar_JO",
                       "ar_PS", "az_AZ", "bn_BD", "bs_BA", "en_BD", "en_MS", "en_TH", "fa_IR", "fr_DZ",
                       "hy_AM", "ka_GE", "mk_MK", "ne_NP", "si_LK",
                       "sq_AL", "sr_BA", "tw_GH", "uz_UZ"}, english
    assert governing_law("es_CL") == ("Chilean law", "the ordinary courts of Santiago")
    assert "Greek" in governing_law("el_GR")[0] and "Turkish" in governing_law("tr_TR")[0]
