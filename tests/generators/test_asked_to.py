"""A thread whose purpose has one person ask another to do something: the opener asks it and the answer does it.

Blind read 26 (an unseen royalty audit outline, now tests/fixtures/patent-royalty-audit.yaml): 'Are warranty replacements
sold?', whose purpose has the partner ask the senior "to tie each replacement console to a returned serial number and a
warranty claim, so the report can exclude only replacements that were truly free", asked nothing of the senior, who
answered only "Short answer: the warranty replacement consoles shipped free is 2,000 units" (the reader: "a
non-answer"; the partner's "Confirmed" then confirmed a non-answer)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.generators.planned import planned
from worldsmith.generators.beats import asked_to

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "patent-royalty-audit.yaml"


def test_asked_to_reads_the_task_and_its_reason_in_the_purposes_words():
    assert asked_to("The lead asks the analyst to match each invoice to a delivery note and a purchase order, so that "
                    "the claim counts only goods received.") == (
        "The lead", "the analyst", "match each invoice to a delivery note and a purchase order",
        "the claim counts only goods received")
    # (a task with a figure is the ledger's; one with a pronoun names no side; no asking verb, no task)
    assert asked_to("The lead asks the analyst to check the 4,000 invoices.")[2] == ""
    assert asked_to("The lead asks the analyst to check her own schedule.")[2] == ""
    assert asked_to("The lead asks why the invoices are late.")[2] == ""


def test_the_opener_asks_the_task_and_the_answer_does_it():
    from worldsmith.generators.backends.offline import OfflineBackend
    from worldsmith.generators.context import build_context
    from worldsmith.worlds.content import EmailContent

    for seed in (191, 61):
        plan, taxonomy = planned(FIXTURE, seed)
        thread = sorted((a for a in plan.artifacts if a.kind == "email" and a.title.endswith("?")
                         and asked_to(a.purpose)[2]), key=lambda a: (a.thread, a.position))
        assert thread
        made: dict = {}
        for a in thread:
            made[a.id] = asyncio.run(OfflineBackend().generate(build_context(plan, taxonomy, a, made), EmailContent))
        task = asked_to(thread[0].purpose)[2]
        opener = made[thread[0].id].body
        assert f"Could you {task}" in opener, opener
        answers = [made[a.id].body.split("\nOn ")[0] for a in thread if a.beat == "answer"]
        assert answers and all(task in body for body in answers), answers
