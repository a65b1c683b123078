"""Coverage of the published worlds over a taxonomy: occupations, major groups and work activities, as data and HTML."""

from __future__ import annotations

import html
from pathlib import Path

from pydantic import BaseModel

from worldsmith.taxonomies.store import TaxonomyDB
from worldsmith.worlds.catalog import CatalogRow


class GroupCoverage(BaseModel):
    """One SOC major group: its detailed occupations, how many the worlds cover, and in how many worlds."""

    code: str
    title: str
    occupations: int
    covered: int
    worlds: int


class Coverage(BaseModel):
    """What the published worlds cover of a taxonomy."""

    taxonomy: str
    worlds: int
    occupations: int
    covered: list[str]
    groups: list[GroupCoverage]
    activities: int
    activities_covered: int
    detailed_activities: int
    detailed_activities_covered: int


def coverage(db: TaxonomyDB, rows: list[CatalogRow]) -> Coverage:
    """Coverage of the catalog rows over the taxonomy `db` (occupations by their SOC detailed codes)."""
    con = db.con
    worlds_by_code: dict[str, set[str]] = {}
    for row in rows:
        for code in row.occupations:
            worlds_by_code.setdefault(code, set()).add(row.world_id)
    known = {c for (c,) in con.execute("SELECT DISTINCT soc_detailed FROM occupations").fetchall()}
    covered = sorted(known & set(worlds_by_code))
    groups = []
    for code, title, n in con.execute("""SELECT g.code, g.title, count(DISTINCT o.soc_detailed) FROM soc_groups g
                                         JOIN occupations o ON o.soc_major = g.code GROUP BY ALL ORDER BY 1""").fetchall():
        inside = [c for c in covered if c[:2] == code[:2]]
        worlds = set().union(*(worlds_by_code[c] for c in inside)) if inside else set()
        groups.append(GroupCoverage(code=code, title=title, occupations=n, covered=len(inside), worlds=len(worlds)))
    acts = con.execute("""
        SELECT count(DISTINCT d.iwa_id) FILTER (WHERE o.soc_detailed IN (SELECT unnest($c))),
               count(DISTINCT t.dwa_id) FILTER (WHERE o.soc_detailed IN (SELECT unnest($c)))
        FROM task_dwas t JOIN dwas d USING (dwa_id) JOIN occupations o ON o.code = t.code""", {"c": covered}).fetchone()
    totals = con.execute("SELECT (SELECT count(*) FROM iwas), (SELECT count(*) FROM dwas)").fetchone()
    return Coverage(taxonomy=f"{db.name} {db.version}", worlds=len(rows), occupations=len(known), covered=covered,
                    groups=groups, activities=totals[0], activities_covered=acts[0] or 0,
                    detailed_activities=totals[1], detailed_activities_covered=acts[1] or 0)


def _chart(groups: list[GroupCoverage]) -> str:
    """A horizontal bar chart, inline SVG: each major group's share of detailed occupations covered."""
    bar, row, label = 360, 18, 330
    height = row * len(groups) + 24
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{label + bar + 90}" height="{height}" '
             'role="img" aria-label="share of detailed occupations covered per major group" font-size="11" '
             'font-family="sans-serif">']
    for i, g in enumerate(groups):
        y = 12 + i * row
        share = g.covered / g.occupations if g.occupations else 0.0
        parts.append(f'<text x="{label - 6}" y="{y + 11}" text-anchor="end">{html.escape(g.title[:52])}</text>'
                     f'<rect x="{label}" y="{y}" width="{bar}" height="{row - 4}" fill="#eee"/>'
                     f'<rect x="{label}" y="{y}" width="{bar * share:.1f}" height="{row - 4}" fill="#3b6ea5">'
                     f'<title>{g.code}: {g.covered} of {g.occupations}</title></rect>'
                     f'<text x="{label + bar + 6}" y="{y + 11}">{g.covered}/{g.occupations}</text>')
    parts.append("</svg>")
    return "".join(parts)


def coverage_html(cov: Coverage) -> str:
    """A self-contained HTML page: the coverage table and its chart."""
    rows = "".join(f"<tr><td>{g.code}</td><td>{html.escape(g.title)}</td><td>{g.occupations}</td><td>{g.covered}</td>"
                   f"<td>{100 * g.covered / g.occupations if g.occupations else 0:.0f}%</td><td>{g.worlds}</td></tr>"
                   for g in cov.groups)
    acts = (f"<p>Work activities: {cov.activities_covered} of {cov.activities} intermediate (IWA) and "
            f"{cov.detailed_activities_covered} of {cov.detailed_activities} detailed (DWA) work activities are "
            "done by an occupation of a published world.</p>" if cov.activities else
            "<p>This taxonomy holds no work activities (import an O*NET release to see them).</p>")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>worldsmith coverage: {html.escape(cov.taxonomy)}</title>
<style>body{{font-family:sans-serif;margin:2em;max-width:60em}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:2px 8px;text-align:left}}td:nth-child(n+3){{text-align:right}}</style></head>
<body><h1>Coverage of {cov.worlds} published worlds over {html.escape(cov.taxonomy)}</h1>
<p>{len(cov.covered)} of {cov.occupations} SOC detailed occupations appear in the cast of a published world.</p>
{_chart(cov.groups)}
<table><thead><tr><th>major group</th><th>title</th><th>occupations</th><th>covered</th><th>share</th><th>worlds</th></tr>
</thead><tbody>{rows}</tbody></table>
{acts}
<h2>Occupations covered</h2><p>{", ".join(cov.covered) or "none"}</p>
</body></html>
"""


def write_coverage(db: TaxonomyDB, rows: list[CatalogRow], path: Path) -> Coverage:
    """Compute coverage and write its HTML page to `path`."""
    cov = coverage(db, rows)
    Path(path).write_text(coverage_html(cov), encoding="utf-8")
    return cov
