"""A letter or notice one party writes is cited by its own day, whatever its title says of the clause it invokes (blind
read 32: a tracker's source note gave a notice of dispute under 'Sub-Clause 20.2 (as amended)', sent 10 March, as
'dated 9 January', a day its text names)."""

from __future__ import annotations

from types import SimpleNamespace

from worldsmith.generators.context import is_instrument


def _doc(doc_type: str, title: str):
    return SimpleNamespace(kind="document", doc_type=doc_type, title=title)


def test_a_letter_invoking_an_amended_clause_is_no_instrument():
    """Before: '(as amended)' in the title made the notice an executed instrument, cited by a day in its text."""
    assert not is_instrument(_doc("letter", "Notice of dispute under Sub-Clause 20.2 (as amended)"))
    assert not is_instrument(_doc("notice", "Notice of default under clause 14 of the facility (as amended)"))


def test_an_amended_agreement_or_an_extract_is_still_one():
    assert is_instrument(_doc("memo", "Facility agreement (as amended)"))
    assert is_instrument(_doc("agreement", "Supply agreement"))
    assert is_instrument(_doc("minutes", "Minutes of the board meeting of 26 March 2026 (extract)"))
