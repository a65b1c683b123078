"""Adversarial papers argue the point in dispute (issue 17, blind read 20's commonest rejection, 9 of 25 files: 'the
file restates undisputed contract terms (threshold, cap) and leaves out the real dispute'). The 'Notice of objection
to the earn-out statement' objected to nothing and buyer's counsel answered 'Thanks, confirmed. The earn-out cap is
USD 8,000,000. Anything further you need from us?'; the interest 'demand' never asked for payment or cited s.2.9.
The outline is tests/fixtures/service-charge-dispute.yaml, a lease dispute unlike the earn-out."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from tests.generators.offline_world import offline_world
from worldsmith.worlds.content import EmailContent

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = "tests/fixtures/service-charge-dispute.yaml"


@functools.lru_cache(maxsize=None)
def _world(path: str, seed: int):
    plan, _, contents = offline_world(ROOT / path, seed)
    return plan, contents


def _thread(title: str, seed: int, path: str = FIXTURE) -> list[tuple[str, str]]:
    """(author role, own text) of each message of the thread whose title has `title`, in order."""
    plan, contents = _world(path, seed)
    specs = [s for s in plan.artifacts if title in s.title and isinstance(contents.get(s.id), EmailContent)]
    specs.sort(key=lambda s: s.sent_at)
    return [(s.author, re.split(r"\n\s*On .{0,80}wrote:", contents[s.id].body)[0]) for s in specs]


def test_a_notice_of_objection_states_what_it_objects_to_and_what_it_asks_for():
    for seed in (61, 62, 63):
        opener = _thread("Notice of objection", seed)[0][1]
        # the point in dispute, from the purpose, in the writer's voice
        assert re.search(r"Our client objects to the inclusion of the roof replacement cost in the service charge\.",
                         opener), opener
        # what it asks for, by a day: the statement objected to put right
        assert re.search(r"We ask your client to revise the 2025 service charge statement accordingly by \w", opener), \
            opener
        assert not re.search(r"(?i)documents reviewed|in summary|at the \d+ \w+ update", opener), opener


def test_the_other_side_answers_an_objection_with_its_own_stand_not_against_its_own_figure():
    # the landlord's solicitors wrote 'Our client does not accept the 2025 service charge claimed', their client's
    # own figure; buyer's counsel 'Thanks, confirmed ... Anything further you need from us?' (read 20)
    for seed in (61, 62, 63):
        author, reply = _thread("Notice of objection", seed)[1]
        assert author == "landlord_solicitor"
        assert "Our client maintains the charge." in reply, reply
        assert "does not accept the objection to the inclusion of the roof replacement cost" in reply, reply
        assert not re.search(r"(?i)not accept the 2025 service charge claimed|anything further you need", reply), reply


def test_a_demand_asks_for_the_sum_under_its_clause_by_a_day():
    # read 20: the interest 'demand' 'never asks for payment or cites s.2.9'
    for seed in (61, 62, 63):
        opener = _thread("Late refund", seed)[0][1]
        assert "we make formal demand for interest under clause 7.8" in opener, opener
        assert re.search(r"We require payment of GBP 575\.34 by \w", opener), opener


def test_a_number_the_purpose_gives_that_no_carried_fact_gives_is_left_out():
    from types import SimpleNamespace

    from worldsmith.generators.compose.dispute import grounded

    ctx = SimpleNamespace(facts=[SimpleNamespace(text="GBP 575.34")])
    assert grounded(ctx, "interest under clause 7.8 for the 40 days of late refund") == "interest under clause 7.8"
    ctx = SimpleNamespace(facts=[SimpleNamespace(text="40 days")])
    assert grounded(ctx, "interest under clause 7.8 for the 40 days of late refund") == \
        "interest under clause 7.8 for the 40 days of late refund"


def test_a_purpose_reads_into_each_sides_stand():
    from worldsmith.generators.compose.dispute import _clauses

    assert _clauses("The sellers object to the deferral of multi-year licence fees; Corvane's counsel maintains the "
                    "statement.") == ["The sellers object to the deferral of multi-year licence fees",
                                      "Corvane's counsel maintains the statement"]


def _document(title: str, seed: int, path: str = FIXTURE) -> str:
    from worldsmith.worlds.content import DocumentContent

    plan, contents = _world(path, seed)
    spec = next(s for s in plan.artifacts if title in s.title and isinstance(contents.get(s.id), DocumentContent))
    doc = contents[spec.id]
    return "\n".join([s.heading + "\n" + "\n".join(s.paragraphs) for s in doc.sections])


def test_a_submission_to_the_neutral_states_the_case_and_invites_its_determination():
    # read 20: the sellers' submission to the independent accountant 'has no argument on the licence-fee deferral,
    # only the threshold and multiple; it asks the independent accountant for a "response by Friday, April 3"'
    for seed in (61, 62):
        text = _document("submission to the independent surveyor", seed)
        assert "Our client's case is that the roof replacement is an improvement outside the repairing covenant in " \
               "clause 7.3." in text, text
        assert re.search(r"We invite you to determine that the roof replacement is an improvement", text), text
        assert not re.search(r"(?i)your response by|grateful for your response", text), text


def test_submissions_on_a_point_that_is_no_figure_of_the_party_argue_it(tmp_path):
    # the submissions genre gave up where the party had no figure of its own: the same case as a 'report'
    source = (ROOT / FIXTURE).read_text()
    outline = tmp_path / "submissions.yaml"
    outline.write_text(source.replace("doc_type: letter", "doc_type: report").replace(
        "Tenant's submission to the independent surveyor", "Tenant submissions to the independent surveyor"))
    text = _document("submissions to the independent surveyor", 61, str(outline))
    assert "The Tenant submits that the roof replacement is an improvement outside the repairing covenant" in text, text
    assert "invited to determine that the roof replacement is an improvement" in text, text


def test_the_other_sides_superseded_statement_says_the_basis_its_figure_is_computed_on():
    # read 20: 'The buyer's earn-out statement omits ... the deferral it rests on'; the basis is the distractor's label
    # ('computed with the multi-year licence fees deferred'), said as the paper said it on its day, and not its fate
    for seed in (61, 62):
        text = _document("Ashcombe service charge statement", seed)
        assert "That figure is computed with the roof replacement charged as a repair and the agent's fee on it added." in text, text
        assert "set aside" not in text.split("\n", 1)[1], text


def test_a_noun_that_looks_like_a_verb_of_taking_a_side_is_no_stand(monkeypatch):
    # "The contractor's first claim letter, withdrawn after the owner's side queried the overheads" became 'Our client
    # claims letter, withdrawn ...' in the claim letter's opening (construction-delay at seed 61)
    from types import SimpleNamespace

    import worldsmith.generators.kinds.email.notice as notice
    from worldsmith.generators.compose.dispute import stands

    monkeypatch.setattr(notice, "_names_author", lambda ctx, head: True)
    ctx = SimpleNamespace(spec=SimpleNamespace(purpose=""))
    assert stands(ctx, "The contractor's first claim letter, withdrawn after the owner's side queried the "
                       "overheads.") == []
    assert stands(ctx, "Northgate's claims manager confirms the advance and the partner acknowledges it.") == []
    got = stands(ctx, "The contractor claims its loss and expense; the owners dispute the overheads.")
    assert [(s.verb, s.what) for s in got] == [("claim", "its loss and expense"), ("dispute", "the overheads")]
    monkeypatch.undo()
    body = _document("Notice of claim for loss and expense", 61, "tests/fixtures/construction-delay.yaml")
    assert "claims letter" not in body, body


def test_a_side_that_argues_answers_with_its_position_and_a_side_that_explains_why_states_its_case():
    # read 20: 'Thanks, confirmed. The earn-out cap is USD 8,000,000.' from the side that disputed it; the opener
    # 'We write for our client on the revenue threshold and the earn-out cap' said nothing of the dispute
    for seed in (61, 62, 63):
        thread = _thread("Clause 7.3: repair or improvement", seed)
        opener, (author, reply) = thread[0][1], thread[1]
        assert "Our client's case is that the roof works fall outside clause 7.3." in opener, opener
        assert author == "landlord_solicitor"
        assert "Our client's position is that the roof was beyond economic repair." in reply, reply
        assert "reserve their position" not in reply, reply
        # the stand is taken once, by the first answer
        assert not any("beyond economic repair" in text for _, text in thread[2:]), thread


def test_a_formal_notice_disputing_one_thing_and_offering_another_says_both():
    for seed in (61, 62):
        text = _document("Notice of dispute: 2025 service charge", seed)
        assert "Our client disputes the roof replacement charge. Our client offers to pay the rest of its share." in \
            text, text


def test_a_pleading_pleads_what_happened_not_a_label_and_a_date():
    # read 20: 'Pleads filler ("Plaintiff alleges that the date of the casualty was ...", "... that the charter party
    # clause is Clause 41.3")'; 'owes Plaintiff the contribution demand' treats the demand as the debt
    text = _document("Complaint for contribution", 61, "outlines/examples/tanker-spill-liability.yaml")
    assert not re.search(r"(?i)alleges that the date of|states that the charter party clause is", text), text
    assert re.search(r"\d+\. The casualty occurred on February 24, 2026, when the vessel", text), text
    assert not re.search(r"(?i)for the contribution demand|Plaintiff the contribution demand|recover the contribution "
                         r"demand", text), text
    # (a statement cut at its last clause is cut at a semicolon, not left dangling after one)
    assert not re.search(r"; [^.;]*, a voyage \(not demise\) charterer\.", text), text


def test_a_possessives_owner_decides_whose_stand_it_is(monkeypatch):
    # aircraft-redelivery at seed 67: "Brightwing's powerplant manager disputes the finding" read as the lessor's own
    # stand (its writer a Head of Technical Asset Management), and the lessor wrote 'We dispute the finding'
    from types import SimpleNamespace

    import worldsmith.generators.kinds.email.notice as notice
    from worldsmith.generators.compose.dispute import stands

    asked: list[str] = []
    monkeypatch.setattr(notice, "_names_author", lambda ctx, head: asked.append(head) or head == "the landlord")
    ctx = SimpleNamespace(spec=SimpleNamespace(purpose=""))
    got = stands(ctx, "The partner explains the charge; the landlord's surveyor disputes the finding, saying the roof "
                      "was beyond repair.")
    assert asked == ["the landlord"], asked
    assert got[0].ours and got[0].what == "the finding: the roof was beyond repair", got


def test_a_cast_role_the_purpose_names_is_that_persons_side_not_a_title_both_sides_share():
    # aircraft-redelivery at seed 67: opposing counsel, a Partner too, wrote 'Our client disputes the cap and forwards
    # the exchange to the client' from "...; the partner disputes the cap and forwards the exchange to the client"
    from worldsmith.generators.compose.dispute import stands
    from worldsmith.generators.context import build_context
    from worldsmith.taxonomies.loader import load_taxonomy

    plan, contents = _world(FIXTURE, 61)
    spec = next(s for s in plan.artifacts if "Clause 7.3" in s.title and s.mode == "reply")
    ctx = build_context(plan, load_taxonomy(), spec, contents)
    assert ctx.author.id == "landlord_solicitor" and "Partner" in ctx.author.title
    got = stands(ctx, "Opposing counsel says the cap applies; the partner disputes the cap and forwards the exchange to "
                      "the client.")
    assert [(s.ours, s.verb, s.what) for s in got] == [(False, "dispute", "the cap")], got
