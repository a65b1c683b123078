"""The genre noun of a title written in a matter's own language, as the English head noun the composer's genres know.

Outlines of non-English matters title their papers and sheets in the country's language ('Procès-verbal de la
réunion du CSE', 'Acta de la sesión del consejo', 'Relación de pedimentos', '取締役会議事録'), and an English reading
of their head (the last word before 'of') finds 'cse' or 'sesion': such a paper fell to the default template or the
wrong family. The nouns and function words are data (lexicon.yaml); a Romance, German or Dutch title is headed by
its first noun after any leading words, a German or Dutch compound by its end, a CJK title by its end.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

import yaml

# link words that are English words too: they show no language ('Note on', 'Plan in', 'Register to')
_ENGLISH_LINKS = {"a", "an", "in", "on", "over", "to", "and", "at", "by", "of", "for", "the", "with", "die", "den", "op"}
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


@functools.lru_cache(maxsize=1)
def _data() -> dict:
    return yaml.safe_load((Path(__file__).with_name("lexicon.yaml")).read_text(encoding="utf-8"))


def fold(text: str) -> str:
    """Lower case without accents, an apostrophe a space: "Procès-verbal d'audience" -> 'proces-verbal d audience'."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"['\u2019`]", " ", text)


def _cjk_head(segment: str) -> str:
    data = _data()["cjk"]
    s = re.sub(r"[\s\d０-９.,、。・()（）\[\]【】第号]+$", "", segment.strip())
    for mark in sorted(data["drafts"], key=len, reverse=True):
        if s.endswith(mark) and len(s) > len(mark):
            s = s[: -len(mark)].rstrip()
            break
    for noun in sorted(data["nouns"], key=len, reverse=True):
        if s.endswith(noun):
            return data["nouns"][noun]
    return ""


def _lang_head(words: list[str], lang: dict, homographs: set[str]) -> str:
    """The English head of `words` in one language, '' where its first noun is none of the language's."""
    links = set(lang.get("links", []))
    i = 0
    while i < len(words) and words[i] in lang.get("leaders", []):
        i += 1
        if i < len(words) and words[i] in links:
            i += 1  # 'Projet de', 'Borrador de'
    nouns = lang["nouns"]
    for n in (4, 3, 2, 1):
        key = " ".join(words[i:i + n])
        if len(words) - i >= n and key in nouns:
            after = words[i + n] if i + n < len(words) else ""
            foreign = key not in homographs or not after or (after in links and after not in _ENGLISH_LINKS)
            return nouns[key] if foreign else ""
    if lang.get("compounds") and i < len(words):
        word = words[i]
        for noun in sorted(nouns, key=len, reverse=True):
            if " " not in noun and len(noun) >= (7 if noun in homographs else 5) and word.endswith(noun) and \
                    len(word) - len(noun) >= 3:
                return nouns[noun]  # 'Sitzungsprotokoll', 'Rechtsgutachten'
    return ""


def family(head: str) -> str:
    """The bank genre a foreign head's English word does not name by itself ('appeal' -> 'pleading'), '' for none."""
    return _data().get("families", {}).get(head, "")


@functools.lru_cache(maxsize=4096)
def foreign_head(title: str) -> str:
    """The English head noun of a title whose genre noun is in a language of the lexicon ('Acta de la sesión del
    consejo' -> 'minutes', 'Recurso voluntário' -> 'appeal', '取締役会議事録（案）' -> 'minutes'); '' for a title read as
    English (its own head_noun reads it)."""
    segment = re.split(r"\s*(?::|：|\s[-\u2013\u2014]\s|\(|（)\s*", " ".join(title.split()), maxsplit=1)[0]
    if _CJK.search(segment):
        return _cjk_head(segment)
    words = re.findall(r"[a-z][a-z0-9-]*", fold(segment))
    homographs = set(_data()["homographs"])
    for lang in _data()["languages"].values():
        head = _lang_head(words, lang, homographs)
        if head:
            return head
    return ""


# the word a sheet kind's title reading knows for a head ('list' is its 'listing')
_SHEET_WORDS = {"list": "listing", "register": "register", "calendar": "calendar", "schedule": "schedule",
                "reconciliation": "reconciliation", "computation": "computation", "statement": "statement"}


def sheet_words(title: str) -> str:
    """A sheet's title as its kind reads it for layout: the title, and the English word of a foreign head after it
    ('Relación de pedimentos' -> 'Relación de pedimentos listing'); the title alone where it is read as English."""
    word = _SHEET_WORDS.get(foreign_head(title), "")
    return f"{title} {word}" if word else title
