"""Blind read 29: an applicant's submissions to the Court, none of whose readers was the Court (the matter names it
only in its summary), came out as an internal memo that recommended 'contesting' the funder's rate and was then sent
to the funder: 'Not court submissions ... no court heading, no paragraph numbers'. Composed on the context fixture (no
fixture of the repository has submissions to a court that is not one of its organisations)."""

from __future__ import annotations

import re

from tests.generators.context_fixture import CAP, RATE, document_context


def _text(title: str, purpose: str, summary: str) -> tuple[list[str], str]:
    from worldsmith.generators.kinds.document.compose import compose_document

    ctx = document_context("submissions", sections=8, seed=3, facts=[CAP.model_copy(update={"label": "the liability cap"}),
                                                                       RATE.model_copy(update={"label": "the default interest rate"})])
    ctx = ctx.model_copy(update={"world_summary": summary, "spec": ctx.spec.model_copy(update={
        "title": title, "purpose": purpose})})
    doc = compose_document(ctx)
    return [s.heading for s in doc.sections], "\n".join(p for s in doc.sections for p in s.paragraphs)


def test_a_partys_submissions_to_the_court_the_matter_names_are_numbered_and_addressed_to_it():
    heads, text = _text("Claimant's submissions in support of the settlement's approval",
                        "Why the settlement is fair and reasonable, with the cap and the interest.",
                        "A cargo claim under a charterparty in the Admiralty Court of the King's Bench Division.")
    paras = text.splitlines()
    assert paras[0].startswith("1. These are the submissions of"), paras
    assert "to the Admiralty Court" in paras[0], paras[0]
    assert all(re.match(rf"{n}\. ", p) for n, p in enumerate(paras, 1)), paras
    assert re.search(r"submits that the settlement is fair and reasonable, and invites the Admiralty Court", text), text
    assert not re.search(r"\b(we recommend|our recommendation|confirm instructions)\b", text, re.I), text
    assert len(heads) == len(set(heads)), heads


def test_a_paper_that_only_mentions_submissions_is_not_written_as_them():
    _, text = _text("Board paper: the inquiry, the submissions and the exposure", "For the board's decision.",
                    "A cargo claim under a charterparty in the Admiralty Court of the King's Bench Division.")
    assert "These are the submissions of" not in text, text
