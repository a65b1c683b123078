"""resolve_cast: each cast role of an outline finds its occupation, or the author is told where and what to write."""

from __future__ import annotations

from pathlib import Path

import pytest

from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
from worldsmith.worlds.errors import OutlineError
from worldsmith.worlds.outline import load_outline, parse_outline

EXAMPLES = Path(__file__).resolve().parents[2] / "outlines" / "examples"

OUTLINE = """\
title: Harrowvane charter dispute
summary: Outside counsel advise the charterer on a demurrage claim.
window:
  start: 2026-03-01
  end: 2026-04-30
  timezone: Europe/London
organisations:
  - id: firm
    name: Harrowvane LLP
    role: outside counsel to the charterer
    domain: harrowvane.example
cast:
  - role: partner
    occupation: 23-1011
    organisation: firm
    seniority: senior
  - role: paralegal
    occupation: paralegals and legal assistants
    organisation: firm
  - role: master
    occupation: Chief Officer
    organisation: firm
  - role: expert
    occupation: {expert}
    organisation: firm
inventory:
  - path: Correspondence
    items:
      - kind: document
        title: Advice on the demurrage claim
        author: partner
"""
EXPERT_LINE = OUTLINE.splitlines().index("    occupation: {expert}") + 1


def _outline(expert: str):
    return parse_outline(OUTLINE.replace("{expert}", expert), file="x.yaml")


def _error(expert: str) -> OutlineError:
    with pytest.raises(OutlineError) as info:
        resolve_cast(_outline(expert), load_taxonomy())
    return info.value


def test_roles_resolve_by_code_official_title_and_job_title():
    cast = resolve_cast(_outline("13-2011"), load_taxonomy())
    assert {role: occ.code for role, occ in cast.items()} == {
        "partner": "23-1011", "paralegal": "23-2011", "master": "53-5021", "expert": "13-2011",
    }
    assert cast["paralegal"].title == "Paralegals and Legal Assistants"


def test_an_unknown_occupation_points_at_its_file_line_and_field():
    err = _error("Astronaut")
    assert (err.file, err.line, err.field) == ("x.yaml", EXPERT_LINE, "cast[3].occupation")
    assert str(err).startswith(f"x.yaml:{EXPERT_LINE}: cast[3].occupation:")
    assert "'Astronaut'" in err.message and "23-1011" in err.message


def test_a_misspelt_title_suggests_the_closest_ones():
    err = _error("Acountants and Auditor")
    assert "did you mean 'Accountants and Auditors' (13-2011)" in err.message


def test_a_misspelt_job_title_suggests_it_with_its_occupation():
    err = _error("Managing Partnr")
    assert "'Managing Partner' (Lawyers, 23-1011)" in err.message


def test_a_valid_soc_code_that_is_not_shipped_says_so():
    err = _error("29-1021")
    assert err.line == EXPERT_LINE
    assert "29-1021 (Dentists, General) is a valid SOC 2018 occupation but is not shipped" in err.message


def test_a_valid_soc_title_that_is_not_shipped_says_so():
    err = _error('"Dentists, General"')
    assert "is a SOC 2018 occupation (29-1021) but is not shipped" in err.message


def test_a_group_code_is_not_taken_for_an_occupation():
    err = _error("23-1010")
    assert "23-1010 is a SOC group code" in err.message
    assert "23-1011 Lawyers" in err.message


def test_a_code_that_is_no_soc_code_says_so():
    err = _error("23-9999")
    assert "23-9999 is not a SOC 2018 detailed occupation code" in err.message


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_outline_resolves_against_the_shipped_taxonomy(path):
    outline = load_outline(path)
    cast = resolve_cast(outline, load_taxonomy())
    assert set(cast) == {member.role for member in outline.cast}
