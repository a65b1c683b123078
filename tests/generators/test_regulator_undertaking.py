"""An undertaking given to a regulator is one-sided: the company gives it and the regulator accepts it. Blind read 35's
worst file was an enforceable undertaking under s 715 Fair Work Act drafted as a contract between the two: 'Subject to
contract', 'Draft prepared by' the regulator, 'Client means' the company, a limitation-of-liability clause and IN
WITNESS WHEREOF over a block 'for and on behalf of' each party. Checked here on another outline and locale (en_IE)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import yaml

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "emoney-data-breach-dpc-inquiry.yaml"


def _undertaking(tmp_path: Path, title: str):
    """The composed paper of the fixture's matter with one more agreement, titled `title` (offline, seed 0)."""
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.generators.context import build_context
    from worldsmith.worlds.content import DocumentContent

    outline = yaml.safe_load(FIXTURE.read_text())
    outline["inventory"][0]["items"].append({
        "kind": "document", "doc_type": "agreement", "title": title, "author": "dpc_officer",
        "participants": ["partner", "ceo"], "date": "2027-03-22", "sections": 7, "facts": ["records_affected"],
        "purpose": "The undertaking as accepted, with the measures Corrane takes and the report it makes.",
        "points": ["Measures: Corrane closes contractor VPN access without multi-factor authentication within 30 days.",
                   "Reporting: Corrane reports to the Commission on each measure within 90 days."]})
    path = tmp_path / "undertaking.yaml"
    path.write_text(yaml.safe_dump(outline, sort_keys=False, allow_unicode=True))
    prepared = pipeline.prepare(path, 0, OfflineBackend())
    plan = pipeline.make_plan(prepared)
    spec = next(a for a in plan.artifacts if a.kind == "document" and a.title == title)
    doc = asyncio.run(OfflineBackend().generate(build_context(plan, prepared.taxonomy, spec, {}), DocumentContent))
    return doc, "\n".join([doc.subtitle] + [s.heading for s in doc.sections] + [p for s in doc.sections
                                                                               for p in s.paragraphs])


def test_an_undertaking_to_a_regulator_is_given_and_accepted_not_contracted(tmp_path):
    # (fails before: 'Subject to contract | Draft prepared by' the Commission's officer, 'Client', a limitation clause
    # and IN WITNESS WHEREOF signed for each 'Party')
    doc, text = _undertaking(tmp_path, "Undertaking under section 112 of the Data Protection Act 2018: Corrane Pay DAC")
    assert doc.subtitle.startswith("Given by Corrane Pay DAC to the Data Protection Commission under section 112 of the "
                                   "Data Protection Act 2018")
    for contract in ("Subject to contract", "Draft prepared by", "IN WITNESS WHEREOF", "Client", "each a Party",
                     "consequential loss", "invoice", "Limitation of Liability"):
        assert contract not in text, contract
    # the company executes it and the regulator accepts it, in that order, each with its own signatory
    execution = next(s for s in doc.sections if s.heading == "Execution").paragraphs
    gives = execution.index("Executed by Corrane Pay DAC by its authorised officer:")
    takes = next(i for i, p in enumerate(execution) if p.startswith("Accepted by the Data Protection Commission"))
    assert gives < takes and "Title: Assistant Commissioner, Inquiries" in execution[takes:]
    assert "Measures: Corrane closes contractor VPN access" in text
