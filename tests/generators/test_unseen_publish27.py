"""Three outlines nobody on the project had seen quarantined at seed 5 on sentences and sheets the composer made
(session 27): a date whose label is an event made its own date in a weekly note ("the appeal filed is <date>"), a
comparison of two courses titled for both with figures of one. Each class shown on a repository fixture, changed
only where the class needs it."""

from __future__ import annotations

import datetime as dt
import functools
import re
from pathlib import Path

from worldsmith.generators.compose.bank import Picker
from worldsmith.generators.compose.week import note_lines
from worldsmith.generators.kinds.spreadsheet.promise import promises, retitle
from worldsmith.generators.labels import fact_label
from worldsmith.generators.week import WeekEvent
from worldsmith.worlds.outline import load_outline

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def _facts(fixture: str) -> dict:
    return {f.id: f for f in load_outline(ROOT / "tests/fixtures" / fixture).facts}


def test_an_event_labelled_by_its_participle_is_said_on_its_day_in_a_weekly_note():
    """The fixture's appraisal demand, labelled as the event ('appraisal demanded'): every frame of a weekly note that
    gives a date fact its value ('For reference, {label} is {text}', '{Label} was {text}, {ago} ago', '{Event} was on
    {when}') says the event on its day, never the event as the date (label_slot_grammar)."""
    fact = _facts("bi-claim.yaml")["appraisal_demand"].model_copy(update={"label": "appraisal demanded"})
    day = fact.value.value
    label = fact_label(fact)
    lines = []
    for what, today in (("learnt", day + dt.timedelta(days=3)), ("passed", day + dt.timedelta(days=2)),
                        ("passed", day + dt.timedelta(days=9))):
        event = WeekEvent(what=what, day=day, fact=fact.id, label=label, type="date", text="May 15, 2026")
        lines += [line for seed in range(12) for line in note_lines(Picker(seed), [event], today, "en_US", set())]
    said = [ln for ln in lines if "May 15, 2026" in ln or "Friday" in ln]
    assert said and not [ln for ln in said if re.search(r"(?i)appraisal demanded (?:is|was|are|were)\b", ln)], said
    assert any("appraisal was demanded on" in ln for ln in said), said


def test_a_comparison_of_two_courses_with_figures_of_one_is_titled_for_what_it_shows():
    """'Appraisal against settlement - cash comparison' over the fixture's claim, the insurer's position, the advance
    and the gap: no figure is either course's, so no row could name them; the sheet is titled for what it shows and
    promises no sides. A comparison whose figures name both options, or whose second side a figure's statement
    opens with, keeps its title."""
    facts = _facts("bi-claim.yaml")
    some = [facts[f] for f in ("insured_claim", "insurer_position", "advance_payment", "claim_gap")]
    title = retitle("Appraisal against settlement - cash comparison", some)
    assert title == "Cash summary" and not promises(title)
    one = [*some, facts["settlement_total"]]  # the settlement amount: the settlement's figure, not the appraisal's
    title = retitle("Appraisal against settlement - cash comparison", one)
    assert title == "Settlement - cash summary" and not promises(title)
    both = [facts["advance_payment"], facts["balance_due"]]
    assert retitle("Advance against balance - cash comparison", both) == "Advance against balance - cash comparison"
    surcharge = _facts("supply-surcharge.yaml")
    kept = [surcharge[f] for f in ("claimed_surcharge", "cap_percent", "capped_surcharge")]
    assert retitle("Surcharge computation against the clause 6.3 cap", kept) == \
        "Surcharge computation against the clause 6.3 cap"
