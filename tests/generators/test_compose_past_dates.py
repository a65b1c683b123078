"""A date already gone by on an artifact's day is written as past: an October 23 email does not still work to an
October 16 signing target (a buy-side reader's finding), and one written before the day still looks ahead."""

from __future__ import annotations

import datetime as dt

from tests.generators.context_fixture import fact
from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.facts import fact_sentence
from worldsmith.worlds.values import DateValue

AHEAD = ("still", "working to", "planning around", "holding to", "in mind", "diarise", "is set for", "falls on",
         "lands on", "is the signing target", "is fixed")


def _target(past: bool):
    f = fact("signing_target", "The parties aim to sign by 16 October 2026.", DateValue(value=dt.date(2026, 10, 16)))
    return f.model_copy(update={"label": "signing target", "past": past})


def test_a_past_date_is_written_as_past_and_a_future_one_as_ahead():
    for seed in range(40):
        for register in ("email", "document"):
            past = fact_sentence(Picker(seed), _target(True), register)
            assert _target(True).text in past
            assert not any(w in past for w in AHEAD), past
            assert any(w in past for w in ("was", "passed", "past", "fell", "lapsed", "behind", "gone")), past


def test_the_context_marks_a_date_fact_past_only_after_its_day(published_diligence):
    import worldsmith
    from worldsmith.generators.context import artifact_day

    world = worldsmith.open(published_diligence)
    plan = world.plan
    dates = {f.id for f in plan.facts if f.value.type == "date"}
    from worldsmith.generators.context import build_context
    from worldsmith.taxonomies.loader import load_taxonomy

    taxonomy = load_taxonomy()
    seen = set()
    for spec in plan.artifacts:
        if dates & set(spec.facts) and spec.kind in ("email", "document"):
            try:
                ctx = build_context(plan, taxonomy, spec, {})
            except KeyError:  # it quotes or cites an artifact not made here
                continue
            for ref in ctx.facts:
                if ref.id in dates and ref.value.type == "date":
                    assert ref.past == (ref.value.value < artifact_day(spec)), (spec.id, ref.id)
                    seen.add(ref.past)
    world.close()
    assert seen, "the example carries a date fact somewhere"


def test_a_frame_with_its_own_label_before_a_colon_takes_no_lead_in():
    """Expert read: 'As of today, calendar note: the 60-day refund deadline is August 28, 2026.'"""
    import re

    from tests.generators.context_fixture import CAP, DEADLINE

    named = [f.model_copy(update={"establish": False, "label": f"the {f.id.replace('_', ' ')}"}) for f in (DEADLINE, CAP)]
    said = [fact_sentence(Picker(seed), f, "email", lead=True) for seed in range(300) for f in named]
    assert any(re.match(r"[A-Z][\w ]{0,25}: ", s) for s in said)  # the colon frames are drawn
    assert not [s for s in said if re.match(r"[A-Z][^:,.]*, [a-z][\w ]{0,25}: ", s)]
