"""The advice in the examples' mail (blind read 14, issue 17): no email pastes a paper or recites a figure and its
source as filler, and an adviser's note to its client carries a fact of the plan in every paragraph it writes.

Read 14's worst files were emails with a generated report in the body: "For present purposes, the papers give the
vessel as M/T Aurelian Tide."; "Our recommendation is taking the extrapolated overpayment at USD 4,813,776 and moving
straight to the 60-day refund deadline, so that the 60-day refund deadline is settled on the papers rather than by
argument."; "The LOI enterprise value at GBP 195,000,000 is the starting point: the EBITDA multiple is derived from
it."
"""

from __future__ import annotations

import re

import duckdb
import pytest

from worldsmith.generators.compose.longform import _CALL
from worldsmith.generators.sides import relations
from worldsmith.generators.week import instance_of
from worldsmith.worlds.plan import WorldPlan

WORLDS = ["published_legal", "published_diligence", "published_hospital"]

# sentence forms of a pasted paper or of circular filler, which no message may write
FILLER = re.compile(
    r"\bfor present purposes\b|\bthe (?:papers|documents) give\b|\bon the papers rather than by argument\b|"
    r"\bis the starting point: the\b|\b(?:does not|doesn't) (?:move|change) unless\b|\bthe account here\b|"
    r"\bthis account is (?:taken|built|drawn) from the file\b|\b(?:pasted|copied) below\b|\bsection by section\b|"
    r"\bso that (?:the )?(?P<a>[a-z][\w' -]{3,40}) is settled\b|"
    r"^(?:Executive Summary|Background|Analysis|Risks(?: Raised)?|Matters Arising|Items Discussed|Supporting Detail|"
    r"Further Matters|Other Considerations|Next Meeting|Attendees|Appendix|Scope and Limitations)$",
    re.I | re.M)


def _mail(world) -> list[tuple[str, str, str]]:
    con = duckdb.connect(str(world / "world.duckdb"), read_only=True)
    try:
        return con.execute("select coalesce(artifact_id, ''), subject, coalesce(body_new, body) from emails").fetchall()
    finally:
        con.close()


@pytest.mark.parametrize("name", WORLDS)
def test_no_example_mail_pastes_a_paper_or_writes_filler(request, name):
    world = request.getfixturevalue(name)
    found = [(subject, m.group(0)) for _, subject, body in _mail(world) for m in [FILLER.search(body)] if m]
    assert not found, found[:5]


def _advice_notes(plan: WorldPlan) -> list:
    """The plan's thread openers written by an adviser to the party it acts for (a reader of that party addressed),
    the sides read from the organisations' roles as the planner reads them."""
    serves = {o: (f or "") for o, (f, _) in relations(plan.organisations).items()}
    out = []
    for a in plan.artifacts:
        if a.kind != "email" or a.mode != "new" or getattr(a, "position", 1) != 0 or instance_of(a.item) \
                or _CALL.search(a.title):
            continue  # (a weekly note, notes of a call: not a note of advice)
        client = serves.get(plan.person(a.author).organisation, "")
        if client and any(plan.person(p).organisation == client for p in a.to):
            out.append(a)
    return out


@pytest.mark.parametrize("name", WORLDS)
def test_every_paragraph_of_an_advice_note_carries_a_fact_of_the_plan(request, name):
    world = request.getfixturevalue(name)
    plan = WorldPlan.model_validate_json((world / "plan.json").read_text(encoding="utf-8"))
    values = {f.text for f in plan.facts} | {p.text for f in plan.facts for p in f.earlier}
    bodies = {aid: body for aid, _, body in _mail(world)}
    notes = [a for a in _advice_notes(plan) if a.id in bodies]
    assert notes, "no adviser writes to its client in this example"
    long_ = 0
    for a in notes:
        body = bodies[a.id]
        if a.point:
            # (its expert wrote it: the note is the point, word for word, as long as its expert made it)
            assert " ".join(a.point.split()) in " ".join(body.split()), (a.title, body)
            continue
        # the note's own paragraphs of substance: past the greeting and the lead, before the sign-off
        paragraphs = [p for p in re.split(r"\n\s*\n", body) if len(p.split()) >= 25 and not p.startswith("--")]
        for p in paragraphs:
            assert any(v in p for v in values), (a.title, p)
        # (200 words: mail12's note without the record facts its reader holds, 'the date of the casualty was February
        # 24, 2026, for the record', came to 235, blind read 20)
        long_ += len(body.split()) >= 200
    # (a room whose advice its experts wrote as points says it in their words, at their length: the tanker's "No. Under
    # Clause 41.3 ... the most Ostrander can owe is USD 20,000,000."; its other notes to the client are cover notes)
    assert long_ or any(a.point for a in notes), [(a.title, len(bodies[a.id].split())) for a in notes]
