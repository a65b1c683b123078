"""The contract of each genre a paper's title can name: the parts it must contain (contracts.yaml), read by the
composer to fill or re-title a paper and kept equal to the check genre_contract.sql, which fails a paper lacking one."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import NamedTuple

import yaml

_TABLE = Path(__file__).with_name("contracts.yaml")


class Part(NamedTuple):
    """One part a genre's paper must contain: its name, how the composer fills it from the plan and the pattern its
    text shows it by."""

    name: str
    fill: str
    pattern: str


class Genre(NamedTuple):
    """A genre a title can name: the title's pattern, the titles it leaves out and its parts."""

    genre: str
    title: str
    unless: str
    parts: tuple[Part, ...]


@functools.cache
def genres() -> tuple[Genre, ...]:
    """The table, in the order a title is matched against it."""
    data = yaml.safe_load(_TABLE.read_text(encoding="utf-8"))
    return tuple(Genre(g["genre"], g["title"], g.get("unless", ""), tuple(Part(*p) for p in g["parts"]))
                 for g in data["genres"])


def genre_named(title: str) -> Genre | None:
    """The first genre whose title pattern the title matches (and whose `unless` it does not); None for none."""
    for g in genres():
        if re.search(g.title, title) and not (g.unless and re.search(g.unless, title)):
            return g
    return None


def missing_parts(title: str, text: str) -> list[str]:
    """The parts of its title's genre that the paper's text lacks ([] where its title names no genre)."""
    g = genre_named(title)
    return [] if g is None else [p.name for p in lacking(g, text)]


def lacking(genre: Genre, text: str) -> list[Part]:
    """The parts of a genre the text does not show."""
    return [p for p in genre.parts if not re.search(p.pattern, text)]


def sql_rows() -> str:
    """The table as the VALUES rows of the check genre_contract.sql (order, genre, title, unless, part, pattern),
    which a test keeps equal to the check's."""
    def q(text: str) -> str:
        return "'" + text.replace("'", "''") + "'"
    return ",\n".join(f"    ({n}, {q(g.genre)}, {q(g.title)}, {q(g.unless)}, {q(p.name)}, {q(p.pattern)})"
                      for n, g in enumerate(genres(), 1) for p in g.parts)
