"""A numbered list starts at 1 whatever the first paragraph's figure: a letter whose composer opened its position with
a count ('64 positions at the Amersfoort plant ...', a collective-redundancy notification to UWV with
affected_positions = 64, issue 17) numbered its points 64, 65, 66 ..., reading the count as the section's first
paragraph number."""

from __future__ import annotations

import pytest

from worldsmith.generators.kinds.document import _split
from worldsmith.generators.kinds.document.points import _place
from worldsmith.worlds.content import Section

POINTS = ["Notification: the employer intends to end 64 positions within three months.",
          "Reasons: printing volumes fell by a third in two years."]


@pytest.mark.parametrize("opening", ["64 positions at the Amersfoort plant are affected by the closure.",
                                     "1.5 million units a year move to the group's plant in Poznan."])
def test_a_paragraph_that_opens_with_a_figure_is_not_numbered_from_it(opening):
    section, _ = _place(Section(heading="Our Position", paragraphs=[opening]), POINTS, numbered=True)
    assert [p.split(" ", 1)[0] for p in section.paragraphs] == ["1.", "2."]
    assert _split([opening]) == ([], [opening])


def test_a_numbered_section_keeps_its_numbers():
    section, _ = _place(Section(heading="Terms", paragraphs=["7. The first term.", "8. The second."]), POINTS,
                        numbered=True)
    assert [p.split(" ", 1)[0] for p in section.paragraphs] == ["7.", "8."]
    assert _split(["1.2 The Buyer pays.", "1.3 The Seller delivers."])[0] == ["1.2", "1.3"]
