"""A superseded draft's points name the fact it gets wrong and write its own wrong figure, as a real draft does (issue
17, an unseen royalty-audit outline: a preliminary draft of 6 March could not say the underpayment, known from a later
date, that it got wrong); a point of the draft that names another fact before it is known is still refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from worldsmith.worlds.outline import parse_outline

ROOT = Path(__file__).resolve().parents[2]

DRAFT = """
  - id: addbacks_memo_draft
    fact: permitted_addbacks
    value: {type: money, amount: 6200000, currency: USD}
    label: superseded draft
    folder: Covenant Workings/Superseded
    item:
      kind: document
      doc_type: memo
      title: "DRAFT (superseded): add-backs memo"
      author: controller
      participants: [cfo]
      date: 2026-08-06
      sections: 3
      points:
        - "%s"
"""


def _outline(point: str):
    text = (ROOT / "tests/fixtures/covenant-breach.yaml").read_text(encoding="utf-8")
    assert "\ndistractors:\n" in text
    return parse_outline(text.replace("\ndistractors:\n", "\ndistractors:\n" + DRAFT % point, 1))


def test_a_drafts_point_names_the_fact_it_gets_wrong_with_its_own_figure():
    outline = _outline("Add-backs: we count {permitted_addbacks} of add-backs, USD 6,200,000 with the synergies.")
    draft = next(d for d in outline.distractors if d.id == "addbacks_memo_draft")
    assert "permitted_addbacks" in draft.item.facts


def test_a_drafts_point_that_names_another_later_fact_is_still_refused():
    with pytest.raises(Exception, match="covenant_ebitda"):
        _outline("Covenant EBITDA: {covenant_ebitda}.")
