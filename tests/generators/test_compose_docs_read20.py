"""An extract of an instrument the composer has no words of its own for (issue 17, blind read 20: the 'SPA extract:
earn-out (sections 2.6 to 2.9)' was the worst file of its sample: '2.6 The earn-out the Revenue Threshold is USD
40,000,000.', no text for ss.2.7 to 2.9, and dated December 4, 2025 against the summary's March 3, 2025 SPA). The
outline is tests/fixtures/earnout-extract.yaml, an SPA earn-out of its own."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

from worldsmith.generators.context import build_context
from worldsmith.generators.kinds.document.compose import compose_document


@lru_cache(maxsize=1)
def _extract_text() -> str:
    from worldsmith.generators.planner import plan_world
    from worldsmith.taxonomies.loader import load_taxonomy, resolve_cast
    from worldsmith.worlds.outline import load_outline

    outline = load_outline(Path(__file__).parents[1] / "fixtures" / "earnout-extract.yaml")
    taxonomy = load_taxonomy()
    plan = plan_world(outline, resolve_cast(outline, taxonomy), 61, "w")
    spec = next(a for a in plan.artifacts if a.kind == "document" and a.doc_type == "contract")
    doc = compose_document(build_context(plan, taxonomy, spec, defaultdict(lambda: None)))
    return "\n".join([s.heading for s in doc.sections] + [p for s in doc.sections for p in s.paragraphs])


def test_an_extract_of_an_agreement_named_by_its_initials_is_dated_as_the_summary_says():
    # read 20: 'the SPA date (Dec 4, 2025) conflicts with the March 3, 2025 SPA'
    text = _extract_text()
    assert "dated June 12, 2024" in text, text
    assert not re.search(r"\b(?:January|February|March|April|May|July|August|September|October|November|December) "
                         r"\d{1,2}, 20\d\d\b", text.replace("June 12, 2024", "")), text
