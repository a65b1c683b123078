"""Blind read 15 (issue 17): 22 of 84 emails accepted. The writer out of role or voice (a party naming itself or its
one addressee in the third person; a client asking its outside reviewer for 'a decision' on its own figure), replies
that do not answer, settled figures re-announced."""

from __future__ import annotations

import re

import pytest

from tests.generators.context_fixture import DANA, RUTH, SAM, email_context
from tests.generators.test_compose_worlds import world
from worldsmith.generators.context import OrgRef
from worldsmith.generators.kinds.email.compose import _trade_for_readers
from worldsmith.worlds.content import EmailContent

ORGS = [OrgRef(name="Harrow Vane LLP", role="counsel to Corvale", privileged=True, acts_for="Corvale Shipping Ltd"),
        OrgRef(name="Corvale Shipping Ltd", role="client", privileged=True)]
TRADE = ["I'd like a decision on this by Thursday.", "Resourcing is tight, so let's prioritise.",
         "Please make sure the owners are clear on their actions.", "I have shared the headline with the leadership team."]


def _own_text(body: str) -> str:
    return re.split(r"\n(?:On .{5,80} wrote:|-{5,} Forwarded message)", body)[0]


def test_a_party_asks_those_it_engaged_for_no_decision_and_does_not_run_their_team():
    # "I would like a decision on this by end of Thursday. Resourcing is tight, so let's prioritise." from the
    # hospital's VP Revenue Cycle to the outside reviewer
    ctx = email_context("new", to=[DANA]).model_copy(update={"author": RUTH, "organisations": ORGS})
    assert _trade_for_readers(ctx, TRADE) == ["I have shared the headline with the leadership team."]
    # to its own people a manager may say all of it
    own = email_context("new", to=[SAM]).model_copy(update={"organisations": ORGS})
    assert _trade_for_readers(own, TRADE) == TRADE


@pytest.mark.parametrize("name", ["tanker-spill-liability", "buyside-diligence", "hospital-revenue-audit"])
def test_no_writer_names_itself_or_its_one_addressee_in_the_third_person(name):
    # "We recommend that Kathryn settle ..." by Kathryn; "I would ask Ben to settle ..." to Ben; "that Gail take the
    # tender decision" to Gail; "- Denise: draft a short note" in Denise's own list
    plan, contents = world(name)
    people = {p.id: p for p in plan.people}
    checked = 0
    for spec in plan.artifacts:
        c = contents[spec.id]
        if not isinstance(c, EmailContent):
            continue
        own = _own_text(c.body)
        names = {people[spec.author].first_name: "self"}
        if len(spec.to) == 1:
            names[people[spec.to[0]].first_name] = "you"
        for first in names:
            bad = re.search(rf"\b(?:that|ask) {first}\b|^- {first}: |\b{first} (?:to|should) (?:settle|take|sign)\b|"
                            rf"\bto {first} \(", own, re.M)
            assert not bad, (spec.path, bad.group(0), own)
        checked += 1
    assert checked > 30


def test_a_figure_of_our_own_side_or_of_the_readers_never_comes_in():
    # "The escrow percentage came in on 31 August: 7.5%." in a status note to the fund whose own LOI set it
    import datetime as dt

    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.week import note_lines
    from worldsmith.generators.week import WeekEvent

    day = dt.date(2026, 9, 2)
    ours = WeekEvent(what="learnt", day=dt.date(2026, 8, 31), fact="escrow", label="the escrow percentage",
                     type="percent", text="7.5%", org="Pennock Row Capital")
    theirs = ours.model_copy(update={"org": "Cindermill Holdings"})
    received = re.compile(r"came in|came through|reached us|received|in on|our response", re.I)
    side = {"Larkspur Hale & Co.", "Pennock Row Capital"}
    for seed in range(20):
        own = note_lines(Picker(seed), [ours], day, "en_GB", side, outside={"Pennock Row Capital"},
                         firm="Larkspur Hale & Co.")
        assert own and not received.search(own[0]) and "7.5%" in own[0], own
        assert re.search(r"\byour\b", own[0], re.I), own  # the reader's own figure
        assert not re.search(r"\byour (?:the|a|an)\b", own[0], re.I), own  # ('Your the escrow percentage')
        mine = note_lines(Picker(seed), [ours], day, "en_GB", side, outside={"Larkspur Hale & Co."},
                          firm="Larkspur Hale & Co.")
        assert not received.search(mine[0]), mine
    # the other side's figure still comes in
    assert any(received.search(note_lines(Picker(s), [theirs], day, "en_GB", side, outside={"Pennock Row Capital"},
                                          firm="Larkspur Hale & Co.")[0]) for s in range(10))


@pytest.mark.parametrize("name", ["buyside-diligence", "hospital-revenue-audit"])
def test_a_side_never_asks_whether_its_own_figure_is_final_or_an_estimate(name):
    # the fund's Managing Partner asked his adviser whether the fund's own LOI price of GBP 195m was "an estimate"
    from worldsmith.generators.context import _principals, fact_side
    from worldsmith.generators.labels import fact_label

    plan, contents = world(name)
    principals = _principals(plan)
    owned = {fact_label(f): fact_side(plan, f.id) for f in plan.facts if fact_side(plan, f.id)}
    assert owned
    for spec in plan.artifacts:
        c = contents[spec.id]
        if not isinstance(c, EmailContent):
            continue
        side = principals.get(plan.person(spec.author).organisation)
        own = _own_text(c.body)
        for label, whose in owned.items():
            if whose != side:
                continue
            asked = re.search(rf"(?:(?:^|[.!?] )(?:Is|Are we confident on)|source for|how did you (?:get to|arrive at|"
                              rf"work out)) {re.escape(label)}\b[^?.\n]*\?", own, re.M)
            assert not asked, (spec.path, asked.group(0))


def test_a_figure_the_sides_statement_asserts_is_its_own_in_every_thread():
    # (the ledger's "Pennock Row's non-binding LOI offers an enterprise value of GBP 195,000,000": the fund's own)
    from worldsmith.generators.context import _principals, reported_labels

    plan, _ = world("buyside-diligence")
    principals = _principals(plan)
    fund = [p for p in plan.people if principals.get(p.organisation) == "pennock"]
    target = [p for p in plan.people if principals.get(p.organisation) == "cindermill"]
    threads = {a.thread for a in plan.artifacts if a.kind == "email" and a.thread}
    hits = 0
    for t in threads:
        mine = reported_labels(plan, t, fund[0].id)
        theirs = reported_labels(plan, t, target[0].id)
        assert "the LOI enterprise value" not in theirs
        hits += "the LOI enterprise value" in mine
    assert hits


def test_a_point_held_back_until_its_support_comes_is_not_settled_by_the_reply():
    # "I'd rather not commit on the letter of credit amount off the cuff this week; the backing comes Thursday."
    # answered "That settles the letter of credit amount for me."
    from worldsmith.generators.kinds.email.compose import compose_email
    from tests.generators.context_fixture import CAP

    held = EmailContent(subject="Re: Liability cap under the charter", body="Thanks Dana. I'd rather not commit on "
                        "the liability cap off the cuff this week; the support comes Thursday.\n\nSam\n")
    waited = 0
    for seed in range(30):
        ctx = email_context("reply", seed=seed, facts=[CAP]).model_copy(update={"parent": held})
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "confirm"}),
                                     "thread_labels": ["the liability cap"]})
        own = _own_text(compose_email(ctx).body)
        assert not re.search(r"\b(?:settles|closes|deals with|is agreed|Agreed on|Confirmed|tick that off)\b", own), own
        waited += bool(re.search(r"\bopen\b|\bpark\b|\bleave\b|\bNo rush\b", own))
    assert waited >= 25, waited


def test_a_thing_described_is_never_written_as_what_was_agreed_or_resolved():
    # 'For the premises, what was agreed is "floors 2 to 7, Harbour Yard".' and 'On the premises, what was resolved
    # is "floors 2 to 7, Harbour Yard"', of the lease's premises, which nobody resolved
    from worldsmith.generators.compose.bank import Picker
    from worldsmith.generators.compose.facts import named_sentence
    from tests.generators.context_fixture import fact
    from worldsmith.worlds.values import Text

    premises = fact("premises", "The premises let are floors 2 to 7 of Harbour Yard.",
                    Text(value="floors 2 to 7, Harbour Yard")).model_copy(update={"label": "the premises"})
    route = fact("route", "The committee agreed a voluntary refund through the contractor.",
                 Text(value="voluntary refund through the contractor")).model_copy(update={"label": "the refund route"})
    decided = 0
    for seed in range(40):
        for register in ("email", "document"):
            said = named_sentence(Picker(seed), premises, register)
            assert "floors 2 to 7, Harbour Yard" in said
            assert not re.search(r"agreed|resolved|minute|landed|came out|outcome", said), said
            decided += bool(re.search(r"agreed|resolved|minute|landed", named_sentence(Picker(seed), route, register)))
    assert decided  # a decision may still be written as one


def test_a_note_that_wants_the_readers_view_gets_it_in_the_reply():
    # "Tell me if you need anything more from us; we would like your view by May 11." answered "Confirmed, thanks.
    # Is there anything outstanding from me? Shout if so."
    from worldsmith.generators.kinds.email.compose import compose_email
    from tests.generators.context_fixture import CAP

    note = EmailContent(subject="Liability cap under the charter", body="We have the liability cap at USD 98,400,000."
                        "\n\nTell me if you need anything more from us; we would like your view by Thursday.\n\nSam\n")
    for seed in range(30):
        ctx = email_context("reply", seed=seed, facts=[CAP]).model_copy(update={"parent": note})
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "confirm"}),
                                     "thread_labels": ["the liability cap"]})
        own = _own_text(compose_email(ctx).body)
        assert re.search(r"\bmy view\b|^On my side: ", own, re.I | re.M), own


def test_an_answer_that_holds_the_point_back_does_not_open_by_agreeing():
    # "Thanks Lynda, agreed. I'd rather not commit on the letter of credit amount off the cuff this week; the backing
    # comes Thursday."
    from worldsmith.generators.kinds.email.compose import compose_email

    ask = EmailContent(subject="Re: Liability cap under the charter", body="Where do we stand on the "
                       "liability cap?\n\nSam\n")
    held = 0
    for seed in range(60):
        ctx = email_context("reply", seed=seed, facts=[]).model_copy(update={"parent": ask})
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "answer"}),
                                     "thread_labels": ["the liability cap"]})
        own = _own_text(compose_email(ctx).body)
        if re.search(r"rather not|before I answer|give me until|allow me until|come back|revert|waiting on|chasing", own):
            held += 1
            assert not re.search(r"\bagreed\b|\bAgreed\b|\bagree\b", own), own
    assert held


def test_a_note_that_wants_the_readers_view_is_not_merely_acknowledged():
    # "we would like your view by May 11" answered "Thanks, Eric; understood. Is there anything outstanding from me?"
    from worldsmith.generators.kinds.email.compose import compose_email
    from tests.generators.context_fixture import CAP

    note = EmailContent(subject="Liability cap under the charter", body="We have the liability cap at USD 98,400,000."
                        "\n\nTell me if you need anything more from us; we would like your view by Thursday.\n\nSam\n")
    for seed in range(30):
        ctx = email_context("reply", seed=seed, facts=[CAP]).model_copy(update={"parent": note})
        ctx = ctx.model_copy(update={"spec": ctx.spec.model_copy(update={"beat": "ack"}),
                                     "thread_labels": ["the liability cap"]})
        own = _own_text(compose_email(ctx).body)
        assert re.search(r"\bmy view\b|^On my side: ", own, re.I | re.M), own

