"""A Greek or Cyrillic name in Latin letters: the spellings a professional writes for 'Ιωάννης Παπαδόπουλος' or
'Дмитрий Соколов' ('Ioannis Papadopoulos', 'Dmitry Sokolov').

A cast member of an el_GR, ru_RU, bg_BG or uk_UA matter is stored in their own script; an answer may write the name in
Latin letters, by ELOT 743 / ISO 843 for Greek or by BGN/PCGN, the passport rules or the national systems for Cyrillic,
and each leaves choices to the writer (ou or u, ch, kh or h, y or i, mp or b, ks or x, -iy, -y or -ii). The name is
transliterated once by the standard table, then both it and the answer's Latin words are reduced to a skeleton in which
those choices agree ('christos', 'hristos' and 'khristos' are all 'hristos'); another name keeps another skeleton.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# ELOT 743 (ISO 843, transcription): the digraphs first, then the letters
_GREEK_PAIRS = {"ου": "ou", "αυ": "av", "ευ": "ev", "ηυ": "iv", "μπ": "mp", "ντ": "nt", "γγ": "ng", "γκ": "gk",
                "γξ": "nx", "γχ": "nch", "ει": "ei", "οι": "oi", "αι": "ai", "τζ": "tz"}
_GREEK = dict(zip("αβγδεζηθικλμνξοπρσςτυφχψω",
                  ["a", "v", "g", "d", "e", "z", "i", "th", "i", "k", "l", "m", "n", "x", "o", "p", "r", "s", "s",
                   "t", "y", "f", "ch", "ps", "o"]))
# Russian (BGN/PCGN), Ukrainian and Bulgarian (their national systems): a name's letters do not always say its language,
# so each table is tried
_RUSSIAN = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                    ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s",
                     "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya"]))
_RUSSIAN.update({"і": "i", "ї": "yi", "є": "ye", "ґ": "g"})  # a Ukrainian name read the Russian way ('Georgiy')
_RUSSIAN_YO = {**_RUSSIAN, "ё": "yo"}  # 'Khrushchyov' as well as 'Khrushchev'
_UKRAINIAN = {**_RUSSIAN, "г": "h", "ґ": "g", "е": "e", "є": "ye", "и": "y", "і": "i", "ї": "yi", "й": "y",
              "щ": "shch", "ь": ""}
_BULGARIAN = {**_RUSSIAN, "щ": "sht", "ъ": "a", "ь": "y"}

# the writer's choices, each reduced to one spelling: applied in order to the answer's words and the name's alike
_SKELETON = ((r"['\u2019\u02bc\u02b9]", ""), (r"w", "v"), (r"x", "ks"), (r"schtsch|shch|shh", "sh"),
             (r"tsch|tch", "ch"), (r"sch", "sh"), (r"zh", "z"), (r"kh|ch", "h"), (r"ph", "f"), (r"th", "t"), (r"tz", "ts"), (r"ou", "u"), (r"[yj]", "i"),
             (r"(?<=[ae])u", "v"), (r"(?<=[ae])f", "v"), (r"m[pb]", "b"), (r"nt", "d"), (r"g[gk]|ng", "g"),
             (r"ie", "e"), (r"ei", "i"), (r"g(?=i[aeou])", ""), (r"(.)\1+", r"\1"))
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


def _greek(text: str) -> bool:
    return any("\u0370" <= c <= "\u03ff" or "\u1f00" <= c <= "\u1fff" for c in text)


def written_in(text: str) -> bool:
    """Whether a text holds a Greek or Cyrillic letter."""
    return _greek(text) or any("\u0400" <= c <= "\u04ff" for c in text)


def _plain(text: str) -> str:
    return unicodedata.normalize("NFC", "".join(c for c in unicodedata.normalize("NFD", text.lower())
                                                if not unicodedata.combining(c)))


def skeleton(word: str) -> str:
    """A Latin word with the transliterator's free choices reduced to one spelling ('Khristos' -> 'hristos')."""
    out = _plain(word)
    for rx, to in _SKELETON:
        out = re.sub(rx, to, out)
    return out


def _latin(word: str, table: dict[str, str], pairs: dict[str, str] | None = None) -> str:
    # (a letter the table holds is read as written, 'ё' apart from 'е'; any other loses its accents: 'ά' is 'α')
    low = "".join(c if c in table else _plain(c) for c in unicodedata.normalize("NFC", word.lower()))
    out, i, pairs = [], 0, pairs or {}
    while i < len(low):
        if low[i:i + 2] in pairs:
            out.append(pairs[low[i:i + 2]])
            i += 2
            continue
        out.append(table.get(low[i], low[i]))
        i += 1
    return "".join(out)


@lru_cache(maxsize=1024)
def readings(part: str) -> tuple[frozenset[str], ...]:
    """The skeletons of each word of a name part ('Άννα-Μαρία' is two words), by every table its script has."""
    words = [w for w in re.split(r"[\s\-]+", part) if w]
    tables = [(_GREEK, _GREEK_PAIRS)] if _greek(part) else \
        [(_RUSSIAN, {}), (_RUSSIAN_YO, {}), (_UKRAINIAN, {}), (_BULGARIAN, {})]
    return tuple(frozenset(skeleton(_latin(w, t, p)) for t, p in tables) for w in words)


def latin(name: str) -> str:
    """A Greek or Cyrillic name in Latin letters by the standard table (ELOT 743; BGN/PCGN): 'Ioannis Papadopoulos'."""
    table, pairs = (_GREEK, _GREEK_PAIRS) if _greek(name) else (_RUSSIAN, {})
    return re.sub(r"[^\s\-]+", lambda w: _latin(w.group(), table, pairs).capitalize(), name)


def find(text: str, first: str, last: str) -> tuple[str, int, int] | None:
    """The text in lower case without accents, and the span of it that spells the person in Latin letters, given name
    or surname first; None where no span does."""
    plain = _plain(text)
    words = list(_WORD.finditer(plain))
    given, family = readings(first), readings(last)
    orders = [given + family, family + given]
    skel = [skeleton(w.group()) for w in words]
    for order in sorted(orders, key=len, reverse=True):
        n = len(order)
        for i in range(len(words) - n + 1):
            if all(skel[i + k] in order[k] for k in range(n)):
                return plain, words[i].start(), words[i + n - 1].end()
    return None
