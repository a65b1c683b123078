"""The SOC 2018 structure (major, minor, broad, detailed groups) and the roll-up of any occupation code into it."""

from __future__ import annotations

import csv
import functools
import io
import re

from pydantic import BaseModel

from worldsmith.worlds.errors import TaxonomyError

# Source: U.S. Bureau of Labor Statistics, SOC 2018 structure (public domain), codes and titles only.
STRUCTURE_FILE = "soc2018_structure.csv"
LEVELS = ("major", "minor", "broad", "detailed")
_ONET_CODE = re.compile(r"^(\d{2}-\d{4})(\.\d{2})?$")


class SocGroup(BaseModel):
    """One group of the SOC 2018 structure."""

    level: str
    code: str
    title: str


class Rollup(BaseModel):
    """The SOC 2018 detailed occupation, broad, minor and major group an occupation code falls in."""

    detailed: SocGroup
    broad: SocGroup
    minor: SocGroup
    major: SocGroup


@functools.lru_cache(maxsize=1)
def structure() -> dict[str, SocGroup]:
    """Every SOC 2018 group by code (23 major, 98 minor, 459 broad, 867 detailed)."""
    return {g.code: g for g, _ in _read_structure().values()}


@functools.lru_cache(maxsize=1)
def _read_structure() -> dict[str, tuple[SocGroup, dict[str, str]]]:
    """Each group with the codes of the groups above it.

    The BLS file lists every group right after its parent, in order, and that order is the only
    reliable way to find a parent: codes are not prefix-padded (29-1221 is in broad group 29-1210,
    11-9141 in minor group 11-9000).
    """
    from worldsmith.taxonomies.loader import DATA_DIR

    path = DATA_DIR / STRUCTURE_FILE
    reader = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"), newline=""))
    if reader.fieldnames != ["level", "code", "title"]:
        raise TaxonomyError(f"{path}:1: header must be 'level,code,title'")
    above: dict[str, str] = {}
    out: dict[str, tuple[SocGroup, dict[str, str]]] = {}
    for lineno, row in enumerate(reader, start=2):
        if row["level"] not in LEVELS:
            raise TaxonomyError(f"{path}:{lineno}: level {row['level']!r} is not one of {', '.join(LEVELS)}")
        group = SocGroup.model_validate(row)
        depth = LEVELS.index(group.level)
        parents = {level: above[level] for level in LEVELS[:depth] if level in above}
        if len(parents) != depth:
            raise TaxonomyError(f"{path}:{lineno}: {group.code} comes before any {LEVELS[depth - 1]} group")
        out[group.code] = (group, parents)
        above = {**parents, group.level: group.code}
    return out


def soc_code(code: str) -> str:
    """The SOC 2018 detailed code of an O*NET-SOC code ('23-1011.00' -> '23-1011'); SOC codes pass through."""
    match = _ONET_CODE.match(code.strip())
    if not match:
        raise TaxonomyError(f"{code!r} is not an O*NET-SOC (23-1011.00) or SOC 2018 (23-1011) code")
    return match.group(1)


@functools.lru_cache(maxsize=4096)
def rollup(code: str) -> Rollup:
    """The SOC 2018 groups an O*NET-SOC or SOC detailed code rolls up to."""
    detailed = soc_code(code)
    entry = _read_structure().get(detailed)
    if entry is None or entry[0].level != "detailed":
        raise TaxonomyError(f"{code}: {detailed} is not a SOC 2018 detailed occupation")
    groups = structure()
    group, parents = entry
    return Rollup(detailed=group, **{level: groups[c] for level, c in parents.items()})
