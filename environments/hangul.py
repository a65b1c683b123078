"""A Korean name in Latin letters: the spellings a professional writes for a Hangul name ('Kang Myung-ja' for 강 명자).

A Korean cast member's name is stored in Hangul; an answer may write it in Latin letters, in the Revised Romanization
('Gang Myeong-ja'), the older McCune-Reischauer without its breves ('Kang Myong-ja') or the spellings people give their
own names ('Kang Myung-ja', 'Kim Jun-seo', 'Lee', 'Park'). Each syllable is read by its letters (initial, vowel,
final) into every such spelling, so one pattern matches them all and matches no other name's syllables.
"""

from __future__ import annotations

import re
from functools import lru_cache

_INITIALS = (("g", "k"), ("kk", "gg", "k"), ("n",), ("d", "t"), ("tt", "dd", "t"), ("r", "l", "n", ""), ("m",),
             ("b", "p"), ("pp", "bb", "p"), ("s", "sh"), ("ss", "s"), ("",), ("j", "ch"), ("jj", "tch", "j"),
             ("ch", "c"), ("k",), ("t",), ("p",), ("h",))
_VOWELS = (("a", "ah"), ("ae", "ai", "e"), ("ya",), ("yae", "ye"), ("eo", "u", "o", "uh", "eu"), ("e",),
           ("yeo", "yu", "yo", "yuh"), ("ye",), ("o", "oh"), ("wa",), ("wae",), ("oe", "oi", "we"), ("yo",),
           ("u", "oo"), ("wo", "weo"), ("we",), ("wi", "wee"), ("yu", "yoo", "you"), ("eu", "u", "e"),
           ("ui", "ee", "eui"), ("i", "ee", "y"))
_FINALS = ("", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t",
           "ng", "t", "t", "k", "t", "p", "t")
_FINAL_SPELLINGS = {"": ("",), "k": ("k", "g"), "n": ("n",), "t": ("t", "d"), "l": ("l", "r"), "m": ("m",),
                    "p": ("p", "b"), "ng": ("ng",)}
# surnames whose usual spellings no letter rule gives (이 Lee, 박 Park, 최 Choi, 노 Roh, 임 Lim)
_SURNAMES = {"이": ("lee", "yi", "rhee", "rie", "li"), "박": ("park", "pak"), "최": ("choi",), "노": ("roh",),
             "임": ("lim", "rim"), "류": ("ryu", "yoo", "yu", "ryoo"), "유": ("yoo", "you"), "나": ("ra",),
             "신": ("shin",), "심": ("shim",), "오": ("oh",), "우": ("woo",), "안": ("ahn",), "허": ("huh",)}


def written_in(text: str) -> bool:
    """Whether a text holds a Hangul syllable."""
    return any("\uac00" <= c <= "\ud7a3" for c in text)


def _spellings(syllable: str) -> set[str]:
    code = ord(syllable) - 0xAC00
    if not 0 <= code < 11172:
        return {syllable.lower()}
    initial, vowel, final = _INITIALS[code // 588], _VOWELS[(code % 588) // 28], _FINALS[code % 28]
    return {f"{i}{v}{f}" for i in initial for v in vowel for f in _FINAL_SPELLINGS[final]}


def _part(name: str, surname: bool = False) -> str:
    """The pattern of a name part, syllable by syllable, a hyphen or space allowed between syllables."""
    parts = []
    for syllable in name.replace(" ", ""):
        options = _spellings(syllable) | (set(_SURNAMES.get(syllable, ())) if surname else set())
        parts.append("(?:" + "|".join(sorted((re.escape(o) for o in options if o), key=len, reverse=True)) + ")")
    return r"[\s-]?".join(parts)


@lru_cache(maxsize=256)
def name_pattern(first: str, last: str) -> re.Pattern:
    """A pattern for the person's name in Latin letters, given name or surname first, lower case without accents."""
    given, family = _part(first), _part(last, surname=True)
    return re.compile(rf"(?<![a-z])(?:{family},?\s+{given}|{given}\s+{family})(?![a-z])")
