"""A letter's acts read from its title (generators/compose/substance/letters.py): what follows a colon is what the act
is about, whatever the act's own words (blind read 34: 'We write to give notice of audit under section 7.2: 2025
royalty', 'hereby give notice of dispute under section 9.1: 2025 royalty, Sturgeon Narrows')."""

from __future__ import annotations

import pytest

from worldsmith.generators.compose.substance.letters import _acts


@pytest.mark.parametrize("title,acts", [
    ("Notice of audit under section 7.2: 2025 royalty", "give notice of audit under section 7.2 in respect of the 2025 royalty"),
    ("Notice of dispute under section 9.1: 2025 royalty, Sturgeon Narrows",
     "give notice of dispute under section 9.1 in respect of the 2025 royalty, Sturgeon Narrows"),
    ("Notice of dispute: 2025 service charge", "give notice of dispute in respect of the 2025 service charge"),
])
def test_what_follows_a_colon_is_what_the_act_is_about(title, acts):
    assert _acts(title, "our") == acts
    assert ":" not in _acts(title, "our")
