"""Choosing occupations for a batch: every detailed occupation of a SOC group, or a sample stratified by major group."""

from __future__ import annotations

import random

from worldsmith.taxonomies.soc import soc_code
from worldsmith.taxonomies.store import TaxonomyDB
from worldsmith.worlds.errors import TaxonomyError


def detailed_codes(db: TaxonomyDB, group: str | None = None) -> list[str]:
    """The SOC detailed codes of a taxonomy (in a group of any level when given), sorted."""
    codes = sorted({soc_code(o.code) for o in db.occupations(group)})
    if not codes:
        raise TaxonomyError(f"no occupation of {db.name} {db.version} is in group {group!r}; "
                            "`worldsmith taxonomy list` shows the groups")
    return codes


def stratified_sample(db: TaxonomyDB, n: int, seed: int = 0, group: str | None = None) -> list[str]:
    """n detailed occupations spread over the major groups in proportion to their size, at least one each while n allows."""
    codes = detailed_codes(db, group)
    if n >= len(codes):
        return codes
    by_major: dict[str, list[str]] = {}
    for code in codes:
        by_major.setdefault(code[:2], []).append(code)
    majors = sorted(by_major)
    # Largest remainder: every group gets its proportional share rounded down (one at least when n
    # covers every group), and the seats left go to the largest remainders, ties by code.
    share = {m: n * len(by_major[m]) / len(codes) for m in majors}
    seats = {m: max(int(share[m]), 1 if n >= len(majors) else 0) for m in majors}
    while sum(seats.values()) > n:
        biggest = max(majors, key=lambda m: (seats[m] - share[m], seats[m], m))
        seats[biggest] -= 1
    for m in sorted(majors, key=lambda m: (-(share[m] - int(share[m])), m)):
        if sum(seats.values()) >= n:
            break
        if seats[m] < len(by_major[m]):
            seats[m] += 1
    rng = random.Random(f"sample|{seed}|{n}|{group or ''}")
    chosen = [c for m in majors for c in rng.sample(by_major[m], min(seats[m], len(by_major[m])))]
    return sorted(chosen)
