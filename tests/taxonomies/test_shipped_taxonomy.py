"""The occupation data shipped in taxonomies/data: complete, well-formed, official where it claims to be."""

from __future__ import annotations

import collections
import csv
import difflib
import re
from pathlib import Path

import pytest

from worldsmith.taxonomies.loader import DATA_DIR, load_taxonomy, soc2018_detailed
from worldsmith.worlds.taxonomy import Taxonomy

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
SOC_FILE = SHARED / "soc-2018" / "soc_structure_2018.csv"
ONET_TASKS = SHARED / "onet-29.3" / "Task Statements.txt"

REQUIRED = {
    "11-1011": "Chief Executives",
    "11-1021": "General and Operations Managers",
    "11-2021": "Marketing Managers",
    "11-3031": "Financial Managers",
    "11-3121": "Human Resources Managers",
    "13-1031": "Claims Adjusters, Examiners, and Investigators",
    "13-1041": "Compliance Officers",
    "13-1111": "Management Analysts",
    "13-2011": "Accountants and Auditors",
    "13-2041": "Credit Analysts",
    "13-2051": "Financial and Investment Analysts",
    "13-2053": "Insurance Underwriters",
    "15-1211": "Computer Systems Analysts",
    "17-2121": "Marine Engineers and Naval Architects",
    "19-2041": "Environmental Scientists and Specialists, Including Health",
    "23-1011": "Lawyers",
    "23-2011": "Paralegals and Legal Assistants",
    "43-6012": "Legal Secretaries and Administrative Assistants",
    "41-3031": "Securities, Commodities, and Financial Services Sales Agents",
    "53-5021": "Captains, Mates, and Pilots of Water Vessels",
}
# Anything that would make a composer print a template or filler instead of words.
_TEMPLATE = re.compile(r"[{}\[\]<>]|\blorem\b|\bipsum\b|\bTODO\b|\bXXX\b", re.IGNORECASE)


@pytest.fixture(scope="module")
def taxonomy() -> Taxonomy:
    return load_taxonomy()


def _soc_rows() -> list[dict[str, str]]:
    if not SOC_FILE.is_file():
        pytest.skip(f"official SOC 2018 structure not present at {SOC_FILE}")
    with SOC_FILE.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_shipped_taxonomy_loads_with_a_version(taxonomy):
    assert isinstance(taxonomy, Taxonomy)
    assert re.fullmatch(r"\d{4}\.\d+\.\d+", taxonomy.version)


def test_all_23_major_groups_are_shipped(taxonomy):
    codes = [g.code for g in taxonomy.major_groups]
    assert len(codes) == 23 == len(set(codes))
    assert codes[0] == "11-0000" and codes[-1] == "55-0000"


def test_at_least_60_detailed_occupations_with_unique_codes(taxonomy):
    codes = [o.code for o in taxonomy.occupations]
    assert len(codes) >= 60
    assert len(codes) == len(set(codes))


def test_every_occupation_falls_in_a_shipped_major_group(taxonomy):
    majors = {g.code for g in taxonomy.major_groups}
    assert [o.code for o in taxonomy.occupations if o.major not in majors] == []


def test_required_occupations_are_shipped_with_official_titles(taxonomy):
    shipped = {o.code: o.title for o in taxonomy.occupations}
    assert {code: shipped.get(code) for code in REQUIRED} == REQUIRED


def test_major_groups_match_the_official_soc_file(taxonomy):
    official = [(r["code"], r["title"]) for r in _soc_rows() if r["level"] == "major"]
    assert [(g.code, g.title) for g in taxonomy.major_groups] == official


def test_every_code_and_title_matches_the_official_soc_file(taxonomy):
    official = {r["code"]: r["title"] for r in _soc_rows() if r["level"] == "detailed"}
    wrong = [(o.code, o.title, official.get(o.code)) for o in taxonomy.occupations if official.get(o.code) != o.title]
    assert wrong == []


def test_shipped_soc_detailed_list_is_the_official_one():
    official = {r["code"]: r["title"] for r in _soc_rows() if r["level"] == "detailed"}
    assert soc2018_detailed() == official


def test_every_occupation_has_a_job_title_for_each_seniority(taxonomy):
    missing = [o.code for o in taxonomy.occupations if set(o.job_titles) != {"junior", "mid", "senior", "executive"}]
    assert missing == []


def test_job_titles_are_unique_so_a_job_title_resolves_to_one_occupation(taxonomy):
    counts = collections.Counter(t.lower() for o in taxonomy.occupations for t in o.job_titles.values())
    official = {o.title.lower() for o in taxonomy.occupations}
    assert [t for t, n in counts.items() if n > 1] == []
    assert [t for t in counts if t in official] == []


def test_job_titles_resolve_back_to_their_occupation(taxonomy):
    for occ in taxonomy.occupations:
        for job in occ.job_titles.values():
            assert taxonomy.resolve(job) is occ, job


def test_style_is_rich_enough_for_the_offline_composer(taxonomy):
    thin = [o.code for o in taxonomy.occupations
            if len(o.style.phrases) < 8 or len(o.style.greetings) < 2 or len(o.style.sign_offs) < 2
            or len(o.tools) < 5 or len(o.documents) < 5 or len(o.tasks) < 4]
    assert thin == []


def test_no_style_text_is_a_template_or_filler(taxonomy):
    bad = [(o.code, text) for o in taxonomy.occupations
           for text in (*o.style.phrases, *o.style.greetings, *o.style.sign_offs)
           if _TEMPLATE.search(text) or text != text.strip() or not text]
    assert bad == []


def test_greetings_and_sign_offs_are_plain_words_without_punctuation(taxonomy):
    # The composer adds the name and the comma; "Hi," or "Thanks!" would double the punctuation.
    bad = [(o.code, text) for o in taxonomy.occupations for text in (*o.style.greetings, *o.style.sign_offs)
           if not re.fullmatch(r"[A-Za-z][A-Za-z' ]*", text)]
    assert bad == []


def test_phrases_are_distinct_across_occupations(taxonomy):
    counts = collections.Counter(p.lower() for o in taxonomy.occupations for p in o.style.phrases)
    assert [p for p, n in counts.items() if n > 1] == []


def test_families_differ_in_tone(taxonomy):
    tones = collections.defaultdict(set)
    for occ in taxonomy.occupations:
        tones[occ.family].add(occ.style.tone)
    assert len(tones) >= 10
    assert len(set().union(*tones.values())) >= 3
    assert taxonomy.by_code("23-1011").style.tone == "formal"
    assert taxonomy.by_code("15-1252").style.tone in {"plain", "terse"}


def test_tasks_are_not_copied_from_onet_task_statements(taxonomy):
    if not ONET_TASKS.is_file():
        pytest.skip(f"O*NET task statements not present at {ONET_TASKS}")
    onet: dict[str, list[str]] = collections.defaultdict(list)
    with ONET_TASKS.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            onet[row["O*NET-SOC Code"][:7]].append(row["Task"].lower())
    close = [(o.code, task, theirs) for o in taxonomy.occupations for task in o.tasks for theirs in onet[o.code]
             if difflib.SequenceMatcher(None, task.lower(), theirs).ratio() > 0.8]
    assert close == []


def test_yaml_header_names_bls_soc_2018_as_the_source():
    head = (DATA_DIR / "occupations.yaml").read_text(encoding="utf-8").split("\nversion:")[0]
    assert "Bureau of Labor Statistics" in head and "SOC) 2018" in head
    assert "own" in head
