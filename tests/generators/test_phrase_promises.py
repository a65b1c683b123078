"""Phrase banks promise nothing the composer does not deliver (a fresh business-interruption outline, read as its
coverage partner: 'We do not agree the adjuster's business interruption loss, for the reasons below.' with no reason
below; the adjuster's own disputed 98 days put as 'It is common ground that ...'; 'As at the date of this document' in
an email)."""

from __future__ import annotations

from pathlib import Path

import pytest

import worldsmith.generators.compose as compose

BANKS = sorted((Path(compose.__file__).parent / "phrases").glob("*.yaml"))


@pytest.mark.parametrize("path", BANKS, ids=lambda p: p.name)
def test_no_phrase_promises_reasons_claims_common_ground_or_names_its_medium(path):
    text = path.read_text(encoding="utf-8").lower()
    assert BANKS and "for the reasons below" not in text  # no line after it is bound to give them
    assert "it is common ground that" not in text  # carried statements include the disputed figures of each side
    assert "date of this document" not in text  # openers of the document register reach mail bodies too


def test_a_paper_or_an_act_is_dated_a_day_it_is_not_one():
    """'The appraisal demand is May 15, 2026.' in the demand letter of a fresh business-interruption outline."""
    import datetime as dt

    from worldsmith.generators.compose.substance.common import plain
    from worldsmith.generators.context import FactRef
    from worldsmith.worlds.values import DateValue

    def fact(label: str) -> FactRef:
        return FactRef(id="x", label=label, text="May 15, 2026", statement=f"The {label} is of May 15, 2026.",
                       value=DateValue(value=dt.date(2026, 5, 15)))

    assert plain(fact("appraisal demand")) == "appraisal demand is dated May 15, 2026"
    assert plain(fact("deadline for submissions")) == "deadline for submissions is May 15, 2026"
    assert plain(fact("date of the fire")) == "date of the fire is May 15, 2026"
    assert plain(fact("deadline for submissions to the expert")).endswith("is May 15, 2026")  # one deadline
