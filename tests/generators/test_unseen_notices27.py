"""Notices of unseen outlines (session 27, seed 5) that did not do what their titles say (genre_contract): an insured's
notice of claim under its policy, before its loss is measured, with no sum claimed; an insurer's notice of a subrogated
claim to the third party that claimed nothing; a notice of assessment of a claimant's loss that left the claimant no
step. Shown on the business interruption fixture's own papers given such titles, each composed alone (no world made)."""

from __future__ import annotations

import asyncio
import datetime as dt

from tests.generators.offline_world import offline_world
from worldsmith.generators.backends.offline import OfflineBackend
from worldsmith.generators.context import build_context
from worldsmith.generators.kinds.document.contract import missing_parts
from worldsmith.worlds.content import DocumentContent

# (the paper of the fixture whose writer and reader fit, its new title, doc_type, facts, date, purpose)
_NOTICES = [
    # the policyholder's counsel to the insurer's, on the day after the fire: nothing measured yet
    ("Letter demanding appraisal", "Notice of claim - Joliet warehouse fire", "letter", ["loss_date"],
     dt.date(2026, 1, 22), "The policyholder's notice to its insurer of the fire and of its claim."),
    # ...and, the loss measured, a notice of the claim that requires its payment
    ("Letter demanding appraisal", "Notice of business interruption claim", "notice", ["insured_claim", "loss_date"],
     dt.date(2026, 5, 15), "The policyholder pursues its insurer for the business interruption loss."),
    # the insurer to the policyholder: its assessment of the loss
    ("Certified copy of the Northgate", "Notice of assessment - Calder Provisions Inc.", "notice",
     ["insurer_days", "insurer_bi_loss"], dt.date(2026, 4, 20), "The insurer tells the policyholder the loss it "
     "assesses on its period of restoration."),
]


class _Done(dict):
    def __missing__(self, key):  # (the sheets a paper cites are not composed here)
        return None


def _composed(start: str, title: str, doc_type: str, facts: list[str], day: dt.date, purpose: str) -> str:
    plan, taxonomy, _ = offline_world("tests/fixtures/bi-claim.yaml", 97)  # (composed for other tests too)
    spec = next(a for a in plan.artifacts if a.kind == "document" and a.title.startswith(start))
    spec = spec.model_copy(update={"title": title, "doc_type": doc_type, "facts": facts, "date": day,
                                   "purpose": purpose})
    doc = asyncio.run(OfflineBackend().generate(build_context(plan, taxonomy, spec, _Done()), DocumentContent))
    return "\n".join([doc.title] + [p for s in doc.sections for p in [s.heading, *s.paragraphs]])


def test_a_notice_of_claim_or_assessment_does_what_its_title_says():
    texts = {n[1]: _composed(*n) for n in _NOTICES}
    assert {t: missing_parts(t, x) for t, x in texts.items() if missing_parts(t, x)} == {}
    first, claim, assessment = texts.values()
    assert "not yet quantified" in first  # (no sum is invented for a loss not yet measured)
    assert "to pay USD 6,618,800" in claim
    assert "you may ask" in assessment and "to review it" in assessment
