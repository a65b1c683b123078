"""load_taxonomy and taxonomy_sha256: the shipped data, copies of it, and broken copies that must be refused."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from worldsmith.taxonomies.loader import DATA_DIR, load_taxonomy, taxonomy_sha256
from worldsmith.worlds.errors import TaxonomyError


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped data folder."""
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _rewrite(folder: Path, edit) -> None:
    path = folder / "occupations.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def test_the_default_taxonomy_is_parsed_once_and_cached():
    assert load_taxonomy() is load_taxonomy()


def test_a_copy_loads_from_its_folder_or_its_yaml_file_alike(copy):
    by_folder = load_taxonomy(copy)
    by_file = load_taxonomy(copy / "occupations.yaml")
    assert by_folder == by_file == load_taxonomy()


def test_sha256_is_stable_and_follows_the_bytes(copy):
    assert taxonomy_sha256() == taxonomy_sha256(copy) == taxonomy_sha256(DATA_DIR)
    assert len(taxonomy_sha256()) == 64
    with (copy / "occupations.yaml").open("a", encoding="utf-8") as f:
        f.write("\n# a comment changes the bytes\n")
    assert taxonomy_sha256(copy) != taxonomy_sha256()


def test_sha256_covers_the_major_groups_file(copy):
    groups = copy / "soc2018_major_groups.csv"
    groups.write_text(groups.read_text(encoding="utf-8").replace("Legal Occupations", "Legal Jobs"), encoding="utf-8")
    assert taxonomy_sha256(copy) != taxonomy_sha256()


def test_a_missing_folder_is_a_taxonomy_error(tmp_path):
    with pytest.raises(TaxonomyError, match="no such file"):
        load_taxonomy(tmp_path / "nowhere")


def test_an_invalid_entry_names_the_file_line_and_occupation(copy):
    _rewrite(copy, lambda d: d["occupations"][3]["style"].update(phrases=["just one"]))
    with pytest.raises(TaxonomyError) as info:
        load_taxonomy(copy)
    message = str(info.value)
    assert "occupations.yaml:" in message
    assert "occupations[3] (11-2021 Marketing Managers)" in message
    assert "style.phrases" in message
    line = int(message.split("occupations.yaml:")[1].split(":")[0])
    text = (copy / "occupations.yaml").read_text(encoding="utf-8").splitlines()
    assert text[line - 1].strip().startswith("phrases:")


def test_an_unknown_key_in_an_entry_is_refused(copy):
    _rewrite(copy, lambda d: d["occupations"][0].update(salary="high"))
    with pytest.raises(TaxonomyError, match=r"occupations\[0\] \(11-1011 Chief Executives\): salary"):
        load_taxonomy(copy)


def test_a_code_given_twice_is_refused(copy):
    _rewrite(copy, lambda d: d["occupations"].append(dict(d["occupations"][0])))
    with pytest.raises(TaxonomyError, match="11-1011 is given twice"):
        load_taxonomy(copy)


def test_an_occupation_outside_every_major_group_is_refused(copy):
    groups = copy / "soc2018_major_groups.csv"
    kept = [line for line in groups.read_text(encoding="utf-8").splitlines() if not line.startswith("23-0000")]
    groups.write_text("\n".join(kept) + "\n", encoding="utf-8")
    with pytest.raises(TaxonomyError, match="major group 23-0000 is not in"):
        load_taxonomy(copy)


def test_a_malformed_major_group_row_names_its_line(copy):
    groups = copy / "soc2018_major_groups.csv"
    groups.write_text(groups.read_text(encoding="utf-8").replace("23-0000", "23-000"), encoding="utf-8")
    with pytest.raises(TaxonomyError, match=r"soc2018_major_groups.csv:8: major group"):
        load_taxonomy(copy)


def test_an_unquoted_version_is_refused(copy):
    path = copy / "occupations.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace('version: "2026.12.0"', "version: 2026.12"), encoding="utf-8")
    with pytest.raises(TaxonomyError, match="version must be a quoted string"):
        load_taxonomy(copy)


def test_broken_yaml_is_a_taxonomy_error_with_a_line(copy):
    path = copy / "occupations.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\n  - code: [unclosed\n", encoding="utf-8")
    with pytest.raises(TaxonomyError, match=r"occupations.yaml:\d+: YAML syntax error"):
        load_taxonomy(copy)
