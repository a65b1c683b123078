"""Drafting outlines for occupations: the taxonomy's record of an occupation, handed to the offline drafter."""

from __future__ import annotations

from pathlib import Path

from worldsmith.generators.draft import OccupationBrief, RelatedBrief, draft_outline
from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.taxonomies.soc import soc_code
from worldsmith.taxonomies.store import TaxonomyDB, open_taxonomy
from worldsmith.worlds.errors import TaxonomyError
from worldsmith.worlds.outline import parse_outline


def brief_for(db: TaxonomyDB, ref: str, taxonomy_path: Path | None = None) -> OccupationBrief:
    """What the drafter needs of an occupation: its tasks, activities, tools and who works with it."""
    detail = db.show(ref, limit=12)
    pipeline = load_taxonomy(taxonomy_path)
    lead = soc_code(detail.code)
    occupation = pipeline.by_code(lead)
    if occupation is None:
        raise TaxonomyError(f"{detail.code} {detail.title} has no SOC detailed occupation in {pipeline.name} "
                            f"{pipeline.version}; draft for one that does")
    related: list[RelatedBrief] = []
    for r in db.related(detail.code, limit=20):
        code = soc_code(r.code)
        other = pipeline.by_code(code)
        if other is not None and code != lead and code not in {x.code for x in related}:
            related.append(RelatedBrief(code=code, title=other.title))
    return OccupationBrief(code=lead, title=occupation.title, family=occupation.family,
                           tasks=detail.tasks or occupation.tasks, activities=[a.dwa for a in detail.activities],
                           tools=detail.technology or occupation.tools, related=related[:3],
                           taxonomy=f"{db.name} {db.version}")


def draft(occupation: str, taxonomy_path: str | Path | None = None, seed: int = 0, scenario: str | None = None,
          name: str = "<draft>") -> str:
    """A drafted outline's YAML for an occupation (code or title), checked like a hand-written one."""
    where = Path(taxonomy_path) if taxonomy_path else None
    db = open_taxonomy(where)
    text = draft_outline(brief_for(db, occupation, where), seed=seed, scenario=scenario)
    # The drafter must never hand an expert an outline that the pipeline would refuse.
    resolve_cast(parse_outline(text, name), load_taxonomy(where))
    return text


def draft_file(occupation: str, folder: Path, taxonomy_path: str | Path | None = None, seed: int = 0,
               scenario: str | None = None) -> Path:
    """Write a drafted outline to folder/draft-<code>-s<seed>.yaml and return its path."""
    where = Path(taxonomy_path) if taxonomy_path else None
    code = soc_code(open_taxonomy(where).find(occupation))
    path = Path(folder) / f"draft-{code}-s{seed}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(draft(occupation, where, seed, scenario, name=str(path)), encoding="utf-8")
    return path
