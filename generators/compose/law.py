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
    # (a Chilean promise of sale of water rights 'governed by the law of England and Wales', blind read 33: every
    # locale Faker writes names for whose country is not England's has its own law)
    "es_CL": ("Chilean law", "the ordinary courts of Santiago"),
    "es_AR": ("Argentine law", "the national commercial courts of the City of Buenos Aires"),
    "es_CO": ("Colombian law", "the courts of Bogotá"),
    "es_VE": ("Venezuelan law", "the courts of Caracas"),
    "es_CA": ("Spanish law", "the courts of Barcelona"),
    "el_GR": ("Greek law", "the courts of Piraeus"),
    "el_CY": ("the laws of the Republic of Cyprus", "the courts of Nicosia"),
    "tr_TR": ("Turkish law", "the Istanbul Central Courts"),
    "cs_CZ": ("Czech law", "the courts of Prague"),
    "sk_SK": ("Slovak law", "the courts of Bratislava"),
    "hu_HU": ("Hungarian law", "the courts of Budapest"),
    "ro_RO": ("Romanian law", "the courts of Bucharest"),
    "bg_BG": ("Bulgarian law", "the courts of Sofia"),
    "hr_HR": ("Croatian law", "the courts of Zagreb"),
    "sl_SI": ("Slovenian law", "the courts of Ljubljana"),
    "et_EE": ("Estonian law", "the Harju County Court"),
    "lv_LV": ("Latvian law", "the courts of Riga"),
    "lt_LT": ("Lithuanian law", "the courts of Vilnius"),
    "uk_UA": ("the laws of Ukraine", "the courts of Kyiv"),
    "ru_RU": ("the laws of the Russian Federation", "the Arbitrazh Court of the City of Moscow"),
    "he_IL": ("the laws of the State of Israel", "the competent courts of Tel Aviv-Jaffa"),
    "is_IS": ("Icelandic law", "the District Court of Reykjavík"),
    "it_CH": ("Swiss law", "the courts of Lugano"),
    "de_LI": ("the laws of the Principality of Liechtenstein", "the Princely Court of Justice in Vaduz"),
    "lb_LU": ("Luxembourg law", "the courts of Luxembourg City"),
    "mt_MT": ("Maltese law", "the courts of Malta"),
    "dk_DK": ("Danish law", "the courts of Copenhagen"),
    "ga_IE": ("Irish law", "the courts of Ireland"),
    "fr_CA": ("the laws of the Province of Quebec", "the courts of the judicial district of Montreal"),
    "fr_QC": ("the laws of the Province of Quebec", "the courts of the judicial district of Montreal"),
    "zu_ZA": ("the law of the Republic of South Africa", "the High Court of South Africa, Gauteng Division, Johannesburg"),
    "en_KE": ("the laws of Kenya", "the High Court of Kenya at Nairobi"),
    "en_NG": ("the laws of the Federal Republic of Nigeria", "the High Court of Lagos State"),
    "en_PH": ("the laws of the Republic of the Philippines", "the courts of Makati City"),
    "fil_PH": ("the laws of the Republic of the Philippines", "the courts of Makati City"),
    "tl_PH": ("the laws of the Republic of the Philippines", "the courts of Makati City"),
    "en_PK": ("the laws of Pakistan", "the courts of Karachi"),
    "th_TH": ("the laws of Thailand", "the courts of Bangkok"),
    "id_ID": ("the laws of the Republic of Indonesia", "the District Court of Central Jakarta"),
    "vi_VN": ("the laws of Vietnam", "the courts of Ho Chi Minh City"),
    "zh_TW": ("the laws of Taiwan", "the Taipei District Court"),
    "ar_AE": ("the laws of the Emirate of Dubai and the federal laws of the United Arab Emirates", "the courts of Dubai"),
    "ar_SA": ("the laws of the Kingdom of Saudi Arabia", "the competent courts of Riyadh"),
    "ar_EG": ("Egyptian law", "the courts of Cairo"),
    **{loc: ("the laws of India", "the courts at Mumbai") for loc in ("gu_IN", "mr_IN", "ta_IN", "or_IN")},
    **{loc: ("the laws of the Federal Republic of Nigeria", "the High Court of Lagos State")
       for loc in ("ha_NG", "ig_NG", "yo_NG", "ng_NG")},
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


# (a US contract chooses the law of the state where the matter sits, not New York's for every matter: blind read 35's
# settlement of a Boston hospital's construction claim was 'governed by the laws of the State of New York' with 'the
# state and federal courts sitting in New York County')
_COMMONWEALTHS = ("Massachusetts", "Pennsylvania", "Virginia", "Kentucky")


def us_state_of(org_name: str, role: str = "", summary: str = "") -> str:
    """The US state whose city an organisation's letterhead prints, or ''."""
    from worldsmith.generators.compose.genres import _STATE_CITIES, office_city

    city, state = office_city(org_name, "en_US", role, summary)
    return state or next((s for s, cities in _STATE_CITIES.items() if city in cities), "")


_US_STATES = ("Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "Florida",
              "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine",
              "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska",
              "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota",
              "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota",
              "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington", "West Virginia", "Wisconsin",
              "Wyoming")
_US_STATE = re.compile(r"\b(?:the laws? of )?(?:the (?:State|Commonwealth) of )?(" + "|".join(_US_STATES) + r")\b")
# a sentence that says which law governs an instrument ('The licence is governed by Illinois law', 'Delaware law
# governs the SPA'), not one that merely names a state
_GOVERNS = re.compile(r"(?i)\bgovern(?:ed|s|ing)\b|\bchoice[- ]of[- ]law\b")


def stated_law(ctx) -> tuple[str, str] | None:
    """(the law, the courts) the record says governs the matter's instrument, from this paper's facts and points, then
    the outline's summary; None where it says none."""
    texts = [f.statement for f in getattr(ctx, "facts", []) or []] + \
        [getattr(p, "text", "") for p in getattr(getattr(ctx, "spec", None), "points", None) or []] + \
        [getattr(ctx, "world_summary", "") or ""]
    english = re.compile(r"(?i)\bEnglish law\b|\blaws? of England(?: and Wales)?\b")
    for text in texts:
        for sentence in re.split(r"(?<=[.;])\s+", " ".join((text or "").split())):
            if not _GOVERNS.search(sentence):
                continue
            if english.search(sentence):
                return ("the law of England and Wales", _ENGLISH[1]) if "England" in sentence else _ENGLISH
            state = _US_STATE.search(sentence)
            if state and (re.search(rf"\b{state.group(1)}(?:'s)? law\b|\blaws? of (?:the (?:State|Commonwealth) of )?"
                                    rf"{state.group(1)}\b", sentence)):
                name = state.group(1)
                kind = "Commonwealth" if name in _COMMONWEALTHS else "State"
                return f"the laws of the {kind} of {name}", f"the state and federal courts sitting in the {kind} of {name}"
            for law, courts in dict.fromkeys(_CHOSEN.values()):
                if re.search(rf"\b{re.escape(re.sub(r'^the ', '', law))}\b", sentence):
                    return law, courts
    return None


def law_of_place(ctx, parties: tuple[str, ...]) -> tuple[str, str]:
    """(the law, the courts) a contract between `parties` chooses: the law the record says governs it, else in a US
    matter the state where the party the contract's work or property is for (an owner, a landlord, a buyer) has its
    office, else the first party's; in any other, the locale's (governing_law)."""
    # (one law per instrument: a settlement written under the locale's New York law while the record said Illinois
    # law governed it, read 37, had both in its clauses)
    said = stated_law(ctx)
    if said is not None:
        return said
    if ctx.locale != "en_US":
        return governing_law(ctx.locale)
    roles = {o.name: o.role or "" for o in ctx.organisations}
    ranked = sorted(parties, key=lambda p: not re.search(r"(?i)\b(owner|landlord|lessor|employer|buyer)\b",
                                                         roles.get(p, "")))
    state = next((s for s in (us_state_of(p, roles.get(p, ""), ctx.world_summary or "") for p in ranked) if s), "")
    if not state:
        return governing_law(ctx.locale)
    kind = "Commonwealth" if state in _COMMONWEALTHS else "State"
    return f"the laws of the {kind} of {state}", f"the state and federal courts sitting in the {kind} of {state}"
