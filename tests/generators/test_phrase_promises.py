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
