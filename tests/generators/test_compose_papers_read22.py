"""Documents that do their job (blind read 22): minutes, letters and notes that a reader would accept."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.document.compose import compose_document
from worldsmith.worlds.values import Money
from tests.generators.context_fixture import fact
from tests.generators.test_compose_papers_read19 import _minutes, _text


def test_minutes_put_our_figure_in_the_planned_letter_by_its_day_not_in_our_next_letter_after_it():
    # read 22: 'The action to send the letter by 13 Oct conflicts with the letter going out on 8 Oct' (IC minutes of
    # Oct 7: 'Set out the revised enterprise value ... in our next letter to Cindermill', due Tuesday 13 October)
    offer = fact("offer", "Our revised offer is USD 2,400,000: the base sum plus the uplift.",
                 Money(amount=Decimal(2400000), currency="USD")).model_copy(update={
                     "label": "the revised offer", "text": "USD 2,400,000", "reason": "the base sum plus the uplift",
                     "paper": "Offer workings", "paper_by": "Thursby Vale LLP", "paper_day": dt.date(2026, 6, 8),
                     "next_paper": "Revised offer letter - Penhallow", "next_by": "Thursby Vale LLP",
                     "next_day": dt.date(2026, 6, 12)})
    orgs = [OrgRef(name="Penhallow Wire Ltd", role="the buyer of the business", privileged=True),
            OrgRef(name="Quarrenden Copper Corp.", role="the seller in the dispute over the price"),
            OrgRef(name="Thursby Vale LLP", role="counsel to Penhallow Wire Ltd (the buyer)", privileged=True,
                   acts_for="Penhallow Wire Ltd")]
    for seed in range(4):
        doc = compose_document(_minutes([offer], seed=seed).model_copy(update={"organisations": orgs}))
        text = _text(doc)
        assert "our next letter" not in text, text
        table = next(s.table for s in doc.sections if s.table is not None and s.table.columns[0] == "Action")
        row = next(r for r in table.rows if "USD 2,400,000" in r[0])
        assert re.search(r"revised offer letter", row[0]), row
        assert re.search(r"June 1[0-2]\b", row[2]), row  # due by the day the letter goes, never after it


def test_minutes_with_no_discussion_section_head_what_was_said_with_what_was_decided():
    # read 22: '"Decisions" sections that record none' ('The meeting turned to the Memo re ...: it puts the largest
    # customer's revenue share at 18.4%' under 'Decisions', in three-section weekly call notes)
    from tests.generators.context_fixture import CAP, document_context

    for seed in range(3):
        heads = [s.heading for s in compose_document(document_context("minutes", 3, seed=seed, facts=[CAP])).sections]
        assert "Decisions" not in heads and "Discussion and Decisions" in heads, heads
        four = [s.heading for s in compose_document(document_context("minutes", 4, seed=seed, facts=[CAP])).sections]
        assert "Items Discussed" in four and "Decisions" in four, four
