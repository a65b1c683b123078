"""Who writes to whom, and in what voice (issue 17, read 21: roles were the third reason for rejection): a party that
has counsel is written to through its counsel; the register follows the relation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.generators.offline_world import offline_world

ROOT = Path(__file__).resolve().parents[2]
REPRESENTED = ROOT / "tests/generators/outlines/represented-party.yaml"


def _plan(path: Path, seed: int):
    from worldsmith.flows import pipeline
    from worldsmith.generators.backends.offline import OfflineBackend

    return pipeline.make_plan(pipeline.prepare(path, seed, OfflineBackend()))


@pytest.mark.parametrize("seed", [61, 62, 63])
def test_a_party_with_counsel_is_written_to_through_its_counsel(seed):
    # read 21: "The partner sends the demand straight to Oakfield's CEO, although Revell Marsh has acted for Oakfield
    # since March (no-contact rule)"; the demand letter itself was addressed to the CEO
    from worldsmith.worlds.plan import DocumentSpec, EmailSpec

    plan = _plan(REPRESENTED, seed)
    people = {p.id: p for p in plan.people}
    acting = min(a.sent_at.date() for a in plan.artifacts if isinstance(a, EmailSpec)
                 and "licensee_counsel" in [a.author, *a.to])
    before = after = 0
    for a in plan.artifacts:
        if people[a.author].organisation != "dunmore":
            continue
        day = a.sent_at.date() if isinstance(a, EmailSpec) else a.date
        to = [*a.to, *a.cc] if isinstance(a, EmailSpec) else a.readers
        if day >= acting:
            after += 1
            assert "licensee_ceo" not in to, (a.id, day, to)
        elif "licensee_ceo" in to:
            before += 1  # before its counsel acts, the licensee is written to itself
    assert before and after
    letter = next(a for a in plan.artifacts if isinstance(a, DocumentSpec) and a.title.startswith("Demand letter"))
    assert letter.readers == ["licensee_counsel"]


# What read 21 quoted of opposing counsel, and what a partner wrote to opposing counsel, in the words a colleague uses
_COLLEAGUE_QUOTES = re.compile(r"(?i)if it changes anything on our side|is the one to watch|anything further you need "
                               r"from us|next step is (?:mine|with me)|on the (?:next|Thursday) call|thank you for your "
                               r"help|no queries from me")


def _contents(path: Path, seed: int):
    plan, _, contents = offline_world(path, seed)
    return plan, contents


@pytest.mark.parametrize("path,seed", [(REPRESENTED, 61), (ROOT / "tests/fixtures/supply-surcharge.yaml", 61),
                                       (ROOT / "tests/fixtures/service-charge-dispute.yaml", 61)])
def test_across_the_table_no_line_is_a_colleagues(path, seed):
    # read 21: opposing counsel "sounds like a colleague ('if it changes anything on our side'; 'The total claimed ...
    # is the one to watch'; 'Anything further you need from us?'), takes no position and reserves no rights"
    from worldsmith.generators.sides import principal
    from worldsmith.worlds.content import EmailContent

    plan, contents = _contents(path, seed)
    orgs, people = plan.organisations, {p.id: p for p in plan.people}
    side = {p.id: principal(orgs, p.organisation) for p in plan.people}
    across = 0
    for s in plan.artifacts:
        body = contents.get(s.id)
        if not isinstance(body, EmailContent) or not all(side[t] != side[s.author] for t in s.to):
            continue
        across += 1
        own = re.split(r"\n\s*(?:On .{5,80} wrote:|-{5,} Forwarded message)", body.body, maxsplit=1)[0]
        assert not _COLLEAGUE_QUOTES.search(own), (s.id, people[s.author].title, own)
    assert across >= 5


def test_an_advisers_client_is_asked_for_instructions_never_to_settle_the_advisers_figure():
    # read 21: "a law-firm partner gives the client the job of 'settling' a commercial statistic" ("recommends that the
    # CFO settle the total net leverage ratio at 3.7x"); "the client walks its counsel through counsel's own arithmetic"
    from tests.generators.test_compose_advice import _context
    from worldsmith.generators.compose.advice import substance
    from worldsmith.generators.compose.bank import picker_for

    instructed = 0
    for seed in range(20):
        # (a position of the client's own: read 22, instructions are never asked on a figure read off the record)
        ctx = _context(seed).model_copy(update={"thread_labels": ["the maximum exposure", "the defence deadline"],
                                                "asserted_labels": ["the maximum exposure"]})
        text = "\n".join(substance(picker_for(ctx), ctx))
        assert not re.search(r"\bsettle the maximum exposure|From you: the maximum exposure", text), text
        instructed += bool(re.search(r"instruct us to proceed on the maximum exposure at USD 20,000,000", text))
        read = "\n".join(substance(picker_for(ctx), ctx.model_copy(update={"asserted_labels": []})))
        assert not re.search(r"instruct|go-ahead|instructions", read), read
    assert instructed >= 15, instructed


def test_a_note_the_client_is_on_with_others_never_calls_it_our_client():
    # my read of bi-claim at seed 83: counsel's associate to the forensic accountants and the client's operations
    # director, "Our client's period of restoration stands at 146 days"
    from tests.generators.context_fixture import DANA, RUTH
    from tests.generators.test_compose_possessives import PAUL, _ctx
    from worldsmith.generators.compose.parties import own_possessives

    out = own_possessives(_ctx(DANA, [PAUL, RUTH]), "The policyholder's period of restoration stands at 146 days.")
    assert out == "Corvale's period of restoration stands at 146 days.", out
    # (without the client on it, it is 'our client's' as before)
    assert own_possessives(_ctx(DANA, [PAUL]), "The policyholder's claim stands.") == "Our client's claim stands."


def test_a_client_asked_for_its_view_of_its_advisers_figure_instructs_and_does_not_vouch_for_it():
    # read 21: "the client walks its counsel through counsel's own arithmetic"; my read of bi-claim at seed 83: the CFO
    # to his own counsel, "Having been back to it against the 'Policyholder's claim' line ..., my view is that our
    # claim stands and I would rely on it"
    from tests.generators.context_fixture import CAP, DANA, RUTH, email_context
    from tests.generators.test_compose_advice import ORGS
    from worldsmith.generators.kinds.email.compose import compose_email
    from worldsmith.worlds.content import EmailContent

    note = EmailContent(subject="Liability cap under the charter", body="We have the liability cap at USD 98,400,000."
                        "\n\nWe would like your view by Thursday.\n\nDana\n")
    for seed in range(20):
        ctx = email_context("reply", seed=seed, facts=[CAP], to=[DANA]).model_copy(update={
            "parent": note, "parent_author": DANA, "author": RUTH, "organisations": ORGS,
            "thread_labels": ["the liability cap"]})
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "confirm"})})
        own = re.split(r"\n\s*On .{5,80} wrote:", compose_email(ctx).body, maxsplit=1)[0]
        assert not re.search(r"(?i)my view|rely on it|would work from|holds\b|being the|is sound", own), own
        assert re.search(r"(?i)proceed|go-ahead|go ahead", own), own


def test_a_side_asked_for_its_response_says_by_when_and_does_not_ask_the_asker_when_it_will_come_back():
    # my read of bi-claim at seed 83: the adjuster's position letter, "Kindly let us have your response by April 21.",
    # answered by the policyholder's counsel "Thanks Jeffery. What date can you give us to come back to us on the
    # adjuster's business interruption loss?"
    from worldsmith.generators.kinds.email.compose import _plan_question
    from worldsmith.generators.compose.bank import picker_for
    from tests.generators.context_fixture import DANA, email_context
    from tests.generators.test_compose_possessives import ORGS, PAUL
    from worldsmith.worlds.content import EmailContent

    letter = EmailContent(subject="Period of restoration", body="Our period of restoration is 98 days.\n\nKindly let us "
                          "have your response by April 21.\n\nPaul Walker")
    for seed in range(12):
        ctx = email_context("reply", seed=seed, to=[PAUL]).model_copy(update={
            "author": DANA, "organisations": ORGS, "parent": letter, "parent_author": PAUL,
            "thread_labels": ["the adjuster's period of restoration"]})
        line = _plan_question(picker_for(ctx), ctx)
        assert "?" not in line and re.search(r"\b(?:respond|reply) by\b", line), line
