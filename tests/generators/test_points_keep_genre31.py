"""A paper's points never take away what its genre must say (vat-delivery at seed 35 quarantined on genre_contract:
HMRC's notice of assessment lost 'We write to give notice of assessment ...' to its four points)."""

from __future__ import annotations

from worldsmith.generators.context import build_context
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.generators.kinds.document.contract import missing_parts
from tests.generators.planned import planned


def test_a_notice_whose_points_replace_its_opening_still_says_what_it_gives_notice_of():
    plan, taxonomy = planned("vat-delivery", 35)
    spec = next(a for a in plan.artifacts if a.kind == "document" and a.title.startswith("Notice of assessment"))
    assert spec.points  # (the points are what replaced the opening)
    doc = compose_document(build_context(plan, taxonomy, spec, {}))
    text = "\n".join(p for s in doc.sections for p in s.paragraphs)
    assert missing_parts(spec.title, text) == []
    # ...and every point is there, word for word, after the opening that says what is noticed
    assert all(p.text in text for p in spec.points)
    assert text.index("notice of assessment") < text.index(spec.points[0].text)
