"""Instruments a lawyer would sign (blind read 35 and its re-read, issue 17): the notarial SPA's operative text held
its working ('2.4 The W&I limit is 10% x EUR 133,200,000 = EUR 13,320,000') and narration ('The SPA adds a ticker
...')."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import yaml

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _composed(tmp_path, fixture: str, title: str, edit, points: bool = True):
    """The composed document titled `title` of the fixture outline after `edit(outline)`, and its text."""
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.generators.context import build_context
    from worldsmith.generators.kinds.document.points import with_points
    from worldsmith.worlds.content import DocumentContent

    outline = yaml.safe_load((FIXTURES / fixture).read_text())
    edit(outline)
    path = tmp_path / fixture
    path.write_text(yaml.safe_dump(outline, sort_keys=False, allow_unicode=True))
    prepared = pipeline.prepare(path, 0, OfflineBackend())
    plan = pipeline.make_plan(prepared)
    spec = next(a for a in plan.artifacts if a.kind == "document" and a.title == title)
    ctx = build_context(plan, prepared.taxonomy, spec, {})
    doc = asyncio.run(OfflineBackend().generate(ctx, DocumentContent))
    doc = with_points(doc, ctx) if points else doc
    return doc, "\n".join(p for s in doc.sections for p in s.paragraphs)


def test_an_agreement_states_its_terms_never_their_working_or_a_narration_of_itself(tmp_path):
    # (fails before: '2.2 The escrow amount is 10% x EUR 48,500,000 = EUR 4,850,000 ...', 'The SPA adds a retention')
    def edit(outline):
        facts = {f["id"]: f for f in outline["facts"]}
        outline["facts"].append({"id": "escrow_pct", "statement": "The escrow is 10% of the purchase price.",
                                 "label": "escrow percentage", "value": {"type": "percent", "value": 10}})
        facts["escrow"].update(statement="The escrow is 10% x EUR 48,500,000 = EUR 4,850,000; it secures the "
                                         "warranty claims of the buyer until the second anniversary of closing.",
                               formula="percent_of(escrow_pct, price)")
        outline["facts"].append({"id": "retention", "label": "environmental retention",
                                 "statement": "The SPA adds a retention of EUR 500,000 for environmental claims.",
                                 "value": {"type": "money", "amount": 500000, "currency": "EUR"}})
        outline["inventory"][0]["items"][0]["facts"] += ["retention"]
        outline["inventory"][0]["items"][0]["sections"] = 9  # (clauses for its terms, not only its schedule)

    _, text = _composed(tmp_path, "gmbh-share-purchase.yaml", "Share Purchase Agreement - Weser Antriebe GmbH", edit)
    assert "EUR 4,850,000" in text and "EUR 500,000" in text, text
    assert not re.search(r"\s[x×]\s|\s=\s", text), text
    assert "The SPA adds" not in text, text
    assert re.search(r"EUR 4,850,000, being 10% of the purchase price", text), text


def test_an_undertaking_recites_its_facts_says_who_is_paid_and_lists_no_date_of_its_own_as_a_term(tmp_path):
    # (fails before: blind read 35's enforceable undertaking had no background, 'Contrition payment: AUD 250,000,
    # within 28 days' to no one, and '(a) Enforceable undertaking date: 23 June 2026' in its schedule of terms)
    title = "Undertaking under section 112 of the Data Protection Act 2018: Corrane Pay DAC"

    def edit(outline):
        outline["facts"] += [
            {"id": "donation", "label": "voluntary payment", "value": {"type": "money", "amount": 150000,
                                                                       "currency": "EUR"},
             "statement": "The Commission's proposed terms require a voluntary payment of EUR 150,000 to the Irish "
                          "Red Cross, as a term of the undertaking."},
            {"id": "undertaking_date", "label": "undertaking date", "value": {"type": "date", "value": "2027-03-22"},
             "statement": "The Commission accepts Corrane's undertaking on March 22, 2027."}]
        outline["inventory"][0]["items"].append({
            "kind": "document", "doc_type": "agreement", "title": title, "author": "dpc_officer",
            "participants": ["partner", "ceo"], "date": "2027-03-22", "sections": 7,
            "facts": ["records_affected", "donation", "undertaking_date"],
            "purpose": "The undertaking as accepted, with the measures Corrane takes and the payment it makes.",
            "points": ["Measures: Corrane closes contractor VPN access without multi-factor authentication within 30 "
                       "days.", "Payment: {donation}, within 28 days."]})

    doc, text = _composed(tmp_path, "emoney-data-breach-dpc-inquiry.yaml", title, edit, points=False)
    recitals = next(s for s in doc.sections if s.heading == "Recitals").paragraphs
    assert any("412,600" in p for p in recitals), recitals
    terms = " ".join(next(s for s in doc.sections if "Terms of the Undertaking" in s.heading).paragraphs)
    assert "Payment: EUR 150,000, within 28 days." in terms and re.search(r"EUR 150,000 is paid to the Irish Red Cross",
                                                                          terms), terms
    schedule = " ".join(next(s for s in doc.sections if s.heading.startswith("Schedule")).paragraphs)
    listed = schedule.split("The terms are:")[-1]
    assert "(a) " in listed and "22 March 2027" not in listed and listed.endswith("."), schedule


def test_a_contract_terms_clause_reference_points_to_the_clause_that_holds_its_subject():
    # (fails before: '1.2 Purchase price (clause 3)' with clause 3 the governing law; 'No leakage (clause 7)' in a
    # paper of six clauses)
    from worldsmith.generators.kinds.document.points import _references_resolved
    from worldsmith.worlds.content import Section

    sections = [Section(heading="1. Scope", paragraphs=["1.1 Purchase price (clause 3): EUR 1,000,000.",
                                                        "1.2 No leakage (clause 7): none after the locked box date.",
                                                        "1.3 Governing law (clause 3): German law."]),
                Section(heading="2. Consideration and Payment", paragraphs=["2.1 The price is paid at closing."]),
                Section(heading="3. Governing Law", paragraphs=["3.1 German law governs."])]
    out = [p for s in _references_resolved(sections) for p in s.paragraphs]
    assert out[:3] == ["1.1 Purchase price (clause 2): EUR 1,000,000.",
                       "1.2 No leakage: none after the locked box date.", "1.3 Governing law (clause 3): German law."]
