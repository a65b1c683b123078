"""A superseded figure's label as it can be told on a day, where its replacement clause writes a day without its
year (two outlines nobody had seen: "replaced by the analysis of May 18", "replaced by the review conclusion of
August 20"; the paper dated May 4 carried the whole label, and no_later_paper_named quarantined both worlds)."""

from __future__ import annotations

import datetime as dt

import pytest

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


def test_a_replacement_clause_that_names_an_event_is_read_against_the_facts_it_made_known():
    # (a statement of February 6 carried "SET ASIDE BY THE SURVEYOR'S DETERMINATION" on its own banner, a
    # determination of April 20: the clause names no day and no paper's title, only an event of the plan by its words)
    from worldsmith.generators.labels import names_event

    label = ("superseded figure in the lessor's first return statement: computed with the engine reserves counted "
             "twice; set aside by the arbitrator's award")
    cut = label[:label.index("; set aside")]
    events = [("The arbitrator awards the lessee its reserves of USD 3,100,000. reserves awarded", dt.date(2026, 4, 20)),
              ("The lessee returned the aircraft on March 2. redelivery", dt.date(2026, 3, 2))]
    assert names_event("set aside by the arbitrator's award", events[0][0])
    assert not names_event("set aside by the arbitrator's award", events[1][0])
    assert as_known_on(label, dt.date(2026, 2, 6), events=events) == cut
    assert as_known_on(label, dt.date(2026, 4, 20), events=events) == label  # made by then: told in full
    # a clause that names nothing of the plan is read against the day the value that replaced it became known
    assert as_known_on(label, dt.date(2026, 2, 6), known_from=dt.date(2026, 4, 20)) == cut
    assert as_known_on(label, dt.date(2026, 5, 1), known_from=dt.date(2026, 4, 20)) == label
    # a clause that names a paper out by its day is told in full, whatever the fact's own day
    assert as_known_on(label, dt.date(2026, 2, 6), papers=[("Arbitrator's award on the reserves", dt.date(2026, 2, 1))],
                       known_from=dt.date(2026, 4, 20)) == label


@pytest.mark.parametrize("fixture", ["demurrage-arbitration", "covenant-breach"])
def test_a_matter_title_gives_no_figure_before_the_figure_is_known(fixture):
    # an unseen outline titled its matter by its end ("...: EUR 150,000,000 ...", the final volume known on pricing
    # day): a launch-day paper headed "RE: <title>" and every context's world_title told it weeks early
    # (fact_mentioned_before_known)
    from tests.generators.planned import planned
    from worldsmith.generators.context import build_context
    from worldsmith.generators.kinds.document.front_matter import matter_title

    plan, taxonomy = planned(fixture, 7)
    fact = next(f for f in plan.facts if f.value.type == "money" and f.known_from and not f.earlier
                and any(a.date < f.known_from for a in plan.artifacts if a.kind == "document")
                and all(g.text != f.text for g in plan.facts if g is not f))
    plan.title = f"Sandmere v. Orrin: a claim of {fact.text} (arbitration)"
    before = next(a for a in plan.artifacts if a.kind == "document" and a.date < fact.known_from)
    assert fact.text not in matter_title(plan, before)
    assert matter_title(plan, before) == "Sandmere v. Orrin: a claim (arbitration)"
    assert fact.text not in build_context(plan, taxonomy, before, {}).world_title
    after = before.model_copy(update={"date": fact.known_from})
    assert matter_title(plan, after) == plan.title
