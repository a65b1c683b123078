"""The `worldsmith taxonomy` commands: import an O*NET release, list, search and show occupations."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.table import Table
from rich.text import Text

from worldsmith.flows.cli_paths import output_file
# Messages carry names from outlines, worlds and taxonomies: shown with control characters escaped, no markup.
from worldsmith.flows.cli_console import console, err, one_line
from worldsmith.worlds.errors import WorldsmithError

taxonomy_app = typer.Typer(no_args_is_help=True, help="Import O*NET and explore the occupation taxonomy.")
TAXONOMY_HELP = "an imported taxonomy .duckdb; env WORLDSMITH_TAXONOMY; default: the shipped taxonomy"


def _fail(exc: WorldsmithError) -> None:
    err.print(Text.assemble(("error:", "bold red"), f" {one_line(exc)}"), soft_wrap=True)
    raise typer.Exit(exc.exit_code)


def _open(taxonomy: Optional[Path]):
    """The taxonomy chosen by --taxonomy, else $WORLDSMITH_TAXONOMY, else worldsmith.toml, else the shipped one."""
    from worldsmith.flows.config import resolve_config
    from worldsmith.taxonomies.store import open_taxonomy

    try:
        return open_taxonomy(resolve_config({"taxonomy": taxonomy}).taxonomy)
    except WorldsmithError as exc:
        _fail(exc)


@taxonomy_app.command("import-onet")
def import_onet(
    release: Path = typer.Argument(..., help="the unzipped O*NET text release folder (e.g. db_29_3_text)"),
    out: Path = typer.Option(Path("onet.duckdb"), help="the taxonomy database to write (replaced atomically)"),
) -> None:
    """Import an O*NET text release into a taxonomy DuckDB that --taxonomy and WORLDSMITH_TAXONOMY accept.

    \b
    Example: worldsmith taxonomy import-onet ~/Downloads/db_29_3_text --out onet-29.3.duckdb
    Example: worldsmith generate OUTLINE --taxonomy onet-29.3.duckdb
    """
    from worldsmith.taxonomies.onet import import_onet as run_import

    try:
        output_file(out, "--out", makes_folders=True)
        summary = run_import(release, out)
    except WorldsmithError as exc:
        _fail(exc)
    console.print(f"imported O*NET {summary.release} into {summary.path}: "
                  + ", ".join(f"{n:,} {t}" for t, n in summary.counts.items()))
    console.print(f"use it with --taxonomy {summary.path} (or WORLDSMITH_TAXONOMY={summary.path})")


@taxonomy_app.command("list")
def taxonomy_list(
    group: Optional[str] = typer.Argument(None, help="a SOC group code (13-0000, 13-2000, 13-2010) to list its "
                                                     "occupations; none: the major groups"),
    level: str = typer.Option("major", help="with no group: list the groups of this level (major, minor, broad)"),
    taxonomy: Optional[Path] = typer.Option(None, help=TAXONOMY_HELP),
) -> None:
    """List SOC groups with their occupation counts, or the occupations in one group.

    \b
    Example: worldsmith taxonomy list
    Example: worldsmith taxonomy list 23-0000 --taxonomy onet.duckdb
    """
    db = _open(taxonomy)
    if group is None:
        if level not in ("major", "minor", "broad", "detailed"):
            _fail(WorldsmithError(f"--level must be major, minor, broad or detailed, not {level!r}"))
        table = Table("code", "title", "occupations", title=f"{db.name} {db.version}: {level} groups")
        for code, title, n in db.groups(level):
            table.add_row(code, title, str(n))
    else:
        rows = db.occupations(group)
        if not rows:
            _fail(WorldsmithError(f"no occupation of {db.name} {db.version} is in group {group!r}; "
                                  "`worldsmith taxonomy list` shows the groups"))
        table = Table("code", "title", "SOC detailed", title=f"{db.name} {db.version}: {group} ({len(rows)})")
        for row in rows:
            table.add_row(row.code, row.title, row.soc_detailed)
    console.print(table)


@taxonomy_app.command("search")
def taxonomy_search(
    query: str = typer.Argument(..., help="a code or code prefix, a title, an alternate title; typos are fine"),
    limit: int = typer.Option(10, min=1, max=200),
    taxonomy: Optional[Path] = typer.Option(None, help=TAXONOMY_HELP),
) -> None:
    """Find occupations by code, title or alternate title, fuzzily.

    \b
    Example: worldsmith taxonomy search "tax attorney" --taxonomy onet.duckdb
    """
    db = _open(taxonomy)
    try:
        hits = db.search(query, limit)
    except WorldsmithError as exc:
        _fail(exc)
    table = Table("code", "title", "matched", "score")
    for h in hits:
        table.add_row(h.code, h.title, h.matched if h.kind != "title" else "", f"{h.score:.2f}")
    console.print(table)


@taxonomy_app.command("show")
def taxonomy_show(
    ref: str = typer.Argument(..., help="an O*NET-SOC or SOC code, or an exact title"),
    limit: int = typer.Option(8, min=1, help="entries per list"),
    taxonomy: Optional[Path] = typer.Option(None, help=TAXONOMY_HELP),
    as_json: bool = typer.Option(False, "--json", help="print the full record as JSON"),
) -> None:
    """Show an occupation: its SOC roll-up, titles, tasks, tools, work activities and who works with it.

    \b
    Example: worldsmith taxonomy show 23-1011.00 --taxonomy onet.duckdb
    """
    db = _open(taxonomy)
    try:
        d = db.show(ref, limit)
    except WorldsmithError as exc:
        _fail(exc)
    if as_json:
        typer.echo(d.model_dump_json(indent=2))
        return
    console.print(Text.assemble((f"{d.code} {d.title}", "bold"), f" (job zone {d.job_zone})" if d.job_zone else ""))
    r = d.rollup
    for level in ("major", "minor", "broad", "detailed"):
        g = getattr(r, level)
        console.print(f"  {level:<9}{g.code}  {g.title}")
    for label, items in (("titles", d.titles), ("tasks", d.tasks), ("technology", d.technology), ("tools", d.tools),
                         ("documents", d.documents), ("work activities", [a.dwa for a in d.activities]),
                         ("works with", [f"{x.code} {x.title} ({x.tier})" for x in d.related])):
        if items:
            console.print(Text(label, "bold"))
            for item in items:
                console.print(f"  - {item}", soft_wrap=True)
    if db.attribution:
        console.print(Text(db.attribution, "dim"))


def outline_draft(
    occupation: str = typer.Option(..., help="the lead occupation: an O*NET-SOC or SOC code, or a title"),
    scenario: Optional[str] = typer.Option(None, help="what the matter is about, in a sentence"),
    seed: int = typer.Option(0, help="another seed drafts another matter"),
    out: Optional[Path] = typer.Option(None, help="write the draft here (default: print it)"),
    taxonomy: Optional[Path] = typer.Option(None, help=TAXONOMY_HELP),
) -> None:
    """Draft an outline for an occupation from its tasks, work activities, tools and related occupations.

    The draft is marked as one, for an expert to review; it passes the same checks as a hand-written outline.

    \b
    Example: worldsmith outline draft --occupation 23-1011.00 --taxonomy onet.duckdb --out matter.yaml
    Example: worldsmith outline draft --occupation Accountants --scenario "a year-end audit of a food wholesaler"
    """
    import sys

    from worldsmith.flows.config import resolve_config
    from worldsmith.flows.drafting import draft

    try:
        if out is not None:
            output_file(out, "--out")
        chosen = resolve_config({"taxonomy": taxonomy}).taxonomy
        text = draft(occupation, chosen, seed, scenario, name=str(out) if out else "<draft>")
    except WorldsmithError as exc:
        _fail(exc)
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
        err.print(f"wrote {out} (a draft: review it, then `worldsmith generate {out}`)")
