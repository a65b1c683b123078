"""A GmbH share purchase in Germany is a notarial deed (section 15 (3) and (4) GmbHG), not a common-law contract: an
unseen de_DE outline's signed SPA came out as 'Confidential | Subject to contract | Draft prepared by ...' under its
title and 'IN WITNESS WHEREOF the parties have signed this agreement' over blank signature lines."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
import yaml

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "gmbh-share-purchase.yaml"


def _spa(tmp_path: Path, locale: str, edit=None, title: str = "Share Purchase"):
    """The composed SPA (or the paper whose title starts with `title`) of the fixture with its locale set to `locale`
    and `edit` applied to the outline (offline, seed 0)."""
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.generators.context import build_context
    from worldsmith.worlds.content import DocumentContent

    outline = yaml.safe_load(FIXTURE.read_text())
    outline["locale"] = locale
    if edit is not None:
        edit(outline)
    path = tmp_path / f"spa-{locale}.yaml"
    path.write_text(yaml.safe_dump(outline, sort_keys=False, allow_unicode=True))
    prepared = pipeline.prepare(path, 0, OfflineBackend())
    plan = pipeline.make_plan(prepared)
    spa = next(a for a in plan.artifacts if a.kind == "document" and a.title.startswith(title))
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


def _manager_buys_through_a_named_vehicle(outline: dict) -> None:
    """The outline as blind read 35's had it: the BidCo named only in the buyer's role, counsel's role naming it too,
    and heads of terms that say they are not binding."""
    outline["organisations"] = [o for o in outline["organisations"] if o["id"] != "bidco"]
    outline["organisations"][0]["role"] = "counsel to Rheinkapital Fund III and Rheinkapital BidCo GmbH on the purchase"
    outline["organisations"][1]["role"] = ("client; private equity fund buying the target, which acquires through "
                                           "Rheinkapital BidCo GmbH")
    outline["cast"] = [c for c in outline["cast"] if c["role"] != "bidco_md"]
    spa = outline["inventory"][0]["items"][0]
    spa["participants"] = ["seller_md", "fund_md"]
    outline["inventory"][0]["items"].append({
        "kind": "document", "doc_type": "term_sheet", "title": "SPA key terms - price and escrow", "author": "partner",
        "participants": ["seller_md", "fund_md"], "date": "2026-03-20", "sections": 4, "facts": ["price", "escrow"],
        "purpose": "Heads of terms for the share purchase, before the SPA is drafted.",
        "points": ["Status: these heads of terms are not legally binding, save for confidentiality and costs."]})


def test_who_appears_before_the_notary_is_who_signs_for_each_party(tmp_path):
    # (fails before: counsel appeared 'acting as Partner for' its own firm, the seller's director signed without
    # having appeared, the fund was the Buyer though its role names the BidCo it buys through, and the price was
    # payable 'within thirty days of a correct invoice')
    doc, text = _spa(tmp_path, "de_DE", _manager_buys_through_a_named_vehicle)
    opening = doc.sections[0].paragraphs
    at = opening.index("Before me, the undersigned notary, appeared today:")
    appeared = [p for p in opening[at + 1:] if re.match(r"[0-9]+\. ", p)]
    assert len(appeared) == 2 and appeared[0].endswith("acting for Rheinkapital BidCo GmbH"), appeared
    assert appeared[1].endswith("acting for Hollmann Holding GmbH") and "Kessler Brandt" not in " ".join(appeared)
    signed = [p[len("Name: "):] for s in doc.sections for p in s.paragraphs if p.startswith("Name: ")]
    assert all(any(p.startswith(f"{n}. {who},") for n, p in enumerate(appeared, 1)) for who in signed), signed
    assert "(1) Rheinkapital BidCo GmbH (the Buyer)" in text
    assert "invoice" not in text and "material breach not remedied" not in text


def test_heads_of_terms_that_do_not_bind_are_no_notarial_deed(tmp_path):
    # (fails before: 'UR-Nr. ... | Notarial deed' under heads of terms that say they are not legally binding)
    doc, text = _spa(tmp_path, "de_DE", _manager_buys_through_a_named_vehicle, title="SPA key terms")
    assert "not legally binding" in text and "UR-Nr." not in text and "notary" not in text.lower()


def test_a_notarial_deed_names_the_notary_it_is_recorded_before(tmp_path):
    # (fails before: blind read 35's deed read 'Before me, the undersigned notary' with a notary in its cast)
    def notary(outline):
        outline["organisations"].append({"id": "notariat", "name": "Notariat am Römer", "domain": "notariat.example",
                                         "role": "notary recording the share purchase under section 15 GmbHG"})
        outline["cast"].append({"role": "notary", "occupation": "23-1011", "organisation": "notariat",
                                "seniority": "senior", "title": "Notar"})
        outline["inventory"][0]["items"][0]["participants"].append("notary")

    doc, text = _spa(tmp_path, "de_DE", notary)
    named = re.search(r"Before me, ([^,]+), notary in [A-Z][\w ]+, appeared today:", text)
    assert named, text
    execution = next(s for s in doc.sections if s.heading.strip().lower() in ("signatures", "execution")).paragraphs
    assert execution[execution.index("Notary (Notar): ____________________") + 1] == f"Name: {named[1]}", execution
