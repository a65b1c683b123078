"""A neutral's paper does its genre's job: an award orders the sum it ends on paid, and a determination leaves out a
heading it has nothing for.

Blind read 26 (unseen outlines, now tests/fixtures/): the demurrage 'Final award' "awards no sum, interest or costs. It
only 'determines' 342 hours"; the rent review's determination had a 'The Submissions' section reading "The reviewed
annual rent was first put at GBP 680,400; the rent review date came after", no party's submission being on its record,
and reasons of a single sentence."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.generators.planned import planned
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.context import build_context
from worldsmith.worlds.content import DocumentContent

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


class _Done(dict):
    def __missing__(self, key):  # (the sheets a paper cites are not composed here)
        return None


def _compose(fixture: str, title: str, seed: int) -> tuple[DocumentContent, object]:
    plan, taxonomy = planned(FIXTURES / fixture, seed)
    spec = next(a for a in plan.artifacts if a.kind == "document" and a.title.startswith(title))
    ctx = build_context(plan, taxonomy, spec, _Done())
    return asyncio.run(OfflineBackend().generate(ctx, DocumentContent)), ctx


def test_an_award_orders_the_sum_claimed_paid_by_the_party_across():
    for seed in (191, 61):
        doc, ctx = _compose("demurrage-arbitration.yaml", "Final award", seed)
        net = next(f for f in ctx.facts if f.id == "net_demurrage")
        # (after the arbitration's caption, test_genre_contract.py)
        first = next(p for p in doc.sections[0].paragraphs if not p.startswith("IN THE MATTER OF"))
        assert first.startswith("I AWARD AND DIRECT that Ostrava") and f"pay to Marlowe Bulk Carriers Ltd {net.text}" \
            in first, first
        assert "interest" in first and "costs" in first, first
        heads = [s.heading for s in doc.sections]
        assert "Award" in heads and not any("Determination" in h for h in heads), heads
        text = " ".join(p for s in doc.sections for p in s.paragraphs)
        assert "Pennant Rhodes LLP submitted" not in text  # the party submits, not its solicitors


def test_a_determination_leaves_out_a_submissions_heading_it_has_nothing_for():
    for seed in (191, 61):
        doc, ctx = _compose("office-rent-review.yaml", "Determination of the reviewed rent", seed)
        heads = [s.heading for s in doc.sections]
        assert "The Submissions" not in heads, heads
        reasons = " ".join(next(s for s in doc.sections if s.heading == "Reasons").paragraphs)
        # the comparable in evidence is weighed in the reasons, not left to the table
        assert "Wharfside House (GBP 55)" in reasons, reasons


def test_a_partys_submissions_to_the_tribunal_put_its_case_never_an_advisers_report():
    # blind read 26: the owners' claim submissions 'recommend' and set file-note deadlines; the charterers' defence
    # 'reads as a report, not a pleading. It never pleads invalid NOR or time bar'
    for seed in (191, 61):
        claim, ctx = _compose("demurrage-arbitration.yaml", "Owners' claim submissions", seed)
        net = next(f for f in ctx.facts if f.id == "net_demurrage")
        text = " ".join(p for s in claim.sections for p in s.paragraphs)
        # (after the arbitration's caption, test_genre_contract.py)
        opening = text.split("(Respondent) ", 1)[-1]
        assert opening.startswith("These are the submissions of Marlowe Bulk Carriers Ltd (the Owners)"), text[:300]
        assert f"the sole arbitrator is invited to determine the demurrage claimed net of commission at {net.text}" \
            in text, text
        assert "The Owners submits" not in text and "recommend" not in text.lower(), text
        defence, _ = _compose("demurrage-arbitration.yaml", "Charterers' defence submissions", seed)
        heads = [s.heading for s in defence.sections]
        assert "Submissions" in heads, heads
        said = " ".join(next(s for s in defence.sections if s.heading == "Submissions").paragraphs)
        assert "First, the notice was invalid." in said and "time-barred" in said, said
        assert "confirm instructions" not in " ".join(p for s in defence.sections for p in s.paragraphs)


def test_a_notice_across_the_table_gives_the_notice_its_purpose_says():
    # blind read 26: 'The notice of audit under s.7.3 names no auditor, audit period or records to produce'
    for seed in (191, 61):
        doc, _ = _compose("patent-royalty-audit.yaml", "Notice of audit", seed)
        text = " ".join(p for s in doc.sections for p in s.paragraphs)
        assert "We give notice that Pellam Stroud will audit the 2024 and 2025 royalty reports." in text, text


def test_an_auditors_report_concludes_on_what_it_audited():
    # blind read 26: 'the final audit report says its figures were "not verified independently"' and recommends a
    # "working figure"; the draft findings ask the client 'to adopt the figure as a "working figure"'
    for seed in (191, 61):
        for title, lead in (("Royalty audit report", "Our conclusion is that "),
                            ("Draft audit findings", "Our provisional conclusion is that ")):
            doc, _ = _compose("patent-royalty-audit.yaml", title, seed)
            text = " ".join(p for s in doc.sections for p in s.paragraphs)
            assert "working figure" not in text and "verified independently" not in text and \
                "which we have not audited" not in text, text
            assert lead in text, text


def test_a_demand_says_the_provisions_it_is_made_under():
    # blind read 26: 'the demand gives no contractual basis' (its purpose: '... under sections 7.3 and 7.4')
    for seed in (191, 61):
        doc, _ = _compose("patent-royalty-audit.yaml", "Demand for payment", seed)
        text = " ".join(p for s in doc.sections for p in s.paragraphs)
        assert "This demand is made under sections 7.3 and 7.4." in text, text


def test_an_auditors_report_heads_its_conclusion_as_one():
    doc, _ = _compose("patent-royalty-audit.yaml", "Royalty audit report", 191)
    heads = [s.heading for s in doc.sections]
    assert "Conclusion" in heads and "Recommendations" not in heads, heads
