"""Issue 17 (blind read 23, papers16): a memo's analysis reads each provision its facts cite, and applies it. Composed
offline on tests/fixtures/covenant-breach.yaml (a memo whose facts cite two sections its analysis never read)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from tests.generators.offline_world import offline_world
from worldsmith.worlds.content import DocumentContent

ROOT = Path(__file__).resolve().parents[2]


@functools.lru_cache(maxsize=None)
def _world(path: str, seed: int = 61):
    plan, _, contents = offline_world(ROOT / path, seed)
    return plan, contents


def _section(path: str, title: str, heading: str) -> str:
    plan, contents = _world(path)
    spec = next(s for s in plan.artifacts if s.title.startswith(title) and isinstance(contents.get(s.id),
                                                                                        DocumentContent))
    return "\n".join(p for s in contents[spec.id].sections if heading in s.heading for p in s.paragraphs)


def test_a_memos_analysis_reads_and_applies_each_provision_its_facts_cite():
    # read 23: 'An options memo that misstates s.8.04 as prepayment-only ... The Analysis section is one sentence';
    # 'Arithmetic only: no legal analysis'. The memo's facts cite section 7.11 (the covenant) and section 8.04 (the
    # cure): each is read (what it provides), applied to the record with its source, met against the other side, and
    # concluded on, in the ledger's figures only
    text = _section("tests/fixtures/covenant-breach.yaml", "Memo re the June 30 leverage test", "Analysis")
    assert re.search(r"Section 7\.11 sets the maximum total net leverage ratio at 3\.5x, tested at the end of each "
                     r"fiscal quarter", text), text
    assert re.search(r"Applied here, the total net leverage ratio at June 30, 2026 is 3\.70x .*\(the \"Total net "
                     r"leverage ratio\" line", text), text
    assert "Section 8.04 provides that the sponsor may cure with an equity contribution" in text, text
    assert "It follows that, on section 8.04, the equity cure amount is USD 9,000,000." in text, text
    assert "otherwise; nothing on the record" not in text, text  # no stock line for a side the record gives nothing


def test_minutes_that_agree_the_workstreams_and_timetable_record_them():
    # read 23: 'Kick-off minutes record only the EV arithmetic. Workstreams and timetable are "agreed" with no
    # content'. The kick-off's purpose agrees the workstreams and the timetable to signing: its minutes record each
    # paper its side is to make after it, with who leads it and its day, and the actions table carries them
    plan, contents = _world("outlines/examples/buyside-diligence.yaml")
    spec = next(s for s in plan.artifacts if s.title.startswith("Minutes: Diligence kick-off"))
    doc = contents[spec.id]
    decisions = "\n".join(p for s in doc.sections if "Decision" in s.heading for p in s.paragraphs)
    assert re.search(r"The workstreams and the timetable agreed, paper by paper, with who leads each and when it is "
                     r"due: \(1\) the Data room request list: Project Millrace, led by John Evans, due 3 September "
                     r"2026;.*\(3\) the Customer concentration and cohort analysis, led by Chloe Wilkinson, due 18 "
                     r"September 2026", decisions), decisions
    text = "\n".join(str(s) for s in doc.sections)
    assert "Deliver the Customer concentration and cohort analysis" in text, text


def test_a_provision_named_only_in_a_sheets_title_is_still_read_and_met_against_the_other_sides_figure():
    # read 23: 'the surcharge memo (no reading of clauses 6.2/6.3)'. Its analysis named clause 6.3 only inside the
    # title of the sheet it cites ('the Surcharge computation against the clause 6.3 cap'): the clause is read from
    # the fact that states it, applied with the figure that works it, met against the other side's figure, and
    # concluded on in what it makes payable; clause 6.2, which the record only mentions, is not read as 'in point'
    text = _section("tests/fixtures/supply-surcharge.yaml", "Memo re the Brennmoor surcharge", "Analysis")
    assert "Clause 6.3 caps any price adjustment under clause 6.2 at 12% of the annual contract value" in text, text
    assert "Applied here, the most clause 6.3 allows for the contract year is USD 2,361,600" in text, text
    assert ("Against that, the surcharge claimed by Brennmoor is USD 3,640,800, the full 18.5% index rise applied to "
            "the annual contract value; that figure stands only so far as clause 6.3 allows it.") in text, text
    assert "It follows that, on clause 6.3, the surcharge cap is USD 2,361,600, and the surcharge payable is" in text
    assert "Clause 6.2 is the provision in point" not in text, text


def test_a_paragraph_of_a_schedule_is_one_provision():
    # 'Schedule 6 provides that para 4.2 Corrib claims ...' (aircraft-redelivery at seed 97): the schedule and its
    # paragraph are one provision, never the schedule with the paragraph left to open what it provides
    from worldsmith.generators.compose.substance.memo import _CITED

    assert _CITED.search("Under Schedule 6 para 4.2 the lessor claims").group(0) == "Schedule 6 para 4.2"
    assert _CITED.search("Section 7.11 of the credit agreement").group(0) == "Section 7.11"
