"""A superseded figure's label as it can be told on a day, where its replacement clause writes a day without its
year (two outlines nobody had seen: "replaced by the analysis of May 18", "replaced by the review conclusion of
August 20"; the paper dated May 4 carried the whole label, and no_later_paper_named quarantined both worlds)."""

from __future__ import annotations

import datetime as dt

from worldsmith.generators.labels import as_known_on, written_days


def test_a_replacement_day_without_its_year_is_read_in_the_labels_year():
    label = ("superseded figure in the economists' first cut of the badge data of May 4, 2026: it counted the badge-in "
             "to paid start without the meal-break rounding; replaced by the analysis of May 18")
    cut = label[:label.index("; replaced")]
    assert as_known_on(label, dt.date(2026, 5, 4)) == cut
    assert as_known_on(label, dt.date(2026, 5, 18)) == label  # out by then: told in full
    assert as_known_on(label.replace("May 18", "18 May"), dt.date(2026, 5, 4)) == cut
    # a full day is read once, not again as a day without its year
    assert written_days("the review of August 20, 2026 and the letter of 3 June", year=2026) == \
        [dt.date(2026, 8, 20), dt.date(2026, 6, 3)]
    assert written_days("the review of August 20") == []  # no year asked for: days written in full only
