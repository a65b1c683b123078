"""Who decides in a thread whose purpose names an organisation as the one deciding: that organisation's people.

Blind read 26 (an unseen demurrage outline, now tests/fixtures/demurrage-arbitration.yaml): the purpose "Ostrava
rejects the claim: the notice was invalid ..." named no role or title, so the decision fell to the most senior of the
owners' own people, who wrote "Our side has taken its decision: reject the claim" against their own claim."""

from __future__ import annotations

from pathlib import Path

from tests.generators.planned import composed_thread, planned

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "demurrage-arbitration.yaml"


def test_an_organisation_named_as_deciding_decides_by_its_own_people():
    plan, _ = planned(FIXTURE, 191)
    people = {p.id: p for p in plan.people}
    rejection = [a for a in plan.artifacts if a.kind == "email" and a.title.lower().startswith("charterers' rejection")]
    deciding = [a for a in rejection if a.beat == "decide"]
    assert deciding, [a.beat for a in rejection]
    # the charterers' side (the opposing party named in the purpose), never the owners or their solicitors
    assert {people[a.author].organisation for a in deciding} == {"ostrava"}
    noting = [a for a in rejection if a.beat == "noted"]
    assert all(people[a.author].organisation != "ostrava" for a in noting)


def test_the_other_sides_decision_is_noted_as_their_position_never_acted_on():
    _, rejection = composed_thread(FIXTURE, 191, "charterers' rejection")
    noted = [made.body for a, made in rejection if a.beat == "noted"]
    assert noted
    for body in noted:
        own = body.split("\nOn ")[0]
        # noted as theirs, with rights reserved; and named a decision, as decision_named reads the thread
        assert "rights" in own.lower() and "decision" in own.lower() and "proceed on your decision" not in own.lower(), own


def test_a_decision_across_the_table_still_states_the_figure_the_plan_puts_in_it():
    # d24adaa left the other side's figure out of a decision sent across the table; the plan still put it there, and
    # planned_fact_present quarantined demurrage-arbitration at seed 61 ('fact net_demurrage is planned here')
    plan, rejection = composed_thread(FIXTURE, 61, "charterers' rejection")
    facts = {f.id: f for f in plan.facts}
    deciding = [(a, made) for a, made in rejection if a.beat == "decide" and a.facts]
    assert deciding
    for a, made in deciding:
        own = made.body.split("\nOn ")[0]
        for fid in a.facts:
            assert facts[fid].text in own, (fid, own)
