"""Phrase banks (YAML data beside this module) and a seeded picker that fills their frames."""

from __future__ import annotations

import functools
import random
import re
import string
from pathlib import Path
from typing import Any, Sequence, TypeVar

import yaml

_DIR = Path(__file__).parent / "phrases"
_FORMATTER = string.Formatter()
_ALT = re.compile(r"\[([^\[\]]*\|[^\[\]]*)\]")
# Ways of writing the same thing that people choose between without thinking (each group, any member -> any).
_GROUPS = [
    ("I'll", "I will"), ("I'd", "I would"), ("I've", "I have"), ("I'm", "I am"), ("it's", "it is"),
    ("we're", "we are"), ("we'll", "we will"), ("we've", "we have"), ("you'll", "you will"), ("don't", "do not"),
    ("doesn't", "does not"), ("isn't", "is not"), ("can't", "cannot"), ("won't", "will not"),
    ("haven't", "have not"), ("hasn't", "has not"), ("there's", "there is"), ("that's", "that is"),
    ("happy to", "glad to"), ("so far", "to date"), ("the papers", "the documents"),
    ("support", "backing"), ("set out", "shown"), ("kept", "held"), ("figure", "number"),
    ("working number", "working figure"), ("call me", "ring me"), ("the timetable", "the timeline"),
    ("your records", "your files"), ("twenty minutes", "half an hour"), ("go through it", "walk through it"),
    ("your views", "your thoughts"), ("open items", "outstanding items"), ("as promised", "as I said I would"),
    ("questions", "queries"), ("a word on", "a line on"), ("a few things", "a few points"),
    ("latest version", "current version"), ("the other side", "the counterparty"), ("incomplete", "patchy"),
    ("next steps", "next actions"), ("pasted", "copied"), ("the meeting", "the call"),
]
# A contraction may be written out, never the other way: "here it is" cannot end as "here it's".
_EITHER = {w.lower(): list(g) for g in _GROUPS for w in (g[:1] if "'" in g[0] else g)}
_SAME = re.compile(r"(?<![\w'])(" + "|".join(re.escape(w) for w in sorted(_EITHER, key=len, reverse=True)) + r")(?![\w'])",
                   re.I)
T = TypeVar("T")


@functools.lru_cache(maxsize=None)
def bank(name: str) -> dict[str, Any]:
    """The phrase bank `phrases/<name>.yaml`, parsed once per process (by libyaml where PyYAML has it)."""
    with open(_DIR / f"{name}.yaml", encoding="utf-8") as fh:
        return yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@functools.lru_cache(maxsize=None)
def fields(frame: str) -> frozenset[str]:
    """The named fields a frame needs."""
    return frozenset(f for _, f, _, _ in _FORMATTER.parse(frame) if f)


def filled_words(frame: str, values: dict[str, str]) -> int:
    """How many words the frame has once filled with `values`, each "[a|b]" group at its longest alternative."""
    frame = _ALT.sub(lambda m: max(m.group(1).split("|"), key=lambda a: len(a.split())), frame)
    return len(frame.format_map({k: values.get(k) or "" for k in fields(frame)}).split())


class Picker:
    """Every random choice of one artifact, from one seeded generator.

    It also remembers which frames it has used, so one artifact does not repeat a sentence.
    """

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self._used: set[str] = set()

    def chance(self, p: float) -> bool:
        """True with probability p."""
        return self.rng.random() < p

    def one(self, options: Sequence[T]) -> T:
        """One of the options."""
        return options[self.rng.randrange(len(options))]

    def some(self, options: Sequence[T], k: int) -> list[T]:
        """Up to k distinct options, in the order drawn."""
        return self.rng.sample(list(options), min(k, len(options)))

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """The items in a random order."""
        out = list(items)
        self.rng.shuffle(out)
        return out

    def fill(self, frames: Sequence[str], **values: str) -> str | None:
        """One frame whose fields are all given, filled; unused frames first. None when none fits."""
        given = {k for k, v in values.items() if v}
        fitting = [f for f in frames if fields(f) <= given]
        if not fitting:
            return None
        fresh = [f for f in fitting if f not in self._used]
        frame = self.one(fresh or fitting)
        self._used.add(frame)
        return self.vary(frame).format_map(values)

    def vary(self, frame: str) -> str:
        """The frame with each "[a|b|c]" group replaced by one of its alternatives, and words people write either
        way (contractions, a few interchangeable words) written one way or the other: one frame says a thing
        several ways, so two rooms built from the same banks do not share their sentences word for word. Only
        the frame's own words change, never a field ({label}, {text})."""
        if "[" in frame:
            frame = _ALT.sub(lambda m: self.one(m.group(1).split("|")), frame)
        parts = re.split(r"(\{[^}]*\})", frame)
        return "".join(p if p.startswith("{") else _SAME.sub(self._either, p) for p in parts)

    def _either(self, m: re.Match) -> str:
        word = m.group(0)
        options = _EITHER[word.lower()]
        out = self.one(options)
        return out[:1].upper() + out[1:] if word[:1].isupper() else out
