"""The law and the courts a contract made in the matter's country chooses, by the outline's locale."""

from __future__ import annotations

# (a German, Irish or Australian matter's papers chose English law before: blind read 27's German loan agreement
# 'governed by the law of England and Wales')
_CHOSEN = {
    "en_US": ("the laws of the State of New York", "the state and federal courts sitting in New York County"),
    "de_DE": ("German law", "the courts of Frankfurt am Main"),
    "de_AT": ("Austrian law", "the courts of Vienna"),
    "de_CH": ("Swiss law", "the courts of Zurich"),
    "fr_FR": ("French law", "the courts of Paris"),
    "nl_NL": ("Dutch law", "the courts of Amsterdam"),
    "en_IE": ("Irish law", "the courts of Ireland"),
    "en_AU": ("the laws of New South Wales", "the courts of New South Wales"),
    "en_NZ": ("New Zealand law", "the courts of New Zealand"),
    "en_CA": ("the laws of the Province of Ontario", "the courts of the Province of Ontario"),
    "en_SG": ("Singapore law", "the courts of Singapore"),
}
_ENGLISH = ("English law", "the courts of England and Wales")


def governing_law(locale: str) -> tuple[str, str]:
    """(the law, the courts) a contract of the matter's country chooses: English law and courts where the locale's
    country has none listed."""
    return _CHOSEN.get(locale, _ENGLISH)


def chooses_english(locale: str) -> bool:
    """Whether a contract of the matter chooses English law (its own words, 'the law of England and Wales', kept)."""
    return governing_law(locale) == _ENGLISH
