"""The taxonomy database as one API (list, search, show, roll-ups, related) over O*NET imports and the shipped data."""

from __future__ import annotations

import functools
import re
import threading
from pathlib import Path

import duckdb
from pydantic import BaseModel

from worldsmith.taxonomies.search_words import STEM_SQL, query_words
from worldsmith.taxonomies.soc import Rollup, rollup
from worldsmith.worlds.errors import TaxonomyError

SCHEMA = Path(__file__).with_name("schema.sql")
_CODE_PREFIX = re.compile(r"^\d{2}(-\d{0,4}(\.\d{0,2})?)?$")


class OccupationRow(BaseModel):
    """One occupation in a listing."""

    code: str
    title: str
    soc_detailed: str
    soc_major: str


class Match(OccupationRow):
    """A search hit: the occupation, the name that matched (a title or an alternate title) and how well."""

    matched: str
    kind: str
    score: float


class Related(BaseModel):
    """An occupation that works with another, and how closely (O*NET's tier, or the shipped family)."""

    code: str
    title: str
    tier: str
    rank: int | None = None


class Activity(BaseModel):
    """A detailed work activity (DWA) and the intermediate one (IWA) it belongs to."""

    dwa_id: str
    dwa: str
    iwa_id: str
    iwa: str
    element: str
    tasks: int


class OccupationDetail(BaseModel):
    """Everything the taxonomy knows about one occupation."""

    code: str
    title: str
    description: str | None
    family: str | None
    job_zone: int | None
    rollup: Rollup
    titles: list[str]
    tasks: list[str]
    technology: list[str]
    tools: list[str]
    documents: list[str]
    activities: list[Activity]
    related: list[Related]


class TaxonomyDB:
    """A read-only taxonomy database: an imported O*NET release, or the shipped taxonomy loaded in memory."""

    def __init__(self, con: duckdb.DuckDBPyConnection, source: str):
        self._root = con
        self._local = threading.local()
        self.source = source
        meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
        self.name, self.version, self.sha256 = meta["name"], meta["version"], meta["sha256"]
        self.attribution = meta.get("attribution")

    @property
    def con(self) -> duckdb.DuckDBPyConnection:
        """This thread's cursor on the database: one DuckDB connection must not run two threads' queries at once,
        and a cached taxonomy is shared by the worlds a batch makes side by side."""
        cur = getattr(self._local, "cur", None)
        if cur is None:
            cur = self._local.cur = self._root.cursor()
        return cur

    def close(self) -> None:
        """Close the database (every thread's cursor with it)."""
        self._root.close()

    def counts(self) -> dict[str, int]:
        """Rows per table."""
        tables = ("occupations", "tasks", "technology", "tools", "titles", "dwas", "task_dwas", "related")
        return {t: self.con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}

    def occupations(self, group: str | None = None) -> list[OccupationRow]:
        """Every occupation, or those in a SOC group (any level: 13-0000, 13-2000, 13-2010, 13-2011)."""
        where, args = "", []
        if group:
            where = "WHERE ? IN (soc_detailed, soc_broad, soc_minor, soc_major) OR code = ?"
            args = [group, group]
        rows = self.con.execute(f"SELECT code, title, soc_detailed, soc_major FROM occupations {where} ORDER BY code",
                                args).fetchall()
        return [OccupationRow(code=c, title=t, soc_detailed=d, soc_major=m) for c, t, d, m in rows]

    def groups(self, level: str = "major") -> list[tuple[str, str, int]]:
        """The SOC groups of a level with how many occupations of this taxonomy fall in each."""
        column = {"major": "soc_major", "minor": "soc_minor", "broad": "soc_broad", "detailed": "soc_detailed"}[level]
        return self.con.execute(f"""SELECT g.code, g.title, count(o.code) FROM soc_groups g
                                    JOIN occupations o ON o.{column} = g.code WHERE g.level = ?
                                    GROUP BY ALL ORDER BY g.code""", [level]).fetchall()

    def search(self, query: str, limit: int = 10) -> list[Match]:
        """Occupations by code prefix, or by title and alternate titles, fuzzily, best first."""
        q = query.strip().lower()
        if not q:
            raise TaxonomyError("search needs a code, a title or part of one")
        if _CODE_PREFIX.match(q):
            rows = self.con.execute("""SELECT code, title, soc_detailed, soc_major, code, 'code', 1.0 FROM occupations
                                       WHERE code LIKE ? || '%' ORDER BY code LIMIT ?""", [q, limit]).fetchall()
        else:
            # Two scores, the better kept: the whole query against each name, fuzzily (typos), and its words
            # against the name's words, in any order and through job-title synonyms ("tax attorney" -> Lawyers).
            words = query_words(q) or [[q]]
            pairs = [(i, alt) for i, alts in enumerate(words) for alt in alts]
            rows = self.con.execute(f"""
                WITH names AS (SELECT code, title AS name, 'title' AS kind FROM occupations
                               UNION ALL SELECT code, title, kind FROM titles),
                wanted AS (SELECT unnest($ids) AS i, unnest($alts) AS alt),
                name_words AS (SELECT code, name, kind, {STEM_SQL} AS w
                               FROM (SELECT code, name, kind,
                                            unnest(regexp_split_to_array(lower(name), '[^a-z0-9]+')) AS w FROM names)),
                by_words AS (SELECT code, name, kind, 0.6 + 0.28 * count(DISTINCT i) / $n AS score
                             FROM name_words JOIN wanted ON name_words.w = wanted.alt GROUP BY ALL),
                fuzzy AS (
                  SELECT code, name, kind,
                         CASE WHEN lower(name) = $q THEN 1.0
                              WHEN lower(name) LIKE $q || '%' THEN 0.95
                              WHEN contains(lower(name), $q) THEN 0.9
                              ELSE 0.85 * greatest(jaro_winkler_similarity(lower(name), $q),
                                                   jaro_winkler_similarity(lower(name), $q || 's')) END AS score
                  FROM names),
                scored AS (SELECT o.code, o.title, o.soc_detailed, o.soc_major, s.name, s.kind, s.score
                           FROM (SELECT * FROM fuzzy UNION ALL SELECT * FROM by_words) s JOIN occupations o USING (code))
                SELECT code, title, soc_detailed, soc_major, name, kind, round(score, 3) FROM scored
                QUALIFY row_number() OVER (PARTITION BY code ORDER BY score DESC, kind = 'title' DESC, name) = 1
                ORDER BY score DESC, code LIMIT $limit""",
                {"q": q, "limit": limit, "ids": [i for i, _ in pairs], "alts": [a for _, a in pairs],
                 "n": len(words)}).fetchall()
        return [Match(code=c, title=t, soc_detailed=d, soc_major=m, matched=n, kind=k, score=s)
                for c, t, d, m, n, k, s in rows]

    def find(self, ref: str) -> str:
        """The code of the occupation `ref` names: a code, a SOC detailed code, or a title that matches exactly."""
        ref = ref.strip()
        row = self.con.execute("""SELECT code FROM occupations WHERE code = $r OR code = $r || '.00'
                                  OR (soc_detailed = $r) ORDER BY code = $r DESC, code LIMIT 1""", {"r": ref}).fetchone()
        if row:
            return row[0]
        hits = self.search(ref, limit=5)
        if hits and hits[0].score >= 1.0:
            return hits[0].code
        near = "; ".join(f"{h.code} {h.title}" + (f" (as {h.matched!r})" if h.kind != "title" else "") for h in hits[:3])
        raise TaxonomyError(f"no occupation {ref!r} in the {self.name} {self.version} taxonomy"
                            + (f"; closest: {near}" if near else "") + "; try `worldsmith taxonomy search`")

    def show(self, ref: str, limit: int = 12) -> OccupationDetail:
        """All the taxonomy holds on one occupation (lists cut to `limit` entries)."""
        code = self.find(ref)
        title, description, family, zone = self.con.execute(
            "SELECT title, description, family, job_zone FROM occupations WHERE code = ?", [code]).fetchone()

        def column(sql: str) -> list[str]:
            return [r[0] for r in self.con.execute(sql, [code, limit]).fetchall()]

        return OccupationDetail(
            code=code, title=title, description=description, family=family, job_zone=zone, rollup=rollup(code),
            titles=column("SELECT DISTINCT title FROM titles WHERE code = ? ORDER BY title LIMIT ?"),
            tasks=column("SELECT task FROM tasks WHERE code = ? ORDER BY task_type = 'Core' DESC, "
                         "try_cast(task_id AS INTEGER), task_id LIMIT ?"),
            technology=column("SELECT example FROM technology WHERE code = ? GROUP BY example "
                              "ORDER BY bool_or(hot) DESC, bool_or(in_demand) DESC, example LIMIT ?"),
            tools=column("SELECT DISTINCT example FROM tools WHERE code = ? ORDER BY example LIMIT ?"),
            documents=column("SELECT document FROM documents WHERE code = ? LIMIT ?"),
            activities=self.activities(code, limit), related=self.related(code, limit))

    def activities(self, code: str, limit: int = 50) -> list[Activity]:
        """The detailed work activities of an occupation's tasks, most tasks first."""
        rows = self.con.execute("""
            SELECT d.dwa_id, d.title, i.iwa_id, i.title, i.element_name, count(*) AS n
            FROM task_dwas t JOIN dwas d USING (dwa_id) JOIN iwas i ON i.iwa_id = d.iwa_id
            WHERE t.code = ? GROUP BY ALL ORDER BY n DESC, d.dwa_id LIMIT ?""", [code, limit]).fetchall()
        return [Activity(dwa_id=a, dwa=b, iwa_id=c, iwa=d, element=e, tasks=n) for a, b, c, d, e, n in rows]

    def related(self, ref: str, limit: int = 20) -> list[Related]:
        """Who works with an occupation: O*NET's related occupations, or the shipped family, closest first."""
        code = self.find(ref)
        rows = self.con.execute("""SELECT r.related_code, o.title, r.tier, r.rank FROM related r
                                   JOIN occupations o ON o.code = r.related_code WHERE r.code = ?
                                   ORDER BY r.rank NULLS LAST, r.related_code LIMIT ?""", [code, limit]).fetchall()
        return [Related(code=c, title=t, tier=tier, rank=rank) for c, t, tier, rank in rows]


def open_taxonomy(path: Path | None = None) -> TaxonomyDB:
    """The taxonomy database at `path` (an imported .duckdb), or the shipped taxonomy when None or a YAML folder."""
    if path is not None and Path(path).suffix == ".duckdb":
        path = Path(path)
        if not path.is_file():
            raise TaxonomyError(f"{path}: no such taxonomy database; make one with "
                                f"`worldsmith taxonomy import-onet RELEASE_DIR --out {path}`")
        try:
            con = duckdb.connect(str(path), read_only=True)
            return TaxonomyDB(con, str(path))
        except duckdb.Error as exc:
            raise TaxonomyError(f"{path}: not a taxonomy database: {exc}") from None
    if path is not None and not Path(path).is_dir():
        raise TaxonomyError(f"{path}: not a taxonomy; give an imported .duckdb (`worldsmith taxonomy import-onet`) "
                            "or a taxonomy folder")
    return _shipped_db(None if path is None else str(path))


@functools.lru_cache(maxsize=4)
def _shipped_db(path: str | None) -> TaxonomyDB:
    """The shipped (or a YAML) taxonomy in an in-memory database with the same schema as an O*NET import."""
    from worldsmith.taxonomies.loader import load_taxonomy, taxonomy_sha256
    from worldsmith.taxonomies.onet import _soc_rows

    taxonomy = load_taxonomy(Path(path) if path else None)
    con = duckdb.connect(":memory:")
    con.execute(SCHEMA.read_text(encoding="utf-8"))
    con.executemany("INSERT INTO meta VALUES (?, ?)", [("name", taxonomy.name), ("version", taxonomy.version),
                                                       ("sha256", taxonomy_sha256(Path(path) if path else None))])
    con.executemany("INSERT INTO soc_groups VALUES (?, ?, ?, ?)", _soc_rows())
    occ, titles, tasks, tech, docs, related = [], [], [], [], [], []
    for o in taxonomy.occupations:
        up = rollup(o.code)
        occ.append((o.code, o.title, None, o.code, up.broad.code, up.minor.code, up.major.code, None, o.family))
        titles += [(o.code, t, "job") for t in o.job_titles.values()]
        tasks += [(o.code, str(i), t, "Core") for i, t in enumerate(o.tasks, start=1)]
        tech += [(o.code, t, None, None, False, False) for t in o.tools]
        docs += [(o.code, d) for d in o.documents]
        # The shipped relations: people of the same family (legal, finance, ...) work on the same matters.
        related += [(o.code, p.code, f"same family ({o.family})", None)
                    for p in taxonomy.occupations if p.family == o.family and p.code != o.code]
    con.executemany("INSERT INTO occupations VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", occ)
    for table, rows in (("titles", titles), ("tasks", tasks), ("technology", tech), ("documents", docs),
                        ("related", related)):
        if rows:
            con.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(rows[0]))})", rows)
    return TaxonomyDB(con, path or "shipped")
