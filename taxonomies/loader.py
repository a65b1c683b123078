"""Load the occupation taxonomy shipped in taxonomies/data, hash it, and resolve an outline's cast against it."""

from __future__ import annotations

import csv
import difflib
import functools
import hashlib
import io
import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from worldsmith.worlds.errors import OutlineError, TaxonomyError
from worldsmith.worlds.outline import Outline
from worldsmith.worlds.sourcemap import format_loc, load_yaml, resolve_loc
from worldsmith.worlds.taxonomy import MajorGroup, Occupation, Taxonomy

DATA_DIR = Path(__file__).parent / "data"
OCCUPATIONS_FILE = "occupations.yaml"
MAJOR_GROUPS_FILE = "soc2018_major_groups.csv"
# Every SOC 2018 detailed occupation, shipped or not: only used to tell an author that a code or
# title is real SOC but not in the taxonomy, instead of calling it unknown.
SOC_DETAILED_FILE = "soc2018_detailed_occupations.csv"

_TOP_LEVEL_KEYS = {"version", "name", "occupations"}
_CODE = re.compile(r"^\d{2}-\d{4}$")


def _files(path: Path | None) -> tuple[Path, Path]:
    """The occupations YAML and the major-groups CSV for a taxonomy folder or its YAML file."""
    path = DATA_DIR if path is None else Path(path)
    if path.is_dir():
        return path / OCCUPATIONS_FILE, path / MAJOR_GROUPS_FILE
    return path, path.parent / MAJOR_GROUPS_FILE


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise TaxonomyError(f"{path}: no such file") from None
    except OSError as exc:
        raise TaxonomyError(f"{path}: cannot read: {exc}") from None


def _read_text(path: Path) -> str:
    try:
        return _read_bytes(path).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TaxonomyError(f"{path}: not UTF-8 text: {exc}") from None


def _csv_rows(path: Path) -> list[dict[str, str]]:
    """Rows of a code,title CSV; the header must be exactly that so a column swap cannot pass unseen."""
    reader = csv.DictReader(io.StringIO(_read_text(path), newline=""))
    if reader.fieldnames != ["code", "title"]:
        raise TaxonomyError(f"{path}:1: header must be 'code,title' (got {','.join(reader.fieldnames or [])!r})")
    return list(reader)


def _load_major_groups(path: Path) -> list[MajorGroup]:
    groups: list[MajorGroup] = []
    seen: set[str] = set()
    for lineno, row in enumerate(_csv_rows(path), start=2):
        try:
            group = MajorGroup.model_validate(row)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise TaxonomyError(f"{path}:{lineno}: major group {row!r}: {format_loc(err['loc'])}: {err['msg']}") from None
        if group.code in seen:
            raise TaxonomyError(f"{path}:{lineno}: major group {group.code} is given twice")
        seen.add(group.code)
        groups.append(group)
    if not groups:
        raise TaxonomyError(f"{path}: no major groups")
    return groups


def _entry_name(raw: Any) -> str:
    """'23-1011 Lawyers' for an occupation entry, as far as it can be read."""
    if isinstance(raw, dict):
        return " ".join(str(raw[k]) for k in ("code", "title") if raw.get(k) is not None) or "entry"
    return repr(raw)


def _load_occupations(path: Path, majors: set[str], trusted: bool = False) -> tuple[dict[str, Any], list[Occupation]]:
    text = _read_text(path)
    if trusted and hasattr(yaml, "CSafeLoader"):
        # The shipped file is part of the package: libyaml reads its 100 KB in about 0.1 s, where the bounded
        # reader that maps every line (for outlines and taxonomies a user gives) took about 1.2 s of every
        # command's start (measured). Should it ever be refused, the bounded reader reads it again to say where;
        # test_loader compares a copy read the bounded way with it.
        try:
            return _occupations(path, yaml.load(text, Loader=yaml.CSafeLoader), {}, majors)
        except (yaml.YAMLError, TaxonomyError):
            pass
    try:
        data, lines = load_yaml(text, str(path))
    except OutlineError as exc:
        # The YAML reader is shared with outlines; here its complaint is about taxonomy data.
        raise TaxonomyError(str(exc)) from None
    return _occupations(path, data, lines, majors)


def _occupations(path: Path, data: Any, lines: dict, majors: set[str]) -> tuple[dict[str, Any], list[Occupation]]:
    """The occupations of a taxonomy's parsed YAML, refused with file, line and field where one is wrong."""
    if not isinstance(data, dict):
        raise TaxonomyError(f"{path}:1: a taxonomy is a YAML mapping with version: and occupations:")
    unknown = sorted(set(data) - _TOP_LEVEL_KEYS)
    if unknown:
        raise TaxonomyError(f"{path}:{lines.get((unknown[0],))}: unknown top-level key {unknown[0]!r}")
    if not isinstance(data.get("version"), str) or not data["version"].strip():
        raise TaxonomyError(f"{path}:{lines.get(('version',), 1)}: version must be a quoted string such as \"2026.12.0\"")
    raw_occupations = data.get("occupations")
    if not isinstance(raw_occupations, list) or not raw_occupations:
        raise TaxonomyError(f"{path}:{lines.get(('occupations',), 1)}: occupations must be a non-empty list")

    occupations: list[Occupation] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(raw_occupations):
        where = f"occupations[{i}] ({_entry_name(raw)})"
        try:
            occ = Occupation.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            shown, line = resolve_loc(("occupations", i) + tuple(err["loc"]), lines)
            field = format_loc(shown[2:]) or "entry"
            raise TaxonomyError(f"{path}:{line}: {where}: {field}: {err['msg']}") from None
        line = lines.get(("occupations", i))
        if occ.code in seen:
            raise TaxonomyError(f"{path}:{line}: {where}: code {occ.code} is given twice (first at occupations[{seen[occ.code]}])")
        if occ.major not in majors:
            raise TaxonomyError(f"{path}:{line}: {where}: major group {occ.major} is not in {MAJOR_GROUPS_FILE}")
        seen[occ.code] = i
        occupations.append(occ)
    return data, occupations


def _load(path: Path | None) -> Taxonomy:
    yaml_path, groups_path = _files(path)
    groups = _load_major_groups(groups_path)
    data, occupations = _load_occupations(yaml_path, {g.code for g in groups}, trusted=path is None)
    fields: dict[str, Any] = {"version": data["version"], "major_groups": groups, "occupations": occupations}
    if "name" in data:
        fields["name"] = data["name"]
    try:
        return Taxonomy.model_validate(fields)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise TaxonomyError(f"{yaml_path}: {format_loc(err['loc'])}: {err['msg']}") from None


@functools.lru_cache(maxsize=1)
def _shipped() -> Taxonomy:
    return _load(None)


def load_taxonomy(path: Path | None = None) -> Taxonomy:
    """The taxonomy at `path` (a folder, its occupations.yaml, or an O*NET import's .duckdb), or the shipped one when None."""
    # The shipped data never changes while a process runs, so it is parsed once; callers must not mutate it.
    if path is not None and Path(path).suffix == ".duckdb":
        from worldsmith.taxonomies.onet_view import onet_taxonomy

        return onet_taxonomy(Path(path))
    return _shipped() if path is None else _load(path)


def taxonomy_sha256(path: Path | None = None) -> str:
    """SHA-256 over the bytes of the files a taxonomy is loaded from (name, length and content of each)."""
    # The SOC list of all detailed occupations is left out on purpose: it only shapes error messages,
    # and a world's id should not change when it does.
    if path is not None and Path(path).suffix == ".duckdb":
        # A DuckDB file's bytes are not stable; the import recorded the hash of the release it read.
        from worldsmith.taxonomies.store import open_taxonomy

        db = open_taxonomy(Path(path))
        try:
            return db.sha256
        finally:
            db.close()
    digest = hashlib.sha256()
    for file in _files(path):
        content = _read_bytes(file)
        digest.update(f"{file.name}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()


@functools.lru_cache(maxsize=1)
def soc2018_detailed() -> dict[str, str]:
    """Every SOC 2018 detailed occupation code mapped to its official title (shipped with the package)."""
    return {row["code"]: row["title"] for row in _csv_rows(DATA_DIR / SOC_DETAILED_FILE)}


def resolve_cast(outline: Outline, taxonomy: Taxonomy) -> dict[str, Occupation]:
    """Each cast role of the outline mapped to its occupation; an OutlineError at the role's line if one cannot be."""
    resolved: dict[str, Occupation] = {}
    for i, member in enumerate(outline.cast):
        occupation = taxonomy.resolve(member.occupation)
        if occupation is None:
            raise outline.error(("cast", i, "occupation"), unresolved_message(member.occupation, taxonomy))
        resolved[member.role] = occupation
    return resolved


def unresolved_message(ref: str, taxonomy: Taxonomy) -> str:
    """Why `ref` names no occupation of the taxonomy, and what the author could write instead."""
    ref = ref.strip()
    label = f"the taxonomy ({taxonomy.name} {taxonomy.version})"
    soc = soc2018_detailed()
    if _CODE.match(ref):
        if ref in soc:
            return f"{ref} ({soc[ref]}) is a valid SOC 2018 occupation but is not shipped in {label}; " + _shipped_near(ref, taxonomy)
        digits = ref[3:].rstrip("0")
        if digits != ref[3:]:
            # 23-1010, 23-1000, 23-0000: a broad, minor or major group, not a detailed occupation.
            return f"{ref} is a SOC group code, not a detailed occupation; " + _shipped_near(ref, taxonomy, ref[:3] + digits)
        return f"{ref} is not a SOC 2018 detailed occupation code; " + _shipped_near(ref, taxonomy)
    by_title = {t.lower(): c for c, t in soc.items()}
    if ref.lower() in by_title:
        code = by_title[ref.lower()]
        return f"{ref!r} is a SOC 2018 occupation ({code}) but is not shipped in {label}; " + _shipped_near(code, taxonomy)
    names: dict[str, str] = {}
    for occ in taxonomy.occupations:
        names.setdefault(occ.title.lower(), f"{occ.title!r} ({occ.code})")
        for job in occ.job_titles.values():
            names.setdefault(job.lower(), f"{job!r} ({occ.title}, {occ.code})")
    close = difflib.get_close_matches(ref.lower(), list(names), n=3, cutoff=0.6)
    if close:
        return f"occupation {ref!r} is not in {label}; did you mean " + " or ".join(names[c] for c in close) + "?"
    return (f"occupation {ref!r} is not in {label}; give a SOC 2018 code such as 23-1011, "
            "an official title such as 'Lawyers', or a job title such as 'Partner'")


def _shipped_near(code: str, taxonomy: Taxonomy, prefix: str | None = None) -> str:
    """A hint listing shipped occupations that share the code's group."""
    prefix = prefix or code[:2]
    near = [o for o in taxonomy.occupations if o.code.startswith(prefix)] or \
           [o for o in taxonomy.occupations if o.code.startswith(code[:2])]
    if not near:
        group = next((g.title for g in taxonomy.major_groups if g.code == code[:2] + "-0000"), code[:2] + "-0000")
        return f"no occupation of major group {group} is shipped"
    shown = ", ".join(f"{o.code} {o.title}" for o in near[:6])
    more = f" and {len(near) - 6} more" if len(near) > 6 else ""
    return f"shipped occupations nearby: {shown}{more}"
