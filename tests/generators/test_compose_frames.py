"""Issue 17: rooms built from the same banks share few sentence frames. Lines that stood one way in every room
(a paper's source citation, a memo's closing, a weekly note's bullets) are written several ways, and the wordings
added to a frame ("[~a|b]") come from a stream of their own, so they reshape no room."""

from __future__ import annotations

import re

from worldsmith.generators.compose.bank import Picker, Series
from worldsmith.generators.compose.substance.common import cite_line

SOURCE = 'the "Liability cap" line of the Cap computation'


def test_an_added_wording_varies_and_leaves_the_main_stream_where_it_was():
    seen = set()
    for seed in range(30):
        plain, added = Picker(seed), Picker(seed)
        plain.vary("Nothing [for now|this week], thanks; that covers it.")
        seen.add(added.vary("Nothing [for now|this week], [~thanks|cheers][~;|,] that covers it."))
        # the artifact's later choices (which paper is pasted, how long the mail runs) are those it made before
        assert plain.rng.random() == added.rng.random()
    assert len({re.sub(r"for now|this week", "", s) for s in seen}) >= 4, seen
    assert not any("~" in s or "[" in s for s in seen), seen


def test_a_series_deals_the_same_frames_when_wordings_are_added():
    old = ["Next steps:", "Next steps as I see them:", "Where we go from here:", "To do:"]
    new = ["Next steps:", "Next steps as I [~see them|read them]:", "Where we go [~from here|next]:", "To do:"]
    for index in range(9):
        a = Picker(3, Series("weekly_status", index)).frame(old)
        b = Picker(3, Series("weekly_status", index)).frame(new)
        assert old.index(a) == new.index(b), (index, a, b)


def test_a_source_is_cited_in_several_wordings_and_always_in_full():
    lines = {cite_line(Picker(seed), SOURCE) for seed in range(60)}
    for line in lines:
        assert re.search(r'"Liability cap" (line|row|entry) (of|in) the Cap computation\.$', line), line
    # (was one of three fixed lines: 'Source: the "<x>" line of the <x>.' stood eleven times in one room)
    assert len(lines) >= 12, lines
    assert cite_line(Picker(1), "") == ""
