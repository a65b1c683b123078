"""The pipeline's Taxonomy from an imported O*NET database: O*NET says what people do, the shipped data how they write."""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

from worldsmith.taxonomies.store import TaxonomyDB, open_taxonomy
from worldsmith.worlds.taxonomy import Occupation, Taxonomy

PER_LIST = 8
# Words in a reported title that place it at a seniority; the first rule that matches wins.
_SENIORITY = (
    ("executive", re.compile(r"\b(chief|vice president|vp|director|head|president|partner|principal)\b", re.I)),
    ("junior", re.compile(r"\b(assistant|junior|trainee|apprentice|intern|associate|aide|helper|entry)\b", re.I)),
    ("senior", re.compile(r"\b(senior|lead|manager|supervisor|specialist ii|staff)\b", re.I)),
)


def onet_taxonomy(path: Path) -> Taxonomy:
    """The Taxonomy of an O*NET import: one occupation per SOC 2018 detailed code (cached per file and import)."""
    db = open_taxonomy(path)
    try:
        sha = db.sha256
    finally:
        db.close()
    return _build(str(Path(path).resolve()), sha)


@functools.lru_cache(maxsize=2)
def _build(path: str, sha256: str) -> Taxonomy:
    from worldsmith.taxonomies.loader import load_taxonomy

    db = open_taxonomy(Path(path))
    shipped = load_taxonomy()
    try:
        reps = db.con.execute("""SELECT soc_detailed, arg_min(code, CASE WHEN code LIKE '%.00' THEN 0 ELSE 1 END
                                        || code) FROM occupations GROUP BY 1 ORDER BY 1""").fetchall()
        codes = [code for _, code in reps]
        titles = _lists(db, "SELECT code, title FROM titles WHERE kind = 'reported' AND code IN ? ORDER BY code, length(title), title",
                        codes)
        tasks = _lists(db, """SELECT code, task FROM tasks WHERE code IN ?
                              ORDER BY code, task_type = 'Core' DESC, try_cast(task_id AS INTEGER)""", codes)
        tech = _lists(db, """SELECT code, example FROM technology WHERE code IN ? GROUP BY code, example
                             ORDER BY code, bool_or(hot) DESC, bool_or(in_demand) DESC, example""", codes)
        tools = _lists(db, "SELECT code, example FROM tools WHERE code IN ? GROUP BY code, example ORDER BY code, example",
                       codes)
        official = dict(db.con.execute("SELECT code, title FROM soc_groups WHERE level = 'detailed'").fetchall())
        majors = db.con.execute("SELECT code, title FROM soc_groups WHERE level = 'major' ORDER BY code").fetchall()
        version = db.version
        rollups = {c: (b, m) for c, b, m in db.con.execute("SELECT code, soc_broad, soc_minor FROM occupations").fetchall()}
    finally:
        db.close()
    occupations = []
    for soc, code in reps:
        donor = _nearest(shipped, soc, *rollups[code])
        title = official.get(soc, soc)
        own = shipped.by_code(soc)
        occupations.append(Occupation(
            code=soc, title=title, family=donor.family,
            job_titles=own.job_titles if own else _job_titles(title, titles.get(code, [])),
            tools=_fill(tech.get(code, []) + tools.get(code, []), donor.tools),
            documents=donor.documents, tasks=_fill(tasks.get(code, []), donor.tasks), style=donor.style))
    return Taxonomy(name="onet", version=version, major_groups=[{"code": c, "title": t} for c, t in majors],
                    occupations=occupations)


def _lists(db: TaxonomyDB, sql: str, codes: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for code, value in db.con.execute(sql, [codes]).fetchall():
        out.setdefault(code, []).append(value)
    return out


def _fill(own: list[str], fallback: list[str]) -> list[str]:
    """Up to PER_LIST distinct entries of `own`, topped up from `fallback` to the two the model requires."""
    seen: list[str] = []
    for item in own + ([] if len(set(own)) >= 2 else fallback):
        if item and item not in seen:
            seen.append(item)
    return seen[:PER_LIST]


def _nearest(shipped: Taxonomy, soc: str, broad: str, minor: str) -> Occupation:
    """The shipped occupation whose voice an O*NET occupation borrows: same code, else broad, minor, major group."""
    for match in (lambda o: o.code == soc, lambda o: _group(o.code, broad), lambda o: _group(o.code, minor),
                  lambda o: o.code[:2] == soc[:2]):
        found = [o for o in shipped.occupations if match(o)]
        if found:
            return found[0]
    # No shipped occupation in the major group: the most common family's first member speaks for it.
    family = Counter(o.family for o in shipped.occupations).most_common(1)[0][0]
    return next(o for o in shipped.occupations if o.family == family)


def _group(code: str, group: str) -> bool:
    from worldsmith.taxonomies.soc import rollup

    up = rollup(code)
    return group in (up.broad.code, up.minor.code)


def _job_titles(title: str, reported: list[str]) -> dict[str, str]:
    """Junior, mid, senior and executive job titles from O*NET's reported titles, invented where none fits."""
    slots: dict[str, str] = {}
    for name in reported:
        level = next((lvl for lvl, rule in _SENIORITY if rule.search(name)), "mid")
        slots.setdefault(level, name)
    base = slots.get("mid") or (reported[0] if reported else _singular(title))
    slots.setdefault("mid", base)
    slots.setdefault("junior", f"Junior {base}")
    slots.setdefault("senior", f"Senior {base}")
    slots.setdefault("executive", f"Head of {title}")
    return {k: slots[k] for k in ("junior", "mid", "senior", "executive")}


def _singular(title: str) -> str:
    first = title.split(",")[0].split(" and ")[0].strip()
    return first[:-1] if first.endswith("s") and not first.endswith("ss") else first
