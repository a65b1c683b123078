"""Issue 17 (blind read 23, papers14): a document's body does what its title says. Composed offline on
tests/fixtures/lift-maintenance.yaml, an outline written for these tests (a trade no example has), and on fixtures the
rules were not written on."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from tests.generators.offline_world import offline_world
from worldsmith.worlds.content import DocumentContent

ROOT = Path(__file__).resolve().parents[2]
LIFT = "tests/fixtures/lift-maintenance.yaml"


@functools.lru_cache(maxsize=None)
def _world(path: str, seed: int = 61):
    plan, _, contents = offline_world(ROOT / path, seed)
    return plan, contents


def _doc(path: str, title: str, seed: int = 61) -> tuple[object, DocumentContent]:
    plan, contents = _world(path, seed)
    spec = next(s for s in plan.artifacts if s.title.startswith(title) and isinstance(contents.get(s.id),
                                                                                        DocumentContent))
    return spec, contents[spec.id]


def _text(doc: DocumentContent) -> str:
    return "\n".join([*(f"## {s.heading}\n" + "\n".join(s.paragraphs) for s in doc.sections)])


def test_an_extract_whose_title_names_no_clause_holds_each_clause_its_facts_and_summary_cite():
    # read 23: 'Titled "SLA, credits and termination", it contains no SLA, no cap clause (9.4) and no termination
    # clause (14.3). It has only "Schedule 1" with the fee and rate': the facts cite 'Clause 5.2' and 'Clause 8.1', the
    # summary and the purpose 'clause 12.2' in lower case
    _, doc = _doc(LIFT, "Maintenance agreement extract")
    text = _text(doc)
    # each cited provision under its own number, in the contract's words, with the fact's figure
    assert re.search(r"^5\.2 .*\bshall be entitled to a deduction of 20% of the quarterly fee\b", text, re.M), text
    assert re.search(r"^8\.1 .*\bshall not exceed 10% of the annual fees\b", text, re.M), text
    assert re.search(r"^12\.2 .*\bmay terminate this Agreement\b", text, re.M), text
    # a clause on the subject of service levels, and the cap under a limitation heading, not 'Definitions'
    heads = [s.heading for s in doc.sections]
    assert any(re.fullmatch(r"5\. Service Levels.*", h) for h in heads), heads
    assert any(re.fullmatch(r"8\. Limitation.*", h) for h in heads), heads
    # the agreement is the agreement, not 'this ... extract (this Agreement)'; one copy of each sub-clause
    assert not re.search(r"\bextract \(this Agreement\)|terms of this [\w ]*extract\b", text), text
    assert len(re.findall(r"20% of the quarterly fee", text)) == 1, text


def test_a_notice_of_termination_terminates_under_its_clause_with_its_ground_and_day():
    # read 23: 'a firm would not send it as a notice of termination. It has no MSA reference, no clause 14.3, no
    # ground and no operative words' (the day and the clause were in the record: 'notice under clause 12.2 terminates
    # the agreement for persistent failure with effect from October 30, 2026')
    _, doc = _doc(LIFT, "Notice of termination")
    opening = " ".join(doc.sections[0].paragraphs)
    assert re.search(r"\bUnder clause 12\.2 of the lift maintenance agreement of March 1, 2025 \(the Agreement\), our "
                     r"client hereby terminates the Agreement for persistent failure, with effect from October 30, "
                     r"2026\.", opening), opening
