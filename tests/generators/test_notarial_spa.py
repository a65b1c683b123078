"""A GmbH share purchase in Germany is a notarial deed (section 15 (3) and (4) GmbHG), not a common-law contract: an
unseen de_DE outline's signed SPA came out as 'Confidential | Subject to contract | Draft prepared by ...' under its
title and 'IN WITNESS WHEREOF the parties have signed this agreement' over blank signature lines."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import yaml

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "gmbh-share-purchase.yaml"


def _spa(tmp_path: Path, locale: str):
    """The composed SPA of the fixture with its locale set to `locale` (offline, seed 0)."""
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.generators.context import build_context
    from worldsmith.worlds.content import DocumentContent

    outline = yaml.safe_load(FIXTURE.read_text())
    outline["locale"] = locale
    path = tmp_path / f"spa-{locale}.yaml"
    path.write_text(yaml.safe_dump(outline, sort_keys=False, allow_unicode=True))
    prepared = pipeline.prepare(path, 0, OfflineBackend())
    plan = pipeline.make_plan(prepared)
    spa = next(a for a in plan.artifacts if a.kind == "document" and a.title.startswith("Share Purchase"))
    doc = asyncio.run(OfflineBackend().generate(build_context(plan, prepared.taxonomy, spa, {}), DocumentContent))
    return doc, "\n".join([doc.subtitle] + [p for s in doc.sections for p in s.paragraphs])


def test_a_gmbh_share_purchase_in_germany_is_a_notarial_deed(tmp_path):
    # (fails before: 'Subject to contract' in its subtitle and IN WITNESS WHEREOF over the signatures)
    doc, text = _spa(tmp_path, "de_DE")
    assert doc.subtitle.startswith("UR-Nr. ") and "Subject to contract" not in text and "Draft" not in doc.subtitle
    assert "IN WITNESS WHEREOF" not in text and "vorgelesen, genehmigt und eigenhändig unterschrieben" in text
    assert "Before me, the undersigned notary, appeared" in text and "section 15 (3) and (4) GmbHG" in text
    # who appeared for whom: each party's managing director, for the vehicle the outline names, not the fund
    assert "for Rheinkapital BidCo GmbH" in text and "for Hollmann Holding GmbH" in text
    assert "writing includes email" not in text
    # the fund buys through the BidCo the outline names: the BidCo is the Buyer (fails before: the fund, 'the Client')
    assert "(1) Rheinkapital BidCo GmbH (the Buyer)" in text and "Fund III SCSp (the Client)" not in text


def test_the_same_share_purchase_under_english_law_keeps_its_form(tmp_path):
    _, text = _spa(tmp_path, "en_GB")
    assert "UR-Nr." not in text and "notary" not in text.lower() and "IN WITNESS WHEREOF" in text
