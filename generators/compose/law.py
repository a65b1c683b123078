"""The law and the courts a contract made in the matter's country chooses, by the outline's locale."""

from __future__ import annotations

import re

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
    # (an Indian insolvency matter's papers chose English law: blind read 28)
    "en_IN": ("the laws of India", "the courts at Mumbai"),
    "hi_IN": ("the laws of India", "the courts at Mumbai"),
    "pt_BR": ("the laws of the Federative Republic of Brazil", "the courts of the City of São Paulo"),
    "pt_PT": ("Portuguese law", "the courts of Lisbon"),
    "es_ES": ("Spanish law", "the courts of Madrid"),
    "es_MX": ("the federal laws of Mexico", "the courts of Mexico City"),
    "it_IT": ("Italian law", "the courts of Milan"),
    "ja_JP": ("the laws of Japan", "the Tokyo District Court"),
    "fr_BE": ("Belgian law", "the courts of Brussels"),
    "nl_BE": ("Belgian law", "the courts of Brussels"),
    "fr_CH": ("Swiss law", "the courts of Geneva"),
    "de_LU": ("Luxembourg law", "the courts of Luxembourg City"),
    "sv_SE": ("Swedish law", "the courts of Stockholm"),
    "da_DK": ("Danish law", "the courts of Copenhagen"),
    "no_NO": ("Norwegian law", "the courts of Oslo"),
    "fi_FI": ("Finnish law", "the courts of Helsinki"),
    "pl_PL": ("Polish law", "the courts of Warsaw"),
    "zh_CN": ("the laws of the People's Republic of China", "the courts of Shanghai"),
    "ko_KR": ("the laws of the Republic of Korea", "the Seoul Central District Court"),
}
_ENGLISH = ("English law", "the courts of England and Wales")


def governing_law(locale: str) -> tuple[str, str]:
    """(the law, the courts) a contract of the matter's country chooses: English law and courts where the locale's
    country has none listed."""
    return _CHOSEN.get(locale, _ENGLISH)


def chooses_english(locale: str) -> bool:
    """Whether a contract of the matter chooses English law (its own words, 'the law of England and Wales', kept)."""
    return governing_law(locale) == _ENGLISH


# a matter its own title or summary calls an arbitration, and the rules it names ('under the KCAB International
# Arbitration Rules')
_ARBITRATED = re.compile(r"\barbitra(?:tion|l tribunal)\b", re.I)
_UNDER_RULES = re.compile(r"\bunder (the [A-Z][\w&-]*(?: [A-Z][\w&-]*)* (?:Arbitration )?Rules(?: [0-9]{4})?)")


def dispute_clause(courts: str, world_title: str, world_summary: str) -> str:
    """Where a contract sends its disputes, as the words after 'governed by <law>, and': to arbitration where the
    matter is one (under the rules it names), else submitting to the exclusive jurisdiction of the courts (blind read
    30: a contract whose dispute was before an arbitral institution gave a court exclusive jurisdiction)."""
    if not _ARBITRATED.search(f"{world_title} {world_summary}"):
        return f"each Party submits to the exclusive jurisdiction of {courts}"
    rules = _UNDER_RULES.search(world_summary or "")
    return ("any dispute arising out of or in connection with it shall be finally resolved by arbitration"
            + (f" under {rules.group(1)}" if rules else ""))
