"""A request sent with its list in brackets asks for that list in the thread's opener.

Blind read 26 (an unseen royalty audit outline, now tests/fixtures/patent-royalty-audit.yaml): 'Audit of royalty
reports: document request', whose purpose has "The auditors send the document request (sales ledger, shipping records,
serial number register, affiliate transfer pricing files)", requested no documents (the reader: "The 'document
request' requests no documents")."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.generators.planned import planned
from worldsmith.generators.beats import requested

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "patent-royalty-audit.yaml"


def test_a_request_sent_with_its_list_asks_for_the_list():
    assert requested("The surveyors send the information request (floor plans, service charge budgets, lease "
                     "plans) and set a date to inspect.") == (
        "The surveyors", ["the floor plans, service charge budgets and lease plans"])


def test_the_document_request_opener_asks_for_the_documents():
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.generators.context import build_context
    from worldsmith.worlds.content import EmailContent

    for seed in (191, 61):
        plan, taxonomy = planned(FIXTURE, seed)
        opener = next(a for a in plan.artifacts if a.kind == "email" and a.position == 0
                      and "(" in (a.purpose or "") and requested(a.purpose)[1])
        body = asyncio.run(OfflineBackend().generate(build_context(plan, taxonomy, opener, {}), EmailContent)).body
        assert requested(opener.purpose)[1][0] in body, body
